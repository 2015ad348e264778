"""Loop 3: the telemetry digest of one session, pure over aggregated rows."""


def digest(
    rows: list[dict], first_at, last_at, corrections: int, observations: int, retired_before=None
) -> dict:
    """rows: [{tool, calls, failures, duration_ms}] per tool (aggregated in SQL). `retired_before`:
    retention had retired the events dated before this instant when the digest was derived, and
    the session's may be among them: the digest counts what was kept, and says so."""
    calls = sum(r["calls"] for r in rows)
    failures = sum(r["failures"] for r in rows)
    said = {"retired_before": retired_before.isoformat()} if retired_before else {}
    return {
        **said,
        "tool_histogram": {r["tool"]: r["calls"] for r in rows},
        "failure_rate_per_tool": {
            r["tool"]: round(r["failures"] / r["calls"], 4) for r in rows if r["calls"]
        },
        "duration_s": round((last_at - first_at).total_seconds(), 3) if first_at and last_at else 0.0,
        "tool_time_ms": sum(r["duration_ms"] or 0 for r in rows),
        "counts": {
            "tool_calls": calls,
            "failures": failures,
            "tools": len(rows),
            "corrections": corrections,
            "observations": observations,
        },
    }
