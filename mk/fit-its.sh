#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fit-its.sh [-a "<algo>..."] [-s <script> -f <fit address>] <arch>
#            <cokernel.elf> <cokernel.bin> [<name> <file> <load>]...
# - print the image tree source (.its) of the FIT that U-Boot's bootm boots:
# the co-kernel as the "kernel" (os linux: on PowerPC bootm hands over
# ePAPR-style, r3 = the board DTB, where it has one, else r3 = its board
# info, bsp/lite5200b/README.md; on SH the boot command jumps to it with
# `go`, bsp/r2d/uboot.config), loaded at its ELF's load address and
# entered at its ELF entry; each <name> <file> <load> triple is a loadable
# that bootm copies to <load> before it enters the co-kernel (the Linux
# payload: the raw kernel, the guest DTB, the initramfs, at the addresses
# the co-kernel was linked with). Every image has a hash (sha256 unless -a),
# so a corrupt image is refused before anything runs. Loadables are typed
# "firmware": U-Boot 2023.01 (boot/image-fit.c fit_image_load) loads that
# type as a loadable.
# -a: the hash algorithms instead of sha256, one hash node each (hash-1,
# hash-2, ...), every one checked: U-Boot before v2014.07 knows crc32, md5
# and sha1 only, and refuses an image with any other (common/image.c
# calculate_hash, "Unsupported hash algorithm").
# -s, -f: write to <script> the boot script of a U-Boot that ignores
# `loadables` (before v2015.07: common/bootm.c boot_get_loadable), one
# line for U-Boot's hush: `imxtract <fit address> <name> <load>` for each
# loadable, joined by &&, then `bootm <fit address>`; the FIT carries it
# as the image "boot" (type script, no load address), which
# `source <fit address>:boot` runs (bsp/lite5200b/README.md).
set -euo pipefail
usage="usage: fit-its.sh [-a \"<algo>...\"] [-s <script> -f <fit address>] <arch> <elf> <bin> [<name> <file> <load>]..."
algos=sha256
script=""
fitaddr=""
while getopts a:s:f: opt; do
	case $opt in
	a) algos=$OPTARG ;;
	s) script=$OPTARG ;;
	f) fitaddr=$OPTARG ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ -z "$algos" ] || { [ -n "$script" ] && [ -z "$fitaddr" ]; } || { [ -z "$script" ] && [ -n "$fitaddr" ]; }; then
	echo "$usage" >&2; exit 2
fi
arch=${1:?$usage}
elf=${2:?$usage}
bin=${3:?$usage}
shift 3
(( $# % 3 == 0 )) || { echo "$usage" >&2; exit 2; }
cross=${CROSS:?CROSS not set}
entry=$("${cross}readelf" -h "$elf" | awk '/Entry point address:/ {print $4}')
# the load address: the physical address of the segment holding the entry
# (an entry given as a physical address: e500, whose U-Boot maps memory
# 1:1); else, for an entry given as a virtual address, that segment's
# virtual address (sh: U-Boot runs untranslated and reaches RAM through
# the fixed P1/P2 windows, so the co-kernel's P1 addresses serve as they
# are: bsp/r2d/uboot.config)
load=""
while read -r va pa sz; do
	if (( entry >= pa && entry < pa + sz )); then load=$pa; break; fi
	if (( entry >= va && entry < va + sz )); then load=$va; break; fi
done < <("${cross}readelf" -lW "$elf" | awk '$1 == "LOAD" {print $3, $4, $6}')
[ -n "$entry" ] && [ -n "$load" ] || { echo "fit-its.sh: cannot read $elf" >&2; exit 1; }
# image <node> <description> <file> <type> [load [entry]]: one image node,
# one hash node per algorithm
image() {
	local n=0 a
	cat <<ITS
		$1 {
			description = "$2";
			data = /incbin/("$3");
			type = "$4";
			arch = "$arch";
			os = "linux";
			compression = "none";${5:+
			load = <$5>;}${6:+
			entry = <$6>;}
ITS
	for a in $algos; do
		n=$((n + 1))
		echo "			hash-$n { algo = \"$a\"; };"
	done
	echo "		};"
}

names=()
cmds=()
cat <<ITS
/dts-v1/;
/ {
	description = "cokernel";
	#address-cells = <1>;
	images {
ITS
image cokernel "cokernel co-kernel" "$bin" kernel "$load" "$entry"
while (( $# )); do
	[ -f "$2" ] || { echo "fit-its.sh: $2 missing" >&2; exit 1; }
	names+=("\"$1\"")
	cmds+=("imxtract $fitaddr $1 $3")
	image "$1" "$1" "$2" firmware "$3"
	shift 3
done
if [ -n "$script" ]; then
	cmds+=("bootm $fitaddr")
	sep=" && "
	line=$(printf "%s$sep" "${cmds[@]}")
	printf '%s\n' "${line%"$sep"}" > "$script"
	image boot "boot script: the loadables with imxtract, then bootm" \
		"$(basename "$script")" script
fi
loadables=""
if (( ${#names[@]} )); then
	loadables="loadables = $(IFS=,; echo "${names[*]}" | sed 's/,/, /g');"
fi
cat <<ITS
	};
	configurations {
		default = "cokernel";
		cokernel {
			description = "cokernel";
			kernel = "cokernel";
			$loadables
		};
	};
};
ITS
