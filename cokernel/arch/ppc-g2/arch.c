// SPDX-License-Identifier: MIT
/*
 * arch.c - G2_LE (MPC5200B) hooks of ck/arch.h written in C: RT-class
 * (MSR[CE]) masking, initial task frames, doze, the boot mappings, fault
 * report, the way into Linux, and the BAT windows after the hand-over.
 */
#include <stdbool.h>
#include <stdint.h>
#include <ck/arch.h>
#include <ck/bsp.h>
#include <ck/ck.h>
#include <ck/console.h>
#include <ck/fault.h>
#include <ck/guest.h>
#include <arch/g2.h>
#include <arch/ctx.h>
#include <arch/ppc-insn.h>
#include <arch/rtcall.h>
#include <ck_guest.h>

_Static_assert(CTX_WORDS <= CK_ARCH_CTX_WORDS, "G2 frame fits ck_arch_ctx");

/** ck_boot_dtb_pa - r3 at entry: the DTB the loader handed over, or 0. */
uint32_t ck_boot_dtb_pa;

void arch_fault(uint32_t vector, uint32_t srr0, uint32_t srr1, uint32_t dar,
		uint32_t dsisr, uint32_t sp, uint32_t lr);
void g2_enter_linux(uint32_t entry_pa, uint32_t dtb_pa, uint32_t msr)
	__attribute__((noreturn));
struct ck_task *g2_rt_handle_boot(void);

/* entry.S: the RT entry during Linux's boot and its state */
extern const char arch_rt_entry_boot[];
extern uint32_t g2_boot_bats_in;
extern struct ck_arch_ctx *g2_boot_root_ctx;

#define mfspr(n)                                                    \
	({                                                          \
		uint32_t v_;                                        \
		__asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(n)); \
		v_;                                                 \
	})

/* the guest page's BAT block after attach: the smallest (arch_guest_protect()) */
#define GUEST_BLOCK ((uint32_t)BAT_MIN)

/* Linux runs (g2_enter_linux() was called): DBAT7's RAM EA = PA is gone. */
static bool linux_runs;

void arch_rt_unmask(void)
{
	msr_write(msr_read() | MSR_CE);
}

/* A new task: supervisor, MMU on (the co-kernel's BATs), MSR[CE] = 1 (RT
 * class on), EE = 0 (Linux's class masked), ME = 1, FP = 0 (soft-float);
 * r1 = @stack_top less an ABI frame whose back chain is 0; its private
 * block writable (entry.S prot_close). */
void arch_ctx_init(struct ck_arch_ctx *ctx, void (*tramp)(void *), void *arg0,
		   void *stack_top)
{
	uint32_t *sp = (uint32_t *)((uintptr_t)stack_top - 16u);
	unsigned int i;

	for (i = 0; i < CK_ARCH_CTX_WORDS; i++)
		ctx->w[i] = 0;
	sp[0] = 0;
	ctx->w[CTX_R1] = (uintptr_t)sp;
	ctx->w[CTX_R3] = (uintptr_t)arg0;
	ctx->w[CTX_PC] = (uintptr_t)tramp;
	ctx->w[CTX_MSR] = MSR_CE | MSR_ME | MSR_IR | MSR_DR;
	ctx->w[CTX_PROT] = BAT_PP_RW;   /* the private block writable */
}

/*
 * Idle: doze until an interrupt, HID0[DOZE] (start.S) + MSR[POW]
 * (G2CORERM ch. 9, "Power management"). MSR[POW] is bit 13, outside the
 * MSR[16-31] a critical interrupt saves in CSRR1 (G2CORERM 5.2.1.2), so
 * the RT entry resumes this loop awake. Context: root, MSR[CE] = 1.
 */
void arch_wait_for_interrupt(void)
{
	uint32_t msr = msr_read();

	__asm__ volatile("sync\n\tmtmsr %0\n\tisync" : : "r"(msr | MSR_POW) : "memory");
}

/* The handler the entry's ppc_rt_call calls, for the boot entry's call,
 * which is not rewritten (g2_rt_handle_boot()). */
