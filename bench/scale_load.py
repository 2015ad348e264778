"""The bulk load of bench/scale.py: events of the realistic mix COPYed straight into Kaizen's
event tables (and the sessions and session signals ingest and derived work would have kept
for them), by several processes at once, each over its own stretch of time.

Derived work classifies each feedback event as it arrives; its items are stored here too, each
day's by one INSERT … SELECT over the day's observations, decisions and corrections, classified as
the rules classify them (each distinct text once).

Per 20 events of one agent's session: 11 tool invocations (one in 25 failing, with a mode),
4 skill outcomes (one in ten failed, with tokens, cost and two patterns), 2 observations (in one
session of four a negative one), two decisions (one in 80 rejected) or in one session of four a
decision and a correction, and the session's end. Times advance evenly over each day loaded.
"""

import io
import json
from datetime import UTC, datetime, timedelta

import psycopg

TOOLS = ["read_file", "bash", "grep", "edit_file", "http_get", "sql_query"]
MODES = ["RUNTIME", "NOTFOUND.package", "PERM", "TIMEOUT.network"]
SKILLS = ["triage", "review", "summarise", "refactor", "search"]
PATTERNS = ["Split by file type", "Ask first", "Small steps", "Read the tests first"]


def _columns(kind: str) -> list[str]:
    base = ["agent_id", "template_version_id", "dedup_key", "sha256", "occurred_at", "received_at"]
    extra = {
        "toolinvocation": ["session_id", "tool", "args", "outcome", "duration_ms", "failure_mode", "error"],
        "skilloutcome": [
            "skill", "success", "duration_ms", "cost_usd", "input_tokens", "output_tokens", "confidence",
            "confidence_explanation", "correlation_id", "error_count", "retry_count", "patterns",
            "failure_reason", "goal", "model", "cost_estimated", "session_id", "autonomous",
        ],
        "observation": ["text", "session_id", "sentiment", "category"],
        "decision": ["subject", "verdict", "reason", "session_id"],
        "correction": ["user_message", "previous_agent_response", "session_id"],
        "sessionend": ["session_id", "reflection", "digest"],
    }  # fmt: skip
    return base + extra[kind]


KINDS = ["toolinvocation", "skilloutcome", "observation", "decision", "correction", "sessionend"]
MIX = (
    ["toolinvocation"] * 11
    + ["skilloutcome"] * 4
    + ["observation"] * 2
    + ["decision", "correction", "sessionend"]
)


