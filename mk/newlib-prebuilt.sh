#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# newlib-prebuilt.sh - the RT programs' newlib from the distribution's
# prebuilt multilibs (Debian's libnewlib-arm-none-eabi), for a board whose
# CPU it serves (NEWLIB_PREBUILT := yes in board.mk, mk/newlib.mk): nothing
# is built. The multilib is the one the compiler picks for the board's
# flags (<cc> <cflags> -print-multi-directory); the check below refuses it
# when it was built for an FPU.
#
# usage: newlib-prebuilt.sh <target> <cc> <out dir> <cflags...>
#   e.g. newlib-prebuilt.sh arm-none-eabi arm-none-eabi-gcc build/versatilepb/newlib-prebuilt \
#        -mcpu=arm926ej-s -marm -mfloat-abi=soft
# Makes <out dir> the layout mk/newlib-build.sh's builds have, as links:
#   <target>/lib/libc.a    the multilib's libc_nano.a
#   <target>/lib/libm.a    the multilib's libm.a
#   <target>/include       newlib's headers
#   <target>/include-nano  the nano variant's newlib.h (searched first)
# and prints <out dir>. The nano variant (nano formatted I/O, nano malloc,
# a small struct _reent: /usr/include/newlib/nano/newlib.h says so) is what
# mk/newlib-build.sh builds for the other boards, so an RT program sees
# the same newlib on every board (cokernel/libc/glue.c).
#
# The check: no member of libc_nano.a, libm.a or the multilib's libgcc.a
# may carry an FP attribute (readelf -A: Tag_FP_arch, Tag_ABI_VFP_args,
# Tag_Advanced_SIMD_arch, Tag_ABI_HardFP_use: built for a VFP or NEON, or
# passing floats in its registers), nor an architecture newer than the one
# <cflags> compile for (Tag_CPU_arch): that code would run in QEMU, whose
# arm926 has a VFP (cpu_tcg.c arm926_initfn), and take an undefined
# instruction on a CPU without one (AT91SAM9260). GCC's arm926ej-s has an
# optional FPU: -mfloat-abi=softfp selects the arm/v5te/softfp multilib,
# built for VFPv2; -mfloat-abi=soft the default one, ARMv4T without FP.
# Exit 0, or 1 with what is wrong on stderr; 2 on bad usage.
set -euo pipefail
usage="usage: newlib-prebuilt.sh <target> <cc> <out dir> <cflags...>"
[ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }
target=$1 cc=$2 out=$3
shift 3
cflags=("$@")
say() { printf '[newlib] %s\n' "$*" >&2; }
die() { printf '[newlib] error: %s\n' "$*" >&2; exit 1; }

command -v "$cc" >/dev/null || die "$cc missing: run 'make deps'"
readelf=${cc%gcc}readelf
command -v "$readelf" >/dev/null || die "$readelf missing: run 'make deps'"
multi=$("$cc" "${cflags[@]}" -print-multi-directory)
# the multilib's file, as the link finds it (gcc prints the bare name when
# it finds none)
lib() {
	local f
	f=$("$cc" "${cflags[@]}" -print-file-name="$1")
	[ "$f" != "$1" ] && [ -f "$f" ] ||
		die "no $1 for ${cflags[*]} (multilib '$multi'): package libnewlib-$target missing? run 'make deps'"
	realpath "$f"
}
libc=$(lib libc_nano.a)
libm=$(lib libm.a)
libgcc=$(realpath "$("$cc" "${cflags[@]}" -print-libgcc-file-name)")
# the headers: where the compiler finds newlib.h, without and with the
# nano variant's specs (its first header line, `. <path>`)
hdr() {
	echo '#include <newlib.h>' | "$cc" "${cflags[@]}" "$@" -xc -E -H - -o /dev/null 2>&1 |
		sed -n '1s|^\. \(.*\)/newlib\.h$|\1|p' || true
}
inc=$(hdr)
incnano=$(hdr -specs=nano.specs)
[ -n "$inc" ] && [ -n "$incnano" ] && [ "$inc" != "$incnano" ] ||
	die "newlib's headers not found by $cc (newlib.h: '$inc', nano's: '$incnano')"
grep -qx '#define _NANO_FORMATTED_IO 1' "$incnano/newlib.h" ||
	die "$incnano/newlib.h is not the nano variant's (no _NANO_FORMATTED_IO)"

# The architecture the board's code is compiled for, from an empty object
# (readelf -A's names): a library may be built for it or an older one of
# the list, ARMv4 to v5, each of which runs the code of those before it
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cc" "${cflags[@]}" -c -xc /dev/null -o "$tmp/empty.o"
cpuarch=$("$readelf" -A "$tmp/empty.o" | sed -n 's/^ *Tag_CPU_arch: //p')
older=()
for a in v4 v4T v5T v5TE v5TEJ; do
	older+=("$a")
	[ "$a" != "$cpuarch" ] || break
done
[ "${older[-1]}" = "$cpuarch" ] ||
	die "Tag_CPU_arch '$cpuarch' of ${cflags[*]}: which older ones run on it? (add them here)"

bad=$("$readelf" -A "$libc" "$libm" "$libgcc" | awk -v ok=" ${older[*]} " '
	/^File: / { f = $2 }
	/^ *Tag_(FP_arch|ABI_VFP_args|Advanced_SIMD_arch|ABI_HardFP_use):/ { print f ":" $0 }
	/^ *Tag_CPU_arch:/ { a = $2; if (index(ok, " " a " ") == 0) print f ":" $0 }')
if [ -n "$bad" ]; then
	say "error: the multilib '$multi' that ${cflags[*]} select holds code this CPU"
	say "($cpuarch, no FPU) cannot run: $(cut -d: -f1 <<< "$bad" | sort -u | wc -l) members, the first:"
	awk 'NR <= 4 { print "  " $0 }' <<< "$bad" >&2
	say "by attribute:"
	sed 's/^[^:]*: *//' <<< "$bad" | sort | uniq -c >&2
	say "Tag_FP_arch, Tag_ABI_VFP_args, Tag_ABI_HardFP_use: VFP instructions or floats"
	say "in VFP registers; Tag_Advanced_SIMD_arch: NEON; Tag_CPU_arch: an architecture"
	say "newer than $cpuarch. QEMU's arm926 has a VFP and runs such code, a CPU without one"
	die "(AT91SAM9260) takes an undefined instruction: use -mfloat-abi=soft, its multilib has no FP"
fi

mkdir -p "$out/$target/lib"
ln -sfn "$libc" "$out/$target/lib/libc.a"
ln -sfn "$libm" "$out/$target/lib/libm.a"
ln -sfn "$inc" "$out/$target/include"
ln -sfn "$incnano" "$out/$target/include-nano"
say "$target: the prebuilt multilib '$multi' ($cpuarch, no FP): $libc, libm.a; headers $inc, $incnano"
echo "$out"
