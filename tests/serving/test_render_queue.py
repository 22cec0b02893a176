"""The print queue (issue 31): when every render slot is taken, PDFs are drawn in the order
they were first asked for, and a busy answer's ``Refresh`` keeps the request's place."""

from __future__ import annotations

import os
import re
import threading
import time

import pytest

from scorer import create_app
from scorer.games import service as games_service
from scorer.safety import render_queue, render_slots
from tests.conftest import dispose
from tests.helpers import game, player

ADA = game(player("Ada", "gizah", cards=["altar"]), player("Bob", "rhodes"), player("Cy", "babylon"))
PLACE = re.compile(r"turn=(\d{20}-[0-9a-f]{12})")


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite"),
                      "WTF_CSRF_ENABLED": False, "PDF_RENDER_SLOTS": 1, "PDF_RENDER_WAIT": 0.05,
                      "PDF_RENDER_PROCESS": False})
    yield app
    dispose(app)


def slot_taken(app) -> int:
    """A render slot held as another worker would (close the descriptor to free it)."""
    with app.test_request_context():
        return render_slots.take_slot()


def place_of(answer) -> str:
    assert answer.status_code == 503, answer.status_code
    return PLACE.search(answer.headers["Refresh"]).group(1)


def test_asking_again_keeps_the_place_and_an_away_place_never_holds_a_free_slot(app):
    client = app.test_client()
    with app.app_context():
        first_game, second_game = (games_service.create_game(ADA, name) for name in ("A", "B"))
    fd = slot_taken(app)  # another worker draws
    first = place_of(client.get(f"/games/{first_game}/sheet.pdf"))
    second = place_of(client.get(f"/games/{second_game}/sheet.pdf?paper=letter"))
    assert first < second
    again = client.get(f"/games/{second_game}/sheet.pdf?paper=letter&turn={second}")
    assert place_of(again) == second  # asking again keeps the place
    assert "1 is before yours" in again.text
    os.close(fd)
    # the first place's client is away (waiting for its Refresh): the free slot is not kept for it
    drawn = client.get(f"/games/{second_game}/sheet.pdf?paper=letter&turn={second}")
    assert drawn.status_code == 200 and drawn.mimetype == "application/pdf"
    assert client.get(f"/games/{first_game}/sheet.pdf?turn={first}").status_code == 200
    with app.app_context():
        for folder in (render_queue.FOLDER, render_queue.HERE):
            assert os.listdir(os.path.join(render_slots.work_folder(), folder)) == []


def test_among_those_waiting_in_the_server_the_first_asked_is_drawn_first(app, monkeypatch):
    """Three places; the first one's client away, then back: the slot goes in the places' order
    among the requests that wait for it, the returning first one before those asked after it."""
    from scorer.pdf import views

    order = []
    real = views.game_sheet_pdf
    monkeypatch.setattr(views, "game_sheet_pdf",
                        lambda saved, *args: order.append(saved.title) or real(saved, *args))
    client = app.test_client()
    with app.app_context():
        games = {name: games_service.create_game(ADA, name) for name in ("A", "B", "C")}
    fd = slot_taken(app)
    away = place_of(client.get(f"/games/{games['A']}/sheet.pdf"))  # 503 at once (wait 0.05 s)
    app.config.update(PDF_RENDER_WAIT=10)

    def ask(name, query=""):
        assert app.test_client().get(f"/games/{games[name]}/sheet.pdf{query}").status_code == 200

    threads = [threading.Thread(target=ask, args=("B",)), threading.Thread(target=ask, args=("C",)),
               threading.Thread(target=ask, args=("A", f"?turn={away}"))]
    for thread in threads:
        thread.start()
        time.sleep(0.3)  # B, then C, then A back: all three wait in the server
    with app.app_context():
        here = os.path.join(render_slots.work_folder(), render_queue.HERE)
        assert len(os.listdir(here)) == 3
    os.close(fd)
    for thread in threads:
        thread.join(20)
    assert order == ["A", "B", "C"]


def test_the_refresh_keeps_the_query(app):
    client = app.test_client()
    with app.app_context():
        game_id = games_service.create_game(ADA)
    with app.test_request_context(), render_slots.render_slot():
        busy = client.get(f"/games/{game_id}/sheet.pdf?paper=letter")
    assert busy.headers["Refresh"].startswith(f"2; url=/games/{game_id}/sheet.pdf?paper=letter&turn=")
    newcomer = client.get(f"/games/{game_id}/sheet.pdf?paper=a4")  # the slot is free now,
    assert newcomer.status_code == 200  # and not kept for the place whose client is away


def test_an_abandoned_place_is_removed_when_found(app):
    client = app.test_client()
    with app.app_context():
        game_id = games_service.create_game(ADA)
    fd = slot_taken(app)
    gone = place_of(client.get(f"/games/{game_id}/sheet.pdf?paper=a4"))
    waiting = place_of(client.get(f"/games/{game_id}/sheet.pdf?paper=letter"))
    with app.app_context():
        path = os.path.join(render_slots.work_folder(), render_queue.FOLDER, gone)
    before = time.time() - render_queue.STALE - 1
    os.utime(path, (before, before))  # its tab was closed: nobody asked since
    answer = client.get(f"/games/{game_id}/sheet.pdf?paper=letter&turn={waiting}")
    assert place_of(answer) == waiting and "0 are before yours" in answer.text
    assert not os.path.exists(path)
    os.close(fd)
    assert client.get(f"/games/{game_id}/sheet.pdf?paper=letter&turn={waiting}").status_code == 200
    # a place the queue no longer holds (abandoned, or an old address) queues again at the end
    assert client.get(f"/games/{game_id}/sheet.pdf?paper=a4&turn={gone}").status_code == 200


