#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# newlib-build.sh - newlib (libc.a, libm.a and headers) for the RT programs
# of a board whose CPU Debian ships no bare-metal newlib for (PowerPC, SH),
# built from Debian's newlib-source (/usr/src/newlib/newlib-*.tar.*) with
# Debian's Linux cross compiler as the target compiler.
#
# usage: newlib-build.sh [--softfp | --libgcc] <target> <cross-prefix> <cflags...>
#   e.g. newlib-build.sh --softfp powerpc-eabi powerpc-linux-gnu- -mcpu=8548 -msoft-float ...
#        newlib-build.sh --libgcc sh-elf sh4-linux-gnu- -m4-nofpu -ml -fplugin=...
# <target> is the triple newlib is configured for (it picks newlib's
# machine directory and defaults), <cflags> the board's CPU and ABI flags;
# the code that links the result must be compiled with the same ABI flags.
# Prints the install directory, which holds <target>/include and
# <target>/lib/{libc.a,libm.a}. Cached in $CK_CACHE/newlib-<key>, <key>
# hashing the tarball's name and package version, the target, the cross
# compiler's version, the flags and this script; a rerun prints the cached
# path at once.
#
# --softfp: also <target>/lib/libsoftfp.a, the soft-float routines of
# libgcc (__adddf3, __fixdfdi, ...: GCC's soft-fp, as a soft-float multilib
# of libgcc has them) compiled with <cflags> from Debian's gcc-<N>-source
# for the cross compiler's major version N. For a compiler whose libgcc
# has no soft-float multilib: Debian's powerpc-linux-gnu libgcc implements
# __adddf3 and friends with classic FPU instructions (fadd, lfd, mffs),
# which an e500v2 does not have, taking their arguments in FPRs, which
# -msoft-float code does not use. Link it before -lgcc.
#
# --libgcc: also <target>/lib/libgcc.a, a whole libgcc built from GCC's
# source with <cflags> (mk/libgcc-build.sh: SH-4, whose Debian libgcc.a is
# the -m4 multilib only and miscompiled; its fp-bit routines are the soft
# float of -m4-nofpu code). The link's -L<target>/lib finds it before the
# compiler's own.
#
# What is built: nano formatted I/O (no floating point in printf unless
# the program links _printf_float) and nano malloc, a small struct _reent
# (--enable-newlib-reent-small), no supplied system calls (the co-kernel
# has its own, cokernel/libc/glue.c), no multilib (one CPU per build).
set -euo pipefail
usage="usage: newlib-build.sh [--softfp | --libgcc] <target> <cross-prefix> <cflags...>"
softfp=no libgcc=no
case ${1:-} in
--softfp) softfp=yes && shift ;;
--libgcc) libgcc=yes && shift ;;
esac
target=${1:?$usage}
cross=${2:?$usage}
shift 2
cpuflags=("$@")
cache=${CK_CACHE:?CK_CACHE not set}
jobs=${JOBS:-2}
say() { printf '[newlib] %s\n' "$*" >&2; }
die() { printf '[newlib] error: %s\n' "$*" >&2; exit 1; }
. "$(dirname "$0")/build-lib.sh"

tar=$(ls /usr/src/newlib/newlib-*.tar.* 2>/dev/null | sort -V | tail -1 || true)
[ -n "$tar" ] || die "no /usr/src/newlib/newlib-*.tar.*: package newlib-source missing, run 'make deps'"
command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing: run 'make deps'"
pkgver=$(dpkg-query -W -f='${Version}' newlib-source 2>/dev/null || stat -c %s "$tar")
gcctar='' gccver=''
if [ $softfp = yes ]; then
	ck_gcc_source "$cross"
	case $target in	# libgcc's directory of the CPU's sfp-machine.h
	powerpc*) sfpdir=rs6000 ;;
	*) die "--softfp: which libgcc/config/<dir>/sfp-machine.h serves $target? (add it here)" ;;
	esac
fi
# (the libgcc.a of --libgcc follows GCC's source too: its version keys)
[ $libgcc = no ] || ck_gcc_source "$cross"

