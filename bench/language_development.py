"""The readers on development tables, written by helpers who never saw the code and read
while tuning (so not a test: the corpus's test part is):

- language/corpus/tables/fresh_requests.tsv: 112 requests in 16 domains (kind `ask`, with the
  words that say what to do) and 48 one-off corrections (`oneoff`): how many requests become a
  usable line (read as a remedy, about no one case, a line for the agent holding those words),
  and how many one-offs would become one;
- language/corpus/tables/incident_then_rule.tsv: the same, 96 complaints in 12 other domains
  that tell one incident with its names, dates and places and ask for a rule in their last
  sentence, and 48 one-offs of two or three sentences;
- language/corpus/tables/specific_rules.tsv: 112 standing rules that name a colleague, a room,
  a plan, an acronym, a month or an amount as part of the rule, and 84 one-offs naming the same
  kinds of things: how many rules are read as rules and as asks, and how many one-offs as one
  case and as asks;
- language/corpus/tables/rejection_reasons.tsv: 150 reasons a reviewer gave for rejecting a
  draft that state a standing rule (with its words), 60 that concern the one draft and 40 other
  sentences of "we" that state no rule, in 25 domains;
- language/corpus/tables/one_off_instructions.tsv: 160 instructions about one case and 120
  standing rules that look like them, in 32 domains;
- language/corpus/tables/tricky_one_offs.tsv: 160 one-offs worded like rules and 110 standing
  facts worded like one-offs, in 32 domains;
- language/corpus/tables/fresh_requests_2.tsv: 120 standing requests in 24 further domains,
  each in one piece of feedback, written once the readers above had been tuned: how many become
  a line holding the last word of the request, by halves of the domains;
- language/corpus/tables/requests_in_stories.tsv: 60 complaints in 16 other domains that ask for
  a change in the forms people use (a rhetorical question, a reproach, a hope, a preference, a
  suggestion for next time, a lead-in naming the fix), often after a story of what went wrong
  (`ask`, with the words of the request), and 15 reasons a reviewer gave that state a house rule
  (`rule`): how many become a line holding the last word of the request. Written by a helper
  who never saw the code, and read while tuning;
- language/corpus/tables/contrary_pairs.tsv: 40 pairs in 40 domains, what most staff ask
  (with its words) and the opposite a colleague asks in words of their own (with its words):
  how many pairs have both sides read as lines, and how many of those are read as contrary (the
  two lines, or the colleague's objection aimed at the first line). Written when the contrary
  readers stood as they are; not tuned on yet.
- language/corpus/tables/contrary_pairs_2.tsv: 48 more such pairs in 48 further domains, the
  minority's side in more forms (an objection, the other way asked without naming the first, a
  synonym, "instead of", "rather than"), written once the first table had been read: kept as a
  test of the contrary readers, reported, never read while changing them.
- language/corpus/tables/rejection_reasons_2.tsv: 72 reasons a reviewer gave that state a
  standing rule (with its words) in forms reviewers type (a noun phrase, a passive "is to be",
  a checklist item, a rule after a complaint) and 24 that fix the one draft, in 16 further domains;
- language/corpus/tables/complaint_requests.tsv: 80 complaints that ask for a standing behaviour
  in indirect forms ("the least it could do is …", "all it had to do was …", "is it too much to
  ask that …", a preference, a counterfactual) and 16 that ask nothing standing, in 16 further
  domains. These two were split by domains before any reader was changed for them.
The four before the pairs, and the last two, are reported by halves of their domains: every other
one (sorted) was read while tuning, the rest never was.
"""

import functools
from pathlib import Path

TABLES = Path(__file__).resolve().parent.parent / "language" / "corpus" / "tables"


