"""The canary's decision rule applied to lines as factors, by Monte Carlo (`bench/canary_rule.py
--lines`): several lines of one template under test at once, each drawn independently for each
session (or each agent, when reads do not name their session), each decided on its own with its
own target, the few guardrails and every other signal watched.

The draws are this file's own; what it calls is what it tests: the service's decision rule
(`experiments.rule.decide`, default rules) fed one cell per agent and arm of each line — sessions
with the line against sessions without it, within each agent — once a day.

A fleet: `agents` agents whose session volumes are heavy-tailed (a Pareto weight per agent, mean
3 sessions a day), each with its own offset on the logit scale (spread 0, 0.4, 0.8), weekends
twice as hard, and a drift of up to ±0.3 over the horizon. Each line under test has its own
problem (a signal at 10–25% of sessions); the fleet also shows tool failures (25%), skill
failures (10%), corrections (8%) and escalations (5%). The kinds of line:

- good: its problem halves;
- neutral: nothing changes;
- harmful: its problem halves, but tool failures rise by 10 points;
- costly: nothing better, successful sessions take 30% longer (usage per success);
- longer: its problem halves, and the sessions it rescues take 30% longer than a session does;
- mixed: its problem halves for half the agents, nothing for the others.

A line is served to each session at the share (one half: the share a line's arm needs soonest),
and once decided it stops being drawn: promoted lines are served to all, dropped ones to none.
"""

import math
import random
from collections import Counter
from datetime import timedelta

GENERIC = {"tool_failure": 0.25, "skill_failure": 0.10, "correction": 0.08, "escalation": 0.05}
KINDS = ("good", "neutral", "harmful", "costly", "longer", "mixed")
BETTER = ("good", "longer", "mixed")
SHARE = 0.5
MISSING: Counter = Counter()  # why hand-overs were not decided, by kind of line


