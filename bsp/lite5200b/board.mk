# SPDX-License-Identifier: MIT
# lite5200b (Freescale Lite5200B: MPC5200B, a G2_LE core (603e class, with
# its classic FPU) at 396 MHz, 256 MiB DDR SDRAM at 0, MBAR at 0xf0000000
# where the board's U-Boot moves it; QEMU -M lite5200b, the project's
# model: qemu/README.md): board data for the build. Memory map, devices,
# clocks: README.md beside this file.
# The co-kernel takes the core's critical interrupt (its RT timer, slice
# timer 0) and runs Linux 6.1 as its guest (dts/lite5200b-guest.dts,
# linux-guest/configs/lite5200b.fragment, patch 0008). The board's own
# Linux builds and boots too, without the co-kernel (make linux-native).

ARCH := ppc-g2
# the PowerPC frame, MMIO and RT-mask headers, asm-offsets.c
ARCH_COMMON := ppc-common
CROSS := powerpc-linux-gnu-
# the G2_LE is a 603e core with a classic FPU; the co-kernel is built
# soft-float all the same (no FPU context in its frames: arch/ppc-common
# ctx.h); -msdata=none: no r13/r2 small-data anchors. mk/cokernel.mk adds
# -fno-pie/-no-pie (powerpc-linux-gnu-gcc is built with --enable-default-pie).
CPUFLAGS := -mcpu=603e -msoft-float -mno-altivec -msdata=none -mbig-endian \
	-Wa,-mregnames
DRIVERS := mpc52xx-ictl mpc52xx-slt mpc52xx-psc ppc-tb
# RT timer anticipation (cokernel/include/ck/hw.h gravity_ns): slice
# timer 0 is armed this long before a timer's expiry, the rest waited out
# on the timebase, so no timer runs early. Below the critical interrupt's
# cost up to the timer handler (182 instructions under QEMU icount), so
# few releases wait. make bench: worst 243 idle, 273 load (0 ns: 333,
# 364; 150 ns: 273, 273 with a slower handler); docs/measuring.md.
# `make bench BOARD=lite5200b TIMER_GRAVITY_NS=0` measures without it.
TIMER_GRAVITY_NS ?= 120
# instructions the G2_LE lacks: the e500's isel (objdump prints isel with
# a condition as iseleq, isellt, iselgt) and SPE, AltiVec; the link fails
# if the co-kernel holds one (mk/cokernel.mk), newlib's build if what it
# links does (mk/newlib-check.sh)
CK_FORBIDDEN_INSNS := isel[a-z]*|ev[a-z]+|efs[a-z]+|efd[a-z]+|v[a-z]+\.?|lvx|stvx
# test trait: an instruction of them as inline assembly, no quotes
# (tests/qemu/test_forbidden_insns.py builds it into an RT program whose
# link must fail naming that function alone)
TEST_FORBIDDEN_ASM := .machine push; .machine e500; isel 3,3,4,2; .machine pop
# newlib for the RT programs (mk/newlib.mk), built for CPUFLAGS: soft
# float like the co-kernel, for the 603e (the e500's build holds isel)
include bsp/common/powerpc-newlib.mk
# the ICTL lines Linux owns (mk/virq.mk): none, its timer is the
# decrementer and its console the co-kernel's (the ePAPR byte channel)
LINUX_IRQ_LINES :=

