# SPDX-License-Identifier: MIT
"""The co-kernel's side of the SH-4 hand-over, with a stand-in guest
(tests/qemu/sh4-guest) as the payload instead of Linux: the co-kernel
writes the zero page (command line with cokernel.page=) and enters the
payload at BOARD LINUX_KERNEL_PA; the guest hands over its own exception
table (linux_vbr) without writing VBR, and the co-kernel's VBR table must
then send the guest's trapa and its TMU0 interrupts (INTEVT 0x400, its vIRQ
0 after attach) to the guest's table, while the level-15 RT timer keeps
serving the latency task. The guest holds its interrupts off at IMASK 14
(Linux's disable ceiling) for 20 ms at a time: no TMU0 interrupt may come
in then, and no RT release may be late.

Boards whose ARCH is sh4 only. Under -icount shift=0,sleep=off with a
fixed seed (cksession), so the run repeats.
"""
import os
import re
import subprocess

import pytest

from cksession import CK_PREFIX, TOP, Session, make_var

HERE = os.path.dirname(os.path.abspath(__file__))
GUEST_SRC = os.path.join(HERE, "sh4-guest")
ROUNDS = 10
# far below the guest's 20 ms off-windows; above the RT pause across the
# hand-over (the co-kernel prints it: tens of us)
RT_LATE_NS = 100000
# the portable IPC code the guest reads the latency app's records with
IPC_SRCS = ("ck_ipc_dir.c", "ck_ipc_ring.c", "ck_ipc_state.c")


def _build_guest(board, out):
    cross = make_var(board, "CROSS")
    subprocess.run(["make", "-s", "--no-print-directory", "-C", TOP, f"BOARD={board}",
                    "sh4-plugin"], check=True, timeout=1800)
    plugin = make_var(board, "SH4_PLUGIN")
    inc = subprocess.run([cross + "gcc", "-print-file-name=include"], check=True,
                         capture_output=True, text=True).stdout.strip()
    elf = os.path.join(out, "guest.elf")
    subprocess.run([cross + "gcc", "-m4-nofpu", "-ml", "-O2", "-std=c11", "-Wall",
                    "-Werror", "-ffreestanding", "-fno-builtin", "-fno-pie", "-no-pie",
                    "-nostdlib", "-nostdinc", "-isystem", inc, "-D_LIBC_LIMITS_H_",
                    f"-fplugin={plugin}", "-I", os.path.join(TOP, "ipc"),
                    f"-DSHM_PA={make_var(board, 'SHM_PA')}",
                    f"-DSHM_SIZE={make_var(board, 'SHM_SIZE')}",
                    "-T", os.path.join(GUEST_SRC, "guest.lds"), "-Wl,--build-id=none",
                    "-Wl,-z,noexecstack", "-Wl,--no-warn-rwx-segments",
                    os.path.join(GUEST_SRC, "start.S"), os.path.join(GUEST_SRC, "guest.c"),
                    *[os.path.join(TOP, "ipc", f) for f in IPC_SRCS],
                    "-lgcc", "-o", elf], check=True, timeout=300)
    bin_ = os.path.join(out, "guest.bin")
    subprocess.run([cross + "objcopy", "-O", "binary", elf, bin_], check=True)
    return bin_


def _build_image(board, b, payload):
    """The co-kernel with the stand-in guest as its Linux payload: no DTB,
    no initramfs (empty files), TMU0 as Linux's one hardware line."""
    files = {"LINUX_PAYLOAD_FILE": payload, "GUEST_DTB_FILE": os.path.join(b, "empty.dtb"),
             "INITRAMFS_FILE": os.path.join(b, "empty.cpio")}
    for f in list(files.values())[1:]:
        open(f, "wb").close()
    args = ["make", "-s", "--no-print-directory", "-C", TOP, f"BOARD={board}", f"B={b}",
            "LINUX_GUEST=yes", "LINUX_IRQ_LINES=0x400"]
    args += [f"{k}={v}" for k, v in files.items()]
    for f in files.values():           # given, never made (no kernel build)...
        args += ["-o", f]
    image = os.path.join(b, "cokernel-linux.elf")
    for stale in (image, os.path.join(b, "ck", "payload.o")):
        if os.path.exists(stale):      # ...so not compared either: relink
            os.remove(stale)
    subprocess.run(args + [image], check=True, timeout=1800)
    return image


