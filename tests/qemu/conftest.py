# SPDX-License-Identifier: MIT
"""pytest setup for the QEMU tests: --board selects the boards (repeatable)."""
import pytest

from cksession import FIGURES, Session, default_board, make_var


def pytest_addoption(parser):
    parser.addoption("--board", action="append", default=[],
                     help="board to test (repeat for several); default: the Makefile's")


def pytest_generate_tests(metafunc):
    if "board" in metafunc.fixturenames:
        boards = metafunc.config.getoption("board") or [default_board()]
        metafunc.parametrize("board", boards, scope="module")


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
