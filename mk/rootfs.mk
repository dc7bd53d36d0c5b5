# SPDX-License-Identifier: MIT
# rootfs.mk - the guest initramfs: busybox, linux-guest/rootfs/ and the
# project's Linux tools ($(B)/tools/cktools and a link to it per tool, see mk/tools.mk). busybox is Debian's
# busybox-static .deb when the guest has a Debian architecture (BUSYBOX_ARCH
# in board.mk), else built from Debian's busybox source with $(LINUX_CROSS)
# and the guest's libc and flags (mk/busybox-build.sh, mk/tools.mk; cached),
# e.g. for 32-bit PowerPC, and for SH-4 with musl.
# With QEMU_USER in board.mk (QEMU's user-mode emulator for the
# guest's CPU, with its options: qemu-ppc -cpu mpc5200b), mk/user-check.sh
# runs busybox and the tools once before the archive is made: a
# miscompiled libc or tool fails the build, not the boot. With
# LINUX_USER_FORBIDDEN_INSNS (a regex of the mnemonics the CPU lacks),
# mk/user-insns-check.sh first checks that their disassembly holds none
# but those of LINUX_USER_INSNS_ALLOW (a library's code run only under
# AT_HWCAP): a library built for another variant of the CPU fails the build.
# ROOTFS_DEV_NODES (board.mk, optional): device nodes the archive carries,
# path:c|b:major:minor, for a kernel without devtmpfs (the init's mount of
# it fails: lite5200b's mpc5200_defconfig), appended as a second archive
# made without mknod (mk/cpio-nodes.sh).
# rt-tests' cyclictest and hackbench go in /usr/bin (mk/rt-tests.mk).

ROOTFS := $(B)/rootfs
INITRAMFS_FILE := $(B)/initramfs.cpio.gz
# The archive's bytes depend only on its files' contents: one mtime for all
# (the epoch), modes without the umask's group write, inode and device
# numbers renumbered (cpio --reproducible). Linux inflates it at boot, so
# under icount any other byte would move every later instruction of the
# run, and make bench's samples with them (docs/measuring.md).
ROOTFS_EPOCH := 0
# .debs that `make deps` downloads for the guest's architecture
CK_DEBS ?= /var/cache/cokernel/debs
BUSYBOX_DEB = $(firstword $(wildcard $(CK_DEBS)/busybox-static_*_$(BUSYBOX_ARCH).deb))

.PHONY: rootfs
# (a board without a Linux guest builds them for its own Linux, when it
# has one: LINUX_NATIVE_DEFCONFIG)
ifeq ($(LINUX_GUEST)-$(LINUX_NATIVE_DEFCONFIG),no-)
rootfs:
	@$(ck_no_guest)
else
rootfs: $(INITRAMFS_FILE)
endif

ifneq ($(BUSYBOX_ARCH),)
BUSYBOX_INSTALL = test -n "$(BUSYBOX_DEB)" || \
		{ echo "busybox-static:$(BUSYBOX_ARCH) .deb not in $(CK_DEBS): run 'make deps'" >&2; exit 1; }; \
	echo "[rootfs] $(notdir $(BUSYBOX_DEB)) + tools -> $@"; \
	dpkg-deb -x $(BUSYBOX_DEB) $(ROOTFS) && rm -rf $(ROOTFS)/usr/share
else
BUSYBOX_INSTALL = bb=$$(CK_CACHE=$(CK_CACHE) JOBS=$(JOBS) mk/busybox-build.sh \
		$(if $(LINUX_LIBC),--libc=$(LINUX_LIBC)) $(LINUX_CROSS) $(LINUX_USER_CFLAGS) \
		$(LINUX_USER_LIBC_FLAGS)) || exit 1; \
	echo "[rootfs] busybox built from Debian's source ($$bb) + tools -> $@"; \
	install -D -m 0755 $$bb/busybox $(ROOTFS)/bin/busybox
endif

ifneq ($(APP_ROOTFS_DIR),)
APP_ROOTFS_STAMP := $(B)/app-rootfs.list
$(call ck_stamp,$(APP_ROOTFS_STAMP),$(APP_ROOTFS_LISTING))
endif
$(INITRAMFS_FILE): $(wildcard linux-guest/rootfs/*) $(TOOLS_FILES) mk/rootfs.mk $(APP_ROOTFS_FILES) $(APP_ROOTFS_STAMP) \
		$(if $(QEMU_USER),mk/user-check.sh) $(if $(LINUX_USER_FORBIDDEN_INSNS),mk/user-insns-check.sh) \
		$(if $(ROOTFS_DEV_NODES),mk/cpio-nodes.sh) \
		$(if $(ROOTFS_DEV_NODES)$(LINUX_USER_FORBIDDEN_INSNS),$(BOARD_MK)) \
		$(LINUX_LIBC_STAMP) mk/rt-tests.mk $(if $(BUSYBOX_ARCH),,mk/rt-tests-build.sh) | $(TOOLCHAIN_DEPS)
	@rm -rf $(ROOTFS) && mkdir -p $(ROOTFS)
	@$(BUSYBOX_INSTALL)
	@mkdir -p $(ROOTFS)/proc $(ROOTFS)/sys $(ROOTFS)/dev $(ROOTFS)/tmp $(ROOTFS)/etc $(ROOTFS)/usr/bin $(ROOTFS)/root
	@install -m 0755 linux-guest/rootfs/init $(ROOTFS)/init
	@install -m 0644 linux-guest/rootfs/profile $(ROOTFS)/etc/profile
	@install -m 0755 linux-guest/rootfs/ckload $(ROOTFS)/usr/bin/ckload
	@$(if $(TOOLS_FILES),install -m 0755 $(TOOLS_FILES) $(ROOTFS)/usr/bin/ && \
		for t in $(TOOLS_NAMES); do ln -s cktools $(ROOTFS)/usr/bin/$$t || exit 1; done)
	@$(RT_TESTS_INSTALL)
	@$(if $(APP_ROOTFS_DIR),cp -R $(APP_ROOTFS_DIR)/. $(ROOTFS)/)
	@$(if $(LINUX_USER_FORBIDDEN_INSNS),mk/user-insns-check.sh $(LINUX_CROSS)objdump \
		'$(LINUX_USER_FORBIDDEN_INSNS)' '$(LINUX_USER_INSNS_ALLOW)' $(ROOTFS)/bin/busybox \
		$(addprefix $(ROOTFS)/usr/bin/,$(notdir $(TOOLS_FILES))) \
		$$(ls $(addprefix $(ROOTFS)/usr/bin/,$(RT_TESTS_STATIC)) 2>/dev/null))
	@$(if $(QEMU_USER),mk/user-check.sh '$(QEMU_USER)' $(ROOTFS))
	@cd $(ROOTFS) && chmod -R go-w . && find . -exec touch -h -d @$(ROOTFS_EPOCH) {} + && \
		{ find . | LC_ALL=C sort | cpio --quiet -o -H newc --owner=0:0 --reproducible && \
		$(if $(ROOTFS_DEV_NODES),$(TOP)/mk/cpio-nodes.sh $(ROOTFS_DEV_NODES),true); } | gzip -9n > $@
