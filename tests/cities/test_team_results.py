"""A team game names its winning team and the team's total (issue 29 item 1, C14), on the
pad, the live pad, the quick pad and the printed sheet, in three languages, while each player
keeps their own rank (C15): Cy has the best city, yet Ada + Bo win with 20 points."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from scorer.web.expansions.cities import team_result
from tests.cities.test_cities_pages import city
from tests.leaders.test_leaders_pages import save
from tests.web.test_pdf_pad import text_of


def split_game() -> dict:
    """Treasuries only: Ada 10, Bo 10, Cy 15, Di 0 points; Ada + Bo 20 against Cy + Di 15."""
    players = [city("Ada", "petra", "A", coins=30), city("Bo", "byzantium", "A", coins=30),
               city("Cy", "gizah", "A", coins=45), city("Di", "rhodes", "A", coins=0)]
    return {"edition": "first", "expansions": ["cities"], "teams": [["Ada", "Bo"], ["Cy", "Di"]],
            "players": [{**player, "entered": True} for player in players]}


SENTENCES = {"en": "Ada + Bo win with 20 points.", "nl": "Ada + Bo winnen met 20 punten.",
             "pl": "Ada + Bo wygrywają z wynikiem 20 punktów."}


@pytest.mark.parametrize("language", ["en", "nl", "pl"])
def test_the_sheet_names_the_winning_team_and_keeps_the_players_ranks(app, client, language):
    game_id = save(app, split_game())
    client.set_cookie("lang", language)
    text = " ".join(text_of(client.get(f"/games/{game_id}/sheet.pdf").data).split())
    assert SENTENCES[language] in text
    assert not re.search(r"Winner: Cy|Winnaar: Cy|Zwycięzca: Cy", text)
    if language == "en":  # C15: the players' own ranks stay (Cy 1, Ada and Bo 2, Di 4)
        assert "Rank 2 2 1 4" in text


def test_the_pad_and_the_live_pad_name_the_winning_team(app, client):
    game_id = save(app, split_game())
    for path in (f"/games/{game_id}", f"/games/{game_id}/live"):
        html = client.get(path).get_data(as_text=True)
        winners = html[html.index('class="winners"'):]
        winners = " ".join(winners[:winners.index("</p>")].split())
        assert "★ Ada + Bo win with 20 points." in winners, path
        assert "Cy wins" not in winners
        rank = html[html.index('<tr class="rank">'):]
        assert re.findall(r"<td[^>]*>(\d)</td>", rank[:rank.index("</tr>")]) == ["2", "2", "1", "4"]


def test_the_quick_pad_names_the_winning_team(client):
    data = {"action": "total", "count": "4", "edition": "second", "expansions": "cities",
            "teams": "1"}
    for index, (name, points) in enumerate((("Ada", 10), ("Bo", 10), ("Cy", 15), ("Di", 0))):
        data.update({f"columns-{index}-name": name, f"columns-{index}-civilian": str(points),
                     f"columns-{index}-coins_held": "0"})
    html = client.post("/quick", data=data).get_data(as_text=True)
    assert "★ Ada + Bo win with 20 points." in html and "Winner: Cy" not in html


def teams(*entries) -> SimpleNamespace:
    return SimpleNamespace(extra={"teams": [
        {"players": list(players), "total": total, "coins": coins, "rank": rank}
        for players, total, coins, rank in entries]})


@pytest.mark.parametrize(("language", "decided", "shared"), [
    ("en", "Ada + Bo win with 41 points. Tie on 41 points, broken by coins: Ada + Bo 12 coins, "
           "Cy + Di 1 coin.", "Shared victory: Ada + Bo and Cy + Di."),
    ("nl", "Ada + Bo winnen met 41 punten. Gelijk aantal punten (41), beslist door het geld: "
           "Ada + Bo 12 munten, Cy + Di 1 munt.", "Gedeelde overwinning: Ada + Bo en Cy + Di."),
    ("pl", "Ada + Bo wygrywają z wynikiem 41 punktów. Remis przy 41 pkt, rozstrzygnięty "
           "monetami: Ada + Bo: 12 monet, Cy + Di: 1 moneta.",
     "Wspólne zwycięstwo: Ada + Bo i Cy + Di."),
])
def test_ties_between_teams_say_what_the_coins_decided_or_share_the_victory(app, language,
                                                                               decided, shared):
    with app.test_request_context(headers={"Accept-Language": language}):
        assert team_result(teams((("Ada", "Bo"), 41, 12, 1), (("Cy", "Di"), 41, 1, 2))) == decided
        assert team_result(teams((("Ada", "Bo"), 9, 3, 1), (("Cy", "Di"), 9, 3, 1),
                                 (("Ed", "Flo"), 2, 0, 3))) == shared
        assert team_result(SimpleNamespace(extra={})) is None