# -Os -ffunction-sections -fdata-sections: the co-kernel links with
# --gc-sections and keeps only what it calls. -fno-pic -fno-pie: the
# co-kernel is linked at its run address (Debian's gcc is PIE by default).
# -nostdinc + GCC's own include directory: Debian's cross gcc also
# searches glibc's and the host's /usr/include, which must not stand in
# for a header newlib lacks.
gccinc=$("${cross}gcc" -print-file-name=include)
cflags="${cpuflags[*]} -Os -ffunction-sections -fdata-sections -fno-pic -fno-pie -nostdinc -isystem $gccinc"
conf=(--target="$target" --prefix=/ --disable-newlib-supplied-syscalls
	--enable-newlib-nano-malloc --enable-newlib-nano-formatted-io
	--enable-newlib-reent-small --disable-nls --disable-multilib)

key=$( (basename "$tar"; echo "$pkgver"; echo "$target"; "${cross}gcc" --version | head -1
	echo "$cflags"; echo "${conf[*]}"; echo "softfp $softfp $gcctar $gccver"; cat "$0"
	[ $libgcc = no ] || { echo libgcc; cat "$(dirname "$0")/libgcc-build.sh"; }) |
	sha256sum | cut -c1-12)
dir=$cache/newlib-$key
built() {
	[ -f "$dir/$target/lib/libc.a" ] && [ -f "$dir/$target/lib/libm.a" ] &&
		{ [ $softfp = no ] || [ -f "$dir/$target/lib/libsoftfp.a" ]; } &&
		{ [ $libgcc = no ] || [ -f "$dir/$target/lib/libgcc.a" ]; }
}
ck_cache_lock "$dir"

start=$(date +%s)
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp/src" "$dir.tmp/build"
log=$dir.tmp/build.log
say "building $(basename "$tar") (Debian $pkgver) for $target with ${cross}gcc (nice, -j$jobs; log: $log)"
tar -xf "$tar" -C "$dir.tmp/src" --strip-components=1
tools=()
for t in ar as ld nm ranlib objdump readelf strip; do
	tools+=("${t^^}_FOR_TARGET=${cross}$t")
done
(cd "$dir.tmp/build" && echo "configure ${conf[*]} CFLAGS_FOR_TARGET=$cflags" &&
	env CC_FOR_TARGET="${cross}gcc" "${tools[@]}" CFLAGS_FOR_TARGET="$cflags" \
	../src/configure "${conf[@]}") > "$dir.tmp/configure.log" 2>&1 ||
	{ tail -20 "$dir.tmp/configure.log" >&2; die "configure failed (log $dir.tmp/configure.log)"; }
objs() { echo "$(find "$dir.tmp/build" -name '*.o' | wc -l) objects"; }
ck_build_watch "$log" objs nice -n 10 make -C "$dir.tmp/build" -j"$jobs" all-target-newlib
make -C "$dir.tmp/build" install-target-newlib DESTDIR="$dir.tmp/out" >> "$log" 2>&1 ||
	{ tail -20 "$log" >&2; die "install failed (log $log)"; }
[ -f "$dir.tmp/out/$target/lib/libc.a" ] && [ -f "$dir.tmp/out/$target/lib/libm.a" ] ||
	die "no $target/lib/libc.a and libm.a after the install (log $log)"
