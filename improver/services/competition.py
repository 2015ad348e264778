"""Competing lines in a ritual's change (reads; the rule is improver.competitors).

A change proposes at most one of the lines that compete for one problem, the one with more
support; the others are recorded beside it as its competitors. A newcomer that competes with a
line the template already serves is proposed only in its place (a replacement: the old line is
removed and the new one added in one change, so the canary compares the two), when it has more
support, and is left out otherwise; once that line has reached every session for a whole window
and the newcomer is still asked for in at least half as many sessions as that line was, it is
proposed beside it (improver.competitors.outgrown).
"""

import dataclasses
from collections import Counter

from experiments.models import Rollout
from experiments.selectors import open_factors
from fleet.selectors import lines_tested
from improver import competitors as rule
from improver import directive_lines as dl
from improver.proposer import Addition, ProposedChange
from improver.services.directive_review import version_history
from improver.services.line_targets import resolve
from language.remedies import similarity
from language.remedy_reading import is_remedy
from language.sentences import sentences
from language.topics import topics
from telemetry.models import Correction, Decision, Observation, SessionEnd

SAME_LINE = 80  # a remedy said this window that repeats a served line (as lines are merged)
READS = {  # the kind of source row, and the text its feedback is in
    "observation": (Observation, "text"),
    "correction": (Correction, "user_message"),
    "decision": (Decision, "reason"),
}


def statements(sources: list[str] | tuple[str, ...]) -> list[str]:
    """The sentences of the feedback rows `sources` cites that say what went wrong, not what to
    do: the problem the feedback names."""
    ids: dict[str, list[int]] = {}
    for source in sources:
        kind, _, pk = source.partition(":")
        if pk.isdigit():
            ids.setdefault(kind, []).append(int(pk))
    texts: list[str] = []
    for kind, (model, field) in READS.items():
        if ids.get(kind):
            texts += model.objects.filter(pk__in=ids[kind]).values_list(field, flat=True)
    for reflection in SessionEnd.objects.filter(pk__in=ids.get("session_end", [])).values_list(
        "reflection", flat=True
    ):
        texts += [f for f in (reflection or {}).get("failures", [])[:10] if isinstance(f, str)]
    return [s for text in texts for s in sentences(text or "") if not is_remedy(s)]


def _people(text: str, remedies) -> int:
    """Distinct people who asked for the line, where the remedies' evidence records them."""
    return max((getattr(r, "people", 0) or 0 for r in remedies if r.text == text), default=0)


def _rows(sources) -> frozenset[str]:
    """The feedback rows among a line's sources (not the friction, proposals or rollouts it cites)."""
    return frozenset(s for s in sources or () if s.partition(":")[0] in READS or s.startswith("session_end:"))


def named(sources) -> frozenset[str]:
    """The things at least half the complaints among `sources` name (language.topics)."""
    ids = [
        int(pk)
        for kind, _, pk in (s.partition(":") for s in sources or ())
        if kind == "observation" and pk.isdigit()
    ]
    texts = list(Observation.objects.filter(pk__in=ids).values_list("text", flat=True)) if ids else []
    counted = Counter(t for text in texts for t in set(topics(text or "")))
    return frozenset(t for t, n in counted.items() if 2 * n >= len(texts))


def _contender(addition: Addition, remedies) -> rule.Contender:
    """A line a change adds, with the problem its feedback names and the support behind it."""
    problem, about = rule.problem_and_subject(statements(addition.sources))
    return rule.Contender(
        addition.text,
        addition.target,
        problem,
        addition.sessions,
        _people(addition.text, remedies),
        addition.evidence,
        about=about,
        rows=_rows(addition.sources),
        named=named(addition.sources),
    )


def served_to_all(template, versions: list[dict]) -> dict[int, object]:
    """When each version began to reach every session: when it was made, or, for the candidate
    of a version canary, when that canary promoted it."""
    promoted = dict(
        Rollout.objects.filter(template=template, status=Rollout.Status.PROMOTED).values_list(
            "candidate_id", "decided_at"
        )
    )
    return {v["number"]: promoted.get(v["id"]) or v["created_at"] for v in versions}


