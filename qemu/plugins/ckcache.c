/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ckcache.c - a TCG plugin that runs a model of the board's caches over the
 * whole run and counts, per RT release, what the RT wake-up path costs on
 * hardware and QEMU does not charge: instructions, L1 I/D misses, L2
 * misses, dirty write-backs, MMIO and uncached accesses, distinct lines.
 *
 * The cache state lives across the whole run, so whatever Linux did
 * between two releases (its load) has evicted the co-kernel's lines as on
 * hardware. A release's window opens at an RT entry address (open=) and
 * closes at the instruction after the latency task's clock read (close=);
 * an RT entry while a window is open restarts it (the earlier entry never
 * reached a clock read: counted as dropped), except within the first
 * OPEN_MERGE_INSNS instructions, so that a vector, its trampoline and the
 * co-kernel's entry, all named in open=, are one entry. docs/cache-model.md
 * has the cost model that turns the counts into hardware time.
 *
 * Arguments (QEMU -plugin ckcache.so,key=value,...):
 *   out=FILE         JSON lines: one per release, then one summary at exit
 *   l1i=SPEC l1d=SPEC [l2=SPEC]   ckcache-model.h ckc_parse(); l2 unified
 *   tag=virt|phys    virt: caches keyed by virtual address (ARM926 VIVT);
 *                    phys: by physical (e500, G2_LE, SH-4)
 *   open=VA close=VA (repeatable) window bounds, instruction addresses
 *   linear=VA:PA:SIZE  a window where instruction PA = VA - VA + PA, from
 *                    which the host-to-PA offset of RAM is learnt (phys)
 *   uncached=LO:HI   (repeatable) physical [LO, HI) not cached
 *   uncached_va=LO:HI (repeatable) virtual [LO, HI) not cached (SH-4 P2)
 *   cp15=on          ARM926: CP15 c7 whole-cache operations act on the model
 */
#include <glib.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#include "ckcache-model.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define OPEN_MERGE_INSNS 16u
#define MAX_RANGES 8
#define MAX_BOUNDS 8
#define LINESET_SLOTS 4096u /* distinct lines of one window, at most 3/4 */

/* what an instruction's callback does besides the fetch: udata bits */
#define U_KEY_MASK ((1ull << 48) - 1u)
#define U_OPEN (1ull << 48)
#define U_CLOSE (1ull << 49)
#define U_UNCACHED (1ull << 50)
#define U_CP_SHIFT 51 /* 3 bits: enum cp_op */
#define U_RUN_SHIFT 54 /* 8 bits: instructions in the run (uncached) */
#define U_RUN_MASK 0xffu

enum cp_op { CP_NONE, CP_INV_I, CP_INV_D, CP_INV_ID, CP_CLEAN_INV_D, CP_CLEAN_D };

struct range {
	uint64_t lo, hi;
};

/* one window's counts; the same struct sums the whole run */
struct counts {
	uint64_t insns, i_miss, d_access, d_miss, st_through, d_wb, l2_miss, l2_wb;
	uint64_t mmio, uncached, lines, i_lines, d_lines;
};

static struct {
	FILE *out;
	struct ckc_cache l1i, l1d, l2;
	bool have_l2, phys, cp15;
	uint64_t open[MAX_BOUNDS], close[MAX_BOUNDS];
	int n_open, n_close;
	struct range unc_pa[MAX_RANGES], unc_va[MAX_RANGES];
	int n_unc_pa, n_unc_va;
	uint64_t lin_va, lin_pa, lin_size;
	bool host_delta_known;
	uint64_t host_delta; /* host address - PA of guest RAM */
	/* state */
	uint64_t insns_total;
	struct counts win, run;
	bool win_open;
	uint64_t win_t;
	uint64_t releases, dropped, stray_closes, cache_ops;
	uint64_t lineset[LINESET_SLOTS];
	uint32_t lineset_gen[LINESET_SLOTS], gen;
	bool lines_full;
	/* the lines of the release that touched the most (line << 1 | data) */
	uint64_t widest[LINESET_SLOTS];
	uint64_t n_widest;
} ck;

static bool in_ranges(const struct range *r, int n, uint64_t a)
{
	int i;

	for (i = 0; i < n; i++)
		if (a >= r[i].lo && a < r[i].hi)
			return true;
	return false;
}

