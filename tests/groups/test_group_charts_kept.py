"""The group page after a correction (issue 31): its charts are kept by their data, its numbers
and dates per language, and what the timeline counts equals the statistics' own count.

Each kept value must be the one drawn afresh from the same data in the same language: a chart
whose data changed (one total, one mean, -0.0 for 0.0, 1.0 for 1) or asked for in another
language is drawn again; the same data in the same language is not drawn twice.
"""

from __future__ import annotations

import dataclasses
import random
import re
from datetime import UTC, datetime, timedelta

import pytest

from scorer.groups import service
from scorer.groups.statistics import Counted, Filters, games_played, players_digest
from scorer.storage import get_engine
from scorer.storage.schema import result
from scorer.web import chart_memo, group_charts
from scorer.web.figures import fixed, moment_labels, percent, whole
from scorer.web.memo import RevisionMemo
from tests import helpers

MOMENTS = tuple(datetime(2026, 11, 26, 19, tzinfo=UTC) + timedelta(minutes=50 * n) for n in range(6))
SERIES = (("Ada", (50, 61, None, 47, 55, 58)), ("Bo", (44, 39, 52, 60, None, 41)))
ROWS = ("military", "treasury", "wonder")
PLAYERS = (("Ada", (3.5, 4.25, 5.0)), ("Bo", (-0.5, 2.0, 3.0)))


def fresh(function, *data):
    """The chart drawn now by pygal, past the memo and the totals chart's kept frames."""
    kept = dict(group_charts.TOTALS_FRAMES)
    group_charts.TOTALS_FRAMES.clear()
    try:
        return function.__wrapped__(*data)
    finally:
        group_charts.TOTALS_FRAMES.clear()
        group_charts.TOTALS_FRAMES.update(kept)


@pytest.fixture
def drawings(app, monkeypatch):
    """How many charts pygal drew."""
    drawn = []
    original = group_charts.drawn_tree
    monkeypatch.setattr(group_charts, "drawn_tree",
                        lambda *a, **k: drawn.append(1) or original(*a, **k))
    return drawn


def in_language(app, language: str):
    return app.test_request_context("/", headers={"Accept-Language": language})


def test_a_chart_is_drawn_once_per_data_and_language(app, drawings):
    with in_language(app, "en"):
        first = group_charts.totals_chart(MOMENTS, SERIES)
        assert group_charts.totals_chart(MOMENTS, SERIES) is first
        assert len(drawings) == 1
        assert first == fresh(group_charts.totals_chart, MOMENTS, SERIES)
    with in_language(app, "pl"):
        polish = group_charts.totals_chart(MOMENTS, SERIES)
        assert polish.title != first.title and polish.svg != first.svg
        assert polish == fresh(group_charts.totals_chart, MOMENTS, SERIES)
    assert len(drawings) == 4  # English, Polish, and each drawn afresh
    assert len(chart_memo_of(app)) == 2


def chart_memo_of(app) -> RevisionMemo:
    return app.extensions[chart_memo.EXTENSION]


@pytest.mark.parametrize("changed", [
    (("Ada", (50, 61, None, 47, 55, 59)), SERIES[1]),  # one total
    (("Ada", (50, 61, 40, 47, 55, 58)), SERIES[1]),    # a game played that was not
    (SERIES[1], SERIES[0]),                            # the order of the players
    (("Ada", SERIES[0][1]), ("Cy", SERIES[1][1])),     # a name
])
def test_a_totals_chart_whose_data_changed_is_drawn_again(app, changed):
    with in_language(app, "en"):
        before = group_charts.totals_chart(MOMENTS, SERIES)
        after = group_charts.totals_chart(MOMENTS, changed)
        assert after.svg != before.svg
        assert after == fresh(group_charts.totals_chart, MOMENTS, changed)
        later = MOMENTS[:-1] + (MOMENTS[-1] + timedelta(days=1),)
        moved = group_charts.totals_chart(later, SERIES)
        assert moved.svg != before.svg and moved == fresh(group_charts.totals_chart, later, SERIES)


