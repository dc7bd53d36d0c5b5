# SPDX-License-Identifier: MIT
# mpc8544ds (QEMU -M mpc8544ds -cpu e500v2, 128 MiB): the e500 port on
# QEMU's MPC8544DS model, whose MPIC is version 2.0 (sources reach the
# critical input through their destination register's CI bits, not an ILR)
# and whose CCSR sits at PA 0xE000_0000 (README.md). Everything else is
# bsp/e500's.
include bsp/e500/board.mk

# Debian has no U-Boot for mpc8544ds: no FIT, QEMU loads the ELF
UBOOT_BIOS :=
# no guest DTS for this machine yet (its CCSR is at PA 0xE000_0000):
# `make image/run` build and boot the co-kernel alone
LINUX_GUEST := no
QEMU_MACHINE := mpc8544ds
# make check: the co-kernel alone (test_bare.py)
CHECK_TESTS := bare
# its own worst case alone (MPIC 2.0, another CCSR base; e500 is the same):
# the worst first second over the release phases seen (docs/measuring.md)
LATENCY_BASELINE_BARE_NS := 300
CCSR_PA_HI := 0x0
CCSR_PA_LO := 0xE0000000
# no PREEMPT_RT peer here (make linux-rt): e500's is for QEMU's ppce500
# machine, and this board has no guest initramfs to boot it with
LINUX_RT_DEFCONFIG :=
