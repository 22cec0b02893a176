"""Issue 29 on the pages: every name on a group's page leads to that player's page (their
figures and rating, totals over time, best per row, head-to-head, games), the leaderboard shows
the rating with a line on what it is and sorts by it without a script, each row says who holds
its best, and the report prints the records; in English, Dutch and Polish."""

from __future__ import annotations

import html
import io
import re

import pytest
from pypdf import PdfReader

from tests.groups.test_group_teams import entered, plain_game, player, solo_game, team_game


@pytest.fixture
def group(client):
    made = client.post("/api/v1/groups", json={"name": "Night"}).json
    for document in (team_game(), solo_game(), solo_game()):
        assert client.post(f"/api/v1/groups/{made['id']}/games", json=document).status_code == 201
    return made["id"]


def links(page: str) -> set[str]:
    return {html.unescape(href) for href in re.findall(r'href="([^"]+)"', page)}


def test_every_name_on_the_group_page_leads_to_the_players_page(client, group):
    page = client.get(f"/groups/{group}").get_data(as_text=True)
    found = links(page)
    for name in ("Ada", "Bo", "Bramm", "Cy", "Dirk"):
        assert f"/groups/{group}/players/{name}" in found
    # leaderboard, totals and ranks, means per row, highest totals, closest games, records
    assert page.count(f'href="/groups/{group}/players/Ada"') >= 6
    filtered = client.get(f"/groups/{group}?expansions=none&players=3").get_data(as_text=True)
    assert f"/groups/{group}/players/Ada?expansions=none&players=3" in links(filtered)


@pytest.mark.parametrize("name", ["..", ".", "a/../b", "x//y", "/lead", "trail/", "A/C"])
def test_a_name_no_path_keeps_still_leads_to_its_page(client, name):
    """A browser rewrites ``/players/..`` to the group's folder before it asks, and the router
    merges ``//``: such a name's link carries it in the query, and the page is that player's."""
    made = client.post("/api/v1/groups", json={"name": "Dots"}).json
    game = entered(plain_game(player(name, "rhodes", coins=15), player("Bo", "gizah", coins=9),
                              player("Cy", "babylon", coins=0)))
    assert client.post(f"/api/v1/groups/{made['id']}/games", json=game).status_code == 201
    page = client.get(f"/groups/{made['id']}?players=3").get_data(as_text=True)
    group_path = f"/groups/{made['id']}"  # a random id: it may hold "Bo" or "Cy" itself
    href = next(link for link in links(page) if link.startswith(group_path)
                and "/player" in (rest := link.removeprefix(group_path))
                and "Bo" not in rest and "Cy" not in rest)
    if name == "A/C":
        assert href.startswith(f"/groups/{made['id']}/players/A/C?")
    else:
        assert "/player?" in href and "players=3" in href
    answer = client.get(href)
    assert answer.status_code == 200
    assert f"<h1>{html.escape(name)}</h1>" in answer.get_data(as_text=True)


def test_the_leaderboard_shows_the_rating_and_sorts_by_it(client, group):
    stats = client.get(f"/api/v1/groups/{group}/stats").json
    page = client.get(f"/groups/{group}").get_data(as_text=True)
    board = page[page.index('id="leaderboard"'):page.index('id="players-more"')]
    names = re.findall(r'<th scope="row"><a [^>]+>([^<]+)</a>', board)
    assert names == [p["name"] for p in stats["players"]]
    ada = next(p for p in stats["players"] if p["name"] == "Ada")
    assert f"<td>{ada['rating']['ordinal']}</td>" in board
    assert "Rating: OpenSkill" in page and "μ − 3σ" in page
    assert f'href="/groups/{group}?sort=rating#leaderboard"' in board
    by_rating = client.get(f"/groups/{group}?sort=rating").get_data(as_text=True)
    board = by_rating[by_rating.index('id="leaderboard"'):by_rating.index('id="players-more"')]
    names = re.findall(r'<th scope="row"><a [^>]+>([^<]+)</a>', board)
    wanted = sorted(stats["players"], key=lambda p: (-p["rating"]["ordinal"], -p["rating"]["mu"],
                                                       p["name"]))
    assert names == [p["name"] for p in wanted] != [p["name"] for p in stats["players"]]
    assert 'aria-sort="descending"' in board
    assert '<input type="hidden" name="sort" value="rating">' in by_rating
    bad = client.get(f"/groups/{group}?sort=colour", headers={"Accept-Language": "nl"})
    assert bad.status_code == 422 and "colour" in bad.get_data(as_text=True)
    assert "Ranglijst" in bad.get_data(as_text=True)