@pytest.mark.parametrize("changed", [
    (("Ada", (3.5, 4.26, 5.0)), PLAYERS[1]),   # one mean, by a hundredth
    (PLAYERS[0], ("Bo", (-0.0, 2.0, 3.0))),    # -0.5 -> -0.0
    (PLAYERS[0], ("Bo", (0.0, 2.0, 3.0))),     # -0.0 -> 0.0: equal as numbers, not as drawn
    (PLAYERS[0], ("Bo", (-0.5, 2, 3.0))),      # 2.0 -> 2
])
def test_a_rows_chart_whose_data_changed_is_drawn_again(app, changed):
    with in_language(app, "en"):
        shown = {}
        for players in (PLAYERS, (PLAYERS[0], ("Bo", (-0.0, 2.0, 3.0))), changed):
            chart = group_charts.rows_chart(ROWS, players)
            assert chart == fresh(group_charts.rows_chart, ROWS, players)
            shown[repr(players)] = chart
        assert group_charts.rows_chart(ROWS, changed) is shown[repr(changed)]


def test_the_wonders_and_spread_charts_follow_their_data_and_language(app):
    wonders = (("rhodes", "A", 0.5, 1, 2), ("gizah", "B", 0.0, 0, 1))
    for language in ("en", "nl", "pl"):
        with in_language(app, language):
            for data in (wonders, wonders[:1], (("rhodes", "A", 1.0, 2, 2),) + wonders[1:]):
                assert group_charts.wonders_chart(data) == fresh(group_charts.wonders_chart, data)
            for totals in ((61, 64, 70), (61, 64, 71), (61, 64, 76)):
                bins = group_charts.spread_bins(totals)
                assert group_charts.spread_chart(bins) == fresh(group_charts.spread_chart, bins)


def test_the_spread_chart_is_kept_by_its_bins(app, drawings):
    """The winning totals' chart draws how many games each bin of 5 points holds: totals that
    move within their bins draw the same bars (the chart kept), a total that moves to another
    bin draws other bars, and the bins the page lists beside it are those of the totals."""
    assert group_charts.spread_bins((61, 64, 70)) == ((60, 2), (65, 0), (70, 1))
    assert group_charts.spread_bins((-3, 2)) == ((-5, 1), (0, 1))
    assert group_charts.spread_bins(()) == ()
    with in_language(app, "en"):
        first = group_charts.spread_chart(group_charts.spread_bins((61, 64, 70)))
        assert group_charts.spread_chart(group_charts.spread_bins((60, 62, 74))) is first
        assert len(drawings) == 1
        moved = group_charts.spread_chart(group_charts.spread_bins((61, 65, 70)))
        assert moved.svg != first.svg and len(drawings) == 2
        assert group_charts.spread_chart(()) is None
        assert group_charts.bin_labels(((60, 2), (65, 0))) == [("60–64", 2), ("65–69", 0)]


def test_the_memo_drops_the_least_recently_used_chart(app, drawings):
    app.config["GROUP_CHARTS_KEPT"] = 2
    with in_language(app, "en"):
        group_charts.spread_chart(((60, 1),))
        group_charts.spread_chart(((65, 1),))
        group_charts.spread_chart(((60, 1),))  # kept
        group_charts.spread_chart(((70, 1),))  # drops ((65, 1),)
        group_charts.spread_chart(((65, 1),))
        assert len(drawings) == 4
        assert len(chart_memo_of(app)) == 2


@pytest.mark.parametrize(("language", "texts"), [
    ("en", ["1,234.5", "\N{MINUS SIGN}0.0", "0.0", "\N{MINUS SIGN}0", "0", "50%", "1,234", "2"]),
    ("nl", ["1.234,5", "\N{MINUS SIGN}0,0", "0,0", "\N{MINUS SIGN}0", "0", "50%", "1.234", "2"]),
    ("pl", ["1\xa0234,5", "\N{MINUS SIGN}0,0", "0,0", "\N{MINUS SIGN}0", "0", "50%", "1\xa0234", "2"]),
])
def test_numbers_are_written_in_each_language_whatever_was_written_before(app, language, texts):
    for earlier in ("en", "nl", "pl"):  # each language's texts kept first
        with in_language(app, earlier):
            fixed(1234.5), fixed(-0.0), percent(0.5), whole(1234)
        with in_language(app, language):
            assert [fixed(1234.5), fixed(-0.0), fixed(0.0), fixed(-0.0, 0), fixed(0.0, 0),
                    percent(0.5), whole(1234), whole(2.0)] == texts


