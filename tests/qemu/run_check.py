#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The QEMU tests of `make check` (mk/qemu.mk qemu-test), in --jobs pytest
processes at once.

Each run is one pytest process over one board's tests, over the tests
that take no board (once), over the bare boards' tests, or over the
native-only boards': a process owns its boards' build directories and
QEMU instances, so two never share one. The runs are dealt out longest
first (each board's CHECK_MINUTES, bsp/<b>/board.mk) to whichever lane is
free first. Every run writes its whole output to <logs>/<name>.log, which
is printed in one piece when the run ends (the runs' lines never
interleave); the end says what each run took and counted, and the exit
status is 1 if any run failed, 2 on bad arguments.

Usage: run_check.py --jobs N --logs DIR [--boards "a b"] [--bare "c"]
       [--bare-tests "test_x.py ..."] [--native-only "d"]
       [--native-tests "test_y.py ..."] [-- extra pytest arguments]
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time

from cksession import TOP, make_var

PYTEST = [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider"]
# what a run without CHECK_MINUTES is assumed to take, and the small runs'
DEFAULT_MINUTES = 10.0
SMALL_MINUTES = 1.0
# how long an interrupted pytest may take to end before it is killed
STOP_GRACE_S = 10


def die(msg):
    """Bad arguments or configuration: say so, exit 2."""
    print(f"run_check.py: {msg}", file=sys.stderr)
    sys.exit(2)


def board_minutes(board):
    """CHECK_MINUTES of the board (its guest tests' duration here), else
    DEFAULT_MINUTES; a value that is not a number is an error."""
    try:
        v = make_var(board, "CHECK_MINUTES")
    except subprocess.CalledProcessError as e:
        die(f"BOARD={board}: {(e.stderr or '').strip() or e}")
    if not v:
        return DEFAULT_MINUTES
    try:
        return float(v)
    except ValueError:
        die(f"bsp/{board}/board.mk: CHECK_MINUTES := {v}: a number of minutes expected")


def plan(args):
    """The runs: (name, minutes, pytest arguments), longest first."""
    boards, bare, native = args.boards.split(), args.bare.split(), args.native_only.split()
    seen = boards + bare + native
    twice = sorted({b for b in seen if seen.count(b) > 1})
    if twice:
        die(f"{', '.join(twice)} in more than one of --boards, --bare, --native-only: "
            "two runs would share its build directory")
    runs = [(b, board_minutes(b), [f"--board={b}", "--boardless=none", "."]) for b in boards]
    runs.append(("boardless", SMALL_MINUTES, ["--boardless=only", "."]))
    if bare:
        runs.append(("bare", SMALL_MINUTES, [f"--board={b}" for b in bare] +
                     ["--boardless=none"] + args.bare_tests.split()))
    if native:
        runs.append(("native", SMALL_MINUTES, [f"--board={b}" for b in native] +
                     ["--boardless=none"] + args.native_tests.split()))
    return sorted(runs, key=lambda r: -r[1])


def counts(log):
    """pytest's last summary line in @log ("3 passed, 1 skipped in 9.1s"),
    or what is known when there is none."""
    try:
        with open(log, errors="replace") as f:
            lines = [l for l in f if re.search(r"\b(passed|failed|error|deselected|no tests ran)\b", l)]
    except OSError as e:
        return f"no log: {e}"
    return lines[-1].strip(" =\n") if lines else "no pytest summary"


def tally(summaries):
    """Sums of pytest's outcome counts over the runs' summary lines."""
    total = {}
    for s in summaries:
        for n, what in re.findall(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed)", s):
            what = "errors" if what.startswith("error") else what
            total[what] = total.get(what, 0) + int(n)
    return ", ".join(f"{n} {w}" for w, n in total.items()) or "nothing counted"


def shown(path):
    """@path relative to the project's top where it lies in it."""
    rel = os.path.relpath(path, TOP)
    return path if rel.startswith("..") else rel


def fmt(seconds):
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


def run_all(args, pending, running, done, start):
    """Start @pending's runs, at most args.jobs at once, until all ended;
    each ended run's log is printed whole and its outcome added to @done."""
    while pending or running:
        while pending and len(running) < args.jobs:
            name, _, pyargs = pending.pop(0)
            log = os.path.join(args.logs, f"{name}.log")
            out = open(log, "w")
            p = subprocess.Popen(PYTEST + pyargs + args.extra, stdout=out,
                                 stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
            out.close()
            running[p] = (name, log, time.monotonic())
            print(f"[check] {fmt(time.monotonic() - start)} {name}: started "
                  f"({shown(log)})", flush=True)
        finished = None
        while finished is None:
            for p in running:
                if p.poll() is not None:
                    finished = p
                    break
            else:
                time.sleep(1)
        name, log, t0 = running.pop(finished)
        took = time.monotonic() - t0
        with open(log, errors="replace") as f:
            sys.stdout.write(f"\n[check] ---- {name} (pytest exit {finished.returncode}, "
                             f"{fmt(took)}) ----\n")
            sys.stdout.write(f.read())
        sys.stdout.flush()
        done.append((name, finished.returncode, took, counts(log)))


def stop(running):
    """Interrupted: each running pytest gets SIGINT (its fixtures close
    their QEMU), then, after STOP_GRACE_S, SIGKILL; further signals are
    ignored meanwhile, so no pytest is left behind."""
    if not running:
        return
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    for p in running:
        p.send_signal(signal.SIGINT)
    deadline = time.monotonic() + STOP_GRACE_S
    for p in running:
        try:
            p.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--logs", required=True)
    ap.add_argument("--boards", default="")
    ap.add_argument("--bare", default="")
    ap.add_argument("--bare-tests", default="")
    ap.add_argument("--native-only", default="")
    ap.add_argument("--native-tests", default="")
    ap.add_argument("extra", nargs="*", help="more pytest arguments, after --")
    args = ap.parse_args()
    if args.jobs < 1:
        ap.error(f"--jobs {args.jobs}: at least 1")
    os.makedirs(args.logs, exist_ok=True)
    pending = plan(args)
    print(f"[check] {len(pending)} pytest runs in {args.jobs} at once: "
          + ", ".join(f"{n} (~{m:g} min)" for n, m, _ in pending), flush=True)
    start = time.monotonic()
    running = {}      # Popen -> (name, log path, start time)
    done = []         # (name, rc, seconds, summary line)
    # a TERM (CI's timeout) ends the runs too, as Ctrl-C does
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    try:
        run_all(args, pending, running, done, start)
    finally:
        stop(running)
    print(f"\n[check] QEMU tests: {fmt(time.monotonic() - start)} in all, "
          f"{args.jobs} at once")
    for name, rc, took, summary in done:
        print(f"[check]   {name:<14} {fmt(took):>6}  {'ok  ' if rc == 0 else 'FAIL'}  {summary}")
    print(f"[check]   total: {tally(s for _, _, _, s in done)}")
    failed = [name for name, rc, _, _ in done if rc != 0]
    if failed:
        print(f"[check] failed: {', '.join(failed)} (logs in {shown(args.logs)})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
