# SPDX-License-Identifier: MIT
"""U-Boot from the board's NOR flash boots a FIT, on boards whose U-Boot is
built here and runs from flash (UBOOT_FLASH in board.mk: r2d).

The chain is the one build/<board>/cokernel.itb takes (qemu/run-<board>
writes U-Boot and the FIT into a flash image, mk/uboot-flash.sh; U-Boot's
bootcmd, bsp/r2d/uboot.config, runs `bootm start`, reads the kernel's
entry point, `bootm loados`, `go`), with a small bare-metal kernel in
place of the co-kernel: tests/qemu/fit-r2d/probe.s, linked at the
co-kernel's address. It prints where it runs and what it was entered
with, and sums the words of the FIT's two loadables, random data the
test wrote at Linux's kernel and initramfs addresses, so a loadable that
is not where the FIT says, or not whole, shows. A corrupt or truncated
FIT must stop at U-Boot's prompt with U-Boot's error and run nothing.
The FIT is made by mk/fit-its.sh and mkimage, as `make image` makes it.
"""
import os
import random
import re
import shutil
import struct
import subprocess

import pytest

from cksession import TOP, Session, make_var

# where probe.s runs (the co-kernel's P1 address, bsp/r2d/board.mk) and
# the loadables: their load addresses, physical as `make image` writes
# them (Linux's kernel and initramfs, LINUX_KERNEL_PA and LINUX_INITRD_PA;
# U-Boot runs untranslated, so it writes there directly), and their sizes
# in words after the count word, about those of a Linux kernel and an
# initramfs (4 and 2 MiB). probe.s reads them through P1 (PA | 0x80000000:
# its `loadables` table).
ENTRY = 0x8FC00000
P1 = 0x80000000
LOADABLES = [("linux", 0x0C011000, 1000000), ("initramfs", 0x0D800000, 500000)]
SEED = 11


@pytest.fixture(scope="module")
def fit(board):
    """The test FIT: build/<board>/test-logs/uboot-fit/fit.itb, with the
    expected sum of each loadable."""
    if not make_var(board, "UBOOT_FLASH"):
        pytest.skip(f"{board}: no U-Boot in flash (UBOOT_FLASH in bsp/{board}/board.mk)")
    uboot = make_var(board, "UBOOT_BIOS")
    if not os.path.exists(uboot):
        pytest.fail(f"{uboot} missing: run 'make uboot BOARD={board}'")
    out = os.path.join(TOP, "build", board, "test-logs", "uboot-fit")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    subprocess.run(["make", "-s", "-C", os.path.join(TOP, "tests", "qemu", "fit-r2d"),
                    f"OUT={out}"], check=True)
    rng = random.Random(SEED)
    triples, sums = [], {}
    for name, addr, n in LOADABLES:
        words = [rng.getrandbits(32) for _ in range(n)]
        path = os.path.join(out, name + ".bin")
        with open(path, "wb") as f:
            f.write(struct.pack(f"<{n + 1}I", n, *words))
        triples += [name, path, hex(addr)]
        sums[addr | P1] = (n, sum(words) & 0xFFFFFFFF)
    its = subprocess.run([os.path.join(TOP, "mk", "fit-its.sh"), make_var(board, "FIT_ARCH"),
                          os.path.join(out, "probe.elf"), "probe.bin", *triples],
                         env=dict(os.environ, CROSS=make_var(board, "CROSS")),
                         check=True, capture_output=True, text=True).stdout
    with open(os.path.join(out, "fit.its"), "w") as f:
        f.write(its)
    subprocess.run(["mkimage", "-q", "-f", "fit.its", "fit.itb"], cwd=out, check=True)
    return {"itb": os.path.join(out, "fit.itb"), "dir": out, "sums": sums,
            "kernel": os.path.join(out, "probe.bin")}


HEX = r"([0-9A-F]{8})"


def test_fit_boots_from_flash(fit, board):
    """U-Boot autoboots: every hash verified (the kernel's, then each
    loadable's), the loadables copied, the kernel entered at its entry
    point, which runs there and finds each loadable whole at its address."""
    s = Session(board, image=fit["itb"], logname="uboot-fit")
    try:
        s.expect(r"U-Boot 2023\.01", timeout=60)
        s.expect(r"Hit any key to stop autoboot", timeout=60)
        s.expect(r"Trying 'cokernel' kernel subimage", timeout=60)
        s.expect(r"Verifying Hash Integrity \.\.\. sha256\+ OK", timeout=60)
        for name, addr, _ in LOADABLES:
            s.expect(rf"Trying '{name}' loadables subimage", timeout=60)
            s.expect(r"Verifying Hash Integrity \.\.\. sha256\+ OK", timeout=60)
            s.expect(rf"Loading loadables from 0x[0-9a-f]+ to 0x{addr:08x}\r*\n", timeout=60)
        s.expect(rf"## Starting application at 0x{ENTRY:08X} \.\.\.", timeout=60)
        m = s.expect(rf"FITKERNEL pc {HEX} r4 {HEX} r5 {HEX} r15 {HEX} sr {HEX}\r*\n",
                     timeout=60)
        pc, r4, _, _, sr = (int(g, 16) for g in m.groups())
        print(m.group(0).strip())
        assert pc == ENTRY, f"entered at {pc:#x}, not at the FIT's entry {ENTRY:#x}"
        assert r4 == 1, "go passes argc = 1 in r4 (bsp/r2d/uboot.config)"
        assert sr & 0x10000000, "U-Boot enters with SR.BL set (bsp/r2d/uboot.config)"
        for _, pa, _ in LOADABLES:
            m = s.expect(rf"FITKERNEL loadable {HEX} words {HEX} sum {HEX}\r*\n", timeout=60)
            at, n, got = (int(g, 16) for g in m.groups())
            print(m.group(0).strip())
            assert at == pa | P1
            want = fit["sums"][at]
            assert (n, got) == want, \
                f"loadable at {at:#x}: {n} words sum {got:#010x}, the test wrote {want}"
        s.expect(r"FITKERNEL done", timeout=60)
    finally:
        s.close()