static struct ck_task *(*volatile rt_handler)(void) = ck_rt_irq_handle;

void arch_rt_handler_set(struct ck_task *(*handler)(void))
{
	ppc_rt_call_set(handler);
	rt_handler = handler;
}

/* arch_rt_entry_boot's call into C (entry.S), with the C contract of
 * ck_rt_irq_handle(). Context: RT entry, MSR[CE] = 0. */
struct ck_task *g2_rt_handle_boot(void)
{
	return rt_handler();
}

void arch_cpu_relax(void)
{
	__asm__ volatile("" : : : "memory");
}

/* The co-kernel's private block and its guest page's 128 KiB block at
 * their link addresses always (BAT4 before attach; DBAT7 and DBAT4 from
 * attach on: arch_guest_protect()); before Linux, the IPC region at
 * SHM_BOOT_VA, cache-inhibited (DBAT6), and the rest of RAM's first
 * 256 MiB EA = PA (DBAT7, start.S). Else NULL. */
void *arch_phys_to_virt(uint32_t pa)
{
	if (pa - (uint32_t)BOARD_CK_REGION_PA <
	    (uint32_t)BOARD_CK_PRIVATE_SIZE + GUEST_BLOCK)
		return (void *)(uintptr_t)(pa - (uint32_t)BOARD_CK_REGION_PA +
					   (uint32_t)BOARD_CK_REGION_VA);
	if (linux_runs)
		return 0;
	if (pa - (uint32_t)BOARD_SHM_PA < (uint32_t)BOARD_SHM_SIZE)
		return (void *)(uintptr_t)(pa - (uint32_t)BOARD_SHM_PA +
					   (uint32_t)BOARD_SHM_BOOT_VA);
	if (pa - (uint32_t)BOARD_RAM_PA < (uint32_t)BOARD_RAM_SIZE && pa)
		return (void *)(uintptr_t)pa;
	return 0;
}

static void raw_puts(const char *s)
{
	console_raw_puts(ck_board.uart, s);
}

static void raw_reg(const char *name, uint32_t v)
{
	raw_puts(name);
	console_raw_puthex(ck_board.uart, v);
}

/*
 * arch_fault() - an exception the co-kernel does not contain (entry.S
 * g2_fatal, from the co-kernel's vector page before Linux): print it on
 * the UART directly (the console ring may be what broke) and stop with
 * both classes masked. @vector: the vector offset (0x100..0x1400,
 * G2CORERM Table 5-1); @srr0, @srr1, @dar, @dsisr as the exception left
 * them; @sp, @lr: r1 and LR of the interrupted context.
 * Context: exception stack, MMU on, MSR[CE] = MSR[EE] = 0.
 */
void arch_fault(uint32_t vector, uint32_t srr0, uint32_t srr1, uint32_t dar,
		uint32_t dsisr, uint32_t sp, uint32_t lr)
{
	raw_puts("\r\n[ck] FATAL exception vector");
	raw_reg(" ", vector);
	raw_reg(" srr0=", srr0);
	raw_reg(" srr1=", srr1);
	raw_reg(" dar=", dar);
	raw_reg(" dsisr=", dsisr);
	raw_reg(" csrr0=", mfspr(SPRN_CSRR0));
	raw_reg(" csrr1=", mfspr(SPRN_CSRR1));
	raw_reg(" r1=", sp);
	raw_reg(" lr=", lr);
	raw_puts("\r\n");
	msr_write(msr_read() & ~(MSR_CE | MSR_EE));
	for (;;)
		arch_wait_for_interrupt();
}

struct ck_task *arch_fault_task(uint32_t kind, uint32_t pc, uint32_t dar,
				uint32_t dsisr, uint32_t srr1);

