# SPDX-License-Identifier: MIT
"""mk/fit-ram-check.sh, which `make image` runs on a FIT that U-Boot boots
from RAM (a board whose U-Boot is built here and not run from flash,
mk/fit.mk): bootm copies each image with a load address out of the FIT and
checks an image's hash only before its copy, so a copy that lands on the
FIT, or on another image's destination, must fail the build with both
ranges named. No QEMU: a FIT of small files made by mkimage, as `make
image` makes one (mk/fit-its.sh's layout: a kernel and loadables). Runs
once, whatever --board says.
"""
import os
import subprocess

import pytest

from cksession import TOP

CHECK = os.path.join(TOP, "mk", "fit-ram-check.sh")
KERNEL_AT = 0x23D00000
LOADABLE_AT = 0x22000000
SIZE = 0x10000


def _its(loadable_at):
    def image(name, kind, at, entry=""):
        return (f'\t\t{name} {{ data = /incbin/("{name}.bin"); type = "{kind}"; '
                f'arch = "arm"; os = "linux"; compression = "none"; load = <{at:#x}>; '
                f'{entry}hash-1 {{ algo = "sha256"; }}; }};\n')
    return ("/dts-v1/;\n/ {\n\tdescription = \"test\";\n\t#address-cells = <1>;\n"
            "\timages {\n"
            + image("cokernel", "kernel", KERNEL_AT, f"entry = <{KERNEL_AT:#x}>; ")
            + image("linux", "firmware", loadable_at)
            + "\t};\n\tconfigurations {\n\t\tdefault = \"c\";\n\t\tc { kernel = \"cokernel\"; "
            "loadables = \"linux\"; };\n\t};\n};\n")


@pytest.fixture
def fit(tmp_path):
    """fit(loadable_at) -> the path of a FIT with a SIZE-byte co-kernel at
    KERNEL_AT and a SIZE-byte loadable at loadable_at."""
    for name in ("cokernel", "linux"):
        (tmp_path / f"{name}.bin").write_bytes(os.urandom(SIZE))

    def make(loadable_at):
        (tmp_path / "t.its").write_text(_its(loadable_at))
        subprocess.run(["mkimage", "-q", "-f", "t.its", "t.itb"], cwd=tmp_path, check=True)
        return str(tmp_path / "t.itb")
    return make


def _check(itb, at):
    return subprocess.run([CHECK, itb, hex(at)], capture_output=True, text=True, timeout=30)


def test_a_fit_clear_of_its_copies_passes(fit):
    r = _check(fit(LOADABLE_AT), 0x22800000)
    assert r.returncode == 0 and not r.stdout and not r.stderr, r


@pytest.mark.parametrize("fit_at,loadable_at,first,second", [
    # the FIT where the loadable is copied
    (LOADABLE_AT + SIZE // 2, LOADABLE_AT, "FIT t.itb", "image 'linux'"),
    # the FIT's end just over the co-kernel's start
    (KERNEL_AT - SIZE, LOADABLE_AT, "FIT t.itb", "image 'cokernel'"),
    # two images copied onto each other, the FIT clear of both
    (0x22800000, KERNEL_AT + SIZE - 1, "image 'cokernel'", "image 'linux'"),
], ids=["fit-under-loadable", "fit-end-over-kernel", "kernel-over-loadable"])
def test_an_overlap_fails_naming_both_ranges(fit, fit_at, loadable_at, first, second):
    itb = fit(loadable_at)
    r = _check(itb, fit_at)
    assert r.returncode != 0, f"overlap passed: {r}"
    line = r.stderr.strip()
    assert line.startswith("fit-ram-check.sh: " + first) and f"overlaps {second} at 0x" in line, line
    # the ranges as bootm sees them: the FIT's is [fit_at, fit_at + its size)
    if first.startswith("FIT"):
        end = fit_at + os.path.getsize(itb)
        assert f"at {fit_at:#010x}-{end:#010x}" in line, line


@pytest.mark.parametrize("lo,hi,ok", [
    (0x20000000, 0x30000000, True),
    # the FIT's end one byte past the RAM the board allows it
    (0x20000000, 0x22800000 + 1, False),
    # its start below it
    (0x22800001, 0x30000000, False),
], ids=["inside", "end-past-hi", "start-below-lo"])
def test_a_fit_outside_its_ram_range_fails(fit, lo, hi, ok):
    itb = fit(LOADABLE_AT)
    r = subprocess.run([CHECK, itb, hex(0x22800000), hex(lo), hex(hi)], capture_output=True,
                       text=True, timeout=30)
    if ok:
        assert r.returncode == 0 and not r.stderr, r
        return
    end = 0x22800000 + os.path.getsize(itb)
    assert r.returncode != 0, f"outside {lo:#x}-{hi:#x} passed: {r}"
    assert (f"FIT t.itb at 0x22800000-{end:#010x} is not inside {lo:#010x}-{hi:#010x}"
            in r.stderr), r.stderr


@pytest.mark.parametrize("arg", ["bogus", "0x", "12abc", ""])
def test_an_address_that_is_no_number_is_refused(fit, arg):
    r = subprocess.run([CHECK, fit(LOADABLE_AT), arg], capture_output=True, text=True,
                       timeout=30)
    assert r.returncode != 0 and f"'{arg}' is not an address" in r.stderr, r
