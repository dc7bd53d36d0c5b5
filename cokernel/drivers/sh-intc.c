// SPDX-License-Identifier: MIT
/*
 * sh-intc.c - SH7751R INTC: the PIC of r2d.
 *
 * Sources: SH7751/SH7751R Hardware Manual (REJ09B0370) §19 "Interrupt
 * Controller": IPRA-IPRD (16 bit, 0xffd00004 + 4n, four 4-bit fields
 * each), INTPRI00 (32 bit, 0xfe080000), INTMSK00/INTMSKCLR00 (0xfe080040/
 * 0x60: a 1 masks / unmasks TMU3 bit 8, TMU4 bit 9, PCIC bits 0-7); a
 * source is accepted when its level is above SR.IMASK, level 0 masks it.
 * QEMU's model: hw/sh4/sh7750.c (the same tables), hw/intc/sh_intc.c with
 * the project's patches 0003 (levels honoured) and 0005 (INTMSK00
 * polarity). A field is written 0 before it takes another non-zero level:
 * stock QEMU 7.2 disables a source on a non-zero to non-zero change
 * (notes/sh4.md §2.2), and the extra write costs nothing on silicon.
 * IRL lines (drv/sh-intc.h) are masked at their encoder, not here.
 */
#include <stdbool.h>
#include <stdint.h>
#include <arch/mmio.h>
#include <arch/sh4.h>
#include <ck/ck.h>
#include <ck/fault.h>
#include <drv/sh-intc.h>
#include <drv/sh-tmu.h>

/* offsets in the IPR window (0xffd00000) and the INTPRI00 window */
#define INTC_IPR(n) (0x04u + 4u * (n))  /* RW 16: IPRA..IPRD */
#define INTC_INTPRI00 0x00u             /* RW 32 */
#define INTC_INTMSK00 0x40u             /* W 32: 1 masks */
#define INTC_INTMSKCLR00 0x60u          /* W 32: 1 unmasks */
#define INTMSK00_TMU3 0x100u
#define INTMSK00_TMU4 0x200u

#define REG_INTPRI00 4u                 /* field register index: IPRA..D = 0..3 */
#define RT_LEVEL 15u

/* Where a source's level lives: register (IPRA..D, INTPRI00), the
 * field's lowest bit, and whether another source shares the field. */
struct src {
	uint16_t code;
	uint8_t reg;
	uint8_t shift;
	uint8_t shared;
};

/* §19.2 table 19.5 / QEMU sh7750.c prio_registers, vectors */
static const struct src srcs[] = {
	{ 0x400, 0, 12, 0 },            /* TMU0 TUNI0 */
	{ 0x420, 0, 8, 0 },             /* TMU1 TUNI1 */
	{ 0x440, 0, 4, 1 }, { 0x460, 0, 4, 1 },                 /* TMU2 */
	{ 0x480, 0, 0, 1 }, { 0x4a0, 0, 0, 1 }, { 0x4c0, 0, 0, 1 }, /* RTC */
	{ 0x560, 1, 12, 0 },            /* WDT */
	{ 0x580, 1, 8, 1 }, { 0x5a0, 1, 8, 1 },                 /* REF */
	{ 0x4e0, 1, 4, 1 }, { 0x500, 1, 4, 1 }, { 0x520, 1, 4, 1 },
	{ 0x540, 1, 4, 1 },                                     /* SCI1 */
	{ 0x620, 2, 12, 0 },            /* GPIO */
	{ 0x640, 2, 8, 1 }, { 0x660, 2, 8, 1 }, { 0x680, 2, 8, 1 },
	{ 0x6a0, 2, 8, 1 }, { 0x6c0, 2, 8, 1 }, { 0x780, 2, 8, 1 },
	{ 0x7a0, 2, 8, 1 }, { 0x7c0, 2, 8, 1 }, { 0x7e0, 2, 8, 1 }, /* DMAC */
	{ 0x700, 2, 4, 1 }, { 0x720, 2, 4, 1 }, { 0x740, 2, 4, 1 },
	{ 0x760, 2, 4, 1 },                                     /* SCIF */
	{ 0x600, 2, 0, 0 },             /* H-UDI */
	{ 0xb80, REG_INTPRI00, 12, 0 }, /* TMU4 TUNI4 */
	{ 0xb00, REG_INTPRI00, 8, 0 },  /* TMU3 TUNI3 */
	{ 0xa20, REG_INTPRI00, 4, 1 }, { 0xa40, REG_INTPRI00, 4, 1 },
	{ 0xa60, REG_INTPRI00, 4, 1 }, { 0xa80, REG_INTPRI00, 4, 1 },
	{ 0xaa0, REG_INTPRI00, 4, 1 }, { 0xac0, REG_INTPRI00, 4, 1 },
	{ 0xae0, REG_INTPRI00, 4, 1 },                          /* PCIC1 */
	{ 0xa00, REG_INTPRI00, 0, 0 },  /* PCIC0 PCISERR */
};

