"""Do asks people write reach the fleet as lines that carry them, and is a minority's contrary kept apart?

    .venv/bin/python bench/ask_reach.py [--split test|dev|all] [--smoke]

bench/ask_reach.jsonl holds 240 complaints written by two helpers who never saw the code, in
about 190 businesses, each with the words that carry its ask (a standing practice, in every way
people ask: commands, polite questions, wishes, rhetorical questions, the house's rule, texts
typed in a hurry, formal letters). Each is said by five people and grouped as the weekly ritual
groups feedback (`language.remedies.group`); it reaches the fleet when a group's line carries
the ask (as the efficacy benchmark scores a served line) and the proposer would not refuse it.

bench/contrary_reach.jsonl holds 100 pairs written likewise: 60 where a majority asks for
something and a minority for its opposite in words of its own, 40 of two compatible asks of one
business. A contrary pair is kept apart when the proposer reads the minority's line (three
people against eight) as the contrary of the majority's, in the same window, under test or
served (`improver.proposer`); a compatible pair is left alone when neither reading holds, said
by as many people on both sides (as two problems of one fleet are) and by a minority.

The split by business (the CRC-32 of its name, even: test) was fixed before any row was read;
the dev half was read while tuning, the test half is the one reported.
"""

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ASKS = Path(__file__).with_name("ask_reach.jsonl")
PAIRS = Path(__file__).with_name("contrary_reach.jsonl")


def rows(path: Path, split: str, smoke: bool) -> list[dict]:
    read = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    chosen = [row for row in read if split == "all" or row["split"] == split]
    return chosen[:: max(1, len(chosen) // 12)] if smoke else chosen


def said_by(text: str, people: int, tag: str) -> list:
    from language.remedies import Said

    return [Said(text, f"{tag}{i}", f"observation:{tag}{i}", person=f"{tag}{i}") for i in range(people)]


def reach(row: dict) -> str:
    """Where the ask ends: carried, refused, another line, or unread."""
    from bench.efficacy import told
    from improver.proposer import refused
    from language.remedies import group

    lines = [r.text for r in group(said_by(row["text"], 5, "p"))]
    if not lines:
        return "unread"
    ways = told(row["ask"])
    carrying = [line for line in lines if any(w in line.lower().replace("\u2019", "'") for w in ways)]
    if not carrying:
        return "another line"
    return "refused" if refused(carrying[0], free=True) else "carried"


def kept_apart(row: dict, other_people: int) -> bool | None:
    """Whether the proposer reads the other side's line as the majority's contrary (None when a
    side is read as no line)."""
    from improver.proposer import _rivals, _waits_for, opposed, remedy_addition
    from language.remedies import group

    remedies = group(said_by(row["majority"], 8, "a") + said_by(row["other"], other_people, "b"))
    sides = [[r for r in remedies if any(s.startswith(f"observation:{t}") for s in r.sources)] for t in "ab"]
    if not sides[0] or not sides[1] or set(sides[0][0].sources) & set(sides[1][0].sources):
        return None
    majority, other = remedy_addition(sides[0][0]), remedy_addition(sides[1][0])
    return (
        _rivals(other, majority)
        or _waits_for(other, majority.text, majority.sessions)
        or opposed(other, majority.text, majority.sessions)
    )


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=("test", "dev", "all"), default="test")
    parser.add_argument("--smoke", action="store_true", help="a dozen rows of each table: seconds")
    args = parser.parse_args()
    asks = rows(ASKS, args.split, args.smoke)
    ends = Counter(reach(row) for row in asks)
    print(f"split: {args.split}")
    print(f"  asks           {len(asks):3} rows: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    tally = Counter()
    for row in rows(PAIRS, args.split, args.smoke):
        for people in (3, 8) if row["kind"] == "compatible" else (3,):
            apart = kept_apart(row, people)
            read = "unread" if apart is None else ("apart" if apart else "together")
            tally[(row["kind"], people, read)] += 1
    for (kind, people, read), n in sorted(tally.items()):
        print(f"  {kind:10} pairs, the other side said by {people}: {read} {n}")
    return 0 if asks and ends["carried"] else 1


if __name__ == "__main__":
    sys.exit(main())
