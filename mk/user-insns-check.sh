#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# user-insns-check.sh <objdump> <forbidden> <allowed> <file...> - the
# guest's programs (mk/rootfs.mk: busybox and the tools) hold no
# instruction the board's CPU lacks. <forbidden>: an extended regex of
# mnemonics (board.mk LINUX_USER_FORBIDDEN_INSNS, e.g. isel|ev[a-z0-9]+|...
# for the G2_LE); <allowed>: those of them a library holds but runs only
# when the kernel's AT_HWCAP says the CPU has the unit (LINUX_USER_INSNS_ALLOW:
# glibc's AltiVec register save in setjmp, its HTM lock elision), or empty.
# Each file is disassembled whole (objdump -d); a binary with symbols has
# the functions named, a stripped one (busybox) only its instructions.
# Exit 0 when no file holds a forbidden instruction outside <allowed>, 1
# naming each file, mnemonic and count (and the functions), 2 on bad usage.
set -euo pipefail
objdump=${1:?usage: user-insns-check.sh <objdump> <forbidden> <allowed> <file...>}
forbidden=${2:?usage: user-insns-check.sh <objdump> <forbidden> <allowed> <file...>}
allowed=$3
shift 3
[ $# -gt 0 ] || { echo "[insns] no file to check" >&2; exit 2; }
command -v "$objdump" >/dev/null || { echo "[insns] $objdump missing: run 'make deps'" >&2; exit 2; }

bad=0
for f in "$@"; do
	[ -f "$f" ] || { echo "[insns] no file $f" >&2; exit 2; }
	# "<function> <mnemonic>" for each forbidden instruction; the code
	# column is bytes (objdump pads it with spaces before the tab)
	# (the regexes go through the environment: awk -v would take their
	# backslashes for escapes)
	hits=$("$objdump" -d "$f" | RE="^($forbidden)\$" OK="^($allowed)\$" awk '
		BEGIN { re = ENVIRON["RE"]; ok = ENVIRON["OK"] }
		/^[0-9a-f]+ </ { fn = $2; next }
		/^ *[0-9a-f]+:\t/ {
			n = split($0, col, "\t")
			if (n < 3) next
			split(col[3], w, " ")
			m = w[1]
			if (m ~ re && (ok == "^()$" || m !~ ok)) print fn, m
		}')
	if [ -n "$hits" ]; then
		bad=1
		printf '[insns] %s: instructions this CPU lacks (%s):\n' "$f" "$forbidden" >&2
		sort <<< "$hits" | uniq -c | sort -rn | head -20 | sed 's/^/  /' >&2
	fi
	[ -z "$hits" ] || continue
	allowed_n=0
	[ -z "$allowed" ] || allowed_n=$("$objdump" -d "$f" | OK="^($allowed)\$" awk '
		BEGIN { ok = ENVIRON["OK"] }
		/^ *[0-9a-f]+:\t/ { split($0, col, "\t"); split(col[3], w, " "); if (w[1] ~ ok) n++ }
		END { print n + 0 }')
	echo "[insns] ${f##*/}: none of the CPU's missing instructions${allowed:+ ($allowed_n under AT_HWCAP: $allowed)}"
done
exit $bad
