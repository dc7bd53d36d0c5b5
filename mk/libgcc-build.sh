#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# libgcc-build.sh - libgcc.a for SH-4, built from Debian's gcc-<N>-source
# with the board's flags and the plugin-loaded cross compiler, to link
# instead of Debian's sh4 libgcc.a.
#
# usage: libgcc-build.sh [--linux] <cross-prefix> <cflags...>
#   e.g. libgcc-build.sh sh4-linux-gnu- -fplugin=.../no_treg_combine.so -m4-nofpu -ml
# Prints the directory that holds libgcc.a. Cached in $CK_CACHE/libgcc-<key>,
# <key> hashing the GCC source tarball and package version, the cross
# compiler's version, the flags (the plugin's path carries its own key),
# --linux and this script; a rerun prints the cached path at once.
#
# Why: Debian's sh4 libgcc.a is compiled by the same GCC 12.2 whose
# sh_treg_combine passes drop or invert T-bit tests (DESIGN §9), and its C
# routines show it: its __fixunsdfdi tests `fcmp/gt; bf` where `bt` is
# meant, so (unsigned long long)3e9 is 4294967296 and (long long)-7.9 is
# -8. It is also the -m4 multilib only: -m4-nofpu code gets FPU division
# and conversion routines from it. This archive holds what libgcc's own
# build puts into an SH libgcc.a (libgcc/Makefile.in, config/sh/t-sh,
# t-fdpbit; the lists below):
#   - the assembly routines of config/sh/lib1funcs.S (shifts, __mulsi3,
#     the SImode divisions: __udivsi3_i4i, __sdivsi3_i4i with -m4-nofpu,
#     the FPU-based _i4 ones with -m4), assembled with <cflags>;
#   - libgcc2.c's C routines (DImode arithmetic and division, bit
#     counting, the integer <-> float conversions, complex multiply and
#     divide, ...) compiled with <cflags> and the plugin;
#   - fp-bit.c's soft-float single and double routines (__adddf3,
#     __muldf3, __eqdf2, __fixdfsi, __extendsfdf2, ...; t-fdpbit), what
#     -m4-nofpu code calls for float and double arithmetic;
#   - with --linux (a Linux program's libgcc), config/sh/linux-atomic.c's
#     __sync_* routines (gUSA sequences, which only Linux's exception
#     entry rolls back: never for bare-metal code).
# The archive must define every global symbol Debian's libgcc.a defines,
# but the FPU routines without the FPU (__sdivsi3_i4, __udivsi3_i4,
# __set_fpscr), __sync_* without --linux, __enable_execute_stack
# (trampolines on the stack: nothing here makes them) and __eprintf (the
# assert() of GCC 2, which needs a libc): the build fails
# otherwise, naming what is missing.
# GCC's internal headers (tm.h, tsystem.h, ...) come from the cross
# compiler's plugin headers (gcc-<N>-plugin-dev-sh4-linux-gnu), which
# describe exactly this compiler's target.
set -euo pipefail
usage="usage: libgcc-build.sh [--linux] <cross-prefix> <cflags...>"
linux=no
if [ "${1:-}" = --linux ]; then
	linux=yes
	shift
fi
cross=${1:?$usage}
shift
cflags=("$@")
cache=${CK_CACHE:?CK_CACHE not set}
jobs=${JOBS:-2}
say() { printf '[libgcc] %s\n' "$*" >&2; }
die() { printf '[libgcc] error: %s\n' "$*" >&2; exit 1; }
. "$(dirname "$0")/build-lib.sh"

command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing: run 'make deps'"
ck_gcc_source "$cross"
plugin_inc=$("${cross}gcc" -print-file-name=plugin)/include
[ -f "$plugin_inc/tm.h" ] ||
	die "no $plugin_inc/tm.h: package gcc-<N>-plugin-dev-${cross%-} missing, run 'make deps'"

key=$( (basename "$gcctar"; echo "$gccver"; "${cross}gcc" --version | head -1
	echo "${cflags[*]}"; echo "linux $linux"; cat "$0") | sha256sum | cut -c1-12)
dir=$cache/libgcc-$key
built() { [ -f "$dir/libgcc.a" ]; }
ck_cache_lock "$dir"

start=$(date +%s)
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp/src" "$dir.tmp/inc" "$dir.tmp/o" "$dir.tmp/out"
log=$dir.tmp/build.log
say "$(basename "$gcctar") (Debian $gccver) with ${cross}gcc ${cflags[*]}"
tar -xf "$gcctar" -C "$dir.tmp/src" --strip-components=1 --wildcards \
	'*/libgcc/*.[ch]' \
	'*/libgcc/config/sh/*' '*/include/*.h'
