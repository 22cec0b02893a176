"""Parallel entry on the pages: stable player ids, old seat URLs, and out-of-date forms shown back
instead of saved (the city page and the set-up page)."""

from __future__ import annotations

import re

import pytest

from scorer import storage
from scorer.documents import player_ids
from scorer.documents import upgrades as saved_documents
from scorer.games import service as games_service
from tests.helpers import city_path, city_version, game, player, post_city
from tests.web.test_web_setup import row, seats, setup_keys


def city(cards=(), stages="0", coins="0", action="pad", **tokens):
    data = {"cards": list(cards), "stages": stages, "coins": coins, "action": action,
            "victory_1": "0", "victory_3": "0", "victory_5": "0", "defeat": "0"}
    data.update({key: str(value) for key, value in tokens.items()})
    return data


@pytest.fixture
def game_id(app, client):
    """A game made on the new-game page, as a table makes it."""
    answer = client.post("/games/new", data=seats(row("Ada", "alexandria", "A"), row("Bob", "gizah", "A"),
                                                   row("Cy", "rhodes", "A")))
    assert answer.status_code == 302
    return answer.headers["Location"].split("/")[2]


def stored(app, game_id):
    with app.app_context():
        return storage.load_game(game_id).document


def test_new_game_gives_every_player_a_short_random_id(app, game_id):
    players = stored(app, game_id)["players"]
    ids = [p["id"] for p in players]
    assert len(set(ids)) == 3
    assert all(re.fullmatch(r"[a-z][a-z0-9]{5}", pid) for pid in ids)
    assert not any(p.get("entered") for p in players)


def test_city_urls_and_player_tabs_use_ids(app, client, game_id):
    ids = [p["id"] for p in stored(app, game_id)["players"]]
    html = client.get(f"/games/{game_id}/players/{ids[1]}").get_data(as_text=True)
    assert "Bob's city" in html.replace("&#39;", "'")
    for pid in ids:
        assert f'value="goto-{pid}"' in html
    pad = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert all(f'href="/games/{game_id}/players/{pid}"' in pad for pid in ids)


def test_old_seat_urls_redirect_to_whoever_sits_there(app, client, game_id):
    ids = [p["id"] for p in stored(app, game_id)["players"]]
    answer = client.get(f"/games/{game_id}/players/2")
    assert answer.status_code == 302 and answer.headers["Location"] == f"/games/{game_id}/players/{ids[2]}"


def test_a_form_posted_to_an_old_seat_url_is_shown_back_not_saved(app, client, game_id):
    answer = client.post(f"/games/{game_id}/players/0", data=city(["altar"]), follow_redirects=True)
    assert answer.status_code == 409
    assert "Changed on another phone" in answer.get_data(as_text=True)
    assert stored(app, game_id)["players"][0]["cards"] == []


