"""New game and set-up pages: counts, reordering, random dealing, validation beside fields."""

from __future__ import annotations

import re

from scorer import storage
from tests.helpers import own


def seats(*rows, count=None, action="save", title="", version=""):
    data = {"title": title, "count": count or str(len(rows)), "action": action, "version": version}
    for index, row in enumerate(rows):
        for key, value in row.items():
            data[f"seats-{index}-{key}"] = value
    return data


def setup_keys(html: str) -> tuple[list[str], str]:
    """The seats' keys (player ids) and the set-up's version, as the page's form carries them."""
    keys = re.findall(r'name="seats-\d+-key" type="hidden" value="([^"]*)"', html)
    version = re.search(r'name="version" type="hidden" value="([^"]*)"', html).group(1)
    return keys, version


def row(name, wonder="random", side="random", **extra):
    return {"name": name, "wonder": wonder, "side": side, **extra}


def saved_games(app):
    with app.app_context():
        return storage.list_games()


def test_new_game_page_has_four_seats_by_default(client):
    page = client.get("/games/new")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert html.count('name="seats-') >= 4 * 3
    assert 'name="seats-3-name"' in html and 'name="seats-4-name"' not in html


def test_free_city_variant_has_two_players_and_the_free_city(client):
    html = client.get("/games/new?count=2").get_data(as_text=True)
    assert 'name="seats-2-name"' in html and 'name="seats-3-name"' not in html
    assert re.search(r'name="seats-2-free_city"[^>]*value="1"', html)


def test_bad_count_falls_back_to_the_default(client):
    html = client.get("/games/new?count=99").get_data(as_text=True)
    assert 'name="seats-3-name"' in html and 'name="seats-4-name"' not in html


def test_create_deals_random_wonders_and_redirects_to_the_first_city(app, client):
    answer = client.post("/games/new", data=seats(row("Ada"), row("Bob", "gizah", "B"), row("Cy")))
    assert answer.status_code == 302
    game = saved_games(app)[0]
    assert answer.headers["Location"] == f"/games/{game.id}/invite"  # the table is invited first
    players = game.document["players"]
    assert [p["name"] for p in players] == ["Ada", "Bob", "Cy"]
    assert players[1]["wonder"] == "gizah" and players[1]["side"] == "B"
    assert len({p["wonder"] for p in players}) == 3
    assert all(p["side"] in ("A", "B") for p in players)
    assert players[0]["cards"] == [] and players[0]["coins"] == 0


def test_free_city_is_stored_as_such(app, client):
    data = seats(row("Ada"), row("Bob"), row("Free City", free_city="1"), count="2")
    assert client.post("/games/new", data=data).status_code == 302
    players = saved_games(app)[0].document["players"]
    assert [p.get("free_city", False) for p in players] == [False, False, True]


def test_validation_problems_show_next_to_their_fields_and_keep_the_input(app, client):
    data = seats(row("Ada", "gizah"), row("Ada", "gizah"), row(""), title="Kept title")
    answer = client.post("/games/new", data=data)
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert "Two players are called &#39;Ada&#39;" in html or "Two players are called 'Ada'" in html
    assert "is already played by Ada" in html
    assert "Every player needs a name." in html
    assert 'value="Kept title"' in html
    seat_two = html[html.index('name="seats-1-name"'):html.index('name="seats-2-name"')]
    assert "Two players are called" in seat_two and "already played" in seat_two
    assert saved_games(app) == []


def test_unknown_wonder_and_too_long_name_are_refused(app, client):
    answer = client.post("/games/new", data=seats(row("x" * 41), row("Bob", "atlantis"), row("Cy")))
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert "Not a valid choice" in html
    assert "40" in html
    assert saved_games(app) == []


def test_move_buttons_reorder_without_saving(app, client):
    answer = client.post("/games/new", data=seats(row("Ada"), row("Bob"), row("Cy"), action="down-0"))
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert html.index('value="Bob"') < html.index('value="Ada"') < html.index('value="Cy"')
    assert saved_games(app) == []


def test_changing_the_count_keeps_typed_names(client):
    data = seats(row("Ada"), row("Bob"), row("Cy"), action="count", count="5")
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert 'value="Ada"' in html and 'value="Cy"' in html
    assert 'name="seats-4-name"' in html and 'name="seats-5-name"' not in html


