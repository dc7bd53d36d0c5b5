# SPDX-License-Identifier: MIT
"""rtmix, the co-kernel's mixed RT workload (cokernel/apps/rtmix.c, Linux
tool rtmix): RT tasks of several priorities sharing three mutexes with
inheritance (one task holding two at once), a message queue and event
flags beside a periodic task, every wait with a timeout, for a few virtual
seconds while Linux runs the hackbench and dd loads (ckload, as
test_loads.py). Its checks (mutual exclusion, the queue's sequence, how
each event wait ended, a waiter never above its mutex's owner, the periodic
task's overruns, every call's return) must find nothing, and every path
must have run: contended locks, inheritance boosts, waits on a full queue,
timeouts. And syncbench, the sharing objects' costs measured at boot
(cokernel/apps/syncbench.c), answers with figures that make sense."""
import re


SECONDS = 3
LOADS = ("hackbench", "dd")
COUNTER = re.compile(r"^(\w+)\s+(\d+)$")
SYB_FIG = re.compile(r"^(mutex lock\+unlock, free|mutex unlock -> waiter, inheritance|"
                     r"event post -> waiter|queue send -> receiver)\s+(\d+)\s+(\d+)\s+(\d+)$")


def _counters(out):
    """rtmix's table: {name: count}."""
    return {m.group(1): int(m.group(2)) for m in map(COUNTER.match, out) if m}


def test_mix_under_load_keeps_every_promise(guest):
    start = " && ".join(f"ckload start {load}" for load in LOADS)
    rc, out = guest.sh(f"{start} && rtmix -T {SECONDS}; echo rc=$?; ckload status; "
                       "ckload stop >/dev/null", timeout=900)
    # the loads ran beside it: ckload status names each with its CPU ticks
    for load in LOADS:
        m = next((re.match(rf"^{load}\s+pid \d+\s+cpu (\d+) ticks$", l) for l in out
                  if l.startswith(load + " ")), None)
        assert m and int(m.group(1)) > 0, f"{load} did not run: {out}"
    assert "rc=0" in out, out
    c = _counters(out)
    ran = {k: v for k, v in c.items() if not k.startswith("v_") and k != "violations"}
    violated = {k: v for k, v in c.items() if k.startswith("v_")}
    print(f"\n{guest.board}: {c}")
    assert len(ran) == 14 and len(violated) == 6, out
    assert c["violations"] == 0 and not any(violated.values()), out
    assert all(ran.values()), f"paths that never ran: {[k for k, v in ran.items() if not v]}"
    # one release a ms: the periodic task ran the whole run
    assert SECONDS * 1000 - 5 <= c["periods"] <= SECONDS * 1000 + 5, c
    # what the end left queued (the queue holds 4) is dropped at the next start
    assert 0 <= c["q_sent"] - c["q_received"] <= 4, c
    assert not [l for l in guest.lines() if "rtmix: VIOLATION" in l]


def test_a_second_run_starts_afresh(guest):
    """A run after one that ended with messages queued: the counts start
    from 0 and the sequence check from what is sent next."""
    rc, out = guest.sh("rtmix -T 1 -q; echo rc=$?", timeout=600)
    assert "rc=0" in out, out
    c = _counters(out)
    assert c["violations"] == 0 and 995 <= c["periods"] <= 1005, out
    assert 0 <= c["q_sent"] - c["q_received"] <= 4, c


def test_bad_options_are_named(guest):
    cases = [("-T 0", re.escape("rtmix: -T '0': out of range")),
             ("-T x", re.escape("rtmix: -T 'x': not a whole number")),
             ("extra", re.escape("rtmix: 'extra': no arguments expected")),
             ("-x", r"rtmix: (invalid option -- 'x'|unrecognized option: x)$")]
    for args, msg in cases:
        rc, out = guest.sh(f"rtmix {args} 2>&1 >/dev/null; echo rc=$?", timeout=60)
        assert out[-1] == "rc=2", (args, out)
        assert re.match(msg, out[0]), (args, out)
    rc, out = guest.sh("rtmix --help")
    assert rc == 0 and out[0] == "usage: rtmix [options]", out


def test_syncbench_figures(guest):
    rc, out = guest.sh("syncbench", timeout=120)
    assert rc == 0, out
    figs = {m.group(1): tuple(map(int, m.group(2, 3, 4))) for m in map(SYB_FIG.match, out) if m}
    assert len(figs) == 4, out
    for name, (lo, avg, hi) in figs.items():
        assert 0 < lo <= avg <= hi, (name, out)
    m = next(re.match(r"^inheritance: the owner ran at the waiter's priority in (\d+) of "
                      r"(\d+) rounds$", l) for l in out if l.startswith("inheritance"))
    assert m and m.group(1) == m.group(2) and int(m.group(2)) > 0, out
