#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fit-its.sh <arch> <cokernel.elf> <cokernel.bin> - print the image tree
# source (.its) of the FIT that U-Boot's bootm boots: the co-kernel as the
# "kernel" (os linux, so bootm hands over ePAPR-style: r3 = the board DTB),
# loaded at its ELF's load address and entered at its ELF entry, with a
# sha256 hash so that a corrupt image is refused before it runs. The Linux
# payload (kernel, initramfs, guest DTB) joins as loadables in a later step.
set -euo pipefail
arch=${1:?usage: fit-its.sh <arch> <elf> <bin>}
elf=${2:?usage: fit-its.sh <arch> <elf> <bin>}
bin=${3:?usage: fit-its.sh <arch> <elf> <bin>}
cross=${CROSS:?CROSS not set}
entry=$("${cross}readelf" -h "$elf" | awk '/Entry point address:/ {print $4}')
load=$("${cross}readelf" -lW "$elf" | awk '$1 == "LOAD" {print $4; exit}')
[ -n "$entry" ] && [ -n "$load" ] || { echo "fit-its.sh: cannot read $elf" >&2; exit 1; }
cat <<ITS
/dts-v1/;
/ {
	description = "cokernel";
	#address-cells = <1>;
	images {
		cokernel {
			description = "cokernel co-kernel";
			data = /incbin/("$bin");
			type = "kernel";
			arch = "$arch";
			os = "linux";
			compression = "none";
			load = <$load>;
			entry = <$entry>;
			hash-1 { algo = "sha256"; };
		};
	};
	configurations {
		default = "cokernel";
		cokernel {
			description = "cokernel";
			kernel = "cokernel";
		};
	};
};
ITS
