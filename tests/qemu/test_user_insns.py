# SPDX-License-Identifier: MIT
"""The guest's programs hold no instruction the board's CPU lacks
(LINUX_USER_FORBIDDEN_INSNS in bsp/<b>/board.mk: lite5200b's G2_LE, a
603e core, lacks isel, SPE, AltiVec, fsqrt, ...): mk/user-insns-check.sh,
which `make rootfs` runs on busybox and the tools, refuses a program
holding one (TEST_USER_FORBIDDEN_ASM, built with the board's compiler and
flags) naming the function, and QEMU's user-mode emulator for the CPU
(QEMU_USER) stops it with SIGILL; the initramfs' programs pass. No
system emulator.
"""
import os
import subprocess

import pytest

from cksession import TOP, make_var


def _trait(board, var):
    value = make_var(board, var)
    if not value:
        pytest.skip(f"bsp/{board}/board.mk sets no {var}")
    return value


def _check(board, *files):
    return subprocess.run([os.path.join(TOP, "mk", "user-insns-check.sh"),
                           make_var(board, "LINUX_CROSS") + "objdump",
                           make_var(board, "LINUX_USER_FORBIDDEN_INSNS"),
                           make_var(board, "LINUX_USER_INSNS_ALLOW"), *files],
                          capture_output=True, text=True, timeout=300)


def test_forbidden_instruction_is_refused(board, tmp_path):
    _trait(board, "LINUX_USER_FORBIDDEN_INSNS")
    asm = _trait(board, "TEST_USER_FORBIDDEN_ASM")
    src = tmp_path / "bad.c"
    src.write_text('int main(void)\n{\n\t__asm__ volatile("%s");\n\treturn 0;\n}\n' % asm)
    exe = tmp_path / "bad"
    cc = (make_var(board, "LINUX_CROSS") + "gcc").split() + \
        make_var(board, "LINUX_USER_CFLAGS").split()
    subprocess.run([*cc, "-static", "-O2", "-o", str(exe), str(src)], check=True,
                   timeout=120)
    r = _check(board, str(exe))
    print(r.stderr.strip())
    assert r.returncode == 1, f"the check accepted '{asm}':\n{r.stdout}{r.stderr}"
    named = [l.split()[1] for l in r.stderr.splitlines() if l.startswith("  ")]
    assert named == ["<main>:"], f"functions named: {named}"
    qemu_user = make_var(board, "QEMU_USER").split()
    if qemu_user:
        run = subprocess.run([*qemu_user, str(exe)], capture_output=True, timeout=60)
        assert run.returncode in (-4, 128 + 4), \
            f"{' '.join(qemu_user)} ran '{asm}': exit {run.returncode}"


def _is_elf(path):
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


def test_initramfs_programs_pass(board):
    _trait(board, "LINUX_USER_FORBIDDEN_INSNS")
    subprocess.run(["make", "-s", "--no-print-directory", "-C", TOP, f"BOARD={board}",
                    "rootfs"], check=True, timeout=3600)
    root = os.path.join(TOP, "build", board, "rootfs")
    # the ELF programs: usr/bin also holds shell scripts (ckload)
    files = [f for f in [os.path.join(root, "bin", "busybox")] +
             [os.path.join(root, "usr", "bin", t) for t in sorted(os.listdir(
                 os.path.join(root, "usr", "bin"))) if not t.startswith(".")]
             if _is_elf(f)]
    assert any(f.endswith("/latency") for f in files), files
    r = _check(board, *files)
    print(r.stdout.strip())
    assert r.returncode == 0, r.stderr
