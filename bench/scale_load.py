"""The bulk load of bench/scale.py: events of the realistic mix COPYed straight into Kaizen's
event tables (and the session signals derived work would have kept for them), by several
processes at once, each over its own stretch of time.

Per 20 events of one agent's session: 11 tool invocations (one in five failing, with a mode),
4 skill outcomes (one in five failed, with tokens, cost and two patterns), 2 observations (one
negative), a decision (one in four rejected), a correction and the session's end. Times advance
evenly over the days loaded, so each COPY fills one day's partition after another.
"""

import io
import json
from datetime import UTC, datetime, timedelta

import psycopg

CHUNK = 200_000  # events per COPY round (one transaction)
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
        failed = n % 5 == 0
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
        ok = n % 5 != 1
        skill = SKILLS[n % len(SKILLS)]
        patterns = json.dumps([PATTERNS[n % 4], PATTERNS[(n + 1) % 4]])
        reason = "" if ok else "the tests failed"
        return (
            f"{skill}\t{'t' if ok else 'f'}\t{200 + n % 90000}\t0.0042\t1200\t300\t0.{n % 10}\t\t\t"
            f"{0 if ok else 2}\t0\t{patterns}\t{reason}\t\tgpt-4o-mini\tf\t{session}\tt",
            None if ok else "skill_failure",
        )
    if kind == "observation":
        negative = k == 16
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


def load(
    url: str, first: int, last: int, total: int, agents: list[tuple[int, int]], days: int, end: datetime
):
    """COPY events `first`…`last` (of `total`, spread over `days` up to `end`) into the tables,
    CHUNK at a time; `agents` are (agent id, version id)."""
    start = end - timedelta(days=days)
    step = days * 86400 / total
    columns = {kind: ", ".join(_columns(kind)) for kind in KINDS}
    with psycopg.connect(url) as conn:
        conn.execute("SET synchronous_commit = off")
        for chunk in range(first, last, CHUNK):
            out = {kind: io.StringIO() for kind in KINDS}
            signals = io.StringIO()
            cached_second, stamp = -1, ""
            for n in range(chunk, min(chunk + CHUNK, last)):
                second = int(n * step)
                if second != cached_second:
                    cached_second = second
                    stamp = (start + timedelta(seconds=second)).isoformat()
                agent, version = agents[(n // 20) % len(agents)]
                session = f"s{n // 20}"
                kind = MIX[n % 20]
                rest, signal = _row(kind, n, session)
                out[kind].write(f"{agent}\t{version}\te{n}\t{'0' * 64}\t{stamp}\t{stamp}\t{rest}\n")
                if signal:
                    signals.write(f"{agent}\t{session}\t{signal}\t{version}\t{stamp}\n")
                    if signal.startswith("tool:"):
                        signals.write(f"{agent}\t{session}\ttool_failure\t{version}\t{stamp}\n")
            with conn.cursor() as cur:
                for kind in KINDS:
                    with cur.copy(f"COPY telemetry_{kind} ({columns[kind]}) FROM STDIN") as copy:
                        copy.write(out[kind].getvalue())
                cur.execute(
                    "CREATE TEMP TABLE IF NOT EXISTS signals_in (agent_id bigint, session_id text, "
                    "signal text, template_version_id bigint, received_at timestamptz)"
                )
                cur.execute("TRUNCATE signals_in")
                with cur.copy("COPY signals_in FROM STDIN") as copy:
                    copy.write(signals.getvalue())
                cur.execute(
                    "INSERT INTO improver_sessionsignal "
                    "(agent_id, session_id, signal, template_version_id, received_at) "
                    "SELECT DISTINCT ON (agent_id, session_id, signal) * FROM signals_in "
                    "ON CONFLICT DO NOTHING"
                )
            conn.commit()


def load_part(args) -> int:
    load(*args)
    return args[2] - args[1]


def now_utc() -> datetime:
    return datetime.now(UTC)
