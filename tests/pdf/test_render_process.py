"""PDFs drawn in a child process of lower priority (``PDF_RENDER_PROCESS``).

The child is one per process and static folder, so every test here shares the one started
first (a few seconds); the tests that end it on purpose leave a fresh one behind.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from pypdf import PdfReader
from weasyprint.urls import FatalURLFetchingError

from scorer import create_app
from scorer.pdf import render_process
from scorer.pdf.document import draws_in_child, priority_of, start_child
from scorer.pdf.render import renderer
from tests.conftest import dispose
from tests.web.test_pdf_sheet import SEVEN, save

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def make_app(tmp_path):
    made = []

    def make(in_child: bool):
        app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                          "DATABASE": str(tmp_path / f"{len(made)}.sqlite"),
                          "PDF_RENDER_PROCESS": in_child})
        made.append(app)
        return app

    yield make
    for app in made:
        dispose(app)


def sheet_of(app, game_id: str) -> bytes:
    response = app.test_client().get(f"/games/{game_id}/sheet.pdf")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.data.startswith(b"%PDF-")
    return response.data


def text_of(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def child_pid(app) -> int:
    return render_process.pool(app.static_folder).submit(os.getpid).result()


def gone(pid: int, within: float = 10.0) -> bool:
    """Whether ``pid`` has ended and been reaped (a zombie still has its /proc entry)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not os.path.exists(f"/proc/{pid}"):
            return True
        time.sleep(0.05)
    return False


def state_of(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return None


def test_served_apps_draw_in_the_child_and_the_others_here(monkeypatch):
    """Unset, the setting is on once a server starts the app's worker (gunicorn, the table
    server) and off for the command line and for the tests' apps, served or not."""
    started = []
    monkeypatch.setattr(render_process, "pool", lambda *args: SimpleNamespace(
        submit=lambda task: started.append(args)))

    def app(testing=False, **config):
        return SimpleNamespace(testing=testing, config=config, static_folder="/static")

    cli = app()
    assert not draws_in_child(cli)
    for served, drawn_in_child in ((app(), True), (app(testing=True), False),
                                   (app(PDF_RENDER_PROCESS=False), False),
                                   (app(testing=True, PDF_RENDER_PROCESS=True), True)):
        start_child(served)
        assert draws_in_child(served) is drawn_in_child
    assert started == [("/static", render_process.DEFAULT)] * 2


def test_children_at_a_lower_priority_draw_on_every_core(monkeypatch):
    """A served app's children take only what the pages leave, so the instance draws as many
    sheets at once as it has cores; a host's own count, or children at the pages' priority,
    keep theirs (half the cores, :mod:`scorer.safety.render_slots`)."""
    monkeypatch.setattr(render_process, "pool", lambda *args: SimpleNamespace(submit=lambda task: None))
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    for config, slots in (({}, 4), ({"PDF_RENDER_SLOTS": 1}, 1), ({"PDF_RENDER_NICE": 0}, 4),
                          ({"PDF_RENDER_NICE": 0, "PDF_RENDER_IDLE": "on"}, 4),
                          ({"PDF_RENDER_NICE": 0, "PDF_RENDER_IDLE": "off"}, None),
                          ({"PDF_RENDER_PROCESS": False}, None)):
        served = SimpleNamespace(testing=False, config=dict(config), static_folder="/static")
        start_child(served)
        assert served.config.get("PDF_RENDER_SLOTS") == slots, config


def test_sheet_from_the_child_is_the_sheet_drawn_here(make_app):
    here, child = make_app(False), make_app(True)
    drawn_here = sheet_of(here, save(here, SEVEN, "Wieczór").id)
    drawn_there = sheet_of(child, save(child, SEVEN, "Wieczór").id)
    assert child_pid(child) != os.getpid()
    assert text_of(drawn_there) == text_of(drawn_here)
    assert "Wieczór" in text_of(drawn_there)[0]


def test_blank_pad_from_the_child(make_app):
    app = make_app(True)
    response = app.test_client().get("/pad.pdf?players=3&paper=a4")
    assert response.status_code == 200
    assert text_of(response.data) == text_of(renderer(app.static_folder).pdf(
        _pad_html(app)))


def _pad_html(app) -> str:
    from scorer.pdf.pad import blank_pad_html
    from scorer.pdf.paper import PAPERS

    with app.test_request_context():
        return blank_pad_html(3, "en", PAPERS["a4"])


def test_the_child_runs_at_a_lower_priority(make_app):
    app = make_app(True)
    pid = child_pid(app)
    ours = os.nice(0)
    expected = min(19, ours + render_process.DEFAULT_NICE)
    assert render_process.pool(app.static_folder).submit(os.nice, 0).result() == expected > ours
    assert os.getpriority(os.PRIO_PROCESS, pid) == expected
    assert os.sched_getscheduler(pid) == os.SCHED_IDLE  # unless a host turns it off


@pytest.mark.parametrize("written, idle", [(None, True), (True, True), ("true", True),
                                           ("on", True), ("1", True), (False, False),
                                           ("false", False), ("off", False), ("no", False),
                                           ("0", False)])
def test_the_idle_policy_is_the_hosts_choice(written, idle):
    """``SCORER_PDF_RENDER_IDLE``: unset or true (on, 1) sends the child to idle cores, at its
    niceness still; false (off, no, 0) keeps it on the usual policy."""
    app = SimpleNamespace(config={"PDF_RENDER_IDLE": written})
    assert priority_of(app) == render_process.Priority(render_process.DEFAULT_NICE, idle=idle)


def test_a_system_that_refuses_the_idle_policy_is_named_in_the_log(monkeypatch, caplog):
    """Where ``SCHED_IDLE`` is missing or refused, the child keeps its niceness and says so:
    the host asked for more than it got."""
    def refuse(*_args):
        raise PermissionError("not here")

    monkeypatch.setattr(os, "sched_setscheduler", refuse)
    monkeypatch.setattr(os, "nice", lambda _step: 0)
    monkeypatch.setattr(signal, "signal", lambda *_args: None)
    monkeypatch.setattr(render_process.threading, "Thread", lambda **_kw: SimpleNamespace(start=lambda: None))
    monkeypatch.setattr("scorer.pdf.render.Renderer", lambda folder: None)
    render_process._start("/static", render_process.Priority(10, idle=True), os.getpid())
    assert "refused SCHED_IDLE" in caplog.text and "not here" in caplog.text


def test_a_child_kept_off_idle_cores_by_its_host(make_app):
    app = make_app(True)
    app.config["PDF_RENDER_IDLE"] = "false"
    priority = priority_of(app)
    child = render_process.pool(app.static_folder, priority)
    try:
        pid = child.submit(os.getpid).result()
        assert os.sched_getscheduler(pid) == os.SCHED_OTHER
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, os.nice(0) + render_process.DEFAULT_NICE)
    finally:
        child.shutdown(wait=True)
        render_process._pools.pop((os.getpid(), app.static_folder, priority), None)


