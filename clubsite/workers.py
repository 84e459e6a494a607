"""The web server's worker (gunicorn's arbiter, uvicorn's ASGI server): uvicorn's, with the
frames a WebSocket may send held to ``WS_MAX_BYTES`` (uvicorn reads up to 16 MiB by default
before the remote table's consumer sees a message; it refuses 2,000 characters anyway)."""

from uvicorn_worker import UvicornWorker

#: The largest WebSocket message the server reads, in bytes; a longer one closes the connection.
WS_MAX_BYTES = 64 * 1024


class ClubWorker(UvicornWorker):
    """``uvicorn_worker.UvicornWorker`` with WebSocket messages held to ``WS_MAX_BYTES``."""

    CONFIG_KWARGS = {**UvicornWorker.CONFIG_KWARGS, "ws_max_size": WS_MAX_BYTES}
