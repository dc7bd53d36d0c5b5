#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# musl-build.sh - a static C library for a guest's Linux userland where
# Debian's prebuilt cross libc cannot be used (SH-4: libc6-dev-sh4-cross is
# miscompiled by the sh_treg_combine bug, DESIGN §9), built from Debian's
# musl source package with the board's cross compiler and flags, plus the
# Linux UAPI headers of the guest kernel's own source.
#
# usage: musl-build.sh <linux-arch> <cross-prefix> <cflags...>
#   e.g. musl-build.sh sh sh4-linux-gnu- -fplugin=.../no_treg_combine.so -m4
# <linux-arch> is Linux's ARCH= for the headers, <cflags> what every object
# of the libc is compiled with; programs that link it must share their ABI
# flags (-m4 vs -m4-nofpu, endianness). Prints the install directory:
#   include/      musl's headers and Linux's UAPI headers (linux/, asm/, ...)
#   lib/          libc.a, crt1.o, Scrt1.o, crti.o, crtn.o (no shared library),
#                 and libgcc.a from GCC's source, built with <cflags> too
#                 (mk/libgcc-build.sh --linux: Debian's sh4 libgcc.a is
#                 miscompiled like its glibc)
#   lib/musl-gcc.specs  for `<cross>gcc -specs <it> -static`: musl's
#                 headers, start files and libc.a, and that libgcc.a,
#                 instead of the cross compiler's; GCC's own headers
#                 (stddef.h, ...) stay. No crtbeginS.o/crtendS.o (also
#                 Debian's build): musl runs .init_array/.fini_array
#                 itself, and no C++ (__dso_handle, EH frame
#                 registration) is built against it.
# Cached in $CK_CACHE/musl-<key>, <key> hashing the musl source version,
# the Linux source version, the cross compiler's version, the flags (the
# GCC plugin's path carries its own key), this script and
# mk/libgcc-build.sh; a rerun prints the cached path at once.
#
# Why musl: Debian's source package builds with a plain cross compiler
# (one configure, one make, about a minute for the static library), and it
# supports SH-4 with and without FPU; glibc would need a bootstrap through
# a stage-1 compiler. The kernel headers come from linux-source-6.1
# (`make headers_install`), the tree the guest kernel is built from, so the
# UAPI the tools see is the guest's own.
set -euo pipefail
usage="usage: musl-build.sh <linux-arch> <cross-prefix> <cflags...>"
larch=${1:?$usage}
cross=${2:?$usage}
shift 2
cflags="$*"
cache=${CK_CACHE:?CK_CACHE not set}
jobs=${JOBS:-2}
say() { printf '[musl] %s\n' "$*" >&2; }
die() { printf '[musl] error: %s\n' "$*" >&2; exit 1; }
. "$(dirname "$0")/build-lib.sh"

ltar=/usr/src/linux-source-6.1.tar.xz
[ -f "$ltar" ] || die "$ltar missing: run 'make deps' (package linux-source-6.1)"
command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing: run 'make deps'"
command -v dpkg-source >/dev/null || die "dpkg-source missing: run 'make deps'"
ver=$(apt-cache showsrc musl 2>/dev/null | awk '/^Version:/ {print $2}' | sort -V | tail -1)
[ -n "$ver" ] || die "no musl source package known to apt: run 'make deps' (it enables deb-src)"
lver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || stat -c %s "$ltar")

key=$( (echo "$ver"; echo "$lver"; echo "$larch $cross"; "${cross}gcc" --version | head -1
	echo "$cflags"; cat "$0" "$(dirname "$0")/libgcc-build.sh") | sha256sum | cut -c1-12)
dir=$cache/musl-$key
built() {
	[ -f "$dir/lib/libc.a" ] && [ -f "$dir/lib/libgcc.a" ] &&
		[ -f "$dir/lib/musl-gcc.specs" ] && [ -d "$dir/include/asm" ]
}
ck_cache_lock "$dir"

start=$(date +%s)
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp"
log=$dir.tmp/build.log

