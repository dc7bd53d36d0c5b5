/* SPDX-License-Identifier: MIT */
/*
 * ck_guest.h - the guest page: how Linux finds and calls the co-kernel.
 *
 * The co-kernel places one struct ck_guest_page at the physical address named
 * by the `reg` of the guest device tree's `cokernel,vpic` node. That address
 * lies in the co-kernel region, which Linux keeps in its linear map
 * (reserved-memory without no-map), so Linux reads it with phys_to_virt()
 * and calls the function pointers directly: same CPU, same privilege, same
 * address space (DESIGN §3, §4). The co-kernel never trusts what Linux writes
 * here beyond the fields documented as Linux-written.
 *
 * Hand-over, in order (Linux side: linux-guest/drivers/cokernel/vpic.c on
 * ARM, linux-guest/drivers/cokernel/e500.c on e500):
 *  1. Linux checks magic and abi and gives every mmio[] window a virtual
 *     address, before any process exists, and writes it into mmio[i].va:
 *     - plain windows: ioremap() (then the mapping is in every page table);
 *     - CK_MMIO_VA_ONLY windows (e500): Linux only reserves a virtual range
 *       of `size` bytes aligned to `size` (a power of 4 KiB), maps nothing
 *       there, and writes va = that base + (phys % size). The co-kernel maps
 *       the range itself at attach (e500: a protected TLB1 entry, so RT code
 *       never takes a TLB miss, whose handler is Linux's);
 *  2. Linux installs the RT-class entry trampoline to rt_entry (ARM:
 *     claim_fiq() + set_fiq_handler(); e500: the CriticalInput stub in
 *     Linux's head_85xx.S branches to it with r3 saved in SPRG2 and CTR in
 *     SPRG6, every other register untouched);
 *  3. Linux calls attach(); the co-kernel checks the addresses, maps the
 *     CK_MMIO_VA_ONLY windows, switches to the new addresses and resumes
 *     its RT timer. From here on the ops below are live.
 *
 * On e500, Linux reaches the ops through its own ePAPR paravirtual drivers
 * (ehv_pic, ehv_bytechan): the guest DTB's hcall-instructions branch to the
 * co-kernel's ePAPR hypercall entry, which calls these ops.
 *
 * If attach() refuses, no op may be called (each would return at once:
 * the devices are not at Linux's addresses) and Linux runs without the
 * co-kernel's interrupts; its driver says so and fails cleanly.
 *
 * vIRQ numbers: 0 .. virq_soft_base-1 are the hardware lines of the real
 * PIC that Linux owns, in the board's order (bsp/<board>/board.mk
 * LINUX_IRQ_LINES; Linux never learns their PIC numbers); virq_soft_base +
 * CK_VIRQ_SOFT_* are sources raised by the co-kernel (console input, IPC
 * doorbells), up to nr_virq - 1. The soft vIRQs' pending bits live in
 * co-kernel memory and reach Linux through one normal-class soft line;
 * CK_VIRQ_SOFT_CONSOLE is the exception: it is the console UART's receive
 * line (a hardware level line) under that number. The guest DTS names
 * vIRQs by the same rule (mk/virq.mk).
 *
 * Calling context of every op: Linux kernel with Linux's own interrupts
 * off (ARM: the drivers call inside local_irq_save(); e500: the hypercall
 * entry clears MSR[EE]), never concurrently on two CPUs (uniprocessor).
 * Ops never sleep; their cost is bounded and noted per op, and the part of
 * each that holds the RT class masked is bounded by a constant, whatever
 * Linux wrote or owns.
 *
 * Layout: every field's offset is pinned below by _Static_assert (the
 * function pointers are one pointer wide: 4 bytes on the targets, 8 on a
 * 64-bit host running the unit tests). CK_GUEST_ABI changes whenever the
 * layout or the meaning of a field or op changes; both sides refuse any
 * other value.
 */
#ifndef CK_GUEST_H
#define CK_GUEST_H

#ifdef __KERNEL__
#include <linux/types.h>
typedef u32 ck_u32;
typedef s32 ck_s32;
#include <linux/stddef.h>
#else
#include <stddef.h>
#include <stdint.h>
typedef uint32_t ck_u32;
typedef int32_t ck_s32;
#endif

