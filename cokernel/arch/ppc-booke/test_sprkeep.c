// SPDX-License-Identifier: MIT
/*
 * test_sprkeep.c - a test image's check that an RT task's exception leaves
 * the root context's base-class SPRs as it had them, for the co-kernel
 * alone on e500 (tests/qemu/test_fault_bare.py): built only with
 * -DCK_TEST_SPR_KEEP (CK_TEST_CFLAGS).
 *
 * The root context stands in for Linux inside one of its MSR[EE] = 0
 * windows (an exception prolog, an rfi sequence, a TLB miss handler or a
 * tlbwe sequence): instead of dozing, the boot idle loop's
 * arch_wait_for_interrupt() writes a fresh pattern into SRR0, SRR1, ESR,
 * DEAR, SPRG0, SPRG4, SPRG5 and MAS0-3/6/7, spins, and reads them back.
 * The critical input still comes in such a window (base-class interrupts
 * keep MSR[CE]: e500CORERM Rev. 1, 5.6 "Interrupt processing"), and RT
 * tasks released by the RT timer fault there: a trap (program interrupt:
 * SRR0/1, ESR, the fault vector's SPRG0/4/5), a load from an unmapped
 * address (data TLB error: also DEAR and MAS0-3/6/7, e500CORERM 12.5.1)
 * and a branch to one (instruction TLB error). Each task notes whether the
 * root was inside its window when the RT interrupt came; a reporter task
 * prints one verdict line naming every SPR the root found changed.
 */
#include <stdint.h>
#include <ck/arch.h>
#include <ck/app.h>
#include <ck/ck.h>
#include <arch/booke.h>

#ifdef CK_TEST_SPR_KEEP
#define SK_PRIO 20
#define SK_STACK_BYTES 2048u
#define SK_STEP_NS (10ull * CK_NS_PER_MS)
#define SK_SPINS 4000u
/* nothing maps it before Linux (start.S: the first 64 MiB, the co-kernel's
 * block and CCSR only) */
#define SK_UNMAPPED 0x08000000u

enum { SK_TRAP, SK_DTLB, SK_ITLB, SK_FAULTERS, SK_REPORTER = SK_FAULTERS, SK_TASKS };
enum { SK_SRR0, SK_SRR1, SK_ESR, SK_DEAR, SK_SPRG0, SK_SPRG4, SK_SPRG5,
       SK_MAS0, SK_MAS1, SK_MAS2, SK_MAS3, SK_MAS6, SK_MAS7, SK_SPRS };

static const char *const sk_spr_names[SK_SPRS] = {
	"SRR0", "SRR1", "ESR", "DEAR", "SPRG0", "SPRG4", "SPRG5",
	"MAS0", "MAS1", "MAS2", "MAS3", "MAS6", "MAS7",
};
static const char *const sk_task_names[SK_TASKS] = {
	"sk-trap", "sk-dtlb", "sk-itlb", "sk-report",
};

static struct ck_task sk_task[SK_TASKS];
static uint64_t sk_stack[SK_TASKS][SK_STACK_BYTES / 8u] __attribute__((aligned(8)));

static struct {
	volatile uint32_t in_window;    /* root: 1 between write and read-back */
	volatile uint32_t windows;      /* root: windows completed */
	volatile uint32_t changed;      /* root: bit i = SPR i changed in one */
	volatile uint32_t hit;          /* tasks: faults released in a window */
	volatile uint32_t seed;
} sk;

/* The SPRs into @v[0..SK_SPRS). */
static void sk_sprs_read(uintptr_t *v)
{
	__asm__ volatile(
		"mfspr %0, %[srr0]\n\tmfspr %1, %[srr1]\n\t"
		"mfspr %2, %[esr]\n\tmfspr %3, %[dear]\n\t"
		"mfspr %4, %[g0]\n\tmfspr %5, %[g4]\n\tmfspr %6, %[g5]\n\t"
		"mfspr %7, %[m0]\n\tmfspr %8, %[m1]\n\tmfspr %9, %[m2]\n\t"
		"mfspr %10, %[m3]\n\tmfspr %11, %[m6]\n\tmfspr %12, %[m7]"
		: "=&r"(v[0]), "=&r"(v[1]), "=&r"(v[2]), "=&r"(v[3]),
		  "=&r"(v[4]), "=&r"(v[5]), "=&r"(v[6]), "=&r"(v[7]),
		  "=&r"(v[8]), "=&r"(v[9]), "=&r"(v[10]), "=&r"(v[11]),
		  "=&r"(v[12])
		: BOOKE_SPRS_OPERANDS
		: "memory");
}

/*
 * The boot idle loop's wait (arch.c's is weak): one window of the root's
 * SPR check instead of a doze. Context: root before Linux, MSR[CE] = 1,
 * MSR[EE] = 0.
 */
void arch_wait_for_interrupt(void)
{
	uintptr_t want[SK_SPRS], got[SK_SPRS];
	uint32_t seed = ++sk.seed, i;
	volatile uint32_t n;

	/* values an exception would not write: odd words, no MSR[PR] */
	for (i = 0; i < SK_SPRS; i++)
		want[i] = (0x5a5a0001u ^ (seed << 8) ^ (i << 4)) | 1u;
	want[SK_SRR1] = MSR_CE | MSR_ME | MSR_DE;
	want[SK_MAS1] = MAS1_TSIZE(1) | (seed & 0xffu) << 16;
	booke_sprs_write(want);        /* arch.c: the fault path's own */
	__asm__ volatile("isync" : : : "memory");
	sk_sprs_read(want);
	sk.in_window = 1;
	for (n = 0; n < SK_SPINS; n++)
		;
	sk.in_window = 0;
	sk_sprs_read(got);
	for (i = 0; i < SK_SPRS; i++)
		if (got[i] != want[i])
			sk.changed |= 1u << i;
	sk.windows++;
}

static void sk_body(void *arg)
{
	uintptr_t which = (uintptr_t)arg;
	char names[SK_SPRS * 6 + 8];
	uint32_t i, len = 0;

	(void)ck_task_sleep((which + 1u) * SK_STEP_NS);
	if (which == SK_REPORTER) {
		for (i = 0; i < SK_SPRS; i++)
			if (sk.changed & (1u << i))
				len += (uint32_t)ck_snprintf(names + len, sizeof(names) - len,
							     " %s", sk_spr_names[i]);
		ck_printf("test SPR keep: %u of %u faults in the root's window, %u windows, changed:%s",
			  (unsigned int)sk.hit, (unsigned int)SK_FAULTERS,
			  (unsigned int)sk.windows, len ? names : " none");
		(void)ck_task_sleep(CK_INFINITE);
	}
	sk.hit += sk.in_window;
	if (which == SK_TRAP) {
		__builtin_trap();
	} else if (which == SK_DTLB) {
		(void)*(volatile uint32_t *)(uintptr_t)SK_UNMAPPED;
	} else {
		void (*fn)(void);

		__asm__("" : "=r"(fn) : "0"(SK_UNMAPPED));
		fn();
	}
	ck_printf("test SPR keep: %s survived its fault", sk_task_names[which]);
	(void)ck_task_sleep(CK_INFINITE);
}

static int sk_init(void)
{
	uintptr_t i;
	int rc;

	for (i = 0; i < SK_TASKS; i++) {
		rc = ck_task_create(&sk_task[i], sk_task_names[i], SK_PRIO, sk_body,
				    (void *)i, sk_stack[i], sizeof(sk_stack[i]));
		if (rc)
			return rc;
	}
	return 0;
}

CK_APP(test_sprkeep, sk_init);
#endif
