/* SPDX-License-Identifier: GPL-2.0 */
/* cokernel.h - what the cokernel guest drivers share. */
#ifndef LINUX_COKERNEL_H
#define LINUX_COKERNEL_H

#include "ck_guest.h"

/*
 * The co-kernel's guest page once vpic.c has validated it and installed
 * its root IRQ handler (set even if attach() then failed: Linux's
 * interrupts still go through the vPIC); NULL without a co-kernel.
 */
extern struct ck_guest_page *cokernel_page;

/* Linux IRQ number of co-kernel vIRQ @virq (CK_VIRQ_*), or a negative errno. */
int cokernel_virq_map(unsigned int virq, unsigned int type);

#endif
