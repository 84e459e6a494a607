# The two commands of the README: `make run` (the site, with demo data) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ADDRESS ?= 0.0.0.0:8000
# The address printed in the tables' QR codes: by default the laptop's on the room's network.
SITE_URL ?= $(shell $(PYTHON) -m clubsite.lan $(lastword $(subst :, ,$(ADDRESS))) 2>/dev/null)

.PHONY: setup browser screenshots run test test-suite lint docs format bench messages engine clean-engine

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP) .secret_key

## Debian's chromium for the browser tests (tests/browser/), installed when missing (as root).
browser:
	bash .ci/ensure-chromium

## Set up, migrate, add the demo data (once), collect the static files and serve the site on
## port 8000 through ASGI (gunicorn with uvicorn workers: pages and the remote tables'
## WebSockets), the background worker of the results emails and of a long partie's PDF and
## Excel beside it (started again when it exits or is killed: deploy/keep-running; stopped
## with the server). Without REDIS_URL one
## process serves, so that the in-memory channel layer reaches every page of a remote table;
## with REDIS_URL, WEB_CONCURRENCY processes (3) share Redis.
run: setup
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_data
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@echo "Site: http://127.0.0.1:$(lastword $(subst :, ,$(ADDRESS)))/  (accounts: directeur / roimat, secretaire / roimat)"
	@echo "Phones on the room's network: $(SITE_URL)/  (in the tables' QR codes; SITE_URL=... to change)"
	export SITE_URL=$(SITE_URL); \
	deploy/keep-running $(BIN)/python manage.py worker --no-reload --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	if [ -n "$$REDIS_URL" ]; then workers=$${WEB_CONCURRENCY:-3}; else workers=1; fi; \
	$(BIN)/gunicorn clubsite.asgi:application --config clubsite/gunicorn.conf.py \
	    --bind $(ADDRESS) --workers $$workers --access-logfile -

# The room is not a developer's desk: no debug pages (the French 403/404/500 pages instead), a
# secret key of this laptop's own, plain HTTP on the room's network. DJANGO_DEBUG=true make run
# for the debug pages.
run: export DJANGO_DEBUG ?= false
run: export DJANGO_HTTPS ?= false
run: export DJANGO_ALLOWED_HOSTS ?= *

# The settings default to production (no debug pages, no key of their own): the developer's
# targets ask for the development site explicitly.
test lint bench screenshots messages: export DJANGO_DEBUG ?= true

## This laptop's secret key (signed cookies, sessions), made once and kept out of git: the
## settings read it when DJANGO_SECRET_KEY is not set (make run, the README's commands).
.secret_key: | $(STAMP)
	umask 077; $(BIN)/python -c "from django.core.management.utils import get_random_secret_key as k; print(k())" > $@

## Set up, lint, build the guide, check migrations, run the whole test suite (the browser tests
## included).
test: setup lint docs
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(MAKE) --no-print-directory test-suite

test-suite: setup browser
	$(BIN)/pytest

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	@! grep -rnE '# fmt: (skip|off)' --include='*.py' --exclude-dir=.venv . || \
	    (echo 'reformat instead of # fmt: skip / off'; exit 1)
	$(BIN)/mypy
	$(BIN)/lint-imports

## The French users' guide (guide/, mkdocs.yml) as a site in site/: open site/index.html.
## Strict: a link to a missing page or anchor fails the build (and so `make test`).
docs: setup
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

## The Roimat engine's hot modules compiled to C by mypyc (issue #25: the simulation 1.9 × as
## fast), each as a .so beside its .py, which Python imports in its place; made again when a
## source changes (scoring/roimat/__init__.py refuses a .so older than its source). The site
## and the tests run the same without them (delete them: `make clean-engine`).
ENGINE_MODULES := scoring/roimat/donne.py scoring/roimat/draws.py scoring/roimat/simulate.py
ENGINE_STAMP := scoring/roimat/.compiled

$(ENGINE_STAMP): $(ENGINE_MODULES) $(STAMP)
	for module in $(ENGINE_MODULES); do $(BIN)/mypyc $$module >/dev/null || exit 1; done
	touch $@

engine: $(ENGINE_STAMP)

clean-engine:
	rm -f scoring/roimat/*.so $(ENGINE_STAMP)

bench: setup engine
	$(BIN)/python bench/sheet_bench.py
	$(BIN)/python bench/simulate_bench.py
	$(BIN)/python bench/state_bench.py
	$(BIN)/python bench/league_bench.py
	$(BIN)/python bench/close_bench.py
	$(BIN)/python bench/recompute_bench.py --weeks 13 52
	$(BIN)/python bench/pages_bench.py
	$(BIN)/python bench/fuzz_http.py --requests 1000
	$(BIN)/python bench/remote_bench.py
	$(BIN)/python bench/room_bench.py
	$(BIN)/python bench/fault_bench.py
	$(BIN)/python bench/memory_bench.py

## Refresh the screenshots: the README's in docs/ (a phone entering a donne, the Table de marque)
## and the guide's in guide/images/ (the director's evening, each game's remote table, a season).
screenshots: setup browser
	$(BIN)/pytest -q tests/browser/screenshots.py

## Refresh the French translation after changing interface strings.
messages: setup
	$(BIN)/python manage.py makemessages -l fr --ignore=.venv --ignore=tests
	$(BIN)/python manage.py compilemessages -l fr --ignore=.venv
