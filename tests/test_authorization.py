"""Who may call what: every endpoint × anonymous / owning agent / other agent / staff / approver.

"ok" means the call went through (2xx); a number is the refusal expected, always a JSON body
with a message that says why.
"""

import pytest
from rest_framework.test import APIClient

from governance.models import BoardTask, Proposal
from tests.factories import UserFactory, agent_with_token, approver
from tests.planner.test_proposals_that_act import GOAL
from tests.telemetry.events import TS, VALID_BODIES

pytestmark = pytest.mark.django_db
ROLES = ("anonymous", "owner", "other", "staff", "approver")

OTLP = {"resourceSpans": []}
INGEST = {"batch": [{"type": "observation", "timestamp": TS, "body": VALID_BODIES["observation"]}]}
AGENTS_ONLY = {"anonymous": 401, "owner": "ok", "other": "ok", "staff": 403, "approver": 403}
STAFF_ONLY = {"anonymous": 401, "owner": 403, "other": 403, "staff": "ok", "approver": "ok"}
APPROVERS_ONLY = {"anonymous": 401, "owner": 403, "other": 403, "staff": 403, "approver": "ok"}
EVERYONE = {"anonymous": 401, "owner": "ok", "other": "ok", "staff": "ok", "approver": "ok"}
OWNER_OR_STAFF = {"anonymous": 401, "owner": "ok", "other": 403, "staff": "ok", "approver": "ok"}
STAFF_NOT_AGENTS = {"anonymous": 401, "owner": 403, "other": 403, "staff": "ok", "approver": "ok"}

