// SPDX-License-Identifier: MIT
/*
 * epapr.c - the ePAPR hypercalls Linux's own paravirtual drivers make on
 * e500 (DESIGN §3: on PowerPC the vPIC speaks the ePAPR ABI): ehv_pic
 * (arch/powerpc/sysdev/ehv_pic.c: interrupt config, mask, IACK, EOI) and
 * ehv_bytechan (drivers/tty/ehv_bytechan.c: the console, byte channel 0).
 * Each hypercall is a call into the guest page's ops (cokernel/core/
 * vpic.c), so the e500 vPIC behaves exactly as the ARM one. Portable C:
 * the arch's hypercall entry (arch/ppc-booke/entry.S ck_hcall_entry)
 * decodes nothing, and the unit tests call ck_epapr_hcall() directly.
 *
 * ABI (Power.org ePAPR 1.1 §7 "Hypercall ABI"; Linux arch/powerpc/include/
 * uapi/asm/epapr_hcalls.h): r11 = vendor << 16 | number, arguments in
 * r3-r10, status in r3 (EV_*), results in r4-r10. entry.S ck_hcall_entry
 * hands the eight registers r3-r10 over as @r[0..7] and reloads them after.
 *
 * Nothing Linux passes is trusted: numbers, handles and counts are checked,
 * and every call before attach() is refused (the devices are not mapped at
 * Linux's addresses yet). The ops are called through the co-kernel's own
 * copy of the page (guest_ops()), never through the slots of the page
 * Linux can write: a stray store there must not become a co-kernel call.
 */
#include <stdint.h>
#include <ck/ck.h>
#include <ck/guest.h>
#include "vpic.h"

#define EV_EPAPR_VENDOR_ID 1u
#define EV_BYTE_CHANNEL_SEND 1u
#define EV_BYTE_CHANNEL_RECEIVE 2u
#define EV_BYTE_CHANNEL_POLL 3u
#define EV_INT_SET_CONFIG 4u
#define EV_INT_GET_CONFIG 5u
#define EV_INT_SET_MASK 6u
#define EV_INT_GET_MASK 7u
#define EV_INT_IACK 9u
#define EV_INT_EOI 10u

#define EV_SUCCESS 0u
#define EV_EINVAL 8u
#define EV_INVALID_STATE 11u
#define EV_UNIMPLEMENTED 12u

#define EV_BYTE_CHANNEL_MAX_BYTES 16u
#define EV_IACK_NONE 0xffffu     /* ehv_pic_get_irq: nothing pending */
#define CONSOLE_HANDLE 0u        /* the guest DTS's hv-handle */
/* ev_int_set_config's config: bit 1 level sense, bit 0 positive polarity
 * (ehv_pic.c ehv_pic_type_to_vecpri, asm/ehv_pic.h) */
#define EV_CONFIG_LEVEL 2u
#define EV_CONFIG_POSITIVE 1u
#define EV_PRIO_DEFAULT 8u       /* what ehv_pic sets */
/* what poll reports as free output space: console_write takes every byte */
#define TX_SPACE 4096u

/* The guest's masks, as ev_int_get_mask reports them (bit n: vIRQ n). */
static uint32_t masked[(CK_VIRQ_MAX + 31u) / 32u];

/*
 * Console input polled but not yet received: ehv_bytechan's receive ISR
 * asks poll for the byte count and then loops on receive until it has
 * them all, so receive must deliver exactly what poll promised. Context:
 * Linux, IRQs off (its ISR), so no lock.
 */
static struct {
	char buf[EV_BYTE_CHANNEL_MAX_BYTES];
	uint32_t n;
} rx;

void epapr_reset(void)
{
	memset(masked, 0, sizeof(masked));
	rx.n = 0;
}

static void words_to_bytes(const uint32_t *w, char *b, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)     /* big-endian: the first byte is the MSB */
		b[i] = (char)(w[i / 4u] >> (24u - 8u * (i % 4u)));
}

static void bytes_to_words(const char *b, uint32_t n, uint32_t *w)
{
	uint32_t i;

	for (i = 0; i < 4u; i++)
		w[i] = 0;
	for (i = 0; i < n; i++)
		w[i / 4u] |= (uint32_t)(uint8_t)b[i] << (24u - 8u * (i % 4u));
}

