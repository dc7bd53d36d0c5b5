// SPDX-License-Identifier: MIT
/*
 * arch.c - SH-4 hooks of ck/arch.h written in C: RT-class (IMASK) enable,
 * initial task frames, sleep, the P1 linear map, exceptions the co-kernel
 * handles itself (an RT task's fault, anything else reported).
 */
#include <stdint.h>
#include <ck/arch.h>
#include <ck/bsp.h>
#include <ck/console.h>
#include <ck/fault.h>
#include <arch/ctx.h>
#include <arch/mmio.h>
#include <arch/sh4.h>

_Static_assert(CTX_WORDS <= CK_ARCH_CTX_WORDS, "SH-4 frame fits ck_arch_ctx");

/* entry.S / start.S */
extern struct ck_task *sh4_root_task;
extern uint32_t sh4_exc_vector;
extern struct ck_arch_ctx sh4_exc_frame;
extern uint32_t sh4_rt_stack_limit[], sh4_rt_stack_top[];
struct ck_arch_ctx *arch_exception(void);

static inline uint32_t sr_read(void)
{
	uint32_t v;

	__asm__ volatile("stc sr, %0" : "=r"(v));
	return v;
}

/* Root at IMASK 14: level 15 (the RT class) accepted, nothing else. The
 * root task is known from here on: VBR+0x100/0x400 tell its exceptions
 * (Linux's, once it runs) from an RT task's by it. */
void arch_rt_unmask(void)
{
	sh4_root_task = ck_current();
	arch_rt_restore(SR_IMASK_RT_LIVE);
}

/* A new task: privileged, bank 0, BL = 0, FPU off, IMASK 14; its first
 * argument in r4 (SH calling convention), its stack in r15. */
void arch_ctx_init(struct ck_arch_ctx *ctx, void (*tramp)(void *), void *arg0,
		   void *stack_top)
{
	unsigned int i;

	for (i = 0; i < CK_ARCH_CTX_WORDS; i++)
		ctx->w[i] = 0;
	ctx->w[CTX_R4] = (uintptr_t)arg0;
	ctx->w[CTX_R15] = (uintptr_t)stack_top;
	ctx->w[CTX_PC] = (uintptr_t)tramp;
	ctx->w[CTX_SR] = SR_RT_TASK;
}

/* `sleep` (hardware manual §9, sleep mode): the CPU stops until an
 * interrupt it accepts at the current IMASK, i.e. an RT one. */
void arch_wait_for_interrupt(void)
{
	__asm__ volatile("sleep" : : : "memory");
}

void arch_cpu_relax(void)
{
	__asm__ volatile("" : : : "memory");
}

/* SDRAM through P1, as the co-kernel links itself (cokernel.lds). */
void *arch_phys_to_virt(uint32_t pa)
{
	return (void *)(uintptr_t)SH4_P1(pa);
}

volatile uint32_t *arch_rt_stack_limit(void)
{
	return sh4_rt_stack_limit;
}

uintptr_t arch_ctx_pc(const struct ck_arch_ctx *ctx)
{
	return ctx->w[CTX_PC];
}

/* The SH-4 image boots Linux where it was loaded: nothing to prepare. */
int arch_prepare_linux(uint32_t kernel_pa, uint32_t dtb_pa)
{
	(void)kernel_pa;
	(void)dtb_pa;
	return 0;
}

static void raw_word(const struct ck_uart *u, const char *name, uint32_t v)
{
	console_raw_puts(u, name);
	console_raw_puthex(u, v);
}

/*
 * fatal() - an exception the co-kernel cannot contain: print it on the
 * UART directly (the console ring may be what broke) and stop, RT masked.
 * Context: exc_save (entry.S), RT stack.
 */
static void __attribute__((noreturn)) fatal(uint32_t vec, uint32_t code)
{
	const struct ck_uart *u = ck_board.uart;
	const struct ck_arch_ctx *f = &sh4_exc_frame;

	if (u) {
		console_raw_puts(u, "\r\n[ck] FATAL ");
		console_raw_puts(u, vec == 6 ? "interrupt INTEVT=" : "exception EXPEVT=");
		console_raw_puthex(u, code);
		raw_word(u, " spc=", (uint32_t)f->w[CTX_PC]);
		raw_word(u, " ssr=", (uint32_t)f->w[CTX_SR]);
		raw_word(u, " pr=", (uint32_t)f->w[CTX_PR]);
		raw_word(u, " r15=", (uint32_t)f->w[CTX_R15]);
		raw_word(u, " tea=", mmio_read32(SH4_TEA));
		console_raw_puts(u, "\r\n");
	}
	for (;;)
		arch_wait_for_interrupt();
}

