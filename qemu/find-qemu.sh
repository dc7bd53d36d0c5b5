# SPDX-License-Identifier: MIT
# find-qemu.sh - sourced by qemu/run-<board>. ck_qemu <arch> prints the
# emulator to run; ck_icount_args prints the timing options for $ICOUNT.
# ck_qemu: In order: $QEMU (a binary you name), $QEMU_BIN/qemu-system-
# <arch> (the make targets set QEMU_BIN to the project's build), else the
# project's build in the cache if `make qemu` made it. Debian's stock binary
# is never picked silently: it lacks the fixes in qemu/patches.
ck_qemu() {
	local arch=$1 top dir q
	if [ -n "${QEMU:-}" ]; then
		q=$QEMU
	elif [ -n "${QEMU_BIN:-}" ]; then
		q=$QEMU_BIN/qemu-system-$arch
	else
		top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
		if ! dir=$(CK_CACHE=${CK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cokernel} \
			"$top/mk/qemu-build.sh" --built 2>/dev/null); then
			echo "no project QEMU built: run 'make qemu' first (or QEMU=/usr/bin/qemu-system-$arch for Debian's, without our fixes)" >&2
			return 1
		fi
		q=$dir/bin/qemu-system-$arch
	fi
	if ! command -v "$q" >/dev/null 2>&1; then
		echo "no QEMU binary '$q'" >&2
		return 1
	fi
	echo "$q"
}

# ck_icount_args: the -icount options for ICOUNT (unset/exact/1: shift=0,
# sleep=off and -seed $SEED (1): 1 instruction = 1 ns of virtual time, idle
# time skipped, figures exact; realtime: sleep=on; 0: none), one per line.
ck_icount_args() {
	case "${SEED:-1}" in
	*[!0-9]*) echo "SEED must be a whole number (default 1)" >&2; return 1 ;;
	esac
	case "${ICOUNT:-exact}" in
	exact | 1) printf '%s\n' -icount shift=0,sleep=off -seed "${SEED:-1}" ;;
	realtime) printf '%s\n' -icount shift=0,sleep=on ;;
	0) ;;
	*) echo "ICOUNT must be exact (default), realtime or 0" >&2; return 1 ;;
	esac
}

# ck_nic_args <model> [pci [<props>]]: one NIC of <model> on QEMU's user network
# (slirp: the guest is 10.0.2.15/24, gateway 10.0.2.2; restrict=on: the
# guest reaches neither the host nor beyond, only forwarded ports reach
# it; ipv6=off: slirp sends no router advertisements, nothing unasked, so
# an idle guest's run under icount is the same with or without it), one
# option per line. pci: a -device on the machine's PCI bus, without an
# option ROM (romfile=: none runs on these CPUs, and QEMU stops when
# ipxe's is not installed), with the device's <props> if any (addr=2: in
# slot 2); else the board's own NIC (-nic). CK_HOSTFWD=
# <port>: the host's 127.0.0.1:<port> is forwarded to the guest's TCP
# port 80 (busybox httpd).
ck_nic_args() {
	local net="user,restrict=on,ipv6=off" port=${CK_HOSTFWD:-}
	if [ -n "$port" ]; then
		case "$port" in
		*[!0-9]*) port=0 ;;
		esac
		if [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
			echo "CK_HOSTFWD must be a host TCP port, 1-65535 (got '$CK_HOSTFWD')" >&2
			return 1
		fi
		net+=",hostfwd=tcp:127.0.0.1:$port-:80"
	fi
	if [ "${2:-}" = pci ]; then
		printf '%s\n' -netdev "$net,id=net0" -device "$1,netdev=net0,romfile=${3:+,$3}"
	else
		printf '%s\n' -nic "$net,model=$1"
	fi
}