@pytest.fixture(scope="module")
def handover(board):
    if make_var(board, "ARCH") != "sh4":
        pytest.skip(f"{board}: not an SH-4 board")
    b = os.path.join(TOP, "build", f"{board}-handover")
    os.makedirs(b, exist_ok=True)
    image = _build_image(board, b, _build_guest(board, b))
    nm = subprocess.run([make_var(board, "CROSS") + "nm", image], check=True,
                        capture_output=True, text=True).stdout
    page = int(re.search(r"^([0-9a-f]+) \w ck_guest_page$", nm, re.M).group(1), 16)
    s = Session(board, image=image, logname="sh4-handover")
    try:
        s.expect(r"guest: done: [^\r\n]*\r*\n", timeout=120)
        yield s, page & 0x1FFFFFFF
    finally:
        s.close()


def test_zero_page_and_attach(handover):
    """The command line the co-kernel wrote names its guest page; attach
    succeeds; the guest's trapa reached its own table through the
    co-kernel's VBR+0x100 with EXPEVT intact; virq_hw[0] is TMU0's INTEVT."""
    s, page_pa = handover
    lines = s.lines()
    cl = [l for l in lines if l.startswith("guest: command line: ")]
    assert cl, "the guest found no command line"
    assert re.search(rf"(^| )cokernel\.page=0x{page_pa:08x}($| )", cl[0][21:]), cl[0]
    assert "guest: attach 0, trapa to its table: 1 EXPEVT 0x00000160, " \
           "virq_hw[0] 0x00000400" in lines, [l for l in lines if l.startswith("guest:")]
    assert [l for l in lines if l.startswith(CK_PREFIX + "Linux attached after ")]


def test_guest_interrupts_forwarded_and_held_by_imask14(handover):
    """TMU0 (level 14) reaches the guest's VBR+0x600 through the
    co-kernel's, never while the guest runs at IMASK 14, about once a ms
    otherwise; the co-kernel's soft line (TMU4) reaches it too and is
    served with next_pending(); nothing else reaches the guest."""
    s, _ = handover
    rounds = [re.match(r"guest: round (\d+): TMU0 interrupts while off (\d+), total (\d+)$", l)
              for l in s.lines()]
    rounds = [m for m in rounds if m]
    assert len(rounds) == ROUNDS, rounds
    for m in rounds:
        assert int(m.group(2)) == 0, m.group(0)
    total = int(rounds[-1].group(3))
    assert 15 * ROUNDS <= total <= 25 * ROUNDS, total
    done = [l for l in s.lines() if l.startswith("guest: done: ")]
    assert done and done[0].endswith(
        ", soft line 1, other interrupts 0, TLB misses 0, exceptions 1"), done


def test_rt_unaffected_by_guest_off_windows(handover):
    """The latency app's records (latency.data, one a second), read by the
    guest: those of the seconds around the guest's 20 ms IMASK-14 windows
    and of the hand-over show no overrun and no release late by anything
    near 20 ms."""
    s, _ = handover
    recs = [re.match(r"guest: RT second (\d+): samples (\d+), max (-?\d+) ns, overruns (\d+)$", l)
            for l in s.lines()]
    recs = [m for m in recs if m]
    seconds = [int(m.group(1)) for m in recs]
    print("\n".join(m.group(0) for m in recs))
    assert len(recs) >= 3 and seconds == list(range(seconds[0], seconds[0] + len(recs))), seconds
    assert "guest: RT records after the rounds 2" in s.lines()
    for m in recs:
        assert int(m.group(4)) == 0, m.group(0)
        assert int(m.group(2)) > 0 and int(m.group(3)) < RT_LATE_NS, m.group(0)
