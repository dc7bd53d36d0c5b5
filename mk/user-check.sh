#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# user-check.sh <qemu-user> <rootfs> - run the guest's static programs once
# under QEMU's user-mode emulator (e.g. qemu-sh4, Debian package qemu-user;
# <qemu-user> is one word or the emulator with its options, one argument:
# 'qemu-ppc -cpu mpc5200b')
# before they go into the initramfs (mk/rootfs.mk), so that a miscompiled
# libc or tool stops the build instead of hanging the guest at boot.
# <rootfs> holds bin/busybox and usr/bin/<tool> (mk/tools.mk; rt-tests'
# cyclictest and hackbench: mk/rt-tests.mk). Each check
# compares a program's whole output (and exit status) with what it must
# print: libc start-up and environment, stdio, fork/exec/pipe/wait through
# the shell, string and regex code, double arithmetic and its formatting,
# the tools' argument parsing and regcheck's register loop (no RT side
# here: it checks the loop and the stores, not the preemption).
# Exit 0 when every check passed, 1 on the first failure (what ran, what
# it printed, what was expected), 2 on bad usage.
set -uo pipefail
qemu=${1:?usage: user-check.sh <qemu-user> <rootfs>}
root=${2:?usage: user-check.sh <qemu-user> <rootfs>}
read -ra qemu_cmd <<< "$qemu"
command -v "${qemu_cmd[0]}" >/dev/null ||
	{ echo "[user-check] $qemu missing: run 'make deps' (package qemu-user)" >&2; exit 2; }
[ -x "$root/bin/busybox" ] || { echo "[user-check] no $root/bin/busybox" >&2; exit 2; }
n=0

# check <want status> <want output> <program> <args...>: stdout and stderr
# together, under a timeout (a miscompiled loop spins instead of failing)
check() {
	local want_rc=$1 want=$2 got rc
	shift 2
	got=$(timeout 30 "${qemu_cmd[@]}" "$@" 2>&1)
	rc=$?
	if [ "$rc" != "$want_rc" ] || [ "$got" != "$want" ]; then
		printf '[user-check] FAILED: %s %s\n' "$qemu" "$*" >&2
		printf '  exit %s, printed:\n%s\n  want exit %s, printed:\n%s\n' \
			"$rc" "$got" "$want_rc" "$want" >&2
		exit 1
	fi
	n=$((n + 1))
}

bb=$root/bin/busybox
check 0 "hello sh4" "$bb" echo hello sh4
# the shell: a loop, arithmetic, a subshell in a pipe, a command
# substitution (fork, pipe, wait; no exec: without binfmt_misc the host
# cannot exec a guest binary, and the applets run in the one process)
check 0 "1 4 9 16 25 | 012" "$bb" sh -c \
	'for i in 1 2 3 4 5; do printf "%s " $((i * i)); done
	echo "| $(i=0; while [ $i -lt 3 ]; do echo $i; i=$((i + 1)); done | { read a; read b; read c; echo $a$b$c; })"'
check 0 $'c\nb\na' "$bb" sort -r <<< $'a\nc\nb'
check 0 "2" "$bb" grep -c '^fo*' <<< $'foo\nbar\nfoo bar'
check 0 "x-y-z" "$bb" sed -e 's/[[:space:]]\{1,\}/-/g' -e 's/^-//' <<< '  x  y z'
# the environment, through QEMU to the guest's start-up code
CK_CHECK=ok check 0 "CK_CHECK=ok" "$bb" sh -c 'echo CK_CHECK=$CK_CHECK'
# double arithmetic and printf's %f/%e/%g (awk's numbers are doubles)
# (Debian's static busybox has no awk math functions, so no sqrt)
check 0 "3.141593 1.414214 6.022141e+23 0.1 -7 4294967296" "$bb" awk \
	'BEGIN { printf "%.6f %.6f %e %g %d %.0f\n", 355 / 113, 1.4142135623 * 1.0000000001, 6.02214076e23, 1 / 10, int(-7.9), 65536 * 65536 }'
check 1 "" "$bb" false

t=$root/usr/bin
if [ -x "$t/latency" ]; then
	got=$(timeout 30 "${qemu_cmd[@]}" "$t/latency" --help 2>&1) && [ "${got%%$'\n'*}" = "usage: latency [options]" ] ||
		{ printf '[user-check] FAILED: latency --help printed:\n%s\n' "$got" >&2; exit 1; }
	n=$((n + 1))
	check 2 "latency: unexpected argument 'x' (options only; see latency --help)" "$t/latency" x
fi
if [ -x "$t/ckipc" ]; then
	got=$(timeout 30 "${qemu_cmd[@]}" "$t/ckipc" --help 2>&1) && [ "${got%%$'\n'*}" = "usage: ckipc list                 channels, counters, faults" ] ||
		{ printf '[user-check] FAILED: ckipc --help printed:\n%s\n' "$got" >&2; exit 1; }
	n=$((n + 1))
