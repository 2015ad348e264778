"""The canary's decision rule by Monte Carlo on fleets as they are: agents that differ, weekends
that are harder, a base rate that drifts, small fleets, and clients that do or do not name their
session when they read their directives.

    .venv/bin/python bench/canary_rule.py [--runs 200] [--smoke] [--sizes 4,8,20,50]
    .venv/bin/python bench/canary_rule.py --lines [--runs 200] [--smoke] [--sizes 3,8,20,50]
        [--spreads 0,0.4,0.8] [--shares 0.5,0.2] [--modes session]

With `--lines`, lines are tested as factors, several at once, contrary pairs as one factor of two
exclusive levels, sessions naming themselves on the read unless `--modes` says otherwise
(`bench/canary_lines.py`, which states the grid's targets). Exits 1 when one is missed.

The draws are this file's own: nothing here reads the service's counting or estimating code.
What it does call is what it tests: the service's assignment of agents (`fleet.arms.canary_pick`,
matched on their failure share before the rollout), its canary share (`adaptive_share`) and its
decision rule (`experiments.rule.decide` with the service's default rules), fed one cell per agent
and arm and looking once a day.

A fleet: `agents` agents at 3 sessions a day. Each session shows each failure signal with its
own rate: a target (30% of sessions), tool failures (25%), skill failures (10%), corrections (8%)
and escalations (5%); any failure is any of them. Each agent's rates are shifted by its own
offset on the logit scale, drawn N(0, spread²) (spread 0, 0.4, 0.8); weekend sessions are twice
as hard (odds × 2) for everyone; and the whole fleet's level drifts by up to ±0.3 on the logit
scale over the two weeks. A session's duration is its agent's own (log-normal) level; a failed
session stops early (60% of the time). Two weeks of the champion before the rollout give each
agent its own history. Sessions are assigned one by one (`session`: the client names its session
on the read), or whole agents are (`agent`: it does not), or half the agents do each (`mixed`).

Scenarios:

- neutral: nothing changes;
- harmful: the target halves, but tool failures rise by 10 points;
- better: the target halves;
- longer: the target halves, and the sessions it rescues take 30% longer than a session does.

Printed per cell: rolled back, promoted (by the system), handed over, the median day of the
decision, and the share of hand-overs whose recommendation was right (promote for better and
longer, abort for harmful, anything but promote for neutral): when it was handed over, and on
day 14 (the page shows the latest recommendation until a human acts). Targets: neutral rolled back ≤ 5%
and promoted ≤ 5%, harmful promoted ≤ 5% in every cell; better and longer promoted ≥ 80% from 20
agents at spread 0 and 0.4. Exits 1 when a target is missed (not with --smoke).
"""

import argparse
import math
import os
import random
import sys
from datetime import timedelta
from statistics import median

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PER_DAY = 3
DAYS = 14
BASE = {"target": 0.30, "tool_failure": 0.25, "skill_failure": 0.10, "correction": 0.08, "escalation": 0.05}
SIGNALS = (*BASE, "other_failure", "any_failure")
SCENARIOS = ("neutral", "harmful", "better", "longer")
SPREADS = (0.0, 0.4, 0.8)
MODES = ("session", "mixed", "agent")