#define CK_GUEST_MAGIC 0x50474b43u  /* "CKGP" little-endian */
#define CK_GUEST_ABI 7u  /* 7: the protected range (prot_va, prot_size) */
#define CK_GUEST_MAX_MMIO 8
#define CK_GUEST_MAX_HW 32  /* virq_hw[] entries */

/*
 * ARM926, RT all through Linux's boot (docs/restart.md "Boot gap"): the
 * co-kernel enters Linux with r0 = CK_ARM_ENTRY_MAGIC (the boot protocol
 * says 0) and r11 the first-level section descriptor of the MiB whose
 * 0xf0000 page is its boot vectors page; Linux's head maps that section
 * at 0xfff00000 and keeps the page at 0xffff0000 until its own vectors
 * page replaces it, into which it first copies the bytes
 * [CK_ARM_FIQ_OFFSET, CK_ARM_BOOT_FIQ_END) of the co-kernel's page: the
 * FIQ slot and the boot FIQ entry, which switches to the co-kernel's page
 * tables and back (linux-guest/patches/0012, drivers/cokernel/fault.c).
 */
#define CK_ARM_ENTRY_MAGIC 0x434b4139u   /* "CKA9" */
#define CK_ARM_FIQ_OFFSET 0x1cu
#define CK_ARM_BOOT_FIQ_END 0x100u

/* soft vIRQs: virq_soft_base + these */
#define CK_VIRQ_SOFT_CONSOLE 0u     /* console input ready: level */
#define CK_VIRQ_SOFT_IPC 1u         /* IPC doorbell (UIO) */
/* console output space (ePAPR byte channel tx interrupt): never raised,
 * console_write() takes every byte */
#define CK_VIRQ_SOFT_CONSOLE_TX 2u
#define CK_VIRQ_SOFT_NR 32u         /* soft vIRQs there are */
#define CK_VIRQ_MAX 256u            /* nr_virq is at most this */

/*
 * Linux -> RT doorbells (notify()). @chan is an IPC channel's directory
 * index (ipc/ck_ipc.h, 0 .. CK_NOTIFY_MAX_CHAN - 1). Three ways in:
 *  - ARM, SH-4: the notify op below, called directly;
 *  - PowerPC (e500, G2_LE): a hypercall in the ePAPR convention under the
 *    co-kernel's own vendor ID: r11 = CK_HCALL_TOKEN(CK_HCALL_IPC_NOTIFY),
 *    r3 = chan; r3 on return: 0 (EV_SUCCESS), 8 (EV_EINVAL: chan out of
 *    range) or 11 (EV_INVALID_STATE: before attach);
 *  - Linux processes: a 4-byte write() to the IPC region's UIO device
 *    (driver linux-guest/drivers/cokernel/ipc.c, UIO name "cokernel-shm")
 *    of CK_UIO_NOTIFY(chan). 0 and 1 (uio_pdrv_genirq's disable and
 *    enable) are accepted and change nothing: the RT -> Linux doorbell is
 *    an edge every reader sees, never left masked. A bad chan fails the
 *    write() with EINVAL, a refused attach with ENODEV.
 */
#define CK_NOTIFY_MAX_CHAN 32u
#define CK_HCALL_VENDOR_ID 0x434bu  /* "CK" */
#define CK_HCALL_IPC_NOTIFY 1u
#define CK_HCALL_TOKEN(nr) ((CK_HCALL_VENDOR_ID << 16) | (nr))
#define CK_UIO_NOTIFY_BASE 0x4e000000u
#define CK_UIO_NOTIFY(chan) (CK_UIO_NOTIFY_BASE | (chan))

/*
 * Linux's life (cokernel/core/restart.c, docs/restart.md). Linux advances
 * `heartbeat` at least every CK_HEARTBEAT_MS from a kernel timer; the
 * co-kernel's watchdog declares Linux down (CK_DOWN_HANG) when it has not
 * moved for watchdog_ms, or (CK_DOWN_BOOT) when Linux has not made its
 * first beat boot_timeout_ms after it was entered. Linux reports its own
 * end through down(): its restart handler, power-off handler and panic
 * notifier call it with the reason. Either way the co-kernel restarts
 * Linux from the pristine copy of its image while RT runs on, and logs
 * the reason in down_log[] (the last CK_GUEST_DOWN_LOG, newest at
 * (restarts - 1) % CK_GUEST_DOWN_LOG).
 */
