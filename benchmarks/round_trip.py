"""A club's data through the real commands: SQLite -> PostgreSQL -> SQLite, compared (issue 28).

A club that moves its instance to PostgreSQL (or back, or restores a backup) must find every
group as it left it: the same statistics, games, merged names and owner. The tests check this
on a few dozen games (``tests/groups/test_group_backups.py``, in-process); this script does it
at a club's size, with the commands a host types, and says how long each step takes:

1. Fills a fresh SQLite instance folder through the app's services and API: ``--groups``
   groups (created with ``POST /api/v1/groups``, each with its owner token) sharing
   ``--games`` complete games unevenly (half, a third, ...), dated over a season of game
   nights (storage's clock set back, as the tests do), dealt by the tests' generator of
   issue 29 (``tests/groups/test_group_teams_property.py``: team play, Cities, Leaders, Armada,
   Babel and Edifice points, names spelt several ways), a Free City game and a few games still
   being entered in each group, every tenth game through ``POST /api/v1/groups/<id>/games``, a
   few corrected and locked afterwards, and ``--alone`` games in no group. Merges are made
   through the API between the games, as an owner would: a chosen name, one seating a player
   twice in a game, a chain, one moved, a circle (refused), one undone and the chain given
   back.
2. Runs ``flask --app scorer export`` there, ``import --dry-run`` and ``import`` into a
   throwaway PostgreSQL (``tests/postgres.py``, fsync on), ``export`` from it and ``import``
   into a second fresh SQLite instance folder (and ``export`` again, to compare the files), each
   as a subprocess with only ``SCORER_INSTANCE_PATH`` and ``SCORER_DATABASE_URL`` set, printing
   the command, its output and its time.
3. Reads, through the Flask test client on each of the three databases: every group's row
   (name, owner's hash, times), ``GET /api/v1/groups/<id>`` (its games), its ``stats``
   unfiltered and under three filters, ``aliases`` (the merges), ``results.csv``, every
   player's page, whether the owner's token still works (``DELETE .../aliases?source=`` a name
   never merged: 404 for the owner, 403 without the token), and ``GET /api/v1/games/<id>`` of
   every game (document, title, revision, lock and the score report); and the three backup
   files but for ``exported_at`` and the groups' revisions (a group's revision moves on with
   every game put into it, so that the caches keyed by it are never stale).

Prints "equal", or the first difference (where, and both values), and exits 1 on any
difference (or when a command fails).

    .venv/bin/python benchmarks/round_trip.py [--games 500] [--groups 3] [--alone 6] [--seed 28]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer import create_app, storage  # noqa: E402
from scorer.games import service as games_service  # noqa: E402
from scorer.groups import service as groups_service  # noqa: E402
from tests.groups.test_group_teams_property import free_city_game, random_document  # noqa: E402
from tests.postgres import running_cluster  # noqa: E402

GROUP_NAMES = ["Thursday", "Family", "Club Łódź", "Café Zoë", "Office", "Holidays"]
FLASK = str(Path(sys.executable).with_name("flask"))
#: the statistics' filters compared beside the unfiltered figures
FILTERS = ["?edition=first", "?expansions=cities", "?players=4"]
#: a name never merged anywhere: undoing its merge tells the owner (404) from a stranger (403)
NOBODY = "Nobody Merged"


@dataclass
class Club:
    owners: dict[str, str] = field(default_factory=dict)  # group id -> owner token
    complete: dict[str, int] = field(default_factory=dict)  # group id -> complete games
    entering: int = 0
    alone: int = 0
    merges: int = 0
    refused: list[str] = field(default_factory=list)
    undone: int = 0
    corrected: int = 0
    locked: int = 0


def game_nights(start: datetime):
    """Storage's clock: five or so games an evening, an evening every three or four days."""
    moment = start
    while True:
        for _ in range(5):
            moment += timedelta(minutes=50)
            yield moment
        moment = moment.replace(hour=19, minute=0) + timedelta(days=3 + moment.day % 2)


