#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# qemu-build.sh - the project's QEMU: Debian's qemu source package (the same
# version as the installed qemu-system-arm, with Debian's own patches) plus
# qemu/patches/*.patch, built for arm, ppc and sh4 system emulation only.
#
# usage: qemu-build.sh            builds if needed, prints the directory
#                                 holding bin/
#        qemu-build.sh --built    only prints it if that build exists
#                                 (exit 1 otherwise); builds nothing
# The build lives in $CK_CACHE/qemu-<key>, <key> hashing the source version,
# our patches and the configure line, so a rerun reuses it.
set -euo pipefail
mode=${1:-build}
case $mode in build | --built) ;; *) echo "usage: $0 [--built]" >&2; exit 2 ;; esac
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${CK_CACHE:?CK_CACHE not set}
jobs=${JOBS:-2}
targets=(qemu-system-arm qemu-system-ppc qemu-system-sh4)
conf=(--target-list=arm-softmmu,ppc-softmmu,sh4-softmmu --disable-docs
	--disable-tools --disable-werror --without-default-features
	--enable-fdt=system --disable-install-blobs
	--enable-plugins # make bench: the cache model (qemu/plugins/)
	--enable-slirp) # -nic user: the guest's network (CK_HOSTFWD, qemu/README.md)

say() { printf '[qemu] %s\n' "$*" >&2; }
die() { printf '[qemu] error: %s\n' "$*" >&2; exit 1; }
. "$top/mk/build-lib.sh"

if [ "$mode" = build ]; then
	for t in dpkg-source meson ninja; do
		command -v $t >/dev/null || die "$t missing: run 'make deps'"
	done
fi
# the source version of the installed binary, else apt's candidate
ver=$(dpkg-query -W -f='${source:Version}' qemu-system-arm 2>/dev/null || true)
[ -n "$ver" ] || ver=$(apt-cache showsrc qemu 2>/dev/null | awk '/^Version:/ {print $2; exit}')
[ -n "$ver" ] || die "no qemu source package known to apt: run 'make deps' (it enables deb-src)"
key=$( (echo "$ver"; echo "${conf[*]}"; cat "$top"/qemu/patches/*.patch 2>/dev/null || true) |
	sha256sum | cut -c1-12)
dir=$cache/qemu-$key
if [ -x "$dir/bin/qemu-system-arm" ]; then
	[ "$mode" = build ] && { touch "$dir" 2>/dev/null || true; }	# last used, for pruning
	echo "$dir"
	exit 0
fi
[ "$mode" = build ] || exit 1
mkdir -p "$cache"
exec 9> "$cache/qemu.lock"
flock 9

rm -rf "$dir.tmp"
mkdir -p "$dir.tmp"
ck_debsrc_unpack qemu "$ver" "$cache/qemu-src" "$dir.tmp/src"
for p in "$top"/qemu/patches/*.patch; do
	[ -e "$p" ] || continue
	say "patch $(basename "$p")"
	patch -d "$dir.tmp/src" -p1 -s --no-backup-if-mismatch < "$p"
done
mkdir -p "$dir.tmp/src/build"
say "configure: ${conf[*]}"
(cd "$dir.tmp/src/build" && ../configure "${conf[@]}" > ../configure.log 2>&1) ||
	{ tail -20 "$dir.tmp/src/configure.log" >&2; die "configure failed"; }
log=$dir.tmp/src/build.log
say "building ${targets[*]} (nice, -j$jobs; log: $log)"
ninja_step() { grep -o '^\[[0-9]*/[0-9]*\]' "$log" | tail -1; }
ck_build_watch "$log" ninja_step nice -n 10 ninja -C "$dir.tmp/src/build" -j"$jobs" "${targets[@]}"
mkdir -p "$dir.tmp/bin"
for t in "${targets[@]}"; do
	cp "$dir.tmp/src/build/$t" "$dir.tmp/bin/"
done
# QEMU looks for firmware (OpenBIOS, u-boot.e500, ...) in ../share/qemu
# next to its binary: use Debian's, from qemu-system-data
mkdir -p "$dir.tmp/share"
ln -s /usr/share/qemu "$dir.tmp/share/qemu"
ln -s /usr/share/qemu-firmware "$dir.tmp/share/qemu-firmware"
say "built in $ck_build_secs s"
mv "$dir.tmp" "$dir"
# builds of other inputs are ~0.9 GiB each: keep the one used last besides
# this one (another checkout or branch sharing the cache), remove the rest
ls -dt "$cache/qemu-"???????????? 2>/dev/null | grep -vxF "$dir" | tail -n +2 |
	while read -r old; do say "removing old build $old"; rm -rf "$old"; done ||
	true	# (grep finds nothing: nothing to remove)
echo "$dir"
