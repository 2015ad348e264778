from datetime import timedelta

from django.core.management.base import BaseCommand
from django.db import connection

from improver.demo.runner import DemoRun, simulated_start


class Command(BaseCommand):
    help = "Drive a simulated fleet through Kaizen's loop on this database and print what it found."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--agents", type=int, default=4, help="Agents per task template.")
        parser.add_argument("--sessions-per-day", type=int, default=2)

    def handle(self, *args, seed: int, agents: int, sessions_per_day: int, **options):
        self.stdout.write(f"Kaizen demo (seed {seed}, database {connection.vendor})")
        run = DemoRun(self.stdout, seed=seed, agents_per_template=agents, sessions_per_day=sessions_per_day)
        run.load_templates()
        run.create_fleet()
        run.declare_cards()
        start = simulated_start(weeks=1)
        run.heading("Week 1: the fleet works")
        events = run.simulate_days(start, 7, "week 1 sessions")
        run.show_ingest_summary(events)
        run.planner_report(start + timedelta(days=6, hours=13))
        self.stdout.write(self.style.SUCCESS("\nDemo finished."))
