# SPDX-License-Identifier: MIT
"""`reboot` at the guest's shell does what /init's hint says: the guest's
/init (PID 1, not busybox init) turns the signal busybox's reboot sends it
(poweroff and halt: the same code, other signals) into a machine restart.
Where the co-kernel restarts Linux (board.mk LINUX_RESTART) that restart
reaches it and Linux comes back to a shell; elsewhere it ends the QEMU run
(the run scripts pass -no-reboot). It boots its own guest: the shared one
of test_guest.py must live on."""
import re

import pexpect

from cksession import SHELL_READY, Session, make_var

RESTART = ("cokernel guest: {}: restarting the machine (the co-kernel restarts "
           "Linux where it can; else the QEMU run ends)")


def test_reboot_restarts(board):
    cmd = "reboot"
    s = Session(board, logname=cmd)
    try:
        s.boot()
        s.sendline(cmd)
        s.expect(re.escape(RESTART.format(cmd)), timeout=60)
        if make_var(board, "LINUX_RESTART") == "yes":
            s.expect(re.escape("Linux down: Linux restarted the machine"), timeout=60)
            s.expect(re.escape(SHELL_READY), timeout=240)
            assert "Kernel panic" not in s.log
            return
        s.expect(pexpect.EOF, timeout=120)
        s.child.close()
        assert s.child.exitstatus == 0, (s.child.exitstatus, s.child.signalstatus)
        assert "Kernel panic" not in s.log
    finally:
        s.close()
