# SPDX-License-Identifier: MIT
# r2d (Renesas R2D-PLUS, SH7751R; QEMU -M r2d, 64 MiB): board data for the
# build. Memory map, clocks, interrupt levels: README.md beside this file.

ARCH := sh4
CROSS := sh4-linux-gnu-
# Integer-only SH-4 code, little-endian. No FPU context is switched yet, so
# the co-kernel and the RT programs hold no FPU instruction (-m4-nofpu; the
# link check below). Every SH compile loads the plugin that turns off GCC
# 12's miscompiling sh_treg_combine passes (mk/sh4.mk, DESIGN §9), and waits
# for it to be built and checked (TOOLCHAIN_DEPS: order-only prerequisite
# of every co-kernel compile, mk/cokernel.mk).
# The RT programs link newlib (mk/newlib.mk), built from Debian's
# newlib-source for sh-elf (newlib knows the CPU as sh, not sh4) with the
# co-kernel's ABI, -m4-nofpu -ml, and the plugin. Their libgcc.a is built
# from GCC's source with the same flags (NEWLIB_LIBGCC, mk/libgcc-build.sh):
# Debian's is the -m4 multilib only (FPU division and conversions) and
# miscompiled; the one built here holds the soft float (fp-bit) and no FPU
# instruction.
NEWLIB := sh-elf
NEWLIB_CPUFLAGS :=
NEWLIB_BUILD_FLAGS := -m4-nofpu -ml $(SH4_PLUGIN_FLAGS)
NEWLIB_LIBGCC := yes
# malloc's arena (init only: README.md, newlib), bytes
NEWLIB_HEAP_BYTES := 65536
# No SH libc headers are installed (Debian's sh4 glibc is never used) and
# the compiler's search path ends in the host's /usr/include: only GCC's
# own freestanding headers, _LIBC_LIMITS_H_ telling its limits.h that
# there is no libc limits.h to chain to, and, without newlib, the
# co-kernel's own string.h (cokernel/arch/sh4/nolibc).
CPUFLAGS := -m4-nofpu -ml $(SH4_PLUGIN_FLAGS) -Wl,--build-id=none -nostdinc \
	-isystem $(shell $(CROSS)gcc -print-file-name=include) -D_LIBC_LIMITS_H_ \
	$(if $(NEWLIB),,-isystem $(TOP)/cokernel/arch/sh4/nolibc)
TOOLCHAIN_DEPS := $(SH4_PLUGIN)
DRIVERS := sh-intc sh-tmu scif
# No FPU code in the co-kernel, checked twice. The FPU's instructions (all
# SH-4 FPU mnemonics start with f: fmov, fadd, float, ftrc, fcmp/eq...):
# the link fails if the co-kernel's disassembly holds one (mk/cokernel.mk).
# objdump decodes them only when the ELF's ISA has an FPU, which is what
# linking any object built for one (-m4, Debian's libgcc C routines)
# makes it (and then the data of the literal pools decodes as FPU
# instructions too, so this check fails on any such link); sh4-nofpu-check
# states the rule itself: the ELF's ISA flag must be a nofpu one.
CK_FORBIDDEN_INSNS := f[a-z]+[^ \t]*
.PHONY: sh4-nofpu-check
sh4-nofpu-check: $(B)/cokernel.elf
	@$(CROSS)readelf -h $< | grep -q '^ *Flags:.*nofpu' || { \
		echo "$<: linked with code built for an FPU ISA ($$($(CROSS)readelf -h $< | \
			sed -n 's/^ *Flags: *//p')): the co-kernel must be -m4-nofpu" >&2; \
		rm -f $<; exit 1; }
