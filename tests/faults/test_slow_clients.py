"""The production stack survives slow clients: nginx (deploy/nginx/kaizen.conf, as shipped, on
free ports) in front of gunicorn; while sockets trickle a body or headers one byte every few
seconds, ingest probes are served at once. Straight to gunicorn, the same sockets hold its
workers and the probes time out."""

import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tests.faults.load import tool_event
from tests.faults.processes import ROOT, free_port, port_open, wait_until

NGINX = "/usr/sbin/nginx"


def ensure_nginx() -> bool:
    """Debian's nginx, installed with apt when it is absent and we may install packages."""
    if not Path(NGINX).exists() and shutil.which("apt-get") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "nginx-light"], env=env, capture_output=True, timeout=900
        )
    return Path(NGINX).exists()


class Nginx:
    """The shipped server block, its listen and upstream ports moved, under a private master."""

    def __init__(self, upstream_port: int):
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="kaizen-nginx-"))
        os.chmod(self.dir, 0o777)  # workers run as an unprivileged user under root
        server = (ROOT / "deploy/nginx/kaizen.conf").read_text()
        server = re.sub(r"listen 80;", f"listen 127.0.0.1:{self.port};", server)
        server = server.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream_port};")
        temp = "\n".join(
            f"{kind}_temp_path {self.dir}/{kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (self.dir / "nginx.conf").write_text(
            f"daemon off;\nworker_processes 1;\npid {self.dir}/nginx.pid;\nerror_log {self.dir}/error.log;\n"
            f"events {{ worker_connections 512; }}\nhttp {{\naccess_log off;\n{temp}\n{server}\n}}\n"
        )
        self.proc = subprocess.Popen([NGINX, "-c", str(self.dir / "nginx.conf"), "-p", str(self.dir)])
        wait_until(lambda: port_open(self.port), 15, "nginx")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


def trickle(port: int, first: bytes, stop: threading.Event) -> None:
    """A client that sends `first`, then one more byte every 4 s until told to stop."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(first)
        while not stop.wait(4):
            try:
                sock.sendall(b"x")
            except OSError:
                return


def probe(port: int, token: str, n: int) -> int | str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
    try:
        body = json.dumps({"batch": [tool_event(f"probe-{port}-{n}", f"p{n}", n)]})
        connection.request(
            "POST",
            "/api/v1/ingest",
            body,
            {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Host": "localhost"},
        )
        return connection.getresponse().status
    except OSError as exc:
        return type(exc).__name__
    finally:
        connection.close()


def under_slow_clients(port: int, token: str, probes: int) -> list:
    stop = threading.Event()
    slow_body = b"POST /api/v1/ingest HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n{"
    slow_headers = b"POST /api/v1/ingest HTTP/1.1\r\nHost: localhost\r\n"
    clients = [threading.Thread(target=trickle, args=(port, slow_body, stop), daemon=True) for _ in range(8)]
    clients += [
        threading.Thread(target=trickle, args=(port, slow_headers, stop), daemon=True) for _ in range(4)
    ]
    for client in clients:
        client.start()
    time.sleep(1.5)  # every slow socket is open and waiting
    try:
        return [probe(port, token, n + 100 * probes) for n in range(probes)]
    finally:
        stop.set()


def test_ingest_is_served_while_slow_clients_hold_sockets(private_pg, kaizen_factory):
    if not ensure_nginx():
        pytest.skip("nginx is not installed and could not be installed (apt-get install nginx-light)")
    kaizen = kaizen_factory(private_pg)
    token = kaizen.manage("create_agent", "slow-probe").strip().splitlines()[-1]
    gunicorn = kaizen.web(workers=2)
    nginx = Nginx(gunicorn)
    try:
        assert probe(nginx.port, token, 999) in (200, 201, 207)  # the stack answers
        behind_nginx = under_slow_clients(nginx.port, token, probes=12)
        direct = under_slow_clients(gunicorn, token, probes=3)
    finally:
        nginx.stop()
    print(f"\nprobes behind nginx: {behind_nginx}\nprobes straight to gunicorn: {direct}")
    assert all(status in (200, 201, 207) for status in behind_nginx), behind_nginx
    assert any(status not in (200, 201, 207) for status in direct), direct  # what nginx is there for