/*
 * arch_fault_task() - C half of arch_fault_entry: the current RT task took
 * an exception of CK_FAULT_* kind @kind (ipc/ck_fault.h: DATA from the
 * data storage vector 0x300, PREFETCH from the instruction storage vector
 * 0x400, ALIGN 0x600, PROGRAM 0x700), with SRR0 @pc, DAR @dar, DSISR
 * @dsisr and SRR1 @srr1 as it left them (G2CORERM 5.5: DAR and DSISR
 * describe a DSI and an alignment exception; SRR1 bits 1-4 an ISI's cause,
 * bits 11-15 a program exception's). Suspends and reports the task with
 * the address (DAR for a data access, else the PC) and the status (DSISR
 * for a data access, else SRR1). Return: the task to resume. Not a task's
 * (nothing to contain): reported and stopped as arch_fault().
 * Context: critical stack, MMU on, MSR[CE] = MSR[EE] = 0.
 */
struct ck_task *arch_fault_task(uint32_t kind, uint32_t pc, uint32_t dar,
				uint32_t dsisr, uint32_t srr1)
{
	static const uint16_t vector_of[CK_FAULT_KINDS] = {
		[CK_FAULT_PREFETCH] = 0x400, [CK_FAULT_DATA] = 0x300,
		[CK_FAULT_ALIGN] = 0x600, [CK_FAULT_PROGRAM] = 0x700,
	};
	bool data = kind == CK_FAULT_DATA || kind == CK_FAULT_ALIGN;
	struct ck_task *cur = ck_current(), *next;

	next = fault_task(kind, pc, data ? dar : pc, data ? dsisr : srr1);
	if (!next)
		arch_fault(kind < CK_FAULT_KINDS ? vector_of[kind] : 0, pc, srr1, dar,
			   dsisr, (uint32_t)cur->ctx.w[CTX_R1],
			   (uint32_t)cur->ctx.w[CTX_LR]);
	return next;
}

/* The kernel image's size (mk/payload.lds; 0 in the co-kernel alone).
 * Linker symbol: the address is the value. */
extern const char __ck_linux_kernel_bytes[];

#define CACHE_LINE 32u          /* G2_LE L1 line (G2CORERM ch. 4) */
/* The co-kernel's vector page at physical 0 (lowvec.S, start.S): Linux's
 * image goes over it only once RT is stopped (arch_boot_linux()). */
#define LOWVEC_BYTES 0x4000u

/*
 * Copy @n bytes (a multiple of 4) from @from to @to (EA, not overlapping)
 * and make them fetchable: the G2's instruction cache does not snoop the
 * data cache's stores, so every line is written back (dcbst) and then
 * invalidated in the instruction cache (icbi) (PEM 5.1.5.1).
 */
static void copy_code(uint8_t *to, const uint8_t *from, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i += 4u)
		*(uint32_t *)(void *)(to + i) = *(const uint32_t *)(const void *)(from + i);
	for (i = 0; i < n; i += CACHE_LINE)
		__asm__ volatile("dcbst 0, %0" : : "r"(to + i) : "memory");
	__asm__ volatile("sync" : : : "memory");
	for (i = 0; i < n; i += CACHE_LINE)
		__asm__ volatile("icbi 0, %0" : : "r"(to + i) : "memory");
	__asm__ volatile("sync\n\tisync" : : : "memory");
}

/* EA = PA of @pa (DBAT7, before Linux), hidden from the compiler, to which
 * EA 0 is NULL. */
static uint8_t *ram_ea(uint32_t pa)
{
	uint8_t *p;

	__asm__("" : "=r"(p) : "0"(pa));
	return p;
}

/*
 * Linux's 0xA00 stub (linux-guest/patches/0008, head_book3s_32.S): in real
 * mode it branches through the word cokernel_rt_entry, whose physical
 * address its `lis`/`lwz` pair holds. The co-kernel reads that address
 * from the staged image (the stub's exact instructions checked first) and
 * sets the word to arch_rt_entry_boot before the jump, so the RT class
 * needs no pause across Linux's boot (arch_rt_live_in_boot()); Linux's
 * driver sets the attached entry at attach. 0: no such stub (a Linux
 * without the patch): RT pauses until attach.
 *
 * RT tasks run in that boot too, so their faults are routed from the
 * start: the filter the DataAccess vector (0x300) branches to
 * (COKERNEL_FAULT, patch 0008) reads cokernel_rt_sp_lo, cokernel_rt_sp_hi
 * and cokernel_fault_entry through three more `lis`/`lwz` pairs, whose
 * words the co-kernel fills before the jump as Linux's driver does at
 * attach (fault.c). fault_words[] 0: not found, faults are routed at
 * attach only.
 */
