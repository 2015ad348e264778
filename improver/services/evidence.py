"""The evidence a template's evolution is derived from: remedies said in negative feedback,
chronic friction pairs, and tools built for a friction of the template, read from the template's
telemetry in a window."""

from datetime import datetime

from django.db.models import Count, Max, Q
from rapidfuzz import fuzz

from experiments.metrics import ANY
from experiments.models import Rollout
from fleet.models import DocumentVersion
from governance.models import BoardTask, Proposal
from improver.competitors import MIN_PROBLEM_WORDS, problem_of, specific
from improver.handoffs import NEGATIVE_KINDS, ROWS, handed_down, handed_up
from improver.services.competition import statements
from language.remedies import THRESHOLD, Remedy, Said, group
from language.remedy_reading import is_remedy
from language.sentences import sentences
from language.words import content
from learning.models import FrictionEvent, SessionSignal
from telemetry.models import Correction, Decision, Observation, SessionEnd


def said_in_negative_feedback(template, since: datetime, until: datetime) -> list[Said]:
    """Observation texts, correction messages, decision reasons and reflection failures, each
    with the user who said it when the agent named one."""
    window = Q(template_version__document__template=template, occurred_at__gt=since, occurred_at__lte=until)
    said: list[Said] = []
    negative = Q(sentiment="negative") | Q(category__in=NEGATIVE_KINDS)
    for o in (
        Observation.objects.filter(window)
        .filter(negative)
        .values("id", "text", "session_id", "user_id", "agent_id", "occurred_at")[:ROWS]
    ):
        said.append(Said(o["text"], o["session_id"] or _day(o), f"observation:{o['id']}", o["user_id"] or ""))
    for c in Correction.objects.filter(window).values(
        "id", "user_message", "session_id", "user_id", "agent_id", "occurred_at"
    )[:ROWS]:
        said.append(
            Said(c["user_message"], c["session_id"] or _day(c), f"correction:{c['id']}", c["user_id"] or "")
        )
    for d in (
        Decision.objects.filter(window, verdict="rejected")
        .exclude(reason="")
        .values("id", "reason", "agent_id", "occurred_at")[:ROWS]
    ):
        said.append(Said(d["reason"], _day(d), f"decision:{d['id']}"))
    for s in SessionEnd.objects.filter(window).values("id", "reflection", "session_id")[:ROWS]:
        for failure in (s["reflection"] or {}).get("failures", [])[:10]:
            if isinstance(failure, str):
                said.append(Said(failure, s["session_id"], f"session_end:{s['id']}"))
    return said


def _day(row: dict) -> str:
    return f"agent {row['agent_id']} on {row['occurred_at']:%Y-%m-%d}"


def said_downstream(template, since: datetime, until: datetime) -> list[Said]:
    """What other templates' agents said that counts for this template, a hand-off away
    (improver.handoffs): each with the template it was seen in."""
    said: list[Said] = []
    for h in handed_down(template, since, until):
        row = h.row
        session = row.get("session_id") or _day(row)
        if h.event_type == "observation":
            said.append(
                Said(row["text"], session, f"observation:{row['id']}", row["user_id"] or "", h.downstream)
            )
        elif h.event_type == "correction":
            said.append(
                Said(
                    row["user_message"],
                    session,
                    f"correction:{row['id']}",
                    row["user_id"] or "",
                    h.downstream,
                )
            )
        elif h.event_type == "decision":
            said.append(Said(row["reason"], _day(row), f"decision:{row['id']}", "", h.downstream))
        else:
            for failure in row["failures"]:
                said.append(Said(failure, row["session_id"], f"session_end:{row['id']}", "", h.downstream))
    return said


def remedies(template, since: datetime, until: datetime) -> list[Remedy]:
    """The template's remedies: from its own agents' negative feedback, and from what the agents
    it hands work to said of the hand-off (each request says where it was seen). What its own
    agents said of a hand-off to them is the upstream template's to fix: no line here."""
    upstream = handed_up(template, since, until)
    own = [s for s in said_in_negative_feedback(template, since, until) if (s.source, s.text) not in upstream]
    return group(own + said_downstream(template, since, until))


def chronic_friction(template, since: datetime, until: datetime, min_sessions: int = 2) -> list[dict]:
    """(tool, failure mode) pairs that fired friction in at least `min_sessions` sessions."""
    return list(
        FrictionEvent.objects.filter(template=template, occurred_at__gt=since, occurred_at__lte=until)
        .values("tool", "failure_mode")
        .annotate(sessions=Count("session_id", distinct=True), last=Max("occurred_at"), first_id=Max("id"))
        .filter(sessions__gte=min_sessions)
        .order_by("-sessions", "tool")[:10]
    )


NOTE_READ = 2_000  # characters read of an engineer's note: ample for a line of 300, bounded for any note


