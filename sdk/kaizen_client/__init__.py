"""Python client for Kaizen (no Django needed)."""

from kaizen_client.client import KaizenClient, KaizenError, Session

__all__ = ["KaizenClient", "KaizenError", "Session"]