static uint32_t boot_word_pa;
static uint32_t fault_words[3];         /* sp_lo, sp_hi, fault_entry */

/* the PA of a co-kernel link address (its region: VA = PAGE_OFFSET + PA) */
static uint32_t ck_pa_of(uint32_t va)
{
	return va - (uint32_t)BOARD_CK_REGION_VA + (uint32_t)BOARD_CK_REGION_PA;
}

#define STUB_WORDS 7u
static const uint32_t stub_fixed[STUB_WORDS] = {
	0x7c7543a6u,            /* mtspr SPRG5, r3 */
	0x7c6902a6u,            /* mfctr r3 */
	0x7c7643a6u,            /* mtspr SPRG6, r3 */
	0, 0,                   /* lis r3, hi / lwz r3, lo(r3): the word */
	0x7c6903a6u,            /* mtctr r3 */
	0x4e800420u,            /* bctr */
};

/* The word a `lis r3, hi` / `lwz r3, lo(r3)` pair at @at loads: its PA in
 * Linux's image (run at 0, real-mode addresses), past the vectors, or 0. */
static uint32_t lis_lwz_word(const uint32_t *at, uint32_t kernel_bytes)
{
	uint32_t pa = ppc_lis_lwz_ea(at, 3);

	if (!pa || (pa & 3u) || pa < LOWVEC_BYTES || kernel_bytes < 4u || pa > kernel_bytes - 4u)
		return 0;
	return pa;
}

/* @img: the staged image (Linux's PA 0). The stub's word's PA, or 0. */
static uint32_t find_boot_word(const uint32_t *img, uint32_t kernel_bytes)
{
	const uint32_t *stub = img + 0xa00u / 4u;

	if (!ppc_insns_match(stub, stub_fixed, STUB_WORDS))
		return 0;
	return lis_lwz_word(stub + 3, kernel_bytes);
}

/* The fault filter's words (sp_lo, sp_hi, fault_entry) into @w; false if
 * the DataAccess vector's branch or the filter is not patch 0008's (the
 * pairs at words 6, 10 and 18 of cokernel_fault_DataAccess, which starts
 * as the stub does, with mtspr SPRG5, r3). */
static bool find_fault_words(const uint32_t *img, uint32_t kernel_bytes, uint32_t w[3])
{
	static const uint8_t pair_at[3] = { 6, 10, 18 };
	uint32_t b = img[0x300u / 4u], filter, i;

	if ((b & 0xfc000003u) != 0x48000000u)           /* b (I-form, AA = LK = 0) */
		return false;
	filter = 0x300u + (uint32_t)(((int32_t)(b << 6)) >> 6);
	if ((filter & 3u) || filter < 0x100u || kernel_bytes < 20u * 4u ||
	    filter > kernel_bytes - 20u * 4u || img[filter / 4u] != stub_fixed[0])
		return false;
	for (i = 0; i < 3u; i++) {
		w[i] = lis_lwz_word(img + filter / 4u + pair_at[i], kernel_bytes);
		if (!w[i])
			return false;
	}
	return true;
}

int arch_rt_live_in_boot(void)
{
	return boot_word_pa != 0;
}

/*
 * arch_prepare_linux() - the image carries the raw vmlinux at @kernel_pa,
 * Linux runs at BOARD_LINUX_RUN_PA (0: 32-bit Book3S Linux runs where it
 * is linked, PAGE_OFFSET + 0): move it there while RT still runs, all but
 * its first LOWVEC_BYTES, which hold the co-kernel's vector page until
 * arch_boot_linux(). Kernel and DTB must lie in the first 256 MiB (DBAT7).
 */