# Memory map (physical). The co-kernel runs at Linux's linear-map address
# of its region, EA = LINUX_PAGE_OFFSET + PA (DESIGN §4), through its own
# BAT4 (arch/ppc-g2 start.S); a Linux guest must reserve it no-map, so
# that no BAT of Linux's covers it. It and the IPC region are at the top of
# RAM; a Linux payload is staged low and its raw vmlinux moved to 0, where
# 32-bit Book3S Linux runs (arch/ppc-g2 arch.c).
RAM_PA := 0x00000000
RAM_SIZE := 0x10000000
LINUX_PAGE_OFFSET := 0xC0000000
CK_REGION_PA := 0x0FC00000
CK_REGION_SIZE := 0x00400000
CK_REGION_VA := 0xCFC00000
# The region's first CK_PRIVATE_SIZE bytes hold all of the co-kernel but
# the guest page: one BAT block (DBAT7 in Linux's context) that is
# read-only for Linux and writable on the co-kernel's own paths
# (arch/ppc-g2 gate.S); the guest page, which Linux writes, is the first
# page of the 128 KiB block after it (DBAT4 in Linux's context)
CK_PRIVATE_SIZE := 0x00200000
CK_GUEST_PAGE_PA := 0x0FE00000
# the ePAPR hypercall entry (entry.S, fixed by the link script): the guest
# DTS's hcall-instructions branch there
CK_HCALL_VA := 0xCFC00000
SHM_PA := 0x0FB00000
SHM_SIZE := 0x00100000
# the co-kernel's cache-inhibited view of the IPC region until attach maps
# it at Linux's address (its DBAT6, arch/ppc-g2 start.S): 256 MiB above
# the PA, clear of the RAM map EA = PA, so that no EA has two BATs
SHM_BOOT_VA := 0x1FB00000
# the pristine copy of the Linux payload Linux restarts from (core/
# restart.c), no-map in Linux's DT like the two regions above it
PRISTINE_PA := 0x0F000000
PRISTINE_SIZE := 0x00B00000
# MBAR where the board's U-Boot moves it; the co-kernel's window is its
# first 128 KiB (one BAT): ICTL, slice timers, PSC1
MBAR_PA := 0xF0000000
MBAR_SIZE := 0x00020000
LINUX_DTB_PA := 0x03C00000
LINUX_KERNEL_PA := 0x04000000
LINUX_RUN_PA := 0x00000000
LINUX_INITRD_PA := 0x05000000
LINUX_MACHINE_ID := 0
BOARD_MAP_VARS := RAM_PA RAM_SIZE LINUX_PAGE_OFFSET CK_REGION_PA CK_REGION_SIZE \
	CK_REGION_VA CK_PRIVATE_SIZE CK_GUEST_PAGE_PA CK_HCALL_VA SHM_PA SHM_SIZE SHM_BOOT_VA PRISTINE_PA PRISTINE_SIZE MBAR_PA MBAR_SIZE \
	LINUX_KERNEL_PA LINUX_RUN_PA LINUX_DTB_PA LINUX_INITRD_PA LINUX_MACHINE_ID

LINUX_ARCH := powerpc
LINUX_CROSS := powerpc-linux-gnu-
# vmlinux, the ELF (one PT_LOAD at PA 0): the image carries its raw copy,
# which the co-kernel moves to LINUX_RUN_PA (arch/ppc-g2 arch.c): QEMU's
# -kernel loads the co-kernel's ELF with the payload in it (no U-Boot in
# Debian supports this board)
LINUX_IMAGE := vmlinux
LINUX_RAW := yes
# Linux's programs (busybox from Debian's source: no Debian powerpc port;
# linux-guest/tools) link the cross compiler's glibc, static, compiled for
# the G2_LE: -mcpu=603e (hard float: the core has the classic FPU; no
# isel, SPE, AltiVec, fsqrt: what GCC emits for -mcpu=603e). Debian's
# glibc and libgcc for powerpc-linux-gnu are built for generic 32-bit
# PowerPC; what they hold beyond the 603e runs only when the kernel's
# AT_HWCAP says the CPU has it (LINUX_USER_INSNS_ALLOW).
LINUX_USER_CFLAGS := -mcpu=603e
# the instructions the 603e lacks: the userland's disassembly must hold
# none (mk/user-insns-check.sh, run on the initramfs' binaries): isel
# (e500, POWER7), SPE (ev*, efs*, efd*, brinc), AltiVec (v*, lvx & co,
# dst*, mfvrsave), VSX (x[svx]*, lxv/stxv & co), the transactional memory
# (tbegin. & co), fsqrt[s] (optional in the 6xx: not in the 603e, whose
# optional graphics group is fres, frsqrte, fsel and stfiwx), the 64-bit
# and later ISA integer and FP additions (ld/std, mulld, popcnt*, cmpb,
# prtyw, ldbrx, fcpsgn, lfiwax, fcfid*, fctid*), and wait.
LINUX_USER_FORBIDDEN_INSNS := isel[a-z]*|ev[a-z0-9]+|efs[a-z]+|efd[a-z]+|brinc|v[a-z0-9]+\.?|lv[a-z]+|stv[a-z]+|dst[a-z]*|dss[a-z]*|m[ft]vscr|m[ft]vrsave|x[svx][a-z0-9]+\.?|lx[sv][a-z0-9]*|stx[sv][a-z0-9]*|t(begin|end|abort[a-z]*|check|sr|rechkpt|reclaim)\.?|fsqrts?\.?|ld[a-z]*|std[a-z]*|mull?d[a-z]*\.?|divd[a-z]*\.?|popcnt[bwd]|cmpb|prty[wd]|fcpsgn\.?|lfiw[az]x|fcfid[a-z]*\.?|fctid[a-z]*\.?|wait
# those of them Debian's static glibc holds and runs only when the
# kernel's AT_HWCAP says the CPU has the unit (the G2_LE's has neither
# AltiVec nor HTM): setjmp/longjmp's AltiVec register save and restore
# (PPC_FEATURE_HAS_ALTIVEC) and the lock elision (PPC_FEATURE2_HAS_HTM).
# Mnemonics, not functions: busybox is stripped. The run under QEMU_USER
# below executes the paths the checks take on a G2_LE.
LINUX_USER_INSNS_ALLOW := lvx|stvx|vperm|lvs[lr]|m[ft]vrsave|tbegin\.|tend\.|tabort\.
# test trait: an instruction of them as inline assembly, no quotes
# (tests/qemu/test_user_insns.py builds a program holding it, which the
# check must refuse naming main, and QEMU_USER must stop with SIGILL)
TEST_USER_FORBIDDEN_ASM := .machine push; .machine power7; isel 3,3,4,2; .machine pop
# QEMU's user-mode emulator, on the MPC5200B's own core (Debian package
# qemu-user: -cpu mpc5200b, a G2_LE): the build runs busybox and the tools
# (mk/user-check.sh) and newlib's soft-float check (mk/newlib-check.sh)
# once, and an instruction the core lacks is an illegal instruction there
# too
QEMU_USER := qemu-ppc -cpu mpc5200b

