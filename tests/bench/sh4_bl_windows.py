#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""sh4_bl_windows - what of the SH-4 Linux guest stays non-preemptible for
INTC level 15 (the co-kernel's RT class): the stretches Linux runs with
SR.BL = 1, counted in instructions from a QEMU exec trace.

usage: sh4_bl_windows.py TRACE VMLINUX [CROSS] [--outer-vbr ADDR]
  TRACE    `qemu-system-sh4 ... -icount shift=0,sleep=off -singlestep
           -d exec,nochain -D TRACE` of a Linux boot (one "Trace" line per
           instruction); a -dfilter keeping entry.S's restore_regs ..
           restore_all, the vbr_base page, default_idle and
           arch_local_irq_restore keeps it small and the counts the same
  VMLINUX  the kernel's ELF (the build tree's vmlinux), for the addresses
  CROSS    binutils prefix (default sh4-linux-gnu-)
  --outer-vbr ADDR
           the VBR Linux runs under (the co-kernel's table): an entry
           window then starts at ADDR + 0x100 / 0x400 / 0x600 and runs
           through the co-kernel's forwarding into Linux's entry (keep the
           co-kernel's whole text in the -dfilter too); an entry that runs
           code outside the two tables' pages (the co-kernel's RT class, its
           first-event set-up) is no Linux window and is not counted

With IMASK 14 as Linux's ceiling (patch 0005), level 15 is held off only
while BL = 1 (SH7751 hardware manual §5.2: BL = 1 blocks every interrupt).
Linux sets BL in four places (notes/sh4.md §5.4):
  entry   the hardware sets BL at an exception, TLB miss or interrupt;
          Linux's entry (arch/sh/kernel/cpu/sh3/entry.S) keeps it until
          save_low_regs' `ldc r8,sr`. Counted from the first instruction at
          vbr_base + 0x100 / 0x400 / 0x600 to that ldc, inclusive.
  exit    restore_regs' `ldc r9,sr` sets BL (r8 = 0x30000000); counted
          from the instruction after it to `rte` and its delay slot.
  idle    default_idle(): set_bl_bit()'s ldc to clear_bl_bit()'s ldc,
          around `sleep` (an interrupt wakes the CPU from sleep whatever BL
          is; it is taken once BL is clear again). The time asleep is not
          counted: the instructions up to `sleep` and after it are, apart;
          the worst case is their sum.
Under the co-kernel each entry also runs the co-kernel's forwarding stub
(its VBR table) before Linux's: --outer-vbr counts it in.

Prints one line per kind: how many windows, the shortest and the longest.
"""
import re
import subprocess
import sys
from collections import defaultdict


def symbols(vmlinux, cross):
    out = subprocess.run([cross + "nm", vmlinux], check=True, capture_output=True,
                         text=True).stdout
    return {l.split()[2]: int(l.split()[0], 16) for l in out.splitlines()
            if len(l.split()) == 3}


def disasm(vmlinux, cross, start, length):
    """[(address, mnemonic, operands)] of [start, start + length)."""
    out = subprocess.run([cross + "objdump", "-d", f"--start-address={start:#x}",
                          f"--stop-address={start + length:#x}", vmlinux],
                         check=True, capture_output=True, text=True).stdout
    insns = []
    for l in out.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} ){2}\s*(\S+)\s*(.*)", l)
        if m:
            insns.append((int(m.group(1), 16), m.group(2), m.group(3).split("!")[0].strip()))
    return insns


def find(insns, mnem, ops=None, after=0):
    for a, m, o in insns:
        if a >= after and m == mnem and (ops is None or o.replace(" ", "") == ops):
            return a
    raise SystemExit(f"no {mnem} {ops or ''} after {after:#x}")


def addresses(vmlinux, cross, outer=None):
    s = symbols(vmlinux, cross)
    vbr = s["vbr_base"]
    base = outer if outer is not None else vbr
    slr = disasm(vmlinux, cross, s["save_low_regs"], 16)
    rr = disasm(vmlinux, cross, s["restore_regs"], 64)
    ra = disasm(vmlinux, cross, s["restore_all"], 96)
    idle = disasm(vmlinux, cross, s["default_idle"], 128)
    rte = find(ra, "rte")
    sleep = find(idle, "sleep")
    ldcs = [a for a, m, o in idle if m == "ldc" and o.replace(" ", "").endswith(",sr")]
    return {
        "entries": {base + 0x100: "entry (exception, vbr+0x100)",
                    base + 0x400: "entry (TLB miss, vbr+0x400)",
                    base + 0x600: "entry (interrupt, vbr+0x600)"},
        "outer": outer is not None,
        "pages": (base, vbr),
        "entry_end": find(slr, "ldc", "r8,sr"),
        "exit_start": find(rr, "ldc", "r9,sr"),
        "exit_end": rte + 2,                    # the delay slot
        "idle_start": max(a for a in ldcs if a < sleep),
        "idle_end": min(a for a in ldcs if a > sleep),
        "sleep": sleep,
    }


def pcs(trace):
    """The guest PCs of the trace, one per executed instruction."""
    last = None
    pat = re.compile(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/")
    with open(trace, errors="replace") as f:
        for l in f:
            m = pat.match(l)
            if not m:
                continue
            pc = int(m.group(1), 16)
            # an icount I/O recompile runs the same instruction again
            if pc != last:
                yield pc
            last = pc


def measure(trace, a):
    """{kind: [instructions of each window]}. The idle window is counted in
    two parts, up to `sleep` and after it, because QEMU takes an interrupt
    in sleep even with BL = 1 (target/sh4/helper.c): the entry it then
    runs is no part of the window."""
    windows = defaultdict(list)
    kind, n = None, 0
    for pc in pcs(trace):
        # under a co-kernel: an entry that runs code outside the two tables'
        # pages (the co-kernel's RT entry, its first-event set-up) is no
        # forwarded window
        if (a["outer"] and kind and kind.startswith("entry") and
                not any(b <= pc < b + 0x1000 for b in a["pages"])):
            kind = None
        if kind is None:
            if pc in a["entries"]:
                kind, n = a["entries"][pc], 0
            elif pc == a["idle_start"]:
                kind, n = "idle to sleep (set_bl_bit .. sleep)", 0
                continue                         # BL is set after this ldc
            elif pc == a["exit_start"]:
                kind, n = "exit (restore_regs ldc .. rte)", 0
                continue                         # BL is set after this ldc
            elif pc == a["sleep"] + 2:           # back from the interrupt
                kind, n = "idle from sleep (sleep .. clear_bl_bit)", 0
            else:
                continue
        if kind.startswith("idle to") and pc == a["sleep"] + 2:
            windows[kind].append(n)              # `sleep` counted: woken
            kind, n = "idle from sleep (sleep .. clear_bl_bit)", 0
        elif kind.startswith("idle to") and pc in a["entries"]:
            windows[kind].append(n)              # entered from sleep (QEMU)
            kind, n = a["entries"][pc], 0
        n += 1
        if ((kind.startswith("entry") and pc == a["entry_end"]) or
                (kind.startswith("exit") and pc == a["exit_end"]) or
                (kind.startswith("idle from") and pc == a["idle_end"])):
            windows[kind].append(n)
            kind = None
    return windows


def main():
    args = sys.argv[1:]
    outer = None
    if "--outer-vbr" in args:
        i = args.index("--outer-vbr")
        outer = int(args[i + 1], 0)
        del args[i:i + 2]
    if len(args) < 2:
        raise SystemExit(__doc__)
    cross = args[2] if len(args) > 2 else "sh4-linux-gnu-"
    a = addresses(args[1], cross, outer)
    w = measure(args[0], a)
    if not w:
        raise SystemExit("no BL=1 window in the trace: is it a -singlestep -d exec,nochain trace "
                         "of this kernel?")
    for kind in sorted(w):
        v = w[kind]
        print(f"{kind:42} {len(v):6d} windows, {min(v):3d}..{max(v):3d} instructions")


if __name__ == "__main__":
    main()