def _rows(name: str, smoke: bool) -> list[list[str]]:
    rows = [
        line.rstrip("\n").split("\t")
        for line in (TABLES / name).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    return rows[:: max(1, len(rows) // 20)] if smoke else rows


def report(*, smoke: bool = False) -> dict:
    from language.agent_terms import for_agent
    from language.remedies import asks_in, asks_of_the_work
    from language.request_forms import addressed, request
    from language.scope import is_instance

    def one_case(sentence: str) -> bool:
        said = addressed(sentence)
        return is_instance(request(said) or said)

    print("\n== development tables (read while tuning: not a test)")
    found = {}
    for name, label in (
        ("fresh_requests.tsv", "fresh requests"),
        ("incident_then_rule.tsv", "incident, then a rule"),
    ):
        asks, usable, oneoffs, oneoff_asks = 0, 0, 0, 0
        for kind, _, text, phrase in _rows(name, smoke):
            if kind == "oneoff":
                oneoffs += 1
                oneoff_asks += bool(asks_in(text))
                continue
            asks += 1
            holder = next((s for _, s in asks_in(text) if phrase.lower() in s.lower()), "")
            line = for_agent(holder) if holder else ""
            usable += bool(holder and phrase.lower().split()[-1] in line.lower())
        print(
            f"   {label}: a usable line {usable}/{asks}; one-offs that would be lines {oneoff_asks}/{oneoffs}"
        )
        found[name] = (usable, asks, oneoff_asks, oneoffs)
    rules = rule_read = rule_asked = kept = kept_asked = cases = 0
    for kind, _, text, *_ in _rows("specific_rules.tsv", smoke):
        if kind == "rule":
            rules += 1
            rule_read += not one_case(text)
            rule_asked += asks_of_the_work(text)
        else:
            cases += 1
            kept += one_case(text)
            kept_asked += asks_of_the_work(text)
    print(
        f"   rules naming specifics: read as rules {rule_read}/{rules}, as asks {rule_asked}/{rules}; "
        f"one-offs read as one case {kept}/{cases}, as asks {kept_asked}/{cases}"
    )
    for name, label in (
        ("rejection_reasons.tsv", "rejection reasons"),
        ("one_off_instructions.tsv", "instructions about one case"),
        ("fresh_requests_2.tsv", "fresh requests, a second table"),
        ("rejection_reasons_2.tsv", "rejection reasons, a second table"),
        ("complaint_requests.tsv", "requests in complaints"),
    ):
        reading = functools.partial(asks_in, reason=name.startswith("rejection_reasons"))
        found[name] = halves = _lines_or_none(_rows(name, smoke), reading, for_agent)
        said = "; ".join(f"{half} half {_counts(halves[half])}" for half in ("read", "unread"))
        print(f"   {label}: {said}")
    found["requests_in_stories.tsv"] = _stories(_rows("requests_in_stories.tsv", smoke), asks_in, for_agent)
    found["tricky_one_offs.tsv"] = _tricky(_rows("tricky_one_offs.tsv", smoke), asks_in, is_instance)
    for name in ("contrary_pairs.tsv", "contrary_pairs_2.tsv"):
        found[name] = _contrary_pairs(_rows(name, smoke), asks_in, for_agent, name)
    return {**found, "specific_rules.tsv": (rule_read, rules, kept, cases)}


def _stories(rows, asks_in, for_agent) -> dict:
    """Of the complaints (`ask`) and the reviewers' reasons (`rule`), how many become a line
    holding the last word of what they ask."""
    found = {}
    for kind, text, phrase in rows:
        asked = asks_in(text, reason=kind == "rule")
        lines = [line for _, sentence in asked if (line := for_agent(sentence))]
        tally = found.setdefault(kind, [0, 0])
        tally[0] += any(phrase.lower().split()[-1] in line.lower() for line in lines)
        tally[1] += 1
    print(f"   requests in stories: a line {_counts(found)}")
    return found


def _tricky(rows, asks_in, one_case) -> dict:
    """One-offs that look like rules and standing facts that look like one-offs, by halves of
    their domains: one-offs read as one case (`one_case`, as a correction's fact is read) and as
    asks, standing ones read as standing."""
    domains = sorted({row[1] for row in rows})
    halves = {}
    for half in ("read", "unread"):
        mine = [row for row in rows if (domains.index(row[1]) % 2 == 0) == (half == "read")]
        one = [text for label, _, text in mine if label == "oneoff"]
        standing = [text for label, _, text in mine if label == "standing"]
        halves[half] = (
            sum(one_case(t) for t in one),
            sum(bool(asks_in(t)) for t in one),
            len(one),
            sum(not one_case(t) for t in standing),
            len(standing),
        )
    said = "; ".join(
        f"{half} half one-offs read as one case {k}/{n}, as asks {a}/{n}, standing read as standing {s}/{m}"
        for half, (k, a, n, s, m) in halves.items()
    )
    print(f"   one-offs that look like rules: {said}")
    return halves


def _contrary_pairs(rows, asks_in, for_agent, name: str) -> tuple[int, int, int]:
    """Of the pairs, how many have both sides read as a line holding their words, and of those
    how many are read as contrary: by the two lines (language.contrary), or by the colleague's
    objection aimed at the first line (language.objections); printed under the table's `name`."""
    from language.contrary import contrary
    from language.objections import aimed_at, objected

    def holding(text: str, phrase: str) -> list[str]:
        lines = [line for _, sentence in asks_in(text) if (line := for_agent(sentence))]
        return [line for line in lines if phrase.lower()[:25] in line.lower()]

    read = seen = 0
    for _, first, first_words, other, other_words in rows:
        asked, against = holding(first, first_words), holding(other, other_words)
        if not asked or not against:
            continue
        read += 1
        objection = objected(other)
        seen += any(contrary(a, b) for a in asked for b in against) or bool(
            objection and any(aimed_at(objection, a) for a in asked)
        )
    print(f"   {name}: both sides read as lines {read}/{len(rows)}, read as contrary {seen}/{read}")
    return read, seen, len(rows)


def _lines_or_none(rows, asks_in, for_agent) -> dict:
    """Of each half of the domains (sorted, every other one read while tuning, the rest never
    read), how many rows got what they should: a rule (`rule`) a line holding the last word of
    its phrase when it has one (so an ask, `ask`), any other row (`oneoff`, `notrule`, `none`) no
    line."""
    domains = sorted({row[1] for row in rows})
    halves = {"read": {}, "unread": {}}
    for label, domain, text, *phrase in rows:
        lines = [line for _, sentence in asks_in(text) if (line := for_agent(sentence))]
        word = phrase[0].lower().split()[-1] if phrase and phrase[0] != "-" else ""
        right = any(word in line.lower() for line in lines) if label in ("rule", "ask") else not lines
        tally = halves["read" if domains.index(domain) % 2 == 0 else "unread"].setdefault(label, [0, 0])
        tally[0] += right
        tally[1] += 1
    return halves


def _counts(tallies: dict) -> str:
    return ", ".join(f"{label} {right}/{rows}" for label, (right, rows) in sorted(tallies.items()))
