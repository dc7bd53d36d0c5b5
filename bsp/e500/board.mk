# SPDX-License-Identifier: MIT
# e500 (QEMU -M ppce500 -cpu e500v2, 128 MiB): board data for the build.
# Memory map, clocks, lines, TLB1 entries: README.md beside this file.

ARCH := ppc-booke
CROSS := powerpc-linux-gnu-
# GCC 12 has no SPE: soft-float, or -mcpu=8548 emits classic FPU
# instructions the e500v2 lacks (notes/e500.md); -msdata=none: no r13/r2
# small-data anchors in the co-kernel. mk/cokernel.mk adds -fno-pie/-no-pie
# (powerpc-linux-gnu-gcc is built with --enable-default-pie).
CPUFLAGS := -mcpu=8548 -msoft-float -mno-altivec -msdata=none -mbig-endian \
	-Wa,-mregnames
DRIVERS := mpic ns16550

# the Linux guest on e500 is the next step of issue 4 (bsp/e500/README.md):
# until then `make image/run BOARD=e500` build and boot the co-kernel alone
LINUX_GUEST := no
LINUX_ARCH := powerpc
LINUX_CROSS := powerpc-linux-gnu-
# vmlinux, the ELF (one PT_LOAD at PA 0, entry PA 0): QEMU -kernel takes only
# an ELF or a uImage (hw/ppc/e500.c), so the kernel alone boots from it. A
# U-Boot FIT or the co-kernel payload wants the raw image, one
# `objcopy -O binary` away (Linux has no make target for it; its uImage is
# gzipped and needs mkimage at kernel build time).
LINUX_IMAGE := vmlinux
# no Debian powerpc port: busybox is built from Debian's source (mk/rootfs.mk)

# Debian's U-Boot for QEMU's ppce500 (package u-boot-qemu) boots the FIT
# (build/e500/cokernel.itb, mk/fit.mk) with bootm
UBOOT_BIOS := /usr/lib/u-boot/qemu-ppce500/uboot.elf
FIT_ARCH := powerpc
QEMU_SYSTEM := qemu-system-ppc
QEMU_MACHINE := ppce500

# Memory map (physical; EA = PA before Linux). BOARD_MAP_VARS are handed to
# the C/assembly sources as BOARD_<name> macros and to the link script.
# The co-kernel region is not at the very top of RAM because QEMU puts its
# DTB 24 MiB above the end of the -kernel ELF and refuses to start if that
# passes the end of RAM (hw/ppc/e500.c ppce500_load_payload, README.md).
RAM_PA := 0x00000000
RAM_SIZE := 0x08000000
CK_REGION_PA := 0x06000000
CK_REGION_SIZE := 0x00400000
SHM_PA := 0x07F00000
SHM_SIZE := 0x00100000
# CCSR: 1 MiB at PA 0xF_E000_0000 (36-bit), mapped at EA CCSR_VA
CCSR_PA_HI := 0xF
CCSR_PA_LO := 0xE0000000
CCSR_VA := 0xE0000000
# TODO (Linux step): placeholders, nothing is loaded there yet
LINUX_KERNEL_PA := 0x00000000
LINUX_DTB_PA := 0x01FF0000
LINUX_INITRD_PA := 0x02000000
LINUX_MACHINE_ID := 0
BOARD_MAP_VARS := RAM_PA RAM_SIZE CK_REGION_PA CK_REGION_SIZE \
	SHM_PA SHM_SIZE CCSR_PA_HI CCSR_PA_LO CCSR_VA LINUX_KERNEL_PA \
	LINUX_DTB_PA LINUX_INITRD_PA LINUX_MACHINE_ID