/* Count line @key (byte address) of kind @data once per window. */
static void lineset_add(uint64_t key, bool data)
{
	uint64_t line = (key >> ck.l1d.line_shift) << 1 | data;
	uint32_t h = (uint32_t)((line * 0x9E3779B97F4A7C15ull) >> 52);

	if (ck.lines_full)
		return;
	for (;;) {
		h &= LINESET_SLOTS - 1u;
		if (ck.lineset_gen[h] != ck.gen) {
			ck.lineset_gen[h] = ck.gen;
			ck.lineset[h] = line;
			ck.win.lines++;
			if (data)
				ck.win.d_lines++;
			else
				ck.win.i_lines++;
			ck.lines_full = ck.win.lines >= LINESET_SLOTS * 3u / 4u;
			return;
		}
		if (ck.lineset[h] == line)
			return;
		h++;
	}
}

/* An L1 line fill (a load here) or write-back (a store of a whole line)
 * goes to the L2 when there is one. Only a load's miss reads memory: a
 * write-back that misses is allocated whole, with nothing to read. */
static void l2_access(uint64_t key, bool store)
{
	unsigned int r;

	if (!ck.have_l2)
		return;
	r = ckc_access(&ck.l2, key, store, NULL);
	if (!store && (r & CKC_MISS))
		ck.win.l2_miss++;
	if (r & CKC_WRITEBACK)
		ck.win.l2_wb++;
}

static void open_window(void)
{
	if (ck.win_open) {
		if (ck.insns_total - ck.win_t < OPEN_MERGE_INSNS)
			return; /* the same entry: vector -> trampoline -> entry */
		ck.dropped++;
	}
	memset(&ck.win, 0, sizeof(ck.win));
	ck.win_open = true;
	ck.win_t = ck.insns_total;
	ck.gen++;
	ck.lines_full = false;
}

static void add_counts(struct counts *sum, const struct counts *c)
{
	sum->insns += c->insns;
	sum->i_miss += c->i_miss;
	sum->d_access += c->d_access;
	sum->d_miss += c->d_miss;
	sum->st_through += c->st_through;
	sum->d_wb += c->d_wb;
	sum->l2_miss += c->l2_miss;
	sum->l2_wb += c->l2_wb;
	sum->mmio += c->mmio;
	sum->uncached += c->uncached;
}

static void print_counts(const struct counts *c)
{
	fprintf(ck.out, "\"insns\": %" PRIu64 ", \"i_miss\": %" PRIu64
		", \"d_access\": %" PRIu64 ", \"d_miss\": %" PRIu64
		", \"st_through\": %" PRIu64 ", \"d_wb\": %" PRIu64
		", \"l2_miss\": %" PRIu64 ", \"l2_wb\": %" PRIu64
		", \"mmio\": %" PRIu64 ", \"uncached\": %" PRIu64, c->insns,
		c->i_miss, c->d_access, c->d_miss, c->st_through, c->d_wb,
		c->l2_miss, c->l2_wb, c->mmio, c->uncached);
}

/* Keep the current window's line set as the widest so far. */
static void keep_widest(void)
{
	uint32_t h;

	ck.n_widest = 0;
	for (h = 0; h < LINESET_SLOTS; h++)
		if (ck.lineset_gen[h] == ck.gen)
			ck.widest[ck.n_widest++] = ck.lineset[h];
}

static void close_window(void)
{
	if (!ck.win_open) {
		ck.stray_closes++;
		return;
	}
	ck.win_open = false;
	ck.win.insns = ck.insns_total - ck.win_t;
	if (ck.win.lines > ck.n_widest)
		keep_widest();
	ck.releases++;
	add_counts(&ck.run, &ck.win);
	fprintf(ck.out, "{\"release\": %" PRIu64 ", \"t\": %" PRIu64 ", ",
		ck.releases, ck.win_t);
	print_counts(&ck.win);
	fprintf(ck.out, ", \"lines\": %" PRIu64 ", \"i_lines\": %" PRIu64
		", \"d_lines\": %" PRIu64 ", \"lines_capped\": %s}\n",
		ck.win.lines, ck.win.i_lines, ck.win.d_lines,
		ck.lines_full ? "true" : "false");
	fflush(ck.out);
}

static void cache_op(enum cp_op op)
{
	uint32_t dirty = 0;

	ck.cache_ops++;
	if (op == CP_INV_I || op == CP_INV_ID)
		ckc_invalidate_all(&ck.l1i);
	if (op == CP_INV_D || op == CP_INV_ID)
		ckc_invalidate_all(&ck.l1d); /* dirty data dropped, not written */
	if (op == CP_CLEAN_INV_D)
		dirty = ckc_invalidate_all(&ck.l1d);
	if (op == CP_CLEAN_D)
		dirty = ckc_clean_all(&ck.l1d);
	ck.win.d_wb += dirty;
}

