"""Changing a saved game's edition and expansions on its set-up page: allowed while it drops
nothing, saved only if every entered city fits the new rules, stale forms shown back."""

from __future__ import annotations

import html as markup
import re

from scorer import storage
from scorer.games import service as games_service
from tests.helpers import own
from tests.leaders.test_leaders_pages import leaders_game
from tests.web.test_web_setup import setup_keys


def city(name, wonder, side, entered=False, **extra) -> dict:
    player = {"name": name, "wonder": wonder, "side": side, "stages": 0, "cards": [], "coins": 3,
              "tokens": {}, **extra}
    if entered:
        player["entered"] = True
    return player


def first_game(*, entered: bool = False, cards=()) -> dict:
    return {"players": [city("Ada", "gizah", "A", entered, cards=list(cards)),
                        city("Bob", "rhodes", "B"), city("Cy", "babylon", "A")]}


def saved_game(app, client, document) -> str:
    with app.app_context():
        game_id = games_service.create_game(document)
    own(app, client, game_id)
    return game_id


def stored(app, game_id):
    with app.app_context():
        return storage.load_game(game_id)


def opened(client, game_id) -> tuple[list[str], str]:
    page = client.get(f"/games/{game_id}/setup")
    assert page.status_code == 200
    return setup_keys(page.get_data(as_text=True))


def posted(keys, version, rows, *, action="save", edition=None, expansions=(), title=""):
    """The set-up form as the page sends it: ``rows`` of (name, wonder, side), one per key."""
    data = {"title": title, "count": str(len(rows)), "action": action, "version": version}
    if edition is not None:
        data["edition"] = edition
    if expansions:
        data["expansions"] = list(expansions)
    for index, (key, (name, wonder, side)) in enumerate(zip(keys, rows, strict=True)):
        data.update({f"seats-{index}-key": key, f"seats-{index}-name": name,
                     f"seats-{index}-wonder": wonder, f"seats-{index}-side": side})
    return data


def text(answer) -> str:
    return markup.unescape(" ".join(answer.get_data(as_text=True).split()))


def seat_html(page: str, index: int) -> str:
    start = page.index(f'id="seat-{index}"')
    end = page.find(f'id="seat-{index + 1}"')
    return page[start:end if end != -1 else None]


TABLE = (("Ada", "gizah", "A"), ("Bob", "rhodes", "B"), ("Cy", "babylon", "A"))
SECOND = (("Ada", "gizah", "night"), ("Bob", "rhodes", "day"), ("Cy", "babylon", "day"))


# --- before any city is entered ---------------------------------------------------------------


def test_the_set_up_offers_the_edition_and_the_leaders_switch(app, client):
    game_id = saved_game(app, client, first_game())
    page = client.get(f"/games/{game_id}/setup").get_data(as_text=True)
    assert re.search(r'<select[^>]*name="edition"', page)
    assert re.search(r'name="expansions" id="expansions-\d" value="leaders"', page)


def test_switching_the_edition_keeps_seats_and_marks_what_it_lacks(app, client):
    game_id = saved_game(app, client, first_game())
    keys, version = opened(client, game_id)
    answer = client.post(f"/games/{game_id}/setup",
                         data=posted(keys, version, TABLE, action="count", edition="second"))
    assert answer.status_code == 200
    page = text(answer)
    # names and ids kept; side A is not replaced by "Random" but shown, marked, with a message
    assert setup_keys(answer.get_data(as_text=True))[0] == keys
    assert re.search(r'name="seats-0-name"[^>]*value="Ada"', page)
    seat = seat_html(page, 0)
    assert re.search(r'<option selected value="A">A \(not in Second edition \(2020\)\)</option>', seat)
    assert "Side A is not a side of Second edition (2020): choose Day, Night or Random." in seat
    assert re.search(r'<option selected value="gizah">', seat)
    document = stored(app, game_id).document  # switching saves nothing
    assert "edition" not in document and document["players"][0]["side"] == "A"


def test_saving_a_side_the_new_edition_lacks_is_refused_not_replaced(app, client):
    game_id = saved_game(app, client, first_game())
    keys, version = opened(client, game_id)
    before = stored(app, game_id).document
    answer = client.post(f"/games/{game_id}/setup",
                         data=posted(keys, version, TABLE, edition="second"))
    assert answer.status_code == 422
    assert "Unknown side" in seat_html(text(answer), 0)
    assert stored(app, game_id).document == before


