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
A third image, on e500 only (build/<board>-sprkeep, -DCK_TEST_SPR_KEEP,
cokernel/arch/ppc-booke/test_sprkeep.c), has the root context stand in
for Linux inside an MSR[EE] = 0 window holding SRR0/1, ESR, DEAR, SPRG0/4/5
and MAS0-3/6/7 while RT tasks fault there (a trap, a data and an
instruction TLB error): the root must find every one of them as it left
it, and every fault must have come inside such a window.
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


@pytest.fixture(scope="module")
def spr_keep(board):
    if make_var(board, "ARCH") != "ppc-booke":
        pytest.skip(f"{board}: the base-class SPR check is e500's (ARCH ppc-booke)")
    s = Session(board, image=build_image(board, "sprkeep", "CK_TEST_SPR_KEEP"),
                logname="fault-bare-sprkeep")
    try:
        s.expect(re.escape(CK_PREFIX) + r"test SPR keep: [^\r\n]*\r*\n", timeout=60)
        yield s
    finally:
        s.close()


def test_rt_fault_keeps_root_sprs(spr_keep):
    """An RT task's exception in the root's MSR[EE] = 0 window leaves the
    root's SRR0/1, ESR, DEAR, SPRG0/4/5 and MAS registers as they were."""
    lines = [l[len(CK_PREFIX):] for l in spr_keep.lines() if l.startswith(CK_PREFIX)]
    got = [l for l in lines if l.startswith("test SPR keep: ") and "survived" not in l]
    assert len(got) == 1, lines[-20:]
    m = re.match(r"test SPR keep: (\d+) of (\d+) faults in the root's window, (\d+) windows, "
                 r"changed: (.*)$", got[0])
    assert m, got[0]
    assert int(m.group(1)) == int(m.group(2)) > 0, got[0]
    assert int(m.group(3)) > 0, got[0]
    for task in ("sk-trap", "sk-dtlb", "sk-itlb"):
        assert [l for l in lines if l.startswith(f"fault: {task} suspended: ")], (task, lines[-20:])
    assert not [l for l in lines if "survived" in l or "FATAL" in l], lines[-20:]
    assert m.group(4) == "none", got[0]
