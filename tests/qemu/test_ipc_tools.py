# SPDX-License-Identifier: MIT
"""The Linux tools as a new user meets them, on the booted guest: one
latency at a time, bad arguments named, ckipc's usage errors and decoded
reads, corruption and garbage counted, the irq-off knob in ms."""
import re

from cksession import parse_rts

IRQOFF_MS = "/sys/kernel/debug/cokernel/irqoff_ms"
IRQOFF_COUNT = "/sys/kernel/debug/cokernel/irqoff_count"


def _channel(guest, name):
    """INVAL, FAULTS and FLAGS of channel @name: the last three columns of
    `ckipc list` (KIND has a blank in it)."""
    rc, out = guest.sh("ckipc list")
    assert rc == 0, out
    for l in out:
        f = l.split()
        if f and f[0] == name:
            return {"INVAL": f[-3], "FAULTS": f[-2], "FLAGS": f[-1]}
    raise AssertionError(f"channel {name} not listed:\n" + "\n".join(out))


def test_second_latency_is_refused_busy(guest):
    """While one latency runs, a second says "busy" and exits 1; the first
    completes its run with real figures."""
    rc, out = guest.sh("latency -T 4 -q >/tmp/first 2>&1 & sleep 2; "
                       "latency -T 1 -q; echo second=$?; wait $!; "
                       "echo first=$?; cat /tmp/first", timeout=300)
    assert rc == 0, out
    assert "second=1" in out, out
    assert any(re.match(r"latency: busy: another latency \(pid \d+\) is running", l)
               for l in out), out
    assert "first=0" in out, out
    rts = parse_rts(out)
    assert rts is not None and rts["max"] > 0 and rts["overruns"] == 0, out


def test_killed_latency_frees_the_claim(guest):
    # in a subshell: no job notice from the interactive shell afterwards
    rc, out = guest.sh("(latency -q >/dev/null 2>&1 & p=$!; sleep 2; "
                       "kill -9 $p; wait $p); latency -T 1 -q", timeout=300)
    assert rc == 0, out
    assert not any("busy" in l for l in out), out
    rts = parse_rts(out)
    assert rts is not None and rts["max"] > 0, out


def test_latency_names_bad_arguments(guest):
    cases = [("-T abc", "latency: -T 'abc': not a whole number"),
             ("-p abc", "latency: -p 'abc': not a whole number"),
             ("-t3", "latency: -t 3: invalid test mode"),
             ("-T 2 now", "latency: unexpected argument 'now'")]
    for args, msg in cases:
        rc, out = guest.sh(f"latency {args} 2>&1", timeout=60)
        assert rc == 2, (args, out)
        assert out == [msg] or out[0].startswith(msg), (args, out)
    rc, out = guest.sh("latency --help 2>/dev/null", timeout=60)
    assert rc == 0 and out[0] == "usage: latency [options]", out
    assert not any("supress" in l for l in out), out


def test_ckipc_usage_and_decoded_reads(guest):
    rc, out = guest.sh("ckipc frob 2>&1 >/dev/null")
    assert rc == 2 and out[0] == "ckipc: unknown command 'frob'", out
    rc, out = guest.sh("ckipc read 2>&1 >/dev/null")
    assert rc == 2 and out[0] == "ckipc: read: missing argument", out
    rc, out = guest.sh("latency -T 1 -q -h >/dev/null; ckipc read latency.hist",
                       timeout=300)
    assert rc == 0, out
    assert re.match(r"histogram of session 0x[0-9a-f]{8}: \d+ samples, "
                    r"300 cells of 1000 ns$", out[0]), out
    assert len(out) >= 2 and all(re.match(r" +\d+\.\.\d+ +ns +\d+", l)
                                 for l in out[1:]), out
    rc, out = guest.sh("ckipc read switchbench")
    assert rc == 0 and out[0].startswith("switchbench: 1 runs, "), out


def test_corruption_linux_found_and_garbage_commands_are_counted(guest):
    """`ckipc corrupt latency.data` is repaired and counted; a garbage
    control message is counted in latency.ctl's INVAL."""
    before = _channel(guest, "latency.data")
    rc, out = guest.sh("ckipc corrupt latency.data >/dev/null; "
                       "latency -T 2 -q", timeout=300)
    assert rc == 0 and parse_rts(out) is not None, out
    after = _channel(guest, "latency.data")
    assert int(after["FAULTS"]) == int(before["FAULTS"]) + 1, (before, after)
    assert "FAULTED" not in after["FLAGS"], after
    inval = int(_channel(guest, "latency.ctl")["INVAL"])
    rc, out = guest.sh("ckipc write latency.ctl garbage; sleep 1")
    assert rc == 0, out
    assert int(_channel(guest, "latency.ctl")["INVAL"]) == inval + 1
    assert any("latency: control message of wrong size, bytes 7 ignored" in l
               for l in guest.lines())