def merge_plan(phase: int) -> list[tuple[str, ...]]:
    """The merges an owner makes after a third of the group's games (1), after two thirds (2)
    and after the last (3): ``("merge", source, target, name or "")`` or ``("undo", source)``."""
    return {
        1: [("merge", "Ada L.", "ada", "Ada Lovelace"),  # a chosen name, the target as typed
            ("merge", "Bo", "Cy Young", ""),  # both sit in some games: one player twice there
            ("merge", "Ivo", "Jan", "")],
        2: [("merge", "Jan", "Kai", "Kai K."),  # a chain: Ivo -> Jan -> Kai
            ("merge", "Zoë", "Dara", ""),
            ("merge", "ZOË", "Eli", ""),  # moved: the earlier merge of Zoë is replaced
            ("merge", "Kai", "Ivo", "")],  # a circle: refused, they are one player already
        3: [("undo", "jan"),  # Ivo goes back to Jan, not to himself
            ("merge", "Gus", "Hana", "")],
    }[phase]


def run_merges(client, group_id: str, token: str, phase: int, club: Club) -> None:
    url = f"/api/v1/groups/{group_id}/aliases"
    headers = {"X-Owner-Token": token}
    for step in merge_plan(phase):
        if step[0] == "undo":
            answer = client.delete(f"{url}?source={quote(step[1])}", headers=headers)
            if answer.status_code != 204:
                club.refused.append(f"undo {step[1]}: {answer.status_code}")
            club.undone += answer.status_code == 204
            continue
        _, source, target, name = step
        answer = client.post(url, json={"source": source, "target": target, "name": name or None},
                             headers=headers)
        if answer.status_code == 200:
            club.merges += 1
        else:
            codes = ",".join(error["code"] for error in answer.get_json()["errors"])
            club.refused.append(f"{source} -> {target}: {answer.status_code} {codes}")


