// SPDX-License-Identifier: MIT
/*
 * arch.c - ARM926EJ-S hooks of ck/arch.h written in C: RT-class (FIQ)
 * masking, initial task frames, WFI, linear map, fault report.
 */
#include <stdint.h>
#include <string.h>
#include <ck/arch.h>
#include <ck/bsp.h>
#include <ck/console.h>
#include <ck/fault.h>
#include <ck/guest.h>
#include <ck_guest.h>
#include <arch/cp15.h>
#include <arch/ctx.h>

#define CK_VA_OFFSET ((uintptr_t)(BOARD_CK_LINEAR_VA - BOARD_RAM_PA))

_Static_assert(CTX_WORDS <= CK_ARCH_CTX_WORDS, "ARM926 frame fits ck_arch_ctx");

void arch_fault(uint32_t kind, uint32_t lr, uint32_t spsr, uint32_t cpsr)
	__attribute__((noreturn));
struct ck_task *arch_fault_task(uint32_t kind, uint32_t ret);
extern uint32_t ck_fiq_stack_limit[];

void arch_rt_unmask(void)
{
	cpsr_write_c(cpsr_read() & ~PSR_F);
}

/* A new task starts in SYS mode, ARM state, I=1 (Linux masked), F=0,
 * with the co-kernel's DACR (every domain a client, cp15.h). */
void arch_ctx_init(struct ck_arch_ctx *ctx, void (*tramp)(void *), void *arg0,
		   void *stack_top)
{
	unsigned int i;

	for (i = 0; i < CK_ARCH_CTX_WORDS; i++)
		ctx->w[i] = 0;
	ctx->w[CTX_R0] = (uintptr_t)arg0;
	ctx->w[CTX_SP] = (uintptr_t)stack_top;
	ctx->w[CTX_LR] = 0;
	ctx->w[CTX_PC] = (uintptr_t)tramp;
	ctx->w[CTX_CPSR] = PSR_MODE_SYS | PSR_I;
	ctx->w[CTX_DACR] = DACR_CK;
}

/* ARM926EJ-S TRM §2.3.8: "Wait for interrupt", c7 c0 4. Wakes on nFIQ
 * even with F=1; the FIQ is then taken once F is clear. */
void arch_wait_for_interrupt(void)
{
	__asm__ volatile("mcr p15, 0, %0, c7, c0, 4" : : "r"(0) : "memory");
}

void arch_cpu_relax(void)
{
	__asm__ volatile("" : : : "memory");
}

/* The entry's `bl ck_rt_irq_handle` (entry.S). */
extern uint32_t arm926_rt_call[];

#define INSN_B_AL 0xea000000u    /* b, cond AL */
#define INSN_BL_AL 0xeb000000u   /* bl, cond AL */

/* A branch @op (INSN_B_AL, INSN_BL_AL) at @from to @to (ARM ARM A4.1.5:
 * a signed word offset from the instruction + 8). */
static uint32_t insn_branch(uint32_t op, uint32_t from, uint32_t to)
{
	return op | (((to - (from + 8u)) >> 2) & 0x00ffffffu);
}

/*
 * A `bl` written over the entry's call, then the line written back from
 * the write-back D-cache, the write buffer drained and the I-cache line
 * invalidated (ARM926EJ-S TRM 2.3.8: c7 c10 1, c7 c10 4, c7 c5 1), so the
 * next FIQ fetches the new word.
 */
void arch_rt_handler_set(struct ck_task *(*handler)(void))
{
	uintptr_t at = (uintptr_t)arm926_rt_call;

	*(volatile uint32_t *)at = insn_branch(INSN_BL_AL, (uint32_t)at,
					       (uint32_t)(uintptr_t)handler);
	__asm__ volatile("mcr p15, 0, %0, c7, c10, 1\n\t"
			 "mcr p15, 0, %1, c7, c10, 4\n\t"
			 "mcr p15, 0, %0, c7, c5, 1"
			 : : "r"(at), "r"(0) : "memory");
}

void *arch_phys_to_virt(uint32_t pa)
{
	return (void *)((uintptr_t)pa + CK_VA_OFFSET);
}

/*
 * arch_fault() - an exception the co-kernel does not expect (before Linux,
 * the high vectors are ours): print it on the UART directly (the console
 * ring may be what broke) and stop. Context: exception, any mode.
 */
