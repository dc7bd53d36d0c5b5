# SPDX-License-Identifier: MIT
# r2d (Renesas R2D-PLUS, SH7751R; QEMU -M r2d, 64 MiB): board data for the
# build. The co-kernel port's part of this file (CPU flags, drivers,
# memory map, test traits) is still to come; what is here is the U-Boot
# and FIT block, and the toolchain it needs.

ARCH := sh4
CROSS := sh4-linux-gnu-
# every SH compile loads the plugin that turns off GCC 12's miscompiling
# sh_treg_combine passes (mk/sh4.mk, DESIGN §9) and waits for it to be
# built and checked
TOOLCHAIN_DEPS := $(SH4_PLUGIN)

QEMU_SYSTEM := qemu-system-sh4
QEMU_MACHINE := r2d

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
# U-Boot relocates itself to the top of RAM, inside the co-kernel's region,
# and runs there until `go`: code from 0x8ffb1000, below it its 1 MiB
# malloc area, the control DTB (0x8fe70b40) and the stack (0x8fe70868 at
# the jump; `bdinfo` and tests/qemu/fit-r2d). `bootm loados` copies the
# co-kernel to 0x8fc00000 while U-Boot runs, so its raw image must end
# below 0x8fe00000 (mk/fit.mk checks)
UBOOT_KERNEL_MAX := 0x200000
# ---- end of the U-Boot and FIT block
