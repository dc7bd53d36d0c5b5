# SPDX-License-Identifier: MIT
"""The guest's network, as a web UI would use it: qemu/run-<board> with
CK_HOSTFWD=<port> puts the board's NIC on QEMU's user network and forwards
the host's 127.0.0.1:<port> to the guest's port 80; /init gives eth0 the
user network's fixed address. Linux drives the NIC with its own driver
(board.mk LINUX_NET_DRIVER) on a line it owns through the vPIC, and busybox
httpd serves a page the test writes, fetched from the host. Skips a board
without LINUX_NET_DRIVER. Boots its own guest, with a free host port picked
at run time."""
import random
import re
import socket
import string
import threading
import urllib.request

import pexpect
import pytest

from cksession import Session, make_var

ETH0_UP = re.compile(r"cokernel guest: eth0 \((\S+)\) up: 10\.0\.2\.15/24, gateway 10\.0\.2\.2")


def free_port():
    """A TCP port nothing on the host listens on now (the kernel's pick)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def net(board):
    """One guest booted with a forwarded port; yields (session, host port)."""
    if not make_var(board, "LINUX_NET_DRIVER"):
        pytest.skip(f"{board}: no NIC for Linux (no LINUX_NET_DRIVER in board.mk)")
    port = free_port()
    s = Session(board, logname="net", env={"CK_HOSTFWD": str(port)})
    try:
        s.boot()
        yield s, port
    finally:
        s.close()


def fetch(session, url, timeout=60):
    """GET @url from the host while the console keeps being read (QEMU
    blocks on a full pty otherwise); returns (status, body text)."""
    result = {}

    def get():
        try:
            with urllib.request.urlopen(url, timeout=timeout) as r:
                result["ok"] = (r.status, r.read().decode("utf-8", "replace"))
        except Exception as e:  # reported below, with the console's tail
            result["err"] = e

    t = threading.Thread(target=get, daemon=True)
    t.start()
    while t.is_alive():
        session.child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.2)
        session._take()
        if not session.child.isalive():
            break
    t.join(timeout=1)
    assert "ok" in result, (f"GET {url}: {result.get('err')!r}; console:\n"
                            f"{session.log[-2000:]}")
    return result["ok"]


def eth0_irqs(session):
    """eth0's row of /proc/interrupts: (total count, the row)."""
    rc, out = session.sh("cat /proc/interrupts")
    assert rc == 0, out
    rows = [l for l in out if re.search(r"\beth0\b", l)]
    assert rows, "\n".join(out)
    return int(rows[0].split()[1]), rows[0]


def test_eth0_has_the_boards_driver_and_its_irq_counts(net):
    s, port = net
    driver = make_var(s.board, "LINUX_NET_DRIVER")
    up = [ETH0_UP.search(l) for l in s.lines()]
    up = [m for m in up if m]
    assert up, "/init did not bring eth0 up:\n" + s.log[-3000:]
    assert up[0].group(1) == driver, up[0].group(0)
    rc, out = s.sh("basename $(readlink /sys/class/net/eth0/device/driver); "
                   "cat /sys/class/net/eth0/operstate")
    assert rc == 0 and out[:1] == [driver], out
    # the vPIC's row (chip name as test_guest.py expects it) names eth0
    before, row = eth0_irqs(s)
    chip = make_var(s.board, "LINUX_IRQ_CHIP")
    if chip:
        assert chip in row, row
    # traffic from the host raises the NIC's interrupt
    rc, _ = s.sh("mkdir -p /tmp/www && echo irq > /tmp/www/irq.txt && "
                 "(pidof httpd >/dev/null || httpd -p 80 -h /tmp/www)")
    assert rc == 0
    status, body = fetch(s, f"http://127.0.0.1:{port}/irq.txt")
    assert status == 200 and body.strip() == "irq", body
    after, row = eth0_irqs(s)
    assert after > before, f"eth0's interrupt did not count: {before} -> {row}"


def test_httpd_serves_a_page_and_a_cgi_to_the_host(net):
    s, port = net
    token = "".join(random.choice(string.ascii_lowercase) for _ in range(16))
    rc, out = s.sh("mkdir -p /tmp/www/cgi-bin && "
                   f"echo '<html><body>cokernel {token}</body></html>' > /tmp/www/index.html && "
                   "printf '#!/bin/sh\\necho Content-Type: text/plain\\necho\\n"
                   "echo cgi $QUERY_STRING $(cat /proc/sys/kernel/hostname)\\n' "
                   "> /tmp/www/cgi-bin/hello && chmod +x /tmp/www/cgi-bin/hello && "
                   "(pidof httpd >/dev/null || httpd -p 80 -h /tmp/www)")
    assert rc == 0, out
    status, body = fetch(s, f"http://127.0.0.1:{port}/")
    assert status == 200, body
    assert f"cokernel {token}" in body, body
    status, body = fetch(s, f"http://127.0.0.1:{port}/cgi-bin/hello?{token}")
    assert status == 200, body
    assert body.strip() == f"cgi {token} cokernel", body
