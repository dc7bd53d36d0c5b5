# SPDX-License-Identifier: MIT
# at91sam9260ek (Atmel AT91SAM9260-EK; QEMU -M at91sam9260ek, the project's
# model: qemu/README.md; ARM926EJ-S, 64 MiB SDRAM at 0x20000000): board
# data for the build. Memory map, devices, clocks: README.md beside this
# file. The co-kernel runs with its Linux 6.1 guest; the board's native
# Linux builds and boots too (make linux-native).

ARCH := arm926
CROSS := arm-none-eabi-
# CPU flags (soft float: no VFP on the AT91SAM9260), newlib, the VFP ban
include bsp/common/arm926.mk
# RT timer anticipation (cokernel/include/ck/hw.h gravity_ns): TC5 is
# armed this long before a timer's expiry (in its 20.1 ns ticks); the
# rest is waited out on the clock, so no timer runs early. Below the FIQ's
# cost up to the clock read in ck_rt_irq_handle() (57 instructions under
# QEMU icount, docs/measuring.md), so it never spins.
# `TIMER_GRAVITY_NS=0` turns it off.
TIMER_GRAVITY_NS ?= 50
DRIVERS := aic at91-tc at91-dbgu at91-pmc at91-rtt
# the AIC lines Linux owns, in vIRQ order (mk/virq.mk): 1 = the SYS line
# (PIT, RTT, PMC, RSTC, WDT and the DBGU ORed), one vIRQ Linux's drivers
# share as they do natively (the guest drives the PIT, its timer, and the
# RSTC, which raises none). Every other line is the co-kernel's or unused.
LINUX_IRQ_LINES := 1
# an AIC source nothing drives (USART5, Linux's uart1: disabled in the
# EK's device tree, unmodelled in QEMU), edge-triggered and raisable by
# AIC_ISCR: the RT line of the boot-window test image
# (tests/qemu/test_vpic.py); board.c makes it edge
TEST_SOFT_RT_LINE := 25
# the clocksource's first wrap, ms after boot (drv/at91-tc.h
# at91_tc_init(): whole wraps of TC3, 1.32 ms each; then every 2^32 ticks
# of MCK/2, 86.48 s): within the co-kernel's first latency samples, so
# every boot crosses one (README.md, "Clocks"; tests/qemu/test_bare.py
# waits for it). 1..64000 (two TC3 wraps at the least); `make ...
# RT_CLOCK_FIRST_WRAP_MS=<ms>` moves it.
RT_CLOCK_FIRST_WRAP_MS ?= 1800
BOARD_C_VARS := RT_CLOCK_FIRST_WRAP_MS TEST_SOFT_RT_LINE
# test trait: the wraps' period, 2^32 ticks at 49.664 MHz, ms
RT_CLOCK_WRAP_PERIOD_MS := 86480

LINUX_ARCH := arm
LINUX_CROSS := arm-linux-gnueabi-
BUSYBOX_ARCH := armel

QEMU_SYSTEM := qemu-system-arm
QEMU_MACHINE := at91sam9260ek

# The native Linux (no co-kernel): Linux 6.1's own configuration and
# device tree for the board, unmodified (mk/linux-native.mk)
LINUX_NATIVE_DEFCONFIG := at91_dt_defconfig
LINUX_NATIVE_DTB := at91sam9260ek.dtb

# Memory map (physical). BOARD_MAP_VARS are handed to the C/assembly
# sources as BOARD_<name> macros and to the linker as BOARD_<name> symbols.
# SDRAM 64 MiB at 0x20000000 (EBI CS1); Linux's PAGE_OFFSET 0xC0000000
# maps it from 0x20000000 (PHYS_OFFSET), so the co-kernel (the top 3 MiB)
# runs at 0xC3D00000; the IPC region the MiB below it. The devices the
# co-kernel uses (AIC, DBGU, TC block 1 at 0xfffdc000) are all in the top
# MiB, which start.S maps page by page around the vector page.
RAM_PA := 0x20000000
RAM_SIZE := 0x04000000
CK_LINEAR_VA := 0xC0000000
CK_REGION_PA := 0x23D00000
CK_REGION_SIZE := 0x00300000
SHM_PA := 0x23C00000
SHM_SIZE := 0x00100000
# the pristine copy of the Linux payload that Linux restarts from, kept
# where Linux never maps (its DT: no-map; core/restart.c)
PRISTINE_PA := 0x23000000
PRISTINE_SIZE := 0x00C00000
DEV_PA := 0xFFF00000
DEV_SIZE := 0x00100000
LINUX_KERNEL_PA := 0x20008000
LINUX_DTB_PA := 0x21FF0000
LINUX_INITRD_PA := 0x22000000
# MACH_TYPE_AT91SAM9260EK (Linux arch/arm/tools/mach-types); a DT boot
# ignores it
LINUX_MACHINE_ID := 0x44b
BOARD_MAP_VARS := RAM_PA RAM_SIZE CK_LINEAR_VA CK_REGION_PA CK_REGION_SIZE \
	SHM_PA SHM_SIZE PRISTINE_PA PRISTINE_SIZE DEV_PA DEV_SIZE LINUX_KERNEL_PA LINUX_DTB_PA \
	LINUX_INITRD_PA LINUX_MACHINE_ID

