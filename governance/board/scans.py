"""The improve lane's periodic scans on a persisted cycle counter, and the stale-running reconciler.

Each beat run advances the cycle by one; a scan runs on the cycles divisible by its frequency
and leaves one ScanRun row with its counts (or a skipped row when it needs a forge and none is
configured).
"""

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F

from config import clock
from config.errors import Conflict
from governance.board.forge import Forge, get_forge
from governance.board.services import comment_add, task_create, task_update
from governance.models import BoardTask, ImproveCycle, ScanRun, TaskComment, TaskFeedback
from governance.selectors import acceptance_by_source, acceptance_by_type_and_source
from governance.services import suppression_add

STALE_AUTONOMY_MARKER = "<!-- kaizen:stale-autonomy-scan -->"
STALE_PR_MARKER = "<!-- kaizen:stale-pr-closed -->"
OPEN = ["backlog", "running", "blocked"]


def _new_task(**kwargs) -> int:
    try:
        task_create(**kwargs)
        return 1
    except Conflict:
        return 0


def _pr_tasks():
    """Tasks that own an open PR (not the [Revise]/[Rebase] tasks the lane made for them)."""
    return (
        BoardTask.objects.exclude(pr_url="")
        .exclude(pr_state__in=["merged", "closed"])
        .exclude(kind="fix_pr", source="improve")
    )


def scan_awaiting_input(now: datetime, forge: Forge | None) -> tuple[str, dict, str]:
    """A human reply after the question re-queues the task with the answer."""
    checked = requeued = 0
    for task in BoardTask.objects.filter(status="blocked", classification="awaiting_input"):
        checked += 1
        reply = task.comments.filter(
            kind=TaskComment.Kind.HUMAN, created_at__gt=task.status_changed_at
        ).last()
        if reply is None:
            continue
        task_update(
            task=task,
            changes={"status": "backlog", "body": f"{task.body}\n\nAnswer: {reply.body}".strip()},
            actor_label="awaiting-input scan",
            now=now,
        )
        requeued += 1
    return "ran", {"checked": checked, "requeued": requeued}, ""


def _fix_tasks_for_open_prs(needs_fix, prefix: str, key: str, body: str):
    """A fix_pr task under each open PR task for which `needs_fix(pr_url)` holds (once per task)."""
    created = checked = 0
    for task in _pr_tasks():
        checked += 1
        if needs_fix(task.pr_url):
            created += _new_task(
                title=f"[{prefix}] {task.title}"[:300],
                kind="fix_pr",
                source="improve",
                parent=task,
                pr_url=task.pr_url,
                dedup_key=f"{key}:{task.pk}",
                body=body.format(url=task.pr_url),
            )
    return "ran", {"checked": checked, "created": created}, ""


def scan_review_revision(now, forge):
    return _fix_tasks_for_open_prs(
        lambda url: forge.pr_review_state(url) == "CHANGES_REQUESTED",
        "Revise",
        "revise",
        "Address the review that requested changes on {url}.",
    )


def scan_merge_conflict(now, forge):
    return _fix_tasks_for_open_prs(
        lambda url: forge.pr_mergeable(url) is False,
        "Rebase",
        "rebase",
        "{url} has merge conflicts; rebase it on the target branch.",
    )


def scan_post_merge_regression(now, forge):
    created = checked = 0
    for task in BoardTask.objects.filter(status="done").exclude(pr_url=""):
        if forge.pr_state(task.pr_url) != "merged":
            continue
        checked += 1
        if forge.pr_ci_status(task.pr_url) == "failure":
            created += _new_task(
                title=f"[Regression] CI fails after merging: {task.title}"[:300],
                kind="goal",
                source="improve",
                priority="high",
                parent=task,
                dedup_key=f"regression:{task.pk}",
                body=f"CI is red after {task.pr_url} was merged.",
            )
    return "ran", {"checked": checked, "created": created}, ""