case $target in
sh*)
	# SH: newlib's assembly (libc/machine/sh: memcpy, strlen, setjmp, ...)
	# names its C symbols with sh-elf's leading underscore (asm.h
	# _C_LABEL), which the Linux cross compiler used here does not add:
	# they get C's names. libc/sys/sh holds the GDB simulator's system
	# calls (trapa #34), not the co-kernel's (cokernel/libc/glue.c): its
	# members go (crt0.o is installed apart and never linked).
	for f in libc libg; do
		a=$dir.tmp/out/$target/lib/$f.a
		[ -f "$a" ] || continue
		tar -xOf "$tar" --wildcards '*/newlib/libc/machine/sh/*.S' |
			sed -n 's/.*ENTRY(\([A-Za-z0-9_]*\)).*/_\1 \1/p' | sort -u > "$dir.tmp/redefine"
		[ -s "$dir.tmp/redefine" ] || die "no ENTRY() in newlib's libc/machine/sh/*.S"
		"${cross}objcopy" --redefine-syms="$dir.tmp/redefine" "$a"
		mapfile -t sys < <(tar -tf "$tar" --wildcards '*/newlib/libc/sys/sh/*.[cS]' |
			sed -n 's|.*/\([a-z_0-9]*\)\.[cS]$|lib_a-\1.o|p' | grep -vx 'lib_a-crt0.o')
		"${cross}ar" d "$a" "${sys[@]}"
	done
	if "${cross}nm" "$dir.tmp/out/$target/lib/libc.a" 2>/dev/null |
		grep -qE ' [TW] _(memcpy|strlen|setjmp)$| [TU] __trap34$'; then
		die "libc.a still has sh-elf names or the simulator's system calls"
	fi
	;;
esac
# PowerPC: small data must be addressed absolutely (the co-kernel sets up
# no _SDA_BASE_ in r13): no SDA-relative relocations
if "${cross}objdump" -r "$dir.tmp/out/$target/lib/"lib[cm].a |
	grep -qE 'R_PPC_(SDAREL16|EMB_SDA21|EMB_SDA2I16|EMB_SDA2REL)'; then
	die "newlib uses r13/r2-relative small data: build it with -msdata=none or -G 0"
fi
if [ $softfp = yes ]; then
	# the list of a soft-float libgcc (libgcc/config/t-softfp with
	# float modes sf df, integer modes si di, sfdf and dfsf), compiled as
	# libgcc does: sfp-machine.h from config/<cpu>, longlong.h from include/
	say "soft-float routines from $(basename "$gcctar") (Debian $gccver)"
	funcs=(extendsfdf2 truncdfsf2)
	for m in sf df; do
		for f in add3 div3 eq2 ge2 le2 mul3 neg2 sub3 unord2; do
			funcs+=("${f%?}$m${f: -1}")	# adddf3, eqdf2, ...
		done
		for i in si di; do
			funcs+=("fix$m$i" "fixuns$m$i" "float$i$m" "floatun$i$m")
		done
	done
	mkdir -p "$dir.tmp/gcc" "$dir.tmp/softfp"
	paths=()
	for f in "${funcs[@]}"; do paths+=("*/libgcc/soft-fp/$f.c"); done
	tar -xf "$gcctar" -C "$dir.tmp/gcc" --strip-components=1 --wildcards "${paths[@]}" \
		'*/libgcc/soft-fp/*.h' "*/libgcc/config/$sfpdir/sfp-machine.h" '*/include/longlong.h'
	printf '%s\n' "${funcs[@]}" | nice -n 10 xargs -P "$jobs" -I{} "${cross}gcc" \
		"${cpuflags[@]}" -O2 -ffunction-sections -fno-pic -fno-pie -nostdinc \
		-isystem "$gccinc" -I"$dir.tmp/gcc/libgcc/config/$sfpdir" -I"$dir.tmp/gcc/include" \
		-c "$dir.tmp/gcc/libgcc/soft-fp/{}.c" -o "$dir.tmp/softfp/{}.o" >> "$log" 2>&1 ||
		{ tail -20 "$log" >&2; die "soft-fp build failed (log $log)"; }
	"${cross}ar" rcs "$dir.tmp/out/$target/lib/libsoftfp.a" "$dir.tmp/softfp/"*.o
fi
if [ $libgcc = yes ]; then
	lg=$(JOBS=$jobs "$(dirname "$0")/libgcc-build.sh" "$cross" "${cpuflags[@]}") ||
		die "libgcc build failed"
	cp "$lg/libgcc.a" "$dir.tmp/out/$target/lib/libgcc.a"
fi
# a build is ~3 MiB: keep the two used last besides this one (the other
# CPU's flags: e500 and r2d; another checkout)
ck_cache_commit "$dir" 2 "$start"
