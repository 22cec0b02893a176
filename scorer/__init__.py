"""7 Wonders scorer: the Flask application factory.

The rules engine lives in :mod:`scorer.engine` and knows nothing of Flask; everything else in
this package translates between it and HTTP, the command line, HTML and PDF.

Configuration, later sources winning: the defaults below, ``instance/config.py``, then
environment variables ``SCORER_<KEY>`` (``SCORER_SECRET_KEY``, ``SCORER_DATABASE_URL``, ...;
values are read as JSON when they parse, so ``SCORER_PROXY_FIX=1`` is a number). Tests pass a
mapping instead of the last two, so a developer's environment never reaches them.
"""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask

from .safety import private_files
from .safety.numbers import WholeNumberConverter
from .safety.switches import read_switches

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent
ENV_PREFIX = "SCORER"
#: environment variables with a name of their own, and the config key each one sets
ENV_ALIASES = {"SCORER_SECURE_COOKIES": "SESSION_COOKIE_SECURE"}


def resource_root() -> Path:
    """Where ``templates/``, ``static/`` and ``translations/`` are.

    A built wheel carries them inside the package (the build copies them there, see
    ``setup.py``); a checkout keeps them at its top level, as the design card wants.
    """
    if (PACKAGE_DIR / "templates").is_dir():
        return PACKAGE_DIR
    return PROJECT_ROOT


def instance_path() -> str | None:
    """``SCORER_INSTANCE_PATH``, else the checkout's ``instance/``; None lets Flask choose
    (``<venv>/var/scorer-instance`` for an installed package)."""
    if os.environ.get("SCORER_INSTANCE_PATH"):
        return os.path.abspath(os.environ["SCORER_INSTANCE_PATH"])
    if resource_root() == PROJECT_ROOT:
        return str(PROJECT_ROOT / "instance")
    return None


def load_environment(app: Flask, environ=os.environ) -> None:
    app.config.from_prefixed_env(ENV_PREFIX)
    for name, key in ENV_ALIASES.items():
        if name in environ:
            app.config[key] = environ[name]  # a switch: read as on or off by read_switches


def create_app(test_config: dict | None = None) -> Flask:
    resources = resource_root()
    app = Flask(
        __name__,
        instance_path=instance_path(),
        instance_relative_config=True,
        template_folder=str(resources / "templates"),
        static_folder=str(resources / "static"),
    )
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "scorer.sqlite"),
        DATABASE_URL=None,
        BABEL_DEFAULT_LOCALE="en",
        BABEL_TRANSLATION_DIRECTORIES=str(resources / "translations"),
        LANGUAGES=("en", "nl", "pl"),
        MAX_CONTENT_LENGTH=1024 * 1024,
        PROXY_FIX=0,
        # the address players reach the app at (https://scores.example.org): every absolute
        # link is built from it, and a request for another host answers 400
        PUBLIC_URL=None,
        # per-client limits (scorer/safety/limits.py): None means on, except under TESTING
        RATELIMIT_ENABLED=None,
        # remove games untouched for this many days (scorer/games/retention.py); None keeps all
        RETENTION_DAYS=None,
        # with retention on, each serving process also prunes in a background thread (under
        # the instance-wide lock) every RETENTION_EVERY seconds; false leaves it to `flask prune`
        RETENTION_BACKGROUND=True,
        RETENTION_EVERY=3600,
        REQUEST_LOG=True,
        # true when the site is served over HTTPS: every cookie then carries Secure
        SESSION_COOKIE_SECURE=False,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        load_environment(app)
    else:
        app.config.from_mapping(test_config)
    read_switches(app.config)
    private_files.init_app(app)
    app.url_map.converters["int"] = WholeNumberConverter
    # Reports keep the score pad's row order, as the spec's examples show them.
    app.json.sort_keys = False

    from . import api, i18n, pdf, web
    from .games import access, backups, retention
    from .games.hand_over import init_app as init_hand_over
    from .groups import backups as group_backups
    from .groups import commands as group_commands
    from .groups import remembered as groups_remembered
    from .safety import headers, limits, public_address, secret, sessions
    from .serving import hosting

    public_address.init_app(app)
    hosting.init_app(app)
    secret.init_app(app)
    sessions.init_app(app)
    headers.init_app(app)
    access.init_app(app)
    i18n.init_app(app)
    web.init_app(app)
    api.init_app(app)
    pdf.init_app(app)
    backups.init_app(app)
    group_backups.init_app(app)
    init_hand_over(app)
    group_commands.init_app(app)
    groups_remembered.init_app(app)
    retention.init_app(app)
    limits.init_app(app)  # last: it limits views the others registered
    return app
