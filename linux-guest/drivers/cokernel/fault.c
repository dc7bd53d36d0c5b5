// SPDX-License-Identifier: GPL-2.0
/*
 * fault.c - RT fault containment, Linux side: send the exceptions of RT
 * tasks to the co-kernel, and show its fault record in
 * /sys/kernel/debug/cokernel/faults.
 *
 * ARM926: RT tasks run in SYS mode, which Linux never uses (it runs in SVC
 * and USR, and its exception stubs treat any other interrupted mode as
 * "bad mode": arch/arm/kernel/entry-armv.S __dabt_invalid, __und_invalid,
 * a panic). So a filter in front of Linux's undefined-instruction,
 * prefetch-abort and data-abort stubs looks at the interrupted mode
 * (SPSR) and sends SYS to the co-kernel's fault entry, everything else to
 * Linux's stub, untouched. The filters live where the FIQ trampoline does:
 * in the FIQ stub's room at the end of Linux's vector stubs page, copied
 * there with set_fiq_handler() (arch/arm/kernel/fiq.c), and the three
 * vector slots become branches to them (they are `b vector_<x>` in
 * entry-armv.S's .vectors, notes/linuxhooks.md §1.1, §1.3).
 *
 * e500: RT tasks run in supervisor mode like Linux, on stacks in the
 * co-kernel's memory; patch 0004 puts a filter at the head of Linux's
 * DataStorage, InstructionStorage, Alignment, Program, DataTLBError and
 * InstructionTLBError handlers that sends an exception taken in supervisor
 * mode with r1 in that range to the co-kernel
 * (arch/powerpc/kernel/head_booke.h COKERNEL_FAULT); here it gets the
 * entry and the range.
 *
 * G2_LE: the same, in real mode: patch 0008 puts the filter at the head of
 * Linux's DataAccess, InstructionAccess, Alignment and ProgramCheck
 * vectors (arch/powerpc/kernel/head_book3s_32.S COKERNEL_FAULT), and the
 * entry it branches to is the co-kernel's physical address.
 */
#define pr_fmt(fmt) "cokernel: " fmt

#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include "cokernel.h"
#include "ck_fault.h"

#ifdef CONFIG_ARM
#include <asm/cacheflush.h>
#include <asm/fiq.h>
#include <asm/traps.h>

/* the FIQ stub's offset in the vector pages (arch/arm/kernel/vmlinux.lds) */
extern char vector_fiq_offset[];

#define CK_VECTORS_VA 0xffff0000ul
/* vector slots (ARM ARM A2.6) and the exception modes' SPSR mode field */
#define CK_SLOT_UNDEF 0x04u
#define CK_SLOT_PABT 0x0cu
#define CK_SLOT_DABT 0x10u
#define CK_PSR_MODE_MASK 0x1fu
#define CK_PSR_MODE_SYS 0x1fu
#define CK_INSN_B_AL 0xea000000u
#define CK_INSN_B_MASK 0xff000000u

/*
 * One filter, 10 words. On entry (ABT or UND mode) sp points at Linux's
 * 3-word save area for that mode, free until Linux's stub stores into it
 * (arch/arm/kernel/setup.c cpu_init, entry-armv.S vector_stub).
 */
struct ck_vec_filter {
	u32 insn[8];
	u32 linux_stub;   /* Linux's vector_<x> at 0xffff1000+ */
	u32 fault_entry;  /* the co-kernel's, ipc/ck_guest.h */
};

struct ck_vec_code {
	u32 fiq[2];       /* ldr pc, [pc, #-4]; .word rt_entry */
	struct ck_vec_filter filter[3];
};

