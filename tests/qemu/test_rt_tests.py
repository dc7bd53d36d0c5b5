# SPDX-License-Identifier: MIT
"""rt-tests in the co-kernel's Linux guest (mk/rt-tests.mk): cyclictest
takes its samples and prints a sane summary, hackbench runs to its end.
They are what tests/bench/peers.py runs here and on the board's PREEMPT_RT
Linux, so a broken install fails here, not in a bench run.

Run: pytest --board=versatilepb test_rt_tests.py
"""
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
from peers import run_cyclictest  # noqa: E402
from cksession import rt_tests_missing  # noqa: E402

LOOPS = 200
# cyclictest's interval, us (peers.CYCLICTEST)
INTERVAL_US = 1000
# a wake-up later than this (ns) is no latency but a lost timer: a tenth
# of the run
SANE_MAX_NS = LOOPS * INTERVAL_US * 1000 // 10


@pytest.fixture(scope="module")
def rt_tests(guest):
    """The guest, once it is known to hold rt-tests: a board whose
    initramfs was built without them (Debian's source not downloadable:
    /etc/rt-tests.missing says so) skips with that reason."""
    missing = rt_tests_missing(guest)
    if missing:
        pytest.skip(missing)
    return guest


def test_cyclictest(rt_tests):
    r = run_cyclictest(rt_tests, loops=LOOPS)
    assert r["count"] == LOOPS, r["line"]
    assert r["prio"] == 80 and r["interval"] == INTERVAL_US, r["line"]
    assert 0 < r["min"] <= r["avg"] <= r["max"], r["line"]
    assert r["max"] < SANE_MAX_NS, r["line"]


def test_hackbench(rt_tests):
    """Pipes (-p): the guests' kernels have no AF_UNIX sockets (no
    CONFIG_NET), hackbench's default."""
    rc, out = rt_tests.sh("hackbench -p -l 10 -g 2", timeout=300)
    assert rc == 0, out
    text = "\n".join(out)
    assert re.search(r"with 2 groups using \d+ file descriptors each", text), text
    m = re.search(r"^Time: (\d+\.\d+)$", text, re.M)
    assert m and float(m.group(1)) > 0, text
