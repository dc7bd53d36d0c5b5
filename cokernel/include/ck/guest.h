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
 * co-kernel region; its ops are live after guest_init(). The e500 ePAPR
 * hypercalls (arch/ppc-booke/epapr.c) call them.
 */
extern struct ck_guest_page ck_guest_page;

/**
 * guest_init() - fill the guest page and route the doorbell line to the
 * normal class. Context: init, RT masked, after ck_core_init().
 */
void guest_init(void);

/**
 * guest_boot_linux() - pause RT (stop the RT timer at the device) and enter
 * Linux's kernel at the board's payload addresses. Context: root before
 * Linux, no RT task running. Does not return.
 */
void guest_boot_linux(void) __attribute__((noreturn));

/**
 * guest_raise_virq() - make soft vIRQ @virq pending for Linux; rings the
 * doorbell if Linux has it unmasked, otherwise it stays pending until then.
 * @virq: CK_VIRQ_SOFT_BASE .. CK_VIRQ_NR-1 (ipc/ck_guest.h).
 * Return: 0, or -CK_EINVAL for a number outside the soft range.
 * Context: any (RT task, RT interrupt, root); wait-free, a few register writes.
 */
int guest_raise_virq(unsigned int virq);

/**
 * guest_attached() - whether Linux has attached (its vPIC driver called
 * attach(), so its console and IPC users may be there).
 * Return: 1 after a successful attach, else 0. Context: any.
 */
int guest_attached(void);

#endif /* CK_GUEST_H_RT */
