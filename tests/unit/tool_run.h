/* SPDX-License-Identifier: MIT */
/*
 * tool_run.h - run a host-built Linux tool (from $CK_TOOLS_HOST, set by
 * `make unit`) against a fake region file while the test plays the RT
 * side, and read what it printed. cmocka asserts: include after
 * <cmocka.h>.
 */
#ifndef TOOL_RUN_H
#define TOOL_RUN_H

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The directory of the host-built tools; NULL: the test skips. */
static inline const char *tools_dir(void)
{
	return getenv("CK_TOOLS_HOST");
}

/* Start tool argv[0] of tools_dir() with @argv, CKIPC_DEV=@region, its
 * stdout and stderr both into file @out. Return: its pid. */
static inline pid_t tool_run(const char *region, const char *out,
			     char *const argv[])
{
	char prog[512];
	pid_t pid;

	snprintf(prog, sizeof(prog), "%s/%s", tools_dir(), argv[0]);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		if (fd < 0)
			_exit(127);
		dup2(fd, 1);
		dup2(fd, 2);
		setenv("CKIPC_DEV", region, 1);
		setenv("ASAN_OPTIONS", "detect_leaks=0", 1);
		execv(prog, argv);
		_exit(127);
	}
	return pid;
}

/* Wait up to 20 s for @pid, calling @step(@arg) (the fake RT side; NULL:
 * none) every 20 ms meanwhile. Return: its exit status, 128 if killed by
 * a signal; a tool still running is killed and the test fails. */
static inline int tool_wait(pid_t pid, void (*step)(void *), void *arg)
{
	int status, t;
	struct timespec ts = { 0, 20 * 1000 * 1000 };

	for (t = 0; t < 1000; t++) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
		if (step)
			step(arg);
		nanosleep(&ts, NULL);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	fail_msg("tool did not finish");
	return -1;
}

/* The content of @path (up to 64 KiB) in a static buffer, which the next
 * call overwrites; also on stderr with CK_TEST_VERBOSE set. */
static inline char *tool_slurp(const char *path)
{
	static char buf[65536];
	FILE *fp = fopen(path, "r");
	size_t n;

	assert_non_null(fp);
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	fclose(fp);
	buf[n] = 0;
	if (getenv("CK_TEST_VERBOSE"))
		fputs(buf, stderr);
	return buf;
}

/* Check that @line is "<tag>|" then @nw fields of exactly @w[i] chars. */
static inline void tool_check_widths(const char *line, const char *tag,
				     const int *w, int nw)
{
	const char *p = line;
	int i;

	assert_memory_equal(p, tag, 3);
	p += 3;
	for (i = 0; i < nw; i++) {
		const char *q;

		assert_int_equal(*p, '|');
		p++;
		q = p;
		while (*q && *q != '|' && *q != '\n')
			q++;
		if ((int)(q - p) != w[i])
			fail_msg("%s field %d is %d wide, want %d: %s", tag, i,
				 (int)(q - p), w[i], line);
		p = q;
	}
}

/* The number of lines of @out that start with @prefix. */
static inline int tool_count_prefix(const char *out, const char *prefix)
{
	int n = 0;
	size_t len = strlen(prefix);
	const char *p = out;

	while (p && *p) {
		if (!strncmp(p, prefix, len))
			n++;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return n;
}

/* The @nth (from 0) line of @out that starts with @prefix; the test fails
 * if there is none. */
static inline const char *tool_find_line(const char *out, const char *prefix,
					 int nth)
{
	size_t len = strlen(prefix);
	const char *p = out;

	while (p && *p) {
		if (!strncmp(p, prefix, len) && nth-- == 0)
			return p;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	fail_msg("no line %s in:\n%s", prefix, out);
	return NULL;
}

#endif /* TOOL_RUN_H */
