"""Issue 29's data, as a property: over a random group of 300 games (team play at 4, 6 and 8
seats, Cities without teams, Leaders, the base game, Armada, Babel and Edifice points, names
spelled several ways, merged names, one merge seating a player twice in a game, a Free City,
games still being entered, corrections), the statistics API, every player's page and the CSV
equal a recomputation from the saved games in plain Python (tests/groups/reference.py), the
ratings openskill's own answer computed there directly; on SQLite and PostgreSQL, unfiltered
and under filters."""

from __future__ import annotations

import csv
import io
import random
import unicodedata
from datetime import UTC, datetime, timedelta
from urllib.parse import quote

import pytest

from scorer import storage
from scorer.groups import service
from tests import helpers
from tests.cities import cities_docs
from tests.groups import reference
from tests.groups.reference import key, recompute
from tests.leaders import leaders_docs

NAMES = ["Ada", "ada ", "ADA", "Ada L.", "Bo", "bo", "Zoë", unicodedata.normalize("NFD", "ZOË"),
         "Cy  Young", "cy young", "Dara", "Eli", "Fien", "Gus", "Hana", "Ivo", "Jan", "Kai",
         "Łucja", "Mo"]
#: team play's table sizes per edition (rulings-cities.md C14)
TEAM_TABLES = {"first": (4, 6, 8), "second": (4, 6)}
#: the typed rows of the expansions scored from typed points, with their bounds
TYPED = {"armada": {"naval": (-30, 99), "islands": (0, 99)}, "babel": {"tower": (-30, 99)},
         "edifice": {"projects": (-30, 99)}}


def random_document(rng: random.Random) -> dict:
    edition = rng.choice(["first", "second"])
    kind = rng.random()
    if kind < 0.45:
        document = cities_docs.deal(rng, edition, rng.choice(TEAM_TABLES[edition]),
                                    leaders=rng.random() < 0.4, teams=True)
    elif kind < 0.6:
        document = cities_docs.deal(rng, edition, rng.randint(3, 7), leaders=rng.random() < 0.4)
    elif kind < 0.8:
        document = leaders_docs.deal(rng, edition, rng.randint(3, 7))
    else:
        document = helpers.deal(rng, rng.randint(3, 7), edition)
    for expansion, rows in TYPED.items():
        if rng.random() < 0.3:
            document["expansions"] = sorted({*document.get("expansions", []), expansion})
            for city in document["players"]:
                for row, (low, high) in rows.items():
                    city[row] = rng.randint(max(low, -8), min(high, 15))
    renamed, keys = {}, set()
    for name in rng.sample(NAMES, len(NAMES)):
        if key(name) not in keys and len(renamed) < len(document["players"]):
            renamed[document["players"][len(renamed)]["name"]] = name
            keys.add(key(name))
    for city in document["players"]:
        city["name"] = renamed[city["name"]]
        city["entered"] = True
    if "teams" in document:
        document["teams"] = [[renamed[name] for name in team] for team in document["teams"]]
    return document


def free_city_game() -> dict:
    document = helpers.game(helpers.player("Ada", "rhodes", coins=9),
                            helpers.player("Bo", "gizah", coins=3),
                            dict(helpers.player("Free City", "babylon", coins=30), free_city=True))
    for city in document["players"]:
        city["entered"] = True
    return document


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


@pytest.fixture
def clock(monkeypatch):
    moments = iter(datetime(2026, 9, 1, 18, tzinfo=UTC) + timedelta(hours=5 * n)
                   for n in range(10_000))
    monkeypatch.setattr(storage, "_now", lambda: next(moments))


def played(game_id: str) -> dict:
    saved = storage.load_game(game_id)
    return {"id": game_id, "date": saved.created_at.date().isoformat(), "document": saved.document}


def test_three_hundred_games_with_teams_merges_and_every_expansion(ctx, clock):
    rng = random.Random(29)
    group = service.create("Club", None)
    games = []
    for index in range(300):
        document = random_document(rng)
        if index % 41 == 7:  # a game still being entered does not count
            document["players"][-1]["entered"] = False
        game_id, _ = service.create_game(group, document)
        games.append(played(game_id))
    game_id, _ = service.create_game(group, free_city_game())
    games.append(played(game_id))
    teamed = [g for g in games if "teams" in g["document"]]
    assert len(teamed) > 100
    assert {x for g in games for x in g["document"].get("expansions", [])} == {
        "armada", "babel", "cities", "edifice", "leaders"}
    for changed in rng.sample(teamed, 6):  # corrections after the save, a team game's too
        def bump(document):
            document["players"][1]["coins"] += 7
            return document
        storage.modify_game(changed["id"], bump)
    games = [played(entry["id"]) for entry in games]
    client = ctx.test_client()

    aliases: dict[str, tuple[str, str]] = {}
    assert_all_agree(client, group, games, aliases)
    service.merge(group, "Ada L.", "ada", "Ada Lovelace")
    aliases[key("Ada L.")] = aliases[key("Ada")] = (key("Ada"), "Ada Lovelace")
    service.merge(group, "Bo", "Cy Young")  # both sit in some games: one player twice there
    aliases[key("Bo")] = aliases[key("Cy Young")] = (key("Cy Young"), "Cy Young")
    assert any(
        {key("Bo"), key("Cy Young")} <= {key(p["name"]) for p in g["document"]["players"]}
        for g in games)
    assert_all_agree(client, group, games, aliases)
    for filters in (dict(edition="first"), dict(expansions=("cities",)), dict(players=6),
                    dict(edition="second", expansions=("cities", "leaders"), players=4)):
        assert_all_agree(client, group, games, aliases, pages=False, **filters)


def query(filters: dict) -> str:
    parts = []
    for name, value in filters.items():
        parts.append(f"{name}={','.join(value) if isinstance(value, tuple) else value}")
    return "?" + "&".join(parts) if parts else ""


def assert_all_agree(client, group, games, aliases, pages: bool = True, **filters):
    expected = recompute({"id": group.id, "name": group.name}, games, aliases, **filters)
    answer = client.get(f"/api/v1/groups/{group.id}/stats{query(filters)}").json
    assert answer["games"] == expected["games"] > 0
    for field in ("group", "players", "wonders", "rows", "best_totals", "closest_games"):
        assert answer[field] == expected[field], field
    assert any(p["team_games"] for p in answer["players"])
    text = client.get(f"/api/v1/groups/{group.id}/results.csv{query(filters)}").data.decode()
    assert list(csv.reader(io.StringIO(text))) == reference.csv_rows(expected)
    if not pages:
        return
    for player in {e["player"] for e in expected["_entries"]}:
        wanted = reference.player_page(expected, player)
        name = expected["_shown"][player]
        page = client.get(f"/api/v1/groups/{group.id}/players/{quote(name)}{query(filters)}")
        assert page.status_code == 200, name
        found = page.json
        assert found.pop("group") == {"id": group.id, "name": group.name}
        assert found.pop("filters") == {}
        assert found == wanted, name
