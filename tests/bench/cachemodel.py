#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""cachemodel.py - the cache-model plugin (qemu/plugins/ckcache.c) from the
benchmarks' side: its QEMU arguments for a board and image, and what its
records predict for the hardware (docs/cache-model.md).

QEMU charges nothing for a cache miss, so the plugin runs a model of the
board's caches over the whole run and counts, per RT release, from the RT
interrupt's vector to the instruction after the latency task's clock read:
instructions, L1 I/D misses, L2 misses, write-backs, MMIO and uncached
accesses, and the distinct lines touched. The board's cost model
(bsp/<board>/board.mk CACHE_*) turns one release's counts into predicted
hardware ns; the published figure for the board is printed beside it.
These are predictions of a stated model, not measurements.

As a program it boots the image with the plugin, runs `latency -T 5 -q`
with Linux idle and under a cache-thrashing load, and prints the figures:
    python3 tests/bench/cachemodel.py --board versatilepb
"""
import argparse
import bisect
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "qemu"))
from cksession import TOP, Session, default_board, make_var, parse_rts  # noqa: E402

PLUGIN = os.path.join(TOP, "build", "host", "ckcache.so")
# the wake path's footprint goal, cache lines (issue 14)
FOOTPRINT_GOAL_LINES = 64
# evicts the co-kernel's lines as Linux's load does on hardware: a 1 MiB
# memset per dd block (the D-cache), and a program started per loop turn
# (an address-space switch: ARM926 Linux cleans and invalidates both caches)
LOAD = ("(while :; do dd if=/dev/zero of=/dev/null bs=1M count=8 2>/dev/null; done) & "
        "(while :; do cat /proc/interrupts >/dev/null; done) & ")
# a call to the clock read this many instructions after the wait
CLOSE_SEARCH_INSNS = 4
# latency -t2: the timer callback whose first clock read is the sample
TIMER_SAMPLE_FN = "lat_timer_fn"


def board_cfg(board):
    """The board's CACHE_* variables (board.mk) and the memory map the
    plugin needs, as strings ('' when unset); a ValueError when the board
    has no cache model."""
    names = ("L1I L1D L2 TAG CP15 OPEN_VA OPEN_SYMS OPEN_LINUX_SYMS LINEAR "
             "UNCACHED_VA CLOCK_MHZ CPI L2_HIT_NS FILL_NS WB_NS MMIO_NS "
             "UNCACHED_NS STORE_THROUGH_NS PUBLISHED_US PUBLISHED_WHAT").split()
    cfg = {n: make_var(board, "CACHE_" + n) for n in names}
    for n in ("SHM_PA", "SHM_SIZE", "CROSS"):
        cfg[n] = make_var(board, n)
    missing = [n for n in ("L1I", "L1D", "TAG", "CLOCK_MHZ", "CPI", "FILL_NS")
               if not cfg[n]]
    if missing:
        raise ValueError(f"bsp/{board}/board.mk has no cache model: "
                         f"CACHE_{', CACHE_'.join(missing)} unset")
    return cfg


def _nm(cross, elf):
    out = subprocess.run([cross + "nm", elf], check=True, capture_output=True,
                         text=True).stdout
    syms = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3:
            syms.setdefault(f[2], int(f[0], 16))
    return syms


def close_addresses(cross, elf):
    """The instruction after each call of ck_clock_now() made within
    CLOSE_SEARCH_INSNS instructions after a call of ck_task_wait_period():
    where the latency task has just read its sample's time
    (cokernel/apps/latency.c, lat_run_task); and after the first one in
    TIMER_SAMPLE_FN, the -t2 sample's read in RT interrupt context. A
    call is objdump's bl naming its callee; SH-4 calls through a register
    (jsr @rN), its callee named by the last literal the function loaded
    into that register, and returns to the jsr plus 4 (after the delay
    slot). A RuntimeError when there is none."""
    out = subprocess.run([cross + "objdump", "-d", "--no-show-raw-insn", elf],
                         check=True, capture_output=True, text=True).stdout
    insn = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
    callee = re.compile(r"<(ck_task_wait_period|ck_clock_now)>")
    func = re.compile(r"^[0-9a-f]+ <(\S+)>:$")
    sh_load = re.compile(r",(r\d+)\s+!")   # mov.l <literal>,rN ! value <name>
    n, wait_at, found, fn, regs = 0, None, [], None, {}
    for line in out.splitlines():
        m = func.match(line)
        if m:
            fn, wait_at, regs = m.group(1), None, {}
            continue
        m = insn.match(line)
        if not m:
            continue
        n += 1
        addr, op, rest = int(m.group(1), 16), m.group(2), m.group(3)
        c = callee.search(rest)
        if op in ("bl", "blx"):
            target = c.group(1) if c else None
        elif op == "jsr":
            target = regs.get(rest.lstrip("@"))
        else:
            ld = sh_load.search(rest)
            if ld:  # SH-4: a callee's address loaded into a register
                regs[ld.group(1)] = c.group(1) if c else None
            continue
        if target == "ck_task_wait_period":
            wait_at = n
        elif target == "ck_clock_now" and (
                fn == TIMER_SAMPLE_FN or (wait_at is not None
                                          and n - wait_at <= CLOSE_SEARCH_INSNS)):
            found.append(addr + 4)
            if fn == TIMER_SAMPLE_FN:
                fn = None  # its first read only
    if not found:
        raise RuntimeError(f"{elf}: no ck_clock_now() call after ck_task_wait_period(): "
                           "the latency task's clock read was not found")
    return found


def linux_system_map(board):
    """The guest kernel's System.map that `make image` left in
    build/<board>/linux, or None."""
    p = os.path.join(TOP, "build", board, "linux", "System.map")
    return p if os.path.exists(p) else None


def open_addresses(board, cfg, elf):
    """Where a release's window opens: the board's fixed vector addresses
    (CACHE_OPEN_VA), co-kernel symbols (CACHE_OPEN_SYMS) and, when the
    guest kernel is built, Linux symbols (CACHE_OPEN_LINUX_SYMS)."""
    addrs = [int(a, 0) for a in cfg["OPEN_VA"].split()]
    syms = _nm(cfg["CROSS"], elf)
    for s in cfg["OPEN_SYMS"].split():
        if s not in syms:
            raise RuntimeError(f"{elf}: no symbol {s} (CACHE_OPEN_SYMS)")
        addrs.append(syms[s])
    smap = linux_system_map(board) if cfg["OPEN_LINUX_SYMS"] else None
    if smap:
        with open(smap, encoding="ascii", errors="replace") as f:
            lsyms = {l.split()[2]: int(l.split()[0], 16) for l in f if len(l.split()) == 3}
        addrs += [lsyms[s] for s in cfg["OPEN_LINUX_SYMS"].split() if s in lsyms]
    return addrs


def plugin_args(board, elf, out, plugin=PLUGIN, caches=None):
    """The QEMU arguments that load the cache model for @board, its window
    bounds from @elf (the co-kernel ELF: build/<board>/cokernel.elf, or the
    image with it), its records going to @out. @caches: another board of
    the same CPU whose cache geometry to model instead (a what-if). A list
    for Session's extra_args / qemu/run-<board>."""
    if not os.path.exists(plugin):
        raise FileNotFoundError(f"{plugin} missing: run 'make cache-plugin'")
    cfg = board_cfg(board)
    geom = board_cfg(caches) if caches else cfg
    a = [f"out={out}", f"l1i={geom['L1I']}", f"l1d={geom['L1D']}", f"tag={cfg['TAG']}"]
    if geom["L2"]:
        a.append(f"l2={geom['L2']}")
    if cfg["CP15"]:
        a.append(f"cp15={cfg['CP15']}")
    if cfg["LINEAR"]:
        a.append(f"linear={cfg['LINEAR']}")
    if cfg["SHM_PA"] and cfg["SHM_SIZE"]:
        lo = int(cfg["SHM_PA"], 0)
        a.append(f"uncached={lo:#x}:{lo + int(cfg['SHM_SIZE'], 0):#x}")
    a += [f"uncached_va={r}" for r in cfg["UNCACHED_VA"].split()]
    a += [f"open={x:#x}" for x in open_addresses(board, cfg, elf)]
    a += [f"close={x:#x}" for x in close_addresses(cfg["CROSS"], elf)]
    return ["-plugin", ",".join([plugin] + a)]


