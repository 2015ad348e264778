"""The ritual's context: what the improver reviews, as the token-budgeted sections both proposers
read (the deterministic one through the same ProposalInput, an LLM as its prompt)."""

from governance.models import ChangeDecision
from improver import context as budget
from improver.selectors import version_performance
from telemetry.models import Decision


def _grouped(groups: dict, sentiment: str) -> str:
    lines = []
    for g in groups.values():
        if g["sentiment"] != sentiment:
            continue
        lines.append(f"{sentiment} · {g['category']} ×{g['count']}")
        lines += [f"  - {example}" for example in g["examples"]]
    return "\n".join(lines)


def _decisions(template, since) -> str:
    """The window's latest rejected decisions with a reason (the window's time partitions only,
    not the whole history), and the latest verdicts on the template's evolutions."""
    lines = []
    rejected = (
        Decision.objects.filter(
            template_version__document__template=template, verdict="rejected", occurred_at__gt=since
        )
        .exclude(reason="")
        .order_by("-occurred_at")
        .values_list("subject", "reason")[:10]
    )
    lines += [f"rejected {subject}: {reason}" for subject, reason in rejected]
    verdicts = (
        ChangeDecision.objects.filter(proposal__type="template_evolution", proposal__subject=template.slug)
        .order_by("-created_at")
        .values_list("proposal_id", "verdict", "reason", "rating")[:10]
    )
    lines += [
        f"evolution #{pid} {verdict}"
        + (f" (rating {rating})" if rating else "")
        + (f": {reason}" if reason else "")
        for pid, verdict, reason, rating in verdicts
    ]
    return "\n".join(lines)


def _versions(template) -> str:
    lines = []
    for v in template.document.versions.order_by("-number")[:3]:
        perf = version_performance(v.pk)
        rate = f"{perf['success_rate']:.0%}" if perf["success_rate"] is not None else "—"
        lines.append(
            f"v{v.number} by {v.author} on {v.created_at:%Y-%m-%d} ({v.reason or 'no reason'}): "
            f"success {rate}"
        )
    return "\n".join(lines)


def build(
    *, template, improver, head, groups: dict, delta: dict, evidence_lines: list[str], total: int, since
):
    """Assemble every section within its budget (`total` tokens in all); the agents' decisions
    are those since `since`, the ritual's window."""
    parts = {
        "system": budget.RITUAL_SYSTEM.format(template=template.slug),
        "directives": head.text,
        "negative_feedback": _grouped(groups, "negative"),
        "positive_feedback": _grouped(groups, "positive"),
        "patterns": "\n".join(evidence_lines),
        "metrics": "\n".join(f"{k}: {v}" for k, v in delta.items()),
        "decisions": _decisions(template, since),
        "reports": "\n\n".join(
            improver.reports.order_by("-created_at").values_list("content", flat=True)[:5]
        ),
        "notes": "\n".join(f"{n.kind}: {n.content}" for n in improver.notes.order_by("-created_at")[:20]),
        "versions": _versions(template),
        "delta": ", ".join(f"{k} {v:+.2f}" for k, v in delta.items() if k.endswith("_delta")),
    }
    return budget.assemble(parts, total)
