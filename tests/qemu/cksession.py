# SPDX-License-Identifier: MIT
"""cksession - drive one QEMU run of a cokernel image over its serial console.

Used by the QEMU tests (tests/qemu) and the benchmarks (tests/bench). The
console carries both sides: co-kernel lines start with "[ck] ", everything
else is Linux. Every byte QEMU prints is kept in `log` (and in a log file) so
assertions can look at the order of lines.
"""
import functools
import os
import re
import subprocess

import pexpect

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CK_PREFIX = "[ck] "
SHELL_READY = "cokernel guest: userspace up"
# a kernel console message: "[   12.345678] ..."
KERNEL_LINE = re.compile(r"^\[\s*\d+\.\d+\] ")
# An early Linux console line (printk at start_kernel; ARM prints "Booting
# Linux" first, PowerPC starts with the banner)
LINUX_FIRST_LINE = re.compile(
    r"^(\[\s*\d+\.\d+\] )?(Booting Linux on physical CPU|Linux version )")


@functools.lru_cache(maxsize=None)
def make_var(board, var):
    """A make variable of the board's configuration (make print-VAR); board
    None: the default board's."""
    cmd = ["make", "-s", "--no-print-directory", "-C", TOP]
    if board:
        cmd.append(f"BOARD={board}")
    return subprocess.run(cmd + [f"print-{var}"], check=True, capture_output=True,
                          text=True).stdout.strip()


def make_int(board, var):
    """A number from bsp/<board>/board.mk; an AssertionError when unset."""
    v = make_var(board, var)
    if not v:
        raise AssertionError(f"bsp/{board}/board.mk sets no {var}")
    return int(v, 0)


def default_board():
    """The Makefile's default BOARD (the reference board)."""
    return make_var(None, "CK_DEFAULT_BOARD")


# "measured vs baseline" lines, printed at the end of a pytest run (conftest)
FIGURES = []


def check_baseline(board, what, worst_us, var):
    """Compare a worst case `latency` printed (us, 3 decimals: one unit of
    the last digit is one instruction under icount) with the board's
    committed baseline var (board.mk, instructions) plus its
    LATENCY_SLACK_NS (LATENCY_SLACK_BARE_NS for the co-kernel alone, whose
    run takes no host input and repeats exactly). Records the comparison
    for the run's summary and returns (ok, the line)."""
    base = make_int(board, var)
    slack = make_int(board, "LATENCY_SLACK_BARE_NS" if var == "LATENCY_BASELINE_BARE_NS"
                     else "LATENCY_SLACK_NS")
    worst = round(worst_us * 1000)
    ok = worst <= base + slack
    line = (f"{board:12} {what:34} worst {worst:5d}  baseline {base:5d} "
            f"(+{slack} slack, {var})  "
            f"{'ok' if ok else 'ABOVE'}")
    FIGURES.append(line)
    return ok, line


def within_slack(board, loaded, idle, extra_ns=0):
    """A loaded run's worst case is no more than LATENCY_SLACK_NS (plus a
    known, bounded @extra_ns) above the idle run's (both parse_rts dicts):
    returns (ok, message)."""
    slack = make_int(board, "LATENCY_SLACK_NS")
    ok = round(loaded["max"] * 1000) <= round(idle["max"] * 1000) + extra_ns + slack
    return ok, (f"loaded max {loaded['max']:.3f} us vs idle {idle['max']:.3f} us "
                f"+ {extra_ns} + {slack} ns slack (LATENCY_SLACK_NS): "
                f"{idle['line']} / {loaded['line']}")


def fit_image(board):
    """build/<board>/cokernel.itb, the FIT users flash, on boards booted by
    U-Boot (UBOOT_BIOS in board.mk); skips the calling test on the others
    and fails it when the file was not built."""
    import pytest
    if not make_var(board, "UBOOT_BIOS"):
        pytest.skip(f"{board}: no U-Boot runs here to boot a FIT (no UBOOT_BIOS "
                    "in board.mk)")
    itb = os.path.join(TOP, "build", board, "cokernel.itb")
    if not os.path.exists(itb):
        pytest.fail(f"{itb} missing: run 'make image BOARD={board}'")
    return itb


def build_dir(board, app=None):
    """build/<board>, or build/<board>-<app> for an application's build
    (make image APP=<folder>, mk/app.mk)."""
    return os.path.join(TOP, "build", board + (f"-{app}" if app else ""))


def image_path(board, app=None):
    return os.path.join(build_dir(board, app), "cokernel-linux.elf")