int arch_prepare_linux(uint32_t kernel_pa, uint32_t dtb_pa)
{
	uint32_t run = (uint32_t)BOARD_LINUX_RUN_PA;
	uint32_t n = ((uint32_t)(uintptr_t)__ck_linux_kernel_bytes + 3u) & ~3u;
	const uint32_t *img;

	if (run != 0 || n <= LOWVEC_BYTES || kernel_pa + n > BOARD_RAM_SIZE ||
	    kernel_pa < n || dtb_pa >= BOARD_RAM_SIZE ||
	    kernel_pa + n > (uint32_t)BOARD_CK_REGION_PA) {
		ck_printf("Linux payload not placeable: kernel 0x%08x (%u bytes) "
			  "to 0x%08x, DTB 0x%08x: RT only", (unsigned int)kernel_pa,
			  (unsigned int)n, (unsigned int)run, (unsigned int)dtb_pa);
		return -CK_EINVAL;
	}
	copy_code(ram_ea(run + LOWVEC_BYTES), ram_ea(kernel_pa + LOWVEC_BYTES),
		  n - LOWVEC_BYTES);
	img = (const uint32_t *)(const void *)ram_ea(kernel_pa);
	boot_word_pa = find_boot_word(img, n);
	if (!boot_word_pa)
		ck_printf("Linux's 0xA00 stub not found: RT pauses until attach");
	else if (!find_fault_words(img, n, fault_words)) {
		fault_words[0] = 0;
		ck_printf("Linux's fault filter not found: RT task faults are routed "
			  "from attach on");
	} else {
		ck_printf("Linux's RT stub word at PA 0x%08x, fault filter's at 0x%08x "
			  "0x%08x 0x%08x: RT runs on through its boot",
			  (unsigned int)boot_word_pa, (unsigned int)fault_words[0],
			  (unsigned int)fault_words[1], (unsigned int)fault_words[2]);
	}
	return 0;
}

/*
 * arch_boot_linux() - the rest of Linux's image over the vector page,
 * Linux's RT stub pointed at the boot entry (boot_word_pa), then into
 * Linux (start.S g2_enter_linux) with MSR[CE] set where RT runs on. The
 * IPC region needs no cache maintenance: every map of it is
 * cache-inhibited (the co-kernel's DBAT6 at SHM_BOOT_VA, then at Linux's
 * address from attach on: arch_map_window(); Linux's UIO). @kernel_pa is
 * where the image was staged; @machine_id (ARM's) is not used.
 * Context: root, RT masked (and the RT timer stopped where RT pauses).
 */
void arch_boot_linux(uint32_t kernel_pa, uint32_t dtb_pa, uint32_t machine_id)
{
	const struct ck_guest_page *gp = &ck_guest_page;

	(void)machine_id;
	copy_code(ram_ea((uint32_t)BOARD_LINUX_RUN_PA), ram_ea(kernel_pa), LOWVEC_BYTES);
	linux_runs = true;
	if (boot_word_pa) {
		/* Linux's stub branches to the boot entry; the root's frame is
		 * Linux's from here (entry.S ctx_restore_boot) */
		*(volatile uint32_t *)(void *)ram_ea(boot_word_pa) =
			ck_pa_of((uint32_t)(uintptr_t)arch_rt_entry_boot);
		g2_boot_root_ctx = &ck_current()->ctx;
		g2_boot_bats_in = 0;
		if (fault_words[0] && gp->fault_entry && gp->rt_sp_lo < gp->rt_sp_hi) {
			*(volatile uint32_t *)(void *)ram_ea(fault_words[2]) =
				ck_pa_of(gp->fault_entry);
			*(volatile uint32_t *)(void *)ram_ea(fault_words[0]) = gp->rt_sp_lo;
			*(volatile uint32_t *)(void *)ram_ea(fault_words[1]) = gp->rt_sp_hi;
		}
		__asm__ volatile("sync" : : : "memory");
	}
	g2_enter_linux((uint32_t)BOARD_LINUX_RUN_PA, dtb_pa, boot_word_pa ? MSR_CE : 0u);
}