TABLE = [
    ("post", "/api/v1/ingest", INGEST, AGENTS_ONLY),
    ("post", "/v1/traces", OTLP, AGENTS_ONLY),
    ("get", "/api/v1/agents/me/directives", None, AGENTS_ONLY),
    ("get", "/api/v1/agents/me/card", None, {**AGENTS_ONLY, "owner": 405, "other": 405}),
    ("put", "/api/v1/agents/me/card", {"skills": [{"name": "triage", "confidence": 0.5}]}, AGENTS_ONLY),
    ("get", "/api/v1/agents/me/dispatches", None, AGENTS_ONLY),
    ("get", "/api/v1/planner/candidates?skill=triage", None, EVERYONE),
    ("post", "/api/v1/planner/select", {"skill": "triage", "seed": 1}, EVERYONE),
    ("get", "/api/v1/planner/summary?agent=owner&skill=triage", None, EVERYONE),
    ("get", "/api/v1/planner/patterns", None, EVERYONE),
    ("get", "/api/v1/fleet/health", None, EVERYONE),
    ("get", "/api/v1/proposals", None, STAFF_ONLY),
    ("post", "/api/v1/proposals", {"type": "goal", "yaml": GOAL, "rationale": "r"}, AGENTS_ONLY),
    ("get", "/api/v1/proposals/{proposal}", None, STAFF_ONLY),
    ("post", "/api/v1/proposals/{proposal}/approve", {}, APPROVERS_ONLY),
    ("post", "/api/v1/proposals/{proposal}/reject", {"reason": "no"}, APPROVERS_ONLY),
    (
        "post",
        "/api/v1/proposals/{proposal}/refine",
        {"text": "smaller"},
        {**APPROVERS_ONLY, "approver": 400},
    ),  # past the gate: goals are not refinable
    ("get", "/api/v1/board/tasks", None, EVERYONE),
    ("post", "/api/v1/board/tasks", {"title": "t", "source": "autonomy"}, EVERYONE),
    ("post", "/api/v1/board/tasks", {"title": "t", "source": "human"}, STAFF_NOT_AGENTS),
    ("post", "/api/v1/board/tasks", {"title": "t", "parent": "{task}"}, OWNER_OR_STAFF),
    ("get", "/api/v1/board/tasks/{task}", None, OWNER_OR_STAFF),
    ("get", "/api/v1/board/tasks/{assigned}", None, OWNER_OR_STAFF),
    ("patch", "/api/v1/board/tasks/{task}", {"priority": "high"}, OWNER_OR_STAFF),
    ("patch", "/api/v1/board/tasks/{assigned}", {"status": "blocked"}, OWNER_OR_STAFF),
    ("patch", "/api/v1/board/tasks/{task}", {"assignee": "other"}, STAFF_NOT_AGENTS),
    ("patch", "/api/v1/board/tasks/{approved_work}", {"status": "done"}, STAFF_NOT_AGENTS),
    ("post", "/api/v1/board/tasks/{task}/comments", {"body": "hi"}, OWNER_OR_STAFF),
    ("get", "/api/v1/rollouts", None, STAFF_ONLY),
    ("get", "/api/v1/rollouts?status=running", None, STAFF_ONLY),
    ("post", "/api/v1/rollouts/{rollout}/pin", {"reason": "watching"}, APPROVERS_ONLY),
    ("post", "/api/v1/rollouts/{rollout}/abort", {}, APPROVERS_ONLY),
    ("post", "/api/v1/rollouts/{rollout}/promote", {}, APPROVERS_ONLY),
    ("get", "/api/v1/line-tests", None, STAFF_ONLY),
    ("get", "/api/v1/line-tests?status=testing", None, STAFF_ONLY),
    ("post", "/api/v1/line-tests/{line_test}/pin", {"reason": "watching"}, APPROVERS_ONLY),
    ("post", "/api/v1/line-tests/{line_test}/abort", {}, APPROVERS_ONLY),
    ("post", "/api/v1/line-tests/{line_test}/promote", {}, APPROVERS_ONLY),
    ("post", "/api/public/otel/v1/traces", OTLP, AGENTS_ONLY),
    ("get", "/api/public/projects", None, AGENTS_ONLY),
    ("post", "/api/public/scores", [{"name": "helpful", "value": 1.0}], AGENTS_ONLY),
    ("get", "/api/public/v2/prompts/{owner_template}", None, {**AGENTS_ONLY, "other": 404}),
    ("post", "/mcp", {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, AGENTS_ONLY),
    ("get", "/dashboard/", None, {**STAFF_ONLY, "anonymous": 302, "owner": 302, "other": 302}),
    ("get", "/", None, dict.fromkeys(ROLES, 302)),  # to the dashboard
    ("get", "/api/schema/", None, dict.fromkeys(ROLES, "ok")),
    ("get", "/api/docs/", None, dict.fromkeys(ROLES, "ok")),
    ("get", "/healthz", None, dict.fromkeys(ROLES, "ok")),
    ("get", "/readyz", None, dict.fromkeys(ROLES, "ok")),  # says nothing secret: check names and counts
    ("get", "/metrics", None, dict.fromkeys(ROLES, 404)),  # off until KAIZEN_METRICS_TOKEN is set
]


@pytest.fixture
def world(db):
    owner, owner_token = agent_with_token(name="owner")
    other, other_token = agent_with_token(name="other")
    proposal = Proposal.objects.create(type=Proposal.Type.GOAL, title="Raise the floor", payload={})
    approved = Proposal.objects.create(
        type=Proposal.Type.GOAL, title="Approved work", payload={}, status=Proposal.Status.APPROVED
    )
    running = BoardTask.Status.RUNNING
    ids = {
        "rollout": _rollout().pk,
        "line_test": _line_test().pk,
        "owner_template": owner.template.slug,
        "proposal": proposal.pk,
        "task": BoardTask.objects.create(title="owned", source="autonomy", created_by_agent=owner).pk,
        "assigned": BoardTask.objects.create(title="assigned", status=running, assignee=owner).pk,
        "approved_work": BoardTask.objects.create(
            title="work", status=running, assignee=owner, proposal=approved
        ).pk,
    }
    clients = {role: APIClient() for role in ROLES}
    clients["owner"].credentials(HTTP_AUTHORIZATION=f"Bearer {owner_token}")
    clients["other"].credentials(HTTP_AUTHORIZATION=f"Bearer {other_token}")
    clients["staff"].force_login(UserFactory(username="viewer"))
    clients["approver"].force_login(approver())
    return clients, ids


def _rollout():
    """A running canary of a template's second version (each action test gets a fresh one)."""
    from config import clock
    from experiments.models import Rollout
    from fleet.templates import template_version_create
    from tests.factories import TemplateFactory

    template = TemplateFactory(slug="canaried")
    champion = template.document.head
    candidate = template_version_create(
        template=template, directives="Be helpful.\nCite sources.\n", as_candidate=True
    )
    evolution = Proposal.objects.create(type=Proposal.Type.TEMPLATE_EVOLUTION, title="Evolve", payload={})
    return Rollout.objects.create(
        template=template,
        proposal=evolution,
        champion=champion,
        candidate=candidate,
        share=0.2,
        started_at=clock.now(),
    )


def _line_test():
    """A line under test on a template of its own (each action test gets a fresh one)."""
    from config import clock
    from experiments.services import factors_start
    from tests.factories import TemplateFactory

    template = TemplateFactory(slug="line-tested")
    return factors_start(
        template=template,
        proposal=None,
        factors=[[{"add": ["Cite sources."], "targets": ["negative"]}]],
        at=clock.now(),
    )[0]


def fill(value, ids):
    if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
        return ids[value[1:-1]]
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    return value


CASES = [
    pytest.param(method, path, body, role, expected[role], id=f"{method}-{path}-{role}")
    for method, path, body, expected in TABLE
    for role in ROLES
]


@pytest.mark.same_on_every_database(
    "who may call what is decided by the permission classes; the database rows that decide ownership "
    "are read by primary and foreign key, the same on both"
)
@pytest.mark.same_at_every_instant("who may call what: rows are stamped with the time, no answer reads it")
@pytest.mark.parametrize(("method", "path", "body", "role", "expected"), CASES)
def test_every_endpoint_for_every_role(world, method, path, body, role, expected):
    clients, ids = world
    url = path.format(**ids)
    response = getattr(clients[role], method)(url, fill(body, ids), format="json")
    if expected == "ok":
        assert 200 <= response.status_code < 300, (response.status_code, response.content[:400])
        return
    assert response.status_code == expected, (response.status_code, response.content[:400])
    if expected in (401, 403) and url.startswith(("/api/", "/v1/")):
        message = response.json()["message"]
        assert len(message) > 10  # says why, not just "forbidden"


def test_an_agent_lists_only_the_tasks_it_created_or_is_assigned(world):
    clients, ids = world
    owned = {t["id"] for t in clients["owner"].get("/api/v1/board/tasks").json()["results"]}
    assert owned == {ids["task"], ids["assigned"], ids["approved_work"]}
    assert clients["other"].get("/api/v1/board/tasks").json()["results"] == []
    everything = {t["id"] for t in clients["staff"].get("/api/v1/board/tasks").json()["results"]}
    assert owned <= everything


def test_refusals_say_why_and_change_nothing(world):
    clients, ids = world
    response = clients["owner"].patch(
        f"/api/v1/board/tasks/{ids['approved_work']}", {"status": "done"}, format="json"
    )
    assert "only a staff user may mark it done" in response.json()["message"]
    assert response.json()["extra"]["fields"]["status"]
    work = BoardTask.objects.get(pk=ids["approved_work"])
    assert work.status == "running" and work.proposal.status == Proposal.Status.APPROVED
    response = clients["other"].post(
        f"/api/v1/board/tasks/{ids['task']}/comments", {"body": "mine now"}, format="json"
    )
    assert "belongs to another agent" in response.json()["message"]
    assert not BoardTask.objects.get(pk=ids["task"]).comments.exists()
    response = clients["owner"].post("/api/v1/board/tasks", {"title": "t", "source": "human"}, format="json")
    assert response.json()["extra"]["fields"]["source"] and not BoardTask.objects.filter(title="t").exists()


def test_staff_completing_approved_work_marks_the_proposal_implemented(world):
    clients, ids = world
    response = clients["staff"].patch(
        f"/api/v1/board/tasks/{ids['approved_work']}", {"status": "done"}, format="json"
    )
    assert response.status_code == 200
    assert BoardTask.objects.get(pk=ids["approved_work"]).proposal.status == Proposal.Status.IMPLEMENTED


def test_an_assigned_agent_sees_the_assignment_by_name(world):
    clients, ids = world
    clients["staff"].patch(f"/api/v1/board/tasks/{ids['task']}", {"assignee": "other"}, format="json")
    task = clients["other"].get(f"/api/v1/board/tasks/{ids['task']}").json()
    assert task["assignee"] == "other"


def _routes(patterns, prefix=""):
    from django.urls import URLResolver

    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern)


