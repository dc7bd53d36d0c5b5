#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fit-ram-check.sh <fit.itb> <address> - check that a FIT U-Boot boots from
# RAM at <address> (at91sam9260ek: QEMU's loader, or `nand read`, puts it
# at U-Boot's load address) survives its own boot: bootm copies each image
# that has a load address out of the FIT there (the kernel, the loadables),
# one after the other, and checks an image's hash only before its copy, so
# a copy landing on the FIT itself, or on another image's destination,
# would hand the co-kernel silently corrupted data. Every image's
# [load, load + size) must miss the FIT's [address, address + size) and
# every other image's. The images and their load addresses and sizes come
# from `dumpimage -l` (u-boot-tools). With <lo> <hi> (a board's own
# instructions put the FIT at <address>: lite5200b's FIT_LOADADDR) the FIT
# must also lie inside [lo, hi): the RAM below the regions the co-kernel
# keeps. Prints nothing when all is well; fails with the ranges that meet.
set -euo pipefail
usage="usage: fit-ram-check.sh <fit.itb> <address> [<lo> <hi>]"
die() { printf 'fit-ram-check.sh: %s\n' "$*" >&2; exit 1; }
itb=${1:?$usage}
for n in "${@:2}"; do
	[[ $n =~ ^(0x[0-9a-fA-F]+|[0-9]+)$ ]] || die "'$n' is not an address"
done
at=$(( ${2:?$usage} ))
[ -f "$itb" ] || die "no FIT $itb"
if [ $# -ge 4 ]; then
	lo=$(( $3 )) hi=$(( $4 ))
	end=$(( at + $(stat -c %s "$itb") ))
	(( at >= lo && end <= hi )) ||
		die "$(printf 'FIT %s at 0x%08x-0x%08x is not inside 0x%08x-0x%08x' \
			"$(basename "$itb")" "$at" "$end" "$lo" "$hi")"
fi
names=("FIT $(basename "$itb")")
starts=("$at")
ends=($(( at + $(stat -c %s "$itb") )))
# "Image <n> (<name>)", then its "Data Size: <n> Bytes" and, for images
# copied out, "Load Address: 0x<hex>"
while read -r name size load; do
	names+=("image '$name'")
	starts+=("$(( load ))")
	ends+=("$(( load + size ))")
done < <(dumpimage -l "$itb" | awk '
	/^ Image [0-9]+ \(/ { name = $3; gsub(/[()]/, "", name); size = ""; next }
	/^  Data Size:/ { size = $3; next }
	/^  Load Address:/ && name != "" && size != "" { print name, size, $3; name = "" }')
(( ${#names[@]} > 1 )) || die "$itb: dumpimage lists no image with a load address"
for ((i = 0; i < ${#names[@]}; i++)); do
	for ((j = i + 1; j < ${#names[@]}; j++)); do
		if (( starts[i] < ends[j] && starts[j] < ends[i] )); then
			die "$(printf '%s at 0x%08x-0x%08x overlaps %s at 0x%08x-0x%08x' \
				"${names[i]}" "${starts[i]}" "${ends[i]}" \
				"${names[j]}" "${starts[j]}" "${ends[j]}")"
		fi
	done
done