def expit(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def logit(p: float) -> float:
    return math.log(p / (1 - p))


class LineFleet:
    """One simulated fleet and its lines under test."""

    def __init__(self, rng: random.Random, agents: int, spread: float, kinds: list[str], days: int):
        self.rng, self.days, self.kinds = rng, days, kinds
        self.offset = [rng.gauss(0, spread) for _ in range(agents)]
        weights = [rng.paretovariate(1.5) for _ in range(agents)]
        mean = sum(weights) / agents
        self.volume = [3 * w / mean for w in weights]
        self.pace = [math.exp(rng.gauss(0, 0.3)) for _ in range(agents)]
        self.weekday = rng.randrange(7)
        self.drift = rng.uniform(-0.3, 0.3)
        self.base = [rng.uniform(0.10, 0.25) for _ in kinds]
        self.helped = [set(rng.sample(range(agents), max(1, agents // 2))) for _ in kinds]

    def sessions_today(self, agent: int) -> int:
        lam, k, p = self.volume[agent], 0, math.exp(-self.volume[agent])
        u, s = self.rng.random(), p
        while u > s and k < 200:  # Poisson(lam) by inversion
            k += 1
            p *= lam / k
            s += p
        return k

    def session(self, agent: int, day: int, on: set[int]) -> dict:
        """One session's signals and duration with the lines in `on` served."""
        rng = self.rng
        shift = self.offset[agent] + (math.log(2) if (self.weekday + day) % 7 >= 5 else 0.0)
        shift += self.drift * day / self.days
        shown, rescued = {}, False
        for i, kind in enumerate(self.kinds):
            p, u = expit(logit(self.base[i]) + shift), rng.random()
            works = kind in ("good", "harmful", "longer") or (kind == "mixed" and agent in self.helped[i])
            halved = i in on and works
            shown[f"problem{i}"] = u < (p / 2 if halved else p)
            rescued |= kind == "longer" and halved and p / 2 <= u < p
        harm = 0.10 * sum(self.kinds[i] == "harmful" for i in on)  # each harmful line adds its 10 points
        for signal, base in GENERIC.items():
            p = expit(logit(base) + shift)
            shown[signal] = rng.random() < (min(1.0, p + harm) if signal == "tool_failure" else p)
        failed = any(shown.values())
        duration = self.pace[agent] * math.exp(rng.gauss(0, 0.5)) * (0.6 if failed else 1.0)
        duration *= 1.3 ** sum(self.kinds[i] == "costly" for i in on)
        if rescued and not failed:
            duration *= 1.3 / 0.6
        return {"signals": shown, "failed": failed, "duration": duration}


def _cells(counts: dict, agents: int, metric: str, arm: int, pre: dict):
    from experiments.estimate import Cell

    if metric == "duration_per_success":
        return [
            Cell(a, c["success"], c["duration"], pre[a], _ss(c))
            for a in range(agents)
            if (c := counts[(a, arm)])["success"]
        ]
    return [Cell(a, c["n"], c[metric], pre.get(a)) for a in range(agents) if (c := counts[(a, arm)])["n"]]


def _ss(c: dict) -> float:
    r = c["duration"] / c["success"]
    return c["duration_sq"] - 2 * r * c["duration_won"] + r * r * c["success"]


def run_lines(agents: int, spread: float, mode: str, kinds: list[str], rng: random.Random, rules, days: int):
    """One template with `kinds` lines under test for `days` days: per line, (action, day, the
    recommendation at its hand-over or None)."""
    from experiments.rule import OTHER, OVERALL, decide

    fleet = LineFleet(rng, agents, spread, kinds, days)
    k = len(kinds)
    whole = {a for a in range(agents) if mode == "agent" or (mode == "mixed" and a % 2)}
    # per agent and line, whole agents are drawn once: a line is on for the agent or not
    agent_on = {(a, i): rng.random() < SHARE for a in whole for i in range(k)}
    metrics = {i: (f"problem{i}", OTHER, OVERALL, *GENERIC, "duration_per_success") for i in range(k)}
    counts = {i: {(a, arm): _empty(metrics[i]) for a in range(agents) for arm in (0, 1)} for i in range(k)}
    state = dict.fromkeys(range(k))  # None: under test; else (action, day, advice)
    looks = dict.fromkeys(range(k), ())
    shown = dict.fromkeys(range(k), ())
    handed = dict.fromkeys(range(k))
    for day in range(days):
        for a in range(agents):
            for _ in range(fleet.sessions_today(a)):
                on = set()
                for i in range(k):
                    if state[i] is not None:
                        on |= {i} if state[i][0] == "promote" else set()
                    elif agent_on[(a, i)] if a in whole else rng.random() < SHARE:
                        on.add(i)
                s = fleet.session(a, day, on)
                for i in range(k):
                    if state[i] is None:
                        _count(counts[i][(a, int(i in on))], s, i)
        for i in range(k):
            if state[i] is not None:
                continue
            pre = dict.fromkeys(range(agents))
            arms = {
                m: (_cells(counts[i], agents, m, 1, pre), _cells(counts[i], agents, m, 0, pre))
                for m in metrics[i]
            }
            verdict = decide(
                arms, timedelta(days=day + 1), rules, targets=(f"problem{i}",), looks=looks[i], shown=shown[i]
            )
            looks[i] = (*looks[i], verdict.look) if verdict.look else looks[i]
            shown[i] = verdict.shown
            advice = verdict.advice.action if verdict.advice else "wait"
            if verdict.action in ("promote", "roll_back"):
                state[i] = (verdict.action, day + 1, handed[i])
            elif verdict.action == "hand_over" and handed[i] is None:
                handed[i] = advice
                MISSING.update(f"{kinds[i]}:{m}" for m in verdict.missing)
    return [state[i] or ("hand_over" if handed[i] else "continue", days, handed[i]) for i in range(k)]


def _empty(metrics) -> dict:
    return dict.fromkeys((*metrics, "n", "success", "duration", "duration_sq", "duration_won"), 0.0)


def _count(cell: dict, s: dict, line: int) -> None:
    from experiments.rule import OTHER, OVERALL

    cell["n"] += 1
    target = f"problem{line}"
    for signal, shown in s["signals"].items():
        if signal in cell:
            cell[signal] += shown
    cell[OTHER] += any(v for sig, v in s["signals"].items() if sig != target)
    cell[OVERALL] += s["failed"]
    if not s["failed"]:
        cell["success"] += 1
        cell["duration_won"] += s["duration"]
    cell["duration"] += s["duration"]
    cell["duration_sq"] += s["duration"] ** 2


def mixes(rng: random.Random, lines: int) -> list[str]:
    """The kinds of `lines` lines under test at once: every kind equally likely."""
    return [rng.choice(KINDS) for _ in range(lines)]
