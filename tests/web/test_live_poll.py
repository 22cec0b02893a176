"""The live pad's 304 answered before Flask (:mod:`scorer.web.live_poll`, issue 31): only when
the browser's ETag is the one the view would send now, with the very answer Flask gives (status,
headers in order, body), and never stale: a save, a lock or a hand-over in another server, a
phone's other language, seat or device, all go to the view and get the new pad.
"""

from __future__ import annotations

import logging
import re
import secrets

import pytest

from scorer import create_app, storage
from scorer.games import access
from scorer.games import service as games_service
from scorer.web import live_poll
from tests.conftest import dispose
from tests.helpers import game, give_owner, own
from tests.web.conftest import LIVE_CITIES, seated_phones

#: the request hooks the shortcut accounts for: each one does nothing to a live 304 (the log
#: line is written by the shortcut itself, the security headers are security_headers())
ACCOUNTED_BEFORE = {"scorer.serving.hosting._start_timer", "flask_wtf.csrf.csrf_protect",
                    "flask_limiter._extension._check_request_limit"}
ACCOUNTED_AFTER = {"scorer.serving.hosting._log_request", "scorer.safety.headers.add_headers",
                   "scorer.games.access.remember_opened", "scorer.i18n.remember_switch",
                   "scorer.web.static_files.cache_for_good", "scorer.games.seats.send_cookie",
                   "scorer.pdf.views.keep_busy_retry_after",
                   "scorer.groups.remembered.remember_opened",
                   "flask_limiter._extension.__inject_headers"}
ACCOUNTED_TEARDOWN = {"flask_limiter._extension.__release_context"}


def made(config: dict | None = None, tmp_path=None):
    return create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                       "DATABASE": str(tmp_path / "poll.sqlite"), **(config or {})})




def shortcut(app) -> live_poll.LivePolls:
    found = app.wsgi_app
    while not isinstance(found, live_poll.LivePolls):
        found = found.app
    return found


def first_poll(app, game_id: str):
    """A new phone and the ETag of its first poll of the live pad."""
    phone = app.test_client()
    return phone, phone.get(f"/games/{game_id}/live").headers["ETag"]


def phones(app, game_id: str, ids: list[str], owned: bool = True) -> dict:
    owner = app.test_client()
    if owned:
        own(app, owner, game_id)
    seated = seated_phones(app, game_id, ids)
    stranger = app.test_client()
    stranger.set_cookie("device", secrets.token_urlsafe(32))
    return {**({"owner": owner} if owned else {}), **seated, "stranger": stranger,
            "no cookies": app.test_client()}


def poll(app, phone, game_id: str, **headers):
    """The answer to a poll, and whether the shortcut gave it."""
    before = shortcut(app).answered
    answer = phone.get(f"/games/{game_id}/live", headers=headers)
    return answer, shortcut(app).answered - before == 1


def through_flask(app, phone, game_id: str, **headers):
    app.config[live_poll.SETTING] = False
    try:
        answer, short = poll(app, phone, game_id, **headers)
    finally:
        app.config[live_poll.SETTING] = True
    assert not short
    return answer


def seen(answer) -> tuple:
    return answer.status, list(answer.headers.items()), answer.get_data()


LANGUAGES = [{}, {"Accept-Language": "pl,en;q=0.5"}, {"Accept-Language": "nl-NL"},
             {"Accept-Language": "de"}]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scheme", ["http", "https"])
def test_every_phones_304_is_flasks_own(app, table, language, scheme):
    """Owner, seated phones, a stranger with a device key and a phone without cookies, in every
    language: the shortcut's 304 is the view's, header for header."""
    game_id, ids = table
    base = {"base_url": f"{scheme}://localhost"}
    for name, phone in phones(app, game_id, ids).items():
        first = phone.get(f"/games/{game_id}/live", headers=language, **base)
        assert first.status_code == 200
        etag = first.headers["ETag"]
        headers = {**language, "If-None-Match": etag}
        app.config[live_poll.SETTING] = False
        flask = phone.get(f"/games/{game_id}/live", headers=headers, **base)
        app.config[live_poll.SETTING] = True
        before = shortcut(app).answered
        short = phone.get(f"/games/{game_id}/live", headers=headers, **base)
        assert shortcut(app).answered == before + 1, name
        assert flask.status_code == 304 and seen(short) == seen(flask), name
        assert ("Strict-Transport-Security" in short.headers) == (scheme == "https")