def test_moment_labels_follow_the_language_and_the_moments(app):
    with in_language(app, "en"):
        english = moment_labels(list(MOMENTS))
        assert english[0] == "Nov 26, 2026, 7:00\N{NARROW NO-BREAK SPACE}PM"
        apart = [MOMENTS[0], MOMENTS[0] + timedelta(days=3)]
        assert moment_labels(apart) == ["Nov 26, 2026", "Nov 29, 2026"]
        assert moment_labels(apart, short=True) == ["Nov 26", "Nov 29"]
    with in_language(app, "pl"):
        assert moment_labels(list(MOMENTS)) != english
        assert moment_labels(apart) == ["26 lis 2026", "29 lis 2026"]


def recounted(counted: Counted) -> tuple[dict, dict, dict]:
    """Each player's [games, wins, shared wins, sum of totals, best, sum of ranks, team games,
    team wins], count of each total and name shown, counted from every result row in Python."""
    figures: dict[str, list[int]] = {}
    totals: dict[str, dict[int, int]] = {}
    latest: dict[str, tuple] = {}
    with get_engine().connect() as connection:
        rows = connection.execute(counted.select(
            result, result.c.name_key, result.c.name, result.c.total, result.c.rank,
            result.c.winners, result.c.team, result.c.game_id)).all()
    for key, name, total, rank, winners, team, game in sorted(rows):
        player = counted.player(key)
        won = rank == 1
        found = figures.setdefault(player, [0, 0, 0, 0, total, 0, 0, 0])
        for index, value in enumerate((1, won, won and winners > 1, total, 0, rank, team != "",
                                       won and team != "")):
            found[index] += value
        found[4] = max(found[4], total)
        totals.setdefault(player, {}).setdefault(total, 0)
        totals[player][total] += 1
        if player not in latest or game > latest[player][0]:
            latest[player] = (game, name)
    return figures, totals, {player: counted.shown.get(player, name)
                             for player, (_game, name) in latest.items()}


