"""Board services: create, update (validated transitions) and comment on tasks; what happens
when a task becomes blocked (triage, follow-ups, flaky commands, escalation); the work task of an
approved proposal. Each service is one transaction."""

from contextlib import suppress
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction

from config import clock
from config.errors import ApplicationError, Conflict, open_duplicate
from config.queue import publish_after_commit
from governance.board.triage import Triage, triage
from governance.models import BlockedEvent, BoardTask, CommandRun, Escalation, ImproveCycle, TaskComment
from governance.services import proposal_mark_implemented, suppression_add

Status = BoardTask.Status
TRANSITIONS = {
    Status.BACKLOG: {Status.RUNNING, Status.BLOCKED, Status.CANCELLED},
    Status.RUNNING: {Status.BLOCKED, Status.DONE, Status.BACKLOG, Status.CANCELLED},
    Status.BLOCKED: {Status.BACKLOG, Status.RUNNING, Status.CANCELLED, Status.DONE},
    Status.DONE: {Status.BACKLOG},
    Status.CANCELLED: {Status.BACKLOG},
}


def check_transition(current: str, target: str) -> None:
    if target != current and target not in TRANSITIONS[current]:
        allowed = ", ".join(sorted(TRANSITIONS[current]))
        raise ApplicationError(
            f"status: a {current} task cannot become {target} (allowed: {allowed}).",
            {"fields": {"status": [f"Cannot go from {current} to {target}."]}},
        )


@transaction.atomic
def task_create(  # noqa: PLR0913  (a task's fields, each a keyword the API names)
    *,
    title: str,
    kind: str = "goal",
    source: str = "human",
    body: str = "",
    priority: str = "medium",
    labels: list | None = None,
    parent: BoardTask | None = None,
    dedup_key: str = "",
    pr_url: str = "",
    status: str = "backlog",
    agent=None,
    proposal=None,
    cycle: int | None = None,
) -> BoardTask:
    """A new board task; a second open task with the same dedup key is refused (409)."""
    dedup_key = dedup_key[:300]
    now = clock.now()
    try:
        with transaction.atomic():
            return BoardTask.objects.create(
                title=title,
                kind=kind,
                source=source,
                body=body,
                priority=priority,
                labels=labels or [],
                parent=parent,
                dedup_key=dedup_key,
                pr_url=pr_url,
                status=status,
                created_by_agent=agent,
                proposal=proposal,
                created_in_cycle=cycle,
                created_at=now,
                updated_at=now,
                status_changed_at=now,
            )
    except IntegrityError as exc:
        existing = BoardTask.objects.filter(
            dedup_key=dedup_key, status__in=["backlog", "running", "blocked"]
        ).first()
        raise open_duplicate("task", dedup_key, existing.pk if existing else None) from exc


def comment_add(
    *, task: BoardTask, body: str, author: str = "", kind: str = TaskComment.Kind.COMMENT, at=None
) -> TaskComment:
    comment = TaskComment.objects.create(
        task=task, body=body, author=author, kind=kind, created_at=at or clock.now()
    )
    BoardTask.objects.filter(pk=task.pk).update(updated_at=comment.created_at)
    return comment


@transaction.atomic
def task_update(
    *,
    task: BoardTask,
    changes: dict,
    actor_label: str = "",
    validation_runs: list | None = None,
    now=None,
    human: bool = False,
) -> BoardTask:
    """Apply a PATCH: fields, then the status change (validated); entering `blocked` triages the task."""
    task = BoardTask.objects.select_for_update().get(pk=task.pk)
    now = now or clock.now()
    for run in validation_runs or []:
        CommandRun.objects.create(command=run["command"], passed=run["passed"], task=task, created_at=now)
    new_status = changes.pop("status", task.status)
    check_transition(task.status, new_status)
    for field, value in changes.items():
        setattr(task, field, value)
    previous = task.status
    task.updated_at = now
    if new_status != previous:
        task.status, task.status_changed_at = new_status, now
        if new_status in (Status.DONE, Status.CANCELLED):
            task.human_attention = False
    task.save()
    if new_status != previous:
        comment_add(
            task=task,
            body=f"Status {previous} → {new_status}" + (f" by {actor_label}" if actor_label else ""),
            author="kaizen",
            kind=TaskComment.Kind.SYSTEM,
            at=now,
        )
        if new_status == Status.BLOCKED:
            on_blocked(task=task, now=now)
        if task.proposal_id:
            follow_proposal(task=task, human=human)
        task.refresh_from_db()
    return task


