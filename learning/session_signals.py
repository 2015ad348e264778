"""A session's outcome from every signal, kept by derived work (see SessionSignal).

Each handler turns the new events of one type into the signals they show and stores each
(session, signal) once: a replay or a second event of the same kind in the session adds nothing.
Observations are classified by the same rules as the feedback scan (the client's own sentiment
and category first), so "negative:accuracy" here is what the improver calls accuracy feedback.
The signals are named in learning.signals.
"""

from language.classify import RawFeedback, RuleClassifier
from language.topics import topics
from learning.models import SessionSignal
from learning.signals import ANY, tool_signal, topic_signal
from telemetry.hooks import handled
from telemetry.models import SkillOutcome
from telemetry.row_reads import near
from telemetry.sessions import session_of, sessions_known, sessions_open

_rules = RuleClassifier()


def _store(event_type: str, rows: list[dict], signals_of) -> None:
    """Each row's signals in its session, and ANY there too (the session shows some failure), so
    that sessions showing any failure are counted like one signal, without a DISTINCT; a session
    no event opened (a correction naming it) becomes known to telemetry as well."""
    shown = [(row, signals) for row in rows if (signals := signals_of(row))]
    found = sessions_open([row for row, _ in shown])
    shown = [(row, session[:200], signals) for row, signals in shown if (session := session_of(row, found))]
    SessionSignal.objects.bulk_create(
        [
            SessionSignal(
                agent_id=row["agent_id"],
                session_id=session,
                signal=signal,
                template_version_id=row["template_version_id"],
                received_at=row["received_at"],
            )
            for row, session, signals in shown
            for signal in (*signals, ANY)
        ],
        ignore_conflicts=True,
    )
    sessions_known(
        [(r["agent_id"], session, r["template_version_id"], r["received_at"]) for r, session, _ in shown]
    )


def tool_failures(*, agents: dict, rows: list[dict]) -> None:
    _store(
        "tool_invocation",
        rows,
        lambda r: ("tool_failure", tool_signal(r["tool"], r.get("failure_mode", ""))),
    )


def skill_failures(*, agents: dict, rows: list[dict]) -> None:
    _store("skill_outcome", rows, lambda r: ("skill_failure",))


def skill_failures_withdrawn(*, agents: dict, rows: list[dict]) -> None:
    """A failed outcome withdrawn (an OpenTelemetry call that stood for its session until the run
    holding it arrived with an outcome of its own) no longer shows its session failing, unless a
    failed outcome the session may hold still does; ANY goes with the session's last signal."""
    counted = [row for row in rows if handled(row, skill_failures)]
    found = sessions_open(counted)
    pairs = {(row["agent_id"], session[:200]) for row in counted if (session := session_of(row, found))}
    for agent_id, session in sorted(pairs):
        failed = SkillOutcome.objects.filter(near(counted), agent_id=agent_id, success=False)
        if failed.filter(session_id__in=[session, ""]).exists():  # a sessionless one may be its
            continue
        signals = SessionSignal.objects.filter(agent_id=agent_id, session_id=session)
        signals.filter(signal="skill_failure").delete()
        if not signals.exclude(signal=ANY).exists():
            signals.filter(signal=ANY).delete()


def signals_renamed(*, agents: dict, rows: list[dict]) -> None:
    """A session first known by a provisional key (an OpenTelemetry run's trace id, until the
    span naming its conversation arrived) takes its real key: its signals become the real
    session's, merged with those it has (the earlier arrival of each kept). Dispatched inside the
    transaction that moves its events, with the agent's derive passes held; a second time finds
    nothing left under the old key."""
    for row in rows:
        agent_id, old, new = row["agent_id"], row["session_id"][:200], row["renamed_to"][:200]
        moving = list(SessionSignal.objects.filter(agent_id=agent_id, session_id=old).order_by("pk"))
        if not moving or old == new:
            continue
        copies = [
            SessionSignal(
                agent_id=agent_id,
                session_id=new,
                signal=signal.signal,
                template_version_id=signal.template_version_id,
                received_at=signal.received_at,
            )
            for signal in moving
        ]
        SessionSignal.objects.bulk_create(copies, ignore_conflicts=True)
        for signal in moving:
            SessionSignal.objects.filter(
                agent_id=agent_id, session_id=new, signal=signal.signal, received_at__gt=signal.received_at
            ).update(received_at=signal.received_at)
        SessionSignal.objects.filter(pk__in=[signal.pk for signal in moving]).delete()


def observation_signals(row: dict) -> tuple[str, ...]:
    """Negative feedback, its category and the things it names; nothing for praise or a neutral
    note."""
    raw = RawFeedback(
        "observation",
        str(row.get("id", "")),
        row.get("occurred_at"),
        row.get("text", ""),
        hints={"sentiment": row.get("sentiment", ""), "category": row.get("category", "")},
    )
    verdict = _rules.classify_one(raw)
    if verdict.sentiment != "negative":
        return ()
    return ("negative", f"negative:{verdict.category}", *map(topic_signal, topics(row.get("text", ""))))


def negative_feedback(*, agents: dict, rows: list[dict]) -> None:
    _store("observation", rows, observation_signals)


def corrections(*, agents: dict, rows: list[dict]) -> None:
    _store("correction", rows, lambda r: ("correction",))


def rejected_decisions(*, agents: dict, rows: list[dict]) -> None:
    _store("decision", rows, lambda r: ("rejected_decision",))


def reflected_failures(*, agents: dict, rows: list[dict]) -> None:
    _store("session_end", rows, lambda r: ("reflected_failure",))


def escalations(*, agents: dict, rows: list[dict]) -> None:
    _store("hitl_escalation", rows, lambda r: ("escalation",))
