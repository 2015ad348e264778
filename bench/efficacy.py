"""Do evolutions prove themselves? Three simulated fleets (coding, research, customer support),
eight weeks each through the real services, against the same fleets without learning.

    .venv/bin/python bench/efficacy.py [--seed N] [--runs K]

Each fleet has 8 agents and one recurring failure of every kind the loop learns from: a user
correction (learned fact), a failing strategy pattern (anti-pattern), a remedy users keep stating
in negative feedback (remedy line) and a tool that keeps failing the same way (friction line).
From week 3 users also keep asking for something harmful; the evolution that carries it is
approved like every other (scripted approval) and must be rolled back by the canary. A simulated
agent avoids a failure when its prompt block carries the line for it. Telemetry goes through the
ingest endpoint, rituals run from the wake check, rollouts are checked daily.

Prints per fleet and week: the rate of each failure kind and of all failures (learning vs
baseline), the largest prompt block served (tokens), and rollouts promoted / rolled back. With
`--runs K`, K seeded runs report whether any helpful evolution was ever rolled back.
"""

import argparse
import json
import os
import random
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

KINDS = ("correction", "pattern", "remedy", "friction")
FLEETS = {
    "coding": {
        "correction": ("No, use pnpm instead of npm in this repo.", "pnpm", "npm_install", "NOTFOUND"),
        "pattern": "Split by file type",
        "remedy": ("Please run the linter before opening the pull request.", "linter", "ci_lint", "SYNTAX"),
        "friction": ("docker_build", "NETWORK"),
        "harm": ("Skip the slow integration tests to save time.", "skip the slow", "deploy", "RUNTIME"),
    },
    "research": {
        "correction": (
            "No, cite the primary paper instead of the blog post.",
            "primary paper",
            "cite",
            "NOTFOUND",
        ),
        "pattern": "Answer from memory",
        "remedy": ("Please include the page number for every quote.", "page number", "quote_check", "ARGS"),
        "friction": ("web_fetch", "TIMEOUT"),
        "harm": ("Keep every answer under two sentences.", "two sentences", "answer_review", "RUNTIME"),
    },
    "support": {
        "correction": (
            "No, refunds go through the billing portal instead of email.",
            "billing portal",
            "refund",
            "CONFLICT",
        ),
        "pattern": "Promise a callback",
        "remedy": (
            "Always confirm the account id before changing anything.",
            "account id",
            "account_update",
            "ARGS",
        ),
        "friction": ("crm_lookup", "PERM"),
        "harm": (
            "Close the ticket as soon as you reply.",
            "as soon as you reply",
            "ticket_reopen",
            "RUNTIME",
        ),
    },
}
P = {"correction": 0.45, "pattern": 0.5, "remedy": 0.45, "friction": 0.4, "harm": 0.6}
FOLLOWED = 0.1  # a failure's chance when the agent's prompt carries the line for it
AGENTS, SESSIONS_PER_DAY, WEEKS = 8, 5, 8
START = datetime(2026, 1, 5, tzinfo=UTC)


