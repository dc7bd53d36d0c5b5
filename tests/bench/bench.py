#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench.py - latency figures under QEMU icount, the co-kernel beside its
peers: Linux's own cyclictest in the co-kernel's guest (same boot), and
cyclictest on a PREEMPT_RT Linux 6.1 for the same board without the
co-kernel (its own boot), under the same loads; and the cache model's
prediction of the hardware worst case.

Every boot runs with -icount shift=0,sleep=off and a fixed seed, so one
virtual ns is one guest instruction and the run repeats exactly. Figures
are instructions (virtual ns), not hardware microseconds: QEMU charges
nothing for exception entry, caches or bus waits (the cache model,
tests/bench/cachemodel.py, estimates what they would cost).

Writes build/bench/<board>.json (every figure, the QEMU and kernel versions,
the seed), build/bench/<board>.png (the latency histograms, gnuplot) and
refreshes build/bench/summary.md (every board's JSON there); asserts
nothing (make check enforces the baselines).
"""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "qemu"))
sys.path.insert(0, os.path.dirname(__file__))
from cksession import TOP, Session, default_board, make_var, parse_rts  # noqa: E402
import peers  # noqa: E402
import report  # noqa: E402

SEED = 1
# the loads of ckload (linux-guest/rootfs/ckload), "all" = every one of
# them at once; "idle" = none
LOADS = ("idle", "hackbench", "cache", "dd", "console", "irqoff", "all")
# latency's histogram: 10 ns cells up to 10 us (the last cell holds the rest)
LAT_BUCKET_NS, LAT_CELLS = 10, 1000
# cyclictest's histogram with --nsecs: 1 ns cells up to 100 us; a wake-up
# later than that is counted as an overflow, and the run's max is still
# exact. (1 ms, rt-tests' HIST_MAX, made each row write and scan a 14 MB
# file in the emulated guest: about 6 minutes of host time a row.)
CYC_HIST_NS = 100000
# a row's wall-clock bound, host seconds: a 5 s row takes about 35 s on
# the 2-core machine under load; a guest that has not answered in this
# time has hung, and the boot's remaining rows are not run
ROW_TIMEOUT_BASE_S, ROW_TIMEOUT_PER_S = 600, 60
TARGET = 300
# the rows where latency -t2 runs too (guest_run)
T2_LOADS = ("idle", "all")


def row_timeout(secs):
    """A row of @secs virtual seconds: its bound in host seconds."""
    return ROW_TIMEOUT_BASE_S + ROW_TIMEOUT_PER_S * secs


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


def under_load(load, cmd):
    """@cmd run with @load (a LOADS name) started before and stopped after,
    in one command line; its exit status is @cmd's."""
    if load == "idle":
        return cmd
    return (f"ckload start {load} && {{ {cmd}; }}; r=$?; ckload stop >/dev/null; "
            f"[ $r = 0 ]")


def parse_hsd(lines, kind="avg"):
    """latency -h's HSD lines of one histogram (Xenomai: HSD| avg| i - i+1 |
    hits): {cell: hits}."""
    hist = {}
    for l in lines:
        m = re.match(r"^HSD\|\s*(\w+)\|\s*(\d+)\s*-\s*\d+\s*\|\s*(\d+)", l)
        if m and m.group(1) == kind:
            hist[int(m.group(2))] = int(m.group(3))
    return hist


def latency(s, secs, mode, load):
    """The co-kernel's latency -t@mode for @secs under @load: figures in ns
    and the histogram of every sample ({ns: samples}, cells of
    LAT_BUCKET_NS)."""
    cmd = under_load(load, f"latency -T {secs} -q -t{mode} -h -B {LAT_BUCKET_NS} -H {LAT_CELLS}")
    try:
        rc, out = s.sh(wrap_wait(s.board, secs) + cmd, timeout=row_timeout(secs))
    except AssertionError:
        raise Hung(f"latency -t{mode} under {load}: no answer in {row_timeout(secs)} s of "
                   f"host time") from None
    rts = parse_rts(out)
    if rc != 0 or rts is None:
        sys.exit(f"latency -t{mode} under {load} failed (rc {rc}):\n" + "\n".join(out[-40:]))
    hist = {cell * LAT_BUCKET_NS: n for cell, n in parse_hsd(out).items()}
    return {"min_ns": round(rts["min"] * 1000), "avg_ns": round(rts["avg"] * 1000),
            "max_ns": round(rts["max"] * 1000), "overruns": rts["overruns"],
            "samples": sum(hist.values()), "hist_ns": hist}


def cyclictest_cmd(secs, hist_file, prog="cyclictest"):
    """cyclictest as the field runs it (OSADL: -m -p80 -i1000; rt-tests 2.4
    always sleeps with clock_nanosleep, its -n is gone), or @prog
    (ckcyclictest: peers.cyclictest_tool), for @secs, in ns (--nsecs: 1
    virtual ns = 1 instruction, the co-kernel's unit), its histogram
    (CYC_HIST_NS cells of 1 ns) into @hist_file, written when the run
    ends; then the histogram's non-empty cells and its summary printed."""
    return (f"{prog} {peers.CYCLICTEST_OPTS} -D {secs} -q --nsecs -h {CYC_HIST_NS} "
            f"--histfile={hist_file} >/dev/null && "
            f"grep -v ' 000000$' {hist_file}; rm -f {hist_file}")


def parse_cyclictest_hist(lines):
    """cyclictest --nsecs --histfile's lines: figures (ns) and {ns:
    samples} of the wake-ups within the histogram; "samples" counts every
    wake-up, "overflows" those later than its last cell. None when its
    summary lines are missing."""
    hist, fig = {}, {}
    for l in lines:
        m = re.match(r"^(\d+)\s+(\d+)", l)
        if m:
            hist[int(m.group(1))] = int(m.group(2))
            continue
        m = re.match(r"^# (Min|Avg|Max) Latencies:\s*(\d+)", l)
        if m:
            fig[m.group(1).lower() + "_ns"] = int(m.group(2))
        m = re.match(r"^# Histogram Overflows:\s*(\d+)", l)
        if m:
            fig["overflows"] = int(m.group(1))
        m = re.match(r"^# Total:\s*(\d+)", l)
        if m:
            fig["samples"] = int(m.group(1))
    if "max_ns" not in fig:
        return None
    fig["samples"] = fig.get("samples", 0) + fig.get("overflows", 0)
    fig["hist_ns"] = hist
    return fig


def parse_switchbench(lines):
    """switchbench's "switch cost: avg A ns, min B ns, max C ns": {"min_ns",
    "avg_ns", "max_ns"}, or None."""
    for l in lines:
        m = re.match(r"^switch cost: avg (\d+) ns, min (\d+) ns, max (\d+) ns$", l)
        if m:
            return {"avg_ns": int(m.group(1)), "min_ns": int(m.group(2)),
                    "max_ns": int(m.group(3))}
    return None


def parse_syncbench(lines):
    """syncbench's table: {key: {"min_ns", "avg_ns", "max_ns"}} (keys of
    report.SYNC_FIGS), and "pi_rounds": "<boosted> of <rounds>"."""
    names = {name: key for key, name in report.SYNC_FIGS}
    res = {}
    for l in lines:
        m = re.match(r"^(.+?)\s+(\d+)\s+(\d+)\s+(\d+)$", l)
        if m and m.group(1) in names:
            res[names[m.group(1)]] = {"min_ns": int(m.group(2)), "avg_ns": int(m.group(3)),
                                      "max_ns": int(m.group(4))}
        m = re.match(r"^inheritance: .* in (\d+ of \d+) rounds$", l)
        if m:
            res["pi_rounds"] = m.group(1)
    return res


class Hung(Exception):
    """A row's guest stopped answering (row_timeout): the boot is given up."""


def cyclictest(s, secs, load, prog):
    """One cyclictest row of @prog (peers.cyclictest_tool's program) under
    @load: its figures, "tool" = @prog among them; or {"error": text}."""
    try:
        rc, out = s.sh(under_load(load, cyclictest_cmd(secs, "/tmp/cyclictest.hist", prog)),
                       timeout=row_timeout(secs))
    except AssertionError:
        raise Hung(f"{prog} under {load}: no answer in {row_timeout(secs)} s of host time "
                   f"(the console's last lines: {' / '.join(s.lines()[-3:])})") from None
    fig = parse_cyclictest_hist(out)
    if rc != 0 or fig is None:
        return {"error": f"{prog} failed (rc {rc}): " + " / ".join(out[-5:])}
    fig["tool"] = prog
    return fig


def guest_run(board, image, secs, loads):
    """One boot of co-kernel + Linux: per load, latency -t1 and cyclictest in
    the guest; -t2 in the idle and all rows (T2_LOADS: the timer handler's
    path has no task switch for a load to reach); switchbench and syncbench
    (measured at boot, read at the end). Returns the figures and the
    versions the boot printed."""
    s = Session(board, image=image, logname="bench", timeout=3600, seed=SEED)
    res = {"latency_t1": {}, "latency_t2": {}, "cyclictest_guest": {}}
    try:
        s.boot()
        try:
            prog, label = peers.cyclictest_tool(s)
            res["cyclictest_tool"] = {"program": prog, "label": label}
        except AssertionError as e:
            prog, why = None, str(e)
        for load in loads:
            print(f"[bench] {board}: {load}: latency -t1, {prog or 'no cyclictest'} in the guest",
                  flush=True)
            res["latency_t1"][load] = latency(s, secs, 1, load)
            res["cyclictest_guest"][load] = cyclictest(s, secs, load, prog) if prog else {
                "error": why}
        for load in T2_LOADS:
            if load in loads:
                res["latency_t2"][load] = latency(s, secs, 2, load)
        # a hang of the co-kernel's guest is not recorded and passed over
        # as PREEMPT_RT's is (peers_run): Hung ends make bench with its text
        rc, out = s.sh("switchbench", timeout=600)
        res["switchbench"] = [l for l in out if l.strip()]
        res["switch_ns"] = parse_switchbench(out)
        rc, out = s.sh("syncbench", timeout=600)
        res["syncbench"] = [l for l in out if l.strip()]
        res["sync_ns"] = parse_syncbench(out)
        rc, out = s.sh("uname -rv")
        res["guest_kernel"] = out[0] if out else ""
    finally:
        s.close()
    clock = [l for l in s.lines() if "RT clock" in l]
    hz = re.search(r"RT clock (\d+) Hz", clock[0]) if clock else None
    gravity = re.search(r"timer gravity (\d+) ns", clock[0]) if clock else None
    res["rt_clock_hz"] = int(hz.group(1)) if hz else None
    res["timer_gravity_ns"] = int(gravity.group(1)) if gravity else None
    return res


def qemu_version():
    qb = os.environ.get("QEMU_BIN", "")
    exe = os.path.join(qb, "qemu-system-arm") if qb else "qemu-system-arm"
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
        return out.splitlines()[0], qb
    except OSError as e:
        return f"unknown ({e})", qb


def worst(fig):
    return fig.get("max_ns") if isinstance(fig, dict) else None


def print_report(board, data):
    g = data["guest"]
    print(f"\ncokernel bench, board {board}: QEMU -icount shift=0,sleep=off -seed {SEED};"
          " 1 virtual ns = 1 instruction"
          + (f"; RT clock {g['rt_clock_hz'] / 1e6:g} MHz" if g.get("rt_clock_hz") else ""))
    rt = data.get("preempt_rt") or {}
    gtool, rtool = report.tool_of(g), report.tool_of(rt)
    print(f"{'load':10} {'co-kernel -t1':>22} {'-t2':>6} {gtool['program'] + ' guest':>24} "
          f"{rtool['program'] + ' PREEMPT_RT':>24}")
    print(f"{'':10} {'min/avg/max':>22} {'max':>6} {'min/avg/max':>24} {'min/avg/max':>24}"
          "   (instructions = virtual ns)")
    notes = []

    def triple(f):
        """A cell's min/avg/max; a row without figures gets a numbered note
        (its reason, printed under the table)."""
        if isinstance(f, dict) and "max_ns" in f:
            return f"{f['min_ns']}/{f['avg_ns']}/{f['max_ns']}"
        if isinstance(f, dict) and f.get("error"):
            if f["error"] not in notes:
                notes.append(f["error"])
            return f"none [{notes.index(f['error']) + 1}]"
        return "-"
    for load in data["loads"]:
        t2 = g["latency_t2"].get(load)
        print(f"{load:10} {triple(g['latency_t1'][load]):>22} "
              f"{(str(t2['max_ns']) if t2 else '-'):>6} "
              f"{triple(g['cyclictest_guest'].get(load)):>24} "
              f"{triple(rt.get('cyclictest', {}).get(load)) if rt else '-':>24}")
    for i, note in enumerate(notes):
        print(f"  [{i + 1}] {note}")
    if any(load not in T2_LOADS for load in data["loads"]):
        print(f"  -t2 '-': measured in the {' and '.join(T2_LOADS)} rows only")
    w = data["worst"]
    print(f"worst case under every load: co-kernel RT task {w['cokernel_ns']}"
          f" (target <= {TARGET}: {'met' if w['cokernel_ns'] <= TARGET else 'NOT met'};"
          f" baseline {make_var(board, 'LATENCY_BASELINE_TASK_NS') or '-'})")
    for key, name in (("cyclictest_guest_ns", f"{gtool['label']} in the co-kernel's guest "
                       "(Linux 6.1, not RT)"),
                      ("preempt_rt_ns", f"{rtool['label']} on PREEMPT_RT Linux 6.1, "
                       "no co-kernel")):
        v = w.get(key)
        if not v:
            print(f"  {name}: {w.get(key + '_why', 'not measured')}")
            continue
        print(f"  {name}: {v} = {v / w['cokernel_ns']:.1f} x the co-kernel's")
        if key == "cyclictest_guest_ns":
            # the irq-off knob (rows irqoff and all) is Linux masking its
            # interrupts 20 ms at a time: what the guest shows without it
            rest = [f["max_ns"] for l, f in g["cyclictest_guest"].items()
                    if l not in ("irqoff", "all") and isinstance(f, dict) and "max_ns" in f]
            if rest:
                print(f"    without the irq-off knob (rows other than irqoff and all): "
                      f"{max(rest)} = {max(rest) / w['cokernel_ns']:.1f} x the co-kernel's")
    if rt.get("why_not"):
        print(f"PREEMPT_RT: {rt['why_not']}")
    if g.get("timer_gravity_ns"):
        print(f"timer gravity {g['timer_gravity_ns']} ns: the RT timer is armed that much early "
              "and the rest is waited out, no timer runs early (TIMER_GRAVITY_NS=0: without)")
    cm = data.get("cache_model")
    if cm:
        for line in cm.get("report", []):
            print(line)
    print("RT context switch (switchbench):")
    for l in g.get("switchbench", []):
        if not re.match(r"^\[\d+\][+-]?\s+(Terminated|Done)", l):
            print("  " + l)
    print("RT mutexes, event flags, queues (syncbench; instructions = virtual ns):")
    for l in g.get("syncbench", []):
        if not re.match(r"^\[\d+\][+-]?\s+(Terminated|Done)", l):
            print("  " + l)


def summarize_worst(data):
    g = data["guest"]
    w = {"cokernel_ns": max(f["max_ns"] for f in g["latency_t1"].values())}
    cyc = [worst(f) for f in g["cyclictest_guest"].values() if worst(f)]
    w["cyclictest_guest_tool"] = report.tool_of(g)["label"]
    if cyc:
        w["cyclictest_guest_ns"] = max(cyc)
    else:
        w["cyclictest_guest_ns_why"] = "no cyclictest figure (see the rows)"
    rt = data.get("preempt_rt") or {}
    rtw = [worst(f) for f in rt.get("cyclictest", {}).values() if worst(f)]
    if rtw:
        w["preempt_rt_ns"] = max(rtw)
        w["preempt_rt_tool"] = report.tool_of(rt)["label"]
    else:
        w["preempt_rt_ns_why"] = rt.get("why_not", "not measured")
    return w


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", default=None, help="default: the Makefile's")
    ap.add_argument("--image")
    ap.add_argument("--seconds", type=int, default=5, help="per row (default 5)")
    ap.add_argument("--loads", default=",".join(LOADS),
                    help=f"comma-separated, from {','.join(LOADS)}")
    ap.add_argument("--out", default=os.path.join(TOP, "build", "bench"))
    ap.add_argument("--no-peers", action="store_true", help="skip the PREEMPT_RT boot")
    ap.add_argument("--no-cache-model", action="store_true", help="skip the cache model's boot")
    a = ap.parse_args()
    a.board = a.board or default_board()
    loads = [l for l in a.loads.split(",") if l]
    bad = [l for l in loads if l not in LOADS]
    if bad or not loads:
        sys.exit(f"bench.py: --loads {a.loads}: known loads: {','.join(LOADS)}")

    qv, qb = qemu_version()
    data = {"board": a.board, "seed": SEED, "seconds_per_row": a.seconds, "loads": loads,
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "qemu": {"version": qv, "bin": qb,
                     "args": f"-icount shift=0,sleep=off -seed {SEED}"},
            "unit": "virtual ns = instructions"}
    try:
        data["guest"] = guest_run(a.board, a.image, a.seconds, loads)
    except Hung as e:
        sys.exit(f"bench.py: {a.board}: the co-kernel's guest stopped answering: {e}")
    if not a.no_peers:
        data["preempt_rt"] = peers_run(a.board, a.seconds, loads)
    if not a.no_cache_model:
        data["cache_model"] = cache_model_run(a.board, a.image, a.seconds)
    data["worst"] = summarize_worst(data)
    print_report(a.board, data)
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, f"{a.board}.json")
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
    png = report.plot(data, os.path.join(a.out, f"{a.board}.png"))
    summary = report.summary(a.out)
    print(f"\nwrote {path}, {png or '(no plot: gnuplot missing)'}, {summary}")


