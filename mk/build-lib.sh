# SPDX-License-Identifier: MIT
# build-lib.sh - sourced by mk/*-build.sh, after they define say and die:
# the steps their cached builds share.

# ck_debsrc_unpack <package> <version> <download dir> <dest>: Debian's
# source package <package>=<version> unpacked into <dest> by dpkg-source
# (which applies Debian's patches); fetched into <download dir> once
# (apt-get source, needs the deb-src entries `make deps` adds).
ck_debsrc_unpack() {
	local pkg=$1 ver=$2 srcdir=$3 dest=$4 uver=${2#*:}
	mkdir -p "$srcdir"
	if [ ! -f "$srcdir/${pkg}_$uver.dsc" ]; then
		say "downloading Debian's $pkg $ver source package"
		(cd "$srcdir" && apt-get -q -o APT::Sandbox::User=root source \
			--download-only "$pkg=$ver" >&2) ||
			die "apt-get source failed: run 'make deps' (deb-src entries)"
	fi
	say "unpacking $pkg (dpkg-source applies Debian's patches)"
	dpkg-source -q -x "$srcdir/${pkg}_$uver.dsc" "$dest" > "$dest.unpack.log" 2>&1 ||
		{ cat "$dest.unpack.log" >&2; die "dpkg-source failed"; }
	rm -f "$dest.unpack.log"
}

# ck_gcc_source <cross-prefix>: sets gcctar and gccver to the tarball of
# Debian's gcc-<N>-source for the cross compiler's major version N and to
# that package's version (dies when it is not installed).
ck_gcc_source() {
	local gccmaj
	gccmaj=$("${1}gcc" -dumpversion | cut -d. -f1)
	gcctar=$(ls /usr/src/gcc-"$gccmaj"/gcc-*.tar.* 2>/dev/null | sort -V | tail -1 || true)
	[ -n "$gcctar" ] ||
		die "no /usr/src/gcc-$gccmaj/gcc-*.tar.*: package gcc-$gccmaj-source missing, run 'make deps'"
	gccver=$(dpkg-query -W -f='${Version}' gcc-"$gccmaj"-source 2>/dev/null || stat -c %s "$gcctar")
}

# ck_cache_lock <dir>: when the caller's built() finds the build <dir>
# ($CK_CACHE/<kind>-<key>) there, print it and exit 0; else take <kind>'s
# lock (held until the script ends) and look again, as another build may
# have made it meanwhile; return to build it.
ck_cache_lock() {
	local dir=$1 base=${1%-*}
	if built; then
		touch "$dir" 2>/dev/null || true	# last used, for pruning
		echo "$dir"
		exit 0
	fi
	mkdir -p "${base%/*}"
	exec 9> "$base.lock"
	flock 9
	if built; then
		echo "$dir"
		exit 0
	fi
}

# ck_cache_commit <dir> <keep> <start>: the finished build in <dir>.tmp/out
# becomes <dir> ($CK_CACHE/<kind>-<key>); the rest of <dir>.tmp goes, and
# so does what failed builds of that kind left behind, and every build of
# it but the <keep> used last besides this one (other flags, another
# checkout). <start>: the build's start (date +%s), for its time. Prints
# <dir>.
ck_cache_commit() {
	local dir=$1 keep=$2 start=$3 base=${1%-*}
	mv "$dir.tmp/out" "$dir"
	rm -rf "$dir.tmp" "$base-"????????????.tmp
	ls -dt "$base-"???????????? 2>/dev/null | grep -vxF "$dir" | tail -n +$((keep + 1)) |
		while read -r old; do say "removing old build $old"; rm -rf "$old"; done ||
		true	# (grep finds nothing: nothing to remove)
	say "built in $(( $(date +%s) - start )) s: $dir"
	echo "$dir"
}

# ck_build_watch <log> <progress> <command...>: run <command> (niced by the
# caller) with its output in <log>, saying every 30 s how far it got
# (<progress>: a command that prints a short status from the log), so that
# a build of minutes does not look hung. On failure: the log's tail, then
# die. Sets ck_build_secs to the time it took.
ck_build_watch() {
	local log=$1 progress=$2 n=0 start
	shift 2
	start=$(date +%s)
	"$@" > "$log" 2>&1 &
	ck_build_pid=$!
	trap 'kill $ck_build_pid 2>/dev/null || true' EXIT
	while kill -0 "$ck_build_pid" 2>/dev/null; do
		sleep 2
		n=$((n + 1))
		if [ $((n % 15)) -eq 0 ] && kill -0 "$ck_build_pid" 2>/dev/null; then
			say "... $(( $(date +%s) - start )) s, $($progress)"
		fi
	done
	if ! wait "$ck_build_pid"; then
		tail -40 "$log" >&2
		die "build failed (log $log)"
	fi
	trap - EXIT
	ck_build_secs=$(( $(date +%s) - start ))
}

# ck_linux_tree_new <tree> <tarball> <version>: a new Linux source tree in
# <tree>.tmp, extracted from Debian's linux-source tarball (whatever was
# there before goes); the caller patches and configures it, then
# ck_linux_tree_done.
ck_linux_tree_new() {
	local tree=$1 tar=$2 ver=$3
	say "new tree $tree (source $ver)"
	rm -rf "$tree" "$tree.tmp"
	mkdir -p "$tree.tmp"
	say "extracting linux-source-6.1"
	tar -xf "$tar" -C "$tree.tmp" --strip-components=1
}

# ck_linux_tree_done <tree>: the configured tree in <tree>.tmp becomes
# <tree> ($CK_CACHE/<kind>-<key>); trees of other inputs of that kind are
# ~1 GiB each: the one used last besides this one stays (another checkout
# sharing the cache), older ones go.
ck_linux_tree_done() {
	local tree=$1 base=${1%-*}
	touch "$tree.tmp/.ck-configured"
	mv "$tree.tmp" "$tree"
	ls -dt "$base-"???????????? 2>/dev/null | grep -vxF "$tree" |
		tail -n +2 | while read -r old; do say "removing old tree $old"; rm -rf "$old"; done ||
		true	# (grep finds nothing: nothing to remove)
}

# ck_kbuild_env <tarball>: sets the array kbuild_env, the environment of a
# Linux build whose version line (uname -v, printed at boot) holds no
# build date, user, host or build count, which differ between builds and
# machines and, under icount, would move every later instruction of the
# boot (docs/measuring.md). The date is the source package's (dpkg keeps
# the tarball's mtime).
ck_kbuild_env() {
	kbuild_env=(KBUILD_BUILD_TIMESTAMP="$(LC_ALL=C date -u -d @"$(stat -c %Y "$1")")"
		KBUILD_BUILD_USER=cokernel KBUILD_BUILD_HOST=cokernel KBUILD_BUILD_VERSION=1)
}
