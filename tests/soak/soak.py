#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make soak BOARD=b MINUTES=n [CRASH_EVERY_S=s]: RT that outlives Linux,
for a long while.

One guest with the motor example (examples/motor: its 10 kHz control loop,
and the co-kernel's 1 kHz `latency` task beside it) runs the field's Linux
loads (ckload: hackbench, cache, dd, irqoff) with the motor loop in RUN;
every CRASH_EVERY_S seconds of the co-kernel's clock Linux is brought
down, in turn by a panic (sysrq c), `reboot -f` and a hang with
interrupts off, and comes back (the co-kernel restarts it; the loads and
the loop are started again). After MINUTES of the co-kernel's clock:

- every down was reported: the restarts count and the reasons in
  /sys/kernel/debug/cokernel/restarts are the crashes made, in order;
- RT missed no period outside the boot windows: the `latency` task's
  overruns are 0 where Linux lets RT in before attach (LINUX_EARLY_RT),
  else at most each restart's boot window in 1 ms periods; the motor
  loop's at most what each boot window may cost in 100 us periods, first
  boot included (cksession.boot_misses_allowed(): none for a window under
  100 us);
- every telemetry sample is accounted for: the counters of the motor's
  telemetry rings (`ckipc list`: motor.tele, every period's sample;
  motor.plot, the one the daemon takes for the web page) add up, sent =
  received + dropped + still queued, up to the samples the loop adds while
  ckipc reads the header and one per crash (a consumer killed between
  taking a sample and counting it).

Prints a summary and exits 0 when every check holds, 1 otherwise. Times
are the co-kernel's (virtual under QEMU icount). tests/qemu/test_soak.py
runs a short one per board in `make check`.
"""
import argparse
import math
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "qemu"))
from cksession import (Session, boot_misses_allowed, default_board,  # noqa: E402
                       make_var, motor_status, restarts, task_overruns)

# (name in the restarts log, the shell command, the co-kernel's words)
CRASHES = [
    ("panic", "echo c > /proc/sysrq-trigger", "Linux panicked"),
    ("restart", "reboot -f", "Linux restarted the machine"),
    ("hang", "echo 1 > /sys/kernel/debug/cokernel/hang", "no heartbeat"),
]
LOADS = "hackbench cache dd irqoff"
# samples the 10 kHz loop may add between ckipc's reads of one header
TELE_READ_SLACK = 8


def co_kernel_s(s):
    """The co-kernel's clock, seconds (the header of `ckipc tasks`)."""
    rc, out = s.sh("ckipc tasks | head -1")
    m = re.search(r"refresh \d+ at ([0-9.]+) s", out[0] if out else "")
    assert rc == 0 and m, out
    return float(m.group(1))


def linux_side(s):
    """This Linux's part: the loads, and the motor loop in RUN. After a
    restart the loop is SAFE where the daemon's heartbeat went stale
    (MOTOR_STALE_MS) before the new Linux's daemon beat, else still RUN."""
    rc, out = s.sh(f"ckload start {LOADS}", timeout=120)
    assert rc == 0, out
    st = motor_status(s)
    if st["mode"] == "SAFE":
        rc, out = s.sh("motor reset")
        assert rc == 0, out
    cmd = "motor set 0.5" if st["mode"] == "RUN" else "motor start && motor set 0.5"
    rc, out = s.sh(cmd)
    assert rc == 0, out


def ring_counts(s, name):
    """Ring @name's row of `ckipc list`: slots, head, tail, sent, dropped,
    received, and the messages still in it (a drop-oldest ring holds at
    most its slots; what the producer wrote over is counted dropped)."""
    rc, out = s.sh("ckipc list")
    rows = [l.split() for l in out if l.split()[:1] == [name]]
    assert rc == 0 and len(rows) == 1, out
    r = rows[0]
    # NAME KIND(2 words) SLOT SLOTS HEAD TAIL SENT REJECT DROP RECV ...
    c = {"slots": int(r[4]), "head": int(r[5]), "tail": int(r[6]), "sent": int(r[7]),
         "dropped": int(r[9]), "received": int(r[10])}
    c["queued"] = min((c["head"] - c["tail"]) & 0xffffffff, c["slots"])
    return c


def soak(board, minutes, crash_every_s, say=print):
    """Run the soak; return (ok, lines of the summary)."""
    s = Session(board, app="motor", logname="soak")
    summary, ok = [], True
    try:
        s.boot(timeout=300)
        first = re.search(r"RT resumed: paused (\d+) us", s.log)
        windows = [int(first.group(1))] if first else []
        lat0 = task_overruns(s, "latency")
        count0, _ = restarts(s)
        t0 = co_kernel_s(s)
        linux_side(s)
        crashes, next_crash = [], t0 + crash_every_s
        while True:
            now = co_kernel_s(s)
            if now >= t0 + minutes * 60:
                break
            if now < next_crash:
                s.sh("sleep 2", timeout=300)
                continue
            name, cmd, words = CRASHES[len(crashes) % len(CRASHES)]
            say(f"soak: {board}: {now - t0:.1f} s: crash {len(crashes) + 1}: {name}")
            s.sendline(cmd)
            s.expect(r"Linux down: " + re.escape(words), timeout=300)
            m = s.expect(r"RT resumed: paused (\d+) us", timeout=300)
            windows.append(int(m.group(1)))
            s.expect(r"Linux is back", timeout=300)
            s.boot(timeout=300)
            crashes.append(name)
            linux_side(s)
            next_crash = co_kernel_s(s) + crash_every_s
        s.sh("ckload stop", timeout=120)
        end = co_kernel_s(s)

        n, reasons = restarts(s)
        good = n - count0 == len(crashes) and \
            (not crashes or reasons[-min(len(crashes), 8):] == crashes[-8:])
        ok &= good
        summary.append(f"restarts: {len(crashes)} made, {n - count0} reported "
                       f"({', '.join(reasons[-8:]) or 'none'}): {'ok' if good else 'FAIL'}")

        lat = task_overruns(s, "latency") - lat0
        early = make_var(board, "LINUX_EARLY_RT") == "yes"
        allowed = 0 if early else sum(math.ceil(w / 1000) + 1 for w in windows[1:])
        good = lat <= allowed
        ok &= good
        summary.append(f"latency (1 kHz): {lat} overruns, at most {allowed} allowed "
                       f"(boot windows {', '.join(str(w) for w in windows)} us): "
                       f"{'ok' if good else 'FAIL'}")

        motor = task_overruns(s, "motor")
        allowed = sum(boot_misses_allowed(w) for w in windows)
        good = motor <= allowed
        ok &= good
        summary.append(f"motor (10 kHz): {motor} overruns since boot, at most "
                       f"{allowed} allowed: {'ok' if good else 'FAIL'}")

        # motor.tele: every period's sample, for `motor watch`; motor.plot:
        # the decimated one the daemon takes for the web page
        for ring in ("motor.tele", "motor.plot"):
            t = ring_counts(s, ring)
            lost = t["sent"] - t["received"] - t["dropped"] - t["queued"]
            good = -TELE_READ_SLACK <= lost <= TELE_READ_SLACK + len(crashes)
            ok &= good
            summary.append(f"{ring}: sent {t['sent']}, received {t['received']}, dropped "
                           f"{t['dropped']}, queued {t['queued']}: {lost} unaccounted: "
                           f"{'ok' if good else 'FAIL'}")
        summary.insert(0, f"soak {board}: {end - t0:.1f} s of the co-kernel's clock, "
                       f"{len(crashes)} crashes")
        if not crashes and minutes * 60 >= crash_every_s:
            ok = False
            summary.append("no crash was made in a run long enough for one: FAIL")
        good = "FATAL" not in s.log
        ok &= good
        if not good:
            summary.append("the co-kernel reported a FATAL exception: FAIL")
    finally:
        s.close()
    return ok, summary


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--board", default=default_board())
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--crash-every", type=float, default=120.0,
                    help="seconds of the co-kernel's clock between crashes")
    a = ap.parse_args()
    if a.minutes <= 0 or a.crash_every <= 0:
        ap.error("--minutes and --crash-every must be positive")
    ok, summary = soak(a.board, a.minutes, a.crash_every)
    print("\n".join(summary))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
