#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# busybox-build.sh [--libc=musl] <cross-prefix> [<cflags...>] - a static
# busybox for a guest architecture Debian does not ship (e.g. 32-bit
# PowerPC) or whose Debian libc cannot be used (SH-4), built from Debian's
# busybox source package (apt-get source, Debian's patches applied by
# dpkg-source) with Debian's own "static" configuration and the cross
# compiler. <cflags> go into every compile and link: the SH-4 GCC plugin,
# the CPU flags, and the specs of another libc (mk/musl-build.sh), e.g.
#   busybox-build.sh sh4-linux-gnu- -fplugin=.../no_treg_combine.so -m4 \
#       -specs .../musl-gcc.specs
# --libc=musl: the libc the specs bring is musl; the applet features that
# need glibc's GNU regex API (re_search, re_syntax_options) are turned off.
# Prints the build's directory, which holds the binary (busybox) and its
# build log: $CK_CACHE/busybox-<key>, <key> hashing the source version, the
# cross compiler's version, the flags and this script (a path in the flags
# carries the key of what it names: the plugin's, the libc's); a rerun
# prints the cached directory at once. The cache keeps the three builds
# used last (one per board that builds busybox, and a spare).
set -euo pipefail
libc=glibc
case ${1:-} in --libc=*) libc=${1#--libc=}; shift ;; esac
case $libc in glibc | musl) ;; *) echo "busybox-build.sh: unknown --libc=$libc (glibc, musl)" >&2; exit 2 ;; esac
cross=${1:?usage: busybox-build.sh [--libc=musl] <cross-prefix, e.g. powerpc-linux-gnu-> [<cflags...>]}
shift
cflags="$*"
cache=${CK_CACHE:?CK_CACHE not set}
jobs=${JOBS:-2}
say() { printf '[busybox] %s\n' "$*" >&2; }
die() { printf '[busybox] error: %s\n' "$*" >&2; exit 1; }
. "$(dirname "$0")/build-lib.sh"

command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing: run 'make deps'"
command -v dpkg-source >/dev/null || die "dpkg-source missing: run 'make deps'"
ver=$(apt-cache showsrc busybox 2>/dev/null | awk '/^Version:/ {print $2}' | sort -V | tail -1)
[ -n "$ver" ] || die "no busybox source package known to apt: run 'make deps' (it enables deb-src)"
key=$( (echo "$ver"; echo "$cross"; "${cross}gcc" --version | head -1; echo "$libc $cflags"; cat "$0") |
	sha256sum | cut -c1-12)
dir=$cache/busybox-$key
built() { [ -x "$dir/busybox" ]; }
ck_cache_lock "$dir"

start=$(date +%s)
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp/out"
ck_debsrc_unpack busybox "$ver" "$cache/busybox-src" "$dir.tmp/src"
mkdir -p "$dir.tmp/build"
cp "$dir.tmp/src/debian/config/pkg/static" "$dir.tmp/build/.config"
if [ $libc = musl ]; then
	# vi's regex search and grep's EXTRA_COMPAT (-z ...) use GNU regex
	# (re_search, struct re_pattern_buffer's translate), which musl's
	# POSIX <regex.h> does not have; oldconfig below settles what follows
	sed -i -e 's/^\(CONFIG_FEATURE_VI_REGEX_SEARCH\)=y/# \1 is not set/' \
		-e 's/^\(CONFIG_EXTRA_COMPAT\)=y/# \1 is not set/' "$dir.tmp/build/.config"
fi
log=$dir.tmp/out/build.log
say "building with ${cross}gcc${cflags:+ $cflags}, Debian's static config (nice, -j$jobs; log: $log)"
# with flags, CC on the command line: busybox's Makefile takes it for
# compiling and linking (and leaves HOSTCC, for its build tools, alone)
cc=()
[ -z "$cflags" ] || cc=("CC=${cross}gcc $cflags")
# its version line carries a build date: the source package's, so that two
# builds are byte-identical (the initramfs, and under icount the guest's
# boot, follow every byte; docs/measuring.md)
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l "$dir.tmp/src/debian/changelog" -S Timestamp)
export SOURCE_DATE_EPOCH
(cd "$dir.tmp/src" &&
	make O="$dir.tmp/build" CROSS_COMPILE="$cross" "${cc[@]}" oldconfig < <(yes "") &&
	nice -n 10 make -j"$jobs" O="$dir.tmp/build" CROSS_COMPILE="$cross" "${cc[@]}" busybox) \
	> "$log" 2>&1 || { tail -20 "$log" >&2; die "build failed (log $log)"; }
grep -qx 'CONFIG_STATIC=y' "$dir.tmp/build/.config" || die "not a static build"
cp "$dir.tmp/build/busybox" "$dir.tmp/out/busybox"
ck_cache_commit "$dir" 3 "$start"
