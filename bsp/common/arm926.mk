# SPDX-License-Identifier: MIT
# arm926.mk - what the ARM926EJ-S boards share (versatilepb, at91sam9260ek;
# included by their board.mk): the CPU flags, newlib, and no VFP.

# soft float: an ARM926 board may have no VFP (the AT91SAM9260 has none),
# while QEMU's arm926 has one. Never add a second -mfloat-abi: with two,
# GCC picks the multilib of the first and generates code for the last.
CPUFLAGS := -mcpu=arm926ej-s -marm -mfloat-abi=soft
# The RT programs link newlib (mk/newlib.mk): Debian's prebuilt
# libnewlib-arm-none-eabi in the multilib CPUFLAGS select, '.' (ARMv4T,
# soft-float, no VFP instruction); the build refuses a multilib built for
# an FPU (mk/newlib-prebuilt.sh).
NEWLIB := arm-none-eabi
NEWLIB_PREBUILT := yes
# malloc's arena (init only: README.md, newlib), bytes
NEWLIB_HEAP_BYTES := 65536
# No VFP code in the co-kernel: the link fails if its disassembly holds a
# VFP instruction, or any of coprocessors 10 and 11, as objdump prints them
# (mk/cokernel.mk): UAL (vmov, vldr, vmrs, vadd.f64, vpush...), pre-UAL
# (fldmiax, fstmiax; an older objdump's fldd, fmrx...), and the generic
# coprocessor forms of p10/p11 (ldc, stc, mcr, mrc, mrrc, cdp, mcrr and
# their 2, l and condition variants, "\t11,"). No ARMv5 integer mnemonic
# begins with v or f.
CK_FORBIDDEN_INSNS := v[a-z0-9]+(\.[a-z0-9]+)*|f[a-z0-9]+|(cdp|ldc|stc|mcr|mrc|mrrc)[a-z0-9]*\t1[01],

# a VFP instruction an RT program might hold, and CPU flags that select
# newlib's VFP multilib: the link and `make newlib` must refuse them
# (tests/qemu/test_forbidden_insns.py)
TEST_FORBIDDEN_ASM := .fpu vfp; vmov s15, r0
TEST_FPU_CPUFLAGS := -mcpu=arm926ej-s -marm -mfloat-abi=softfp

# The cache model (docs/cache-model.md; each board.mk gives the sizes and
# costs): the ARM926EJ-S's caches are VIVT (TRM DDI 0198D §4.1); Linux's
# arm926 switch_mm cleans and invalidates both with CP15 c7 operations;
# a release's window opens at the FIQ vector (high vectors) and the
# co-kernel's entry it jumps to; 1.5 cycles per instruction on hits
CACHE_TAG := virt
CACHE_CP15 := on
CACHE_OPEN_VA := 0xffff001c
CACHE_OPEN_SYMS := arch_rt_entry
CACHE_CPI := 1.5
