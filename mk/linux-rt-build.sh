#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# linux-rt-build.sh - build a board's PREEMPT_RT Linux 6.1, the peer that
# make bench measures beside the co-kernel (docs/measuring.md, "Peers"):
# the project's linux-source-6.1 tree (the one the guest and native kernels
# use) with the PREEMPT_RT series of Debian's `linux` source package
# (debian/patches-rt, applied in its `series` order), configured from a
# defconfig plus fragments; cached.
#
# usage: [KCFLAGS=...] linux-rt-build.sh BOARD LINUX_ARCH CROSS DEFCONFIG DTB OUT_DIR IMAGE FRAGMENT...
# DEFCONFIG: a config target of the kernel (versatile_defconfig,
# allnoconfig, ...); FRAGMENTs: files of CONFIG_ lines merged on top, in
# order (mk/linux-rt.fragment: PREEMPT_RT and what keeps the figures
# undistorted; then the board's own). Every CONFIG_X=... and "# CONFIG_X is
# not set" line of the fragments must hold in the final .config, else the
# configuration fails. DTB: the device tree target (versatile-pb.dtb), or
# "-" for none (e500: QEMU's ppce500 writes its own). IMAGE: zImage (ARM)
# or vmlinux (powerpc: the ELF that QEMU's -kernel loads).
# Writes OUT_DIR/IMAGE, OUT_DIR/DTB, OUT_DIR/config and OUT_DIR/rt-source
# (which source and RT series the kernel is built from).
#
# The RT series: Debian's linux source package at LINUX_RT_DEBIAN (default:
# the newest one fetched before, else the newest version apt's deb-src
# entries offer whose debian.tar.xz the archive serves and holds
# debian/patches-rt: the archive drops superseded security uploads, so the
# pick follows the archive; removing $CK_CACHE/linux-rt-src picks again).
# Only that 2 MB
# debian.tar.xz is fetched (apt-get source --print-uris names it and its
# SHA-256, apt-helper downloads and checks it), into
# $CK_CACHE/linux-rt-src. The tree lives in $CK_CACHE/linux-rt-<board>-<key>,
# <key> hashing the linux-source-6.1 version, the RT series' Debian version,
# the defconfig, the fragments' contents, the DTB, the image and KCFLAGS; a
# rerun builds nothing when they have not changed.
set -euo pipefail
board=$1 larch=$2 cross=$3 defconfig=$4 dtb=$5 out=$6 image=$7
shift 7
frags=()
for f in "$@"; do frags+=("$(realpath -m "$f")"); done
kcflags=${KCFLAGS:-}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${CK_CACHE:?CK_CACHE not set}
tar=/usr/src/linux-source-6.1.tar.xz
jobs=${JOBS:-2}

say() { printf '[linux-rt] %s\n' "$*" >&2; }
die() { printf '[linux-rt] error: %s\n' "$*" >&2; exit 1; }
. "$top/mk/build-lib.sh"

[ -f "$tar" ] || die "$tar missing: run 'make deps' (package linux-source-6.1)"
command -v "${cross}gcc" >/dev/null || die "${cross}gcc missing: run 'make deps'"
[ ${#frags[@]} -gt 0 ] || die "no config fragment given (mk/linux-rt.fragment at least)"
for f in "${frags[@]}"; do [ -f "$f" ] || die "config fragment $f missing"; done
case $image in
zImage) image_path=arch/$larch/boot/zImage ;;
vmlinux) image_path=vmlinux ;;
*) die "image $image: zImage or vmlinux expected" ;;
esac

srcdir=$cache/linux-rt-src
mkdir -p "$srcdir"

# rt_fetch <version>: $srcdir/linux_<version>.debian.tar.xz, downloaded
# when missing; fails when the archive does not serve it
rt_fetch() {
	local v=$1 f=$srcdir/linux_$1.debian.tar.xz line uri sum
	[ -f "$f" ] && return 0
	line=$(cd "$srcdir" && apt-get -q source --print-uris --download-only "linux=$v" 2>/dev/null |
		grep "linux_$v.debian.tar.xz") || return 1
	uri=$(echo "$line" | awk '{print $1}' | tr -d "'")
	sum=$(echo "$line" | awk '{print $4}')
	/usr/lib/apt/apt-helper -q download-file "$uri" "$f.part" "$sum" >/dev/null 2>&1 ||
		{ rm -f "$f.part"; return 1; }
	tar -tJf "$f.part" debian/patches-rt/series >/dev/null 2>&1 ||
		{ rm -f "$f.part"; say "linux $v: no debian/patches-rt"; return 1; }
	mv "$f.part" "$f"
}

exec 8> "$srcdir.lock"
flock 8
rtver=${LINUX_RT_DEBIAN:-}
if [ -n "$rtver" ]; then
	rt_fetch "$rtver" || die "Debian's linux $rtver debian.tar.xz: not served by the archive (LINUX_RT_DEBIAN)"