def test_irqoff_knob_reads_ms_and_states_its_limit(guest):
    rc, out = guest.sh(f"cat {IRQOFF_MS} {IRQOFF_COUNT}; echo 20 > {IRQOFF_MS}; "
                       f"cat {IRQOFF_MS} {IRQOFF_COUNT}")
    assert rc == 0, out
    ms0, n0, ms1, n1 = (int(v) for v in out[-4:])
    assert n1 == n0 + 1, out
    assert 20 <= ms1 - ms0 <= 21, out
    rc, out = guest.sh(f"echo 1001 > {IRQOFF_MS}; echo rc=$?; "
                       "dmesg | tail -n 3", kernel_lines=True)
    assert "rc=1" in out, out
    assert any("irqoff_ms: 1001 ms is above the limit of 1000 ms" in l
               for l in out), out


def test_corrupt_switchbench_is_repaired_by_a_reset(guest):
    """`ckipc corrupt switchbench` breaks the boot-time result; `ckipc
    reset` has the RT side publish it again (the corruption counted, the
    channel not FAULTED) and `switchbench` prints the same figures."""
    rc, out = guest.sh("switchbench")
    assert rc == 0, out
    cost = [l for l in out if l.startswith("switch cost: ")]
    assert len(cost) == 1, out
    before = _channel(guest, "switchbench")
    rc, out = guest.sh("ckipc corrupt switchbench >/dev/null; switchbench 2>&1; echo rc=$?")
    assert "rc=1" in out and "switchbench: no result: channel corrupt" in out, out
    rc, out = guest.sh("ckipc reset switchbench 2>&1")
    assert rc == 0 and out == ["switchbench: repaired by the RT side"], out
    after = _channel(guest, "switchbench")
    assert int(after["FAULTS"]) == int(before["FAULTS"]) + 1, (before, after)
    assert after["FLAGS"] == "-", after
    rc, out = guest.sh("switchbench")
    assert rc == 0 and [l for l in out if l.startswith("switch cost: ")] == cost, out


def test_histogram_after_corruption_counts_the_printed_seconds(guest):
    """After `ckipc corrupt latency.hist`, latency -h asks for a reset
    before it starts and prints its histogram; the avg histogram holds the
    samples of the seconds it printed: 2 s at 1 ms, less the overruns."""
    rc, out = guest.sh("ckipc corrupt latency.hist >/dev/null; "
                       "latency -h -T 2 -q 2>&1", timeout=300)
    assert rc == 0, out
    assert "latency: channel latency.hist is corrupt, asking the RT side to reset it" in out, out
    assert not any("no histogram" in l for l in out), out
    hss = [l for l in out if l.startswith("HSS|    avg|")]
    assert len(hss) == 1, out
    rts = parse_rts(out)
    assert rts is not None, out
    assert int(hss[0].split("|")[2]) + rts["overruns"] == 2 * 1000, out
    assert _channel(guest, "latency.hist")["FLAGS"] == "-"


def test_gnuplot_file_holds_the_run_samples(guest):
    """latency -g writes Xenomai 3's gnuplot histogram: three "# " lines,
    then "x count" points whose counts less the one each carries (the
    framing edges carry 1 and count nothing) add up to the seconds the RTS
    line reports times the samples per second (1 ms period: 1000)."""
    rc, out = guest.sh("latency -T 2 -q -g /tmp/h.dat && cat /tmp/h.dat",
                       timeout=300)
    assert rc == 0, out
    rts = parse_rts(out)
    assert rts is not None and rts["overruns"] == 0, out
    m = re.search(r"\|\s+(\d\d):(\d\d):(\d\d)/", rts["line"])
    seconds = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
    head = out.index(next(l for l in out if l.startswith("# ")))
    assert out[head].startswith("# 00:00:02 (in-kernel periodic task, 1000 us period, "), out
    assert out[head + 1] == "# ----lat min|----lat avg|----lat max|-overrun|---msw|", out
    points = [l.split() for l in out[head + 3:]]
    assert len(points) >= 3 and all(len(p) == 2 for p in points), out
    assert points[0][1] == "1" and points[-1][1] == "1", out
    samples = sum(int(p[1]) - 1 for p in points[1:-1])
    assert seconds == 2 and samples == seconds * 1000, (samples, out)