#define CK_HEARTBEAT_MS 100u
#define CK_GUEST_DOWN_LOG 8u
#define CK_DOWN_RESTART 1u    /* Linux restarted the machine (reboot) */
#define CK_DOWN_POWEROFF 2u   /* Linux powered the machine off */
#define CK_DOWN_PANIC 3u      /* Linux panicked (an oops that killed init too) */
#define CK_DOWN_HANG 4u       /* no heartbeat for watchdog_ms */
#define CK_DOWN_BOOT 5u       /* no first heartbeat within boot_timeout_ms */
#define CK_DOWN_REASONS 6u

struct ck_guest_down {
	ck_u32 reason;      /* CK_DOWN_* */
	ck_u32 at_ms;       /* co-kernel clock when it was noticed, ms */
	ck_u32 up_ms;       /* from that Linux's entry to at_ms (a hang: with
			     * the watchdog's wait) */
};

/* set_type() values: the Linux IRQ_TYPE_* encoding */
#define CK_VIRQ_TYPE_EDGE_RISING 1u
#define CK_VIRQ_TYPE_LEVEL_HIGH 4u

/* mmio[].flags */
#define CK_MMIO_DEVICE 0u  /* device registers: ioremap() */
#define CK_MMIO_SHM 1u     /* the IPC region (no-map RAM): ioremap(), uncached */
#define CK_MMIO_VA_ONLY 0x100u  /* flag: reserve va, map nothing (hand-over 1) */

struct ck_guest_mmio {
	ck_u32 phys;   /* co-kernel-written: physical base, low 32 bits */
	ck_u32 phys_hi;  /* co-kernel-written: physical base, bits 32+ (e500 CCSR) */
	ck_u32 size;   /* co-kernel-written: bytes */
	ck_u32 flags;  /* co-kernel-written: CK_MMIO_* */
	ck_u32 va;     /* Linux-written: kernel virtual address of the mapping */
};

struct ck_guest_page {
	ck_u32 magic;          /* CK_GUEST_MAGIC */
	ck_u32 abi;            /* CK_GUEST_ABI */
	ck_u32 size;           /* sizeof(struct ck_guest_page) */
	ck_u32 nr_mmio;        /* valid entries in mmio[] */
	struct ck_guest_mmio mmio[CK_GUEST_MAX_MMIO];
	ck_u32 rt_entry;       /* VA of the RT-class entry (trampoline target) */
	ck_u32 nr_virq;        /* vIRQs 0..nr_virq-1 exist (<= CK_VIRQ_MAX) */
	ck_u32 virq_soft_base; /* first soft vIRQ = hardware lines Linux owns */
	ck_u32 boot_window_ns_lo;  /* co-kernel-written at the first RT interrupt
				    * after attach: RT pause, ns; 0 before */
	ck_u32 boot_window_ns_hi;
	/* Linux-written before attach() on SH-4: the VA of Linux's own
	 * exception table (its vbr_base), where the co-kernel's VBR table
	 * forwards Linux's exceptions and interrupts (+0x100, +0x400, +0x600);
	 * 0 until then and on the other archs. The field also keeps the ops
	 * 8-byte aligned everywhere. */
	ck_u32 linux_vbr;

