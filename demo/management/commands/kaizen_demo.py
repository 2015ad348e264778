import logging
from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from demo.runner import DemoRun, simulated_start
from demo.simulator import install_failure_rate


class Command(BaseCommand):
    help = "Drive a simulated fleet through Kaizen's loop on this database and print what it found."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--agents", type=int, default=4, help="Agents per task template.")
        parser.add_argument("--sessions-per-day", type=int, default=4)

    def handle(self, *args, seed: int, agents: int, sessions_per_day: int, **options):
        if not 2 <= agents <= 200:
            raise CommandError(
                f"--agents {agents}: a template needs 2 to 200 agents for a canary to compare."
            )
        if not 1 <= sessions_per_day <= 50:
            raise CommandError(f"--sessions-per-day {sessions_per_day}: 1 to 50.")
        for noisy in ("celery", "kombu", "django.request"):  # eager tasks log every run at INFO
            logging.getLogger(noisy).setLevel(logging.ERROR)
        self.stdout.write(f"Kaizen demo (seed {seed}, database {connection.vendor})")
        run = DemoRun(self.stdout, seed=seed, agents_per_template=agents, sessions_per_day=sessions_per_day)
        run.load_templates()
        start = simulated_start(weeks=3)
        run.create_fleet(since=start - timedelta(days=1))
        run.declare_cards()
        week = timedelta(days=7)
        run.heading("Improvers")
        run.create_improver("coder", wake_at=start + week)
        run.create_improver("researcher", wake_at=start + week)
        run.heading("Week 1: the fleet works")
        week1 = run.simulate_days(start, 7, "week 1 sessions")
        run.show_ingest_summary(week1)
        run.planner_report(start + timedelta(days=6, hours=13))
        run.loops_report(start + week)
        run.board_report()
        run.proposals_that_act(start + week)
        rituals = run.wake(start + week)
        for ritual in [r for r in rituals if r.outcome == "proposed"]:
            run.operator_approves(ritual, at=start + week + timedelta(hours=1))
        run.heading("Weeks 2 and 3: canaries run the new directives; the sequential test decides daily")
        later = run.simulate_days(start + week, 14, "weeks 2-3 sessions", rollouts=True)
        run.check_rollouts(start + 3 * week)
        run.heading("Did it help?")
        coder = [e for e in week1 if e["agent"].startswith("coder")]
        week3 = [
            e
            for e in later
            if e["agent"].startswith("coder") and e["timestamp"] >= (start + 2 * week).isoformat()
        ]
        self.stdout.write(
            f"  coder sessions with npm install failures: week 1 "
            f"{install_failure_rate(coder):.0%} → week 3 {install_failure_rate(week3):.0%}"
        )
        run.planner_report(start + timedelta(days=20, hours=13))
        run.summary()
        run.decisions_waiting()
        self.stdout.write(self.style.SUCCESS("\nDemo finished."))
