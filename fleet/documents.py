"""Versioned documents: append a version and move the head, roll back, read the head.

Every versioned text (a template's directives, the planner's goals and actions, an agent's card,
the price table) goes through here. The app that owns a kind of document may register how its
text is checked (which makes it editable in the admin) and what must happen when its head moves
(an agent's card, for instance, is applied to the agent at once).
"""

from collections.abc import Callable
from datetime import timedelta

from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.db.models import Max
from django.dispatch import Signal

from config import clock
from config.errors import Conflict
from fleet.arms import canary_pick, served_version_id
from fleet.models import Document, DocumentVersion, Exposure

Validator = Callable[[str, str], object]  # (text, source) → parsed; raises YamlDocError
# A table rather than a signal: each kind has exactly one validator (a second is refused at
# start-up), the admin asks whether a kind has one without running it, and a document's kind is
# found from its name (a prefix ending in ':' covers every name it begins).
_validators: dict[str, Validator] = {}

# Sent inside the transaction whenever a document gets a new head, with `document` and `version`;
# a receiver reacts to the documents it owns (by their names' prefix) and rolls back with it.
head_moved = Signal()


SESSION_OPEN_FOR = timedelta(hours=1)  # how long after it starts a session counts as open


def on_validate(prefix: str, validator: Validator) -> None:
    """Declare the document `prefix` (or, ending in ':', every document named `prefix…`) editable
    by people, and how its text is checked. One validator a prefix: a second is a mistake."""
    if _validators.setdefault(prefix, validator) is not validator:
        raise ImproperlyConfigured(f"documents {prefix!r} already have a validator")


def validators() -> dict[str, Validator]:
    """Every document name or prefix people edit, with what checks its text, in the order
    `validator_for` tries them."""
    return dict(_validators)


def validator_for(name: str) -> Validator | None:
    """How a document's text is checked, or None when people do not edit it directly (template
    directives change through reviewed proposals)."""
    for prefix, validator in _validators.items():
        if name == prefix or (prefix.endswith(":") and name.startswith(prefix)):
            return validator
    return None


def document_for(name: str) -> Document:
    return Document.objects.get_or_create(name=name)[0]


def head_version(name: str) -> DocumentVersion | None:
    document = Document.objects.filter(name=name).select_related("head").first()
    return document.head if document else None


@transaction.atomic
def document_version_append(
    *,
    document: Document,
    text: str,
    author: str = DocumentVersion.Author.HUMAN,
    author_user=None,
    reason: str = "",
    provenance: dict | None = None,
    expect_base: int | None = None,
    as_candidate: bool = False,
) -> DocumentVersion:
    """Append an immutable version and make it the head (or, `as_candidate`, leave the head
    where it is: the version is then served through a canary, see candidate_start).

    With `expect_base`, refused (409) unless the head is still that version number: a change
    prepared against an older head must be prepared again.
    """
    given, document = (
        document,
        Document.objects.select_for_update(of=("self",)).select_related("head").get(pk=document.pk),
    )
    current = document.head.number if document.head_id else 0
    if expect_base is not None and expect_base != current:
        raise Conflict(
            f"The change no longer applies: {document.name} moved from v{expect_base} to v{current} "
            "since it was proposed. Reject it and propose again against the current version.",
            {"document": document.name, "base_version": expect_base, "current_version": current},
        )
    number = (document.versions.aggregate(n=Max("number"))["n"] or 0) + 1
    version = DocumentVersion.objects.create(
        document=document,
        number=number,
        text=text,
        author=author,
        author_user=author_user,
        reason=reason,
        provenance=provenance or {},
    )
    if as_candidate:
        return version
    document.head = version
    document.moved_by = author_user
    document.save(update_fields=["head", "moved_by", "moved_at"])
    given.head, given.moved_by, given.moved_at = version, author_user, document.moved_at
    _head_moved(document, version)
    return version


def document_rollback(*, version: DocumentVersion, actor=None) -> DocumentVersion:
    """Bring an earlier version's text back as a new version (history is never rewritten)."""
    return document_version_append(
        document=version.document,
        text=version.text,
        author=DocumentVersion.Author.HUMAN,
        author_user=actor,
        reason=f"rollback to v{version.number}",
        provenance={"rollback_of": version.number},
    )


@transaction.atomic
def candidate_start(
    *, document: Document, version: DocumentVersion, agent_ids: list[int], share: float, at
) -> list[int]:
    """Serve `version` (already appended, not the head) to a canary share of `agent_ids`."""
    document = Document.objects.select_for_update().get(pk=document.pk)
    if version.document_id != document.pk:
        raise Conflict(f"v{version.number} is not a version of {document.name}.")
    canary = canary_pick(agent_ids, version.pk, share)
    document.candidate, document.canary_agents = version, canary
    document.candidate_share, document.candidate_since = share, at
    document.save(update_fields=["candidate", "canary_agents", "candidate_share", "candidate_since"])
    return canary


