/* SPDX-License-Identifier: MIT */
/*
 * ppc-linux-syscall.h - a Linux system call from a libc-free 32-bit
 * PowerPC program (tests/newlib/fpcheck.c).
 *
 * PowerPC Linux: `sc` with the call number in r0 and the arguments in
 * r3-r8; the result comes back in r3, and on an error CR0[SO] is set and
 * r3 holds the positive errno; r0, r4-r12, CR0 and CTR may change
 * (Linux Documentation/powerpc/syscall64-abi.rst, which 32-bit shares but
 * for the register width; numbers in
 * arch/powerpc/kernel/syscalls/syscall.tbl: exit 1, write 4).
 */
#ifndef PPC_LINUX_SYSCALL_H
#define PPC_LINUX_SYSCALL_H

/* System call @nr with up to three arguments @a..@c (unused ones any
 * value); returns the result, or -errno. */
static inline long ppc_sys3(long nr, long a, long b, long c)
{
	register long r0 __asm__("r0") = nr;
	register long r3 __asm__("r3") = a;
	register long r4 __asm__("r4") = b;
	register long r5 __asm__("r5") = c;

	__asm__ volatile("sc\n\t"
			 "bns+ 1f\n\t"
			 "neg %1, %1\n"
			 "1:"
			 : "+r"(r0), "+r"(r3), "+r"(r4), "+r"(r5)
			 :
			 : "r6", "r7", "r8", "r9", "r10", "r11", "r12", "cr0", "ctr", "memory");
	return r3;
}

#endif /* PPC_LINUX_SYSCALL_H */