def _flip(part):
    """A mangler that flips one byte in the middle of a sub-image's data,
    found in the FIT by its first bytes."""
    def mangle(data, fit):
        with open(os.path.join(fit["dir"], part), "rb") as f:
            sub = f.read()
        at = data.find(sub[:256])
        assert at > 0, f"{part} not found in the FIT"
        data[at + len(sub) // 2] ^= 0xFF
        return data
    return mangle


# (file name, mangler, U-Boot's errors, in order)
BROKEN = [
    ("corrupt-kernel.itb", _flip("probe.bin"),
     [r"Bad hash value for 'hash-1' hash node in 'cokernel' image node",
      r"ERROR: can't get kernel image!"]),
    ("corrupt-loadable.itb", _flip("initramfs.bin"),
     [r"Bad hash value for 'hash-1' hash node in 'initramfs' image node",
      r"Loadable\(s\) is corrupt or invalid"]),
    ("truncated.itb", lambda data, fit: data[:len(data) // 2],
     [r"Bad FIT kernel image format", r"ERROR: can't get kernel image!"]),
]


@pytest.mark.parametrize("name,mangle,errors", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_fit_stops_at_the_prompt(fit, board, name, mangle, errors):
    """A corrupt or truncated FIT in flash: U-Boot's error, then its prompt,
    and the kernel never runs (nothing jumped to, no FITKERNEL line)."""
    with open(fit["itb"], "rb") as f:
        data = mangle(bytearray(f.read()), fit)
    path = os.path.join(fit["dir"], name)
    with open(path, "wb") as f:
        f.write(data)
    s = Session(board, image=path, logname="uboot-" + name)
    try:
        for e in errors:
            s.expect(e, timeout=60)
        s.expect(r"=> ", timeout=30)
        log = s.log
        assert "## Starting application" not in log, "U-Boot jumped into a broken FIT"
        assert "FITKERNEL" not in log, "the kernel of a broken FIT ran"
    finally:
        s.close()


# what the saved boot command prints: typed nowhere in the second run, so
# seen there only when U-Boot read that command back from the flash
SAVED_BOOTCMD_OUT = "bootcmd from the saved environment"


def test_saveenv_survives_a_restart(fit, board):
    """`setenv bootcmd ...; saveenv` at U-Boot's prompt writes the
    environment sector (CONFIG_ENV_ADDR) of the flash image: U-Boot says
    "done" and keeps its prompt, and a second QEMU run on the same flash
    file (a power cycle) runs the saved boot command at autoboot, with no
    "bad CRC" warning and without booting the FIT."""
    flash = os.path.join(fit["dir"], "saveenv.flash")
    subprocess.run([os.path.join(TOP, "mk", "uboot-flash.sh"), make_var(board, "UBOOT_BIOS"),
                    fit["itb"], flash], check=True)
    s = Session(board, image=flash, logname="uboot-saveenv")
    try:
        s.expect(r"Hit any key to stop autoboot", timeout=60)
        s.child.send(" ")
        s.expect(r"=> ", timeout=30)
        s.sendline(f"setenv bootcmd 'echo {SAVED_BOOTCMD_OUT}'")
        s.expect(r"=> ", timeout=30)
        s.sendline("saveenv")
        s.expect(r"Saving Environment to Flash\.\.\.", timeout=30)
        s.expect(r"Writing to Flash\.\.\. *done\r*\n", timeout=120)
        s.expect(r"=> ", timeout=30)
    finally:
        s.close()
    s = Session(board, image=flash, logname="uboot-saveenv-restart")
    try:
        s.expect(r"Hit any key to stop autoboot", timeout=60)
        s.expect(rf"\n{re.escape(SAVED_BOOTCMD_OUT)}\r*\n", timeout=60)
        s.expect(r"=> ", timeout=30)
        log = s.log
        assert "bad CRC" not in log, "U-Boot did not take the saved environment"
        assert "Trying 'cokernel'" not in log, "U-Boot booted the FIT, not the saved bootcmd"
    finally:
        s.close()
