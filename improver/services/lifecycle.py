"""The life of an approved template change, read top to bottom.

1. **Approve.** A human approves an evolution (the admin or the API; governance runs
   `improver.services.evolution.on_approve`, registered for the type in improver/wiring.py).
2. **Land.** Where the template's reads name their sessions and it has room, each line is tested
   on its own (`lines_land`: experiments' line tests); otherwise the change becomes a version,
   canaried on a share (`version_land`, a Rollout) or served to all at once on a one-agent fleet.
   With a canary of the template still open, or no room for its lines, it waits (queued).
3. **Canary.** `check` (the beat entry, every 10 minutes) runs the sequential test of every open
   rollout and line test and acts on it: promote, roll back, or hand over to a human.
4. **End.** A test or a human ends a canary: `check` for the test's decisions, `rollout_decided`
   for a human's on a rollout (a human's on a line test goes through experiments' own page, and
   the next `check` sees it).
5. **Next.** `advance` starts the evolution queued on a template once nothing holds it; `check`
   advances every template after its tests, so a queued change never depends on who ended the
   canary before it, and nothing queued is left behind by a crash between an end and its next.
"""

from datetime import datetime

from django.db import transaction

from experiments.models import Rollout
from experiments.rollouts import rollout_decide, rollouts_check
from fleet.models import AgentTemplate
from improver.models import EvolutionSession
from improver.services.evolution_moves import evolution_dequeue


def check(*, now: datetime | None = None) -> dict[str, int]:
    """Test every open canary and act on it, then start what waited behind those that ended;
    safe to run twice or concurrently."""
    counts = rollouts_check(now=now)
    counts["started"] = advance_all()
    return counts


@transaction.atomic
def advance(template) -> bool:
    """Start the evolution queued on `template` (the oldest) if nothing holds it: the template's
    version canary has ended, or it has room for more lines. True when one started."""
    if Rollout.objects.filter(template=template, status__in=Rollout.OPEN).exists():
        return False
    return evolution_dequeue(template=template)


def advance_all() -> int:
    """`advance` every template with an evolution queued; how many started."""
    queued = EvolutionSession.objects.filter(status=EvolutionSession.Status.QUEUED).values("template")
    return sum(advance(template) for template in AgentTemplate.objects.filter(pk__in=queued).order_by("pk"))


def rollout_decided(
    *, rollout: Rollout, action: str, actor, reason: str = "", version: int | None = None
) -> Rollout:
    """A human promotes, aborts, pins or unpins a rollout; what was queued behind it starts when it ends."""
    rollout = rollout_decide(rollout=rollout, action=action, actor=actor, reason=reason, version=version)
    if rollout.status not in Rollout.OPEN:
        advance(rollout.template)
    return rollout