def test_the_table_covers_every_endpoint():
    """A new endpoint without a row here fails: who may call it must be decided and tested."""
    import re

    from django.urls import get_resolver

    tested = {re.sub(r"\{[a-z_]+\}", "<id>", path.split("?")[0]).lstrip("/") for _, path, _, _ in TABLE}
    served = {
        re.sub(r"<[a-z]+:[a-z_]+>", "<id>", route)
        for route in _routes(get_resolver().url_patterns)
        if not route.startswith("admin/")  # the admin's own permissions: tests/test_admin_actions.py
    }
    actions = {"api/v1/rollouts/<id>/pin", "api/v1/rollouts/<id>/abort", "api/v1/rollouts/<id>/promote"}
    assert actions <= tested
    tested = {re.sub(r"/(pin|abort|promote)$", "/<id>", path) for path in tested}
    assert served - tested == set()


@pytest.mark.django_db
def test_a_client_whose_tokens_keep_failing_gets_429_while_good_tokens_pass(settings, clock):
    from django.core.cache import cache

    cache.clear()
    settings.KAIZEN = {**settings.KAIZEN, "AUTH_FAILURES_PER_MINUTE": 5}
    _, good = agent_with_token(name="good")
    ok = APIClient()
    ok.credentials(HTTP_AUTHORIZATION=f"Bearer {good}")
    assert ok.get("/api/v1/agents/me/directives").status_code != 401  # known good from here on
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Bearer kz_abcdefgh_wrongwrongwrong")
    statuses = [bad.get("/api/v1/agents/me/directives").status_code for _ in range(8)]
    assert statuses == [401] * 5 + [429] * 3
    refused = bad.get("/api/v1/agents/me/directives")
    assert 1 <= int(refused["Retry-After"]) <= 61
    assert ok.get("/api/v1/agents/me/directives").status_code != 429  # same address, good token
    cache.clear()