def test_each_row_names_who_holds_its_best(client, group):
    page = client.get(f"/groups/{group}").get_data(as_text=True)
    rows = page[page.index('id="rows"'):]
    stats = client.get(f"/api/v1/groups/{group}/stats").json
    coins = next(row for row in stats["rows"] if row["row"] == "coins")
    assert [holder["name"] for holder in coins["best_by"]] == ["Dirk"]
    shown = rows[rows.index(">Treasury<"):]
    shown = shown[:shown.index("</tr>")]
    assert "<td>15</td>" in shown and ">Dirk</a>" in shown
    assert f'href="/games/{coins["best_by"][0]["game"]}"' in shown
    assert "and 7 more" in rows  # nobody scored military: all 10 results hold the 0


@pytest.mark.parametrize("language, words", [
    ("en", ("Best per row", "Against each player", "Team games", "Rating")),
    ("nl", ("Beste per rij", "Tegen elke speler", "Teamspellen", "Rating")),
    ("pl", ("Najlepszy w każdym wierszu", "Przeciw każdemu graczowi", "Gry drużynowe", "Ocena"))])
def test_a_players_page(client, group, language, words):
    answer = client.get(f"/groups/{group}/players/ada", headers={"Accept-Language": language})
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assert "<h1>Ada</h1>" in page
    for word in words:
        assert word in page, word
    data = client.get(f"/api/v1/groups/{group}/players/Ada").json
    ordinal = f"{abs(data['rating']['ordinal']):.2f}"  # as the page's language writes it
    ordinal = ("\N{MINUS SIGN}" if data["rating"]["ordinal"] < 0 else "") + (
        ordinal if language == "en" else ordinal.replace(".", ","))
    assert f"{ordinal} " in page
    charts = re.findall(r'<img src="data:image/svg\+xml;base64,[^"]+" alt="([^"]+)"', page)
    assert len(charts) == 1
    against = page[page.index('id="player-against"'):page.index('id="player-games"')]
    assert re.findall(r'players/([^"?]+)"', against) == [h["name"] for h in data["head_to_head"]]
    games = page[page.index('id="player-games"'):]
    assert [f"/games/{h['game']}" for h in reversed(data["history"])] == re.findall(
        r'href="(/games/[^"]+)"', games)
    assert "Ada + Bramm" in games
    assert "<script>" not in page and " style=" not in page


def test_a_players_page_refuses_what_it_cannot_show(client, group):
    assert client.get(f"/groups/{group}/players/Nobody").status_code == 404
    assert client.get("/groups/nope/players/Ada").status_code == 404
    bad = client.get(f"/groups/{group}/players/Ada?players=99")
    assert bad.status_code == 422 and "from 3 to 8" in bad.get_data(as_text=True)
    only = client.get(f"/groups/{group}/players/Ada?expansions=none").get_data(as_text=True)
    assert "2 complete games counted" in only


@pytest.mark.parametrize("language, word", [("en", "Records"), ("nl", "Records"), ("pl", "Rekordy")])
def test_the_report_prints_the_records(client, group, language, word):
    answer = client.get(f"/groups/{group}/report.pdf", headers={"Accept-Language": language})
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.data)).pages)
    assert word in text
    # the date as the report's language writes it (issue 29 item 5: no ISO dates)
    assert re.search(r"Ada \([^()\d]*\d{1,2}[^()\d]+\d{4}\), Bramm", text)


def test_a_players_page_is_drawn_once_per_group_revision(client, group, monkeypatch):
    from scorer.web import group_players

    drawn = []
    real = group_players.player_page
    monkeypatch.setattr(group_players, "player_page",
                        lambda *args: drawn.append(args[1]) or real(*args))
    for name in ("Ada", "ada", "ADA "):
        assert client.get(f"/groups/{group}/players/{name}").status_code == 200
    assert drawn == ["Ada"]
    for _ in range(2):
        assert client.get(f"/groups/{group}/players/Nobody").status_code == 404
    assert drawn == ["Ada", "Nobody", "Nobody"]  # unknown names are not kept
    assert client.post(f"/api/v1/groups/{group}/games", json=solo_game()).status_code == 201
    page = client.get(f"/groups/{group}/players/Ada").get_data(as_text=True)
    assert drawn[-1] == "Ada" and "4 complete games counted" in page