	/* attach(): see the hand-over above. Return 0, or -CK_EINVAL (a
	 * window address it refuses), -CK_EBUSY (attached already); the
	 * co-kernel prints why on its console, the driver says so too and
	 * leaves the vPIC uninstalled. */
	ck_s32 (*attach)(void);
	/* mask()/unmask(): stop/start delivering @virq; any other number
	 * (co-kernel lines, out of range) is ignored. Cost: a register
	 * read-modify-write. */
	void (*mask)(ck_u32 virq);
	void (*unmask)(ck_u32 virq);
	/* eoi(): end of a level vIRQ's handling; for soft vIRQs a no-op. */
	void (*eoi)(ck_u32 virq);
	/* set_type(): CK_VIRQ_TYPE_*; returns 0 or -CK_EINVAL (a type the
	 * line lacks, a number Linux does not own). */
	ck_s32 (*set_type)(ck_u32 virq, ck_u32 type);
	/* next_pending(): the most urgent pending unmasked vIRQ, or -1. Soft
	 * vIRQs are cleared as they are returned (edge semantics). Called in a
	 * loop from Linux's root IRQ handler until -1. Cost: constant RT
	 * masked; the PIC scan runs with RT unmasked (one register read per
	 * unmasked line on the MPIC, one read on the PL190). */
	ck_s32 (*next_pending)(void);
	/* console_write(): write @len bytes of Linux console output; lines from
	 * the two sides are never interleaved mid-line. Waits for the UART, so
	 * it takes every byte: returns @len. */
	ck_s32 (*console_write)(const char *buf, ck_u32 len);
	/* console_read(): up to @len bytes of console input; returns count. */
	ck_s32 (*console_read)(char *buf, ck_u32 len);
	/* notify(): Linux -> RT doorbell for IPC channel @chan (see
	 * CK_NOTIFY_MAX_CHAN): marks the channel notified and wakes the RT
	 * task waiting on it (ck/chan.h ck_chan_wait()). Returns 0, -CK_EINVAL
	 * (@chan >= CK_NOTIFY_MAX_CHAN) or -CK_ENODEV (before attach). Cost:
	 * RT masked for a constant plus one step per RT task waiting on
	 * channels (at most the RT tasks there are); a woken task more urgent
	 * than Linux runs before the op returns. */
	ck_s32 (*notify)(ck_u32 chan);

	/* RT fault containment (cokernel/core/fault.c), co-kernel-written:
	 * fault_entry, the VA Linux's exception vectors branch to when the
	 * faulting context is an RT task (ARM: interrupted mode SYS; r0 = the
	 * CK_FAULT_* kind, the task's r0 at [sp] of the exception mode), 0
	 * where the arch has none yet; fault_record, the VA of the struct
	 * ck_fault_record (ck_fault.h); rt_sp_lo..rt_sp_hi, the VA range
	 * holding every RT task's stack (e500: an exception in supervisor
	 * mode with r1 in it is an RT task's, r10 = kind, r10/r11 in
	 * SPRG4/SPRG5, CTR in SPRG0: linux-guest/patches/0004). */
	ck_u32 fault_entry;
	ck_u32 fault_record;
	ck_u32 rt_sp_lo;
	ck_u32 rt_sp_hi;

	/* Co-kernel-written: the hardware number of each hardware vIRQ
	 * 0..virq_soft_base-1 (at most CK_GUEST_MAX_HW), in the board's
	 * LINUX_IRQ_LINES order. SH-4: the line's INTEVT code, from which
	 * Linux takes its own IRQ number (evt2irq()); 0 on the other archs,
	 * whose Linux learns nothing of the PIC's numbering. */
	ck_u32 virq_hw[CK_GUEST_MAX_HW];

	/* Linux's life (CK_HEARTBEAT_MS above). heartbeat: Linux-written;
	 * the rest co-kernel-written, kept across restarts (this Linux's
	 * fields are fresh at each entry: va, linux_vbr, heartbeat, the boot
	 * window). restarts: how many times Linux was restarted since the
	 * co-kernel booted; 0 in the first Linux. */
	ck_u32 heartbeat;
	ck_u32 watchdog_ms;
	ck_u32 boot_timeout_ms;
	ck_u32 restarts;
	struct ck_guest_down down_log[CK_GUEST_DOWN_LOG];
	/* down(): Linux is ending (CK_DOWN_RESTART, _POWEROFF, _PANIC; any
	 * other value counts as CK_DOWN_PANIC). Does not return where the
	 * co-kernel can restart Linux: the RT side takes over, and Linux is
	 * entered again from its pristine image. Where it cannot (no pristine
	 * copy, a port without restart), it logs the reason and returns, and
	 * Linux goes on its own way (a machine reset, a halt). Context: Linux
	 * kernel, any, Linux's interrupts off or on. */
	void (*down)(ck_u32 reason);

