/* SPDX-License-Identifier: MIT */
/*
 * ck_fault.h - the RT fault record: what the co-kernel tells Linux about
 * the RT tasks it suspended (fault containment, cokernel/core/fault.c).
 *
 * One struct ck_fault_record in co-kernel memory; the guest page's
 * fault_record gives its VA in Linux's linear map. Written only by the
 * co-kernel, read by Linux (linux-guest/drivers/cokernel/fault.c prints it
 * in /sys/kernel/debug/cokernel/faults). @seq is odd while the co-kernel
 * writes: a reader copies the record and retries while @seq was odd or
 * changed meanwhile.
 */
#ifndef CK_FAULT_RECORD_H
#define CK_FAULT_RECORD_H

#include "ck_guest.h"

#define CK_FAULT_MAGIC 0x544c4643u  /* "CFLT" little-endian */

/* What stopped an RT task (ck_fault_record.kind, count[]). */
enum ck_fault_kind {
	CK_FAULT_NONE = 0,
	CK_FAULT_UNDEF,      /* undefined instruction (ARM) */
	CK_FAULT_PREFETCH,   /* instruction fetch abort (ARM pabt, e500 ISI) */
	CK_FAULT_DATA,       /* data abort (ARM dabt, e500 DSI) */
	CK_FAULT_ALIGN,      /* alignment (ARM dabt FSR 0b00x1, e500) */
	CK_FAULT_PROGRAM,    /* e500 program check (illegal, trap) */
	CK_FAULT_ASSERT,     /* ck_assert() failed in the task */
	CK_FAULT_WATCHDOG,   /* kept Linux out for longer than the budget */
	CK_FAULT_STACK,      /* stack canary overwritten */
	CK_FAULT_KINDS
};

#define CK_FAULT_TASK_NAME 16

struct ck_fault_record {
	ck_u32 magic;            /* CK_FAULT_MAGIC */
	ck_u32 seq;              /* odd while being written */
	ck_u32 faults;           /* RT tasks suspended so far */
	ck_u32 watchdog_budget_us;  /* the RT watchdog's budget */
	ck_u32 console_dropped;  /* RT console lines lost (ring full) */
	ck_u32 console_rt_lines; /* RT lines the RT side sent to the UART
				  * itself because Linux did not drain them */
	ck_u32 count[CK_FAULT_KINDS];  /* per kind */
	/* the last fault */
	ck_u32 kind;             /* CK_FAULT_* */
	ck_u32 pc;               /* faulting instruction */
	ck_u32 addr;             /* data address (FAR, DEAR), assert line,
				  * or ms without Linux (watchdog) */
	ck_u32 status;           /* FSR, ESR; 0 when none */
	ck_u32 time_ns_lo;       /* co-kernel clock at the fault */
	ck_u32 time_ns_hi;
	char task[CK_FAULT_TASK_NAME];  /* NUL-terminated */
};

#endif /* CK_FAULT_RECORD_H */