fi
[ ! -x "$t/sstep" ] || check 0 "usage: sstep [steps >= 1]   (default 100000)" "$t/sstep" --help
[ ! -x "$t/regcheck" ] || {
	check 2 "regcheck: seconds '0': out of range (1..86400)" "$t/regcheck" 0
	# one second of rounds: the count depends on the host, the verdict not
	got=$(timeout 60 "${qemu_cmd[@]}" "$t/regcheck" 1 2>&1)
	rc=$?
	[ $rc = 0 ] && [[ $got =~ ^regcheck:\ [1-9][0-9]*\ rounds\ of\ 1000000\ loops,\ registers\ intact$ ]] ||
		{ printf '[user-check] FAILED: regcheck 1: exit %s, printed:\n%s\n' "$rc" "$got" >&2; exit 1; }
	n=$((n + 1))
}
# the load's data walk and straight-line code block: its value depends only
# on the code's arithmetic (unsigned, mod 2^32), not on the machine
[ ! -x "$t/cachethrash" ] || check 0 "cachethrash: 2 rounds of 65536 data bytes (stride 32) and 4096 code steps (last value 7b7f0001)" \
	"$t/cachethrash" -n 2 -d 65536 -v
# rt-tests (mk/rt-tests.mk): cyclictest's 20 wake-ups (SCHED_OTHER, no
# memory lock; --default-system: no /dev/cpu_dma_latency write, which
# would reach the host's), and a small hackbench to its end
[ ! -x "$t/cyclictest" ] || {
	got=$(timeout 60 "${qemu_cmd[@]}" "$t/cyclictest" --default-system -i 1000 -l 20 -q 2>&1)
	rc=$?
	[ $rc = 0 ] && [[ $got =~ (^|$'\n')T:\ *0\ .*\ C:\ +20\ Min:\ +[0-9]+\ Act:.*\ Max:\ +[0-9]+ ]] ||
		{ printf '[user-check] FAILED: cyclictest -l 20: exit %s, printed:\n%s\n' "$rc" "$got" >&2; exit 1; }
	n=$((n + 1))
}
[ ! -x "$t/hackbench" ] || {
	got=$(timeout 60 "${qemu_cmd[@]}" "$t/hackbench" -p -l 2 -g 1 2>&1)
	rc=$?
	[ $rc = 0 ] && [[ $got =~ (^|$'\n')Time:\ [0-9]+\.[0-9]+$ ]] ||
		{ printf '[user-check] FAILED: hackbench -p -l 2 -g 1: exit %s, printed:\n%s\n' "$rc" "$got" >&2; exit 1; }
	n=$((n + 1))
}
# the project's equivalents (linux-guest/tools/ck*.c): the same line
# formats, and an unimplemented option refused by name
[ ! -x "$t/ckcyclictest" ] || {
	got=$(timeout 60 "${qemu_cmd[@]}" "$t/ckcyclictest" --default-system -i 1000 -l 20 -q 2>&1)
	rc=$?
	[ $rc = 0 ] && [[ $got =~ ^T:\ 0\ \(\ *[0-9]+\)\ P:\ 0\ I:1000\ C:\ +20\ Min:\ +[0-9]+\ Act:\ +[0-9]+\ Avg:\ +[0-9]+\ Max:\ +[0-9]+$ ]] ||
		{ printf '[user-check] FAILED: ckcyclictest -l 20: exit %s, printed:\n%s\n' "$rc" "$got" >&2; exit 1; }
	n=$((n + 1))
	check 2 "ckcyclictest: option --smp is not supported (supported: -m -p -i -l -D -q -N -h --histfile --default-system --help)" \
		"$t/ckcyclictest" --smp
}
[ ! -x "$t/ckhackbench" ] || {
	got=$(timeout 60 "${qemu_cmd[@]}" "$t/ckhackbench" -p -l 2 -g 1 2>&1)
	rc=$?
	[ $rc = 0 ] && [[ $got =~ ^"Running in process mode with 1 groups using 40 file descriptors each (== 40 tasks)"$'\n'"Each sender will pass 2 messages of 100 bytes"$'\n'Time:\ [0-9]+\.[0-9]{3}$ ]] ||
		{ printf '[user-check] FAILED: ckhackbench -p -l 2 -g 1: exit %s, printed:\n%s\n' "$rc" "$got" >&2; exit 1; }
	n=$((n + 1))
}
# cktools (mk/tools.mk): every link in usr/bin that points at it names one
# of its tools and every tool has its link; a name that is no tool is
# refused with the list
[ ! -x "$t/cktools" ] || {
	got=$(timeout 30 "${qemu_cmd[@]}" "$t/cktools" --list 2>&1) ||
		{ printf '[user-check] FAILED: cktools --list: %s\n' "$got" >&2; exit 1; }
	links=$(for l in "$t"/*; do [ "$(readlink "$l")" != cktools ] || basename "$l"; done | sort)
	[ "$(sort <<< "$got")" = "$links" ] ||
		{ printf '[user-check] FAILED: cktools --list printed:\n%s\nbut usr/bin links to it:\n%s\n' \
			"$got" "$links" >&2; exit 1; }
	n=$((n + 1))
	check 2 "cktools: no tool 'nosuch' (tools: $(echo $got))" "$t/cktools" nosuch
	check 0 "usage: sstep [steps >= 1]   (default 100000)" "$t/cktools" sstep --help
}
echo "[user-check] $n checks passed under $qemu"
