"""Each phone's live pad from the shared parts (issue 31): after the first phone draws a revision,
the others answer from the game's stamp and the memo alone, and each still gets exactly its own
answer: its own city's button, the owner's buttons only for the owner, the same bytes as a
pad drawn for it alone; a hand-over or an owner given to an ownerless game (neither raises the
revision) shows at once, and a game saved between its stamp and its load is answered as saved.
"""

from __future__ import annotations

import re

import pytest

from scorer import storage
from scorer.games import access
from scorer.games import service as games_service
from scorer.web import games as game_pages
from scorer.web import pad_cache, pad_store
from tests.helpers import give_owner, own
from tests.web.conftest import LIVE_CITIES, seated_phones


def phones(app, game_id: str, ids: list[str]) -> dict:
    """The owner's phone, a phone seated as each player, and a stranger's."""
    owner = app.test_client()
    own(app, owner, game_id)
    return {"owner": owner, **seated_phones(app, game_id, ids), "stranger": app.test_client()}


def forget_pads(app) -> None:
    """Forget every drawn pad, in memory and on disk: the next answer is drawn from nothing."""
    pad_cache.memo(app).clear()
    with app.app_context():
        pad_store.clear()


def live(phone, game_id: str, **headers):
    answer = phone.get(f"/games/{game_id}/live", headers=headers)
    assert answer.status_code in (200, 304)
    return answer


def unmasked(answer) -> str:
    """The answer's text with the lock form's CSRF token (new on each answer) blanked."""
    return re.sub(r'name="csrf_token" value="[^"]*"', "", answer.get_data(as_text=True))


def your_city(text: str) -> str | None:
    found = re.search(r'class="your-city"><a [^>]*href="([^"]+)">([^<]+)<', text)
    return found.groups() if found else None


@pytest.mark.parametrize("first", ["owner", 0, 1, "stranger"])
def test_every_phone_gets_what_it_would_get_drawn_alone(app, table, first):
    """Whichever phone draws a revision, every other phone's answer (taken from the memo) is
    byte for byte the one drawn for that phone alone, ETag included."""
    game_id, ids = table
    table_phones = phones(app, game_id, ids)
    alone = {}
    for name, phone in table_phones.items():
        forget_pads(app)
        answer = live(phone, game_id)
        alone[name] = (answer.headers["ETag"], unmasked(answer))
    forget_pads(app)
    first_name = ids[first] if isinstance(first, int) else first
    order = [first_name] + [name for name in table_phones if name != first_name]
    for _round in range(2):  # the second round finds each stranger's frame kept
        for name in order:
            answer = live(table_phones[name], game_id)
            assert (answer.headers["ETag"], unmasked(answer)) == alone[name], name
    assert len({text for _etag, text in alone.values()}) == len(alone)  # all differ


def test_a_phone_never_gets_another_phones_city_or_the_owners_buttons(app, table):
    game_id, ids = table
    table_phones = phones(app, game_id, ids)
    for name, phone in table_phones.items():
        text = unmasked(live(phone, game_id))
        if name in ids:
            index = ids.index(name)
            assert your_city(text) == (f"/games/{game_id}/players/{name}",
                                       f"Your city: {LIVE_CITIES[index]['name']}")
        else:
            assert your_city(text) is None
        assert ("Hand over" in text) == (name == "owner")
        assert ("Players and wonders" in text) == (name == "owner")


def test_a_seat_in_another_language_gets_its_own_frame(app, table):
    game_id, ids = table
    table_phones = phones(app, game_id, ids)
    english = unmasked(live(table_phones[ids[1]], game_id))
    polish = unmasked(live(table_phones[ids[0]], game_id, **{"Accept-Language": "pl"}))
    again = unmasked(live(table_phones[ids[1]], game_id, **{"Accept-Language": "pl"}))
    assert 'lang="pl"' in polish and 'lang="pl"' in again and 'lang="en"' in english
    assert "Bob" in your_city(again)[1] and "Ada" in your_city(polish)[1]
    assert "Your city" in english and "Your city" not in polish


