"""A seeded simulated fleet that produces realistic telemetry (pure: builds event dicts).

The injected behaviours are what the loop should find: a package install that keeps failing
with NOTFOUND (friction, maintenance), a strategy that fails most of the time (anti-pattern),
users correcting the agent ("No, use pnpm instead of npm"), complaints about verbosity, and
rejected tool suggestions. Agents whose directives already carry the fix make the mistake
far less often, which is how the demo shows an approved evolution paying off. Researchers react
badly to being told to keep reports concise (their sources go missing): that evolution is the
harmful one the canary catches.
"""

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta

SKILLS = ("pr_review", "bug_fix", "dependency_update")
BAD_PATTERN = "Split by file type"
GOOD_PATTERN = "Write the failing test first"


@dataclass
class SimAgent:
    name: str
    template: str
    skill_success: dict[str, float]
    cost_per_call: float
    latency_ms: int
    declared: dict[str, float] = field(default_factory=dict)


def fleet(rng: random.Random, template: str, size: int) -> list[SimAgent]:
    agents = []
    for i in range(size):
        success = {skill: round(rng.uniform(0.55, 0.97), 2) for skill in SKILLS}
        agents.append(
            SimAgent(
                name=f"{template}-{i + 1}",
                template=template,
                skill_success=success,
                cost_per_call=round(rng.uniform(0.005, 0.05), 3),
                latency_ms=rng.randint(400, 4000),
                declared={skill: round(rng.uniform(0.5, 0.9), 2) for skill in SKILLS},
            )
        )
    return agents


def knows_fix(directives: str, marker: str) -> bool:
    return marker.lower() in directives.lower()


def session_id(agent: SimAgent, session_no: int) -> str:
    """The id of an agent's session: what its directives read names and its events carry."""
    return f"{agent.name}-s{session_no}"


@dataclass
class _Session:
    """A session being written: its id, the random source, its clock and the events so far."""

    sid: str
    rng: random.Random
    clock: datetime
    events: list[dict] = field(default_factory=list)

    def add(self, event_type: str, body: dict) -> None:
        """Append an event a few seconds to a minute and a half after the previous one."""
        self.clock += timedelta(seconds=self.rng.randint(5, 90))
        self.events.append(
            {
                "id": f"{self.sid}-{len(self.events)}",
                "type": event_type,
                "timestamp": self.clock.isoformat(),
                "body": body,
            }
        )


def session_events(
    rng: random.Random, agent: SimAgent, start: datetime, session_no: int, directives: str
) -> list[dict]:
    """One working session of an agent as ingest events (client ids make replays safe)."""
    session = _Session(session_id(agent, session_no), rng, start)
    uses_pnpm = knows_fix(directives, "pnpm")
    avoids_split = knows_fix(directives, BAD_PATTERN)
    terse = knows_fix(directives, "concise")

    install_failures = _install_failure_count(rng, agent, uses_pnpm)
    _add_install_failures(session, install_failures)
    if agent.template == "researcher" and terse and rng.random() < 0.7:
        _add_missing_sources(session)
    _add_routine_tool_calls(session)
    _add_skill_outcomes(session, agent, avoids_split)
    _add_user_feedback(session, install_failures, terse)
    _add_run_and_end(session, install_failures)
    return session.events


def _install_failure_count(rng: random.Random, agent: SimAgent, uses_pnpm: bool) -> int:
    """How often a coder's install fails this session: npm cannot find the workspace package;
    pnpm can, so an agent told to use it mostly has none. Other templates install nothing."""
    coding = agent.template == "coder"
    if not coding or (uses_pnpm and rng.random() < 0.85):
        return 0
    return rng.choice((0, 1, 3, 3, 4))


def _add_install_failures(session: _Session, count: int) -> None:
    """`count` failed npm installs of the workspace package."""
    for _ in range(count):
        session.add(
            "tool_invocation",
            {
                "session_id": session.sid,
                "tool": "npm_install",
                "args": {"pkg": "@acme/ui"},
                "outcome": "failure",
                "duration_ms": session.rng.randint(800, 3000),
                "failure_mode": "NOTFOUND.package",
            },
        )


def _add_missing_sources(session: _Session) -> None:
    """A researcher's report that lost its sources (what being told to be concise does to them)."""
    session.add(
        "tool_invocation",
        {
            "session_id": session.sid,
            "tool": "cite_sources",
            "args": {},
            "outcome": "failure",
            "duration_ms": session.rng.randint(50, 400),
            "failure_mode": "RUNTIME.missing_sources",
        },
    )


