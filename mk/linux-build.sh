#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# linux-build.sh - build the Linux 6.1 guest kernel for one board, cached.
#
# usage: [KCFLAGS=...] linux-build.sh BOARD LINUX_ARCH CROSS IMAGE OUT_DIR
# IMAGE is a make target of the kernel: Image (ARM), vmlinux (PowerPC),
# vmlinux.bin (SH-4: the raw image from _text, zero page first). KCFLAGS
# go to every kernel C compile (SH-4: the GCC plugin, mk/sh4.mk).
# The configured tree lives in $CK_CACHE/linux-<board>-<key>, where <key>
# hashes the kernel source package version, our patches for its
# architecture, the config fragment and KCFLAGS (the plugin's path holds
# its own key); the guest drivers are synced into it on every run, so
# editing them costs an incremental build, not a new tree.
set -euo pipefail
board=$1 larch=$2 cross=$3 image=$4 out=$5
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${CK_CACHE:?CK_CACHE not set}
tar=/usr/src/linux-source-6.1.tar.xz
frag=$top/linux-guest/configs/$board.fragment
jobs=${JOBS:-2}
kcflags=${KCFLAGS:-}

say() { printf '[linux] %s\n' "$*"; }
die() { printf '[linux] error: %s\n' "$*" >&2; exit 1; }
. "$top/mk/build-lib.sh"

[ -f "$tar" ] || die "$tar missing: run 'make deps' (package linux-source-6.1)"
[ -f "$frag" ] || die "no config fragment $frag for board $board"
command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing: run 'make deps'"

# our patches for this architecture: NNNN-<arch>-*.patch (arm, powerpc,
# sh) only for <arch>, every other one (drivers) for all; mk/linux.mk
# picks the same
patches=()
for p in "$top"/linux-guest/patches/*.patch; do
	a=$(basename "$p"); a=${a#*-}; a=${a%%-*}
	case $a in arm|powerpc|sh) [ "$a" = "$larch" ] || continue ;; esac
	patches+=("$p")
done
ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || stat -c %s "$tar")
key=$( (echo "$ver"; cat "$frag"; cat "${patches[@]}"
	[ -z "$kcflags" ] || echo "KCFLAGS=$kcflags") | sha256sum | cut -c1-12)
tree=$cache/linux-$board-$key
mkdir -p "$cache"
# one build per board at a time (parallel make invocations, CI next to a dev)
exec 9> "$cache/linux-$board.lock"
flock 9

if [ ! -f "$tree/.ck-configured" ]; then
	ck_linux_tree_new "$tree" "$tar" "$ver"
	for p in "${patches[@]}"; do
		say "patch $(basename "$p")"
		patch -d "$tree.tmp" -p1 -s --no-backup-if-mismatch < "$p"
	done
	mkdir -p "$tree.tmp/drivers/cokernel"
	cp -r "$top"/linux-guest/drivers/cokernel/. "$tree.tmp/drivers/cokernel/"
	mkdir -p "$tree.tmp/drivers/cokernel/include"
	cp "$top/ipc/ck_guest.h" "$top/ipc/ck_fault.h" "$tree.tmp/drivers/cokernel/include/"
	say "configure: allnoconfig + $(basename "$frag")"
	make -s -C "$tree.tmp" ARCH="$larch" CROSS_COMPILE="$cross" \
		KCONFIG_ALLCONFIG="$frag" allnoconfig >/dev/null
	# every y/string line of the fragment must have stuck
	missing=$(grep -E '^CONFIG_[A-Z0-9_]+=' "$frag" | while read -r l; do
		grep -qxF "$l" "$tree.tmp/.config" || echo "$l"; done)
	[ -z "$missing" ] || die "config fragment lines not in .config: $missing"
	ck_linux_tree_done "$tree"
fi
touch "$tree"	# last used, for pruning

# the guest drivers and the ABI headers: sync by content
rsync -rc --delete --exclude include "$top/linux-guest/drivers/cokernel/" "$tree/drivers/cokernel/"
mkdir -p "$tree/drivers/cokernel/include"
rsync -c "$top/ipc/ck_guest.h" "$top/ipc/ck_fault.h" "$tree/drivers/cokernel/include/"

ck_kbuild_env "$tar"
say "building $image (nice, -j$jobs; log: $tree/build.log)"
cc_count() { echo "$(grep -c '^  CC' "$tree/build.log") files compiled"; }
ck_build_watch "$tree/build.log" cc_count env "${kbuild_env[@]}" nice -n 10 make -C "$tree" \
	ARCH="$larch" CROSS_COMPILE="$cross" KCFLAGS="$kcflags" -j"$jobs" "$image"
grep -E 'warning:' "$tree/build.log" | grep cokernel && die "warnings in the cokernel drivers"
say "built in $ck_build_secs s"
mkdir -p "$out"
# the boot images live in arch/<arch>/boot/ (ARM Image), vmlinux (the ELF
# that PowerPC boards load) at the top of the tree
case $image in
vmlinux) src=$tree/vmlinux ;;
*) src=$tree/arch/$larch/boot/$image ;;
esac
# SH-4's raw image starts at _text, which is the zero page (boot params,
# command line at +0x100); the code starts 4 KiB on at _stext, where the
# co-kernel enters (LINUX_RAW_SKIP, mk/linux.mk)
if [ "$larch" = sh ]; then
	sym() { awk -v s="$1" '$3 == s { print $1 }' "$tree/System.map"; }
	[ "$(sym _text)" = "$(sym empty_zero_page)" ] &&
		[ $((0x$(sym _stext) - 0x$(sym _text))) = 4096 ] ||
		die "vmlinux.bin layout: _text $(sym _text), empty_zero_page $(sym empty_zero_page), _stext $(sym _stext)"
fi
cp "$src" "$out/$image"
cp "$tree/System.map" "$out/System.map"
cp "$tree/.config" "$out/config"
