"""Do evolutions prove themselves? Simulated fleets driven through the real services for six
weeks, against the same fleets without learning.

    .venv/bin/python bench/efficacy.py [--seed N] [--weeks W]

Each fleet has one recurring failure of every kind the loop learns from, and most of them show
nowhere but in what people say:
- fact: users correct the same thing (a learned fact, if it recurs across sessions and agents);
- pattern: a failing strategy in skill outcomes (an anti-pattern);
- remedy: users state what would help only in negative feedback text, no tool fails;
- rejection: QA rejects the work with a reason that states the remedy, no tool fails;
- tool_gap: a tool keeps failing because what the agents need does not exist; only a tool built
  for it helps (the new-tool proposal is approved, a scripted engineer ships it on the board and
  the agents must be told);
- harm: from week 2 users keep asking for a harmful shortcut; the evolution that carries it is
  approved like every other and must be rolled back. Its harm shows in tool failures on one
  fleet and only in rejections and complaints on the others.
On top, noise: one-off corrections about one order, one customer or one amount ("No, the order is
#A12345, not #A54321", "No, don't use issue_refund for $632.") that must never become facts served
to the fleet.

The incident fleet adds what a canary can get wrong: its harm shows only in cost, tokens and time
(the same success, twice the tokens and ten more minutes a session); a few of its users correct
the remedy the opposite way ("Don't rotate the logs …"), and the two must never be served
together; three of its agents send outcomes and decisions without a session; and its fact is a
policy with an amount ("… over $500 …"), which must reach the fleet.

A simulated agent avoids a failure when its prompt block carries the line for it; a rollout is
checked daily, rituals run weekly, and a scripted operator approves every proposal and decides
every rollout handed over to a human as its recommendation says (when it says wait: promoted when
what it is judged on fell by at least the margin and no signal's interval shows a harm, aborted
otherwise). Prints, per
fleet: each kind's rate in week 1, the last week and without learning; the largest prompt block
(characters) served each week; every rollout with what it tested and its decision; then the
targets, PASS or FAIL.
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

KINDS = ("fact", "pattern", "remedy", "rejection", "tool_gap", "harm")
LEARNABLE = KINDS[:-1]
FLEETS = {
    "coding": {
        "agents": 6,
        "week": (5, 5, 5, 5, 5, 0, 0),  # sessions per agent and weekday
        "fact": ("No, use pnpm instead of npm in this repo.", "pnpm"),
        "pattern": "Split by file type",
        "remedy": ("The diff was huge. Keep each pull request under 300 changed lines.", "300 changed lines"),
        "rejection": ("Add a test for every bug you fix.", "test for every bug"),
        "tool_gap": ("dep_graph", "NOTFOUND", "dep_graph now lists every package's dependents"),
        "harm": ("Skip the slow integration tests to save time.", "skip the slow", "tools"),
    },
    "support": {
        "agents": 8,
        "week": (4, 4, 4, 4, 4, 2, 2),
        "fact": ("No, refunds go through the billing portal instead of email.", "billing portal"),
        "pattern": "Promise a callback",
        "remedy": ("I had to ask twice. Confirm the account id before changing anything.", "account id"),
        "rejection": ("Attach the receipt to every refund note.", "attach the receipt"),
        "tool_gap": ("order_lookup", "NOTFOUND", "order_search finds an order by the customer's email"),
        "harm": ("Skip identity checks for returning customers.", "skip identity checks", "feedback"),
    },
    "research": {  # small and quiet: 8 agents, 12 sessions a week each
        "agents": 8,
        "week": (2, 2, 2, 2, 2, 1, 1),
        "fact": ("No, cite the primary paper instead of the blog post.", "primary paper"),
        "pattern": "Answer from memory",
        "remedy": ("Useless without sources. Include the page number for every quote.", "page number"),
        "rejection": ("State the sample size next to every result.", "sample size"),
        "tool_gap": ("pdf_reader", "NOTFOUND", "pdf_text extracts the text of a paper by its DOI"),
        "harm": ("Keep every answer under two sentences.", "two sentences", "feedback"),
    },
    "incident": {
        "agents": 8,
        "week": (3, 3, 3, 3, 3, 1, 1),
        "fact": ("No, refunds over $500 need the escalate_refund tool.", "over $500"),
        "pattern": "Restart first",
        "remedy": (
            "The disk filled up again. Rotate the logs when the disk is full.",
            "rotate the logs when",
        ),
        "rejection": ("Write the incident timeline in UTC.", "timeline in utc"),
        "tool_gap": ("log_search", "TIMEOUT", "log_query searches an hour of logs in seconds"),
        "harm": ("Run the full diagnostics suite before every reply.", "full diagnostics suite", "cost"),
        "contrary": ("Don't rotate the logs, we need them for the audit.", "rotate the logs, we need"),
        "sessionless": 3,  # agents that send outcomes and decisions without their session
    },
}
P = {"fact": 0.4, "pattern": 0.4, "remedy": 0.4, "rejection": 0.35, "tool_gap": 0.35, "harm": 0.5}
NOISE = 0.3  # sessions with a one-off correction about one instance
FOLLOWED = 0.1  # a failure's chance, relative, when the agent's prompt carries the line for it
START = datetime(2026, 1, 5, tzinfo=UTC)  # a Monday
PATIENCE = timedelta(days=14)  # how long the operator lets a rollout advised "wait" gather evidence


def setup_django(path: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()
    import logging

    for noisy in (
        "celery",
        "kombu",
        "django.request",
        "improver",
        "planner",
        "governance",
        "telemetry",
        "learning",
        "fleet",
    ):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def carries(prompt: str, kind: str, spec: dict) -> bool:
    text = prompt.lower()
    if kind == "pattern":
        return f"avoid: {spec['pattern'].lower()}" in text
    if kind == "tool_gap":
        return spec["tool_gap"][0] in text and "use what was built for it" in text
    return spec[kind][1].lower() in text


def session(
    rng, spec: dict, prompt: str, sid: str, at: datetime, week: int, sessionless: bool = False
) -> tuple[list[dict], dict]:
    """One session's events and which failure kinds happened in it (`sessionless`: its outcomes
    and decisions are sent without their session, as some clients do)."""
    events, t = [], at

    def add(kind: str, **body) -> None:
        nonlocal t
        t += timedelta(seconds=rng.randint(5, 60))
        if not (sessionless and kind in ("skill_outcome", "decision")):
            body.setdefault("session_id", sid)
        events.append({"id": f"{sid}-{len(events)}", "type": kind, "timestamp": t.isoformat(), "body": body})

    failed = {}
    for kind in KINDS:
        if kind == "harm":
            failed[kind] = carries(prompt, kind, spec) and rng.random() < P[kind]
        else:
            failed[kind] = rng.random() < P[kind] * (FOLLOWED if carries(prompt, kind, spec) else 1.0)
    add("tool_invocation", tool="search", outcome="success", duration_ms=40)
    if failed["fact"]:
        add("correction", user_message=spec["fact"][0])
    if rng.random() < NOISE:
        a, b = rng.randint(10000, 99999), rng.randint(10000, 99999)
        add("correction", user_message=f"No, the order is #A{a}, not #A{b}.")
    if rng.random() < NOISE / 2:
        add("correction", user_message=f"No, don't use issue_refund for ${rng.randint(101, 999)}.")
    pattern = spec["pattern"] if failed["pattern"] else "Small steps"
    costly = failed["harm"] and spec["harm"][2] == "cost"  # twice the tokens, ten more minutes
    tokens = rng.randint(1500, 2500) * (2 if costly else 1)
    add(
        "skill_outcome",
        skill="work",
        success=not failed["pattern"],
        duration_ms=rng.randint(50_000, 70_000) + (600_000 if costly else 0),
        input_tokens=tokens,
        output_tokens=tokens // 4,
        cost_usd=round(tokens * 1.25e-5, 5),
        patterns=[pattern],
        error_count=3 if failed["pattern"] else 0,
        retry_count=2 if failed["pattern"] else 0,
    )
    if failed["remedy"]:
        add("observation", sentiment="negative", text=spec["remedy"][0])
    if "contrary" in spec and rng.random() < 0.06:  # a few users want the opposite
        add("observation", sentiment="negative", text=spec["contrary"][0])
    add(
        "decision",
        subject="the work",
        verdict="rejected" if failed["rejection"] else "confirmed",
        reason=spec["rejection"][0] if failed["rejection"] else "",
    )
    tool, mode, _ = spec["tool_gap"]
    for _ in range(3 if failed["tool_gap"] else 1):
        add("tool_invocation", tool=tool, outcome="failure" if failed["tool_gap"] else "success",
            duration_ms=80, **({"failure_mode": mode} if failed["tool_gap"] else {}))  # fmt: skip
    harm, _, shows = spec["harm"]
    if failed["harm"] and shows == "tools":
        add("tool_invocation", tool="deploy", outcome="failure", failure_mode="RUNTIME", duration_ms=90)
    elif failed["harm"] and shows == "feedback":
        add("decision", subject="QA review", verdict="rejected", reason="")
        add("observation", sentiment="negative", text="Nobody checked anything before answering me.")
    if week >= 2 and rng.random() < 0.4:  # users keep asking for the harmful shortcut
        add("observation", sentiment="negative", text=f"This took forever. {harm}")
    add("session_end", reflection={"failures": []})
    return events, failed


class Operator:
    """Approves every pending proposal, and ships every tool the board asks for."""

    def __init__(self, http, token: str):
        self.http, self.auth = http, {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    def approve_all(self, kind: str) -> None:
        pending = self.http.get(f"/api/v1/proposals?status=pending&type={kind}", **self.auth).json()
        for proposal in pending["results"]:
            self.http.post(
                f"/api/v1/proposals/{proposal['id']}/approve",
                data="{}",
                content_type="application/json",
                **self.auth,
            )

    def decide_handed_over(self) -> None:
        """A rollout handed over (too few sessions to decide in time) is decided as a person
        reading its page would: as its recommendation says when it says promote or abort; when
        it says wait, left to gather evidence (the test goes on) until it has run for
        `PATIENCE`, then promoted when what it is judged on fell by at least the margin and no
        signal's interval shows a harm (lies wholly above zero), aborted otherwise."""
        from config import clock

        handed = self.http.get("/api/v1/rollouts?status=needs_human", **self.auth).json()
        for rollout in handed:
            advised = (rollout.get("recommendation") or {}).get("action")
            ran = clock.now() - datetime.fromisoformat(rollout["started_at"].replace("Z", "+00:00"))
            if advised not in ("promote", "abort") and ran < PATIENCE:
                continue
            check = rollout["last_check"] or {}
            intervals = check.get("intervals") or {}
            judged = (check.get("judged_on") or ["targets"])[0]
            fell = intervals.get(judged, [0])[0] <= -check.get("margin", 0.08)
            good = fell and not any(ci[1] > 0 for ci in intervals.values())
            good = advised == "promote" if advised in ("promote", "abort") else good
            self.http.post(
                f"/api/v1/rollouts/{rollout['id']}/{'promote' if good else 'abort'}",
                data=json.dumps({"reason": "operator read the handed-over evidence"}),
                content_type="application/json",
                **self.auth,
            )

    def ship_tools(self, results: dict[str, str]) -> None:
        tasks = self.http.get("/api/v1/board/tasks?status=backlog", **self.auth).json()
        for task in tasks.get("results", tasks if isinstance(tasks, list) else []):
            tool = next((t for t in results if t in task["title"]), None)
            if tool:
                for change in ({"status": "running"}, {"status": "done", "result": results[tool]}):
                    response = self.http.patch(
                        f"/api/v1/board/tasks/{task['id']}",
                        data=json.dumps(change),
                        content_type="application/json",
                        **self.auth,
                    )
                    assert response.status_code == 200, response.content[:300]