def test_changing_the_edition_before_any_city_is_entered(app, client):
    game_id = saved_game(app, client, first_game())
    keys, version = opened(client, game_id)
    answer = client.post(f"/games/{game_id}/setup",
                         data=posted(keys, version, SECOND, edition="second"))
    assert answer.status_code == 302
    document = stored(app, game_id).document
    assert document["edition"] == "second" and "expansions" not in document
    assert [p["id"] for p in document["players"]] == keys
    assert [(p["name"], p["wonder"], p["side"]) for p in document["players"]] == list(SECOND)
    # and back: a first-edition game with its sides A/B
    keys, version = opened(client, game_id)
    answer = client.post(f"/games/{game_id}/setup", data=posted(keys, version, TABLE, edition="first"))
    assert answer.status_code == 302
    assert stored(app, game_id).document["edition"] == "first"


# --- once cities are entered ------------------------------------------------------------------


def test_a_change_the_entered_cities_do_not_fit_is_refused_and_nothing_saved(app, client):
    game_id = saved_game(app, client, first_game(entered=True, cards=["strategists-guild", "altar"]))
    keys, version = opened(client, game_id)
    before = stored(app, game_id)
    answer = client.post(f"/games/{game_id}/setup",
                         data=posted(keys, version, SECOND, edition="second", title="New"))
    assert answer.status_code == 422
    page = text(answer)
    # the building by its name, not the validator's id
    assert ("The city of Ada does not fit Second edition (2020): Strategists Guild is not a "
            "building of Second edition (2020)." in seat_html(page, 0))
    assert "Nothing was saved." in page
    assert "The edition and expansions change only if every city entered so far fits" in page
    after = stored(app, game_id)
    assert after.document == before.document and after.title == before.title
    # the form keeps what was chosen, to try again
    assert re.search(r'<option selected value="second">', page)


def test_the_refusal_is_translated(app, client):
    game_id = saved_game(app, client, first_game(entered=True, cards=["strategists-guild"]))
    client.set_cookie("lang", "nl")
    keys, version = opened(client, game_id)
    answer = client.post(f"/games/{game_id}/setup", data=posted(keys, version, SECOND, edition="second"))
    assert answer.status_code == 422
    page = text(answer)
    assert "De stad van Ada past niet bij Tweede editie (2020)" in page
    assert "De editie en uitbreidingen veranderen alleen als elke al ingevoerde stad" in page
    client.set_cookie("lang", "pl")
    answer = client.post(f"/games/{game_id}/setup", data=posted(keys, version, SECOND, edition="second"))
    assert "Miasto gracza Ada nie pasuje do" in text(answer)


def test_switching_shows_at_once_which_entered_city_does_not_fit(app, client):
    game_id = saved_game(app, client, first_game(entered=True, cards=["strategists-guild"]))
    keys, version = opened(client, game_id)
    answer = client.post(f"/games/{game_id}/setup",
                         data=posted(keys, version, TABLE, action="count", edition="second"))
    assert answer.status_code == 200
    assert "The city of Ada does not fit Second edition (2020)" in seat_html(text(answer), 0)


def test_removing_leaders_from_a_game_whose_cities_list_leaders_is_refused(app, client):
    game_id = saved_game(app, client, leaders_game(sides=("night", "day", "day")))
    with app.app_context():
        storage.modify_game(game_id, lambda d: {**d, "players": [
            {**p, "entered": True} for p in d["players"]]})
    keys, version = opened(client, game_id)
    before = stored(app, game_id).document
    rows = (("Ada", "abu-simbel", "night"), ("Bob", "roma", "day"), ("Cy", "gizah", "day"))
    answer = client.post(f"/games/{game_id}/setup", data=posted(keys, version, rows, edition="second"))
    assert answer.status_code == 422
    page = text(answer)
    # the validator's own words, beside the seats; the cities keep their leaders
    assert "The city of Ada does not fit Second edition (2020): 'leaders' belongs to the leaders" in page
    assert "Wonder 'abu-simbel' belongs to the leaders expansion" in seat_html(page, 0)
    assert '<option selected value="abu-simbel">Abu Simbel (not in Second edition (2020))' in page
    assert stored(app, game_id).document == before
    assert before["players"][0]["leaders"] == ["cleopatra"]