void arch_fault(uint32_t kind, uint32_t lr, uint32_t spsr, uint32_t cpsr)
{
	static const char *const names[] = { "reset", "undef", "swi", "pabt",
					     "dabt", "?", "irq" };
	const struct ck_uart *u = ck_board.uart;
	uint32_t far, fsr;

	__asm__ volatile("mrc p15, 0, %0, c6, c0, 0" : "=r"(far));
	__asm__ volatile("mrc p15, 0, %0, c5, c0, 0" : "=r"(fsr));
	if (!u)
		for (;;)
			;
	console_raw_puts(u, "\r\n[ck] FATAL exception ");
	console_raw_puts(u, kind < 7 ? names[kind] : "?");
	console_raw_puts(u, " lr=");
	console_raw_puthex(u, lr);
	console_raw_puts(u, " spsr=");
	console_raw_puthex(u, spsr);
	console_raw_puts(u, " cpsr=");
	console_raw_puthex(u, cpsr);
	console_raw_puts(u, " far=");
	console_raw_puthex(u, far);
	console_raw_puts(u, " fsr=");
	console_raw_puthex(u, fsr);
	console_raw_puts(u, "\r\n");
	for (;;)
		arch_wait_for_interrupt();
}

/* FSR status (ARM ARM B4.6, bits 3:0): 0b0001 and 0b0011 are alignment. */
#define FSR_STATUS_ALIGN_MASK 0xdu
#define FSR_STATUS_ALIGN 0x1u

/*
 * arch_fault_task() - C half of arch_fault_entry: the current RT task took
 * exception @kind (CK_FAULT_UNDEF, _PREFETCH or _DATA) with return address
 * @ret (faulting instruction + 4, data abort + 8; ARM ARM A2.6). Reads
 * FAR/FSR for a data abort (ARM926EJ-S TRM §2.3.6/§2.3.7: c6 and c5;
 * ARM926 has no IFSR), classifies alignment, hands over to fault_task().
 * Return: the task to resume. Context: FIQ mode, FIQ stack, RT masked.
 */
struct ck_task *arch_fault_task(uint32_t kind, uint32_t ret)
{
	uint32_t pc = ret - 4, addr = pc, fsr = 0;
	struct ck_task *next;

	if (kind == CK_FAULT_DATA) {
		pc = ret - 8;
		__asm__ volatile("mrc p15, 0, %0, c6, c0, 0" : "=r"(addr));
		__asm__ volatile("mrc p15, 0, %0, c5, c0, 0" : "=r"(fsr));
		if ((fsr & FSR_STATUS_ALIGN_MASK) == FSR_STATUS_ALIGN)
			kind = CK_FAULT_ALIGN;
	}
	next = fault_task(kind, pc, addr, fsr);
	if (!next)   /* not a task's: nothing to contain */
		arch_fault(kind == CK_FAULT_UNDEF ? 1 : kind == CK_FAULT_PREFETCH ? 3 : 4,
			   ret, (uint32_t)ck_current()->ctx.w[CTX_CPSR], cpsr_read());
	return next;
}

/* The word at ck_fiq_stack_limit is the FIQ stack's lowest (start.S). */
volatile uint32_t *arch_rt_stack_limit(void)
{
	return ck_fiq_stack_limit;
}

uintptr_t arch_ctx_pc(const struct ck_arch_ctx *ctx)
{
	return ctx->w[CTX_PC];
}

/* Device windows: Linux's ioremap() maps them (vpic.c, before the first
 * fork), so the ARM926 co-kernel keeps guest.c's weak window hooks. */

/* The co-kernel's boot L1 table (start.S): RAM identity and linear map,
 * the IPC region, the device identity map, the vector page. */
extern uint32_t ck_l1_table[];

/*
 * From paging_init on (patch 0010) Linux's hook copies the entries of this
 * table that map the device windows at their boot addresses into its own
 * and installs the FIQ trampoline in its new vectors page, so that the FIQ
 * runs in Linux's tables. Before that the FIQ either goes through the boot
 * entry, which switches to this table (patch 0012: arch_rt_live_in_boot()),
 * or is held: CPSR.F and the RT side paused.
 */
uint32_t arch_early_l1(void)
{
	return (uint32_t)((uintptr_t)ck_l1_table - CK_VA_OFFSET);
}

int arch_guest_restartable(void)
{
	return 1;
}

/*
 * Back to the boot page tables (start.S) from Linux's: TTBR = the L1
 * table's physical address, DACR_CK (the boot table uses domain 0 only),
 * TLBs and I-cache invalidated (ARM926EJ-S TRM §2.3.3 c2, §2.3.4 c3,
 * §2.3.9 c8 c7 0, §2.3.8 c7 c5 0: the I-cache may hold Linux's vectors
 * page under 0xffff0000, where the co-kernel's is now).
 * The linear map is the same VA -> PA in both, so the co-kernel's own
 * code, data and stacks stay where they are; the cached lines Linux left
 * under its other addresses are dealt with by arch_guest_quiesce().
 */
