#!/bin/sh
# SPDX-License-Identifier: MIT
# probes-run.sh <bin-dir> pass|fail: run every probe in tests/qemu/probes
# against <bin-dir>/qemu-system-<target> and count those that did what was
# expected. "pass": the probe's run script exits 0. "fail" (Debian's stock
# binaries): it exits non-zero AND its output contains every line of the
# probe's `stock-fails` file (except empty and '#' lines), the failure its
# patch fixes; any other failure (a build error, a missing binary, another
# check) does not count.
set -u
bin=${1:?usage: probes-run.sh <bin-dir> pass|fail}
expect=${2:?usage: probes-run.sh <bin-dir> pass|fail}
case $expect in pass | fail) ;; *) echo "probes-run.sh: expect pass or fail" >&2; exit 2 ;; esac
top=$(cd "$(dirname "$0")/.." && pwd)
ok=0 bad=0
for d in "$top"/tests/qemu/probes/*/; do
	p=$(basename "$d")
	[ -x "$d/run" ] || continue
	qemu=$bin/qemu-system-$(cat "$d/target")
	out=$("$d/run" "$qemu" 2>&1)
	rc=$?
	printf '%s\n' "$out"
	if [ "$expect" = pass ]; then
		if [ $rc -eq 0 ]; then ok=$((ok + 1)); else
			bad=$((bad + 1)); echo "  ^ expected PASS on $qemu"; fi
		continue
	fi
	why=
	[ $rc -ne 0 ] || why="it passed"
	if [ -z "$why" ]; then
		if [ ! -f "$d/stock-fails" ]; then
			why="no $p/stock-fails says how it must fail"
		else
			while IFS= read -r l; do
				case $l in '' | '#'*) continue ;; esac
				case $out in *"$l"*) ;; *) why="its output lacks '$l'" ;; esac
			done < "$d/stock-fails"
		fi
	fi
	if [ -z "$why" ]; then ok=$((ok + 1)); else
		bad=$((bad + 1)); echo "  ^ expected the failure its patch fixes on $qemu, but $why"; fi
done
echo "probes on $bin: $ok did as expected ($expect), $bad did not"
[ $bad -eq 0 ]
