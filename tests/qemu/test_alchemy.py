# SPDX-License-Identifier: MIT
"""The Alchemy example (examples/alchemy, built with APP=examples/alchemy
into build/<board>-alchemy): Xenomai 3 Alchemy code on the co-kernel through
ck/alchemy.h. A 1 kHz periodic task counts 2000 periods under a mutex and
reports every 500 through a queue to a logger task; an event tells the main
task it is done, which joins it, checks the counter and deletes the
objects. Linux's boot pauses RT (the boot window): the periods it swallows
are reported as overruns, never lost from the count."""
import re

import pytest

from cksession import Session

APP = "alchemy"
REPORT = re.compile(r"\[ck\] alchemy: report (\d+): (\d+) periods, (\d+) overruns, "
                    r"late max (\d+) us")


@pytest.fixture(scope="module")
def alchemy(board):
    s = Session(board, app=APP, logname="alchemy")
    try:
        s.expect(r"alchemy: (PASS|FAIL)[^\n]*\n", timeout=180)
        yield s
    finally:
        s.close()


def test_started(alchemy):
    assert any("alchemy: sampler at 1 kHz for 2000 periods" in l
               for l in alchemy.lines()), alchemy.log[-3000:]
    assert not any("alchemy: init:" in l for l in alchemy.lines())


def test_reports_through_the_queue(alchemy):
    reports = [REPORT.search(l) for l in alchemy.lines()]
    reports = [tuple(int(x) for x in m.groups()) for m in reports if m]
    assert [(r[0], r[1]) for r in reports] == \
        [(1, 500), (2, 1000), (3, 1500), (4, 2000)], alchemy.log[-3000:]
    # overruns only ever grow; a whole Linux boot window is a few thousand
    # periods at most
    over = [r[2] for r in reports]
    assert over == sorted(over) and over[-1] < 2000, reports


def test_counter_and_verdict(alchemy):
    line = [l for l in alchemy.lines() if re.search(r"alchemy: (PASS|FAIL)", l)]
    assert line and "alchemy: PASS: counter 2000 of 2000 periods" in line[0], \
        alchemy.log[-3000:]
