"""A group's pages: create one, its page with leaderboard, statistics and charts in three
languages, games started in it and played again, games added and taken out, and the owner's
rename, delete, merge and hand-over; the report as PDF (A4 and Letter) from the page and the
command line."""

from __future__ import annotations

import io
import random
import re

import pytest
from pypdf import PdfReader

from scorer import storage
from scorer.groups import service
from scorer.web.group_charts import still_css
from tests import helpers


def new_group(client, name="Thursday") -> str:
    answer = client.post("/groups/new", data={"name": name})
    assert answer.status_code == 302, answer.get_data(as_text=True)[:400]
    return answer.headers["Location"].rsplit("/", 1)[1]


def post_game(client, group_id: str, rng, players=4) -> str:
    document = helpers.deal(rng, players)
    for city, name in zip(document["players"], ["Ada", "Bo", "Cy", "Di", "Ed"], strict=False):
        city["name"] = name
    answer = client.post(f"/api/v1/groups/{group_id}/games", json=document)
    assert answer.status_code == 201
    return answer.json["id"]


def new_game_form(names, **extra) -> dict:
    data = {"title": "", "count": str(len(names)), "action": "save", "edition": "first", **extra}
    for index, name in enumerate(names):
        data.update({f"seats-{index}-name": name, f"seats-{index}-wonder": "random",
                     f"seats-{index}-side": "random"})
    return data


@pytest.fixture
def group_with_games(client):
    group_id = new_group(client)
    rng = random.Random(11)
    games = [post_game(client, group_id, rng, players) for players in (3, 4, 4, 5)]
    return group_id, games


def test_a_group_is_created_remembered_and_refuses_bad_names(client, app):
    for name in ("", "x" * 10_000):
        answer = client.post("/groups/new", data={"name": name})
        assert answer.status_code == 422
        assert 'role="alert"' in answer.get_data(as_text=True)
    group_id = new_group(client, "  Zoë's  table ")
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert "<h1>Zoë&#39;s table</h1>" in page
    assert "No complete game counts yet" in page
    assert f"/groups/{group_id}" in client.get("/games").get_data(as_text=True)
    assert f"/groups/{group_id}" not in app.test_client().get("/games").get_data(as_text=True)


@pytest.mark.parametrize("language, words", [("en", "Leaderboard"), ("nl", "Ranglijst"),
                                             ("pl", "Ranking")])
def test_the_page_shows_leaderboard_statistics_and_charts(client, group_with_games, language, words):
    group_id, _games = group_with_games
    answer = client.get(f"/groups/{group_id}", headers={"Accept-Language": language})
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assert words in page
    charts = re.findall(r'<img src="data:image/svg\+xml;base64,[^"]+" alt="([^"]+)"', page)
    assert len(charts) == 4 and all(len(alt) > 20 for alt in charts)
    assert "<script>" not in page and " style=" not in page  # the CSP allows neither
    for name in ("Ada", "Bo", "Cy", "Di", "Ed"):
        link = f'<a class="player" href="/groups/{group_id}/players/{name}">{name}</a>'
        assert f'<th scope="row">{link}</th>' in page


def test_a_chart_keeps_the_style_rules_a_still_image_draws():
    css = ("{font-family:sans-serif}.color-0,.color-0 a:visited{stroke:#123;fill:#123}"
           ".tooltip rect{fill:none}.axis .guides:hover text{fill:#111}.reactive.active,"
           ".active .reactive{stroke-width:4}.axis .line{stroke:#111}"
           "@media (prefers-color-scheme: dark){.title{fill:#eee !important}}")
    kept = still_css(css)
    assert ":root{font-family:sans-serif}" in kept and ".color-0{stroke:#123;fill:#123}" in kept
    assert ".axis .line{stroke:#111}" in kept and "prefers-color-scheme" in kept
    assert not any(word in kept for word in ("tooltip", "hover", "visited", "active"))


