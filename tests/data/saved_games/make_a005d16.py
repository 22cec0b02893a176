"""Make the frozen saved games of ``test_saved_games_golden.py`` with the app of commit a005d16.

The last version before stored format versions and migrations. Run it against that commit,
never against the current code (the point is a database the old code wrote):

    git worktree add /tmp/old a005d16
    cd /tmp/old && PYTHONPATH=/tmp/old /path/to/.venv/bin/python \\
        /path/to/tests/data/saved_games/make_a005d16.py /path/to/tests/data/saved_games

It writes ``a005d16.sqlite`` (games made through the old web forms and storage functions) and
``a005d16.json`` (what the old code answered for each game: its English score report, its
title and the times stored). The random games come from a fixed seed.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import scorer
from scorer import create_app, storage

OLD = Path(scorer.__file__).resolve().parent.parent
sys.path.insert(0, str(OLD / "benchmarks"))
from score import deal_game  # noqa: E402  (the old benchmark's dealer of random full games)

from scorer.engine.catalog import load_catalog  # noqa: E402


def seats(*rows, count=None, title=""):
    data = {"title": title, "count": count or str(len(rows)), "action": "save"}
    for index, row in enumerate(rows):
        for key, value in row.items():
            data[f"seats-{index}-{key}"] = value
    return data


def city(cards=(), stages="0", coins="0", action="next", **tokens):
    data = {"cards": list(cards), "stages": stages, "coins": coins, "action": action,
            "victory_1": "0", "victory_3": "0", "victory_5": "0", "defeat": "0"}
    data.update({key: str(value) for key, value in tokens.items()})
    return data


def main(target: Path) -> None:
    database = target / "a005d16.sqlite"
    database.unlink(missing_ok=True)
    app = create_app({"TESTING": True, "SECRET_KEY": "old", "DATABASE": str(database),
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    # 1. Through the web forms, as players made them: a game of three ...
    answer = client.post("/games/new", data=seats(
        {"name": "Ada Łęcka", "wonder": "gizah", "side": "A"},
        {"name": "Bob", "wonder": "rhodes", "side": "B"},
        {"name": "Ĳsbrand", "wonder": "babylon", "side": "B"}, title="Piątek"))
    assert answer.status_code == 302, answer.status_code
    game_id = answer.headers["Location"].split("/")[2]
    for index, data in enumerate([
        city(["altar", "loom", "apothecary", "workshop", "library", "laboratory", "scientists-guild"],
             stages="2", coins="7", victory_1=1, defeat=2),
        city(["lumber-yard", "stockade", "barracks", "walls", "fortifications", "arena"],
             stages="1", coins="3", victory_3=1, victory_5=1),
        city(["clay-pool", "scriptorium", "school", "university", "observatory", "marketplace"],
             stages="3", coins="11", victory_1=1),
    ]):
        assert client.post(f"/games/{game_id}/players/{index}", data=data).status_code == 302
    # ... and the two-player variant with the Free City, set up then re-ordered.
    answer = client.post("/games/new", data=seats(
        {"name": "Ann", "wonder": "olympia", "side": "B"}, {"name": "Dirk", "wonder": "ephesos", "side": "A"},
        {"name": "Free City", "wonder": "halikarnassos", "side": "A", "free_city": "1"}, count="2"))
    assert answer.status_code == 302
    free_id = answer.headers["Location"].split("/")[2]
    for index, data in enumerate([
        city(["baths", "aqueduct", "builders-guild", "strategists-guild"], stages="3", coins="5",
             victory_5=2),
        city(["press", "glassworks", "forum", "caravansery", "lighthouse", "traders-guild"],
             stages="2", coins="5", defeat=3),
        city(["ore-vein", "guard-tower", "courthouse"], stages="1", coins="2"),
    ]):
        assert client.post(f"/games/{free_id}/players/{index}", data=data).status_code == 302
    # 2. The benchmarks' full table, and random full games from a fixed seed.
    seven = json.loads((OLD / "benchmarks" / "seven_players.json").read_text("utf-8"))
    with app.app_context():
        storage.create_game(seven, "Zażółć gęślą jaźń")
        rng = random.Random(13)
        catalog = load_catalog()
        for players in (3, 4, 5, 6, 7, 7):
            storage.create_game(deal_game(rng, catalog, players), None)
        # 3. A game whose set-up was changed after its cities were entered.
        edited = storage.create_game(deal_game(rng, catalog, 4), "Edited later")
        document = storage.load_game(edited).document
        document["players"].reverse()
        storage.update_game(edited, document, "Edited later (reversed)")
        games = storage.list_games()
    golden = {}
    for saved in games:
        report = client.post("/api/v1/score", json=saved.document)
        assert report.status_code == 200, (saved.id, report.get_json())
        pad = client.get(f"/games/{saved.id}")
        assert pad.status_code == 200
        golden[saved.id] = {"title": saved.title, "created_at": saved.created_at.isoformat(),
                            "updated_at": saved.updated_at.isoformat(), "document": saved.document,
                            "report": report.get_json()}
    (target / "a005d16.json").write_text(json.dumps(golden, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(f"{len(golden)} games written to {database}")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve())
