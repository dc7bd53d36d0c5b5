# SPDX-License-Identifier: MIT
"""The make targets for one part of the image, on every board that lacks
the part: each fails with a message that says what the board lacks and
which boards have it (from their board.mk), never make's "No rule to make
target" and never a build. And NO_LINUX=1 leaves no file named for Linux.
No QEMU: these run once, whatever --board says.
"""
import os
import shutil
import signal
import subprocess

from cksession import TOP, make_var

# target -> (whether BOARD has the part, the board.mk trait the message
# names, a value the trait has on the boards that have it: None for any)
PARTS = {
    "uboot": (lambda b: make_var(b, "UBOOT_DEFCONFIG") != "", "UBOOT_DEFCONFIG", None),
    "newlib": (lambda b: make_var(b, "NEWLIB") != "", "NEWLIB", None),
    "musl": (lambda b: make_var(b, "LINUX_LIBC") == "musl", "LINUX_LIBC", "musl"),
    "linux": (lambda b: make_var(b, "LINUX_GUEST") != "no", "LINUX_GUEST", "yes"),
    "dtb": (lambda b: make_var(b, "LINUX_GUEST") != "no", "LINUX_GUEST", "yes"),
    # (a board without a guest builds them for its own Linux, if it has one)
    "rootfs": (lambda b: make_var(b, "LINUX_GUEST") != "no"
               or make_var(b, "LINUX_NATIVE_DEFCONFIG") != "", "LINUX_GUEST", "yes"),
    "tools": (lambda b: make_var(b, "LINUX_GUEST") != "no"
              or make_var(b, "LINUX_NATIVE_DEFCONFIG") != "", "LINUX_GUEST", "yes"),
    "bench": (lambda b: make_var(b, "LINUX_GUEST") != "no", "LINUX_GUEST", "yes"),
}


