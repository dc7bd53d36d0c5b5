# SPDX-License-Identifier: MIT
"""The co-kernel alone (no Linux payload): build/<board>/cokernel.elf boots,
prints its banner and runs the latency app on the RT timer (and, on boards
that link newlib, the libc checks of cokernel/apps/libc/libcdemo.c).

The image is `make image BOARD=<board> NO_LINUX=1` (or the cokernel.elf any
`make image` leaves beside the full image). Runs under -icount
shift=0,sleep=off with a fixed seed (cksession), so the figures are virtual
ns and repeat exactly. The latency task only wakes from the RT timer's
interrupt (RT class: FIQ on ARM926, the critical input on e500), so sample
lines with plausible figures and no overrun show that path works.
"""
import os
import re
import subprocess

import pytest

from cksession import (CK_PREFIX, TOP, Session, check_baseline, fit_image, make_var,
                        parse_rtd)

RTD_LINES = 3


def rtd_lines(board):
    """The RTD lines to read: RTD_LINES, or up to two seconds past the
    clocksource's first wrap on a board that sets when it comes
    (RT_CLOCK_FIRST_WRAP_MS in board.mk), so that the run crosses it."""
    wrap_ms = make_var(board, "RT_CLOCK_FIRST_WRAP_MS")
    return max(RTD_LINES, -(-int(wrap_ms) // 1000) + 2) if wrap_ms else RTD_LINES


@pytest.fixture(scope="module")
def bare(board):
    image = os.path.join(TOP, "build", board, "cokernel.elf")
    if not os.path.exists(image):
        pytest.fail(f"{image} missing: run 'make image BOARD={board}'"
                    f" (NO_LINUX=1 for a port without its Linux step)")
    s = Session(board, image=image, logname="bare")
    try:
        s.expect(re.escape(CK_PREFIX) + r"cokernel \S+ on " + re.escape(board) + r" ",
                 timeout=60)
        for _ in range(rtd_lines(board)):
            s.expect(re.escape(CK_PREFIX) + r"RTD\|[^\r\n]*\r*\n", timeout=120)
        yield s
    finally:
        s.close()


def _rtd(s):
    return parse_rtd([l[len(CK_PREFIX):] for l in s.lines() if l.startswith(CK_PREFIX)])


def test_banner_then_rt_samples(bare):
    lines = bare.lines()
    banner = [i for i, l in enumerate(lines) if l.startswith(CK_PREFIX + "cokernel ")]
    rtd = [i for i, l in enumerate(lines) if l.startswith(CK_PREFIX + "RTD|")]
    assert banner, "no co-kernel banner"
    assert len(rtd) >= RTD_LINES, "fewer RTD lines than expected"
    assert banner[0] < rtd[0]
    assert not [l for l in lines if "FATAL" in l], "the co-kernel reported a fault"


def test_latency_within_baseline(bare, board):
    """Timer-driven wake-ups after their release (min > 0: no timer runs
    early), no overrun, and a worst case within the board's committed
    LATENCY_BASELINE_BARE_NS (instructions) plus its LATENCY_SLACK_BARE_NS,
    in every second, that of the clocksource's first wrap included on a
    board that sets RT_CLOCK_FIRST_WRAP_MS."""
    rtd = _rtd(bare)
    assert len(rtd) >= rtd_lines(board)
    for r in rtd:
        print(f"RTD min {r['min']:.3f} avg {r['avg']:.3f} max {r['max']:.3f} us, "
              f"overruns {r['overruns']}")
        assert r["overruns"] == 0, r
        assert 0.0 < r["min"] <= r["avg"] <= r["max"], r
    ok, line = check_baseline(board, "timer -> RT task, co-kernel alone",
                              max(r["max"] for r in rtd), "LATENCY_BASELINE_BARE_NS")
    print(line)
    assert ok, line


# ---- newlib in the RT programs (boards with NEWLIB in board.mk)

LIBC_OK = (re.escape(CK_PREFIX) + r"libc: newlib \d+\.\d+\.\d+ snprintf/strtol/string/math ok "
           r"\(sqrt\(2\)=1\.414214[,)]")
LIBC_FAILED = CK_PREFIX + "libc: FAILED"
LIBC_STDIO = CK_PREFIX + "libc: stdio at init: printf -42 via write() 0xbeef"


def test_newlib_in_rt_programs(bare, board):
    """cokernel/apps/libc/libcdemo.c checks snprintf, strtol, string.h and
    libm (soft-float) against known values at init and in an RT task, then
    prints one line; printf at init comes out as a console line through
    the system-call layer (cokernel/libc/glue.c)."""
    if not make_var(board, "NEWLIB"):
        pytest.skip(f"{board} links no newlib (no NEWLIB in bsp/{board}/board.mk)")
    if not [l for l in bare.lines() if re.match(LIBC_OK, l) or l.startswith(LIBC_FAILED)]:
        bare.expect("(" + LIBC_OK + "|" + re.escape(LIBC_FAILED) + ")", timeout=30)
    lines = bare.lines()
    failed = [l for l in lines if l.startswith(LIBC_FAILED)]
    assert not failed, failed
    ok = [l for l in lines if re.match(LIBC_OK, l)]
    assert len(ok) == 1, "no libc ok line (or several)"
    print(ok[0])
    used, size = map(int, re.search(r"(\d+) of (\d+) stack bytes", ok[0]).groups())
    assert 0 < used < size, f"the RT task's stack use {used} of {size} bytes is not a measurement"
    assert LIBC_STDIO in lines, "printf at init did not reach the console"
    banner = [i for i, l in enumerate(lines) if l.startswith(CK_PREFIX + "cokernel ")]
    assert banner and banner[0] < lines.index(ok[0])


# ---- the FIT image users flash (boards booted by U-Boot: UBOOT_BIOS in board.mk)

def _broken_copy(board, name, mangle):
    with open(fit_image(board), "rb") as f:
        data = bytearray(f.read())
    data = mangle(data)
    path = os.path.join(TOP, "build", board, "test-logs", name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return path


def test_fit_boots_through_uboot(board):
    """U-Boot's bootcmd bootm's the FIT: the hash is checked, then the
    co-kernel runs its RT programs as when QEMU loads its ELF."""
    s = Session(board, image=fit_image(board), logname="fit")
    try:
        s.expect(r"Verifying Hash Integrity \.\.\. sha256\+ OK", timeout=60)
        s.expect(re.escape(CK_PREFIX) + r"cokernel \S+ on " + re.escape(board) + r" ",
                 timeout=60)
        # one at least: with a Linux payload, Linux starts after the first
        s.expect(re.escape(CK_PREFIX) + r"RTD\|[^\r\n]*\r*\n", timeout=120)
        rtd = _rtd(s)
        assert rtd and all(r["overruns"] == 0 for r in rtd), rtd
    finally:
        s.close()


def _flip_in(board, part):
    """A mangler that flips a byte in the middle of one sub-image's data,
    found in the FIT by its bytes: the co-kernel (part "cokernel",
    build/<board>/cokernel.bin) or, on boards with a Linux guest, the
    kernel loadable (part "linux": the board's LINUX_PAYLOAD_FILE, e.g.
    vmlinux.bin on e500, vmlinux.bin.text on r2d)."""
    if part == "linux":
        path = make_var(board, "LINUX_PAYLOAD_FILE")
    else:
        path = os.path.join(TOP, "build", board, part + ".bin")

    def mangle(data):
        if not os.path.exists(path):
            pytest.skip(f"{path} not in this board's FIT")
        with open(path, "rb") as f:
            sub = f.read()
        at = data.find(sub[:4096])
        if at < 0 and part != "cokernel":
            pytest.skip(f"{part}: no Linux payload in this board's FIT")
        assert at > 0, f"{part} not found in the FIT"
        data[at + len(sub) // 2] ^= 0xFF
        return data
    return mangle


# (file name, part to corrupt or None for a truncation, U-Boot's errors)
BROKEN = [
    ("corrupt.itb", "cokernel",
     [r"Bad hash value for 'hash-1' hash node", r"ERROR: can't get kernel image!"]),
    ("corrupt-linux.itb", "linux",
     [r"Bad hash value for 'hash-1' hash node in 'linux' image node",
      r"Loadable\(s\) is corrupt or invalid"]),
    ("truncated.itb", None,
     [r"Bad FIT kernel image format", r"ERROR: can't get kernel image!"]),
]


@pytest.mark.parametrize("name,part,errors", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_fit_is_refused_with_a_clear_error(board, name, part, errors):
    """A corrupt or truncated image ends at U-Boot's prompt with its error,
    and nothing of it runs."""
    mangle = _flip_in(board, part) if part else (lambda d: d[:len(d) // 2])
    s = Session(board, image=_broken_copy(board, name, mangle), logname=name)
    try:
        for e in errors:
            s.expect(e, timeout=60)
        s.expect(r"=> ", timeout=30)
        assert not [l for l in s.lines() if l.startswith(CK_PREFIX)], \
            "the co-kernel ran from a broken image"
    finally:
        s.close()


def test_fit_max_is_where_the_boot_stops(board):
    """FIT_MAX (board.mk: the command printing the most bytes of FIT its
    loader takes; e500: mk/qemu-e500-fit-max.sh, what QEMU leaves between
    the FIT at 32 MiB and its device tree) holds on both sides: the FIT
    padded to exactly FIT_MAX bytes boots to U-Boot's hash check; 64 KiB
    more and U-Boot never gets that far (the device tree QEMU hands it is
    overwritten, or the FIT's tail). The built FIT is within it, and make
    refuses one over it (FIT_MAX = 'echo 1000') or a FIT_MAX that prints
    no number ('false') and leaves no .itb."""
    itb = fit_image(board)
    cmd = make_var(board, "FIT_MAX")
    if not cmd:
        pytest.skip(f"{board}: no FIT_MAX in board.mk")
    p = subprocess.run(cmd, shell=True, cwd=TOP, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    most = int(p.stdout)
    with open(itb, "rb") as f:
        data = f.read()
    assert len(data) <= most, f"{itb}: {len(data)} bytes, over FIT_MAX {most}"

    def boots(size):
        path = os.path.join(TOP, "build", board, "test-logs", f"fit-{size}.itb")
        with open(path, "wb") as f:
            f.write(data + bytes(size - len(data)))
        s = Session(board, image=path, logname=f"fit-{size}")
        try:
            s.expect(r"Verifying Hash Integrity \.\.\. sha256\+ OK", timeout=30)
            return True
        except AssertionError:
            return False
        finally:
            s.close()
    assert boots(most), f"a FIT of FIT_MAX ({most}) bytes did not boot"
    assert not boots(most + 65536), f"a FIT 64 KiB over FIT_MAX ({most}) booted: FIT_MAX is low"

    saved = itb + ".saved"
    os.replace(itb, saved)
    try:
        its = os.path.join(TOP, "build", board, "cokernel.its")
        for fit_max, said in (("echo 1000", "over the 1000 its loader takes (FIT_MAX: command line)"),
                              ("false", "FIT_MAX (command line): 'false' printed no byte count")):
            p = subprocess.run(["make", "-s", "--no-print-directory", "-C", TOP, f"BOARD={board}",
                                "-W", its, itb, f"FIT_MAX={fit_max}"],
                               capture_output=True, text=True, timeout=300)
            assert p.returncode != 0 and said in p.stderr, p.stderr[-2000:]
            assert not os.path.exists(itb), f"FIT_MAX={fit_max}: make left the refused FIT behind"
    finally:
        os.replace(saved, itb)