/* The callback of the first instruction of each run of instructions in
 * one line (and of every window bound and cache operation): one I-cache
 * access stands for the run, since the rest of it hits the same line. */
static void vcpu_insn_exec(unsigned int vcpu, void *udata)
{
	uint64_t u = (uint64_t)(uintptr_t)udata;
	uint64_t key = u & U_KEY_MASK;
	enum cp_op op = (enum cp_op)((u >> U_CP_SHIFT) & 7u);

	(void)vcpu;
	if (u & U_CLOSE)
		close_window();
	if (u & U_OPEN)
		open_window();
	if (u & U_UNCACHED) {
		ck.win.uncached += (u >> U_RUN_SHIFT) & U_RUN_MASK;
	} else {
		if (ckc_access(&ck.l1i, key, false, NULL) & CKC_MISS) {
			ck.win.i_miss++;
			l2_access(key, false);
		}
		if (ck.win_open)
			lineset_add(key, false);
	}
	if (op != CP_NONE)
		cache_op(op);
}

static void vcpu_mem(unsigned int vcpu, qemu_plugin_meminfo_t info,
		     uint64_t vaddr, void *udata)
{
	struct qemu_plugin_hwaddr *hw = qemu_plugin_get_hwaddr(info, vaddr);
	bool store = qemu_plugin_mem_is_store(info);
	uint64_t pa = hw ? qemu_plugin_hwaddr_phys_addr(hw) : vaddr;
	uint64_t key = ck.phys ? pa : vaddr, victim = 0;
	unsigned int r;

	(void)vcpu;
	(void)udata;
	if (hw && qemu_plugin_hwaddr_is_io(hw)) {
		ck.win.mmio++;
		return;
	}
	if (in_ranges(ck.unc_pa, ck.n_unc_pa, pa) ||
	    in_ranges(ck.unc_va, ck.n_unc_va, vaddr)) {
		ck.win.uncached++;
		return;
	}
	ck.win.d_access++;
	r = ckc_access(&ck.l1d, key, store, &victim);
	if (r & CKC_FILL) {
		ck.win.d_miss++;
		l2_access(key, false);
	} else if (r & CKC_MISS) {
		/* a store miss without allocation: to the write buffer and on
		 * to the next level, no line fill */
		ck.win.st_through++;
		l2_access(key, true);
	}
	if (r & CKC_WRITEBACK) {
		ck.win.d_wb++;
		l2_access(victim, true);
	}
	if (ck.win_open)
		lineset_add(key, true);
}

/* ARM926 CP15 c7 operations on a whole cache (ARM926EJ-S TRM DDI 0198E,
 * §2.3.8 "Register 7, cache operations"): MCR c7,c5,0 / c7,c6,0 / c7,c7,0
 * invalidate I / D / both, MRC c7,c14,3 / c7,c10,3 test-clean(-invalidate)
 * loops (Linux's arm926 switch_mm and flush_kern_cache_all). The per-line
 * (MVA) operations need a register value, which plugins cannot read. */
static enum cp_op arm_cp15_op(const struct qemu_plugin_insn *insn)
{
	uint32_t w, crn, crm, opc2, load;

	if (qemu_plugin_insn_size(insn) != 4)
		return CP_NONE;
	memcpy(&w, qemu_plugin_insn_data(insn), 4);
	if ((w & 0x0f000f10u) != 0x0e000f10u || (w & 0x00e00000u))
		return CP_NONE; /* not MCR/MRC p15 with opc1 = 0 */
	load = (w >> 20) & 1u;
	crn = (w >> 16) & 15u;
	crm = w & 15u;
	opc2 = (w >> 5) & 7u;
	if (crn != 7u)
		return CP_NONE;
	if (!load && opc2 == 0u)
		return crm == 5u ? CP_INV_I : crm == 6u ? CP_INV_D
		       : crm == 7u ? CP_INV_ID : CP_NONE;
	if (load && opc2 == 3u)
		return crm == 14u ? CP_CLEAN_INV_D : crm == 10u ? CP_CLEAN_D
		       : CP_NONE;
	return CP_NONE;
}

/* The cache key of an instruction: its VA (virt), else its PA from the
 * linear window, else from its host address once RAM's offset is known. */