image: sh4-nofpu-check
# RT timer anticipation (cokernel/include/ck/hw.h gravity_ns): TMU3 is
# armed this long before a timer's expiry (in its 66.7 ns ticks); the rest
# is waited out on the clock, so no timer runs early. Below the level-15
# entry's cost up to the clock read in ck_rt_irq_handle() (96 instructions
# under QEMU icount, docs/measuring.md). `TIMER_GRAVITY_NS=0` turns it off.
TIMER_GRAVITY_NS ?= 90
# TMU2's first wrap, ms after boot (drv/sh-tmu.h sh_tmu_init(); then every
# 2^32 ticks, 286.3 s): within the co-kernel's first latency samples, so
# every boot crosses one (README.md, "Clocks"; tests/qemu/test_bare.py
# waits for it). 1..286331; `make ... RT_CLOCK_FIRST_WRAP_MS=25000` moves
# it (into `make bench`'s first row).
RT_CLOCK_FIRST_WRAP_MS ?= 1800
BOARD_C_VARS := RT_CLOCK_FIRST_WRAP_MS
# test trait: the wraps' period, 2^32 ticks at 15 MHz, ms (make bench puts
# one in each row: tests/bench/bench.py)
RT_CLOCK_WRAP_PERIOD_MS := 286331
# the INTC lines (INTEVT codes, drivers/sh-intc.c) Linux owns, in vIRQ
# order (mk/virq.mk; the guest page's virq_hw[]): TMU0's 0x400 (Linux's
# clockevent) and 0x260, IRL 3 (level 12), where the FPGA encodes PCI INTC,
# the interrupt of PCI slot 2, QEMU's RTL8139C+ (board.c pci_intx[]; Linux
# maps the slot to it: linux-guest/patches/0009). Not TMU4's 0xb80: the
# soft line is the co-kernel's doorbell, which the vPIC refuses as a Linux
# line (core/vpic.c) and routes and unmasks itself at attach.
LINUX_IRQ_LINES := 0x400 0x260
LINUX_ARCH := sh
LINUX_CROSS := sh4-linux-gnu-
# Every kernel compile loads the plugin that turns off GCC 12's
# miscompiling sh_treg_combine passes (mk/sh4.mk, DESIGN §9); its path,
# which holds the plugin's key, is part of the kernel's cache key
LINUX_KCFLAGS := $(SH4_PLUGIN_FLAGS)
# The uncompressed kernel (no decompressor run while RT is paused): the raw
# vmlinux.bin from _text = empty_zero_page (PA 0x0c010000); the payload
# drops that first page, so it is loaded at PA 0x0c011000 and entered at
# its first byte, P1 0x8c011000 (_stext). The co-kernel writes the zero
# page itself (arch_boot_linux(): boot params as QEMU's r2d.c writes them,
# the command line at +0x100 with cokernel.page=0x<PA>).
LINUX_IMAGE := vmlinux.bin
# no device tree: Linux takes its boot parameters from the zero page
# (mk/linux.mk: an empty DTB section, none in the FIT)
LINUX_DTB := no
LINUX_RAW_SKIP := 4096
# test traits of the guest (docs/porting-board.md): /proc/interrupts shows
# the vPIC chip, Linux's TMU0 clock events as sh-tmu.0 (INTEVT 0x400, its
# one hardware line: LINUX_IRQ_LINES := 0x400) and the hvc console's soft
# vIRQ (tests/qemu/test_sh4_linux.py)
LINUX_IRQ_CHIP := vPIC
LINUX_IRQ_TIMER := sh-tmu\.0
LINUX_IRQ_CONSOLE := hvc_console
# Linux's driver of eth0, the RTL8139C+ qemu/run-r2d adds with CK_HOSTFWD
# (tests/qemu/test_net.py)
LINUX_NET_DRIVER := 8139cp
# Linux takes PTRACE_SINGLESTEP but steps with a UBC breakpoint, which it
# drives on SH-4A only (arch/sh/kernel/hw_breakpoint.c, cpu/sh4a/ubc.c):
# on the SH7751R no step stops the child, so sstep says single-stepping is
# not supported and exits 2 (linux-guest/tools/sstep.c)
LINUX_PTRACE_SINGLESTEP := no
# console input: no SCIF receive interrupt route yet (board.c uart_rx_line
# -1), so input raises no console vIRQ; Linux's hvc reads the SCIF when a
# 10 ms timer kicks it (linux-guest/drivers/cokernel/hvc.c)
CONSOLE_RX_IRQ := no
# QEMU's SCIF (with qemu/patches/0031) holds host input back while its
# 16-byte receive FIFO is full, so the tests type whole lines although
# Linux reads it only every 10 ms
# Linux's programs (busybox, linux-guest/tools) are static and link musl
# built from Debian's source (mk/musl-build.sh), and a libgcc.a built from
# GCC's source with the same flags (mk/libgcc-build.sh): Debian's sh4
# glibc and libgcc.a are miscompiled (DESIGN §9). -m4: the guest kernel
# switches the FPU for its processes (CONFIG_SH_FPU).
LINUX_LIBC := musl
LINUX_USER_CFLAGS := $(SH4_PLUGIN_FLAGS) -m4 -ml
# QEMU's user-mode emulator for the CPU (Debian package qemu-user): the
# build runs busybox and the tools (mk/user-check.sh) and newlib's
# soft-float check (mk/newlib-check.sh) once, so that a miscompiled library
# fails the build, not the boot
QEMU_USER := qemu-sh4