def peers_run(board, secs, loads):
    """cyclictest on the board's PREEMPT_RT kernel (tests/bench/peers.py:
    make linux-rt), under the same loads as the guest rows (ckload is in
    its initramfs; irqoff is the co-kernel guest's knob: no such row), or
    why there is none."""
    try:
        s = peers.boot_rt(board, logname="bench-preempt-rt", timeout=1800)
    except (ValueError, FileNotFoundError, AssertionError) as e:
        return {"why_not": str(e)}
    res = {"uname": s.uname, "cyclictest": {}}
    try:
        try:
            prog, label = peers.cyclictest_tool(s)
        except AssertionError as e:
            return {"why_not": str(e)}
        res["cyclictest_tool"] = {"program": prog, "label": label}
        rc, out = s.sh("ckload list")
        # "<load> ready" or "hackbench ready (<program>)"
        ready = {l.split()[0] for l in out if l.split()[1:2] == ["ready"]}
        hung = None
        for load in loads:
            if load not in ("idle", "all") and load not in ready:
                res["cyclictest"][load] = {"error": "not on PREEMPT_RT: " + next(
                    (l.split(None, 1)[1] for l in out if l.startswith(load + " ")), "unknown")}
                continue
            if hung:
                res["cyclictest"][load] = {"error": f"not run: the boot hung before ({hung})"}
                continue
            print(f"[bench] {board}: {load}: {prog} on PREEMPT_RT", flush=True)
            try:
                res["cyclictest"][load] = cyclictest(s, secs, load, prog)
            except Hung as e:
                hung = str(e)
                print(f"[bench] {board}: PREEMPT_RT hung: {hung}", flush=True)
                res["cyclictest"][load] = {"error": f"the guest hung: {hung}"}
    finally:
        s.close()
    return res