	/* RT from early in Linux's boot (ARM926; docs/restart.md "Boot
	 * gap"), co-kernel-written: early_l1, the physical address of the
	 * co-kernel's own L1 page table (0: none, RT resumes at attach);
	 * boot_va[i], the address mmio[i] has in that table, which the
	 * co-kernel uses until attach. Linux copies those entries into its
	 * own table from the moment its vectors page exists (arch/arm/mm/
	 * mmu.c paging_init, patch 0010), installs the RT trampoline, calls
	 * rt_early() and unmasks the RT class; it removes the entries after
	 * attach. Until then the RT class reaches the co-kernel through its
	 * boot FIQ entry (CK_ARM_ENTRY_MAGIC above) where Linux has patch
	 * 0012, else not at all (the RT side pauses). */
	ck_u32 early_l1;
	ck_u32 boot_va[CK_GUEST_MAX_MMIO];
	ck_u32 reserved;   /* 0: keeps rt_early 8-byte aligned on a 64-bit host */
	/* rt_early(): Linux's vectors and the boot_va mappings are in place:
	 * the co-kernel resumes the RT side if the boot window held it (the
	 * RT timer and lines) and protects itself. Returns 0, or -CK_EBUSY
	 * (no early_l1, after attach, or called before). Context: Linux, RT
	 * class and interrupts masked. */
	ck_s32 (*rt_early)(void);

	/* The co-kernel's memory Linux cannot write (docs/restart.md
	 * "Protection"), co-kernel-written once that is in force (ARM926:
	 * rt_early() or attach make it privileged read-only in a domain
	 * Linux's DACR makes a client; G2_LE, e500: attach): prot_va, its
	 * first byte as a kernel address of Linux's (ARM926, G2_LE: in its
	 * linear map; e500: just above its lowmem); prot_size, its bytes; 0
	 * (the default, SH-4): none, the whole region is writable by Linux.
	 * Linux reads and executes in it (the ops, the RT entry, the fault
	 * record); this page, which Linux writes, lies outside. */
	ck_u32 prot_va;
	ck_u32 prot_size;
};

/* The ops start at byte 200 on every target and host: op n at this offset. */
#define CK_GUEST_OP_OFFSET(n) (200u + (n) * sizeof(void (*)(void)))

_Static_assert(sizeof(struct ck_guest_mmio) == 20, "mmio size");
_Static_assert(offsetof(struct ck_guest_mmio, phys) == 0, "mmio.phys");
_Static_assert(offsetof(struct ck_guest_mmio, phys_hi) == 4, "mmio.phys_hi");
_Static_assert(offsetof(struct ck_guest_mmio, size) == 8, "mmio.size");
_Static_assert(offsetof(struct ck_guest_mmio, flags) == 12, "mmio.flags");
_Static_assert(offsetof(struct ck_guest_mmio, va) == 16, "mmio.va");
_Static_assert(offsetof(struct ck_guest_page, magic) == 0, "page.magic");
_Static_assert(offsetof(struct ck_guest_page, abi) == 4, "page.abi");
_Static_assert(offsetof(struct ck_guest_page, size) == 8, "page.size");
_Static_assert(offsetof(struct ck_guest_page, nr_mmio) == 12, "page.nr_mmio");
_Static_assert(offsetof(struct ck_guest_page, mmio) == 16, "page.mmio");
_Static_assert(offsetof(struct ck_guest_page, rt_entry) == 176, "page.rt_entry");
_Static_assert(offsetof(struct ck_guest_page, nr_virq) == 180, "page.nr_virq");
_Static_assert(offsetof(struct ck_guest_page, virq_soft_base) == 184, "page.soft_base");
_Static_assert(offsetof(struct ck_guest_page, boot_window_ns_lo) == 188, "page.bw_lo");
_Static_assert(offsetof(struct ck_guest_page, boot_window_ns_hi) == 192, "page.bw_hi");
_Static_assert(offsetof(struct ck_guest_page, linux_vbr) == 196, "page.linux_vbr");
_Static_assert(offsetof(struct ck_guest_page, attach) == CK_GUEST_OP_OFFSET(0), "page.attach");
_Static_assert(offsetof(struct ck_guest_page, mask) == CK_GUEST_OP_OFFSET(1), "page.mask");
_Static_assert(offsetof(struct ck_guest_page, unmask) == CK_GUEST_OP_OFFSET(2), "page.unmask");
_Static_assert(offsetof(struct ck_guest_page, eoi) == CK_GUEST_OP_OFFSET(3), "page.eoi");
_Static_assert(offsetof(struct ck_guest_page, set_type) == CK_GUEST_OP_OFFSET(4), "page.set_type");
_Static_assert(offsetof(struct ck_guest_page, next_pending) == CK_GUEST_OP_OFFSET(5),
	       "page.next_pending");
