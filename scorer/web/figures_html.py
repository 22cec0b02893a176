"""The figures' part of a group's page (leaderboard, charts, wonders, rows, records, closest
games) written in Python, byte for byte what the template ``_group_figures.html`` drew.

The part is drawn again whenever the group's results change (at a club's evening, after
nearly every save of a table's game: a coin more changes a total), and through Jinja it cost
as much as counting the statistics: some 350 figures, 80 player links and 30 game links, each
an attribute lookup, a filter call and an escape through Jinja's runtime. Here each is one
call and one ``escape`` of a string. Everything the part shows is escaped as Jinja's
autoescape escaped it; the messages are the templates' (the same msgids, as the templates'
``_`` formats them: the translation as markup, the values escaped). The template as it was
is kept in the tests (``tests/web/reference_templates/_group_figures_reference.html``) and
compared with this for varied groups in every language.
"""

from __future__ import annotations

from functools import lru_cache

from flask import current_app, request, url_for
from markupsafe import Markup, escape

from ..i18n import translator
from .figures import MISSING, current_locale, day, formatted, signed
from .group_labels import row_label, row_typed, wonder_side_label


def _(string: str, **variables) -> Markup:
    """The templates' ``_`` (:func:`scorer.i18n.template_gettext` under autoescape)."""
    return Markup(translator().ugettext(string)) % variables


def ngettext(singular: str, plural: str, num: int, **variables) -> Markup:
    """The templates' newstyle ``ngettext``: ``num`` among the values."""
    variables.setdefault("num", num)
    return Markup(translator().ungettext(singular, plural, num)) % variables


#: the figures written, per locale: ``(places, value, its type, its sign) -> text``
#: (:func:`.figures.formatted`'s, without hashing Babel's Locale, in Python, for each)
WRITTEN: dict[str, dict[tuple, str]] = {}
#: at most this many a locale (then emptied)
WRITTEN_KEPT = 8192


def numbers() -> tuple:
    """``fixed``, ``whole`` and ``percent`` as :mod:`.figures` writes them, in the request's
    locale looked up once per part rather than once per figure (some 370 a part, 900 with
    twenty players). A figure written by Babel holds digits, separators, a minus or a
    percent sign: nothing to escape."""
    locale = current_locale()
    kept = WRITTEN.setdefault(str(locale), {})

    def written(places, value) -> str:
        negative = signed(value)
        key = (places, value, type(value), negative)  # 1 is not 1.0, -0.0 is not 0.0
        found = kept.get(key)
        if found is None:
            if len(kept) >= WRITTEN_KEPT:
                kept.clear()
            found = kept[key] = formatted(locale, places, value, negative)
        return found

    def fixed(value, places: int = 1) -> str:
        return MISSING if value is None else written(places, value)

    def whole(value) -> str:
        return MISSING if value is None else written(0, value)

    def percent(rate) -> str:
        return MISSING if rate is None else written(None, rate)

    return fixed, whole, percent


@lru_cache(maxsize=4096)
def _pad_url(_app, _script_root: str, game_id: str) -> str:
    """``url_for('games.pad', game_id=...)``, kept per app, script root and game (the
    records and closest games link some 30 games, the same after most corrections)."""
    return url_for("games.pad", game_id=game_id)


def pad_url(game_id: str) -> str:
    return _pad_url(current_app._get_current_object(), request.script_root, game_id)


def texts() -> dict[str, Markup]:
    """The part's messages without values, in the request's language, by msgid: each a
    plain ``_`` call, where pybabel finds it (it reads no call inside an f-string)."""
    return {
        "typed title": _("The players typed these points; the app did not count them."),
        "typed": _("typed"),
        "Leaderboard": _("Leaderboard"),
        "Player": _("Player"),
        "Games": _("Games"),
        "Wins": _("Wins"),
        "Win rate": _("Win rate"),
        "Mean": _("Mean"),
        "Rating": _("Rating"),
        "Sort by wins": _("Sort by wins"),
        "Sort by rating": _("Sort by rating"),
        "Totals and ranks": _("Totals and ranks"),
        "Median": _("Median"),
        "Best": _("Best"),
        "Mean rank": _("Mean rank"),
        "Charts": _("Charts"),
        "The numbers": _("The numbers"),
        "Wonders": _("Wonders"),
        "Wonder": _("Wonder"),
        "Plays": _("Plays"),
        "Score-pad rows": _("Score-pad rows"),
        "Row": _("Row"),
        "Held by": _("Held by"),
        "Highest totals": _("Highest totals"),
        "Closest games": _("Closest games"),
    }


