"""The travel-agency fleet of bench/efficacy.py: evidence that counts people, follows a hand-off
and turns with time, against the same fleet never learning.

Two templates: a trip planner (5 agents) hands each trip to a booking desk (6 agents), whose
session names the planner's as its parent (`parent_session_id`). Every session asks the agent
for its directives with its session id, so a canary assigns sessions. Three failures, each
avoided (nine times in ten) only by a line in the right template's directives:

- preference (booking desk): for three weeks travellers ask for the flexible fare; from week 4
  the fare is withdrawn and they ask for the opposite. A desk still offering it fails more often
  than one saying nothing. The old line must be replaced, never served beside its opposite.
- majority (planner): one loud traveller sends 4–7 complaints a session, about 40% of the
  planner's negative feedback, asking to skip seat selection, which hurts every other traveller
  (they fail more often while the planner serves it); in most weeks 7–18 sessions of other
  travellers ask for the opposite. The loud traveller's line must never be proposed.
- handoff (booking desk, fixed upstream): the planner's hand-off leaves out the passport number;
  the booking desk's sessions fail and its travellers say so, naming the planner and the
  hand-off. Only the planner's line helps (the booking desk cannot add what it never got).

Shares Operator, session plumbing and the clock with bench/efficacy.py.
"""

import json
import random
import re
from datetime import timedelta

P_FAIL = 0.4
FOLLOWED = 0.1  # a failure's chance, relative, when the prompt carries the line for it
REVERSAL_WEEK = 4  # the first week the travellers ask for the opposite
PLANNERS, DESKS = 5, 6
WEEK = (4, 4, 4, 4, 4, 1, 1)  # planner sessions per agent and weekday
LOUD_SHARE = 0.04  # of the planner's sessions, the loud traveller's
TRAVELLERS = 300

FLEXIBLE = ("Always offer the flexible fare when booking a flight.", "always offer the flexible fare")
WITHDRAWN = ("Never offer the flexible fare; it is no longer sold.", "never offer the flexible fare")
LOUD = ("Skip the seat selection step.", "skip the seat selection")
MAJORITY = ("Never skip the seat selection step.", "never skip the seat selection")
HANDOFF = (
    "The planner's hand-off left out the passport number. "
    "Include the passport number in every hand-off to the booking desk.",
    "include the passport number",
)
KINDS = ("preference", "majority", "handoff")


def has(prompt: str, line: tuple[str, str]) -> bool:
    """Whether a line of the prompt opens with the line's marker ("never skip …" is not "skip …")."""
    return any(
        re.sub(r"^(?:[-*]\s*)?(?:remember:\s*)?", "", served.strip().lower()).startswith(line[1])
        for served in prompt.splitlines()
    )


def planner_session(rng, prompt: str, sid: str, at, traveller: str, loud: bool) -> tuple[list, dict]:
    """One trip planned: its events and whether the majority's failure happened in it."""
    events = []

    def add(kind: str, **body) -> None:
        body.update(session_id=sid)
        when = at + timedelta(minutes=len(events))
        events.append(
            {"id": f"{sid}-{len(events)}", "type": kind, "timestamp": when.isoformat(), "body": body}
        )

    add("tool_invocation", tool="search_trips", outcome="success", duration_ms=50, user_id=traveller)
    failed = False
    if loud:
        for _ in range(rng.randint(4, 7)):
            add("observation", sentiment="negative", text=f"So many clicks. {LOUD[0]}", user_id=traveller)
    else:
        p = P_FAIL * (FOLLOWED if has(prompt, MAJORITY) else 1.0)
        p = min(1.0, p * 1.5) if has(prompt, LOUD) else p
        failed = rng.random() < p
        if failed and rng.random() < 0.5:
            add(
                "observation",
                sentiment="negative",
                text=f"I got a middle seat. {MAJORITY[0]}",
                user_id=traveller,
            )
    add("skill_outcome", skill="plan_trip", success=not failed, duration_ms=60_000, user_id=traveller)
    add("session_end", reflection={"failures": []})
    return events, {"majority": failed}


