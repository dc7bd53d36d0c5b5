# SPDX-License-Identifier: MIT
"""The field's Linux loads (ckload, linux-guest/rootfs/ckload), each run
briefly beside the co-kernel's latency task: the load really runs (its
processes use CPU; the console flood's lines reach the console), the RT task misses no period and stays within the
board's committed worst case (LATENCY_BASELINE_TASK_NS plus
LATENCY_SLACK_NS), and stopping the load leaves no process behind.
make bench runs the same loads longer, for its "load" rows."""
import re

import pytest

from cksession import check_baseline, parse_rts, rt_tests_missing

LOADS = ("hackbench", "cache", "dd", "console", "irqoff")
SECONDS = 2


def hackbench_prog(guest):
    """The hackbench ckload's load must run: rt-tests' hackbench, or
    ckhackbench where rt-tests is missing (/etc/rt-tests.missing)."""
    return "ckhackbench" if rt_tests_missing(guest) else "hackbench"


def status(guest):
    """ckload status: {load: cpu ticks} of the running loads."""
    rc, out = guest.sh("ckload status")
    assert rc == 0, out
    running = {}
    for line in out:
        m = re.match(r"^(\w+)\s+pid (\d+)\s+cpu (\d+) ticks$", line)
        if m:
            running[m.group(1)] = int(m.group(3))
    return running


def test_list_names_every_load(guest):
    rc, out = guest.sh("ckload list")
    assert rc == 0, out
    listed = dict(re.match(r"^(\w+)\s+(.*)$", l).groups() for l in out if l.strip())
    for load in LOADS:
        want = f"ready ({hackbench_prog(guest)})" if load == "hackbench" else "ready"
        assert listed.get(load) == want, f"ckload list: {load}: {listed.get(load)!r}"
    # no NIC in the guests: the network flood says why it is absent
    assert "NIC" in listed.get("net", ""), listed


@pytest.mark.parametrize("bad,why", [("nosuch", "unknown load"), ("net", "no NIC")])
def test_refuses_what_it_cannot_run(guest, bad, why):
    rc, out = guest.sh(f"ckload start {bad}")
    assert rc == 2 and any(why in l for l in out), (rc, out)
    assert status(guest) == {}


@pytest.mark.parametrize("load", LOADS)
def test_load_beside_latency(guest, board, load):
    if load == "hackbench":
        # the program the load runs: rt-tests' or, without rt-tests, the
        # project's (ckload list names it)
        rc, out = guest.sh("ckload list")
        prog = hackbench_prog(guest)
        assert f"hackbench  ready ({prog})" in out, f"the load does not run {prog}: {out}"
        print(f"\nhackbench load: {prog}")
    rc, out = guest.sh(f"ckload start {load} && latency -T {SECONDS} -q", timeout=600)
    running = status(guest)
    stop_rc, stop_out = guest.sh("ckload stop")
    assert rc == 0, out
    rts = parse_rts(out)
    assert rts is not None, out
    assert rts["overruns"] == 0, rts["line"]
    if load == "console":
        # the flood's work is the kernel's tty write, too short for a tick
        # to land on it on every board (at91sam9260ek counted 0 ticks in
        # 2 s): its lines on the console are the evidence that it ran
        assert any(l.startswith("ckload console flood") for l in out), \
            f"no console flood line among {len(out)} lines: {out[:5]}"
    else:
        assert running.get(load, 0) > 0, f"{load} did not run: ckload status {running}"
    assert load in running, f"{load} ended early: ckload status {running}"
    ok, line = check_baseline(board, f"RT task (-t1), load {load}", rts["max"],
                              "LATENCY_BASELINE_TASK_NS")
    assert ok, line
    assert stop_rc == 0, stop_out
    assert status(guest) == {}, "ckload stop left a load running"
