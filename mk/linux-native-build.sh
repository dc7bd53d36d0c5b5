#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# linux-native-build.sh - build a board's own Linux 6.1, without the
# co-kernel: Debian's linux-source-6.1 unmodified, the kernel's defconfig
# for the board and its device tree; cached.
#
# usage: linux-native-build.sh BOARD LINUX_ARCH CROSS DEFCONFIG DTB OUT_DIR
# Writes OUT_DIR/zImage and OUT_DIR/DTB. The tree lives in
# $CK_CACHE/linux-native-<board>-<key>, <key> hashing the source package
# version, the defconfig's name and the device tree's; a rerun builds
# nothing when they have not changed.
set -euo pipefail
board=$1 larch=$2 cross=$3 defconfig=$4 dtb=$5 out=$6
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${CK_CACHE:?CK_CACHE not set}
tar=/usr/src/linux-source-6.1.tar.xz
jobs=${JOBS:-2}

say() { printf '[linux-native] %s\n' "$*"; }
die() { printf '[linux-native] error: %s\n' "$*" >&2; exit 1; }
. "$top/mk/build-lib.sh"

[ -f "$tar" ] || die "$tar missing: run 'make deps' (package linux-source-6.1)"
command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing: run 'make deps'"

ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || stat -c %s "$tar")
key=$( (echo "$ver"; echo "$defconfig"; echo "$dtb") | sha256sum | cut -c1-12)
tree=$cache/linux-native-$board-$key
mkdir -p "$cache"
exec 9> "$cache/linux-native-$board.lock"
flock 9

if [ ! -f "$tree/.ck-configured" ]; then
	ck_linux_tree_new "$tree" "$tar" "$ver"
	say "configure: $defconfig"
	make -s -C "$tree.tmp" ARCH="$larch" CROSS_COMPILE="$cross" "$defconfig" >/dev/null
	ck_linux_tree_done "$tree"
fi
touch "$tree"	# last used, for pruning

ck_kbuild_env "$tar"
say "building zImage $dtb (nice, -j$jobs; log: $tree/build.log)"
cc_count() { echo "$(grep -c '^  CC' "$tree/build.log") files compiled"; }
ck_build_watch "$tree/build.log" cc_count env "${kbuild_env[@]}" nice -n 10 make -C "$tree" \
	ARCH="$larch" CROSS_COMPILE="$cross" -j"$jobs" zImage "$dtb"
say "built in $ck_build_secs s"
mkdir -p "$out"
cp "$tree/arch/$larch/boot/zImage" "$out/zImage"
cp "$tree/arch/$larch/boot/dts/$dtb" "$out/$dtb"
cp "$tree/.config" "$out/config"