def test_a_hand_over_shows_at_once_though_the_revision_stays(app, there, table):
    game_id, ids = table
    table_phones = phones(app, game_id, ids)
    before = {name: live(phone, game_id) for name, phone in table_phones.items()}
    with app.app_context():
        revision = storage.game_stamp(game_id).revision
    new_owner = table_phones[ids[2]]
    give_owner(there, game_id, _device(new_owner))
    with app.app_context():
        assert storage.game_stamp(game_id).revision == revision
    old = live(table_phones["owner"], game_id, **{"If-None-Match": before["owner"].headers["ETag"]})
    assert old.status_code == 200 and "Hand over" not in unmasked(old)
    new = live(new_owner, game_id, **{"If-None-Match": before[ids[2]].headers["ETag"]})
    assert new.status_code == 200 and "Hand over" in unmasked(new)
    assert your_city(unmasked(new))[0].endswith(ids[2])
    stranger = live(table_phones["stranger"], game_id,
                    **{"If-None-Match": before["stranger"].headers["ETag"]})
    assert stranger.status_code == 304


def _device(phone) -> str:
    import secrets

    key = secrets.token_urlsafe(32)
    phone.set_cookie("device", key)
    return key


def test_an_ownerless_game_given_an_owner_stops_saying_it_has_none(app, there, table):
    """The strangers' frame is kept per revision, lock and whether the game has an owner: an
    owner given by ``flask hand-over`` (no new revision) changes what every phone reads."""
    game_id, ids = table
    stranger, seated = app.test_client(), app.test_client()
    assert seated.post(f"/games/{game_id}/join/{ids[0]}").status_code == 303
    for phone in (stranger, seated):
        assert "saved before games had owners" in unmasked(live(phone, game_id))
    with there.app_context():
        assert storage.set_owner(game_id, None, access.minted_owner()[1])
    for phone in (stranger, seated):
        text = unmasked(live(phone, game_id))
        assert "saved before games had owners" not in text and "Hand over" not in text


def test_a_lock_changes_every_phones_part(app, there, table):
    game_id, ids = table
    table_phones = phones(app, game_id, ids)
    for phone in table_phones.values():
        assert "Locked by its owner" not in unmasked(live(phone, game_id))
    with there.app_context():
        storage.set_locked(game_id, True)
    for name, phone in table_phones.items():
        text = unmasked(live(phone, game_id))
        assert "Locked by its owner" in text and "Edit the cities" not in text, name
        assert ("Unlock the cities" in text) == (name == "owner")


def test_a_save_between_the_stamp_and_the_load_is_answered_as_saved(app, table, monkeypatch):
    """The stamp says revision R, the game loaded is R+1: the answer is R+1's, under R+1's
    ETag, and nothing is kept under R's key."""
    game_id, ids = table
    phone = app.test_client()
    with app.app_context():
        old_stamp = storage.game_stamp(game_id)
        storage.modify_game(game_id, lambda d: {**d, "players": [
            d["players"][0], {**d["players"][1], "name": "Bobby"}, d["players"][2]]})
    monkeypatch.setattr(game_pages.storage, "game_stamp", lambda _game_id: old_stamp)
    answer = live(phone, game_id)
    assert "Bobby" in unmasked(answer)
    assert answer.headers["ETag"] == f'W/"r{old_stamp.revision + 1}-en--"'
    monkeypatch.undo()
    assert all(key[0] != old_stamp.revision for (_owner, key) in pad_cache.memo(app)._entries)


def test_the_phones_after_the_first_do_not_load_the_game(app, table, monkeypatch):
    game_id, ids = table
    table_phones = phones(app, game_id, ids)
    loads = []
    original = games_service.load
    monkeypatch.setattr(games_service, "load", lambda *args: loads.append(args) or original(*args))
    for phone in table_phones.values():
        assert live(phone, game_id).status_code == 200
    assert len(loads) == 1


def test_the_pad_page_holds_each_phones_live_part(app, table):
    """The pad page puts the phone's live part in the page as /live answers it (the same
    frames): its poll's first answer swaps in the same bytes."""
    game_id, ids = table
    table_phones = phones(app, game_id, ids)
    for name, phone in table_phones.items():
        page = unmasked(phone.get(f"/games/{game_id}"))
        part = unmasked(live(phone, game_id))
        assert part in page and page.count('class="live-pad"') == 1, name
        etag = live(phone, game_id).headers["ETag"].removeprefix("W/").strip('"')
        assert f'data-etag="{etag}"' in page, name
