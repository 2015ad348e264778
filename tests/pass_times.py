"""Run one pass of `make test` and keep its wall time: `python tests/pass_times.py NAME -- CMD ...`.

Each run appends a row (when, commit, pass, seconds, exit status) to tests/pass_times.tsv, a file
the repository keeps, so that a pass that became slow shows in the diff of the change that made it
so, and exits with the command's own status. Standard library only: it runs before anything else.
"""

import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

KEPT = Path(__file__).resolve().with_name("pass_times.tsv")
HEADER = "when\tcommit\tpass\tseconds\tstatus\n"


def commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "unknown"


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        print("usage: python tests/pass_times.py NAME -- CMD ...", file=sys.stderr)
        return 2
    name, command = argv[0], argv[2:]
    start = time.monotonic()
    status = subprocess.call(command)
    seconds = round(time.monotonic() - start)
    when = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    if not KEPT.exists():
        KEPT.write_text(HEADER)
    with KEPT.open("a") as kept:
        kept.write(f"{when}\t{commit()}\t{name}\t{seconds}\t{status}\n")
    print(f"== pass {name}: {seconds // 60}:{seconds % 60:02d}, exit {status}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