def follow_proposal(*, task: BoardTask, human: bool) -> None:
    """Done → the proposal is implemented; cancelled by a human → its dedup key is suppressed."""
    proposal = task.proposal
    if task.status == Status.DONE:
        proposal_mark_implemented(proposal=proposal)
    elif task.status == Status.CANCELLED and human and proposal.dedup_key:
        suppression_add(
            key=proposal.dedup_key,
            proposal=proposal,
            reason=f"its work task #{task.pk} was cancelled by a human",
        )


# Blocked tasks: triage, follow-ups, flaky commands, escalation.
SYSTEM_FIX_AFTER = 3  # open follow-ups of one classification before one system fix replaces new children


def current_cycle() -> int:
    return ImproveCycle.objects.filter(name="improve").values_list("count", flat=True).first() or 0


def command_history(task: BoardTask) -> dict[str, list[bool]]:
    """Last 10 outcomes (True = failed) of each validation command this task ran."""
    recent = settings.KAIZEN["FLAKY_RECENT_RUNS"]
    commands = CommandRun.objects.filter(task=task).values_list("command", flat=True).distinct()
    history = {}
    for command in commands:
        runs = list(
            CommandRun.objects.filter(command=command)
            .order_by("-created_at", "-id")
            .values_list("passed", flat=True)[:recent]
        )
        history[command] = [not passed for passed in reversed(runs)]
    return history


def on_blocked(*, task: BoardTask, now=None) -> Triage:
    now = now or clock.now()
    comments = list(
        task.comments.exclude(kind__in=[TaskComment.Kind.SYSTEM, TaskComment.Kind.TRIAGE])
        .order_by("-created_at", "-id")
        .values_list("body", flat=True)[:5]
    )
    text = "\n".join([task.result, *reversed(comments)]).strip()
    unknowns = BlockedEvent.objects.filter(task=task, classification="unknown").count()
    result = triage(
        title=task.title,
        text=text,
        command_history=command_history(task),
        flaky_ratio=settings.KAIZEN["FLAKY_FAILURE_RATIO"],
        prior_unknowns=unknowns,
    )
    task.classification, task.triage, task.human_attention = (
        result.classification,
        result.as_dict(),
        result.human_attention_required,
    )
    task.save(update_fields=["classification", "triage", "human_attention"])
    BlockedEvent.objects.create(task=task, classification=result.classification, created_at=now)
    follow_note = follow_up(task=task, result=result)
    comment_add(
        task=task,
        author="kaizen-triage",
        kind=TaskComment.Kind.TRIAGE,
        at=now,
        body=(
            f"Triage: {result.classification} (certainty {result.certainty:.2f})\n"
            f"Reason: {result.reason_summary}\nRecommended: {result.recommended_action}\n"
            f"Follow-up: {follow_note}\n"
            f"Human attention required: {'yes' if result.human_attention_required else 'no'}"
        ),
    )
    escalate_if_recurring(classification=result.classification, now=now)
    return result


def follow_up(*, task: BoardTask, result: Triage) -> str:
    """Create at most one bounded follow-up for a triaged task; say what happened."""
    spec = result.follow_up
    if spec is None:
        return "none needed"
    if task.source == BoardTask.Source.IMPROVE:
        return "none (no recursive follow-ups for improve-generated tasks)"
    cycle = current_cycle()
    followups = BoardTask.objects.filter(dedup_key__startswith="followup:")
    if followups.filter(created_in_cycle=cycle).count() >= settings.KAIZEN["FOLLOWUPS_PER_CYCLE"]:
        return f"none (the cap of {settings.KAIZEN['FOLLOWUPS_PER_CYCLE']} follow-ups this cycle is reached)"
    open_same = followups.filter(
        dedup_key__endswith=f":{result.classification}", status__in=["backlog", "running", "blocked"]
    ).count()
    if open_same >= SYSTEM_FIX_AFTER:
        return system_fix(task=task, classification=result.classification, cycle=cycle)
    try:
        child = task_create(
            title=spec.title,
            kind=spec.kind,
            body=spec.body,
            source=BoardTask.Source.IMPROVE,
            parent=task,
            dedup_key=f"followup:{task.pk}:{result.classification}",
            labels=["followup", f"triage:{result.classification}"],
            cycle=cycle,
        )
    except Conflict:
        return "none (a follow-up for this task and reason is already open)"
    return f"#{child.pk} {child.title}"


