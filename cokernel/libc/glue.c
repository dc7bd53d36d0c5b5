// SPDX-License-Identifier: MIT
/*
 * glue.c - the system calls newlib's libc.a expects from its OS, for boards
 * whose RT programs link newlib (NEWLIB in board.mk, mk/newlib.mk). newlib
 * is built without its own (--disable-newlib-supplied-syscalls); these are
 * all it gets: the console, a bounded heap, and errors for the rest.
 *
 * Names: newlib's PowerPC configuration calls the plain names (write,
 * sbrk: its configure.host sets MISSING_SYSCALL_NAMES), others (e.g. ARM)
 * the underscored ones (_write, _sbrk): both are defined, one an alias of
 * the other. Anything not here (open, time, gettimeofday, times, fork, ...) is
 * a link error on purpose: there are no files, processes or wall clock.
 *
 * What of newlib an RT program may use where (README.md, "newlib for RT
 * programs"):
 *  - any context (RT task, RT interrupt, init): string.h, snprintf and
 *    vsnprintf with integer/string/char conversions (nano printf: no %f
 *    unless _printf_float is linked, which it is not; no %ll: use
 *    ck_snprintf), strtol/strtoul and friends, ctype.h, math.h, the
 *    compiler's soft-float and 64-bit helpers, write() below. Their state
 *    is the caller's stack, apart from errno.
 *  - init only (apps' init hooks, before ck_start): malloc/free and
 *    everything that allocates (stdio FILE streams and printf/puts on
 *    them, strdup, strtod/atof and the %f of a linked _printf_float,
 *    which allocate Bigints). newlib's locks are empty here, malloc walks
 *    lists of unbounded length, and stdio keeps per-stream state: not
 *    reentrant, not bounded in time.
 *  - errno is one variable for everybody (--enable-newlib-reent-small
 *    leaves one struct _reent, _impure_ptr; nothing switches it per task):
 *    an RT task must not rely on it (strtol's ERANGE: compare the result
 *    with LONG_MIN/LONG_MAX instead).
 */
#define _DEFAULT_SOURCE 1
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ck/ck.h>
#include <ck/console.h>

/* bytes of RAM malloc may take (sbrk's arena, in .bss); NEWLIB_HEAP_BYTES
 * in board.mk */
#ifndef CK_LIBC_HEAP_BYTES
#define CK_LIBC_HEAP_BYTES (64u * 1024u)
#endif

static uint8_t libc_heap[CK_LIBC_HEAP_BYTES] __attribute__((aligned(8)));
static size_t libc_heap_used;

static int libc_is_console(int fd)
{
	return fd >= STDIN_FILENO && fd <= STDERR_FILENO;
}

/**
 * write() - stdout and stderr (fd 1, 2) go to the co-kernel's console:
 * each '\n'-terminated piece of @buf becomes one "[ck] " line, a trailing
 * piece without '\n' a line of its own (newlib's stdout is line-buffered,
 * as fstat() and isatty() below make it, so a printf line arrives whole).
 * Lines over the console's 160 bytes are cut; a full console ring drops
 * lines and counts them (console_dropped()), the console being lossy by
 * design: all of @len is reported written either way.
 * @return: @len, or -1 with errno EBADF (other fds).
 * Context: any (console_put_line is wait-free); stdio above it: init only.
 */
ssize_t write(int fd, const void *buf, size_t len)
{
	const char *s = buf;
	size_t start = 0, i;

	if (fd != STDOUT_FILENO && fd != STDERR_FILENO) {
		errno = EBADF;
		return -1;
	}
	for (i = 0; i < len; i++) {
		if (s[i] == '\n') {
			(void)console_put_line(s + start, i - start);
			start = i + 1;
		}
	}
	if (start < len)
		(void)console_put_line(s + start, len - start);
	return len > INT_MAX ? INT_MAX : (ssize_t)len;
}