def test_the_players_digest_and_the_timelines_counts_equal_a_recount(app):
    """The digest's two aggregates (sums per name typed, counts of each total), added up per
    player after merged names, equal a count of every result row; the timeline's counts of
    games and names are the digest's."""
    rng = random.Random(31)
    names = ["Ada", "ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
    with app.app_context():
        group = service.create("Club", None)
        for number in range(40):
            document = helpers.deal(rng, rng.randint(3, 6))
            for city, name in zip(document["players"], rng.sample(names[1:] if number % 2 else
                                                                  names[:1] + names[2:], 6),
                                  strict=False):
                city["name"], city["entered"] = name, True
            service.create_game(group, document)
        for source, target, shown in (("Bo", "Cy", None), ("Di", "Ed", "Edward"), ("Cy", "Flo", None),
                                      (None, None, None)):
            for filters in (Filters(), Filters(players=4)):
                counted = Counted(service.load(group.id), filters)
                with get_engine().connect() as connection:
                    digest = players_digest(connection, counted)
                    games, shown_names = games_played(connection, counted)
                figures, totals, shown_by_rows = recounted(counted)
                assert digest.figures == figures and list(digest.figures) == list(figures)
                assert {player: dict(counts) for player, counts in digest.totals.items()} == totals
                assert digest.names == shown_by_rows == shown_names
                assert games == {player: found[0] for player, found in figures.items()}
            if source:
                service.merge(service.load(group.id), source, target, shown)


def test_the_quicker_pygal_classes_draw_what_pygals_own_draw(app, monkeypatch):
    """QuickState's attribute lookup and SerieConfig's listed names change no byte of a chart,
    but for the tooltips' texts, which it leaves out (pygal's script, which shows them, is
    removed: the chart is an image): pygal's own charts without their ``<desc>`` elements."""
    import pygal
    import pygal.config
    import pygal.graph.base

    def charts() -> list:
        with in_language(app, "nl"):
            return [fresh(group_charts.totals_chart, MOMENTS, SERIES),
                    fresh(group_charts.rows_chart, ROWS, PLAYERS),
                    fresh(group_charts.spread_chart, group_charts.spread_bins((61, 64, 70, 83)))]

    quick = charts()
    assert pygal.graph.base.SerieConfig is group_charts.SerieConfig
    monkeypatch.setattr(pygal.graph.base, "SerieConfig", pygal.config.SerieConfig)
    for name in ("Line", "StackedBar", "Bar"):
        monkeypatch.setattr(group_charts, name, getattr(pygal, name))
    own = charts()
    assert all("<desc" in chart.svg for chart in own)
    assert [dataclasses.replace(chart, svg=re.sub(r"<desc[^>]*>[^<]*</desc>", "", chart.svg))
            for chart in own] == quick
    assert all("<desc" not in chart.svg for chart in quick)


def test_a_kept_style_sheet_is_the_one_pygal_writes(app, monkeypatch):
    """The style sheet kept for a chart's sheets, colours, strokes and style is byte for byte
    the one pygal writes afresh; charts of other colours or series (another number of
    players, of rows) get their own, and pygal's own charts never use the kept ones."""
    import pygal

    def charts(series=SERIES, rows=ROWS) -> list:
        with in_language(app, "pl"):
            return [fresh(group_charts.totals_chart, MOMENTS, series),
                    fresh(group_charts.rows_chart, rows, PLAYERS),
                    fresh(group_charts.spread_chart, group_charts.spread_bins((61, 64, 70)))]

    group_charts.STYLE_SHEETS.clear()
    first = charts()
    kept = len(group_charts.STYLE_SHEETS)
    assert kept == 3 and charts() == first
    three = (*SERIES, ("Cy", (40, 41, 42, 43, 44, 45)))
    fewer = (ROWS[:2], (("Ada", (3.5, 4.25)), ("Bo", (-0.5, 2.0))))
    with in_language(app, "pl"):
        again = [fresh(group_charts.totals_chart, MOMENTS, three),
                 fresh(group_charts.rows_chart, *fewer)]
    assert len(group_charts.STYLE_SHEETS) == kept + 2
    monkeypatch.setattr(group_charts, "STYLE_SHEETS", {})
    with in_language(app, "pl"):
        drawn_anew = [fresh(group_charts.totals_chart, MOMENTS, three),
                      fresh(group_charts.rows_chart, *fewer)]
    assert again == drawn_anew and charts() == first
    assert len(group_charts.STYLE_SHEETS) == 5
    own = pygal.Line(**group_charts.config(group_charts.by_place(["#0072b2"])))
    own.add("x", [1, 2])
    own.render_tree()
    assert len(group_charts.STYLE_SHEETS) == 5  # none kept of pygal's own charts


def random_totals(rng, gaps: list[list[bool]], low: int, high: int) -> tuple:
    """Random totals with the given gaps, lowest and highest (one frame of the totals chart)."""
    values = [[None if gap else rng.randint(low, high) for gap in row] for row in gaps]
    present = [(p, n) for p, row in enumerate(gaps) for n, gap in enumerate(row) if not gap]
    if present:
        values[present[0][0]][present[0][1]] = low
        values[present[-1][0]][present[-1][1]] = high
    return tuple((f"P{p} <&'", tuple(row)) for p, row in enumerate(values))


def test_the_totals_chart_written_into_its_kept_frame_is_what_pygal_draws(app, monkeypatch):
    """A totals chart whose dates, players, axis and gaps were drawn before is written into
    that drawing's frame, its series as pygal writes them: byte for byte pygal's own drawing
    of the same data, for random totals (with gaps, one to four players, two to twenty
    games, names to escape); a frame is drawn again when anything but the totals changes."""
    rng = random.Random(31)
    frames_made = []
    original = group_charts.Frame.of
    monkeypatch.setattr(group_charts.Frame, "of", classmethod(
        lambda cls, chart, tree: frames_made.append(1) or original(chart, tree)))
    written = group_charts.totals_chart.__wrapped__  # past the memo, through the frames
    with in_language(app, "pl"):
        for _trial in range(25):
            count, players = rng.randint(2, 20), rng.randint(1, 4)
            moments = MOMENTS[:1] + tuple(MOMENTS[0] + timedelta(minutes=40 * n)
                                          for n in range(1, count))
            gaps = [[rng.random() < 0.2 for _ in range(count)] for _ in range(players)]
            low, high = rng.randint(-5, 40), rng.randint(45, 120)
            group_charts.TOTALS_FRAMES.clear()
            frames_made.clear()
            written(moments, random_totals(rng, gaps, low, high))
            for _ in range(3):
                data = random_totals(rng, gaps, low, high)
                chart = written(moments, data)
                assert chart == fresh(group_charts.totals_chart, moments, data)
            assert len(frames_made) == 1 + 3  # the first drawing's frame, then each fresh one
        frames_made.clear()
        lower = tuple((name, tuple(None if v is None else v - 1 for v in values))
                      for name, values in data)  # the lowest total moves: another frame
        assert written(moments, lower) == fresh(group_charts.totals_chart, moments, lower)
        assert frames_made == [1, 1]  # drawn by pygal, and afresh
