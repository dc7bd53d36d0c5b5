# SPDX-License-Identifier: MIT
# linux-native.mk - the board's own Linux 6.1 without the co-kernel, for
# boards whose QEMU machine is the project's model: the kernel's defconfig
# and device tree unmodified (LINUX_NATIVE_DEFCONFIG, LINUX_NATIVE_DTB in
# bsp/$(BOARD)/board.mk), booted by tests/qemu/test_native_linux.py with
# the board's initramfs (mk/rootfs.mk).
#   make linux-native BOARD=at91sam9260ek
# writes $(B)/linux-native/zImage and the DTB (the tree is cached:
# mk/linux-native-build.sh). LINUX_NATIVE_IMAGE in board.mk: the kernel
# image's make target, zImage (the default: ARM) or vmlinux (powerpc,
# whose ELF QEMU's -kernel loads: lite5200b). LINUX_NATIVE_KCFLAGS
# (optional): C flags added to every kernel compile, after the
# configuration's (lite5200b: -g0, the defconfig's debug info left out).

LINUX_NATIVE_IMAGE ?= zImage
LINUX_NATIVE_OUT := $(B)/linux-native
LINUX_NATIVE_KERNEL := $(LINUX_NATIVE_OUT)/$(LINUX_NATIVE_IMAGE)
LINUX_NATIVE_DTB_FILE := $(if $(LINUX_NATIVE_DTB),$(LINUX_NATIVE_OUT)/$(LINUX_NATIVE_DTB))

.PHONY: linux-native
ifeq ($(LINUX_NATIVE_DEFCONFIG),)
linux-native:
	@$(call ck_lacks,has no native Linux (LINUX_NATIVE_DEFCONFIG in \
		bsp/$(BOARD)/board.mk),boards with one: $(call ck_boards_where,LINUX_NATIVE_DEFCONFIG,%))
else
linux-native: $(LINUX_NATIVE_KERNEL) $(INITRAMFS_FILE)

$(LINUX_NATIVE_KERNEL): mk/linux-native-build.sh $(BOARD_MK) | $(TOOLCHAIN_DEPS)
	@CK_CACHE=$(CK_CACHE) JOBS=$(JOBS) KCFLAGS="$(LINUX_NATIVE_KCFLAGS)" \
		mk/linux-native-build.sh $(BOARD) $(LINUX_ARCH) \
		$(LINUX_CROSS) $(LINUX_NATIVE_DEFCONFIG) $(LINUX_NATIVE_DTB) $(LINUX_NATIVE_OUT) \
		$(LINUX_NATIVE_IMAGE)
endif