def test_filters_on_the_page(client, group_with_games):
    group_id, _games = group_with_games
    page = client.get(f"/groups/{group_id}?players=3").get_data(as_text=True)
    assert "1 complete game counted" in page
    page = client.get(f"/groups/{group_id}?expansions=none&edition=first").get_data(as_text=True)
    assert "4 complete games counted" in page
    bad = client.get(f"/groups/{group_id}?players=99")
    assert bad.status_code == 422 and "from 3 to 8" in bad.get_data(as_text=True)


def test_a_game_started_from_the_group_and_played_again_counts_in_it(client, app):
    group_id = new_group(client)
    form = client.get(f"/games/new?group={group_id}").get_data(as_text=True)
    assert f'name="group" value="{group_id}"' in form
    answer = client.post("/games/new", data=new_game_form(["Ada", "Bo", "Cy"], group=group_id))
    game_id = re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)
    with app.app_context():
        group = service.load(group_id)
        assert storage.load_game(game_id).group_pk == group.pk
    again = client.get(f"/games/new?again={game_id}").get_data(as_text=True)
    for name in ("Ada", "Bo", "Cy"):
        assert f'value="{name}"' in again
    assert "This game will count in the group Thursday." in again
    answer = client.post(f"/games/new?again={game_id}", data=new_game_form(["Ada", "Bo", "Cy", "Di"]))
    second = re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)
    with app.app_context():
        assert storage.load_game(second).group_pk == group.pk
    gone = client.post("/games/new", data=new_game_form(["Ada", "Bo", "Cy"], group="no-such-group"))
    assert gone.status_code == 422 and "no longer exists" in gone.get_data(as_text=True)


def test_play_again_shows_on_a_complete_game(client, group_with_games):
    _group_id, games = group_with_games
    page = client.get(f"/games/{games[0]}").get_data(as_text=True)
    assert f"/games/new?again={games[0]}" in page


def test_only_the_owner_changes_the_group(client, app, group_with_games):
    group_id, games = group_with_games
    other = app.test_client()
    for path in ("rename", "delete", "merge", "owner", f"games/{games[0]}/remove"):
        assert other.get(f"/groups/{group_id}/{path}").status_code == 403
        if path != "owner":
            assert other.post(f"/groups/{group_id}/{path}", data={"name": "x"}).status_code == 403
    assert "Merge names" not in other.get(f"/groups/{group_id}").get_data(as_text=True)
    assert client.post(f"/groups/{group_id}/rename", data={"name": "x" * 61}).status_code == 422
    assert client.post(f"/groups/{group_id}/rename", data={"name": "Friday"}).status_code == 302
    same = client.post(f"/groups/{group_id}/merge", data={"source": "ada", "target": "ADA"})
    assert same.status_code == 422 and "already one player" in same.get_data(as_text=True)
    assert client.post(f"/groups/{group_id}/merge",
                       data={"source": "Bo", "target": "Ada", "name": "Ada B."}).status_code == 302
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert '>Ada B.</a></th>' in page and '>Bo</a></th>' not in page
    assert client.post(f"/groups/{group_id}/games/{games[0]}/remove").status_code == 302
    assert "3 complete games counted" in client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert client.post(f"/groups/{group_id}/delete").status_code == 302
    assert client.get(f"/groups/{group_id}").status_code == 404
    with app.app_context():
        assert all(storage.load_game(game_id) is not None for game_id in games)


def test_the_owner_of_a_game_adds_it_to_a_group(client, app):
    group_id = new_group(client)
    answer = client.post("/games/new", data=new_game_form(["Ada", "Bo", "Cy"]))
    game_id = re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)
    pad = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'<option value="{group_id}">Thursday</option>' in pad
    stranger = app.test_client()
    assert stranger.post(f"/games/{game_id}/group", data={"group": group_id}).status_code == 403
    assert client.post(f"/games/{game_id}/group", data={"group": group_id}).status_code == 302
    assert "This game counts in the group" in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "This game counts in the group" not in stranger.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_group_is_handed_over(client, app):
    group_id = new_group(client)
    link = re.search(r'value="(http://localhost/groups/[^"]+/claim/[^"]+)"',
                     client.get(f"/groups/{group_id}/owner").get_data(as_text=True)).group(1)
    newcomer = app.test_client()
    path = link.removeprefix("http://localhost")
    assert newcomer.get(path).status_code == 200
    assert newcomer.post(path).status_code == 302
    assert newcomer.get(f"/groups/{group_id}/rename").status_code == 200
    assert client.get(f"/groups/{group_id}/rename").status_code == 403
    assert app.test_client().post(path).status_code == 404  # the link was used


