"""Leases a live worker keeps renewing: only a lease that stopped being renewed may be reaped.

A leased job (a ritual) makes its slow calls (a model, a forge) through `while_renewing`: the
call runs in a helper thread while the job's own thread renews the lease on its own database
connection every `every` seconds. A worker that dies stops renewing, so its lease lapses and a
reaper takes the job back; a worker that is merely slow never loses it.
"""

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as CallStillRunning


class LeaseLost(Exception):
    """The lease lapsed and was taken back while the job worked: its results must not commit."""


def while_renewing(call: Callable[[], object], *, renew: Callable[[], bool], every: float):
    """`call()`, renewing the lease every `every` seconds until it returns; LeaseLost when a
    renewal finds the lease gone (the call is then abandoned to finish on its own)."""
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="leased-call")
    try:
        future = pool.submit(call)
        while True:
            try:
                return future.result(timeout=every)
            except CallStillRunning:
                if not renew():
                    raise LeaseLost() from None
    finally:
        pool.shutdown(wait=False)


class Leased:
    """A classifier or proposer whose calls run while a lease is renewed (`keep` wraps a call)."""

    def __init__(self, inner, keep: Callable):
        self.inner, self.keep = inner, keep

    def __getattr__(self, name: str):
        return getattr(self.inner, name)  # name, last_path, …

    def classify(self, items):
        return self.keep(lambda: self.inner.classify(items))

    def propose(self, data):
        return self.keep(lambda: self.inner.propose(data))
