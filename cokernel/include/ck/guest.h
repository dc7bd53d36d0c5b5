/* SPDX-License-Identifier: MIT */
/*
 * guest.h - the RT side's view of the Linux guest (cokernel/core/guest.c):
 * the guest page (ipc/ck_guest.h) and virtual interrupts into Linux.
 */
#ifndef CK_GUEST_H_RT
#define CK_GUEST_H_RT

#include <stdbool.h>
#include <stdint.h>

struct ck_guest_page;
/**
 * ck_guest_page - the guest page (ipc/ck_guest.h), in the co-kernel
 * region (its first page; on the G2_LE the first page after the private
 * block: ppc-g2/cokernel.lds); its ops are filled by guest_init() and live after
 * attach. The ePAPR hypercalls (core/epapr.c) call them.
 */
extern struct ck_guest_page ck_guest_page;

/**
 * guest_init() - fill the guest page and route the doorbell line to the
 * normal class. Context: init, RT masked, after ck_core_init().
 */
void guest_init(void);

/**
 * guest_boot_linux() - pause RT (stop the RT timer at the device, hold
 * every attached RT line until attach) and enter Linux's kernel at the
 * board's payload addresses. Context: root before
 * Linux, no RT task running. Does not return.
 */
void guest_boot_linux(void) __attribute__((noreturn));

/**
 * guest_raise_soft_virq() - make soft vIRQ @soft pending for Linux; rings
 * the doorbell if Linux has it unmasked, otherwise it stays pending until
 * then.
 * @soft: CK_VIRQ_SOFT_IPC ... below CK_VIRQ_SOFT_NR (ipc/ck_guest.h; Linux
 *        sees it as vIRQ virq_soft_base + @soft).
 * Return: 0, or -CK_EINVAL for a number outside the soft range.
 * Context: any (RT task, RT interrupt, root); wait-free, a few register writes.
 */
int guest_raise_soft_virq(unsigned int soft);

/**
 * guest_attached() - whether Linux has attached (its vPIC driver called
 * attach(), so its console and IPC users may be there).
 * Return: 1 after a successful attach, else 0. Context: any.
 */
int guest_attached(void);

/**
 * guest_keep_pristine() - copy the Linux payload (kernel image, DTB,
 * initramfs, at the board's linux_* addresses; sizes in bytes, 0 for a
 * part the image lacks) into the board's pristine region, which Linux
 * never maps, with a checksum: a Linux that goes down is restarted from
 * it (core/restart.c).
 * Return: 0; -CK_ENOSPC (no pristine region, or the payload does not fit:
 * said on the console; Linux is then not restarted) or -CK_EINVAL (a part
 * not word-aligned). Context: root before Linux, RT unmasked (the copy
 * takes a few ms; RT runs meanwhile).
 */
int guest_keep_pristine(uint32_t kernel_bytes, uint32_t dtb_bytes,
			uint32_t initrd_bytes);

/**
 * guest_watch() - the heartbeat watchdog's look at @now_ns (ns, the RT
 * clock): Linux that has not advanced its heartbeat for the watchdog time
 * (or never since its entry, for the boot timeout) is declared down and
 * restarted, at the first look with @rt_idle true (the root runs or runs
 * next: every RT task is at a wait point), since the down moves the
 * device windows and the IPC region back to the co-kernel's boot
 * addresses, and a task between wait points may hold one of Linux's (a
 * channel operation's base). The heartbeat is followed at every look.
 * Context: RT interrupt or a task's sleep (the RT watchdog's tick,
 * core/fault.c), RT masked; a constant number of steps.
 */
void guest_watch(uint64_t now_ns, bool rt_idle);

/**
 * guest_ops() - the guest page as the co-kernel filled it for Linux's
 * first entry (the ops, through arch_guest_gate(), and the constant
 * fields: nr_virq ...), kept in the co-kernel's private memory: what the
 * hypercalls (core/epapr.c) call the ops through, since Linux can write
 * the guest page itself. Before the first entry, the guest page. Return:
 * never NULL. Context: any.
 */
const struct ck_guest_page *guest_ops(void);

/** CK_GUEST_OPS - the function pointers of struct ck_guest_page (attach ...
 * rt_early): one gate stub each where the arch has gates. */
#define CK_GUEST_OPS 11u

/**
 * ck_guest_gate_ops() - replace op n of @gp (the function pointers of
 * struct ck_guest_page, in the order of their slots in the page) by
 * @stubs[n], keeping the op itself in @fns[n]; a slot that is empty or
 * holds its stub already is left (idempotent). The stubs (arch gate code)
 * give the co-kernel its write access around the call of @fns[n] and take
 * it back after: what arch_guest_gate() does on the arches that keep
 * Linux out of the co-kernel's memory (ARM926 gate.S, G2_LE gate.S).
 * Context: root before Linux is entered, RT masked.
 */
void ck_guest_gate_ops(struct ck_guest_page *gp, const uintptr_t *stubs, uintptr_t *fns);

#endif /* CK_GUEST_H_RT */
