#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# newlib-check.sh - run the RT programs' newlib, libm and libgcc once, on
# the build machine, before the co-kernel links them (mk/newlib.mk): builds
# tests/newlib/fpcheck.c with the board's flags as a static Linux program
# against <newlib dir>/<target>/lib (libc.a, libm.a, and libsoftfp.a or
# libgcc.a where the build made them) and runs it
# under QEMU's user-mode emulator; with a mnemonic regex (the board's
# CK_FORBIDDEN_INSNS), first checks that its disassembly holds none (the
# co-kernel's own link check, mk/cokernel.mk, on newlib's code it calls).
#
# usage: newlib-check.sh <qemu-user> <newlib dir> <target> <cross-prefix> <forbidden regex|''> <cflags...>
# <qemu-user> is one word or the emulator with its options, one argument
# ('qemu-ppc -cpu mpc5200b').
# Exit 0 when fpcheck printed "fpcheck: ok ..." and exited 0; 1 otherwise,
# with its output, or the forbidden instructions found; 2 on bad usage.
set -uo pipefail
usage="usage: newlib-check.sh <qemu-user> <newlib dir> <target> <cross-prefix> <forbidden regex|''> <cflags...>"
[ $# -ge 5 ] || { echo "$usage" >&2; exit 2; }
qemu=$1 nl=$2 target=$3 cross=$4 forbidden=$5
shift 5
top=$(cd "$(dirname "$0")/.." && pwd)
say() { printf '[newlib-check] %s\n' "$*" >&2; }
read -ra qemu_cmd <<< "$qemu"
command -v "${qemu_cmd[0]}" >/dev/null ||
	{ say "$qemu missing: run 'make deps' (package qemu-user)"; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# as the co-kernel compiles the RT programs against newlib and links them
# (mk/newlib.mk): its headers, then GCC's; no start files, no default
# libraries; GCC's soft-float routines before libgcc where the build made
# them (libsoftfp.a: mk/newlib-build.sh --softfp)
softfp=
[ ! -f "$nl/$target/lib/libsoftfp.a" ] || softfp=-lsoftfp
"${cross}gcc" "$@" -O2 -std=gnu11 -Wall -Wextra -Werror -ffreestanding -fno-builtin -fno-pic \
	-fno-pie -nostdinc -isystem "$nl/$target/include" -isystem "$("${cross}gcc" -print-file-name=include)" \
	-static -nostdlib -no-pie -Wl,--gc-sections -Wl,-z,noexecstack -o "$out/fpcheck" "$top/tests/newlib/fpcheck.c" \
	-L"$nl/$target/lib" -Wl,--start-group -lc -lm $softfp -lgcc -Wl,--end-group > "$out/cc.log" 2>&1 ||
	{ cat "$out/cc.log" >&2; say "FAILED: building tests/newlib/fpcheck.c"; exit 1; }
# the regex is matched as mk/cokernel.mk matches it in the co-kernel's
# listing: from the mnemonic on, up to a space or tab (PowerPC's objdump
# pads the mnemonic with spaces, ARM's and SH's end it with a tab), so it
# may name operands too; each hit is listed with its function
if [ -n "$forbidden" ]; then
	bad=$("${cross}objdump" -d "$out/fpcheck" | CK_RE="$forbidden" awk '
		/^[0-9a-f]+ </ { f = $2 }
		$0 ~ ("^ *[0-9a-f]+:\t([0-9a-f]+ )+ *\t(" ENVIRON["CK_RE"] ")[ \t]") {
			split($0, col, "\t"); print f, col[3] }' | sort | uniq -c)
	[ -z "$bad" ] || { say "FAILED: fpcheck holds forbidden instructions:"; echo "$bad" >&2; exit 1; }
fi
got=$(timeout 30 "${qemu_cmd[@]}" "$out/fpcheck" 2>&1)
rc=$?
if [ $rc != 0 ] || [[ ! $got =~ ^fpcheck:\ ok\  ]]; then
	say "FAILED: $qemu fpcheck: exit $rc, printed: $got"
	exit 1
fi
say "$got"
