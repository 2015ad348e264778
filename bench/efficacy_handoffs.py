"""Fleets of two templates, one handing work to the other, for bench/efficacy.py: evidence that
counts people, follows a hand-off and turns with time, against the same fleet never learning.

An upstream template (5 agents) hands each piece of work to a downstream one (6 agents), whose
session names the upstream's as its parent (`parent_session_id`). Every session asks for its
directives with its session id, so a canary assigns sessions. Three failures, each avoided
(nine times in ten) only by a line in the right template's directives, each line being what
the people's feedback asks (its last sentence):

- preference (downstream): for three weeks people ask for one thing (`before`); from week 4
  the policy turns and they ask for the opposite (`after`). A template still serving the old
  line fails more often than one saying nothing. The old line must be replaced, never served
  beside its opposite.
- majority (upstream): one loud person sends 4–7 complaints a session, about 40% of the
  upstream's negative feedback, asking for something (`loud`) that hurts everyone else (they
  fail more often while it is served); 7–18 sessions a week of other people ask the opposite
  (`majority`). The loud person's line must never be proposed. With a `rival`, a third of
  those people ask another remedy for the same problem (the same complaint, another action):
  either line helps, and the two must never be served together.
- handoff (downstream, fixed upstream): the upstream's hand-off leaves something out; the
  downstream sessions fail and their people say so, naming the upstream and the hand-off
  (`handoff`). Only the upstream's line helps.

A fleet is a dict of those sentences and the names of its templates, tools and skills
(`FLEETS`; bench/efficacy_fleets.py holds fleets written by someone who never read the rules).
"""

import json
import random
import re
from datetime import timedelta

P_FAIL = 0.4
FOLLOWED = 0.1  # a failure's chance, relative, when the prompt carries the line for it
WORSE = 1.5  # a failure's chance, relative, when the prompt carries the line that hurts
REVERSAL_WEEK = 4  # the first week people ask for the opposite
UPSTREAM_AGENTS, DOWNSTREAM_AGENTS = 5, 6
WEEK = (4, 4, 4, 4, 4, 1, 1)  # upstream sessions per agent and weekday (each hands one on)
LOUD_SESSIONS = 0.1  # of the upstream's sessions, the loud person's
PEOPLE = 300
KINDS = ("preference", "majority", "handoff")

TRAVEL = {
    "upstream": {"name": "planner", "role": "trip planner of a travel agency", "tool": "search_trips",
                 "skill": "plan_trip"},
    "downstream": {"name": "booking desk", "role": "booking desk of a travel agency", "tool": "book_flight",
                   "skill": "book"},
    "before": "Not what I asked for. Always offer the flexible fare when booking a flight.",
    "after": "Not what I asked for. Never offer the flexible fare; it is no longer sold.",
    "loud": "So many clicks. Skip the seat selection step.",
    "majority": "I got a middle seat. Never skip the seat selection step.",
    "rival": "I got a middle seat. Ask every traveller whether they want a window or an aisle.",
    "handoff": "The planner's hand-off left out the passport number. "
    "Include the passport number in every hand-off to the booking desk.",
}  # fmt: skip
FLEETS = {"travel": TRAVEL}


def ask(said: str) -> str:
    """What a piece of feedback asks: its last sentence (a clause after ";" is part of it)."""
    return re.split(r"(?<=[.!?])\s+", said.strip())[-1]


def carries(prompt: str, said: str) -> bool:
    """Whether a line of the prompt asks what `said` asks: most of the ask's content words, and
    not its opposite ("Never skip …" does not carry "Skip …")."""
    from language.contrary import contrary
    from language.words import content

    wanted = ask(said)
    words = set(content(wanted).split())
    for line in prompt.splitlines():
        served = line.strip().lstrip("-* ").removeprefix("Remember: ")
        if not served or served.startswith("#"):
            continue
        theirs = set(content(served).split())
        shared = len(words & theirs) / max(1, min(len(words), len(theirs)))
        if shared >= 0.6 and not contrary(served, wanted):
            return True
    return False


