"""CPU seconds spent by process trees, read from /proc (Linux): where a benchmark's time goes.

A tree's time is its processes' own user and system time plus what they reaped from children
that have exited (cutime, cstime), so a gunicorn worker recycled or a PostgreSQL backend closed
in the middle of a measurement is still counted, once.
"""

import os

TICK = os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[int, float, str]]:
    """pid → (parent pid, CPU seconds including reaped children, command line)."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone meanwhile
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
        utime, stime, cutime, cstime = (int(v) for v in fields[11:15])
        found[int(name)] = (int(fields[1]), (utime + stime + cutime + cstime) / TICK, cmdline)
    return found


def postmaster_pid(database_url: str) -> int:
    """The main process of the (local) PostgreSQL server at `database_url`: the parent of the
    backend serving a connection (its backends are its children)."""
    import psycopg

    with psycopg.connect(database_url) as conn:  # the backend lives as long as the connection
        return _processes()[conn.info.backend_pid][0]


def _below(processes: dict) -> dict[int, list[int]]:
    """pid → its children's pids, in `processes` (from _processes)."""
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in processes.items():
        children.setdefault(parent, []).append(pid)
    return children


def _walk(children: dict[int, list[int]], root: int) -> list[int]:
    pids, todo = [], [root]
    while todo:
        pid = todo.pop()
        pids.append(pid)
        todo.extend(children.get(pid, ()))
    return pids


def tree(root: int) -> list[int]:
    """The pids of `root` and of all its descendants (a Celery worker's pool processes, say)."""
    processes = _processes()
    return _walk(_below(processes), root) if root in processes else []


def seconds(roots: dict[str, int | None]) -> dict[str, float]:
    """CPU seconds so far of each named tree (name → root pid); a missing root counts 0."""
    processes = _processes()
    children = _below(processes)
    return {
        name: sum(processes[pid][1] for pid in _walk(children, root)) if root in processes else 0.0
        for name, root in roots.items()
    }


def spent(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {name: after[name] - before.get(name, 0.0) for name in after}
