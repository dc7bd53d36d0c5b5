# SPDX-License-Identifier: MIT
# rt-tests.mk - rt-tests' cyclictest and hackbench in the guest initramfs
# (mk/rootfs.mk installs them in /usr/bin): the same measurement inside the
# co-kernel's guest and on the board's PREEMPT_RT Linux (make linux-rt,
# tests/bench/peers.py, tests/qemu/test_rt_tests.py).
# A board whose guest has a Debian architecture (BUSYBOX_ARCH: armel) takes
# Debian's rt-tests binary package for it and libnuma1 (`make deps`
# downloads both into $(CK_DEBS)), with the shared glibc they link from
# the cross compiler's libc (Debian's libc6-<arch>-cross, the glibc the
# guest's static programs link). Any other board builds them from
# Debian's rt-tests source package with $(LINUX_USER_CC), static
# (mk/rt-tests-build.sh, cached); when Debian's archive does not serve that
# source, the initramfs goes without them and /etc/rt-tests.missing says why;
# the project's ckcyclictest and ckhackbench (linux-guest/tools, mk/tools.mk)
# stand in for them there (tests/bench/peers.py cyclictest_tool, ckload).
# RT_TESTS_BINS: the programs, checked like every guest program
# (mk/user-check.sh, mk/user-insns-check.sh).

RT_TESTS_BINS := cyclictest hackbench
RT_TESTS_DEB = $(firstword $(wildcard $(CK_DEBS)/rt-tests_*_$(BUSYBOX_ARCH).deb))
RT_TESTS_NUMA_DEB = $(firstword $(wildcard $(CK_DEBS)/libnuma1_*_$(BUSYBOX_ARCH).deb))
# the shared objects Debian's binaries load (readelf -d: NEEDED, and the
# program interpreter)
RT_TESTS_GLIBC_LIBS := ld-linux.so.3 libc.so.6 libpthread.so.0 librt.so.1

ifneq ($(BUSYBOX_ARCH),)
RT_TESTS_INSTALL = test -n "$(RT_TESTS_DEB)" -a -n "$(RT_TESTS_NUMA_DEB)" || \
		{ echo "rt-tests:$(BUSYBOX_ARCH) or libnuma1:$(BUSYBOX_ARCH) .deb not in $(CK_DEBS): run 'make deps'" >&2; \
		exit 1; }; \
	echo "[rootfs] $(notdir $(RT_TESTS_DEB)) $(notdir $(RT_TESTS_NUMA_DEB)) + glibc's shared objects"; \
	rm -rf $(B)/rt-tests-deb && dpkg-deb -x $(RT_TESTS_DEB) $(B)/rt-tests-deb && \
	dpkg-deb -x $(RT_TESTS_NUMA_DEB) $(B)/rt-tests-deb && \
	install -m 0755 $(addprefix $(B)/rt-tests-deb/usr/bin/,$(RT_TESTS_BINS)) $(ROOTFS)/usr/bin/ && \
	mkdir -p $(ROOTFS)/lib && cp -L $(B)/rt-tests-deb/usr/lib/*/libnuma.so.1 $(ROOTFS)/lib/ && \
	for l in $(RT_TESTS_GLIBC_LIBS); do cp -L $$($(LINUX_CROSS)gcc -print-file-name=$$l) $(ROOTFS)/lib/ || exit 1; done
RT_TESTS_STATIC :=
else
RT_TESTS_INSTALL = rc=0; d=$$(CK_CACHE=$(CK_CACHE) JOBS=$(JOBS) mk/rt-tests-build.sh \
		$(LINUX_CROSS) $(LINUX_USER_CFLAGS) $(LINUX_USER_LIBC_FLAGS)) || rc=$$?; \
	case $$rc in \
	0) echo "[rootfs] rt-tests built from source ($$d)"; \
		install -m 0755 $(addprefix $$d/,$(RT_TESTS_BINS)) $(ROOTFS)/usr/bin/ ;; \
	3) echo "[rootfs] warning: no rt-tests in the initramfs: Debian's rt-tests source is not downloadable here" >&2; \
		echo "Debian's rt-tests source package was not downloadable when this initramfs was built (mk/rt-tests-build.sh)" \
			> $(ROOTFS)/etc/rt-tests.missing ;; \
	*) exit 1 ;; \
	esac
RT_TESTS_STATIC := $(RT_TESTS_BINS)
endif
