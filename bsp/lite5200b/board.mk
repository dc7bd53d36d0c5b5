# SPDX-License-Identifier: MIT
# lite5200b (Freescale Lite5200B: MPC5200B, a G2_LE core (603e class, with
# its classic FPU) at 396 MHz, 256 MiB DDR SDRAM at 0, MBAR at 0xf0000000
# where the board's U-Boot moves it; QEMU -M lite5200b, the project's
# model: qemu/README.md): board data for the build.
# The port is young (issue 13): the co-kernel for the G2_LE
# (cokernel/arch/ppc-g2) is still to come, so this board builds and boots
# only its own Linux 6.1, without the co-kernel (make linux-native), with
# its initramfs (make rootfs, make tools); every co-kernel target (make,
# image, run, cokernel, bench, linux, dtb) says so and fails.

# no co-kernel port yet: the Makefile's co-kernel targets fail with a
# message naming the port (CK_PORT_DIR) instead of building half of one
CK_PORT := no
CK_PORT_DIR := cokernel/arch/ppc-g2
# and no Linux guest: LINUX_GUEST := no says so to make linux, dtb and
# bench; rootfs and tools still build, for the native Linux
LINUX_GUEST := no

LINUX_ARCH := powerpc
LINUX_CROSS := powerpc-linux-gnu-
# Linux's programs (busybox from Debian's source: no Debian powerpc port;
# linux-guest/tools) link the cross compiler's glibc, static, compiled for
# the G2_LE: -mcpu=603e (hard float: the core has the classic FPU; no
# isel, SPE, AltiVec, fsqrt: what GCC emits for -mcpu=603e). Debian's
# glibc and libgcc for powerpc-linux-gnu are built for generic 32-bit
# PowerPC; what they hold beyond the 603e runs only when the kernel's
# AT_HWCAP says the CPU has it (LINUX_USER_INSNS_ALLOW).
LINUX_USER_CFLAGS := -mcpu=603e
# the instructions the 603e lacks: the userland's disassembly must hold
# none (mk/user-insns-check.sh, run on the initramfs' binaries): isel
# (e500, POWER7), SPE (ev*, efs*, efd*, brinc), AltiVec (v*, lvx & co,
# dst*, mfvrsave), VSX (x[svx]*, lxv/stxv & co), the transactional memory
# (tbegin. & co), fsqrt[s] (optional in the 6xx: not in the 603e, whose
# optional graphics group is fres, frsqrte, fsel and stfiwx), the 64-bit
# and later ISA integer and FP additions (ld/std, mulld, popcnt*, cmpb,
# prtyw, ldbrx, fcpsgn, lfiwax, fcfid*, fctid*), and wait.
LINUX_USER_FORBIDDEN_INSNS := isel[a-z]*|ev[a-z0-9]+|efs[a-z]+|efd[a-z]+|brinc|v[a-z0-9]+\.?|lv[a-z]+|stv[a-z]+|dst[a-z]*|dss[a-z]*|m[ft]vscr|m[ft]vrsave|x[svx][a-z0-9]+\.?|lx[sv][a-z0-9]*|stx[sv][a-z0-9]*|t(begin|end|abort[a-z]*|check|sr|rechkpt|reclaim)\.?|fsqrts?\.?|ld[a-z]*|std[a-z]*|mull?d[a-z]*\.?|divd[a-z]*\.?|popcnt[bwd]|cmpb|prty[wd]|fcpsgn\.?|lfiw[az]x|fcfid[a-z]*\.?|fctid[a-z]*\.?|wait
# those of them Debian's static glibc holds and runs only when the
# kernel's AT_HWCAP says the CPU has the unit (the G2_LE's has neither
# AltiVec nor HTM): setjmp/longjmp's AltiVec register save and restore
# (PPC_FEATURE_HAS_ALTIVEC) and the lock elision (PPC_FEATURE2_HAS_HTM).
# Mnemonics, not functions: busybox is stripped. The run under QEMU_USER
# below executes the paths the checks take on a G2_LE.
LINUX_USER_INSNS_ALLOW := lvx|stvx|vperm|lvs[lr]|m[ft]vrsave|tbegin\.|tend\.|tabort\.
# test trait: an instruction of them as inline assembly, no quotes
# (tests/qemu/test_user_insns.py builds a program holding it, which the
# check must refuse naming main, and QEMU_USER must stop with SIGILL)
TEST_USER_FORBIDDEN_ASM := .machine push; .machine power7; isel 3,3,4,2; .machine pop
# QEMU's user-mode emulator, on the MPC5200B's own core (Debian package
# qemu-user: -cpu mpc5200b, a G2_LE): the build runs busybox and the tools
# once (mk/user-check.sh), and an instruction the core lacks is an illegal
# instruction there too
QEMU_USER := qemu-ppc -cpu mpc5200b