def scan_feedback_loop(now, forge):
    """Part A (forge): merged/closed outcomes of done tasks. Part B: cancelled autonomy tasks
    without the stale marker are human rejections; their dedup keys are suppressed for good."""
    recorded = rejections = 0
    if forge is not None:
        for task in BoardTask.objects.filter(status="done", feedback__isnull=True).exclude(pr_url=""):
            state = forge.pr_state(task.pr_url)
            if state in ("merged", "closed"):
                TaskFeedback.objects.create(task=task, outcome=state, source=task.source, created_at=now)
                BoardTask.objects.filter(pk=task.pk).update(pr_state=state)
                recorded += 1
    cancelled = BoardTask.objects.filter(status="cancelled", source="autonomy", feedback__isnull=True)
    for task in cancelled:
        if task.comments.filter(body__contains=STALE_AUTONOMY_MARKER).exists():
            continue
        TaskFeedback.objects.create(task=task, outcome="abandoned", source=task.source, created_at=now)
        if task.dedup_key:
            suppression_add(key=task.dedup_key, reason=f"task #{task.pk} was cancelled by a human")
        rejections += 1
    status = "ran" if forge is not None else "partial"
    detail = "" if forge is not None else "no forge configured: PR outcomes not checked"
    return status, {"pr_outcomes": recorded, "human_rejections": rejections}, detail


def scan_stale_pr(now, forge):
    closed = 0
    for task in _pr_tasks():
        if forge.pr_age_days(task.pr_url) <= settings.KAIZEN["STALE_PR_DAYS"]:
            continue
        if task.comments.filter(body__contains=STALE_PR_MARKER).exists():
            continue  # closed once already: never twice
        forge.close_pr(
            task.pr_url,
            "Closed by Kaizen: stale for more than "
            f"{settings.KAIZEN['STALE_PR_DAYS']} days; the task is back in the backlog.",
        )
        comment_add(
            task=task,
            author="kaizen",
            kind=TaskComment.Kind.SYSTEM,
            body=f"{STALE_PR_MARKER}\nStale PR {task.pr_url} closed; task re-queued.",
        )
        BoardTask.objects.filter(pk=task.pk).update(pr_state="closed")
        if task.status != "backlog":
            task.refresh_from_db()
            task_update(task=task, changes={"status": "backlog"}, actor_label="stale-PR scan", now=now)
        closed += 1
    return "ran", {"closed": closed}, ""


def scan_workspace_health(now, forge):
    created = checked = 0
    for name in forge.workspaces():
        checked += 1
        if not forge.workspace_healthy(name):
            created += _new_task(
                title=f"[Workspace] Repair environment for {name}",
                kind="goal",
                source="improve",
                priority="high",
                dedup_key=f"workspace:{name}",
                body=f"The environment of {name} failed its health check and could not be repaired.",
            )
    return "ran", {"checked": checked, "created": created}, ""


def scan_stale_autonomy(now, forge):
    cutoff = now - timedelta(days=settings.KAIZEN["STALE_AUTONOMY_DAYS"])
    cancelled = 0
    for task in BoardTask.objects.filter(status="backlog", source="autonomy", created_at__lt=cutoff):
        comment_add(
            task=task,
            author="kaizen",
            kind=TaskComment.Kind.SYSTEM,
            body=f"{STALE_AUTONOMY_MARKER}\nCancelled: its signal is older than "
            f"{settings.KAIZEN['STALE_AUTONOMY_DAYS']} days. It is recreated if the signal returns.",
        )
        task_update(task=task, changes={"status": "cancelled"}, actor_label="stale-autonomy scan", now=now)
        cancelled += 1
    return "ran", {"cancelled": cancelled}, ""