QEMU_SYSTEM := qemu-system-sh4
QEMU_MACHINE := r2d

# Memory map (physical). SDRAM is 64 MiB at PA 0x0c000000, reached
# untranslated through P1 (0x8c000000, cached) and P2 (0xac000000,
# uncached); the on-chip registers sit in P4 (0xfe000000..), the board's
# FPGA at PA 0x04000000 (P2 0xa4000000). The co-kernel is the top 4 MiB,
# run in P1 (CK_LINEAR_VA + PA - RAM_PA); the IPC region the MiB below it,
# used through P2; below that, 8 MiB hold the pristine copy of the Linux
# payload Linux restarts from (core/restart.c). Linux gets the rest, 51
# MiB from 0x0c000000 (its CONFIG_MEMORY_SIZE): its zero page
# (boot parameters, command line at +0x100) at LINUX_ZERO_PAGE_PA, its
# kernel at LINUX_KERNEL_PA (P1 0x8c011000), its initramfs where QEMU's
# -initrd puts one.
RAM_PA := 0x0c000000
RAM_SIZE := 0x04000000
CK_LINEAR_VA := 0x8c000000
CK_REGION_PA := 0x0fc00000
CK_REGION_SIZE := 0x00400000
SHM_PA := 0x0fb00000
SHM_SIZE := 0x00100000
PRISTINE_PA := 0x0f300000
PRISTINE_SIZE := 0x00800000
LINUX_ZERO_PAGE_PA := 0x0c010000
LINUX_KERNEL_PA := 0x0c011000
LINUX_DTB_PA := 0x00000000
LINUX_INITRD_PA := 0x0d800000
LINUX_MACHINE_ID := 0
BOARD_MAP_VARS := RAM_PA RAM_SIZE CK_LINEAR_VA CK_REGION_PA CK_REGION_SIZE \
	SHM_PA SHM_SIZE PRISTINE_PA PRISTINE_SIZE LINUX_ZERO_PAGE_PA LINUX_KERNEL_PA LINUX_DTB_PA \
	LINUX_INITRD_PA LINUX_MACHINE_ID

# ---- test traits: what the QEMU tests and `make check` expect of this
# board (the tests ask `make -s BOARD=<b> print-VAR`; each variable is
# described in docs/porting-board.md, the baselines in docs/measuring.md)
CHECK_TESTS := guest
# minutes its guest tests take in make check here, beside another board's
# run (tests/qemu/run_check.py starts the longest first)
CHECK_MINUTES := 10
# TEST_SOFT_RT_LINE is unset: no INTC source software can raise is free
# for an RT line (TMU3 is the RT timer, TMU4 the soft line into Linux, the
# other TMUs Linux's and the clocksource), so the boot-window RT-line test
# (test_vpic.py) skips
# worst cases, instructions under -icount shift=0,sleep=off -seed 1
LATENCY_BASELINE_TASK_NS := 400
LATENCY_BASELINE_HANDLER_NS := 134
LATENCY_BASELINE_BARE_NS := 400
# one TMU tick (66.7 ns: the RT timer is armed rounded to it)
LATENCY_SLACK_NS := 67
# the co-kernel alone takes no host input, so its run repeats exactly
LATENCY_SLACK_BARE_NS := 2
# what an idle periodic task beside `latency` may add to its min and avg
# (its max: that plus LATENCY_SLACK_NS) on the co-kernel alone: the
# clockevent armed for its timer at each release (test_extra_task.py);
# two TMU2 steps of 67 ns: the min went 266 -> 400 (the average +83) once
# the RT API of issue 16 lengthened the release path
LATENCY_EXTRA_TASK_NS := 134
# an RT task's fault is contained before Linux too (test_fault_bare.py)
RT_FAULTS_BARE := yes
# a Linux that goes down (panic, reboot, poweroff, a hang) is restarted by
# the co-kernel from its pristine payload (core/restart.c;
# tests/qemu/test_restart.py)
LINUX_RESTART := yes
# the RT side never pauses for Linux's boot (arch_rt_live_in_boot():
# VBR and P1 are the co-kernel's, Linux's head runs at IMASK 14): RT
# resumes long before attach (test_guest.py, test_restart.py)
LINUX_EARLY_RT := yes
# a misaligned word load is an address error (SH7751 hardware manual,
# "Exception Handling": data address error), contained as an alignment
# fault: test_fault.py's `align`
RT_ALIGN_FAULT := yes

