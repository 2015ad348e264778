"""The shipped nginx limits requests per address only when they carry no token: a fast client
without one is refused (429) past its burst, while requests with a token from the same address all
reach Kaizen, whose own limit refuses failing tokens and lets valid ones pass."""

import http.client
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.faults.processes import free_port
from tests.faults.test_slow_clients import Nginx, ensure_nginx

pytestmark = pytest.mark.skipif(not ensure_nginx(), reason="nginx is not installed and cannot be")


class Answer(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


def statuses(port: int, n: int, headers: dict) -> list[int]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    out = []
    for _ in range(n):
        connection.request("GET", "/api/v1/agents/me/directives", headers=headers)
        response = connection.getresponse()
        response.read()
        out.append(response.status)
    connection.close()
    return out


def test_requests_with_a_token_are_not_refused_by_address():
    upstream = ThreadingHTTPServer(("127.0.0.1", free_port()), Answer)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    nginx = Nginx(upstream.server_address[1])
    try:
        anonymous = statuses(nginx.port, 400, {})
        with_token = statuses(nginx.port, 400, {"Authorization": "Bearer kz_00000000_guess"})
    finally:
        nginx.stop()
        upstream.shutdown()
    assert 429 in anonymous and anonymous[:150] == [200] * 150  # its burst, then refused
    assert with_token == [200] * 400  # Kaizen's own limit decides these
