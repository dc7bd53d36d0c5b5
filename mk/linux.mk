# SPDX-License-Identifier: MIT
# linux.mk - the Linux 6.1 guest kernel and the guest device tree.
# Inputs from bsp/$(BOARD)/board.mk: LINUX_ARCH, LINUX_CROSS, LINUX_IMAGE;
# optional: LINUX_KCFLAGS (C flags of every kernel compile: SH-4's GCC
# plugin, mk/sh4.mk; part of the build's cache key), LINUX_RAW_SKIP (bytes
# the payload drops from the image's head: SH-4's zero page, which the
# co-kernel writes itself), TOOLCHAIN_DEPS (built before the kernel).

LINUX_IMAGE ?= Image
LINUX_OUT := $(B)/linux
LINUX_IMAGE_FILE := $(LINUX_OUT)/$(LINUX_IMAGE)
# our patches for this architecture (as mk/linux-build.sh picks them):
# NNNN-<arch>-*.patch only for LINUX_ARCH <arch>, the others for all
ck_patch_arch = $(word 2,$(subst -, ,$(notdir $(1))))
LINUX_PATCHES := $(foreach p,$(wildcard linux-guest/patches/*.patch),$(if \
	$(filter arm powerpc sh,$(call ck_patch_arch,$(p))),$(if \
	$(filter $(LINUX_ARCH),$(call ck_patch_arch,$(p))),$(p)),$(p)))
LINUX_INPUTS := $(wildcard linux-guest/configs/$(BOARD).fragment \
	linux-guest/drivers/cokernel/* ipc/ck_guest.h ipc/ck_fault.h) $(LINUX_PATCHES) \
	mk/linux-build.sh

.PHONY: linux dtb

# A patch or driver file that goes away must rebuild too, not only one that
# changes: the list of inputs is an input
LINUX_INPUTS_LIST := $(LINUX_OUT)/inputs.list
$(call ck_stamp,$(LINUX_INPUTS_LIST),$(LINUX_INPUTS))

$(LINUX_IMAGE_FILE): $(LINUX_INPUTS) $(LINUX_INPUTS_LIST) | $(TOOLCHAIN_DEPS)
	@CK_CACHE=$(CK_CACHE) JOBS=$(JOBS) KCFLAGS="$(LINUX_KCFLAGS)" mk/linux-build.sh \
		$(BOARD) $(LINUX_ARCH) $(LINUX_CROSS) $(LINUX_IMAGE) $(LINUX_OUT)

# What the co-kernel's image carries: the kernel image itself, or, with
# LINUX_RAW := yes (e500: vmlinux is an ELF, Linux has no raw-image target),
# its memory image from objcopy, entered at its first byte, or, with
# LINUX_RAW_SKIP := N, the raw image without its first N bytes (SH-4:
# vmlinux.bin starts with the zero page, _text = empty_zero_page, and the
# code at _stext = _text + 4 KiB; linux-build.sh checks that layout).
ifeq ($(LINUX_RAW),yes)
LINUX_PAYLOAD_FILE := $(LINUX_IMAGE_FILE).bin
$(LINUX_PAYLOAD_FILE): $(LINUX_IMAGE_FILE)
	@$(LINUX_CROSS)objcopy -O binary $< $@
else ifneq ($(LINUX_RAW_SKIP),)
LINUX_PAYLOAD_FILE := $(LINUX_IMAGE_FILE).text
$(LINUX_PAYLOAD_FILE): $(LINUX_IMAGE_FILE)
	@tail -c +$$(( $(LINUX_RAW_SKIP) + 1 )) $< > $@.tmp && mv $@.tmp $@
else
LINUX_PAYLOAD_FILE := $(LINUX_IMAGE_FILE)
endif

# Guest DTB: dts/$(BOARD)-guest.dts plus a generated /chosen with the
# initramfs placement (address from the board, size from the file). A
# board whose Linux takes no device tree (LINUX_DTB := no in board.mk: SH,
# where the co-kernel writes the zero page) has an empty file in its place:
# the payload's DTB section is then empty and the FIT lists no guest DTB.
ifeq ($(LINUX_DTB),no)
GUEST_DTB_FILE := $(B)/no-guest.dtb
$(GUEST_DTB_FILE):
	@mkdir -p $(@D)
	@: > $@
else
GUEST_DTB_FILE := $(B)/$(BOARD)-guest.dtb
endif

# linux: the kernel and what the co-kernel's image carries of it; dtb: the
# guest DTB (a board without a Linux guest says so)
ifeq ($(LINUX_GUEST),no)
linux dtb:
	@$(ck_no_guest)
else
linux: $(LINUX_IMAGE_FILE) $(LINUX_PAYLOAD_FILE)
dtb: $(GUEST_DTB_FILE)
endif

$(B)/guest-chosen.dtsi: $(INITRAMFS_FILE) $(BOARD_MK)
	@mkdir -p $(@D)
	@size=$$(stat -c %s $(INITRAMFS_FILE)); \
	printf '/ { chosen { linux,initrd-start = <0x%x>; linux,initrd-end = <0x%x>; }; };\n' \
		$(LINUX_INITRD_PA) $$(( $(LINUX_INITRD_PA) + size )) > $@

# board.mk's memory map as cpp macros (+ unit addresses for node names)
DTS_DEFS = $(foreach v,$(BOARD_MAP_VARS),-D$(v)=$($(v))) \
	-DSHM_UNIT=$(shell printf %x $(SHM_PA)) -DCK_REGION_UNIT=$(shell printf %x $(CK_REGION_PA)) \
	$(if $(PRISTINE_PA),-DPRISTINE_UNIT=$(shell printf %x $(PRISTINE_PA))) \
	$(if $(CK_GUEST_PAGE_PA),-DCK_GUEST_PAGE_UNIT=$(shell printf %x $(CK_GUEST_PAGE_PA)))

# a board without a guest DTS has no Linux guest yet: say so, not "no rule"
dts/%-guest.dts:
	@echo "no dts/$*-guest.dts: the Linux guest of BOARD=$* is not ported yet; NO_LINUX=1 builds the co-kernel alone" >&2
	@exit 1

ifneq ($(LINUX_DTB),no)
$(GUEST_DTB_FILE): dts/$(BOARD)-guest.dts $(wildcard dts/*.dtsi) $(B)/guest-chosen.dtsi $(BOARD_MK)
	@mkdir -p $(@D)
	@echo "  DTC     $@"
	@cpp -nostdinc -undef -x assembler-with-cpp -P -I$(B) -Idts $(DTS_DEFS) $< | \
		dtc -I dts -O dtb -o $@ -
endif
