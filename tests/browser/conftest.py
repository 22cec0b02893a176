"""A live server and Debian's Chromium at phone size (390x844) for the browser tests.

Playwright never downloads a browser here: it drives ``/usr/bin/chromium`` (installed by
``scripts/setup.sh test``) through ``executable_path``.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager

import pytest
from werkzeug.serving import make_server

from scorer import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            if not os.path.exists(CHROMIUM):
                item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} is not installed "
                                                        "(sh scripts/setup.sh test installs it)"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "locale": "en-GB"}


@pytest.fixture
def live_app(tmp_path):
    return create_app({"TESTING": True, "SECRET_KEY": "browser-test",
                       "DATABASE": str(tmp_path / "browser.sqlite")})


@contextmanager
def serving(app):
    """``app`` served on a free local port while the block runs; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


@pytest.fixture
def live_server(live_app):
    """The app (CSRF on, as in production) served on a free local port."""
    with serving(live_app) as url:
        yield url


@pytest.fixture(scope="session")
def base_url():
    """Replaces pytest-base-url's fixture, whose definition pytest 9 warns about (an error here);
    tests build their URLs from ``live_server``."""
    return None
