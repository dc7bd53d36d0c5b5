// SPDX-License-Identifier: MIT
/*
 * test_epapr.c - the ePAPR hypercall decoding (core/epapr.c) Linux's
 * ehv_pic and ehv_bytechan use on e500: every hypercall number, the
 * vendor, the state before attach, bad handles, counts and vIRQs, and
 * that no hypercall reaches a line Linux does not own.
 */
#include <string.h>
#include <ck/guest.h>
#include <ck_guest.h>
#include "sim_test.h"

/* Power.org ePAPR 1.1 §7; Linux arch/powerpc/include/uapi/asm/epapr_hcalls.h */
#define VENDOR_EPAPR 1u
#define TOKEN(nr) (VENDOR_EPAPR << 16 | (nr))
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
#define IACK_NONE 0xffffu

#define SOFT_BASE SIM_NR_LINUX_LINES
#define VIRQ_CONSOLE (SOFT_BASE + CK_VIRQ_SOFT_CONSOLE)
#define VIRQ_IPC (SOFT_BASE + CK_VIRQ_SOFT_IPC)

void ck_epapr_hcall(uint32_t token, uint32_t r[8]);

static uint32_t hcall(uint32_t token, uint32_t r[8])
{
	ck_epapr_hcall(token, r);
	return r[0];
}

static uint32_t hcall2(uint32_t nr, uint32_t a0, uint32_t a1, uint32_t r[8])
{
	memset(r, 0, 8 * sizeof(*r));
	r[0] = a0;
	r[1] = a1;
	return hcall(TOKEN(nr), r);
}

static int setup(void **state)
{
	(void)state;
	return sim_guest_up();
}

static void refused_before_attach(void **state)
{
	uint32_t r[8], nr;

	(void)state;
	sim_boot(NULL);
	guest_init();
	for (nr = 0; nr < 16; nr++)
		assert_int_equal(hcall2(nr, 0, 0, r), EV_INVALID_STATE);
}

static void unknown_vendor_and_numbers(void **state)
{
	uint32_t r[8], nr;

	(void)state;
	memset(r, 0, sizeof(r));
	assert_int_equal(hcall(2u << 16 | EV_INT_IACK, r), EV_UNIMPLEMENTED);
	assert_int_equal(hcall(EV_INT_IACK, r), EV_UNIMPLEMENTED);   /* vendor 0 */
	for (nr = 0; nr < 0x10000u; nr++) {
		if ((nr >= EV_BYTE_CHANNEL_SEND && nr <= EV_INT_GET_MASK) ||
		    nr == EV_INT_IACK || nr == EV_INT_EOI)
			continue;
		assert_int_equal(hcall2(nr, 0, 0, r), EV_UNIMPLEMENTED);
	}
}

static void byte_channel(void **state)
{
	uint32_t r[8];

	(void)state;
	/* send: handle 0 only, at most 16 bytes, big-endian words */
	assert_int_equal(hcall2(EV_BYTE_CHANNEL_SEND, 1, 2, r), EV_EINVAL);
	assert_int_equal(hcall2(EV_BYTE_CHANNEL_SEND, 0, 17, r), EV_EINVAL);
	memset(r, 0, sizeof(r));
	r[1] = 6;
	r[2] = 'h' << 24 | 'e' << 16 | 'l' << 8 | 'l';
	r[3] = 'o' << 24 | '\n' << 16;
	assert_int_equal(hcall(TOKEN(EV_BYTE_CHANNEL_SEND), r), EV_SUCCESS);
	assert_int_equal(r[1], 6);
	console_drain();
	assert_non_null(strstr(sim_uart_output(), "hello"));
	/* poll promises, receive delivers exactly that */
	sim_uart_input("abc");
	assert_int_equal(hcall2(EV_BYTE_CHANNEL_POLL, 7, 0, r), EV_EINVAL);
	assert_int_equal(hcall2(EV_BYTE_CHANNEL_POLL, 0, 0, r), EV_SUCCESS);
	assert_int_equal(r[1], 3);
	assert_int_equal(hcall2(EV_BYTE_CHANNEL_RECEIVE, 0, 2, r), EV_SUCCESS);
	assert_int_equal(r[1], 2);
	assert_int_equal(r[2] >> 16, 'a' << 8 | 'b');
	assert_int_equal(hcall2(EV_BYTE_CHANNEL_RECEIVE, 0, 0xffffffffu, r), EV_SUCCESS);
	assert_int_equal(r[1], 1);
	assert_int_equal(r[2] >> 24, 'c');
	assert_int_equal(hcall2(EV_BYTE_CHANNEL_RECEIVE, 0, 16, r), EV_SUCCESS);
	assert_int_equal(r[1], 0);
	assert_int_equal(hcall2(EV_BYTE_CHANNEL_RECEIVE, 3, 16, r), EV_EINVAL);
}