# mpc5200_defconfig has no devtmpfs: the initramfs carries the nodes its
# init and shell open (mk/rootfs.mk): /dev/null (background jobs' stdin),
# the console's PSC1 (cttyhack makes it the shell's controlling tty: job
# control, Ctrl-C); /dev/console is the kernel's built-in initramfs'
ROOTFS_DEV_NODES := dev/null:c:1:3 dev/ttyPSC0:c:204:148
QEMU_SYSTEM := qemu-system-ppc
QEMU_MACHINE := lite5200b

# The native Linux (no co-kernel): Linux 6.1's own configuration and
# device tree for the board, unmodified (mk/linux-native.mk). The image is
# vmlinux, the ELF, which QEMU's -kernel loads (powerpc has no zImage the
# board's loader would take: its uImage is gzipped and needs mkimage);
# mpc5200_defconfig builds no DTB: the build asks for lite5200b.dtb by
# name, from arch/powerpc/boot/dts/lite5200b.dts.
LINUX_NATIVE_DEFCONFIG := mpc5200_defconfig
LINUX_NATIVE_DTB := lite5200b.dtb
LINUX_NATIVE_IMAGE := vmlinux
# mpc5200_defconfig turns on CONFIG_DEBUG_INFO (-g): the build adds -g0
# after it, leaving the DWARF out and nothing else (GCC's debug info never
# changes the code it generates: the two builds' text is the same size),
# the configuration as it is. Cold builds here (2 cores, shared): with the
# debug info 788 s (load 7), a 2.1 GiB tree and a 133 MiB vmlinux; with
# -g0 544 s (load 4), 1.6 GiB and 16 MiB.
LINUX_NATIVE_KCFLAGS := -g0

# ---- test traits: what the QEMU tests and `make check` expect of this
# board (the tests ask `make -s BOARD=<b> print-VAR`; each variable is
# described in docs/porting-board.md)
# native: the board's own Linux on the QEMU model (test_native_linux.py);
# no co-kernel tests until the port exists
CHECK_TESTS := native

# the native Linux's boot (tests/qemu/test_native_linux.py): its command
# line (the console on PSC1, Linux's ttyPSC0: drivers/tty/serial/
# mpc52xx_uart.c), lines its log must hold (|-separated), the interrupt
# controller's name in /proc/interrupts and the interrupts that must have
# counted there
LINUX_NATIVE_APPEND := console=ttyPSC0,115200
# lines a Lite5200B prints booting Linux 6.1 at the console's log level
# (KERN_INFO and above): the ICTL's init (platforms/52xx/mpc52xx_pic.c),
# PSC1's probe (serial_core's report for mpc52xx_uart.c: "ttyPSC0 at MMIO
# 0xf0002000 (irq = <n>, base_baud = <n>) is a MPC5xxx PSC"), GPT0's, the
# DTS's fsl,has-wdt timer (platforms/52xx/mpc52xx_gpt.c), and the timebase
# clocksource taking over (the decrementer at XLB/4, 33 MHz: "time_init:
# decrementer frequency = 33.000000 MHz" is KERN_DEBUG, in dmesg only)
LINUX_NATIVE_EXPECT := MPC52xx PIC is up and running!|ttyPSC0 at MMIO 0xf0002000|f0000600.timer: can function as watchdog|Switched to clocksource timebase
# /proc/interrupts names the ICTL's irq_chips by group: MPC52xx Main,
# MPC52xx Peripherals, MPC52xx Critical, MPC52xx SDMA (mpc52xx_pic.c); the
# PSC's line is a peripheral one (L2 1: PSC1)
LINUX_NATIVE_IRQ_CHIP := MPC52xx
# the console's PSC1 (a chip line, its action named by the driver) and the
# decrementer (a core-local interrupt: /proc/interrupts' "LOC:" line,
# which names no chip)
LINUX_NATIVE_IRQS := mpc52xx_psc_uart|^\s*LOC:
