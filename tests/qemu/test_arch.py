# SPDX-License-Identifier: MIT
"""Arch facts a port must not lean on. ARM926: the co-kernel takes its
exceptions through the high vectors (SCTLR.V, 0xffff0000) mapped from its
own image, so it writes nothing at physical address 0, where an
AT91SAM9260 has no RAM (its SDRAM is at 0x20000000). Each port's RT
class is the one its timer comes in on: FIQ on ARM926, the critical
interrupt on the G2_LE (QEMU's -d int log).

Runs the co-kernel alone (build/<board>/cokernel.elf, as test_bare.py) and
reads guest memory and CP15 through QEMU's monitor (multiplexed on stdio:
Ctrl-A c switches between the console and the monitor).
"""
import os
import re

import pytest

from cksession import CK_PREFIX, TOP, Session, make_var


def _monitor(s, cmd, answer):
    s.child.send("\x01c")
    s.expect(r"\(qemu\) ", timeout=30)
    s.child.sendline(cmd)
    m = s.expect(answer, timeout=30)
    s.child.send("\x01c")
    return m


def test_arm926_vectors_are_high_and_pa0_untouched(board):
    if make_var(board, "ARCH") != "arm926":
        pytest.skip(f"{board}: not an ARM926 board")
    image = os.path.join(TOP, "build", board, "cokernel.elf")
    if not os.path.exists(image):
        pytest.fail(f"{image} missing: run 'make image BOARD={board}'")
    s = Session(board, image=image, logname="arch-vectors")
    try:
        # RT samples prove the FIQ vector works wherever it is
        s.expect(re.escape(CK_PREFIX) + r"RTD\|[^\r\n]*\r*\n", timeout=120)
        _monitor(s, "xp /16wx 0", r"0+30:( 0x[0-9a-f]{8}){4}\r*\n")
        dump = s.log[s.log.rfind("xp /16wx 0"):]
        words = re.findall(r":((?: 0x[0-9a-f]{8}){4})", dump)
        values = [int(w, 16) for row in words for w in row.split()]
        assert len(values) == 16, repr(dump)
        assert values == [0] * 16, f"the co-kernel wrote at PA 0: {dump}"
        # the vectors in use: VA 0xffff0000 holds the vector page (ldr pc, ...)
        m = _monitor(s, "x /1wx 0xffff001c", r"ffff001c: (0x[0-9a-f]{8})")
        assert int(m.group(1), 16) & 0xfffff000 == 0xe59ff000, \
            f"no 'ldr pc, [pc, #x]' FIQ vector at 0xffff001c: {m.group(1)}"
    finally:
        s.close()


def _exceptions_of_the_co_kernel_alone(board, tmp_path, arch, what, logname, pattern):
    """The exceptions QEMU's -d int log records while the co-kernel alone
    (build/<board>/cokernel.elf) prints two seconds of RT samples: each
    match of @pattern's group 1, in order. Skips boards whose ARCH is not
    @arch (@what: the CPU named with its article, for the message)."""
    if make_var(board, "ARCH") != arch:
        pytest.skip(f"{board}: not {what} board")
    image = os.path.join(TOP, "build", board, "cokernel.elf")
    if not os.path.exists(image):
        pytest.fail(f"{image} missing: run 'make image BOARD={board}'")
    log = tmp_path / "int.log"
    s = Session(board, image=image, logname=logname,
                extra_args=("-d", "int", "-D", str(log)))
    try:
        for _ in range(2):
            s.expect(re.escape(CK_PREFIX) + r"RTD\|[^\r\n]*\r*\n", timeout=120)
    finally:
        s.close()
    return re.findall(pattern, log.read_text())


def test_arm926_rt_timer_comes_in_on_fiq(board, tmp_path):
    """The RT class is FIQ: the co-kernel alone takes its RT timer (and
    nothing else) as FIQ exceptions, never as IRQ, whatever routes it
    there on the board (a VIC's VICIntSelect, an AIC's fast forcing).
    QEMU's -d int log counts the exceptions taken."""
    taken = _exceptions_of_the_co_kernel_alone(
        board, tmp_path, "arm926", "an ARM926", "arch-fiq", r"Taking exception \d+ \[([A-Za-z ]+)\]")
    # a 1 kHz latency task for a second and more, and the idle re-arms
    assert taken.count("FIQ") >= 1000, f"{taken.count('FIQ')} FIQs"
    assert set(taken) == {"FIQ"}, sorted(set(taken))


def test_g2_rt_timer_comes_in_on_the_critical_interrupt(board, tmp_path):
    """The RT class on the G2_LE is the critical interrupt (vector 0xA00,
    MSR[CE]): the co-kernel alone takes its RT timer (slice timer 0, the
    ICTL's critical group with CEb = 0) as critical interrupts and takes
    no other exception, no external interrupt (the normal class) and no
    TLB miss (its code and data are all BAT-mapped: arch/ppc-g2 start.S).
    QEMU's -d int log names each exception raised."""
    raised = _exceptions_of_the_co_kernel_alone(
        board, tmp_path, "ppc-g2", "a G2_LE", "arch-cint", r"Raise exception at [0-9a-f]+ => (\w+)")
    # a 1 kHz latency task for a second and more, and the idle re-arms
    assert raised.count("CRITICAL") >= 1000, f"{raised.count('CRITICAL')} critical interrupts"
    assert set(raised) == {"CRITICAL"}, sorted(set(raised))
