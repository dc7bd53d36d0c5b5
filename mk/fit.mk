# SPDX-License-Identifier: MIT
# fit.mk - the image users flash on boards booted by U-Boot: a FIT
# (flattened image tree, mkimage) holding the co-kernel, with hashes.
#   make image  -> also $(B)/cokernel.itb on boards whose board.mk names
#                  UBOOT_BIOS (the U-Boot QEMU boots it with) and FIT_ARCH
# For now the FIT holds the co-kernel alone; the Linux payload joins it
# when its board boots Linux (issue 4).

ifneq ($(UBOOT_BIOS),)
FIT_ITB := $(B)/cokernel.itb

$(B)/cokernel.bin: $(CK_ELF)
	@$(CROSS)objcopy -O binary $< $@

$(B)/cokernel.its: $(CK_ELF) mk/fit-its.sh
	@CROSS=$(CROSS) mk/fit-its.sh $(FIT_ARCH) $(CK_ELF) cokernel.bin > $@

$(FIT_ITB): $(B)/cokernel.its $(B)/cokernel.bin
	@echo "  FIT     $@"
	@cd $(B) && SOURCE_DATE_EPOCH=$$(git -C $(TOP) log -1 --format=%ct 2>/dev/null || echo 0) \
		mkimage -q -f cokernel.its $@

image: $(FIT_ITB)
endif