def served_lines(template, head, removed: set[str], remedies, since=None) -> list[rule.Contender]:
    """The head's lines (but those the change removes) with what they address and their support:
    the sessions their evidence came from when they were proposed, or as many as ask for them
    again in this window, whichever is more; settled when they have reached every session since
    before `since` (the window's start)."""
    versions = [v for v in version_history(template) if v["number"] <= head.number]
    reached = served_to_all(template, versions)
    recorded: dict[str, dict] = {}
    for version in versions:
        for addition in version["additions"]:
            if isinstance(addition, dict) and addition.get("text"):
                recorded[dl.line_key(addition["text"])] = addition
    out = []
    for line in dl.history(versions):
        if line.key in removed:
            continue
        said = recorded.get(line.key, {})
        again = [r for r in remedies if similarity(r.text, line.text) >= SAME_LINE]
        problem, about = rule.problem_and_subject(statements(line.sources)) if line.sources else ("", "")
        out.append(
            rule.Contender(
                line.text,
                tuple(line.target),
                problem,
                max([said.get("sessions", 0) or 0, *(r.sessions for r in again)]),
                max([0, *(getattr(r, "people", 0) or 0 for r in again)]),
                max([said.get("evidence", 0) or 0, *(20 + r.count for r in again)]),
                served=True,
                about=about,
                rows=_rows(line.sources),
                named=named(line.sources),
                settled=since is not None and reached[line.added_in] <= since,
            )
        )
    return out


def tested_lines(template) -> list[rule.Contender]:
    """The lines of the template's open line tests, with what they address (the feedback they
    were proposed from, as the proposal recorded it)."""
    out = []
    for factor in open_factors(template.pk):
        payload = factor.proposal.payload if factor.proposal_id else {}
        said = {a.get("text"): a for a in payload.get("additions") or () if isinstance(a, dict)}
        for level in factor.levels:
            for text in level.get("add") or ():
                sources = tuple(said.get(text, {}).get("sources") or ())
                target = tuple(level.get("targets") or ())
                sessions = said.get(text, {}).get("sessions") or 0
                out.append(
                    rule.Contender(text, target, sessions=sessions, rows=_rows(sources), named=named(sources))
                )
    return out


def _beside(kept: list[rule.Contender], served: list[rule.Contender]) -> list[str]:
    """The notes of newcomers proposed beside a served rival they have outgrown."""
    return [
        f"Competing lines: '{n.text}' is proposed beside '{s.text}', not in its place: that line has "
        f"reached every session for the whole window and {n.sessions} sessions still ask for this one "
        f"(it was asked for in {s.sessions}), so the two answer different things."
        for n in kept
        for s in served
        if rule.competing(n, s) and rule.outgrown(n, s)
    ]


def held_back(newcomers: list[rule.Contender], testing: list[rule.Contender]) -> list[rule.Competition]:
    """Newcomers that compete with a line under test and have far less support (a minority's
    ask about what that line does): the two are never drawn side by side; the newcomer waits until
    the test ends, and comes back if that line is dropped. One of comparable support is tested
    beside it, on its own draw (improver.competitors.comparable)."""
    out = []
    for newcomer in newcomers:
        rivals = (
            (t, why)
            for t in testing
            if (why := rule.competing(newcomer, t)) and not rule.comparable(newcomer, t)
        )
        if (found := next(rivals, None)) is not None:
            out.append(rule.Competition(newcomer, *found))
    return out


