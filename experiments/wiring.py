"""What the experiments app answers to, wired once at start-up (ExperimentsConfig.ready):
retention prunes the draws of line tests that have ended, past its cutoff (a running test's are
kept, however old: a later read of one of its sessions must get the lines the first read got), a
rollout deleted while open takes its canary with it, a proposal's standing counts its line tests,
and the start-up checks refuse a margin set for a signal the canary does not measure."""

from django.core import checks
from django.db.models import Count, OuterRef, Subquery
from django.db.models.signals import pre_delete

from experiments.checks import margins_name_signals
from experiments.models import LineExposure, LineFactor, Rollout
from experiments.rollouts import rollout_deleted
from governance.selectors import lines_counted
from telemetry.retention import prune_beside


def ended_draws(sender, *, before, **kwargs):
    """The draws of ended line tests made before `before`: retention deletes them."""
    return "line_exposures", LineExposure.objects.filter(at__lt=before).exclude(
        factor__status__in=LineFactor.OPEN
    )


def proposal_lines(sender, *, proposal_field, **kwargs) -> dict:
    """How many of a proposal's line tests run, were promoted and were dropped (rolled back by
    their test or aborted), as subqueries: where an approved proposal stands reads them."""

    def counted(*statuses) -> Subquery:
        rows = LineFactor.objects.filter(proposal=OuterRef(proposal_field), status__in=statuses)
        return Subquery(rows.order_by().values("proposal").annotate(n=Count("pk")).values("n")[:1])

    status = LineFactor.Status
    return {
        "lines_testing": counted(*LineFactor.OPEN),
        "lines_promoted": counted(status.PROMOTED),
        "lines_dropped": counted(status.ROLLED_BACK, status.ABORTED),
    }


def register(app_config) -> None:
    lines_counted.connect(proposal_lines, dispatch_uid="experiments.proposal_lines")
    prune_beside.connect(ended_draws, dispatch_uid="experiments.ended_draws")
    pre_delete.connect(rollout_deleted, sender=Rollout, dispatch_uid="rollout_deleted")
    checks.register(margins_name_signals, "kaizen")  # a misspelled signal stops start-up
