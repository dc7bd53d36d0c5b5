# SPDX-License-Identifier: MIT
# rootfs.mk - the guest initramfs: Debian's busybox-static for the guest's
# Debian architecture (BUSYBOX_ARCH in board.mk), linux-guest/rootfs/ and the
# project's Linux tools ($(B)/tools, see mk/tools.mk).

ROOTFS := $(B)/rootfs
INITRAMFS_FILE := $(B)/initramfs.cpio.gz
# .debs that `make deps` downloads for the guest's architecture
CK_DEBS ?= /var/cache/cokernel/debs
BUSYBOX_DEB = $(firstword $(wildcard $(CK_DEBS)/busybox-static_*_$(BUSYBOX_ARCH).deb))

.PHONY: rootfs
rootfs: $(INITRAMFS_FILE)

$(INITRAMFS_FILE): $(wildcard linux-guest/rootfs/*) $(TOOLS_FILES) mk/rootfs.mk
	@test -n "$(BUSYBOX_DEB)" || { echo "busybox-static:$(BUSYBOX_ARCH) .deb not in $(CK_DEBS): run 'make deps'" >&2; exit 1; }
	@echo "[rootfs] $(notdir $(BUSYBOX_DEB)) + tools -> $@"
	@rm -rf $(ROOTFS) && mkdir -p $(ROOTFS)
	@dpkg-deb -x $(BUSYBOX_DEB) $(ROOTFS)
	@rm -rf $(ROOTFS)/usr/share
	@mkdir -p $(ROOTFS)/proc $(ROOTFS)/sys $(ROOTFS)/dev $(ROOTFS)/tmp $(ROOTFS)/etc $(ROOTFS)/usr/bin $(ROOTFS)/root
	@install -m 0755 linux-guest/rootfs/init $(ROOTFS)/init
	@install -m 0644 linux-guest/rootfs/profile $(ROOTFS)/etc/profile
	@$(if $(TOOLS_FILES),install -m 0755 $(TOOLS_FILES) $(ROOTFS)/usr/bin/)
	@cd $(ROOTFS) && find . | LC_ALL=C sort | cpio --quiet -o -H newc --owner=0:0 | gzip -9n > $@
