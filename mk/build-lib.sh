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