def test_the_language_cookie_wins_as_in_the_view(app, table):
    game_id, _ids = table
    phone = app.test_client()
    phone.set_cookie("lang", "nl")
    etag = phone.get(f"/games/{game_id}/live", headers={"Accept-Language": "pl"}).headers["ETag"]
    assert "-nl-" in etag
    answer, short = poll(app, phone, game_id, **{"Accept-Language": "pl", "If-None-Match": etag})
    assert answer.status_code == 304 and short
    phone.set_cookie("lang", "xx")  # not a language of the app: Accept-Language decides
    answer, short = poll(app, phone, game_id, **{"Accept-Language": "pl", "If-None-Match": etag})
    assert answer.status_code == 200 and not short and "-pl-" in answer.headers["ETag"]


def test_another_language_seat_or_device_never_gets_a_304_meant_for_another(app, table):
    """A 304 keeps what the phone shows: it must never confirm a pad drawn for another
    language, seat or owner."""
    game_id, ids = table
    table_phones = phones(app, game_id, ids)
    etags = {name: phone.get(f"/games/{game_id}/live").headers["ETag"]
             for name, phone in table_phones.items()}
    assert len(set(etags.values())) == len(etags) - 1  # the stranger and no cookies share one
    for name, phone in table_phones.items():
        for other, etag in etags.items():
            answer, short = poll(app, phone, game_id, **{"If-None-Match": etag})
            if etag == etags[name]:
                assert answer.status_code == 304 and short, (name, other)
            else:
                assert answer.status_code == 200 and answer.headers["ETag"] == etags[name]
                assert not (short and name == "owner"), other
        polish, short = poll(app, phone, game_id,
                             **{"If-None-Match": etags[name], "Accept-Language": "pl"})
        assert polish.status_code == 200 and 'lang="pl"' in polish.get_data(as_text=True)
        assert polish.headers["ETag"] == etags[name].replace("-en-", "-pl-")


def test_a_seat_chosen_or_forgotten_is_seen_at_the_next_poll(app, table):
    game_id, ids = table
    phone, etag = first_poll(app, game_id)
    assert phone.post(f"/games/{game_id}/join/{ids[1]}").status_code == 303
    answer, short = poll(app, phone, game_id, **{"If-None-Match": etag})
    assert answer.status_code == 200 and answer.headers["ETag"].endswith(f'-{ids[1]}-"')
    assert "Your city: Bob" in answer.get_data(as_text=True)


@pytest.mark.parametrize("change", ["save", "lock", "hand-over", "owner for an ownerless game"])
def test_a_change_in_another_server_is_never_answered_304(app, there, table, change):
    game_id, ids = table
    table_phones = phones(app, game_id, ids, owned=change != "owner for an ownerless game")
    etags = {name: phone.get(f"/games/{game_id}/live").headers["ETag"]
             for name, phone in table_phones.items()}
    with there.app_context():
        if change == "save":
            storage.modify_game(game_id, lambda d: {**d, "players": [
                d["players"][0], {**d["players"][1], "name": "Bobby"}, d["players"][2]]})
        elif change == "lock":
            storage.set_locked(game_id, True)
        elif change == "hand-over":
            give_owner(there, game_id, table_phones["stranger"].get_cookie("device").value)
        else:
            assert storage.set_owner(game_id, None, access.minted_owner()[1])
    if change == "owner for an ownerless game":
        # the ETag does not say whether the game has an owner (an old game's note stays until
        # its next revision): the shortcut answers as the view does, nothing more
        for name, phone in table_phones.items():
            headers = {"If-None-Match": etags[name]}
            answer, short = poll(app, phone, game_id, **headers)
            assert short and seen(answer) == seen(through_flask(app, phone, game_id, **headers))
        return
    changed = {"owner", "stranger"} if change == "hand-over" else set(table_phones)
    owner = "stranger" if change == "hand-over" else "owner"
    for name, phone in table_phones.items():
        answer, short = poll(app, phone, game_id, **{"If-None-Match": etags[name]})
        if name in changed:
            assert answer.status_code == 200 and not (short and name == owner), name
            text = answer.get_data(as_text=True)
            assert ("Bobby" in text) == (change == "save")
            assert ("Locked by its owner" in text) == (change == "lock")
            assert ("Hand over" in text) == (name == owner), name
        else:
            assert answer.status_code == 304 and short, name