static const struct src *find(unsigned int line)
{
	unsigned int i;

	if (line >= SH_INTC_NR_LINES || (line & 0x1fu))
		return NULL;
	for (i = 0; i < sizeof(srcs) / sizeof(srcs[0]); i++)
		if (srcs[i].code == line)
			return &srcs[i];
	return NULL;
}

static inline struct sh_intc_priv *priv(const struct ck_pic *pic)
{
	return pic->priv;
}

/* @line's entry in the instance's IRL list, or NULL */
static const struct sh_intc_irl *find_irl(const struct ck_pic *pic, unsigned int line)
{
	const struct sh_intc_priv *p = priv(pic);
	unsigned int i;

	for (i = 0; i < p->nr_irl; i++)
		if (p->irl[i].code == line)
			return &p->irl[i];
	return NULL;
}

/* An IRL source on or off at the encoder (its level is the wiring's). */
static void irl_enable(const struct ck_pic *pic, const struct sh_intc_irl *l, bool on)
{
	const struct sh_intc_priv *p = priv(pic);
	uintptr_t a = p->irl_enc->va + p->irl_enable_reg;
	uint16_t v = mmio_read16(a);

	v = on ? (uint16_t)(v | l->enable_bit) : (uint16_t)(v & ~l->enable_bit);
	mmio_write16(a, v);
}

static unsigned int field_get(const struct ck_pic *pic, const struct src *s)
{
	if (s->reg == REG_INTPRI00)
		return (mmio_read32(priv(pic)->intpri->va + INTC_INTPRI00) >> s->shift) & 0xfu;
	return (mmio_read16(pic->dev->va + INTC_IPR(s->reg)) >> s->shift) & 0xfu;
}

static void field_put(const struct ck_pic *pic, const struct src *s, unsigned int level)
{
	uint32_t m = 0xfu << s->shift;

	if (s->reg == REG_INTPRI00) {
		uintptr_t a = priv(pic)->intpri->va + INTC_INTPRI00;

		mmio_write32(a, (mmio_read32(a) & ~m) | (level << s->shift));
	} else {
		uintptr_t a = pic->dev->va + INTC_IPR(s->reg);

		mmio_write16(a, (uint16_t)((mmio_read16(a) & ~m) | (level << s->shift)));
	}
}

/* Give source @s level @level: through 0 when both are non-zero. */
static void set_level(const struct ck_pic *pic, const struct src *s, unsigned int level)
{
	unsigned int cur = field_get(pic, s);

	if (cur == level)
		return;
	if (cur && level)
		field_put(pic, s, 0);
	field_put(pic, s, level);
}

static int slot_of(const struct sh_intc_priv *p, unsigned int line)
{
	unsigned int n;

	for (n = 0; n < CK_RT_SLOTS; n++)
		if ((p->slots_used & (1u << n)) && p->slot_line[n] == line)
			return (int)n;
	return -1;
}

static unsigned int level_of(const struct ck_pic *pic, unsigned int line)
{
	return sh4_rt_code_slot[line] ? RT_LEVEL : priv(pic)->normal_level;
}

/*
 * The table entry first, then level 15: with RT masked meanwhile, a
 * level-15 request always finds its code in the entry's table.
 */
