// SPDX-License-Identifier: MIT
/*
 * test_tasks_block.c - the "tasks" state block (cokernel/core/tasks.c,
 * ipc/ck_tasks.h) and `ckipc tasks` on the host sim: tasks in known
 * states (blocked on a named mutex owned by another, which inherits its
 * priority; suspended; periodic and busy a tenth of each period; dormant;
 * a name too long) give the records and the lines they should; the CPU
 * time since the previous refresh; the tool's errors (no block, corrupt
 * block, no refresh). The tool is the host build in $CK_TOOLS_HOST (make
 * unit sets it; its cases skip, visibly, without it).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_test.h"
#include <ck/shm.h>
#include "ck_ipc.h"
#include "ck_tasks.h"
#include "tool_region.h"
#include "tool_run.h"
#include "../../cokernel/core/core.h"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS
#define STACK_BYTES 2048u
#define NR 5

enum { HOLDER, WAITER, CYCLIC, SUSP, DONE };

static struct ck_task tk[NR];
static uint64_t stacks[NR][STACK_BYTES / 8u] __attribute__((aligned(8)));
static ck_mutex_t lock;
static struct tool_files files;
static struct ck_ipc_chan lx;  /* Linux's handle of the block */
static struct ck_tasks_snap snap;

static void body_holder(void *arg)
{
	(void)arg;
	(void)ck_mutex_lock(&lock);
	(void)ck_task_sleep_until(1000 * MS);
	(void)ck_mutex_unlock(&lock);
}

static void body_waiter(void *arg)
{
	(void)arg;
	(void)ck_task_sleep_until(1 * MS);
	(void)ck_mutex_lock(&lock);
}

/* 1 ms period, 100 us busy in each: 10% CPU */
static void body_cyclic(void *arg)
{
	(void)arg;
	(void)ck_task_set_periodic(ck_clock_now() + MS, MS);
	for (;;) {
		(void)ck_task_wait_period();
		sim_advance(100 * US);
	}
}

static void body_idle(void *arg)
{
	(void)arg;
}

static void create(int i, const char *name, int prio, void (*fn)(void *))
{
	memset(&tk[i], 0, sizeof(tk[i]));
	assert_int_equal(ck_task_create(&tk[i], name, prio, fn, NULL, stacks[i],
					sizeof(stacks[i])), 0);
}

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	tool_files_open(&files);
	assert_int_equal(ck_shm_init(files.base, TOOL_REGION_BYTES), 0);
	assert_int_equal(tasks_init(), 0);
	assert_int_equal(ck_ipc_open(files.base, TOOL_REGION_BYTES, CK_TASKS_STATE,
				     CK_IPC_SIDE_LINUX, &lx), 0);
	lock.magic = 0;
	assert_int_equal(ck_mutex_init(&lock, 0, 0), 0);
	lock.name = "lockA";
	create(HOLDER, "holder", 5, body_holder);
	create(WAITER, "waiter", 8, body_waiter);
	create(CYCLIC, "cyclic-with-a-long-name", 7, body_cyclic);
	create(SUSP, "susp", 3, body_idle);
	create(DONE, "done", 2, body_idle);
	assert_int_equal(ck_task_suspend(&tk[SUSP]), 0);
	/* a stack written 200 bytes deep (the sim's fibers run elsewhere) */
	stacks[HOLDER][STACK_BYTES / 8u - 25u] = 0;
	sim_start();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	tool_files_close(&files);
	return 0;
}

/* The block as Linux reads it; its shape checked. */
static void read_block(void)
{
	int n = ck_ipc_state_read(files.base, &lx, &snap, sizeof(snap));

	assert_true(n > 0);
	assert_true(snap.tasks >= 1 && snap.tasks <= CK_TASKS_MAX);
	assert_int_equal(n, ck_tasks_snap_bytes(snap.tasks));
}

static const struct ck_tasks_rec *rec(uint32_t i)
{
	assert_true(i < snap.tasks);
	return &snap.rec[i];
}