def expit(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def logit(p: float) -> float:
    return math.log(p / (1 - p))


class Fleet:
    """One simulated fleet: each agent's offset and duration level, the weekday of the start and
    the drift."""

    def __init__(self, rng: random.Random, agents: int, spread: float):
        self.rng = rng
        self.offset = [rng.gauss(0, spread) for _ in range(agents)]
        self.pace = [math.exp(rng.gauss(0, 0.3)) for _ in range(agents)]
        self.weekday = rng.randrange(7)
        self.drift = rng.uniform(-0.3, 0.3)

    def session(self, agent: int, day: int, scenario: str | None) -> dict:
        """One session on `day` (negative: before the rollout) under `scenario` (None: champion)."""
        rng = self.rng
        shift = self.offset[agent] + (math.log(2) if (self.weekday + day) % 7 >= 5 else 0.0)
        shift += self.drift * max(day, 0) / DAYS
        shown, rescued = {}, False
        for signal, base in BASE.items():
            p = expit(logit(base) + shift)
            u = rng.random()
            if scenario in ("harmful", "better", "longer") and signal == "target":
                shown[signal] = u < p / 2
                rescued = u < p and not shown[signal]
            elif scenario == "harmful" and signal == "tool_failure":
                shown[signal] = u < min(1.0, p + 0.10)
            else:
                shown[signal] = u < p
        shown["other_failure"] = any(v for k, v in shown.items() if k != "target")
        shown["any_failure"] = any(shown.values())
        duration = self.pace[agent] * math.exp(rng.gauss(0, 0.5)) * (0.6 if shown["any_failure"] else 1.0)
        if scenario == "longer" and rescued:
            duration *= 1.3 / 0.6 if not shown["any_failure"] else 1.0
        shown["duration"] = duration
        return shown


def run(agents: int, spread: float, mode: str, scenario: str, rng: random.Random, rules, floor) -> tuple:
    """One rollout: (action, day, the hand-over's (day, recommendation, the recommendation on the
    last day) or None)."""
    from experiments.estimate import Cell
    from experiments.rule import adaptive_share, decide, decision_sessions
    from fleet.arms import canary_pick

    fleet = Fleet(rng, agents, spread)
    pre = {a: dict.fromkeys((*SIGNALS, "duration", "success"), 0.0) for a in range(agents)}
    for a in range(agents):
        for day in range(-DAYS, 0):
            for _ in range(PER_DAY):
                s = fleet.session(a, day, None)
                for m in SIGNALS:
                    pre[a][m] += s[m]
                pre[a]["duration"] += s["duration"]
                pre[a]["success"] += not s["any_failure"]
    own = {a: {m: pre[a][m] / (DAYS * PER_DAY) for m in SIGNALS} for a in range(agents)}
    for a in range(agents):
        own[a]["duration_per_success"] = pre[a]["duration"] / max(1.0, pre[a]["success"])
    share = adaptive_share(
        floor=floor,
        sessions=decision_sessions(rules),
        sessions_per_day=agents * PER_DAY,
        decide_days=rules.decide_after.days,
    )
    whole = [a for a in range(agents) if mode == "agent" or (mode == "mixed" and a % 2)]
    ordered = sorted(whole, key=lambda a: own[a]["any_failure"])
    canary = set(canary_pick(ordered, 1, share))
    counts = {
        (a, arm): dict.fromkeys((*SIGNALS, "n", "duration", "success", "duration_sq", "duration_won"), 0.0)
        for a in range(agents)
        for arm in (0, 1)
    }
    looks, shown, handed = (), (), None
    for day in range(DAYS):
        for a in range(agents):
            for _ in range(PER_DAY):
                arm = (a in canary) if a in whole else (rng.random() < share)
                s = fleet.session(a, day, scenario if arm else None)
                cell = counts[(a, int(arm))]
                cell["n"] += 1
                for m in SIGNALS:
                    cell[m] += s[m]
                cell["duration"] += s["duration"]
                cell["duration_sq"] += s["duration"] ** 2
                cell["duration_won"] += s["duration"] * (not s["any_failure"])
                cell["success"] += not s["any_failure"]
        arms = {}
        for m in SIGNALS:
            arms[m] = tuple(
                [
                    Cell(a, counts[(a, arm)]["n"], counts[(a, arm)][m], own[a][m])
                    for a in range(agents)
                    if counts[(a, arm)]["n"]
                ]
                for arm in (1, 0)
            )
        arms["duration_per_success"] = tuple(
            [
                Cell(a, c["success"], c["duration"], own[a]["duration_per_success"], spread_of(c))
                for a in range(agents)
                if (c := counts[(a, arm)])["success"]
            ]
            for arm in (1, 0)
        )
        verdict = decide(arms, timedelta(days=day + 1), rules, targets=("target",), looks=looks, shown=shown)
        looks = (*looks, verdict.look) if verdict.look else looks
        shown = verdict.shown
        if verdict.action in ("roll_back", "promote"):  # after a hand-over: what the human is shown
            done = "promote" if verdict.action == "promote" else "abort"
            return verdict.action, day + 1, (*handed, done) if handed else None
        if verdict.action == "hand_over" and handed is None:
            handed = (day + 1, verdict.advice.action if verdict.advice else "wait")
    if handed:  # what the page recommends on the last day, the evidence of every day behind it
        handed = (*handed, verdict.advice.action if verdict.advice else "wait")
    return ("hand_over" if handed else "continue"), (handed[0] if handed else 0), handed


def spread_of(c: dict) -> float:
    """Σ (dᵢ − r·sᵢ)² over a cell's sessions: durations around its duration per success r."""
    r = c["duration"] / c["success"]
    return c["duration_sq"] - 2 * r * c["duration_won"] + r * r * c["success"]


RIGHT = {"neutral": ("abort", "wait"), "harmful": ("abort",), "better": ("promote",), "longer": ("promote",)}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="a few runs of a few cells: seconds")
    parser.add_argument("--sizes", default="4,8,20,50")
    parser.add_argument("--spreads", default=",".join(str(s) for s in SPREADS))
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--lines", action="store_true", help="lines as factors, 1-8 at once")
    parser.add_argument("--shares", default="0.5,0.2", help="with --lines: each line's share of sessions")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from experiments.rollouts import canary_share
    from experiments.rollouts import rules as service_rules

    rules, floor = service_rules(), canary_share()
    if args.lines:
        return lines_main(args, rules)
    sizes = [int(s) for s in args.sizes.split(",")]
    spreads = [float(s) for s in args.spreads.split(",")]
    modes, scenarios = args.modes.split(","), args.scenarios.split(",")
    runs = args.runs
    if args.smoke:
        sizes, spreads, runs = [8], [0.4], 3
    rng = random.Random(args.seed)
    print(
        f"{runs} runs per cell; share ≥ {floor:.0%}; α = {rules.alpha}; guardrail margin "
        f"max({rules.margin:.0%}, {rules.margin_relative:.0%} of the champion's rate), usage "
        f"{rules.usage_margin:.0%}; minimum {rules.min_sessions} sessions per arm; {DAYS} days"
    )
    print(
        f"{'agents':>6} {'spread':>6} {'reads':>7} {'scenario':>8} | {'rolled back':>11} {'promoted':>8} "
        f"{'handed over':>11} {'median day':>10} {'advice right':>12} {'on day 14':>9} "
        f"{'says promote':>12} {'says abort':>10}"
    )
    missed = []
    for agents in sizes:
        for spread in spreads:
            for mode in modes:
                for scenario in scenarios:
                    results = [run(agents, spread, mode, scenario, rng, rules, floor) for _ in range(runs)]
                    back = sum(a == "roll_back" for a, _, _ in results) / runs
                    promoted = sum(a == "promote" for a, _, _ in results) / runs
                    handed = [h for _, _, h in results if h]
                    days = [d for a, d, _ in results if d]
                    right = sum(h[1] in RIGHT[scenario] for h in handed) / len(handed) if handed else None
                    late = sum(h[2] in RIGHT[scenario] for h in handed) / len(handed) if handed else None
                    says = {
                        x: sum(h[1] == x for h in handed) / len(handed) if handed else 0.0
                        for x in ("promote", "abort")
                    }
                    print(
                        f"{agents:>6} {spread:>6} {mode:>7} {scenario:>8} | {back:>11.1%} {promoted:>8.1%} "
                        f"{len(handed) / runs:>11.1%} {(median(days) if days else 0):>10} "
                        f"{(f'{right:.0%}' if right is not None else '-'):>12} "
                        f"{(f'{late:.0%}' if late is not None else '-'):>9} "
                        f"{says['promote']:>12.0%} {says['abort']:>10.0%}",
                        flush=True,
                    )
                    cell = f"{agents} agents, spread {spread}, {mode} reads"
                    if scenario == "neutral" and back > 0.05:
                        missed.append(f"neutral rolled back {back:.1%} ({cell})")
                    if scenario in ("neutral", "harmful") and promoted > 0.05:
                        missed.append(f"{scenario} promoted {promoted:.1%} ({cell})")
                    if scenario in ("better", "longer") and agents >= 20 and spread <= 0.4 and promoted < 0.8:
                        missed.append(f"{scenario} promoted only {promoted:.1%} ({cell})")
    for line in missed:
        print(f"MISSED: {line}")
    return 1 if missed and not args.smoke else 0


def lines_main(args, rules) -> int:
    """Lines as factors over the grid of sizes, spreads and shares (`bench/canary_lines.py`)."""
    from bench.canary_lines import lines_main as run

    return run(args, rules)


if __name__ == "__main__":
    sys.exit(main())