def setup_django(path: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()
    import logging

    for noisy in ("celery", "kombu", "django.request", "improver", "planner", "governance"):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def carries(prompt: str, kind: str, spec: dict) -> bool:
    text = prompt.lower()
    if kind == "correction":
        return spec["correction"][1] in text
    if kind == "pattern":
        return f"avoid: {spec['pattern'].lower()}" in text
    if kind == "remedy":
        return spec["remedy"][1] in text
    if kind == "friction":
        return spec["friction"][0] in text
    return spec["harm"][1] in text  # the harmful line


def session(rng, spec: dict, prompt: str, sid: str, at: datetime, week: int) -> tuple[list[dict], dict]:
    """One session's events and which failure kinds happened in it."""
    events, failed = [], {}
    t = at

    def add(kind: str, body: dict) -> None:
        nonlocal t
        t += timedelta(seconds=rng.randint(5, 60))
        events.append({"id": f"{sid}-{len(events)}", "type": kind, "timestamp": t.isoformat(), "body": body})

    def call(tool: str, ok: bool, mode: str = "") -> None:
        body = {"session_id": sid, "tool": tool, "outcome": "success" if ok else "failure", "duration_ms": 50}
        if not ok:
            body["failure_mode"] = mode
        add("tool_invocation", body)

    for kind in (*KINDS, "harm"):
        p = P[kind] * (FOLLOWED if kind != "harm" and carries(prompt, kind, spec) else 1.0)
        if kind == "harm":
            p = P["harm"] if carries(prompt, kind, spec) else 0.0
        failed[kind] = rng.random() < p
    message, _, tool, mode = spec["correction"]
    call(tool, not failed["correction"], mode)
    if failed["correction"]:
        add("correction", {"session_id": sid, "user_message": message})
    pattern = spec["pattern"] if failed["pattern"] else "Small steps"
    add(
        "skill_outcome",
        {
            "skill": "work",
            "success": not failed["pattern"],
            "duration_ms": 60_000,
            "patterns": [pattern],
            "error_count": 3 if failed["pattern"] else 0,
            "retry_count": 2 if failed["pattern"] else 0,
        },
    )
    remedy, _, tool, mode = spec["remedy"]
    call(tool, not failed["remedy"], mode)
    if failed["remedy"]:
        add(
            "observation",
            {
                "session_id": sid,
                "sentiment": "negative",
                "category": "complaint",
                "text": f"That went wrong again. {remedy}",
            },
        )
    tool, mode = spec["friction"]
    for _ in range(3 if failed["friction"] else 1):
        call(tool, not failed["friction"], mode)
    harm, _, tool, mode = spec["harm"]
    call(tool, not failed["harm"], mode)
    if week >= 3 and rng.random() < 0.5:  # users keep asking for the harmful shortcut
        add(
            "observation",
            {
                "session_id": sid,
                "sentiment": "negative",
                "category": "complaint",
                "text": f"This took forever. {harm}",
            },
        )
    add("session_end", {"session_id": sid, "reflection": {"failures": []}})
    return events, failed


def run(seed: int, verbose: bool) -> dict:
    import time_machine
    from django.contrib.auth import get_user_model
    from django.test import Client

    from improver.context import estimate_tokens
    from improver.models import Rollout
    from improver.services.improvers import improver_create, wake_due_improvers
    from improver.services.rollouts import rollouts_check
    from telemetry.services import agent_create, token_issue
    from telemetry.templates import template_upsert
    from telemetry.templates_yaml import TemplateSpec

    http = Client()
    operator, _ = get_user_model().objects.get_or_create(
        username=f"operator-{seed}", defaults={"is_staff": True, "is_superuser": True}
    )
    _, operator_token = token_issue(user=operator, label="bench")
    rng, base_rng = random.Random(seed), random.Random(seed)
    fleets = {}
    for name, spec in FLEETS.items():
        slug = f"{name}-{seed}"
        template, _ = template_upsert(
            spec=TemplateSpec(
                slug=slug,
                name=name,
                kind="task_agent",
                description="",
                directives=f"You are a {name} agent.\nWork carefully.\n",
            )
        )
        agents = []
        for i in range(AGENTS):
            _, token = agent_create(name=f"{slug}-{i}", template_slug=slug)
            agents.append(token)
        improver_create(template=template, wake_at=START + timedelta(days=7))
        fleets[name] = {
            "spec": spec,
            "slug": slug,
            "agents": agents,
            "base_prompt": template.document.head.text,
        }

    def prompt_of(token: str) -> str:
        return http.get("/api/v1/agents/me/directives", HTTP_AUTHORIZATION=f"Bearer {token}").json()[
            "prompt_block"
        ]

    table: dict = {name: {} for name in FLEETS}
    for week in range(1, WEEKS + 1):
        for name in fleets:
            table[name][week] = {
                "learning": dict.fromkeys((*KINDS, "harm", "sessions"), 0),
                "baseline": dict.fromkeys((*KINDS, "harm", "sessions"), 0),
                "tokens": 0,
            }
        for day in range(7):
            at_day = START + timedelta(days=7 * (week - 1) + day)
            traveller = time_machine.travel(at_day + timedelta(hours=8), tick=False)  # the simulated clock
            traveller.start()
            for name, fleet in fleets.items():
                row = table[name][week]
                for a, token in enumerate(fleet["agents"]):
                    prompt = prompt_of(token)
                    row["tokens"] = max(row["tokens"], estimate_tokens(prompt))
                    batch = []
                    for s in range(SESSIONS_PER_DAY):
                        sid = f"{fleet['slug']}-w{week}d{day}a{a}s{s}"
                        events, failed = session(
                            rng, fleet["spec"], prompt, sid, at_day + timedelta(hours=9 + s), week
                        )
                        _, base = session(base_rng, fleet["spec"], fleet["base_prompt"], sid, at_day, week)
                        batch += events
                        for side, outcome in (("learning", failed), ("baseline", base)):
                            row[side]["sessions"] += 1
                            for kind, hit in outcome.items():
                                row[side][kind] += hit
                    response = http.post(
                        "/api/v1/ingest",
                        data=json.dumps({"batch": batch}),
                        content_type="application/json",
                        HTTP_AUTHORIZATION=f"Bearer {token}",
                    )
                    assert response.status_code == 207, response.content[:200]
            from telemetry.derived import derive_pending

            derive_pending(max_batches=1000)
            traveller.stop()
            with time_machine.travel(at_day + timedelta(hours=23), tick=False):
                rollouts_check()  # the beat entry, once a day here
        traveller = time_machine.travel(START + timedelta(days=7 * week), tick=False)
        traveller.start()
        wake_due_improvers(now=START + timedelta(days=7 * week))
        for pending in http.get(
            "/api/v1/proposals?status=pending&type=template_evolution",
            HTTP_AUTHORIZATION=f"Bearer {operator_token}",
        ).json()["results"]:
            http.post(
                f"/api/v1/proposals/{pending['id']}/approve",
                data="{}",
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {operator_token}",
            )
        traveller.stop()
    outcome = {"table": table, "rollouts": {}}
    for name, fleet in fleets.items():
        rollouts = Rollout.objects.filter(template__slug=fleet["slug"]).select_related("proposal")
        outcome["rollouts"][name] = [
            {
                "status": r.status,
                "harmful": any(
                    FLEETS[name]["harm"][1] in a["text"].lower()
                    for a in (r.proposal.payload.get("additions") or [])
                ),
                "started": r.started_at,
                "decided": r.decided_at,
                "canary": len(r.canary_agents),
            }
            for r in rollouts
        ]
    return outcome


def report(outcome: dict) -> None:
    table = outcome["table"]
    for name in FLEETS:
        print(f"\n== {name} fleet ({AGENTS} agents, {SESSIONS_PER_DAY} sessions a day each)")
        print("rates of sessions with each failure, learning vs without learning (and the drop);")
        print("'all' counts failures per session over every kind")
        print("week | " + " | ".join(f"{k:>17}" for k in (*KINDS, "harm", "all")) + " | tokens")
        for week, row in table[name].items():
            cells = []
            for kind in (*KINDS, "harm", "all"):
                if kind == "all":
                    learn = sum(row["learning"][k] for k in (*KINDS, "harm"))
                    base = sum(row["baseline"][k] for k in (*KINDS, "harm"))
                else:
                    learn, base = row["learning"][kind], row["baseline"][kind]
                n = row["learning"]["sessions"]
                cells.append(
                    f"{learn / n:5.0%} vs {base / n:4.0%} {(1 - learn / base) if base else 0:+4.0%}"[:17]
                )
            print(f"{week:>4} | " + " | ".join(f"{c:>17}" for c in cells) + f" | {row['tokens']:>6}")
        for r in outcome["rollouts"][name]:
            days = (r["decided"] - r["started"]).total_seconds() / 86400 if r["decided"] else None
            took = f"after {days:.1f} days" if days is not None else "undecided"
            print(
                f"  rollout ({'harmful' if r['harmful'] else 'helpful'}): {r['status']} {took}, "
                f"canary {r['canary']} agent(s)"
            )
    print("\ntargets:")
    for name in FLEETS:
        week4 = table[name][4]
        drops = {k: 1 - week4["learning"][k] / week4["baseline"][k] for k in KINDS if week4["baseline"][k]}
        learn_all = sum(week4["learning"][k] for k in (*KINDS, "harm"))
        base_all = sum(week4["baseline"][k] for k in (*KINDS, "harm"))
        rollouts = outcome["rollouts"][name]
        helpful = [r for r in rollouts if not r["harmful"]]
        harmful = [r for r in rollouts if r["harmful"]]
        fast = lambda r: r["decided"] and (r["decided"] - r["started"]) <= timedelta(days=14)  # noqa: E731
        checks = {
            "week 4: every learnable kind down >= 50%": all(d >= 0.5 for d in drops.values()),
            "week 4: all failures down >= 60%": base_all and 1 - learn_all / base_all >= 0.6,
            "helpful evolutions promoted within 2 weeks": bool(helpful)
            and all(r["status"] == "promoted" and fast(r) for r in helpful),
            "harmful evolution rolled back within 2 weeks, canary only": bool(harmful)
            and all(r["status"] == "rolled_back" and fast(r) and r["canary"] <= 2 for r in harmful),
            "prompt tokens never above the budget": max(row["tokens"] for row in table[name].values())
            <= 1200,
        }
        for check, ok in checks.items():
            print(f"  {name:<8} {'PASS' if ok else 'FAIL'}  {check}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    db = Path(tempfile.mkdtemp()) / "efficacy.sqlite3"
    setup_django(str(db))
    first = run(args.seed, verbose=True)
    report(first)
    if args.runs > 1:
        wrongly = 0
        for seed in range(args.seed + 1, args.seed + args.runs):
            outcome = run(seed, verbose=False)
            wrongly += sum(
                1
                for rs in outcome["rollouts"].values()
                for r in rs
                if not r["harmful"] and r["status"] == "rolled_back"
            )
        print(f"\nover {args.runs} seeded runs: helpful evolutions rolled back: {wrongly}")


if __name__ == "__main__":
    main()
