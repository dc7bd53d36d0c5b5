# SPDX-License-Identifier: MIT
# linux-rt.mk - the board's PREEMPT_RT Linux 6.1, without the co-kernel:
# the peer make bench measures with rt-tests' cyclictest beside the
# co-kernel (tests/bench/peers.py; docs/measuring.md, "Peers").
#   make linux-rt BOARD=versatilepb
# writes $(B)/linux-rt/{zImage|vmlinux, the DTB, config, rt-source}
# (mk/linux-rt-build.sh: linux-source-6.1 + Debian's debian/patches-rt;
# the tree is cached). From bsp/$(BOARD)/board.mk, defaulting to the
# native Linux's (mk/linux-native.mk): LINUX_RT_DEFCONFIG (the kernel's
# config target), LINUX_RT_DTB (none: QEMU's machine writes its own
# device tree), LINUX_RT_IMAGE (zImage or vmlinux), LINUX_RT_APPEND (the
# command line: the console), LINUX_RT_KCFLAGS. tests/bench/peers.py boots
# it with qemu/run-$(BOARD): QEMU's stock machine (versatilepb, ppce500)
# or the project's model of the board, with that script's device settings:
# LINUX_RT_DTB_FIXUP (optional), a command run in $(B)/linux-rt on the
# built DTB, makes the device tree say what the run script sets
# (versatilepb: the SP804s' 1 GHz clock). mk/linux-rt.fragment and bsp/$(BOARD)/linux-rt.fragment
# go on top of the defconfig. LINUX_RT_NONE: why the board has none (SH).

LINUX_RT_DEFCONFIG ?= $(LINUX_NATIVE_DEFCONFIG)
LINUX_RT_DTB ?= $(LINUX_NATIVE_DTB)
LINUX_RT_IMAGE ?= $(LINUX_NATIVE_IMAGE)
LINUX_RT_APPEND ?= $(LINUX_NATIVE_APPEND)
LINUX_RT_KCFLAGS ?= $(LINUX_NATIVE_KCFLAGS)
LINUX_RT_OUT := $(B)/linux-rt
LINUX_RT_KERNEL := $(LINUX_RT_OUT)/$(LINUX_RT_IMAGE)
LINUX_RT_DTB_FILE := $(if $(LINUX_RT_DTB),$(LINUX_RT_OUT)/$(LINUX_RT_DTB))
LINUX_RT_FRAGMENTS := mk/linux-rt.fragment $(wildcard bsp/$(BOARD)/linux-rt.fragment)

.PHONY: linux-rt
ifneq ($(LINUX_RT_NONE),)
linux-rt:
	@$(call ck_lacks,has no PREEMPT_RT Linux: $(LINUX_RT_NONE),boards with one: $(call \
		ck_boards_where,LINUX_RT_DEFCONFIG,%))
else ifeq ($(LINUX_RT_DEFCONFIG),)
linux-rt:
	@$(call ck_lacks,has no PREEMPT_RT Linux (LINUX_RT_DEFCONFIG in \
		bsp/$(BOARD)/board.mk),boards with one: $(call ck_boards_where,LINUX_RT_DEFCONFIG,%))
else
linux-rt: $(LINUX_RT_KERNEL) $(INITRAMFS_FILE)

$(LINUX_RT_KERNEL): mk/linux-rt-build.sh $(LINUX_RT_FRAGMENTS) $(BOARD_MK) | $(TOOLCHAIN_DEPS)
	@CK_CACHE=$(CK_CACHE) JOBS=$(JOBS) KCFLAGS="$(LINUX_RT_KCFLAGS)" \
		mk/linux-rt-build.sh $(BOARD) $(LINUX_ARCH) $(LINUX_CROSS) $(LINUX_RT_DEFCONFIG) \
		$(or $(LINUX_RT_DTB),-) $(LINUX_RT_OUT) $(LINUX_RT_IMAGE) $(LINUX_RT_FRAGMENTS)
	@$(if $(LINUX_RT_DTB_FIXUP),cd $(LINUX_RT_OUT) && $(LINUX_RT_DTB_FIXUP))
endif
