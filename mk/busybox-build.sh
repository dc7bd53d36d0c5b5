#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# busybox-build.sh <cross-prefix> - a static busybox for a guest architecture
# Debian does not ship (e.g. 32-bit PowerPC), built from Debian's busybox
# source package (apt-get source, Debian's patches applied by dpkg-source)
# with Debian's own "static" configuration and the cross compiler.
# Prints the path of the binary. Cached in $CK_CACHE/busybox-<key>/busybox,
# <key> hashing the source version, the cross compiler's version and this
# script; a rerun prints the cached path at once.
set -euo pipefail
cross=${1:?usage: busybox-build.sh <cross-prefix, e.g. powerpc-linux-gnu->}
cache=${CK_CACHE:?CK_CACHE not set}
jobs=${JOBS:-2}
say() { printf '[busybox] %s\n' "$*" >&2; }
die() { printf '[busybox] error: %s\n' "$*" >&2; exit 1; }
. "$(dirname "$0")/build-lib.sh"

command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing: run 'make deps'"
command -v dpkg-source >/dev/null || die "dpkg-source missing: run 'make deps'"
ver=$(apt-cache showsrc busybox 2>/dev/null | awk '/^Version:/ {print $2}' | sort -V | tail -1)
[ -n "$ver" ] || die "no busybox source package known to apt: run 'make deps' (it enables deb-src)"
key=$( (echo "$ver"; echo "$cross"; "${cross}gcc" --version | head -1; cat "$0") |
	sha256sum | cut -c1-12)
dir=$cache/busybox-$key
if [ -x "$dir/busybox" ]; then
	echo "$dir/busybox"
	exit 0
fi
mkdir -p "$cache"
exec 9> "$cache/busybox.lock"
flock 9
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp"
ck_debsrc_unpack busybox "$ver" "$cache/busybox-src" "$dir.tmp/src"
mkdir -p "$dir.tmp/build"
cp "$dir.tmp/src/debian/config/pkg/static" "$dir.tmp/build/.config"
log=$dir.tmp/build.log
say "building with ${cross}gcc, Debian's static config (nice, -j$jobs; log: $log)"
# its version line carries a build date: the source package's, so that two
# builds are byte-identical (the initramfs, and under icount the guest's
# boot, follow every byte; docs/measuring.md)
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l "$dir.tmp/src/debian/changelog" -S Timestamp)
export SOURCE_DATE_EPOCH
(cd "$dir.tmp/src" &&
	make O="$dir.tmp/build" CROSS_COMPILE="$cross" oldconfig < <(yes "") &&
	nice -n 10 make -j"$jobs" O="$dir.tmp/build" CROSS_COMPILE="$cross" busybox) \
	> "$log" 2>&1 || { tail -20 "$log" >&2; die "build failed (log $log)"; }
grep -qx 'CONFIG_STATIC=y' "$dir.tmp/build/.config" || die "not a static build"
cp "$dir.tmp/build/busybox" "$dir.tmp/busybox"
rm -rf "$dir.tmp/src" "$dir.tmp/build"
mv "$dir.tmp" "$dir"
# a finished build (just the binary, 2 MB) may serve another cross compiler
# or checkout: keep those; remove what failed builds left behind
for old in "$cache/busybox-"???????????? "$cache/busybox-"????????????.tmp; do
	[ "$old" = "$dir" ] || [ ! -d "$old" ] || [ "$(ls "$old")" = busybox ] || rm -rf "$old"
done
echo "$dir/busybox"
