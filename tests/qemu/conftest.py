# SPDX-License-Identifier: MIT
"""pytest setup for the QEMU tests: --board selects the boards (repeatable)."""
import pytest

from cksession import Session


def pytest_addoption(parser):
    parser.addoption("--board", action="append", default=[],
                     help="board to test (repeat for several); default versatilepb")


def pytest_generate_tests(metafunc):
    if "board" in metafunc.fixturenames:
        boards = metafunc.config.getoption("board") or ["versatilepb"]
        metafunc.parametrize("board", boards, scope="module")


@pytest.fixture(scope="module")
def guest(board):
    """One booted guest per board, shared by the tests of a module, under
    -icount shift=0,sleep=off with a fixed seed."""
    s = Session(board, logname="guest")
    s.boot()
    yield s
    s.close()
