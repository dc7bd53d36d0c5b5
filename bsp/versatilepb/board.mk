# SPDX-License-Identifier: MIT
# versatilepb (QEMU -M versatilepb, ARM926EJ-S, 128 MiB): board data for the
# build. Memory map: README.md beside this file.

ARCH := arm926
CROSS := arm-none-eabi-
include bsp/common/arm926.mk
# RT timer anticipation (cokernel/include/ck/hw.h gravity_ns): the SP804 is
# armed this long before a timer's expiry; the rest is waited out on the
# clock, so no timer runs early. Below the FIQ's cost up to the clock read
# in ck_rt_irq_handle() (66 instructions under QEMU icount,
# docs/measuring.md), so it never spins. `TIMER_GRAVITY_NS=0` turns it off.
TIMER_GRAVITY_NS ?= 60
DRIVERS := pl190 sp804 pl011
# the VIC lines Linux owns, in vIRQ order (mk/virq.mk): 4 = SP804 #1,
# Linux's own timer; 25 = the SMC91C111 Ethernet (SIC line 25, which
# board.c passes through to VIC line 25), Linux's eth0. Every other line is
# the co-kernel's or unused.
LINUX_IRQ_LINES := 4 25
# a VIC line nothing drives in QEMU, raisable by VICSoftInt: the RT line
# of the boot-window test image (tests/qemu/test_vpic.py)
TEST_SOFT_RT_LINE := 2

LINUX_ARCH := arm
LINUX_CROSS := arm-linux-gnueabi-
# the uncompressed kernel: no decompressor run while RT is paused (README)
LINUX_IMAGE := Image
BUSYBOX_ARCH := armel

QEMU_SYSTEM := qemu-system-arm
QEMU_MACHINE := versatilepb

# Memory map (physical). BOARD_MAP_VARS are handed to the C/assembly
# sources as BOARD_<name> macros and to the linker as BOARD_<name> symbols.
RAM_PA := 0x00000000
RAM_SIZE := 0x08000000
CK_LINEAR_VA := 0xC0000000
CK_REGION_PA := 0x07D00000
CK_REGION_SIZE := 0x00300000
SHM_PA := 0x07C00000
SHM_SIZE := 0x00100000
# the pristine copy of the Linux payload that Linux restarts from, kept
# where Linux never maps (its DT: no-map; core/restart.c)
PRISTINE_PA := 0x07000000
PRISTINE_SIZE := 0x00C00000
DEV_PA := 0x10000000
DEV_SIZE := 0x10000000
LINUX_KERNEL_PA := 0x00008000
LINUX_DTB_PA := 0x01FF0000
LINUX_INITRD_PA := 0x02000000
LINUX_MACHINE_ID := 0x183
BOARD_MAP_VARS := RAM_PA RAM_SIZE CK_LINEAR_VA CK_REGION_PA CK_REGION_SIZE \
	SHM_PA SHM_SIZE PRISTINE_PA PRISTINE_SIZE DEV_PA DEV_SIZE LINUX_KERNEL_PA LINUX_DTB_PA \
	LINUX_INITRD_PA LINUX_MACHINE_ID

