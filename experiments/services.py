"""Lines under test as factors: start them, draw sessions, check each level, decide (writes).

Every transition of a factor started from a proposal is a ChangeDecision on that proposal, by
`system` or by a user, naming the line. An automatic action never overrides a human: a pinned
factor is only decided by a human; one handed over keeps being tested and is still rolled back
when a signal is significantly worse than its margin, or promoted if the evidence comes after all.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction

from config import clock
from config.errors import ApplicationError, Conflict
from config.scales import parse_margins
from experiments.draws import level_of, served_text, unit
from experiments.models import LineExposure, LineFactor
from experiments.records import check_record
from experiments.rule import CanaryRules, decide
from experiments.selectors import judged_on, level_arms, level_targets, open_factors
from fleet.documents import document_version_append
from fleet.models import DocumentVersion
from governance.models import ChangeDecision
from governance.services import decision_record, proposal_mark_implemented
from language.correcting import as_fact
from language.served import servable
from learning.loops import fact_reach_template
from learning.models import LearnedFact
from learning.services import fact_set_status

SYSTEM = "system"
HISTORY_MAX = 500


def rules() -> CanaryRules:
    """The canary's decision rule as configured: the same for versions and for lines."""
    k = settings.KAIZEN
    return CanaryRules(
        min_sessions=k["CANARY_MIN_SESSIONS"],
        margin=k["CANARY_MARGIN"],
        margin_relative=k["CANARY_MARGIN_RELATIVE"],
        usage_margin=k["CANARY_USAGE_MARGIN"],
        margins=parse_margins(k["CANARY_MARGINS"]),
        alpha=k["CANARY_ALPHA"],
        tau=k["CANARY_TAU"],
        max_age=timedelta(days=k["CANARY_MAX_DAYS"]),
        decide_after=timedelta(days=k["CANARY_DECIDE_DAYS"]),
    )


def canary_share() -> float:
    return float(settings.KAIZEN["CANARY_SHARE"])


def room_for_lines(template_id: int) -> int:
    """How many more lines the template may test at once."""
    return max(0, settings.KAIZEN["LINES_UNDER_TEST"] - len(open_factors(template_id)))


@transaction.atomic
def factors_start(*, template, proposal, factors: list[list[dict]], at: datetime) -> list[LineFactor]:
    """Start one factor per entry of `factors`, each a list of its exclusive levels ({"add": [...],
    "remove": [...], "targets": [...]}), at the configured share (less when levels are many)."""
    share = float(settings.KAIZEN["LINES_SHARE"])
    made = []
    for levels in factors:
        if not levels:
            raise ApplicationError("A factor needs at least one level.")
        made.append(
            LineFactor.objects.create(
                template=template,
                proposal=proposal,
                levels=levels,
                share=min(share, (2 / 3) / len(levels)),
                started_at=at,
            )
        )
    return made


def session_draws(*, agent_id: int, session_key: str, template_id: int) -> list[tuple[LineFactor, int]]:
    """Each open factor of the template and the level the session is served (0: none), drawn and
    kept on the session's first read; a later read gets what the first got, concurrent first
    reads store one row each and agree."""
    factors = open_factors(template_id)
    if not factors:
        return []
    now = clock.now()
    LineExposure.objects.bulk_create(
        [
            LineExposure(
                factor=factor,
                agent_id=agent_id,
                session_key=session_key,
                level=level_of(unit(factor.pk, agent_id, session_key), factor.share, len(factor.levels)),
                at=now,
            )
            for factor in factors
        ],
        ignore_conflicts=True,  # the first read decides
    )
    kept = dict(
        LineExposure.objects.filter(
            factor__in=factors, agent_id=agent_id, session_key=session_key
        ).values_list("factor_id", "level")
    )
    return [(factor, kept.get(factor.pk, 0)) for factor in factors]


def served_changes(draws: list[tuple[LineFactor, int]]) -> list[dict]:
    """The changes a session's draws serve: its level of each factor, unless rolled back since."""
    return [
        factor.levels[level - 1]
        for factor, level in draws
        if level and level not in (factor.dropped_levels or [])
    ]


