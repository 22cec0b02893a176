"""Switching language on New game (issue 30 item 4, issue 29 item 8): the switch is a button
of the form, so the page comes back as typed in the new language, the choice is remembered,
and the group stays; the group is worked out on the server, so a browser that does not know a
group is never shown its link, by a switch or by Play again."""

from __future__ import annotations

import re

from scorer import storage
from scorer.groups import service as groups_service
from tests.web.test_web_setup import row, seats


def new_group(client, name="Thursday") -> str:
    answer = client.post("/groups/new", data={"name": name})
    return answer.headers["Location"].rsplit("/", 1)[1]


def test_the_switch_is_a_button_of_the_form_on_new_game(client):
    html = client.get("/games/new").get_data(as_text=True)
    for code in ("en", "nl", "pl"):
        assert re.search(rf'<button type="submit" form="setup-form" name="action" '
                         rf'value="language-{code}"', html)
    assert '<form method="post" class="setup" id="setup-form"' in html
    other = client.get("/games").get_data(as_text=True)  # no form to keep: links
    assert "/language/nl?next=/games" in other


def test_the_switch_shows_the_form_again_as_typed_and_remembers_the_language(app, client):
    data = seats(row("Ada", "gizah", "B"), row("Bo"), row("Cy"), action="language-pl",
                 title="Friday")
    answer = client.post("/games/new", data={**data, "edition": "first"})
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert '<html lang="pl">' in html and "Nowa gra" in html
    assert 'value="Friday"' in html
    for name in ("Ada", "Bo", "Cy"):
        assert f'value="{name}"' in html
    assert re.search(r'<option selected value="gizah">', html)
    assert "lang=pl" in answer.headers["Set-Cookie"]
    assert '<html lang="pl">' in client.get("/games").get_data(as_text=True)  # remembered
    with app.app_context():
        assert storage.list_games() == []  # nothing saved: only shown again
    unknown = client.post("/games/new", data={**data, "action": "language-xx"})
    assert unknown.status_code == 200 and 'value="Friday"' in unknown.get_data(as_text=True)


def test_the_switch_keeps_the_group(app, client):
    group_id = new_group(client)
    data = seats(row("Ada"), row("Bo"), row("Cy"), action="language-nl")
    switched = client.post(f"/games/new?group={group_id}", data={**data, "group": group_id,
                                                                 "edition": "first"})
    html = switched.get_data(as_text=True)
    assert switched.status_code == 200 and '<html lang="nl">' in html
    assert f'name="group" value="{group_id}"' in html and "Thursday" in html
    answer = client.post(f"/games/new?group={group_id}",
                         data={**data, "group": group_id, "edition": "first", "action": "save"})
    game_id = answer.headers["Location"].split("/")[2]
    with app.app_context():
        assert storage.load_game(game_id).group_pk == groups_service.load(group_id).pk


def test_a_browser_that_does_not_know_the_group_is_not_shown_it(app, client):
    group_id = new_group(client)
    answer = client.post("/games/new", data={**seats(row("Ada"), row("Bo"), row("Cy")),
                                             "group": group_id, "edition": "first"})
    game_id = answer.headers["Location"].split("/")[2]
    stranger = app.test_client()  # has the game's link, not the group's
    for page in (stranger.get(f"/games/new?again={game_id}"),
                 stranger.post(f"/games/new?again={game_id}", data={
                     **seats(row("Ada"), row("Bo"), row("Cy"), action="language-nl"),
                     "edition": "first"})):
        html = page.get_data(as_text=True)
        assert page.status_code == 200 and 'value="Ada"' in html
        assert group_id not in html and "Thursday" not in html
    again = stranger.post(f"/games/new?again={game_id}", data={
        **seats(row("Ada"), row("Bo"), row("Cy")), "edition": "first"})
    second = again.headers["Location"].split("/")[2]
    with app.app_context():
        assert storage.load_game(second).group_pk is None
    assert group_id not in stranger.get(f"/games/{second}").get_data(as_text=True)
    # the group's creator plays again in the group, through a language switch too
    mine = client.post(f"/games/new?again={game_id}", data={
        **seats(row("Ada"), row("Bo"), row("Cy"), action="language-pl"), "edition": "first"})
    assert "Thursday" in mine.get_data(as_text=True)  # the group, worked out from the game
