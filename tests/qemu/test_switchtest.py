# SPDX-License-Identifier: MIT
"""switchtest, the co-kernel's context-switch torture
(cokernel/apps/switchtest.c). On the booted guest: it runs under a Linux
load and counts switches with every check passing; bad options are named;
and a fault injected into one saved register is reported by task and
register, with exit status 1 (it ends the torture until reboot, so it runs
last). On the co-kernel alone, every board (the bare-only mpc8544ds too):
test images built apart (build/<board>-swtboot*, -DCK_TEST_SWITCHTEST_BOOT)
run a 2 s session at boot, which passes, and one with the fault injected,
which names it."""
import os
import re
import subprocess

from cksession import CK_PREFIX, TOP, Session

ROUNDS = re.compile(r"== Rounds: every (\d+) us, (\d+) handoffs")
RTD = re.compile(r"RTD\|\s*(\d+)\|\s*(\d+)$")
# Linux load for the whole run: a shell busy loop and dd, each for 5 s
LOAD = ("e=$(( $(date +%s) + 5 )); "
        "(while [ $(date +%s) -lt $e ]; do :; done) & "
        "(while [ $(date +%s) -lt $e ]; do "
        "dd if=/dev/zero of=/dev/null bs=4k count=256 2>/dev/null; done) & ")


def _bound(out, seconds):
    """Fewest switches the run may count: a round every `period` us at
    most, each of `handoffs` handoffs at least one switch; half of that
    leaves room for the rounds' own time and Linux's interrupts."""
    m = next((ROUNDS.match(l) for l in out if ROUNDS.match(l)), None)
    assert m, out
    period_us, handoffs = int(m.group(1)), int(m.group(2))
    return seconds * 1_000_000 // period_us * handoffs // 2


def test_switches_counted_under_load(guest):
    seconds = 3
    rc, out = guest.sh(f"{LOAD} switchtest -T {seconds}; echo rc=$?; wait",
                       timeout=600)
    assert rc == 0 and "rc=0" in out, out
    assert not [l for l in out if "FAILED" in l], out
    rtd = [tuple(map(int, RTD.match(l).groups())) for l in out if RTD.match(l)]
    assert len(rtd) == seconds, out
    assert "RTH|ctx switches|-------total" in out, out
    total = 0
    for per_second, cumulated in rtd:
        total += per_second
        assert cumulated == total, out
    bound = _bound(out, seconds)
    print(f"{guest.board}: {total} switches in {seconds} s (bound {bound})")
    assert total > bound, (total, bound, out)


def test_quiet_prints_the_last_second(guest):
    rc, out = guest.sh("switchtest -T 2 -q; echo rc=$?", timeout=300)
    assert "rc=0" in out, out
    assert [l for l in out if l.startswith("RTT|")] == ["RTT|  00:00:02"], out
    assert len([l for l in out if RTD.match(l)]) == 1, out


def test_bad_options_are_named(guest):
    # an unknown option is named by the C library's getopt, in its words:
    # glibc "invalid option -- 'x'", musl (r2d) "unrecognized option: x"
    cases = [("-T abc", re.escape("switchtest: -T 'abc': not a whole number")),
             ("-s 10", re.escape("switchtest: -s '10': out of range")),
             ("rtk rtup", re.escape("switchtest: 'rtk': threadspecs are not supported")),
             ("-x", r"switchtest: (invalid option -- 'x'|unrecognized option: x)$")]
    for args, msg in cases:
        rc, out = guest.sh(f"switchtest {args} 2>&1 >/dev/null; echo rc=$?", timeout=60)
        assert out[-1] == "rc=2", (args, out)
        assert re.match(msg, out[0]), (args, out)
    rc, out = guest.sh("switchtest --help")
    assert rc == 0 and out[0] == "usage: switchtest [options]", out


def test_injected_register_fault_is_reported(guest):
    """The RT side flips r4/r14/r8 (the first callee-saved register) in the
    spinner's saved frame while it is preempted: the run must end with the
    report naming the task and register, and exit status 1."""
    rc, out = guest.sh("switchtest -T 5 --inject-fault; echo rc=$?", timeout=300)
    assert out[-1] == "rc=1", out
    fail = [l for l in out if "FAILED" in l]
    assert fail, out
    m = re.search(r"in RT task st-spin: register (\w+) was 0x([0-9a-f]{8}) before "
                  r"the switch, 0x([0-9a-f]{8}) after", fail[0])
    assert m, fail
    assert m.group(1) in ("r4", "r14", "r8"), fail
    assert int(m.group(2), 16) ^ int(m.group(3), 16) == 0x00a5a500, fail
    rc, out = guest.sh("switchtest -T 1; echo rc=$?", timeout=300)
    assert out[-1] == "rc=1" and any("FAILED" in l for l in out), out


BOOT_S = 2


def _boot_session(board, name, cflags):
    """The co-kernel alone built with the boot session's knobs into
    build/<board>-<name>, booted until the session's end: its switchtest
    console lines."""
    b = os.path.join(TOP, "build", f"{board}-{name}")
    subprocess.run(["make", "-s", "--no-print-directory", "-C", TOP, f"BOARD={board}",
                    f"B={b}", "NO_LINUX=1", f"CK_TEST_CFLAGS={cflags}", "cokernel"],
                   check=True, timeout=1800)
    s = Session(board, image=os.path.join(b, "cokernel.elf"), logname=name)
    try:
        s.expect(re.escape(CK_PREFIX) + r"switchtest: (boot session|FAILED)[^\r\n]*\r*\n",
                 timeout=300)
    finally:
        s.close()
    return [l[len(CK_PREFIX):] for l in s.lines()
            if l.startswith(CK_PREFIX + "switchtest: ")]


def test_boot_session_on_the_co_kernel_alone(board):
    out = _boot_session(board, "swtboot", f"-DCK_TEST_SWITCHTEST_BOOT={BOOT_S}")
    assert not [l for l in out if "FAILED" in l], out
    m = re.match(r"switchtest: boot session: (\d+) switches in (\d+) s, every check passed$",
                 out[-1])
    assert m and int(m.group(2)) == BOOT_S, out
    # the rounds' shape from the ABI (ipc/ck_ipc_apps.h): 1 ms, 12 handoffs
    bound = BOOT_S * 1000 * 12 // 2
    print(f"{board}: {m.group(1)} switches in {BOOT_S} s (bound {bound})")
    assert int(m.group(1)) > bound, out


def test_boot_session_reports_an_injected_fault(board):
    out = _boot_session(board, "swtboot-inject",
                        f"-DCK_TEST_SWITCHTEST_BOOT={BOOT_S} -DCK_TEST_SWITCHTEST_INJECT=1")
    fail = [l for l in out if "FAILED in task" in l]
    assert fail, out
    m = re.match(r"switchtest: FAILED in task st-spin: register (\w+) expected "
                 r"0x([0-9a-f]{8}) found 0x([0-9a-f]{8})$", fail[0])
    assert m and m.group(1) in ("r4", "r14", "r8"), fail
    assert int(m.group(2), 16) ^ int(m.group(3), 16) == 0x00a5a500, fail
    assert not [l for l in out if "every check passed" in l], out
