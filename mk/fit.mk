# SPDX-License-Identifier: MIT
# fit.mk - the image users flash on boards booted by U-Boot: a FIT
# (flattened image tree, mkimage) holding the co-kernel and, when the board
# has a Linux guest, the Linux payload as loadables, all with hashes.
#   make image  -> also $(B)/cokernel.itb on boards whose board.mk names
#                  UBOOT_BIOS (the U-Boot QEMU boots it with) and FIT_ARCH,
#                  and on boards whose FIT is for their own U-Boot on the
#                  hardware, none of which runs here (FIT_BOOT_SCRIPT := yes:
#                  lite5200b, below);
#                  on boards whose U-Boot is built here (UBOOT_DEFCONFIG:
#                  r2d, at91sam9260ek) $(B)/u-boot.bin, and where it runs
#                  from NOR flash (UBOOT_FLASH := yes: r2d)
#                  $(B)/cokernel.flash, the whole flash (mk/uboot-flash.sh)
#   make uboot  -> $(B)/u-boot.bin alone (those boards; on the others it
#                  says which boards build or boot U-Boot, and fails)
# The co-kernel in the FIT is the one linked with the payload (it knows
# the payload's sizes), without the payload's sections, which go in as
# loadables at the addresses it was linked with (mk/payload.lds).
# FIT_HASH (board.mk): the hash algorithms of every image, sha256 unless
# the board's U-Boot predates it (before v2014.07 a FIT image hashed with
# anything but crc32, md5 or sha1 is refused: mk/fit-its.sh).
# FIT_BOOT_SCRIPT := yes (board.mk) adds the image "boot", a script for a
# U-Boot that ignores `loadables` (before v2015.07): imxtract of each
# loadable from the FIT at FIT_LOADADDR, then bootm (mk/fit-its.sh);
# FIT_LOADADDR is where the board's instructions put the FIT in RAM, and
# `make image` checks that nothing copied out of the FIT lands on it
# (mk/fit-ram-check.sh).
FIT_HASH ?= sha256

ifeq ($(FIT_BOOT_SCRIPT),yes)
ifeq ($(FIT_LOADADDR),)
$(error bsp/$(BOARD)/board.mk: FIT_BOOT_SCRIPT := yes needs FIT_LOADADDR, where the FIT sits in RAM)
endif
endif

ifneq ($(UBOOT_BIOS)$(filter yes,$(FIT_BOOT_SCRIPT)),)
FIT_ITB := $(B)/cokernel.itb

ifeq ($(CK_PAYLOAD),yes)
FIT_ELF := $(CK_IMAGE)
# (no guest DTB on boards whose Linux takes none: LINUX_DTB := no, SH)
FIT_LOADABLES := linux $(LINUX_PAYLOAD_FILE) $(LINUX_KERNEL_PA) \
	$(if $(filter no,$(LINUX_DTB)),,guest-dtb $(GUEST_DTB_FILE) $(LINUX_DTB_PA)) \
	initramfs $(INITRAMFS_FILE) $(LINUX_INITRD_PA)
FIT_INPUTS := $(LINUX_PAYLOAD_FILE) $(GUEST_DTB_FILE) $(INITRAMFS_FILE)
else
FIT_ELF := $(CK_ELF)
FIT_LOADABLES :=
FIT_INPUTS :=
endif

# UBOOT_KERNEL_MAX (board.mk, bytes): the most U-Boot can copy to the
# co-kernel's load address without overwriting itself (r2d: U-Boot runs
# at the top of RAM, inside the co-kernel's region)
$(B)/cokernel.bin: $(FIT_ELF) $(CK_MODE_STAMP)
	@$(CROSS)objcopy -O binary -R .linux_kernel -R .guest_dtb -R .initramfs $< $@
	@max='$(UBOOT_KERNEL_MAX)'; n=$$(stat -c %s $@); [ -z "$$max" ] || [ $$n -le $$((max)) ] || \
		{ echo "$@: $$n bytes, over UBOOT_KERNEL_MAX $$max (bsp/$(BOARD)/board.mk)" >&2; \
		rm -f $@; exit 1; }

# the options only where the board sets them, so the other boards' .its
# stay as they were; a change of them (make FIT_HASH=...) rebuilds it
FIT_ITS_OPTS := $(if $(filter-out sha256,$(FIT_HASH)),-a "$(FIT_HASH)") \
	$(if $(filter yes,$(FIT_BOOT_SCRIPT)),-s $(B)/boot.cmd -f $(FIT_LOADADDR))

FIT_OPTS_STAMP := $(B)/fit-opts
$(call ck_stamp,$(FIT_OPTS_STAMP),$(FIT_ITS_OPTS))

$(B)/cokernel.its: $(FIT_ELF) $(FIT_INPUTS) mk/fit-its.sh mk/fit.mk $(CK_MODE_STAMP) $(FIT_OPTS_STAMP)
	@CROSS=$(CROSS) mk/fit-its.sh $(FIT_ITS_OPTS) $(FIT_ARCH) $(FIT_ELF) cokernel.bin \
		$(FIT_LOADABLES) > $@

