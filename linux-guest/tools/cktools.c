// SPDX-License-Identifier: GPL-2.0
/* cktools.c - the guest's tools in one static program, as busybox holds its
 * applets: each tool's source is compiled with -Dmain=<tool>_main and linked
 * here once (mk/tools.mk), and /usr/bin/<tool> is a link to cktools. One
 * static libc instead of one per tool: nine static glibc programs took
 * about 7 MB of the initramfs, which pushed e500's FIT (loaded by QEMU at
 * 32 MiB) over the device tree QEMU puts at 39 MiB (hw/ppc/e500.c
 * ppce500_load_payload; bsp/e500/board.mk FIT_MAX).
 *
 * Run as a link named after a tool, it runs that tool with the same
 * arguments; run as cktools, the first argument names the tool:
 *   cktools <tool> [args...]
 *   cktools --list        the tools, one a line
 * Exit: the tool's status; 2 for a name that is no tool, with the list. */
#include <stdio.h>
#include <string.h>

/* CK_TOOLS: X(name) for each tool, from mk/tools.mk's TOOLS_NAMES */
#ifndef CK_TOOLS
#error "build cktools through mk/tools.mk (CK_TOOLS lists the tools)"
#endif

#define X(t) int t##_main(int argc, char **argv);
CK_TOOLS
#undef X

static const struct {
	const char *name;
	int (*main)(int argc, char **argv);
} tools[] = {
#define X(t) { #t, t##_main },
	CK_TOOLS
#undef X
};

#define NTOOLS (sizeof(tools) / sizeof(tools[0]))

/* the tools' names on @f, @sep between them, @end after the last */
static void list(FILE *f, const char *sep, const char *end)
{
	for (size_t i = 0; i < NTOOLS; i++)
		fprintf(f, "%s%s", i ? sep : "", tools[i].name);
	fputs(end, f);
}

static int run(const char *name, int argc, char **argv)
{
	for (size_t i = 0; i < NTOOLS; i++)
		if (!strcmp(name, tools[i].name))
			return tools[i].main(argc, argv);
	fprintf(stderr, "cktools: no tool '%s' (tools: ", name);
	list(stderr, " ", ")\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *name = argc > 0 && argv[0] ? argv[0] : "cktools";
	const char *slash = strrchr(name, '/');

	if (slash)
		name = slash + 1;
	if (strcmp(name, "cktools"))
		return run(name, argc, argv);
	if (argc < 2 || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: cktools <tool> [args...]   (or run /usr/bin/<tool>, a link to cktools)\n"
			"       cktools --list\ntools: ");
		list(argc < 2 ? stderr : stdout, " ", "\n");
		return argc < 2 ? 2 : 0;
	}
	if (!strcmp(argv[1], "--list")) {
		list(stdout, "\n", "\n");
		return 0;
	}
	return run(argv[1], argc - 1, argv + 1);
}
