# SPDX-License-Identifier: MIT
"""The SH-4 Linux guest on the project's QEMU (-M r2d), without the real
co-kernel: the raw kernel image the co-kernel boots (LINUX_PAYLOAD_FILE,
entered at its first byte, P1 0x8c011000) reaches a libc-free /init
(tests/qemu/sh4-init/init.c)
- booted alone: the kernel's boot-time ceiling check
  (linux-guest/drivers/cokernel/sh-check.c) finds IMASK 14, never 15, where
  Linux has its interrupts off, and a level-15 source (TMU2) interrupting
  while they are off;
- under a stand-in co-kernel (tests/qemu/sh4-fakeck: owns VBR, forwards
  everything to the linux_vbr of its guest page, minimal ops): Linux takes
  the guest page from cokernel.page=, leaves VBR alone, hands over
  vbr_base, runs its timer and console through the vPIC and hvc0;
- the same with an RT side (TMU2 at level 15 every 10 us, taken by the
  stand-in's table): Linux runs under RT preemption, and holding its
  interrupts off for 20 ms (the debugfs knob) delays no RT interrupt;
- under the co-kernel itself (where the tree has it: bsp/r2d/board.mk
  ARCH sh4): Linux attaches and runs /init on hvc0.

Builds the guest kernel (`make linux BOARD=r2d`) and /init itself. Run:
  pytest --board=r2d test_sh4_linux.py
"""
import functools
import os
import re
import struct
import subprocess

import pytest

from cksession import TOP, make_var

HERE = os.path.dirname(os.path.abspath(__file__))
# QEMU's r2d -kernel loads a raw image at PA 0x0c800000, enters it at
# 0xac800000 and writes the zero page (boot params, -append at +0x100:
# hw/sh4/r2d.c). This stub jumps to the kernel, which -device loader put
# at its link address: mov.l @(8,pc),r0; jmp @r0; nop; nop; .long 0x8c011000
def shim(entry):
    return struct.pack("<HHHHI", 0xD001, 0x402B, 0x0009, 0x0009, entry)


KERNEL_PA = 0x0C011000
LINUX_ENTRY = 0x8C011000
FAKECK_PA = 0x0FC00000          # its link address: sh4-fakeck/fake.ld


@pytest.fixture(scope="module")
def r2d(board):
    if board != "r2d":
        pytest.skip("SH-4 guest test: --board=r2d")
    return board


def qemu_bin():
    """The project's QEMU (INTC priorities modelled: qemu/README.md), from
    QEMU_BIN as make check and qemu/run-<board> take it."""
    d = os.environ.get("QEMU_BIN")
    if not d:
        pytest.fail("QEMU_BIN=<dir of the project's qemu-system-sh4> not set")
    return os.path.join(d, "qemu-system-sh4")


def newc(entries):
    """A newc cpio archive of (name, mode, data) entries."""
    out = b""
    for ino, (name, mode, data) in enumerate(entries + [("TRAILER!!!", 0, b"")], 1):
        nb = name.encode() + b"\0"
        hdr = "070701" + "".join(f"{v:08x}" for v in (
            ino, mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(nb), 0))
        out += hdr.encode() + nb
        out += b"\0" * (-len(out) % 4) + data
        out += b"\0" * (-len(out) % 4)
    return out


def sh4_cc(board, out, *args):
    """Compile with Debian's sh4 GCC and the project's plugin (mk/sh4.mk)."""
    plugin = make_var(board, "SH4_PLUGIN")
    subprocess.run(["make", "-s", "-C", TOP, f"BOARD={board}", plugin], check=True)
    subprocess.run(["sh4-linux-gnu-gcc", "-O2", "-ffreestanding", "-fno-builtin", "-nostdlib",
                    "-static", "-Wall", "-Werror", f"-fplugin={plugin}", "-o", str(out), *args],
                   check=True)


