"""Do corrections people write become facts the fleet is served, and do one-offs stay out?

    .venv/bin/python bench/fact_reach.py [--split test|dev|all] [--smoke]

bench/fact_corrections.tsv holds 100 corrections written by someone who never saw the code, in ten
businesses: 60 that correct a standing fact (F) and 40 that correct one case (O). Each is read as
loop 2 reads a correction event (`learning.corrections.detect`), then as the fleet-wide promotion
reads it (`language.scope.is_instance`): a fact reaches the fleet when it is detected and read as
no one case. The split by business was fixed before any row was read: the first five businesses
in alphabetical order are the development half, the other five the test half, the one reported.
Prints, per label, how many were detected and how many would reach the fleet; the targets are that
no one-off reaches it (and, without --smoke, that at least half the facts do).
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROWS = Path(__file__).with_name("fact_corrections.tsv")
DEV_DOMAINS = 5


def rows(split: str) -> list[tuple[str, str, str, str]]:
    """(business, label, form, text) of the `split`."""
    lines = ROWS.read_text(encoding="utf-8").splitlines()
    read = [tuple(line.split("\t")) for line in lines if line]
    businesses = sorted({row[0] for row in read})
    dev = set(businesses[:DEV_DOMAINS])
    return [row for row in read if split == "all" or (row[0] in dev) == (split == "dev")]


def main() -> int:
    from language.scope import is_instance
    from learning.corrections import detect

    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=("test", "dev", "all"), default="test")
    parser.add_argument("--smoke", action="store_true", help="ten rows of each label: a second")
    args = parser.parse_args()
    counts = {"F": [0, 0, 0], "O": [0, 0, 0]}
    for _, label, _, text in rows(args.split):
        seen = counts[label]
        if args.smoke and seen[0] == 10:
            continue
        candidate = detect(user_message=text)
        reaches = candidate is not None and not is_instance(candidate.content)
        seen[0], seen[1], seen[2] = seen[0] + 1, seen[1] + (candidate is not None), seen[2] + reaches
    print(f"split: {args.split}")
    for label, name in (("F", "standing facts"), ("O", "one-off corrections")):
        total, found, reached = counts[label]
        share = f"{reached / total:.0%}"
        print(f"  {name:20} {total:3} rows, detected {found:3}, would reach the fleet {reached:3} ({share})")
    facts, one_offs = counts["F"], counts["O"]
    checks = {"no one-off correction reaches the fleet": one_offs[2] == 0}
    if not args.smoke:
        checks["at least half the standing facts reach the fleet"] = 2 * facts[2] >= facts[0]
    for name, passed in checks.items():
        print(f"  {'PASS' if passed else 'FAIL'}  {name}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