# ---- test traits: what the QEMU tests and `make check` expect of this
# board (the tests ask `make -s BOARD=<b> print-VAR`; each variable is
# described in docs/porting-board.md, the baselines in docs/measuring.md)
# guest: every QEMU test, with the Linux guest (the co-kernel alone's
# among them: test_bare.py, test_fault_bare.py); native: the board's own
# Linux on the QEMU model (test_native_linux.py)
CHECK_TESTS := guest native
# minutes its guest tests take in make check here, beside another board's
# run (tests/qemu/run_check.py starts the longest first)
CHECK_MINUTES := 14
# worst case of the co-kernel alone, ns under -icount shift=0,sleep=off
# -seed 1 (test_bare.py): the latency task's clock is TC3+TC4 at MCK/2,
# so figures move in its 20.1 ns ticks (README.md, "Clocks")
LATENCY_BASELINE_BARE_NS := 201
# the co-kernel alone takes no host input, so its run repeats exactly
LATENCY_SLACK_BARE_NS := 2
# the margin of runs with host input: one TC5 tick plus two clock steps
# (20.1 ns each: the timer is armed rounded down to its tick)
LATENCY_SLACK_NS := 61
# what an idle periodic task beside `latency` may add to its min and avg
# (its max: that plus LATENCY_SLACK_NS) on the co-kernel alone: the
# clockevent armed for its timer at each release (test_extra_task.py:
# 161/161/181 become 222/222/242, three clock ticks, or 222/238/262 at
# another phase of the two tasks' releases against the TC's tick: a few
# instructions more or less in the latency task's sample path, after its
# clock read, move it from one to the other)
LATENCY_EXTRA_TASK_NS := 80
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
# the console is polled: the DBGU's interrupts stay off (board.c: its
# receive interrupt is on the SYS line, which is Linux's), so input raises
# no console vIRQ; Linux's hvc reads the DBGU when a 10 ms timer kicks it
# (linux-guest/drivers/cokernel/hvc.c)
CONSOLE_RX_IRQ := no

# the native Linux's boot (tests/qemu/test_native_linux.py): its command
# line, lines its log must hold (|-separated), the interrupt controller's
# name in /proc/interrupts and the interrupts that must have counted there
LINUX_NATIVE_APPEND := console=ttyS0,115200
# device models the emulator must have for that Linux: at91_dt_defconfig
# has no PIT driver, TC block 0 is its only timer (qemu/README.md)
LINUX_NATIVE_QEMU_DEVICES := atmel-tcb
LINUX_NATIVE_EXPECT := AT91: Detected SoC: at91sam9260|ttyS0 at MMIO 0xfffff200|Switched to clocksource timer@fffa0000
LINUX_NATIVE_IRQ_CHIP := atmel-aic
# the DBGU (on the SYS line, source 1) and the TCB clockevent (TC2, 19)
LINUX_NATIVE_IRQS := atmel_usart_serial.0.auto|tc_clkevt

# ---- the Linux guest (dts/at91sam9260ek-guest.dts,
# linux-guest/configs/at91sam9260ek.fragment)
# the uncompressed kernel: no decompressor run while RT is paused
LINUX_IMAGE := Image
# test traits of the guest (docs/porting-board.md): /proc/interrupts shows
# the vPIC chip, Linux's PIT (drivers/clocksource/timer-atmel-pit.c
# requests its interrupt as at91_tick) and the hvc console
LINUX_IRQ_CHIP := vPIC
LINUX_IRQ_TIMER := at91_tick
LINUX_IRQ_CONSOLE := hvc_console
# ARM Linux has no PTRACE_SINGLESTEP: sstep says single-stepping is not
# supported and exits 2 (linux-guest/tools/sstep.c)
LINUX_PTRACE_SINGLESTEP := no
# a U-Boot command leaving on an interrupt of the SYS line that Linux's
# own AIC driver would quiet (the RTT's RTTINCIEN and ALMIEN, RTT_MR at
# 0xfffffd20, RTPRES 0x8000 kept): the co-kernel's bsp_init() quiets it
# (drv/at91-rtt.h); test_guest.py boots Linux after it
LOADER_LEFT_ON_CMD := mw.l 0xfffffd20 0x38000
# latency periods beyond TC5's reach (65535 ticks of 20.1 ns, 1.3196 ms:
# the idle re-arm), about one and two of it: test_guest.py checks their
# releases against the idle baselines (no re-arm event just before one)
LATENCY_LONG_PERIODS_US := 1320 2640
# a misaligned word load of an RT task is an alignment fault once Linux
# runs (Linux sets SCTLR.A): test_fault.py's `align`
RT_ALIGN_FAULT := yes
# worst cases with Linux, instructions under -icount shift=0,sleep=off
# -seed 1 (make bench: README.md, "The Linux guest"); the clock steps are
# TC3+TC4's 20.1 ns
LATENCY_BASELINE_TASK_NS := 201
LATENCY_BASELINE_HANDLER_NS := 101

