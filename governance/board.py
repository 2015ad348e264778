"""Board task services: create, update (validated transitions), comment. Each is one transaction."""

from django.db import IntegrityError, transaction

from config import clock
from config.errors import ApplicationError, Conflict
from governance.models import BoardTask, CommandRun, TaskComment

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
def task_create(
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
        raise Conflict(
            f"An open task with dedup key '{dedup_key}' already exists"
            f" (#{existing.pk if existing else '?'}).",
            {
                "fields": {"dedup_key": ["Duplicate of an open task."]},
                "task": existing.pk if existing else None,
            },
        ) from exc


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
    from governance.blocking import on_blocked

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
    from governance.services import proposal_mark_implemented, suppression_add

    proposal = task.proposal
    if task.status == Status.DONE:
        proposal_mark_implemented(proposal=proposal)
    elif task.status == Status.CANCELLED and human and proposal.dedup_key:
        suppression_add(
            key=proposal.dedup_key,
            proposal=proposal,
            reason=f"its work task #{task.pk} was cancelled by a human",
        )
