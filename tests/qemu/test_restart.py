# SPDX-License-Identifier: MIT
"""Linux goes down and comes back while RT runs on (core/restart.c,
ipc/ck_guest.h "Linux's life"), on every board whose co-kernel restarts
Linux (board.mk LINUX_RESTART): a panic (sysrq c), `reboot -f`,
`poweroff -f` and a hang with interrupts off (debugfs hang, which only the
heartbeat watchdog notices) each end with the co-kernel's "Linux down"
line naming the reason, a new Linux at a shell, the reason in
/sys/kernel/debug/cokernel/restarts, the co-kernel's 1 kHz `latency` task
without a missed period, and the motor example's 10 kHz loop
(examples/motor, started before Linux) still running, having missed no
period but those of the restarted Linux's boot window: the window in which
RT pauses at each entry of Linux (README "Boot window"), which the
co-kernel reports ("RT resumed: paused N us"): where Linux lets RT in
from its paging_init (LINUX_EARLY_RT) it is under 1 ms."""
import re

import pytest

from cksession import FIGURES, Session, make_var
from test_motor import APP, status

# (name in the restarts log, the shell command, the co-kernel's words)
TRIGGERS = [
    ("panic", "echo c > /proc/sysrq-trigger", "Linux panicked"),
    ("restart", "reboot -f", "Linux restarted the machine"),
    ("poweroff", "poweroff -f", "Linux powered the machine off"),
    ("hang", "echo 1 > /sys/kernel/debug/cokernel/hang", "no heartbeat"),
]


@pytest.fixture(scope="module")
def motor(board):
    """One guest with the motor example, restarted by each test in turn."""
    if make_var(board, "LINUX_RESTART") != "yes":
        pytest.skip(f"{board}: the co-kernel does not restart Linux here (LINUX_RESTART)")
    s = Session(board, app=APP, logname="restart")
    try:
        s.boot()
        yield s
    finally:
        s.close()


def restarts(s):
    """/sys/kernel/debug/cokernel/restarts: (count, [reason names])."""
    rc, out = s.sh("cat /sys/kernel/debug/cokernel/restarts")
    assert rc == 0 and out and out[0].startswith("restarts "), out
    return int(out[0].split()[1]), [l.split()[1] for l in out[1:]]


def task_overruns(s, name):
    """The OVERRUNS column of RT task @name in `ckipc tasks`."""
    rc, out = s.sh("ckipc tasks")
    rows = [l.split() for l in out if l.split()[:1] == [name]]
    assert rc == 0 and len(rows) == 1, out
    head = [l.split() for l in out if "OVERRUNS" in l]
    assert head, out
    # the WAIT column may be "-" or one word: count from the right
    return int(rows[0][len(rows[0]) - (len(head[0]) - head[0].index("OVERRUNS"))])


@pytest.mark.parametrize("name,cmd,words", TRIGGERS, ids=[t[0] for t in TRIGGERS])
def test_linux_comes_back_while_rt_runs(motor, board, name, cmd, words):
    s = motor
    count, _ = restarts(s)
    lat_before = task_overruns(s, "latency")
    before = status(s)
    s.sendline(cmd)
    m = s.expect(r"Linux down: " + re.escape(words) + r" \(reason \d+\) after (\d+) ms up",
                 timeout=120)
    assert int(m.group(1)) > 0
    m = s.expect(r"RT resumed: paused (\d+) us", timeout=120)
    window = -(-int(m.group(1)) // 100)      # periods of 100 us
    back = s.expect(r"Linux is back: first heartbeat (\d+) ms after it went down",
                    timeout=240)
    FIGURES.append(f"{board}: restart after {name}: first heartbeat "
                   f"{back.group(1)} ms after the down (virtual time)")
    s.boot(timeout=240)
    after = status(s)
    assert after["periods"] > before["periods"], (before["text"], after["text"])
    # RT still pauses for the new Linux's boot window; the rest of the
    # restart (the watchdog, the payload copy, Linux's boot after
    # attach) costs no period
    assert after["overruns"] - before["overruns"] <= window + 1, \
        (window, before["text"], after["text"])
    if make_var(board, "LINUX_EARLY_RT") == "yes":
        # a window under 1 ms: the 1 kHz task misses nothing
        assert int(m.group(1)) < 1000, m.group(0)
        assert task_overruns(s, "latency") == lat_before
    n, reasons = restarts(s)
    assert n == count + 1 and reasons and reasons[-1] == name, (n, reasons)
