# SPDX-License-Identifier: MIT
"""The FIT of a board whose own U-Boot boots it on the hardware and no QEMU
here runs (FIT_BOOT_SCRIPT := yes in board.mk: lite5200b), as `make image`
writes it (build/<board>/cokernel.itb, mk/fit.mk, mk/fit-its.sh): every
image hashed with FIT_HASH's algorithms and no other (an older U-Boot
refuses an image with a hash it does not know), each hash its data's,
each image's data the
file it was made from and the section of the ELF `make run` boots, the
load addresses board.mk's, and the boot script (the image "boot") the
imxtract of each loadable from the FIT at FIT_LOADADDR to its load
address, then bootm of the FIT. Then the pieces taken out of the FIT
(dumpimage), put at their load addresses in an ELF and entered at the
FIT's entry point, as bootm would, boot in QEMU exactly as `make run`
boots the ELF: the same console output, byte for byte, up to the Linux
shell (-icount, the same seed). Skips boards without FIT_BOOT_SCRIPT.
"""
import hashlib
import os
import re
import subprocess
import zlib

import pytest

from cksession import SHELL_READY, TOP, Session, image_path, make_var

LOADABLE_ADDR = {"linux": "LINUX_KERNEL_PA", "guest-dtb": "LINUX_DTB_PA",
                 "initramfs": "LINUX_INITRD_PA"}
# the ELF sections of the image `make run` boots that hold the payload
# (mk/payload.S, mk/payload.lds)
ELF_SECTION = {"linux": ".linux_kernel", "guest-dtb": ".guest_dtb",
               "initramfs": ".initramfs"}


@pytest.fixture(scope="module")
def fit(board):
    if make_var(board, "FIT_BOOT_SCRIPT") != "yes":
        pytest.skip(f"{board}: no FIT_BOOT_SCRIPT in board.mk (its FIT, if any, "
                    "is booted by a U-Boot here: test_bare.py)")
    itb = os.path.join(TOP, "build", board, "cokernel.itb")
    if not os.path.exists(itb):
        pytest.fail(f"{itb} missing: run 'make image BOARD={board}'")
    return itb


def _fdtget(itb, node, prop, kind="s"):
    r = subprocess.run(["fdtget", "-t", kind, itb, node, prop], capture_output=True,
                       text=True)
    return r.stdout.strip() if r.returncode == 0 else None


def _images(itb):
    """dumpimage -l: [(index, name, {"type":, "load":, "entry":, "hashes": [algo...]})]"""
    out = subprocess.run(["dumpimage", "-l", itb], check=True, capture_output=True,
                         text=True).stdout
    images = []
    for line in out.splitlines():
        m = re.match(r"^ Image (\d+) \((.+)\)$", line)
        if m:
            images.append((int(m.group(1)), m.group(2), {"hashes": []}))
            continue
        if not images or not line.startswith("  "):
            continue
        key, _, value = line.strip().partition(":")
        info = images[-1][2]
        if key == "Hash algo":
            info["hashes"].append(value.strip())
        elif key in ("Type", "Load Address", "Entry Point"):
            info[key] = value.strip()
    return images


def _extract(itb, index, out):
    subprocess.run(["dumpimage", "-T", "flat_dt", "-p", str(index), "-o", out, itb],
                   check=True, capture_output=True)
    with open(out, "rb") as f:
        return f.read()


def _elf_section(board, section, out):
    cross = make_var(board, "CROSS")
    subprocess.run([cross + "objcopy", "-O", "binary", "-j", section, image_path(board), out],
                   check=True)
    with open(out, "rb") as f:
        return f.read()


def _loadables(itb):
    conf = _fdtget(itb, "/configurations", "default")
    return (_fdtget(itb, f"/configurations/{conf}", "loadables") or "").split()


def _digest(algo, data):
    """A hash value as U-Boot computes it (common/image.c calculate_hash:
    crc32 stored big-endian)."""
    if algo == "crc32":
        return zlib.crc32(data).to_bytes(4, "big")
    return hashlib.new(algo, data).digest()


def test_every_image_has_the_boards_hashes_only(board, fit, tmp_path):
    algos = make_var(board, "FIT_HASH").split()
    images = _images(fit)
    assert len(images) >= 2, images
    for index, name, info in images:
        assert info["hashes"] == algos, (
            f"image '{name}' hashed with {info['hashes']}, FIT_HASH is {algos}")
        data = _extract(fit, index, str(tmp_path / name))
        for n, algo in enumerate(algos, 1):
            value = subprocess.run(["fdtget", "-t", "bx", fit, f"/images/{name}/hash-{n}",
                                    "value"], check=True, capture_output=True,
                                   text=True).stdout.split()
            assert bytes(int(v, 16) for v in value) == _digest(algo, data), \
                f"image '{name}': hash-{n} ({algo}) is not its data's"