def factor_check(*, factor: LineFactor, now: datetime | None = None) -> dict[int, str]:
    """Run the sequential test on each live level of an open factor and act on it; returns each
    level's action."""
    now = now or clock.now()
    with transaction.atomic():
        factor = (
            LineFactor.objects.select_for_update(of=("self",)).select_related("template").get(pk=factor.pk)
        )
        watching = factor.status == LineFactor.Status.NEEDS_HUMAN
        if factor.status != LineFactor.Status.TESTING and not watching:
            return {}
        if factor.fact_id and (_fact_moved(factor, now) or _fact_left_out(factor, now)):
            return {}
        checks, actions, verdicts = dict(factor.last_check or {}), {}, {}
        for level in factor.live_levels():
            last = checks.get(str(level)) or {}
            looks = tuple(last.get("looks") or ())
            targets = level_targets(factor, level)
            arms = level_arms(factor, level)
            verdict = decide(
                arms,
                now - factor.started_at,
                rules(),
                targets=judged_on(targets),
                looks=looks,
                shown=tuple(last.get("shown") or ()),
                improve=_improves(factor.levels[level - 1]),
            )
            checks[str(level)] = check_record(
                targets=targets,
                judged_on=judged_on(targets),
                arms=arms,
                verdict=verdict,
                now=now,
                looks=looks,
            )
            actions[level], verdicts[level] = verdict.action, verdict
        factor.last_check = checks
        factor.history = [*factor.history, _point(checks, now)][-HISTORY_MAX:]
        factor.save(update_fields=["last_check", "history"])
        _act(factor, actions, verdicts, watching, now)
        return actions


def _improves(change: dict) -> bool:
    """Whether a level must lower its target to be promoted: one that adds a line or tries a fact
    must; one that only takes lines out need only be shown not worse."""
    return bool(change.get("add") or change.get("fact"))


def _point(checks: dict, now: datetime) -> dict:
    """One check in the history: per level, what it is judged on (both arms and the interval)
    and the action, for the charts."""
    out = {"at": now.isoformat(), "levels": {}}
    for level, check in checks.items():
        judged = (check.get("judged_on") or [None])[0]
        out["levels"][level] = {
            "interval": check["intervals"].get(judged),
            "action": check["action"],
            "arms": {judged: check["arms"][judged]} if judged in check["arms"] else {},
        }
    return out


def _act(factor: LineFactor, actions: dict, verdicts: dict, watching: bool, now: datetime) -> None:
    promoted = [level for level, action in actions.items() if action == "promote"]
    if promoted:
        best = min(
            promoted, key=lambda lv: verdicts[lv].intervals[judged_on(level_targets(factor, lv))[0]].diff
        )
        _promote(factor, best, None, verdicts[best].reason, now)
        return
    for level, action in actions.items():
        if action == "roll_back":
            _drop_level(factor, level, None, verdicts[level].reason, now)
    if factor.status not in LineFactor.OPEN:
        return
    live = factor.live_levels()
    if not watching and live and all(actions.get(lv) == "hand_over" for lv in live):
        advice = verdicts[live[0]].advice
        why = verdicts[live[0]].reason + (f". Recommended: {advice.action} ({advice.why})." if advice else "")
        _mark(factor, None, LineFactor.Status.NEEDS_HUMAN, ChangeDecision.Verdict.HANDED_OVER, why)


@transaction.atomic
def factor_decide(
    *, factor: LineFactor, action: str, actor, reason: str = "", level: int | None = None
) -> LineFactor:
    """A human promotes (one level), aborts, pins or unpins a line under test; refused once it is
    decided, and an unpin of one that is not pinned."""
    factor = LineFactor.objects.select_for_update(of=("self",)).select_related("template").get(pk=factor.pk)
    if action not in ("promote", "abort", "pin", "unpin"):
        raise ApplicationError(
            f"Unknown action '{action}' (promote, abort, pin or unpin).",
            {"fields": {"action": ["Must be promote, abort, pin or unpin."]}},
        )
    if factor.status not in LineFactor.OPEN:
        raise Conflict(
            f"Line test {factor.pk} is already {factor.status}; nothing was changed.",
            {"status": factor.status},
        )
    if action == "unpin" and factor.status != LineFactor.Status.PINNED:
        raise Conflict(
            f"Line test {factor.pk} is not pinned (it is {factor.status}); nothing was changed.",
            {"status": factor.status},
        )
    live = factor.live_levels()
    level = level if level is not None else (live[0] if live else None)
    if action == "promote" and level not in live:
        raise ApplicationError(
            f"level: {level} is not a live level of line test {factor.pk} ({live}).",
            {"fields": {"level": [f"Must be one of {live}."]}},
        )
    now = clock.now()
    why = reason or f"{action} by {getattr(actor, 'username', actor)}"
    if action == "promote":
        _promote(factor, level, actor, why, now)
    elif action == "abort":
        _end(factor, actor, LineFactor.Status.ABORTED, ChangeDecision.Verdict.ABORTED, why, now)
    elif action == "unpin":  # the test acts on its own again from its next check
        _mark(factor, actor, LineFactor.Status.TESTING, ChangeDecision.Verdict.UNPINNED, why)
    else:
        _mark(factor, actor, LineFactor.Status.PINNED, ChangeDecision.Verdict.PINNED, why)
    return factor