def shipped_tools(template) -> list[dict]:
    """Tools built for this template's friction: new-tool proposals implemented by a board task done
    with a result. The agents learn of them only from a directive line (what the ritual proposes)."""
    pairs = set(
        FrictionEvent.objects.filter(template=template).values_list("tool", "failure_mode").distinct()
    )
    shipped = []
    for proposal in Proposal.objects.filter(type=Proposal.Type.NEW_TOOL, status=Proposal.Status.IMPLEMENTED):
        _, tool, mode = (proposal.dedup_key.split(":", 2) + ["", ""])[:3]
        if (tool, mode) not in pairs:
            continue
        task = (
            BoardTask.objects.filter(proposal=proposal, status="done")
            .exclude(result="")
            .order_by("-id")
            .first()
        )
        if task is not None:
            shipped.append(
                {"tool": tool, "failure_mode": mode, "proposal": proposal.pk, "task": task.pk,
                 "result": task.result.strip().splitlines()[0][:NOTE_READ]}
            )  # fmt: skip
    return shipped


TRANSFER_MIN_SESSIONS = 3  # sessions of this template showing the target in the window
# Lines about how to work, not about one template's own facts, patterns or tools' fixes.
TRANSFERABLE = ("remedy", "friction", "category", "transfer")


def problems_said(template, since: datetime, until: datetime) -> list[tuple[str, str]]:
    """(problem, session) for each sentence of the window's negative feedback that says what went
    wrong rather than what to do, as its content words."""
    out = []
    for said in said_in_negative_feedback(template, since, until):
        for sentence in sentences(said.text or ""):
            words = content(sentence)
            if len(words.split()) >= MIN_PROBLEM_WORDS and not is_remedy(sentence):
                out.append((words, said.session))
    return out


def same_cluster(line_problem: str, here: list[tuple[str, str]]) -> bool:
    """Whether this template's feedback names the problem a line was proven on, in at least
    TRANSFER_MIN_SESSIONS sessions (the grouping's similarity)."""
    if not line_problem:
        return False
    sessions = {session for words, session in here if fuzz.token_set_ratio(words, line_problem) >= THRESHOLD}
    return len(sessions) >= TRANSFER_MIN_SESSIONS


def proven_elsewhere(template, since: datetime, until: datetime) -> list[dict]:
    """Lines of how to work (remedies, friction and category lines) promoted on another template
    with a measured effect on their target (the canary's last check had the target's rate lower
    in the candidate's arm) whose specific target this template's sessions show too
    (TRANSFER_MIN_SESSIONS in the window): each with its proof, to be proposed here and canaried
    again (what helped one fleet may interfere in another). One tool failing one way is one
    problem; negative feedback of one category is many, so a line proven on it transfers only
    where this template's feedback names the problem its own feedback named."""
    # by the ids of the template's versions: the (version, signal, time) index serves each,
    # where a join on the document would scan every template's signals
    versions = list(
        DocumentVersion.objects.filter(document=template.document_id).values_list("pk", flat=True)
    )
    shown = set(
        SessionSignal.objects.filter(
            template_version_id__in=versions, received_at__gt=since, received_at__lte=until
        )
        .exclude(signal=ANY)  # "some failure" is no specific target
        .values("signal")
        .annotate(n=Count("id"))
        .filter(n__gte=TRANSFER_MIN_SESSIONS)
        .values_list("signal", flat=True)
    )
    out = []
    here = None  # this template's problems, read once when a line needs them
    promoted = (
        Rollout.objects.filter(status=Rollout.Status.PROMOTED, proposal__isnull=False)
        .exclude(template=template)
        .select_related("template", "proposal")
        .order_by("-decided_at")[:20]
    )
    for rollout in promoted:
        check = rollout.last_check or {}
        for addition in rollout.proposal.payload.get("additions") or []:
            if addition.get("origin") not in TRANSFERABLE:
                continue
            targets = [t for t in addition.get("target") or () if t in shown and specific(t)]
            if any(not t.startswith("tool:") for t in targets):
                # feedback of one category is many problems: the same one must show here
                if here is None:
                    here = problems_said(template, since, until)
                problem = problem_of(statements(addition.get("sources") or ()))
                if not same_cluster(problem, here):
                    targets = [t for t in targets if t.startswith("tool:")]
            effect = next(
                (check.get("intervals", {}).get(t) for t in targets if t in check.get("intervals", {})), None
            )
            if not targets or effect is None or effect[0] >= 0:
                continue
            out.append(
                {
                    "text": addition["text"],
                    "target": targets,
                    "template": rollout.template.slug,
                    "rollout": rollout.pk,
                    "proposal": rollout.proposal_id,
                    "effect": effect[0],
                }
            )
    return out
