"""How a group's figures read (issue 29 items 4 and 5): numbers, signs and dates in the page's
language, one precision per column; one evening's games told apart by their time; charts with
one colour per score-pad row (the expansions' rows each their own, from their page parts),
neighbouring series 3:1 apart in both schemes and told apart by a pattern too, win-rate labels
that keep the side and show the numbers, and whole-number axes for counts."""

from __future__ import annotations

import base64
import html as markup
import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from flask_babel import gettext

from scorer import storage
from scorer.web.chart_colours import DARK_PAGE, LIGHT_PAGE, contrast
from scorer.web.expansions import every_part
from scorer.web.pad_rows import LOOKS, PLAIN
from tests import helpers
from tests.groups.test_group_pages import new_group
from tests.leaders import leaders_docs

#: 2026-11-20 18:00, then three games on the evening of 2026-11-26 (UTC, as the pages show)
MOMENTS = [datetime(2026, 11, 20, 18, tzinfo=UTC)] + [
    datetime(2026, 11, 26, 19, tzinfo=UTC) + timedelta(minutes=90 * n) for n in range(3)]
MINUS = "\N{MINUS SIGN}"


@pytest.fixture
def clock(monkeypatch):
    moments = iter(MOMENTS + [MOMENTS[-1] + timedelta(days=n + 1) for n in range(100)])
    monkeypatch.setattr(storage, "_now", lambda: next(moments))


def entered(document: dict) -> dict:
    for city in document["players"]:
        city["entered"] = True
    return document


def evening_game(number: int) -> dict:
    """Ada, Bo and Cy: Bo always loses a battle (a negative mean in the military row)."""
    return entered(helpers.game(
        helpers.player("Ada", "rhodes", coins=9 + number, victory_1=1),
        helpers.player("Bo", "gizah", coins=3 * number, defeat=1),
        helpers.player("Cy", "babylon", coins=4 + 2 * number)))