static uint64_t insn_key(const struct qemu_plugin_insn *insn, bool *uncached)
{
	uint64_t va = qemu_plugin_insn_vaddr(insn);
	uint64_t host = (uint64_t)(uintptr_t)qemu_plugin_insn_haddr(insn);
	uint64_t pa = va;

	if (ck.phys) {
		if (va >= ck.lin_va && va - ck.lin_va < ck.lin_size) {
			pa = va - ck.lin_va + ck.lin_pa;
			if (host && !ck.host_delta_known) {
				ck.host_delta = host - pa;
				ck.host_delta_known = true;
			}
		} else if (host && ck.host_delta_known) {
			pa = host - ck.host_delta;
		}
	}
	*uncached = in_ranges(ck.unc_va, ck.n_unc_va, va) ||
		    (ck.phys && in_ranges(ck.unc_pa, ck.n_unc_pa, pa));
	return (ck.phys ? pa : va) & U_KEY_MASK;
}

static void register_run(struct qemu_plugin_insn *insn, uint64_t u, uint64_t n)
{
	u |= n << U_RUN_SHIFT;
	qemu_plugin_register_vcpu_insn_exec_cb(insn, vcpu_insn_exec,
					       QEMU_PLUGIN_CB_NO_REGS,
					       (void *)(uintptr_t)u);
}

static void vcpu_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);
	uint64_t run_line = UINT64_MAX;
	struct qemu_plugin_insn *run_insn = NULL;
	uint64_t run_u = 0, run_n = 0;

	(void)id;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t va = qemu_plugin_insn_vaddr(insn);
		bool uncached;
		uint64_t u = insn_key(insn, &uncached);
		uint64_t line = ckc_line_key(&ck.l1i, u);
		int k;

		for (k = 0; k < ck.n_open; k++)
			if (va == ck.open[k])
				u |= U_OPEN;
		for (k = 0; k < ck.n_close; k++)
			if (va == ck.close[k])
				u |= U_CLOSE;
		if (uncached)
			u |= U_UNCACHED;
		if (ck.cp15)
			u |= (uint64_t)arm_cp15_op(insn) << U_CP_SHIFT;
		qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
							   &ck.insns_total, 1);
		qemu_plugin_register_vcpu_mem_cb(insn, vcpu_mem, QEMU_PLUGIN_CB_NO_REGS,
						 QEMU_PLUGIN_MEM_RW, NULL);
		/* a new run: another line, or a bound or operation that must
		 * head its run (its callback runs before its instruction) */
		if (line != run_line || (u & ~U_KEY_MASK & ~U_UNCACHED) ||
		    run_n == U_RUN_MASK) {
			if (run_insn)
				register_run(run_insn, run_u, run_n);
			run_insn = insn;
			run_u = u;
			run_line = line;
			run_n = 0;
		}
		run_n++;
	}
	if (run_insn)
		register_run(run_insn, run_u, run_n);
}

static void plugin_exit(qemu_plugin_id_t id, void *p)
{
	uint64_t i;

	(void)id;
	(void)p;
	if (ck.win_open)
		ck.dropped++;
	fprintf(ck.out, "{\"summary\": {\"releases\": %" PRIu64 ", \"dropped\": %"
		PRIu64 ", \"stray_closes\": %" PRIu64 ", \"cache_ops\": %" PRIu64
		", \"insns_total\": %" PRIu64 ", \"windows\": {", ck.releases,
		ck.dropped, ck.stray_closes, ck.cache_ops, ck.insns_total);
	print_counts(&ck.run);
	fprintf(ck.out, "}, \"widest_lines\": [");
	for (i = 0; i < ck.n_widest; i++)
		fprintf(ck.out, "%s[%" PRIu64 ", \"%c\"]", i ? ", " : "",
			(ck.widest[i] >> 1) << ck.l1d.line_shift,
			ck.widest[i] & 1u ? 'D' : 'I');
	fprintf(ck.out, "]}}\n");
	fclose(ck.out);
	ckc_free(&ck.l1i);
	ckc_free(&ck.l1d);
	ckc_free(&ck.l2);
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;

	*v = strtoull(s, &end, 0);
	return end != s && !*end;
}

/* "A:B" or "A:B:C" into @v; false on anything else */
static bool parse_tuple(const char *s, uint64_t *v, int n)
{
	gchar **f = g_strsplit(s, ":", -1);
	bool ok = (int)g_strv_length(f) == n;
	int i;

	for (i = 0; ok && i < n; i++)
		ok = parse_u64(f[i], &v[i]);
	g_strfreev(f);
	return ok;
}

