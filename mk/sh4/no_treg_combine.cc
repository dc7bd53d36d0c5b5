// SPDX-License-Identifier: MIT
/*
 * no_treg_combine.cc - a GCC plugin that turns off the SH back end's
 * sh_treg_combine passes.
 *
 * Debian's sh4-linux-gnu-gcc 12.2 (12.2.0-13cross1) miscompiles T-bit
 * tests: sh_treg_combine2 deletes the compare before a conditional branch
 * that follows a call, leaving the branch to test whatever T the callee
 * left (../shared/notes/linuxbuild.md §3.1 has the reproducer; DESIGN §9).
 * Every SH build of the project - co-kernel, Linux, its userland, newlib,
 * U-Boot - loads this plugin: -fplugin=<cache>/no_treg_combine.so.
 *
 * How: PLUGIN_OVERRIDE_GATE runs before each pass's gate with the gate's
 * answer in *gcc_data (a bool); for a pass whose name begins with
 * "sh_treg_combine" the answer becomes false. The passes only optimise,
 * so the code is correct without them (the T tests stay).
 */
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree-pass.h"
#include <cstring>

int plugin_is_GPL_compatible;

static int disabled;   /* pass runs turned off, for -fplugin-arg-...-verbose */
static bool verbose;

static void gate_cb(void *gcc_data, void *)
{
	bool *gate = static_cast<bool *>(gcc_data);

	if (current_pass && current_pass->name &&
	    !strncmp(current_pass->name, "sh_treg_combine", 15) && *gate) {
		*gate = false;
		disabled++;
	}
}

static void finish_cb(void *, void *)
{
	if (verbose)
		fprintf(stderr, "no_treg_combine: %d pass runs off\n", disabled);
}

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *ver)
{
	if (!plugin_default_version_check(ver, &gcc_version)) {
		fprintf(stderr, "no_treg_combine: built for GCC %s, not this one\n",
			gcc_version.basever);
		return 1;
	}
	for (int i = 0; i < info->argc; i++)
		if (!strcmp(info->argv[i].key, "verbose"))
			verbose = true;
	register_callback(info->base_name, PLUGIN_OVERRIDE_GATE, gate_cb, NULL);
	register_callback(info->base_name, PLUGIN_FINISH, finish_cb, NULL);
	return 0;
}