static uint32_t console_hcall(uint32_t nr, uint32_t r[8])
{
	const struct ck_guest_page *gp = guest_ops();
	char b[EV_BYTE_CHANNEL_MAX_BYTES];
	uint32_t n, i;

	if (r[0] != CONSOLE_HANDLE)
		return EV_EINVAL;
	switch (nr) {
	case EV_BYTE_CHANNEL_SEND:   /* r4 count, r5-r8 bytes -> r4 sent */
		if (r[1] > EV_BYTE_CHANNEL_MAX_BYTES)
			return EV_EINVAL;
		words_to_bytes(&r[2], b, r[1]);
		r[1] = (uint32_t)gp->console_write(b, r[1]);
		return EV_SUCCESS;
	case EV_BYTE_CHANNEL_POLL:   /* -> r4 bytes to receive, r5 tx space */
		rx.n += (uint32_t)gp->console_read(rx.buf + rx.n,
						   EV_BYTE_CHANNEL_MAX_BYTES - rx.n);
		r[1] = rx.n;
		r[2] = TX_SPACE;
		return EV_SUCCESS;
	case EV_BYTE_CHANNEL_RECEIVE:  /* r4 max -> r4 count, r5-r8 bytes */
		n = r[1] < EV_BYTE_CHANNEL_MAX_BYTES ? r[1] : EV_BYTE_CHANNEL_MAX_BYTES;
		if (n > rx.n)
			rx.n += (uint32_t)gp->console_read(rx.buf + rx.n,
							   EV_BYTE_CHANNEL_MAX_BYTES - rx.n);
		if (n > rx.n)
			n = rx.n;
		bytes_to_words(rx.buf, n, &r[2]);
		for (i = n; i < rx.n; i++)
			rx.buf[i - n] = rx.buf[i];
		rx.n -= n;
		r[1] = n;
		return EV_SUCCESS;
	}
	return EV_UNIMPLEMENTED;
}

/* ev_int_set_config: level-high and edge-rising are the types the vPIC
 * has (vpic.c vpic_set_type); priority and destination are ignored
 * (one CPU, one normal-class priority). */
static uint32_t set_config(uint32_t virq, uint32_t config)
{
	uint32_t type;

	if (config == (EV_CONFIG_LEVEL | EV_CONFIG_POSITIVE))
		type = CK_VIRQ_TYPE_LEVEL_HIGH;
	else if (config == EV_CONFIG_POSITIVE)
		type = CK_VIRQ_TYPE_EDGE_RISING;
	else
		return EV_EINVAL;
	return guest_ops()->set_type(virq, type) ? EV_EINVAL : EV_SUCCESS;
}

/* Soft vIRQs but the console's are edges; hardware lines are levels. */
static uint32_t get_config(uint32_t virq)
{
	int soft = vpic_virq_soft(virq);

	if (soft >= 0 && soft != (int)CK_VIRQ_SOFT_CONSOLE)
		return EV_CONFIG_POSITIVE;
	return EV_CONFIG_LEVEL | EV_CONFIG_POSITIVE;
}

static uint32_t int_hcall(uint32_t nr, uint32_t r[8])
{
	const struct ck_guest_page *gp = guest_ops();
	uint32_t virq = r[0];
	ck_s32 next;

	if (nr == EV_INT_IACK) {     /* r3 handle (0) -> r4 vector */
		next = gp->next_pending();
		r[1] = next < 0 ? EV_IACK_NONE : (uint32_t)next;
		return EV_SUCCESS;
	}
	if (virq >= gp->nr_virq || virq >= CK_VIRQ_MAX)
		return EV_EINVAL;
	switch (nr) {
	case EV_INT_SET_CONFIG:      /* r4 config, r5 priority, r6 dest */
		return set_config(virq, r[1]);
	case EV_INT_GET_CONFIG:      /* -> r4 config, r5 priority, r6 dest */
		r[1] = get_config(virq);
		r[2] = EV_PRIO_DEFAULT;
		r[3] = 0;
		return EV_SUCCESS;
	case EV_INT_SET_MASK:        /* r4 1 = masked */
		if (r[1]) {
			masked[virq / 32u] |= 1u << (virq % 32u);
			gp->mask(virq);
		} else {
			masked[virq / 32u] &= ~(1u << (virq % 32u));
			gp->unmask(virq);
		}
		return EV_SUCCESS;
	case EV_INT_GET_MASK:        /* -> r4 */
		r[1] = (masked[virq / 32u] >> (virq % 32u)) & 1u;
		return EV_SUCCESS;
	case EV_INT_EOI:
		gp->eoi(virq);
		return EV_SUCCESS;
	}
	return EV_UNIMPLEMENTED;
}

/* The co-kernel's own hypercalls (ipc/ck_guest.h CK_HCALL_*). */
static uint32_t ck_hcall(uint32_t nr, uint32_t r[8])
{
	ck_s32 err;

	if (nr != CK_HCALL_IPC_NOTIFY)
		return EV_UNIMPLEMENTED;
	err = guest_ops()->notify(r[0]);     /* r3: the channel */
	return err == 0 ? EV_SUCCESS
	       : err == -CK_EINVAL ? EV_EINVAL : EV_INVALID_STATE;
}

void ck_epapr_hcall(uint32_t token, uint32_t r[8])
{
	uint32_t nr = token & 0xffffu;

	if (token >> 16 == CK_HCALL_VENDOR_ID)
		r[0] = guest_attached() ? ck_hcall(nr, r) : EV_INVALID_STATE;
	else if (token >> 16 != EV_EPAPR_VENDOR_ID)
		r[0] = EV_UNIMPLEMENTED;
	else if (!guest_attached())
		r[0] = EV_INVALID_STATE;
	else if (nr >= EV_BYTE_CHANNEL_SEND && nr <= EV_BYTE_CHANNEL_POLL)
		r[0] = console_hcall(nr, r);
	else
		r[0] = int_hcall(nr, r);
}
