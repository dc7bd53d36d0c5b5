# SPDX-License-Identifier: MIT
"""switchtest on the booted guest: the co-kernel's context-switch torture
(cokernel/apps/switchtest.c) runs under a Linux load and counts switches
with every check passing; bad options are named; and a fault injected into
one saved register is reported by task and register, with exit status 1.
The injection ends the torture until reboot, so it runs last."""
import re

ROUNDS = re.compile(r"== Rounds: every (\d+) us, (\d+) handoffs")
RTD = re.compile(r"RTD\|\s*(\d+)\|\s*(\d+)$")
# Linux load for the whole run: a shell busy loop and dd, each for 5 s
LOAD = ("e=$(( $(date +%s) + 5 )); "
        "(while [ $(date +%s) -lt $e ]; do :; done) & "
        "(while [ $(date +%s) -lt $e ]; do "
        "dd if=/dev/zero of=/dev/null bs=4k count=256 2>/dev/null; done) & ")


def _bound(out, seconds):
    """Fewest switches the run may count: a round every `period` us at
    most, each of `handoffs` handoffs at least one switch; half of that
    leaves room for the rounds' own time and Linux's interrupts."""
    m = next((ROUNDS.match(l) for l in out if ROUNDS.match(l)), None)
    assert m, out
    period_us, handoffs = int(m.group(1)), int(m.group(2))
    return seconds * 1_000_000 // period_us * handoffs // 2


def test_switches_counted_under_load(guest):
    seconds = 3
    rc, out = guest.sh(f"{LOAD} switchtest -T {seconds}; echo rc=$?; wait",
                       timeout=600)
    assert rc == 0 and "rc=0" in out, out
    assert not [l for l in out if "FAILED" in l], out
    rtd = [tuple(map(int, RTD.match(l).groups())) for l in out if RTD.match(l)]
    assert len(rtd) == seconds, out
    assert "RTH|ctx switches|-------total" in out, out
    total = 0
    for per_second, cumulated in rtd:
        total += per_second
        assert cumulated == total, out
    bound = _bound(out, seconds)
    print(f"{guest.board}: {total} switches in {seconds} s (bound {bound})")
    assert total > bound, (total, bound, out)


def test_quiet_prints_the_last_second(guest):
    rc, out = guest.sh("switchtest -T 2 -q; echo rc=$?", timeout=300)
    assert "rc=0" in out, out
    assert [l for l in out if l.startswith("RTT|")] == ["RTT|  00:00:02"], out
    assert len([l for l in out if RTD.match(l)]) == 1, out


def test_bad_options_are_named(guest):
    cases = [("-T abc", "switchtest: -T 'abc': not a whole number"),
             ("-s 10", "switchtest: -s '10': out of range"),
             ("rtk rtup", "switchtest: 'rtk': threadspecs are not supported"),
             ("-x", "switchtest: invalid option -- 'x'")]
    for args, msg in cases:
        rc, out = guest.sh(f"switchtest {args} 2>&1 >/dev/null; echo rc=$?", timeout=60)
        assert out[-1] == "rc=2", (args, out)
        assert out[0].startswith(msg), (args, out)
    rc, out = guest.sh("switchtest --help")
    assert rc == 0 and out[0] == "usage: switchtest [options]", out


def test_injected_register_fault_is_reported(guest):
    """The RT side flips r4/r14/r8 (the first callee-saved register) in the
    spinner's saved frame while it is preempted: the run must end with the
    report naming the task and register, and exit status 1."""
    rc, out = guest.sh("switchtest -T 5 --inject-fault; echo rc=$?", timeout=300)
    assert out[-1] == "rc=1", out
    fail = [l for l in out if "FAILED" in l]
    assert fail, out
    m = re.search(r"in RT task st-spin: register (\w+) was 0x([0-9a-f]{8}) before "
                  r"the switch, 0x([0-9a-f]{8}) after", fail[0])
    assert m, fail
    assert m.group(1) in ("r4", "r14", "r8"), fail
    assert int(m.group(2), 16) ^ int(m.group(3), 16) == 0x00a5a500, fail
    rc, out = guest.sh("switchtest -T 1; echo rc=$?", timeout=300)
    assert out[-1] == "rc=1" and any("FAILED" in l for l in out), out
