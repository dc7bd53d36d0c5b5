# SPDX-License-Identifier: MIT
# fit.mk - the image users flash on boards booted by U-Boot: a FIT
# (flattened image tree, mkimage) holding the co-kernel and, when the board
# has a Linux guest, the Linux payload as loadables, all with hashes.
#   make image  -> also $(B)/cokernel.itb on boards whose board.mk names
#                  UBOOT_BIOS (the U-Boot QEMU boots it with) and FIT_ARCH
# The co-kernel in the FIT is the one linked with the payload (it knows
# the payload's sizes), without the payload's sections, which go in as
# loadables at the addresses it was linked with (mk/payload.lds).

ifneq ($(UBOOT_BIOS),)
FIT_ITB := $(B)/cokernel.itb

ifeq ($(CK_PAYLOAD),yes)
FIT_ELF := $(CK_IMAGE)
FIT_LOADABLES := linux $(LINUX_PAYLOAD_FILE) $(LINUX_KERNEL_PA) \
	guest-dtb $(GUEST_DTB_FILE) $(LINUX_DTB_PA) \
	initramfs $(INITRAMFS_FILE) $(LINUX_INITRD_PA)
FIT_INPUTS := $(LINUX_PAYLOAD_FILE) $(GUEST_DTB_FILE) $(INITRAMFS_FILE)
else
FIT_ELF := $(CK_ELF)
FIT_LOADABLES :=
FIT_INPUTS :=
endif

$(B)/cokernel.bin: $(FIT_ELF) $(CK_MODE_STAMP)
	@$(CROSS)objcopy -O binary -R .linux_kernel -R .guest_dtb -R .initramfs $< $@

$(B)/cokernel.its: $(FIT_ELF) $(FIT_INPUTS) mk/fit-its.sh mk/fit.mk $(CK_MODE_STAMP)
	@CROSS=$(CROSS) mk/fit-its.sh $(FIT_ARCH) $(FIT_ELF) cokernel.bin $(FIT_LOADABLES) > $@

$(FIT_ITB): $(B)/cokernel.its $(B)/cokernel.bin
	@echo "  FIT     $@"
	@cd $(B) && SOURCE_DATE_EPOCH=$$(git -C $(TOP) log -1 --format=%ct 2>/dev/null || echo 0) \
		mkimage -q -f cokernel.its $@

image: $(FIT_ITB)
endif
