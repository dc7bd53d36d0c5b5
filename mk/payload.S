/* SPDX-License-Identifier: MIT */
/* payload.S - the Linux payload files of `make image`, as ELF sections that
 * mk/payload.lds places at the board's payload PAs. */
	.section .payload.kernel, "a"
	.incbin PAYLOAD_KERNEL
	.section .payload.dtb, "a"
	.incbin PAYLOAD_DTB
	.section .payload.initrd, "a"
	.incbin PAYLOAD_INITRD
	.section .note.GNU-stack, "", %progbits
