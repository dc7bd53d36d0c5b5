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
from its paging_init, or RT never pauses (LINUX_EARLY_RT), it is under
1 ms. Where Linux cannot
write the co-kernel (LINUX_PROTECT), a store into it (debugfs poke_ck)
faults and ends the same way; garbage over the whole IPC region (debugfs
scribble_shm) costs RT nothing, and the restart after a crash repairs
every channel."""
import re

import pytest

from cksession import FIGURES, Session, boot_misses_allowed, make_var, restarts, task_overruns
from cksession import motor_status as status
from test_motor import APP

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








def snapshot(s):
    """What a restart is checked against: the restart count, the 1 kHz
    `latency` task's overruns, the motor loop's status."""
    return {"count": restarts(s)[0], "lat": task_overruns(s, "latency"), "motor": status(s)}


def comes_back_with_rt_kept(s, board, before, reason):
    """After a down: the new Linux reaches its shell; the motor loop ran on
    and missed no period but those the new Linux's boot window may cost
    (cksession.boot_misses_allowed(): none where it is under 100 us; the
    rest of the restart, the watchdog, the payload copy and Linux's boot
    after attach, costs none); where that window is under
    1 ms (LINUX_EARLY_RT) the 1 kHz task missed nothing; @reason is the
    last in the restarts log. Return the "Linux is back" match."""
    m = s.expect(r"RT resumed: paused (\d+) us", timeout=120)
    allowed = boot_misses_allowed(int(m.group(1)))
    back = s.expect(r"Linux is back: first heartbeat (\d+) ms after it went down",
                    timeout=240)
    s.boot(timeout=240)
    after = status(s)
    b = before["motor"]
    assert after["periods"] > b["periods"], (b["text"], after["text"])
    assert after["overruns"] - b["overruns"] <= allowed, (allowed, b["text"], after["text"])
    if make_var(board, "LINUX_EARLY_RT") == "yes":
        assert int(m.group(1)) < 1000, m.group(0)
        assert task_overruns(s, "latency") == before["lat"]
    n, reasons = restarts(s)
    assert n == before["count"] + 1 and reasons and reasons[-1] == reason, (n, reasons)
    return back


@pytest.mark.parametrize("name,cmd,words", TRIGGERS, ids=[t[0] for t in TRIGGERS])
def test_linux_comes_back_while_rt_runs(motor, board, name, cmd, words):
    s = motor
    before = snapshot(s)
    s.sendline(cmd)
    m = s.expect(r"Linux down: " + re.escape(words) + r" \(reason \d+\) after (\d+) ms up",
                 timeout=120)
    assert int(m.group(1)) > 0
    back = comes_back_with_rt_kept(s, board, before, name)
    FIGURES.append(f"{board}: restart after {name}: first heartbeat "
                   f"{back.group(1)} ms after the down (virtual time)")


def prot_ranges(s):
    """The protected ranges the co-kernel reported so far, one per Linux
    it protected itself from: [(first byte, end)]."""
    return [(int(a, 16), int(b, 16) + 1) for a, b in re.findall(
        r"Linux cannot write the co-kernel's memory: 0x([0-9a-f]{8})-0x([0-9a-f]{8})", s.log)]


@pytest.mark.parametrize("where", ["first", "last"])
def test_write_into_the_co_kernel_faults_and_linux_comes_back(motor, board, where):
    """debugfs poke_ck: Linux stores a word into the co-kernel's private
    memory (its code at the first byte, the last word of the protected
    range at the last): the store faults in Linux (never "went through"), the oops
    panics Linux (CONFIG_PANIC_ON_OOPS), the co-kernel restarts it, and
    RT missed nothing but the new Linux's boot window."""
    if make_var(board, "LINUX_PROTECT") != "yes":
        pytest.skip(f"{board}: Linux can write the co-kernel's memory here (LINUX_PROTECT)")
    s = motor
    ranges = prot_ranges(s)
    assert ranges, "no protection reported"
    lo, hi = ranges[-1]
    assert hi - lo >= 1 << 20, (hex(lo), hex(hi))
    off = 0 if where == "first" else hi - lo - 4
    before = snapshot(s)
    s.sendline(f"echo {off} > /sys/kernel/debug/cokernel/poke_ck")
    at = f"{lo + off:08x}"
    s.expect(r"writing 0badc0de at " + at, timeout=60)
    # ARM: "Unable to handle kernel paging request at virtual address ..."
    # (a permission fault) or "Unhandled fault: ... at 0x..."; PowerPC:
    # "BUG: Unable to handle kernel data access on write at 0x..."
    m = s.expect(r"(paging request at virtual address|fault \(0x[0-9a-f]+\) at"
                 r"|data access on write at) (0x)?" + at + r"|went through", timeout=60)
    assert "went through" not in m.group(0), m.group(0)
    s.expect(r"Kernel panic - not syncing: Fatal exception", timeout=60)
    s.expect(r"Linux down: Linux panicked", timeout=60)
    comes_back_with_rt_kept(s, board, before, "panic")
    # the new Linux is kept out again
    assert prot_ranges(s)[len(ranges):] == [(lo, hi)], prot_ranges(s)


def test_garbage_over_the_ipc_region_then_a_crash(motor, board):
    """debugfs scribble_shm fills the whole IPC region with garbage, the
    worst a broken Linux can do to it: the RT side keeps every period (its
    handles are its own), and after a crash the restart repairs every
    channel from the RT side's handles, so the new Linux finds each by
    name again and the tools work."""
    s = motor
    before = snapshot(s)
    rc, out = s.sh("echo 7 > /sys/kernel/debug/cokernel/scribble_shm; sleep 1; "
                   "cat /sys/kernel/debug/cokernel/scribble_shm")
    assert rc == 0 and out and int(out[-1]) > 0, out
    rc, out = s.sh("ckipc list")
    assert any("channel corrupt" in l for l in out), out     # it did land
    s.sendline("echo c > /proc/sysrq-trigger")
    s.expect(r"Linux down: Linux panicked", timeout=60)
    m = s.expect(r"IPC: (\d+) repairs", timeout=60)
    assert int(m.group(1)) > 0
    comes_back_with_rt_kept(s, board, before, "panic")
    rc, out = s.sh("ckipc list")
    assert rc == 0 and not any("corrupt" in l or "FAULTED" in l for l in out), out
    rc, out = s.sh("latency -T 1 2>&1 | tail -1")
    assert rc == 0 and out and out[-1].startswith("RTS|"), out
    assert "FATAL" not in s.log
