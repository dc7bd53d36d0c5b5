# SPDX-License-Identifier: MIT
# e500 (QEMU -M ppce500 -cpu e500v2, 128 MiB): board data for the build.
# Memory map, clocks, lines, TLB1 entries: README.md beside this file.

ARCH := ppc-booke
# the PowerPC frame, MMIO and RT-mask headers, asm-offsets.c
ARCH_COMMON := ppc-common
CROSS := powerpc-linux-gnu-
# GCC 12 has no SPE: soft-float, or -mcpu=8548 emits classic FPU
# instructions the e500v2 lacks (notes/e500.md); -msdata=none: no r13/r2
# small-data anchors in the co-kernel. mk/cokernel.mk adds -fno-pie/-no-pie
# (powerpc-linux-gnu-gcc is built with --enable-default-pie).
CPUFLAGS := -mcpu=8548 -msoft-float -mno-altivec -msdata=none -mbig-endian \
	-Wa,-mregnames
DRIVERS := mpic ns16550 ppc-tb
# the MPC85xx devices, shared with bsp/mpc8544ds
BSP_SHARED := common/mpc85xx
# the MPIC lines Linux owns (mk/virq.mk; lines: drv/mpic.h, source s is
# line 8 + s): 9..12 = external sources 1..4, PCI INTA..D of the CCSR PCI
# controller (the guest's e1000, dts/e500-guest.dts interrupt-map). Its
# timer is the decrementer and its console the co-kernel's.
LINUX_IRQ_LINES := 9 10 11 12
# a line software can raise and nothing else drives: MPIC global timer A1
# (soft_raise starts it), the RT line of the boot-window test image
# (tests/qemu/test_vpic.py)
TEST_SOFT_RT_LINE := 1
# RT timer anticipation (cokernel/include/ck/hw.h gravity_ns): the MPIC
# timer is armed this long before a timer's expiry; the rest is waited out
# on the timebase, so no timer runs early. Below the critical input's cost
# up to the clock read in ck_rt_irq_handle() (97 instructions under QEMU
# icount, more on silicon), so few releases wait, and briefly: the choice
# and its figures are in docs/measuring.md. `make bench BOARD=e500
# TIMER_GRAVITY_NS=0` measures without it.
TIMER_GRAVITY_NS ?= 80
# the classic FPU's instructions, which the e500v2 lacks (it has SPE
# instead, which GCC 12 cannot emit): the link fails if the co-kernel
# holds one (mk/cokernel.mk), e.g. from a hard-float libgcc routine
CK_FORBIDDEN_INSNS := f[a-z]+\.?|lf[sd]u?x?|stf[sd]u?x?|stfiwx|mffs\.?|mtfsfi?\.?|mtfsb[01]\.?|mcrfs

# newlib for the RT programs (mk/newlib.mk), built for CPUFLAGS
include bsp/common/powerpc-newlib.mk

LINUX_ARCH := powerpc
LINUX_CROSS := powerpc-linux-gnu-
# vmlinux, the ELF (one PT_LOAD at PA 0, entry PA 0): QEMU -kernel takes only
# an ELF or a uImage (hw/ppc/e500.c), so the kernel alone boots from it. A
# U-Boot FIT or the co-kernel payload wants the raw image, one
# `objcopy -O binary` away (Linux has no make target for it; its uImage is
# gzipped and needs mkimage at kernel build time).
LINUX_IMAGE := vmlinux
LINUX_RAW := yes
# no Debian powerpc port: busybox is built from Debian's source (mk/rootfs.mk)

# Debian's U-Boot for QEMU's ppce500 (package u-boot-qemu) boots the FIT
# (build/e500/cokernel.itb, mk/fit.mk) with bootm
UBOOT_BIOS := /usr/lib/u-boot/qemu-ppce500/uboot.elf
# QEMU loads the FIT at 32 MiB and its own device tree above U-Boot's ELF
# (7 MiB higher with Debian's): the FIT must end below the tree
FIT_MAX = mk/qemu-e500-fit-max.sh $(UBOOT_BIOS)
FIT_ARCH := powerpc
QEMU_SYSTEM := qemu-system-ppc
QEMU_MACHINE := ppce500

