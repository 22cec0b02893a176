"""Quick pad: typed rows, totals and winners, the science helper, bad input."""

from __future__ import annotations

import re

from scorer.engine.quickpad import QuickEntry, quick_score, science_helper


def column(index, name, **values):
    data = {f"columns-{index}-name": name}
    data.update({f"columns-{index}-{key}": str(value) for key, value in values.items()})
    return data


def post(client, *columns, action="total", count=None):
    data = {"action": action, "count": count or str(len(columns))}
    for item in columns:
        data.update(item)
    return client.post("/quick", data=data)


def totals(html):
    foot = html[html.index('<tr class="total">'):]
    return [int(n) for n in re.findall(r"<td[^>]*>(-?\d+)</td>", foot[:foot.index("</tr>")])]


def test_quick_pad_page(client):
    html = client.get("/quick?count=5").get_data(as_text=True)
    assert 'name="columns-4-name"' in html and 'name="columns-5-name"' not in html
    assert 'name="columns-0-compass"' in html


def test_totals_and_winner(client):
    answer = post(client, column(0, "Ada", military=6, coins=4, wonder=10, civilian=13),
                  column(1, "Bob", military=-3, science=10), column(2, "Cy", guilds=7))
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert totals(html) == [33, 7, 7]
    assert "Winner: Ada" in html


def test_coins_break_a_tie(client):
    # 3 and 5 coins both give 1 treasury point (filled in from the coins held): a tie on 11.
    html = post(client, column(0, "Ada", civilian=10, coins_held=3),
                column(1, "Bob", civilian=10, coins_held=5), column(2, "Cy")).get_data(as_text=True)
    assert "Winner: Bob" in html and "broken by coins" in html


def test_science_helper_fills_the_science_row(client):
    html = post(client, column(0, "Ada", compass=2, gear=1, tablet=1, free_symbols=1),
                column(1, "Bob"), column(2, "Cy")).get_data(as_text=True)
    assert totals(html)[0] == 9 + 1 + 1 + 7  # the free symbol is a third compass
    assert re.search(r'name="columns-0-science"[^>]*value="18"', html)


def test_science_helper_disagreeing_with_typed_row_is_an_error(client):
    answer = post(client, column(0, "Ada", science=5, compass=1, gear=1, tablet=1),
                  column(1, "Bob"), column(2, "Cy"))
    assert answer.status_code == 422
    assert "The symbols give 10 science points, not 5" in answer.get_data(as_text=True)


def test_science_button_overwrites_the_row(client):
    html = post(client, column(0, "Ada", science=5, compass=1, gear=1, tablet=1),
                column(1, "Bob"), column(2, "Cy"), action="science-0").get_data(as_text=True)
    assert totals(html)[0] == 10


def test_bad_input_is_refused_beside_the_field(client):
    answer = post(client, column(0, "Ada", civilian="many", compass=-1), column(1, "Ada"),
                  column(2, ""))
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert "Type a whole number with the digits 0 to 9." in html and 'value="many"' in html
    answer = post(client, column(0, "Ada"), column(1, "Ada"), column(2, ""))
    html = answer.get_data(as_text=True)
    assert "names must differ" in html and "Every player needs a name." in html


def test_too_few_players_is_refused(client):
    answer = post(client, column(0, "Ada"), column(1, "Bob"))
    assert answer.status_code == 422
    assert "3 to 7 players" in answer.get_data(as_text=True)


def test_free_city_never_wins(client):
    html = post(client, column(0, "Ada", civilian=3), column(1, "Bob"),
                column(2, "Free City", civilian=30, free_city="1"), count="2").get_data(as_text=True)
    assert "Winner: Ada" in html


def test_count_change_keeps_names(client):
    html = post(client, column(0, "Ada"), column(1, "Bob"), column(2, "Cy"), action="count",
                count="4").get_data(as_text=True)
    assert 'value="Ada"' in html and 'name="columns-3-name"' in html


def test_engine_quick_score_ranks_like_the_full_scorer():
    score = quick_score([QuickEntry("A", {"civilian": 5}, coins=1),
                         QuickEntry("B", {"civilian": 5}, coins=1), QuickEntry("C", {"military": 2})])
    assert score.winners == ["A", "B"]
    assert [p.rank for p in score.players] == [1, 1, 3]
    assert science_helper(1, 1, 1, 0) == (10, ())
    assert science_helper(0, 0, 0, 2) == (4, ("compass", "compass"))


def test_more_than_seven_columns_are_refused(client):
    answer = post(client, *[column(n, f"P{n}") for n in range(8)], count="7")
    assert answer.status_code == 422
    assert "3 to 7 players" in answer.get_data(as_text=True)
