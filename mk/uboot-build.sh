#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# uboot-build.sh <defconfig> <fragment> <cross-prefix> [<cflags>...] -
# U-Boot built from Debian's u-boot source package (apt-get source,
# Debian's patches applied by dpkg-source) for <defconfig> (a configs/
# file of U-Boot's, e.g. r2dplus_defconfig), with the Kconfig lines of
# <fragment> merged on top (scripts/kconfig/merge_config.sh), by
# <cross-prefix>gcc with <cflags> added to every C file (KCFLAGS), e.g.
# the SH-4 plugin's -fplugin=... (mk/sh4.mk).
# Prints the path of u-boot.bin, the raw image that runs from address 0
# of the board's NOR flash. Cached in $CK_CACHE/uboot-<key>/: u-boot.bin,
# u-boot.config (the final .config, which mk/uboot-flash.sh reads the
# flash layout from) and u-boot (the ELF, for addr2line); <key> hashing
# the source version, the defconfig, the fragment, the cross compiler's
# version, the flags and the files they name (the plugin), and this
# script; a rerun prints the cached path at once. Fails when a fragment line did not
# reach the final .config (a symbol U-Boot does not have, or whose
# dependencies are off), so that a typo cannot go unseen.
set -euo pipefail
usage="usage: uboot-build.sh <defconfig> <fragment> <cross-prefix> [<cflags>...]"
defconfig=${1:?$usage}
fragment=${2:?$usage}
cross=${3:?$usage}
shift 3
cflags=("$@")
cache=${CK_CACHE:?CK_CACHE not set}
jobs=${JOBS:-2}
say() { printf '[u-boot] %s\n' "$*" >&2; }
die() { printf '[u-boot] error: %s\n' "$*" >&2; exit 1; }
. "$(dirname "$0")/build-lib.sh"

[ -f "$fragment" ] || die "no fragment $fragment"
fragment=$(realpath "$fragment")
command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing: run 'make deps'"
command -v dpkg-source >/dev/null || die "dpkg-source missing: run 'make deps'"
ver=$(apt-cache showsrc u-boot 2>/dev/null | awk '/^Version:/ {print $2}' | sort -V | tail -1)
[ -n "$ver" ] || die "no u-boot source package known to apt: run 'make deps' (it enables deb-src)"
# a flag naming a file (-fplugin=<file>): the file must exist, and its
# bytes are part of the key
for f in "${cflags[@]}"; do
	case $f in
	-fplugin=*) [ -f "${f#-fplugin=}" ] || die "no GCC plugin ${f#-fplugin=} (make sh4-plugin)" ;;
	esac
done
flagfiles() {
	local f
	for f in "${cflags[@]}"; do
		case $f in
		-fplugin=*) sha256sum < "${f#-fplugin=}" ;;
		esac
	done
}
key=$( (echo "$ver"; echo "$defconfig"; cat "$fragment"; echo "$cross"
	"${cross}gcc" --version | head -1; echo "${cflags[*]}"; flagfiles; cat "$0") |
	sha256sum | cut -c1-12)
dir=$cache/uboot-$key
if [ -f "$dir/u-boot.bin" ] && [ -f "$dir/u-boot.config" ]; then
	touch "$dir" 2>/dev/null || true	# last used, for pruning
	echo "$dir/u-boot.bin"
	exit 0
fi
mkdir -p "$cache"
exec 9> "$cache/uboot.lock"
flock 9
if [ -f "$dir/u-boot.bin" ] && [ -f "$dir/u-boot.config" ]; then	# built while we waited
	echo "$dir/u-boot.bin"
	exit 0
fi
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp"
ck_debsrc_unpack u-boot "$ver" "$cache/u-boot-src" "$dir.tmp/src"
[ -f "$dir.tmp/src/configs/$defconfig" ] || die "U-Boot $ver has no configs/$defconfig"
mkdir -p "$dir.tmp/build"
log=$dir.tmp/build.log
# U-Boot's make must see none of ours: `make BOARD=r2d` passes BOARD (and
# any other command-line variable) down in MAKEFLAGS, and U-Boot's
# Makefile takes BOARD and ARCH as its own (board/<vendor>/<BOARD>)
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES BOARD ARCH
mk=(make -C "$dir.tmp/src" O="$dir.tmp/build" CROSS_COMPILE="$cross" KCFLAGS="${cflags[*]}")
# the build's version string and timestamps: the source package's date, so
# that two builds are byte-identical (under icount the boot follows every byte)
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l "$dir.tmp/src/debian/changelog" -S Timestamp)
export SOURCE_DATE_EPOCH
say "configuring $defconfig + $(basename "$fragment") (Debian u-boot $ver)"
("${mk[@]}" "$defconfig" &&
	(cd "$dir.tmp/build" && "$dir.tmp/src/scripts/kconfig/merge_config.sh" -m -O . \
		.config "$fragment") &&
	"${mk[@]}" olddefconfig) > "$dir.tmp/config.log" 2>&1 ||
	{ tail -20 "$dir.tmp/config.log" >&2; die "configuration failed (log $dir.tmp/config.log)"; }
# every fragment line must be in the final .config as written
while IFS= read -r line; do
	case $line in
	CONFIG_*=*) want=$line ;;
	"# CONFIG_"*" is not set") want=$line ;;
	*) continue ;;
	esac
	grep -qxF "$want" "$dir.tmp/build/.config" ||
		die "$(basename "$fragment"): '$want' is not in the final .config (unknown symbol or unmet dependency)"
done < "$fragment"
objs() { echo "$(find "$dir.tmp/build" -name '*.o' | wc -l) objects"; }
say "building with ${cross}gcc ${cflags[*]} (nice, -j$jobs; log: $log)"
ck_build_watch "$log" objs nice -n 10 "${mk[@]}" -j"$jobs" all
[ -f "$dir.tmp/build/u-boot.bin" ] || die "no u-boot.bin after the build (log $log)"
say "built in ${ck_build_secs} s"
cp "$dir.tmp/build/u-boot.bin" "$dir.tmp/build/u-boot" "$dir.tmp/"
cp "$dir.tmp/build/.config" "$dir.tmp/u-boot.config"
rm -rf "$dir.tmp/src" "$dir.tmp/build"
mv "$dir.tmp" "$dir"
# what failed builds left behind (a finished build, 1 MB, may serve another
# checkout: kept)
for old in "$cache/uboot-"????????????.tmp; do
	[ ! -d "$old" ] || rm -rf "$old"
done
echo "$dir/u-boot.bin"