def test_the_request_thread_leaves_the_drawing_to_the_child(make_app):
    """The CPU the request's own thread spends on a sheet: the template and the engine only,
    not WeasyPrint (measured: about 500 ms here, 10 ms with the child)."""
    spent = {}
    for in_child in (False, True):
        app = make_app(in_child)
        first, second = save(app, SEVEN, "Warm").id, save(app, SEVEN, "Measured").id
        sheet_of(app, first)  # fonts, stylesheet, the child's start
        start = time.thread_time()
        sheet_of(app, second)
        spent[in_child] = time.thread_time() - start
    assert spent[True] < spent[False] / 4, spent


def test_a_killed_child_is_replaced_and_the_sheet_still_arrives(make_app):
    app = make_app(True)
    killed = child_pid(app)
    os.kill(killed, signal.SIGKILL)
    deadline = time.monotonic() + 5
    while state_of(killed) not in (None, "Z") and time.monotonic() < deadline:
        time.sleep(0.01)
    assert text_of(sheet_of(app, save(app, SEVEN, "After").id))[0]
    assert child_pid(app) != killed
    assert gone(killed), f"the killed child {killed} was never reaped"


def test_an_error_inside_weasyprint_comes_back_as_it_was(make_app):
    """The static-only fetcher holds in the child: a page asking for a file outside the static
    folder fails with WeasyPrint's own exception, as in this process; the child lives on."""
    app = make_app(True)
    html = '<html><head><link rel="stylesheet" href="file:///etc/passwd"></head><body></body></html>'
    with pytest.raises(FatalURLFetchingError) as here:
        renderer(app.static_folder).pdf(html)
    before = child_pid(app)
    with pytest.raises(FatalURLFetchingError) as there:
        render_process.draw(app.static_folder, html)
    assert str(there.value) == str(here.value)
    assert "outside the static folder" in str(there.value.__cause__)
    assert child_pid(app) == before


PARENT = """
import os, signal, sys
from scorer.pdf import render_process
child = render_process.pool(sys.argv[1]).submit(os.getpid).result()
print(child, flush=True)
if sys.argv[2] == "killed":
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize("end", ["exits", "killed"])
def test_the_child_goes_with_its_parent(make_app, end):
    """A worker's normal exit shuts its child down; a worker killed outright (gunicorn's timeout)
    leaves a child that notices and leaves too: no orphan keeps drawing."""
    static = make_app(False).static_folder
    parent = subprocess.run([sys.executable, "-c", PARENT, static, end], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    child = int(parent.stdout.split()[0])
    deadline = time.monotonic() + render_process.PARENT_CHECK * 5
    while state_of(child) not in (None, "Z") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert state_of(child) in (None, "Z"), f"the child {child} outlived its parent ({end})"


def test_the_server_starts_the_child_with_the_worker(make_app):
    """The servers' start (gunicorn's post_worker_init, the table server) starts the child
    beside the first requests, not inside the first sheet's render slot; an app drawing here
    starts none. A niceness of its own keeps this child apart from the shared one."""
    from scorer.serving import background

    key = (os.getpid(), make_app(False).static_folder, render_process.Priority(5))
    here = make_app(False)
    here.config["PDF_RENDER_NICE"] = 5
    background.start(here)
    assert key not in render_process._pools
    served = make_app(True)
    served.config["PDF_RENDER_NICE"] = 5
    background.start(served)
    started = render_process._pools.pop(key)
    try:
        assert started.submit(os.nice, 0).result() == min(19, os.nice(0) + 5)
    finally:
        started.shutdown(wait=True)