def _row(kind: str, n: int, session: str) -> tuple[str, str | None]:
    """The columns after the six common ones, as COPY text; and the session signal it shows."""
    k = n % 20
    if kind == "toolinvocation":
        failed = n % 25 == 0
        tool = TOOLS[n % len(TOOLS)]
        if failed:
            mode = MODES[n % 4]
            args = json.dumps({"cmd": "make test"})
            return (
                f"{session}\t{tool}\t{args}\tfailure\t{10 + n % 900}\t{mode}\texit status 2",
                f"tool:{tool}:{mode}",
            )
        return f'{session}\t{tool}\t{{"path": "src/app.py"}}\tsuccess\t{10 + n % 300}\t\t', None
    if kind == "skilloutcome":
        ok = (n // 20) % 10 != 1  # one session in ten fails its skills, whichever they are
        skill = SKILLS[n % len(SKILLS)]
        patterns = json.dumps([PATTERNS[n % 4], PATTERNS[(n + 1) % 4]])
        reason = "" if ok else "the tests failed"
        return (
            f"{skill}\t{'t' if ok else 'f'}\t{200 + n % 90000}\t0.0042\t1200\t300\t0.{n % 10}\t\t\t"
            f"{0 if ok else 2}\t0\t{patterns}\t{reason}\t\tgpt-4o-mini\tf\t{session}\tt",
            None if ok else "skill_failure",
        )
    if kind == "observation":
        negative = k == 16 and (n // 20) % 4 == 0
        text = "The answer was too long and missed the point." if negative else "Clear and quick."
        sentiment, category = ("negative", "communication") if negative else ("positive", "")
        return f"{text}\t{session}\t{sentiment}\t{category}", "negative:communication" if negative else None
    if kind == "decision":
        rejected = n % 80 == 17
        verdict = "rejected" if rejected else "confirmed"
        return f"deploy the change\t{verdict}\t\t{session}", "rejected_decision" if rejected else None
    if kind == "correction":
        return f"No, use pnpm instead of npm.\tnpm install\t{session}", "correction"
    return f"{session}\t\\N\t{{}}", None


def load(url: str, days: list[datetime], per_day: int, agents: list[tuple[int, int]], first_day: datetime):
    """COPY `per_day` events of each day of `days` into the tables, and their session signals;
    `agents` are (agent id, version id). Each day goes the way a bulk restore goes: into a new
    table without indexes, then attached as that day's partition, which builds its indexes by
    sorting once (a CHECK of the bounds first spares the attach its validating scan)."""
    columns = {kind: ", ".join(_columns(kind)) for kind in KINDS}
    step = 86400 / per_day
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET synchronous_commit = off")
        for day in days:
            base = (day - first_day).days * per_day
            out = {kind: io.StringIO() for kind in KINDS}
            signals, sessions = io.StringIO(), io.StringIO()
            cached_second, stamp, seen = -1, "", set()
            for i in range(per_day):
                n = base + i
                second = int(i * step)
                if second != cached_second:
                    cached_second = second
                    stamp = (day + timedelta(seconds=second)).isoformat()
                number = n // 20
                if n % 20 == 0:
                    seen = set()
                agent, version = agents[number % len(agents)]
                session = f"s{number}"
                if n % 20 == 0:  # what ingest records of the session its first event opens
                    sessions.write(f"{agent}\t{session}\t{version}\t{stamp}\n")
                kind = MIX[n % 20]
                if kind == "correction" and number % 4:
                    kind = "decision"  # a correction in one session of four
                rest, signal = _row(kind, n, session)
                out[kind].write(f"{agent}\t{version}\te{n}\t{'0' * 64}\t{stamp}\t{stamp}\t{rest}\n")
                if signal:
                    shown = (signal, "tool_failure") if signal.startswith("tool:") else (signal,)
                    for name in (*shown, "any_failure"):  # and any failure, once a session
                        if name not in seen:
                            seen.add(name)
                            signals.write(f"{agent}\t{session}\t{name}\t{version}\t{stamp}\n")
            _attach_day(conn, day, columns, out)
            _feedback_of_day(conn, day)
            with conn.cursor() as cur, cur.copy(SIGNALS_COPY) as copy:
                copy.write(signals.getvalue())
            with conn.cursor() as cur, cur.copy(SESSIONS_COPY) as copy:
                copy.write(sessions.getvalue())


SIGNALS_COPY = (
    "COPY improver_sessionsignal (agent_id, session_id, signal, template_version_id, received_at) FROM STDIN"
)
SESSIONS_COPY = (
    "COPY telemetry_sessionseen (agent_id, session_key, template_version_id, first_received_at) FROM STDIN"
)


def _attach_day(conn, day: datetime, columns: dict, out: dict) -> None:
    end = day + timedelta(days=1)
    bounds = f"FROM ('{day.isoformat()}') TO ('{end.isoformat()}')"
    check = f"occurred_at >= '{day.isoformat()}' AND occurred_at < '{end.isoformat()}'"
    with conn.cursor() as cur:
        for kind in KINDS:
            table, part = f"telemetry_{kind}", f"telemetry_{kind}_p{day:%Y%m%d}"
            cur.execute(f'CREATE TABLE "{part}" (LIKE "{table}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)')
            cur.execute(f'ALTER TABLE "{part}" ADD CONSTRAINT bounds CHECK ({check})')
            with cur.copy(f'COPY "{part}" ({columns[kind]}) FROM STDIN') as copy:
                copy.write(out[kind].getvalue())
            cur.execute(f'ALTER TABLE "{table}" ATTACH PARTITION "{part}" FOR VALUES {bounds}')
            cur.execute(f'ALTER TABLE "{part}" DROP CONSTRAINT bounds')


def _classified() -> dict[str, list[tuple]]:
    """Per event type, (the feedback's text, its sentiment, category, confidence) of every text
    this mix writes, as the rules classifier tells them at derive time."""
    from datetime import UTC as utc

    from improver.services.feedback import default_classifier
    from language.classify import RawFeedback

    rules, at = default_classifier(), datetime(2026, 1, 1, tzinfo=utc)
    negative = {"sentiment": "negative", "category": "communication"}
    said = {
        "observation": [
            ("The answer was too long and missed the point.", negative),
            ("Clear and quick.", {"sentiment": "positive", "category": ""}),
        ],
        "decision": [("confirmed deploy the change", {"verdict": "confirmed"}),
                     ("rejected deploy the change", {"verdict": "rejected"})],
        "correction": [("No, use pnpm instead of npm.", {})],
    }  # fmt: skip
    return {
        kind: [
            (c.raw.text, c.sentiment, c.category, c.confidence)
            for c in rules.classify([RawFeedback(kind, "0", at, text, None, hints) for text, hints in texts])
        ]
        for kind, texts in said.items()
    }


FEEDBACK_TEXT = {  # the text each event type is classified by (as learning.feedback reads it)
    "observation": "e.text",
    "decision": "e.verdict || ' ' || e.subject || CASE WHEN e.reason = '' THEN '' ELSE ': ' || e.reason END",
    "correction": "e.user_message",
}


def _feedback_of_day(conn, day: datetime) -> None:
    classes = _classified()
    for kind, text in FEEDBACK_TEXT.items():
        values = ", ".join("(%s, %s, %s, %s::float)" for _ in classes[kind])
        conn.execute(
            f"""INSERT INTO improver_feedbackitem (template_id, agent_id, source_type, source_id, sentiment,
                   category, confidence, detail, classifier, occurred_at, created_at)
                SELECT t.id, e.agent_id, %s, e.id::text, c.sentiment, c.category, c.confidence, c.text,
                       'rules', e.occurred_at, e.received_at
                FROM "telemetry_{kind}_p{day:%Y%m%d}" e
                JOIN telemetry_documentversion v ON v.id = e.template_version_id
                JOIN telemetry_agenttemplate t ON t.document_id = v.document_id
                JOIN (VALUES {values}) AS c (text, sentiment, category, confidence) ON c.text = {text}""",
            [kind, *(value for row in classes[kind] for value in row)],
        )


def load_part(args) -> int:
    load(*args)
    return len(args[1]) * args[2]


def now_utc() -> datetime:
    return datetime.now(UTC)