# FIT_MAX (board.mk): a command printing the most bytes of FIT the board's
# loader takes (e500: what QEMU leaves below its device tree,
# mk/qemu-e500-fit-max.sh); a bigger FIT is refused here, not left to
# boot to a silent console
# A FIT that U-Boot boots from RAM (a built U-Boot not in flash:
# at91sam9260ek) sits at U-Boot's load address, CONFIG_SYS_LOAD_ADDR of
# its final .config, or at FIT_LOADADDR (the board's instructions): what
# bootm and the boot script copy out of it must miss it and each other
# (mk/fit-ram-check.sh)
FIT_RAM_CHECK := $(if $(UBOOT_DEFCONFIG),$(if $(filter yes,$(UBOOT_FLASH)),,yes))

$(FIT_ITB): $(B)/cokernel.its $(B)/cokernel.bin $(if $(FIT_RAM_CHECK),$(UBOOT_BIOS)) \
		$(if $(FIT_RAM_CHECK)$(FIT_LOADADDR),mk/fit-ram-check.sh) $(if $(FIT_MAX),$(BOARD_MK))
	@echo "  FIT     $@"
	@cd $(B) && SOURCE_DATE_EPOCH=$$(git -C $(TOP) log -1 --format=%ct 2>/dev/null || echo 0) \
		mkimage -q -f cokernel.its $@
	@$(if $(FIT_RAM_CHECK),at=$$(sed -n 's/^CONFIG_SYS_LOAD_ADDR=//p' $(UBOOT_BIOS:.bin=.config)) && \
		[ -n "$$at" ] && mk/fit-ram-check.sh $@ $$at || \
		{ echo "$@: U-Boot at $(UBOOT_BIOS) cannot boot it from its load address" >&2; \
		rm -f $@; exit 1; })
	@$(if $(FIT_MAX),max=$$($(FIT_MAX)) && expr "$$max" : '[0-9][0-9]*$$' >/dev/null || \
		{ echo "$@: FIT_MAX ($(origin FIT_MAX)): '$(FIT_MAX)' printed no byte count ('$$max')" >&2; \
		rm -f $@; exit 1; }; n=$$(stat -c %s $@); [ $$n -le $$max ] || \
		{ echo "$@: $$n bytes: over the $$max its loader takes (FIT_MAX: $(if $(filter file,$(origin \
		FIT_MAX)),bsp/$(BOARD)/board.mk,$(origin FIT_MAX)))" >&2; rm -f $@; exit 1; })
	@$(if $(FIT_LOADADDR),mk/fit-ram-check.sh $@ '$(FIT_LOADADDR)' $(RAM_PA) $(SHM_PA) || \
		{ echo "$@: not bootable from FIT_LOADADDR $(FIT_LOADADDR) (bsp/$(BOARD)/board.mk or the command line)" >&2; \
		rm -f $@; exit 1; })

image: $(FIT_ITB)

# U-Boot from Debian's u-boot source (mk/uboot-build.sh: UBOOT_DEFCONFIG
# plus the board's UBOOT_FRAGMENT, every C file built with UBOOT_CFLAGS),
# cached by its inputs; the script runs every time (a second once cached)
# and the copy in $(B) changes only when the build does. Beside it,
# u-boot.config: the final .config, which holds the flash layout
# mk/uboot-flash.sh follows, or the FIT's load address in RAM.
ifneq ($(UBOOT_DEFCONFIG),)
UBOOT_BUILD = CK_CACHE=$(CK_CACHE) JOBS=$(JOBS) mk/uboot-build.sh $(UBOOT_DEFCONFIG) \
	$(UBOOT_FRAGMENT) $(CROSS) $(UBOOT_CFLAGS)

.PHONY: uboot uboot-always
uboot: $(UBOOT_BIOS)
uboot-always:
$(UBOOT_BIOS): uboot-always | $(TOOLCHAIN_DEPS)
	@mkdir -p $(@D)
	@ub=$$($(UBOOT_BUILD)) && \
		{ cmp -s $$ub $@ && cmp -s $${ub%.bin}.config $(@:.bin=.config) || \
		{ echo "  U-BOOT  $@"; cp $${ub%.bin}.config $(@:.bin=.config) && cp $$ub $@; }; }

image: $(UBOOT_BIOS)

ifeq ($(UBOOT_FLASH),yes)
UBOOT_FLASH_IMAGE := $(B)/cokernel.flash
$(UBOOT_FLASH_IMAGE): $(FIT_ITB) $(UBOOT_BIOS) mk/uboot-flash.sh
	@echo "  FLASH   $@"
	@mk/uboot-flash.sh $(UBOOT_BIOS) $(FIT_ITB) $@

image: $(UBOOT_FLASH_IMAGE)
endif
endif
endif

ifeq ($(UBOOT_DEFCONFIG),)
.PHONY: uboot
uboot:
	@$(call ck_lacks,$(if $(UBOOT_BIOS),builds no U-Boot: it boots a prebuilt one \
		(UBOOT_BIOS := $(UBOOT_BIOS)),boots without U-Boot (no UBOOT_BIOS in \
		bsp/$(BOARD)/board.mk)),U-Boot is built for: $(call ck_boards_where,UBOOT_DEFCONFIG,%) \
		(UBOOT_DEFCONFIG); boards booted through U-Boot: $(call ck_boards_where,UBOOT_BIOS,%) \
		(UBOOT_BIOS))
endif