def typed_tag(typed: bool, t: dict[str, Markup]) -> str:
    """``macros.html``'s ``typed_tag``."""
    if not typed:
        return ""
    return (f' <small class="typed-tag" title="'
            f'{t["typed title"]}">'
            f'{t["typed"]}</small>')


def figures_html(group, figures: dict, filters, sort: str, leaderboard: list[dict],
                 charts: dict, moments: dict, page_query: dict, player_url) -> Markup:
    """The part, as ``render_template("_group_figures.html", ...)`` drew it with these
    values (``player_url``: the page's, :func:`scorer.web.groups.player_url`)."""
    out: list[str] = []
    add = out.append
    if not figures["players"]:
        add("\n<p>")
        add(_("No complete game counts yet: the statistics start with the first game whose "
              "cities are all entered."))
        add("</p>\n")
        return Markup("".join(out))
    group_id = group.id
    fixed, whole, percent = written = numbers()
    t = texts()
    links: dict[str, str] = {}

    def player(name: str) -> str:
        """The player's link, escaped (each name is linked from several tables)."""
        found = links.get(name)
        if found is None:
            found = links[name] = escape(player_url(group_id, name, filters))
        return found

    sort_wins = escape(url_for("groups.page", group_id=group_id, **page_query))
    sort_rating = escape(url_for("groups.page", group_id=group_id, sort="rating", **page_query))
    add(f'\n<h2 id="leaderboard">{t["Leaderboard"]}</h2>\n'
        '<div class="table-scroll" tabindex="0" role="region" aria-labelledby="leaderboard">\n'
        '<table class="stats">\n'
        f'  <thead><tr><th scope="col">{t["Player"]}</th><th scope="col">{t["Games"]}</th>\n'
        '    <th scope="col"')
    if sort == "wins":
        add(f' aria-sort="descending">{t["Wins"]} <span aria-hidden="true">▼</span>')
    else:
        add(f'><a href="{sort_wins}#leaderboard">{t["Wins"]}</a>')
    add(f'</th>\n    <th scope="col">{t["Win rate"]}</th><th scope="col">{t["Mean"]}</th>\n'
        '    <th scope="col"')
    if sort == "rating":
        add(f' aria-sort="descending">{t["Rating"]} <span aria-hidden="true">▼</span>')
    else:
        add(f'><a href="{sort_rating}#leaderboard">{t["Rating"]}</a>')
    add("</th></tr></thead>\n  <tbody>\n  ")
    for entry in leaderboard:
        name = entry["name"]
        shared = entry["shared_wins"]
        shared_text = _("%(num)d shared", num=shared) if shared else ""
        add(f'\n    <tr><th scope="row"><a class="player" href="{player(name)}">{escape(name)}</a>'
            f'</th><td>{whole(entry["games"])}</td>\n'
            f'      <td>{whole(entry["wins"])}'
            + (f" <small>({shared_text})</small>" if shared else "")
            + f'</td>\n      <td>{percent(entry["win_rate"])}</td>'
            f'<td>{fixed(entry["mean_total"], 1)}</td>'
            f'<td>{fixed(entry["rating"]["ordinal"], 2)}</td></tr>\n  ')
    add('\n  </tbody>\n</table>\n</div>\n<p class="hint">')
    add(_("Rating: OpenSkill’s estimate of skill, μ − 3σ; it rises with wins, more so against "
          "strong players, and as games add up."))
    add("\n  ")
    if sort == "rating":
        add(f'<a href="{sort_wins}#leaderboard">{t["Sort by wins"]}</a>')
    else:
        add(f'<a href="{sort_rating}#leaderboard">{t["Sort by rating"]}</a>')
    add(f'</p>\n<h3 id="players-more">{t["Totals and ranks"]}</h3>\n'
        '<div class="table-scroll" tabindex="0" role="region" aria-labelledby="players-more">\n'
        '<table class="stats">\n'
        f'  <thead><tr><th scope="col">{t["Player"]}</th><th scope="col">{t["Median"]}</th>'
        f'<th scope="col">{t["Best"]}</th><th scope="col">{t["Mean rank"]}</th></tr></thead>\n'
        "  <tbody>\n  ")
    for entry in figures["players"]:
        name = entry["name"]
        add(f'\n    <tr><th scope="row"><a class="player" href="{player(name)}">{escape(name)}</a>'
            f'</th><td>{fixed(entry["median_total"], 1)}</td>'
            f'<td>{whole(entry["best_total"])}</td>'
            f'<td>{fixed(entry["mean_rank"], 2)}</td></tr>\n  ')
    add(f'\n  </tbody>\n</table>\n</div>\n\n<h2>{t["Charts"]}</h2>\n')
    add_charts(add, figures, charts, player, written, t)
    add_tables(add, figures, moments, player, written, t)
    return Markup("".join(out))


