/* SPDX-License-Identifier: MIT */
/*
 * arch.h - the contract between the portable core and cokernel/arch/<cpu>/.
 *
 * Every hook is declared once here with its contract; an arch implements all
 * of them (host unit tests use the "sim" arch in tests/unit/), except the
 * three device-window hooks, which have weak defaults in core/guest.c for
 * arches that map no window themselves. The core includes no arch header
 * but <arch/rtflags.h>, through this file.
 *
 * Execution model (all arches):
 *  - There is one "root" context: before Linux it is the co-kernel's boot
 *    and idle loop, afterwards it is Linux. It is the lowest priority and is
 *    represented by the core's root task (ck_task, prio -1).
 *  - RT tasks run privileged with the normal (Linux) interrupt class masked
 *    in hardware and the RT class enabled.
 *  - The RT class entry (FIQ / critical input / level 15) saves the full
 *    interrupted context into ck_current()->ctx, calls ck_rt_irq_handle(),
 *    and resumes the context of the task it returns. Nothing else is saved
 *    on the interrupted context's stack (it may be a Linux user stack).
 */
#ifndef CK_ARCH_H
#define CK_ARCH_H

#include <stdint.h>

/*
 * Saved register frame of a context. The layout is the arch's business; the
 * core only reserves room. Each arch checks its frame fits with a
 * _Static_assert (ARM926 needs 17 words, e500 51).
 */
#define CK_ARCH_CTX_WORDS 52
struct ck_arch_ctx {
	uintptr_t w[CK_ARCH_CTX_WORDS];
};

/** Minimum stack for a task: the core's deepest path plus the arch's frame. */
#define CK_STACK_MIN 1024u

typedef unsigned long ck_rtflags_t;

/*
 * arch_rt_mask() - mask the RT interrupt class on this CPU.
 * Return: the previous state, for arch_rt_restore().
 * Context: any. Nestable through save/restore pairs.
 *
 * arch_rt_restore(flags) - restore the RT class mask saved by
 * arch_rt_mask().
 *
 * Both run on every RT call and every switch, so the arch gives them in
 * <arch/rtflags.h>, static inline where it can (the host simulation keeps
 * them out of line): the one arch header the core reads, through this file.
 */
#include <arch/rtflags.h>

/**
 * arch_rt_unmask() - enable the RT class on this CPU (the boot code does it
 * once after ck_start(), see ck/core.h step 5). Context: root before Linux.
 */
void arch_rt_unmask(void);

/**
 * arch_rt_entry() - the RT-class entry point (ARM: FIQ mode entry). Not
 * called from C: its address goes into the guest page's rt_entry, which
 * Linux's trampoline jumps to.
 */
void arch_rt_entry(void);

/**
 * arch_fault_entry() - where an RT task's exception enters the co-kernel
 * (ck/fault.h): the arch's own vectors before the hand-over, Linux's
 * vector filter afterwards (its address goes into the guest page's
 * fault_entry; register contract in ipc/ck_guest.h). It saves the task's
 * context into ck_current()->ctx as the RT entry does, calls fault_task()
 * and resumes the task that returns. Not called from C. Weak: an arch
 * without one leaves it NULL (fault_entry 0: Linux keeps its vectors).
 */
void arch_fault_entry(void) __attribute__((weak));

/**
 * arch_rt_stack_limit() - the lowest word of the stack the RT-class entry
 * runs on (ARM: the FIQ stack; e500: the critical stack), where the fault
 * code keeps a canary; NULL if the arch has none. Context: any.
 */
volatile uint32_t *arch_rt_stack_limit(void);

/**
 * arch_ctx_pc() - the address a saved context resumes at (for reports).
 * Context: any, RT masked.
 */
uintptr_t arch_ctx_pc(const struct ck_arch_ctx *ctx);

/**
 * arch_ctx_init() - build the initial frame of a new task so that the first
 * switch to it calls @tramp(@arg0) on @stack_top with the RT class enabled
 * and the normal class masked. @tramp never returns.
 * @stack_top: one past the highest usable byte, 16-byte aligned.
 * Context: any, RT masked.
 */
void arch_ctx_init(struct ck_arch_ctx *ctx, void (*tramp)(void *), void *arg0,
		   void *stack_top);

