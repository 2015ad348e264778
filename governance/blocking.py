"""What happens when a task becomes blocked: triage, a bounded follow-up, escalation.

Guardrails (improve-lane): at most FOLLOWUPS_PER_CYCLE follow-ups per improve cycle; one
follow-up per source task and reason (a unique key); no follow-ups for failures of
improve-generated tasks; a repeated pattern gets one system-fix task instead of many children.
"""

from contextlib import suppress
from datetime import timedelta

from django.conf import settings

from config import clock
from config.errors import Conflict
from config.queue import publish_after_commit
from governance.board import comment_add, task_create
from governance.models import BlockedEvent, BoardTask, CommandRun, Escalation, ImproveCycle, TaskComment
from governance.triage import Triage, triage

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
            priority="urgent",
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
        from governance.tasks import escalation_webhook

        publish_after_commit(escalation_webhook, classification, now.isoformat())
    return True