def footprint_by_symbol(board, elf, summary):
    """The widest release's lines (the plugin's summary "widest_lines")
    by the co-kernel symbol each line starts in: a list of (symbol,
    instruction lines, data lines), most lines first. Physical line
    addresses are taken back to the co-kernel's virtual ones through the
    board's linear map (CACHE_LINEAR); a line outside every symbol counts
    as "?"."""
    cfg = board_cfg(board)
    syms = sorted((a, n) for n, a in _nm(cfg["CROSS"], elf).items())
    lin = [int(x, 0) for x in cfg["LINEAR"].split(":")] if cfg["LINEAR"] else None
    tally = {}
    for addr, kind in summary.get("widest_lines", []):
        if lin and lin[1] <= addr < lin[1] + lin[2] and cfg["TAG"] == "phys":
            addr = addr - lin[1] + lin[0]
        i = bisect.bisect_right(syms, (addr, "\uffff")) - 1
        name = syms[i][1] if i >= 0 and addr - syms[i][0] < 0x10000 else "?"
        t = tally.setdefault(name, [0, 0])
        t[kind == "D"] += 1
    return sorted(((n, i, d) for n, (i, d) in tally.items()),
                  key=lambda x: -(x[1] + x[2]))


def read_records(path, start=0, end=None):
    """The plugin's per-release records (dicts) in lines [@start, @end) of
    @path, and its summary dict (None until QEMU has exited)."""
    recs, summary = [], None
    with open(path, encoding="ascii") as f:
        for i, line in enumerate(f):
            if not line.endswith("\n"):
                break  # being written
            d = json.loads(line)
            if "summary" in d:
                summary = d["summary"]
            elif i >= start and (end is None or i < end):
                recs.append(d)
    return recs, summary


