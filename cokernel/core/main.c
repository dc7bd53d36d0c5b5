// SPDX-License-Identifier: MIT
/*
 * main.c - co-kernel start-up after the arch's reset code: bring the RT side
 * up (ck/core.h order), run the root idle loop, boot Linux if the image
 * carries it.
 */
#include <stdbool.h>
#include <ck/app.h>
#include <ck/bsp.h>
#include <ck/console.h>
#include <ck/guest.h>
#include <ck/shm.h>
#include "core.h"

#ifndef CK_VERSION
#define CK_VERSION "0.1"
#endif

#define LINUX_DELAY_MS_DEFAULT 1000u
#define FDT_MAGIC 0xd00dfeedu

void ck_main(void) __attribute__((noreturn));

static uint32_t be32(const void *p)
{
	const volatile uint8_t *b = p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	       (uint32_t)b[2] << 8 | b[3];
}

/* Sizes of the payload files `make image` linked in (mk/payload.lds); all
 * zero in the co-kernel alone. Linker symbols: the address is the value. */
extern const char __ck_linux_kernel_bytes[], __ck_linux_dtb_bytes[],
	__ck_linux_initrd_bytes[];

/* The value of a linker symbol, hidden from the compiler, which would
 * otherwise take the address of an object for non-zero. */
static uint32_t link_value(const char *sym)
{
	uintptr_t v;

	__asm__("" : "=r"(v) : "0"(sym));
	return (uint32_t)v;
}

/* A kernel image and, on boards whose Linux takes one (linux_dtb not 0;
 * SH-4's reads its zero page instead), a flattened device tree for it.
 * The kernel may sit at PA 0 (e500), so its size says whether there is
 * one. Says why not when the image has a payload but the DTB is gone (a
 * boot loader that put its own data over it). */
static bool linux_payload_present(const struct ck_board *b)
{
	const void *dtb;

	if (!link_value(__ck_linux_kernel_bytes)) {
		ck_printf("no Linux payload (kernel at 0x%08x, DTB at 0x%08x): RT only",
			  (unsigned int)b->linux_kernel, (unsigned int)b->linux_dtb);
		return false;
	}
	if (!b->linux_dtb)
		return true;
	dtb = arch_phys_to_virt(b->linux_dtb);
	if (!dtb || be32(dtb) != FDT_MAGIC) {
		ck_printf("Linux payload: no device tree at 0x%08x (overwritten "
			  "by the boot loader?): RT only", (unsigned int)b->linux_dtb);
		return false;
	}
	return true;
}

/* The linker collects the CK_APP() records between the two symbols. */
static void apps_init(void)
{
	size_t n = ((uintptr_t)__ck_apps_end - (uintptr_t)__ck_apps_start) /
		   sizeof(struct ck_app);
	size_t i;

	for (i = 0; i < n; i++) {
		const struct ck_app *a = &__ck_apps_start[i];
		int rc = a->init();

		if (rc)
			ck_printf("app %s: init failed (%d)", a->name, rc);
	}
}

/**
 * ck_main() - C entry of the co-kernel, called once by the arch reset code
 * on the boot stack, in the root context, RT class masked.
 */
void ck_main(void)
{
	const struct ck_board *b = &ck_board;
	uint64_t linux_at_ns;
	bool have_linux;

	bsp_init();
	if (ck_core_init(b)) {
		/* the console line says which clock bound the board breaks */
		for (;;)
			(void)console_drain();
	}
	ck_printf("cokernel %s on %s (%s), RT clock %llu Hz, timer gravity %u ns",
		  CK_VERSION, b->name, b->cpu, (unsigned long long)b->clock->hz,
		  (unsigned int)b->timer->gravity_ns);
	if (b->report)
		b->report();
	guest_init();
	if (b->shm && ck_shm_init((void *)b->shm->va, b->shm_size))
		ck_printf("IPC region at 0x%08x unusable: no IPC",
			  (unsigned int)b->shm_base);
	apps_init();
	ck_start();
	arch_rt_unmask();

	have_linux = linux_payload_present(b) &&
		     !arch_prepare_linux(b->linux_kernel, b->linux_dtb);
	if (have_linux) {
		ck_printf("Linux payload: kernel %u KiB at 0x%08x, DTB %u bytes, "
			  "initramfs %u KiB",
			  (unsigned int)(link_value(__ck_linux_kernel_bytes) >> 10),
			  (unsigned int)b->linux_kernel,
			  (unsigned int)link_value(__ck_linux_dtb_bytes),
			  (unsigned int)(link_value(__ck_linux_initrd_bytes) >> 10));
		(void)guest_keep_pristine(link_value(__ck_linux_kernel_bytes),
					  link_value(__ck_linux_dtb_bytes),
					  link_value(__ck_linux_initrd_bytes));
	}
	linux_at_ns = ck_clock_now() +
		      (uint64_t)(b->linux_delay_ms ? b->linux_delay_ms
						   : LINUX_DELAY_MS_DEFAULT) *
			      CK_NS_PER_MS;
	for (;;) {
		console_drain();
		if (have_linux && ck_clock_now() >= linux_at_ns)
			guest_boot_linux();
		arch_wait_for_interrupt();
	}
}
