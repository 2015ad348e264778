#!/usr/bin/env python
"""Django's command-line utility for Kaizen."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line
    from django.db.utils import InterfaceError, OperationalError

    try:
        settings.KAIZEN  # reads the environment: a bad setting is one line, not a traceback  # noqa: B018
        settings.DATABASES  # noqa: B018  (a malformed DATABASE_URL, likewise)
    except ImproperlyConfigured as exc:
        sys.stderr.write(f"kaizen: {exc}\n")
        sys.exit(2)
    try:
        execute_from_command_line(sys.argv)
    except (OperationalError, InterfaceError) as exc:  # the database cannot be reached: one line
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        sys.stderr.write(f"kaizen: cannot use the database {database_named()}: {first}\n")
        sys.exit(1)


def database_named() -> str:
    """The database a command uses, as its settings name it (never a password)."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    where = f"{db.get('HOST') or 'localhost'}:{db.get('PORT') or 5432}/" if db.get("HOST") else ""
    return f"{db['ENGINE'].rsplit('.', 1)[-1]} {where}{db['NAME']}"


if __name__ == "__main__":
    main()
