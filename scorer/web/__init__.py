"""The HTML pages (blueprints); owned by the web-app work."""

from __future__ import annotations

from flask import Flask

from .. import storage


def init_app(app: Flask) -> None:
    """Register the page blueprints and the database hooks."""
    storage.init_app(app)
