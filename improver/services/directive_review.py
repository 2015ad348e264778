"""The directive lifecycle of a template: each line's measured effect, and the lines to prune
(removed when their target did not fall or rose, merged when they repeat another, dropped when
the directives are over the token budget)."""

from datetime import timedelta

from django.conf import settings

from config import clock
from experiments.counts import session_counts, signal_counts
from experiments.models import LineFactor, Rollout
from experiments.selectors import open_factors, taken_back
from governance.models import Proposal
from improver import directive_lines as dl
from improver.context import estimate_tokens
from learning.signals import tool_signal


def version_history(template) -> list[dict]:
    return [
        {
            "id": v.pk,
            "number": v.number,
            "text": v.text,
            "author": v.author,
            "created_at": v.created_at,
            "additions": (v.provenance or {}).get("additions") or [],
        }
        for v in template.document.versions.order_by("number")
    ]


def effects(template, versions: list[dict], lines: list[dl.Line], since=None) -> dict[str, dl.Effect]:
    """Per line: sessions served with and without it (first seen since `since`, when given), and
    those showing its target, in SQL."""
    ids = [v["id"] for v in versions]
    totals = session_counts(ids, since)
    targets = tuple(dict.fromkeys(t for line in lines for t in line.target))
    shown = signal_counts(ids, targets, since)
    keys = {v["id"]: {dl.line_key(t) for t in v["text"].splitlines() if t.strip()} for v in versions}
    out = {}
    for line in lines:
        counts = {True: [0, 0], False: [0, 0]}
        for version_id, n in totals.items():
            failed = min(n, sum(shown.get((version_id, t), 0) for t in line.target))
            side = counts[line.key in keys.get(version_id, set())]
            side[0] += n
            side[1] += failed
        out[line.key] = dl.Effect(counts[True][0], counts[True][1], counts[False][0], counts[False][1])
    return out


def fixes_pending() -> set[str]:
    """The tool-failure signals a new tool is being built for (its proposal pending or approved,
    not yet implemented): a line about them waits for the fix before it is judged."""
    keys = Proposal.objects.filter(
        type=Proposal.Type.NEW_TOOL, status__in=(Proposal.Status.PENDING, Proposal.Status.APPROVED)
    ).values_list("dedup_key", flat=True)
    return {tool_signal(*(key.split(":", 2) + ["", ""])[1:3]) for key in keys}


def proven_lines(template) -> set[str]:
    """Lines of the template's canaries promoted as better on what they were judged on, and the
    lines its line tests promoted: a
    randomised comparison of concurrent arms says more than the ledger's with-and-without over
    time, which anything else that changed meanwhile confounds."""
    keys = set()
    for rollout in Rollout.objects.filter(template=template, status=Rollout.Status.PROMOTED).select_related(
        "proposal"
    ):
        check = rollout.last_check or {}
        judged = check.get("judged_on") or check.get("targets") or []
        bounds = [check.get("intervals", {}).get(m) for m in judged]
        if rollout.proposal and bounds and all(b and b[2] < 0 for b in bounds):
            keys |= {dl.line_key(a["text"]) for a in rollout.proposal.payload.get("additions") or []}
    for factor in LineFactor.objects.filter(
        template=template, status=LineFactor.Status.PROMOTED, promoted_level__isnull=False
    ):
        # a line test compared sessions served the line with sessions that were not, at once (and
        # the version it landed in holds both: the ledger's with-and-without cannot see it)
        keys |= {dl.line_key(t) for t in factor.levels[factor.promoted_level - 1].get("add") or ()}
    return keys


def tested_value(template) -> dict[str, float]:
    """Per line a line test promoted, how much it lowered what it was judged on (the promoted
    level's estimate, champion − candidate): its value when the directives are over budget. The
    ledger's with-and-without over time cannot see such a line (the version it landed in held
    both arms), and would value it at what drift says."""
    out: dict[str, float] = {}
    promoted = LineFactor.objects.filter(
        template=template, status=LineFactor.Status.PROMOTED, promoted_level__isnull=False
    ).only("levels", "promoted_level", "last_check")
    for factor in promoted:
        check = (factor.last_check or {}).get(str(factor.promoted_level)) or {}
        judged = (check.get("judged_on") or [None])[0]
        estimate = (check.get("intervals") or {}).get(judged)
        if estimate:
            out |= {
                dl.line_key(t): -estimate[0]
                for t in factor.levels[factor.promoted_level - 1].get("add") or ()
            }
    return out


DIRECTIVES_SHARE = 0.6  # of the prompt block's budget; what was learned fills the rest


