"""Work a serving process runs beside its requests (retention's passes, the PDF render child),
started by the server.

A wing above this one (``games``, ``pdf``) registers what to start from its ``init_app``; the servers
(gunicorn's ``post_worker_init`` in :mod:`scorer.serving.gunicorn_config`, the table server in
:mod:`scorer.serving.serve`) start it once the app is loaded in the process that will serve.
The command line (``flask prune``, ``flask db upgrade``) and the tests load the app too, but
start nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

EXTENSION = "scorer.background"


def register(app: Flask, start: Callable[[Flask], object]) -> None:
    app.extensions.setdefault(EXTENSION, []).append(start)


def start(app) -> None:
    """Start what the app registered (nothing for an app that is not this project's)."""
    for starter in getattr(app, "extensions", {}).get(EXTENSION, []):
        starter(app)
