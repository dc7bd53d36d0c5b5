#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench.py - latency and context-switch figures under QEMU icount.

Boots the image with -icount shift=0,sleep=off and a fixed seed, so one
virtual ns is one guest instruction and the run repeats exactly. The RT
clock reads virtual time at its own resolution (its rate is in the boot
banner's "RT clock" line). Prints figures, with the board's committed
worst-case baseline beside them (LATENCY_BASELINE_TASK_NS in
bsp/<board>/board.mk, which `make check` enforces); asserts nothing.
Figures are QEMU instruction counts, not hardware microseconds: QEMU charges
nothing for exception entry, caches or bus waits.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "qemu"))
from cksession import Session, default_board, make_var, parse_rts  # noqa: E402

IRQOFF = "/sys/kernel/debug/cokernel/irqoff_ms"
LOAD = ("(while :; do :; done) & (while :; do :; done) & "
        "dd if=/dev/zero of=/dev/null bs=4k 2>/dev/null & "
        f"(while :; do echo 20 > {IRQOFF}; done) & ")
TARGET = 300


# Linux's uptime runs behind the co-kernel's clock by about the time Linux
# is started at (the board's linux_delay_ms after the first samples), cs
LINUX_CLOCK_LAG_CS = 160


def wrap_wait(board, secs):
    """On a board whose RT clocksource wraps at known times
    (RT_CLOCK_FIRST_WRAP_MS after boot, then every RT_CLOCK_WRAP_PERIOD_MS:
    r2d), shell commands that sleep until the next wrap is @secs / 2 + 1 s
    (the warm-up) ahead, so that every row is measured across one; "" on
    other boards. The guest reads its uptime (centiseconds) and computes
    the sleep itself: between two commands the host's typing lets an
    idle guest's virtual time run on by seconds. Idle, the guest sleeps
    in little host time under -icount sleep=off."""
    first, period = (make_var(board, v) for v in ("RT_CLOCK_FIRST_WRAP_MS",
                                                  "RT_CLOCK_WRAP_PERIOD_MS"))
    if not first or not period:
        return ""
    ahead = (secs // 2 + 1) * 100 + LINUX_CLOCK_LAG_CS
    return (f"u=$(sed 's/ .*//;s/\\.//' /proc/uptime); w={int(first) // 10}; "
            f"while [ $w -lt $((u + {ahead} + 200)) ]; do w=$((w + {int(period) // 10})); done; "
            f"sleep $(((w - u - {ahead}) / 100)); ")


def latency(s, secs, mode, load):
    cmd = f"latency -T {secs} -q -t{mode}"
    if load:
        cmd = LOAD + cmd + "; kill $(jobs -p) 2>/dev/null; wait 2>/dev/null"
    cmd = wrap_wait(s.board, secs) + cmd
    rc, out = s.sh(cmd, timeout=1800)
    rts = parse_rts(out)
    if rc != 0 or rts is None:
        sys.exit(f"latency failed (rc {rc}):\n" + "\n".join(out))
    return rts


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--board", default=None, help="default: the Makefile's")
    ap.add_argument("--image")
    ap.add_argument("--seconds", type=int, default=10)
    a = ap.parse_args()
    a.board = a.board or default_board()
    s = Session(a.board, image=a.image, logname="bench", timeout=1800)
    try:
        s.boot()
        rows = []
        for mode, name in ((1, "RT task (-t1)"), (2, "timer handler (-t2)")):
            for load in (False, True):
                r = latency(s, a.seconds, mode, load)
                rows.append((name, "load" if load else "idle", r))
        rc, out = s.sh("switchbench", timeout=600)
    finally:
        s.close()
    clock = [l for l in s.lines() if "RT clock" in l]
    hz = re.search(r"RT clock (\d+) Hz", clock[0]) if clock else None
    gravity = re.search(r"timer gravity (\d+) ns", clock[0]) if clock else None
    print(f"\ncokernel bench, board {a.board}: QEMU -icount shift=0,sleep=off -seed 1;"
          " 1 virtual ns = 1 instruction"
          + (f"; RT clock {int(hz.group(1)) / 1e6:g} MHz" if hz else ""))
    print(f"{'timer -> RT':22} {'Linux':5} {'min':>8} {'avg':>8} {'max':>8} {'overruns':>8}"
          "   (instructions)")
    for name, load, r in rows:
        print(f"{name:22} {load:5} {r['min']*1000:8.0f} {r['avg']*1000:8.0f}"
              f" {r['max']*1000:8.0f} {r['overruns']:8d}")
    if gravity and int(gravity.group(1)):
        print(f"timer gravity {gravity.group(1)} ns: the RT timer is armed that much early and the"
              " rest is waited out, no timer runs early (TIMER_GRAVITY_NS=0: without)")
    elif gravity:
        print("timer gravity 0 ns: no anticipation")
    worst = max(r["max"] * 1000 for n, l, r in rows if n.startswith("RT task"))
    base = make_var(a.board, "LATENCY_BASELINE_TASK_NS")
    print(f"worst case timer -> RT task: {worst:.0f} instructions "
          f"(baseline {base or '-'}, LATENCY_BASELINE_TASK_NS in bsp/{a.board}/board.mk; "
          f"target <= {TARGET}: {'met' if worst <= TARGET else 'NOT met'})")
    print("RT context switch (switchbench):")
    for l in out:
        # skip the shell's job notices about the ended load
        if l.strip() and not re.match(r"^\[\d+\][+-]?\s+(Terminated|Done)", l):
            print("  " + l)


if __name__ == "__main__":
    main()
