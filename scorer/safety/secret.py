"""The secret key, generated into the instance folder on first run and never committed."""

from __future__ import annotations

import os
import secrets

from flask import Flask

KEY_FILE = "secret_key"


def init_app(app: Flask) -> None:
    if app.config.get("SECRET_KEY"):
        return
    path = os.path.join(app.instance_path, KEY_FILE)
    try:
        with open(path, encoding="ascii") as handle:
            key = handle.read().strip()
    except FileNotFoundError:
        key = ""
    if not key:
        key = secrets.token_hex(32)
        # O_EXCL: two workers starting at once must not each write a different key.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            with open(path, encoding="ascii") as handle:
                key = handle.read().strip() or key
        else:
            with os.fdopen(fd, "w", encoding="ascii") as handle:
                handle.write(key)
    app.config["SECRET_KEY"] = key