static struct ck_vec_code ck_vec_code;
static u32 ck_slot_saved[3];      /* Linux's slots, while the filters are in */
static bool ck_slots_routed;
static bool ck_vectors_in;        /* installed (early, or at init_IRQ) */
static struct fiq_handler ck_fiq_owner = { .name = "cokernel" };
static const u32 ck_slots[3] = { CK_SLOT_UNDEF, CK_SLOT_PABT, CK_SLOT_DABT };
static const u32 ck_kinds[3] = { CK_FAULT_UNDEF, CK_FAULT_PREFETCH,
				 CK_FAULT_DATA };

static void ck_filter_fill(struct ck_vec_filter *f, u32 kind, u32 linux_stub,
			   u32 fault_entry)
{
	f->insn[0] = 0xe58d0000;               /* str   r0, [sp]           */
	f->insn[1] = 0xe14f0000;               /* mrs   r0, spsr           */
	f->insn[2] = 0xe2000000 | CK_PSR_MODE_MASK; /* and r0, r0, #0x1f   */
	f->insn[3] = 0xe3500000 | CK_PSR_MODE_SYS;  /* cmp r0, #0x1f       */
	f->insn[4] = 0xe59d0000;               /* ldr   r0, [sp]           */
	f->insn[5] = 0x159ff004;               /* ldrne pc, [pc, #4]: stub */
	f->insn[6] = 0xe3a00000 | kind;        /* mov   r0, #kind          */
	f->insn[7] = 0xe59ff000;               /* ldr   pc, [pc, #0]: entry */
	f->linux_stub = linux_stub;
	f->fault_entry = fault_entry;
}

/* Where Linux's slot branches to, or 0 if it is not a plain `b`. */
static u32 ck_slot_target(const u32 *vectors, u32 slot)
{
	u32 insn = vectors[slot / 4];
	s32 off = (s32)(insn << 8) >> 6;   /* imm24, sign-extended, * 4 */

	if ((insn & CK_INSN_B_MASK) != CK_INSN_B_AL)
		return 0;
	return (u32)(CK_VECTORS_VA + slot + 8 + off);
}

static void ck_vectors_flush(unsigned long offset, unsigned long len)
{
	flush_icache_range((unsigned long)vectors_page + offset,
			   (unsigned long)vectors_page + offset + len);
	flush_icache_range(CK_VECTORS_VA + offset, CK_VECTORS_VA + offset + len);
}

static u8 ck_boot_fiq_copy[CK_ARM_BOOT_FIQ_END - CK_ARM_FIQ_OFFSET] __initdata;
static u8 ck_linux_fiq_bytes[sizeof(ck_boot_fiq_copy)] __initdata;
static bool ck_boot_fiq_in __initdata;   /* Linux's bytes saved, boot entry in */

/**
 * cokernel_boot_fiq() - the co-kernel's boot FIQ entry into Linux's new
 * vectors page @vectors (its kernel address), before devicemaps_init()
 * maps it at 0xffff0000 (patch 0012). Until then 0xffff0000 is the
 * co-kernel's boot vectors page, whose bytes [CK_ARM_FIQ_OFFSET,
 * CK_ARM_BOOT_FIQ_END) are its FIQ entry: it switches to the co-kernel's
 * page tables and back, continuing at the same offsets in the other
 * table's page, so Linux's page must hold the same bytes there; the rest
 * of the page (Linux's vectors below 0x1c, its kuser helpers at the top)
 * is untouched; Linux's own bytes there are kept for
 * cokernel_vectors_install(), which puts them back (Linux's FIQ slot
 * branches to vector_fiq in the stubs page, where the trampoline goes).
 * Context: paging_init, RT class unmasked (the FIQ still lands on the
 * co-kernel's page while this copies).
 */
