"""Build checker page: single builds, the next stage, a hand, and refused questions."""

from __future__ import annotations

import re

from scorer import storage
from tests.helpers import game, player


def ask(client, game_id, **data):
    data = {"player": "Ada", "what": "card", "age": "", **data}
    return client.post(f"/games/{game_id}/build", data=data)


def answer_text(html):
    start = html.index('<section class="answer')
    text = re.sub(r"<[^>]+>", " ", html[start:html.index("</section>", start)])
    return re.sub(r"\s+", " ", text)


def test_form_page(client, game_id):
    html = client.get(f"/games/{game_id}/build").get_data(as_text=True)
    assert html.count('name="hand"') == 75
    # the building asked about: one chip to tap among the same chips, with the same filter
    assert html.count('<input type="radio" name="card"') == 75
    assert '<label for="card-filter">Find a building</label>' in html
    assert '<label for="hand-filter">Find a building</label>' in html


def test_no_building_tapped_is_asked_for_beside_the_chips(client, game_id):
    answer = ask(client, game_id)
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert '<ul class="errors" id="card-errors"><li>Choose the building to check.</li></ul>' in html
    assert '<a href="#card-cards">Building: Choose the building to check.</a>' in html
    assert "None" not in html


def test_buildable_card_names_the_neighbour_to_pay(client, game_id):
    # Baths cost 1 stone: Ada has none; Bob (her left neighbour) sells it for 2.
    text = answer_text(ask(client, game_id, card="baths").get_data(as_text=True))
    assert "Can Ada build Baths? Yes." in text
    assert "2 to Bob" in text and "1 stone at 2" in text


def test_card_already_built_is_refused_with_the_reason(client, game_id):
    text = answer_text(ask(client, game_id, card="altar").get_data(as_text=True))
    assert "? No." in text and "never holds the same building twice" in text


def test_not_enough_coins(client, game_id):
    text = answer_text(ask(client, game_id, player="Cy", card="baths").get_data(as_text=True))
    assert "you hold 0" in text


def test_next_stage(client, game_id):
    text = answer_text(ask(client, game_id, what="stage").get_data(as_text=True))
    assert "next wonder stage" in text and ("Yes." in text or "No." in text)


def test_hand(client, game_id):
    html = ask(client, game_id, what="hand", hand=["baths", "altar", "stockade"]).get_data(as_text=True)
    text = answer_text(html)
    assert "The hand of Ada" in text
    assert "Baths yes" in text and "Altar no" in text and "Next wonder stage" in text
    assert re.search(r'value="baths"[^>]*checked', html)


def test_chained_card_is_free(app, client):
    with app.app_context():
        game_id = storage.create_game(game(player("Ada", "gizah", cards=["altar"]),
                                           player("Bob", "rhodes"), player("Cy", "babylon")))
    text = answer_text(ask(client, game_id, card="temple").get_data(as_text=True))
    assert "Yes." in text and "0 coins in all" in text


def test_wrong_age_is_shown_beside_the_field(client, game_id):
    answer = ask(client, game_id, card="university", age="1")
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    card_field = html[html.index('id="card-cards"'):html.index('id="hand-cards"')]
    assert "University is not a card of Age 1." in card_field


def test_unknown_player_and_card_are_refused(client, game_id):
    answer = ask(client, game_id, player="Zed", card="nope", age="9")
    assert answer.status_code == 422
    assert "Not a valid choice" in answer.get_data(as_text=True)


def test_too_big_hand_is_refused(client, game_id):
    hand = ["baths", "altar", "stockade", "barracks", "tavern", "theater", "pawnshop", "scriptorium"]
    answer = ask(client, game_id, what="hand", hand=hand)
    assert answer.status_code == 422
    assert "at most 7 cards" in answer.get_data(as_text=True)


def test_asking_changes_nothing(app, client, game_id):
    with app.app_context():
        before = storage.load_game(game_id)
    ask(client, game_id, card="baths")
    with app.app_context():
        assert storage.load_game(game_id) == before


def test_unknown_game_is_404(client):
    assert client.get("/games/nope/build").status_code == 404