def test_adding_leaders_after_cities_are_entered(app, client):
    game_id = saved_game(app, client, first_game(entered=True, cards=["strategists-guild", "altar"]))
    keys, version = opened(client, game_id)
    answer = client.post(f"/games/{game_id}/setup",
                         data=posted(keys, version, TABLE, edition="first", expansions=["leaders"]))
    assert answer.status_code == 302
    document = stored(app, game_id).document
    assert document["expansions"] == ["leaders"] and "edition" not in document
    assert document["players"][0]["cards"] == ["strategists-guild", "altar"]
    assert document["players"][0]["entered"] is True
    # the change shows on the page: Roma is offered now
    assert "roma" in client.get(f"/games/{game_id}/setup").get_data(as_text=True)


# --- stale forms, old pages, owners -------------------------------------------------------------


def test_an_edition_change_made_on_another_phone_makes_the_form_stale(app, client):
    game_id = saved_game(app, client, first_game())
    keys, version = opened(client, game_id)
    assert client.post(f"/games/{game_id}/setup",
                       data=posted(keys, version, SECOND, edition="second")).status_code == 302
    changed = stored(app, game_id).document
    # the other phone's page still says the first edition: shown back, not applied
    answer = client.post(f"/games/{game_id}/setup",
                         data=posted(keys, version, TABLE, edition="first", title="Mine"))
    assert answer.status_code == 409
    page = text(answer)
    assert "Someone saved the set-up elsewhere" in page
    assert "First edition (2010)" in page and "Second edition (2020)" in page
    assert stored(app, game_id).document == changed and stored(app, game_id).title != "Mine"


def test_an_expansion_change_made_on_another_phone_makes_the_form_stale(app, client):
    game_id = saved_game(app, client, first_game())
    keys, version = opened(client, game_id)
    assert client.post(f"/games/{game_id}/setup", data=posted(
        keys, version, TABLE, edition="first", expansions=["leaders"])).status_code == 302
    answer = client.post(f"/games/{game_id}/setup", data=posted(keys, version, TABLE, edition="first"))
    assert answer.status_code == 409
    assert stored(app, game_id).document["expansions"] == ["leaders"]


def old_version(document: dict) -> str:
    """The set-up's version as pages made it before it covered the expansions."""
    seats = [{key: player.get(key) for key in games_service.SEAT_FIELDS}
             for player in document["players"]]
    return "s" + games_service.digest({"edition": document.get("edition"), "seats": seats})


def test_pages_opened_before_the_change_of_version(app, client):
    # without expansions the version is what it was: such a page still saves
    game_id = saved_game(app, client, first_game())
    document = stored(app, game_id).document
    assert games_service.setup_version(document) == old_version(document)
    keys = [p["id"] for p in document["players"]]
    answer = client.post(f"/games/{game_id}/setup", data=posted(keys, old_version(document), TABLE))
    assert answer.status_code == 302 and "edition" not in stored(app, game_id).document
    # with Leaders the version changed: an old page is shown back, not applied
    game_id = saved_game(app, client, leaders_game())
    document = stored(app, game_id).document
    keys = [p["id"] for p in document["players"]]
    rows = (("Ann", "abu-simbel", "night"), ("Bob", "roma", "day"), ("Cy", "gizah", "day"))
    answer = client.post(f"/games/{game_id}/setup", data=posted(keys, old_version(document), rows))
    assert answer.status_code == 409
    assert stored(app, game_id).document == document


def test_a_page_without_the_edition_field_keeps_the_rules(app, client):
    game_id = saved_game(app, client, leaders_game())
    keys, version = opened(client, game_id)
    rows = (("Ann", "abu-simbel", "night"), ("Bob", "roma", "day"), ("Cy", "gizah", "day"))
    answer = client.post(f"/games/{game_id}/setup", data=posted(keys, version, rows))
    assert answer.status_code == 302
    document = stored(app, game_id).document
    assert document["edition"] == "second" and document["expansions"] == ["leaders"]
    assert document["players"][0]["name"] == "Ann"


def test_only_the_owner_changes_the_edition(app, client):
    game_id = saved_game(app, client, first_game())
    keys, version = opened(client, game_id)
    before = stored(app, game_id).document
    other = app.test_client()
    assert other.get(f"/games/{game_id}/setup").status_code == 403
    answer = other.post(f"/games/{game_id}/setup", data=posted(keys, version, SECOND, edition="second"))
    assert answer.status_code == 403
    assert stored(app, game_id).document == before
