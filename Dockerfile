# The club's site as a container image (issue #26): the project installed, its static files
# collected, run as a user of its own. compose.yaml runs it as the web server and as the email
# worker, beside PostgreSQL, Redis and Caddy. Settings come from the environment
# (deploy/env.example lists them).
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# pg_dump and pg_restore for the backups (manage.py dbbackup / dbrestore), gettext for the
# translations' catalogue.
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client gettext \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md manage.py ./
COPY clubsite clubsite
COPY scoring scoring
COPY tournaments tournaments
RUN pip install -e .
COPY templates templates
COPY static static
COPY locale locale

# The static files, built into the image (served by WhiteNoise), and the French catalogue;
# a key of the build's own, never the site's (the site's comes from the environment).
RUN DJANGO_SECRET_KEY=build-only DJANGO_ALLOWED_HOSTS=build python manage.py collectstatic --noinput \
    && DJANGO_SECRET_KEY=build-only python manage.py compilemessages -l fr --ignore=.venv

RUN useradd --create-home --uid 1000 club && mkdir -p /backups && chown club /backups
USER club

EXPOSE 8000
# The web server: migrations first, then gunicorn with uvicorn workers (pages and WebSockets).
CMD ["sh", "-c", "python manage.py migrate --noinput && exec gunicorn clubsite.asgi:application --config clubsite/gunicorn.conf.py --bind 0.0.0.0:8000 --workers ${WEB_CONCURRENCY:-3}"]
