"""The group's tally (scorer/groups/tally.py, scorer/groups/tallied.py) kept across changes
equals a full recount: after every step of random sequences of new games, corrections, games
completed, deleted, taken out of the group and put back, merged and unmerged names, two
changes of one game between two reads, and results changed as a rebuild changes them (no
save: counted in the game's results revision, or in the group's own) and put back by ``stats
rebuild``, the statistics, the timeline, the winning totals and the filter choices made from
the tally equal those the database counts from every result
(:func:`scorer.groups.statistics.recount`), under several filters. And a correction reads
only the corrected game's rows."""
from __future__ import annotations

import random

import pytest
from sqlalchemy import select, update

from scorer import storage
from scorer.groups import service, statistics, tallied, tally
from scorer.groups.statistics import Filters
from scorer.storage.results import rebuild
from scorer.storage.revisions import touch_game_results, touch_results
from scorer.storage.schema import game, result
from tests import helpers

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fi", "ada "]
FILTERS = (Filters(), Filters(edition="first"), Filters(players=3), Filters(expansions=()))


def dealt(rng: random.Random, entered: bool = True) -> dict:
    document = helpers.deal(rng, rng.randint(3, 5), rng.choice(["first", "second"]))
    for city, name in zip(document["players"], rng.sample(NAMES[:6], 5), strict=False):
        city["name"] = name
        city["entered"] = entered
    if rng.random() < 0.3:  # a tie on points somewhere
        document["players"][1]["coins"] = document["players"][0]["coins"]
    return document


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


def assert_recounted(group) -> None:
    for filters in FILTERS:
        assert tallied.statistics(group, filters) == statistics.recount(group, filters), filters
        assert tallied.timeline(group, filters) == statistics.timeline(group, filters), filters
        assert tallied.winning_totals(group, filters) == statistics.winning_totals(group, filters)
    assert tallied.available_filters(group) == statistics.available_filters(group)


def correct(rng: random.Random):
    def change(document):
        city = rng.choice(document["players"])
        if rng.random() < 0.5:
            city["coins"] = rng.randrange(0, 30)
        else:
            city["name"] = rng.choice(NAMES)
        return document
    return change


@pytest.mark.parametrize("seed", range(3))
def test_the_tally_equals_a_recount_after_any_changes(ctx, seed):
    rng = random.Random(seed)
    group = service.create("Club", None)
    other = service.create("Elsewhere", None)
    games = [service.create_game(group, dealt(rng))[0] for _ in range(4)]
    outside: list[str] = []
    assert_recounted(group)
    for _step in range(30):
        step = rng.random()
        if step < 0.2:
            games.append(service.create_game(group, dealt(rng, entered=rng.random() < 0.8))[0])
        elif step < 0.45 and games:
            storage.modify_game(rng.choice(games), correct(rng))
        elif step < 0.5 and games:  # one game changed twice between two reads
            chosen = rng.choice(games)
            storage.modify_game(chosen, correct(rng))
            storage.modify_game(chosen, correct(rng))
        elif step < 0.55 and games:  # an unfinished game completes
            def complete(document):
                for city in document["players"]:
                    city["entered"] = True
                return document
            storage.modify_game(rng.choice(games), complete)
        elif step < 0.62 and games:
            storage.delete_game(games.pop(rng.randrange(len(games))))
        elif step < 0.7 and games:
            taken = games.pop(rng.randrange(len(games)))
            assert service.remove_game(group, taken)
            if rng.random() < 0.5:
                assert service.add_game(other, taken)
            outside.append(taken)
        elif step < 0.76 and outside:
            back = outside.pop(rng.randrange(len(outside)))
            assert service.add_game(group, back)
            games.append(back)
        elif step < 0.84:
            try:
                service.merge(group, rng.choice(NAMES[:6]), rng.choice(NAMES[:6]))
            except service.Refused:
                pass
        elif step < 0.9:
            for found in service.merges_of(group):
                service.unmerge(group, found["source"])
                break
        elif step < 0.95 and games:  # a game's results changed as a rebuild after a fix of
            # the rules changes them (no save: the game's revision stays), counted in the
            # game's results revision, or (a change the games do not account for) the group's
            with storage.get_engine().begin() as connection:
                chosen = connection.execute(select(game.c.id).where(
                    game.c.public_id == rng.choice(games))).scalar()
                connection.execute(update(result).where(result.c.game_id == chosen,
                                                        result.c.seat == rng.randrange(3))
                                   .values(total=rng.randrange(20, 99)))
                if rng.random() < 0.5:
                    touch_game_results(connection, chosen)
                else:
                    touch_results(connection, group.pk)
        else:  # the rebuild puts them back as the documents say
            rebuild(storage.get_engine())
        if rng.random() < 0.8:  # sometimes two steps between two reads
            assert_recounted(group)
    assert_recounted(group)


def test_a_correction_reads_only_its_game(ctx, monkeypatch):
    rng = random.Random(7)
    group = service.create("Club", None)
    games = [service.create_game(group, dealt(rng))[0] for _ in range(6)]
    tallied.statistics(group)
    reads = []
    real = tally.read_rows
    monkeypatch.setattr(tally, "read_rows",
                        lambda connection, pk, chosen=None: reads.append(chosen)
                        or real(connection, pk, chosen))
    storage.modify_game(games[2], correct(rng))
    assert tallied.statistics(group) == statistics.recount(group)
    with storage.get_engine().connect() as connection:
        game_pk = connection.execute(select(game.c.id).where(game.c.public_id == games[2])).scalar()
    assert reads == [[game_pk]]


