"""Progress for long management commands: a bar on a terminal, plain lines otherwise."""

import time


class Progress:
    def __init__(self, stream, total: int, label: str, *, every: int | None = None):
        self.stream, self.total, self.label = stream, max(total, 1), label
        self.done = 0
        self.tty = bool(getattr(getattr(stream, "_out", stream), "isatty", lambda: False)())
        self.every = every or max(1, self.total // 5)
        self.started = time.monotonic()

    def advance(self, n: int = 1) -> None:
        before, self.done = self.done, min(self.total, self.done + n)
        if self.tty:
            filled = int(30 * self.done / self.total)
            self.stream.write(
                f"\r  {self.label} [{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total}",
                ending="",
            )
            self.stream.flush()
        elif self.done == self.total or before // self.every != self.done // self.every:
            self.stream.write(f"  {self.label}: {self.done}/{self.total}")

    def finish(self) -> None:
        if self.tty:
            self.stream.write("")
        elapsed = time.monotonic() - self.started
        self.stream.write(f"  {self.label}: done ({self.done} in {elapsed:.1f}s)")
