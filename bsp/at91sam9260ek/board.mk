# SPDX-License-Identifier: MIT
# at91sam9260ek (QEMU -M at91sam9260ek, the project's model: qemu/README.md;
# AT91SAM9260, ARM926EJ-S, 64 MiB SDRAM at 0x20000000): board data for the
# build. The co-kernel is not ported to this board yet: what is here builds
# and boots the board's native Linux (make linux-native) on the QEMU model.

ARCH := arm926
CROSS := arm-none-eabi-
CPUFLAGS := -mcpu=arm926ej-s -marm -mfloat-abi=soft
LINUX_GUEST := no

LINUX_ARCH := arm
LINUX_CROSS := arm-linux-gnueabi-
BUSYBOX_ARCH := armel

QEMU_SYSTEM := qemu-system-arm
QEMU_MACHINE := at91sam9260ek

# The native Linux (no co-kernel): Linux 6.1's own configuration and
# device tree for the board, unmodified (mk/linux-native.mk)
LINUX_NATIVE_DEFCONFIG := at91_dt_defconfig
LINUX_NATIVE_DTB := at91sam9260ek.dtb

# Memory map (physical)
RAM_PA := 0x20000000
RAM_SIZE := 0x04000000

# ---- test traits (docs/porting-board.md): the co-kernel's tests do not
# run on this board yet; its QEMU probes and the native Linux boot do
CHECK_TESTS := native
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
# image must end below the stack: at most 0x23ed0000, 90 KiB under the
# stack's start (mk/fit.mk checks the size)
UBOOT_KERNEL_MAX := 0x1d0000
# ---- end of the U-Boot and FIT block
