"""The canary's decision rule by Monte Carlo: how often it promotes a harmful change, and how
often it promotes a real improvement, on simulated fleets.

    .venv/bin/python bench/canary_rule.py [--runs 400] [--smoke]

Fleets of 8, 20 and 50 agents run 3 sessions a day each; the canary's share of agents is the
adaptive one the service uses (KAIZEN_CANARY_SHARE as a floor, up to half so that a quiet fleet
reaches its sessions within KAIZEN_CANARY_DECIDE_DAYS). Every session shows each failure signal
with its own rate: the target (30% of sessions) and five guardrails (tool failures 25%, skill
failures 10%, corrections 8%, escalations 5%, and any failure, which is any of them). The rule
(improver.canary.decide, with the service's default rules) looks once a day, as the beat does
at least. Scenarios:

- harmful: the target halves but tool failures rise by 10 points (25% → 35%);
- better: the target halves, no guardrail moves;
- neutral: nothing moves.

Printed per fleet size, after 7 and 14 days: the share of runs promoted, rolled back, and handed
over to a human (with the median day). The targets: harmful promoted ≤ 5% at every size; better
promoted ≥ 80% within 14 days from 20 agents up. Exits 1 when a target is missed; the last line
gives the arithmetic of the sessions a decision needs.
"""

import argparse
import os
import random
import sys
from dataclasses import replace
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from improver.canary import Arm, CanaryRules, adaptive_share, decide, decision_sessions  # noqa: E402

SESSIONS_PER_AGENT_DAY = 3
BASE = {"target": 0.30, "tool_failure": 0.25, "skill_failure": 0.10, "correction": 0.08, "escalation": 0.05}
SCENARIOS = {
    "harmful": {"target": 0.15, "tool_failure": 0.35},
    "better": {"target": 0.15},
    "neutral": {},
}


def session(rng: random.Random, rates: dict) -> dict:
    shown = {m: rng.random() < p for m, p in rates.items()}
    shown["any_failure"] = any(shown.values())
    return shown


def run(
    agents: int, scenario: str, days: int, rng: random.Random, rules: CanaryRules, floor: float
) -> tuple[str, int]:
    """One rollout: (what the rule did, the day it did it; 0 = still undecided)."""
    per_day = agents * SESSIONS_PER_AGENT_DAY
    share = adaptive_share(
        floor=floor,
        sessions=decision_sessions(rules),
        sessions_per_day=per_day,
        decide_days=rules.decide_after.days,
    )
    in_canary = max(1, round(agents * share))
    rates = {"candidate": {**BASE, **SCENARIOS[scenario]}, "champion": BASE}
    counts = {arm: {"n": 0, **dict.fromkeys([*BASE, "any_failure"], 0)} for arm in rates}
    finals, handed = 0, 0
    for day in range(1, days + 1):
        for arm, n in (("candidate", in_canary), ("champion", agents - in_canary)):
            for _ in range(n * SESSIONS_PER_AGENT_DAY):
                counts[arm]["n"] += 1
                for metric, shown in session(rng, rates[arm]).items():
                    counts[arm][metric] += shown
        arms = {
            m: (
                Arm(counts["candidate"]["n"], counts["candidate"][m]),
                Arm(counts["champion"]["n"], counts["champion"][m]),
            )
            for m in [*BASE, "any_failure"]
        }
        verdict = decide(arms, timedelta(days=day), rules, targets=("target",), finals_taken=finals)
        finals += verdict.look == "final"
        if verdict.action in ("roll_back", "promote"):
            return verdict.action, day
        handed = handed or (verdict.action == "hand_over" and day)  # still tested until a human acts
    return ("hand_over", handed) if handed else ("continue", 0)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="40 runs of each: a few seconds")
    parser.add_argument(
        "--margin", type=float, default=None, help="guardrail margin (default: the service's)"
    )
    parser.add_argument(
        "--share", type=float, default=None, help="canary share floor (default: the service's)"
    )
    args = parser.parse_args()
    runs = 40 if args.smoke else args.runs
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from improver.services.rollouts import canary_share
    from improver.services.rollouts import rules as service_rules

    rules = service_rules()
    if args.margin is not None:
        rules = replace(rules, margin=args.margin)
    floor = canary_share() if args.share is None else args.share
    rng = random.Random(args.seed)
    missed = []
    print(
        f"{runs} runs each; share ≥ {floor:.0%}; α = {rules.alpha}, margin = {rules.margin:.0%}, "
        f"τ = {rules.tau}, minimum {rules.min_sessions} sessions per arm, final look after "
        f"{rules.decide_after.days} days"
    )
    print(
        f"{'agents':>6} {'scenario':>8} | {'promoted ≤7d':>12} {'promoted ≤14d':>13} {'rolled back ≤14d':>16}"
        f" {'handed over (day)':>18}"
    )
    for agents in (8, 20, 50):
        for scenario in SCENARIOS:
            results = [run(agents, scenario, 14, rng, rules, floor) for _ in range(runs)]
            by7 = sum(a == "promote" and d <= 7 for a, d in results) / runs
            by14 = sum(a == "promote" for a, _ in results) / runs
            back = sum(a == "roll_back" for a, _ in results) / runs
            handed = [d for a, d in results if a == "hand_over"]
            when = f" (median {sorted(handed)[len(handed) // 2]})" if handed else ""
            print(
                f"{agents:>6} {scenario:>8} | {by7:>12.1%} {by14:>13.1%} {back:>16.1%} "
                f"{len(handed) / runs:>6.1%}{when:>12}",
                flush=True,
            )
            if scenario == "harmful" and by14 > 0.05:
                missed.append(f"harmful promoted {by14:.1%} at {agents} agents")
            if scenario == "better" and agents >= 20 and by14 < 0.80:
                missed.append(f"better promoted only {by14:.1%} within 14 days at {agents} agents")
    for line in missed:
        print(f"MISSED: {line}")
    needed = decision_sessions(rules)
    print(
        f"A guardrail's non-inferiority test at the {rules.margin:.0%} margin needs about {needed} "
        f"sessions per arm for 80% power at the first fixed look (at a rate of one half); a fleet of "
        f"n agents at {SESSIONS_PER_AGENT_DAY} sessions a day, split in half, gathers 1.5·n a day per arm: "
        + ", ".join(f"{n} agents take {needed / (1.5 * n):.0f} days" for n in (8, 20, 50))
        + "."
    )
    return 1 if missed and not args.smoke else 0


if __name__ == "__main__":
    sys.exit(main())
