/* SPDX-License-Identifier: MIT */
/*
 * guest.h - the RT side's view of the Linux guest (cokernel/core/guest.c):
 * the guest page (ipc/ck_guest.h) and virtual interrupts into Linux.
 */
#ifndef CK_GUEST_H_RT
#define CK_GUEST_H_RT

#include <stdint.h>

struct ck_guest_page;
/**
 * ck_guest_page - the guest page (ipc/ck_guest.h), at the start of the
 * co-kernel region; its ops are filled by guest_init() and live after
 * attach. The ePAPR hypercalls (core/epapr.c) call them.
 */
extern struct ck_guest_page ck_guest_page;

/**
 * guest_init() - fill the guest page and route the doorbell line to the
 * normal class. Context: init, RT masked, after ck_core_init().
 */
void guest_init(void);

/**
 * guest_boot_linux() - pause RT (stop the RT timer at the device, hold
 * every attached RT line until attach) and enter Linux's kernel at the
 * board's payload addresses. Context: root before
 * Linux, no RT task running. Does not return.
 */
void guest_boot_linux(void) __attribute__((noreturn));

/**
 * guest_raise_soft_virq() - make soft vIRQ @soft pending for Linux; rings
 * the doorbell if Linux has it unmasked, otherwise it stays pending until
 * then.
 * @soft: CK_VIRQ_SOFT_IPC ... below CK_VIRQ_SOFT_NR (ipc/ck_guest.h; Linux
 *        sees it as vIRQ virq_soft_base + @soft).
 * Return: 0, or -CK_EINVAL for a number outside the soft range.
 * Context: any (RT task, RT interrupt, root); wait-free, a few register writes.
 */
int guest_raise_soft_virq(unsigned int soft);

/**
 * guest_attached() - whether Linux has attached (its vPIC driver called
 * attach(), so its console and IPC users may be there).
 * Return: 1 after a successful attach, else 0. Context: any.
 */
int guest_attached(void);

#endif /* CK_GUEST_H_RT */
