"""How goal, action and config-change proposals read on their review page (registered with
governance beside their approval): the document change as a diff, what it touches, and its
evidence summarised (counts, a few examples, a link to the events behind it). Presentation only."""

from django.urls import reverse

from config.readable import admin_list, brief, label, some
from fleet.models import Document
from governance.models import Proposal
from governance.registry import Link, Panel, Review

NEWEST = 5  # escalations shown on the page; the rest are one link away


def document_review(proposal: Proposal) -> Review:
    payload, evidence = proposal.payload, proposal.evidence
    name = payload.get("document", "")
    before, after, title = _texts(proposal, name)
    panels = [_change(proposal, name)]
    if evidence.get("escalations") is not None:
        panels += _escalations(evidence)
    else:
        rows = [[label(key), brief(value)] for key, value in evidence.items() if key != "cites"]
        panels.append(Panel("evidence", "Its evidence", [], rows))
    return Review(before=before, after=after, diff_title=title, panels=panels)


def _texts(proposal: Proposal, name: str) -> tuple[str | None, str | None, str]:
    """What the proposal writes: a config change replaces the whole document (a diff against the
    text it was written against); a goal or action proposal adds its entries, or replaces those
    with the same id, so its entries are what it proposes (the document's new version merges them)."""
    payload = proposal.payload
    if "yaml" not in payload:
        return None, None, ""
    if proposal.type == Proposal.Type.CONFIG_CHANGE:
        return payload.get("before", ""), payload["yaml"], f"{name}: current → proposed"
    return "", payload["yaml"], f"{name}: the entries it adds, or replaces by id"


def _change(proposal: Proposal, name: str) -> Panel:
    payload = proposal.payload
    document = Document.objects.filter(name=name).values_list("pk", flat=True).first() if name else None
    ids = payload.get("goals") or payload.get("actions") or []
    rows = [
        [
            "document",
            Link(name, reverse("admin:fleet_document_change", args=[document])) if document else name or "—",
        ],
        ["entries", some(ids, 10)],
        ["written against", f"v{payload['base_version']}" if payload.get("base_version") else "—"],
    ]
    if payload.get("applied_version"):
        rows.append(["applied as", f"v{payload['applied_version']}"])
    return Panel("change", "What it changes", [], [row for row in rows if row[1] != "—"])


def _escalations(evidence: dict) -> list[Panel]:
    """Hand-offs of one target to a human: how many, by which agents and why, the newest few."""
    escalations = evidence["escalations"]  # the newest fifty, newest first
    target = evidence.get("target", "")
    url = admin_list("telemetry_hitlescalation", target=target)
    count = evidence.get("count", len(escalations))
    agents = sorted({e.get("agent__name") or "" for e in escalations})
    reasons = list(dict.fromkeys(e.get("reason", "") for e in escalations))
    return [
        Panel(
            "escalations",
            "The escalations behind it",
            [],
            [
                ["target", target],
                ["escalations", [f"{count} in the window", Link(f"Every escalation of '{target}'", url)]],
                ["agents", some(agents, 5)],
                ["reasons given", some(reasons)],
            ],
        ),
        Panel(
            "newest",
            f"The newest {min(NEWEST, len(escalations))} escalations",
            ["when", "agent", "skill", "reason"],
            [
                [
                    e.get("occurred_at", "")[:16].replace("T", " "),
                    e.get("agent__name"),
                    e.get("skill"),
                    e.get("reason"),
                ]
                for e in escalations[:NEWEST]
            ],
            more=Link(f"All {count} on the escalations list", url) if count > NEWEST else None,
        ),
    ]
