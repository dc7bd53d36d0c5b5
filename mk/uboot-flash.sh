#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# uboot-flash.sh <u-boot.bin> <fit.itb> <out> - the image of a board's whole
# NOR flash that boots <fit.itb> through U-Boot (r2d: QEMU's 16 MiB
# -drive if=pflash, hw/sh4/r2d.c; on a real board, what to write at the
# flash's start: bsp/r2d/README.md): U-Boot at offset 0, U-Boot's
# environment sector left erased (U-Boot then uses its built-in
# environment, whose bootcmd boots the FIT), the FIT at the address
# U-Boot's boot command names, every other byte 0xff (erased NOR).
# The layout comes from U-Boot's final .config, <u-boot.bin> with .bin
# replaced by .config (mk/uboot-build.sh writes it there):
#   CONFIG_SYS_MONITOR_BASE  the flash's address in U-Boot's map (offset 0)
#   CONFIG_SYS_MONITOR_LEN   the most U-Boot may take
#   CONFIG_ENV_ADDR, CONFIG_ENV_SECT_SIZE   the environment sector (whole
#                            erase blocks: saveenv erases it all)
#   CONFIG_ENV_SIZE          the environment, at the sector's start
#   CONFIG_BOOTCOMMAND       its first `bootm start <address>`: the FIT's
# and the flash's size from FLASH_SIZE (bytes; default 16 MiB, r2d).
# Fails, writing nothing, when a part does not fit or overlaps another.
set -euo pipefail
usage="usage: uboot-flash.sh <u-boot.bin> <fit.itb> <out>"
uboot=${1:?$usage}
itb=${2:?$usage}
out=${3:?$usage}
flash_size=$(( ${FLASH_SIZE:-16 * 1024 * 1024} ))
die() { printf 'uboot-flash.sh: %s\n' "$*" >&2; exit 1; }
config=${uboot%.bin}.config
[ -f "$uboot" ] || die "no U-Boot image $uboot"
[ -f "$config" ] || die "no U-Boot configuration $config (mk/uboot-build.sh writes it beside u-boot.bin)"
[ -f "$itb" ] || die "no FIT $itb"
cfg() {
	local v
	v=$(sed -n "s/^CONFIG_$1=//p" "$config")
	[ -n "$v" ] || die "$config: no CONFIG_$1"
	echo "$v"
}
base=$(( $(cfg SYS_MONITOR_BASE) ))
mon_len=$(( $(cfg SYS_MONITOR_LEN) ))
env_off=$(( $(cfg ENV_ADDR) - base ))
env_len=$(( $(cfg ENV_SECT_SIZE) ))
env_size=$(( $(cfg ENV_SIZE) ))
fit_addr=$(cfg BOOTCOMMAND | sed -n 's/^"bootm start \(0x[0-9a-fA-F]*\) .*/\1/p')
[ -n "$fit_addr" ] || die "$config: CONFIG_BOOTCOMMAND does not start with 'bootm start <address>'"
fit_off=$(( fit_addr - base ))
ub_len=$(stat -c %s "$uboot")
fit_len=$(stat -c %s "$itb")
hex() { printf '0x%x' "$1"; }
(( ub_len <= mon_len )) || die "U-Boot is $ub_len bytes, over SYS_MONITOR_LEN $mon_len"
(( env_size <= env_len )) || die "ENV_SIZE $(hex "$env_size") is over ENV_SECT_SIZE $(hex "$env_len")"
(( env_off % env_len == 0 )) ||
	die "the environment sector ($(hex "$env_off")) does not start on an ENV_SECT_SIZE ($(hex "$env_len")) boundary"
(( mon_len <= env_off && env_off + env_len <= fit_off )) ||
	die "U-Boot (..$(hex "$mon_len")), environment ($(hex "$env_off")..$(hex $((env_off + env_len)))) and FIT ($(hex "$fit_off")..) overlap"
(( fit_off + fit_len <= flash_size )) ||
	die "the FIT ($fit_len bytes at $(hex "$fit_off")) does not fit in the $flash_size-byte flash"
(( fit_off % 4096 == 0 )) || die "the FIT's offset $(hex "$fit_off") is not 4 KiB aligned"
tmp=$out.tmp
head -c "$flash_size" /dev/zero | LC_ALL=C tr '\000' '\377' > "$tmp"
dd if="$uboot" of="$tmp" conv=notrunc status=none
dd if="$itb" of="$tmp" bs=4096 seek=$((fit_off / 4096)) conv=notrunc status=none
mv "$tmp" "$out"
