"""Dispatch guards for a violated goal: in-flight, cooldown, loop detection. Pure."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from config.kaizen import default


@dataclass(frozen=True)
class GuardRules:
    cooldown: timedelta = timedelta(seconds=default("GOAL_COOLDOWN_SECONDS"))
    loop_failures: int = default("LOOP_DETECT_FAILURES")
    loop_window: timedelta = timedelta(seconds=default("LOOP_DETECT_WINDOW_SECONDS"))
    loop_pause: timedelta = timedelta(seconds=default("LOOP_DETECT_PAUSE_SECONDS"))


@dataclass(frozen=True)
class GoalView:
    in_flight: bool
    last_success_at: datetime | None
    paused_until: datetime | None


def may_dispatch(view: GoalView, now: datetime, rules: GuardRules) -> tuple[bool, str]:
    """Whether a violated goal may dispatch now, and why not."""
    if view.in_flight:
        return False, "in_flight"
    if view.paused_until and now < view.paused_until:
        return False, "loop_paused"
    if view.last_success_at and now < view.last_success_at + rules.cooldown:
        return False, "cooldown"
    return True, "ok"


def is_loop(failure_times: tuple[datetime, ...], now: datetime, rules: GuardRules) -> bool:
    """`loop_failures` failed dispatches within `loop_window` count as a dispatch loop."""
    recent = [t for t in failure_times if now - t <= rules.loop_window]
    return len(recent) >= rules.loop_failures