def add_charts(add, figures: dict, charts: dict, player, written: tuple, t: dict) -> None:
    fixed, whole, _percent = written
    totals = charts.get("totals")
    if totals:
        add(f'\n<figure class="chart">\n  <figcaption>{escape(totals.title)}</figcaption>\n'
            f'  <img src="{escape(totals.data_url)}" alt="{escape(totals.alt)}" width="390" '
            f'height="300">\n  <details><summary>{t["The numbers"]}</summary>\n'
            '  <ul class="numbers">')
        for name, values in charts["series"].items():
            add(f'<li><strong><a class="player" href="{player(name)}">{escape(name)}</a></strong>: '
                f'{", ".join([whole(value) for value in values])}</li>')
        add("</ul>\n  </details>\n</figure>\n")
    add("\n")
    rows = charts.get("rows")
    if rows:
        title = escape(rows.title)
        add(f'\n<figure class="chart">\n  <figcaption>{title}</figcaption>\n'
            f'  <img src="{escape(rows.data_url)}" alt="{escape(rows.alt)}" width="390" '
            f'height="300">\n  <details><summary>{t["The numbers"]}</summary>\n'
            f'  <div class="table-scroll" tabindex="0" role="region" aria-label="{title}">\n'
            f'  <table class="stats">\n    <thead><tr><th scope="col">{t["Player"]}</th>')
        names = [row["row"] for row in figures["rows"]]
        for row in names:
            add(f'<th scope="col">{escape(row_label(row))}{typed_tag(row_typed(row), t)}</th>')
        add("</tr></thead>\n    <tbody>")
        for entry in figures["players"]:
            name = entry["name"]
            means = entry["mean_scores"]
            add(f'<tr><th scope="row"><a class="player" href="{player(name)}">{escape(name)}</a>'
                "</th>")
            add("".join([f"<td>{fixed(means.get(row), 1)}</td>" for row in names]))
            add("</tr>")
        add("</tbody>\n  </table></div>\n  </details>\n</figure>\n")
    add("\n")
    wonders = charts.get("wonders")
    if wonders:
        add(f'\n<figure class="chart">\n  <figcaption>{escape(wonders.title)}</figcaption>\n'
            f'  <img src="{escape(wonders.data_url)}" alt="{escape(wonders.alt)}" width="390" '
            f'height="{escape(wonders.height)}">\n</figure>\n')
    add("\n")
    spread = charts.get("spread")
    if spread:
        add(f'\n<figure class="chart">\n  <figcaption>{escape(spread.title)}</figcaption>\n'
            f'  <img src="{escape(spread.data_url)}" alt="{escape(spread.alt)}" width="390" '
            f'height="300">\n  <details><summary>{t["The numbers"]}</summary>\n'
            '  <ul class="numbers">')
        for label, count in charts["bins"]:
            text = _("%(points)s points: %(games)s", points=label, games=whole(count))
            add(f"<li>{text}</li>")
        add("</ul>\n  </details>\n</figure>\n")