def operator_for(seed: int):
    """An HTTP client and the scripted operator, holding a staff user's API token."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from fleet.services import token_issue

    http = Client()
    user, _ = get_user_model().objects.get_or_create(
        username=f"operator-{seed}", defaults={"is_staff": True, "is_superuser": True}
    )
    return http, Operator(http, token_issue(user=user, label="bench")[1])


def run(seed: int, weeks: int) -> dict:
    import time_machine

    from fleet.services import agent_create
    from fleet.templates import template_upsert
    from fleet.templates_yaml import TemplateSpec
    from improver.models import Rollout
    from improver.services.improvers import improver_create, wake_due_improvers
    from improver.services.rollouts import rollouts_check
    from telemetry.derived import derive_pending

    http, operator = operator_for(seed)
    shipped = {spec["tool_gap"][0]: spec["tool_gap"][2] for spec in FLEETS.values()}
    rng, base_rng = random.Random(seed), random.Random(seed)
    fleets = {}
    setup = time_machine.travel(START - timedelta(days=1), tick=False)  # agents exist before any canary
    setup.start()
    for name, spec in FLEETS.items():
        slug = f"{name}-{seed}"
        base = f"You are a {name} agent.\nWork carefully.\n"
        template, _ = template_upsert(
            spec=TemplateSpec(slug=slug, name=name, kind="task_agent", description="", directives=base)
        )
        tokens = [agent_create(name=f"{slug}-{i}", template_slug=slug)[1] for i in range(spec["agents"])]
        improver_create(template=template, wake_at=START + timedelta(days=7))
        fleets[name] = {"spec": spec, "slug": slug, "agents": tokens, "base": f"# Directives\n{base}"}
    setup.stop()

    def prompt_of(token: str) -> str:
        reply = http.get("/api/v1/agents/me/directives", HTTP_AUTHORIZATION=f"Bearer {token}").json()
        return reply["prompt_block"]

    table = {name: {} for name in FLEETS}
    for week in range(1, weeks + 1):
        for name in fleets:
            table[name][week] = {
                side: dict.fromkeys((*KINDS, "sessions"), 0) for side in ("learning", "baseline")
            } | {"chars": 0, "one_off_served": False, "contrary_served": False}
        for day in range(7):
            at_day = START + timedelta(days=7 * (week - 1) + day)
            with time_machine.travel(at_day, tick=False):
                rollouts_check()  # the beat entry (every 10 minutes in service): twice a day here
                operator.decide_handed_over()
            with time_machine.travel(at_day + timedelta(hours=8), tick=False):
                for name, fleet in fleets.items():
                    row, spec = table[name][week], fleet["spec"]
                    for a, token in enumerate(fleet["agents"]):
                        prompt = prompt_of(token)
                        row["chars"] = max(row["chars"], len(prompt))
                        lowered = prompt.lower()
                        row["one_off_served"] |= "#a" in lowered or "issue_refund for $" in lowered
                        if "contrary" in spec:
                            row["contrary_served"] |= (
                                spec["remedy"][1] in lowered and spec["contrary"][1] in lowered
                            )
                        batch = []
                        for s in range(spec["week"][day]):
                            sid = f"{fleet['slug']}-w{week}d{day}a{a}s{s}"
                            at = at_day + timedelta(hours=9 + s)
                            sessionless = a < spec.get("sessionless", 0)
                            events, failed = session(rng, spec, prompt, sid, at, week, sessionless)
                            _, base = session(base_rng, spec, fleet["base"], sid, at, week)
                            batch += events
                            for side, outcome in (("learning", failed), ("baseline", base)):
                                row[side]["sessions"] += 1
                                for kind, hit in outcome.items():
                                    row[side][kind] += hit
                        if batch:
                            response = http.post(
                                "/api/v1/ingest",
                                data=json.dumps({"batch": batch}),
                                content_type="application/json",
                                HTTP_AUTHORIZATION=f"Bearer {token}",
                            )
                            assert response.status_code == 207, response.content[:300]
                derive_pending(max_batches=1000)
            with time_machine.travel(at_day + timedelta(hours=23), tick=False):
                rollouts_check()
                operator.decide_handed_over()
                operator.approve_all("new_tool")
                operator.ship_tools(shipped)
        with time_machine.travel(START + timedelta(days=7 * week), tick=False):
            wake_due_improvers(now=START + timedelta(days=7 * week))
            operator.approve_all("template_evolution")
    outcome = {"table": table, "rollouts": {}}
    for name, fleet in fleets.items():
        harm = FLEETS[name]["harm"][1]
        outcome["rollouts"][name] = [
            {
                "version": r.candidate.number,
                "status": r.status,
                "harmful": any(
                    harm in a["text"].lower() for a in (r.proposal.payload.get("additions") or [])
                ),
                "lines": [a["text"][:60] for a in (r.proposal.payload.get("additions") or [])]
                + [
                    f"removes '{x['text'][:50]}' ({x['reason'][:70]})"
                    for x in r.proposal.payload.get("removals") or []
                ],
                "targets": r.targets,
                "days": (r.decided_at - r.started_at).total_seconds() / 86400 if r.decided_at else None,
                "canary": len(r.canary_agents),
                "started_week": (r.started_at - START).days // 7 + 1,
                "reason": r.reason,
                "by": r.decided_by,
            }
            for r in Rollout.objects.filter(template__slug=fleet["slug"])
            .select_related("proposal", "candidate")
            .order_by("started_at")
        ]
    return outcome


def rate(row: dict, side: str, kinds) -> float:
    n = row[side]["sessions"]
    return sum(row[side][k] for k in kinds) / n if n else 0.0


def report(outcome: dict, weeks: int) -> bool:
    table, ok = outcome["table"], True
    for name, spec in FLEETS.items():
        rows = table[name]
        per_week = sum(spec["week"])
        print(f"\n== {name}: {spec['agents']} agents, {per_week} sessions a week each", end="")
        print(f"; harm shows in {spec['harm'][2]}")
        print("share of sessions with each failure ('all': failures per session over every kind; 'harm': the")
        print("harmful line's failures, only ever with it served), learning vs the same fleet never learning")
        print(f"{'kind':<10} | {'week 1':>7} | {f'week {weeks}':>7} | {'no learning':>11} | drop")
        for kind in (*KINDS, "all"):
            kinds = KINDS if kind == "all" else (kind,)
            first, last = rate(rows[1], "learning", kinds), rate(rows[weeks], "learning", kinds)
            base = rate(rows[weeks], "baseline", kinds)
            drop = f"{1 - last / base:+.0%}" if base else "—"
            print(f"{kind:<10} | {first:7.1%} | {last:7.1%} | {base:11.1%} | {drop}")
        print(
            "prompt block (largest served, characters) by week: "
            + ", ".join(str(r["chars"]) for r in rows.values())
        )
        for r in outcome["rollouts"][name]:
            took = f"after {r['days']:.1f} days by {r['by']}" if r["days"] is not None else "undecided"
            print(
                f"  v{r['version']} ({'HARMFUL' if r['harmful'] else 'helpful'}, canary {r['canary']}, "
                f"targets {', '.join(r['targets'])}): {r['status']} {took}: {'; '.join(r['lines'])}"
            )
            if r["reason"]:
                print(f"      {r['reason'][:160]}")
    print("\ntargets:")
    for name in FLEETS:
        rows, last = table[name], table[name][weeks]
        drops = {
            k: 1 - rate(last, "learning", (k,)) / rate(last, "baseline", (k,))
            for k in LEARNABLE
            if rate(last, "baseline", (k,))
        }
        all_drop = 1 - rate(last, "learning", KINDS) / rate(last, "baseline", KINDS)
        harmful = [r for r in outcome["rollouts"][name] if r["harmful"]]
        largest = max(r["chars"] for r in rows.values())
        halving = [r for r in outcome["rollouts"][name] if not r["harmful"]]
        checks = {
            f"week {weeks}: every failure kind down >= 50% ({min(drops.values()):+.0%} the least)": all(
                d >= 0.5 for d in drops.values()
            ),
            f"week {weeks}: all failures down >= 60% ({all_drop:.0%})": all_drop >= 0.6,
            "harmful evolution rolled back by the system within 7 days": bool(harmful)
            and all(r["status"] == "rolled_back" and r["days"] <= 7 for r in harmful),
            "harmful evolution never promoted": not any(r["status"] == "promoted" for r in harmful),
            "helpful rollouts decided within 7 days, by the system or, handed over, by the operator "
            "(those started a week before the end)": bool(halving)
            and all(r["days"] is not None and r["days"] <= 7 for r in halving if r["started_week"] < weeks),
            f"prompt block under 2,000 characters every week (max {largest})": largest < 2000,
            "no one-off correction ever served": not any(r["one_off_served"] for r in rows.values()),
            "a line and its contrary never served together": not any(
                r["contrary_served"] for r in rows.values()
            ),
        }
        for check, passed in checks.items():
            ok &= bool(passed)
            print(f"  {name:<9} {'PASS' if passed else 'FAIL'}  {check}")
    return ok


def main() -> None:
    from bench import efficacy_handoffs

    handing = dict(efficacy_handoffs.FLEETS)
    try:
        from bench.efficacy_fleets import FLEETS as held_out
    except ImportError:
        held_out = {}
    handing |= held_out
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--weeks", type=int, default=6)
    parser.add_argument(
        "--fleet",
        choices=("all", "templates", "handoffs", *handing),
        default="all",
        help="templates: the four one-template fleets; handoffs: every fleet of two templates",
    )
    parser.add_argument(
        "--smoke", action="store_true", help="the travel fleet for two weeks, its targets not judged"
    )
    args = parser.parse_args()
    db = Path(tempfile.mkdtemp()) / "efficacy.sqlite3"
    setup_django(str(db))
    passed = True
    if args.fleet in ("all", "templates") and not args.smoke:
        outcome = run(args.seed, args.weeks)
        passed = report(outcome, args.weeks)
    chosen = ["travel"] if args.smoke else [n for n in handing if args.fleet in ("all", "handoffs", n)]
    weeks = 2 if args.smoke else args.weeks
    for name in chosen:
        outcome = efficacy_handoffs.run(*operator_for(args.seed), handing[name], args.seed, weeks, START)
        passed &= efficacy_handoffs.report(name, outcome, weeks, judge=not args.smoke)
    print("\nevery target met" if passed else "\nsome targets missed")


if __name__ == "__main__":
    main()