def directives_share() -> int:
    """The tokens of the prompt block the directives may take at most."""
    return int(settings.KAIZEN["PROMPT_TOKEN_BUDGET"] * DIRECTIVES_SHARE)


def directives_budget(template, adding: tuple[str, ...] = ()) -> int:
    """The tokens the template's own lines may take: their share of the prompt block, less what
    the lines under test may add to a session's block (each test's longest level), so a session
    drawn every line under test still has the learned facts' share and no fact is pushed out by
    a draw (which would make the line's test measure the fact's absence too); less `adding`, the
    lines a change proposes now, which will be tested the same way."""
    proposed = estimate_tokens("\n".join(adding)) + 1 if adding else 0
    return max(0, directives_share() - reserved_for_tests(template.pk) - proposed)


def reserved_for_tests(template_id: int) -> int:
    """The tokens a session's block may gain from the template's open line tests: per test, its
    level adding the most."""
    return sum(
        max((estimate_tokens("\n".join(level.get("add") or ())) + 1 for level in factor.levels), default=0)
        for factor in open_factors(template_id)
    )


def review(
    template, adding: tuple[str, ...] = ()
) -> tuple[list[dl.Line], dict[str, dl.Effect], list[dl.Pruning]]:
    """The lines of the head, their effects, and what to prune (improver lines only are removed
    automatically; a human's line is only ever suggested; a line learned a hand-off away is not
    judged on this template's sessions; the head is kept within its budget beside the lines under
    test and `adding`, the lines a change proposes)."""
    versions = version_history(template)
    head = template.document.head
    versions = [v for v in versions if v["number"] <= head.number]
    lines = dl.history(versions)
    measured = effects(template, versions, lines)
    prunings: list[dl.Pruning] = []
    waiting, proven, kept = fixes_pending(), proven_lines(template), removals_taken_back(template.pk)
    for line in lines:
        # a line learned from what the templates it hands work to said shows its effect in their
        # sessions, not in this template's own: its canary judged it, the ledger here cannot
        judged_here = not line.downstream
        if (
            line.author == "improver"
            and judged_here
            and not waiting & set(line.target)
            and line.key not in proven | kept
        ):
            verdict = dl.judge(line, measured[line.key], settings.KAIZEN["DIRECTIVE_MIN_SESSIONS"])
            if verdict:
                prunings.append(verdict)
    judged = {p.line.key for p in prunings} | kept
    window = settings.KAIZEN["FEEDBACK_WINDOW_DAYS"]
    recent = effects(template, versions, lines, since=clock.now() - timedelta(days=window))
    for line in lines:  # proven once, maybe hurting now: what users want can turn
        waits = waiting & set(line.target)
        if line.author == "improver" and not line.downstream and not waits and line.key not in judged:
            verdict = dl.hurts_now(
                line, recent[line.key], measured[line.key], settings.KAIZEN["DIRECTIVE_MIN_SESSIONS"]
            )
            if verdict:
                prunings.append(verdict)
    prunings += [p for p in dl.merges(lines) if p.line.key not in kept]
    pruned = {p.line.key for p in prunings}
    value = {
        k: (e.rate_without or 0) - (e.rate_with or 0)
        for k, e in measured.items()
        if e.with_sessions and e.without_sessions
    } | tested_value(template)
    # a line whose removal a test took back stays: its test showed it worth its tokens, and taking
    # it out again each week, to have each test take it back, would cost its sessions every time;
    # the others make room for it, the lines under test and those proposed (the served block is
    # kept within the budget whatever the head holds)
    budget = directives_budget(template, adding)
    rest = [ln for ln in lines if ln.key not in pruned]
    held = sum(estimate_tokens(ln.text) + 1 for ln in rest if ln.key in kept)
    prunings += dl.over_budget([ln for ln in rest if ln.key not in kept], value, budget - held)
    return lines, measured, prunings


def removals_taken_back(template_id: int) -> set[str]:
    """The lines whose removal a line test rolled back (taking them out did harm) or a human
    aborted: the review does not propose taking them out again on its own reading, nor to make
    room for anything: the other lines make room for them."""
    return {
        dl.line_key(text)
        for factor in taken_back(template_id)
        for level in factor.levels
        for text in level.get("remove") or ()
    }


def apply(directives: str, prunings: list[dl.Pruning]) -> str:
    """The directives without the pruned lines (a merged line survives in the line it repeats)."""
    gone = {p.line.key for p in prunings}
    kept = [t for t in directives.splitlines() if t.strip() and dl.line_key(t) not in gone]
    return "\n".join(kept) + "\n"