# Memory map (physical). The co-kernel runs at Linux's kernel address of
# its region, EA = LINUX_PAGE_OFFSET + PA (DESIGN §4), just above Linux's
# lowmem, before Linux too (start.S maps it). Linux's memory (its DT's memory node) is the first
# LINUX_MEM_SIZE bytes, 96 MiB: exactly its three lowmem CAMs (64 + 16 +
# 16 MiB, CONFIG_LOWMEM_CAM_NUM), so Linux's kernel addresses end at
# 0xC600_0000 and its vmalloc area starts 16 MiB higher (VMALLOC_START =
# high_memory + 16 MiB, 16 MiB aligned: arch/powerpc/include/asm/nohash/
# 32/pgtable.h). Everything the co-kernel maps while Linux runs lies in
# that gap, which Linux never maps: its region (at CK_REGION_VA), the IPC
# region (SHM_BOOT_VA) and CCSR (CCSR_VA), each a protected TLB1 entry
# that Linux's head keeps (linux-guest/patches/0011), so the RT side runs
# on through Linux's boot. The co-kernel region is not at the very top of
# RAM because QEMU puts its DTB 24 MiB above the end of the -kernel ELF and
# refuses to start if that passes the end of RAM (hw/ppc/e500.c
# ppce500_load_payload, README.md). QEMU puts the FIT it hands to U-Boot
# (-kernel with -bios) at 0x0200_0000 and its device tree at 0x0270_0000
# (FIT_MAX above), so nothing is loaded from there to LINUX_INITRD_PA.
RAM_PA := 0x00000000
RAM_SIZE := 0x08000000
LINUX_MEM_SIZE := 0x06000000
LINUX_PAGE_OFFSET := 0xC0000000
CK_REGION_PA := 0x06000000
CK_REGION_SIZE := 0x00400000
CK_REGION_VA := 0xC6000000
# the ePAPR hypercall entry (entry.S, fixed by the link script): the guest
# DTS's hcall-instructions branch there
CK_HCALL_VA := 0xC6001000
SHM_PA := 0x07F00000
SHM_SIZE := 0x00100000
SHM_BOOT_VA := 0xC6E00000
# the pristine copy of the Linux payload Linux restarts from (core/
# restart.c), outside Linux's memory; the co-kernel reaches it only while
# no Linux runs (EA = PA, arch.c arch_phys_to_virt())
PRISTINE_PA := 0x06400000
PRISTINE_SIZE := 0x00C00000
# CCSR: 1 MiB at PA 0xF_E000_0000 (36-bit), mapped at EA CCSR_VA
CCSR_PA_HI := 0xF
CCSR_PA_LO := 0xE0000000
CCSR_VA := 0xC6F00000
# The Linux payload, above the FIT U-Boot reads from 0x0200_0000 and
# QEMU's device tree after it: the guest DTB in the first 64 MiB (Linux's initial map reads it
# there) but below the last 4 MiB of it, where bootm moves the board's DTB
# (the top of CONFIG_SYS_BOOTMAPSZ, 64 MiB; at 0x03EF_C000 with QEMU's), the raw vmlinux staged at LINUX_KERNEL_PA (U-Boot loads no FIT
# loadable at address 0: "load = 0" means "leave it in place"), which the
# co-kernel moves to LINUX_RUN_PA, where it runs (arch.c arch_boot_linux),
# and the initramfs, used in place. The lowest of them also decides where
# QEMU's -kernel loader puts its own DTB (lowest + size + 24 MiB) and how
# much its initial TLB entry maps (0 up to that DTB): it must reach the
# co-kernel's entry, so nothing of the payload sits low.
LINUX_DTB_PA := 0x03C00000
LINUX_KERNEL_PA := 0x04000000
LINUX_RUN_PA := 0x00000000
LINUX_INITRD_PA := 0x05000000
LINUX_MACHINE_ID := 0
BOARD_MAP_VARS := RAM_PA RAM_SIZE LINUX_MEM_SIZE LINUX_PAGE_OFFSET CK_REGION_PA CK_REGION_SIZE \
	CK_REGION_VA CK_HCALL_VA SHM_PA SHM_SIZE SHM_BOOT_VA PRISTINE_PA PRISTINE_SIZE CCSR_PA_HI CCSR_PA_LO CCSR_VA \
	LINUX_KERNEL_PA LINUX_RUN_PA LINUX_DTB_PA LINUX_INITRD_PA LINUX_MACHINE_ID

