# SPDX-License-Identifier: MIT
# lite5200b (Freescale Lite5200B: MPC5200B, G2_LE core; QEMU -M lite5200b,
# the project's model: qemu/README.md; 256 MiB DDR at 0, MBAR at
# 0xf0000000): board data for the build. Memory map, devices, clocks:
# README.md beside this file.

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
# on the timebase. 0 until measured on this board (make bench).
TIMER_GRAVITY_NS ?= 0
# instructions the G2_LE lacks: the e500's isel and SPE, AltiVec; the
# link fails if the co-kernel holds one (mk/cokernel.mk)
CK_FORBIDDEN_INSNS := isel|ev[a-z]+|efs[a-z]+|efd[a-z]+|v[a-z]+\.?|lvx|stvx
# the ICTL lines Linux owns (mk/virq.mk): none; its timer is the
# decrementer, its console the co-kernel's (the ePAPR byte channel)
LINUX_IRQ_LINES :=

LINUX_ARCH := powerpc
LINUX_CROSS := powerpc-linux-gnu-
# Linux's programs for the G2_LE (603e, classic FPU)
LINUX_USER_CFLAGS := -mcpu=603e

QEMU_SYSTEM := qemu-system-ppc
QEMU_MACHINE := lite5200b

# Memory map (physical). The co-kernel runs at Linux's linear-map address
# of its region, EA = LINUX_PAGE_OFFSET + PA (DESIGN §4), through its own
# BAT4 (arch/ppc-g2 start.S); the guest DTS reserves it no-map, so no BAT
# of Linux's covers it. It and the IPC region are at the top of RAM; the
# Linux payload is staged low and the raw vmlinux moved to 0, where 32-bit
# Book3S Linux runs.
RAM_PA := 0x00000000
RAM_SIZE := 0x10000000
LINUX_PAGE_OFFSET := 0xC0000000
CK_REGION_PA := 0x0FC00000
CK_REGION_SIZE := 0x00400000
CK_REGION_VA := 0xCFC00000
# the ePAPR hypercall entry (entry.S, fixed by the link script): the guest
# DTS's hcall-instructions branch there
CK_HCALL_VA := 0xCFC01000
SHM_PA := 0x0FB00000
SHM_SIZE := 0x00100000
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
	CK_REGION_VA CK_HCALL_VA SHM_PA SHM_SIZE MBAR_PA MBAR_SIZE \
	LINUX_KERNEL_PA LINUX_RUN_PA LINUX_DTB_PA LINUX_INITRD_PA LINUX_MACHINE_ID

# ---- the Linux guest (dts/lite5200b-guest.dts,
# linux-guest/configs/lite5200b.fragment)
# vmlinux, the ELF (one PT_LOAD at PA 0): the image carries its raw copy,
# which the co-kernel moves to LINUX_RUN_PA (arch/ppc-g2 arch.c)
LINUX_IMAGE := vmlinux
LINUX_RAW := yes
