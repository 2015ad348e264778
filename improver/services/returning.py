"""Lines a canary took back that new evidence asks for again (reads; the rule is improver.bundles).

A line of a rolled-back or aborted rollout is not proposed again on the evidence it was tried on.
Each week the ritual reads, for each such line, the evidence that arrived after its rollout ended
(within the ritual's window): the remedies and chronic friction of that feedback, as the ritual
would propose lines on them. When they propose the same line, and the evidence is large enough
for how the line's canary ended (`improver.bundles.comes_back`), the line comes back with the new
evidence behind it and what happened to it before as its reason.
"""

from datetime import datetime, timedelta

from improver import bundles
from improver.proposer import Addition, ProposalInput, evidence_additions
from improver.services import evidence as ritual_evidence


def returning_lines(
    template,
    ended: dict[str, bundles.Ended],
    *,
    now: datetime,
    window: timedelta,
    built_for: tuple[tuple[str, str], ...] = (),
) -> tuple[Addition, ...]:
    """The lines of `ended` (text → how its canary ended) that new evidence brings back, best
    supported first; the proposer tries them one at a time, alone."""
    asked: dict[datetime, list[Addition]] = {}  # the lines new evidence proposes, by where it starts
    out = []
    for text, end in ended.items():
        since = max(end.decided_at, now - window)
        if since >= now:
            continue
        if since not in asked:
            asked[since] = _asked(template, since, now, built_for)
        new = next((a for a in asked[since] if bundles.same_line(a.text, text)), None)
        if new is None or not bundles.comes_back(end, new.sessions, new.people, new.evidence):
            continue
        out.append(
            Addition(
                text,
                f"{bundles.before_words(end)}. Asked for again since it ended: {new.reason}",
                new.evidence,
                new.sources,
                end.addition.get("origin") or new.origin,
                tuple(end.addition.get("target") or ()),
                new.sessions,
                new.people,
                new.downstream,
                standing=new.standing,
            )
        )
    return tuple(sorted(out, key=lambda a: (-a.sessions, -a.people, -a.evidence, a.text)))


def _asked(template, since: datetime, until: datetime, built_for) -> list[Addition]:
    """The lines the template's remedies and chronic friction between `since` and `until` propose."""
    return evidence_additions(
        ProposalInput(
            template=template.slug,
            directives="",
            negative_by_category={},
            remedies=tuple(ritual_evidence.remedies(template, since, until)),
            friction=tuple(ritual_evidence.chronic_friction(template, since, until)),
            built_for=tuple(built_for),
        )
    )