# ---- test traits: what the QEMU tests and `make check` expect of this
# board (the tests ask `make -s BOARD=<b> print-VAR`; each variable is
# described in docs/porting-board.md, the baselines in docs/measuring.md)
CHECK_TESTS := guest
# minutes its guest tests take in make check here, beside another board's
# run (tests/qemu/run_check.py starts the longest first)
CHECK_MINUTES := 9
# worst cases, instructions under -icount shift=0,sleep=off -seed 1
LATENCY_BASELINE_TASK_NS := 300
LATENCY_BASELINE_HANDLER_NS := 152
LATENCY_BASELINE_BARE_NS := 300
# one MPIC timer tick (40 ns, armed rounded down to it) and two timebase
# steps (2.5 ns)
LATENCY_SLACK_NS := 45
# the co-kernel alone takes no host input, so its run repeats exactly
# (docs/measuring.md): its worst case is gated almost exactly
LATENCY_SLACK_BARE_NS := 2
# what an idle periodic task beside `latency` may add to its min and avg
# (its max: that plus LATENCY_SLACK_NS) on the co-kernel alone: the
# clockevent armed for its timer at each release (test_extra_task.py)
LATENCY_EXTRA_TASK_NS := 88
LINUX_IRQ_CHIP := vPIC
# Linux's timer is the core-local decrementer; the console is its ePAPR
# byte channel
LINUX_IRQ_TIMER := ^\s*LOC:
LINUX_IRQ_CONSOLE := ehv-bc
# Linux's driver of eth0, the e1000 qemu/run-e500 adds with CK_HOSTFWD
# (tests/qemu/test_net.py)
LINUX_NET_DRIVER := e1000
# a single step is a critical-class debug interrupt in Linux
# (linux-guest/patches/0003): the tests single-step with sstep
LINUX_PTRACE_SINGLESTEP := yes
# what a process being single-stepped adds to the RT task's worst case
# (instructions): Linux's critical-class prolog runs with MSR[CE] = 0 until
# patch 0003 lets the critical input in again (94 under latency -p 100)
LATENCY_DEBUGGER_EXTRA_NS := 94
# an RT task's fault is contained before Linux too: the co-kernel's own
# vectors send an RT task's exceptions to arch_fault_entry (entry.S
# rt_fault_vector; test_fault_bare.py); mpc8544ds inherits it
RT_FAULTS_BARE := yes
# a Linux that goes down (panic, reboot, poweroff, a hang) is restarted by
# the co-kernel from its pristine payload (core/restart.c;
# tests/qemu/test_restart.py)
LINUX_RESTART := yes
# the RT side never pauses for Linux's boot (arch_rt_live_in_boot(): Linux's
# head keeps the co-kernel's TLB1 entries, patch 0011, and the co-kernel
# sets its CriticalInput stub's word before the jump): test_guest.py,
# test_restart.py
LINUX_EARLY_RT := yes
# Linux cannot write the co-kernel's memory: it is execute/read-only in
# Linux's address space (0), the co-kernel's data is in address space 1
# (arch/ppc-booke tlb1.h, entry.S, gate.S; test_restart.py's poke_ck)
LINUX_PROTECT := yes
# a misaligned word load is done by the e500 core itself, no alignment
# interrupt (e500CORERM, "Alignment interrupt": only lwarx/stwcx., lmw/stmw
# and the like take it): test_fault.py's `align` checks the task survives
RT_ALIGN_FAULT := no

# ---- cache model (docs/cache-model.md): MPC8541E's e500v2 at 800 MHz
# (e500 core RM §11.1-11.2: 32 + 32 KiB, 8-way, 32-byte lines, PLRU,
# physically tagged) and its 256 KiB 8-way L2 (MPC8541E reference manual)
CACHE_L1I := 32768:8:32:plru
CACHE_L1D := 32768:8:32:plru:wb:alloc
CACHE_L2 := 262144:8:32:plru:wb:alloc
CACHE_TAG := phys
CACHE_LINEAR := 0xc0000000:0x0:0x10000000
CACHE_OPEN_SYMS := ivor_0 arch_rt_entry
# Linux's critical-input stub (its System.map), once Linux runs
CACHE_OPEN_LINUX_SYMS := CriticalInput
CACHE_CLOCK_MHZ := 800
CACHE_CPI := 1.0
CACHE_L2_HIT_NS := 25
CACHE_FILL_NS := 110
CACHE_WB_NS := 60
CACHE_MMIO_NS := 100
CACHE_UNCACHED_NS := 110
CACHE_PUBLISHED_US := 12
CACHE_PUBLISHED_WHAT := MPC8541E 800 MHz Xenomai 1.9.9, ping flood + cache calibrator, about 12 us as printed

# ---- the PREEMPT_RT peer (make linux-rt, mk/linux-rt.mk; make bench):
# allnoconfig + linux-rt.fragment beside this file (the guest's config
# without the co-kernel), on QEMU's stock ppce500 machine with our core;
# the machine writes the device tree
LINUX_RT_DEFCONFIG := allnoconfig
LINUX_RT_DTB :=
LINUX_RT_IMAGE := vmlinux
LINUX_RT_APPEND := console=ttyS0