# ---- U-Boot and the FIT (mk/fit.mk, mk/uboot-build.sh, mk/uboot-flash.sh,
# bsp/r2d/uboot.config; flashing: README.md)
# U-Boot runs from the board's NOR flash (16 MiB at PA 0, QEMU's
# -drive if=pflash): built here from Debian's u-boot source for
# r2dplus_defconfig plus the project's fragment, with the plugin. What
# `make image` writes: $(B)/cokernel.itb (the FIT: the co-kernel as its
# kernel, loaded and entered at its P1 address, the Linux payload as
# loadables), $(B)/u-boot.bin and $(B)/cokernel.flash (the whole flash:
# U-Boot at 0, its environment sector at 0x80000, the FIT at 0x100000,
# the layout uboot.config sets). qemu/run-r2d boots a .itb through it.
UBOOT_DEFCONFIG := r2dplus_defconfig
UBOOT_FRAGMENT := bsp/r2d/uboot.config
UBOOT_CFLAGS := $(SH4_PLUGIN_FLAGS)
UBOOT_BIOS := $(B)/u-boot.bin
# test trait: U-Boot boots from the board's flash (tests/qemu/test_uboot_r2d.py)
UBOOT_FLASH := yes
FIT_ARCH := sh
# U-Boot runs inside the co-kernel's region until `go`: code from its
# TEXT_BASE 0x8fe00000 (on SH it stays there after copying itself to
# 0x8ffb0000: bsp/r2d/uboot.config), the stack (0x8feab868 at the jump),
# the control DTB (0x8feabb40) and its 1 MiB malloc area above it
# (`bdinfo` and tests/qemu/fit-r2d). `bootm loados` copies the co-kernel
# to 0x8fc00000 while U-Boot runs, so its raw image must end below
# 0x8fe00000 (mk/fit.mk checks)
UBOOT_KERNEL_MAX := 0x200000
# ---- end of the U-Boot and FIT block

# ---- cache model (docs/cache-model.md): SH7751R at 240 MHz (SH7751R
# hardware manual §4: IC 16 KiB, OC 32 KiB, both 2-way LRU, 32-byte
# lines; copy-back with allocation in P1; P2 uncached)
CACHE_L1I := 16384:2:32:lru
CACHE_L1D := 32768:2:32:lru:wb:alloc
CACHE_TAG := phys
CACHE_LINEAR := 0x80000000:0x0:0x20000000
CACHE_UNCACHED_VA := 0xa0000000:0xc0000000
CACHE_OPEN_SYMS := arch_rt_entry
CACHE_CLOCK_MHZ := 240
CACHE_CPI := 1.2
CACHE_FILL_NS := 200
CACHE_WB_NS := 150
CACHE_MMIO_NS := 75
CACHE_UNCACHED_NS := 120
CACHE_PUBLISHED_US := 218
CACHE_PUBLISHED_WHAT := SH7750R 240 MHz Xenomai, loaded, about 218 us

# ---- the PREEMPT_RT peer (make linux-rt, mk/linux-rt.mk): none, the
# PREEMPT_RT series has no SH support (no ARCH_SUPPORTS_RT in arch/sh, in
# or out of tree); make bench says so where the figure would stand
LINUX_RT_NONE := the PREEMPT_RT series has no SH support (arch/sh never selects ARCH_SUPPORTS_RT)
