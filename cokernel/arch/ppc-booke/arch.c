// SPDX-License-Identifier: MIT
/*
 * arch.c - e500v2 (Book-E) hooks of ck/arch.h written in C: RT-class
 * (MSR[CE]) masking, initial task frames, doze, linear map, fault report,
 * the way into Linux, and the protected TLB1 entries of the device windows
 * after the hand-over.
 */
#include <stdbool.h>
#include <stdint.h>
#include <ck/arch.h>
#include <ck/bsp.h>
#include <ck/ck.h>
#include <ck/console.h>
#include <ck/fault.h>
#include <ck/guest.h>
#include <arch/booke.h>
#include <arch/ctx.h>
#include <arch/linux-words.h>
#include <arch/rtcall.h>
#include <arch/tlb1.h>
#include <ck_guest.h>

_Static_assert(CTX_WORDS <= CK_ARCH_CTX_WORDS, "e500 frame fits ck_arch_ctx");

/** ck_boot_dtb_pa - r3 at entry: the DTB QEMU (or U-Boot) handed over. */
uint32_t ck_boot_dtb_pa;

/*
 * booke_msr_keep - the bits of the interrupted MSR the RT entry keeps
 * (entry.S): all but MSR[WE] while the co-kernel's own idle dozes (its
 * loop must run after an interrupt), all once Linux runs (an RT interrupt
 * during Linux's e500_idle returns to the doze; Linux's own interrupts
 * end it). Set to ~0 by arch_boot_linux().
 */
uint32_t booke_msr_keep = ~MSR_WE;

void arch_fault(uint32_t ivor, uint32_t sp, uint32_t lr);

#define mfspr(n)                                                    \
	({                                                          \
		uint32_t v_;                                        \
		__asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(n)); \
		v_;                                                 \
	})

void arch_rt_unmask(void)
{
	msr_write(msr_read() | MSR_CE);
}

/* A new task: supervisor, MSR[CE] = 1 (RT class on), EE = 0 (Linux's class
 * masked), ME = 1, DS = 1 (the co-kernel's data address space, arch/tlb1.h);
 * r1 = @stack_top less an ABI frame whose back chain is 0. */
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
	ctx->w[CTX_MSR] = MSR_CE | MSR_ME | MSR_DS;
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
 * interrupt arrived one period late (probe icount-doze-wake). Weak: a test
 * image's root check replaces it (test_sprkeep.c).
 */
__attribute__((weak)) void arch_wait_for_interrupt(void)
{
	booke_doze();
}

void arch_rt_handler_set(struct ck_task *(*handler)(void))
{
	ppc_rt_call_set(handler);
}

void arch_cpu_relax(void)
{
	__asm__ volatile("" : : : "memory");
}

/* Whether a Linux runs (from arch_boot_linux() to arch_guest_stop()): the
 * EA = PA entries of RAM (TLB1_LOW, TLB1_HIGH) exist only while none does. */
static bool linux_runs;

/* What the co-kernel maps (arch/tlb1.h): its region at CK_REGION_VA and
 * the IPC region at SHM_BOOT_VA always, the rest of RAM at EA = PA while
 * no Linux runs. Else NULL. */