def test_edit_setup_moves_each_city_with_its_player(app, client):
    with app.app_context():
        game_id = storage.create_game({"edition": "first", "players": [
            {"name": "Ada", "wonder": "gizah", "side": "A", "cards": ["altar"], "coins": 4},
            {"name": "Bob", "wonder": "rhodes", "side": "A", "cards": [], "coins": 1},
            {"name": "Cy", "wonder": "babylon", "side": "B", "cards": [], "coins": 2},
        ]})
    own(app, client, game_id)
    page = client.get(f"/games/{game_id}/setup")
    assert page.status_code == 200 and 'value="Ada"' in page.get_data(as_text=True)
    keys, version = setup_keys(page.get_data(as_text=True))
    data = seats(row("Bob", "rhodes", "A", key=keys[1]), row("Ada", "gizah", "A", key=keys[0]),
                 row("Cy", "babylon", "B", key=keys[2]), title="Renamed", version=version)
    answer = client.post(f"/games/{game_id}/setup", data=data)
    assert answer.status_code == 302
    with app.app_context():
        saved = storage.load_game(game_id)
    assert saved.title == "Renamed"
    assert [p["name"] for p in saved.document["players"]] == ["Bob", "Ada", "Cy"]
    assert saved.document["players"][1]["cards"] == ["altar"]
    assert saved.document["players"][1]["coins"] == 4


def test_setup_of_unknown_game_is_404(client):
    assert client.get("/games/nope/setup").status_code == 404
    assert client.post("/games/nope/setup", data={}).status_code == 404


def test_missing_fields_and_too_many_seats_are_refused_not_trimmed(app, client):
    from scorer.web.editions import most_players

    data = seats(*[row(f"N{n}") for n in range(most_players() + 1)], count="7")
    answer = client.post("/games/new", data=data)
    assert answer.status_code == 422
    assert f"A game has at most {most_players()} players" in answer.get_data(as_text=True)
    answer = client.post("/games/new", data={"action": "save", "count": "abc",
                                             "seats-0-name": "A", "seats-1-name": "B",
                                             "seats-2-name": "C"})
    assert answer.status_code == 422
    assert "Players: Not a valid choice." in answer.get_data(as_text=True)
    assert saved_games(app) == []


def test_leaving_out_an_entered_city_asks_first_and_saves_nothing(app, client):
    from scorer.games import service as games_service

    with app.app_context():
        game_id = games_service.create_game({"edition": "first", "players": [
            {"name": "Ada", "wonder": "gizah", "side": "A", "cards": ["altar"], "coins": 4},
            {"name": "Bob", "wonder": "rhodes", "side": "A", "entered": False},
            {"name": "Cy", "wonder": "babylon", "side": "B", "coins": 2},
            {"name": "Dan", "wonder": "olympia", "side": "A", "cards": ["baths"], "coins": 3},
        ]})
    own(app, client, game_id)
    keys, version = setup_keys(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    before = saved_games(app)[0].document
    three = [row("Ada", "gizah", "A", key=keys[0]), row("Bob", "rhodes", "A", key=keys[1]),
             row("Cy", "babylon", "B", key=keys[2])]

    answer = client.post(f"/games/{game_id}/setup", data=seats(*three, version=version))
    html = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert "Saving would remove Dan, whose city is already entered" in html
    assert 'value="save-removing-cities"' in html and f'href="/games/{game_id}/setup"' in html
    assert saved_games(app)[0].document == before  # nothing saved

    # a player whose city is not entered yet goes without asking
    without_bob = [three[0], three[2], row("Dan", "olympia", "A", key=keys[3])]
    answer = client.post(f"/games/{game_id}/setup", data=seats(*without_bob, version=version))
    assert answer.status_code == 302
    keys, version = setup_keys(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    assert len(keys) == 3

    # confirmed: Dan and his city go
    confirmed = seats(row("Ada", "gizah", "A", key=keys[0]), row("Cy", "babylon", "B", key=keys[1]),
                      row("Eve", "ephesos", "A", key=""), action="save-removing-cities", version=version)
    assert client.post(f"/games/{game_id}/setup", data=confirmed).status_code == 302
    players = saved_games(app)[0].document["players"]
    assert [p["name"] for p in players] == ["Ada", "Cy", "Eve"]
    assert players[0]["cards"] == ["altar"] and players[1]["coins"] == 2
