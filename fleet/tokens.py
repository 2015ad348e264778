"""Token format and hashing: `kz_<prefix>_<secret>`.

Looked up by prefix, compared in constant time.
"""

import hashlib
import hmac
import secrets

PREFIX_LEN = 8


def generate() -> tuple[str, str, str]:
    """Return (full token, prefix, digest) for a new token."""
    prefix = secrets.token_hex(PREFIX_LEN // 2)
    token = f"kz_{prefix}_{secrets.token_urlsafe(32)}"
    return token, prefix, digest(token)


def digest(token: str) -> str:
    # Tokens carry 256 random bits, so a fast hash is enough (no password stretching needed).
    return hashlib.sha256(token.encode()).hexdigest()


def split_prefix(token: str) -> str | None:
    parts = token.split("_", 2)
    if len(parts) != 3 or parts[0] != "kz" or len(parts[1]) != PREFIX_LEN:
        return None
    return parts[1]


def matches(token: str, stored_digest: str) -> bool:
    return hmac.compare_digest(digest(token), stored_digest)
