"""The demo: a simulated fleet driven through Kaizen's loop, printing what it found.

Telemetry goes through the real ingest endpoint (Django's test client runs the full HTTP
stack in-process), everything else through the same services the scheduler and the admin use.
"""

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Count
from django.test import Client

from config import clock
from config.progress import Progress
from demo import simulator
from demo.scenes import Scenes
from experiments.metrics import signal_list, signal_words
from experiments.models import LineExposure, LineFactor, Rollout
from experiments.words import level_status, level_title, rollout_status
from fleet.models import Agent, AgentTemplate, Document, Exposure
from fleet.services import agent_create, token_issue
from fleet.templates import template_upsert
from fleet.templates_yaml import parse_templates
from governance.diff import text_diff
from improver.models import RitualRun
from improver.services.improvers import improver_create, wake_due_improvers
from improver.services.lifecycle import check as canaries_check
from planner.models import Alert, Dispatch, GoalState
from planner.selectors import anti_patterns_for_template
from planner.services import fleet_snapshot_take
from telemetry.models import EVENT_MODELS, ToolInvocation

TEMPLATES_FILE = Path(settings.BASE_DIR) / "examples" / "templates.yaml"
BATCH = 200


class DemoRun(Scenes):
    def __init__(self, out, *, seed: int, agents_per_template: int, sessions_per_day: int):
        self.out = out
        self.rng = random.Random(seed)
        self.size = agents_per_template
        self.sessions_per_day = sessions_per_day
        self.http = Client()
        self.tokens: dict[str, str] = {}
        self.sim_agents: list[simulator.SimAgent] = []
        self.session_no = 0

    # --- steps ---------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.out.write(text)

    def heading(self, text: str) -> None:
        self.say("")
        self.say(f"== {text}")

    def load_templates(self) -> None:
        self.heading("Templates")
        for spec in parse_templates(TEMPLATES_FILE.read_text(), str(TEMPLATES_FILE)):
            template, outcome = template_upsert(spec=spec, source="demo")
            self.say(f"  {template.slug} ({template.kind}): {outcome}")

    def create_fleet(self, since: datetime) -> None:
        """The fleet, in service since `since` (before the simulated weeks): a canary tells the
        agents it started with from those that joined later by when they were created."""
        self.heading("Fleet")
        for template in ("coder", "researcher"):
            for sim in simulator.fleet(self.rng, template, self.size):
                agent, token = agent_create(name=sim.name, template_slug=template)
                Agent.objects.filter(pk=agent.pk).update(created_at=since)
                self.tokens[sim.name] = token
                self.sim_agents.append(sim)
                self.say(f"  {agent.name} runs {template}; token {token[:12]}… (shown once)")

    def declare_cards(self) -> None:
        """Every agent declares its skills; the first researcher also takes on fleet remediation."""
        for i, sim in enumerate(self.sim_agents):
            skills = [{"name": s, "confidence": c} for s, c in sim.declared.items()]
            if i == len(self.sim_agents) - 1:
                skills += [
                    {"name": a, "confidence": 0.8, "blast_radius": "medium", "hitl_mode": "notification"}
                    for a in ("fleet_incident_response", "downshift_models", "investigate_orphaned_skills")
                ]
            response = self.http.put(
                "/api/v1/agents/me/card",
                data=json.dumps({"skills": skills}),
                content_type="application/json",
                **self.auth(sim),
            )
            if response.status_code != 200:
                raise RuntimeError(f"card of {sim.name}: {response.content[:300]!r}")

    def auth(self, sim: simulator.SimAgent) -> dict:
        return {"HTTP_AUTHORIZATION": f"Bearer {self.tokens[sim.name]}"}

    def planner_report(self, now: datetime, skill: str = "pr_review") -> None:
        self.heading(f"Planner at {now:%Y-%m-%d %H:%M} (simulated clock)")
        sim = self.sim_agents[0]
        ranked = self.http.get(f"/api/v1/planner/candidates?skill={skill}", **self.auth(sim)).json()
        self.say(f"  ranking for {skill}:")
        for row in ranked["candidates"][:5]:
            self.say(
                f"    {row['agent']:<14} {row['regime']:<4} score {row['score']:.3f}  "
                f"samples {row['samples']:>3}  success {row['success_rate']:.0%}"
            )
        snapshot = fleet_snapshot_take(now=now)
        self.say(
            f"  fleet health: {snapshot.total_outcomes} outcomes in 24 h, success "
            f"{(snapshot.fleet_success_rate or 0):.0%}, p95 {snapshot.fleet_p95_latency_ms or 0:.0f} ms, "
            f"max 1 h failure rate {snapshot.max_failure_rate_1h:.0%}, "
            f"cost ${snapshot.total_cost_usd_1d:.2f}, orphaned skills {snapshot.orphaned_skill_count}"
        )
        for state in GoalState.objects.filter(last_violated_at=now):
            self.say(
                f"  goal violated: {state.goal_id} (value {state.last_value:g})"
                + (f", not dispatched: {state.last_skip_reason}" if state.last_skip_reason else "")
            )
        for dispatch in Dispatch.objects.filter(created_at=now).select_related("agent"):
            self.say(f"  dispatched {dispatch.skill} to {dispatch.agent} ({dispatch.correlation_id[:18]}…)")
            self.remediate(dispatch.agent.name, now)
        for alert in Alert.objects.filter(created_at=now):
            self.say(f"  alert [{alert.kind}] {alert.message}")
        lines = [a["line"] for a in anti_patterns_for_template(Agent.objects.get(name=sim.name).template_id)]
        self.say("  anti-patterns served to coder agents:" if lines else "  no anti-patterns yet")
        for line in lines:
            self.say(f"    {line}")

    def create_improver(self, template_slug: str, wake_at: datetime) -> None:
        improver = improver_create(template=AgentTemplate.objects.get(slug=template_slug), wake_at=wake_at)
        self.say(f"  {improver.agent.name} evolves {template_slug}; first wake {wake_at:%Y-%m-%d %H:%M}")

    def wake(self, now: datetime) -> list[RitualRun]:
        """What the hourly beat entry does, at the simulated `now`."""
        self.heading(f"Scheduled wake check at {now:%Y-%m-%d %H:%M}")
        due = wake_due_improvers(now=now)  # eager here: each ritual runs as it is enqueued
        runs = list(RitualRun.objects.filter(improver_id__in=[pk for pk, _ in due], started_at=now))
        for run in runs:
            self.say(f"  ritual of {run.improver.active_template.slug}: {run.outcome} ({run.detail})")
            session = getattr(run, "session", None)
            if session is None:
                continue
            self.say(
                f"  {session.feedback_count} new feedback items; context {session.context_tokens} tokens"
            )
            for note in session.notes.order_by("id"):
                self.say(f"    [{note.kind}] {note.content}")
            proposal = session.proposal
            self.say(f"  proposal #{proposal.pk}: {proposal.title}")
            payload = proposal.payload
            for line in text_diff(payload.get("current_directives"), payload.get("proposed_directives")):
                if line[0] in ("add", "del"):
                    self.say(f"    {line[1]}")
        return runs

    def operator_token(self) -> str:
        """A staff token of the scripted operator (created once)."""
        if not getattr(self, "_operator_token", None):
            user, _ = get_user_model().objects.get_or_create(
                username="operator", defaults={"is_staff": True, "is_superuser": True}
            )
            _, self._operator_token = token_issue(user=user, label="demo operator")
        return self._operator_token

    def operator_approves(self, run: RitualRun, at: datetime, rating: int = 4) -> None:
        """The operator approves at simulated time `at`, so the canary starts on the simulated
        calendar its daily checks follow."""
        self.heading("The operator reviews")
        token = self.operator_token()
        proposal_id = run.session.proposal_id
        with clock.pinned(at):
            response = self.http.post(
                f"/api/v1/proposals/{proposal_id}/approve",
                data=json.dumps({"rating": rating}),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {token}",
            )
        self.say(
            f"  POST /api/v1/proposals/{proposal_id}/approve {{rating: {rating}}} → "
            f"{response.status_code} {response.json().get('status')}"
        )
        slug = run.improver.active_template.slug
        rollout = Rollout.objects.filter(proposal_id=proposal_id).first()
        tests = list(LineFactor.objects.filter(proposal_id=proposal_id).order_by("pk"))
        if tests:
            self.say(
                f"  its {len(tests)} line(s) are tested one by one: each {slug} session that names itself "
                f"when it reads its directives is drawn for each line on its own ({tests[0].share:.0%} of "
                "the sessions get it), so one session carries a random subset and every line is judged "
                "on its own target"
            )
            for test in tests:
                targets = signal_list(test.levels[0].get("targets") or ["any_failure"])
                self.say(f"    line test {test.pk}: {level_title(test, 1)} (target: {targets})")
            self.show_a_session(slug)
            return
        if rollout is not None:
            self.say(
                f"  {slug} v{rollout.candidate.number} starts as a canary: each {slug} session is assigned "
                f"when it reads its directives naming its session id, {rollout.share:.0%} of them to "
                f"v{rollout.candidate.number}, the rest to v{rollout.champion.number}"
            )
            self.say("  every agent runs both versions, its own control, until the sequential test decides")
        sim = next(s for s in self.sim_agents if s.template == slug and s.name in canary_names(rollout))
        directives = self.http.get("/api/v1/agents/me/directives", **self.auth(sim)).json()
        self.say(f"  a session on the candidate reads {directives['template']} v{directives['version']}:")
        for line in directives["prompt_block"].splitlines():
            self.say(f"    | {line}")

    def show_a_session(self, slug: str) -> None:
        """What one session of the template reads while its lines are tested."""
        sim = next(s for s in self.sim_agents if s.template == slug)
        key = f"{sim.name}-shown"
        directives = self.http.get(
            "/api/v1/agents/me/directives", {"session_id": key}, **self.auth(sim)
        ).json()
        served = [x.get("add") or x.get("remove") for x in directives["lines_under_test"]["served"]]
        version = f"{directives['template']} v{directives['version']}"
        self.say(f"  session {key} reads {version} with {len(served)} line(s) under test:")
        for line in directives["prompt_block"].splitlines():
            self.say(f"    | {line}")

    def remediate(self, agent_name: str, now: datetime) -> None:
        """The dispatched agent polls its work and reports the outcome with the correlation id."""
        sim = next(s for s in self.sim_agents if s.name == agent_name)
        work = self.http.get("/api/v1/agents/me/dispatches?status=pending", **self.auth(sim)).json()[
            "dispatches"
        ]
        events = [
            {
                "id": f"remediation-{d['id']}",
                "type": "skill_outcome",
                "timestamp": (now + timedelta(minutes=5)).isoformat(),
                "body": {
                    "skill": d["skill"],
                    "success": True,
                    "duration_ms": 240_000,
                    "correlation_id": d["correlation_id"],
                    "goal": d["goal"],
                },
            }
            for d in work
        ]
        if events:
            self.post(sim, events)
            self.say(
                f"  {agent_name} polled {len(work)} dispatch(es) from /api/v1/agents/me/dispatches, "
                "handled them and reported success with the correlation id"
            )

    def directives_of(self, sim: simulator.SimAgent, session_no: int, at: datetime) -> str:
        """What a session reads when it starts, naming its session id (the one its events carry):
        during a canary the session is assigned to an arm then."""
        with clock.pinned(at):
            response = self.http.get(
                "/api/v1/agents/me/directives",
                {"session_id": simulator.session_id(sim, session_no)},
                **self.auth(sim),
            )
        return response.json()["directives"]

    def simulate_days(self, start: datetime, days: int, label: str, rollouts: bool = False) -> list[dict]:
        """Every agent works `sessions_per_day` sessions a day, each reading its directives when it
        starts; events go through ingest, arriving at the end of their simulated day. With
        `rollouts`, the canary check runs at the end of each day (what the beat entry does)."""
        all_events: list[dict] = []
        plan = [(day, sim) for day in range(days) for sim in self.sim_agents]
        progress = Progress(self.out, len(plan), label)
        for index, (day, sim) in enumerate(plan):
            if index and rollouts and sim is self.sim_agents[0]:  # a new day: yesterday's check
                self.check_rollouts(start + timedelta(days=day))
            events: list[dict] = []
            for s in range(self.sessions_per_day):
                self.session_no += 1
                at = start + timedelta(days=day, hours=9 + 3 * s, minutes=self.rng.randint(0, 59))
                directives = self.directives_of(sim, self.session_no, at)
                events += simulator.session_events(self.rng, sim, at, self.session_no, directives)
            with clock.pinned(start + timedelta(days=day, hours=23)):  # they arrive on their simulated day
                self.post(sim, events)
            all_events += [dict(e, agent=sim.name) for e in events]
            progress.advance()
        progress.finish()
        if rollouts:
            self.show_assignments()
        return all_events

    def show_assignments(self) -> None:
        """How the canaries' sessions were assigned, per version (the exposures their reads left)."""
        assigned = (
            Exposure.objects.values("candidate__document__name", "version__number")
            .annotate(n=Count("id"))
            .order_by("candidate__document__name", "-version__number")
        )
        by_template: dict[str, list[str]] = {}
        for row in assigned:
            slug = row["candidate__document__name"].removeprefix(Document.TEMPLATE_PREFIX)
            by_template.setdefault(slug, []).append(f"v{row['version__number']} {row['n']}")
        for slug, counts in by_template.items():
            self.say(f"  {slug} sessions assigned while its canary ran: {', '.join(counts)}")
        draws = (
            LineExposure.objects.values("factor", "level").annotate(n=Count("id")).order_by("factor", "level")
        )
        by_test: dict[int, dict[int, int]] = {}
        for row in draws:
            by_test.setdefault(row["factor"], {})[row["level"]] = row["n"]
        for test in LineFactor.objects.filter(pk__in=list(by_test)).select_related("template").order_by("pk"):
            drawn = by_test[test.pk]
            self.say(
                f"  {test.template.slug} line test {test.pk}: {drawn.get(1, 0)} sessions drawn with it, "
                f"{drawn.get(0, 0)} without"
            )

    def check_rollouts(self, now: datetime) -> None:
        """Run the canary's sequential test as the beat entry would, and say what it decided."""
        watched = [Rollout.Status.RUNNING, Rollout.Status.NEEDS_HUMAN]  # the test goes on for a human
        before = dict(Rollout.objects.filter(status__in=watched).values_list("pk", "status"))
        lines_before = dict(LineFactor.objects.filter(status__in=LineFactor.OPEN).values_list("pk", "status"))
        canaries_check(now=now)  # on the simulated day: its age, looks and charts follow the simulation
        self.lines_decided(lines_before, now)
        for rollout in Rollout.objects.filter(pk__in=list(before)).select_related("template", "candidate"):
            if rollout.status == before[rollout.pk]:
                continue
            status = rollout_status(rollout)
            judged = next((r for r in status["rows"] if r["metric"] == status["judged_on"][0]), None)
            arms = f"canary {judged['candidate']}, champion {judged['champion']}" if judged else "no sessions"
            self.say(
                f"  {now:%Y-%m-%d}: rollout of {rollout.template.slug} v{rollout.candidate.number} "
                f"{rollout.status.replace('_', ' ')} by {rollout.decided_by} — sessions with "
                f"{signal_words(status['judged_on'][0])}: {arms}; {rollout.reason}"
            )

    def lines_decided(self, before: dict, now: datetime) -> None:
        """Say what the daily check decided of each line under test."""
        for test in LineFactor.objects.filter(pk__in=list(before)).select_related("template").order_by("pk"):
            if test.status == before[test.pk]:
                continue
            number = test.promoted_level or 1
            status = level_status(test, number)
            judged = next((r for r in status["rows"] if r["metric"] == status["judged_on"][0]), None)
            arms = f"with it {judged['candidate']}, without {judged['champion']}" if judged else "no sessions"
            self.say(
                f"  {now:%Y-%m-%d}: line test {test.pk} of {test.template.slug} "
                f"({level_title(test, number)}) "
                f"{test.status.replace('_', ' ')} by {test.decided_by or 'system'} — sessions with "
                f"{signal_words(status['judged_on'][0])}: {arms}; {test.reason}"
            )

    def post(self, sim: simulator.SimAgent, events: list[dict]) -> list[dict]:
        results: list[dict] = []
        for i in range(0, len(events), BATCH):
            response = self.http.post(
                "/api/v1/ingest",
                data=json.dumps({"batch": events[i : i + BATCH]}),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {self.tokens[sim.name]}",
            )
            if response.status_code != 207:
                raise RuntimeError(f"ingest answered {response.status_code}: {response.content[:300]!r}")
            results += response.json()["results"]
        rejected = [r for r in results if r["status"] == 400]
        if rejected:
            raise RuntimeError(f"the simulator produced invalid events: {rejected[:3]}")
        return results

    def show_ingest_summary(self, events: list[dict]) -> None:
        self.heading("Ingested telemetry")
        for event_type, model in EVENT_MODELS.items():
            self.say(f"  {event_type:<16} {model.objects.count():>6}")
        sample = [e for e in events if e["agent"] == self.sim_agents[0].name][:50]
        replay = self.post(self.sim_agents[0], [{k: v for k, v in e.items() if k != "agent"} for e in sample])
        statuses = {s: sum(1 for r in replay if r["status"] == s) for s in (200, 201)}
        self.say(
            f"  replayed {len(sample)} events: {statuses[200]} recognised as duplicates, "
            f"{statuses[201]} stored again"
        )
        top = (
            ToolInvocation.objects.exclude(outcome="success")
            .values("tool", "failure_mode")
            .annotate(n=Count("id"))
            .order_by("-n")[:3]
        )
        self.say("  most frequent tool failures:")
        for row in top:
            self.say(f"    {row['tool']} {row['failure_mode']}: {row['n']}")


def canary_names(rollout) -> set[str]:
    if rollout is None:
        return set(Agent.objects.values_list("name", flat=True))
    return set(Agent.objects.filter(pk__in=rollout.canary_agents).values_list("name", flat=True))


def simulated_start(weeks: int) -> datetime:
    """Sessions of the simulation end today; the simulated clock starts `weeks` weeks ago."""
    today = clock.now().replace(hour=0, minute=0, second=0, microsecond=0)
    return today - timedelta(weeks=weeks)