def _add_routine_tool_calls(session: _Session) -> None:
    """A handful of everyday tool calls (reading, running, editing) that nearly always succeed."""
    rng = session.rng
    for _ in range(rng.randint(3, 7)):
        ok = rng.random() < 0.96
        session.add(
            "tool_invocation",
            {
                "session_id": session.sid,
                "tool": rng.choice(("read_file", "bash", "edit_file")),
                "args": {},
                "outcome": "success" if ok else "failure",
                "duration_ms": rng.randint(20, 900),
                **({} if ok else {"failure_mode": rng.choice(("RUNTIME", "SYNTAX"))}),
            },
        )


def _add_skill_outcomes(session: _Session, agent: SimAgent, avoids_split: bool) -> None:
    """Two to four skill runs; the bad strategy, unless the directives rule it out, is picked half
    the time and more than halves the agent's chance of success."""
    rng = session.rng
    for _ in range(rng.randint(2, 4)):
        skill = rng.choice(SKILLS)
        pattern = BAD_PATTERN if (not avoids_split and rng.random() < 0.5) else GOOD_PATTERN
        p_success = agent.skill_success[skill] * (0.45 if pattern == BAD_PATTERN else 1.0)
        success = rng.random() < p_success
        session.add(
            "skill_outcome",
            {
                "session_id": session.sid,
                "skill": skill,
                "success": success,
                "duration_ms": int(agent.latency_ms * rng.uniform(0.5, 2.0)),
                "cost_usd": round(agent.cost_per_call * rng.uniform(0.5, 1.5), 4),
                "input_tokens": rng.randint(500, 5000),
                "output_tokens": rng.randint(100, 1500),
                "confidence": round(rng.uniform(0.6, 0.95) if success else rng.uniform(0.1, 0.5), 2),
                "correlation_id": f"{session.sid}-{skill}-{len(session.events)}",
                "error_count": 0 if success else rng.randint(1, 4),
                "retry_count": 0 if success else rng.randint(0, 2),
                "patterns": [pattern],
                **({} if success else {"failure_reason": f"{pattern} broke the build"}),
            },
        )


def _add_user_feedback(session: _Session, install_failures: int, terse: bool) -> None:
    """What the user says along the way: a correction after failed installs, a complaint about
    verbosity unless the agent is told to be concise, some praise, a rejected suggestion."""
    rng, sid = session.rng, session.sid
    if install_failures and rng.random() < 0.7:
        session.add(
            "correction",
            {
                "session_id": sid,
                "user_message": "No, use pnpm instead of npm in this repo.",
                "previous_agent_response": "Running npm install @acme/ui",
                "previous_tool_call": {"tool": "npm", "target": "dependencies"},
                "user_tool_call": {"tool": "pnpm", "target": "dependencies"},
            },
        )
    if not terse and rng.random() < 0.5:
        session.add(
            "observation",
            {
                "session_id": sid,
                "text": "The user complained the summary was too long and verbose. "
                "Keep it concise: lead with the answer.",
                "sentiment": "negative",
                "category": "complaint",
            },
        )
    if rng.random() < 0.3:
        session.add(
            "observation",
            {
                "session_id": sid,
                "text": "The user thanked the agent: tests were run before the PR, great work.",
                "sentiment": "positive",
                "category": "praise",
            },
        )
    if rng.random() < 0.25:
        session.add(
            "decision",
            {
                "session_id": sid,
                "subject": "suggest-global-npm-install",
                "verdict": "rejected",
                "reason": "We never install packages globally.",
            },
        )


def _add_run_and_end(session: _Session, install_failures: int) -> None:
    """The run's result (failed, and rated low, after three or more failed installs) and the
    session's closing reflection, which proposes pnpm when the installs kept failing."""
    rng, sid = session.rng, session.sid
    rating = rng.uniform(0.2, 0.6) if install_failures >= 3 else rng.uniform(0.6, 0.95)
    session.add(
        "wake_run",
        {
            "status": "failed" if install_failures >= 3 else "completed",
            "duration_ms": rng.randint(30_000, 600_000),
            "user_rating": round(rating, 2),
        },
    )
    session.add(
        "session_end",
        {
            "session_id": sid,
            "reflection": {
                "successes": ["finished the task"] if install_failures < 3 else [],
                "failures": ["npm could not find @acme/ui"] if install_failures else [],
                "proposals": (
                    [
                        {
                            "text": "Use pnpm for workspace packages",
                            "evidence": [f"{sid}: npm_install NOTFOUND.package x{install_failures}"],
                        }
                    ]
                    if install_failures >= 3
                    else [{"text": "Be faster"}]
                ),
            },
        },
    )


def install_failure_rate(events: list[dict]) -> float:
    """Share of sessions in `events` with at least one npm install failure."""
    sessions = {e["body"]["session_id"] for e in events if e["type"] == "session_end"}
    failing = {
        e["body"]["session_id"]
        for e in events
        if e["type"] == "tool_invocation" and e["body"]["tool"] == "npm_install"
    }
    return len(failing) / len(sessions) if sessions else 0.0
