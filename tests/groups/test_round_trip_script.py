"""benchmarks/round_trip.py (issue 28) says "equal" only when the three databases agree: its
reading sees a merge undone, a game corrected and an owner changed, its comparison names where
two values differ, and a small run through the real commands and PostgreSQL ends "equal"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import round_trip
from scorer import storage
from scorer.groups import service

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_first_difference_is_named_with_both_values():
    same = {"a": [1, {"b": "x"}], "c": 2.5}
    assert round_trip.first_difference(same, {"c": 2.5, "a": [1, {"b": "x"}]}) is None
    assert round_trip.first_difference(same, {"a": [1, {"b": "y"}], "c": 2.5}) == '.a[1].b: "x" != "y"'
    assert round_trip.first_difference(same, {"a": [1], "c": 2.5}) == ".a: 2 items, then 1"
    assert round_trip.first_difference(same, {"a": [1, {"b": "x"}]}) == ".c: only in the first"
    assert round_trip.first_difference({"n": 1}, {"n": 1.0}) == ".n: 1 != 1.0"
    assert round_trip.first_difference({"csv": "a,b\r\n1,2\r\n3,4\r\n"}, {"csv": "a,b\r\n1,2\r\n3,5\r\n"}) \
        == '.csv, line 3: "3,4" != "3,5"'
    assert round_trip.first_difference("a\nb", "a\nb\nc") == ": 2 lines, then 3"


def test_what_it_reads_changes_with_a_merge_a_correction_and_an_owner(app):
    club = round_trip.fill(app, games=24, groups_wanted=2, alone=1, seed=28)
    assert sum(club.complete.values()) == 24 and club.alone == 1 and club.merges > 0
    before = round_trip.state(app, club.owners)
    assert round_trip.first_difference(before, round_trip.state(app, club.owners)) is None
    assert all(group["owner's token, stranger"] == [404, 403] for group in before["groups"].values())
    group_id = next(iter(before["groups"]))
    merged = before["groups"][group_id]["merges"][0]["source"]
    with app.app_context():
        service.unmerge(service.load(group_id), merged)
    undone = round_trip.state(app, club.owners)
    assert round_trip.first_difference(before, undone).startswith(f".groups.{group_id}.")
    game_id = before["groups"][group_id]["read"]["games"][0]["id"]

    def correction(document):
        document["players"][0]["coins"] += 3
        return document

    with app.app_context():
        storage.modify_game(game_id, correction)
    corrected = round_trip.state(app, club.owners)
    assert round_trip.first_difference(undone, corrected).startswith(f".games.{game_id}.")
    with app.app_context():
        service.set_owner(service.load(group_id), "someone else")
    handed = round_trip.state(app, club.owners)
    assert round_trip.first_difference(corrected, handed).startswith(f".groups.{group_id}.")
    assert handed["groups"][group_id]["owner's token, stranger"] == [403, 403]


@pytest.mark.postgresql
def test_a_small_round_trip_through_the_commands_is_equal(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "round_trip.py"), "--games", "24",
                           "--groups", "2", "--alone", "1"], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "equal"
    assert "    Imported 2 groups with" in done.stdout and "0 replaced; 0 skipped." in done.stdout
    assert sum("against" in line and line.endswith(": equal") for line in lines) == 4
    assert sum(line.startswith("  SCORER_INSTANCE_PATH=") for line in lines) == 6

