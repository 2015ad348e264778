"""Python client for Kaizen (no Django needed)."""

from kaizen_client.client import AsyncKaizenClient, KaizenClient, KaizenError, Session

__all__ = ["AsyncKaizenClient", "KaizenClient", "KaizenError", "Session"]
