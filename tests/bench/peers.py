#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""peers.py - the figures a user would compare the co-kernel with: rt-tests'
cyclictest inside the co-kernel's (non-RT) Linux guest, and the same
cyclictest on the board's PREEMPT_RT Linux 6.1 without the co-kernel
(`make linux-rt`, mk/linux-rt.mk), on the same emulated board under the
same QEMU -icount shift=0,sleep=off -seed 1 (1 virtual ns = 1 guest
instruction), optionally under the same load.

cyclictest runs as `cyclictest -m -p 80 -i 1000 -D <secs> -q --nsecs`: one
SCHED_FIFO 80 thread, memory locked, woken every 1000 us by
clock_nanosleep (rt-tests 2.4's only mode: its -n is gone), the latency in
ns. A Linux without rt-tests (Debian's mirror did not serve their source:
/etc/rt-tests.missing) runs the project's ckcyclictest
(linux-guest/tools/ckcyclictest.c, the same measurement and output) with
the same options; every figure records which program made it.
Its figures are Linux's wake-up latency to a user thread; the
co-kernel's own `latency` (make bench, tests/bench/bench.py) measures its
timer to its RT task.

    python3 tests/bench/peers.py --board versatilepb [--seconds 10] [--load CMD]

builds nothing: `make image linux-rt BOARD=<b>` first. Prints both figures.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "qemu"))
from cksession import TOP, Session, default_board, make_var  # noqa: E402

# cyclictest's options, but for the run's length (-D <secs> or -l <loops>)
# the field's measuring options (OSADL: -m -p80 -i1000), make bench's rows too
CYCLICTEST_OPTS = "-m -p 80 -i 1000"
# what a figure of ckcyclictest is labelled with (cyclictest's: "cyclictest
# (rt-tests <its version>)", cyclictest_tool)
CKCYCLICTEST_LABEL = "ckcyclictest (the project's; rt-tests source not served)"
# the summary line of one thread with -q, as rt-tests 2.4 prints it
# ("T: 0 ( 1234) P:80 I:1000 C:    200 Min:  54321 Act:  60000 Avg:  58000
# Max:  99999"); with --nsecs the times are ns
CYCLICTEST_LINE = re.compile(
    r"^T:\s*(?P<thread>\d+)\s+\(\s*(?P<pid>\d+)\)\s+P:\s*(?P<prio>\d+)\s+I:\s*(?P<interval>\d+)"
    r"\s+C:\s*(?P<count>\d+)\s+Min:\s*(?P<min>-?\d+)\s+Act:\s*(?P<act>-?\d+)"
    r"\s+Avg:\s*(?P<avg>-?\d+)\s+Max:\s*(?P<max>-?\d+)\s*$")
# what uname -v says of a PREEMPT_RT kernel (init/Makefile: the preemption
# model in the version string)
PREEMPT_RT_UNAME = "PREEMPT_RT"


def parse_cyclictest(lines):
    """The summary of cyclictest's first thread in @lines (its output with
    -q): a dict of ints, min, avg, max, act (the last sample) in the unit
    cyclictest printed (ns with --nsecs), count (the samples taken), prio,
    interval (us); None when no summary line is there."""
    for line in lines:
        m = CYCLICTEST_LINE.match(line.strip())
        if m:
            return {k: int(v) for k, v in m.groupdict().items()}
    return None


def cyclictest_tool(session):
    """Which cyclictest the booted Linux of @session has: rt-tests' when
    installed, else the project's ckcyclictest. Returns (program, label),
    the label naming rt-tests' version (its --help's first line) or
    CKCYCLICTEST_LABEL. Raises AssertionError when it has neither."""
    rc, out = session.sh("command -v cyclictest >/dev/null && cyclictest --help | head -n 1")
    if rc == 0 and out:
        # "cyclictest V 2.40" (rt-tests prints its VERSION with %1.2f)
        m = re.match(r"^cyclictest V (\d+\.\d+)", out[0].strip())
        return "cyclictest", f"cyclictest (rt-tests {float(m.group(1)):g})" if m else \
            "cyclictest (rt-tests, version unknown)"
    rc, out = session.sh("command -v ckcyclictest")
    if rc == 0:
        return "ckcyclictest", CKCYCLICTEST_LABEL
    raise AssertionError("neither cyclictest (rt-tests) nor ckcyclictest in this Linux")


def cyclictest_cmd(secs=None, loops=None, load=None, prog="cyclictest"):
    """The shell command line that runs @prog (cyclictest, or ckcyclictest:
    cyclictest_tool) for @secs seconds (-D)
    or @loops wake-ups (-l), exactly one of them, with @load (a shell
    command string, or None) started in the background first and its
    process group killed (SIGKILL) after; its exit status is cyclictest's.
    Raises ValueError on a bad length."""
    if (secs is None) == (loops is None):
        raise ValueError("cyclictest: give seconds or loops, one of them")
    n = secs if secs is not None else loops
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"cyclictest: length {n!r}: a positive integer expected")
    cmd = f"{prog} {CYCLICTEST_OPTS} -q --nsecs {'-D' if secs is not None else '-l'} {n}"
    if not load:
        return cmd
    # the interactive shell runs each background job in its own process
    # group (job control), so the kill reaches every process of the load;
    # SIGKILL: the subshells of an interactive ash ignore SIGTERM, and
    # hackbench catches it
    return (f"( {load} ) & lp=$!; {cmd}; rc=$?; kill -KILL -- -$lp 2>/dev/null; "
            f"wait 2>/dev/null; (exit $rc)")


