// SPDX-License-Identifier: MIT
/*
 * arch.c - e500v2 (Book-E) hooks of ck/arch.h written in C: RT-class
 * (MSR[CE]) masking, initial task frames, doze, linear map, fault report,
 * and the (not yet written) way out to Linux.
 */
#include <stdint.h>
#include <ck/arch.h>
#include <ck/bsp.h>
#include <ck/console.h>
#include <arch/booke.h>
#include <arch/ctx.h>

_Static_assert(CTX_WORDS <= CK_ARCH_CTX_WORDS, "e500 frame fits ck_arch_ctx");

/** ck_boot_dtb_pa - r3 at entry: the DTB QEMU (or U-Boot) handed over. */
uint32_t ck_boot_dtb_pa;

void arch_fault(uint32_t ivor);

#define mfspr(n)                                                    \
	({                                                          \
		uint32_t v_;                                        \
		__asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(n)); \
		v_;                                                 \
	})

static inline uint32_t msr_read(void)
{
	uint32_t v;

	__asm__ volatile("mfmsr %0" : "=r"(v));
	return v;
}

static inline void msr_write(uint32_t v)
{
	__asm__ volatile("mtmsr %0" : : "r"(v) : "memory");
}

/*
 * The flags are the whole previous MSR; restore puts back only its CE bit,
 * so a pair never undoes an EE change made in between (Linux's EE is its
 * own business once it runs). mtmsr is execution synchronizing on e500.
 */
ck_rtflags_t arch_rt_mask(void)
{
	uint32_t msr = msr_read();

	msr_write(msr & ~MSR_CE);
	return msr;
}

void arch_rt_restore(ck_rtflags_t flags)
{
	uint32_t msr = msr_read();

	msr_write((msr & ~MSR_CE) | ((uint32_t)flags & MSR_CE));
}

void arch_rt_unmask(void)
{
	msr_write(msr_read() | MSR_CE);
}

/* A new task: supervisor, MSR[CE] = 1 (RT class on), EE = 0 (Linux's class
 * masked), ME = 1; r1 = @stack_top less an ABI frame whose back chain is 0. */
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
	ctx->w[CTX_MSR] = MSR_CE | MSR_ME;
}

/*
 * booke_doze() - doze until an interrupt: HID0[DOZE] (set by start.S) +
 * MSR[WE] (e500CORERM "power management"). QEMU 7.2 halts the vCPU on an
 * MSR write with WE set when HID0 has DOZE, NAP or SLEEP (target/ppc
 * cpu_init.c check_pow_hid0, helper_regs.c hreg_store_msr); a critical
 * input wakes it (cpu_has_work: CPU_INTERRUPT_HARD) and the RT entry
 * clears WE in the saved MSR, so the resumed context is awake.
 * Context: root, MSR[CE] = 1.
 */
void booke_doze(void);
void booke_doze(void)
{
	uint32_t msr = msr_read();

	__asm__ volatile("sync\n\tmtmsr %0\n\tisync"
			 : : "r"(msr | MSR_WE) : "memory");
}

/*
 * Idle: doze (booke_doze()). Under -icount shift=0,sleep=off this needs the
 * project's QEMU patch 0009: stock QEMU warped virtual time to the *next*
 * MPIC timer expiry from inside the timer callback, so each RT timer
 * interrupt arrived one period late (probe icount-doze-wake).
 */
void arch_wait_for_interrupt(void)
{
	booke_doze();
}

/* Before Linux, RAM is mapped EA = PA (start.S TLB1[0..1]). */
void *arch_phys_to_virt(uint32_t pa)
{
	return (void *)(uintptr_t)pa;
}

static void raw_puts(const char *s)
{
	console_raw_puts(ck_board.uart, s);
}

static void halt(void) __attribute__((noreturn));
static void halt(void)
{
	msr_write(msr_read() & ~(MSR_CE | MSR_EE));
	for (;;)
		booke_doze();
}

static void raw_reg(const char *name, uint32_t v)
{
	raw_puts(name);
	console_raw_puthex(ck_board.uart, v);
}

/*
 * arch_fault() - an interrupt the co-kernel does not expect (every IVOR but
 * IVOR0 before Linux): print it on the UART directly (the console ring may
 * be what broke) and stop with both classes masked.
 * @ivor: the IVOR number (0-15, 32-35).
 * Context: exception entry (entry.S), on the exception stack.
 */
void arch_fault(uint32_t ivor)
{
	raw_puts("\r\n[ck] FATAL interrupt IVOR");
	raw_reg(" ", ivor);
	raw_reg(" srr0=", mfspr(26));
	raw_reg(" srr1=", mfspr(27));
	raw_reg(" csrr0=", mfspr(SPRN_CSRR0));
	raw_reg(" csrr1=", mfspr(SPRN_CSRR1));
	raw_reg(" mcsrr0=", mfspr(SPRN_MCSRR0));
	raw_reg(" mcsrr1=", mfspr(SPRN_MCSRR1));
	raw_reg(" dear=", mfspr(SPRN_DEAR));
	raw_reg(" esr=", mfspr(SPRN_ESR));
	raw_puts("\r\n");
	halt();
}

/*
 * Not implemented yet (issue 4, next step): entering Linux on e500 needs
 * the co-kernel at Linux's linear-map EA, a protected TLB1 entry that
 * survives Linux's head_fsl_booke.S, and the CriticalInput stub in Linux
 * (bsp/e500/README.md "Not done yet"). Say so and stop.
 */
void arch_boot_linux(uint32_t kernel_pa, uint32_t dtb_pa, uint32_t machine_id)
{
	(void)machine_id;
	raw_reg("\r\n[ck] Linux boot on e500 not implemented yet (kernel ", kernel_pa);
	raw_reg(", DTB ", dtb_pa);
	raw_puts("): halted\r\n");
	halt();
}