_Static_assert(offsetof(struct ck_guest_page, console_write) == CK_GUEST_OP_OFFSET(6),
	       "page.console_write");
_Static_assert(offsetof(struct ck_guest_page, console_read) == CK_GUEST_OP_OFFSET(7),
	       "page.console_read");
_Static_assert(offsetof(struct ck_guest_page, notify) == CK_GUEST_OP_OFFSET(8), "page.notify");
_Static_assert(offsetof(struct ck_guest_page, fault_entry) == CK_GUEST_OP_OFFSET(9),
	       "page.fault_entry");
_Static_assert(offsetof(struct ck_guest_page, fault_record) == CK_GUEST_OP_OFFSET(9) + 4,
	       "page.fault_record");
_Static_assert(offsetof(struct ck_guest_page, rt_sp_lo) == CK_GUEST_OP_OFFSET(9) + 8,
	       "page.rt_sp_lo");
_Static_assert(offsetof(struct ck_guest_page, rt_sp_hi) == CK_GUEST_OP_OFFSET(9) + 12,
	       "page.rt_sp_hi");
_Static_assert(offsetof(struct ck_guest_page, virq_hw) == CK_GUEST_OP_OFFSET(9) + 16,
	       "page.virq_hw");
#define CK_GUEST_LIFE_OFFSET (CK_GUEST_OP_OFFSET(9) + 16 + 4 * CK_GUEST_MAX_HW)
_Static_assert(sizeof(struct ck_guest_down) == 12, "down record");
_Static_assert(offsetof(struct ck_guest_page, heartbeat) == CK_GUEST_LIFE_OFFSET,
	       "page.heartbeat");
_Static_assert(offsetof(struct ck_guest_page, watchdog_ms) == CK_GUEST_LIFE_OFFSET + 4,
	       "page.watchdog_ms");
_Static_assert(offsetof(struct ck_guest_page, boot_timeout_ms) == CK_GUEST_LIFE_OFFSET + 8,
	       "page.boot_timeout_ms");
_Static_assert(offsetof(struct ck_guest_page, restarts) == CK_GUEST_LIFE_OFFSET + 12,
	       "page.restarts");
_Static_assert(offsetof(struct ck_guest_page, down_log) == CK_GUEST_LIFE_OFFSET + 16,
	       "page.down_log");
_Static_assert(offsetof(struct ck_guest_page, down) ==
	       CK_GUEST_LIFE_OFFSET + 16 + 12 * CK_GUEST_DOWN_LOG, "page.down");
#define CK_GUEST_EARLY_OFFSET \
	(CK_GUEST_LIFE_OFFSET + 16 + 12 * CK_GUEST_DOWN_LOG + sizeof(void (*)(void)))
_Static_assert(offsetof(struct ck_guest_page, early_l1) == CK_GUEST_EARLY_OFFSET,
	       "page.early_l1");
_Static_assert(offsetof(struct ck_guest_page, boot_va) == CK_GUEST_EARLY_OFFSET + 4,
	       "page.boot_va");
_Static_assert(offsetof(struct ck_guest_page, rt_early) ==
	       CK_GUEST_EARLY_OFFSET + 8 + 4 * CK_GUEST_MAX_MMIO, "page.rt_early");
#define CK_GUEST_PROT_OFFSET \
	(CK_GUEST_EARLY_OFFSET + 8 + 4 * CK_GUEST_MAX_MMIO + sizeof(void (*)(void)))
_Static_assert(offsetof(struct ck_guest_page, prot_va) == CK_GUEST_PROT_OFFSET,
	       "page.prot_va");
_Static_assert(offsetof(struct ck_guest_page, prot_size) == CK_GUEST_PROT_OFFSET + 4,
	       "page.prot_size");
_Static_assert(sizeof(struct ck_guest_page) == CK_GUEST_PROT_OFFSET + 8, "page size");

#endif /* CK_GUEST_H */
