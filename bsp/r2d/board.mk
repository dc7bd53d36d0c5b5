# SPDX-License-Identifier: MIT
# r2d (Renesas R2D-PLUS, SH7751R; QEMU -M r2d): board data for the build.

# ---- Linux guest (linux-guest/, mk/linux.mk) ----
# Linux 6.1 from Debian's linux-source-6.1: allnoconfig +
# linux-guest/configs/r2d.fragment (rts7751r2dplus settings), patches 0005-
# (IMASK-14 ceiling, VBR hand-over, the vPIC instead of the INTC controllers).
LINUX_ARCH := sh
LINUX_CROSS := sh4-linux-gnu-
# Every kernel compile loads the plugin that turns off GCC 12's
# miscompiling sh_treg_combine passes (mk/sh4.mk, DESIGN §9); its path,
# which holds the plugin's key, is part of the kernel's cache key
LINUX_KCFLAGS := $(SH4_PLUGIN_FLAGS)
TOOLCHAIN_DEPS := $(SH4_PLUGIN)
# The uncompressed kernel (no decompressor run while RT is paused): the raw
# vmlinux.bin from _text = empty_zero_page (PA 0x0c010000); the payload
# drops that first page, so it is loaded at PA 0x0c011000 and entered at
# its first byte, P1 0x8c011000 (_stext). The co-kernel writes the zero
# page itself (arch_boot_linux(): boot params as QEMU's r2d.c writes them,
# the command line at +0x100 with cokernel.page=0x<PA>).
LINUX_IMAGE := vmlinux.bin
LINUX_RAW_SKIP := 4096
# test traits of the guest (docs/porting-board.md): /proc/interrupts shows
# the vPIC chip, Linux's TMU0 clock events as sh-tmu.0 (INTEVT 0x400, its
# one hardware line: LINUX_IRQ_LINES := 0x400) and the hvc console's soft
# vIRQ (tests/qemu/test_sh4_linux.py)
LINUX_IRQ_CHIP := vPIC
LINUX_IRQ_TIMER := sh-tmu\.0
LINUX_IRQ_CONSOLE := hvc_console
# ---- end of the Linux guest block ----