static int cache_arg(struct ckc_cache *c, const char *key, const char *val)
{
	struct ckc_geom g;
	char err[160];

	if (ckc_parse(val, &g, err, sizeof(err))) {
		fprintf(stderr, "ckcache: %s=: %s\n", key, err);
		return -1;
	}
	if (ckc_init(c, &g)) {
		fprintf(stderr, "ckcache: %s=%s: out of memory\n", key, val);
		return -1;
	}
	return 0;
}

static int range_arg(struct range *r, int *n, const char *key, const char *val)
{
	uint64_t v[2];

	if (*n >= MAX_RANGES || !parse_tuple(val, v, 2) || v[1] <= v[0]) {
		fprintf(stderr, "ckcache: %s=%s: expected LO:HI with LO < HI "
			"(at most %d)\n", key, val, MAX_RANGES);
		return -1;
	}
	r[*n].lo = v[0];
	r[(*n)++].hi = v[1];
	return 0;
}

static int bound_arg(uint64_t *a, int *n, const char *key, const char *val)
{
	if (*n >= MAX_BOUNDS || !parse_u64(val, &a[*n])) {
		fprintf(stderr, "ckcache: %s=%s: expected an address (at most %d)\n",
			key, val, MAX_BOUNDS);
		return -1;
	}
	(*n)++;
	return 0;
}

static int one_arg(const char *key, const char *val)
{
	uint64_t v[3];

	if (!strcmp(key, "out")) {
		ck.out = fopen(val, "w");
		if (!ck.out)
			fprintf(stderr, "ckcache: out=%s: cannot write\n", val);
		return ck.out ? 0 : -1;
	}
	if (!strcmp(key, "l1i"))
		return cache_arg(&ck.l1i, key, val);
	if (!strcmp(key, "l1d"))
		return cache_arg(&ck.l1d, key, val);
	if (!strcmp(key, "l2")) {
		ck.have_l2 = true;
		return cache_arg(&ck.l2, key, val);
	}
	if (!strcmp(key, "tag") && (!strcmp(val, "virt") || !strcmp(val, "phys"))) {
		ck.phys = !strcmp(val, "phys");
		return 0;
	}
	if (!strcmp(key, "open"))
		return bound_arg(ck.open, &ck.n_open, key, val);
	if (!strcmp(key, "close"))
		return bound_arg(ck.close, &ck.n_close, key, val);
	if (!strcmp(key, "uncached"))
		return range_arg(ck.unc_pa, &ck.n_unc_pa, key, val);
	if (!strcmp(key, "uncached_va"))
		return range_arg(ck.unc_va, &ck.n_unc_va, key, val);
	if (!strcmp(key, "linear") && parse_tuple(val, v, 3)) {
		ck.lin_va = v[0];
		ck.lin_pa = v[1];
		ck.lin_size = v[2];
		return 0;
	}
	if (!strcmp(key, "cp15") && qemu_plugin_bool_parse(key, val, &ck.cp15))
		return 0;
	fprintf(stderr, "ckcache: %s=%s: unknown argument or bad value (out l1i "
		"l1d l2 tag=virt|phys open close linear uncached uncached_va "
		"cp15=on|off)\n", key, val);
	return -1;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info, int argc,
					   char **argv)
{
	int i;

	if (!info->system_emulation) {
		fprintf(stderr, "ckcache: system emulation only\n");
		return -1;
	}
	for (i = 0; i < argc; i++) {
		gchar **kv = g_strsplit(argv[i], "=", 2);
		int err = !kv[0] || !kv[1] ? -1 : one_arg(kv[0], kv[1]);

		if (!kv[0] || !kv[1])
			fprintf(stderr, "ckcache: '%s': expected key=value\n", argv[i]);
		g_strfreev(kv);
		if (err)
			return -1;
	}
	if (!ck.out || !ck.l1i.lines || !ck.l1d.lines || !ck.n_open || !ck.n_close) {
		fprintf(stderr, "ckcache: out=, l1i=, l1d=, open= and close= are "
			"required\n");
		return -1;
	}
	if (ck.cp15 && strcmp(info->target_name, "arm")) {
		fprintf(stderr, "ckcache: cp15=on is for ARM, not %s\n",
			info->target_name);
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, vcpu_tb_trans);
	qemu_plugin_register_atexit_cb(id, plugin_exit, NULL);
	return 0;
}