def desk_session(rng, prompt: str, planner_prompt: str, sid: str, parent: str, at, traveller: str, week: int):
    """One booking handed from a planner session: its events and which failures happened."""
    events = []

    def add(kind: str, **body) -> None:
        body.update(session_id=sid, parent_session_id=parent)
        when = at + timedelta(minutes=30 + len(events))
        events.append(
            {"id": f"{sid}-{len(events)}", "type": kind, "timestamp": when.isoformat(), "body": body}
        )

    failed = {}
    if week < REVERSAL_WEEK:
        p = P_FAIL * (FOLLOWED if has(prompt, FLEXIBLE) else 1.0)
        wanted = FLEXIBLE
    else:
        p = P_FAIL * (FOLLOWED if has(prompt, WITHDRAWN) and not has(prompt, FLEXIBLE) else 1.0)
        p = min(1.0, p * 1.5) if has(prompt, FLEXIBLE) else p
        wanted = WITHDRAWN
    failed["preference"] = rng.random() < p
    failed["handoff"] = rng.random() < P_FAIL * (FOLLOWED if has(planner_prompt, HANDOFF) else 1.0)
    broken = {"failure_mode": "VALIDATION"} if failed["handoff"] else {}
    outcome = "failure" if failed["handoff"] else "success"
    add("tool_invocation", tool="book_flight", outcome=outcome, duration_ms=90, user_id=traveller, **broken)
    if failed["preference"] and rng.random() < 0.6:
        add("observation", sentiment="negative", text=f"Not what I asked for. {wanted[0]}", user_id=traveller)
    if failed["handoff"] and rng.random() < 0.6:
        add("observation", sentiment="negative", text=HANDOFF[0], user_id=traveller)
    add(
        "skill_outcome", skill="book", success=not any(failed.values()), duration_ms=40_000, user_id=traveller
    )
    add("session_end", reflection={"failures": []})
    return events, failed


