# SPDX-License-Identifier: MIT
"""The RT tracer from Linux, per board: `latency -f` freezes the trace of
the RT path on each new maximum, `ckipc trace` prints it (cokernel/core/
trace.c, ipc/ck_trace.h, docs/measuring.md "The tracer").

The frozen trace must hold the worst release whole and in order (the
timer's interrupt entry, the PIC ack, the entry's clock read, the timer's
expiry, the latency task's wake-up, the switch to it, the interrupt exit,
the task's clock read, the freeze), with timestamps that never go back,
and the latency it shows (clock read - timer expiry, both exact ns from
the payloads) must be the maximum the RTS line printed: the same sample.
"""
import re

from cksession import parse_rts

# "  1234567.890     +0.123+ irq-entry   root       -1  payload"
EVENT = re.compile(r"^\s*(\d+)\.(\d{3})\s+([+-])(\d+)\.(\d{3})([ +!]) (\S+)\s+(\S+)\s+(-?\d+|-)\s*(.*)$")
FROZEN = re.compile(r"new maximum (\d+) ns in second (\d+) of session")
# what one release of the latency task leaves, in this order
RELEASE = ["irq-entry", "irq-ack", "clock", "timer", "wake", "switch",
           "irq-exit", "task-clock"]
# seconds Linux's latency prints with -T 3 (warm-up 1: records 1..3)
MEASURED_SECONDS = 3


def _events(out):
    evs = []
    for l in out:
        m = EVENT.match(l)
        if m:
            evs.append({"ts": int(m.group(1)) * 1000 + int(m.group(2)),
                        "event": m.group(7), "task": m.group(8),
                        "payload": m.group(10), "line": l})
    return evs


def _trace(guest):
    rc, out = guest.sh("ckipc trace 2>&1")
    return rc, out, _events(out)


def test_without_a_freeze_ckipc_trace_says_so(guest):
    rc, out, evs = _trace(guest)
    assert rc == 1, out
    assert any("nothing frozen since boot" in l and "latency -f" in l for l in out), out
    assert not evs


def _check_worst_release(guest, cmd, release, task, seconds):
    """Run @cmd (latency -f ... -T @seconds -q), then ckipc trace: the
    freeze is the last event, the events before it since the last
    interrupt entry are @release in order (those naming a task name
    @task), timestamps never go back, and the latency the trace shows is
    the freeze's value and the RTS maximum."""
    rc, out = guest.sh(cmd, timeout=120)
    assert rc == 0, out
    rts = parse_rts(out)
    assert rts, out
    rts_max_ns = round(rts["max"] * 1000)

    rc, tr, evs = _trace(guest)
    text = "\n".join(tr)
    assert rc == 0, text
    frozen = [FROZEN.search(l) for l in tr if FROZEN.search(l)]
    assert frozen, text
    value, second = int(frozen[0].group(1)), int(frozen[0].group(2))
    assert evs and evs[-1]["event"] == "freeze", text
    assert f"value {value} ns" in evs[-1]["payload"]
    # oldest first, never back in time
    for a, b in zip(evs, evs[1:]):
        assert b["ts"] >= a["ts"], f"{a['line']}\n{b['line']}"

    # the release that froze it: the last interrupt entry, then in order
    entry = max(i for i, e in enumerate(evs) if e["event"] == "irq-entry")
    names = [e["event"] for e in evs[entry:-1]]
    assert names == release, text
    rel = {e["event"]: e for e in evs[entry:-1]}
    for what in ("timer", "wake", "switch", "irq-exit", "task-clock"):
        if what in rel:
            assert rel[what]["task"] == task, rel[what]["line"]
    m = re.search(r"expiry (\d+) ns", rel["timer"]["payload"])
    expiry = int(m.group(1))
    m = re.search(r"read (\d+) ns, latency (-?\d+) ns", rel["task-clock"]["payload"])
    read, latency = int(m.group(1)), int(m.group(2))
    assert latency == read - expiry == value, text

    # the same sample as the RTS line's maximum: unless the freeze came
    # in the second Linux stopped the sampler in (records 1..seconds are
    # printed; the RT side samples on until the STOP), where it can only
    # be larger
    assert 1 <= second <= seconds + 1, text
    if second <= seconds:
        assert value == rts_max_ns, f"{rts['line']}\n{text}"
    else:
        assert value > rts_max_ns, f"{rts['line']}\n{text}"


def test_latency_f_freezes_the_worst_release(guest):
    """-t1: the latency task's release, entry to its own clock read."""
    _check_worst_release(guest, f"latency -f -T {MEASURED_SECONDS} -q", RELEASE,
                         "latency", MEASURED_SECONDS)


def test_latency_f_t2_freezes_the_worst_handler_run(guest):
    """-t2: the timer handler reads the clock inside the RT interrupt,
    which the freeze ends (nothing of that interrupt after it)."""
    _check_worst_release(guest, "latency -f -t2 -T 2 -q",
                         ["irq-entry", "irq-ack", "clock", "timer", "task-clock"],
                         "-", 2)


def test_latency_without_f_leaves_the_trace(guest):
    """A latency run without -f neither freezes nor clears the trace,
    and runs untraced."""
    rc, before, _ = _trace(guest)
    assert rc == 0, before
    rc, out = guest.sh("latency -T 1 -q", timeout=60)
    assert rc == 0, out
    rc, after, _ = _trace(guest)
    assert rc == 0 and after == before, "\n".join(before + ["----"] + after)
