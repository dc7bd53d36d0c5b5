// SPDX-License-Identifier: MIT
/*
 * init.c - a libc-free /init for the SH-4 Linux guest's boot tests.
 *
 * Debian's prebuilt sh4 glibc is miscompiled (DESIGN §9), so this /init
 * makes its system calls itself (tests/include/sh4-linux-syscall.h). It
 * prints a marker, copies /proc/interrupts and the first UIO device's name
 * and address to the console, has Linux hold its interrupts off for 20 ms
 * and shows the co-kernel's fault record (under a co-kernel), and powers
 * off (the R2D FPGA's POWOFF: QEMU exits).
 */
#define NR_exit 1
#define NR_read 3
#define NR_write 4
#define NR_open 5
#define NR_mount 21
#define NR_reboot 88

#include "../../include/sh4-linux-syscall.h"

static long sys5(long nr, long a, long b, long c, long d, long e)
{
	register long r3 __asm__("r3") = nr;
	register long r4 __asm__("r4") = a;
	register long r5 __asm__("r5") = b;
	register long r6 __asm__("r6") = c;
	register long r7 __asm__("r7") = d;
	register long r0 __asm__("r0") = e;

	__asm__ volatile("trapa #0x15"
			 : "+r"(r0)
			 : "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			 : "memory", "t");
	return r0;
}

static unsigned long len(const char *s)
{
	unsigned long n = 0;

	while (s[n])
		n++;
	return n;
}

static void say(const char *s)
{
	sh4_sys3(NR_write, 1, (long)s, (long)len(s));
}

static void cat(const char *path)
{
	static char buf[512];
	long fd = sh4_sys3(NR_open, (long)path, 0, 0);
	long n;

	if (fd < 0) {
		say("INIT-MARKER: cannot open ");
		say(path);
		say("\n");
		return;
	}
	while ((n = sh4_sys3(NR_read, fd, (long)buf, sizeof(buf))) > 0)
		sh4_sys3(NR_write, 1, (long)buf, n);
}

/*
 * Linux holds its interrupts off for @ms ms: the co-kernel's debugfs knob
 * (linux-guest/drivers/cokernel/debugfs.c), there only under a co-kernel.
 */
static void irqoff(int ms)
{
	char n[4] = { '0' + ms / 10, '0' + ms % 10, '\n', 0 };
	long fd;

	sys5(NR_mount, (long)"debugfs", (long)"/sys/kernel/debug", (long)"debugfs", 0, 0);
	fd = sh4_sys3(NR_open, (long)"/sys/kernel/debug/cokernel/irqoff_ms", 1, 0);
	if (fd < 0 || sh4_sys3(NR_write, fd, (long)n, 3) != 3) {
		say("INIT-MARKER: no irqoff_ms\n");
		return;
	}
	say("INIT-MARKER: interrupts were off for ");
	say(n);
	say("INIT-MARKER: the co-kernel's fault record:\n");
	cat("/sys/kernel/debug/cokernel/faults");
}

void _start(void)
{
	/* fds 0-2 are /dev/console: the kernel opens it for init */
	say("INIT-MARKER: hello from /init\n");
	sys5(NR_mount, (long)"proc", (long)"/proc", (long)"proc", 0, 0);
	sys5(NR_mount, (long)"sysfs", (long)"/sys", (long)"sysfs", 0, 0);
	cat("/proc/interrupts");
	say("INIT-MARKER: uio0 ");
	cat("/sys/class/uio/uio0/name");
	say("INIT-MARKER: uio0 map0 ");
	cat("/sys/class/uio/uio0/maps/map0/addr");
	irqoff(20);
	say("INIT-MARKER: done\n");
	/* LINUX_REBOOT_MAGIC1/2, LINUX_REBOOT_CMD_POWER_OFF */
	sys5(NR_reboot, (long)0xfee1dead, 672274793, 0x4321fedc, 0, 0);
	sh4_sys3(NR_exit, 0, 0, 0);
	for (;;)
		;
}
