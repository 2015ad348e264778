"""What happens when a proposal of a given type is approved, rejected or refined, and how its
review page shows it.

Governance owns the lifecycle but not the effects: the app that owns a proposal type
registers its handlers at start-up (in its wiring.py), so governance never imports it.
Handlers run inside the decision's transaction: an exception undoes the whole decision.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.exceptions import ImproperlyConfigured
from django.dispatch import Signal


@dataclass(frozen=True)
class Link:
    """A cell line that links elsewhere (an admin list, a report)."""

    text: str
    url: str


@dataclass(frozen=True)
class Panel:
    """One table of a proposal's review page: `rows` of cells (a cell may be a list of lines).

    A panel shows a summary, never every row of its evidence: `note` is a sentence printed under
    its title, and `more` links to the full list (an admin list filtered to that evidence)."""

    id: str
    title: str
    columns: list[str]
    rows: list[list]
    note: str = ""
    more: Link | None = None
    narrow: bool = False  # a short table: two narrow panels share a row on a wide window


@dataclass(frozen=True)
class Review:
    """What the review page shows of a proposal, as its owning app renders it."""

    before: str | None = None  # the text the proposal changes, and the text it proposes
    after: str | None = None
    diff_title: str = "Current → proposed"
    panels: list[Panel] = field(default_factory=list)


@dataclass(frozen=True)
class Handlers:
    approve: Callable | None = None  # (proposal, actor, rating[, leave_out]) -> bool: effect landed now
    reject: Callable | None = None  # (proposal, actor, reason) -> None
    refine: Callable | None = None  # (proposal, actor, text, replace) -> Proposal (the new one)
    validate: Callable | None = (
        None  # (data, agent) -> {title, dedup_key, subject, payload}: agent submissions
    )
    review: Callable | None = None  # (proposal) -> Review: the diff and panels of its review page
    what_next: Callable | None = None  # (proposal) -> str: what its decision set in motion, in words
    lines: Callable | None = None  # (proposal) -> tuple[str, ...]: lines a person may approve without


# A table rather than signals: one owner a type, a second refused at start-up, and each handler's
# answer (did the effect land, the new proposal, the review page) is the one the caller uses.
_registry: dict[str, Handlers] = {}


def register(
    proposal_type: str,
    *,
    approve=None,
    reject=None,
    refine=None,
    validate=None,
    review=None,
    what_next=None,
    lines=None,
) -> None:
    """Declare what deciding a proposal of `proposal_type` does. One owner a type: registering
    other handlers for a type already declared is a mistake, refused at start-up."""
    handlers = Handlers(
        approve=approve,
        reject=reject,
        refine=refine,
        validate=validate,
        review=review,
        what_next=what_next,
        lines=lines,
    )
    if _registry.setdefault(proposal_type, handlers) != handlers:
        raise ImproperlyConfigured(f"proposals of type {proposal_type!r} already have their handlers")


def registered() -> dict[str, Handlers]:
    """Every proposal type some app declared, with its handlers, in the order they were declared."""
    return dict(_registry)


def handlers_for(proposal_type: str) -> Handlers:
    return _registry.get(proposal_type, Handlers())


def review_for(proposal) -> Review:
    render = handlers_for(proposal.type).review
    return render(proposal) if render else Review()


def what_next_for(proposal) -> str:
    """What deciding `proposal` set in motion, as its owning app says it ('' when nothing)."""
    say = handlers_for(proposal.type).what_next
    return say(proposal) if say else ""


# Sent with `proposal` and `landed` inside every approval's transaction, after the type's own
# handler (the board turns approved work into a task this way).
proposal_approved = Signal()