class Session:
    """One session's events, each at its own minute, with the fields every event carries."""

    def __init__(self, sid: str, at, **fields):
        self.sid, self.at, self.fields, self.events = sid, at, fields, []

    def add(self, kind: str, **body) -> None:
        body.update(session_id=self.sid, **self.fields)
        when = self.at + timedelta(minutes=len(self.events))
        self.events.append(
            {
                "id": f"{self.sid}-{len(self.events)}",
                "type": kind,
                "timestamp": when.isoformat(),
                "body": body,
            }
        )


def upstream_session(rng, fleet: dict, prompt: str, sid: str, at, person: str, loud: bool):
    """One piece of work upstream: its events and whether the majority's failure happened."""
    up, session = fleet["upstream"], Session(sid, at, user_id=person)
    session.add("tool_invocation", tool=up["tool"], outcome="success", duration_ms=50)
    failed = False
    if loud:
        for _ in range(rng.randint(4, 7)):
            session.add("observation", sentiment="negative", text=fleet["loud"])
    else:
        helps = carries(prompt, fleet["majority"]) or carries(prompt, fleet.get("rival", ""))
        p = P_FAIL * (FOLLOWED if helps else 1.0)
        failed = rng.random() < min(1.0, p * (WORSE if carries(prompt, fleet["loud"]) else 1.0))
        if failed and rng.random() < 0.5:
            rival = "rival" in fleet and rng.random() < 1 / 3
            session.add("observation", sentiment="negative", text=fleet["rival" if rival else "majority"])
    session.add("skill_outcome", skill=up["skill"], success=not failed, duration_ms=60_000)
    session.add("session_end", reflection={"failures": []})
    return session.events, {"majority": failed}


def downstream_session(rng, fleet: dict, prompts: tuple[str, str], ids: tuple[str, str], at, person, week):
    """The work handed on from an upstream session: its events and which failures happened.
    `prompts`: the downstream session's and the upstream one's; `ids`: its session and parent."""
    prompt, upstream_prompt = prompts
    down, session = fleet["downstream"], Session(ids[0], at + timedelta(minutes=30), user_id=person)
    session.fields["parent_session_id"] = ids[1]
    wanted, old = (fleet["before"], None) if week < REVERSAL_WEEK else (fleet["after"], fleet["before"])
    stale = old is not None and carries(prompt, old)
    p = P_FAIL * (FOLLOWED if carries(prompt, wanted) and not stale else 1.0)
    failed = {"preference": rng.random() < min(1.0, p * (WORSE if stale else 1.0))}
    failed["handoff"] = rng.random() < P_FAIL * (
        FOLLOWED if carries(upstream_prompt, fleet["handoff"]) else 1.0
    )
    broken = (
        {"outcome": "failure", "failure_mode": "VALIDATION"} if failed["handoff"] else {"outcome": "success"}
    )
    session.add("tool_invocation", tool=down["tool"], duration_ms=90, **broken)
    if failed["preference"] and rng.random() < 0.6:
        session.add("observation", sentiment="negative", text=wanted)
    if failed["handoff"] and rng.random() < 0.6:
        session.add("observation", sentiment="negative", text=fleet["handoff"])
    session.add("skill_outcome", skill=down["skill"], success=not any(failed.values()), duration_ms=40_000)
    session.add("session_end", reflection={"failures": []})
    return session.events, failed


