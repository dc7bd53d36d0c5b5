# SPDX-License-Identifier: MIT
"""report.py - make bench's outputs from its JSON: a PNG per board (the
latency histograms of the co-kernel, cyclictest in its guest and cyclictest
on PREEMPT_RT, on one log-scale plot, by gnuplot) and build/bench/summary.md
(every board's figures in one table).

    python3 tests/bench/report.py [build/bench]   rewrites the summary
"""
import glob
import json
import math
import os
import shutil
import subprocess
import sys


def tool_of(part):
    """The cyclictest program and label of a boot's figures (@part: the
    JSON's "guest" or "preempt_rt", tests/bench/bench.py, or None): {"program":
    "cyclictest" (rt-tests) or "ckcyclictest" (the project's, where rt-tests
    is not installed), "label"}; a JSON without the field predates
    ckcyclictest: rt-tests'."""
    return (part or {}).get("cyclictest_tool") or {"program": "cyclictest",
                                                   "label": "cyclictest (rt-tests)"}


def tool(part):
    """The program of tool_of(@part)."""
    return tool_of(part)["program"]


# the series of the plot: (title, how to find its figures in the JSON)
SERIES = (
    (lambda d: "co-kernel RT task (latency -t1)", lambda d, l: d["guest"]["latency_t1"].get(l)),
    (lambda d: f"{tool(d['guest'])} in the co-kernel's guest",
     lambda d, l: d["guest"]["cyclictest_guest"].get(l)),
    (lambda d: f"{tool(d.get('preempt_rt'))} on PREEMPT_RT",
     lambda d, l: (d.get("preempt_rt") or {}).get("cyclictest", {}).get(l)),
)


def plot_load(data):
    """The load the plot shows: "all" when it was run, else the one with
    the co-kernel's largest worst case."""
    t1 = data["guest"]["latency_t1"]
    if "all" in t1:
        return "all"
    return max(t1, key=lambda l: t1[l]["max_ns"])


# the plot's cells: BINS_PER_DECADE a decade, the same for every series
# (the co-kernel's histogram has 10 ns cells, cyclictest's 1 ns)
BINS_PER_DECADE = 20


def log_bins(hist):
    """{ns: samples} summed into log-spaced cells, each keyed by its lower
    edge (ns, rounded); a cell at 0 ns goes to 1 ns (a log axis has no 0)."""
    out = {}
    for k, n in hist.items():
        if not n:
            continue
        ns = max(int(k), 1)
        edge = round(10 ** (math.floor(math.log10(ns) * BINS_PER_DECADE) / BINS_PER_DECADE))
        out[edge] = out.get(edge, 0) + n
    return out


def plot(data, png):
    """Write @png from @data (bench.py's JSON): the histograms under the
    plot load, x the latency in virtual ns (log), y the samples (log).
    Returns @png, or None when gnuplot is missing."""
    gp = shutil.which("gnuplot")
    if not gp:
        return None
    load = plot_load(data)
    base = os.path.splitext(png)[0]
    plots = []
    for i, (title, get) in enumerate(SERIES):
        fig = get(data, load)
        hist = (fig or {}).get("hist_ns") if isinstance(fig, dict) else None
        if not hist:
            continue
        dat = f"{base}.{i}.dat"
        with open(dat, "w") as f:
            for ns, n in sorted(log_bins(hist).items()):
                f.write(f"{ns} {n}\n")
        over = fig.get("overflows") or 0
        plots.append(f"'{dat}' using 1:2 with linespoints lw 2 pt 7 ps 0.6 title "
                     f"\"{title(data)}, max {fig['max_ns']} ns"
                     + (f", {over} beyond the histogram" if over else "") + "\"")
    if not plots:
        return None
    script = "\n".join([
        "set terminal pngcairo size 1000,600 noenhanced" if _has_cairo(gp) else
        "set terminal png size 1000,600 noenhanced",
        f"set output '{png}'",
        f"set title \"{data['board']}: wake-up latency under load '{load}', QEMU -icount "
        f"shift=0,sleep=off -seed {data['seed']} (1 ns = 1 instruction)\"",
        "set logscale xy", "set xlabel 'latency (virtual ns)'", "set ylabel 'samples'",
        "set grid", "set key top right",
        "plot " + ", ".join(plots), ""])
    subprocess.run([gp], input=script, text=True, check=True)
    for i in range(len(SERIES)):
        if os.path.exists(f"{base}.{i}.dat"):
            os.remove(f"{base}.{i}.dat")
    return png