def scan_priority_rescore(now, forge):
    """Backlog autonomy tasks follow the acceptance of what they come from: the proposal type and
    source when a proposal made them, otherwise the autonomy source as a whole."""
    cfg = settings.KAIZEN
    by_source = acceptance_by_source().get("autonomy")
    by_type = {(r["type"], r["source"]): r for r in acceptance_by_type_and_source()}
    demoted = promoted = 0
    for task in BoardTask.objects.filter(status="backlog", source="autonomy").select_related("proposal"):
        rate = None
        if task.proposal_id:
            row = by_type.get((task.proposal.type, task.proposal.source))
            if row and row["accepted"] + row["rejected"] >= cfg["ACCEPTANCE_MIN_SAMPLES"]:
                rate = row["rate"]
        if rate is None and by_source and by_source["decided"] >= cfg["ACCEPTANCE_MIN_SAMPLES"]:
            rate = by_source["rate"]
        if rate is None:
            continue
        if rate < cfg["RESCORE_DEMOTE_BELOW"] and "signal_stale" not in task.labels:
            task.labels = [*task.labels, "signal_stale"]
            task.priority = "low"
            task.save(update_fields=["labels", "priority"])
            demoted += 1
        elif rate > cfg["RESCORE_PROMOTE_ABOVE"] and task.priority != "high":
            task.priority = "high"
            task.save(update_fields=["priority"])
            promoted += 1
    counts = {
        "demoted": demoted,
        "promoted": promoted,
        "acceptance": round(by_source["rate"], 4) if by_source else None,
    }
    return "ran", counts, ""


# name → (every N cycles, needs a forge, scan)
SCANS: dict[str, tuple[int, bool, Callable]] = {
    "review_revision": (3, True, scan_review_revision),
    "merge_conflict": (5, True, scan_merge_conflict),
    "awaiting_input": (8, False, scan_awaiting_input),
    "post_merge_regression": (10, True, scan_post_merge_regression),
    "feedback_loop": (15, False, scan_feedback_loop),
    "stale_pr": (20, True, scan_stale_pr),
    "workspace_health": (25, True, scan_workspace_health),
    "stale_autonomy": (30, False, scan_stale_autonomy),
    "priority_rescore": (45, False, scan_priority_rescore),
}


def improve_cycle_run(*, now: datetime | None = None) -> list[ScanRun]:
    """Advance the cycle and run the scans due on it; safe to run concurrently (distinct cycles)."""
    now = now or clock.now()
    with transaction.atomic():
        ImproveCycle.objects.get_or_create(name="improve")
        ImproveCycle.objects.filter(name="improve").update(count=F("count") + 1, last_run_at=now)
        cycle = ImproveCycle.objects.get(name="improve").count
    forge = get_forge()
    runs = []
    for name, (every, needs_forge, scan) in SCANS.items():
        if cycle % every:
            continue
        try:  # claim the scan of this cycle first: a concurrent copy of the cycle skips it
            with transaction.atomic():
                run = ScanRun.objects.create(
                    cycle=cycle, scan=name, status=ScanRun.Status.RUNNING, created_at=now
                )
        except IntegrityError:
            continue
        if needs_forge and forge is None:
            status, counts, detail = "skipped", {}, "no forge configured (KAIZEN_FORGE_CLASS)"
        else:
            try:  # the forge is another system: no transaction is open while it answers
                status, counts, detail = scan(now, forge)
            except Exception as exc:
                ScanRun.objects.filter(pk=run.pk).update(status=ScanRun.Status.FAILED, detail=str(exc)[:2000])
                raise
        ScanRun.objects.filter(pk=run.pk).update(status=status, counts=counts, detail=detail)
        run.status, run.counts, run.detail = status, counts, detail
        runs.append(run)
    return runs


def ttl_minutes() -> dict[str, int]:
    pairs = (item.split("=") for item in settings.KAIZEN["TASK_TTL_MINUTES"].split(",") if "=" in item)
    return {kind.strip(): int(minutes) for kind, minutes in pairs}


def reconcile_stale_running(*, now: datetime | None = None) -> list[int]:
    """Running tasks without an update for longer than their kind's TTL move to blocked (triaged)."""
    now = now or clock.now()
    ttls = ttl_minutes()
    moved = []
    for task in BoardTask.objects.filter(status="running"):
        ttl = ttls.get(task.kind, ttls.get("other", 90))
        idle = now - task.updated_at
        if idle <= timedelta(minutes=ttl):
            continue
        task_update(
            task=task,
            changes={
                "status": "blocked",
                "result": f"{task.result}\nStale: no update for {int(idle.total_seconds() // 60)}"
                f" minutes (TTL {ttl} for {task.kind}).".strip(),
            },
            actor_label="stale-running reconciler",
            now=now,
        )
        moved.append(task.pk)
    return moved
