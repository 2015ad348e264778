"""Who may read and change which board task: the one place the board's ownership rules live.

Staff see and change everything. An agent sees and changes only the tasks it created or is
assigned; it may not speak for a human (`source: human`) nor complete the work of an approved
proposal, because completing that work marks the proposal implemented: a human closes it.
"""

from django.db.models import Q, QuerySet

from config.errors import Forbidden
from governance.models import BoardTask


def visible_tasks(*, agent) -> QuerySet:
    """The tasks the caller may see: all for staff (agent None), its own for an agent."""
    tasks = BoardTask.objects.all()
    if agent is None:
        return tasks
    return tasks.filter(Q(created_by_agent=agent) | Q(assignee=agent))


def owns(*, agent, task: BoardTask) -> bool:
    return agent is None or agent.pk in (task.created_by_agent_id, task.assignee_id)


def check_read(*, agent, task: BoardTask) -> None:
    if not owns(agent=agent, task=task):
        raise Forbidden(
            f"Task #{task.pk} belongs to another agent: an agent may read and change only the tasks "
            "it created or is assigned.",
            {"reason": "not_owner"},
        )


def check_create(*, agent, source: str, parent: BoardTask | None) -> None:
    if agent is None:
        return
    if source == BoardTask.Source.HUMAN:
        raise Forbidden(
            "source: only a staff user may create a task with source 'human'; an agent leaves it out or uses "
            "'autonomy'.",
            {"fields": {"source": ["Reserved for staff users."]}, "reason": "human_only"},
        )
    if parent is not None and not owns(agent=agent, task=parent):
        raise Forbidden(
            f"parent: task #{parent.pk} belongs to another agent.",
            {"fields": {"parent": ["Not one of your tasks."]}, "reason": "not_owner"},
        )


def check_update(*, agent, task: BoardTask, changes: dict) -> None:
    if agent is None:
        return
    check_read(agent=agent, task=task)
    if "assignee" in changes:
        raise Forbidden(
            "assignee: only a staff user assigns tasks.",
            {"fields": {"assignee": ["Reserved for staff users."]}, "reason": "human_only"},
        )
    if task.proposal_id and changes.get("status") == BoardTask.Status.DONE:
        raise Forbidden(
            f"status: task #{task.pk} implements approved proposal #{task.proposal_id}; only a staff "
            "user may mark it done.",
            {"fields": {"status": ["Reserved for staff users on approved work."]}, "reason": "human_only"},
        )
