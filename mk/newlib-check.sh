#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# newlib-check.sh - run the RT programs' newlib, libm and libgcc once, on
# the build machine, before the co-kernel links them (mk/newlib.mk): builds
# tests/newlib/fpcheck.c with the board's flags as a static Linux program
# against <newlib dir>/<target>/lib (libc.a, libm.a, libgcc.a) and runs it
# under QEMU's user-mode emulator; with a mnemonic regex (the board's
# CK_FORBIDDEN_INSNS), first checks that its disassembly holds none (the
# co-kernel's own link check, mk/cokernel.mk, on newlib's code it calls).
#
# usage: newlib-check.sh <qemu-user> <newlib dir> <target> <cross-prefix> <forbidden regex|''> <cflags...>
# Exit 0 when fpcheck printed "fpcheck: ok ..." and exited 0; 1 otherwise,
# with its output, or the forbidden instructions found; 2 on bad usage.
set -uo pipefail
usage="usage: newlib-check.sh <qemu-user> <newlib dir> <target> <cross-prefix> <forbidden regex|''> <cflags...>"
[ $# -ge 5 ] || { echo "$usage" >&2; exit 2; }
qemu=$1 nl=$2 target=$3 cross=$4 forbidden=$5
shift 5
top=$(cd "$(dirname "$0")/.." && pwd)
say() { printf '[newlib-check] %s\n' "$*" >&2; }
command -v "$qemu" >/dev/null || { say "$qemu missing: run 'make deps' (package qemu-user)"; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# as the co-kernel compiles the RT programs against newlib (mk/newlib.mk):
# its headers, then GCC's; no start files, no default libraries
"${cross}gcc" "$@" -O2 -std=gnu11 -Wall -Wextra -Werror -ffreestanding -fno-builtin -fno-pic \
	-fno-pie -nostdinc -isystem "$nl/$target/include" -isystem "$("${cross}gcc" -print-file-name=include)" \
	-static -nostdlib -no-pie -Wl,--gc-sections -Wl,-z,noexecstack -o "$out/fpcheck" "$top/tests/newlib/fpcheck.c" \
	-L"$nl/$target/lib" -Wl,--start-group -lc -lm -lgcc -Wl,--end-group > "$out/cc.log" 2>&1 ||
	{ cat "$out/cc.log" >&2; say "FAILED: building tests/newlib/fpcheck.c"; exit 1; }
if [ -n "$forbidden" ]; then
	bad=$("${cross}objdump" -d "$out/fpcheck" | awk -F'\t' 'NF >= 3 { print $3 }' |
		grep -xE "$forbidden" | sort | uniq -c)
	[ -z "$bad" ] || { say "FAILED: fpcheck holds forbidden instructions:"; echo "$bad" >&2; exit 1; }
fi
got=$(timeout 30 "$qemu" "$out/fpcheck" 2>&1)
rc=$?
if [ $rc != 0 ] || [[ ! $got =~ ^fpcheck:\ ok\  ]]; then
	say "FAILED: $qemu fpcheck: exit $rc, printed: $got"
	exit 1
fi
say "$got"