@pytest.mark.parametrize("language", ["en", "nl", "pl"])
@pytest.mark.parametrize("paper, width", [("a4", 595), ("letter", 612)])
def test_the_report_pdf(client, group_with_games, language, paper, width):
    group_id, _games = group_with_games
    answer = client.get(f"/groups/{group_id}/report.pdf?paper={paper}",
                        headers={"Accept-Language": language})
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(answer.data))
    assert round(float(reader.pages[0].mediabox.width)) == width
    text = reader.pages[0].extract_text()
    assert "Thursday" in text and "Ada" in text
    # the charts are drawn (as vectors: their text is text), the spread's bins among them
    assert re.search(r"\d+–\d+", "".join(page.extract_text() for page in reader.pages))
    assert client.get(f"/groups/{group_id}/report.pdf?players=2").status_code == 400
    assert client.get("/groups/nope/report.pdf").status_code == 404


def test_flask_report_writes_the_pdf(client, app, group_with_games, tmp_path):
    group_id, _games = group_with_games
    runner = app.test_cli_runner()
    target = tmp_path / "report.pdf"
    # "--": a group's id may begin with "-" (token_urlsafe), which would read as an option
    answer = runner.invoke(args=["report", "--lang", "pl", "--paper", "letter",
                                 "--output", str(target), "--", group_id])
    assert answer.exit_code == 0, answer.output
    reader = PdfReader(str(target))
    assert round(float(reader.pages[0].mediabox.width)) == 612
    assert "Ranking" in reader.pages[0].extract_text()
    assert runner.invoke(args=["report", "nope", "--output", str(target)]).exit_code != 0


def sqlite_statements(app, action):
    """``action()``'s answer and every statement SQLite was sent meanwhile, lowercased (the
    trace of each new connection: the engine's pool is emptied first); skipped on another
    database."""
    from sqlalchemy import event

    from scorer.storage.connect import get_engine

    seen: list[str] = []

    def trace(dbapi_connection, _record):
        dbapi_connection.set_trace_callback(lambda statement: seen.append(statement.lower()))

    with app.app_context():
        engine = get_engine()
    if engine.dialect.name != "sqlite":
        pytest.skip("the statements are traced through SQLite")
    engine.dispose()  # every connection from now on is new, and traced
    event.listen(engine, "connect", trace)
    try:
        return action(), seen
    finally:
        event.remove(engine, "connect", trace)
        engine.dispose()


def test_the_pad_reads_only_its_groups_name(client, app, group_with_games):
    """The pad page shows the group's link and name: it reads neither the group's revision sums
    (each a sum over all the group's games) nor any other group row (issue 31). Every
    statement the database is sent is seen (SQLite's trace of each new connection)."""
    group_id, games = group_with_games
    pad, seen = sqlite_statements(app, lambda: client.get(f"/games/{games[0]}").get_data(as_text=True))
    assert f'<a href="/groups/{group_id}">Thursday</a>' in pad
    assert [statement for statement in seen if "game_group" in statement]
    assert not [statement for statement in seen if "sum(" in statement]


def test_the_pad_offers_the_owners_groups_without_their_sums(client, app):
    """The owner's pad of a game in no group offers the groups this browser knows by id and
    name: no group's revision sums are read (issue 31)."""
    club, other = new_group(client, "Club <b>"), new_group(client, "Other")
    answer = client.post("/games/new", data=new_game_form(["Ada", "Bo", "Cy"]))
    game_id = re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)
    pad, seen = sqlite_statements(app, lambda: client.get(f"/games/{game_id}").get_data(as_text=True))
    offered = re.findall(r'<option value="([^"]+)">([^<]*)</option>', pad)
    assert sorted(offered) == sorted([(club, "Club &lt;b&gt;"), (other, "Other")])
    assert [statement for statement in seen if "game_group" in statement]
    assert not [statement for statement in seen if "sum(" in statement]