# ---- U-Boot and the FIT (mk/fit.mk, mk/uboot-build.sh,
# bsp/at91sam9260ek/uboot.config; flashing a real board: README.md)
# U-Boot runs from SDRAM, where AT91Bootstrap copies it on a real board
# (from NAND: at91sam9260ek_nandflash_defconfig, plus the project's
# fragment): built here from Debian's u-boot source with the co-kernel's
# compiler. What `make image` writes besides the ELFs: $(B)/cokernel.itb
# (the FIT: the co-kernel as its kernel, loaded and entered at its
# physical address, the Linux payload as loadables) and $(B)/u-boot.bin
# with its final .config, $(B)/u-boot.config. qemu/run-at91sam9260ek boots
# a .itb through it: U-Boot at its TEXT_BASE (0x21f00000) with the CPU
# started there, the FIT at its load address (0x22800000; mk/fit.mk checks
# that nothing bootm copies out of the FIT lands on it).
UBOOT_DEFCONFIG := at91sam9260ek_nandflash_defconfig
UBOOT_FRAGMENT := bsp/at91sam9260ek/uboot.config
UBOOT_BIOS := $(B)/u-boot.bin
FIT_ARCH := arm
# U-Boot relocates itself to the top of SDRAM, into the co-kernel's region:
# code from 0x23f8f000, its control DTB at 0x23eea7b0 and its stack
# below, from 0x23eea790 (`bdinfo`). bootm copies the co-kernel to its load
# address (its region's start, 0x23d00000) while U-Boot runs, so its raw
# image must end below the stack: at most 0x23ed0000, 106 KiB under the
# stack's start (mk/fit.mk checks the size)
UBOOT_KERNEL_MAX := 0x1d0000
# ---- end of the U-Boot and FIT block

# ---- cache model (docs/cache-model.md): AT91SAM9260's ARM926EJ-S, 8 +
# 8 KiB (AT91SAM9260 datasheet §"ARM926EJ-S processor"; TRM DDI 0198D
# §4.1: VIVT, 4-way, 32-byte lines, read-allocate, pseudo-random)
CACHE_L1I := 8192:4:32:random
CACHE_L1D := 8192:4:32:random:wb:noalloc
# 198.656 MHz core, 99.328 MHz MCK, 32-bit SDRAM at MCK, CAS 2
CACHE_CLOCK_MHZ := 198.656
CACHE_FILL_NS := 150
CACHE_WB_NS := 120
CACHE_MMIO_NS := 50
CACHE_UNCACHED_NS := 70
# the published worst case beside the prediction: Xenomai 2.4 in-kernel
# task under load (DESIGN.md §1)
CACHE_PUBLISHED_US := 71
CACHE_PUBLISHED_WHAT := AT91SAM9260 Xenomai 2.4, in-kernel task, loaded

# ---- the PREEMPT_RT peer (make linux-rt, mk/linux-rt.mk; make bench):
# the native Linux's at91_dt_defconfig and device tree + linux-rt.fragment
# beside this file (RCU priority boosting off: why there), on the
# project's model, booted as the native Linux is (no U-Boot). Its
# clockevent is TC2 on the 32.768 kHz slow clock (the AT91SAM9260's TCs
# count 16 bits: drivers/clocksource/timer-atmel-tcb.c), so its timers,
# cyclictest's among them, fire on 30.5 us steps
LINUX_RT_DEFCONFIG := $(LINUX_NATIVE_DEFCONFIG)
LINUX_RT_DTB := $(LINUX_NATIVE_DTB)
LINUX_RT_IMAGE := zImage
LINUX_RT_APPEND := $(LINUX_NATIVE_APPEND)
