# SPDX-License-Identifier: MIT
"""pytest setup for the QEMU tests: --board selects the boards (repeatable)."""
import pytest

from cksession import FIGURES, Session, default_board, make_var


def pytest_addoption(parser):
    parser.addoption("--board", action="append", default=[],
                     help="board to test (repeat for several); default: the Makefile's")
    parser.addoption("--boardless", choices=("with", "none", "only"), default="with",
                     help="the tests that take no board: run them too (with), "
                          "deselect them (none), or run only them (only); "
                          "run_check.py runs them once beside the boards' runs")


def pytest_generate_tests(metafunc):
    if "board" in metafunc.fixturenames:
        boards = metafunc.config.getoption("board") or [default_board()]
        metafunc.parametrize("board", boards, scope="module")


def pytest_collection_modifyitems(config, items):
    """--boardless none|only: deselect the tests that take a board, or
    those that take none."""
    mode = config.getoption("boardless")
    if mode == "with":
        return
    keep, drop = [], []
    for item in items:
        has_board = "board" in getattr(item, "fixturenames", ())
        (keep if has_board == (mode == "none") else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture(scope="module")
def guest(board):
    """One booted guest per board, shared by the tests of a module, under
    -icount shift=0,sleep=off with a fixed seed; skipped on a board
    without a Linux guest (a module also run on the bare boards)."""
    if make_var(board, "LINUX_GUEST") == "no":
        pytest.skip(f"{board}: no Linux guest (LINUX_GUEST := no)")
    s = Session(board, logname="guest")
    s.boot()
    yield s
    s.close()


def pytest_terminal_summary(terminalreporter):
    """The worst cases measured against each board's committed baseline."""
    if FIGURES:
        terminalreporter.section("latency: measured vs baseline (instructions)")
        for line in FIGURES:
            terminalreporter.write_line(line)