def cache_model_run(board, image, secs):
    """The co-kernel under the cache model (tests/bench/cachemodel.py, the
    TCG plugin of make cache-plugin): latency -t1 idle and under every
    load; the worst release's predicted hardware time, the published
    figure beside it, the footprint."""
    import cachemodel
    elf = os.path.join(TOP, "build", board, "cokernel.elf")
    out = os.path.join(TOP, "build", board, "test-logs", "bench-cachemodel.jsonl")
    try:
        cfg = cachemodel.board_cfg(board)
        args = cachemodel.plugin_args(board, elf, out)
    except (ValueError, FileNotFoundError) as e:
        return {"report": [f"cache model: {e}"]}
    if os.path.exists(out):
        os.unlink(out)
    s = Session(board, image=image, logname="bench-cachemodel", timeout=3600,
                extra_args=args, seed=SEED)
    phases = {}
    try:
        s.boot(timeout=3600)
        for load in ("idle", "all"):
            print(f"[bench] {board}: {load}: latency -t1 under the cache model", flush=True)
            cmd = under_load(load, f"latency -T {secs} -q -t1")
            rts, recs = cachemodel._phase(s, out, cmd, secs)
            phases[load] = cachemodel.summarize(board, recs, cfg)
    finally:
        cachemodel.quit_session(s)
    report_lines = ["cache model (a model's prediction, not a measurement; docs/cache-model.md):"]
    for load, summ in phases.items():
        report_lines += cachemodel.report(f"  latency -t1, load {load}", summ)
    worst = max((p for p in phases.values() if p), key=lambda p: p["worst_us"], default=None)
    res = {"phases": phases, "report": report_lines}
    if worst:
        res["predicted_us"] = worst["worst_us"]
        res["predicted_us_text"] = f"{worst['worst_us']:.1f} us"
        res["footprint_lines"] = worst["footprint_lines"]
        if worst["published_us"]:
            res["published_text"] = f"{worst['published_us']:g} us ({worst['published_what']})"
    return res


if __name__ == "__main__":
    main()
