# SPDX-License-Identifier: MIT
"""The vPIC's boot window under QEMU: an attached RT line that fires while
Linux boots must not reach Linux's unprepared RT vector. The co-kernel
holds every RT line from the jump into Linux until Linux lets the RT class
in (attach, or earlier where Linux does, LINUX_EARLY_RT: its paging_init
hook) and serves it then.

The test image is built apart (build/<board>-rtline, B=...) with the knob
CK_TEST_BOOT_WINDOW_LINE: cokernel/apps/test_rtline.c attaches the board's
TEST_SOFT_RT_LINE (board.mk) as an RT line, and guest_boot_linux() raises
it by software right after holding the RT lines, so it is pending all
through Linux's boot: versatilepb VIC line 2 through VICSoftInt, e500 MPIC
global timer A1 (soft_raise starts it; an IPI cannot reach the critical
input). A board without such a line (TEST_SOFT_RT_LINE empty) skips,
visibly.

A refused attach leaves the RT side running: the image built with
CK_TEST_REFUSE_ATTACH (build/<board>-refuse) refuses the first Linux's
attach; that Linux has no interrupt controller and never beats, the
co-kernel's boot watchdog (an RT timer, CK_GUEST_BOOT_TIMEOUT_MS cut to
3 s) restarts it, and the next one attaches.
"""
import os
import re
import subprocess

import pytest

from cksession import CK_PREFIX, TOP, Session, make_var, task_overruns

FAULT = re.compile(r"Unable to handle kernel|Internal error|Oops|Kernel panic|"
                   r"FATAL exception|Bad mode")


def build_test_image(board, tag, cflags):
    """build/<board>-<tag>/cokernel-linux.elf with test knobs @cflags."""
    b = os.path.join(TOP, "build", f"{board}-{tag}")
    subprocess.run(["make", "-s", "--no-print-directory", "-C", TOP,
                    f"BOARD={board}", f"B={b}", f"CK_TEST_CFLAGS={cflags}",
                    "image"], check=True, timeout=7200)
    return os.path.join(b, "cokernel-linux.elf")


@pytest.fixture(scope="module")
def rtline_guest(board):
    line = make_var(board, "TEST_SOFT_RT_LINE")
    if not line:
        pytest.skip(f"{board}: no software-raisable RT line (TEST_SOFT_RT_LINE)")
    image = build_test_image(board, "rtline", f"-DCK_TEST_BOOT_WINDOW_LINE={line}")
    s = Session(board, image=image, logname="vpic-rtline")
    try:
        s.boot()
        yield s, int(line)
    finally:
        s.close()


def test_rt_line_raised_in_boot_window_is_held_until_rt_is_let_in(rtline_guest):
    s, line = rtline_guest
    # the shell answers: Linux booted through the window
    rc, out = s.sh("echo alive")
    assert rc == 0 and out == ["alive"], out
    # the RT side reports within a second of serving it
    report = re.compile(re.escape(f"{CK_PREFIX}test RT line {line}: ") +
                        r"served (\d+) times, (\d+) after attach\r*\n")
    if not report.search(s.log):
        s.expect(report, timeout=60)
    lines = s.lines()
    text = "\n".join(lines)
    assert not FAULT.search(text), text[-3000:]
    boot = [i for i, l in enumerate(lines) if l.startswith(CK_PREFIX + "booting Linux")]
    attach = [i for i, l in enumerate(lines) if l.startswith(CK_PREFIX + "Linux attached")]
    served = [(i, report.match(l + "\n")) for i, l in enumerate(lines)]
    served = [(i, m) for i, m in served if m]
    assert boot and attach and served, text[-3000:]
    assert boot[0] < attach[0] < served[0][0]
    # served once, when Linux let RT in (before attach where it does so
    # early): the raise in the window was held, not lost
    m = served[0][1]
    early = make_var(s.board, "LINUX_EARLY_RT") == "yes"
    assert (m.group(1), m.group(2)) == ("1", "0" if early else "1"), m.group(0)


@pytest.fixture(scope="module")
def refused_guest(board):
    if make_var(board, "LINUX_RESTART") != "yes":
        pytest.skip(f"{board}: the co-kernel does not restart Linux here (LINUX_RESTART)")
    image = build_test_image(board, "refuse",
                             "-DCK_TEST_REFUSE_ATTACH -DCK_GUEST_BOOT_TIMEOUT_MS=3000")
    s = Session(board, image=image, logname="vpic-refuse")
    try:
        yield s
    finally:
        s.close()


def test_refused_attach_keeps_rt_and_linux_comes_back(refused_guest):
    """The first attach refused: RT runs on (ARM926 Linux puts the
    co-kernel's boot entry back, which runs at its boot addresses), so its
    boot watchdog notices the Linux that never beats and restarts it; the
    next Linux attaches and reaches its shell, and the 1 kHz `latency`
    task missed no period."""
    s = refused_guest
    s.expect(re.escape(CK_PREFIX + "test knob: attach refused"), timeout=180)
    # a Linux without an interrupt controller hangs or panics
    s.expect(r"Linux down: (Linux never beat after its entry \(reason 5\)|"
             r"Linux panicked \(reason 3\))", timeout=300)
    s.expect(re.escape(CK_PREFIX + "Linux attached after"), timeout=180)
    s.boot(timeout=240)
    lines = s.lines()
    last = max(i for i, l in enumerate(lines) if l.startswith(CK_PREFIX + "Linux attached"))
    text = "\n".join(lines[last:])
    assert not FAULT.search(text), text[-3000:]
    assert task_overruns(s, "latency") == 0, text[-3000:]
