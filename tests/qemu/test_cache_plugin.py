# SPDX-License-Identifier: MIT
"""The cache-model plugin (qemu/plugins/ckcache.c, `make cache-plugin`)
loads into the project's QEMU and records the RT releases of the co-kernel
alone (build/<board>/cokernel.elf, `make image NO_LINUX=1`), whose boot
session samples latency by itself (test_bare.py).

Under -icount the co-kernel alone repeats exactly, so its releases follow a
known shape: each window starts at the RT vector and ends after the
latency task's clock read, and holds about the instructions the RTD lines
print (the window also counts the gravity: the timer fires that long
before the release). The first release runs on cold caches; the next ones
find the wake path's lines where the first left them.
"""
import os
import re
import sys

import pytest

from cksession import CK_PREFIX, TOP, Session, make_var, parse_rtd

sys.path.insert(0, os.path.join(TOP, "tests", "bench"))
import cachemodel  # noqa: E402

RTD_LINES = 2
# instructions a window may hold beyond latency + gravity, or lack
WINDOW_SLACK_INSNS = 100


@pytest.fixture(scope="module")
def bare_run(board):
    """The co-kernel alone under the plugin until RTD_LINES RTD lines, then
    QEMU quit through its monitor (the plugin writes its summary at exit):
    (session, records, summary)."""
    try:
        cachemodel.board_cfg(board)
    except ValueError as e:
        pytest.skip(str(e))
    image = os.path.join(TOP, "build", board, "cokernel.elf")
    if not os.path.exists(image):
        pytest.fail(f"{image} missing: run 'make image BOARD={board} NO_LINUX=1'")
    if not os.path.exists(cachemodel.PLUGIN):
        pytest.fail(f"{cachemodel.PLUGIN} missing: run 'make cache-plugin'")
    out = os.path.join(TOP, "build", board, "test-logs", "cache-bare.jsonl")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    if os.path.exists(out):
        os.unlink(out)
    s = Session(board, image=image, logname="cache-bare",
                extra_args=cachemodel.plugin_args(board, image, out))
    try:
        for _ in range(RTD_LINES):
            s.expect(re.escape(CK_PREFIX) + r"RTD\|[^\r\n]*\r*\n", timeout=300)
    finally:
        cachemodel.quit_session(s)
    recs, summary = cachemodel.read_records(out)
    yield s, recs, summary


def test_plugin_records_releases(bare_run):
    s, recs, summary = bare_run
    assert summary is not None, "no summary: the plugin did not see QEMU exit"
    assert recs, "no release recorded"
    assert summary["releases"] == len(recs)
    print(f"{len(recs)} releases, dropped {summary['dropped']}, "
          f"first {recs[0]}, last {recs[-1]}")
    for r in recs:
        assert r["insns"] > 0 and r["lines"] == r["i_lines"] + r["d_lines"], r
        assert r["i_lines"] > 0 and r["d_lines"] > 0, r
        # the RT timer's ack and the PIC's pending read are MMIO
        assert r["mmio"] > 0, r


def test_window_matches_the_latency_printed(bare_run, board):
    """A window's instructions are the sample's latency plus the gravity
    (one instruction per ns under icount), give or take the instructions
    between the timer's expiry and the vector and after the clock read
    (WINDOW_SLACK_INSNS), and the steps of the board's RT clock and timer
    (LATENCY_SLACK_NS, board.mk)."""
    s, recs, _ = bare_run
    rtd = parse_rtd([l[len(CK_PREFIX):] for l in s.lines() if l.startswith(CK_PREFIX)])
    assert rtd
    worst_ns = round(max(r["max"] for r in rtd) * 1000)
    gravity = int(make_var(board, "TIMER_GRAVITY_NS") or 0)
    worst_insns = max(r["insns"] for r in recs)
    print(f"worst window {worst_insns} insns; RTD worst {worst_ns} ns + gravity {gravity}")
    slack = WINDOW_SLACK_INSNS + int(make_var(board, "LATENCY_SLACK_NS"))
    assert abs(worst_insns - (worst_ns + gravity)) <= slack


def test_warm_releases_miss_less_than_the_first(bare_run):
    """The co-kernel alone evicts little between releases: after the
    first (cold) one, the wake path's lines stay, so a typical later
    release (the median) misses a fraction of the first one's (the
    once-a-second console line and record may evict some lines of a small
    cache)."""
    _, recs, _ = bare_run
    first = recs[0]["i_miss"] + recs[0]["d_miss"]
    later = sorted(r["i_miss"] + r["d_miss"] for r in recs[10:])
    assert later, "fewer than 11 releases"
    print(f"first release {first} misses, later median {later[len(later) // 2]}, "
          f"most {later[-1]}")
    assert first > 10
    assert later[len(later) // 2] < first // 4


def test_prediction_and_footprint(bare_run, board):
    """The summary's figures are ordered, and the widest release's lines,
    listed at exit, are as many as its record says, most of them in the
    co-kernel's symbols."""
    _, recs, summary = bare_run
    s = cachemodel.summarize(board, recs)
    for line in cachemodel.report("co-kernel alone", s):
        print(line)
    assert 0 < s["min_us"] <= s["p50_us"] <= s["worst_us"]
    assert s["footprint_lines"] == max(r["lines"] for r in recs)
    assert len(summary["widest_lines"]) == s["footprint_lines"]
    elf = os.path.join(TOP, "build", board, "cokernel.elf")
    by_sym = cachemodel.footprint_by_symbol(board, elf, summary)
    print("widest release's lines by symbol (I, D):",
          ", ".join(f"{n} {i}+{d}" for n, i, d in by_sym))
    unknown = sum(i + d for n, i, d in by_sym if n == "?")
    assert unknown < s["footprint_lines"] // 4