void __init cokernel_boot_fiq(void *vectors)
{
	memcpy(ck_boot_fiq_copy, (const void *)(CK_VECTORS_VA + CK_ARM_FIQ_OFFSET),
	       sizeof(ck_boot_fiq_copy));
	memcpy(ck_linux_fiq_bytes, vectors + CK_ARM_FIQ_OFFSET, sizeof(ck_linux_fiq_bytes));
	memcpy(vectors + CK_ARM_FIQ_OFFSET, ck_boot_fiq_copy, sizeof(ck_boot_fiq_copy));
	flush_icache_range((unsigned long)vectors + CK_ARM_FIQ_OFFSET,
			   (unsigned long)vectors + CK_ARM_BOOT_FIQ_END);
	ck_boot_fiq_in = true;
}

/* Linux's own bytes back over the boot entry: its FIQ slot branches to
 * vector_fiq in the stubs page again, where set_fiq_handler() puts the
 * trampoline (arch/arm/kernel/vmlinux.lds.h vector_fiq_offset). FIQ
 * masked. */
static void __init ck_boot_fiq_out(void)
{
	if (!ck_boot_fiq_in)
		return;
	memcpy(vectors_page + CK_ARM_FIQ_OFFSET, ck_linux_fiq_bytes,
	       sizeof(ck_linux_fiq_bytes));
	ck_vectors_flush(CK_ARM_FIQ_OFFSET, sizeof(ck_linux_fiq_bytes));
	ck_boot_fiq_in = false;
}

/**
 * cokernel_vectors_boot() - back to the co-kernel's boot FIQ entry (from
 * cokernel_boot_fiq()'s copy: 0xffff0000 is Linux's page now) where the
 * early hand-over failed or attach was refused after
 * cokernel_vectors_install(): the boot entry first, so that Linux's FIQ
 * slot never branches to its own stub again, then Linux's slots back and
 * the FIQ released. release_fiq() unmasks the FIQ (arch/arm/kernel/fiq.c
 * fiq_def_op()) and writes Linux's default FIQ instruction where the
 * trampoline was, which the boot entry no longer reaches; the boot entry
 * needs none of the FIQ-banked registers it clears. Context: paging_init
 * or init_IRQ, RT class masked on entry, unmasked on return.
 */
void __init cokernel_vectors_boot(void)
{
	memcpy(vectors_page + CK_ARM_FIQ_OFFSET, ck_boot_fiq_copy,
	       sizeof(ck_boot_fiq_copy));
	ck_vectors_flush(CK_ARM_FIQ_OFFSET, sizeof(ck_boot_fiq_copy));
	ck_boot_fiq_in = true;
	if (ck_vectors_in)
		cokernel_vectors_remove();
	local_fiq_enable();
}

/**
 * cokernel_vectors_install() - the FIQ trampoline to @p->rt_entry and, if
 * the co-kernel has a fault entry, the RT task filters in front of Linux's
 * undef/pabt/dabt stubs. Return: 0, -EBUSY (FIQ owned by someone else) or
 * -EINVAL (Linux's vector slots are not the branches expected: nothing
 * routed, said on the console; the FIQ trampoline is installed anyway).
 * A second call after a successful one returns 0 and changes nothing.
 * Context: paging_init once the vectors page exists, or init_IRQ (vpic.c);
 * FIQ masked, before interrupts are enabled.
 */