def system_fix(*, task: BoardTask, classification: str, cycle: int) -> str:
    key = f"systemfix:{classification}"
    existing = BoardTask.objects.filter(dedup_key=key, status__in=["backlog", "running", "blocked"]).first()
    if existing is None:
        try:
            existing = task_create(
                title=f"[System fix] Recurring {classification} across tasks",
                kind="improve",
                source="improve",
                priority="high",
                dedup_key=key,
                labels=["system-fix", f"triage:{classification}"],
                cycle=cycle,
                body=f"Several tasks are blocked on {classification}; fix the shared cause once.",
            )
        except Conflict:
            existing = BoardTask.objects.get(dedup_key=key, status__in=["backlog", "running", "blocked"])
    comment_add(
        task=existing,
        author="kaizen-triage",
        kind=TaskComment.Kind.SYSTEM,
        body=f"Also blocked on {classification}: #{task.pk} {task.title}",
    )
    return f"attached to system fix #{existing.pk} instead of a new child"


def escalate_if_recurring(*, classification: str, now) -> bool:
    """>= ESCALATION_THRESHOLD blocked events of one classification in the window: one systemic
    improve task (never two open) and a webhook POST (with a cooldown)."""
    cfg = settings.KAIZEN
    since = now - timedelta(hours=cfg["ESCALATION_WINDOW_HOURS"])
    # Lock the classification's row first: concurrent blocks then count one after another, so the
    # one that reaches the threshold always sees the events committed before it.
    Escalation.objects.get_or_create(classification=classification)
    escalation = Escalation.objects.select_for_update().get(classification=classification)
    if (
        BlockedEvent.objects.filter(classification=classification, created_at__gt=since).count()
        < cfg["ESCALATION_THRESHOLD"]
    ):
        return False
    with suppress(Conflict):  # one open systemic task per classification
        task_create(
            title=f"[Systemic] Investigate recurring {classification} failures",
            kind="improve",
            source="improve",
            priority="high",
            dedup_key=f"systemic:{classification}",
            labels=["systemic", f"triage:{classification}"],
            body=f"{cfg['ESCALATION_THRESHOLD']}+ tasks were blocked on {classification} within "
            f"{cfg['ESCALATION_WINDOW_HOURS']} h. Find the common cause.",
        )
    cooldown = timedelta(seconds=cfg["ESCALATION_COOLDOWN_SECONDS"])
    if escalation.last_sent_at and now - escalation.last_sent_at < cooldown:
        return True
    escalation.last_sent_at, escalation.count = now, escalation.count + 1
    escalation.save()
    if cfg["ESCALATION_WEBHOOK_URL"]:
        publish_after_commit("governance.escalation_webhook", classification, now.isoformat())
    return True


WORK_TYPES = ("new_tool", "maintenance", "goal")


def work_task_for_approved(sender, *, proposal, landed: bool, **kwargs) -> BoardTask | None:
    """The one bounded board task that implements an approved proposal whose effect did not land
    by itself (new tools, maintenance, goals that need work)."""
    if landed or proposal.type not in WORK_TYPES:
        return None
    return task_create(
        title=f"Implement: {proposal.title}"[:300],
        kind="goal",
        source="autonomy",
        proposal=proposal,
        dedup_key=f"proposal:{proposal.pk}",
        priority="high" if proposal.risk == "high" else "medium",
        body=f"Approved proposal #{proposal.pk} ({proposal.type}).\n\n{proposal.rationale}\n\n"
        "When this task is done the proposal becomes implemented.",
    )
