"""Run the whole service on this machine with embedded defaults: web, a worker and beat on
SQLite, with a broker that needs no server (messages are files). Ctrl-C stops all of it."""

import hashlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.text import slugify

from fleet import tokens
from fleet.models import Agent, AgentTemplate, ApiToken
from fleet.services import agent_create, token_issue, token_revoke
from fleet.templates import template_upsert
from fleet.templates_yaml import TemplateSpec


def port_in_use(port: int) -> str:
    """Why `port` cannot be served on 127.0.0.1, or '' when it can."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            return exc.strerror or str(exc)
    return ""


DEFAULT_DATABASE = "kaizen.sqlite3"  # what `make run` serves unless DATABASE_URL says otherwise


def database_identity() -> str:
    """The database this command uses, in full: the SQLite file's absolute path, or PostgreSQL's
    host, port and name (never a password)."""
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return str(Path(str(db["NAME"])).resolve())
    return f"postgresql://{db.get('HOST') or 'localhost'}:{db.get('PORT') or 5432}/{db['NAME']}"


def token_file() -> Path:
    """Where the demo agent's token is kept across starts (`make run NEW_TOKEN=1` replaces it):
    one file per database, keyed by its full identity (a mistyped DATABASE_URL that names another
    file of the same name gets a file of its own), so serving another database neither overwrites
    nor revokes the token of the default database's agent. var/demo-agent.token for the default."""
    var = Path(settings.BASE_DIR) / "var"
    identity = database_identity()
    if identity == str((var / DEFAULT_DATABASE).resolve()):
        return var / "demo-agent.token"
    stem = Path(str(settings.DATABASES["default"]["NAME"])).name.removesuffix(".sqlite3")
    digest = hashlib.sha256(identity.encode()).hexdigest()[:8]
    return var / f"demo-agent-{slugify(stem) or 'db'}-{digest}.token"


DEMO_TEMPLATE = TemplateSpec(
    slug="demo",
    name="Demo agent",
    kind=AgentTemplate.Kind.TASK_AGENT,
    description="The template of the agent `make run` creates, to try the API with.",
    directives="Answer in plain words.\nSay what you did and what you could not do.",
)


@transaction.atomic
def demo_agent_token(kept: Path | None = None, *, new: bool = False) -> str:
    """The token of `demo-agent` (of the `demo` template). The raw token is kept in the file
    `kept` (readable by its owner only): while it still works, every start gives the same one,
    so an agent wired in once keeps working across restarts. With `new`, or when the kept one no
    longer works, the agent's earlier `make run` tokens are revoked and a new one is issued."""
    template = AgentTemplate.objects.filter(slug=DEMO_TEMPLATE.slug).first()
    if template is None:
        template, _ = template_upsert(spec=DEMO_TEMPLATE, source="make run")
    agent = Agent.objects.filter(name="demo-agent").first()
    if agent is None:
        agent = agent_create(name="demo-agent", template_slug=template.slug)[0]
    elif agent.template_id is None:
        Agent.objects.filter(pk=agent.pk).update(template=template)
    if kept is not None and kept.exists() and not new:
        raw = kept.read_text().strip()
        stored = ApiToken.objects.filter(
            agent=agent, prefix=tokens.split_prefix(raw) or "", revoked_at__isnull=True
        ).first()
        if stored is not None and tokens.matches(raw, stored.digest):
            return raw
    for previous in ApiToken.objects.filter(agent=agent, label="make run", revoked_at__isnull=True):
        token_revoke(token=previous)
    raw = token_issue(agent=agent, label="make run")[1]
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.touch(mode=0o600)
        kept.write_text(raw + "\n")
    return raw


class Command(BaseCommand):
    help = "Start web, worker and beat locally (SQLite, file broker); print the admin login and a demo token."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument(
            "--new-token", action="store_true", help="Revoke the demo agent's kept token and issue a new one."
        )
        parser.add_argument("--admin", default="admin", help="Username of the admin user to create.")

    def handle(self, *args, port: int, admin: str, new_token: bool = False, **options):
        if not 1 <= port <= 65535:
            self.stderr.write(f"--port {port}: a port is 1 to 65535.")
            sys.exit(2)
        if not settings.CELERY_BROKER_URL.startswith("filesystem://"):
            self.stderr.write("run_local expects CELERY_BROKER_URL=filesystem:// (make run sets it).")
            sys.exit(2)
        busy = port_in_use(port)
        if busy:
            self.stderr.write(f"port {port} is in use ({busy}); stop what runs there or pass --port N.")
            sys.exit(2)
        self.stdout.write(f"database: {database_identity()}")
        self.stdout.write("bringing the database up to date (a new one takes about half a minute) …")
        self.stdout.flush()
        call_command("migrate", verbosity=0)
        self.stdout.write("collecting static files (served compressed and cached by WhiteNoise) …")
        self.stdout.flush()
        call_command("collectstatic", interactive=False, verbosity=0)
        base = f"http://127.0.0.1:{port}"
        user, created = get_user_model().objects.get_or_create(
            username=admin, defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            password = secrets.token_urlsafe(12)
            user.set_password(password)
            user.save()
            self.stdout.write(f"admin user '{admin}', password {password} (shown once)")
        else:
            self.stdout.write(f"admin user '{admin}' already exists (password unchanged)")
        kept = token_file()
        token = demo_agent_token(kept, new=new_token)
        self.stdout.write(
            f"admin:     {base}/admin/   dashboard: {base}/dashboard/   API docs: {base}/api/docs/"
        )
        self.stdout.write(f"demo agent token: {token}")
        self.stdout.write(f"(kept in {kept.relative_to(settings.BASE_DIR)} for this database)")
        body = (
            """{"batch": [{"type": "skill_outcome", "timestamp": "'"$(date -u +%Y-%m-%dT%H:%M:%SZ)"'", """
            """"body": {"skill": "hello", "success": true, "duration_ms": 900}}]}"""
        )
        self.stdout.write(
            f"try: curl -s -X POST {base}/api/v1/ingest -H 'Authorization: Bearer {token}' "
            f"-H 'Content-Type: application/json' -d '{body}'"
        )
        self.stdout.flush()
        manage = [sys.executable, "manage.py"]
        celery = [sys.executable, "-m", "celery", "-A", "config"]
        processes = [
            subprocess.Popen([*manage, "runserver", f"127.0.0.1:{port}", "--noreload"]),
            subprocess.Popen([*celery, "worker", "--pool=solo", "--loglevel=WARNING"]),
            subprocess.Popen([*celery, "beat", "--loglevel=WARNING", "--schedule", os.devnull]),
        ]
        self.stdout.write("web, worker and beat are running; Ctrl-C stops them.")
        self.stdout.flush()

        def stop(*_):
            for process in processes:
                if process.poll() is None:
                    process.terminate()
            for process in processes:
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
            sys.exit(0)

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        while all(process.poll() is None for process in processes):
            time.sleep(0.5)
        self.stderr.write("a process stopped; stopping the others")
        stop()