def count_lines(path):
    """Complete lines in @path so far (0 when it does not exist)."""
    if not os.path.exists(path):
        return 0
    with open(path, encoding="ascii") as f:
        return sum(1 for l in f if l.endswith("\n"))


def predict_ns(cfg, r):
    """One release's predicted hardware time, ns: instructions at the
    board's CPI and clock, plus each event's cost (docs/cache-model.md); a
    store miss that allocates nothing costs CACHE_STORE_THROUGH_NS (unset:
    0, the write buffer absorbs it)."""
    f = {k: float(cfg[k] or 0) for k in ("CLOCK_MHZ", "CPI", "L2_HIT_NS", "FILL_NS",
                                         "WB_NS", "MMIO_NS", "UNCACHED_NS",
                                         "STORE_THROUGH_NS")}
    l1_miss = r["i_miss"] + r["d_miss"]
    if cfg["L2"]:
        fills = l1_miss * f["L2_HIT_NS"] + r["l2_miss"] * f["FILL_NS"]
        wbs = r["l2_wb"] * f["WB_NS"]
    else:
        fills = l1_miss * f["FILL_NS"]
        wbs = r["d_wb"] * f["WB_NS"]
    return (r["insns"] * f["CPI"] * 1000.0 / f["CLOCK_MHZ"] + fills + wbs
            + r["mmio"] * f["MMIO_NS"] + r["uncached"] * f["UNCACHED_NS"]
            + r.get("st_through", 0) * f["STORE_THROUGH_NS"])


def summarize(board, recs, cfg=None):
    """The worst release by predicted time among @recs, with its counts,
    the predicted distribution (us), the largest footprint (lines) against
    the goal, and the published figure: a dict, or None without records."""
    cfg = cfg or board_cfg(board)
    if not recs:
        return None
    pred = sorted((predict_ns(cfg, r), i) for i, r in enumerate(recs))
    worst_ns, wi = pred[-1]

    def pct(p):
        return pred[min(len(pred) - 1, int(p / 100.0 * len(pred)))][0] / 1000.0

    return {
        "board": board, "releases": len(recs), "worst": recs[wi],
        "worst_us": worst_ns / 1000.0,
        "p50_us": pct(50), "p99_us": pct(99), "min_us": pred[0][0] / 1000.0,
        "worst_insns": max(r["insns"] for r in recs),
        "footprint_lines": max(r["lines"] for r in recs),
        "footprint_goal": FOOTPRINT_GOAL_LINES,
        "published_us": float(cfg["PUBLISHED_US"]) if cfg["PUBLISHED_US"] else None,
        "published_what": cfg["PUBLISHED_WHAT"],
    }


def report(name, s):
    """Lines that print one summarize() result."""
    if s is None:
        return [f"{name}: no release recorded"]
    w = s["worst"]
    pub = (f"published {s['published_us']:.0f} us ({s['published_what']})"
           if s["published_us"] else "no published figure")
    return [
        f"{name}: {s['releases']} releases; predicted us min {s['min_us']:.2f} "
        f"p50 {s['p50_us']:.2f} p99 {s['p99_us']:.2f} worst {s['worst_us']:.2f}; {pub}",
        f"  worst release: {w['insns']} insns, I-miss {w['i_miss']}, D-miss "
        f"{w['d_miss']} (and {w.get('st_through', 0)} store misses to the write "
        f"buffer), L2-miss {w['l2_miss']}, write-backs {w['d_wb']}, MMIO "
        f"{w['mmio']}, uncached {w['uncached']}, lines {w['lines']} "
        f"(I {w['i_lines']}, D {w['d_lines']})",
        f"  footprint: at most {s['footprint_lines']} lines per release "
        f"(goal {s['footprint_goal']}: "
        f"{'met' if s['footprint_lines'] <= s['footprint_goal'] else 'over'})",
    ]


