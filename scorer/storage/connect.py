"""The app's database engine: made from its configuration on first use, migrated, and kept
for the app's lifetime (one per database URL)."""

from __future__ import annotations

import weakref

from flask import Flask, current_app
from sqlalchemy import Engine

from .engine import EXTENSION, database_url, make_engine
from .migrate import ensure_current


def get_engine(app: Flask | None = None) -> Engine:
    """The engine for the app's configured database, created and migrated on first use."""
    app = app or current_app._get_current_object()
    engines: dict[str, Engine] = app.extensions.setdefault(EXTENSION, {})
    url = database_url(app.config)
    engine = engines.get(url)
    if engine is None:
        engine = make_engine(url, app.config)
        # The pooled connections go when the app does (tests make hundreds of apps).
        weakref.finalize(app, engine.dispose)
        if app.config.get("DATABASE_AUTO_MIGRATE", True):
            try:
                ensure_current(engine)
            except BaseException:
                engine.dispose()  # the next request tries again with a new engine
                raise
        engines[url] = engine
    return engine
