# SPDX-License-Identifier: MIT
"""RT fault containment in the co-kernel alone (ck/fault.h), before any
Linux: a test image (build/<board>-rtfault, -DCK_TEST_RT_FAULTS) runs
cokernel/apps/test_rtfault.c, three RT tasks that fail a ck_assert(), hit
__builtin_trap() and overwrite their stack canary. Each must be suspended
and reported on the console, nothing may stop the co-kernel, and the
latency task beside them keeps sampling with no overrun. (With Linux,
tests/qemu/test_fault.py drives the same kinds of fault from the shell.)
A second image (build/<board>-rtirqfault, -DCK_TEST_RT_IRQ_FAULT,
cokernel/apps/test_rtirqfault.c) has an RT timer callback trap while an
RT task spins: a fault in the RT class's own context is not contained
(ck/fault.h), so the co-kernel must stop with its fatal report and charge
no task with it.
Boards whose board.mk says RT_FAULTS_BARE := yes, where the co-kernel's
own vectors send an RT task's exception to the fault path Linux's vectors
use after the hand-over (versatilepb, e500 and mpc8544ds: arch_fault_entry;
r2d: arch_exception()).

Under -icount shift=0,sleep=off with a fixed seed (cksession).
"""
import os
import re
import subprocess

import pytest

from cksession import CK_PREFIX, TOP, Session, make_var, parse_rtd

FAULTS = [("rtf-assert", r"assertion failed"),
          ("rtf-trap", r"undefined instruction|program check"),
          ("rtf-stack", r"stack canary overwritten")]


def build_image(board, name, flag):
    """The co-kernel alone built with -D<flag> into build/<board>-<name>:
    its ELF. Skips boards that do not contain RT faults before Linux."""
    if make_var(board, "RT_FAULTS_BARE") != "yes":
        pytest.skip(f"{board}: RT faults are contained only with Linux (RT_FAULTS_BARE)")
    b = os.path.join(TOP, "build", f"{board}-{name}")
    subprocess.run(["make", "-s", "--no-print-directory", "-C", TOP, f"BOARD={board}",
                    f"B={b}", "NO_LINUX=1", f"CK_TEST_CFLAGS=-D{flag}", "image"],
                   check=True, timeout=1800)
    return os.path.join(b, "cokernel.elf")


@pytest.fixture(scope="module")
def faults(board):
    s = Session(board, image=build_image(board, "rtfault", "CK_TEST_RT_FAULTS"),
                logname="fault-bare")
    try:
        s.expect(re.escape(CK_PREFIX) + r"fault: rtf-stack suspended: [^\r\n]*\r*\n", timeout=60)
        for _ in range(3):
            s.expect(re.escape(CK_PREFIX) + r"RTD\|[^\r\n]*\r*\n", timeout=60)
        yield s
    finally:
        s.close()


def test_each_fault_suspends_its_task(faults):
    lines = [l[len(CK_PREFIX):] for l in faults.lines() if l.startswith(CK_PREFIX)]
    for task, kind in FAULTS:
        got = [l for l in lines if l.startswith(f"fault: {task} suspended: ")]
        assert len(got) == 1, (task, got)
        assert re.match(rf"fault: {task} suspended: ({kind}), pc 0x[0-9a-f]{{8}} ", got[0]), got[0]
    assert not [l for l in lines if "survived" in l or "FATAL" in l], lines


def test_rt_goes_on(faults):
    lines = [l[len(CK_PREFIX):] for l in faults.lines() if l.startswith(CK_PREFIX)]
    rtd = parse_rtd(lines)
    assert len(rtd) >= 3, rtd
    for r in rtd:
        assert r["overruns"] == 0, r
        assert 0.0 < r["min"] <= r["max"], r


@pytest.fixture(scope="module")
def irq_fault(board):
    s = Session(board, image=build_image(board, "rtirqfault", "CK_TEST_RT_IRQ_FAULT"),
                logname="fault-bare-irq")
    try:
        # the fatal report, or a wrong containment's report
        s.expect(r"FATAL[^\r\n]*\r*\n|" + re.escape(CK_PREFIX) + r"fault: [^\r\n]*\r*\n",
                 timeout=60)
        yield s
    finally:
        s.close()


def test_rt_irq_fault_stops(irq_fault):
    text = "".join(l + "\n" for l in irq_fault.lines())
    assert CK_PREFIX + "test RT IRQ fault: rtif-spin spins" in text, text[-3000:]
    assert CK_PREFIX + "FATAL" in text, text[-3000:]
    assert "suspended" not in text, text[-3000:]
    # stopped: the latency task's next report (each second) never comes
    with pytest.raises(AssertionError):
        irq_fault.expect(re.escape(CK_PREFIX) + r"RTD\|", timeout=5)
