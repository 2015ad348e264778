"""The one clock: every service, selector and task asks `clock.now()` for the time.

It is Django's aware UTC now, kept behind one name so that tests pin or move it (with
time-machine) and the suite can be run at any date and hour (`KAIZEN_TEST_NOW`).
"""

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()
