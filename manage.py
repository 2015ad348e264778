#!/usr/bin/env python
"""Django's command-line utility for Kaizen."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        settings.KAIZEN  # reads the environment: a bad setting is one line, not a traceback  # noqa: B018
        settings.DATABASES  # noqa: B018  (a malformed DATABASE_URL, likewise)
    except ImproperlyConfigured as exc:
        sys.stderr.write(f"kaizen: {exc}\n")
        sys.exit(2)
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