class Fleet:
    """The two templates through the real services: their agents' tokens, and what they serve."""

    def __init__(self, http, fleet: dict, seed: int, start):
        import time_machine

        from fleet.services import agent_create
        from fleet.templates import template_upsert
        from fleet.templates_yaml import TemplateSpec
        from improver.services.improvers import improver_create

        self.http, self.spec, self.seed, self.tokens, self.base, self.slugs = http, fleet, seed, {}, {}, {}
        with time_machine.travel(start - timedelta(days=1), tick=False):
            for side, agents in (("upstream", UPSTREAM_AGENTS), ("downstream", DOWNSTREAM_AGENTS)):
                name = fleet[side]["name"]
                slug = self.slugs[side] = f"{re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')}-{seed}"
                text = f"You are the {fleet[side]['role']}.\nWork carefully.\n"
                spec = TemplateSpec(slug=slug, name=name, kind="task_agent", description="", directives=text)
                template, _ = template_upsert(spec=spec)
                self.tokens[side] = [
                    agent_create(name=f"{slug}-{i}", template_slug=slug)[1] for i in range(agents)
                ]
                improver_create(template=template, wake_at=start + timedelta(days=7))
                self.base[side] = f"# Directives\n{text}"

    def prompt(self, token: str, sid: str) -> str:
        reply = self.http.get(
            f"/api/v1/agents/me/directives?session_id={sid}", HTTP_AUTHORIZATION=f"Bearer {token}"
        )
        return reply.json()["prompt_block"]

    def send(self, token: str, batch: list) -> None:
        response = self.http.post(
            "/api/v1/ingest",
            data=json.dumps({"batch": batch}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        assert response.status_code == 207, response.content[:300]


def new_week() -> dict:
    row = {side: dict.fromkeys((*KINDS, "sessions"), 0) for side in ("learning", "baseline")}
    return row | {"old_reads": 0, "both": 0, "rivals": 0, "loud_served": 0, "handoff_upstream": 0, "reads": 0}


def work_day(fleet: Fleet, rngs, row: dict, week: int, day: int, at_day) -> None:
    """A day's work of the whole fleet, learning and never learning, sent as each agent's batch."""
    spec, (rng, base_rng) = fleet.spec, rngs
    batches = {t: [] for tokens in fleet.tokens.values() for t in tokens}
    for a, token in enumerate(fleet.tokens["upstream"]):
        for s in range(WEEK[day]):
            sid, did = (f"{side}-{fleet.seed}-w{week}d{day}a{a}s{s}" for side in ("up", "down"))
            at = at_day + timedelta(hours=9 + s)
            loud = rng.random() < LOUD_SESSIONS
            person = "the-loud-one" if loud else f"p{rng.randrange(PEOPLE)}"
            up_prompt = fleet.prompt(token, sid)
            events, failed = upstream_session(rng, spec, up_prompt, sid, at, person, loud)
            _, base_failed = upstream_session(base_rng, spec, fleet.base["upstream"], sid, at, person, loud)
            down_token = fleet.tokens["downstream"][(a * 7 + s + day) % DOWNSTREAM_AGENTS]
            down_prompt = fleet.prompt(down_token, did)
            down_events, down_failed = downstream_session(
                rng, spec, (down_prompt, up_prompt), (did, sid), at, person, week
            )
            _, base_down = downstream_session(
                base_rng,
                spec,
                (fleet.base["downstream"], fleet.base["upstream"]),
                (did, sid),
                at,
                person,
                week,
            )
            batches[token] += events
            batches[down_token] += down_events
            old, new = carries(down_prompt, spec["before"]), carries(down_prompt, spec["after"])
            row["reads"] += 1
            row["both"] += old and new
            if week >= REVERSAL_WEEK and old:
                row["old_reads"] += 1
                row["old_last_day"] = 7 * (week - 1) + day
            row["loud_served"] += carries(up_prompt, spec["loud"]) or carries(down_prompt, spec["loud"])
            row["rivals"] += (
                "rival" in spec and carries(up_prompt, spec["majority"]) and carries(up_prompt, spec["rival"])
            )
            row["handoff_upstream"] += carries(up_prompt, spec["handoff"])
            for side, outcome in (("learning", failed | down_failed), ("baseline", base_failed | base_down)):
                row[side]["sessions"] += 1
                for kind, hit in outcome.items():
                    row[side][kind] += hit
    for token, batch in batches.items():
        if batch:
            fleet.send(token, batch)


def run(http, operator, spec: dict, seed: int, weeks: int, start) -> dict:
    """`weeks` of one fleet: per week and side, sessions and failures by kind; what was served
    together; every proposal's lines and every rollout."""
    import time_machine

    from improver.services.improvers import wake_due_improvers
    from improver.services.lifecycle import check as rollouts_check
    from telemetry.derived import derive_pending

    fleet = Fleet(http, spec, seed, start)
    rngs = random.Random(seed * 7 + 1), random.Random(seed * 7 + 1)
    table = {}
    for week in range(1, weeks + 1):
        row = table[week] = new_week()
        for day in range(7):
            at_day = start + timedelta(days=7 * (week - 1) + day)
            for hour in (0, 23):  # the beat's rollout checks (every 10 minutes in service): twice a day
                with time_machine.travel(at_day + timedelta(hours=hour), tick=False):
                    rollouts_check()
                    operator.decide_handed_over()
            with time_machine.travel(at_day + timedelta(hours=8), tick=False):
                work_day(fleet, rngs, row, week, day, at_day)
                derive_pending(max_batches=1000)
        with time_machine.travel(start + timedelta(days=7 * week), tick=False):
            wake_due_improvers(now=start + timedelta(days=7 * week))
            operator.approve_all("template_evolution")
    return {"table": table, "slugs": fleet.slugs, "spec": spec} | changes(fleet.slugs, start)


def changes(slugs: dict, start) -> dict:
    """Every evolution proposed to the fleet's templates, every rollout and every line test (each
    line or learned fact tried on its own, where reads name their sessions), in order."""
    from experiments.models import LineFactor, Rollout
    from governance.models import Proposal

    proposals = [
        {
            "template": p.payload.get("template", ""),
            "week": (p.created_at - start).days // 7,
            "additions": [a["text"] for a in p.payload.get("additions") or []],
            "removals": [r["text"] for r in p.payload.get("removals") or []],
            "status": p.status,
        }
        for p in Proposal.objects.filter(type="template_evolution").order_by("created_at")
        if p.payload.get("template", "") in slugs.values()
    ]
    rollouts = [
        f"{r.template.slug} v{r.candidate.number} from week {(r.started_at - start).days // 7 + 1}: "
        f"{r.status} ({r.decided_by or 'undecided'}) targets {', '.join(r.targets)}: {r.reason[:150]}"
        f"{_judged(r.last_check or {})}"
        for r in Rollout.objects.filter(template__slug__in=slugs.values())
        .select_related("template", "candidate")
        .order_by("started_at")
    ]
    line_tests = [
        f"{f.template.slug} {f.title} from week {(f.started_at - start).days // 7 + 1}: "
        f"{f.status} ({f.decided_by or 'undecided'}): {f.reason[:150]}"
        for f in LineFactor.objects.filter(template__slug__in=slugs.values())
        .select_related("template")
        .order_by("started_at", "pk")
    ]
    return {"proposals": proposals, "rollouts": rollouts, "line_tests": line_tests}


def _judged(check: dict) -> str:
    """What a rollout's page showed: each judged signal's change and interval."""
    intervals = check.get("intervals") or {}
    return "".join(
        f"; {m} {intervals[m][0]:+.3f} [{intervals[m][1]:+.3f}, {intervals[m][2]:+.3f}]"
        for m in check.get("judged_on") or ()
        if m in intervals
    )


def rate(row: dict, side: str, kinds) -> float:
    n = row[side]["sessions"]
    return sum(row[side][k] for k in kinds) / n if n else 0.0


def report(name: str, outcome: dict, weeks: int, *, judge: bool = True) -> bool:
    """Prints the fleet's figures and, with `judge`, its targets (PASS or FAIL)."""
    table, spec, last = outcome["table"], outcome["spec"], outcome["table"][weeks]
    up, down = spec["upstream"]["name"], spec["downstream"]["name"]
    print(f"\n== {name}: {up} ({UPSTREAM_AGENTS} agents) handing work to {down} ({DOWNSTREAM_AGENTS} agents)")
    print(f"{'kind':<11} | {'week 1':>7} | {f'week {weeks}':>7} | {'no learning':>11} | drop")
    for kind in (*KINDS, "all"):
        kinds = KINDS if kind == "all" else (kind,)
        first, now = rate(table[1], "learning", kinds), rate(last, "learning", kinds)
        never = rate(last, "baseline", kinds)
        drop = f"{1 - now / never:+.0%}" if never else "—"
        print(f"{kind:<11} | {first:7.1%} | {now:7.1%} | {never:11.1%} | {drop}")
    print(
        "per week, of the reads: the old line served after the reversal; both lines together; two "
        f"remedies for one problem together; the loud person's line; {up} with the hand-off line"
    )
    for week, row in table.items():
        print(
            f"  week {week}: {row['old_reads']}, {row['both']}, {row['rivals']}, {row['loud_served']}, "
            f"{row['handoff_upstream']} of {row['reads']}"
        )
    for p in outcome["proposals"]:
        print(f"  week {p['week']} {p['template']} ({p['status']}): adds {p['additions']}", end="")
        print(f"; removes {p['removals']}")
    for line in outcome["rollouts"]:
        print(f"  rollout {line}")
    for line in outcome["line_tests"]:
        print(f"  line test {line}")
    if not judge:
        return True
    checks = targets(outcome, weeks)
    for check, passed in checks.items():
        print(f"  {name:<9} {'PASS' if passed else 'FAIL'}  {check}")
    return all(checks.values())


def targets(outcome: dict, weeks: int) -> dict[str, bool]:
    table, spec, proposals, last = (
        outcome["table"],
        outcome["spec"],
        outcome["proposals"],
        outcome["table"][weeks],
    )
    # the rituals after the reversal (the first at the end of its week) until one proposed the
    # replacement, and the last day the old line was served (the reversal is day 7 * (week - 1))
    cycle = next(
        (
            p["week"] - REVERSAL_WEEK + 1
            for p in proposals
            if p["week"] >= REVERSAL_WEEK and any(carries(line, spec["before"]) for line in p["removals"])
        ),
        None,
    )
    last_day = max((r.get("old_last_day", -1) for r in table.values()), default=-1)
    since = (
        f"last served {last_day - 7 * (REVERSAL_WEEK - 1)} days after it"
        if last_day >= 0
        else "never served after it"
    )
    drops = {
        k: 1 - rate(last, "learning", (k,)) / rate(last, "baseline", (k,))
        for k in KINDS
        if rate(last, "baseline", (k,))
    }
    overall = 1 - rate(last, "learning", KINDS) / rate(last, "baseline", KINDS)
    loud = any(carries(line, spec["loud"]) for p in proposals for line in p["additions"])
    handoff = drops.get("handoff", 0)
    upstream = spec["upstream"]["name"]
    return {
        "the old line replaced within two weekly cycles of the reversal (proposed at ritual "
        f"{cycle or '—'} after it; {since})": bool(cycle) and cycle <= 2,
        "the old line and its opposite never served together": not any(r["both"] for r in table.values()),
        "two remedies for one problem never served together": not any(r["rivals"] for r in table.values()),
        "the loud person's line never proposed": not loud,
        f"{upstream} serves the hand-off line in the last week": last["handoff_upstream"]
        > 0.5 * last["reads"],
        f"week {weeks}: hand-off failures down >= 50% ({handoff:+.0%})": handoff >= 0.5,
        f"week {weeks}: each kind down >= 50% ({min(drops.values()):+.0%} the least)": min(drops.values())
        >= 0.5,
        f"week {weeks}: all failures down >= 60% ({overall:.0%})": overall >= 0.6,
    }
