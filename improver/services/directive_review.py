"""The directive lifecycle of a template: each line's measured effect, and the lines to prune
(removed when their target did not fall or rose, merged when they repeat another, dropped when
the directives are over the token budget)."""

from django.conf import settings
from django.db.models import Count, Q

from improver import directive_lines as dl
from telemetry.models import ToolInvocation


def version_history(template) -> list[dict]:
    return [
        {
            "id": v.pk,
            "number": v.number,
            "text": v.text,
            "author": v.author,
            "additions": (v.provenance or {}).get("additions") or [],
        }
        for v in template.document.versions.order_by("number")
    ]


def effects(template, versions: list[dict], lines: list[dl.Line]) -> dict[str, dl.Effect]:
    """Per line: sessions (and those with its target failure) served with and without it, in SQL."""
    rows = ToolInvocation.objects.filter(template_version__document=template.document)
    totals = {
        r["template_version_id"]: (r["n"], r["failed"])
        for r in rows.values("template_version_id").annotate(
            n=Count("session_id", distinct=True),
            failed=Count("session_id", distinct=True, filter=Q(outcome=ToolInvocation.Outcome.FAILURE)),
        )
    }
    pairs = {
        (r["template_version_id"], r["tool"], r["failure_mode"]): r["n"]
        for r in rows.filter(outcome=ToolInvocation.Outcome.FAILURE)
        .values("template_version_id", "tool", "failure_mode")
        .annotate(n=Count("session_id", distinct=True))
    }
    keys = {v["id"]: {dl.line_key(t) for t in v["text"].splitlines() if t.strip()} for v in versions}
    out = {}
    for line in lines:
        counts = {True: [0, 0], False: [0, 0]}
        for version_id, (n, failed) in totals.items():
            if line.target:
                failed = pairs.get((version_id, line.target["tool"], line.target["failure_mode"]), 0)
            side = counts[line.key in keys.get(version_id, set())]
            side[0] += n
            side[1] += failed
        out[line.key] = dl.Effect(counts[True][0], counts[True][1], counts[False][0], counts[False][1])
    return out


def review(template) -> tuple[list[dl.Line], dict[str, dl.Effect], list[dl.Pruning]]:
    """The lines of the head, their effects, and what to prune (improver lines only are removed
    automatically; a human's line is only ever suggested)."""
    versions = version_history(template)
    head = template.document.head
    versions = [v for v in versions if v["number"] <= head.number]
    lines = dl.history(versions)
    measured = effects(template, versions, lines)
    prunings: list[dl.Pruning] = []
    for line in lines:
        if line.author == "improver":
            verdict = dl.judge(line, measured[line.key], settings.KAIZEN["DIRECTIVE_MIN_SESSIONS"])
            if verdict:
                prunings.append(verdict)
    prunings += dl.merges(lines)
    pruned = {p.line.key for p in prunings}
    value = {
        k: (e.rate_without or 0) - (e.rate_with or 0)
        for k, e in measured.items()
        if e.with_sessions and e.without_sessions
    }
    prunings += dl.over_budget(
        [ln for ln in lines if ln.key not in pruned], value, settings.KAIZEN["PROMPT_TOKEN_BUDGET"]
    )
    return lines, measured, prunings


def apply(directives: str, prunings: list[dl.Pruning]) -> str:
    """The directives without the pruned lines (a merged line survives in the line it repeats)."""
    gone = {p.line.key for p in prunings}
    kept = [t for t in directives.splitlines() if t.strip() and dl.line_key(t) not in gone]
    return "\n".join(kept) + "\n"
