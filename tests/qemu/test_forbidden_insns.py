# SPDX-License-Identifier: MIT
"""The co-kernel holds no instruction its CPU lacks (CK_FORBIDDEN_INSNS in
board.mk: on ARM926 boards every VFP and coprocessor 10/11 instruction,
which QEMU's arm926 runs and a CPU without a VFP does not). Builds only,
no QEMU:
- a test image whose RT program holds one (cokernel/apps/test_forbidden.c
  with the board's TEST_FORBIDDEN_ASM) fails to link with a message that
  names that function and no other (the rest of the co-kernel, newlib
  included, holds none), and leaves no ELF;
- on a board that links a prebuilt newlib (NEWLIB_PREBUILT), `make newlib`
  with CPU flags that select a multilib built for an FPU (the board's
  TEST_FPU_CPUFLAGS) is refused, naming the FP attribute found, while the
  board's own flags pass.
"""
import os
import re
import shutil
import subprocess

import pytest

from cksession import TOP, make_var


def _make(board, name, *args):
    """make @args for @board in build/<board>-<name>, from an empty
    directory; the finished process."""
    b = os.path.join(TOP, "build", f"{board}-{name}")
    shutil.rmtree(b, ignore_errors=True)
    return b, subprocess.run(["make", "--no-print-directory", "-C", TOP, f"BOARD={board}",
                              f"B={b}", "NO_LINUX=1", *args],
                             capture_output=True, text=True, timeout=1800)


def _trait(board, var):
    value = make_var(board, var)
    if not value:
        pytest.skip(f"bsp/{board}/board.mk sets no {var}")
    return value


def test_forbidden_instruction_fails_the_link_naming_the_function(board):
    _trait(board, "CK_FORBIDDEN_INSNS")
    asm = _trait(board, "TEST_FORBIDDEN_ASM")
    assert not set("'\"$\\") & set(asm), f"TEST_FORBIDDEN_ASM must not quote: {asm}"
    b, r = _make(board, "forbidden", f"CK_TEST_CFLAGS=-DCK_TEST_FORBIDDEN_ASM='\"{asm}\"'",
                 "cokernel")
    assert r.returncode != 0, f"the link accepted '{asm}':\n{r.stdout}"
    msg = [l for l in r.stderr.splitlines() if "instructions this CPU lacks" in l]
    assert msg, f"no 'instructions this CPU lacks' message:\n{r.stderr}"
    print(msg[0])
    named = re.findall(r"<([^>]+)>", msg[0].rsplit(") in ", 1)[-1])
    assert named == ["test_forbidden_insn"], f"functions named: {named}"
    assert not os.path.exists(os.path.join(b, "cokernel.elf")), "the ELF was left"


def test_newlib_multilib_built_for_an_fpu_is_refused(board):
    if make_var(board, "NEWLIB_PREBUILT") != "yes":
        pytest.skip(f"bsp/{board}/board.mk links no prebuilt newlib (NEWLIB_PREBUILT)")
    fpu = _trait(board, "TEST_FPU_CPUFLAGS")
    _, ok = _make(board, "newlib-own", "newlib")
    assert ok.returncode == 0, f"make newlib with the board's CPUFLAGS:\n{ok.stderr}"
    print(ok.stderr.strip())
    _, r = _make(board, "newlib-fpu", f"CPUFLAGS={fpu}", "newlib")
    assert r.returncode != 0, f"a newlib for '{fpu}' was accepted:\n{r.stderr}"
    print(r.stderr.strip())
    assert re.search(r"Tag_(FP_arch|ABI_VFP_args|Advanced_SIMD_arch|ABI_HardFP_use): \S",
                     r.stderr), r.stderr
    assert "undefined instruction" in r.stderr, r.stderr