def add_tables(add, figures: dict, moments: dict, player, written: tuple, t: dict) -> None:
    fixed, whole, percent = written
    add(f'\n\n<h2 id="wonders">{t["Wonders"]}</h2>\n'
        '<div class="table-scroll" tabindex="0" role="region" aria-labelledby="wonders">\n'
        '<table class="stats">\n'
        f'  <thead><tr><th scope="col">{t["Wonder"]}</th><th scope="col">{t["Plays"]}</th>'
        f'<th scope="col">{t["Wins"]}</th><th scope="col">{t["Win rate"]}</th>'
        f'<th scope="col">{t["Mean"]}</th></tr></thead>\n  <tbody>')
    for wonder in figures["wonders"]:
        add(f'<tr><th scope="row">{escape(wonder_side_label(wonder["wonder"], wonder["side"]))}'
            f'</th><td>{whole(wonder["plays"])}</td><td>{whole(wonder["wins"])}'
            f'</td><td>{percent(wonder["win_rate"])}</td>'
            f'<td>{fixed(wonder["mean_total"], 1)}</td></tr>')
    add(f'</tbody>\n</table>\n</div>\n\n<h2 id="rows">{t["Score-pad rows"]}</h2>\n'
        '<div class="table-scroll" tabindex="0" role="region" aria-labelledby="rows">\n'
        '<table class="stats records">\n'
        f'  <thead><tr><th scope="col">{t["Row"]}</th><th scope="col">{t["Games"]}</th>'
        f'<th scope="col">{t["Mean"]}</th><th scope="col">{t["Best"]}</th>'
        f'<th scope="col">{t["Held by"]}</th></tr></thead>\n  <tbody>')
    for row in figures["rows"]:
        add(f'<tr><th scope="row">{escape(row_label(row["row"]))}</th>'
            f'<td>{whole(row["games"])}</td><td>{fixed(row["mean"], 1)}</td>'
            f'<td>{whole(row["best"])}</td>\n    <td class="holders">')
        holders = row["best_by"]
        shown = holders[:3]
        for index, holder in enumerate(shown):
            add(f'<a class="player" href="{player(holder["name"])}">{escape(holder["name"])}</a>'
                f' <small>(<a href="{escape(pad_url(holder["game"]))}">'
                f'{escape(day(holder["date"]))}</a>)</small>')
            if index < len(shown) - 1:
                add(", ")
        if len(holders) > 3:
            more = ngettext("and %(num)d more", "and %(num)d more", len(holders) - 3)
            add(f" <small>{more}</small>")
        add("</td></tr>")
    add(f'</tbody>\n</table>\n</div>\n\n<h2>{t["Highest totals"]}</h2>\n<ol class="best">\n')
    for index, best in enumerate(figures["best_totals"]):
        add(f'\n  <li><strong>{whole(best["total"])}</strong> '
            f'<a class="player" href="{player(best["name"])}">{escape(best["name"])}</a> · '
            f'<a href="{escape(pad_url(best["game"]))}">{escape(moments["best_totals"][index])}'
            "</a></li>\n")
    add(f'\n</ol>\n<h2>{t["Closest games"]}</h2>\n<ul class="best">\n')
    for index, close in enumerate(figures["closest_games"]):
        add(f'\n  <li><a href="{escape(pad_url(close["game"]))}">'
            f'{escape(moments["closest_games"][index])}</a>:\n    ')
        if close["margin"]:
            add(ngettext("won by %(num)d point", "won by %(num)d points", close["margin"]))
        else:
            add(_("a tie on points"))
        add("\n    ")
        teams = close.get("teams")
        if teams:
            add("· ")
            for number, team in enumerate(teams):
                names = team["players"]
                add(" + ".join([f'<a class="player" href="{player(name)}">{escape(name)}</a>'
                                for name in names]))
                add(f" {whole(team['total'])}")
                if number < len(teams) - 1:
                    add(", ")
            add("\n    ")
        else:
            add("· ")
            add(", ".join([f'<a class="player" href="{player(entry["name"])}">'
                           f'{escape(entry["name"])}</a>' for entry in close["totals"]]))
            add(f" ({', '.join([whole(entry['total']) for entry in close['totals']])})")
        add("</li>\n")
    add("\n</ul>\n")