def blocked_address(settings, headers: dict, failures: int = 5) -> APIClient:
    """A client whose tokens failed `failures` times at the limit of 5 a minute from `headers`."""
    from django.core.cache import cache

    cache.clear()
    settings.KAIZEN = {**settings.KAIZEN, "AUTH_FAILURES_PER_MINUTE": 5}
    bad = APIClient(**headers)
    bad.credentials(HTTP_AUTHORIZATION="Bearer kz_abcdefgh_wrongwrongwrong")
    statuses = [bad.get("/api/v1/agents/me/directives").status_code for _ in range(failures + 1)]
    assert statuses == [401] * failures + [429]
    return bad


@pytest.mark.parametrize("who", ["agent", "staff"])
def test_a_valid_token_passes_from_an_address_over_its_limit(settings, clock, who):
    """An agent (or a staff tool) behind the address of a client guessing tokens is not refused:
    the token is checked before the address's count, which only failures raise."""
    from fleet.services import token_issue

    blocked_address(settings, {"REMOTE_ADDR": "198.51.100.7"})
    if who == "agent":
        _, token = agent_with_token(name="behind-the-same-address")  # never seen by this process
        path = "/api/v1/agents/me/directives"
    else:
        _, token = token_issue(user=approver("staff-tool"))
        path = "/api/v1/proposals"
    good = APIClient(REMOTE_ADDR="198.51.100.7")
    good.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert [good.get(path).status_code for _ in range(3)] == [200] * 3
    wrong = APIClient(REMOTE_ADDR="198.51.100.7")
    wrong.credentials(HTTP_AUTHORIZATION="Bearer kz_zyxwvuts_stillwrong")
    assert wrong.get(path).status_code == 429  # the address is still over its limit for failures