static void interrupt_config(void **state)
{
	uint32_t r[8];

	(void)state;
	/* a Linux line: level high only */
	assert_int_equal(hcall2(EV_INT_SET_CONFIG, 0, 3, r), EV_SUCCESS);
	assert_int_equal(hcall2(EV_INT_SET_CONFIG, 0, 1, r), EV_EINVAL);
	assert_int_equal(hcall2(EV_INT_SET_CONFIG, 0, 0, r), EV_EINVAL);
	assert_int_equal(hcall2(EV_INT_GET_CONFIG, 0, 0, r), EV_SUCCESS);
	assert_int_equal(r[1], 3);
	/* soft: edge or level; the console is a level */
	assert_int_equal(hcall2(EV_INT_SET_CONFIG, VIRQ_IPC, 1, r), EV_SUCCESS);
	assert_int_equal(hcall2(EV_INT_GET_CONFIG, VIRQ_IPC, 0, r), EV_SUCCESS);
	assert_int_equal(r[1], 1);
	assert_int_equal(hcall2(EV_INT_GET_CONFIG, VIRQ_CONSOLE, 0, r), EV_SUCCESS);
	assert_int_equal(r[1], 3);
	/* numbers past nr_virq */
	assert_int_equal(hcall2(EV_INT_SET_CONFIG, SOFT_BASE + CK_VIRQ_SOFT_NR, 3, r),
			 EV_EINVAL);
	assert_int_equal(hcall2(EV_INT_GET_CONFIG, 0xffffffffu, 0, r), EV_EINVAL);
	assert_int_equal(hcall2(EV_INT_SET_MASK, CK_VIRQ_MAX, 0, r), EV_EINVAL);
	assert_int_equal(hcall2(EV_INT_GET_MASK, 0x80000000u, 0, r), EV_EINVAL);
	assert_int_equal(hcall2(EV_INT_EOI, 0xffffffffu, 0, r), EV_EINVAL);
}

static void mask_iack_eoi(void **state)
{
	unsigned int line = sim_linux_lines[1];
	uint32_t r[8];

	(void)state;
	assert_int_equal(hcall2(EV_INT_IACK, 0, 0, r), EV_SUCCESS);
	assert_int_equal(r[1], IACK_NONE);
	assert_int_equal(hcall2(EV_INT_SET_MASK, 1, 0, r), EV_SUCCESS);
	assert_true(sim_pic_unmasked(line));
	assert_int_equal(hcall2(EV_INT_GET_MASK, 1, 0, r), EV_SUCCESS);
	assert_int_equal(r[1], 0);
	sim_irq_raise(line);
	assert_int_equal(hcall2(EV_INT_IACK, 0, 0, r), EV_SUCCESS);
	assert_int_equal(r[1], 1);
	sim_irq_clear(line);
	assert_int_equal(hcall2(EV_INT_EOI, 1, 0, r), EV_SUCCESS);
	assert_int_equal(hcall2(EV_INT_SET_MASK, 1, 1, r), EV_SUCCESS);
	assert_false(sim_pic_unmasked(line));
	assert_int_equal(hcall2(EV_INT_GET_MASK, 1, 0, r), EV_SUCCESS);
	assert_int_equal(r[1], 1);
}

static enum ck_irq_ret rt_handler(unsigned int line, void *arg)
{
	(void)arg;
	sim_irq_clear(line);
	return CK_IRQ_HANDLED;
}

/* No vIRQ Linux can name by hypercall reaches a co-kernel line. */
static void no_hcall_reaches_co_kernel_lines(void **state)
{
	uint32_t rt, on, r[8], virq;

	(void)state;
	assert_int_equal(ck_irq_attach(9, rt_handler, NULL), 0);
	rt = sim_pic_rt_set();
	on = sim_pic_unmasked_set();
	for (virq = SOFT_BASE; virq < CK_VIRQ_MAX + 8u; virq++) {
		if (virq == VIRQ_CONSOLE)
			continue;
		(void)hcall2(EV_INT_SET_MASK, virq, 0, r);
		(void)hcall2(EV_INT_SET_CONFIG, virq, 1, r);
		(void)hcall2(EV_INT_SET_MASK, virq, 1, r);
		(void)hcall2(EV_INT_EOI, virq, 0, r);
		assert_int_equal(sim_pic_rt_set(), rt);
		assert_int_equal(sim_pic_unmasked_set(), on);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(refused_before_attach),
		cmocka_unit_test_setup(unknown_vendor_and_numbers, setup),
		cmocka_unit_test_setup(byte_channel, setup),
		cmocka_unit_test_setup(interrupt_config, setup),
		cmocka_unit_test_setup(mask_iack_eoi, setup),
		cmocka_unit_test_setup(no_hcall_reaches_co_kernel_lines, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
