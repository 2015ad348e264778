"""Running work concurrently in tests: threads released together, each on its own connection."""

import threading

from django.db import connection


def at_once(*calls) -> None:
    """Run each of `calls` in a thread of its own, all released together at a barrier, each
    closing its database connection when done; return when every one has finished."""
    barrier = threading.Barrier(len(calls))

    def run(call) -> None:
        barrier.wait()
        try:
            call()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