int __init cokernel_vectors_install(const struct ck_guest_page *p)
{
	unsigned long fiq_off = (unsigned long)vector_fiq_offset;
	u32 *vectors = vectors_page;
	u32 stub[3];
	unsigned int i;
	bool route = p->fault_entry != 0;

	if (ck_vectors_in)
		return 0;
	ck_vec_code.fiq[0] = 0xe51ff004;       /* ldr pc, [pc, #-4] */
	ck_vec_code.fiq[1] = p->rt_entry;
	for (i = 0; i < 3 && route; i++) {
		stub[i] = ck_slot_target(vectors, ck_slots[i]);
		if (!stub[i]) {
			pr_err("vector %#x is %08x, not a branch: RT faults stay Linux's\n",
			       ck_slots[i], vectors[ck_slots[i] / 4]);
			route = false;
		}
	}
	for (i = 0; i < 3 && route; i++)
		ck_filter_fill(&ck_vec_code.filter[i], ck_kinds[i], stub[i],
			       p->fault_entry);
	if (claim_fiq(&ck_fiq_owner))
		return -EBUSY;
	set_fiq_handler(&ck_vec_code, route ? sizeof(ck_vec_code) :
			sizeof(ck_vec_code.fiq));
	ck_boot_fiq_out();
	ck_vectors_in = true;
	if (!route)
		return p->fault_entry ? -EINVAL : 0;
	for (i = 0; i < 3; i++) {
		unsigned long target = CK_VECTORS_VA + fiq_off +
			offsetof(struct ck_vec_code, filter[i]);
		unsigned long slot = CK_VECTORS_VA + ck_slots[i];

		ck_slot_saved[i] = vectors[ck_slots[i] / 4];
		vectors[ck_slots[i] / 4] = CK_INSN_B_AL |
			(((target - (slot + 8)) >> 2) & 0x00ffffff);
	}
	ck_vectors_flush(0, CK_SLOT_DABT + 4);
	ck_slots_routed = true;
	pr_info("RT task faults go to the co-kernel (%08x)\n", p->fault_entry);
	return 0;
}

/**
 * cokernel_vectors_remove() - undo cokernel_vectors_install(): Linux's
 * undef/pabt/dabt slots back and the FIQ released, for a refused attach.
 * Context: init_IRQ (vpic.c), interrupts off.
 */
void __init cokernel_vectors_remove(void)
{
	u32 *vectors = vectors_page;
	unsigned int i;

	if (ck_slots_routed) {
		for (i = 0; i < 3; i++)
			vectors[ck_slots[i] / 4] = ck_slot_saved[i];
		ck_vectors_flush(0, CK_SLOT_DABT + 4);
		ck_slots_routed = false;
	}
	release_fiq(&ck_fiq_owner);
	ck_vectors_in = false;
}
#endif /* CONFIG_ARM */

#ifdef CONFIG_PPC
extern u32 cokernel_fault_entry, cokernel_rt_sp_lo, cokernel_rt_sp_hi;

/* The fault entry as the filter branches to it: e500's runs with the MMU
 * on (its virtual address), the G2_LE's in real mode (the co-kernel runs
 * at PAGE_OFFSET + its physical address: g2.c). */
#ifdef CONFIG_BOOKE
#define CK_FAULT_ENTRY(va)	(va)
#else
#define CK_FAULT_ENTRY(va)	((va) - PAGE_OFFSET)
#endif

void __init cokernel_fault_route(const struct ck_guest_page *p)
{
	if (!p->fault_entry || p->rt_sp_lo >= p->rt_sp_hi)
		return;
	WRITE_ONCE(cokernel_fault_entry, CK_FAULT_ENTRY(p->fault_entry));
	WRITE_ONCE(cokernel_rt_sp_lo, p->rt_sp_lo);
	WRITE_ONCE(cokernel_rt_sp_hi, p->rt_sp_hi);   /* last: opens the range */
	pr_info("RT task faults go to the co-kernel (%08x, stacks %08x-%08x)\n",
		p->fault_entry, p->rt_sp_lo, p->rt_sp_hi);
}
#endif /* CONFIG_PPC */

#ifdef CONFIG_COKERNEL_DEBUGFS
static const char *const ck_fault_names[CK_FAULT_KINDS] = {
	[CK_FAULT_NONE] = "none",
	[CK_FAULT_UNDEF] = "undef",
	[CK_FAULT_PREFETCH] = "prefetch",
	[CK_FAULT_DATA] = "data",
	[CK_FAULT_ALIGN] = "align",
	[CK_FAULT_PROGRAM] = "program",
	[CK_FAULT_ASSERT] = "assert",
	[CK_FAULT_WATCHDOG] = "watchdog",
	[CK_FAULT_STACK] = "stack",
};

