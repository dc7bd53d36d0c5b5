#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# linux-native-build.sh - build a board's own Linux 6.1, without the
# co-kernel: Debian's linux-source-6.1 unmodified, the kernel's defconfig
# for the board and its device tree; cached.
#
# usage: [KCFLAGS=...] linux-native-build.sh BOARD LINUX_ARCH CROSS DEFCONFIG DTB OUT_DIR [IMAGE]
# Writes OUT_DIR/IMAGE and OUT_DIR/DTB. IMAGE is the make target of the
# kernel image: zImage (the default: ARM, arch/<arch>/boot/zImage) or
# vmlinux (the ELF at the tree's top: powerpc, which QEMU's -kernel loads).
# The tree lives in $CK_CACHE/linux-native-<board>-<key>, <key> hashing the
# source package version, the defconfig's name and the device tree's, and
# the image's name when it is not zImage and KCFLAGS when set (so a zImage
# board's key without them, and its cached tree, stay as they were); a
# rerun builds nothing when they have not changed. KCFLAGS: C flags added
# to every kernel compile, after the configuration's (lite5200b: -g0).
set -euo pipefail
board=$1 larch=$2 cross=$3 defconfig=$4 dtb=$5 out=$6 image=${7:-zImage}
kcflags=${KCFLAGS:-}
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
key=$( (echo "$ver"; echo "$defconfig"; echo "$dtb"
	[ "$image" = zImage ] || echo "$image"
	[ -z "$kcflags" ] || echo "KCFLAGS=$kcflags") | sha256sum | cut -c1-12)
case $image in
zImage) image_path=arch/$larch/boot/zImage ;;
vmlinux) image_path=vmlinux ;;
*) die "image $image: zImage or vmlinux expected" ;;
esac
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
say "building $image $dtb (nice, -j$jobs; log: $tree/build.log)"
cc_count() { echo "$(grep -c '^  CC' "$tree/build.log") files compiled"; }
ck_build_watch "$tree/build.log" cc_count env "${kbuild_env[@]}" nice -n 10 make -C "$tree" \
	ARCH="$larch" CROSS_COMPILE="$cross" KCFLAGS="$kcflags" -j"$jobs" "$image" "$dtb"
say "built in $ck_build_secs s"
mkdir -p "$out"
cp "$tree/$image_path" "$out/$image"
cp "$tree/arch/$larch/boot/dts/$dtb" "$out/$dtb"
cp "$tree/.config" "$out/config"
