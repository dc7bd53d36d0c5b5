/* SPDX-License-Identifier: GPL-2.0 */
/* cli.h - strict command-line number parsing shared by the Linux tools. */
#ifndef CK_TOOLS_CLI_H
#define CK_TOOLS_CLI_H

/**
 * cli_number() - parse @arg, the value of @what (an option such as "-T", or
 * an argument name), as a whole decimal number in [@min, @max]: optional
 * sign, digits, nothing after them.
 * On error print "<prog>: <what> '<arg>': not a whole number" or
 * "... out of range (<min>..<max>)" on stderr and return -1; else store
 * the value in *@out and return 0.
 */
int cli_number(const char *prog, const char *what, const char *arg,
	       long long min, long long max, long long *out);

#endif /* CK_TOOLS_CLI_H */