@pytest.mark.parametrize(
    ("peer", "headers", "trusted", "counted_as"),
    [
        ("203.0.113.9", {}, "127.0.0.1,::1", "203.0.113.9"),
        ("203.0.113.9", {"HTTP_X_REAL_IP": "10.9.9.9"}, "127.0.0.1,::1", "203.0.113.9"),  # not a proxy
        ("203.0.113.9", {"HTTP_X_FORWARDED_FOR": "10.9.9.9"}, "127.0.0.1,::1", "203.0.113.9"),
        ("127.0.0.1", {"HTTP_X_REAL_IP": "198.51.100.1"}, "127.0.0.1,::1", "198.51.100.1"),  # nginx
        ("127.0.0.1", {"HTTP_X_FORWARDED_FOR": "6.6.6.6, 198.51.100.1"}, "127.0.0.1", "198.51.100.1"),
        ("::1", {"HTTP_X_REAL_IP": "198.51.100.1"}, "127.0.0.1,::1", "198.51.100.1"),
        ("10.0.0.5", {"HTTP_X_REAL_IP": "198.51.100.1"}, "127.0.0.1,::1", "10.0.0.5"),  # not listed
        ("10.0.0.5", {"HTTP_X_REAL_IP": "198.51.100.1"}, "10.0.0.0/8", "198.51.100.1"),
        (  # a load balancer (10.0.0.2) before nginx: the hop before it is the client
            "127.0.0.1",
            {"HTTP_X_REAL_IP": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "6.6.6.6, 198.51.100.1, 10.0.0.2"},
            "127.0.0.1,10.0.0.0/8",
            "198.51.100.1",
        ),
        ("127.0.0.1", {}, "127.0.0.1,::1", "127.0.0.1"),  # a proxy that said nothing
        ("203.0.113.9", {}, "", "203.0.113.9"),
    ],
)
def test_the_address_a_failure_counts_against(settings, peer, headers, trusted, counted_as):
    from django.test import RequestFactory

    from fleet.failed_auth import client_of

    settings.KAIZEN = {**settings.KAIZEN, "TRUSTED_PROXIES": trusted}
    assert client_of(RequestFactory().get("/", REMOTE_ADDR=peer, **headers)) == counted_as


def test_a_client_rotating_x_real_ip_without_a_proxy_in_front_is_still_limited(settings, clock):
    from django.core.cache import cache

    cache.clear()
    settings.KAIZEN = {**settings.KAIZEN, "AUTH_FAILURES_PER_MINUTE": 5}
    statuses = []
    for i in range(8):
        bad = APIClient(
            REMOTE_ADDR="203.0.113.9", HTTP_X_REAL_IP=f"10.1.1.{i}", HTTP_X_FORWARDED_FOR=f"10.2.2.{i}"
        )
        bad.credentials(HTTP_AUTHORIZATION="Bearer kz_abcdefgh_wrongwrongwrong")
        statuses.append(bad.get("/api/v1/agents/me/directives").status_code)
    assert statuses == [401] * 5 + [429] * 3
    # behind the trusted proxy (loopback), each client nginx reports has its own count
    proxied = APIClient(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="198.51.100.50")
    proxied.credentials(HTTP_AUTHORIZATION="Bearer kz_abcdefgh_wrongwrongwrong")
    assert proxied.get("/api/v1/agents/me/directives").status_code == 401
    cache.clear()


def test_trusted_proxies_are_parsed_strictly():
    from config.kaizen import out_of_range

    assert out_of_range("TRUSTED_PROXIES", "10.0.0.0/8, 127.0.0.1,::1") == ""
    assert "'nginx.local' is not an IP address" in out_of_range("TRUSTED_PROXIES", "10.0.0.0/8,nginx.local")
