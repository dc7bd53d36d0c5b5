#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# qemu-e500-fit-max.sh <u-boot.elf> - print the most bytes of FIT that
# QEMU's ppce500 machine can hand that U-Boot (-bios <u-boot.elf> -kernel
# <fit>). QEMU 7.2's ppce500_load_payload (hw/ppc/e500.c) loads the ELF's
# segments, puts -kernel at 32 MiB (or just above the ELF, if that is
# higher) and its own device tree at
#   (lowest load address + the segments' total memory size + 24 MiB)
#   & ~(1 MiB - 1)
# so a FIT that reaches that address overlaps the tree: U-Boot then prints
# nothing at all (Debian's u-boot-qemu 2023.01: the tree at 0x0270_0000, a
# FIT of at most 7 MiB). Exit 1 with a message when the ELF cannot be read.
set -euo pipefail
elf=${1:?usage: qemu-e500-fit-max.sh <u-boot.elf>}
loads=$(readelf -lW "$elf" 2>/dev/null | awk '$1 == "LOAD" { print $4, $6 }') && [ -n "$loads" ] ||
	{ echo "qemu-e500-fit-max.sh: no program headers in $elf" >&2; exit 1; }
low= total=0
while read -r pa memsz; do
	pa=$((pa)) memsz=$((memsz))
	if [ -z "$low" ] || [ "$pa" -lt "$low" ]; then low=$pa; fi
	total=$((total + memsz))
done <<< "$loads"
fit=$((low + total > 32 << 20 ? low + total : 32 << 20))
dtb=$(((low + total + (24 << 20)) & ~((1 << 20) - 1)))
echo $((dtb - fit))