/**
 * arch_ctx_switch() - voluntary switch: save the caller into @from and resume
 * @to (which may be a frame saved by the RT interrupt entry, including the
 * root context). Returns when @from is resumed.
 * Context: RT task or root, RT masked (restored to the saved state on resume).
 */
void arch_ctx_switch(struct ck_arch_ctx *from, struct ck_arch_ctx *to);

/**
 * arch_rt_handler_set() - make the RT entry call @handler instead of the
 * C function it calls now (ck_rt_irq_handle() at boot; the tracer's
 * ck_rt_irq_handle_traced() while tracing): the entry's one call site is
 * rewritten (ARM, PowerPC: a `bl`, with the data cache line written back
 * and the instruction cache line invalidated; SH-4: the literal `jsr`
 * loads), so the entry pays nothing for the choice. @handler has
 * ck_rt_irq_handle()'s contract and lies within the call's reach (the
 * co-kernel's text). Context: RT task or init, RT masked.
 */
struct ck_task;
void arch_rt_handler_set(struct ck_task *(*handler)(void));

/**
 * arch_wait_for_interrupt() - idle the CPU until an interrupt (WFI, wait,
 * sleep). Context: root context before Linux, RT unmasked.
 */
void arch_wait_for_interrupt(void);

/**
 * arch_cpu_relax() - one round of a short busy-wait on the clock (the
 * timer queue waits out an event that came less than one event tick
 * early, timer.c): a compiler barrier, or whatever the CPU wants in such a
 * loop. Context: any.
 */
void arch_cpu_relax(void);

/**
 * arch_phys_to_virt() - the co-kernel's address of RAM at physical @pa
 * before Linux runs (the linear map the co-kernel built at boot).
 */
void *arch_phys_to_virt(uint32_t pa);

/**
 * arch_prepare_linux() - the part of entering Linux that may run while RT
 * tasks still run, so it stays out of the boot window (DESIGN §3): e500
 * moves the staged kernel image to where it runs. Return: 0, or -CK_EINVAL
 * when the payload cannot be placed (said on the console; RT goes on,
 * Linux is not started). Context: root before Linux, RT unmasked.
 */
int arch_prepare_linux(uint32_t kernel_pa, uint32_t dtb_pa);

/**
 * arch_boot_linux() - leave the co-kernel for Linux: caches cleaned and off,
 * MMU off, CPU in the state the kernel's boot protocol wants, @kernel_pa
 * entered with the machine id (ARM r1) and the DTB's physical address.
 * The caller has masked the RT class (and stopped the RT timer at the
 * device where RT pauses in Linux's boot: arch_rt_live_in_boot()).
 * Context: root before Linux. Does not return.
 */
void arch_boot_linux(uint32_t kernel_pa, uint32_t dtb_pa, uint32_t machine_id)
	__attribute__((noreturn));

/**
 * arch_window_flags() - the CK_MMIO_* flags (ipc/ck_guest.h) every device
 * window in the guest page gets: CK_MMIO_VA_ONLY where the co-kernel maps
 * its windows itself after the hand-over (e500: protected TLB1 entries),
 * 0 where Linux's ioremap() is enough (ARM). Default (weak, guest.c): 0,
 * and the two hooks below are then never called. Context: init.
 */
uint32_t arch_window_flags(void);

/**
 * arch_window_ok() - whether window @idx (0, 1, ... in board order) may be
 * mapped at Linux-chosen @va: @size a page size the MMU has, @va and the
 * physical @pa equal modulo @size, the range in kernel space outside
 * Linux's linear map, not over windows 0..@idx-1 checked before, and the
 * MMU slot free. Remembers the range for the next calls.
 * Return: 1 if so, else 0. Only called for CK_MMIO_VA_ONLY windows.
 * Context: attach (Linux context), RT masked.
 */
int arch_window_ok(unsigned int idx, uint32_t va, uint64_t pa, uint32_t size);

/**
 * arch_map_window() - map window @idx (checked by arch_window_ok()) at @va:
 * the @size-aligned range around @va to the one around @pa, device memory
 * (uncached, guarded), supervisor read/write, in every address space.
 * Context: attach (Linux context), RT masked.
 */
void arch_map_window(unsigned int idx, uint32_t va, uint64_t pa, uint32_t size);

