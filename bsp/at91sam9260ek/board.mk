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