void *arch_phys_to_virt(uint32_t pa)
{
	if (pa - (uint32_t)BOARD_CK_REGION_PA < (uint32_t)BOARD_CK_REGION_SIZE)
		return (void *)(uintptr_t)(pa - (uint32_t)BOARD_CK_REGION_PA +
					   (uint32_t)BOARD_CK_REGION_VA);
	if (pa - (uint32_t)BOARD_SHM_PA < (uint32_t)BOARD_SHM_SIZE)
		return (void *)(uintptr_t)(pa - (uint32_t)BOARD_SHM_PA +
					   (uint32_t)BOARD_SHM_BOOT_VA);
	if (!linux_runs && pa && pa < (uint32_t)BOARD_RAM_SIZE)
		return (void *)(uintptr_t)pa;
	return 0;
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
 * arch_fault() - an interrupt the co-kernel does not contain (entry.S: every
 * IVOR but 0 before Linux, unless it is an RT task's fault; a fault
 * arch_fault_task() finds no task to charge with): print it on the UART
 * directly (the console ring may be what broke) and stop with both
 * classes masked. @ivor: the IVOR number (1-15, 32-35); @sp, @lr: r1 and
 * LR of the interrupted context. Under QEMU 7.2 a program interrupt's
 * SRR1 also carries the classic PowerPC reason bits (0x80000 illegal,
 * 0x40000 privileged, 0x20000 trap: target/ppc/excp_helper.c
 * powerpc_excp_booke), which are MSR bits on Book-E (0x20000 is CE):
 * ESR gives the reason.
 * Context: exception entry (entry.S), on the exception or critical stack.
 */
void arch_fault(uint32_t ivor, uint32_t sp, uint32_t lr)
{
	raw_puts("\r\n[ck] FATAL interrupt IVOR");
	raw_reg(" ", ivor);
	raw_reg(" srr0=", mfspr(SPRN_SRR0));
	raw_reg(" srr1=", mfspr(SPRN_SRR1));
	raw_reg(" csrr0=", mfspr(SPRN_CSRR0));
	raw_reg(" csrr1=", mfspr(SPRN_CSRR1));
	raw_reg(" mcsrr0=", mfspr(SPRN_MCSRR0));
	raw_reg(" mcsrr1=", mfspr(SPRN_MCSRR1));
	raw_reg(" dear=", mfspr(SPRN_DEAR));
	raw_reg(" esr=", mfspr(SPRN_ESR));
	raw_reg(" r1=", sp);
	raw_reg(" lr=", lr);
	raw_puts("\r\n");
	halt();
}

void booke_enter_linux(uint32_t entry_pa, uint32_t dtb_pa) __attribute__((noreturn));

/* The kernel image's size (mk/payload.lds; 0 in the co-kernel alone).
 * Linker symbol: the address is the value. */
extern const char __ck_linux_kernel_bytes[];

#define CACHE_LINE 32u          /* e500 L1 line (e500CORERM 11.1) */

static void tlb1_write(unsigned int esel, uint32_t mas1, uint32_t mas2, uint32_t mas3,
		       uint32_t mas7);

/* EA = PA of @pa (TLB1_LOW, TLB1_HIGH: no Linux runs), hidden from the
 * compiler, to which EA 0 is NULL. */
static uint8_t *ram_ea(uint32_t pa)
{
	uint8_t *p;

	__asm__("" : "=r"(p) : "0"(pa));
	return p;
}

/*
 * Move the staged kernel image from @from to @to (both EA, not
 * overlapping) and make it fetchable: the copy goes through the data
 * cache, and e500's instruction cache does not snoop it, so every line is
 * written back (dcbst) and then invalidated in the instruction cache
 * (icbi) before Linux runs it (EREF "instruction cache coherency").
 */
static void stage_kernel(uint8_t *to, const uint8_t *from, uint32_t n)
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

/* Linux's words the co-kernel sets before the jump (arch/linux-words.h) */
static struct booke_linux_words words;

int arch_rt_live_in_boot(void)
{
	return words.rt_entry != 0;
}

/*
 * Whether Linux's lowmem, the first LINUX_MEM_SIZE bytes of RAM, ends
 * exactly where its CONFIG_LOWMEM_CAM_NUM (3) CAMs end: Linux maps lowmem
 * greedily with the largest power-of-4 page the rest and the alignment of
 * the addresses allow (arch/powerpc/mm/nohash/e500.c calc_cam_sz(),
 * map_mem_in_cams_addr()) and drops what 3 of them do not cover, which
 * would move VMALLOC_START below the co-kernel's region (arch/tlb1.h).
 */
static bool lowmem_is_cams(void)
{
	uint32_t ram = (uint32_t)BOARD_LINUX_MEM_SIZE, va = (uint32_t)BOARD_LINUX_PAGE_OFFSET;
	unsigned int n;

	for (n = 0; ram && n < TLB1_LINUX_CAMS; n++) {
		uint32_t sz = 4096u;

		while (sz <= ram / 4u && !((va | (va - (uint32_t)BOARD_LINUX_PAGE_OFFSET)) & (4u * sz - 1u)))
			sz *= 4u;
		ram -= sz;
		va += sz;
	}
	return ram == 0;
}

/*
 * arch_prepare_linux() - the image carries the raw vmlinux at @kernel_pa
 * (U-Boot loads no FIT loadable at 0), Linux runs at BOARD_LINUX_RUN_PA:
 * move it there while RT still runs (about 5 MiB: a few ms), then find
 * the words of Linux's head the co-kernel sets (booke_find_linux_words()). The
 * kernel and its DTB must lie in the first 64 MiB, mapped EA = PA by
 * TLB1_LOW, Linux's initial map. Return: 0, or -CK_EINVAL (reported):
 * not placeable, or a Linux without patches 0002 and 0011.
 * Context: root, no Linux running (EA = PA of RAM).
 */
int arch_prepare_linux(uint32_t kernel_pa, uint32_t dtb_pa)
{
	uint32_t run = (uint32_t)BOARD_LINUX_RUN_PA;
	uint32_t n = (uint32_t)(uintptr_t)__ck_linux_kernel_bytes;
	const uint8_t *from = arch_phys_to_virt(kernel_pa);
	uint8_t *to = ram_ea(run);

	if (!from || run + n > SZ_64M || dtb_pa >= SZ_64M ||
	    (run < kernel_pa + n && kernel_pa < run + n)) {
		ck_printf("Linux payload not placeable: kernel 0x%08x (%u bytes) "
			  "to 0x%08x, DTB 0x%08x; Linux needs both in the first "
			  "64 MiB: RT only", (unsigned int)kernel_pa, (unsigned int)n,
			  (unsigned int)run, (unsigned int)dtb_pa);
		return -CK_EINVAL;
	}
	if (!lowmem_is_cams()) {
		ck_printf("Linux's memory (LINUX_MEM_SIZE 0x%08x) is not what its 3 lowmem "
			  "CAMs map: its vmalloc area would start over the co-kernel; RT only",
			  (unsigned int)BOARD_LINUX_MEM_SIZE);
		return -CK_EINVAL;
	}
	if (run != kernel_pa)
		stage_kernel(to, from, (n + 3u) & ~3u);
	if (booke_find_linux_words((const uint32_t *)(const void *)to, n,
				   (uint32_t)BOARD_LINUX_PAGE_OFFSET, run, &words)) {
		ck_printf("Linux's head lacks linux-guest/patches/0002 or 0011 (it "
			  "would drop the co-kernel's TLB1 entries): not entered, RT only");
		return -CK_EINVAL;
	}
	if (!words.fault_entry)
		ck_printf("Linux's RT fault filter not found: RT task faults are "
			  "routed from attach on");
	return 0;
}

/*
 * arch_boot_linux() - enter Linux ePAPR-style (start.S booke_enter_linux)
 * where arch_prepare_linux() put it, RT running on through its boot:
 * Linux's stub word pointed at arch_rt_entry and its fault filter's words
 * filled (booke_find_linux_words()), every TLB1 entry but the co-kernel's
 * invalidated, since Linux's head keeps the protected ones (a dead Linux's
 * lowmem CAMs among them) and RAM at EA = PA would map user addresses, and
 * TLB1_LOW written again in address space 0: Linux's initial map. The IPC region needs no cache work: the
 * co-kernel maps it I|G from reset on (start.S), as Linux's UIO does.
 * @kernel_pa and @machine_id (ARM's) are not used.
 * Context: root on a co-kernel stack, RT masked (Linux's head unmasks it).
 */
void arch_boot_linux(uint32_t kernel_pa, uint32_t dtb_pa, uint32_t machine_id)
{
	const struct ck_guest_page *gp = &ck_guest_page;
	unsigned int e;

	(void)kernel_pa;
	(void)machine_id;
	*(volatile uint32_t *)(void *)ram_ea(words.rt_entry) =
		(uint32_t)(uintptr_t)arch_rt_entry;
	if (words.fault_entry && gp->fault_entry && gp->rt_sp_lo < gp->rt_sp_hi) {
		*(volatile uint32_t *)(void *)ram_ea(words.fault_entry) = gp->fault_entry;
		*(volatile uint32_t *)(void *)ram_ea(words.rt_sp_lo) = gp->rt_sp_lo;
		*(volatile uint32_t *)(void *)ram_ea(words.rt_sp_hi) = gp->rt_sp_hi;
	}
	__asm__ volatile("sync" : : : "memory");
	for (e = 0; e < TLB1_ENTRIES; e++)
		if (e != TLB1_CK_A && e != TLB1_CK_B && e != TLB1_CK_SHM && e != TLB1_CK_DATA)
			tlb1_write(e, 0, 0, 0, 0);
	/* Linux's initial map, in its address space (0) */
	tlb1_write(TLB1_LOW, MAS1_VALID | MAS1_TSIZE(TSIZE_64M), 0,
		   MAS3_SX | MAS3_SW | MAS3_SR, 0);
	linux_runs = true;
	booke_msr_keep = ~0u;
	booke_enter_linux((uint32_t)BOARD_LINUX_RUN_PA, dtb_pa);
}

/*
 * Device windows after the hand-over (ipc/ck_guest.h CK_MMIO_VA_ONLY):
 * Linux reserves the virtual range, the co-kernel maps it with a protected
 * TLB1 entry (IPROT: Linux's tlbivax and MMUCSR0 flushes leave it), so RT
 * code never takes a TLB miss, whose handler is Linux's and may be what the
 * critical input interrupted (its SPRG scratch would be clobbered). Entries
 * TLB1_FIRST_WINDOW..15 (arch/tlb1.h; the guest config has no hugetlb or
 * KVM, the other TLB1 users: bsp/e500/README.md).
 */
#define ARCH_MAX_WINDOWS 3u
_Static_assert(TLB1_FIRST_WINDOW + ARCH_MAX_WINDOWS == TLB1_ENTRIES, "windows end TLB1");

static struct {
	uint32_t base, size;
} windows[ARCH_MAX_WINDOWS];

/* Bytes of a TLB1 page of TSIZE @t: 4^t KiB, 4 KiB .. 1 GiB; 0 if none. */
static uint32_t tlb1_tsize_bytes(unsigned int t)
{
	return t >= 1u && t <= 10u ? 1024u << (2u * t) : 0u;
}

/* TSIZE of a TLB1 page of @size bytes: 4^t KiB, 4 KiB .. 1 GiB; 0 if none. */
static unsigned int tlb1_tsize(uint32_t size)
{
	unsigned int t;

	for (t = 1; t <= 10; t++)
		if (size == tlb1_tsize_bytes(t))
			return t;
	return 0;
}

static uint32_t tlb1_entry_valid(unsigned int esel)
{
	uint32_t mas1;

	__asm__ volatile("mtspr %1, %2\n\tisync\n\ttlbre\n\tisync\n\tmfspr %0, %3"
			 : "=r"(mas1)
			 : "i"(SPRN_MAS0), "r"(MAS0_TLB1 | MAS0_ESEL(esel)),
			   "i"(SPRN_MAS1)
			 : "memory");
	return mas1 & MAS1_VALID;
}

uint32_t arch_window_flags(void)
{
	return CK_MMIO_VA_ONLY;
}

int arch_window_ok(unsigned int idx, uint32_t va, uint64_t pa, uint32_t size)
{
	uint32_t base = va & ~(size - 1u);
	unsigned int i;

	if (idx >= ARCH_MAX_WINDOWS || !tlb1_tsize(size) ||
	    ((va ^ (uint32_t)pa) & (size - 1u)))
		return 0;
	/* kernel space above Linux's lowmem and the gap, not wrapping, free */
	if (base < (uint32_t)BOOKE_GAP_END ||
	    base + (size - 1u) < base || tlb1_entry_valid(TLB1_FIRST_WINDOW + idx))
		return 0;
	for (i = 0; i < idx; i++)
		if (base < windows[i].base + windows[i].size &&
		    windows[i].base < base + size)
			return 0;
	windows[idx].base = base;
	windows[idx].size = size;
	return 1;
}

/* TLB1[@esel] := the entry MAS1-3, MAS7 describe (e500CORERM 6.5 tlbwe). */
static void tlb1_write(unsigned int esel, uint32_t mas1, uint32_t mas2, uint32_t mas3,
		       uint32_t mas7)
{
	uint32_t mas0 = MAS0_TLB1 | MAS0_ESEL(esel);

	__asm__ volatile("mtspr %0, %5\n\tmtspr %1, %6\n\tmtspr %2, %7\n\t"
			 "mtspr %3, %8\n\tmtspr %4, %9\n\tisync\n\ttlbwe\n\t"
			 "isync"
			 : : "i"(SPRN_MAS0), "i"(SPRN_MAS1), "i"(SPRN_MAS2),
			   "i"(SPRN_MAS3), "i"(SPRN_MAS7), "r"(mas0), "r"(mas1),
			   "r"(mas2), "r"(mas3), "r"(mas7)
			 : "memory");
}

void arch_map_window(unsigned int idx, uint32_t va, uint64_t pa, uint32_t size)
{
	uint32_t mask = ~(size - 1u);

	tlb1_write(TLB1_FIRST_WINDOW + idx,
		   MAS1_VALID | MAS1_IPROT | MAS1_TS | MAS1_TSIZE(tlb1_tsize(size)),
		   (va & mask) | MAS2_I | MAS2_G, ((uint32_t)pa & mask) | MAS3_SW | MAS3_SR,
		   (uint32_t)(pa >> 32));
}

/* gate.S: one stub per op (ck/guest.h CK_GUEST_OPS), each entering
 * booke_gate_fn[n] with data in address space 1, on the gate stack */
extern const uintptr_t booke_gate_ops[CK_GUEST_OPS];
uintptr_t booke_gate_fn[CK_GUEST_OPS];

void arch_guest_gate(struct ck_guest_page *gp)
{
	ck_guest_gate_ops(gp, booke_gate_ops, booke_gate_fn);
}

/* TLB1[@esel] as MAS1-3 and MAS7 (e500CORERM 6.5 tlbre) into @m[4]. */
static void tlb1_read(unsigned int esel, uint32_t m[4])
{
	__asm__ volatile("mtspr %4, %5\n\tisync\n\ttlbre\n\tisync\n\t"
			 "mfspr %0, %6\n\tmfspr %1, %7\n\tmfspr %2, %8\n\tmfspr %3, %9"
			 : "=&r"(m[0]), "=&r"(m[1]), "=&r"(m[2]), "=&r"(m[3])
			 : "i"(SPRN_MAS0), "r"(MAS0_TLB1 | MAS0_ESEL(esel)), "i"(SPRN_MAS1),
			   "i"(SPRN_MAS2), "i"(SPRN_MAS3), "i"(SPRN_MAS7)
			 : "memory");
}

#define CK_GUEST_PAGE_BYTES 4096u      /* cokernel.lds: the region's first page */
#define LOWMEM_VA ((uint32_t)BOARD_LINUX_PAGE_OFFSET)
#define LOWMEM_END ((uint32_t)BOARD_LINUX_PAGE_OFFSET + (uint32_t)BOARD_LINUX_MEM_SIZE)

/*
 * arch_guest_protect() - the co-kernel's memory is read-only to Linux from
 * its first instruction on: in Linux's address space (0) only TLB1_CK_A/B
 * maps the region, execute and read only; the co-kernel's data is in
 * address space 1 (start.S, entry.S, gate.S). At attach, once Linux's
 * last address-space-1 entry is gone (its head's and loadcam_multi()'s
 * temporary ones, arch/tlb1.h), Linux's lowmem CAMs TLB1[0..2] are copied
 * into address space 1 (TLB1_LINUX..), so the ops Linux calls reach its
 * buffers: each must be in address space 0, global (TID 0), of a TLB1
 * size and within Linux's lowmem (LINUX_PAGE_OFFSET, LINUX_MEM_SIZE); an
 * invalid one (lowmem needs fewer CAMs) is skipped, another one is left
 * out and said: an op given a buffer there takes a TLB miss in Linux's
 * handler with r1 on the gate stack, which Linux cannot push a frame on,
 * and Linux hangs until the watchdog restarts it. The copies' MAS7 is
 * tlbre's (HID0[EN_MAS7_UPDATE], start.S). Return: the protected range
 * (@va: the region past its first page, the guest page, which Linux
 * writes through its own memremap() alias), or 0 before Linux runs.
 * Context: attach() through its gate (data in address space 1, RT
 * masked, Linux's interrupts off).
 */
uint32_t arch_guest_protect(uint32_t *va)
{
	unsigned int i;

	*va = 0;
	if (!linux_runs)
		return 0;
	for (i = 0; i < TLB1_LINUX_CAMS; i++) {
		uint32_t m[4], ea, size;

		tlb1_read(i, m);
		ea = m[1] & 0xfffff000u;
		size = tlb1_tsize_bytes((m[0] >> 8) & 0xfu);
		if (!(m[0] & MAS1_VALID)) {
			tlb1_write(TLB1_LINUX + i, 0, 0, 0, 0);
			continue;
		}
		if ((m[0] & (MAS1_TS | 0x00ff0000u)) || !size || ea < LOWMEM_VA ||
		    ea > LOWMEM_END || size > LOWMEM_END - ea) {
			ck_printf("Linux's TLB1[%u] (MAS1 0x%08x, EPN 0x%08x) is not a lowmem "
				  "CAM: the ops do not reach Linux's memory there",
				  i, (unsigned int)m[0], (unsigned int)ea);
			tlb1_write(TLB1_LINUX + i, 0, 0, 0, 0);
			continue;
		}
		tlb1_write(TLB1_LINUX + i, m[0] | MAS1_TS, m[1], m[2], m[3]);
	}
	*va = (uint32_t)BOARD_CK_REGION_VA + CK_GUEST_PAGE_BYTES;
	return (uint32_t)BOARD_CK_REGION_SIZE - CK_GUEST_PAGE_BYTES;
}

int arch_guest_restartable(void)
{
	return 1;
}

void booke_vectors_own(void);   /* start.S */

/*
 * Linux is down: the co-kernel's own state of before Linux, as start.S
 * left it, as far as it needs: Linux's timer interrupts off (TCR 0, TSR
 * cleared: its decrementer would reach a vector that is no longer Linux's),
 * IVPR and IVORs the co-kernel's again (booke_vectors_own()), TLB0 flushed
 * (Linux's user and vmalloc pages), the device windows' entries
 * invalidated with the copies of Linux's lowmem CAMs in address space 1
 * (the co-kernel's region, IPC region and CCSR entries never went), and
 * RAM at EA = PA in address space 1 again (TLB1_LOW, TLB1_HIGH), where the
 * restart copies the pristine payload. Linux's lowmem CAMs stay until
 * arch_boot_linux(); no EA of theirs is one of the co-kernel's in address
 * space 0. Context: data in address space 1, on a co-kernel stack (the
 * gate stack when Linux calls down()), RT masked; the watchdog's critical
 * interrupt or Linux's call of down().
 */
void arch_guest_stop(void)
{
	unsigned int e;

	__asm__ volatile("mtspr %0, %2\n\tmtspr %1, %3\n\tmtspr %4, %2\n\tisync"
			 : : "i"(SPRN_TCR), "i"(SPRN_TSR), "r"(0), "r"(~0u), "i"(SPRN_DEC)
			 : "memory");
	booke_vectors_own();
	booke_msr_keep = ~MSR_WE;
	/* TLB0 flash invalidate: the bit reads 1 until it is done (EREF
	 * MMUCSR0; Linux's _tlbil_all waits the same way) */
	__asm__ volatile("mtspr %0, %1\n\tisync"
			 : : "i"(SPRN_MMUCSR0), "r"(MMUCSR0_TLB0_FI) : "memory");
	while (mfspr(SPRN_MMUCSR0) & MMUCSR0_TLB0_FI)
		;
	__asm__ volatile("msync\n\tisync" : : : "memory");
	for (e = TLB1_FIRST_WINDOW; e < TLB1_ENTRIES; e++)
		tlb1_write(e, 0, 0, 0, 0);
	for (e = TLB1_LINUX; e < TLB1_LINUX + TLB1_LINUX_CAMS; e++)
		tlb1_write(e, 0, 0, 0, 0);
	tlb1_write(TLB1_LOW, MAS1_VALID | MAS1_TS | MAS1_TSIZE(TSIZE_64M), 0,
		   MAS3_SW | MAS3_SR, 0);
	tlb1_write(TLB1_HIGH, MAS1_VALID | MAS1_TS | MAS1_TSIZE(TSIZE_64M), SZ_64M,
		   SZ_64M | MAS3_SW | MAS3_SR, 0);
	linux_runs = false;
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

struct ck_task *arch_fault_task(uint32_t kind_ivor, uint32_t pc, uint32_t dear,
				uint32_t esr);

/* The IVOR a CK_FAULT_* kind comes from in Linux's filter, which passes
 * the kind alone (linux-guest/patches/0004). */
#define IVOR_SYSCALL 8u

/*
 * booke_sprs_write() - write @w (CTX_SPRS_N words in the ctx.h CTX_SPRS
 * order: SRR0, SRR1, ESR, DEAR, SPRG0, SPRG4, SPRG5, MAS0-3, MAS6, MAS7)
 * into those SPRs; the caller synchronizes. The fault path writes the
 * root's base-class SPRs from its frame, as arch_rt_entry saved them
 * when it interrupted the root in supervisor mode with MSR[EE] = 0; a
 * copy from an earlier
 * entry otherwise, harmless then: the root holds none of them live with
 * EE = 1 or at a call (entry.S, top). The rfci that leaves the fault path
 * is context-synchronizing, so the MAS writes need no isync here
 * (e500CORERM Rev. 1, 2.16 "Synchronization Requirements for SPRs").
 * Context: supervisor; the fault path with MSR[CE] = 0, or a test that
 * owns these registers (test_sprkeep.c).
 */
void booke_sprs_write(const uintptr_t *w)
{
	__asm__ volatile(
		"mtspr %[srr0], %0\n\tmtspr %[srr1], %1\n\t"
		"mtspr %[esr], %2\n\tmtspr %[dear], %3\n\t"
		"mtspr %[g0], %4\n\tmtspr %[g4], %5\n\tmtspr %[g5], %6\n\t"
		"mtspr %[m0], %7\n\tmtspr %[m1], %8\n\tmtspr %[m2], %9\n\t"
		"mtspr %[m3], %10\n\tmtspr %[m6], %11\n\tmtspr %[m7], %12"
		: : "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]), "r"(w[4]),
		    "r"(w[5]), "r"(w[6]), "r"(w[7]), "r"(w[8]), "r"(w[9]),
		    "r"(w[10]), "r"(w[11]), "r"(w[12]),
		  BOOKE_SPRS_OPERANDS
		: "memory");
}

_Static_assert(CTX_SPRS_N == 13, "booke_sprs_write() writes 13 SPRs");

/*
 * arch_fault_task() - C half of arch_fault_entry: the current RT task took
 * an interrupt of CK_FAULT_* kind @kind_ivor bits 0-7 (DATA: DSI or data
 * TLB error, PREFETCH: ISI or instruction TLB error, ALIGN, PROGRAM:
 * program, system call or SPE unavailable) from IVOR @kind_ivor bits 8-15
 * (0 from Linux's filter: the kind's usual IVOR), SRR0 @pc, DEAR @dear,
 * ESR @esr (EREF: DEAR holds the data address of a DSI, alignment or data
 * TLB error interrupt; a system call sets neither DEAR nor ESR, and SRR0
 * is the instruction after the sc). Return: the task to resume, with the
 * root's base-class SPRs written back (booke_sprs_write()). Not a
 * task's (nothing to contain): report and stop as arch_fault().
 * Context: critical stack, MSR[CE] = 0.
 */
struct ck_task *arch_fault_task(uint32_t kind_ivor, uint32_t pc, uint32_t dear,
				uint32_t esr)
{
	static const uint8_t ivor_of[CK_FAULT_KINDS] = {
		[CK_FAULT_DATA] = 2, [CK_FAULT_PREFETCH] = 3,
		[CK_FAULT_ALIGN] = 5, [CK_FAULT_PROGRAM] = 6,
	};
	uint32_t kind = kind_ivor & 0xffu, ivor = (kind_ivor >> 8) & 0xffu;
	bool data = kind == CK_FAULT_DATA || kind == CK_FAULT_ALIGN;
	struct ck_task *cur = ck_current(), *next;

	if (!ivor && kind < CK_FAULT_KINDS)
		ivor = ivor_of[kind];
	if (ivor == IVOR_SYSCALL) {
		pc -= 4u;
		esr = 0;
	}
	next = fault_task(kind, pc, data ? dear : pc, esr);
	if (!next)
		arch_fault(ivor, (uint32_t)cur->ctx.w[CTX_R1],
			   (uint32_t)cur->ctx.w[CTX_LR]);
	booke_sprs_write(&fault_root()->ctx.w[CTX_SPRS]);
	return next;
}
