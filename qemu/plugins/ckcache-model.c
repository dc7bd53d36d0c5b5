/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ckcache-model.c - one set-associative cache level (ckcache-model.h).
 * The replacement policies follow the core manuals cited in
 * docs/cache-model.md; where a manual leaves a detail open (the ARM926's
 * random generator), the model picks a repeatable stand-in and says so.
 */
#include "ckcache-model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_pow2(uint32_t v)
{
	return v && !(v & (v - 1u));
}

static uint32_t log2_u32(uint32_t v)
{
	uint32_t n = 0;

	while (v > 1u) {
		v >>= 1;
		n++;
	}
	return n;
}

static int geom_check(const struct ckc_geom *g, char *err, size_t errlen)
{
	const char *why = NULL;

	if (!is_pow2(g->line_bytes) || g->line_bytes < 8u || g->line_bytes > 256u)
		why = "line size must be a power of two from 8 to 256 bytes";
	else if (g->ways < 1u || g->ways > 32u)
		why = "ways must be 1 to 32";
	else if (g->repl == CKC_PLRU && !is_pow2(g->ways))
		why = "plru needs a power-of-two number of ways";
	else if (g->size_bytes % (g->ways * g->line_bytes) ||
		 !is_pow2(g->size_bytes / (g->ways * g->line_bytes)))
		why = "size must be ways * line * a power of two sets";
	if (why && err)
		snprintf(err, errlen, "%s", why);
	return why ? -1 : 0;
}

int ckc_parse(const char *spec, struct ckc_geom *g, char *err, size_t errlen)
{
	char buf[128], *field[6], *p;
	unsigned long v[3];
	int n = 0, i;

	if (!spec || strlen(spec) >= sizeof(buf)) {
		snprintf(err, errlen, "cache spec missing or too long");
		return -1;
	}
	strcpy(buf, spec);
	for (p = buf; p && n < 6; n++) {
		field[n] = p;
		p = strchr(p, ':');
		if (p)
			*p++ = 0;
	}
	if (n < 4 || p) {
		snprintf(err, errlen, "cache spec '%s': expected size:ways:line:repl"
			 "[:wb|wt[:alloc|noalloc]]", spec);
		return -1;
	}
	for (i = 0; i < 3; i++) {
		char *end;

		v[i] = strtoul(field[i], &end, 0);
		if (*end || end == field[i] || v[i] > 0x40000000ul) {
			snprintf(err, errlen, "cache spec '%s': '%s' is not a number",
				 spec, field[i]);
			return -1;
		}
	}
	memset(g, 0, sizeof(*g));
	g->size_bytes = (uint32_t)v[0];
	g->ways = (uint32_t)v[1];
	g->line_bytes = (uint32_t)v[2];
	if (!strcmp(field[3], "lru"))
		g->repl = CKC_LRU;
	else if (!strcmp(field[3], "plru"))
		g->repl = CKC_PLRU;
	else if (!strcmp(field[3], "rr"))
		g->repl = CKC_RR;
	else if (!strcmp(field[3], "random"))
		g->repl = CKC_RANDOM;
	else {
		snprintf(err, errlen, "cache spec '%s': replacement '%s' is not one of "
			 "lru plru rr random", spec, field[3]);
		return -1;
	}
	g->valid_first = g->repl == CKC_LRU || g->repl == CKC_PLRU;
	g->write_back = n < 5 || !strcmp(field[4], "wb");
	if (n >= 5 && strcmp(field[4], "wb") && strcmp(field[4], "wt")) {
		snprintf(err, errlen, "cache spec '%s': write policy '%s' is not wb or wt",
			 spec, field[4]);
		return -1;
	}
	g->write_alloc = n < 6 || !strcmp(field[5], "alloc");
	if (n >= 6 && strcmp(field[5], "alloc") && strcmp(field[5], "noalloc")) {
		snprintf(err, errlen, "cache spec '%s': '%s' is not alloc or noalloc",
			 spec, field[5]);
		return -1;
	}
	if (geom_check(g, err, errlen)) {
		char why[96];

		snprintf(why, sizeof(why), "%s", err);
		snprintf(err, errlen, "cache spec '%s': %s", spec, why);
		return -1;
	}
	return 0;
}

int ckc_init(struct ckc_cache *c, const struct ckc_geom *g)
{
	memset(c, 0, sizeof(*c));
	if (geom_check(g, NULL, 0))
		return -1;
	c->g = *g;
	c->line_shift = log2_u32(g->line_bytes);
	c->sets = g->size_bytes / (g->ways * g->line_bytes);
	c->lines = calloc((size_t)c->sets * g->ways, sizeof(*c->lines));
	c->plru = calloc(c->sets, sizeof(*c->plru));
	c->lfsr = 0xACE1u;
	if (!c->lines || !c->plru) {
		ckc_free(c);
		return -1;
	}
	return 0;
}

