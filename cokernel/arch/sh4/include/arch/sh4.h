/* SPDX-License-Identifier: MIT */
/*
 * sh4.h - SH-4 (SH7751R) CPU registers and bits the co-kernel uses; usable
 * from C and assembly.
 *
 * Sources: SH7751/SH7751R Hardware Manual (Renesas REJ09B0370), section 2
 * "Programming model" (SR), section 4 "Caches" (CCR), section 5
 * "Exceptions" (EXPEVT, INTEVT, TEA, VBR offsets and codes); QEMU 7.2
 * target/sh4/cpu.h and helper.c, which model the same.
 */
#ifndef ARCH_SH4_H
#define ARCH_SH4_H

/* SR */
#define SR_MD 0x40000000u       /* privileged mode */
#define SR_RB 0x20000000u       /* register bank 1 (r0-r7 = k0-k7) */
#define SR_BL 0x10000000u       /* exceptions and interrupts blocked */
#define SR_FD 0x00008000u       /* FPU disabled */
#define SR_IMASK 0x000000f0u    /* interrupt mask level, bits 7-4 */
#define SR_IMASK_SHIFT 4

/*
 * The RT class is INTC level 15 (DESIGN, SH port): RT code runs at IMASK
 * 14 (every Linux source masked, level 15 live), RT masked is IMASK 15.
 */
#define SR_IMASK_RT_LIVE 0x000000e0u
#define SR_IMASK_RT_MASKED 0x000000f0u
/* an RT task: privileged, bank 0, not blocked, FPU off, IMASK 14 */
#define SR_RT_TASK (SR_MD | SR_FD | SR_IMASK_RT_LIVE)
/* the RT entry's C part: as a task but RT masked */
#define SR_RT_IRQ (SR_MD | SR_FD | SR_IMASK_RT_MASKED)
/* resuming a frame: bank 1 (the k registers), blocked, RT masked */
#define SR_RESUME (SR_MD | SR_RB | SR_BL | SR_FD | SR_IMASK_RT_MASKED)

/* P4 control registers (hardware manual §5.2, §4.2) */
#define SH4_MMUCR 0xff000010u   /* RW 32: MMU control (§3.2.1) */
#define SH4_TEA 0xff00000cu     /* RW 32: TLB exception address */
#define SH4_CCR 0xff00001cu     /* RW 32: cache control */
#define SH4_EXPEVT 0xff000024u  /* RW 32: exception code (general, TLB) */
#define SH4_INTEVT 0xff000028u  /* RW 32: interrupt code (VBR+0x600) */

/* CCR bits (§4.2.1) */
#define CCR_OCE 0x00000001u     /* operand cache enable */
#define CCR_CB 0x00000004u      /* P1 copy-back (write-back) */
#define CCR_OCI 0x00000008u     /* operand cache invalidate (all) */
#define CCR_ICE 0x00000100u     /* instruction cache enable */
#define CCR_ICI 0x00000800u     /* instruction cache invalidate (all) */

/* MMUCR bits (§3.2.1): AT address translation on, TI invalidate every
 * UTLB and ITLB entry (reads as 0) */
#define MMUCR_AT 0x00000001u
#define MMUCR_TI 0x00000004u

/* the memory-mapped operand cache address array (SH7751R §4.6.3; SH7751
 * §4.5.3): a write with the A bit (address bit 3) clear to the entry in
 * address bits 13:5 of the way in bit 14 first writes a line whose U and
 * V are both 1 back, then stores the data's tag, U (bit 1) and V (bit 0):
 * 0 invalidates it. 1024 writes cover the SH7751R's 32 KiB (2 ways of
 * 16 KiB); the SH7751's one way ignores bit 14. */
#define SH4_OC_ADDR_ARRAY 0xf4000000u
#define SH4_OC_LINE_BYTES 32u
#define SH4_OC_ENTRIES 1024u

/* VBR offsets (§5.3) */
#define VBR_GENERAL 0x100
#define VBR_TLB_MISS 0x400
#define VBR_INTERRUPT 0x600

/* EXPEVT codes (§5.4, table 5.1) */
#define EXPEVT_ITLB_MISS 0x040         /* also data TLB miss on read */
#define EXPEVT_TLB_MISS_WRITE 0x060
#define EXPEVT_TLB_INITIAL_WRITE 0x080
#define EXPEVT_TLB_PROT_READ 0x0a0     /* instruction or data read */
#define EXPEVT_TLB_PROT_WRITE 0x0c0
#define EXPEVT_ADDR_ERR_READ 0x0e0     /* instruction or data read */
#define EXPEVT_ADDR_ERR_WRITE 0x100
#define EXPEVT_TRAPA 0x160
#define EXPEVT_ILLEGAL 0x180
#define EXPEVT_SLOT_ILLEGAL 0x1a0

/* the P1 (cached) and P2 (uncached) views of physical address pa */
#define SH4_P1(pa) (((pa) & 0x1fffffffu) | 0x80000000u)
#define SH4_P2(pa) (((pa) & 0x1fffffffu) | 0xa0000000u)

/*
 * The interrupt entry's interface to the INTC driver (drivers/sh-intc.c).
 * VBR+0x600 reads INTEVT (a multiple of 0x20 below 0x1000: hardware
 * manual §19.2 table 19.5) and indexes sh4_rt_code_slot with it, one byte
 * per code value (4 KiB, so no shift on the entry path): non-zero (the RT
 * slot + 1) means the source is routed to the RT class, and the entry then
 * stores INTEVT into sh4_rt_intevt and takes the RT path; 0 means another
 * class's interrupt, which goes to Linux's handler. The INTC driver writes
 * the table when it routes a line (RT masked); pending_rt() reads the
 * latch.
 */
#define SH4_CODE_SLOTS 0x1000
#ifndef __ASSEMBLER__
#include <stdint.h>
extern volatile uint8_t sh4_rt_code_slot[SH4_CODE_SLOTS];
extern volatile uint32_t sh4_rt_intevt;
#endif

#endif /* ARCH_SH4_H */