def facts_enter(*, now: datetime | None = None) -> int:
    """Start a test for each learned fact on trial that has none yet (it recurred across agents
    of a template whose reads name their sessions), while the template has room; a fact that
    waits on a contrary one is not tried, nor one the template's head would leave out of every
    block (it repeats or contradicts a directive line: `language.served`), whose test would
    measure nothing; it is tried once the head no longer does. Returns how many started."""
    now, started = now or clock.now(), 0
    trial = LearnedFact.objects.filter(
        reach=LearnedFact.Reach.TRIAL,
        status=LearnedFact.Status.ACTIVE,
        waiting_on__isnull=True,
        trial__isnull=True,
    )
    for fact in trial.select_related("template__document__head").order_by("pk"):
        if fact.template_id is None or not room_for_lines(fact.template_id) or not _servable(fact):
            continue
        with transaction.atomic():
            locked = (
                LearnedFact.objects.select_for_update(of=("self",))
                .filter(pk=fact.pk, trial__isnull=True)
                .first()
            )
            if locked is None:  # another pass started it
                continue
            level = {"fact": fact.pk, "text": as_fact(fact.content), "targets": ["correction"]}
            share = float(settings.KAIZEN["LINES_SHARE"])
            LineFactor.objects.create(
                template=fact.template, fact=fact, levels=[level], share=share, started_at=now
            )
            started += 1
    return started


def _servable(fact: LearnedFact) -> bool:
    """Whether the fact would be placed beside its template's head (see `facts_enter`)."""
    head = fact.template.document.head if fact.template.document_id else None
    return any(servable([as_fact(fact.content)], head.text if head else ""))


def _fact_left_out(factor: LineFactor, now: datetime) -> bool:
    """A fact on trial that the template's directives now repeat or contradict (a line promoted
    meanwhile) is left out of every block, so its test would measure nothing: the test ends and
    the fact is retired, its evidence kept; True when it did."""
    fact = LearnedFact.objects.select_related("template__document__head").get(pk=factor.fact_id)
    if _servable(fact):
        return False
    why = "the template's directives now repeat or contradict this fact: a test of it would measure nothing"
    _end(factor, None, LineFactor.Status.ABORTED, ChangeDecision.Verdict.ABORTED, why, now)
    return True


def _fact_moved(factor: LineFactor, now: datetime) -> bool:
    """A fact on trial that a human served to every agent, retired or edited away ends its test
    as that decision did; True when it did."""
    fact = LearnedFact.objects.filter(pk=factor.fact_id).values("reach", "status").first()
    if fact is None or (
        fact["reach"] == LearnedFact.Reach.TRIAL and fact["status"] == LearnedFact.Status.ACTIVE
    ):
        return False
    served = fact["reach"] == LearnedFact.Reach.TEMPLATE and fact["status"] == LearnedFact.Status.ACTIVE
    factor.status = LineFactor.Status.PROMOTED if served else LineFactor.Status.ABORTED
    factor.promoted_level = 1 if served else None
    factor.decided_at, factor.decided_by, factor.reason = now, "", "the fact was decided on its own page"
    factor.save(update_fields=["status", "promoted_level", "decided_at", "decided_by", "reason"])
    return True


def factors_check(*, now: datetime | None = None) -> dict[str, int]:
    """Start the tests of facts on trial, then check every factor under test (the beat entry);
    safe to run twice or concurrently."""
    facts_enter(now=now)
    counts: dict[str, int] = {}
    watched = (LineFactor.Status.TESTING, LineFactor.Status.NEEDS_HUMAN)
    for factor in LineFactor.objects.filter(status__in=watched).order_by("pk"):
        for action in factor_check(factor=factor, now=now).values():
            counts[action] = counts.get(action, 0) + 1
    return counts


def _label(actor) -> str:
    return getattr(actor, "username", "") or SYSTEM