def shares(games: int, groups: int) -> list[int]:
    """Uneven group sizes: weights groups, groups - 1, ..., 1 (3 groups: 1/2, 1/3, 1/6)."""
    weights = list(range(groups, 0, -1))
    sizes = [games * weight // sum(weights) for weight in weights]
    sizes[0] += games - sum(sizes)
    return sizes


def fill(app, games: int, groups_wanted: int, alone: int, seed: int) -> Club:
    """The club's data, made as its members would (see the module's docstring)."""
    rng = random.Random(seed)
    club = Club()
    client = app.test_client()
    groups = []
    for number in range(groups_wanted):
        answer = client.post("/api/v1/groups", json={"name": GROUP_NAMES[number % len(GROUP_NAMES)]})
        assert answer.status_code == 201, answer.get_json()
        body = answer.get_json()
        club.owners[body["id"]] = body["owner_token"]
        club.complete[body["id"]] = 0
        groups.append(body["id"])
    sizes = dict(zip(groups, shares(games, groups_wanted), strict=True))
    schedule = [group_id for group_id in groups for _ in range(sizes[group_id])]
    rng.shuffle(schedule)
    clock = game_nights(datetime(2025, 9, 4, 19, tzinfo=UTC))
    real_now, storage._now = storage._now, lambda: next(clock)
    made: list[str] = []
    try:
        with app.app_context():
            loaded = {group_id: groups_service.load(group_id) for group_id in groups}
            for index, group_id in enumerate(schedule):
                document = random_document(rng)
                count = club.complete[group_id]
                if count in (5, sizes[group_id] // 2):  # a game still being entered beside it
                    unfinished = random_document(rng)
                    unfinished["players"][-1]["entered"] = False
                    groups_service.create_game(loaded[group_id], unfinished)
                    club.entering += 1
                if count == 7:
                    document = free_city_game()
                if index % 10 == 9:
                    answer = client.post(f"/api/v1/groups/{group_id}/games", json=document)
                    assert answer.status_code == 201, answer.get_json()
                    made.append(answer.get_json()["id"])
                else:
                    title = f"{loaded[group_id].name} {count + 1}" if rng.random() < 0.7 else None
                    made.append(groups_service.create_game(loaded[group_id], document,
                                                           title=title)[0])
                club.complete[group_id] = count + 1
                for phase in (1, 2):
                    if club.complete[group_id] == max(1, sizes[group_id] * phase // 3):
                        run_merges(client, group_id, club.owners[group_id], phase, club)
            for group_id in groups:
                run_merges(client, group_id, club.owners[group_id], 3, club)
            for index in range(alone):
                document = random_document(rng)
                if index == 0:
                    document["players"][0]["entered"] = False
                else:
                    title = f"Alone {index}" if index % 2 else None
                games_service.create_game(document, None if index == 0 else title)
                club.alone += 1

            def correction(document):
                document["players"][1]["coins"] += 7
                return document

            for game_id in rng.sample(made, min(12, len(made))):
                club.corrected += storage.modify_game(game_id, correction) is not None
            for game_id in rng.sample(made, min(9, len(made))):
                club.locked += storage.set_locked(game_id, True)
    finally:
        storage._now = real_now
    return club


# -- the commands -----------------------------------------------------------------------------

def flask(command: list[str], environment: dict[str, str], commands: list[str]) -> str:
    """Run ``flask --app scorer ...`` as a host would, print and note the command; its output."""
    shown = " ".join(f"{name}={shlex.quote(value)}" for name, value in environment.items())
    line = f"{shown} {shlex.join([FLASK, '--app', 'scorer', *command])}"
    commands.append(line)
    env = {name: value for name, value in os.environ.items() if not name.startswith("SCORER_")}
    started = time.perf_counter()
    done = subprocess.run([FLASK, "--app", "scorer", *command], cwd=ROOT, env={**env, **environment},
                          capture_output=True, text=True)
    took = time.perf_counter() - started
    print(f"  $ {line}\n    ({took:.1f} s, exit {done.returncode})")
    for text in (done.stdout, done.stderr):
        for output in text.strip().splitlines():
            print(f"    {output}")
    if done.returncode != 0:
        raise SystemExit(f"failed: {line}")
    return done.stdout


# -- reading and comparing --------------------------------------------------------------------

def state(app, owners: dict[str, str]) -> dict:
    """Everything the club sees, per group and per game, read through the test client."""
    client = app.test_client()
    with app.app_context():
        games, groups, _merges = storage.snapshot()
    found: dict = {"groups": {}, "games": {},
                   "in no group": sorted(saved.id for saved in games if saved.group_pk is None)}
    for group in groups:
        url = f"/api/v1/groups/{group.id}"
        stats = client.get(url + "/stats").get_json()
        owned = client.delete(url + f"/aliases?source={quote(NOBODY)}",
                              headers={"X-Owner-Token": owners.get(group.id, "")}).status_code
        stranger = client.delete(url + f"/aliases?source={quote(NOBODY)}").status_code
        found["groups"][group.id] = {
            "name": group.name, "owner_token_hash": group.owner_token_hash,
            "created_at": group.created_at.isoformat(), "updated_at": group.updated_at.isoformat(),
            "read": client.get(url).get_json(), "stats": stats,
            **{f"stats{query}": client.get(url + "/stats" + query).get_json() for query in FILTERS},
            "merges": client.get(url + "/aliases").get_json(),
            "csv": client.get(url + "/results.csv").get_data(as_text=True),
            "players": {player["name"]: client.get(f"{url}/players/{quote(player['name'])}").get_json()
                        for player in stats["players"]},
            "owner's token, stranger": [owned, stranger]}
    for saved in games:
        found["games"][saved.id] = client.get(f"/api/v1/games/{saved.id}").get_json()
    return found


def first_difference(left, right, where: str = "") -> str | None:
    """Where two JSON values first differ, with both values; None when they are equal."""
    if isinstance(left, dict) and isinstance(right, dict):
        for key in sorted(set(left) | set(right), key=str):
            if key not in left or key not in right:
                return f"{where}.{key}: only in the {'first' if key in left else 'second'}"
            found = first_difference(left[key], right[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(left, list) and isinstance(right, list):
        for index, (one, other) in enumerate(zip(left, right, strict=False)):
            found = first_difference(one, other, f"{where}[{index}]")
            if found:
                return found
        if len(left) != len(right):
            return f"{where}: {len(left)} items, then {len(right)}"
        return None
    if isinstance(left, str) and isinstance(right, str) and "\n" in left + right and left != right:
        ones, others = left.splitlines(), right.splitlines()  # a CSV: its first line that differs
        for number, (one, other) in enumerate(zip(ones, others, strict=False), start=1):
            if one != other:
                return f"{where}, line {number}: {shorten(one)} != {shorten(other)}"
        return f"{where}: {len(ones)} lines, then {len(others)}"
    if type(left) is not type(right) or left != right:
        return f"{where}: {shorten(left)} != {shorten(right)}"
    return None


def shorten(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 200 else text[:200] + "..."


def backup_file(path: Path) -> dict:
    """A backup but for the moment it was made and the groups' revisions."""
    data = json.loads(path.read_text("utf-8"))
    data.pop("exported_at")
    for group in data["groups"]:
        group.pop("revision")
    return data


def read_all(label: str, url: str, owners: dict[str, str]) -> dict:
    app = create_app({"TESTING": True, "SECRET_KEY": "round trip", "DATABASE_URL": url})
    started = time.perf_counter()
    found = state(app, owners)
    players = sum(len(group["players"]) for group in found["groups"].values())
    print(f"  {label}: {len(found['groups'])} groups, {players} player pages, "
          f"{len(found['games'])} games read in {time.perf_counter() - started:.1f} s")
    dispose(app)
    return found


def dispose(app) -> None:
    for engine in app.extensions.get("scorer.storage", {}).values():
        engine.dispose()


# -- the run ----------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500, help="complete games in the groups")
    parser.add_argument("--groups", type=int, default=3)
    parser.add_argument("--alone", type=int, default=6, help="games in no group")
    parser.add_argument("--seed", type=int, default=28)
    arguments = parser.parse_args()
    commands: list[str] = []
    differences: list[str] = []
    with tempfile.TemporaryDirectory(prefix="round-trip-") as folder_name:
        folder = Path(folder_name)
        first, second = folder / "sqlite-first", folder / "sqlite-second"
        first.mkdir()
        second.mkdir()
        print(f"round trip of a club's data (seed {arguments.seed}) in {folder}; load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        app = create_app({"TESTING": True, "SECRET_KEY": "round trip",
                          "DATABASE": str(first / "scorer.sqlite")})
        started = time.perf_counter()
        club = fill(app, arguments.games, arguments.groups, arguments.alone, arguments.seed)
        dispose(app)
        print(f"fill (SQLite, services and API): {sum(club.complete.values())} complete games in "
              f"{len(club.owners)} groups ({', '.join(map(str, club.complete.values()))}), "
              f"{club.entering} more being entered, {club.alone} in no group; {club.merges} merges "
              f"made, {club.undone} undone, {len(club.refused)} refused; {club.corrected} games "
              f"corrected, {club.locked} locked: {time.perf_counter() - started:.1f} s")
        for refused in club.refused:
            print(f"  refused: {refused}")
        with running_cluster(durable=True) as cluster:
            print("commands (from " + str(ROOT) + "):")
            on_first = {"SCORER_INSTANCE_PATH": str(first)}
            on_postgres = {"SCORER_INSTANCE_PATH": str(folder / "postgresql"),
                           "SCORER_DATABASE_URL": cluster.url()}
            on_second = {"SCORER_INSTANCE_PATH": str(second)}
            flask(["export", str(folder / "sqlite-first.json")], on_first, commands)
            flask(["import", "--dry-run", str(folder / "sqlite-first.json")], on_postgres, commands)
            flask(["import", str(folder / "sqlite-first.json")], on_postgres, commands)
            flask(["export", str(folder / "postgresql.json")], on_postgres, commands)
            flask(["import", str(folder / "postgresql.json")], on_second, commands)
            flask(["export", str(folder / "sqlite-second.json")], on_second, commands)
            print("reading every group and game (Flask test client):")
            before = read_all("SQLite (first)", "sqlite:///" + str(first / "scorer.sqlite"),
                              club.owners)
            moved = read_all("PostgreSQL", cluster.url(), club.owners)
        back = read_all("SQLite (second)", "sqlite:///" + str(second / "scorer.sqlite"), club.owners)
        expected = sum(club.complete.values()) + club.entering + club.alone
        if len(before["games"]) != expected or len(before["groups"]) != arguments.groups:
            differences.append(f"the first database holds {len(before['groups'])} groups and "
                               f"{len(before['games'])} games, not {arguments.groups} and {expected}")
        for group_id, group in before["groups"].items():
            answers = group["owner's token, stranger"]
            if answers != [404, 403]:
                differences.append(f"group {group_id}: the owner's token and none answer "
                                   f"{answers}, not [404, 403]")
        for label, found in (("PostgreSQL", moved), ("SQLite (second)", back)):
            difference = first_difference(before, found)
            print(f"  {label} against SQLite (first): {difference or 'equal'}")
            if difference:
                differences.append(f"{label}: {difference}")
        files = {name: backup_file(folder / f"{name}.json")
                 for name in ("sqlite-first", "postgresql", "sqlite-second")}
        for name in ("postgresql", "sqlite-second"):
            difference = first_difference(files["sqlite-first"], files[name])
            print(f"  backup file {name}.json against sqlite-first.json (but exported_at and the "
                  f"groups' revisions): {difference or 'equal'}")
            if difference:
                differences.append(f"{name}.json: {difference}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    print("the commands, in order:")
    for line in commands:
        print(f"  {line}")
    print("equal" if not differences else "DIFFERENT: " + differences[0])
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
