from datetime import timedelta

import pytest

from config.errors import ApplicationError
from governance.models import Proposal
from improver.models import EvolutionNote, EvolutionSession, ImproverAgent, RitualRun
from improver.proposer import CATEGORY_FIXES
from improver.services.ritual import ritual_run
from learning.models import FeedbackItem
from tests.improver.helpers import DIRECTIVES, WAKE, coder_fleet, complaints

pytestmark = pytest.mark.django_db


def test_two_new_items_are_a_no_op_and_the_next_wake_is_scheduled():
    template, improver, client = coder_fleet()
    complaints(client, 2)
    run = ritual_run(improver=improver, period="w1", now=WAKE)
    improver.refresh_from_db()
    assert run.outcome == "noop" and not EvolutionSession.objects.exists()
    assert improver.last_feedback_scan_at == WAKE
    assert improver.scheduled_wake_at == WAKE + timedelta(days=7)
    assert improver.ritual_state == "sleeping" and improver.wake_counter == 1
    assert EvolutionNote.objects.get(kind="no_op").content.startswith("2 new feedback item(s)")


def test_three_new_items_make_a_session_and_a_proposal_with_its_evidence():
    template, improver, client = coder_fleet()
    complaints(client, 3)
    run = ritual_run(improver=improver, period="w1", now=WAKE)
    assert run.outcome == "proposed"
    session = EvolutionSession.objects.get()
    proposal = Proposal.objects.get()
    assert session.proposal == proposal and session.feedback_count == 3
    assert (proposal.type, proposal.status, proposal.source) == ("template_evolution", "pending", "improver")
    assert proposal.payload["current_directives"] == DIRECTIVES
    # the remedy the three complaints state, not a canned category line
    assert (
        proposal.payload["proposed_directives"]
        == DIRECTIVES + "Keep reports concise: lead with the result.\n"
    )
    [addition] = proposal.payload["additions"]
    assert addition["origin"] == "remedy" and len(addition["sources"]) == 3
    assert CATEGORY_FIXES["communication"] not in proposal.payload["proposed_directives"]
    ids = set(FeedbackItem.objects.filter(template=template).values_list("pk", flat=True))
    assert set(proposal.evidence["feedback_items"]) == ids and len(ids) == 3
    assert proposal.evidence["feedback_groups"]["negative/communication"]["count"] == 3
    kinds = {n["kind"] for n in proposal.evidence["notes"]}
    assert {"reflection", "hypothesis", "decision", "pattern"} <= kinds
    assert 0 < proposal.evidence["context_tokens"] <= 10_000
    improver.refresh_from_db()
    assert improver.ritual_state == "awaiting_review"


def test_feedback_is_classified_once_and_links_to_its_source_row():
    template, improver, client = coder_fleet()
    complaints(client, 3)
    ritual_run(improver=improver, period="w1", now=WAKE)
    from telemetry.models import Observation

    item = FeedbackItem.objects.first()
    assert item.source_type == "observation"
    assert Observation.objects.filter(pk=int(item.source_id)).exists()
    assert (item.sentiment, item.category) == ("negative", "communication")


def test_feedback_events_are_classified_as_they_arrive_and_not_again_by_the_ritual():
    from language.classify import RuleClassifier

    class Counting(RuleClassifier):
        seen: list = []

        def classify(self, items):
            Counting.seen += [item.source_type for item in items]
            return super().classify(items)

    template, improver, client = coder_fleet()
    complaints(client, 3)
    stored = FeedbackItem.objects.filter(template=template, source_type="observation")
    assert stored.count() == 3 and set(stored.values_list("classifier", flat=True)) == {"rules"}
    run = ritual_run(improver=improver, period="w1", now=WAKE, classifier=Counting())
    assert run.outcome == "proposed" and "observation" not in Counting.seen
    assert FeedbackItem.objects.filter(template=template, source_type="observation").count() == 3


def test_the_ritual_classifies_only_the_events_that_have_no_item_yet():
    """The weekly scan reads unclassified events only (an anti-join in SQL): an event whose
    arrival left no item (a model was configured then) is classified, the others are not read."""
    from language.classify import RuleClassifier

    class Counting(RuleClassifier):
        seen: list = []

        def classify(self, items):
            Counting.seen += [(item.source_type, item.source_id) for item in items]
            return super().classify(items)

    template, improver, client = coder_fleet()
    complaints(client, 3)
    stored = FeedbackItem.objects.filter(template=template, source_type="observation")
    missing = stored.order_by("pk").first()
    missing.delete()
    run = ritual_run(improver=improver, period="w1", now=WAKE, classifier=Counting())
    assert [s for s in Counting.seen if s[0] == "observation"] == [("observation", missing.source_id)]
    assert run.outcome == "proposed" and stored.count() == 3


def test_a_pending_review_skips_the_next_wake():
    _, improver, client = coder_fleet()
    complaints(client, 3)
    ritual_run(improver=improver, period="w1", now=WAKE)
    run = ritual_run(improver=improver, period="w2", now=WAKE + timedelta(days=7))
    assert run.outcome == "skipped" and "review is still pending" in run.detail


@pytest.mark.parametrize(("window", "days"), [(7, 7), (14, 14), (0, 7), (-3, 7)])
def test_next_wake_arithmetic(window, days):
    _, improver, client = coder_fleet(window_days=window)
    ritual_run(improver=improver, period="w1", now=WAKE)
    improver.refresh_from_db()
    assert improver.scheduled_wake_at == WAKE + timedelta(days=days)


def test_the_same_period_runs_once():
    _, improver, client = coder_fleet()
    complaints(client, 3)
    assert ritual_run(improver=improver, period="w1", now=WAKE).outcome == "proposed"
    assert ritual_run(improver=improver, period="w1", now=WAKE) is None
    assert RitualRun.objects.count() == 1 and Proposal.objects.count() == 1


def test_level_two_templates_are_human_only():
    template, improver, client = coder_fleet(kind="meta_improver", slug="meta")
    complaints(client, 5)
    run = ritual_run(improver=improver, period="w1", now=WAKE)
    assert run.outcome == "skipped" and "human-only" in run.detail
    from improver.services.evolution import DepthPolicyError, check_depth_policy

    with pytest.raises(DepthPolicyError):
        check_depth_policy(template)
    assert issubclass(DepthPolicyError, ApplicationError)
    assert not Proposal.objects.exists()


def test_a_dormant_improver_does_not_run():
    _, improver, client = coder_fleet()
    ImproverAgent.objects.filter(pk=improver.pk).update(lifecycle="dormant")
    improver.refresh_from_db()
    assert ritual_run(improver=improver, period="w1", now=WAKE).outcome == "skipped"