def test_polls_it_does_not_answer_go_to_the_view(app, table):
    game_id, _ids = table
    phone = app.test_client()
    own(app, phone, game_id)
    etag = phone.get(f"/games/{game_id}/live").headers["ETag"]
    bare = etag.removeprefix("W/").strip('"')  # what live.js sends first: the page's data-etag
    cases = [({"If-None-Match": etag.removeprefix("W/")}, True),  # a strong form of the same
             ({"If-None-Match": bare}, True),
             ({"If-None-Match": f'W/"other", {etag}'}, True),
             ({"If-None-Match": "*"}, True),
             ({"If-None-Match": etag, access.TOKEN_HEADER: "not-a-token"}, False)]
    for headers, answered in cases:
        answer, short = poll(app, phone, game_id, **headers)
        assert answer.status_code == 304 and short == answered, headers
        assert seen(answer) == seen(through_flask(app, phone, game_id, **headers)), headers
    for path in (f"/games/{game_id}x/live", "/games/nope/live", f"/games/{game_id}/live/"):
        before = shortcut(app).answered
        assert phone.get(path, headers={"If-None-Match": etag}).status_code in (404, 308)
        assert shortcut(app).answered == before
    answer = phone.head(f"/games/{game_id}/live", headers={"If-None-Match": etag})
    assert answer.status_code == 304


def test_an_untrusted_host_is_refused_as_before(tmp_path):
    app = made({"PUBLIC_URL": "https://scores.example.org"}, tmp_path)
    try:
        with app.app_context():
            game_id = storage.create_game(game(*LIVE_CITIES), "Hosts")
        phone = app.test_client()
        good = {"base_url": "https://scores.example.org"}
        etag = phone.get(f"/games/{game_id}/live", **good).headers["ETag"]
        before = shortcut(app).answered
        assert phone.get(f"/games/{game_id}/live", headers={"If-None-Match": etag},
                         **good).status_code == 304
        evil = phone.get(f"/games/{game_id}/live", headers={"If-None-Match": etag},
                         base_url="https://evil.example")
        assert evil.status_code == 400 and shortcut(app).answered == before + 1
    finally:
        dispose(app)


def test_behind_a_proxy_it_reads_what_the_proxy_says(tmp_path):
    app = made({"PROXY_FIX": 1, "RATELIMIT_ENABLED": True}, tmp_path)
    try:
        with app.app_context():
            game_id = storage.create_game(game(*LIVE_CITIES), "Proxy")
        phone = app.test_client()
        proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "10.1.2.3"}
        etag = phone.get(f"/games/{game_id}/live", headers=proxied).headers["ETag"]
        headers = {**proxied, "If-None-Match": etag}
        answer, short = poll(app, phone, game_id, **headers)
        assert answer.status_code == 304 and short
        assert "Strict-Transport-Security" in answer.headers
        assert seen(answer) == seen(through_flask(app, phone, game_id, **headers))
    finally:
        dispose(app)


def test_its_log_line_is_flasks(app, table, caplog):
    game_id, _ids = table
    phone, etag = first_poll(app, game_id)
    lines = []
    for setting in (True, False):
        app.config[live_poll.SETTING] = setting
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="scorer.requests"):
            assert phone.get(f"/games/{game_id}/live",
                             headers={"If-None-Match": etag}).status_code == 304
        lines.append([re.sub(r"[\d.]+ms$", "", record.getMessage()) for record in caplog.records])
    assert lines[0] == lines[1] == ["127.0.0.1 GET /games/<game_id>/live 304 0 "]


def test_the_app_has_no_request_hook_the_shortcut_does_not_account_for(tmp_path):
    """A new request hook may change a live 304 (a header, a cookie): look at live_poll.py,
    then add it here."""
    app = made({"RATELIMIT_ENABLED": True}, tmp_path)
    try:
        def names(hooks) -> set[str]:
            return {f"{getattr(hook, 'func', hook).__module__}.{getattr(hook, 'func', hook).__name__}"
                    for funcs in hooks.values() for hook in funcs}

        assert names(app.before_request_funcs) == ACCOUNTED_BEFORE
        assert names(app.after_request_funcs) == ACCOUNTED_AFTER
        assert names(app.teardown_request_funcs) == ACCOUNTED_TEARDOWN
        assert not app.teardown_appcontext_funcs
        assert not any(app.url_value_preprocessors.values())
    finally:
        dispose(app)


