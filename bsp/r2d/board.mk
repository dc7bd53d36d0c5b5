# SPDX-License-Identifier: MIT
# r2d (Renesas R2D-PLUS, SH7751R; QEMU -M r2d, 64 MiB): board data for the
# build.
#
# The co-kernel's board data (CPU flags, drivers, memory map, test traits)
# is not in this file yet: only the toolchain lines the guest's userland
# needs, then its block. `make BOARD=r2d rootfs` (busybox, the Linux tools)
# builds; nothing boots, and `make check` leaves the board out (no
# CHECK_TESTS).

ARCH := sh4
CROSS := sh4-linux-gnu-
# every SH compile loads the plugin that turns off GCC 12's miscompiling
# sh_treg_combine passes (mk/sh4.mk, DESIGN §9) and waits for it to be
# built and checked (TOOLCHAIN_DEPS: order-only prerequisite of every
# compile)
TOOLCHAIN_DEPS := $(SH4_PLUGIN)
# the FPU's instructions (all SH-4 FPU mnemonics start with f: fmov, fadd,
# float, ftrc, fcmp/eq...): no RT code may hold one (mk/cokernel.mk)
CK_FORBIDDEN_INSNS := f[a-z]+[^ \t]*
LINUX_ARCH := sh
LINUX_CROSS := sh4-linux-gnu-
LINUX_GUEST := no

# ---- the guest's userland and the RT programs' newlib (mk/tools.mk,
# mk/rootfs.mk, mk/newlib.mk)
# Linux's programs (busybox, linux-guest/tools) are static and link musl
# built from Debian's source (mk/musl-build.sh), and a libgcc.a built from
# GCC's source with the same flags (mk/libgcc-build.sh): Debian's sh4
# glibc and libgcc.a are miscompiled (DESIGN §9). -m4: the guest kernel
# switches the FPU for its processes (CONFIG_SH_FPU).
LINUX_LIBC := musl
LINUX_USER_CFLAGS := $(SH4_PLUGIN_FLAGS) -m4 -ml
# QEMU's user-mode emulator for the CPU (Debian package qemu-user): the
# build runs busybox and the tools once (mk/user-check.sh), so that a
# miscompiled library fails the build, not the boot
QEMU_USER := qemu-sh4