def _has_cairo(gp):
    out = subprocess.run([gp, "-e", "set terminal"], capture_output=True, text=True)
    return "pngcairo" in (out.stdout + out.stderr)


def _cell(v, base=None):
    if not v:
        return "-"
    return f"{v}" + (f" ({v / base:.1f}x)" if base else "")


def summary(outdir):
    """Rewrite @outdir/summary.md from every <board>.json in it; its path."""
    rows, labels, boards = [], {}, []
    for path in sorted(glob.glob(os.path.join(outdir, "*.json"))):
        with open(path) as f:
            d = json.load(f)
        boards.append(d)
        w = d.get("worst", {})
        cm = d.get("cache_model") or {}
        gt, rtt = tool(d.get("guest")), tool(d.get("preempt_rt"))
        for part in (d.get("guest"), d.get("preempt_rt")):
            t = (part or {}).get("cyclictest_tool")
            if t:
                labels[t["program"]] = t["label"]
        rows.append("| {b} | {ck} | {cg} | {rt} | {pred} | {pub} | {date} |".format(
            b=d["board"], ck=_cell(w.get("cokernel_ns")),
            cg=_cell(w.get("cyclictest_guest_ns"), w.get("cokernel_ns"))
            + (f", {gt}" if w.get("cyclictest_guest_ns") else ""),
            rt=_cell(w.get("preempt_rt_ns"), w.get("cokernel_ns")) + f", {rtt}"
            if w.get("preempt_rt_ns") else (w.get("preempt_rt_ns_why") or "-"),
            pred=cm.get("predicted_us_text", "-"), pub=cm.get("published_text", "-"),
            date=d.get("date", "")[:10]))
    out = os.path.join(outdir, "summary.md")
    with open(out, "w") as f:
        f.write("# cokernel bench: worst wake-up latency under load, per board\n\n"
                "QEMU `-icount shift=0,sleep=off -seed 1`: figures are instructions (virtual ns), "
                "worst over every load row (`make bench`, tests/bench/bench.py); ratios are to the "
                "co-kernel's RT task, each cyclictest figure is followed by the program that "
                "measured it. The predicted hardware figure is the cache model's "
                "(docs/cache-model.md), a model, not a measurement.\n\n"
                "| board | co-kernel RT task | cyclictest, co-kernel's guest | cyclictest, "
                "PREEMPT_RT | predicted hardware worst (model) | published figure | run |\n"
                "|---|---|---|---|---|---|---|\n")
        f.write("\n".join(rows) + "\n")
        if labels:
            f.write("\nThe programs: " + "; ".join(
                f"{p}: {labels[p]}" for p in sorted(labels)) + ".\n")
        f.write("\n" + switch_table(boards))
    return out


# syncbench's figures: the JSON's key under guest.sync_ns, and the name of
# its row in the tool's table (linux-guest/tools/syncbench.c,
# ck_syb_fig_name()), which bench.py parses and switch_table() heads
# its columns with
SYNC_FIGS = (("mutex", "mutex lock+unlock, free"),
             ("mutex_pi", "mutex unlock -> waiter, inheritance"),
             ("event", "event post -> waiter"),
             ("queue", "queue send -> receiver"))


def _triple(f):
    return f"{f['min_ns']}/{f['avg_ns']}/{f['max_ns']}" if f else "-"


def switch_table(boards):
    """The RT switch and the sharing objects of each board's JSON (@boards:
    the loaded JSONs), min/avg/max: a markdown section."""
    rows = []
    for d in boards:
        g = d.get("guest") or {}
        sync = g.get("sync_ns") or {}
        rows.append(f"| {d['board']} | {_triple(g.get('switch_ns'))} | "
                    + " | ".join(_triple(sync.get(k)) for k, _ in SYNC_FIGS)
                    + f" | {d.get('date', '')[:10]} |")
    return ("## RT switch and sharing objects, per board\n\n"
            "min/avg/max instructions (virtual ns) on the co-kernel's clock, measured at "
            "boot by switchbench and syncbench (each sample includes one clock read); "
            "the handovers run from the call to the woken task running, the mutex's with "
            "the waiter above the owner and a medium task ready (ipc/ck_ipc_sync.h).\n\n"
            "| board | RT switch | " + " | ".join(h for _, h in SYNC_FIGS) + " | run |\n"
            "|---|---|" + "---|" * len(SYNC_FIGS) + "---|\n"
            + "\n".join(rows) + "\n")


if __name__ == "__main__":
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "bench")
    print(summary(d))
