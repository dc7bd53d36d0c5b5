#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# unit-run.sh - run the host unit test programs and count cmocka's cases.
#   mk/unit-run.sh <test program>...
# Each program's output is shown as it runs. Its cases are counted from
# cmocka's summary (cmocka 1.1: "[  PASSED  ] N test(s).", "[  FAILED  ]
# N test(s), listed below:", "[  SKIPPED ] N test(s), listed below:"); a
# program that ends without a summary (a crash, a sanitizer report, the
# timeout) counts its cases passed so far and one failed case; one whose
# exit status is not 0 after a summary without failures, one failed case.
# The last line is "P passed, F failed" (", S skipped" when S > 0); the exit
# status is 0 only when F is 0.
# Environment: UNIT_TIMEOUT (seconds per program, default 120), NICE.
set -uo pipefail

timeout_s=${UNIT_TIMEOUT:-120}
read -r -a nice_cmd <<< "${NICE:-nice -n 10}"
pass=0 fail=0 skip=0
skipped=() failed=()
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT

for t in "$@"; do
	name=$(basename "$t")
	echo "== $name"
	"${nice_cmd[@]}" timeout "$timeout_s" "$t" 2>&1 | tee "$out"
	rc=${PIPESTATUS[0]}
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\.$/\1/p' "$out" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:$/\1/p' "$out" | tail -n 1)
	s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test(s), listed below:$/\1/p' "$out" | tail -n 1)
	f=${f:-0} s=${s:-0}
	if [ -z "$p" ]; then
		# the cases that ended before it count as they ended
		p=$(grep -c '^\[       OK \] ' "$out")
		echo "FAILED: $name: no cmocka summary (exit status $rc)"
		failed+=("$name (no summary, exit $rc)")
		pass=$((pass + p)) fail=$((fail + 1))
		continue
	fi
	if [ "$f" -eq 0 ] && [ "$rc" -ne 0 ]; then
		echo "FAILED: $name: exit status $rc after a clean summary"
		failed+=("$name (exit $rc)")
		f=1
	fi
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	[ "$f" -eq 0 ] || failed+=("$name ($f)")
	while read -r c; do
		skipped+=("$name: $c")
	done < <(sed -n 's/^\[  SKIPPED \] \([A-Za-z_0-9]*\)$/\1/p' "$out" | sort -u)
done

for c in "${skipped[@]+"${skipped[@]}"}"; do
	echo "SKIPPED: $c"
done
for c in "${failed[@]+"${failed[@]}"}"; do
	echo "FAILED: $c"
done
summary="$pass passed, $fail failed"
[ "$skip" -eq 0 ] || summary+=", $skip skipped"
echo "$summary"
[ "$fail" -eq 0 ]
