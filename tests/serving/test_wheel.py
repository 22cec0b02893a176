"""The built wheel is the whole app (issue 13, item 1).

Builds the wheel from a copy of the repository's files (as a clean clone has them: no compiled
catalogs), installs it with nothing else into a fresh virtual environment, and from another
directory renders every page and both PDFs in English, Dutch and Polish: the answers must equal
the checkout's. Then serves the installed app with the documented gunicorn command.

Offline and fast: no build isolation (setuptools and Babel come from the test environment) and
no dependencies are installed; the fresh environment sees the test environment's packages
through a ``.pth`` line, which adds their directory but not the editable install of the
checkout (``.pth`` files inside it are not read).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest

from scorer import PROJECT_ROOT, create_app
from tests.serving.wheel_check import render_everything

pytestmark = pytest.mark.wheel

SAMPLE_GAME = PROJECT_ROOT / "benchmarks" / "seven_players.json"


def repository_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=PROJECT_ROOT, check=True, capture_output=True).stdout
    return [name for name in listed.decode().split("\0") if name and (PROJECT_ROOT / name).is_file()]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(python of the fresh venv, its environment) with only the wheel installed."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    for name in repository_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(PROJECT_ROOT / name, source / name)
    assert not list(source.glob("translations/*/LC_MESSAGES/*.mo"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "--disable-pip-version-check", "-w", str(root / "dist"), str(source)],
                   check=True, capture_output=True)
    (wheel,) = (root / "dist").glob("*.whl")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                    "--no-index", "--disable-pip-version-check", str(wheel)],
                   check=True, capture_output=True)
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    environment = {**os.environ, "SCORER_INSTANCE_PATH": str(root / "instance"),
                   "SCORER_SECRET_KEY": "wheel-test", "PYTHONDONTWRITEBYTECODE": "1"}
    for name in ("SCORER_DATABASE_URL", "PYTHONPATH"):
        environment.pop(name, None)
    return python, environment, elsewhere, purelib


def test_installed_wheel_renders_every_page_and_pdf_like_the_checkout(installed, tmp_path):
    python, environment, elsewhere, purelib = installed
    check = PROJECT_ROOT / "tests" / "serving" / "wheel_check.py"
    run = subprocess.run([python, str(check), str(SAMPLE_GAME)],
                         cwd=elsewhere, env=environment, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["package"].startswith(purelib)
    assert report["resources"] == str(Path(purelib) / "scorer")
    assert report["instance"] == environment["SCORER_INSTANCE_PATH"]

    checkout = create_app({"TESTING": True, "SECRET_KEY": "wheel-test", "WTF_CSRF_ENABLED": False,
                           "DATABASE": str(tmp_path / "checkout.sqlite")})
    expected = render_everything(checkout, json.loads(SAMPLE_GAME.read_text("utf-8")))
    assert sorted(report["pages"]) == sorted(expected)
    for page, answer in expected.items():
        assert report["pages"][page] == answer, page

    statuses = {page: answer["status"] for page, answer in expected.items()}
    for lang in ("en", "nl", "pl"):
        for endpoint in ("index", "games.pad", "games.history", "setup.new_game", "cities.edit",
                         "setup.edit_setup", "build.check", "quick.pad", "pdf.blank_pad",
                         "pdf.game_sheet", "hosting.healthz", "static app.css"):
            matches = [page for page in statuses if page.startswith(f"{lang} {endpoint} ")]
            assert matches, (lang, endpoint)
            assert all(statuses[page] == 200 for page in matches), {m: statuses[m] for m in matches}
    sheets = {lang: expected[next(p for p in expected if p.startswith(f"{lang} pdf.game_sheet "))]
              for lang in ("en", "nl", "pl")}
    # the shipped fonts (their @font-face name), not a system fallback such as DejaVu
    assert all(sheet["pdf"]["fonts"] == ["Scorer-Sans", "Scorer-Sans-Bold"] for sheet in sheets.values())
    assert len({sheet["pdf"]["text"][0] for sheet in sheets.values()}) == 3  # really translated
    assert len(statuses) >= 3 * 15


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_installed_wheel_serves_with_the_documented_gunicorn_command(installed):
    python, environment, elsewhere, _purelib = installed
    port = free_port()
    server = subprocess.Popen(
        [python, "-m", "gunicorn", "-c", "python:scorer.serving.gunicorn_config", "scorer:create_app()"],
        cwd=elsewhere, env={**environment, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "2"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
                    assert json.load(answer) == {"status": "ok", "database": "ok"}
                    break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        request = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Accept-Language": "pl"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200 and 'lang="pl"' in answer.read().decode()
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0]
    assert "GET / 200" in output  # the request log
    assert "/healthz 200" in output