/*
 * Device windows after the hand-over (ipc/ck_guest.h CK_MMIO_VA_ONLY):
 * Linux reserves the virtual range, the co-kernel maps it with one of its
 * data BATs, DBAT5 + the window's index (Linux leaves BAT4-7 alone:
 * g2.h; DBAT7 is the private block's: arch_guest_protect()),
 * cache-inhibited and guarded, so RT code never takes a TLB miss,
 * whose handler is Linux's and may be what the critical interrupt
 * interrupted. A window is one BAT block: 128 KiB to 256 MiB, a power of
 * two, VA and PA aligned to it (PEM 7.4.3).
 */
#define ARCH_MAX_WINDOWS 2u

static struct {
	uint32_t base, size;
} windows[ARCH_MAX_WINDOWS];

uint32_t arch_window_flags(void)
{
	return CK_MMIO_VA_ONLY;
}

int arch_window_ok(unsigned int idx, uint32_t va, uint64_t pa, uint32_t size)
{
	uint32_t lowmem_end = (uint32_t)BOARD_LINUX_PAGE_OFFSET + (uint32_t)BOARD_RAM_SIZE;
	unsigned int i;

	if (idx >= ARCH_MAX_WINDOWS || size < (uint32_t)BAT_MIN || size > (uint32_t)BAT_MAX ||
	    (size & (size - 1u)) || (va & (size - 1u)) || (pa >> 32) ||
	    ((uint32_t)pa & (size - 1u)))
		return 0;
	/* kernel space above Linux's lowmem map, not wrapping, free */
	if (va < lowmem_end || va + (size - 1u) < va)
		return 0;
	for (i = 0; i < idx; i++)
		if (va < windows[i].base + windows[i].size &&
		    windows[i].base < va + size)
			return 0;
	windows[idx].base = va;
	windows[idx].size = size;
	return 1;
}

#define DBAT_WRITE(n, u, l)                                                   \
	__asm__ volatile("mtspr %0, %2\n\tmtspr %1, %3\n\tisync"              \
			 : : "i"(SPRN_DBAT4U + 2 * ((n) - 4)),                \
			   "i"(SPRN_DBAT4U + 2 * ((n) - 4) + 1), "r"(u), "r"(l) \
			 : "memory")

void arch_map_window(unsigned int idx, uint32_t va, uint64_t pa, uint32_t size)
{
	uint32_t u = BAT_U(va, size), l = BAT_L((uint32_t)pa, BAT_I | BAT_G);

	/* lower first: the pair is never valid with a stale lower half */
	switch (idx) {
	case 0:
		DBAT_WRITE(5, 0u, l);
		DBAT_WRITE(5, u, l);
		break;
	case 1:
		DBAT_WRITE(6, 0u, l);
		DBAT_WRITE(6, u, l);
		break;
	default:
		break;
	}
}

extern uint32_t ck_crit_stack_limit[];

/* The word at ck_crit_stack_limit is the critical stack's lowest (start.S). */
volatile uint32_t *arch_rt_stack_limit(void)
{
	return ck_crit_stack_limit;
}

uintptr_t arch_ctx_pc(const struct ck_arch_ctx *ctx)
{
	return ctx->w[CTX_PC];
}

int arch_guest_restartable(void)
{
	return 1;
}

/* gate.S: one stub per op (ck/guest.h CK_GUEST_OPS), each entering
 * g2_gate_fn[n] with the private block writable */
extern const uintptr_t g2_gate_ops[CK_GUEST_OPS];
uintptr_t g2_gate_fn[CK_GUEST_OPS];

void arch_guest_gate(struct ck_guest_page *gp)
{
	ck_guest_gate_ops(gp, g2_gate_ops, g2_gate_fn);
}

#define CK_PRIVATE_VA ((uint32_t)BOARD_CK_REGION_VA)
#define CK_GUEST_PAGE_VA \
	((uint32_t)BOARD_CK_GUEST_PAGE_PA - (uint32_t)BOARD_CK_REGION_PA + CK_PRIVATE_VA)
