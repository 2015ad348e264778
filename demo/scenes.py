"""Demo scenes beyond the weekly loop: learning loops, the board, proposals that act, the summary."""

import json
import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Count

from experiments.models import LineFactor, Rollout
from experiments.words import level_status, level_title, rollout_status
from fleet.models import AgentTemplate
from governance.models import BoardTask, Proposal
from improver.services.maintenance import maintenance_pass
from language.correcting import as_fact
from learning.models import FrictionEvent, LearnedFact
from planner.goalbook import current_goals
from telemetry.models import SessionEnd

WAITING = {"needs_human": "waiting for a human", "pinned": "pinned", "running": "still running"}


class Scenes:
    """Mixed into DemoRun: each scene drives the public surfaces and says what happened."""

    def loops_report(self, now: datetime) -> None:
        self.heading("Learning loops")
        frictions = FrictionEvent.objects.count()
        self.say(f"  loop 1: {frictions} friction events (same tool and failure mode 3× in a session)")
        for p in Proposal.objects.filter(type="new_tool").order_by("-id")[:3]:
            self.say(
                f"    new_tool proposal #{p.pk}: {p.title} (seen in {p.evidence.get('occurrences')} sessions)"
            )
        facts = LearnedFact.objects.filter(status="active").order_by("-confidence")
        count = facts.count()
        self.say(f"  loop 2: {count} learned fact{'' if count == 1 else 's'} from corrections, e.g.:")
        for fact in facts[:3]:
            self.say(f"    [{fact.template} · {fact.source} {fact.confidence:.1f}] {as_fact(fact.content)}")
        sim = self.sim_agents[0]
        served = self.http.get("/api/v1/agents/me/directives", **self.auth(sim)).json()["learned_facts"]
        self.say(f"    {sim.name} reads {len(served)} of them with its directives")
        digest = SessionEnd.objects.exclude(digest={}).order_by("-id").first()
        if digest:
            counts = digest.digest["counts"]
            said = ", ".join(
                f"{n} {what.replace('_', ' ') if n != 1 else what.replace('_', ' ').rstrip('s')}"
                for what, n in counts.items()
            )
            self.say(f"  loop 3: session {digest.session_id} digested: {said}.")
        proposals = maintenance_pass(now=now, window_days=30)
        self.say(f"  loop 4: maintenance pass made {len(proposals)} proposal(s):")
        for p in proposals:
            self.say(f"    #{p.pk} {p.title}")

    def board_report(self) -> None:
        """A simulated board: agents block tasks with realistic failures; Kaizen triages them."""
        self.heading("The board")
        failures = [
            ("Add CSV export endpoint", "ModuleNotFoundError: No module named 'pandas'"),
            (
                "Migrate orders table",
                "Stopped.\n<!-- kaizen:question: Keep the legacy column or drop it? -->",
            ),
            ("Refactor billing", "openai.BadRequestError: context_length_exceeded after moving 4 of 9 files"),
            (
                "Fix flaky login test",
                "FAILED tests/test_login.py::test_redirect - AssertionError\n1 failed, 88 passed",
            ),
            ("Load partner config", "yaml.scanner.ScannerError: mapping values are not allowed here"),
        ] + [
            (f"Deploy service {i}", "fatal: Authentication failed for 'https://git.example.com/ops.git'")
            for i in range(5)
        ]
        sim = self.sim_agents[0]
        for title, failure in failures:
            task = self.http.post(
                "/api/v1/board/tasks",
                data=json.dumps({"title": title, "source": "autonomy"}),
                content_type="application/json",
                **self.auth(sim),
            ).json()
            url = f"/api/v1/board/tasks/{task['id']}"
            self.http.patch(
                url, data=json.dumps({"status": "running"}), content_type="application/json", **self.auth(sim)
            )
            data = self.http.patch(
                url,
                data=json.dumps({"status": "blocked", "result": failure}),
                content_type="application/json",
                **self.auth(sim),
            ).json()
            triage = data["triage"]
            follow = triage["follow_up"]["title"] if triage.get("follow_up") else "-"
            self.say(
                f"  #{data['id']} {title[:28]:<28} → {data['classification']:<19} "
                f"certainty {triage['certainty']:.2f}{'  HUMAN' if data['human_attention'] else ''}"
                f"  follow-up: {follow}"
            )
        for task in BoardTask.objects.filter(title__startswith="[Systemic]"):
            self.say(f"  escalated: #{task.pk} {task.title} (priority {task.priority})")
        followups = BoardTask.objects.filter(dedup_key__startswith="followup:").count()
        self.say(
            f"  {followups} bounded follow-up task(s) created (cap {settings.KAIZEN['FOLLOWUPS_PER_CYCLE']} "
            "per improve cycle); auth failures left for a human"
        )

    def proposals_that_act(self, now: datetime) -> None:
        """An agent proposes a goal; repeated escalations propose one; the operator approves both."""
        self.heading("Proposals that act")
        sim = self.sim_agents[-1]
        goal = (
            "goals:\n  - id: fleet.install_failures_low\n    description: Fewer than half the sessions "
            'hit install failures.\n    selector: max_failure_rate_1h\n    operator: "<="\n'
            "    threshold: 0.4\n"
        )
        response = self.http.post(
            "/api/v1/proposals",
            data=json.dumps(
                {
                    "type": "goal",
                    "yaml": goal,
                    "rationale": "npm install keeps failing across the fleet",
                    "evidence": {"friction_events": FrictionEvent.objects.count()},
                }
            ),
            content_type="application/json",
            **self.auth(sim),
        )
        self.say(
            f"  {sim.name} proposed a goal: proposal #{response.json().get('id')} "
            f"(HTTP {response.status_code}, pending a human)"
        )
        logging.getLogger("django.request").disabled = True  # the refusal below is the story, not a log
        bad = self.http.post(
            "/api/v1/proposals",
            data=json.dumps(
                {
                    "type": "config_change",
                    "document": f"card:{self.sim_agents[0].name}",
                    "rationale": "cheaper",
                    "yaml": "model: small\nskills:\n  - name: pr_review\n    confidence: 0.5\n",
                }
            ),
            content_type="application/json",
            **self.auth(sim),
        )
        logging.getLogger("django.request").disabled = False
        self.say(
            f"  it also tried to downshift {self.sim_agents[0].name}'s model: refused (HTTP "
            f"{bad.status_code}): {bad.json().get('message', '')[:110]}"
        )
        events = [
            {
                "id": f"hitl-{i}",
                "type": "hitl_escalation",
                "timestamp": (now - timedelta(minutes=10 * i)).isoformat(),
                "body": {
                    "target": "production deploy",
                    "reason": "needs a human sign-off",
                    "skill": "deploy",
                },
            }
            for i in range(3)
        ]
        self.post(sim, events)
        hitl = Proposal.objects.get(dedup_key="hitl:production deploy")
        self.say(f"  3 escalations for 'production deploy' → proposal #{hitl.pk}: {hitl.title}")
        token = self.operator_token()
        for pid in (response.json()["id"], hitl.pk):
            approved = self.http.post(
                f"/api/v1/proposals/{pid}/approve",
                data="{}",
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {token}",
            ).json()
            task = BoardTask.objects.get(proposal_id=pid)
            self.say(f"  approved #{pid} ({approved['status']}) → board task #{task.pk} {task.title[:60]}")
        goals = [g.id for g in current_goals()]
        self.say(
            f"  the planner now evaluates {len(goals)} goals, including fleet.install_failures_low "
            f"(no restart): {'fleet.install_failures_low' in goals}"
        )

    def decisions_waiting(self) -> None:
        """The canaries a human must decide, with what a careful reviewer would do and where."""
        waiting = Rollout.objects.filter(status__in=Rollout.OPEN).select_related("template", "candidate")
        lines = (
            LineFactor.objects.filter(status__in=LineFactor.OPEN).select_related("template").order_by("pk")
        )
        self.heading("What waits for you")
        if not waiting and not lines:
            self.say("  nothing: every canary was decided by its test")
        for test in lines.order_by("pk"):
            self.line_waiting(test)
        for rollout in waiting.order_by("pk"):
            status = rollout_status(rollout)
            advice = status["advice"] or {"action": "wait", "why": "no evidence yet", "figures": []}
            self.say(
                f"  the canary of {rollout.template.slug} v{rollout.candidate.number} is "
                f"{WAITING.get(rollout.status, rollout.status)}: recommended {advice['action'].upper()}, "
                f"{advice['why']}"
            )
            for figure in advice["figures"]:
                self.say(f"    {figure}")
            action = advice["action"] if advice["action"] != "wait" else "pin"
            self.say(
                f"  → press {action.capitalize()} on /admin/experiments/rollout/{rollout.pk}/change/ "
                f"(or POST /api/v1/rollouts/{rollout.pk}/{action})"
            )
        self.say(
            f"  browse this run: DATABASE_URL=sqlite:///{database_file()} make run  (its own admin "
            "user and agent token; your other databases' tokens are left alone)"
        )

    def line_waiting(self, test: LineFactor) -> None:
        """A line still under test: where its test stands, what a careful reviewer would do, where."""
        status = level_status(test, 1)
        advice = status["advice"] or {"action": "wait", "why": "the evidence is not clear yet", "figures": []}
        self.say(
            f"  line test {test.pk} of {test.template.slug} ({level_title(test, 1)}) is "
            f"{WAITING.get(test.status, test.status)}: recommended {advice['action'].upper()}, "
            f"{advice['why']}"
        )
        for figure in advice["figures"]:
            self.say(f"    {figure}")
        action = advice["action"] if advice["action"] != "wait" else "pin"
        self.say(
            f"  → press {'Promote this line' if action == 'promote' else action.capitalize()} on "
            f"/admin/experiments/linefactor/{test.pk}/change/ (or POST /api/v1/line-tests/{test.pk}/{action})"
        )

    def summary(self) -> None:
        """What the loop found and proposed, in one table."""

        self.heading("Summary: what Kaizen found and proposed")
        for row in (
            Proposal.objects.values("type", "status").annotate(n=Count("id")).order_by("type", "status")
        ):
            self.say(f"  proposals {row['type']:<19} {row['status']:<12} {row['n']:>3}")
        self.say(
            f"  friction events {FrictionEvent.objects.count()}, learned facts "
            f"{LearnedFact.objects.filter(status='active').count()}, board tasks {BoardTask.objects.count()} "
            f"({BoardTask.objects.filter(human_attention=True).count()} need a human)"
        )
        for template in AgentTemplate.objects.order_by("slug"):
            head = template.document.head
            self.say(f"  template {template.slug:<15} v{head.number} ({head.author})")
        for rollout in Rollout.objects.select_related("template", "candidate").order_by("pk"):
            if rollout.decided_by:
                what = f"{rollout.status.replace('_', ' ')} by {rollout.decided_by}: {rollout.reason}"
            else:
                what = f"{rollout.status.replace('_', ' ')} since {rollout.started_at:%Y-%m-%d}"
                if rollout.last_check.get("reason"):
                    what += f" ({rollout.last_check['reason']})"
            self.say(f"  rollout of {rollout.template.slug} v{rollout.candidate.number}: {what}")
        for test in LineFactor.objects.select_related("template").order_by("pk"):
            who = f" by {test.decided_by or 'system'}" if test.decided_at else ""
            why = test.reason or (level_status(test, 1)["summary"] if test.status in LineFactor.OPEN else "")
            self.say(
                f"  line test {test.pk} of {test.template.slug} ({level_title(test, 1)}): "
                f"{test.status.replace('_', ' ')}{who}: {why}"
            )


def database_file() -> str:
    """The demo's database file, relative to the checkout when it lies inside it."""
    name = str(connection.settings_dict["NAME"])
    base = str(settings.BASE_DIR) + "/"
    return name[len(base) :] if name.startswith(base) else name
