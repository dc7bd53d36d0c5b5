#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# cpio-nodes.sh <path:c|b:major:minor>... - a cpio archive (newc, the
# format Linux's initramfs takes) of device nodes, on stdout, made without
# mknod (so without root): mk/rootfs.mk appends it to the initramfs for a
# kernel without devtmpfs (ROOTFS_DEV_NODES in board.mk; Linux unpacks
# concatenated archives in turn, zero padding between them skipped). Each
# node: mode 0666 (console 0600), owner 0:0, mtime 0, as the rest of the
# archive (reproducible bytes). E.g. cpio-nodes.sh dev/null:c:1:3
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: cpio-nodes.sh <path:c|b:major:minor>..." >&2; exit 2; }
ino=0x7fff0000
# entry <path> <mode> <rdevmajor> <rdevminor>: one newc header, the name
# and its NUL, padded to 4 bytes (a node has no data)
entry() {
	local name=$1 mode=$2 maj=$3 min=$4 namesize hdr pad
	namesize=$(( ${#name} + 1 ))
	hdr=$(printf '070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X' \
		$ino "$mode" 0 0 1 0 0 0 0 "$maj" "$min" $namesize 0)
	printf '%s%s\0' "$hdr" "$name"
	pad=$(( (4 - (110 + namesize) % 4) % 4 ))
	head -c $pad /dev/zero
	ino=$((ino + 1))
}
for n in "$@"; do
	IFS=: read -r path type maj min <<< "$n"
	case $type in
	c) mode=$((0020000)) ;;
	b) mode=$((0060000)) ;;
	*) echo "cpio-nodes.sh: $n: type c or b expected" >&2; exit 2 ;;
	esac
	case $maj$min in *[!0-9]*|'') echo "cpio-nodes.sh: $n: major:minor expected" >&2; exit 2 ;; esac
	case $path in */console) perm=0600 ;; *) perm=0666 ;; esac
	entry "${path#/}" $((mode | 8#$perm)) "$maj" "$min"
done
entry TRAILER!!! 0 0 0
