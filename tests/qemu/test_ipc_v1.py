# SPDX-License-Identifier: MIT
"""IPC v1 under QEMU, on every board with a guest: both doorbells
(Linux's notify waking an RT task blocked in ck_chan_recv(), the RT side's
send waking a Linux process blocked in poll() on the UIO device) through
the RT echo task (cokernel/apps/ipcecho.c), and the 30-line libckipc
example (examples/ipc-poll/ckecho.c). A lost wake-up in either direction
leaves a message unanswered for 1 s and fails `ckipc echo`."""
import re

ECHO_COUNT = 3000


def test_echo_round_trips_lose_no_wake_up(guest):
    rc, out = guest.sh(f"ckipc echo {ECHO_COUNT}", timeout=600)
    text = "\n".join(out)
    assert rc == 0, text
    m = re.search(r"echo: (\d+) round trips \((\d+) with two in flight\), "
                  r"(\d+) lost, (\d+) wrong", text)
    assert m, text
    assert int(m.group(1)) == ECHO_COUNT
    assert int(m.group(2)) > 0          # the two-in-flight phase ran
    assert (m.group(3), m.group(4)) == ("0", "0"), text


def test_echo_counters_match(guest):
    """Every message went both ways: the channels' counters agree."""
    rc, out = guest.sh("ckipc list")
    assert rc == 0, out
    rows = {l.split()[0]: l.split() for l in out if l.startswith("echo.")}
    assert set(rows) == {"echo.in", "echo.out"}, out
    # NAME KIND(2 words) SLOT SLOTS HEAD TAIL SENT REJECT DROP RECV ...
    sent_in, recv_in = int(rows["echo.in"][7]), int(rows["echo.in"][10])
    sent_out, recv_out = int(rows["echo.out"][7]), int(rows["echo.out"][10])
    assert sent_in == recv_in == sent_out == recv_out >= ECHO_COUNT, out


def test_ckecho_example_answers_through_poll(guest):
    rc, out = guest.sh("(echo hello; echo rt; sleep 1) | ckecho", timeout=60)
    assert rc == 0, out
    assert "RT echoed: hello" in out and "RT echoed: rt" in out, out


def test_echo_refuses_bad_counts(guest):
    for arg in ("0", "x", "-3"):
        rc, out = guest.sh(f"ckipc echo {arg}")
        assert rc == 2, (arg, out)


def test_write_notifies_the_rt_side(guest):
    """`ckipc write` on echo.in rings the RT doorbell: the echo comes back
    without any other traffic, and `ckipc read` takes it."""
    rc, out = guest.sh("ckipc write echo.in ping && sleep 1 && ckipc read -x echo.out")
    assert rc == 0, out
    assert any("ping" in l for l in out), out
