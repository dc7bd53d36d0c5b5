/* SPDX-License-Identifier: MIT */
/*
 * vpic.h - what the guest hand-over (guest.c), the vPIC ops (vpic.c) and
 * the ePAPR hypercalls (epapr.c) share: the soft vIRQ state and the vIRQ
 * numbering (ipc/ck_guest.h: the lines Linux owns, then the soft vIRQs).
 *
 * Locking: the soft state is shared with RT code (guest_raise_soft_virq()
 * from RT tasks and handlers), so it changes only with the RT class
 * masked; every such section is a constant number of steps.
 */
#ifndef CK_CORE_VPIC_H
#define CK_CORE_VPIC_H

#include <stdbool.h>
#include <stdint.h>
#include <ck_guest.h>
#include "core.h"

struct vpic_state {
	uint32_t soft_pending;   /* bit n: soft vIRQ n raised, not taken */
	uint32_t soft_enabled;   /* bit n: Linux unmasked soft vIRQ n */
	bool doorbell_up;        /* the doorbell line is raised */
	bool console_work;       /* RT console lines wait for Linux's context */
	bool attached;           /* attach() succeeded: the ops are live */
	uint32_t soft_base;      /* first soft vIRQ = lines Linux owns */
};

extern struct vpic_state vpic;

_Static_assert(CK_VIRQ_SOFT_NR <= 32, "soft vIRQs fit one word");

/**
 * vpic_init() - reset the vPIC state, number Linux's lines (the board's
 * linux_lines, checked here: a line out of range or the co-kernel's makes
 * the list empty, with a console line) and fill the ops of @gp.
 * Context: init (guest_init()), RT masked.
 */
void vpic_init(struct ck_guest_page *gp);

/**
 * vpic_attached() - the ops go live: the console's RT lines go through
 * Linux's context from here (doorbell + next_pending), and those queued
 * during the boot window are flushed. Context: attach, RT masked.
 */
void vpic_attached(void);

/**
 * vpic_detach() - Linux is down: the ops go dead, every line Linux owns is
 * masked at the PIC, the doorbell is silenced and the console no longer
 * kicks Linux. Soft vIRQs raised from here on stay pending for the next
 * Linux. Context: RT masked (core/restart.c).
 */
void vpic_detach(void);

/* ---- Linux's life (core/restart.c; ipc/ck_guest.h "Linux's life") ---- */

/**
 * guest_life_init() - note the device windows' boot addresses (a restart
 * puts them back) and fill @gp's life fields (watchdog_ms,
 * boot_timeout_ms, the down op). Context: init (guest_init()), RT masked.
 */
void guest_life_init(struct ck_guest_page *gp);

/**
 * guest_entered() - Linux is entered now (first boot or a restart): the
 * boot timeout runs until its first heartbeat. Context: root, RT masked,
 * just before the jump (guest_boot_linux()).
 */
void guest_entered(void);

/**
 * guest_down() - the down op (ipc/ck_guest.h): Linux reports its end with
 * CK_DOWN_* @reason. When Linux can be restarted the call does not return:
 * the root context continues in the restart. Context: Linux (root).
 */
void guest_down(ck_u32 reason);

/** vpic_doorbell_update() - ring or silence the doorbell. RT masked. */
void vpic_doorbell_update(void);

/**
 * vpic_virq_line() - the PIC line behind hardware vIRQ @virq (a line Linux
 * owns, or the console's receive line).
 * Return: the line, or -1 for any other number. Context: any; reads only
 * board data, which never changes.
 */
int vpic_virq_line(uint32_t virq);

/** vpic_virq_soft() - the soft index (CK_VIRQ_SOFT_*) of @virq, or -1. */
int vpic_virq_soft(uint32_t virq);

/**
 * ck_epapr_hcall() - one ePAPR hypercall from Linux (arch/ppc-booke
 * entry.S ck_hcall_entry; epapr.c).
 * @token: r11, vendor << 16 | hypercall number.
 * @r: r3-r10 on entry; on return r[0] is the EV_* status (r3) and
 *     r[1..7] the results (r4-r10).
 * Context: Linux kernel with MSR[EE] cleared by the entry, on Linux's
 * stack; RT may interrupt it (the guest ops mask RT around what they
 * share with it).
 */
void ck_epapr_hcall(uint32_t token, uint32_t r[8]);

/** epapr_reset() - forget the ePAPR side's state (vpic_init()). */
void epapr_reset(void);

#endif /* CK_CORE_VPIC_H */