def test_the_front_of_the_queue_waits_in_the_server_and_the_rest_answer_at_once(app):
    app.config.update(PDF_RENDER_WAIT=5, PDF_RENDER_WAITERS=1)
    client = app.test_client()
    with app.app_context():
        game_id = games_service.create_game(ADA)
    fd = slot_taken(app)
    answers = {}

    def ask(name, query):
        started = time.monotonic()
        answer = app.test_client().get(f"/games/{game_id}/sheet.pdf?{query}")
        answers[name] = (answer.status_code, time.monotonic() - started)

    front = threading.Thread(target=ask, args=("front", "paper=a4"))
    front.start()
    time.sleep(0.3)  # the front is queued and waiting for the slot
    started = time.monotonic()
    behind = client.get(f"/games/{game_id}/sheet.pdf?paper=letter")
    assert behind.status_code == 503 and time.monotonic() - started < 1  # not held in the server
    assert "1 is before yours" in behind.text
    with app.app_context():
        assert len(os.listdir(os.path.join(render_slots.work_folder(), render_queue.HERE))) == 1
    time.sleep(0.3)
    os.close(fd)  # the slot frees: the waiting front takes it at once
    front.join(10)
    status, waited = answers["front"]
    assert status == 200 and 0.5 < waited < 4


def test_a_place_the_server_cannot_have_written_is_refused_by_name(app):
    client = app.test_client()
    with app.app_context():
        game_id = games_service.create_game(ADA)
    for turn in ("../../secret", "1", "x" * 33):
        answer = client.get(f"/games/{game_id}/sheet.pdf", query_string={"turn": turn},
                            headers={"Accept-Language": "nl"})
        assert answer.status_code == 400 and "turn:" in answer.text


def test_a_busy_answer_says_the_place_in_each_language(app):
    client = app.test_client()
    with app.app_context():
        game_id = games_service.create_game(ADA)
    texts = {}
    fd = slot_taken(app)  # (each request then has its own context, and so its own language)
    client.get(f"/games/{game_id}/sheet.pdf?paper=a4")
    second = place_of(client.get(f"/games/{game_id}/sheet.pdf?paper=letter"))
    for language in ("en", "nl", "pl"):
        answer = client.get(f"/games/{game_id}/sheet.pdf?paper=letter&turn={second}",
                            headers={"Accept-Language": language})
        texts[language] = re.sub(r"\s+", " ", answer.text)
    os.close(fd)
    assert "1 is before yours" in texts["en"]
    for language in ("nl", "pl"):
        found = re.sub(r"<[^>]+>", " ", texts[language])
        assert "before yours" not in found and re.search(r"\b1\b", found), found[-900:]


def test_the_report_keeps_its_filters_and_its_place(app):
    from scorer.groups import service as groups_service

    client = app.test_client()
    with app.app_context():
        made = groups_service.create("Queue", None)
        groups_service.add_game(made, games_service.create_game(ADA))
    with app.test_request_context(), render_slots.render_slot():
        busy = client.get(f"/groups/{made.id}/report.pdf?paper=a4")
    turn = place_of(busy)
    assert busy.headers["Refresh"] == f"2; url=/groups/{made.id}/report.pdf?paper=a4&turn={turn}"
    assert client.get(f"/groups/{made.id}/report.pdf?paper=a4&turn={turn}").status_code == 200


def test_a_full_queue_answers_busy_without_a_place(app):
    app.config.update(PDF_RENDER_QUEUE=2)
    client = app.test_client()
    with app.app_context():
        game_id = games_service.create_game(ADA)
    fd = slot_taken(app)
    places = [place_of(client.get(f"/games/{game_id}/sheet.pdf?n={n}")) for n in range(2)]
    full = client.get(f"/games/{game_id}/sheet.pdf?n=3")
    assert full.status_code == 503 and full.headers["Refresh"] == "2"  # no place: none taken
    assert "2 are before yours" in full.text
    assert client.get(f"/games/{game_id}/sheet.pdf?turn={places[1]}").status_code == 503  # kept
    os.close(fd)
    assert [client.get(f"/games/{game_id}/sheet.pdf?turn={place}").status_code
            for place in places] == [200, 200]


def test_the_mark_of_a_worker_that_died_while_waiting_goes_when_stale(app):
    app.config.update(PDF_RENDER_WAIT=5)
    client = app.test_client()
    with app.app_context():
        game_id = games_service.create_game(ADA)
        folder = render_slots.work_folder()
    dead = f"{1:020d}-{'0' * 12}"  # first of all, marked waiting by a worker killed since
    for name in (render_queue.FOLDER, render_queue.HERE):
        os.makedirs(os.path.join(folder, name), exist_ok=True)
        path = os.path.join(folder, name, dead)
        open(path, "w").close()
        before = time.time() - render_queue.STALE - 1
        os.utime(path, (before, before))
    started = time.monotonic()
    assert client.get(f"/games/{game_id}/sheet.pdf").status_code == 200  # (one slot)
    assert time.monotonic() - started < 4
    assert not os.path.exists(os.path.join(folder, render_queue.HERE, dead))


def test_the_refresh_keeps_the_prefix_the_app_is_served_at(app):
    client = app.test_client()
    with app.app_context():
        game_id = games_service.create_game(ADA)
    fd = slot_taken(app)
    busy = client.get(f"/games/{game_id}/sheet.pdf", base_url="http://localhost/scorer/")
    os.close(fd)
    assert busy.headers["Refresh"].startswith(f"2; url=/scorer/games/{game_id}/sheet.pdf?turn=")