/* the data BAT over the whole region: Linux's glue BAT4 before attach,
 * the co-kernel's own DBAT4 when Linux is down (start.S ck_boot_bats) */
#define REGION_BAT_U BAT_U(CK_PRIVATE_VA, (uint32_t)BOARD_CK_REGION_SIZE)
#define REGION_BAT_L BAT_L((uint32_t)BOARD_CK_REGION_PA, BAT_M)

/*
 * arch_guest_protect() - Linux's glue BAT4 maps the whole region read/
 * write (linux-guest/drivers/cokernel/g2.c, before attach); from here on
 * its context gets two data BATs instead (PEM 7.4.3; the link script puts
 * everything but the guest page in the private block):
 *   DBAT4  the guest page's 128 KiB block (BOARD_CK_GUEST_PAGE_PA),
 *          read/write: Linux writes the page (heartbeat, window addresses);
 *   DBAT7  the private block (the region's first BOARD_CK_PRIVATE_SIZE
 *          bytes: code, data, stacks), read/write now (this runs inside
 *          attach()'s gate), read-only once the gate returns to Linux
 *          (gate.S, entry.S prot_close).
 * IBAT4 stays: Linux executes the entries and the ops in the block. The
 * BATs are written with no memory access in between (from DBAT4's upper
 * half to DBAT7's, no data BAT maps the private block: the stack of this
 * call is Linux's, in its own BAT0-3), each pair's upper half invalid
 * while its lower half changes. Anything but the expected glue BAT4 and a
 * free DBAT7: nothing is changed, and the console says why.
 * Context: attach() in Linux's context, RT masked, Linux's interrupts off.
 */
uint32_t arch_guest_protect(uint32_t *va)
{
	uint32_t u4 = mfspr(SPRN_DBAT4U), l4 = mfspr(SPRN_DBAT4U + 1);
	uint32_t d7 = mfspr(SPRN_DBAT7U);

	*va = 0;
	if (!linux_runs)
		return 0;
	if (u4 != REGION_BAT_U || (l4 & 0xfffe0000u) != (REGION_BAT_L & 0xfffe0000u) ||
	    (d7 & (BAT_VS | BAT_VP))) {
		ck_printf("Linux's BAT4 is 0x%08x 0x%08x, DBAT7 0x%08x: not the glue "
			  "BAT4 over the region and a free DBAT7; no protection",
			  (unsigned int)u4, (unsigned int)l4, (unsigned int)d7);
		return 0;
	}
	__asm__ volatile("mtspr %[d7u], %[z]\n\tmtspr %[d7l], %[l7]\n\t"
			 "mtspr %[d4u], %[z]\n\tmtspr %[d4l], %[l4]\n\t"
			 "mtspr %[d4u], %[u4]\n\tmtspr %[d7u], %[u7]\n\tisync"
			 : : [d4u] "i"(SPRN_DBAT4U), [d4l] "i"(SPRN_DBAT4U + 1),
			     [d7u] "i"(SPRN_DBAT7U), [d7l] "i"(SPRN_DBAT7L), [z] "r"(0),
			     [u4] "r"(BAT_U(CK_GUEST_PAGE_VA, GUEST_BLOCK)),
			     [l4] "r"(BAT_L((uint32_t)BOARD_CK_GUEST_PAGE_PA, BAT_M)),
			     [u7] "r"(BAT_U(CK_PRIVATE_VA, (uint32_t)BOARD_CK_PRIVATE_SIZE)),
			     [l7] "r"(BAT_L((uint32_t)BOARD_CK_REGION_PA, BAT_M))
			 : "memory");
	*va = CK_PRIVATE_VA;
	return (uint32_t)BOARD_CK_PRIVATE_SIZE;
}

/* lowvec.S: the image of the co-kernel's vector page */
extern const uint8_t __lowvec_start[], __lowvec_end[];

#define SZ_256M 0x10000000u