class Session:
    """A QEMU run. icount=True gives exact, repeatable virtual time."""

    def __init__(self, board, image=None, icount=True, seed=1, logname=None,
                 timeout=120, extra_args=(), env=None, app=None):
        self.board = board
        # @app: the build of examples/<app> (make image APP=examples/<app>)
        self.image = image or image_path(board, app)
        if not os.path.exists(self.image):
            raise FileNotFoundError(
                f"{self.image} missing: run 'make image BOARD={board}"
                + (f" APP=examples/{app}'" if app else "'"))
        # @env: more variables for qemu/run-<board> (CK_HOSTFWD)
        env = dict(os.environ, **(env or {}))
        if icount:
            env["ICOUNT"] = "1"
            env["SEED"] = str(seed)
        logdir = os.path.join(build_dir(board, app), "test-logs")
        os.makedirs(logdir, exist_ok=True)
        self.logfile = os.path.join(logdir, (logname or "session") + ".log")
        self._logf = open(self.logfile, "w", encoding="utf-8")
        runner = os.path.join(TOP, "qemu", "run-" + board)
        self.child = pexpect.spawn(runner, [self.image, *extra_args], env=env,
                                   encoding="utf-8", codec_errors="replace",
                                   timeout=timeout, maxread=65536)
        self.child.logfile_read = self._logf
        self.log = ""
        self._n = 0

    def _take(self):
        self.log += (self.child.before or "") + (self.child.after if isinstance(self.child.after, str) else "")

    def expect(self, pattern, timeout=None):
        """Wait for a regex; return the match. Raises with the log tail on timeout."""
        try:
            self.child.expect(pattern, timeout=timeout)
        except (pexpect.TIMEOUT, pexpect.EOF) as e:
            self._take()
            raise AssertionError(f"waiting for {pattern!r}: {type(e).__name__}; "
                                 f"last output:\n{self.log[-3000:]}") from None
        self._take()
        return self.child.match

    def boot(self, timeout=180):
        """Wait until the Linux shell is up."""
        self.expect(re.escape(SHELL_READY), timeout=timeout)
        # no echo, no prompt: command output comes back clean. Caveat:
        # with echo off, busybox ash (1.35) exits (EOF) when a background
        # job ends while it waits at the prompt, so tests end their jobs
        # inside the same command line (`... & cmd; wait`).
        self.sh("stty -echo 2>/dev/null; PS1=''", timeout=30)

    def sendline(self, text):
        """Type a line on the console (every board's QEMU UART model holds
        input back while its receive FIFO is full: on r2d's SCIF, QEMU
        patch 0031)."""
        self.child.send(text + "\n")

    def sh(self, cmd, timeout=60, kernel_lines=False):
        """Run a shell command on the guest; return (rc, output lines without
        co-kernel lines and, unless @kernel_lines, without the kernel's
        console messages: both come at any time, e.g. r2d's "random: crng
        init done" minutes of guest time after boot)."""
        self._n += 1
        tag = f"__CK_DONE_{self._n}__"
        self.sendline(f"{cmd}; echo {tag} $?")
        m = self.expect(re.escape(tag) + r" (\d+)\r*\n", timeout=timeout)
        rc = int(m.group(1))
        before = self.child.before or ""
        lines = [l.strip("\r") for l in before.split("\n")]
        out = [l for l in lines if not l.startswith(CK_PREFIX) and tag not in l
               and l.strip() != cmd.strip()
               and (kernel_lines or not KERNEL_LINE.match(l))]
        while out and not out[-1].strip():
            out.pop()
        while out and not out[0].strip():
            out.pop(0)
        return rc, out

    def lines(self):
        return [l.rstrip("\r") for l in self.log.split("\n")]

    def close(self):
        if self.child.isalive():
            self.child.terminate(force=True)
        self._logf.close()


def rt_tests_missing(session):
    """Why the booted initramfs has no rt-tests (the text of
    /etc/rt-tests.missing, written when Debian's archive did not serve
    their source: mk/rt-tests.mk), or None when it has them."""
    rc, out = session.sh("cat /etc/rt-tests.missing 2>/dev/null")
    return " ".join(out) if rc == 0 and out else None


def parse_rts(lines):
    """Parse Xenomai's RTS| summary line: returns dict min/avg/max (us), overruns."""
    for l in lines:
        if l.startswith("RTS|"):
            f = l.split("|")
            return {"min": float(f[1]), "avg": float(f[2]), "max": float(f[3]),
                    "overruns": int(f[4]), "line": l}
    return None


def parse_rtd(lines):
    """All RTD| lines as dicts."""
    out = []
    for l in lines:
        if l.startswith("RTD|"):
            f = l.split("|")
            out.append({"min": float(f[1]), "avg": float(f[2]), "max": float(f[3]),
                        "overruns": int(f[4])})
    return out


def motor_status(s):
    """`motor status` as a dict of the figures the tests use."""
    rc, out = s.sh("motor status")
    text = "\n".join(out)
    assert rc == 0, text
    m = re.search(r"mode (\w+) \(reason (\w+)\)\nsetpoint (\S+) rad, position (\S+) rad", text)
    p = re.search(r"periods (\d+), overruns (\d+)", text)
    assert m and p, text
    return {"mode": m.group(1), "reason": m.group(2), "setpoint": float(m.group(3)),
            "position": float(m.group(4)), "periods": int(p.group(1)),
            "overruns": int(p.group(2)), "text": text}


def boot_misses_allowed(window_us):
    """The periods of a 10 kHz task one Linux boot may cost, given the
    boot window the co-kernel reported ("RT resumed: paused N us"): a
    stretch with RT masked delays a release by up to its length and
    misses whole periods only beyond one, so window_us // 100. The boot's
    other masked stretches (attach's among them) are each far shorter
    than a period on every board."""
    return window_us // 100


def restarts(s):
    """/sys/kernel/debug/cokernel/restarts: (count, [reason names])."""
    rc, out = s.sh("cat /sys/kernel/debug/cokernel/restarts")
    assert rc == 0 and out and out[0].startswith("restarts "), out
    return int(out[0].split()[1]), [l.split()[1] for l in out[1:]]


def task_overruns(s, name):
    """The OVERRUNS column of RT task @name in `ckipc tasks`."""
    rc, out = s.sh("ckipc tasks")
    rows = [l.split() for l in out if l.split()[:1] == [name]]
    assert rc == 0 and len(rows) == 1, out
    head = [l.split() for l in out if "OVERRUNS" in l]
    assert head, out
    # the WAIT column may be "-" or one word: count from the right
    return int(rows[0][len(rows[0]) - (len(head[0]) - head[0].index("OVERRUNS"))])
