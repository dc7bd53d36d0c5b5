# SPDX-License-Identifier: MIT
"""The build cache's pruning (mk/build-lib.sh ck_cache_commit), which every
cached build of several variants uses: busybox (one per board that builds
it: e500's and r2d's), newlib, musl, libgcc. A new build must never remove
another variant's finished build among the <keep> used last, whatever
files that build holds beside its product (a build log), and must remove
what failed builds left behind. No QEMU: runs once, whatever --board says.
"""
import os
import subprocess
import time

from cksession import TOP

KIND = "busybox"


def _finished(cache, key, age_s):
    """A finished build <kind>-<key> holding a binary and its log, last used
    @age_s seconds ago."""
    d = os.path.join(cache, f"{KIND}-{key}")
    os.makedirs(d)
    for name, mode in (("busybox", 0o755), ("build.log", 0o644)):
        p = os.path.join(d, name)
        with open(p, "w") as f:
            f.write(name)
        os.chmod(p, mode)
    t = time.time() - age_s
    os.utime(d, (t, t))
    return d


def _commit(cache, key, keep):
    """A new build <kind>-<key> committed as mk/busybox-build.sh does."""
    d = os.path.join(cache, f"{KIND}-{key}")
    os.makedirs(os.path.join(d + ".tmp", "out"))
    with open(os.path.join(d + ".tmp", "out", "busybox"), "w") as f:
        f.write("new")
    script = ('say() { :; }; . "$1/mk/build-lib.sh"; '
              'ck_cache_commit "$2" "$3" "$(date +%s)"')
    out = subprocess.run(["bash", "-c", script, "sh", TOP, d, str(keep)],
                         check=True, capture_output=True, text=True, timeout=30)
    assert out.stdout.strip() == d
    return d


def _keep_of_busybox():
    """The <keep> mk/busybox-build.sh passes to ck_cache_commit."""
    with open(os.path.join(TOP, "mk", "busybox-build.sh")) as f:
        calls = [l.split() for l in f if l.strip().startswith("ck_cache_commit ")]
    assert len(calls) == 1, "mk/busybox-build.sh commits its build once, with ck_cache_commit"
    return int(calls[0][2])


def test_a_new_build_keeps_the_other_boards_builds(tmp_path):
    keep = _keep_of_busybox()
    assert keep >= 2, "busybox-build.sh must keep e500's and r2d's builds both"
    cache = str(tmp_path)
    others = [_finished(cache, f"{i:012x}", age_s=100 + i) for i in range(keep)]
    failed = os.path.join(cache, f"{KIND}-{0xbad:012x}.tmp")
    os.makedirs(failed)
    new = _commit(cache, f"{0xfeed:012x}", keep)
    left = sorted(os.listdir(cache))
    assert os.path.isfile(os.path.join(new, "busybox"))
    assert not os.path.exists(new + ".tmp")
    assert not os.path.exists(failed), f"a failed build's directory stayed: {left}"
    # the <keep> used last besides the new one stay, with their logs
    for d in others[:keep]:
        assert os.path.isfile(os.path.join(d, "busybox")), f"{d} was removed: {left}"
    assert len(left) == keep + 1, left


def test_the_build_used_longest_ago_goes_beyond_keep(tmp_path):
    keep = 2
    cache = str(tmp_path)
    recent = [_finished(cache, f"{i:012x}", age_s=10 + i) for i in range(keep)]
    oldest = _finished(cache, f"{0xdead:012x}", age_s=1000)
    _commit(cache, f"{0xfeed:012x}", keep)
    assert not os.path.exists(oldest)
    assert all(os.path.isdir(d) for d in recent)
