#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# plugin-build.sh <out.so> - build mk/sh4/no_treg_combine.cc for Debian's
# sh4-linux-gnu-gcc and prove it works before anything uses it: the
# reproducer of the T-bit miscompilation (a branch on !out after a call,
# notes/linuxbuild.md §3.1) must keep its test with the plugin. Without
# the plugin Debian's GCC 12.2 drops it; that is checked too, so a fixed
# compiler is noticed (the plugin could then go).
set -euo pipefail
out=$1
here=$(cd "$(dirname "$0")" && pwd)
cc=${SH4_CC:-sh4-linux-gnu-gcc}
inc=$($cc -print-file-name=plugin)/include
if [ ! -f "$inc/gcc-plugin.h" ]; then
	echo "sh4 plugin: $inc/gcc-plugin.h missing: run 'sudo make deps' (gcc-12-plugin-dev-sh4-linux-gnu)" >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g++ -shared -fPIC -fno-rtti -O1 -I"$inc" -o "$tmp/p.so" "$here/no_treg_combine.cc"

cat > "$tmp/t.c" <<'C'
static char *out; extern int sym; extern void g(void); extern int f(int);
int t2(void) { out = (char *)(((unsigned long)&sym + 4096) | 0xa0000000UL);
	g(); if (!out) return f(2); return f(3); }
C
# the instructions between the call and the first conditional branch after it
between() {
	awk '/jsr|bsr/ { on = 1; next } on && /\t(bt|bf)(\.s)?\t/ { exit } on' "$1"
}
$cc -O2 -m4-nofpu -ml -S -o "$tmp/stock.s" "$tmp/t.c"
$cc -O2 -m4-nofpu -ml -fplugin="$tmp/p.so" -S -o "$tmp/fixed.s" "$tmp/t.c"
if ! between "$tmp/fixed.s" | grep -Eq $'\t(tst|cmp/[a-z]+)\t'; then
	echo "sh4 plugin: the reproducer still branches on a stale T bit with the plugin:" >&2
	cat "$tmp/fixed.s" >&2
	exit 1
fi
if between "$tmp/stock.s" | grep -Eq $'\t(tst|cmp/[a-z]+)\t'; then
	echo "sh4 plugin: note: $cc keeps the T test without the plugin (fixed upstream?)" >&2
fi
mkdir -p "$(dirname "$out")"
mv "$tmp/p.so" "$out"
echo "  PLUGIN  $out (sh_treg_combine off; reproducer checked)"
