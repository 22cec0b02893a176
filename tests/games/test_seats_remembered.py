"""The phone remembers which player it is in each game (scorer.games.seats): "This is me"
on the join page, a city saved from the phone, "Not me"; the join page, the score pad, its live
part and the game lists use it; nobody else sees it, and a forged or stale value is ignored."""

from __future__ import annotations

import re

import pytest
from itsdangerous import Signer

from scorer import create_app, storage
from scorer.games import seats as seats_remembered
from tests.web.test_web_setup import row, seats, setup_keys
from tests.web.test_web_table import city


@pytest.fixture
def game_id(client):
    answer = client.post("/games/new", data=seats(row("Ada", "alexandria", "A"), row("Bob", "gizah", "A"),
                                                   row("Cy", "rhodes", "A")))
    assert answer.status_code == 302
    return answer.headers["Location"].split("/")[2]


@pytest.fixture
def ids(app, game_id):
    with app.app_context():
        return [p["id"] for p in storage.load_game(game_id).document["players"]]


@pytest.fixture
def second(app):
    return app.test_client()


def page(client, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200, path
    return answer.get_data(as_text=True).replace("&#39;", "'")


def choose(client, game_id: str, player_id: str):
    return client.post(f"/games/{game_id}/join/{player_id}")


def save(client, game_id: str, player_id: str, cards=()):
    html = page(client, f"/games/{game_id}/players/{player_id}?other=1")  # past "not yours"
    version = re.search(r'name="version" type="hidden" value="([^"]*)"', html).group(1)
    answer = client.post(f"/games/{game_id}/players/{player_id}", data={**city(cards), "version": version})
    assert answer.status_code == 302, answer.get_data(as_text=True)[:300]


def your_city(client, game_id: str) -> str | None:
    """The name on the pad's "Your city" button, checked against the live part too."""
    pad = page(client, f"/games/{game_id}")
    live = page(client, f"/games/{game_id}/live")
    found = re.search(r"Your city: ([^<]+)</a>", pad)
    assert (found is None) == ("Your city:" not in live)
    return found.group(1) if found else None


def signed(app, value: str) -> str:
    return Signer(app.secret_key, salt="scorer.seats").sign(value.encode()).decode()


def test_this_is_me_remembers_the_player_and_opens_their_city(app, client, game_id, ids):
    answer = choose(client, game_id, ids[1])
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/games/{game_id}/players/{ids[1]}"
    cookie = client.get_cookie("seats")
    assert cookie.http_only and cookie.same_site == "Lax" and not cookie.secure
    assert cookie.max_age and cookie.max_age > 300 * 24 * 3600

    assert your_city(client, game_id) == "Bob"
    assert f'href="/games/{game_id}/players/{ids[1]}">Your city: Bob' in page(client, f"/games/{game_id}")
    join = page(client, f"/games/{game_id}/join")
    assert "You are Bob on this phone." in join and "Not me" in join
    assert join.index("Your city: Bob") < join.index("This is me: Ada")
    assert "This is me: Bob" not in join  # shown once, first
    assert "You: Bob" in page(client, "/games") and "You: Bob" in page(client, "/")


def test_a_second_browser_sees_nothing(app, client, second, game_id, ids):
    choose(client, game_id, ids[0])
    assert your_city(second, game_id) is None
    join = page(second, f"/games/{game_id}/join")
    assert "Which player are you?" in join and "You are" not in join
    for name in ("Ada", "Bob", "Cy"):
        assert f"This is me: {name}" in join


def test_the_choice_survives_a_restart(app, client, game_id, ids):
    choose(client, game_id, ids[2])
    restarted = create_app(dict(app.config)).test_client()  # same secret key and database
    restarted.set_cookie("seats", client.get_cookie("seats").value)
    assert your_city(restarted, game_id) == "Cy"


def test_secure_cookies_carry_secure(app, client, game_id, ids):
    app.config["SESSION_COOKIE_SECURE"] = True
    header = choose(client, game_id, ids[0]).headers.getlist("Set-Cookie")
    seat_cookie = next(value for value in header if value.startswith("seats="))
    assert "Secure" in seat_cookie and "HttpOnly" in seat_cookie and "SameSite=Lax" in seat_cookie


@pytest.mark.parametrize("value", [
    "{game}={player}",                       # not signed
    "{game}={player}.forged",                # a wrong signature
    "{game}={player}.AAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "",
    "\u00e9\u00e9\u00e9",
])
def test_forged_cookies_are_ignored(app, second, game_id, ids, value):
    second.set_cookie("seats", value.format(game=game_id, player=ids[0]))
    assert your_city(second, game_id) is None
    assert "Which player are you?" in page(second, f"/games/{game_id}/join")
    assert "You:" not in page(second, "/games")


@pytest.mark.parametrize("value", ["{game}=", "{game}=1abc", "{game}!{player}", "={player}",
                                   "{game}={player}={player}", "..{game}", "x" * 3000])
def test_malformed_signed_values_are_ignored_not_a_500(app, second, game_id, ids, value):
    second.set_cookie("seats", signed(app, value.format(game=game_id, player=ids[0])))
    assert your_city(second, game_id) is None
    page(second, f"/games/{game_id}/join")


def test_other_entries_of_a_malformed_cookie_still_count(app, second, game_id, ids):
    second.set_cookie("seats", signed(app, f"bad!entry.{game_id}={ids[1]}"))
    assert your_city(second, game_id) == "Bob"


def test_not_me_forgets_and_stops_guessing_from_saves(app, client, game_id, ids):
    choose(client, game_id, ids[1])
    answer = client.post(f"/games/{game_id}/not-me")
    assert answer.status_code == 303 and answer.headers["Location"] == f"/games/{game_id}/join"
    assert your_city(client, game_id) is None
    assert "Which player are you?" in page(client, f"/games/{game_id}/join")
    save(client, game_id, ids[0], ["altar"])
    assert your_city(client, game_id) is None


def test_a_removed_player_is_ignored(app, client, game_id, ids):
    choose(client, game_id, ids[2])
    keys, version = setup_keys(page(client, f"/games/{game_id}/setup"))
    answer = client.post(f"/games/{game_id}/setup", data=seats(
        row("Ada", "alexandria", "A", key=keys[0]), row("Bob", "gizah", "A", key=keys[1]),
        row("Dee", "rhodes", "A"), version=version))
    assert answer.status_code == 302
    assert your_city(client, game_id) is None
    join = page(client, f"/games/{game_id}/join")
    assert "Which player are you?" in join and "This is me: Dee" in join
    assert "You:" not in page(client, "/games")
    gone = choose(client, game_id, ids[2])  # a join page opened before the change
    assert gone.status_code == 303 and gone.headers["Location"] == f"/games/{game_id}/join"
    assert "no longer in the game" in page(client, f"/games/{game_id}/join")


def test_a_renamed_player_is_still_this_phone(app, client, game_id, ids):
    choose(client, game_id, ids[0])
    keys, version = setup_keys(page(client, f"/games/{game_id}/setup"))
    client.post(f"/games/{game_id}/setup", data=seats(
        row("Bob", "gizah", "A", key=keys[1]), row("Adaline", "alexandria", "A", key=keys[0]),
        row("Cy", "rhodes", "A", key=keys[2]), version=version))
    assert your_city(client, game_id) == "Adaline"


def test_saving_one_city_guesses_the_seat_and_a_second_city_drops_the_guess(app, client, second,
                                                                           game_id, ids):
    save(second, game_id, ids[2], ["altar"])
    assert your_city(second, game_id) == "Cy"
    save(second, game_id, ids[2], ["altar", "baths"])  # the same city again
    assert your_city(second, game_id) == "Cy"
    save(second, game_id, ids[0], ["loom"])  # this phone enters the table's cities
    assert your_city(second, game_id) is None
    save(second, game_id, ids[1], ["loom"])
    assert your_city(second, game_id) is None
    choose(second, game_id, ids[1])  # an explicit choice still counts
    assert your_city(second, game_id) == "Bob"


def test_saves_never_override_a_choice(app, client, game_id, ids):
    choose(client, game_id, ids[0])
    save(client, game_id, ids[1], ["altar"])
    save(client, game_id, ids[2], ["baths"])
    assert your_city(client, game_id) == "Ada"
    choose(client, game_id, ids[2])  # choosing someone else replaces it
    assert your_city(client, game_id) == "Cy"


def test_the_free_city_is_nobodys_phone(app, client):
    answer = client.post("/games/new", data=seats(row("Ada", "alexandria", "A"), row("Bob", "gizah", "A"),
                                                   row("Free City", "rhodes", "A", free_city="1"), count="2"))
    game_id = answer.headers["Location"].split("/")[2]
    with app.app_context():
        free = storage.load_game(game_id).document["players"][2]["id"]
    assert choose(client, game_id, free).headers["Location"] == f"/games/{game_id}/players/{free}"
    save(client, game_id, free, ["altar"])
    assert your_city(client, game_id) is None


def test_live_part_validator_differs_per_browser(app, client, second, game_id, ids):
    choose(client, game_id, ids[0])
    mine = client.get(f"/games/{game_id}/live").headers["ETag"]
    theirs = second.get(f"/games/{game_id}/live").headers["ETag"]
    assert mine != theirs
    assert client.get(f"/games/{game_id}/live", headers={"If-None-Match": mine}).status_code == 304
    assert second.get(f"/games/{game_id}/live", headers={"If-None-Match": mine}).status_code == 200


def test_the_cookie_stays_bounded(app, client, game_id, ids):
    long_ids = [f"{index:0>64}" for index in range(40)]  # the longest ids: about 3,900 characters
    client.set_cookie("seats", signed(app, ".".join(f"{game}={'p' * 32}" for game in long_ids)))
    choose(client, game_id, ids[1])
    cookie = client.get_cookie("seats").value
    assert len(cookie) < 3200  # far below the 4 KB browsers keep
    value = Signer(app.secret_key, salt="scorer.seats").unsign(cookie).decode()
    entries = value.split(".")
    assert entries[0] == f"{game_id}={ids[1]}"
    assert 1 < len(entries) <= seats_remembered.SIZE
    assert entries[1] == f"{long_ids[0]}={'p' * 32}"  # the most recent kept, the oldest dropped
    assert your_city(client, game_id) == "Bob"


def test_fifty_games_are_kept_and_the_oldest_dropped(app):
    with app.test_request_context():
        for number in range(seats_remembered.SIZE + 5):
            seats_remembered.choose(f"game{number}", {"id": "ada", "name": "Ada"})
        kept = [seat.game for seat in seats_remembered.decode(seats_remembered.encode(
            seats_remembered._all()))]
    assert len(kept) == seats_remembered.SIZE
    assert kept[0] == f"game{seats_remembered.SIZE + 4}" and "game4" not in kept and "game5" in kept


def test_an_expired_form_shows_the_join_page_again_and_remembers_nothing(app, tmp_path, game_id, ids):
    strict = create_app({**app.config, "WTF_CSRF_ENABLED": True})
    phone = strict.test_client()
    answer = phone.post(f"/games/{game_id}/join/{ids[0]}", data={"csrf_token": "stale"})
    assert answer.status_code == 400
    assert "This is me: Ada" in answer.get_data(as_text=True)
    assert phone.get_cookie("seats") is None
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"',
                      answer.get_data(as_text=True)).group(1)
    again = phone.post(f"/games/{game_id}/join/{ids[0]}", data={"csrf_token": token})
    assert again.status_code == 303
    assert your_city(phone, game_id) == "Ada"
