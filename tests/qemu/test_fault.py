# SPDX-License-Identifier: MIT
"""RT fault containment with Linux running (ck/fault.h): the faulttest app
(cokernel/apps/faulttest.c) starts a victim RT task that misbehaves as
`ckipc write fault.ctl <command>` asks: a null pointer read, an undefined
instruction, a failed ck_assert(), an overwritten stack canary, a spin that
keeps Linux out, a misaligned load (a fault where the CPU checks). Each time the co-kernel must suspend the victim and report
it on the console and in /sys/kernel/debug/cokernel/faults, while the shell
keeps answering and a `latency` run beside it keeps 0 overruns.

One booted guest per board (cksession, -icount shift=0,sleep=off, fixed
seed), the faults in a row on it: each test also proves the previous ones
left Linux and the RT side working.
"""
import re
import subprocess

import pytest

from cksession import CK_PREFIX, image_path, make_var, parse_rts

FAULTS_FILE = "/sys/kernel/debug/cokernel/faults"

# command -> (console text, fault record counters of which one must grow)
FAULTS = {
    "null": ("data abort", ("data",)),
    # ARM: undefined instruction; e500: a program check
    "undef": ("undefined instruction|program check", ("undef", "program")),
    "assert": ("assertion failed", ("assert",)),
    "stack": ("stack canary overwritten", ("stack",)),
    "spin": ("watchdog: kept Linux out", ("watchdog",)),
    # where the CPU checks (RT_ALIGN_FAULT in board.mk)
    "align": ("alignment fault", ("align",)),
}
# the faults taken at an instruction of the victim's own function: the
# record's pc must lie in it (the fault entry passes the task's pc on).
# Not "undef": __builtin_trap() is a call to abort() on some targets (SH-4)
AT_VICTIM = ("null", "spin", "align")


def _victim_code(board):
    """[start, end) of the victim's function, ft_victim, in the image the
    guest runs (the symbol table of build/<board>/cokernel-linux.elf)."""
    elf = image_path(board)
    nm = subprocess.run([make_var(board, "CROSS") + "nm", "-S", elf], check=True,
                        capture_output=True, text=True).stdout
    m = re.search(r"^([0-9a-f]+) ([0-9a-f]+) [tT] ft_victim$", nm, re.M)
    assert m, f"no ft_victim in {elf}"
    start = int(m.group(1), 16)
    return start, start + int(m.group(2), 16)


def _record(guest):
    rc, out = guest.sh(f"cat {FAULTS_FILE}")
    assert rc == 0, out
    rec = {}
    for line in out:
        m = re.match(r"^(\w+): (\d+)$", line)
        if m:
            rec[m.group(1)] = int(m.group(2))
        elif line.startswith("last: "):
            rec["last"] = line
    assert "faults" in rec, out
    return rec


@pytest.mark.parametrize("cmd", list(FAULTS))
def test_rt_fault_is_contained(guest, cmd):
    text, kinds = FAULTS[cmd]
    if cmd == "align" and make_var(guest.board, "RT_ALIGN_FAULT") != "yes":
        assert make_var(guest.board, "RT_ALIGN_FAULT") == "no", \
            "RT_ALIGN_FAULT in board.mk: yes or no"
        start = len(guest.log)
        rc, out = guest.sh("ckipc write fault.ctl align; sleep 1; echo ok")
        assert rc == 0 and out[-1] == "ok", out
        assert f"{CK_PREFIX}faulttest: align: the task survived it" in \
            guest.log[start:], guest.log[start:][-3000:]
        return
    before = _record(guest)
    start = len(guest.log)
    rc, out = guest.sh(
        "latency -T 4 -q > /tmp/lat.out 2>&1 & sleep 1; "
        f"ckipc write fault.ctl {cmd}; sleep 1; echo shell-answers; "
        "wait; cat /tmp/lat.out", timeout=600)
    assert rc == 0, out
    assert "shell-answers" in out, out
    rts = parse_rts(out)
    assert rts is not None, out
    assert rts["overruns"] == 0, rts["line"]
    report = re.compile(re.escape(CK_PREFIX) + r"fault: victim suspended: (" + text + ")")
    assert report.search(guest.log[start:]), guest.log[start:][-3000:]
    after = _record(guest)
    assert after["faults"] == before["faults"] + 1, (before, after)
    assert sum(after[k] - before[k] for k in kinds) == 1, (before, after)
    assert "task=victim" in after["last"], after["last"]
    if cmd in AT_VICTIM:
        pc = int(re.search(r"pc=([0-9a-f]+)", after["last"]).group(1), 16)
        lo, hi = _victim_code(guest.board)
        assert lo <= pc < hi, (hex(pc), hex(lo), hex(hi), after["last"])
    # the victim can be started again: the fault left it dormant, not stuck
    rc, out = guest.sh("ckipc write fault.ctl nothing; sleep 1; echo ok")
    assert rc == 0 and out[-1] == "ok", out


def test_rt_console_counters_exported(guest):
    rec = _record(guest)
    assert rec["watchdog_budget_us"] == 100000, rec
    assert "console_dropped" in rec and "console_rt_lines" in rec, rec
