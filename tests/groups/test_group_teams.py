"""Issue 29, the figures one at a time: a team game counts for the winning team (C14) in wins,
team games, team wins and the closest games; each row names who holds its best; ratings are
openskill's own answer; a player's page and its 404; the CSV's columns; migration 0008 counts
the team games saved before it."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime

import pytest
from alembic import command
from openskill.models import PlackettLuce
from sqlalchemy import text

from scorer import create_app, storage
from scorer.groups import service
from scorer.groups.tallied import statistics
from scorer.storage import migrate, results
from scorer.storage.engine import writer
from scorer.storage.schema import game, result
from tests.cities.cities_docs import cities_game, city
from tests.conftest import dispose
from tests.helpers import game as plain_game
from tests.helpers import player, report


def entered(document: dict) -> dict:
    for seat in document["players"]:
        seat["entered"] = True
    return document


def team_game() -> dict:
    """Dirk has the highest total (25, 8 ahead of Bramm) but Ada + Bramm win, 29 to 26."""
    return entered(cities_game(
        city("Ada", "rhodes", coins=27, stages=1), city("Bramm", "gizah", coins=27, stages=2),
        city("Cy", "babylon", coins=3), city("Dirk", "olympia", coins=45, stages=3),
        teams=[["Ada", "Bramm"], ["Cy", "Dirk"]]))


def solo_game() -> dict:
    """Ada 5, Bo 3, Cy 0 points (coins only)."""
    return entered(plain_game(player("Ada", "rhodes", coins=15), player("Bo", "gizah", coins=9),
                              player("Cy", "babylon", coins=0)))


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


def by_name(figures: dict) -> dict:
    return {entry["name"]: entry for entry in figures["players"]}


def test_a_team_game_is_won_by_the_team_and_measured_by_its_lead(ctx):
    group = service.create("Teams", None)
    game_id, _ = service.create_game(group, team_game())
    figures = statistics(group)
    players = by_name(figures)
    assert {name: (p["wins"], p["team_games"], p["team_wins"], p["mean_rank"])
            for name, p in players.items()} == {
        "Ada": (1, 1, 1, 1.0), "Bramm": (1, 1, 1, 1.0), "Cy": (0, 1, 0, 2.0), "Dirk": (0, 1, 0, 2.0)}
    assert [p["name"] for p in figures["players"]] == ["Bramm", "Ada", "Dirk", "Cy"]
    assert players["Ada"]["shared_wins"] == 0  # won with a partner, not shared with another team
    closest = figures["closest_games"][0]
    assert (closest["game"], closest["margin"], closest["winners"]) == (game_id, 3, ["Ada", "Bramm"])
    assert closest["teams"] == [{"players": ["Ada", "Bramm"], "total": 29, "rank": 1},
                                {"players": ["Cy", "Dirk"], "total": 26, "rank": 2}]
    olympia = next(w for w in figures["wonders"] if w["wonder"] == "olympia")
    assert olympia["wins"] == 0
    service.create_game(group, solo_game())
    players = by_name(statistics(group))
    assert (players["Ada"]["games"], players["Ada"]["wins"], players["Ada"]["team_games"],
            players["Ada"]["team_wins"]) == (2, 2, 1, 1)
    assert (players["Bo"]["team_games"], players["Bo"]["team_wins"]) == (0, 0)


def test_each_row_names_who_holds_its_best_earliest_first(ctx, monkeypatch):
    moments = iter([datetime(2026, 11, 20, 19, tzinfo=UTC), datetime(2026, 11, 24, 19, tzinfo=UTC)])
    monkeypatch.setattr(storage, "_now", lambda: next(moments))
    group = service.create("Records", None)
    first, _ = service.create_game(group, solo_game())
    later = solo_game()
    later["players"][1]["name"] = "Dee"
    later["players"][1]["coins"] = 15  # Dee equals Ada's 5 in the coins row
    second, _ = service.create_game(group, later)
    rows = {row["row"]: row for row in statistics(group)["rows"]}
    assert rows["coins"]["best"] == 5
    assert rows["coins"]["best_by"] == [
        {"name": "Ada", "game": first, "date": "2026-11-20"},
        {"name": "Ada", "game": second, "date": "2026-11-24"},
        {"name": "Dee", "game": second, "date": "2026-11-24"}]
    assert len(rows["military"]["best_by"]) == 6  # nobody scored: every result holds the 0


def test_ratings_are_openskills_own_answer(ctx):
    group = service.create("Ratings", None)
    service.create_game(group, solo_game())
    service.create_game(group, team_game())
    tied = solo_game()
    tied["players"][1]["coins"] = 15  # Bo ties Ada: a shared first place
    service.create_game(group, tied)
    model = PlackettLuce()
    r = {name: model.rating() for name in ("Ada", "Bo", "Cy", "Bramm", "Dirk")}
    [[r["Ada"]], [r["Bo"]], [r["Cy"]]] = model.rate([[r["Ada"]], [r["Bo"]], [r["Cy"]]],
                                                    ranks=[1, 2, 3])
    [[r["Ada"], r["Bramm"]], [r["Cy"], r["Dirk"]]] = model.rate(
        [[r["Ada"], r["Bramm"]], [r["Cy"], r["Dirk"]]], ranks=[1, 2])
    [[r["Ada"]], [r["Bo"]], [r["Cy"]]] = model.rate([[r["Ada"]], [r["Bo"]], [r["Cy"]]],
                                                    ranks=[1, 1, 3])
    expected = {name: {"mu": round(x.mu, 2), "sigma": round(x.sigma, 2),
                       "ordinal": round(x.ordinal(), 2)} for name, x in r.items()}
    assert {name: p["rating"] for name, p in by_name(statistics(group)).items()} == expected
    # filters apply first: only the two games without teams
    model_two = PlackettLuce()
    s = {name: model_two.rating() for name in ("Ada", "Bo", "Cy")}
    for ranks in ([1, 2, 3], [1, 1, 3]):
        [[s["Ada"]], [s["Bo"]], [s["Cy"]]] = model_two.rate([[s["Ada"]], [s["Bo"]], [s["Cy"]]],
                                                            ranks=ranks)
    filtered = by_name(statistics(group, service.Filters(expansions=())))
    assert filtered["Ada"]["rating"]["mu"] == round(s["Ada"].mu, 2)
    assert "Dirk" not in filtered


def test_ratings_follow_a_correction_of_an_old_game(ctx):
    """The kept ratings are checked against the games: a corrected first game changes them."""
    group = service.create("Kept", None)
    first, _ = service.create_game(group, solo_game())
    for _ in range(3):
        service.create_game(group, solo_game())
    before = by_name(statistics(group))["Cy"]["rating"]

    def cy_wins(document):
        document["players"][2]["coins"] = 60
        return document
    storage.modify_game(first, cy_wins)
    after = by_name(statistics(group))["Cy"]["rating"]
    assert after["mu"] > before["mu"]
    fresh = PlackettLuce()
    r = {name: fresh.rating() for name in ("Ada", "Bo", "Cy")}
    for ranks in ([2, 3, 1], [1, 2, 3], [1, 2, 3], [1, 2, 3]):
        [[r["Ada"]], [r["Bo"]], [r["Cy"]]] = fresh.rate([[r["Ada"]], [r["Bo"]], [r["Cy"]]],
                                                        ranks=ranks)
    assert after["mu"] == round(r["Cy"].mu, 2)


def test_a_players_page_as_json(client):
    group = client.post("/api/v1/groups", json={"name": "Night"}).json
    base = f"/api/v1/groups/{group['id']}"
    first = client.post(f"{base}/games", json=team_game()).json["id"]
    second = client.post(f"{base}/games", json=solo_game()).json["id"]
    page = client.get(f"{base}/players/ada").json  # any spelling that compares equal
    assert (page["name"], page["games"], page["wins"], page["team_games"]) == ("Ada", 2, 2, 1)
    assert page["rating"] == next(p for p in client.get(f"{base}/stats").json["players"]
                                  if p["name"] == "Ada")["rating"]
    assert [(h["game"], h["total"], h["rank"], h["wonder"], h["team"]) for h in page["history"]] == [
        (first, 12, 1, "rhodes", "Ada + Bramm"), (second, 5, 1, "rhodes", "")]
    assert page["history"][0]["scores"]["coins"] == 9
    coins = next(b for b in page["best_scores"] if b["row"] == "coins")
    assert coins == {"row": "coins", "value": 9, "game": first}
    assert [b["row"] for b in page["best_scores"]][:3] == ["military", "coins", "wonder"]
    assert page["head_to_head"] == [
        {"name": "Cy", "games": 2, "ahead": 2, "behind": 0, "level": 0},
        {"name": "Bo", "games": 1, "ahead": 1, "behind": 0, "level": 0},
        {"name": "Bramm", "games": 1, "ahead": 0, "behind": 1, "level": 0},
        {"name": "Dirk", "games": 1, "ahead": 0, "behind": 1, "level": 0}]
    assert client.get(f"{base}/players/ada?expansions=").json["games"] == 1
    for missing in ("Nobody", "Dirk?players=3"):
        answer = client.get(f"{base}/players/{missing}")
        assert answer.status_code == 404
        assert answer.json["errors"][0]["path"] == "name"
    assert client.get(f"{base}/players/Ada?colour=red").status_code == 422
    assert client.get("/api/v1/groups/nope/players/Ada").status_code == 404
    # after a merge the page answers to the name shown, and to either name merged
    owner = {"X-Owner-Token": group["owner_token"]}
    assert client.post(f"{base}/aliases", json={"source": "Dirk", "target": "Cy",
                                                "name": "Cy D."}, headers=owner).status_code == 200
    for name in ("Cy D.", "dirk", "CY"):
        merged = client.get(f"{base}/players/{name}").json
        assert (merged["name"], merged["games"]) == ("Cy D.", 3)


def test_the_csv_has_unique_headers_edition_expansions_team_and_player(client):
    group = client.post("/api/v1/groups", json={"name": "Sheet"}).json
    base = f"/api/v1/groups/{group['id']}"
    client.post(f"{base}/games", json=team_game())
    client.post(f"{base}/games", json=solo_game())
    client.post(f"{base}/aliases", json={"source": "Bo", "target": "Bramm"},
                headers={"X-Owner-Token": group["owner_token"]})
    table = list(csv.DictReader(io.StringIO(client.get(f"{base}/results.csv").data.decode())))
    header = next(csv.reader(io.StringIO(client.get(f"{base}/results.csv").data.decode())))
    assert len(header) == len(set(header))
    assert header[:10] == ["date", "game", "seat", "name", "player", "edition", "expansions",
                           "team", "wonder", "side"]
    assert "wonder_points" in header and header[-3:] == ["total", "rank", "team_rank"]
    dirk, bo = table[3], table[5]
    assert (dirk["name"], dirk["player"], dirk["edition"], dirk["expansions"], dirk["team"],
            dirk["wonder"], dirk["rank"], dirk["team_rank"]) == (
        "Dirk", "Dirk", "first", "cities", "Cy + Dirk", "olympia", "1", "2")
    assert (bo["name"], bo["player"], bo["expansions"], bo["team"], bo["team_rank"]) == (
        "Bo", "Bramm", "", "", "")


def test_migration_0008_counts_the_team_games_saved_before(database_url):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url,
                      "DATABASE_AUTO_MIGRATE": False})
    moment = datetime(2026, 11, 1, 19, tzinfo=UTC)
    try:
        with app.app_context():
            engine = storage.get_engine()
            migrate.upgrade(engine, "0007")
            with engine.begin() as connection:
                for public_id, document, lead in (("teams", team_game(), 8), ("solo", solo_game(), 2)):
                    pk = connection.execute(game.insert().values(
                        public_id=public_id, document=json.dumps(document), format_version=2,
                        revision=1, created_at=moment, updated_at=moment)).inserted_primary_key[0]
                    # the rows as revision 0007 wrote them: the players' own ranks and lead
                    for head in results.results_of(document):
                        own = next(p for p in report(document)["players"] if p["name"] == head.name)
                        connection.execute(result.insert().values(
                            game_id=pk, seat=head.seat, name=head.name,
                            name_key=results.player_key(head.name), wonder=head.wonder,
                            side=head.side, total=head.total, rank=own["rank"], coins=head.coins,
                            winners=1, seats=head.seats, edition=head.edition,
                            expansions=head.expansions, played_on="2026-11-01",
                            margin=lead if own["rank"] == 1 else 0, pad=",".join(r for r, _ in head.rows),
                            **{f"p{slot}": points for slot, (_row, points) in enumerate(head.rows)}))
            assert migrate.upgrade(engine) == ("0007", migrate.head())
            with engine.connect() as connection:
                for public_id in ("teams", "solo"):
                    pk = connection.execute(game.select().with_only_columns(game.c.id)
                                            .where(game.c.public_id == public_id)).scalar()
                    assert results.stored(connection, pk) == results.expected(
                        storage.load_game(public_id).document, moment, None)
                rows = connection.execute(
                    result.select().with_only_columns(result.c.name, result.c.rank,
                                                      result.c.own_rank, result.c.margin,
                                                      result.c.team)
                    .order_by(result.c.game_id, result.c.seat)).all()
            assert [tuple(row) for row in rows[:4]] == [
                ("Ada", 1, 3, 3, "Ada + Bramm"), ("Bramm", 1, 2, 3, "Ada + Bramm"),
                ("Cy", 2, 4, 0, "Cy + Dirk"), ("Dirk", 2, 1, 0, "Cy + Dirk")]
            assert [tuple(row) for row in rows[4:]] == [
                ("Ada", 1, 1, 2, ""), ("Bo", 2, 2, 0, ""), ("Cy", 3, 3, 0, "")]
            # and back: the players' own ranks, the best player's lead
            with writer(engine).begin() as connection:
                command.downgrade(migrate._config(connection), "0007")
            with engine.connect() as connection:
                rows = connection.execute(text(
                    "SELECT name, rank, margin, winners FROM result ORDER BY game_id, seat")).all()
            assert [tuple(row) for row in rows[:4]] == [
                ("Ada", 3, 0, 1), ("Bramm", 2, 0, 1), ("Cy", 4, 0, 1), ("Dirk", 1, 8, 1)]
    finally:
        dispose(app)