# mpc5200_defconfig has no devtmpfs: the initramfs carries the nodes its
# init and shell open (mk/rootfs.mk): /dev/null (background jobs' stdin),
# the console's PSC1 (cttyhack makes it the shell's controlling tty: job
# control, Ctrl-C); /dev/console is the kernel's built-in initramfs'
ROOTFS_DEV_NODES := dev/null:c:1:3 dev/ttyPSC0:c:204:148
QEMU_SYSTEM := qemu-system-ppc
QEMU_MACHINE := lite5200b

# The FIT for the board's own U-Boot (build/lite5200b/cokernel.itb,
# mk/fit.mk; no U-Boot in Debian or QEMU runs on this board: make run
# boots the ELF). MPC5200B boards carry a U-Boot from before the boards
# left U-Boot (the Lite5200B's icecube/lite5200b: last in v2015.01;
# TQM5200: v2017.05), with CONFIG_FIT added to the board's configuration,
# which neither include/configs/IceCube.h nor TQM5200.h sets. Hashes:
# crc32 and sha1, which every U-Boot with FIT checks (from v1.3.3:
# common/image.c calculate_hash; sha256 only from v2014.07, and an image
# with a hash U-Boot does not know is refused); sha1 for strength, crc32
# for U-Boot's own `crc32 <addr> <len>`, in every build, to check a copy
# by hand. bootm ignores `loadables` before v2015.07, so the FIT carries a
# boot script (the image "boot": imxtract of each payload piece to its
# address, then bootm), which `source 0x01000000:boot` runs, the FIT
# being at FIT_LOADADDR: above what bootm puts below CONFIG_SYS_BOOTMAPSZ
# (8 MiB), below the payload (LINUX_DTB_PA): room for 44 MiB.
# Oldest U-Boot assumed: v2010.12 (IceCube.h's hush parser, which the
# script's && chain needs; `source <addr>:<image>` since v2009.06).
# README.md beside this file: flashing and booting, what is untried.
FIT_ARCH := powerpc
FIT_HASH := crc32 sha1
FIT_BOOT_SCRIPT := yes
FIT_LOADADDR := 0x01000000
# the co-kernel image bootm copies to CK_REGION_PA must stay clear of
# U-Boot at the top of RAM (its code, malloc arena and stack: IceCube.h
# 192 KiB + 512 KiB, TQM5200.h up to 512 KiB + 1 MiB): 2 MiB at most
UBOOT_KERNEL_MAX := 0x200000