/**
 * arch_early_l1() - the physical address of the co-kernel's own first-level
 * page table, whose entries for the device windows' boot addresses Linux
 * copies into its own table early in its boot so that it can let the RT
 * class in there, long before attach (ipc/ck_guest.h early_l1); 0 where
 * Linux lets RT in at attach only (the default, weak in core/guest.c):
 * then the RT timer is stopped and the RT lines held across the boot
 * window. Context: any.
 */
uint32_t arch_early_l1(void);

/**
 * arch_rt_live_in_boot() - whether the RT side runs on through Linux's
 * whole boot: the co-kernel's RT vector and every address it uses stay
 * valid from Linux's first instruction, and Linux's head leaves the RT
 * class unmasked (SH-4: the co-kernel owns VBR and runs in P1, which the
 * core never translates, SH7751R hardware manual §3.3.1; Linux's head
 * starts at IMASK 14, below the RT class's level 15, and hands its
 * vbr_base over instead of writing VBR: linux-guest/patches/0005, 0006;
 * G2_LE: Linux's 0xA00 stub, found in the staged image by
 * arch_prepare_linux(), branches to a boot entry that brings the
 * co-kernel's BATs in: arch/ppc-g2/arch.c; ARM926: Linux's page tables
 * keep the co-kernel's boot vectors page at 0xffff0000, whose FIQ entry
 * switches to the co-kernel's page table: linux-guest/patches/0012,
 * arch/arm926/arch.c). Then the RT timer and lines are never stopped: RT
 * is masked only from guest_boot_linux() to Linux's first unmask.
 * Return: nonzero if so; 0 (the default, weak in core/guest.c): the RT
 * side pauses until rt_early() or attach.
 * Context: any, after arch_prepare_linux().
 */
int arch_rt_live_in_boot(void);

/**
 * arch_guest_restartable() - whether this port can restart Linux: stop it
 * (arch_guest_stop()) and enter it again with arch_boot_linux() from the
 * state a running Linux left. Default (weak, core/restart.c): 0; a Linux
 * that goes down is then logged and left alone. Context: any.
 */
int arch_guest_restartable(void);

/**
 * arch_guest_stop() - Linux is down and will be entered again from its
 * pristine image: make the co-kernel's own mappings current again, the
 * ones it booted with (ARM926: its L1 table in TTBR, domain 0 client, the
 * TLB invalidated), so that nothing the co-kernel touches from here on
 * depends on Linux's page tables, which may be what broke. The caller has
 * put the device windows back at their boot addresses in the same
 * RT-masked section, and touches no device between the two. Only called
 * where arch_guest_restartable(). Context: RT masked; an RT interrupt
 * (the watchdog's tick) or Linux's call of down() (root).
 */
void arch_guest_stop(void);

/**
 * arch_guest_quiesce() - the first step of a restart, RT unmasked: write
 * back and drop what the caches hold of the dead Linux's memory (ARM926's
 * VIVT D-cache may hold dirty lines under Linux's other aliases of RAM
 * the pristine image is about to be copied over). Default (weak): nothing.
 * Context: root (the restart's frame), RT unmasked.
 */
void arch_guest_quiesce(void);

/**
 * arch_guest_gate() - make each op of @gp (the function pointers of
 * struct ck_guest_page, ipc/ck_guest.h) callable with Linux's memory
 * rights: ARM926 replaces each by a stub that opens the co-kernel's
 * domain around the call (arch/arm926/gate.S). Idempotent: a slot that
 * holds its stub already is left. Default (weak, core/guest.c): nothing.
 * Context: root, before Linux is entered (first boot and restarts).
 */
struct ck_guest_page;
void arch_guest_gate(struct ck_guest_page *gp);

/**
 * arch_guest_protect() - put the co-kernel's private memory out of Linux's
 * reach in Linux's current page tables, which every later Linux address
 * space copies its kernel part from (ARM926: the first-level section
 * entries of Linux's linear map of it get CK_DOMAIN, arch/arm926/arch.c).
 * Idempotent. @va: set to the first protected byte (Linux's linear-map
 * address). Return: the protected size in bytes, 0 where none is (the
 * default, weak in core/guest.c; or Linux's map of it is not the expected
 * one, said on the console). Context: Linux's call of rt_early() or
 * attach() (its page tables current), RT masked.
 */
uint32_t arch_guest_protect(uint32_t *va);

#endif /* CK_ARCH_H */
