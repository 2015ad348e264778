"""Evidence followed up a hand-off: the failures and negative feedback of the sessions another
agent handed work to, read as evidence of the template that handed it over.

A planner hands a trip to a booking desk; the hand-off leaves out the passport number; the
booking desk's sessions fail and its users say so. The fix belongs in the planner's directives,
where the hand-off is written, so the planner's ritual reads that feedback as its own (the booking
desk's ritual keeps reading it too). An item of another template's agent is the upstream
template's evidence when:

- its text names the upstream template or one of its agents (name or slug), or
- its text names the hand-off ("handoff", "hand-off", "handed over") and its session was handed
  from a session of the upstream template (telemetry.models.SessionLink: a `parent_session_id`,
  or an OpenTelemetry span link), or belongs to a template the upstream template is known to
  hand work to (a link in the window says so).

What a handed session's users say about the downstream desk's own work ("Show the seat map
before payment") stays with the downstream template: a link says where the work came from, not
that every trouble in it came from there.

Selectors only: nothing here writes. `names_in` and `mentions_handoff` are pure.
"""

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Exists, OuterRef, Q

from fleet.models import Agent, AgentTemplate, DocumentVersion
from telemetry.models import Correction, Decision, Observation, SessionEnd, SessionLink, SessionSeen

ROWS = 2000  # per source and window: plenty for grouping, bounded for memory (a template's own evidence too)
LINK_LOOKBACK = timedelta(days=7)  # a hand-off this long before the window may still be complained of
MIN_NAME = 3  # shorter names ("qa") would be found inside any text
HANDOFF = re.compile(r"\b(hand-?offs?|hand(?:ing|ed|s)?\s+(?:it\s+|them\s+|this\s+)?(?:over|off)\b)", re.I)
# Feedback categories that are negative whatever sentiment the classifier gave (a template's own too)
NEGATIVE_KINDS = (
    "complaint",
    "venting",
    "accuracy",
    "communication",
    "prioritization",
    "tooling",
    "timeliness",
)


@dataclass(frozen=True)
class Handed:
    """One item of another template's agent that counts for the upstream template."""

    event_type: str  # observation | correction | decision | session_end
    row: dict  # the event's columns (those the ritual and the feedback scan read)
    downstream: str  # where it was seen: the downstream agent's template slug (or agent name)


def names_in(text: str, names: tuple[str, ...]) -> bool:
    """Whether `text` names one of `names` as a word of its own ("the planner's hand-off")."""
    return any(re.search(rf"(?<![\w-]){re.escape(n)}(?:s|es)?(?![\w-])", text, re.I) for n in names)


def mentions_handoff(text: str) -> bool:
    return bool(HANDOFF.search(text or ""))


def names_of(template, agents: list[dict]) -> tuple[str, ...]:
    """The names a text may call the template by: its slug and name, its agents' names, each
    also with hyphens and underscores read as spaces ("booking-desk" as "booking desk")."""
    found = {template.slug, template.name, *(a["name"] for a in agents)}
    spaced = {re.sub(r"[-_]+", " ", n) for n in found}
    return tuple(sorted(n.strip().lower() for n in found | spaced if len(n.strip()) >= MIN_NAME))


def handed_down(template, since: datetime, until: datetime) -> list[Handed]:
    """The window's failures and negative feedback of other templates' agents that count for
    `template` (see the module's rules), each once, with the template it was seen in."""
    agents = list(Agent.objects.filter(template=template).values("id", "name"))
    if not agents:
        return []
    upstream = _upstream(template, agents, since)
    window = Q(occurred_at__gt=since, occurred_at__lte=until)
    found = [
        *_observations(upstream, window),
        *_corrections(upstream, window),
        *_decisions(upstream, window),
        *_session_ends(upstream, window),
    ]
    seen_in = _seen_in({row["agent_id"] for _, row, _ in found})
    return [
        Handed(kind, row, seen_in.get(row["agent_id"], ""))
        for kind, row, text in found
        if kind == "session_end" or upstream.counts(row, text)
    ]


@dataclass(frozen=True)
class _Upstream:
    """The upstream template as the rules read it: its own agents, the names a text may call it
    by, the agents of the templates it hands work to, and whether an event's session was handed
    from one of its sessions (`handed`, an SQL expression each source annotates its rows with)."""

    own: list[int]
    names: tuple[str, ...]
    receivers: set[int]
    handed: Exists

    def counts(self, row: dict, text: str) -> bool:
        """Whether an item counts upstream: its text names the template, or names the hand-off in
        a handed session or in a session of a template it hands work to."""
        return names_in(text, self.names) or (
            (row["handed"] or row["agent_id"] in self.receivers) and mentions_handoff(text)
        )

    def candidates(self, text_field: str) -> Q:
        """The rows that may count, in SQL (each is then checked with `counts`)."""
        hand = Q(**{f"{text_field}__icontains": "hand"})
        q = (Q(handed=True) & hand) | (Q(agent_id__in=self.receivers) & hand)
        for name in self.names:
            q |= Q(**{f"{text_field}__icontains": name})
        return q