# The native Linux (no co-kernel): Linux 6.1's own configuration and
# device tree for the board, unmodified (mk/linux-native.mk). The image is
# vmlinux, the ELF, which QEMU's -kernel loads (powerpc has no zImage the
# board's loader would take: its uImage is gzipped and needs mkimage);
# mpc5200_defconfig builds no DTB: the build asks for lite5200b.dtb by
# name, from arch/powerpc/boot/dts/lite5200b.dts.
LINUX_NATIVE_DEFCONFIG := mpc5200_defconfig
LINUX_NATIVE_DTB := lite5200b.dtb
LINUX_NATIVE_IMAGE := vmlinux
# mpc5200_defconfig turns on CONFIG_DEBUG_INFO (-g): the build adds -g0
# after it, leaving the DWARF out and nothing else (GCC's debug info never
# changes the code it generates: the two builds' text is the same size),
# the configuration as it is. Cold builds here (2 cores, shared): with the
# debug info 788 s (load 7), a 2.1 GiB tree and a 133 MiB vmlinux; with
# -g0 544 s (load 4), 1.6 GiB and 16 MiB.
LINUX_NATIVE_KCFLAGS := -g0

# ---- test traits: what the QEMU tests and `make check` expect of this
# board (the tests ask `make -s BOARD=<b> print-VAR`; each variable is
# described in docs/porting-board.md)
# guest: every QEMU test, with Linux (the co-kernel alone's among them);
# native: the board's own Linux on the QEMU model (test_native_linux.py,
# test_user_insns.py)
CHECK_TESTS := guest native
# minutes its guest tests take in make check here, beside another board's
# run (tests/qemu/run_check.py starts the longest first)
CHECK_MINUTES := 7
# worst case of the co-kernel alone, ns under -icount shift=0,sleep=off
# -seed 1 (test_bare.py): the latency task's clock is the timebase, so
# figures move in its 30.3 ns ticks (README.md, "Clocks")
LATENCY_BASELINE_BARE_NS := 273
# the co-kernel alone takes no host input, so its run repeats exactly
LATENCY_SLACK_BARE_NS := 2
# worst cases with Linux, instructions under -icount shift=0,sleep=off
# -seed 1 (make bench, test_guest.py)
LATENCY_BASELINE_TASK_NS := 273
LATENCY_BASELINE_HANDLER_NS := 122
# one slice-timer tick (7.6 ns at IPB 132 MHz) and two timebase steps
# (30.3 ns each): the host's typing moves the releases' phase
LATENCY_SLACK_NS := 70
# what an idle periodic task beside `latency` may add to its min and avg
# (its max: that plus LATENCY_SLACK_NS) on the co-kernel alone: the
# clockevent armed for its timer at each release (test_extra_task.py)
LATENCY_EXTRA_TASK_NS := 95
LINUX_IRQ_CHIP := vPIC
# Linux's timer is the core-local decrementer; the console is its ePAPR
# byte channel (Linux's own ehv_bytechan, on the vPIC: ehv_pic)
LINUX_IRQ_TIMER := ^\s*LOC:
LINUX_IRQ_CONSOLE := ehv-bc
# the 603's trace exception (MSR[SE], vector 0xD00) is a normal one: Linux
# single-steps a process (the debugger test runs) and its handler runs with
# MSR[CE] on again as soon as it sets MSR_KERNEL (patch 0008)
LINUX_PTRACE_SINGLESTEP := yes
# what a single-stepped process adds: nothing beyond any other Linux
# exception, each of which runs its prolog with MSR[CE] = 0 until
# MSR_KERNEL turns it on (measured: +1 ns, within a timebase step)
LATENCY_DEBUGGER_EXTRA_NS := 0
# an RT task's exceptions are contained once Linux runs: patch 0008's
# filter at the head of Linux's 0x300/0x400/0x600/0x700 handlers sends
# them to the co-kernel (test_fault.py). Before Linux the co-kernel's own
# vector page stops at them with a report (no filter there, and RAM is
# mapped EA = PA from 0, so a null pointer read does not fault): README.md
RT_FAULTS_BARE := no
# a Linux that goes down (panic, reboot, poweroff, a hang) is restarted by
# the co-kernel from its pristine payload (core/restart.c;
# tests/qemu/test_restart.py)
LINUX_RESTART := yes
# the RT side never pauses for Linux's boot (arch_rt_live_in_boot(): the
# co-kernel sets Linux's 0xA00 stub word before the jump; its boot entry
# swaps Linux's BATs for its own): test_guest.py, test_restart.py
LINUX_EARLY_RT := yes
# Linux cannot write the co-kernel's memory from attach on: its private
# block is a read-only BAT in Linux's context, writable on the co-kernel's
# own paths (arch/ppc-g2 gate.S; test_restart.py's poke_ck)
LINUX_PROTECT := yes
# the G2_LE takes an alignment interrupt only for lmw/stmw, lwarx/stwcx.
# and floating-point accesses; a misaligned word load is done by the core
RT_ALIGN_FAULT := no