def compete(
    template, head, change: ProposedChange | None, remedies=(), since=None
) -> tuple[ProposedChange | None, list[str]]:
    """The change with at most one line of each set of competitors, and what the ritual notes of
    the rest. Each added line's target is resolved here (once: the payload keeps it). `since` is
    the window's start: a served line that reached every session before it has been seen to leave
    a newcomer's complaints standing or not (improver.competitors.outgrown)."""
    if change is None or not change.additions:
        return change, []
    additions = [
        a if a.target else dataclasses.replace(a, target=tuple(resolve(a))) for a in change.additions
    ]
    newcomers = {
        a.text: _contender(a, remedies)
        for a in additions
        if a.origin != "operator"  # what a human asked for is no rival of anything
    }
    removed = {dl.line_key(r["text"]) for r in change.removals}
    served = served_lines(template, head, removed, remedies, since)
    apart = lines_tested(template.pk)  # each line drawn on its own: its test tells what it does
    _, lost, replaced = rule.contest(list(newcomers.values()), served, apart)
    testing = tested_lines(template)
    waits = held_back([n for n in newcomers.values() if n not in [c.loser for c in lost]], testing)
    lost = lost + waits
    beside = _beside([n for n in newcomers.values() if n not in [c.loser for c in lost]], served)
    if not lost and not replaced:
        return dataclasses.replace(change, additions=tuple(additions)), beside
    out = {dl.line_key(c.loser.text) for c in lost} | {dl.line_key(c.loser.text) for c in replaced}
    kept = tuple(a for a in additions if dl.line_key(a.text) not in out)
    directives = "\n".join(
        t for t in change.directives.splitlines() if t.strip() and dl.line_key(t) not in out
    )
    left = [a for a in additions if a not in kept]
    # The runner-up of newcomers is the next line to propose should a human reject the winner,
    # unless it competes with a served line too.
    runner_up = tuple(
        a for a in left if not any(rule.competing(newcomers[a.text], s) for s in (*served, *testing))
    )
    rationale = _rationale(change.rationale, left, lost, replaced)
    records = [rule.as_record(c) for c in lost]
    notes = (
        [
            f"Competing lines: '{c.loser.text}' ({c.loser.sessions} sessions) is left out for "
            f"'{c.winner.text}' ({c.winner.sessions} sessions{', served now' if c.winner.served else ''}): "
            f"both address {c.why}."
            for c in lost
            if c not in waits
        ]
        + [
            f"Competing lines: '{c.loser.text}' waits while '{c.winner.text}' is under test (a line test): "
            f"both address {c.why}; it is proposed again should that line be dropped."
            for c in waits
        ]
        + [
            f"Competing lines: '{c.winner.text}' replaces '{c.loser.text}' ({c.winner.sessions} sessions "
            f"against {c.loser.sessions}): both address {c.why}."
            for c in replaced
        ]
        + beside
    )
    if not kept and not change.removals and not replaced:
        return None, notes
    return (
        dataclasses.replace(
            change,
            directives=directives + "\n",
            additions=kept,
            rationale=rationale,
            alternatives=runner_up + change.alternatives,
            removals=change.removals + tuple(rule.replacement(c) for c in replaced),
            competitors=change.competitors + tuple(records),
        ),
        notes,
    )


def _rationale(rationale: str, left: list[Addition], lost, replaced) -> str:
    """The proposer's rationale without the lines left out, and why they are."""
    for a in left:
        said = f"{a.text!r} ({a.reason}, evidence {a.evidence})"
        rationale = rationale.replace(f"; {said}", "").replace(f"{said}; ", "").replace(said, "")
    if replaced:
        rationale = rationale.replace(" Nothing was removed: every existing directive is kept.", "")
        rationale += (
            " Replaces: "
            + "; ".join(
                f"{c.loser.text!r} with {c.winner.text!r} "
                f"({c.winner.sessions} sessions against {c.loser.sessions})"
                for c in replaced
            )
            + "."
        )
    if lost:
        rationale += (
            " Leaves out competing lines: "
            + "; ".join(
                f"{c.loser.text!r} (competes with {c.winner.text!r}: {c.loser.sessions} sessions against "
                f"{c.winner.sessions})"
                for c in lost
            )
            + "."
        )
    return rationale