def _make(*args, timeout=60):
    """make @args in its own process group, all of which a timeout kills:
    a target whose guard is broken starts a build (Linux, U-Boot) that
    must not outlive the test."""
    p = subprocess.Popen(["make", "-C", TOP, "--no-print-directory", *args],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise AssertionError(f"make {' '.join(args)}: still running after {timeout} s "
                             "(building instead of saying what the board lacks?)") from None
    return subprocess.CompletedProcess(p.args, p.returncode, out, err)


def _boards():
    return make_var(None, "BOARDS").split()


def _having(var, value):
    return [b for b in _boards()
            if (make_var(b, var) == value if value else make_var(b, var) != "")]


def test_a_part_the_board_lacks_says_which_boards_have_it():
    checked = 0
    for target, (has, var, value) in PARTS.items():
        having = _having(var, value)
        for board in _boards():
            if has(board):
                continue
            r = _make(target, f"BOARD={board}")
            what = f"make {target} BOARD={board}"
            assert r.returncode != 0, f"{what} succeeded:\n{r.stdout}"
            assert "No rule to make target" not in r.stderr, f"{what}:\n{r.stderr}"
            line = next((l for l in r.stderr.splitlines()
                         if l.startswith(f"make {target}: BOARD={board} ")), None)
            assert line, f"{what}: no message:\n{r.stderr}"
            listed = line.rsplit(":", 1)[-1] if target != "uboot" else line
            assert having and all(b in listed.split() for b in having), \
                f"{what}: boards with {var} ({having}) not all named: {line}"
            assert not r.stdout.strip(), f"{what} built something:\n{r.stdout}"
            checked += 1
    assert checked, "every board has every part: nothing was checked"


def test_no_linux_image_has_no_file_named_for_linux(tmp_path):
    """make image NO_LINUX=1 builds cokernel.elf alone and removes a
    cokernel-linux.elf of an earlier full build."""
    b = tmp_path / "b"
    b.mkdir()
    stale = b / "cokernel-linux.elf"
    stale.write_bytes(b"from a build with Linux")
    r = subprocess.run(["make", "-s", "--no-print-directory", "-C", TOP, f"B={b}",
                        "NO_LINUX=1", "image"],
                       capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stderr
    assert (b / "cokernel.elf").exists(), r.stdout
    assert not stale.exists(), r.stdout
    shutil.rmtree(b)


# variables only the emulator reads, each with a bad value and the message
# that names it (qemu/find-qemu.sh, mk/qemu.mk)
RUN_VARS = [
    ("ICOUNT=bogus", "ICOUNT must be exact (default), realtime or 0"),
    ("SEED=x", "SEED must be a whole number"),
    ("QEMU=/nonexistent/qemu", "QEMU=/nonexistent/qemu: no such binary"),
    ("QEMU_BIN=/nonexistent", "QEMU_BIN=/nonexistent holds no qemu-system-* binaries"),
]


def test_run_checks_its_variables_before_building(tmp_path):
    """make run with a bad run-time variable fails with its message before
    anything is built: the build directory, and a cokernel-linux.elf of an
    earlier full build in it, stay as they were."""
    b = tmp_path / "b"
    b.mkdir()
    stale = b / "cokernel-linux.elf"
    stale.write_bytes(b"from a build with Linux")
    for board in _boards():
        for var, msg in RUN_VARS:
            r = _make("run", f"BOARD={board}", f"B={b}", "NO_LINUX=1", var)
            what = f"make run BOARD={board} NO_LINUX=1 {var}"
            assert r.returncode != 0, f"{what} succeeded:\n{r.stdout}"
            assert msg in r.stderr, f"{what}: no '{msg}':\n{r.stderr}"
            # (make writes its stamps of the configuration on every call)
            made = [p for p in b.rglob("*") if p != stale and
                    p.suffix in (".o", ".a", ".elf", ".bin", ".dtb", ".itb")]
            assert not made, f"{what} built {made}:\n{r.stdout}"
            assert stale.read_bytes() == b"from a build with Linux", what


def test_make_without_a_target_builds_the_image():
    """`make` alone is `make all`, the image, on every board: an included
    make file's first rule (mk/sh4.mk's GCC plugin) must not become the
    default goal."""
    for board in _boards():
        r = _make("-pn", f"BOARD={board}")
        assert r.returncode == 0, r.stderr
        goals = [line for line in r.stdout.splitlines() if line.startswith(".DEFAULT_GOAL")]
        assert goals == [".DEFAULT_GOAL := all"], (board, goals)


def test_a_build_tree_from_before_asm_offsets_moved_still_builds(tmp_path):
    """A build directory from before an arch's asm-offsets.c moved holds a
    dependency file naming the old source: make must not stop on it ("No
    rule to make target"). The file is named after its source
    (mk/cokernel.mk CK_ASM_OFFSETS_D), so the old one is never read."""
    ck = tmp_path / "ck"
    ck.mkdir()
    (ck / "asm-offsets.d").write_text(
        f"{ck}/asm-offsets.s: cokernel/arch/ppc-booke/asm-offsets.c\n")
    for board in ("e500", "versatilepb"):
        r = _make("-n", f"BOARD={board}", f"B={tmp_path}", "NO_LINUX=1", "cokernel")
        assert r.returncode == 0 and "No rule" not in r.stderr, (board, r.stderr)


def test_a_bad_app_folder_is_named(tmp_path):
    """APP= names a folder that does not exist, one without app.mk, or one
    with a space in its path: each stops at once with a message that says
    which, never a build and never make's own confusion."""
    spaced = tmp_path / "my app"
    spaced.mkdir()
    (spaced / "app.mk").write_text("APP_RT_SRCS :=\n")
    cases = [
        (str(tmp_path / "nosuch"), "no such folder"),
        (str(tmp_path), "no app.mk in"),
        (str(spaced), "a path with spaces"),
    ]
    for app, says in cases:
        r = _make("image", f"APP={app}", timeout=30)
        assert r.returncode != 0, f"APP={app} succeeded:\n{r.stdout}"
        assert says in r.stderr, (app, r.stderr)


CHECK_BAD_VARS = [
    ("CHECK_JOBS=0", "CHECK_JOBS=0: a whole number from 1 expected"),
    ("CHECK_JOBS=x", "CHECK_JOBS=x: a whole number from 1 expected"),
    ("CHECK_BOARDS=nosuch", "name unknown boards: nosuch; known boards:"),
    ("CHECK_BARE_BOARDS=e500 bogus", "name unknown boards: bogus; known boards:"),
]


def test_check_refuses_bad_variables_before_any_work():
    """make check and make qemu-test with a CHECK_JOBS that is no whole
    number from 1, or an unknown board in a CHECK_*BOARDS list, fail at
    once with a message naming it: before make deps, lint, the unit tests
    and the image builds that check runs first (a newcomer's typo must not
    cost the minutes those take)."""
    for target in ("check", "qemu-test"):
        for var, msg in CHECK_BAD_VARS:
            r = _make(target, var, timeout=30)
            what = f"make {target} {var}"
            assert r.returncode == 2, f"{what}: exit {r.returncode}\n{r.stdout}\n{r.stderr}"
            assert msg in r.stderr, f"{what}: no '{msg}':\n{r.stderr}"
            assert "[deps]" not in r.stdout and "CPPCHECK" not in r.stdout, \
                f"{what} started working:\n{r.stdout}"