static void records_of_known_states(void **state)
{
	const struct ck_tasks_rec *r;

	(void)state;
	sim_run_until(5 * MS + 500 * US);
	assert_int_equal(tasks_refresh(), 0);
	read_block();
	/* the root, the refresher (tasks_init()), then ours in order */
	assert_int_equal(snap.tasks, 2 + NR);
	assert_int_equal(snap.now_ns, ck_clock_now());
	assert_int_equal(snap.interval_ns, snap.now_ns - 0);

	r = rec(0);
	assert_string_equal(r->name, "root");
	assert_int_equal(r->flags, CK_TASKS_F_ROOT);
	assert_int_equal(r->prio, -1);
	assert_int_equal(r->stack_bytes, 0);
	assert_true(r->cpu_ns > 0 && r->cpu_ns <= snap.now_ns);

	r = rec(1);
	assert_string_equal(r->name, "tasks");
	assert_int_equal(r->prio, CK_PRIO_MIN);
	assert_int_equal(r->state, CK_TASKS_BLOCKED);  /* on its doorbell */
	assert_int_equal(r->wait_kind, CK_WAIT_CHAN);

	r = rec(2 + HOLDER);  /* inherits the waiter's priority */
	assert_string_equal(r->name, "holder");
	assert_int_equal(r->base_prio, 5);
	assert_int_equal(r->prio, 8);
	assert_int_equal(r->state, CK_TASKS_BLOCKED);
	assert_int_equal(r->wait_kind, CK_WAIT_DELAY);
	assert_string_equal(r->wait_name, "");
	assert_int_equal(r->stack_bytes, STACK_BYTES);
	assert_int_equal(r->stack_used, 200);

	r = rec(2 + WAITER);
	assert_string_equal(r->name, "waiter");
	assert_int_equal(r->state, CK_TASKS_BLOCKED);
	assert_int_equal(r->wait_kind, CK_WAIT_MUTEX);
	assert_string_equal(r->wait_name, "lockA");
	assert_string_equal(r->wait_owner, "holder");
	assert_int_equal(r->prio, 8);

	r = rec(2 + CYCLIC);  /* cut to 15 bytes, NUL-padded */
	assert_string_equal(r->name, "cyclic-with-a-l");
	assert_int_equal(r->name[15], 0);
	assert_int_equal(r->state, CK_TASKS_BLOCKED);
	assert_int_equal(r->wait_kind, CK_WAIT_PERIOD);
	assert_int_equal(r->period_ns, MS);
	assert_int_equal(r->overruns, 0);
	assert_true(r->switches >= 4 && r->switches <= 6);
	assert_true(r->cpu_ns >= 400 * US && r->cpu_ns <= 600 * US);

	r = rec(2 + SUSP);
	assert_int_equal(r->state, CK_TASKS_SUSPENDED);
	assert_int_equal(r->suspend_depth, 1);
	assert_int_equal(r->switches, 0);

	r = rec(2 + DONE);
	assert_int_equal(r->state, CK_TASKS_DORMANT);
	assert_int_equal(r->switches, 1);
}

/* The second refresh: cpu_delta_ns of the interval since the first. */
static void cpu_since_the_previous_refresh(void **state)
{
	uint64_t first_cpu, first_root, sum = 0;
	uint32_t first, i;

	(void)state;
	sim_run_until(5 * MS + 500 * US);
	assert_int_equal(tasks_refresh(), 0);
	read_block();
	first = snap.refreshes;
	first_cpu = rec(2 + CYCLIC)->cpu_ns;
	first_root = rec(0)->cpu_ns;
	sim_run_until(25 * MS + 500 * US);
	assert_int_equal(tasks_refresh(), 0);
	read_block();
	assert_int_equal(snap.refreshes, first + 1);
	assert_int_equal(snap.interval_ns, 20 * MS);
	assert_int_equal(rec(2 + CYCLIC)->cpu_delta_ns,
			 rec(2 + CYCLIC)->cpu_ns - first_cpu);
	assert_int_equal(rec(2 + CYCLIC)->cpu_delta_ns, 2 * MS); /* 10% */
	assert_int_equal(rec(0)->cpu_delta_ns, rec(0)->cpu_ns - first_root);
	for (i = 0; i < snap.tasks; i++)
		sum += rec(i)->cpu_delta_ns;
	assert_true(sum <= snap.interval_ns);
	assert_true(sum >= snap.interval_ns - 100 * US);
}

/* The RT side while the tool waits: 10 ms more, a refresh; whichever
 * the tool reads, its interval is 10 ms. */
static void refresh_step(void *arg)
{
	(void)arg;
	sim_run_until(ck_clock_now() + 10 * MS);
	(void)tasks_refresh();
}

/* The line of the task named @name (first column). */
static const char *line_of(const char *out, const char *name)
{
	return tool_find_line(out, name, 0);
}

static bool line_has(const char *line, const char *what)
{
	const char *end = strchr(line, '\n');
	const char *p = strstr(line, what);

	return p && (!end || p < end);
}

static int run_tool(void (*step)(void *))
{
	char *const argv[] = { "ckipc", "tasks", NULL };

	return tool_wait(tool_run(files.path, files.out, argv), step, NULL);
}

