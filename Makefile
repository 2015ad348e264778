# Two entry points: `make demo` (the simulated fleet through the whole loop) and `make test`.
# Each creates .venv and installs what it needs on a fresh machine with Python 3.11.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
PG_URL ?= postgres://postgres@127.0.0.1:5432/kaizen
REDIS_URL ?= redis://127.0.0.1:6379/14

.PHONY: run demo docs test test-sqlite test-clock test-services lint format bench clean

$(STAMP): pyproject.toml sdk/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]" -e ./sdk
	touch $(STAMP)

# The real service on this machine: web, worker and beat on SQLite with a file broker.
# `make run PORT=8001` serves another port; `make run NEW_TOKEN=1` replaces the demo agent's token.
PORT ?= 8000
run: $(STAMP)
	DATABASE_URL=$${DATABASE_URL:-sqlite:///var/kaizen.sqlite3} CELERY_BROKER_URL=filesystem:// \
		$(BIN)/python manage.py run_local --port $(PORT) $(if $(NEW_TOKEN),--new-token,)

demo: $(STAMP)
	rm -f var/demo.sqlite3
	DATABASE_URL=sqlite:///var/demo.sqlite3 $(BIN)/python manage.py migrate --verbosity 0
	DATABASE_URL=sqlite:///var/demo.sqlite3 $(BIN)/python manage.py kaizen_demo

# The documentation site, built into var/site/ (fails on any warning: a broken link, a missing page).
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# The PostgreSQL pass (the longest: a real worker, fault tests) runs beside the SQLite pass and the
# moved clocks, on its own database, broker and ports; its log is printed when it is done, and
# the target fails if any pass failed.
# Each pass's wall time is kept in tests/pass_times.tsv (tests/pass_times.py), so a pass that
# became slow shows in review; the SQLite and PostgreSQL passes print their 25 slowest tests.
TIMED := $(PYTHON) tests/pass_times.py
test: $(STAMP)
	@mkdir -p var; ( $(TIMED) postgresql -- $(MAKE) --no-print-directory test-services > var/test-services.log 2>&1; \
		echo $$? > var/test-services.rc ) & \
	$(TIMED) sqlite -- $(MAKE) --no-print-directory test-sqlite && \
		$(TIMED) moved-clocks -- $(MAKE) --no-print-directory test-clock; status=$$?; wait; \
	echo "== suite on PostgreSQL with the worker"; cat var/test-services.log; \
	[ "$$(cat var/test-services.rc)" = 0 ] && exit $$status; exit 1

test-sqlite: $(STAMP)
	$(BIN)/ruff check .
	@mkdir -p var; rm -f var/clock-readers.txt
	KAIZEN_RECORD_CLOCK_READERS=var/clock-readers.txt env -u DATABASE_URL -u CELERY_BROKER_URL $(BIN)/python -m pytest --durations=25

# The suite again with the clock moved to other dates and hours (a leap day just after midnight,
# a new year's eve just before it), so a test that only passes at some hours cannot land.
# Tests that drive other processes (browser, worker, demo) keep the real clock and are left out;
# so are those marked same_at_every_instant (they ask the time only in passing, for an answer no
# instant changes: a row's stamp), and the tests that never asked the real time in the SQLite pass
# (one that pinned the clock before asking got its own instant, the same at any date;
# var/clock-readers.txt lists those that did; without it, every test runs).
CLOCKS ?= 2028-02-29T00:20:00+00:00 2031-12-31T23:50:00+00:00
# The moved clocks run side by side (one process each, on its own SQLite file): each log is
# printed when both are done, and the target fails if either pass failed.
test-clock: $(STAMP)
	@mkdir -p var; i=0; for at in $(CLOCKS); do i=$$((i+1)); \
		( KAIZEN_TEST_NOW=$$at KAIZEN_CLOCK_READERS=var/clock-readers.txt SQLITE_TEST_NAME=var/test-clock-$$i.sqlite3 env -u DATABASE_URL -u CELERY_BROKER_URL \
			$(BIN)/python -m pytest tests --ignore=tests/e2e --ignore=tests/services --ignore=tests/faults \
			> var/test-clock-$$i.log 2>&1; echo $$? > var/test-clock-$$i.rc ) & \
	done; wait; status=0; i=0; for at in $(CLOCKS); do i=$$((i+1)); \
		echo "== suite with the clock at $$at"; cat var/test-clock-$$i.log; \
		[ "$$(cat var/test-clock-$$i.rc)" = 0 ] || status=1; \
	done; exit $$status

# Same suite on PostgreSQL, plus the real-worker tests through Redis. Skips when the services
# are absent locally; fails when CI is set.
test-services: $(STAMP)
	@if $(BIN)/python tests/reachability.py $(PG_URL) $(REDIS_URL); then \
		DATABASE_URL=$(PG_URL) DATABASE_CONN_MAX_AGE=0 KAIZEN_TEST_REDIS_URL=$(REDIS_URL) KAIZEN_DIFFERS_BY_DATABASE=1 $(BIN)/python -m pytest --durations=25; \
	elif [ -n "$$CI" ]; then echo "CI is set but PostgreSQL/Redis are unreachable"; exit 1; \
	else echo "PostgreSQL or Redis unreachable: skipped the PostgreSQL + worker pass"; fi

lint: $(STAMP)
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format . && $(BIN)/ruff check --fix .

bench: $(STAMP)
	$(BIN)/python bench/ingest.py --runs 3

clean:
	rm -rf $(VENV) var
