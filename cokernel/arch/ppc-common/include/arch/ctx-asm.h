/* SPDX-License-Identifier: MIT */
/*
 * ctx-asm.h - the PowerPC frame (arch/ctx.h) saved and resumed in
 * assembly, as both PowerPC ports do it (e500: ppc-booke/entry.S, G2_LE:
 * ppc-g2/entry.S); assembly only, after <generated/asm-offsets.h>.
 */
#ifndef ARCH_CTX_ASM_H
#define ARCH_CTX_ASM_H

#define GPR(n) (CTX_R0_OFF + 4 * (n))

/*
 * ctx_resume - resume the frame at r3: CSRR0/1 from its PC and MSR, every
 * other register, then rfci. Context: MSR[CE] = 0, CSRR0/1 free (nothing
 * else holds them while the RT class is masked).
 */
.macro ctx_resume
	lwz	r4, CTX_PC_OFF(r3)
	mtspr	SPRN_CSRR0, r4
	lwz	r4, CTX_MSR_OFF(r3)
	mtspr	SPRN_CSRR1, r4
	lwz	r4, CTX_CR_OFF(r3)
	mtcr	r4
	lwz	r4, CTX_LR_OFF(r3)
	mtlr	r4
	lwz	r4, CTX_CTR_OFF(r3)
	mtctr	r4
	lwz	r4, CTX_XER_OFF(r3)
	mtxer	r4
	lwz	r0, GPR(0)(r3)
	lwz	r1, GPR(1)(r3)
	lwz	r2, GPR(2)(r3)
	lmw	r4, GPR(4)(r3)
	lwz	r3, GPR(3)(r3)
	rfci
.endm

/*
 * ctx_switch_save - arch_ctx_switch()'s first half: save what the SVR4 ABI
 * asks a callee to keep (r1, r2, r13-r31, CR) into the frame at r3 (from),
 * to resume at the caller's return address with the current MSR; r3 :=
 * r4 (to). Clobbers r5.
 */
.macro ctx_switch_save
	stw	r1, GPR(1)(r3)
	stw	r2, GPR(2)(r3)
	stmw	r13, GPR(13)(r3)
	mfcr	r5
	stw	r5, CTX_CR_OFF(r3)
	mflr	r5
	stw	r5, CTX_LR_OFF(r3)
	stw	r5, CTX_PC_OFF(r3)
	mfmsr	r5
	stw	r5, CTX_MSR_OFF(r3)
	mr	r3, r4
.endm

#endif /* ARCH_CTX_ASM_H */