@transaction.atomic
def candidate_end(*, document: Document, promote: bool, actor=None) -> DocumentVersion | None:
    """Stop the canary: promoted, the candidate becomes the head for everyone; else it is dropped."""
    document = (
        Document.objects.select_for_update(of=("self",)).select_related("candidate").get(pk=document.pk)
    )
    candidate = document.candidate
    document.candidate, document.canary_agents, document.candidate_share, document.candidate_since = (
        None,
        [],
        0,
        None,
    )
    fields = ["candidate", "canary_agents", "candidate_share", "candidate_since"]
    if promote and candidate is not None:
        document.head, document.moved_by = candidate, actor
        fields += ["head", "moved_by", "moved_at"]
    document.save(update_fields=fields)
    if promote and candidate is not None:
        _head_moved(document, candidate)
    return candidate


def _head_moved(document: Document, version: DocumentVersion) -> None:
    head_moved.send(sender=Document, document=document, version=version)


def agent_version_id(agent) -> int | None:
    """The id of the version `agent` is served now (None without a template)."""
    return agent_versions(agent)[0]


def agent_versions(agent) -> tuple[int | None, int | None]:
    """(the id of the version `agent` is served now, the id of the candidate running for its
    template or None); (None, None) without a template."""
    if agent.template_id is None:
        return None, None
    document = (
        Document.objects.filter(template__pk=agent.template_id)
        .values("head_id", "candidate_id", "canary_agents", "candidate_share", "candidate_since")
        .first()
    )
    if document is None:
        return None, None
    served = served_version_id(
        agent_id=agent.pk,
        agent_created_at=agent.created_at,
        head_id=document["head_id"],
        candidate_id=document["candidate_id"],
        canary_agents=document["canary_agents"] or [],
        share=document["candidate_share"],
        since=document["candidate_since"],
    )
    return served, document["candidate_id"]


def exposure_record(*, agent, session_key: str, document: Document) -> int | None:
    """The id of the version the session `session_key` of `agent` is served from `document` (its
    template's directives). While a candidate runs, the session is assigned to an arm by its own
    hash and the assignment is kept as an Exposure: a later read of the same session gets the
    version the first read got, even if the share changed since, and concurrent first reads
    store one row and agree. Without a candidate, the head (nothing is recorded)."""
    if document.candidate_id is None:
        return document.head_id
    version_id = served_version_id(
        agent_id=agent.pk,
        agent_created_at=agent.created_at,
        head_id=document.head_id,
        candidate_id=document.candidate_id,
        canary_agents=document.canary_agents or [],
        share=document.candidate_share,
        since=document.candidate_since,
        session_id=session_key,
    )
    if version_id is None:
        return None
    exposure = Exposure(
        agent_id=agent.pk,
        session_key=session_key,
        candidate_id=document.candidate_id,
        version_id=version_id,
        at=clock.now(),
    )
    Exposure.objects.bulk_create([exposure], ignore_conflicts=True)  # the first read decides
    first = Exposure.objects.filter(
        candidate_id=document.candidate_id, agent_id=agent.pk, session_key=session_key
    )
    return first.values_list("version_id", flat=True).get()


def exposures_ended_before(before):
    """The exposures recorded before `before` of canaries that have ended (their candidate is no
    document's candidate any more: promoted or dropped); a running canary's are all kept, however
    old, since a read of one of its sessions must get the version the first read got. Once a
    canary ends its exposures are read no more: the events of its sessions carry their version."""
    running = Document.objects.filter(candidate__isnull=False).values("candidate_id")
    return Exposure.objects.filter(at__lt=before).exclude(candidate_id__in=running)


def exposed_versions(
    *, agent_id: int, candidate_id: int | None, session_keys, sessionless: bool = False
) -> dict[str | None, int]:
    """{session key: id of the version it was served} for the sessions of `session_keys` the
    agent's reads assigned while `candidate_id` runs; one query, none without a candidate. With
    `sessionless` (some events name no session), also under None and "": the version of the
    session the agent's latest read assigned within the hour before, the session it is working
    in (one more query)."""
    keys = sorted({key for key in session_keys if key})
    if candidate_id is None:
        return {}
    found: dict[str | None, int] = {}
    if keys:
        exposed = Exposure.objects.filter(candidate_id=candidate_id, agent_id=agent_id, session_key__in=keys)
        found.update(exposed.values_list("session_key", "version_id"))
    if sessionless:
        latest = (
            Exposure.objects.filter(
                candidate_id=candidate_id, agent_id=agent_id, at__gte=clock.now() - SESSION_OPEN_FOR
            )
            .order_by("-at", "-pk")
            .values_list("version_id", flat=True)
            .first()
        )
        if latest is not None:
            found[None] = found[""] = latest
    return found