void arch_guest_stop(void)
{
	uint32_t ttbr = arch_early_l1();

	__asm__ volatile("mcr p15, 0, %0, c7, c10, 4\n\t"
			 "mcr p15, 0, %1, c2, c0, 0\n\t"
			 "mcr p15, 0, %2, c3, c0, 0\n\t"
			 "mcr p15, 0, %0, c8, c7, 0\n\t"
			 "mcr p15, 0, %0, c7, c5, 0"
			 : : "r"(0), "r"(ttbr), "r"(DACR_CK) : "memory");
}

/*
 * Write back and invalidate the whole D-cache (test, clean and invalidate
 * loop, ARM926EJ-S TRM §2.3.8 c7 c14 3: each round one line, the flags
 * say when none is dirty), drain the write buffer, invalidate the
 * I-cache. Dirty lines of the dead Linux's user and vmalloc aliases would
 * otherwise be written back later over the payload being restored.
 */
void arch_guest_quiesce(void)
{
	__asm__ volatile("1: mrc p15, 0, r15, c7, c14, 3\n\t"
			 "bne 1b\n\t"
			 "mcr p15, 0, %0, c7, c10, 4\n\t"
			 "mcr p15, 0, %0, c7, c5, 0"
			 : : "r"(0) : "memory", "cc");
}

/* gate.S: one stub per op (ck/guest.h CK_GUEST_OPS), in the order
 * ck_guest_gate_ops() takes them; each enters arm926_gate_fn[n] with
 * CK_DOMAIN open */
extern const uintptr_t arm926_gate_ops[CK_GUEST_OPS];
uintptr_t arm926_gate_fn[CK_GUEST_OPS];                 /* private: the ops */

void arch_guest_gate(struct ck_guest_page *gp)
{
	ck_guest_gate_ops(gp, arm926_gate_ops, arm926_gate_fn);
}

/* The private part of the region (cokernel.lds): __ck_private, section
 * aligned, to the region's end, in Linux's linear map. */
extern char __ck_private[];
#define CK_PRIVATE_END \
	((uint32_t)(BOARD_CK_REGION_PA + BOARD_CK_REGION_SIZE) + (uint32_t)CK_VA_OFFSET)
#define SECTION_BYTES (1u << SECTION_SHIFT)
#define PMD_TYPE_MASK 3u
#define PMD_TYPE_SECTION 2u
#define PMD_SECTION_BASE 0xfff00000u

/*
 * Linux maps its lowmem, the co-kernel's region included (dts/cokernel-
 * arm-guest.dtsi: reserved, not no-map), with first-level section entries
 * (arch/arm/mm/mmu.c map_lowmem) in swapper_pg_dir, the table in TTBR
 * from Linux's head code until its first fork; every later process's
 * table copies those entries (pgd_alloc). Each entry of the private range
 * must be a section (ARM ARM B4.7, bits 1:0 = 10) of the expected
 * physical address, and Linux's SCTLR must give AP 00 its privileged
 * read-only, user no-access meaning (S=1, R=0: ARM ARM B4.4.1); each entry
 * then gets CK_DOMAIN in bits 8:5 and AP 00 in bits 11:10, is written
 * back from the D-cache for the table walk (c7 c10 1), and the TLB is
 * dropped (c8 c7 0). Anything else: nothing is changed, and the console
 * says why.
 */