def _phase(s, out, cmd, secs, records=True):
    """Run @cmd (a latency run) on the guest: its RTS dict and, with
    @records, the plugin's records written meanwhile."""
    start = count_lines(out)
    rc, lines = s.sh(cmd, timeout=600 + 120 * secs)
    end = count_lines(out)
    rts = parse_rts(lines)
    if rc != 0 or rts is None:
        sys.exit(f"latency failed (rc {rc}):\n" + "\n".join(lines))
    return rts, read_records(out, start, end)[0] if records else None


def quit_session(s):
    """Quit QEMU through its monitor (Ctrl-A X), so the plugin writes its
    summary; then close the session."""
    s.child.send("\x01x")
    deadline = time.time() + 60
    while s.child.isalive() and time.time() < deadline:
        time.sleep(0.2)
    s.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", default=None, help="default: the Makefile's")
    ap.add_argument("--image", help="default: build/<board>/cokernel-linux.elf")
    ap.add_argument("--seconds", type=int, default=5)
    ap.add_argument("--out", help="the plugin's records (default: "
                    "build/<board>/test-logs/cachemodel.jsonl)")
    ap.add_argument("--caches", metavar="BOARD",
                    help="model another board's caches and costs on this run "
                    "(same CPU: at91sam9260ek on versatilepb)")
    ap.add_argument("--no-plugin", action="store_true",
                    help="the same runs without the plugin (its wall-time cost)")
    a = ap.parse_args()
    a.board = a.board or default_board()
    try:
        cfg = board_cfg(a.caches or a.board)
        if a.caches and cfg["TAG"] != board_cfg(a.board)["TAG"]:
            raise ValueError(f"--caches {a.caches}: not the same CPU as {a.board}")
    except ValueError as e:
        sys.exit(str(e))
    except subprocess.CalledProcessError as e:
        sys.exit(f"--board {a.board}: {e.stderr.strip() or e}")
    image = a.image or os.path.join(TOP, "build", a.board, "cokernel-linux.elf")
    elf = os.path.join(TOP, "build", a.board, "cokernel.elf")
    out = a.out or os.path.join(TOP, "build", a.board, "test-logs", "cachemodel.jsonl")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    for f in (image, elf):
        if not os.path.exists(f):
            sys.exit(f"{f} missing: run 'make image BOARD={a.board}'")
    if os.path.exists(out):
        os.unlink(out)
    args = [] if a.no_plugin else plugin_args(a.board, elf, out, caches=a.caches)
    t0 = time.time()
    s = Session(a.board, image=image, logname="cachemodel", timeout=1800,
                extra_args=args)
    try:
        s.boot(timeout=1800)
        t_boot = time.time() - t0
        rows = []
        for name, mode, load in (("RT task (-t1), idle", 1, False),
                                 ("RT task (-t1), load", 1, True),
                                 ("timer handler (-t2), load", 2, True)):
            t = time.time()
            cmd = f"latency -T {a.seconds} -q -t{mode}"
            if load:
                cmd = LOAD + cmd + "; kill $(jobs -p) 2>/dev/null; wait 2>/dev/null"
            rts, recs = _phase(s, out, cmd, a.seconds, not a.no_plugin)
            rows.append((name, time.time() - t, rts, recs))
    finally:
        quit_session(s)
    print(f"cache model, {a.board}"
          f"{f' with the caches and costs of {a.caches}' if a.caches else ''}"
          f" (a model's prediction, not a measurement; "
          f"docs/cache-model.md); records: {out}")
    print(f"wall time {'without' if a.no_plugin else 'with'} the plugin: boot "
          f"{t_boot:.0f} s")
    for name, wall, rts, recs in rows:
        print(f"{name}: {a.seconds} s in {wall:.0f} s wall; QEMU latency max "
              f"{rts['max'] * 1000:.0f} instructions")
        if recs is not None:
            for line in report("  predicted", summarize(a.caches or a.board, recs,
                                                        cfg)):
                print(line)


if __name__ == "__main__":
    main()