void ckc_free(struct ckc_cache *c)
{
	free(c->lines);
	free(c->plru);
	c->lines = NULL;
	c->plru = NULL;
}

/* PLRU: the tree's nodes are heap-numbered 1 .. ways-1; a node's bit 0
 * sends the victim search left (lower ways), 1 right. An access turns
 * every node on its way's path to point away from it. */
static void plru_touch(struct ckc_cache *c, uint32_t set, uint32_t way)
{
	uint32_t node = 1, lo = 0, span = c->g.ways;

	while (span > 1u) {
		span >>= 1;
		if (way < lo + span) {
			c->plru[set] |= 1u << node;   /* accessed left: victim right */
			node = 2u * node;
		} else {
			c->plru[set] &= ~(1u << node);
			node = 2u * node + 1u;
			lo += span;
		}
	}
}

static uint32_t plru_victim(const struct ckc_cache *c, uint32_t set)
{
	uint32_t node = 1, lo = 0, span = c->g.ways;

	while (span > 1u) {
		span >>= 1;
		if (c->plru[set] & (1u << node)) {
			node = 2u * node + 1u;
			lo += span;
		} else {
			node = 2u * node;
		}
	}
	return lo;
}

/* Galois LFSR, taps 16 14 13 11: period 65535, a fixed seed */
static uint32_t lfsr_next(struct ckc_cache *c)
{
	uint16_t l = c->lfsr;

	l = (uint16_t)((l >> 1) ^ (-(l & 1u) & 0xB400u));
	c->lfsr = l;
	return l;
}

static uint32_t pick_victim(struct ckc_cache *c, uint32_t set)
{
	struct ckc_line *s = &c->lines[(size_t)set * c->g.ways];
	uint32_t w, best = 0;

	if (c->g.valid_first) {
		for (w = 0; w < c->g.ways; w++)
			if (!s[w].valid)
				return w;
	}
	switch (c->g.repl) {
	case CKC_PLRU:
		return plru_victim(c, set);
	case CKC_RR:
		w = c->rr_next;
		c->rr_next = (c->rr_next + 1u) % c->g.ways;
		return w;
	case CKC_RANDOM:
		return lfsr_next(c) % c->g.ways;
	case CKC_LRU:
	default:
		for (w = 1; w < c->g.ways; w++)
			if ((int32_t)(s[w].stamp - s[best].stamp) < 0)
				best = w;
		return best;
	}
}

static void touch(struct ckc_cache *c, uint32_t set, uint32_t way)
{
	c->lines[(size_t)set * c->g.ways + way].stamp = ++c->clock;
	if (c->g.repl == CKC_PLRU)
		plru_touch(c, set, way);
}

unsigned int ckc_access(struct ckc_cache *c, uint64_t key, bool store,
			uint64_t *victim)
{
	uint64_t tag = key >> c->line_shift;
	uint32_t set = (uint32_t)tag & (c->sets - 1u);
	struct ckc_line *s = &c->lines[(size_t)set * c->g.ways];
	unsigned int r = CKC_MISS;
	uint32_t w;

	for (w = 0; w < c->g.ways; w++) {
		if (s[w].valid && s[w].tag == tag) {
			if (store && c->g.write_back)
				s[w].dirty = 1;
			touch(c, set, w);
			return 0;
		}
	}
	if (store && !c->g.write_alloc)
		return r;
	w = pick_victim(c, set);
	if (s[w].valid && s[w].dirty) {
		r |= CKC_WRITEBACK;
		if (victim)
			*victim = s[w].tag << c->line_shift;
	}
	s[w].valid = 1;
	s[w].tag = tag;
	s[w].dirty = store && c->g.write_back;
	touch(c, set, w);
	return r | CKC_FILL;
}

uint32_t ckc_invalidate_all(struct ckc_cache *c)
{
	size_t i, n = (size_t)c->sets * c->g.ways;
	uint32_t dirty = 0;

	for (i = 0; i < n; i++) {
		dirty += c->lines[i].valid && c->lines[i].dirty;
		c->lines[i].valid = c->lines[i].dirty = 0;
	}
	return dirty;
}

uint32_t ckc_clean_all(struct ckc_cache *c)
{
	size_t i, n = (size_t)c->sets * c->g.ways;
	uint32_t dirty = 0;

	for (i = 0; i < n; i++) {
		dirty += c->lines[i].valid && c->lines[i].dirty;
		c->lines[i].dirty = 0;
	}
	return dirty;
}
