# SPDX-License-Identifier: MIT
"""`reboot` at the guest's shell does what /init's hint says: the guest's
/init (PID 1, not busybox init) turns the signal busybox's reboot sends it
(poweroff and halt: the same code, other signals) into a machine restart,
which ends the QEMU run (the run scripts pass -no-reboot). It boots its own
guest: the shared one of test_guest.py must live on."""
import re

import pexpect

from cksession import Session

RESTART = "cokernel guest: {}: restarting the machine (in QEMU: the run ends)"


def test_reboot_ends_the_qemu_run(board):
    cmd = "reboot"
    s = Session(board, logname=cmd)
    try:
        s.boot()
        s.sendline(cmd)
        s.expect(re.escape(RESTART.format(cmd)), timeout=60)
        s.expect(pexpect.EOF, timeout=120)
        s.child.close()
        assert s.child.exitstatus == 0, (s.child.exitstatus, s.child.signalstatus)
        assert "Kernel panic" not in s.log
    finally:
        s.close()
