# SPDX-License-Identifier: MIT
"""The SH-4 Linux guest booted alone on the project's QEMU (-M r2d), without
the co-kernel: the raw kernel image the co-kernel boots (LINUX_PAYLOAD_FILE,
entered at its first byte, P1 0x8c011000) reaches a libc-free /init
(tests/qemu/sh4-init/init.c), and the kernel's boot-time ceiling check
(linux-guest/drivers/cokernel/sh-check.c) finds IMASK 14, never 15, where
Linux has its interrupts off, and a level-15 source (TMU2) interrupting
while they are off.

Needs `make linux BOARD=r2d` (the tests build /init themselves). Run:
  pytest --board=r2d test_sh4_linux.py
"""
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
SHIM = struct.pack("<HHHHI", 0xD001, 0x402B, 0x0009, 0x0009, 0x8C011000)
KERNEL_PA = 0x0C011000


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


@pytest.fixture(scope="module")
def initramfs(r2d, tmp_path_factory):
    d = tmp_path_factory.mktemp("sh4init")
    init = d / "init"
    plugin = make_var(r2d, "SH4_PLUGIN")
    subprocess.run(["make", "-s", "-C", TOP, f"BOARD={r2d}", plugin], check=True)
    subprocess.run(["sh4-linux-gnu-gcc", "-O2", "-ffreestanding", "-fno-builtin", "-nostdlib",
                    "-static", "-Wall", "-Werror", f"-fplugin={plugin}", "-o", str(init),
                    os.path.join(HERE, "sh4-init", "init.c")], check=True)
    cpio = d / "initramfs.cpio"
    cpio.write_bytes(newc([("dev", 0o40755, b""), ("proc", 0o40755, b""),
                           ("init", 0o100755, init.read_bytes())]))
    return cpio


def boot_alone(board, initramfs, tmp_path, append="console=ttySC1 noiotrap"):
    kernel = make_var(board, "LINUX_PAYLOAD_FILE")
    if not os.path.exists(kernel):
        pytest.fail(f"{kernel} missing: run 'make linux BOARD={board}' and the payload "
                    f"(make {os.path.relpath(kernel, TOP)} BOARD={board})")
    shim = tmp_path / "shim.bin"
    shim.write_bytes(SHIM)
    cmd = ["timeout", "60", qemu_bin(), "-M", "r2d", "-display", "none", "-monitor", "none",
           "-nic", "none", "-serial", "null", "-serial", "stdio",
           "-icount", "shift=0,sleep=off", "-seed", "1",
           "-kernel", str(shim),
           "-device", f"loader,file={kernel},addr={KERNEL_PA:#x},force-raw=on",
           "-initrd", str(initramfs), "-append", append]
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
