"""Two beat processes, and a beat restart after an operator's edit in the admin."""

import time

SCHEDULE_EVERY_2S = """
from django_celery_beat.models import IntervalSchedule, PeriodicTask
every2, _ = IntervalSchedule.objects.get_or_create(every=2, period="seconds")
PeriodicTask.objects.filter(name="governance.improve_cycle").update(interval=every2)
edited, _ = IntervalSchedule.objects.get_or_create(every=777, period="seconds")
PeriodicTask.objects.filter(name="planner.fleet_health_snapshot").update(interval=edited, expire_seconds=700)
"""


def sends(kaizen, procs, task: str) -> int:
    return sum(kaizen.output(p).count(f"Sending due task {task} ") for p in procs)


def test_two_beats_run_each_tick_once_and_a_restart_keeps_the_operators_edit(
    private_pg, private_redis, kaizen_factory
):
    kaizen = kaizen_factory(private_pg, private_redis)
    kaizen.shell(SCHEDULE_EVERY_2S)  # what an operator does in the admin
    kaizen.worker()
    beats = [kaizen.beat(), kaizen.beat()]
    started = time.monotonic()
    time.sleep(16)
    for beat in beats:
        kaizen.kill(beat, sig=15)
    elapsed = time.monotonic() - started
    time.sleep(3)  # let the worker finish what was sent

    sent = sends(kaizen, beats, "governance.improve_cycle")
    cycles = private_pg.query("SELECT count FROM governance_improvecycle WHERE name = 'improve'")[0][0]
    snapshot = private_pg.query(
        "SELECT i.every, t.expire_seconds FROM django_celery_beat_periodictask t "
        "JOIN django_celery_beat_intervalschedule i ON i.id = t.interval_id "
        "WHERE t.name = 'planner.fleet_health_snapshot'"
    )[0]
    no_expiry = private_pg.query(
        "SELECT name FROM django_celery_beat_periodictask WHERE expire_seconds IS NULL AND name NOT LIKE 'celery.%%'"
    )
    print(
        f"\ntwo beats over {elapsed:.0f} s: improve_cycle sent {sent} times, ran {cycles} cycles; "
        f"edited row after the restart: every {snapshot[0]} s, expires {snapshot[1]} s"
    )
    assert sent >= 2 * (cycles - 1)  # both beats kept sending
    assert 1 <= cycles <= elapsed / 2 + 1  # …but each 2-second tick ran once
    assert snapshot == (777, 700)
    assert no_expiry == []