def test_the_charts_read_the_tally_their_statistics_brought_up_to_date(ctx, monkeypatch):
    """The page's statistics bring the tally to the group's results revision; its charts and
    filter choices, asked with the same group (the same revision), then read no row, no stamp
    and no revision; asked with the group of a later revision, they read again."""
    rng = random.Random(11)
    group = service.create("Club", None)
    games = [service.create_game(group, dealt(rng))[0] for _ in range(3)]
    group = service.load(group.id)
    tallied.statistics(group)
    real = tally.read_stamps
    for name in ("results_revision", "read_stamps", "read_rows"):
        monkeypatch.setattr(tally, name, lambda *args: pytest.fail("read again"))
    assert tallied.timeline(group, Filters()) == statistics.timeline(group, Filters())
    assert tallied.winning_totals(group, Filters()) == statistics.winning_totals(group, Filters())
    assert tallied.available_filters(group) == statistics.available_filters(group)
    monkeypatch.undo()
    reads = []
    monkeypatch.setattr(tally, "read_stamps", lambda *args: reads.append(1) or real(*args))

    def higher(document):
        document["players"][0]["coins"] = (document["players"][0]["coins"] + 3) % 30
        return document
    storage.modify_game(games[0], higher)
    group = service.load(group.id)
    assert tallied.timeline(group, Filters()) == statistics.timeline(group, Filters())
    assert reads == [1]


def test_the_winning_totals_and_filter_choices_read_no_merges(ctx, monkeypatch):
    """What reads the counted rows only (the winning totals' chart, the filter choices) does
    not read the group's merged names (a query each, on every count of the page); what names
    players reads them once per state of the tally: the statistics read them, the timeline
    of the same count takes those; after a merge (the results revision rises) they are read
    again and the figures follow it."""
    rng = random.Random(12)
    group = service.create("Club", None)
    games = [service.create_game(group, dealt(rng))[0] for _ in range(3)]
    service.merge(group, "Bo", "Ada")
    group = service.load(group.id)
    read = []
    real = statistics.aliases
    monkeypatch.setattr(statistics, "aliases", lambda pk: read.append(pk) or real(pk))
    assert tallied.statistics(group) == statistics.recount(group)
    assert len(read) == 2  # the recount's, the tally's
    read.clear()
    tallied.winning_totals(group, Filters())
    tallied.available_filters(group)
    assert read == []
    assert tallied.timeline(group, Filters()) == statistics.timeline(group, Filters())
    assert len(read) == 1  # the recount's
    service.merge(group, "Cy", "Ada")
    group = service.load(group.id)
    read.clear()
    assert tallied.statistics(group) == statistics.recount(group)
    assert tallied.timeline(group, Filters()) == statistics.timeline(group, Filters())
    assert len(read) == 3  # the tally's, once, and the recount's and its timeline's
    read.clear()
    storage.modify_game(games[0], lambda document: {**document, "players": [
        {**document["players"][0], "coins": (document["players"][0]["coins"] + 3) % 30},
        *document["players"][1:]]})
    group = service.load(group.id)  # a correction (its game's stamp explains it): no merge
    assert tallied.statistics(group) == statistics.recount(group)
    assert len(read) == 1  # the recount's: the tally keeps the merged names it read
    service.unmerge(group, "Cy")  # undone: the names are read again, the figures follow
    group = service.load(group.id)
    read.clear()
    assert tallied.statistics(group) == statistics.recount(group)
    assert len(read) == 2


def test_the_digest_is_made_once_per_tally_state_and_merged_names(ctx, monkeypatch):
    """The statistics and the timeline of one count share the digest of the players' sums
    (made once); a change of the rows or of the merged names makes it again, and every
    answer still equals the recount."""
    rng = random.Random(13)
    group = service.create("Club", None)
    games = [service.create_game(group, dealt(rng))[0] for _ in range(3)]
    made = []
    real = tallied.made_digest
    monkeypatch.setattr(tallied, "made_digest", lambda *args: made.append(1) or real(*args))
    group = service.load(group.id)
    assert tallied.statistics(group) == statistics.recount(group)
    assert tallied.timeline(group, Filters()) == statistics.timeline(group, Filters())
    assert len(made) == 1
    storage.modify_game(games[0], correct(rng))
    group = service.load(group.id)
    assert_recounted(group)
    made.clear()
    service.merge(group, "Cy", "Di")
    group = service.load(group.id)
    assert tallied.statistics(group) == statistics.recount(group)
    assert tallied.timeline(group, Filters()) == statistics.timeline(group, Filters())
    assert len(made) == 1


def test_the_revision_stamps_and_rows_are_read_in_one_snapshot(ctx):
    """The tally reads the group's results revision, its games' stamps and the changed rows
    through the driver's cursor, which begins no transaction itself: they are read after one
    BEGIN (SQLite's snapshot), and the figures still equal the recount."""
    from tests.groups.test_group_pages import sqlite_statements

    rng = random.Random(14)
    group = service.create("Club", None)
    games = [service.create_game(group, dealt(rng))[0] for _ in range(3)]
    tallied.statistics(service.load(group.id))

    def higher(document):
        document["players"][0]["coins"] = (document["players"][0]["coins"] + 3) % 30
        return document
    storage.modify_game(games[1], higher)
    figures, seen = sqlite_statements(ctx, lambda: tallied.statistics(service.load(group.id)))
    assert figures == statistics.recount(service.load(group.id))
    revision = next(index for index, statement in enumerate(seen)
                    if "select results_revision +" in statement)
    rows = next(index for index, statement in enumerate(seen)
                if statement.startswith("select game_id,") and "from result" in statement)
    assert seen[revision - 1] == "begin" and revision < rows
    assert "commit" not in seen[revision:rows] and "rollback" not in seen[revision:rows]