/**
 * read() - the console's input belongs to Linux: stdin is at end of file.
 * @return: 0 (fd 0), or -1 with errno EBADF. Context: any.
 */
ssize_t read(int fd, void *buf, size_t len)
{
	(void)buf;
	(void)len;
	if (fd == STDIN_FILENO)
		return 0;
	errno = EBADF;
	return -1;
}

/** close() - 0 for fd 0-2 (nothing to release), else -1, errno EBADF. */
int close(int fd)
{
	if (libc_is_console(fd))
		return 0;
	errno = EBADF;
	return -1;
}

/** lseek() - the console cannot seek: -1, errno ESPIPE (fd 0-2) or EBADF. */
off_t lseek(int fd, off_t off, int whence)
{
	(void)off;
	(void)whence;
	errno = libc_is_console(fd) ? ESPIPE : EBADF;
	return -1;
}

/**
 * fstat() - fd 0-2 are a character device (stdio then line-buffers
 * stdout instead of buffering 1 KiB of it). @return: 0, or -1, errno EBADF.
 */
int fstat(int fd, struct stat *st)
{
	if (!libc_is_console(fd)) {
		errno = EBADF;
		return -1;
	}
	*st = (struct stat){ .st_mode = S_IFCHR };
	return 0;
}

/** isatty() - 1 for fd 0-2; else 0, errno EBADF. */
int isatty(int fd)
{
	if (libc_is_console(fd))
		return 1;
	errno = EBADF;
	return 0;
}

/** getpid() - the one "process": 1. */
pid_t getpid(void)
{
	return 1;
}

/** kill() - no signals: -1, errno ENOSYS (abort() then calls _exit(1)). */
int kill(pid_t pid, int sig)
{
	(void)pid;
	(void)sig;
	errno = ENOSYS;
	return -1;
}

/**
 * sbrk() - malloc's memory: a static arena of CK_LIBC_HEAP_BYTES, never
 * returned to the system, grown (or shrunk, @incr < 0) by @incr bytes.
 * @return: the previous end of the heap, or (void *)-1 with errno ENOMEM
 *          when the arena cannot grow that much (malloc then returns NULL
 *          with errno ENOMEM).
 * Context: init (through malloc; not reentrant).
 */
void *sbrk(ptrdiff_t incr)
{
	size_t old = libc_heap_used, step = (size_t)incr; /* modulo 2^N */

	if (incr < 0 ? 0 - step > old : step > sizeof(libc_heap) - old) {
		errno = ENOMEM;
		return (void *)-1;
	}
	libc_heap_used = old + step;
	return libc_heap + old;
}

/**
 * _exit() - exit(), abort() and a failed assert() end here, after newlib
 * flushed stdio. An RT task ends (ck_task_exit). In the root context (an
 * app's init hook) there is nothing to end: the co-kernel stops there,
 * visibly, emptying the console ring to the UART.
 * Context: RT task, init.
 */
void _exit(int status)
{
	struct ck_task *t = ck_task_self();

	ck_printf("libc: exit(%d) in %s: %s", status, t ? t->name : "init",
		  t ? "task ended" : "co-kernel stopped");
	if (t)
		ck_task_exit();
	for (;;)
		(void)console_drain();
}

/* the underscored names, for newlib configurations that call those */
extern __typeof__(write) _write __attribute__((alias("write")));
extern __typeof__(read) _read __attribute__((alias("read")));
extern __typeof__(close) _close __attribute__((alias("close")));
extern __typeof__(lseek) _lseek __attribute__((alias("lseek")));
extern __typeof__(fstat) _fstat __attribute__((alias("fstat")));
extern __typeof__(isatty) _isatty __attribute__((alias("isatty")));
extern __typeof__(getpid) _getpid __attribute__((alias("getpid")));
extern __typeof__(kill) _kill __attribute__((alias("kill")));
extern __typeof__(sbrk) _sbrk __attribute__((alias("sbrk")));