def test_each_image_is_its_input_and_at_its_board_address(board, fit, tmp_path):
    b = os.path.join(TOP, "build", board)
    inputs = {"cokernel": os.path.join(b, "cokernel.bin"),
              "linux": make_var(board, "LINUX_PAYLOAD_FILE"),
              "guest-dtb": make_var(board, "GUEST_DTB_FILE"),
              "initramfs": make_var(board, "INITRAMFS_FILE"),
              "boot": os.path.join(b, "boot.cmd")}
    images = _images(fit)
    names = [n for _, n, _ in images]
    assert names[0] == "cokernel" and "boot" in names, names
    assert sorted(n for n in names if n in LOADABLE_ADDR) == sorted(_loadables(fit)), (
        f"images {names}, loadables {_loadables(fit)}")
    for index, name, info in images:
        data = _extract(fit, index, str(tmp_path / name))
        with open(inputs[name], "rb") as f:
            assert data == f.read(), f"image '{name}' is not {inputs[name]}"
        if name in ELF_SECTION:
            assert data == _elf_section(board, ELF_SECTION[name], str(tmp_path / (name + ".elf"))), \
                f"image '{name}' is not the section {ELF_SECTION[name]} of {image_path(board)}"
            assert int(info["Load Address"], 16) == int(make_var(board, LOADABLE_ADDR[name]), 0), \
                f"image '{name}' at {info['Load Address']}, board.mk {LOADABLE_ADDR[name]}"
    ck = dict((n, i) for _, n, i in images)["cokernel"]
    assert ck["Type"] == "Kernel Image", ck
    assert int(ck["Load Address"], 16) == int(make_var(board, "CK_REGION_PA"), 0), ck
    entry = subprocess.run([make_var(board, "CROSS") + "readelf", "-h", image_path(board)],
                           check=True, capture_output=True, text=True).stdout
    entry = int(re.search(r"Entry point address:\s+(0x[0-9a-f]+)", entry).group(1), 16)
    assert int(ck["Entry Point"], 16) == entry, (ck, hex(entry))
    boot = dict((n, i) for _, n, i in images)["boot"]
    assert boot["Type"] == "Script" and "Load Address" not in boot, boot
    assert _fdtget(fit, "/images/boot", "load", "x") is None, "the script has a load address"


def test_the_script_extracts_each_loadable_to_its_address_then_bootm(board, fit, tmp_path):
    index = [i for i, n, _ in _images(fit) if n == "boot"][0]
    script = _extract(fit, index, str(tmp_path / "boot.cmd")).decode()
    # one line, for U-Boot's hush: a failed imxtract (a bad hash) stops it
    assert script.endswith("\n") and script.count("\n") == 1, repr(script)
    cmds = [c.split() for c in script.strip().split(" && ")]
    at = int(make_var(board, "FIT_LOADADDR"), 0)
    loadables = _loadables(fit)
    assert len(cmds) == len(loadables) + 1, cmds
    for cmd, name in zip(cmds, loadables):
        assert cmd[0] == "imxtract" and len(cmd) == 4, cmd
        assert int(cmd[1], 16) == at, f"{cmd}: not the FIT at FIT_LOADADDR {at:#x}"
        assert cmd[2] == name, f"{cmd}: not the loadable '{name}'"
        assert int(cmd[3], 16) == int(make_var(board, LOADABLE_ADDR[name]), 0), \
            f"{cmd}: not {LOADABLE_ADDR[name]}"
        assert int(cmd[3], 16) == int(_fdtget(fit, f"/images/{name}", "load", "x"), 16), cmd
    assert cmds[-1][0] == "bootm" and len(cmds[-1]) == 2 and int(cmds[-1][1], 16) == at, cmds[-1]


def _bootm_elf(board, fit, tmp_path):
    """An ELF of the FIT's images at their load addresses, entered at the
    FIT's entry point: memory as bootm leaves it after the script."""
    cross = make_var(board, "CROSS")
    images = _images(fit)
    lds = ["SECTIONS {"]
    objs = []
    entry = None
    for index, name, info in images:
        if "Load Address" not in info:
            continue
        raw = tmp_path / f"{name}.raw"
        _extract(fit, index, str(raw))
        obj = tmp_path / f"{name}.o"
        subprocess.run([cross + "objcopy", "-I", "binary", "-O", "elf32-powerpc",
                        "-B", "powerpc", f"--rename-section=.data=.p_{index}",
                        raw.name, obj.name], cwd=tmp_path, check=True)
        objs.append(obj.name)
        lds.append(f"  .p_{index} {info['Load Address']} : {{ {obj.name}(.p_{index}) }}")
        if name == "cokernel":
            entry = info["Entry Point"]
    lds.append("}")
    (tmp_path / "bootm.lds").write_text("\n".join(lds) + "\n")
    subprocess.run([cross + "ld", "-T", "bootm.lds", "-e", entry, "-o", "bootm.elf", *objs],
                   cwd=tmp_path, check=True)
    return str(tmp_path / "bootm.elf")


def _boot_log(board, image, logname):
    s = Session(board, image=image, logname=logname)
    try:
        s.expect(re.escape(SHELL_READY), timeout=300)
        return s.log
    finally:
        s.close()


def test_the_fits_pieces_boot_as_make_run_boots_the_elf(board, fit, tmp_path):
    elf = _bootm_elf(board, fit, tmp_path)
    want = _boot_log(board, image_path(board), "fit-script-elf")
    got = _boot_log(board, elf, "fit-script-pieces")
    assert "[ck] Linux payload: kernel" in got, got[-2000:]
    assert got == want, ("the FIT's pieces booted otherwise than the ELF: see "
                         "build/<board>/test-logs/fit-script-{elf,pieces}.log")