static const struct ck_fault_record *ck_fault_rec;

/* A consistent copy of the record (its seq is odd while the co-kernel
 * writes, which it does with Linux preempted, so a few tries do). */
static int ck_fault_snapshot(struct ck_fault_record *out)
{
	int tries;

	for (tries = 0; tries < 8; tries++) {
		u32 seq = READ_ONCE(ck_fault_rec->seq);

		smp_rmb();
		memcpy(out, ck_fault_rec, sizeof(*out));
		smp_rmb();
		if (!(seq & 1) && seq == READ_ONCE(ck_fault_rec->seq))
			return 0;
	}
	return -EAGAIN;
}

static int ck_faults_show(struct seq_file *m, void *v)
{
	struct ck_fault_record r;
	unsigned int k;

	if (ck_fault_snapshot(&r))
		return -EAGAIN;
	seq_printf(m, "faults: %u\n", r.faults);
	for (k = 1; k < CK_FAULT_KINDS; k++)
		seq_printf(m, "%s: %u\n", ck_fault_names[k], r.count[k]);
	seq_printf(m, "watchdog_budget_us: %u\n", r.watchdog_budget_us);
	seq_printf(m, "console_dropped: %u\n", r.console_dropped);
	seq_printf(m, "console_rt_lines: %u\n", r.console_rt_lines);
	r.task[CK_FAULT_TASK_NAME - 1] = 0;
	if (r.faults)
		seq_printf(m, "last: %s task=%s pc=%08x addr=%08x status=%08x time_ns=%llu\n",
			   r.kind < CK_FAULT_KINDS ? ck_fault_names[r.kind] : "?",
			   r.task, r.pc, r.addr, r.status,
			   (u64)r.time_ns_hi << 32 | r.time_ns_lo);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ck_faults);

/*
 * The record lies in Linux's linear map (ARM, G2_LE: the co-kernel's
 * region is RAM Linux maps), on SH-4 in the co-kernel's SDRAM above
 * Linux's RAM, which P1 reaches without a mapping, and on e500 in the
 * co-kernel's region (@p's prot_va, prot_size), between Linux's lowmem and
 * VMALLOC_START, which Linux never maps and the co-kernel's own TLB1 entry
 * maps readable.
 */
static bool __init ck_fault_rec_reachable(const struct ck_guest_page *p,
					  const void *rec, size_t n)
{
#ifdef CONFIG_SUPERH
	return cokernel_sh_ram_va(rec, n);
#elif defined(CONFIG_PPC_85xx)
	unsigned long a = (unsigned long)rec, lo = p->prot_va, hi = lo + p->prot_size;

	return lo >= (unsigned long)high_memory && hi > lo && hi <= VMALLOC_START &&
	       a >= lo && a + n > a && a + n <= hi;
#else
	return virt_addr_valid(rec) && virt_addr_valid((const char *)rec + n - 1);
#endif
}

static int __init ck_fault_debugfs_init(void)
{
	const struct ck_guest_page *p = cokernel_page;
	const void *rec;
	struct dentry *dir;

	if (!p || !p->fault_record)
		return -ENODEV;
	rec = (const void *)(unsigned long)p->fault_record;
	if (!ck_fault_rec_reachable(p, rec, sizeof(*ck_fault_rec)) ||
	    ((const struct ck_fault_record *)rec)->magic != CK_FAULT_MAGIC) {
		pr_err("no fault record at %08x\n", p->fault_record);
		return -EINVAL;
	}
	ck_fault_rec = rec;
	/* debugfs.c (linked before this file) made the directory */
	dir = debugfs_lookup("cokernel", NULL);
	if (!dir)
		return -ENODEV;
	debugfs_create_file("faults", 0444, dir, NULL, &ck_faults_fops);
	dput(dir);
	return 0;
}
late_initcall(ck_fault_debugfs_init);
#endif /* CONFIG_COKERNEL_DEBUGFS */
