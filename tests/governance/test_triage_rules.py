"""The triage table: every class, and the order in which rules win."""

import pytest

from governance.board.triage import CLASSES, is_flaky, triage

TABLE = [
    ("Stopped.\n<!-- kaizen:question: Which database should I target? -->", "awaiting_input", True),
    ("Task failed pre-exec validation: missing acceptance criteria", "pre_exec_rejected", True),
    (
        "openai.BadRequestError: context_length_exceeded (maximum context length is 128000)",
        "context_limit",
        False,
    ),
    ("ModuleNotFoundError: No module named 'httpx'", "dependency_missing", False),
    ("bash: pnpm: command not found", "dependency_missing", False),
    ("fatal: Authentication failed for 'https://git.example.com/repo.git'", "infra_tooling", True),
    ("OSError: [Errno 28] No space left on device", "infra_tooling", True),
    ("yaml.scanner.ScannerError: mapping values are not allowed here", "parse_config", False),
    ("Refused to modify infra/: path is outside the allowed scope", "scope_policy", True),
    (
        "FAILED tests/test_api.py::test_create - AssertionError: 400 != 201\n1 failed, 20 passed",
        "validation_failure",
        False,
    ),
    ("ruff check found 3 errors", "validation_failure", False),
    ("Verification failed: expected output 'ok' not found", "verification_failure", False),
    ("Something odd happened.", "unknown", False),
    ("", "unknown", False),
]


@pytest.mark.parametrize(("text", "classification", "human"), TABLE)
def test_each_text_gets_its_class(text, classification, human):
    result = triage(title="Add the endpoint", text=text)
    assert result.classification == classification
    assert result.human_attention_required is human
    assert 0 < result.certainty <= 1 and result.reason_summary and result.recommended_action


def test_every_class_of_the_vocabulary_is_covered():
    covered = {c for _, c, _ in TABLE} | {"flaky_test"}
    assert covered == set(CLASSES)


@pytest.mark.parametrize(
    ("text", "winner"),
    [
        (
            "<!-- kaizen:question: ok? --> ModuleNotFoundError",
            "awaiting_input",
        ),  # the marker beats everything
        ("pre-exec check: ModuleNotFoundError: No module named x", "pre_exec_rejected"),
        ("context length exceeded while running pytest", "context_limit"),
        ("No module named yaml; tests failed", "dependency_missing"),  # before parse_config and validation
        ("permission denied reading config.yaml", "infra_tooling"),  # before parse_config
        ("invalid config: pytest.ini not allowed", "parse_config"),  # before scope_policy
    ],
)
def test_rule_order(text, winner):
    assert triage(title="t", text=text).classification == winner


@pytest.mark.parametrize(
    "text",
    [
        "Unknown repo key 'docs'",
        "Unknown repo key: payments",
        "Runner error: unknown repository 'payments-api'",
        "repo key 'docs' is not configured",
        "Repository key payments is not defined in the runner config",
        "No repo configured for key 'web'",
        "Missing repo key in the task description",
        "Unknown setting 'MAX_WORKERS'",
        "unknown configuration key: retries",
        "Missing required setting DATABASE_URL",
        "The setting 'retries' is not recognised",
        "config key `deploy.target` not found",
        "no such option: --colour",
        "Error: unrecognized configuration option 'strict_mode'",
        "ValueError: invalid setting TIMEOUT_S=abc",
        "Settings key \u2018region\u2019 is undefined",
    ],
)
def test_an_unknown_or_missing_key_or_setting_is_a_configuration_problem(text):
    result = triage(title="t", text=text)
    assert result.classification == "parse_config", text
    assert result.follow_up is not None and result.follow_up.kind == "goal"


@pytest.mark.parametrize(
    "text",
    [
        "This is outside the agent's scope",
        "Blocked: outside the agent\u2019s scope (billing service)",
        "Out-of-scope: the task asks for a database migration",
        "The requested rewrite is beyond the scope of this agent.",
        "Not within my scope: touching the payment provider.",
        "This request is not in scope for the docs agent.",
        "Deleting the prod bucket exceeds the agent's remit",
        "Declined: outside my mandate",
        "The task scope does not include the billing service",
        "Stopping: this work falls outside of the docs agent's assigned scope.",
    ],
)
def test_work_outside_the_agents_scope_goes_to_a_human(text):
    result = triage(title="t", text=text)
    assert (result.classification, result.human_attention_required) == ("scope_policy", True), text


@pytest.mark.parametrize(
    ("text", "classification"),
    [
        ("error: 'x' was not declared in this scope", "unknown"),  # a compiler's scope, not the agent's
        ("error[E0425]: cannot find value `x` in this scope", "validation_failure"),
        ("AssertionError: missing key 'id' in response", "validation_failure"),  # a test's key
        ("KeyError: 'name'\n1 failed, 3 passed", "validation_failure"),
        ("OPENAI_API_KEY is not set", "infra_tooling"),  # a credential, before configuration
        ("The timeout setting of the test harness caused 2 failed tests", "validation_failure"),
    ],
)
def test_near_misses_keep_their_class(text, classification):
    assert triage(title="t", text=text).classification == classification


def test_follow_ups_are_bounded_specs():
    result = triage(title="Add endpoint", text="ModuleNotFoundError: No module named 'httpx'")
    assert (
        result.follow_up.kind == "goal"
        and result.follow_up.title == "Add missing dependency for: Add endpoint"
    )
    context = triage(title="Big refactor", text="context length exceeded after step 4: moved 3 files")
    assert context.follow_up.body.startswith("prior_progress:\ncontext length exceeded after step 4")
    assert triage(title="t", text="Authentication failed").follow_up is None


@pytest.mark.parametrize(("failures", "flaky"), [(3, True), (2, False), (9, True), (10, True), (0, False)])
def test_flaky_threshold_over_the_last_ten_runs(failures, flaky):
    runs = [True] * failures + [False] * (10 - failures)
    assert is_flaky(runs) is flaky
    result = triage(title="t", text="1 failed, 10 passed (pytest)", command_history={"pytest -q": runs})
    assert result.classification == ("flaky_test" if flaky else "validation_failure")
    if flaky:
        assert result.follow_up.title == "Stabilise flaky test: pytest -q"


def test_repeated_unknowns_need_a_human():
    assert triage(title="t", text="weird", prior_unknowns=1).human_attention_required is False
    assert triage(title="t", text="weird", prior_unknowns=2).human_attention_required is True
