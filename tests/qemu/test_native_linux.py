# SPDX-License-Identifier: MIT
"""The board's own Linux 6.1, without the co-kernel, on the project's QEMU
model of the board (boards with LINUX_NATIVE_DEFCONFIG in bsp/<b>/board.mk:
at91sam9260ek, lite5200b): the kernel's defconfig and device tree unmodified
(`make linux-native`, mk/linux-native.mk), the board's initramfs, the
console on the board's UART. It must reach the busybox shell and run a
command there; the boot log must show the board's drivers as the model
serves them (interrupt controller, clocks, console, the tick); Linux's
restart must end the run.

Builds the kernel through the cache first (20-40 min the first time).
Run: pytest --board=at91sam9260ek test_native_linux.py
"""
import os
import re
import subprocess

import pexpect
import pytest

from cksession import TOP, Session, make_var


def _qemu(board):
    """The emulator qemu/run-<board> would run."""
    env = dict(os.environ)
    return env.get("QEMU") or os.path.join(env.get("QEMU_BIN", ""),
                                           make_var(board, "QEMU_SYSTEM"))


def qemu_lacks(board, devices):
    """The device models (QOM types) the emulator qemu/run-<board> would
    run does not have."""
    # (QEMU exits 0 either way; an unknown type says "not found")
    return [d for d in devices if "not found" in subprocess.run(
        [_qemu(board), "-device", f"{d},help"], capture_output=True, text=True).stderr]


def qemu_has_machine(board):
    """Whether that emulator has the board's machine (QEMU_MACHINE)."""
    out = subprocess.run([_qemu(board), "-M", "help"], capture_output=True,
                         text=True).stdout
    return make_var(board, "QEMU_MACHINE") in [l.split()[0] for l in out.splitlines()[1:]
                                               if l.strip()]


@pytest.fixture(scope="module")
def native(board):
    if not make_var(board, "LINUX_NATIVE_DEFCONFIG"):
        pytest.skip(f"{board}: no native Linux (LINUX_NATIVE_DEFCONFIG)")
    if not qemu_has_machine(board):
        pytest.fail(f"the emulator ({_qemu(board)}) has no machine "
                    f"{make_var(board, 'QEMU_MACHINE')} (bsp/{board}/board.mk QEMU_MACHINE)")
    missing = qemu_lacks(board, make_var(board, "LINUX_NATIVE_QEMU_DEVICES").split())
    if missing:
        pytest.fail(f"the emulator has no {', '.join(missing)}, which this Linux "
                    f"needs (bsp/{board}/board.mk LINUX_NATIVE_QEMU_DEVICES)")
    subprocess.run(["make", "-s", "--no-print-directory", "-C", TOP, f"BOARD={board}",
                    "linux-native"], check=True, timeout=7200)
    args = ["-dtb", make_var(board, "LINUX_NATIVE_DTB_FILE"),
            "-initrd", make_var(board, "INITRAMFS_FILE"),
            "-append", make_var(board, "LINUX_NATIVE_APPEND")]
    s = Session(board, image=make_var(board, "LINUX_NATIVE_KERNEL"), logname="native",
                extra_args=args, timeout=300)
    s.boot(timeout=600)
    yield s
    s.close()


def test_shell(native):
    rc, out = native.sh("echo native-$((6 * 7)); uname -r")
    assert rc == 0
    assert out[0] == "native-42"
    assert out[1].startswith("6.1")


def test_boot_log(native):
    """What the kernel said about the model's devices on the way."""
    log = "\n".join(native.lines())
    for pattern in make_var(native.board, "LINUX_NATIVE_EXPECT").split("|"):
        assert pattern in log, f"'{pattern}' not in the boot log ({native.logfile})"


def test_interrupts(native):
    """The console and the tick interrupt through the real interrupt
    controller (no vPIC): /proc/interrupts counts both. Each of
    LINUX_NATIVE_IRQS is a regex a line must match: a numbered line (an
    interrupt controller's) must name LINUX_NATIVE_IRQ_CHIP too; a line of
    the architecture's own ("LOC:", PowerPC's decrementer) names none."""
    rc, out = native.sh("cat /proc/interrupts")
    assert rc == 0
    chip = make_var(native.board, "LINUX_NATIVE_IRQ_CHIP")
    for what in make_var(native.board, "LINUX_NATIVE_IRQS").split("|"):
        lines = [l for l in out if re.search(what, l)
                 and (chip in l or not l.split()[0].rstrip(":").isdigit())]
        assert lines, f"no '{what}' line on {chip} in /proc/interrupts: {out}"
        assert int(lines[0].split()[1]) > 0, f"'{what}' never interrupted: {lines[0]}"


def test_restart(native):
    """Last: Linux's restart handler (at91sam9260ek: at91-reset, the RSTC's
    processor reset; lite5200b: mpc52xx_restart, GPT0's watchdog) ends
    the run, as the run scripts pass -no-reboot."""
    native.sendline("reboot -f")
    native.expect("Restarting system", timeout=60)
    try:
        native.child.expect(pexpect.EOF, timeout=60)
    except pexpect.TIMEOUT:
        raise AssertionError("QEMU still runs after Linux restarted the machine") from None
