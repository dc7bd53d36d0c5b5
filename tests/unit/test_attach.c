// SPDX-License-Identifier: MIT
/*
 * test_attach.c - the hand-over (core/guest.c): attach() takes Linux's
 * window addresses only if each is sound and no two overlap, rewrites the
 * board's device table (and nothing else) when it accepts, changes
 * nothing and leaves every op dead when it refuses; RT lines are held
 * from the Linux boot to attach and served after it.
 */
#include <string.h>
#include <ck/guest.h>
#include <ck_guest.h>
#include "sim_test.h"

#define CK_LINUX_VA (0x07d00000u + SIM_LINEAR_OFFSET)   /* sim_board.ck_base */
#define RT_LINE 9u

static struct ck_guest_page *gp = &ck_guest_page;

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	guest_init();
	sim_linux_windows();
	return 0;
}

/* attach() refuses; nothing moved, nothing live. */
static void assert_refused(ck_s32 ret, const char *why)
{
	uint32_t on = sim_pic_unmasked_set();
	unsigned int i;

	assert_int_equal(ret, -CK_EINVAL);
	assert_non_null(strstr(sim_uart_output(), "attach refused"));
	assert_non_null(strstr(sim_uart_output(), why));
	for (i = 0; i < SIM_NR_DEVS; i++)
		assert_int_equal(sim_devs[i].va, sim_devs[i].phys);
	assert_false(guest_attached());
	gp->unmask(0);                       /* dead: no PIC access */
	assert_int_equal(sim_pic_unmasked_set(), on);
	assert_int_equal(gp->next_pending(), -1);
	assert_int_equal(gp->console_write("x", 1), -CK_ENODEV);
}

static ck_s32 attach_and_drain(void)
{
	ck_s32 ret = gp->attach();

	console_drain();
	return ret;
}

static void accepts_and_rewrites_the_device_table(void **state)
{
	unsigned int i;

	(void)state;
	assert_int_equal(attach_and_drain(), 0);
	assert_true(guest_attached());
	for (i = 0; i < SIM_NR_DEVS; i++)
		assert_int_equal(sim_devs[i].va, gp->mmio[i].va);
	assert_int_equal(gp->mmio[2].flags & CK_MMIO_SHM, 0);  /* sim: no shm */
	assert_int_equal(gp->attach(), -CK_EBUSY);
}

static void refuses_no_address(void **state)
{
	(void)state;
	gp->mmio[1].va = 0;
	assert_refused(attach_and_drain(), "no address");
}

static void refuses_page_offset(void **state)
{
	(void)state;
	gp->mmio[0].va += 0x10;
	assert_refused(attach_and_drain(), "page offset");
}

static void refuses_wrap(void **state)
{
	(void)state;
	gp->mmio[2].va = 0xfff00000u + 0x1000u;    /* 1 MiB from here wraps */
	assert_refused(attach_and_drain(), "wraps");
}

static void refuses_over_the_co_kernel(void **state)
{
	(void)state;
	gp->mmio[1].va = CK_LINUX_VA + 0x1000u;
	assert_refused(attach_and_drain(), "over the co-kernel");
	setup(NULL);
	gp->mmio[2].va = CK_LINUX_VA - 0x1000u;    /* 1 MiB reaching into it */
	assert_refused(attach_and_drain(), "over the co-kernel");
}

static void refuses_overlapping_windows(void **state)
{
	(void)state;
	gp->mmio[1].va = gp->mmio[2].va + 0x80000u;  /* inside the 1 MiB one */
	assert_refused(attach_and_drain(), "overlaps");
	setup(NULL);
	gp->mmio[0].va = gp->mmio[1].va;
	assert_refused(attach_and_drain(), "overlaps");
}

/* Linux can still attach once it gives good addresses. */
static void refusal_is_not_final(void **state)
{
	(void)state;
	gp->mmio[1].va = 0;
	assert_int_equal(attach_and_drain(), -CK_EINVAL);
	sim_linux_windows();
	assert_int_equal(attach_and_drain(), 0);
}

static enum ck_irq_ret rt_handler(unsigned int line, void *arg)
{
	(void)arg;
	sim_irq_clear(line);
	sim_log((long)line);
	return CK_IRQ_HANDLED;
}

/*
 * An attached RT line that fires while Linux boots must not reach Linux's
 * unprepared RT vector (in the sim: no RT interrupt may be taken for it
 * once Linux turns the RT class on, before attach); attach serves it.
 */
static void rt_lines_held_until_attach(void **state)
{
	jmp_buf linux_entry;

	(void)state;
	assert_int_equal(ck_irq_attach(RT_LINE, rt_handler, NULL), 0);
	sim_start();
	if (!setjmp(linux_entry)) {
		sim_on_boot_linux(&linux_entry);
		guest_boot_linux();
	}
	/* "Linux": its boot turns the RT class on before attach */
	assert_false(sim_pic_routed_rt(RT_LINE));
	assert_false(sim_pic_unmasked(RT_LINE));
	sim_irq_raise(RT_LINE);
	arch_rt_restore(0);
	assert_int_equal(sim_log_len(), 0);
	assert_int_equal(gp->next_pending(), -1);  /* nor is it Linux's */
	assert_int_equal(attach_and_drain(), 0);
	assert_true(sim_pic_routed_rt(RT_LINE));
	assert_true(sim_pic_unmasked(RT_LINE));
	assert_log(RT_LINE);
	sim_irq_raise(RT_LINE);
	assert_log(RT_LINE, RT_LINE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(accepts_and_rewrites_the_device_table, setup),
		cmocka_unit_test_setup(refuses_no_address, setup),
		cmocka_unit_test_setup(refuses_page_offset, setup),
		cmocka_unit_test_setup(refuses_wrap, setup),
		cmocka_unit_test_setup(refuses_over_the_co_kernel, setup),
		cmocka_unit_test_setup(refuses_overlapping_windows, setup),
		cmocka_unit_test_setup(refusal_is_not_final, setup),
		cmocka_unit_test_setup(rt_lines_held_until_attach, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