/* EXPEVT (hardware manual §5.4 table 5.1) as a CK_FAULT_* kind. */
static uint32_t fault_kind(uint32_t expevt, uint32_t pc, uint32_t tea)
{
	switch (expevt) {
	case EXPEVT_ITLB_MISS:
	case EXPEVT_TLB_PROT_READ:
		return tea == pc ? CK_FAULT_PREFETCH : CK_FAULT_DATA;
	case EXPEVT_TLB_MISS_WRITE:
	case EXPEVT_TLB_INITIAL_WRITE:
	case EXPEVT_TLB_PROT_WRITE:
		return CK_FAULT_DATA;
	case EXPEVT_ADDR_ERR_READ:
		return tea == pc ? CK_FAULT_PREFETCH : CK_FAULT_ALIGN;
	case EXPEVT_ADDR_ERR_WRITE:
		return CK_FAULT_ALIGN;
	case EXPEVT_ILLEGAL:
	case EXPEVT_SLOT_ILLEGAL:
		return CK_FAULT_UNDEF;
	default:        /* trapa (__builtin_trap), FPU disabled, ... */
		return CK_FAULT_PROGRAM;
	}
}

/*
 * arch_exception() - C half of exc_save (entry.S): the exception (vector
 * sh4_exc_vector: 1 general, 4 TLB miss, 6 an interrupt not routed to the
 * RT class) with the context in sh4_exc_frame. An RT task's fault is
 * contained: its frame becomes the task's, fault_task() suspends it.
 * Anything else (the root before Linux, the RT entry's own C code, whose
 * stack is the RT stack) is reported and stops.
 * Return: the frame to resume. Context: RT stack, bank 0, RT masked.
 */
struct ck_arch_ctx *arch_exception(void)
{
	uint32_t vec = sh4_exc_vector;
	struct ck_task *t = ck_current();
	struct ck_task *next;
	uint32_t sp = (uint32_t)sh4_exc_frame.w[CTX_R15];
	uint32_t expevt, pc, tea;

	if (vec == 6)
		fatal(vec, mmio_read32(SH4_INTEVT));
	expevt = mmio_read32(SH4_EXPEVT);
	if (!t || t == sh4_root_task ||
	    (sp > (uint32_t)(uintptr_t)sh4_rt_stack_limit &&
	     sp <= (uint32_t)(uintptr_t)sh4_rt_stack_top))
		fatal(vec, expevt);
	pc = (uint32_t)sh4_exc_frame.w[CTX_PC];
	tea = mmio_read32(SH4_TEA);
	t->ctx = sh4_exc_frame;
	next = fault_task(fault_kind(expevt, pc, tea), pc, tea, expevt);
	if (!next)
		fatal(vec, expevt);
	return &next->ctx;
}

/*
 * abort() - what GCC's SH back end calls for __builtin_trap() (it has no
 * trap instruction pattern): `trapa` (hardware manual §5.4, EXPEVT 0x160)
 * enters the exception path, which suspends an RT task (ck_assert()) or
 * stops the co-kernel with a report. Context: any. Does not return.
 */
void abort(void) __attribute__((noreturn));
void abort(void)
{
	for (;;)
		__asm__ volatile("trapa #0x3f" : : : "memory");
}

/*
 * arch_boot_linux() - not yet on SH-4: the hand-over (zero page, command
 * line with cokernel.page=, VBR forwarding) is still to come; r2d builds
 * no Linux payload (LINUX_GUEST := no), so this is never reached.
 */
void arch_boot_linux(uint32_t kernel_pa, uint32_t dtb_pa, uint32_t machine_id)
{
	(void)kernel_pa;
	(void)dtb_pa;
	(void)machine_id;
	(void)arch_rt_mask();
	if (ck_board.uart)
		console_raw_puts(ck_board.uart, "\r\n[ck] no Linux hand-over on SH-4 yet\r\n");
	for (;;)
		arch_wait_for_interrupt();
}