s=$dir.tmp/src/libgcc
# what a libgcc build generates: tconfig.h (the target's auto-host.h) and
# libgcc_tm.h (empty: config.host names no libgcc tm_file for SH)
printf '#define USED_FOR_TARGET 1\n#include "auto-host.h"\n' > "$dir.tmp/inc/tconfig.h"
: > "$dir.tmp/inc/libgcc_tm.h"
# libgcc's gcc_compile flags for a static libgcc, and sh/t-linux's
# -DNO_FPSCR_VALUES (no __fpscr_values table: nothing here switches FPSCR)
cc=("${cross}gcc" "${cflags[@]}" -O2 -ffunction-sections -fno-pic -fno-pie -DIN_GCC
	-DIN_LIBGCC2 -fbuilding-libgcc -fno-stack-protector -Dinhibit_libc -DNO_FPSCR_VALUES
	-I"$dir.tmp/inc" -I"$plugin_inc" -I"$s" -I"$s/config/sh" -I"$dir.tmp/src/include")

# <source> <extra flags> <object names...>: one object per name, compiled
# with -DL<name> (the selector of libgcc's one-routine-per-object sources)
build() {
	local src=$1 extra=$2
	shift 2
	printf '%s\n' "$@" | nice -n 10 xargs -P "$jobs" -I{} "${cc[@]}" $extra -DL{} \
		-c "$src" -o "$dir.tmp/o/{}.o" >> "$log" 2>&1 ||
		{ tail -20 "$log" >&2; die "compiling $(basename "$src") failed (log $log)"; }
}
lib1=(_ashiftrt _ashiftrt_n _ashiftlt _lshiftrt _movmem _movmem_i4 _mulsi3 _sdivsi3
	_sdivsi3_i4 _udivsi3 _udivsi3_i4 _set_fpscr _div_table _udiv_qrnnd_16
	_ic_invalidate _ic_invalidate_array)
build "$s/config/sh/lib1funcs.S" -xassembler-with-cpp "${lib1[@]}"
lib2=(_muldi3 _negdi2 _lshrdi3 _ashldi3 _ashrdi3 _cmpdi2 _ucmpdi2 _clear_cache
	_trampoline __main _absvsi2 _absvdi2 _addvsi3 _addvdi3 _subvsi3 _subvdi3 _mulvsi3
	_mulvdi3 _negvsi2 _negvdi2 _ctors _ffssi2 _ffsdi2 _clz _clzsi2 _clzdi2 _ctzsi2
	_ctzdi2 _popcount_tab _popcountsi2 _popcountdi2 _paritysi2 _paritydi2 _powisf2
	_powidf2 _mulsc3 _muldc3 _divsc3 _divdc3 _bswapsi2 _bswapdi2 _clrsbsi2 _clrsbdi2
	_fixunssfsi _fixunsdfsi _fixsfdi _fixdfdi _fixunssfdi _fixunsdfdi _floatdisf
	_floatdidf _floatundisf _floatundidf
	_divdi3 _moddi3 _divmoddi4 _udivdi3 _umoddi3 _udivmoddi4 _udiv_w_sdiv
	_eprintf __gcc_bcmp)
build "$s/libgcc2.c" "" "${lib2[@]}"
fp=(_pack_sf _unpack_sf _addsub_sf _mul_sf _div_sf _fpcmp_parts_sf _compare_sf _eq_sf
	_ne_sf _gt_sf _ge_sf _lt_sf _le_sf _unord_sf _si_to_sf _sf_to_si _negate_sf
	_make_sf _sf_to_df _thenan_sf _sf_to_usi _usi_to_sf)
build "$s/fp-bit.c" "-DFINE_GRAINED_LIBRARIES -DFLOAT" "${fp[@]}"
# the double routines: the same source without FLOAT, objects _*_df
dp=("${fp[@]//_sf/_df}")
build "$s/fp-bit.c" -DFINE_GRAINED_LIBRARIES "${dp[@]/#_df_to_df/_df_to_sf}"
if [ $linux = yes ]; then
	"${cc[@]}" -c "$s/config/sh/linux-atomic.c" -o "$dir.tmp/o/linux-atomic.o" >> "$log" 2>&1 ||
		{ tail -20 "$log" >&2; die "compiling linux-atomic.c failed (log $log)"; }
fi
# what Debian's libgcc.a defines and this one does not: only what the
# header allows, or a routine of its list is missing here
globals() { "${cross}nm" -g --defined-only "$@" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u; }
allowed='^__(enable_execute_stack|eprintf)$'
# (the whole macro list first: `gcc | grep -q` under pipefail fails when
# grep stops reading before gcc has written its last line)
defs=$("${cross}gcc" "${cflags[@]}" -dM -E - < /dev/null) ||
	die "${cross}gcc ${cflags[*]} cannot preprocess"
case $defs in *__SH4_NOFPU__*) allowed+='|^__(sdivsi3_i4|udivsi3_i4|set_fpscr)$' ;; esac
[ $linux = yes ] || allowed+='|^__sync_'
missing=$(comm -13 <(globals "$dir.tmp/o/"*.o) <(globals "$("${cross}gcc" -print-libgcc-file-name)") |
	grep -vE "$allowed" || true)
[ -z "$missing" ] || die "routines of Debian's libgcc.a not built: $(echo $missing)"
"${cross}ar" rcs "$dir.tmp/out/libgcc.a" "$dir.tmp/o/"*.o
# a build is ~0.5 MiB: keep the three used last besides this one (the
# userland's and the RT side's flags, another checkout)
ck_cache_commit "$dir" 3 "$start"
