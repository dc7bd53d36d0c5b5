#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# deps.sh - install what cokernel needs from Debian's archive. Idempotent:
# installs only what is missing, so a second run is quick and offline.
set -euo pipefail

pkgs=(
	make gcc libc6-dev pkg-config
	gcc-arm-none-eabi libnewlib-arm-none-eabi   # co-kernel (ARM)
	gcc-arm-linux-gnueabi libc6-dev-armel-cross # Linux kernel + tools (armel)
	linux-source-6.1 bc bison flex cpio xz-utils rsync kmod libssl-dev
	device-tree-compiler u-boot-tools
	qemu-system-arm
	libcmocka-dev python3 python3-pytest python3-pexpect
	cppcheck # make lint (make check runs it)
	dpkg-dev meson ninja-build libglib2.0-dev libpixman-1-dev libfdt-dev libslirp-dev # make qemu (libslirp: -nic user, CK_HOSTFWD)
	qemu-system-ppc qemu-system-misc gcc-powerpc-linux-gnu gcc-sh4-linux-gnu # QEMU probes
	libc6-dev-powerpc-cross # e500: the Linux tools (static, glibc)
	git # the version stamp and the FIT's date come from the commit
	u-boot-qemu # e500: Debian's U-Boot for qemu-ppce500 boots the FIT image
	gcc-12-plugin-dev-sh4-linux-gnu g++ # SH-4: the plugin every SH build loads (mk/sh4.mk)
	newlib-source gcc-12-source # e500, lite5200b, SH-4: newlib and libgcc parts for the RT programs (mk/newlib-build.sh, mk/libgcc-build.sh)
	gnuplot-nox # make bench: the latency histograms' plots
	chromium chromium-driver python3-selenium # make check: the motor example's page in a real browser (tests/qemu/test_motor.py)
	qemu-user # SH-4 and lite5200b (qemu-ppc -cpu mpc5200b): the build runs the guest's programs and newlib's check once (mk/user-check.sh, mk/newlib-check.sh)
)
# armel packages whose files we take (not installed): busybox for the
# initramfs; rt-tests (cyclictest, hackbench) and the libnuma it links
# (mk/rt-tests.mk)
armel_debs=(busybox-static rt-tests libnuma1)

say() { printf '[deps] %s\n' "$*"; }

missing=()
for p in "${pkgs[@]}"; do
	[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
done

# system-wide, so a 'sudo make deps' serves the user who asked for it
debdir=${CK_DEBS:-/var/cache/cokernel/debs}
need_armel=0
for d in "${armel_debs[@]}"; do
	ls "$debdir/${d}"_*_armel.deb >/dev/null 2>&1 || need_armel=1
done

# `make qemu` builds Debian's qemu source package: apt needs deb-src entries
has_src=0
grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/ && has_src=1

if [ ${#missing[@]} -eq 0 ] && [ $need_armel -eq 0 ] && [ $has_src -eq 1 ]; then
	say "all dependencies present"
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	say "missing: ${missing[*]:-} $([ $need_armel -eq 1 ] && echo "armel debs: ${armel_debs[*]}") $([ $has_src -eq 0 ] && echo "deb-src entries")"
	say "run 'sudo make deps' (installing Debian packages needs root)"
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive

if ! [[ $'\n'$(dpkg --print-foreign-architectures)$'\n' == *$'\n'armel$'\n'* ]]; then
	say "enabling the armel architecture (for busybox-static:armel)"
	dpkg --add-architecture armel
fi
if [ $has_src -eq 0 ]; then
	say "enabling deb-src entries for Debian's archive (for 'make qemu')"
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
			> /etc/apt/sources.list.d/cokernel-deb-src.sources
	elif grep -qs '^deb ' /etc/apt/sources.list; then
		sed -n 's/^deb /deb-src /p' /etc/apt/sources.list \
			> /etc/apt/sources.list.d/cokernel-deb-src.list
	else
		say "warning: no Debian archive entry found to derive deb-src from"
	fi
fi
say "apt-get update"
apt-get -q -o DPkg::Lock::Timeout=600 update >/dev/null

if [ ${#missing[@]} -ne 0 ]; then
	say "installing ${missing[*]}"
	apt-get -q -y -o DPkg::Lock::Timeout=600 install --no-install-recommends "${missing[@]}"
fi
if [ $need_armel -eq 1 ]; then
	mkdir -p "$debdir"
	for d in "${armel_debs[@]}"; do
		say "downloading $d:armel into $debdir"
		(cd "$debdir" && apt-get -q -o APT::Sandbox::User=root download "$d:armel")
	done
fi
say "done"
