"""Read py-spy's collapsed stacks (`--format raw`) into inclusive shares per function: the
numbers a flame graph shows as widths, printed as a table."""

import re
from collections import Counter

IDLE = ("wait (threading", "select (selectors", "sleep", "poll (", "accept (socket")


def inclusive_shares(path: str) -> tuple[int, list[tuple[str, float]]]:
    """(busy samples, [(function, share of busy samples)]) — idle waits left out."""
    counts, busy = Counter(), 0
    with open(path) as lines:
        for line in lines:
            stack, _, n = line.rstrip().rpartition(" ")
            frames = stack.split(";")
            if not n.isdigit() or any(idle in frames[-1] for idle in IDLE):
                continue
            busy += int(n)
            for name in {re.sub(r":\d+\)", ")", frame) for frame in frames}:
                counts[name] += int(n)
    return busy, [(name, n / busy) for name, n in counts.most_common()] if busy else []


def report(path: str, pattern: str, what: str, limit: int = 15) -> None:
    busy, shares = inclusive_shares(path)
    print(f"py-spy, {what} ({busy} busy samples), inclusive share of request time:")
    for name, share in [s for s in shares if re.search(pattern, s[0])][:limit]:
        print(f"  {share:6.1%}  {name[:100]}")