def test_reordering_renaming_and_changing_a_wonder_never_moves_a_city(app, client, game_id):
    ada = city_path(app, game_id, 0)
    version = city_version(app, game_id, 0)  # Ada's page is opened ...
    keys, setup_version = setup_keys(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    answer = client.post(f"/games/{game_id}/setup", data=seats(  # ... the seats are turned around ...
        row("Cy", "rhodes", "A", key=keys[2]), row("Bob", "gizah", "B", key=keys[1]),
        row("Adeline", "babylon", "A", key=keys[0]), version=setup_version))
    assert answer.status_code == 302
    # ... and her page, opened before, still saves into her city
    answer = client.post(ada, data={**city(["altar"], coins="3"), "version": version})
    assert answer.status_code == 302
    players = stored(app, game_id)["players"]
    assert [p["name"] for p in players] == ["Cy", "Bob", "Adeline"]
    assert players[2]["cards"] == ["altar"] and players[2]["coins"] == 3 and players[2]["id"] == keys[0]
    assert players[0]["cards"] == [] and players[1]["cards"] == []
    assert players[2]["wonder"] == "babylon"


def test_a_save_changes_that_city_only(app, client, game_id):
    """Both pages opened first, then saved in turn: neither city is lost."""
    version_0, version_1 = city_version(app, game_id, 0), city_version(app, game_id, 1)
    client.post(city_path(app, game_id, 0), data={**city(["altar"]), "version": version_0})
    client.post(city_path(app, game_id, 1), data={**city(["baths"]), "version": version_1})
    players = stored(app, game_id)["players"]
    assert players[0]["cards"] == ["altar"] and players[1]["cards"] == ["baths"]
    assert players[0]["entered"] is True and players[1]["entered"] is True
    assert not players[2].get("entered")


def test_same_city_saved_elsewhere_shows_both_versions_and_keeps_what_was_typed(app, client, game_id):
    opened = city_version(app, game_id, 0)
    path = city_path(app, game_id, 0)
    saved = client.post(path, data={**city(["altar", "baths"], coins="5"), "version": opened})
    assert saved.status_code == 302
    answer = client.post(path, data={**city(["loom"], coins="9", action="next"), "version": opened})
    assert answer.status_code == 409
    html = answer.get_data(as_text=True)
    assert "Changed on another phone" in html
    compare = html[html.index('class="compare"'):html.index("</table>")]
    assert re.search(r"Coins.*?</th><td>9</td><td>5</td>", compare, re.S)
    assert "Loom" in compare and "Altar, Baths" in compare
    assert re.search(r'id="coins"[^>]*value="9"', html)  # what was typed is still in the form
    assert re.search(r'value="loom"[^>]*checked', html)
    assert stored(app, game_id)["players"][0]["cards"] == ["altar", "baths"]  # nothing applied
    # "Keep mine" sends the form again, now carrying the version stored meanwhile
    current = re.search(r'name="version" type="hidden" value="([^"]+)"', html).group(1)
    assert current == city_version(app, game_id, 0) != opened
    assert re.search(r'<button type="submit" name="action" value="next"[^>]*>Keep mine', html)
    assert f'href="{path}">Take the saved one' in html
    kept = client.post(path, data={**city(["loom"], coins="9", action="next"), "version": current})
    assert kept.status_code == 302 and kept.headers["Location"] == city_path(app, game_id, 1)
    assert stored(app, game_id)["players"][0]["cards"] == ["loom"]


def test_invalid_against_the_game_as_it_is_now_is_refused(app, client, game_id):
    """Bob's page was opened while the only Lumber Yard was free; Cy took it meanwhile."""
    bob_version = city_version(app, game_id, 1)
    post_city(client, app, game_id, 2, city(["lumber-yard"]))
    answer = client.post(city_path(app, game_id, 1), data={**city(["lumber-yard"]), "version": bob_version})
    assert answer.status_code == 422
    assert "The decks for 3 players hold 1 × Lumber Yard" in answer.get_data(as_text=True)
    assert stored(app, game_id)["players"][1]["cards"] == []


def test_saving_a_player_who_was_removed_saves_nothing(app, client, game_id):
    version, path = city_version(app, game_id, 2), city_path(app, game_id, 2)
    keys, setup_version = setup_keys(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    client.post(f"/games/{game_id}/setup", data=seats(
        row("Ada", "alexandria", "A", key=keys[0]), row("Bob", "gizah", "A", key=keys[1]),
        row("Free City", "babylon", "A", free_city="1"), count="2", version=setup_version))
    answer = client.post(path, data={**city(["altar"]), "version": version})
    assert answer.status_code == 409
    assert "no longer in the game" in answer.get_data(as_text=True)


def test_stale_set_up_shows_both_versions_and_keeps_what_was_typed(app, client, game_id):
    keys, opened = setup_keys(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    first = seats(row("Ann", "alexandria", "A", key=keys[0]), row("Bob", "gizah", "A", key=keys[1]),
                  row("Cy", "rhodes", "A", key=keys[2]), version=opened)
    assert client.post(f"/games/{game_id}/setup", data=first).status_code == 302
    mine = seats(row("Ada", "alexandria", "A", key=keys[0]), row("Cy", "rhodes", "A", key=keys[2]),
                 row("Bob", "gizah", "B", key=keys[1]), version=opened)
    answer = client.post(f"/games/{game_id}/setup", data=mine)
    assert answer.status_code == 409
    html = answer.get_data(as_text=True)
    assert "Someone saved the set-up elsewhere" in html
    compare = html[html.index('class="compare"'):html.index("</table>")]
    assert "Ann" in compare and "Ada" in compare
    assert 'value="Ada"' in html  # the typed names are still in the form
    assert [p["name"] for p in stored(app, game_id)["players"]] == ["Ann", "Bob", "Cy"]
    current = re.search(r'name="version" type="hidden" value="([^"]+)"', html).group(1)
    assert client.post(f"/games/{game_id}/setup", data={**mine, "version": current}).status_code == 302
    assert [p["name"] for p in stored(app, game_id)["players"]] == ["Ada", "Cy", "Bob"]


def test_a_city_save_does_not_make_the_set_up_stale(app, client, game_id):
    keys, opened = setup_keys(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    post_city(client, app, game_id, 1, city(["baths"]))
    answer = client.post(f"/games/{game_id}/setup", data=seats(
        row("Ada", "alexandria", "A", key=keys[0]), row("Bob", "gizah", "A", key=keys[1]),
        row("Cy", "rhodes", "B", key=keys[2]), version=opened))
    assert answer.status_code == 302
    players = stored(app, game_id)["players"]
    assert players[1]["cards"] == ["baths"] and players[2]["side"] == "B"


def test_moving_seats_keeps_the_set_up_version_and_the_page(app, client, game_id):
    keys, opened = setup_keys(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    html = client.post(f"/games/{game_id}/setup", data=seats(
        row("Ada", "alexandria", "A", key=keys[0]), row("Bob", "gizah", "A", key=keys[1]),
        row("Cy", "rhodes", "A", key=keys[2]), action="down-0", version=opened)).get_data(as_text=True)
    assert setup_keys(html) == ([keys[1], keys[0], keys[2]], opened)
    assert "Set up the table" in html


def test_games_saved_before_ids_get_them_on_first_read_for_good(app):
    old = game(player("Ada", "alexandria", cards=["altar"]), player("Bob", "gizah"),
               player("Cy", "rhodes", coins=3))
    upgraded = saved_documents.upgrade(old, 1)
    assert "id" not in old["players"][0]
    assert [p.get("entered") for p in upgraded["players"]] == [True, True, True]
    assert saved_documents.upgrade(old, 1) == upgraded  # the same ids every time
    ids = [p["id"] for p in upgraded["players"]]
    assert len(set(ids)) == 3 and not any(pid.isdigit() for pid in ids)
    with app.app_context():
        game_id = storage.create_game(old)
        from sqlalchemy import update

        from scorer.storage.schema import game as game_table
        with storage.get_engine().begin() as connection:
            connection.execute(update(game_table).where(game_table.c.public_id == game_id)
                               .values(format_version=1))
        assert storage.load_game(game_id).document == upgraded
        assert games_service.load(game_id).document == upgraded


def test_player_ids_never_look_like_seat_numbers():
    taken = set()
    for _ in range(200):
        pid = player_ids.new_player_id(taken)
        assert pid[0].isalpha() and pid not in taken
        taken.add(pid)


def test_entered_is_a_flag_of_saved_games_that_scoring_ignores():
    from tests.helpers import problems_of, report

    document = game(player("Ada", "alexandria", cards=["altar"]), player("Bob", "gizah"),
                    player("Cy", "rhodes"))
    flagged = {**document, "players": [{**document["players"][0], "id": "pa1", "entered": True},
                                       *document["players"][1:]]}
    assert problems_of(flagged) == []
    assert report(flagged) == report(document)
    flagged["players"][0]["entered"] = "yes"
    assert problems_of(flagged) == [("players[0].entered", "invalid")]


def test_pad_waits_for_cities_not_entered_and_stars_no_winner(app, client, game_id):
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Waiting for 3 cities: Ada, Bob, Cy." in html
    assert "wins with" not in html and 'class="star"' not in html
    assert html.count('<small class="waiting">') == 3
    post_city(client, app, game_id, 0, city(["altar", "baths"]))
    post_city(client, app, game_id, 1, city(["lumber-yard"]))
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Waiting for 1 city: Cy." in html
    assert "✓ 2</span><span class=\"visually-hidden\">entered, 2 buildings" in html
    assert "entered, 1 building<" in html
    asked = post_city(client, app, game_id, 2, city())  # nothing in it: Done asks first
    assert asked.status_code == 200 and "Save an empty city?" in asked.get_data(as_text=True)
    assert "Waiting for 1 city: Cy." in client.get(f"/games/{game_id}").get_data(as_text=True)
    post_city(client, app, game_id, 2, city(empty_ok="1"))  # "Save it empty"
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Waiting" not in html and "Ada wins with" in html and 'class="star"' in html


def test_pad_polls_its_live_part_without_inline_script(client, game_id):
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'data-live-url="/games/{game_id}/live"' in html
    assert re.search(r'<script src="/static/live.js\?v=[0-9a-f]{10}" defer></script>', html)
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)  # no inline script
    with client.get("/static/live.js") as script:
        assert script.status_code == 200


def test_live_part_answers_304_until_a_save_changes_it(app, client, game_id):
    first = client.get(f"/games/{game_id}/live")
    assert first.status_code == 200 and "Waiting for 3 cities" in first.get_data(as_text=True)
    assert "<html" not in first.get_data(as_text=True)
    etag = first.headers["ETag"]
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'data-etag="{etag.removeprefix("W/").strip(chr(34))}"' in html
    assert client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag}).status_code == 304
    post_city(client, app, game_id, 0, city(["altar"]))
    changed = client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "Waiting for 2 cities: Bob, Cy." in changed.get_data(as_text=True)
    client.get("/language/nl")
    dutch = client.get(f"/games/{game_id}/live", headers={"If-None-Match": changed.headers["ETag"]})
    assert dutch.status_code == 200  # another language is another representation
    assert client.get("/games/nope/live").status_code == 404


def test_live_part_of_a_game_that_no_longer_validates_is_not_swapped_in(app, client):
    with app.app_context():
        game_id = storage.create_game(game(player("Ada", "atlantis"), player("Bob", "gizah"),
                                           player("Cy", "rhodes")))
    assert client.get(f"/games/{game_id}/live").status_code == 409
    assert "Unknown wonder" in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_the_free_city_is_entered_too(app, client):
    answer = client.post("/games/new", data=seats(row("Ada", "alexandria", "A"), row("Bob", "gizah", "A"),
                                                   row("Free City", "rhodes", "A", free_city="1"), count="2"))
    game_id = answer.headers["Location"].split("/")[2]
    pad = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Waiting for 3 cities: Ada, Bob, Free City." in pad
    join = client.get(f"/games/{game_id}/join").get_data(as_text=True)
    assert "This is me: Ada" in join and "Enter the Free City" in join and "This is me: Free City" not in join