int sh_intc_route_rt(const struct ck_pic *pic, unsigned int line)
{
	struct sh_intc_priv *p = priv(pic);
	const struct src *s = find(line);
	int slot;

	if (!s || s->shared)
		return -CK_EINVAL;
	slot = slot_of(p, line);
	if (slot >= 0)
		return slot;
	if (p->slots_used == 0xffffffffu)
		return -CK_EBUSY;
	slot = __builtin_ctz(~p->slots_used);
	p->slots_used |= 1u << slot;
	p->slot_line[slot] = (uint16_t)line;
	sh4_rt_code_slot[line] = (uint8_t)(slot + 1);
	if (!p->masked[line >> 5])
		set_level(pic, s, RT_LEVEL);
	return slot;
}

/* The level first, then the table entry (the reverse of route_rt). */
void sh_intc_route_normal(const struct ck_pic *pic, unsigned int line)
{
	struct sh_intc_priv *p = priv(pic);
	const struct src *s = find(line);
	int slot;

	if (!s)
		return;
	if (!p->masked[line >> 5])
		set_level(pic, s, p->normal_level);
	slot = slot_of(p, line);
	if (slot < 0)
		return;
	sh4_rt_code_slot[line] = 0;
	p->slots_used &= ~(1u << slot);
}

void sh_intc_mask(const struct ck_pic *pic, unsigned int line)
{
	const struct src *s = find(line);
	const struct sh_intc_irl *l = s ? NULL : find_irl(pic, line);

	if (!s && !l)
		return;
	priv(pic)->masked[line >> 5] = 1;
	if (s)
		set_level(pic, s, 0);
	else
		irl_enable(pic, l, false);
}

void sh_intc_unmask(const struct ck_pic *pic, unsigned int line)
{
	const struct src *s = find(line);
	const struct sh_intc_irl *l = s ? NULL : find_irl(pic, line);

	if (!s && !l)
		return;
	priv(pic)->masked[line >> 5] = 0;
	if (s)
		set_level(pic, s, level_of(pic, line));
	else
		irl_enable(pic, l, true);
}

/* The code the RT entry latched this time: one source per entry (a second
 * pending level-15 source is taken right after the entry's rte). */
uint32_t sh_intc_pending_rt(const struct ck_pic *pic)
{
	unsigned int slot = sh4_rt_code_slot[sh4_rt_intevt & (SH4_CODE_SLOTS - 1u)];

	(void)pic;
	return slot ? 1u << (slot - 1u) : 0;
}

/* Linux takes its hardware lines from INTEVT in its own entry (VBR+0x600
 * forwarded with INTEVT intact), so the vPIC hands out soft vIRQs only. */
int sh_intc_next_normal(const struct ck_pic *pic, unsigned int from)
{
	(void)pic;
	(void)from;
	return -1;
}

void sh_intc_soft_raise(const struct ck_pic *pic, unsigned int line)
{
	if (line == SH_INTC_SOFT_LINE)
		sh_tmu_soft_raise(priv(pic)->soft_tmu);
}

void sh_intc_soft_clear(const struct ck_pic *pic, unsigned int line)
{
	if (line == SH_INTC_SOFT_LINE)
		sh_tmu_soft_clear(priv(pic)->soft_tmu);
}

void sh_intc_init(const struct ck_pic *pic)
{
	struct sh_intc_priv *p = priv(pic);
	unsigned int i;

	for (i = 0; i < 4; i++)
		mmio_write16(pic->dev->va + INTC_IPR(i), 0);
	mmio_write32(p->intpri->va + INTC_INTPRI00, 0);
	mmio_write32(p->intpri->va + INTC_INTMSKCLR00, INTMSK00_TMU3 | INTMSK00_TMU4);
	for (i = 0; i < SH4_CODE_SLOTS; i++)
		sh4_rt_code_slot[i] = 0;
	for (i = 0; i < sizeof(p->masked); i++)
		p->masked[i] = 1;
	p->slots_used = 0;
	/* IRL lines: below level 15, not an on-chip code, all off */
	for (i = 0; i < p->nr_irl; i++) {
		ck_assert(p->irl[i].code > 0x200u && p->irl[i].code <= 0x3c0u &&
			  !(p->irl[i].code & 0x1fu));
		irl_enable(pic, &p->irl[i], false);
	}
	(void)mmio_read32(p->intpri->va + INTC_INTPRI00);
}
