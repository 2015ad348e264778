"""Are the real services up? Used by the Makefile and by the real-service test fixtures."""

import socket
import sys
from urllib.parse import urlparse


def reachable(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or default_port), 2):
            return True
    except OSError:
        return False


if __name__ == "__main__":
    pg, redis = sys.argv[1], sys.argv[2]
    sys.exit(0 if reachable(pg, 5432) and reachable(redis, 6379) else 1)
