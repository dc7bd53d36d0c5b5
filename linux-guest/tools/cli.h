/* SPDX-License-Identifier: GPL-2.0 */
/* cli.h - what the Linux tools share: strict command-line number parsing,
 * the start of a run of an RT program (stop signals, session number), its
 * commands and its boot-time result. */
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

/**
 * cli_bad_option() - report what getopt_long() returned @c for (its
 * optstring begun with ':', opterr 0): ':' is an option of @argv without
 * its value ("<prog>: <option> needs a value"), anything else one the tool
 * does not implement, named as given ("<prog>: option <option> is not
 * supported (supported: <@supported>)"), on stderr.
 * Return: 2, the exit status of a usage error.
 */
int cli_bad_option(const char *prog, int c, char **argv, const char *supported);

/**
 * cli_no_operand() - after getopt: 0 when @argv holds options only, else
 * 2 after "<prog>: unexpected argument '<it>'" on stderr.
 */
int cli_no_operand(const char *prog, int argc, char **argv);

#include <stdint.h>

/**
 * cli_catch_stop() - have @fn called on SIGINT, SIGTERM and SIGHUP (the
 * user ends the run), instead of dying: the tool then stops the RT side
 * and prints its summary.
 */
void cli_catch_stop(void (*fn)(int sig));

/**
 * cli_session() - a number for a START command that the RT side echoes in
 * its records: the pid and the time mixed, so that records left by an
 * earlier run are told apart.
 */
uint32_t cli_session(void);

struct ckipc;
struct ck_ipc_chan;

/**
 * cli_send() - send @len bytes of @msg, a command, on Linux -> RT ring
 * @ch, waiting up to 2 s for room (the RT side takes one a watchdog tick).
 * Return: 0, or the error after "<prog>: cannot send a command to the RT
 * side: <why>" on stderr.
 */
int cli_send(struct ckipc *c, struct ck_ipc_chan *ch, const char *prog,
	     const void *msg, uint32_t len);

/**
 * cli_result() - read the result an RT program publishes once at boot in
 * state block @name into @buf (@bytes, its exact size), waiting up to 3 s
 * for it to be written. On failure print "<prog>: channel <name>: not
 * found" or "<prog>: no result: <why>" on stderr.
 * Return: 0 or -1.
 */
int cli_result(struct ckipc *c, const char *prog, const char *name, void *buf,
	       uint32_t bytes);

#endif /* CK_TOOLS_CLI_H */