# ---- test traits: what the QEMU tests and `make check` expect of this
# board (the tests ask `make -s BOARD=<b> print-VAR`; each variable is
# described in docs/porting-board.md, the baselines in docs/measuring.md)
CHECK_TESTS := guest
# minutes its guest tests take in make check here, beside another board's
# run (tests/qemu/run_check.py starts the longest first)
CHECK_MINUTES := 10
# worst cases, instructions under -icount shift=0,sleep=off -seed 1
LATENCY_BASELINE_TASK_NS := 192
LATENCY_BASELINE_HANDLER_NS := 88
# (the co-kernel alone: 189 before its FIQ entry and exit set and restored
# the DACR, 6 instructions, docs/measuring.md; with Linux the timer's
# anticipation absorbs them)
LATENCY_BASELINE_BARE_NS := 195
# the SP804 ticks each ns: a few instructions
LATENCY_SLACK_NS := 10
# the co-kernel alone takes no host input, so its run repeats exactly
LATENCY_SLACK_BARE_NS := 2
# what an idle periodic task beside `latency` may add to its min and avg
# (its max: that plus LATENCY_SLACK_NS) on the co-kernel alone: the
# clockevent armed for its timer at each release (test_extra_task.py)
LATENCY_EXTRA_TASK_NS := 50
LINUX_IRQ_CHIP := vPIC
LINUX_IRQ_TIMER := timer|sp804
LINUX_IRQ_CONSOLE := hvc_console
# Linux's driver of eth0, the SMC91C111 on QEMU's user network
# (tests/qemu/test_net.py)
LINUX_NET_DRIVER := smc91x
# ARM Linux has no PTRACE_SINGLESTEP: sstep says single-stepping is not
# supported and exits 2 (linux-guest/tools/sstep.c)
LINUX_PTRACE_SINGLESTEP := no
# an RT task's fault is contained before Linux too: the co-kernel's vector
# page sends an RT task's (SYS mode) undefined instruction and aborts to
# arch_fault_entry (start.S rt_task_filter; test_fault_bare.py)
RT_FAULTS_BARE := yes
# a Linux that goes down (panic, reboot, poweroff, a hang) is restarted by
# the co-kernel from its pristine payload (core/restart.c;
# tests/qemu/test_restart.py)
LINUX_RESTART := yes
# Linux lets the RT class in from paging_init (patch 0010), long before
# attach: the boot window is the head code and early setup_arch only
LINUX_EARLY_RT := yes
# Linux cannot write the co-kernel's memory: in Linux's page tables it is
# privileged read-only in a domain Linux runs as a client of
# (arch/arm926/gate.S; test_restart.py's poke_ck)
LINUX_PROTECT := yes
# a misaligned word load of an RT task is an alignment fault once Linux
# runs (Linux sets SCTLR.A; the co-kernel alone runs with A=0):
# test_fault.py's `align`
RT_ALIGN_FAULT := yes

# ---- cache model (make cache-plugin, tests/bench/cachemodel.py,
# docs/cache-model.md): the PB926EJ-S's ARM926EJ-S caches and a stated
# cost per event; predictions of hardware time, not measurements.
# Caches "size:ways:line:replacement:write:allocate" (ARM926EJ-S TRM DDI
# 0198D §4.1: VIVT, 4-way, 32-byte lines, read-allocate, pseudo-random
# unless SCTLR.RR, which neither side sets; 32 + 32 KiB on the PB926EJ-S's
# development chip, DUI 0224)
CACHE_L1I := 32768:4:32:random
CACHE_L1D := 32768:4:32:random:wb:noalloc
# cost model: core clock (MHz), ns per event (CPI: bsp/common/arm926.mk)
CACHE_CLOCK_MHZ := 210
CACHE_FILL_NS := 200
CACHE_WB_NS := 150
CACHE_MMIO_NS := 100
CACHE_UNCACHED_NS := 120
# no figure is published for the PB926EJ-S: the ARM926 one beside it
CACHE_PUBLISHED_US := 71
CACHE_PUBLISHED_WHAT := no PB926EJ-S figure; ARM926 at AT91SAM9260, Xenomai 2.4 in-kernel task, loaded

# ---- the PREEMPT_RT peer (make linux-rt, mk/linux-rt.mk; make bench):
# the kernel's versatile_defconfig and device tree + linux-rt.fragment beside
# this file, on QEMU's own versatilepb machine
LINUX_RT_DEFCONFIG := versatile_defconfig
LINUX_RT_DTB := versatile-pb.dtb
LINUX_RT_IMAGE := zImage
LINUX_RT_APPEND := console=ttyAMA0
# qemu/run-versatilepb clocks the SP804s at 1 GHz (as the guest's DTS says):
# the kernel's DTB says 1 MHz (TIMCLK, 24 MHz / 24); 24 MHz * 1000 / 24
LINUX_RT_DTB_FIXUP := fdtput -t u versatile-pb.dtb /core-module@10000000/timclk@1M clock-mult 1000