def every_expansion_game(rng, edition: str, players: int) -> dict:
    document = leaders_docs.deal(rng, edition, players)
    document["expansions"] = sorted({*document.get("expansions", ()), "cities", "armada", "babel",
                                     "edifice"})
    for city, name in zip(document["players"], ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"], strict=False):
        city.update(name=name, naval=rng.randint(-3, 6), islands=rng.randint(0, 8),
                    tower=rng.randint(-2, 9), projects=rng.randint(-3, 7))
    return entered(document)


def post(client, group_id: str, document: dict) -> str:
    answer = client.post(f"/api/v1/groups/{group_id}/games", json=document)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.json["id"]


@pytest.fixture
def evening(client, clock):
    group_id = new_group(client)
    games = [post(client, group_id, evening_game(number)) for number in range(4)]
    return group_id, games


def page(client, group_id: str, language: str = "en") -> str:
    client.set_cookie("lang", language)
    answer = client.get(f"/groups/{group_id}")
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def charts(html: str) -> dict[str, str]:
    """Each chart's SVG by its caption."""
    return {markup.unescape(title): base64.b64decode(data).decode("utf-8") for title, data in re.findall(
        r'<figcaption>([^<]+)</figcaption>\s*<img src="data:image/svg\+xml;base64,([^"]+)"', html)}


def local(number: float, places: int, language: str) -> str:
    text = f"{abs(number):.{places}f}"
    if language != "en":
        text = text.replace(".", ",")
    return (MINUS if number < 0 else "") + text


# -- numbers and dates ---------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "nl", "pl"])
def test_figures_are_written_in_the_pages_language(client, evening, language):
    group_id, _games = evening
    figures = client.get(f"/api/v1/groups/{group_id}/stats").json
    html = page(client, group_id, language)
    leaderboard = html[html.index('id="leaderboard"'):html.index('id="players-more"')]
    more = html[html.index('id="players-more"'):html.index("</table>", html.index('id="players-more"'))]
    for player in figures["players"]:
        row = leaderboard[leaderboard.index(f">{player['name']}</a></th>"):]
        row = row[:row.index("</tr>")]
        assert f"<td>{local(player['mean_total'], 1, language)}</td>" in row
        assert f"<td>{round(100 * player['win_rate'])}%</td>" in row
        row = more[more.index(f">{player['name']}</a></th>"):]
        row = row[:row.index("</tr>")]
        assert f"<td>{local(player['mean_rank'], 2, language)}</td>" in row
        assert f"<td>{local(player['median_total'], 1, language)}</td>" in row
    bo = next(player for player in figures["players"] if player["name"] == "Bo")
    assert bo["mean_scores"]["military"] == -1
    assert f"<td>{MINUS}1{',' if language != 'en' else '.'}0</td>" in html
    assert "<td>-1" not in html and ">-1.0<" not in html
    if language != "en":  # no figure with a decimal point left in the tables
        assert not re.search(r"<td>\S*\d\.\d", html)


@pytest.mark.parametrize(("language", "times", "alone"), [
    ("en", ["7:00\u202fPM", "8:30\u202fPM", "10:00\u202fPM"], "Nov 20, 2026"),
    ("nl", ["19:00", "20:30", "22:00"], "20 nov 2026"),
    ("pl", ["19:00", "20:30", "22:00"], "20 lis 2026"),
])
def test_one_evenings_games_are_told_apart_by_their_time(app, client, evening, language, times,
                                                         alone):
    group_id, games = evening
    html = page(client, group_id, language)
    best = html[html.index('<ol class="best">'):html.index("</ol>")]
    links = dict(re.findall(r'href="/games/([^"]+)">([^<]+)</a>', best))
    assert links[games[0]] == alone
    for game_id, time in zip(games[1:], times, strict=True):
        assert time in markup.unescape(links[game_id]), links[game_id]
    assert "2026-11-2" not in best
    with app.test_request_context(headers={"Accept-Language": language}):
        totals = charts(html)[gettext("Totals over time")]
    labels = re.findall(r'<text x="[^"]+" y="[^"]+" class="[^"]*" transform="rotate[^"]+">([^<]+)</text>',
                        totals)
    assert any(times[0] in markup.unescape(label) for label in labels), labels
    assert not any("2026-11" in label for label in labels)


# -- charts --------------------------------------------------------------------------------------


def series_colours(svg: str) -> tuple[list[str], list[str]]:
    """The ``color-N`` fills of the light scheme and of the dark one, by place."""
    rule = r"\.color-(\d+)\{stroke:(#[0-9a-f]{6});fill:#[0-9a-f]{6}\}"
    dark_at = svg.index("@media (prefers-color-scheme:dark){.color-0")
    light = dict(re.findall(rule, svg[:dark_at]))
    dark = dict(re.findall(rule, svg[dark_at:svg.index("}}", dark_at) + 1]))
    places = range(len(light))
    return [light[str(n)] for n in places], [dark[str(n)] for n in places]


@pytest.fixture
def every_row(client, clock):
    group_id = new_group(client)
    rng = random.Random(29)
    for edition in ("first", "second", "first"):
        post(client, group_id, every_expansion_game(rng, edition, 5))
    return group_id


def test_the_rows_chart_gives_each_row_its_own_colour_3_to_1_from_its_neighbours(client, every_row):
    looks = {row: look for part in every_part() for row, look in part.row_looks.items()}
    colours = [look.colour for look in (*LOOKS.values(), *looks.values())]
    assert len(set(colours)) == len(colours) and PLAIN.colour not in colours
    svg = charts(page(client, every_row))["Mean points per row"]
    legend = re.findall(r'<g id="activate-serie-\d+" class="legend[^"]*">.*?<text[^>]*>([^<]+)</text>', svg)
    assert {"Leaders", "Cities", "Naval conflicts", "Islands"} <= set(legend), legend
    light, dark = series_colours(svg)
    assert len(light) == len(legend) >= 13
    assert len(set(light)) == len(light) and len(set(dark)) == len(dark)
    for scheme, page_colour in ((light, LIGHT_PAGE), (dark, DARK_PAGE)):
        for one, other in zip(scheme, scheme[1:], strict=False):
            assert contrast(one, other) >= 3, (one, other)
        assert min(contrast(colour, page_colour) for colour in scheme) >= 3
    # and a pattern for each place after the first (the legend's swatches too)
    for place in range(1, len(light)):
        assert (f".serie-{place} .rect,.legend .color-{place}{{fill:url(#hatch-{place})}}" in svg
                or place % 8 == 0)
        assert f'id="hatch-{place}"' in svg or place % 8 == 0


def test_the_win_rate_labels_keep_the_side_and_show_the_numbers(app, client, every_row):
    figures = client.get(f"/api/v1/groups/{every_row}/stats").json
    for language in ("en", "pl"):
        with app.test_request_context(headers={"Accept-Language": language}):
            title = gettext("Win rate per wonder (%)")
        svg = markup.unescape(charts(page(client, every_row, language))[title])
        labels = re.findall(r'<text class="label"[^>]*>([^<]+)</text>', svg)
        numbers = re.findall(r'<text class="figure"[^>]*>([^<]+)</text>', svg)
        assert len(labels) == len(numbers) == min(12, len(figures["wonders"]))
        for label, number, wonder in zip(labels, numbers, figures["wonders"], strict=False):
            assert re.search(r"\((A|B|Day|Night|Dzień|Noc)\)$", label), label
            assert "…" not in label and "..." not in label
            assert number.startswith(f"{round(100 * wonder['win_rate'])}% · {wonder['wins']} ")
            assert f" {wonder['plays']} " in number


def test_counts_have_whole_number_axes(client, evening):
    group_id, _games = evening
    svg = charts(page(client, group_id))["Winning totals"]
    axis = svg[svg.index('class="axis y'):]
    axis = axis[:axis.index('class="axis x')]
    ticks = re.findall(r"<text[^>]*>([^<]+)</text>", axis)
    assert ticks and all(re.fullmatch(r"\d+", tick) for tick in ticks), ticks


@pytest.mark.parametrize("language", ["en", "nl", "pl"])
def test_a_players_page_writes_its_figures_in_the_pages_language(client, evening, language):
    group_id, _games = evening
    figures = client.get(f"/api/v1/groups/{group_id}/players/Bo").json
    client.set_cookie("lang", language)
    html = client.get(f"/groups/{group_id}/players/Bo").get_data(as_text=True)
    for value, places in ((figures["mean_total"], 1), (figures["median_total"], 1),
                          (figures["mean_rank"], 2), (figures["rating"]["ordinal"], 2)):
        assert f"<td>{local(value, places, language)}" in html, value
    assert figures["rating"]["ordinal"] < 0 and MINUS in html
    assert "2026-11-2" not in html.replace(f"/api/v1/groups/{group_id}", "")
    # the games of the evening with their time
    assert {"en": "7:00\u202fPM", "nl": "19:00", "pl": "19:00"}[language] in markup.unescape(html)