@pytest.fixture(scope="module")
def initramfs(r2d, tmp_path_factory):
    d = tmp_path_factory.mktemp("sh4init")
    init = d / "init"
    sh4_cc(r2d, init, os.path.join(HERE, "sh4-init", "init.c"))
    cpio = d / "initramfs.cpio"
    cpio.write_bytes(newc([("dev", 0o40755, b""), ("proc", 0o40755, b""),
                           ("sys", 0o40755, b""), ("init", 0o100755, init.read_bytes())]))
    return cpio


def build_fakeck(board, d, *defs):
    """(raw image, guest page PA) of the stand-in co-kernel."""
    elf, raw = d / "fakeck.elf", d / "fakeck.bin"
    src = os.path.join(HERE, "sh4-fakeck")
    sh4_cc(board, elf, "-m4-nofpu", "-ml", "-fno-pic", "-Wa,--noexecstack",
           "-Wl,--build-id=none,--no-warn-rwx-segments", "-I" + os.path.join(TOP, "ipc"),
           *defs, "-T", os.path.join(src, "fake.ld"), os.path.join(src, "start.S"),
           os.path.join(src, "fake.c"))
    subprocess.run(["sh4-linux-gnu-objcopy", "-O", "binary", str(elf), str(raw)], check=True)
    nm = subprocess.run(["sh4-linux-gnu-nm", str(elf)], check=True, capture_output=True,
                        text=True).stdout
    page = int(re.search(r"^([0-9a-f]+) B fake_page$", nm, re.M).group(1), 16)
    return raw, page & 0x1FFFFFFF


@pytest.fixture(scope="module")
def fakeck(r2d, tmp_path_factory):
    return build_fakeck(r2d, tmp_path_factory.mktemp("sh4fakeck"))


# the stand-in's RT timer: TMU2 at level 15, 150 ticks of 66.7 ns (10 us)
RT_PERIOD = 150


@pytest.fixture(scope="module")
def fakeck_rt(r2d, tmp_path_factory):
    return build_fakeck(r2d, tmp_path_factory.mktemp("sh4fakeck_rt"), "-DFAKE_RT",
                        f"-DFAKE_RT_PERIOD={RT_PERIOD}")


@functools.lru_cache(maxsize=None)
def payload(board):
    """The guest kernel's payload, built (or taken from the cache) first:
    `make check` builds the co-kernel alone on a board without a guest."""
    subprocess.run(["make", "-s", "--no-print-directory", "-C", TOP, f"BOARD={board}",
                    "linux"], check=True, timeout=3600)
    kernel = make_var(board, "LINUX_PAYLOAD_FILE")
    if not os.path.exists(kernel):
        pytest.fail(f"{kernel} missing after 'make linux BOARD={board}'")
    return kernel


def boot_alone(board, initramfs, tmp_path, append="console=ttySC1 noiotrap", fake=None):
    """QEMU's r2d -kernel runs a stub that jumps to Linux, or to the
    stand-in co-kernel `fake` (its raw image) which enters Linux."""
    stub = tmp_path / "shim.bin"
    stub.write_bytes(shim(0x80000000 | FAKECK_PA if fake else LINUX_ENTRY))
    cmd = ["timeout", "60", qemu_bin(), "-M", "r2d", "-display", "none", "-monitor", "none",
           "-nic", "none", "-serial", "null", "-serial", "stdio",
           "-icount", "shift=0,sleep=off", "-seed", "1",
           "-kernel", str(stub),
           "-device", f"loader,file={payload(board)},addr={KERNEL_PA:#x},force-raw=on",
           "-initrd", str(initramfs), "-append", append]
    if fake:
        cmd += ["-device", f"loader,file={fake},addr={FAKECK_PA:#x},force-raw=on"]
    r = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    return r.stdout + r.stderr