# Linux's UAPI headers: headers_install needs the top Makefile, scripts/,
# include/ and the architecture's directory, not the whole tree
say "Linux UAPI headers for ARCH=$larch from $(basename "$ltar") ($lver)"
mkdir -p "$dir.tmp/linux"
top=$(basename "$ltar" .tar.xz)	# the top directory in the tarball
tar -xf "$ltar" -C "$dir.tmp/linux" --strip-components=1 --wildcards \
	"$top/Makefile" "$top/Kbuild" "$top/Kconfig" "$top/scripts/*" "$top/include/*" \
	"$top/arch/$larch/*" "$top/usr/*" "$top/tools/include/*"
nice -n 10 make -s -C "$dir.tmp/linux" ARCH="$larch" headers_install \
	INSTALL_HDR_PATH="$dir.tmp/out" > "$dir.tmp/headers.log" 2>&1 ||
	{ tail -20 "$dir.tmp/headers.log" >&2; die "headers_install failed"; }
[ -d "$dir.tmp/out/include/asm" ] || die "headers_install made no include/asm"
rm -rf "$dir.tmp/linux"

ck_debsrc_unpack musl "$ver" "$cache/musl-src" "$dir.tmp/src"
# static only: the guest's programs are static (one file each in the
# initramfs, no dynamic loader); -ffunction/data-sections for musl's own
# --gc-sections-friendly archive (its default)
conf=(--target="${cross%-}" --prefix=/ --disable-shared
	CROSS_COMPILE="$cross" CC="${cross}gcc" CFLAGS="$cflags -O2")
say "building musl $ver with ${cross}gcc $cflags (nice, -j$jobs; log: $log)"
(cd "$dir.tmp/src" && echo "configure ${conf[*]}" && ./configure "${conf[@]}") \
	> "$dir.tmp/configure.log" 2>&1 ||
	{ tail -20 "$dir.tmp/configure.log" >&2; die "configure failed (log $dir.tmp/configure.log)"; }
objs() { echo "$(find "$dir.tmp/src/obj" -name '*.o' 2>/dev/null | wc -l) objects"; }
ck_build_watch "$log" objs nice -n 10 make -C "$dir.tmp/src" -j"$jobs" lib/libc.a \
	lib/crt1.o lib/Scrt1.o lib/crti.o lib/crtn.o
make -C "$dir.tmp/src" install-headers install-libs DESTDIR="$dir.tmp/out" >> "$log" 2>&1 ||
	{ tail -20 "$log" >&2; die "install failed (log $log)"; }
[ -f "$dir.tmp/out/lib/libc.a" ] || die "no lib/libc.a after the install (log $log)"
# shellcheck disable=SC2086 # (the flags are words)
lg=$("$(dirname "$0")/libgcc-build.sh" --linux "$cross" $cflags) || die "libgcc build failed"
cp "$lg/libgcc.a" "$dir.tmp/out/lib/libgcc.a"
# the specs name the final directory; the dynamic loader is named only
# because the spec syntax wants one: every program here links -static
ldso=$(sed -n 's/^LDSO_PATHNAME *= *//p' "$dir.tmp/src/config.mak")
sh "$dir.tmp/src/tools/musl-gcc.specs.sh" "$dir/include" "$dir/lib" "${ldso:-/lib/ld-musl.so.1}" |
	sed -e "s|^libgcc\.a%s .*|$dir/lib/libgcc.a|" -e 's| crtbeginS\.o%s||' \
		-e 's|^crtendS\.o%s ||' > "$dir.tmp/out/lib/musl-gcc.specs"
! grep -qE 'crt(begin|end)|libgcc\.a%s' "$dir.tmp/out/lib/musl-gcc.specs" ||
	die "musl-gcc.specs still names the compiler's crtbegin/crtend or libgcc.a"
cp "$dir.tmp/src/COPYRIGHT" "$dir.tmp/out/COPYRIGHT.musl"
# a build is ~12 MiB: keep the one used last besides this one
ck_cache_commit "$dir" 1 "$start"