elif ls "$srcdir"/linux_*.debian.tar.xz >/dev/null 2>&1; then
	rtver=$(ls "$srcdir"/linux_*.debian.tar.xz | sed 's|.*/linux_||; s|\.debian\.tar\.xz$||' | sort -V | tail -1)
else
	vers=$(apt-cache showsrc linux 2>/dev/null | awk '/^Version: 6\.1\./ {print $2}' | sort -uVr)
	[ -n "$vers" ] || die "no linux 6.1 source package known to apt: run 'make deps' (it enables deb-src)"
	for v in $vers; do
		if rt_fetch "$v"; then rtver=$v; break; fi
		say "linux $v: debian.tar.xz not served, trying an older one"
	done
	[ -n "$rtver" ] || die "no Debian linux 6.1 source package with debian/patches-rt is downloadable"
fi
flock -u 8
rtdeb=$srcdir/linux_$rtver.debian.tar.xz

ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || stat -c %s "$tar")
key=$( (echo "$ver"; echo "rt $rtver"; echo "$defconfig"; echo "$dtb"; echo "$image"
	for f in "${frags[@]}"; do cat "$f"; done
	[ -z "$kcflags" ] || echo "KCFLAGS=$kcflags") | sha256sum | cut -c1-12)
tree=$cache/linux-rt-$board-$key
exec 9> "$cache/linux-rt-$board.lock"
flock 9

if [ ! -f "$tree/.ck-configured" ]; then
	ck_linux_tree_new "$tree" "$tar" "$ver"
	say "applying debian/patches-rt of Debian's linux $rtver"
	mkdir -p "$tree.tmp/.ck-rt"
	tar -xJf "$rtdeb" -C "$tree.tmp/.ck-rt" debian/patches-rt
	rtp=$tree.tmp/.ck-rt/debian/patches-rt
	n=0
	while read -r p; do
		case $p in '' | \#*) continue ;; esac
		patch -d "$tree.tmp" -p1 -s -N --no-backup-if-mismatch < "$rtp/$p" > "$tree.tmp/.ck-rt/patch.log" 2>&1 ||
			{ cat "$tree.tmp/.ck-rt/patch.log" >&2
			die "patches-rt/$p of linux $rtver does not apply to linux-source-6.1 $ver"; }
		n=$((n + 1))
	done < "$rtp/series"
	say "$n patches applied ($(cat "$tree.tmp/localversion-rt" 2>/dev/null))"
	say "configure: $defconfig + ${frags[*]##*/}"
	make -s -C "$tree.tmp" ARCH="$larch" CROSS_COMPILE="$cross" "$defconfig" >/dev/null
	(cd "$tree.tmp" && ARCH="$larch" CROSS_COMPILE="$cross" \
		scripts/kconfig/merge_config.sh -m -O . .config "${frags[@]}") > "$tree.tmp/.ck-rt/merge.log" 2>&1 ||
		{ cat "$tree.tmp/.ck-rt/merge.log" >&2; die "merge_config.sh failed"; }
	make -s -C "$tree.tmp" ARCH="$larch" CROSS_COMPILE="$cross" olddefconfig >/dev/null
	# every line of the fragments must have stuck (a dependency not met
	# drops an option silently)
	missing=$(cat "${frags[@]}" | grep -E '^(CONFIG_[A-Z0-9_]+=|# CONFIG_[A-Z0-9_]+ is not set)' |
		while read -r l; do
			case $l in
			\#*) o=${l#\# }; o=${o%% *}; ! grep -q "^$o=" "$tree.tmp/.config" || echo "$l" ;;
			*) grep -qxF "$l" "$tree.tmp/.config" || echo "$l" ;;
			esac
		done)
	[ -z "$missing" ] || die "config fragment lines not in .config: $missing"
	{ echo "linux-source-6.1 $ver"
		echo "debian/patches-rt of Debian's linux $rtver ($n patches, $(cat "$tree.tmp/localversion-rt"))"
		echo "$defconfig + ${frags[*]##*/}"; } > "$tree.tmp/.ck-rt/source"
	ck_linux_tree_done "$tree"
fi
touch "$tree"	# last used, for pruning

targets=("$image")
[ "$dtb" = - ] || targets+=("$dtb")
ck_kbuild_env "$tar"
say "building ${targets[*]} (nice, -j$jobs; log: $tree/build.log)"
cc_count() { echo "$(grep -c '^  CC' "$tree/build.log") files compiled"; }
ck_build_watch "$tree/build.log" cc_count env "${kbuild_env[@]}" nice -n 10 make -C "$tree" \
	ARCH="$larch" CROSS_COMPILE="$cross" KCFLAGS="$kcflags" -j"$jobs" "${targets[@]}"
say "built in $ck_build_secs s"
mkdir -p "$out"
cp "$tree/$image_path" "$out/$image"
[ "$dtb" = - ] || cp "$tree/arch/$larch/boot/dts/$dtb" "$out/$dtb"
cp "$tree/.config" "$out/config"
cp "$tree/.ck-rt/source" "$out/rt-source"