def test_boots_to_init(r2d, initramfs, tmp_path):
    out = boot_alone(r2d, initramfs, tmp_path)
    assert "Linux version 6.1" in out, out[-3000:]
    assert "INIT-MARKER: hello from /init" in out, out[-3000:]
    assert "INIT-MARKER: done" in out, out[-3000:]
    # Linux alone keeps TMU0 (clock events) and registers no TMU3/4
    assert re.search(r"^\s*\d+:\s+\d+\s+sh7750\s+\d+-level\s+sh-tmu\.0", out, re.M), out[-3000:]
    assert "sh-tmu.1" not in out, out[-3000:]


def test_ceiling_imask14(r2d, initramfs, tmp_path):
    out = boot_alone(r2d, initramfs, tmp_path)
    assert "ceiling check: FAILED" not in out, out[-3000:]
    m = re.search(r"ceiling check: ok \(.*level-15 interrupts with Linux's off: (-?\d+)\)", out)
    assert m, out[-3000:]
    # TMU2 every 10 us at level 15, Linux's interrupts off until 100 came
    assert int(m.group(1)) >= 100, m.group(0)


def test_under_guest_page(r2d, initramfs, fakeck, tmp_path):
    raw, page = fakeck
    out = boot_alone(r2d, initramfs, tmp_path, fake=raw,
                     append=f"console=hvc0 noiotrap mem=59M cokernel.page={page:#x}")
    assert "INIT-MARKER: done" in out, out[-3000:]
    # the page's 2 hardware vIRQs (TMU0, TMU1) and 32 soft ones
    assert re.search(r"cokernel: attached: 34 vIRQs \(2 hardware\)", out), out[-3000:]
    # Linux's timer and the console are vPIC lines, and the timer ticked
    # through the stand-in's VBR table (INTEVT read at BL=1)
    m = re.search(r"^\s*32:\s+(\d+)\s+vPIC\s+0\s+sh-tmu\.0", out, re.M)
    assert m and int(m.group(1)) > 0, out[-3000:]
    m = re.search(r"^\s*\d+:\s+(\d+)\s+vPIC\s+2\s+hvc_console", out, re.M)
    assert m and int(m.group(1)) >= 1, out[-3000:]
    # the soft line, raised at attach (Linux's interrupts still off) and
    # when /init starts, each time served by next_pending() (which clears
    # it), the second time as the console's soft vIRQ, to hvc's handler
    soft = re.search(r"FAKECK: .* soft (\d+) (\d+)", out)
    assert soft and soft.group(1) == soft.group(2) == "2", out[-3000:]
    # no SCIF, no INTC controller of Linux's own
    assert "sh-sci.1" not in out and "sh7750" not in out, out[-3000:]
    # level 15 is the co-kernel's to test here: the line says so, no count
    assert ("ceiling check: ok (IMASK 14 in local_irq_disable/save and hardirq; "
            "level 15 with Linux's off: not tested here") in out, out[-3000:]
    assert "level-15 interrupts with Linux's off: -1" not in out, out[-3000:]
    # VBR stayed the stand-in's; Linux handed its vbr_base over instead
    vbr_base = subprocess.run(["awk", '$3 == "vbr_base" { print $1 }',
                               os.path.join(os.path.dirname(payload(r2d)), "System.map")],
                              check=True, capture_output=True, text=True).stdout.strip()
    m = re.search(r"FAKECK: vbr ([0-9a-f]+) linux_vbr ([0-9a-f]+) forwarded irq (\d+) "
                  r"exc (\d+) tlb (\d+)", out)
    assert m, out[-3000:]
    assert int(m.group(1), 16) & 0xFFF00000 == 0x8FC00000, m.group(0)
    assert m.group(2) == vbr_base, (m.group(0), vbr_base)
    assert int(m.group(3)) > 0 and int(m.group(4)) > 0, m.group(0)
    # the IPC region the page lists: a UIO device, as on ARM
    assert re.search(r"INIT-MARKER: uio0 cokernel-shm", out), out[-3000:]
    assert re.search(r"INIT-MARKER: uio0 map0 0x0*fb00000", out), out[-3000:]