def run(http, operator, seed: int, weeks: int, start) -> dict:
    """Six weeks (or `weeks`) of the travel fleet: per week and side, sessions and failures by
    kind; what was served together; every proposal's lines."""
    import time_machine

    from fleet.services import agent_create
    from fleet.templates import template_upsert
    from fleet.templates_yaml import TemplateSpec
    from governance.models import Proposal
    from improver.models import Rollout
    from improver.services.improvers import improver_create, wake_due_improvers
    from improver.services.rollouts import rollouts_check
    from telemetry.derived import derive_pending

    rng, base_rng = random.Random(seed * 7 + 1), random.Random(seed * 7 + 1)
    tokens, base = {}, {}
    with time_machine.travel(start - timedelta(days=1), tick=False):
        for name, agents in (("planner", PLANNERS), ("booking desk", DESKS)):
            slug = f"{name.split()[0]}-{seed}"
            text = f"You are the {name} of a travel agency.\nWork carefully.\n"
            spec = TemplateSpec(slug=slug, name=name, kind="task_agent", description="", directives=text)
            template, _ = template_upsert(spec=spec)
            tokens[name] = [agent_create(name=f"{slug}-{i}", template_slug=slug)[1] for i in range(agents)]
            improver_create(template=template, wake_at=start + timedelta(days=7))
            base[name] = f"# Directives\n{text}"

    def prompt_of(token: str, sid: str) -> str:
        reply = http.get(
            f"/api/v1/agents/me/directives?session_id={sid}", HTTP_AUTHORIZATION=f"Bearer {token}"
        ).json()
        return reply["prompt_block"]

    def send(token: str, batch: list) -> None:
        response = http.post(
            "/api/v1/ingest",
            data=json.dumps({"batch": batch}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        assert response.status_code == 207, response.content[:300]

    table = {}
    for week in range(1, weeks + 1):
        row = table[week] = {
            side: dict.fromkeys((*KINDS, "sessions"), 0) for side in ("learning", "baseline")
        }
        row |= {"both_fares": 0, "loud_served": 0, "handoff_planner": 0, "flexible_reads": 0, "reads": 0}
        for day in range(7):
            at_day = start + timedelta(days=7 * (week - 1) + day)
            with time_machine.travel(at_day, tick=False):
                rollouts_check()
                operator.decide_handed_over()
            with time_machine.travel(at_day + timedelta(hours=8), tick=False):
                batches = {t: [] for ts in tokens.values() for t in ts}
                for a, token in enumerate(tokens["planner"]):
                    for s in range(WEEK[day]):
                        sid = f"plan-{seed}-w{week}d{day}a{a}s{s}"
                        at = at_day + timedelta(hours=9 + s)
                        loud = rng.random() < LOUD_SHARE * 10 / 4  # ~10% of sessions, 4–7 items each
                        traveller = "loud-traveller" if loud else f"t{rng.randrange(TRAVELLERS)}"
                        plan_prompt = prompt_of(token, sid)
                        events, failed = planner_session(rng, plan_prompt, sid, at, traveller, loud)
                        _, base_failed = planner_session(base_rng, base["planner"], sid, at, traveller, loud)
                        batches[token] += events
                        desk_token = tokens["booking desk"][(a * 7 + s + day) % DESKS]
                        did = f"desk-{seed}-w{week}d{day}a{a}s{s}"
                        desk_prompt = prompt_of(desk_token, did)
                        desk_events, desk_failed = desk_session(
                            rng, desk_prompt, plan_prompt, did, sid, at, traveller, week
                        )
                        _, base_desk = desk_session(
                            base_rng, base["booking desk"], base["planner"], did, sid, at, traveller, week
                        )
                        batches[desk_token] += desk_events
                        row["reads"] += 1
                        row["both_fares"] += has(desk_prompt, FLEXIBLE) and has(desk_prompt, WITHDRAWN)
                        row["flexible_reads"] += has(desk_prompt, FLEXIBLE)
                        if has(desk_prompt, FLEXIBLE):
                            row["flexible_last_day"] = 7 * (week - 1) + day
                        row["loud_served"] += has(plan_prompt, LOUD) or has(desk_prompt, LOUD)
                        row["handoff_planner"] += has(plan_prompt, HANDOFF)
                        for side, outcome in (
                            ("learning", failed | desk_failed),
                            ("baseline", base_failed | base_desk),
                        ):
                            row[side]["sessions"] += 1
                            for kind, hit in outcome.items():
                                row[side][kind] += hit
                for token, batch in batches.items():
                    if batch:
                        send(token, batch)
                derive_pending(max_batches=1000)
            with time_machine.travel(at_day + timedelta(hours=23), tick=False):
                rollouts_check()
                operator.decide_handed_over()
        with time_machine.travel(start + timedelta(days=7 * week), tick=False):
            wake_due_improvers(now=start + timedelta(days=7 * week))
            operator.approve_all("template_evolution")
    proposals = [
        {
            "template": p.payload.get("template", ""),
            "week": (p.created_at - start).days // 7,
            "additions": [a["text"] for a in p.payload.get("additions") or []],
            "removals": [r["text"] for r in p.payload.get("removals") or []],
            "status": p.status,
        }
        for p in Proposal.objects.filter(type="template_evolution").order_by("created_at")
        if p.payload.get("template", "").endswith(f"-{seed}")
    ]
    rollouts = [
        f"{r.template.slug} v{r.candidate.number} from week {(r.started_at - start).days // 7 + 1}: "
        f"{r.status} ({r.decided_by or 'undecided'}) targets {', '.join(r.targets)}: {r.reason[:150]}"
        f"{_judged(r.last_check or {})}"
        for r in Rollout.objects.filter(template__slug__endswith=f"-{seed}")
        .select_related("template", "candidate")
        .order_by("started_at")
    ]
    return {"table": table, "proposals": proposals, "rollouts": rollouts}


def rate(row: dict, side: str, kinds) -> float:
    n = row[side]["sessions"]
    return sum(row[side][k] for k in kinds) / n if n else 0.0


def report(outcome: dict, weeks: int, *, judge: bool = True) -> bool:
    """Prints the fleet's figures and, with `judge`, its targets (PASS or FAIL)."""
    table, proposals = outcome["table"], outcome["proposals"]
    last = table[weeks]
    print(f"\n== travel: a planner ({PLANNERS} agents) handing trips to a booking desk ({DESKS} agents)")
    print(f"{'kind':<11} | {'week 1':>7} | {f'week {weeks}':>7} | {'no learning':>11} | drop")
    for kind in (*KINDS, "all"):
        kinds = KINDS if kind == "all" else (kind,)
        first, now = rate(table[1], "learning", kinds), rate(last, "learning", kinds)
        never = rate(last, "baseline", kinds)
        drop = f"{1 - now / never:+.0%}" if never else "—"
        print(f"{kind:<11} | {first:7.1%} | {now:7.1%} | {never:11.1%} | {drop}")
    print(
        "per week, of the reads: the flexible-fare line served; both fare lines together; the loud "
        "traveller's line; the planner with the hand-off line"
    )
    for week, row in table.items():
        print(
            f"  week {week}: {row['flexible_reads']}, {row['both_fares']}, {row['loud_served']}, "
            f"{row['handoff_planner']} of {row['reads']}"
        )
    for p in proposals:
        print(f"  week {p['week']} {p['template']} ({p['status']}): adds {p['additions']}", end="")
        print(f"; removes {p['removals']}")
    for line in outcome["rollouts"]:
        print(f"  rollout {line}")
    if not judge:
        return True
    # the rituals after the reversal (the first at the end of its week) until one proposed the
    # replacement, and the last day the old line was served (the reversal is day 7 * (week - 1))
    cycle = next(
        (
            p["week"] - REVERSAL_WEEK + 1
            for p in proposals
            if p["week"] >= REVERSAL_WEEK and any(has(line, FLEXIBLE) for line in p["removals"])
        ),
        None,
    )
    last_day = max((r.get("flexible_last_day", -1) for r in table.values()), default=-1)
    reversal_day = 7 * (REVERSAL_WEEK - 1)
    drops = {
        k: 1 - rate(last, "learning", (k,)) / rate(last, "baseline", (k,))
        for k in KINDS
        if rate(last, "baseline", (k,))
    }
    overall = 1 - rate(last, "learning", KINDS) / rate(last, "baseline", KINDS)
    checks = {
        f"the flexible-fare line replaced within two weekly cycles of the reversal (proposed at the "
        f"{cycle or 'no'} ritual after it; last served {last_day - reversal_day} days after it)": bool(cycle)
        and cycle <= 2,
        "the two fare lines never served together": not any(r["both_fares"] for r in table.values()),
        "the loud traveller's line never proposed": not any(
            has(line, LOUD) for p in proposals for line in p["additions"]
        ),
        "the planner carries the hand-off line by the last week": last["handoff_planner"]
        > 0.5 * last["reads"],
        f"week {weeks}: hand-off failures down >= 50% ({drops.get('handoff', 0):+.0%})": drops.get(
            "handoff", 0
        )
        >= 0.5,
        f"week {weeks}: each kind down >= 50% ({min(drops.values()):+.0%} the least)": min(drops.values())
        >= 0.5,
        f"week {weeks}: all failures down >= 60% ({overall:.0%})": overall >= 0.6,
    }
    for check, passed in checks.items():
        print(f"  travel    {'PASS' if passed else 'FAIL'}  {check}")
    return all(checks.values())


def _judged(check: dict) -> str:
    """What a handed-over rollout's page showed: each judged signal's change and interval."""
    intervals = check.get("intervals") or {}
    return "".join(
        f"; {m} {intervals[m][0]:+.3f} [{intervals[m][1]:+.3f}, {intervals[m][2]:+.3f}]"
        for m in check.get("judged_on") or ()
        if m in intervals
    )
