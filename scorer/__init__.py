"""7 Wonders scorer: the Flask application factory.

The rules engine lives in :mod:`scorer.engine` and knows nothing of Flask; everything else in
this package translates between it and HTTP, the command line, HTML and PDF.
"""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_path=str(PROJECT_ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "scorer.sqlite"),
        BABEL_DEFAULT_LOCALE="en",
        BABEL_TRANSLATION_DIRECTORIES=str(PROJECT_ROOT / "translations"),
        LANGUAGES=("en", "nl", "pl"),
        MAX_CONTENT_LENGTH=1024 * 1024,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    # Reports keep the score pad's row order, as the spec's examples show them.
    app.json.sort_keys = False

    from . import api, cli, i18n, pdf, secret, web

    secret.init_app(app)
    i18n.init_app(app)
    app.register_blueprint(api.bp)
    cli.init_app(app)
    web.init_app(app)
    pdf.init_app(app)
    return app
