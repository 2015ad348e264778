"""How well the rules that read people's words do on sentences written by someone else.

The corpus (language/corpus/part_*.tsv) holds feedback sentences labelled remedy or not,
corrections labelled policy or instance, and pairs of directive lines labelled contradictory or
compatible. Six domains (language/corpus/SPLIT) are the test part, fixed before any rule was
changed; the rules are tuned on the other domains only, and the figures that count are the test
part's. Prints, per task, the accuracy per domain and each class's recall.

A further table (language/corpus/agent_terms.tsv, twelve other domains, written before the
reader was measured on it and never tuned on) pairs feedback with the directive agents should be
given, or none: it measures the whole path from a person's sentence to a line (a remedy, not
about one instance, in the agent's terms), and each line's words against the expected one's.
Last, two development tables (bench/language_development.py), read while tuning: not a test.

    python bench/language.py            # the test part
    python bench/language.py --split train
    python bench/language.py --smoke    # a few rows of each task: seconds
"""

import argparse
import csv
import sys
from collections import defaultdict
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import language_development  # noqa: E402

CORPUS = Path(__file__).resolve().parent.parent / "language" / "corpus"
TARGETS = {"remedy": 0.92, "scope": 0.90, "pair": None}


def held_out_domains() -> set[str]:
    lines = (CORPUS / "SPLIT").read_text().splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def rows(split: str) -> list[dict]:
    """Every labelled row of the corpus in `split` ("test", "train" or "all")."""
    held_out = held_out_domains()
    out = []
    for path in sorted(CORPUS.glob("part_*.tsv")):
        with path.open(newline="", encoding="utf-8") as handle:
            for fields in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
                if len(fields) != 6 or fields[0].startswith("#"):
                    continue
                task, label, domain, kind, text, text_b = fields
                in_test = domain in held_out
                if split == "all" or (split == "test") == in_test:
                    out.append(
                        {
                            "task": task,
                            "label": label,
                            "domain": domain,
                            "kind": kind,
                            "text": text,
                            "text_b": text_b,
                        }
                    )
    return out


def readers(*, rules_only: bool = False):
    """What each task's reader answers, and which label means yes; with `rules_only`, what the
    grammar and the patterns say alone, before any fitted weight."""
    from language import grammar
    from language.bounds import tokens_cut
    from language.contrary import _opposed, action, contrary
    from language.remedy_reading import is_remedy
    from language.scope import by_rule, is_instance

    if rules_only:
        return {
            "remedy": (lambda row: grammar.by_rule(row["text"]), "R"),
            "scope": (lambda row: by_rule(tokens_cut(row["text"])), "I"),
            "pair": (lambda row: _opposed(action(row["text"]), action(row["text_b"])), "C"),
        }
    return {
        "remedy": (lambda row: is_remedy(row["text"]), "R"),
        "scope": (lambda row: is_instance(row["text"]), "I"),
        "pair": (lambda row: contrary(row["text"], row["text_b"]), "C"),
    }


def score(task_rows: list[dict], read, yes: str) -> dict:
    per_domain = defaultdict(lambda: [0, 0])
    per_class = defaultdict(lambda: [0, 0])
    errors = []
    for row in task_rows:
        expected = row["label"] == yes
        right = bool(read(row)) == expected
        per_domain[row["domain"]][0] += right
        per_domain[row["domain"]][1] += 1
        per_class[row["label"]][0] += right
        per_class[row["label"]][1] += 1
        if not right:
            errors.append(row)
    total = sum(r for r, _ in per_domain.values()), sum(n for _, n in per_domain.values())
    return {"total": total, "domains": dict(per_domain), "classes": dict(per_class), "errors": errors}


def share(pair) -> str:
    right, n = pair
    return f"{right / n:6.1%} ({right}/{n})" if n else "   -"


def report(split: str, *, smoke: bool = False, show_errors: int = 0, rules_only: bool = False) -> dict:
    every = rows(split)
    results = {}
    for task, (read, yes) in readers(rules_only=rules_only).items():
        task_rows = [row for row in every if row["task"] == task]
        if smoke:
            task_rows = task_rows[:: max(1, len(task_rows) // 20)]
        result = score(task_rows, read, yes)
        results[task] = result
        target = TARGETS[task]
        print(
            f"\n== {task} ({split} part): {share(result['total'])}"
            + (f"  target {target:.0%}" if target else "")
        )
        for label, pair in sorted(result["classes"].items()):
            print(f"   {label} recall {share(pair)}")
        for domain, pair in sorted(result["domains"].items()):
            print(f"   {domain:24} {share(pair)}")
        for row in result["errors"][:show_errors]:
            print(f"   ✗ {row['label']} {row['domain']:20} {row['kind']:16} {row['text']}  {row['text_b']}")
    return results


def agent_terms(*, smoke: bool = False, show_errors: int = 0) -> dict:
    """Feedback to the line agents would be given: whether there is one when there should be,
    and whether it says what the expected line says (its content words, the speaker as "the
    user", no "me" or "my" left)."""
    from language.agent_terms import for_agent
    from language.remedies import asks_in
    from language.words import content

    with (CORPUS / "agent_terms.tsv").open(newline="", encoding="utf-8") as handle:
        table = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    if smoke:
        table = table[:: max(1, len(table) // 20)]
    per_domain = defaultdict(lambda: [0, 0])
    decided, worded, speaker, errors = [0, 0], [0, 0], [0, 0], []
    for row in table:
        line = next((line for _, p in asks_in(row["feedback"]) if (line := for_agent(p))), "")
        expected = "" if row["directive"].strip() == "-" else row["directive"].strip()
        right = bool(line) == bool(expected)
        decided[0] += right
        decided[1] += 1
        per_domain[row["domain"]][0] += right
        per_domain[row["domain"]][1] += 1
        if line and expected:
            want, got = set(content(expected).split()), set(content(line).split())
            worded[0] += len(want & got) / max(1, len(want | got)) >= 0.8
            worded[1] += 1
            said_me = any(w in {"me", "my", "i", "mine"} for w in line.lower().replace(".", " ").split())
            speaker[0] += not said_me
            speaker[1] += 1
        if not right or (line and expected and len(want & got) / max(1, len(want | got)) < 0.8):
            errors.append((row["domain"], row["feedback"], line or "-", expected or "-"))
    print(f"\n== agent terms (a further table, {len(per_domain)} domains): line or none {share(decided)}")
    print(f"   lines saying what the expected line says (>= 80% of its words) {share(worded)}")
    print(f"   lines without the speaker's 'me', 'my' or 'I' {share(speaker)}")
    for domain, pair in sorted(per_domain.items()):
        print(f"   {domain:24} {share(pair)}")
    for domain, said, got, want in errors[:show_errors]:
        print(f"   ✗ {domain:20} {said!r} → {got!r}, expected {want!r}")
    return {"decided": decided, "worded": worded, "errors": errors}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("test", "train", "all"), default="test")
    parser.add_argument("--smoke", action="store_true", help="a few rows of each task: seconds")
    parser.add_argument(
        "--rules-only", action="store_true", help="the grammar and patterns alone, unweighted"
    )
    parser.add_argument("--errors", type=int, default=0, help="print up to N misread rows per task")
    args = parser.parse_args(argv)
    report(args.split, smoke=args.smoke, show_errors=args.errors, rules_only=args.rules_only)
    if not args.rules_only:
        agent_terms(smoke=args.smoke, show_errors=args.errors)
        language_development.report(smoke=args.smoke)
    return 0


if __name__ == "__main__":
    sys.exit(main())
