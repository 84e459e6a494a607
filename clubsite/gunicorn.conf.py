"""The web server's settings (gunicorn with uvicorn workers), read by ``make run`` and the
benches (``bench/live_server.py``): ``gunicorn clubsite.asgi:application -c
clubsite/gunicorn.conf.py``. The bind address and the number of processes come from the
command line.

What one request may cost a worker:

- Time: Django computes each request's page in a thread of the worker's pool (``PAGE_THREADS``,
  16: ``clubsite.asgi``), so a slow page never stops the worker's event loop;
  ``clubsite.limits`` answers it with the 503 page after ``REQUEST_SECONDS`` (30) and stops its
  thread. ``timeout`` is gunicorn's heartbeat: uvicorn tells the arbiter it lives from its
  event loop, so a worker whose loop is stuck (or a process that hangs) is killed after it and
  replaced.
- Memory: after the fork each worker's address space is capped (``WORKER_MEMORY_MB``, 4,096
  MiB): an allocation beyond it raises ``MemoryError`` in the request that asked for it, which
  gets the 500 page, and the worker serves the next one.
- Growth: a worker is replaced, gracefully, after ``max_requests`` (2,000, give or take 200 so
  that workers do not all restart at once); uvicorn honours it as ``limit_max_requests``.

A worker killed however it dies is started again by the arbiter at once.

Behind a proxy, the client's address is read from the proxy's ``X-Forwarded-For``, and only
when the request comes from one of ``FORWARDED_ALLOW_IPS`` (the proxy's addresses; this
machine's by default, as for ``make run``, where the phones come straight to the server):
``compose.yaml`` names Caddy's. The rate limits (wrong table codes, a player's resent sheets)
and the logins' lockout count each address apart, so behind a proxy not named there every
client would share the proxy's address.
"""

import os
import resource

worker_class = "clubsite.workers.ClubWorker"
#: Seconds a worker's event loop may stay silent before the arbiter kills it.
timeout = 30
#: Seconds a stopped worker has to finish its requests.
graceful_timeout = 5
max_requests = 2000
max_requests_jitter = 200
#: Seconds a phone's connection stays open between requests.
keepalive = 5
#: No control socket (gunicorn 25+): it is one path per user ($HOME/.gunicorn/gunicorn.ctl), which
#: a second server on the machine (a bench) would take over; nothing here uses it.
control_socket_disable = True

#: The proxies whose ``X-Forwarded-For`` (the client's address) and ``X-Forwarded-Proto`` the
#: server believes (uvicorn's proxy headers, passed by ``uvicorn_worker``): addresses or
#: networks, comma-separated; never ``*`` on a server that clients reach directly.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

#: A worker's address space, in MiB (virtual memory: threads' stacks and the allocator's arenas
#: count).
WORKER_MEMORY_MB = int(os.environ.get("WORKER_MEMORY_MB", "4096"))


def post_fork(server, worker):
    """Cap the new worker's memory (``WORKER_MEMORY_MB``; 0: no cap)."""
    if WORKER_MEMORY_MB > 0:
        limit = WORKER_MEMORY_MB * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
