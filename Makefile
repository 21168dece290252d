# Seep School: `make run` serves the site, with its demo, at http://127.0.0.1:8000 (the background
# tasks' worker beside it); `make test` runs every test; `make test-fast`, in about three minutes
# on two cores, all but the browser tests and those marked slow (cross-checks, property tests,
# many deals, migrating an old database).
# Each needs only Python 3.12 and pip: uv (the package manager) is installed when it is missing.

.PHONY: run test test-fast lint screenshots uv

# uv as a command if it is on PATH, else as a module of the Python that installed it.
UV = $(shell command -v uv >/dev/null 2>&1 && echo uv || echo python3 -m uv)

# The background tasks' worker (django-tasks-db's db_worker) runs beside the server; the traps
# stop it when the server stops, whether it is stopped with Ctrl-C, SIGTERM or exits by itself.
# It looks for queued tasks every 5 seconds, not every second: each look takes SQLite's write
# lock for a moment, which the class's answers would wait on (a review waits a little longer).
run: uv
	$(UV) sync --locked
	$(UV) run python manage.py migrate --noinput
	$(UV) run python manage.py createcachetable
	$(UV) run python manage.py demo
	$(UV) run python manage.py db_worker --interval 5 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	$(UV) run python manage.py runserver 127.0.0.1:8000

# Two processes share the tests that need no browser (each with its own test database); the
# browser tests then run alone, so that their pages' timers are not starved. Both always run.
test: uv
	$(UV) sync --locked
	$(UV) run pytest -n 2 -m "not browser"; nobrowser=$$?; \
	$(UV) run pytest -m browser; browser=$$?; \
	test $$nobrowser -eq 0 -a $$browser -eq 0

test-fast: uv
	$(UV) sync --locked
	$(UV) run pytest -n 2 -m "not slow and not browser"

lint: uv
	$(UV) sync --locked
	$(UV) run ruff check .
	$(UV) run mypy

# Refresh the screenshots in docs/screenshots/ (the browser tests take them).
screenshots: uv
	$(UV) sync --locked
	SCREENSHOT_DIR=docs/screenshots $(UV) run pytest tests/browser -k photographed

uv:
	@command -v uv >/dev/null 2>&1 || python3 -m uv --version >/dev/null 2>&1 || \
		python3 -m pip install --user uv || python3 -m pip install uv || \
		python3 -m pip install --user --break-system-packages uv
