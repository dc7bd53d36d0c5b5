# SPDX-License-Identifier: MIT
# r2d (Renesas R2D-PLUS, SH7751R; QEMU -M r2d, 64 MiB): board data for the
# build.
#
# The co-kernel's board data (CPU flags, drivers, memory map, test traits)
# is not in this file yet: only the toolchain lines the guest's userland
# and newlib need, then their block. `make BOARD=r2d rootfs` (busybox, the
# Linux tools) and `make BOARD=r2d newlib` build; nothing boots, and `make
# check` leaves the board out (no CHECK_TESTS).

ARCH := sh4
CROSS := sh4-linux-gnu-
# every SH compile loads the plugin that turns off GCC 12's miscompiling
# sh_treg_combine passes (mk/sh4.mk, DESIGN §9) and waits for it to be
# built and checked (TOOLCHAIN_DEPS: order-only prerequisite of every
# compile)
TOOLCHAIN_DEPS := $(SH4_PLUGIN)
# the FPU's instructions (all SH-4 FPU mnemonics start with f: fmov, fadd,
# float, ftrc, fcmp/eq...): no RT code may hold one (mk/cokernel.mk, and
# mk/newlib-check.sh on what newlib links)
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
# build runs busybox and the tools (mk/user-check.sh) and newlib's
# soft-float check (mk/newlib-check.sh) once, so that a miscompiled library
# fails the build, not the boot
QEMU_USER := qemu-sh4
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
