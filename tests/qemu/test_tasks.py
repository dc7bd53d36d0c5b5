# SPDX-License-Identifier: MIT
"""`ckipc tasks` on the booted guest: the built-in RT tasks (the refresher,
latency, switchbench's pair, ipcecho; the tracer once latency -f started
it) and the root, with sane fields; a second call refreshes again."""
import re

HEADER = re.compile(r"cokernel RT tasks: refresh (\d+) at ([\d.]+) s; "
                    r"%CPU of the last ([\d.]+) s, RT tasks ([\d.]+)%$")
COLUMNS = ["NAME", "PRIO", "BASE", "STATE", "WAIT", "PERIOD_US", "OVERRUNS",
           "SWITCHES", "CPU_MS", "%CPU", "STACK"]
STATES = {"ready", "running", "blocked", "suspended", "dormant"}


def _tasks(guest):
    """Run `ckipc tasks`: its header's figures and a row per task, by name
    (WAIT, which may hold blanks, is what lies between STATE and the six
    right-hand columns)."""
    rc, out = guest.sh("ckipc tasks")
    assert rc == 0, out
    m = HEADER.match(out[0])
    assert m, out
    assert out[1].split() == COLUMNS, out
    rows = {}
    for line in out[2:]:
        f = line.split()
        assert len(f) >= 11, line
        row = dict(zip(COLUMNS[:4], f[:4]))
        row["WAIT"] = " ".join(f[4:-6])
        row.update(zip(COLUMNS[5:], f[-6:]))
        assert row["NAME"] not in rows, out
        rows[row["NAME"]] = row
    return {"refresh": int(m.group(1)), "now_s": float(m.group(2)),
            "interval_s": float(m.group(3)), "rt_pct": float(m.group(4)),
            "rows": rows, "out": out}


def _sane(row, out):
    """A task row's fields in range: priorities 0..63 with the effective
    at least the base, a known state, a wait only while blocked, a stack
    high-water mark within the stack and above nothing once it ran."""
    prio, base = int(row["PRIO"]), int(row["BASE"])
    assert 0 <= base <= prio <= 63, (row, out)
    state = row["STATE"].split("+")[0]
    assert state in STATES, (row, out)
    assert (row["WAIT"] != "-") == (state == "blocked"), (row, out)
    used, size = (int(x) for x in row["STACK"].split("/"))
    assert 1024 <= size and used <= size, (row, out)
    if int(row["SWITCHES"]) > 0:
        assert used > 0, (row, out)
    assert float(row["CPU_MS"]) >= 0 and int(row["OVERRUNS"]) >= 0, (row, out)


def test_builtin_tasks_listed(guest):
    t = _tasks(guest)
    rows, out = t["rows"], t["out"]
    for name in ("[root]", "tasks", "latency", "swb-a", "swb-b", "ipcecho"):
        assert name in rows, (name, out)
    root = rows["[root]"]
    assert root["PRIO"] == "-" and root["STACK"] == "-", out
    assert float(root["CPU_MS"]) > 0 and int(root["SWITCHES"]) > 0, out
    me = rows["tasks"]
    assert me["STATE"] == "running" and me["PRIO"] == "0", out
    assert int(me["SWITCHES"]) >= 1, out
    assert rows["ipcecho"]["WAIT"] == "chan", out
    for name, row in rows.items():
        if name != "[root]":
            _sane(row, out)
    # %CPU of the interval: the rows add up to about all of it
    pct = sum(float(r["%CPU"]) for r in rows.values() if r["%CPU"] != "-")
    assert t["interval_s"] > 0 and 90.0 <= pct <= 100.5, out
    assert t["rt_pct"] <= 100.0, out


def test_latency_run_then_refresh(guest):
    """After a latency run with -f the latency task was periodic (1 ms by default)
    and switched a thousand times or more, the tracer's task exists; a second
    call is a newer refresh."""
    before = _tasks(guest)
    rc, out = guest.sh("latency -T 2 -q -f >/dev/null", timeout=300)
    assert rc == 0, out
    after = _tasks(guest)
    out = after["out"]
    assert after["refresh"] > before["refresh"], out
    assert after["now_s"] > before["now_s"] + 1.5, out
    lat = after["rows"]["latency"]
    assert int(lat["SWITCHES"]) >= int(before["rows"]["latency"]["SWITCHES"]) + 1000, out
    assert float(lat["CPU_MS"]) > float(before["rows"]["latency"]["CPU_MS"]), out
    _sane(lat, out)
    assert "trace" in after["rows"], out
    _sane(after["rows"]["trace"], out)