/*
 * Linux is down: the co-kernel's own state of before Linux, as start.S
 * left it. MSR[EE] off in this context (Linux's decrementer must not reach
 * a vector that is no longer Linux's); DBAT5 and DBAT6 map MBAR and the
 * IPC region at their boot addresses again (where the device windows are
 * back), DBAT4 maps the whole region again and DBAT7 RAM EA = PA (after
 * attach they were the guest page's block and the private block:
 * arch_guest_protect(); each BAT written upper word 0 first, PEM 7.4.3: no
 * half-written BAT matches, and with no memory access from DBAT7's
 * invalidation to DBAT4's new upper half, the window in which nothing maps
 * the private block); IBAT4, the region, is the same under Linux (its
 * glue), and Linux's BAT0-3 map 0xC000_0000 up, no EA of these. Then the
 * co-kernel's vector page goes back to physical 0 (copy_code(): written
 * back, I-cache invalidated), over the dead Linux's vectors, so that the
 * critical interrupt, which the restart lets in again, finds the
 * co-kernel's 0xA00; Linux's first LOWVEC_BYTES go back over it at the
 * next entry (arch_boot_linux()).
 * Context: RT masked; the watchdog's critical interrupt or Linux's call of
 * down() (on Linux's stack, through its BAT0-3).
 */
void arch_guest_stop(void)
{
	msr_write(msr_read() & ~(uint32_t)MSR_EE);
	__asm__ volatile("mtspr %[d5u], %[z]\n\tmtspr %[d5l], %[mbar_l]\n\t"
			 "mtspr %[d5u], %[mbar_u]\n\t"
			 "mtspr %[d6u], %[z]\n\tmtspr %[d6l], %[shm_l]\n\t"
			 "mtspr %[d6u], %[shm_u]\n\t"
			 "mtspr %[d7u], %[z]\n\tmtspr %[d4u], %[z]\n\t"
			 "mtspr %[d4l], %[ck_l]\n\tmtspr %[d4u], %[ck_u]\n\t"
			 "mtspr %[d7l], %[ram_l]\n\t"
			 "mtspr %[d7u], %[ram_u]\n\tisync"
			 : : [d5u] "i"(SPRN_DBAT4U + 2), [d5l] "i"(SPRN_DBAT4U + 3),
			     [d6u] "i"(SPRN_DBAT4U + 4), [d6l] "i"(SPRN_DBAT4U + 5),
			     [d7u] "i"(SPRN_DBAT4U + 6),
			     [d7l] "i"(SPRN_DBAT4U + 7), [z] "r"(0),
			     [d4u] "i"(SPRN_DBAT4U), [d4l] "i"(SPRN_DBAT4U + 1),
			     [ck_u] "r"(REGION_BAT_U), [ck_l] "r"(REGION_BAT_L),
			     [mbar_u] "r"(BAT_U((uint32_t)BOARD_MBAR_PA, (uint32_t)BOARD_MBAR_SIZE)),
			     [mbar_l] "r"(BAT_L((uint32_t)BOARD_MBAR_PA, BAT_I | BAT_G)),
			     [shm_u] "r"(BAT_U((uint32_t)BOARD_SHM_BOOT_VA, (uint32_t)BOARD_SHM_SIZE)),
			     [shm_l] "r"(BAT_L((uint32_t)BOARD_SHM_PA, BAT_I | BAT_G)),
			     [ram_u] "r"(BAT_U(0u, SZ_256M)), [ram_l] "r"(BAT_L(0u, BAT_M))
			 : "memory");
	linux_runs = false;
	/* the co-kernel's BATs stay: a boot-phase RT entry (the watchdog's,
	 * for a Linux that never attached) must not resume the new root with
	 * the dead Linux's (entry.S ctx_restore_boot) */
	g2_boot_bats_in = 0;
	g2_boot_root_ctx = NULL;
	copy_code(ram_ea(0), __lowvec_start,
		  (uint32_t)((uintptr_t)__lowvec_end - (uintptr_t)__lowvec_start));
}
