#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# rt-tests-build.sh <cross-prefix> [<cflags...>] - rt-tests' cyclictest and
# hackbench, static, for a guest whose architecture has no Debian rt-tests
# binary (32-bit PowerPC, SH-4 with musl; mk/rt-tests.mk), built from
# Debian's rt-tests source package (apt-get source, Debian's patches
# applied by dpkg-source) with the cross compiler and <cflags> in every
# compile and link: the CPU flags, the SH-4 GCC plugin, another libc's
# specs (as mk/busybox-build.sh takes them). libnuma is not linked:
# mk/rt-tests/numa-none.c stands in for it (no NUMA on these boards, and
# Debian has no libnuma for them).
# RT_TESTS_SRC=<dir>: an rt-tests source tree to build instead of Debian's
# package (for a machine whose archive mirror does not serve the source).
# Prints the build's directory, which holds cyclictest, hackbench and the
# build log: $CK_CACHE/rt-tests-<key>, <key> hashing the source's version,
# the cross compiler's version, the flags, the stand-in and this script; a
# rerun prints the cached directory at once. Exit 0 when built, 3 when
# Debian's archive does not serve the source package (nothing built), 1 on
# any other failure, 2 on bad usage.
set -euo pipefail
cross=${1:?usage: rt-tests-build.sh <cross-prefix, e.g. powerpc-linux-gnu-> [<cflags...>]}
shift
cflags="$*"
cache=${CK_CACHE:?CK_CACHE not set}
jobs=${JOBS:-2}
top=$(cd "$(dirname "$0")/.." && pwd)
shim=$top/mk/rt-tests
bins=(cyclictest hackbench)
say() { printf '[rt-tests] %s\n' "$*" >&2; }
die() { printf '[rt-tests] error: %s\n' "$*" >&2; exit 1; }
. "$top/mk/build-lib.sh"

command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing: run 'make deps'"
command -v dpkg-source >/dev/null || die "dpkg-source missing: run 'make deps'"
srcdir=$cache/rt-tests-src
if [ -n "${RT_TESTS_SRC:-}" ]; then
	[ -f "$RT_TESTS_SRC/Makefile" ] || die "RT_TESTS_SRC=$RT_TESTS_SRC: no rt-tests Makefile there"
	ver="tree $(realpath "$RT_TESTS_SRC") $(sed -n 's/^VERSION *= *//p' "$RT_TESTS_SRC/Makefile")"
else
	ver=$(apt-cache showsrc rt-tests 2>/dev/null | awk '/^Version:/ {print $2}' | sort -V | tail -1)
	[ -n "$ver" ] || die "no rt-tests source package known to apt: run 'make deps' (it enables deb-src)"
fi
key=$( (echo "$ver"; echo "$cross"; "${cross}gcc" --version | head -1; echo "$cflags"
	cat "$shim"/numa.h "$shim"/numa-none.c "$0") | sha256sum | cut -c1-12)
dir=$cache/rt-tests-$key
built() { [ -x "$dir/cyclictest" ] && [ -x "$dir/hackbench" ]; }
ck_cache_lock "$dir"

if [ -z "${RT_TESTS_SRC:-}" ] && ! ls "$srcdir"/rt-tests_"${ver#*:}".dsc >/dev/null 2>&1; then
	mkdir -p "$srcdir"
	say "downloading Debian's rt-tests $ver source package"
	(cd "$srcdir" && apt-get -q -o APT::Sandbox::User=root source --download-only \
		"rt-tests=$ver" >&2) || {
		rm -f "$srcdir"/rt-tests_*
		say "Debian's archive does not serve the rt-tests $ver source (apt-get source failed)"
		exit 3
	}
fi

start=$(date +%s)
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp/out"
if [ -n "${RT_TESTS_SRC:-}" ]; then
	say "source: $RT_TESTS_SRC (RT_TESTS_SRC)"
	cp -r "$RT_TESTS_SRC" "$dir.tmp/src"
	rm -rf "$dir.tmp/src/.git"
else
	ck_debsrc_unpack rt-tests "$ver" "$srcdir" "$dir.tmp/src"
fi
log=$dir.tmp/out/build.log
say "building ${bins[*]} with ${cross}gcc${cflags:+ $cflags}, static (nice, -j$jobs; log: $log)"
cc="${cross}gcc $cflags"
{
	mkdir -p "$dir.tmp/numa"
	$cc -O2 -Wall -Wextra -Werror -c "$shim/numa-none.c" -o "$dir.tmp/numa/numa-none.o"
	"${cross}ar" rcs "$dir.tmp/numa/libnuma.a" "$dir.tmp/numa/numa-none.o"
	# (command-line variables override the Makefile's own CPPFLAGS += and
	# its libnuma link; -static for every program)
	cd "$dir.tmp/src"
	nice -n 10 make -j"$jobs" CC="$cc" AR="${cross}ar" CFLAGS="-O2 -Wall -Wno-nonnull" \
		CPPFLAGS="-D_GNU_SOURCE -Isrc/include -I$shim" LDFLAGS=-static \
		RTTESTNUMA="-lrttestnuma -L$dir.tmp/numa -lnuma" PYLIB= "${bins[@]}"
} > "$log" 2>&1 || { tail -20 "$log" >&2; die "build failed (log $log)"; }
for b in "${bins[@]}"; do
	case $("${cross}readelf" -l "$dir.tmp/src/$b") in *INTERP*) die "$b is not static" ;; esac
	cp "$dir.tmp/src/$b" "$dir.tmp/out/$b"
done
ck_cache_commit "$dir" 3 "$start"