static void tool_lists_the_tasks(void **state)
{
	const char *out, *l;

	(void)state;
	if (!tools_dir())
		skip();
	sim_run_until(5 * MS + 500 * US);
	assert_int_equal(tasks_refresh(), 0);
	assert_int_equal(run_tool(refresh_step), 0);
	out = tool_slurp(files.out);
	l = line_of(out, "cokernel RT tasks: refresh ");
	assert_true(line_has(l, "%CPU of the last 0.010 s, RT tasks 10.0%"));
	assert_non_null(line_of(out, "NAME "));
	l = line_of(out, "[root] ");
	assert_true(line_has(l, " 90.0 "));
	l = line_of(out, "holder ");
	assert_true(line_has(l, "   8    5  blocked "));
	assert_true(line_has(l, " delay "));
	assert_true(line_has(l, " 200/2048"));
	l = line_of(out, "waiter ");
	assert_true(line_has(l, " blocked        mutex lockA owner holder "));
	l = line_of(out, "cyclic-with-a-l ");
	assert_true(line_has(l, " period "));
	assert_true(line_has(l, "      1000        0 "));
	assert_true(line_has(l, " 10.0 "));
	assert_true(line_has(line_of(out, "susp "), " suspended "));
	assert_true(line_has(line_of(out, "done "), " dormant "));
	assert_null(strstr(out, "no refresh"));
	assert_int_equal(tool_count_prefix(out, ""), 2 + 2 + NR);
}

/* No refresh comes (nobody rings, nobody refreshes): the older list, said. */
static void tool_says_an_old_list(void **state)
{
	const char *out;

	(void)state;
	if (!tools_dir())
		skip();
	assert_int_equal(tasks_refresh(), 0);
	assert_int_equal(run_tool(NULL), 0);
	out = tool_slurp(files.out);
	assert_non_null(strstr(out, "ckipc: tasks: no refresh within 1000 ms: an older list follows\n"));
	assert_non_null(line_of(out, "holder "));
}

static void tool_errors(void **state)
{
	char *const corrupt[] = { "ckipc", "corrupt", CK_TASKS_STATE, NULL };
	char *const tasks[] = { "ckipc", "tasks", NULL };
	struct tool_files other;
	struct ck_ipc_chan ch;
	const char *out;

	(void)state;
	if (!tools_dir())
		skip();
	/* corrupt, as Linux finds it; then as the RT side's next write
	 * finds it: it writes nothing more until `ckipc reset` */
	assert_int_equal(tool_wait(tool_run(files.path, files.out, corrupt), NULL, NULL), 0);
	assert_int_equal(run_tool(NULL), 1);
	out = tool_slurp(files.out);
	assert_string_equal(out, "ckipc: tasks: channel corrupt\n");
	assert_int_equal(run_tool(refresh_step), 1);
	out = tool_slurp(files.out);
	assert_string_equal(out, "ckipc: tasks: channel faulted (see ckipc reset)\n");
	/* `ckipc reset tasks` asks and rings the doorbell: the refresher
	 * wakes and refreshes, which repairs the block; without the ring
	 * nothing happens (the refresher never polls) */
	assert_int_equal(ck_ipc_request_reset(files.base, &lx), 0);
	sim_run_until(ck_clock_now() + 2000 * MS);
	assert_int_equal(run_tool(NULL), 1);
	chan_notify_linux(1u << lx.idx);
	sim_run_until(ck_clock_now() + 20 * MS);
	assert_int_equal(run_tool(NULL), 0);
	out = tool_slurp(files.out);
	assert_non_null(strstr(out, "ckipc: tasks: no refresh within 1000 ms: an older list follows\n"));
	assert_non_null(line_of(out, "holder "));

	/* an older co-kernel: no block */
	tool_files_open(&other);
	assert_int_equal(tool_wait(tool_run(other.path, other.out, tasks), NULL, NULL), 1);
	out = tool_slurp(other.out);
	assert_string_equal(out, "ckipc: tasks: no state block 'tasks': a co-kernel without `ckipc tasks`, or no room left in the region (see its console)\n");
	/* a block never written (a refresher that never ran) */
	assert_int_equal(ck_ipc_state_create(other.base, TOOL_REGION_BYTES, CK_TASKS_STATE,
					     CK_IPC_STATE_RT2LX,
					     sizeof(struct ck_tasks_snap), &ch), 0);
	assert_int_equal(tool_wait(tool_run(other.path, other.out, tasks), NULL, NULL), 1);
	out = tool_slurp(other.out);
	assert_string_equal(out, "ckipc: tasks: the RT side has not written the task list within 1000 ms\n");
	tool_files_close(&other);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(records_of_known_states, setup, teardown),
		cmocka_unit_test_setup_teardown(cpu_since_the_previous_refresh, setup,
						teardown),
		cmocka_unit_test_setup_teardown(tool_lists_the_tasks, setup, teardown),
		cmocka_unit_test_setup_teardown(tool_says_an_old_list, setup, teardown),
		cmocka_unit_test_setup_teardown(tool_errors, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