uint32_t arch_guest_protect(uint32_t *va_out)
{
	uint32_t ttbr, sctlr, va, start = (uint32_t)(uintptr_t)__ck_private;
	volatile uint32_t *l1;

	*va_out = 0;
	__asm__ volatile("mrc p15, 0, %0, c2, c0, 0" : "=r"(ttbr));
	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
	ttbr &= ~0x3fffu;
	if (ttbr == arch_early_l1())
		return 0;   /* the co-kernel's own table: no Linux */
	sctlr &= SCTLR_S | SCTLR_R;
	if (sctlr != SCTLR_S) {   /* S=0, R=1 would let user mode read it too */
		ck_printf("Linux runs with SCTLR.S/R 0x%03x, with which AP 00 is not "
			  "privileged read-only: no protection", (unsigned int)sctlr);
		return 0;
	}
	l1 = arch_phys_to_virt(ttbr);
	for (va = start; va < CK_PRIVATE_END; va += SECTION_BYTES) {
		uint32_t e = l1[va >> SECTION_SHIFT];

		if ((e & PMD_TYPE_MASK) != PMD_TYPE_SECTION ||
		    (e & PMD_SECTION_BASE) != va - (uint32_t)CK_VA_OFFSET) {
			ck_printf("Linux maps the co-kernel at 0x%08x as 0x%08x, not a section "
				  "of its own: no protection", (unsigned int)va, (unsigned int)e);
			return 0;
		}
	}
	for (va = start; va < CK_PRIVATE_END; va += SECTION_BYTES) {
		volatile uint32_t *slot = &l1[va >> SECTION_SHIFT];

		*slot = (*slot & ~(PMD_DOMAIN_MASK | PMD_SECT_AP_MASK)) |
			(CK_DOMAIN << PMD_DOMAIN_SHIFT);
		__asm__ volatile("mcr p15, 0, %0, c7, c10, 1" : : "r"(slot) : "memory");
	}
	__asm__ volatile("mcr p15, 0, %0, c7, c10, 4\n\t"
			 "mcr p15, 0, %0, c8, c7, 0" : : "r"(0) : "memory");
	*va_out = start;
	return CK_PRIVATE_END - start;
}

_Static_assert(ARM_ENTRY_MAGIC == CK_ARM_ENTRY_MAGIC &&
	       ARM_FIQ_OFFSET == CK_ARM_FIQ_OFFSET &&
	       ARM_BOOT_FIQ_END == CK_ARM_BOOT_FIQ_END, "cp15.h and ck_guest.h agree");
_Static_assert((BOARD_CK_REGION_PA + BOARD_CK_REGION_SIZE) % 0x100000u == 0,
	       "the boot vectors page sits at 0xf0000 of the region's last MiB");

/* start.S: the vector page (mapped at 0xffff0000 in the co-kernel's
 * table), its FIQ slot's boot target; the link script: the boot page. */
extern uint32_t arm926_vectors[];
extern uint32_t arm926_vf_boot_fiq[];
extern uint32_t arm926_boot_page[];

/* r11 at Linux's entry (start.S arch_boot_linux): the boot page's section
 * descriptor, or 0: no RT through Linux's boot. */
uint32_t arm926_linux_r11;

/*
 * The first five words of an Image with linux-guest/patches/0012
 * (arch/arm/kernel/head.S, its stext): ldr r12, [pc, #8]; teq r0, r12;
 * movne r11, #0; b +0; .long CK_ARM_ENTRY_MAGIC (ARM ARM A4.1: LDR
 * immediate offset, TEQ register, MOV immediate, B).
 */
static const uint32_t head_0012[5] = {
	0xe59fc008u, 0xe130000cu, 0x13a0b000u, INSN_B_AL, CK_ARM_ENTRY_MAGIC,
};

/*
 * arch_prepare_linux() - the Image runs where it is staged; what is
 * prepared is RT through its boot. A Linux whose head is patch 0012's
 * (head_0012[] at @kernel_pa) gets the boot vectors page: a copy of the
 * co-kernel's vector page whose FIQ slot branches to the boot FIQ entry
 * (start.S), at 0xf0000 of the region's last MiB, and the section
 * descriptor its head maps at 0xfff00000 (cache write-back, AP 00:
 * privileged read-only with Linux's SCTLR.S; ARM ARM B4.7.4). The copy is
 * remade at every entry: the page is the co-kernel's, but Linux's boot
 * runs before protection. Any other Linux: RT pauses in its boot
 * (arch_rt_live_in_boot() 0). Return: 0. Context: root, RT unmasked.
 */
int arch_prepare_linux(uint32_t kernel_pa, uint32_t dtb_pa)
{
	uint32_t *page = arm926_boot_page;
	uint32_t page_pa = (uint32_t)(uintptr_t)page - (uint32_t)CK_VA_OFFSET;

	(void)dtb_pa;
	arm926_linux_r11 = 0;
	if (memcmp(arch_phys_to_virt(kernel_pa), head_0012, sizeof(head_0012)))
		return 0;
	memcpy(page, arm926_vectors, PAGE_SIZE_4K);
	page[ARM_FIQ_OFFSET / 4u] =
		insn_branch(INSN_B_AL, ARM_FIQ_OFFSET,
			    (uint32_t)((uintptr_t)arm926_vf_boot_fiq - (uintptr_t)arm926_vectors));
	arm926_linux_r11 = (page_pa & ~((1u << SECTION_SHIFT) - 1u)) | PMD_SECT |
			   PMD_SECT_C | PMD_SECT_B;
	return 0;
}

int arch_rt_live_in_boot(void)
{
	return arm926_linux_r11 != 0;
}