def test_rt_level15_under_linux(r2d, initramfs, fakeck_rt, tmp_path):
    raw, page = fakeck_rt
    out = boot_alone(r2d, initramfs, tmp_path, fake=raw,
                     append=f"console=hvc0 noiotrap mem=59M cokernel.page={page:#x}")
    assert "INIT-MARKER: interrupts were off for 20" in out, out[-3000:]
    m = re.search(r"FAKECK: .* rt (\d+) maxlat (\d+) maxgap (\d+)", out)
    assert m, out[-3000:]
    count, maxlat, maxgap = (int(g) for g in m.groups())
    # counted from /init's first line: the 20 ms spin alone is 2000 periods
    assert count >= 2000, m.group(0)
    # From TMU2's underflow to the RT entry, and between two RT entries,
    # at most 3 ticks (200 instructions) more than the period: Linux's
    # longest BL=1 window (58 instructions, linux-guest/README.md) and the
    # stand-in's forwarding stub fit in it; one masked period would not.
    assert maxlat <= 3, m.group(0)
    assert maxgap <= RT_PERIOD + 3, m.group(0)


def build_cokernel_image(board, b, initramfs):
    """The co-kernel with this kernel's payload and the tests' /init as its
    initramfs (no DTB on SH-4), Linux owning TMU0 (INTEVT 0x400)."""
    dtb = os.path.join(b, "empty.dtb")
    open(dtb, "wb").close()
    files = {"LINUX_PAYLOAD_FILE": payload(board), "GUEST_DTB_FILE": dtb,
             "INITRAMFS_FILE": str(initramfs)}
    args = ["make", "-s", "--no-print-directory", "-C", TOP, f"BOARD={board}", f"B={b}",
            "LINUX_GUEST=yes", "LINUX_IRQ_LINES=0x400"]
    args += [f"{k}={v}" for k, v in files.items()]
    for f in files.values():            # given, never made
        args += ["-o", f]
    image = os.path.join(b, "cokernel-linux.elf")
    for stale in (image, os.path.join(b, "ck", "payload.o")):
        if os.path.exists(stale):       # not compared: relink
            os.remove(stale)
    subprocess.run(args + [image], check=True, timeout=1800)
    return image


def test_linux_under_the_cokernel(r2d, initramfs):
    """The co-kernel itself boots the payload: Linux attaches, runs /init
    on hvc0 with TMU0 on the vPIC, and holds its interrupts off for 20 ms."""
    from cksession import Session
    if make_var(r2d, "ARCH") != "sh4":
        pytest.skip("this tree has no SH-4 co-kernel (bsp/r2d/board.mk ARCH)")
    b = os.path.join(TOP, "build", f"{r2d}-sh4-linux")
    os.makedirs(b, exist_ok=True)
    s = Session(r2d, image=build_cokernel_image(r2d, b, initramfs), logname="sh4-linux")
    try:
        s.expect(r"INIT-MARKER: done", timeout=120)
        s.expect(r"Power down", timeout=30)
    finally:
        s.close()
    out = s.log
    assert "[ck] Linux attached after" in out, out[-3000:]
    assert re.search(r"cokernel: attached: 33 vIRQs \(1 hardware\)", out), out[-3000:]
    assert "ceiling check: ok" in out, out[-3000:]
    m = re.search(r"^\s*32:\s+(\d+)\s+vPIC\s+0\s+sh-tmu\.0", out, re.M)
    assert m and int(m.group(1)) > 0, out[-3000:]
    assert "INIT-MARKER: interrupts were off for 20" in out, out[-3000:]
    # the co-kernel's fault record, read through P1 above Linux's RAM
    assert re.search(r"the co-kernel's fault record:\s+faults: 0\s", out), out[-3000:]