def _upstream(template, agents: list[dict], since: datetime) -> _Upstream:
    """What the rules need of `template`, whose agents are `agents` (one query: its receivers)."""
    own = [a["id"] for a in agents]
    versions = DocumentVersion.objects.filter(document=template.document_id).values("pk")
    # a session of one of its agents (the unique (agent, session, version) index answers each)
    parent = SessionSeen.objects.filter(
        agent_id__in=own, template_version_id__in=versions, session_key=OuterRef("parent_session_key")
    )
    # each event's session handed from one of them (the unique (agent, session) index of links)
    handed = Exists(
        SessionLink.objects.filter(agent_id=OuterRef("agent_id"), session_key=OuterRef("session_id")).filter(
            Exists(parent)
        )
    )
    # the templates it hands work to: those of the agents its sessions handed work to lately
    receiving = (
        SessionLink.objects.filter(first_received_at__gt=since - LINK_LOOKBACK)
        .exclude(agent_id__in=own)
        .filter(Exists(parent))
        .values("agent__template_id")
    )
    receivers = set(Agent.objects.filter(template_id__in=receiving).values_list("id", flat=True))
    # what the templates handing it work say of it is theirs to fix, never its own evidence
    upstream = Agent.objects.filter(template__in=givers(template, since)).values_list("id", flat=True)
    return _Upstream(own + list(upstream), names_of(template, agents), receivers, handed)


_COLUMNS = ("id", "agent_id", "session_id", "user_id", "occurred_at")  # of an observation or a correction


def _observations(upstream: _Upstream, window: Q) -> list[tuple[str, dict, str]]:
    """Other agents' negative observations of the window that may count, with their text."""
    negative = Q(sentiment="negative") | Q(category__in=NEGATIVE_KINDS)
    rows = (
        Observation.objects.filter(window, negative)
        .annotate(handed=upstream.handed)
        .filter(upstream.candidates("text"))
        .exclude(agent_id__in=upstream.own)
        .values(*_COLUMNS, "handed", "text", "sentiment", "category")[:ROWS]
    )
    return [("observation", row, row["text"]) for row in rows]


def _corrections(upstream: _Upstream, window: Q) -> list[tuple[str, dict, str]]:
    """Other agents' corrections of the window that may count, with the user's message."""
    rows = (
        Correction.objects.filter(window)
        .annotate(handed=upstream.handed)
        .filter(upstream.candidates("user_message"))
        .exclude(agent_id__in=upstream.own)
        .values(*_COLUMNS, "handed", "user_message")[:ROWS]
    )
    return [("correction", row, row["user_message"]) for row in rows]


def _decisions(upstream: _Upstream, window: Q) -> list[tuple[str, dict, str]]:
    """Other agents' rejected suggestions of the window that may count, with the reason given."""
    rows = (
        Decision.objects.filter(window, verdict="rejected")
        .annotate(handed=upstream.handed)
        .filter(upstream.candidates("reason"))
        .exclude(reason="")
        .exclude(agent_id__in=upstream.own)
        .values("id", "agent_id", "session_id", "handed", "occurred_at", "subject", "verdict", "reason")[
            :ROWS
        ]
    )
    return [("decision", row, row["reason"]) for row in rows]


def _session_ends(upstream: _Upstream, window: Q) -> list[tuple[str, dict, str]]:
    """The ends of handed sessions (or of sessions of a template it hands work to) whose reflected
    failures count upstream, each keeping only those failures."""
    found = []
    for row in (
        SessionEnd.objects.filter(window)
        .annotate(handed=upstream.handed)
        .filter(Q(handed=True) | Q(agent_id__in=upstream.receivers))
        .exclude(agent_id__in=upstream.own)
        .values("id", "agent_id", "session_id", "handed", "occurred_at", "reflection")[:ROWS]
    ):
        failures = [f for f in (row["reflection"] or {}).get("failures", [])[:10] if isinstance(f, str)]
        said = [f for f in failures if upstream.counts(row, f)]
        if said:
            found.append(("session_end", {**row, "failures": said}, ""))
    return found


def _seen_in(agent_ids: set[int]) -> dict[int, str]:
    """Agent id → where its items were seen: its template's slug, else the agent's name."""
    return {
        a["id"]: a["template__slug"] or a["name"]
        for a in Agent.objects.filter(id__in=agent_ids).values("id", "name", "template__slug")
    }


def givers(template, since: datetime) -> list:
    """The templates that handed the template's agents work lately (a link since `since` less
    the lookback names a session of theirs), in one query: per other template, an EXISTS over
    the recent links (their time index) probing the parents' sessions (the unique (agent,
    session) index)."""
    parent = SessionSeen.objects.filter(
        agent__template=OuterRef(OuterRef("pk")), session_key=OuterRef("parent_session_key")
    )
    links = SessionLink.objects.filter(
        agent__template=template, first_received_at__gt=since - LINK_LOOKBACK
    ).filter(Exists(parent))
    return list(AgentTemplate.objects.exclude(pk=template.pk).filter(Exists(links)))


def handed_up(template, since: datetime, until: datetime) -> set[tuple[str, str]]:
    """What the template's own agents said that counts for a template upstream of it (one that
    handed them work in the window), as (source, text) pairs: the hand-off's fix belongs there,
    so the template proposes no line from it (it still reads it as its own feedback)."""
    own = set(Agent.objects.filter(template=template).values_list("id", flat=True))
    found = set()
    for other in givers(template, since):
        for h in handed_down(other, since, until):
            if h.row["agent_id"] not in own:
                continue
            texts = h.row.get("failures") or [
                h.row.get("text") or h.row.get("user_message") or h.row.get("reason")
            ]
            found |= {(f"{h.event_type}:{h.row['id']}", text) for text in texts}
    return found
