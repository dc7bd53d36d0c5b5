# SPDX-License-Identifier: MIT
"""make soak's short run on every board whose co-kernel restarts Linux
(tests/soak/soak.py; board.mk LINUX_RESTART): about 15 s of the
co-kernel's clock under the Linux loads with the motor loop in RUN and a
crash every 6 s (a panic, then `reboot -f`: one or two fit), then every
restart reported, no RT
period missed outside the boot windows, every telemetry sample accounted
for. `make soak` runs the same for as long as asked."""
import os
import sys

import pytest

from cksession import FIGURES, make_var

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "soak"))
from soak import soak  # noqa: E402

MINUTES = 0.25
CRASH_EVERY_S = 6


def test_short_soak(board):
    if make_var(board, "LINUX_RESTART") != "yes":
        pytest.skip(f"{board}: the co-kernel does not restart Linux here (LINUX_RESTART)")
    ok, summary = soak(board, MINUTES, CRASH_EVERY_S)
    FIGURES.extend(summary)
    assert ok, "\n".join(summary)