# the native Linux's boot (tests/qemu/test_native_linux.py): its command
# line (the console on PSC1, Linux's ttyPSC0: drivers/tty/serial/
# mpc52xx_uart.c), lines its log must hold (|-separated), the interrupt
# controller's name in /proc/interrupts and the interrupts that must have
# counted there
LINUX_NATIVE_APPEND := console=ttyPSC0,115200
# lines a Lite5200B prints booting Linux 6.1 at the console's log level
# (KERN_INFO and above): the ICTL's init (platforms/52xx/mpc52xx_pic.c),
# PSC1's probe (serial_core's report for mpc52xx_uart.c: "ttyPSC0 at MMIO
# 0xf0002000 (irq = <n>, base_baud = <n>) is a MPC5xxx PSC"), GPT0's, the
# DTS's fsl,has-wdt timer (platforms/52xx/mpc52xx_gpt.c), and the timebase
# clocksource taking over (the decrementer at XLB/4, 33 MHz: "time_init:
# decrementer frequency = 33.000000 MHz" is KERN_DEBUG, in dmesg only)
LINUX_NATIVE_EXPECT := MPC52xx PIC is up and running!|ttyPSC0 at MMIO 0xf0002000|f0000600.timer: can function as watchdog|Switched to clocksource timebase
# /proc/interrupts names the ICTL's irq_chips by group: MPC52xx Main,
# MPC52xx Peripherals, MPC52xx Critical, MPC52xx SDMA (mpc52xx_pic.c); the
# PSC's line is a peripheral one (L2 1: PSC1)
LINUX_NATIVE_IRQ_CHIP := MPC52xx
# the console's PSC1 (a chip line, its action named by the driver) and the
# decrementer (a core-local interrupt: /proc/interrupts' "LOC:" line,
# which names no chip)
LINUX_NATIVE_IRQS := mpc52xx_psc_uart|^\s*LOC:

# ---- cache model (docs/cache-model.md): MPC5200B's G2_LE at 396 MHz
# (G2 core RM, the cache chapter: 16 + 16 KiB, 4-way, 32-byte lines,
# PLRU, physical)
CACHE_L1I := 16384:4:32:plru
CACHE_L1D := 16384:4:32:plru:wb:alloc
CACHE_TAG := phys
CACHE_LINEAR := 0xc0000000:0x0:0x10000000
# the critical interrupt vector, physical 0xa00 in real mode (the
# co-kernel's before Linux, Linux's stub after: both branch on to
# arch_rt_entry's physical address, entry.S)
CACHE_OPEN_VA := 0xa00
CACHE_CLOCK_MHZ := 396
CACHE_CPI := 1.2
CACHE_FILL_NS := 120
CACHE_WB_NS := 80
CACHE_MMIO_NS := 60
CACHE_UNCACHED_NS := 100
CACHE_PUBLISHED_US := 143
CACHE_PUBLISHED_WHAT := MPC5200B PREEMPT_RT cyclictest, loaded, 134-143 us

# ---- the PREEMPT_RT peer (make linux-rt, mk/linux-rt.mk; make bench):
# the native Linux's mpc5200_defconfig, lite5200b.dtb and -g0 +
# linux-rt.fragment beside this file (HZ=100, as the guest), on the
# project's model, booted as the native Linux is (QEMU's -kernel with the
# vmlinux). The RT series lets every powerpc kernel without KVM select
# ARCH_SUPPORTS_RT, the G2_LE's 32-bit Book3S among them. Its timer is the
# decrementer, as the guest's
LINUX_RT_DEFCONFIG := $(LINUX_NATIVE_DEFCONFIG)
LINUX_RT_DTB := $(LINUX_NATIVE_DTB)
LINUX_RT_IMAGE := vmlinux
LINUX_RT_APPEND := $(LINUX_NATIVE_APPEND)
LINUX_RT_KCFLAGS := $(LINUX_NATIVE_KCFLAGS)
