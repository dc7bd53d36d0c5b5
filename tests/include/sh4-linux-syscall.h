/* SPDX-License-Identifier: MIT */
/*
 * sh4-linux-syscall.h - a Linux system call from a libc-free SH-4 program
 * (tests/newlib/fpcheck.c, tests/qemu/sh4-init/init.c).
 *
 * SH Linux: `trapa #0x1N` for a call with N arguments, the call number in
 * r3, the arguments in r4-r7, the result (or -errno) in r0; the trap may
 * change T (arch/sh/kernel/entry-common.S, system_call; numbers in
 * arch/sh/kernel/syscalls/syscall.tbl).
 */
#ifndef SH4_LINUX_SYSCALL_H
#define SH4_LINUX_SYSCALL_H

/* System call @nr with up to three arguments @a..@c (unused ones any
 * value); returns r0: the result, or -errno. */
static inline long sh4_sys3(long nr, long a, long b, long c)
{
	register long r3 __asm__("r3") = nr;
	register long r4 __asm__("r4") = a;
	register long r5 __asm__("r5") = b;
	register long r6 __asm__("r6") = c;
	register long r0 __asm__("r0");

	__asm__ volatile("trapa #0x13"
			 : "=r"(r0)
			 : "r"(r3), "r"(r4), "r"(r5), "r"(r6)
			 : "memory", "t");
	return r0;
}

#endif /* SH4_LINUX_SYSCALL_H */