def run_cyclictest(session, secs=None, loops=None, load=None, timeout=None, tool=None):
    """Run cyclictest (cyclictest_cmd) on the booted Linux of @session (a
    cksession.Session at its shell: the co-kernel's guest or the PREEMPT_RT
    peer) with @tool ((program, label); default: cyclictest_tool's choice);
    return parse_cyclictest's dict plus "line" (the summary line), "tool"
    (the program) and "tool_label".
    Raises AssertionError when cyclictest fails or prints no summary.
    Context: @timeout (s of host time) defaults to 120 + 60 per second of
    virtual time (loops: 1 ms each): a guest kept busy by a load gets no
    idle time skipped, and QEMU runs 1 instruction per virtual ns at a few
    hundred million a second on a shared host."""
    prog, label = tool or cyclictest_tool(session)
    cmd = cyclictest_cmd(secs, loops, load, prog)
    if timeout is None:
        timeout = 120 + 60 * (secs if secs is not None else -(-loops // 1000))
    rc, out = session.sh(cmd, timeout=timeout)
    r = parse_cyclictest(out)
    if rc != 0 or r is None:
        raise AssertionError(f"{cmd}: exit {rc}, no summary line:\n" + "\n".join(out))
    r["line"] = next(l.strip() for l in out if CYCLICTEST_LINE.match(l.strip()))
    r["tool"], r["tool_label"] = prog, label
    return r


def rt_kernel_args(board):
    """QEMU arguments (after the kernel image) that boot @board's PREEMPT_RT
    Linux with the board's initramfs: (image, [args]). Raises
    FileNotFoundError naming the make command when they are not built, and
    ValueError when the board has no PREEMPT_RT Linux (LINUX_RT_NONE)."""
    none = make_var(board, "LINUX_RT_NONE")
    if none:
        raise ValueError(f"{board} has no PREEMPT_RT Linux: {none}")
    image = make_var(board, "LINUX_RT_KERNEL")
    dtb = make_var(board, "LINUX_RT_DTB_FILE")
    initrd = make_var(board, "INITRAMFS_FILE")
    for f in [image, initrd] + ([dtb] if dtb else []):
        if not os.path.exists(f):
            raise FileNotFoundError(f"{f} missing: run 'make linux-rt BOARD={board}'")
    args = (["-dtb", dtb] if dtb else []) + ["-initrd", initrd,
                                              "-append", make_var(board, "LINUX_RT_APPEND")]
    return image, args


def boot_rt(board, logname="peer-rt", timeout=600, seed=1):
    """Boot @board's PREEMPT_RT Linux (rt_kernel_args) under qemu/run-<board>
    with -icount shift=0,sleep=off -seed @seed, to its shell; check that uname
    says PREEMPT_RT. Returns the Session (the caller closes it); raises
    AssertionError when the kernel is not a PREEMPT_RT one."""
    image, args = rt_kernel_args(board)
    s = Session(board, image=image, logname=logname, extra_args=args, timeout=timeout,
                seed=seed)
    try:
        s.boot(timeout=timeout)
        rc, out = s.sh("uname -a")
        if rc != 0 or not out or PREEMPT_RT_UNAME not in out[0]:
            raise AssertionError(f"{image}: not a PREEMPT_RT kernel: uname -a says {out}")
        s.uname = out[0]
    except BaseException:
        s.close()
        raise
    return s


def measure_guest(board, secs, load=None):
    """cyclictest in the co-kernel's Linux guest (build/<b>/cokernel-linux.elf):
    a fresh boot, one run; returns run_cyclictest's dict."""
    s = Session(board, logname="peer-guest", timeout=600)
    try:
        s.boot(timeout=600)
        return run_cyclictest(s, secs=secs, load=load)
    finally:
        s.close()


def measure_rt(board, secs, load=None):
    """cyclictest on @board's PREEMPT_RT Linux: a fresh boot (boot_rt), one
    run; returns run_cyclictest's dict plus "uname"."""
    s = boot_rt(board)
    try:
        r = run_cyclictest(s, secs=secs, load=load)
        r["uname"] = s.uname
        return r
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", default=None, help="default: the Makefile's")
    ap.add_argument("--seconds", type=int, default=10,
                    help="cyclictest's -D, virtual seconds (default 10)")
    ap.add_argument("--load", default=None,
                    help="a shell command run in the background during each cyclictest")
    a = ap.parse_args()
    if a.seconds < 1:
        ap.error(f"--seconds {a.seconds}: 1 or more")
    a.board = a.board or default_board()
    boards = sorted(d for d in os.listdir(os.path.join(TOP, "bsp"))
                    if os.path.exists(os.path.join(TOP, "bsp", d, "board.mk")))
    if a.board not in boards:
        ap.error(f"--board {a.board}: unknown; known boards: {' '.join(boards)}")
    rows = [("co-kernel guest (non-RT Linux)", measure_guest(a.board, a.seconds, a.load))]
    rt_none = make_var(a.board, "LINUX_RT_NONE")
    if not rt_none:
        rows.append(("PREEMPT_RT Linux, no co-kernel", measure_rt(a.board, a.seconds, a.load)))
    print(f"\ncyclictest, board {a.board}: QEMU -icount shift=0,sleep=off -seed 1;"
          f" 1 virtual ns = 1 instruction; <program> {CYCLICTEST_OPTS} -q --nsecs -D {a.seconds}"
          + (f"; load: {a.load}" if a.load else "; no load"))
    print(f"{'Linux':32} {'samples':>8} {'min':>8} {'avg':>8} {'max':>8}   (ns)  measured by")
    for name, r in rows:
        print(f"{name:32} {r['count']:8d} {r['min']:8d} {r['avg']:8d} {r['max']:8d}"
              f"        {r['tool_label']}")
    if rt_none:
        print(f"{'PREEMPT_RT Linux':32} none: {rt_none}")
    else:
        print(f"PREEMPT_RT kernel: {rows[-1][1]['uname']}")


if __name__ == "__main__":
    main()
