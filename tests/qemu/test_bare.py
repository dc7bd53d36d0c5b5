# SPDX-License-Identifier: MIT
"""The co-kernel alone (no Linux payload): build/<board>/cokernel.elf boots,
prints its banner and runs the latency app on the RT timer.

The image is `make image BOARD=<board> NO_LINUX=1` (or the cokernel.elf any
`make image` leaves beside the full image). Runs under -icount
shift=0,sleep=off with a fixed seed (cksession), so the figures are virtual
ns and repeat exactly. The latency task only wakes from the RT timer's
interrupt (RT class: FIQ on ARM926, the critical input on e500), so sample
lines with plausible figures and no overrun show that path works.
"""
import os
import re

import pytest

from cksession import CK_PREFIX, TOP, Session, parse_rtd

RTD_LINES = 3
PERIOD_US = 1000.0


@pytest.fixture(scope="module")
def bare(board):
    image = os.path.join(TOP, "build", board, "cokernel.elf")
    if not os.path.exists(image):
        pytest.fail(f"{image} missing: run 'make image BOARD={board}'"
                    f" (NO_LINUX=1 for a port without its Linux step)")
    s = Session(board, image=image, logname="bare")
    try:
        s.expect(re.escape(CK_PREFIX) + r"cokernel \S+ on " + re.escape(board) + r" ",
                 timeout=60)
        for _ in range(RTD_LINES):
            s.expect(re.escape(CK_PREFIX) + r"RTD\|[^\r\n]*\r*\n", timeout=120)
        yield s
    finally:
        s.close()


def _rtd(s):
    return parse_rtd([l[len(CK_PREFIX):] for l in s.lines() if l.startswith(CK_PREFIX)])


def test_banner_then_rt_samples(bare):
    lines = bare.lines()
    banner = [i for i, l in enumerate(lines) if l.startswith(CK_PREFIX + "cokernel ")]
    rtd = [i for i, l in enumerate(lines) if l.startswith(CK_PREFIX + "RTD|")]
    assert banner, "no co-kernel banner"
    assert len(rtd) >= RTD_LINES, "fewer RTD lines than expected"
    assert banner[0] < rtd[0]
    assert not [l for l in lines if "FATAL" in l], "the co-kernel reported a fault"


def test_latency_figures_plausible(bare):
    rtd = _rtd(bare)
    assert len(rtd) >= RTD_LINES
    for r in rtd:
        print(f"RTD min {r['min']:.3f} avg {r['avg']:.3f} max {r['max']:.3f} us, "
              f"overruns {r['overruns']}")
        assert r["overruns"] == 0, r
        # timer-driven wake-ups: after the release, well inside the period
        assert 0.0 < r["min"] <= r["avg"] <= r["max"] < PERIOD_US / 10, r