def _words(factor: LineFactor, level: int | None = None) -> str:
    change = factor.levels[(level or 1) - 1]
    if change.get("fact"):
        return f"the learned fact “{change.get('text', '')}”"
    verb, lines = ("adding", change["add"]) if change.get("add") else ("removing", change.get("remove") or [])
    return f"{verb} “{'; '.join(lines)}”"


def _mark(factor, actor, status, verdict, reason, level: int | None = None) -> None:
    factor.status, factor.reason, factor.decided_by = status, reason, _label(actor)
    factor.save(update_fields=["status", "reason", "decided_by"])
    if factor.proposal_id:
        decision_record(
            proposal=factor.proposal,
            verdict=verdict,
            actor=actor,
            reason=f"{_words(factor, level)}: {reason}",
        )


def _drop_level(factor, level: int, actor, reason: str, now: datetime) -> None:
    """Roll one level back; the factor ends when none is left."""
    factor.dropped_levels = sorted({*(factor.dropped_levels or []), level})
    factor.save(update_fields=["dropped_levels"])
    if not factor.live_levels():
        _end(
            factor,
            actor,
            LineFactor.Status.ROLLED_BACK,
            ChangeDecision.Verdict.ROLLED_BACK,
            reason,
            now,
            level,
        )
    elif factor.proposal_id:
        decision_record(
            proposal=factor.proposal,
            verdict=ChangeDecision.Verdict.ROLLED_BACK,
            actor=actor,
            reason=f"{_words(factor, level)}: {reason}",
        )


def _end(factor, actor, status, verdict, reason, now, level: int | None = None) -> None:
    """The test ends without its line (a fact on trial is retired: a contrary one waiting on it
    may then be tried)."""
    factor.decided_at = now
    factor.save(update_fields=["decided_at"])
    if factor.fact_id:
        fact_set_status(fact=factor.fact, status=LearnedFact.Status.RETIRED)
    _mark(factor, actor, status, verdict, reason, level)
    _ended(factor)


def _promote(factor, level: int, actor, reason: str, now: datetime) -> None:
    """The level's change becomes a new version of the directives, served to everyone (a fact
    on trial joins the facts every agent of the template is served)."""
    if factor.fact_id:
        fact_reach_template(fact=factor.fact)
    else:
        _new_version(factor, level, actor)
    factor.promoted_level, factor.decided_at = level, now
    factor.save(update_fields=["promoted_level", "decided_at"])
    _mark(factor, actor, LineFactor.Status.PROMOTED, ChangeDecision.Verdict.PROMOTED, reason, level)
    _ended(factor)


def _new_version(factor, level: int, actor) -> None:
    document = factor.template.document
    head = DocumentVersion.objects.get(
        pk=type(document).objects.values_list("head_id", flat=True).get(pk=document.pk)
    )
    document_version_append(
        document=document,
        text=served_text(head.text, [factor.levels[level - 1]]),
        author=DocumentVersion.Author.IMPROVER,
        author_user=actor if getattr(actor, "pk", None) else None,
        reason=f"line promoted by its test: {_words(factor, level)}",
        provenance={
            "line_factor": factor.pk,
            "level": level,
            "proposal": factor.proposal_id,
            "additions": _level_additions(factor, level),
        },
    )


def _level_additions(factor: LineFactor, level: int) -> list[dict]:
    """The proposal's record of each line the level adds (its origin, target and the feedback it
    came from), so that the version it lands in knows the line as the ritual proposed it: what
    it targets, what it answers, whom it competes with."""
    payload = factor.proposal.payload if factor.proposal_id else {}
    said = {a.get("text"): a for a in payload.get("additions") or () if isinstance(a, dict)}
    level_targets = factor.levels[level - 1].get("targets") or []
    return [
        said.get(text) or {"text": text, "origin": "improver", "target": level_targets}
        for text in factor.levels[level - 1].get("add") or ()
    ]


def _ended(factor: LineFactor) -> None:
    """A proposal whose every line is decided and one of them promoted is implemented; the
    template has room for another line."""
    if (
        factor.proposal_id
        and not LineFactor.objects.filter(proposal_id=factor.proposal_id, status__in=LineFactor.OPEN).exists()
    ) and LineFactor.objects.filter(
        proposal_id=factor.proposal_id, status=LineFactor.Status.PROMOTED
    ).exists():
        proposal_mark_implemented(proposal=factor.proposal)