def test_the_view_is_not_run_for_a_current_etag(app, table, monkeypatch):
    game_id, _ids = table
    phone, etag = first_poll(app, game_id)

    def refused(*_args, **_kwargs):
        raise AssertionError("the view ran")

    monkeypatch.setitem(app.view_functions, "games.live", refused)
    assert phone.get(f"/games/{game_id}/live", headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.parametrize("language", LANGUAGES[:3])
@pytest.mark.parametrize("scheme", ["http", "https"])
def test_a_changed_pad_from_what_the_worker_keeps_is_flasks_own(app, there, table, language,
                                                                scheme):
    """After a save, the phones that are not the owner get the new pad from the kept pad and
    their kept frame, byte for byte and header for header the view's answer; the owner's
    (its lock form carries the session's CSRF token) always comes from the view."""
    game_id, ids = table
    base = {"base_url": f"{scheme}://localhost"}
    table_phones = phones(app, game_id, ids)
    etags = {name: phone.get(f"/games/{game_id}/live", headers=language, **base).headers["ETag"]
             for name, phone in table_phones.items()}
    with there.app_context():
        storage.modify_game(game_id, lambda d: {**d, "players": [
            d["players"][0], {**d["players"][1], "coins": 9}, d["players"][2]]})
    for name, phone in table_phones.items():
        headers = {**language, "If-None-Match": etags[name]}
        app.config[live_poll.SETTING] = False
        flask = phone.get(f"/games/{game_id}/live", headers=headers, **base)
        app.config[live_poll.SETTING] = True
        before = shortcut(app).answered
        short = phone.get(f"/games/{game_id}/live", headers=headers, **base)
        assert flask.status_code == 200 and flask.headers["ETag"] != etags[name], name
        assert shortcut(app).answered == before + (name != "owner"), name
        if name != "owner":
            assert seen(short) == seen(flask), name
        assert "Set-Cookie" not in short.headers


def test_a_changed_pad_is_drawn_by_the_view_when_the_worker_keeps_none(app, there, table):
    game_id, ids = table
    table_phones = phones(app, game_id, ids)
    del table_phones["owner"]
    etags = {name: phone.get(f"/games/{game_id}/live").headers["ETag"]
             for name, phone in table_phones.items()}
    with there.app_context():
        storage.modify_game(game_id, lambda d: {**d, "players": [
            d["players"][0], {**d["players"][1], "name": "Bobby"}, d["players"][2]]})
    answers = {}
    for name, phone in table_phones.items():
        answers[name] = poll(app, phone, game_id, **{"If-None-Match": etags[name]})
    shortcut_gave = [name for name, (_answer, short) in answers.items() if short]
    # the first phone draws the new revision; Bob's seat shows a new name: a new frame
    assert list(table_phones)[0] not in shortcut_gave and ids[1] not in shortcut_gave
    assert len(shortcut_gave) == len(table_phones) - 2
    for name, (answer, _short) in answers.items():
        assert answer.status_code == 200 and "Bobby" in answer.get_data(as_text=True), name
    again = poll(app, table_phones[ids[1]], game_id)
    assert again[1] and "Your city: Bobby" in again[0].get_data(as_text=True)


def test_a_phone_that_opened_another_game_since_gets_its_history_from_the_view(app, table):
    game_id, ids = table
    phone, etag = first_poll(app, game_id)
    with app.app_context():
        other = games_service.create_game(game(*LIVE_CITIES), "Other")
    assert phone.get(f"/games/{other}").status_code == 200
    with app.app_context():
        storage.modify_game(game_id, lambda d: d)
    first = app.test_client()
    assert first.get(f"/games/{game_id}/live").status_code == 200  # the new revision drawn
    answer, short = poll(app, phone, game_id, **{"If-None-Match": etag})
    assert answer.status_code == 200 and not short and "Set-Cookie" in answer.headers
    with app.app_context():
        storage.modify_game(game_id, lambda d: d)
    assert first.get(f"/games/{game_id}/live").status_code == 200
    answer, short = poll(app, phone, game_id, **{"If-None-Match": answer.headers["ETag"]})
    assert answer.status_code == 200 and short and "Set-Cookie" not in answer.headers
