"""The saved game's score pad table and its explanations, written as HTML in Python.

A new revision's pad was two thirds template: about a thousand escaped pieces, macro calls and
translations, most of them the same for every pad of the ruleset in the language (row labels,
their marks, the headings). Here those are drawn once per (catalog, rows, player count) and
kept (:func:`_row_parts`), and a pad only adds its players' names and numbers, each escaped
once. The HTML is byte for byte what ``_pad_table.html`` (``explain=True``) and the
explanations of the old ``_pad_shared.html`` gave: ``tests/web/test_pad_html.py`` renders
those templates (kept under ``tests/web/reference_templates``) beside this for varied games in
every language. The quick pad still draws ``_pad_table.html``; a change to one needs the other.
With the frames kept across revisions (:mod:`scorer.web.pad_cache`) the pad page after a save
and the live part that draws a new revision run half the instructions they did (callgrind,
31.0 -> 15.6 M and 27.9 -> 14.1 M a request, seven-player game).

Translations go through the request's catalog as Jinja's own ``_``/``ngettext`` do (the
message is markup, its parameters are escaped), so the pages read the same in every language.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from flask import url_for
from markupsafe import Markup, escape

from ..engine.messages import minus
from ..i18n import translator
from .labels import every_mark, wonder_label


def _(string: str, **variables) -> Markup:
    """Jinja's newstyle ``_()`` with autoescape: the message is markup, its values escaped."""
    return Markup(translator().ugettext(string)) % variables


def ngettext(singular: str, plural: str, num: int, **variables) -> Markup:
    """Jinja's newstyle ``ngettext()`` with autoescape (``num`` is a value too)."""
    variables.setdefault("num", num)
    return Markup(translator().ungettext(singular, plural, num)) % variables


@cache
def _marks() -> dict[str, str]:
    return every_mark()  # the expansions' parts are only known once the app is made


def _number(value) -> str:
    """A cell's number as the ``minus`` filter prints it, escaped as Jinja would: a whole
    number's digits and minus sign need no escaping (a pad has a hundred of them)."""
    return minus(value) if type(value) is int else escape(minus(value))


def _html(value) -> str:
    """``{{ value }}``: markup as it is, anything else escaped."""
    return value if isinstance(value, Markup) else escape(value)


def _mark(tone: str) -> str:
    """macros.html's ``mark`` (a tone without a mark gets none, as Jinja's undefined)."""
    return f'<span class="mark m-{escape(tone)}" aria-hidden="true">{escape(_marks().get(tone, ""))}</span>'


def _typed_tag(typed: bool) -> str:
    """macros.html's ``typed_tag``."""
    if not typed:
        return ""
    # outside the f-strings: Babel's extractor does not look inside them (Python 3.11)
    why, word = _("The players typed these points; the app did not count them."), _("typed")
    return f' <small class="typed-tag" title="{why}">{word}</small>'


@lru_cache(maxsize=256)
def _row_parts(catalog, rows: tuple, count: int) -> tuple[str, tuple, tuple, str]:
    """What a pad of ``rows`` with ``count`` players says alike in ``catalog``'s language: the
    table's head, each row's opening and cells' label (table), each row's explanation heading,
    and the table's foot labels. ``catalog`` (the request's, one object per language) is in
    the key so that a language never gets another's words."""
    caption = _("Score pad: one column per player, one row per score category.")
    category = _("Category")
    head = (f'\n\n\n\n\n<table class="pad players-{count}{" many" if count >= 5 else ""}">\n'
            f'  <caption class="visually-hidden">{caption}</caption>\n'
            f'  <thead>\n    <tr>\n      <th scope="col" class="corner row-head">'
            f'<span class="visually-hidden">{category}</span></th>\n      ')
    openings, whys = [], []
    for row in rows:
        label, mark, tag, tone = _(row.label), _mark(row.tone), _typed_tag(row.typed), escape(row.tone)
        openings.append((
            f'\n    \n    <tr class="label-row row-{tone}"><td colspan="{count}">{mark} {label}'
            f'{tag}</td></tr>\n    <tr class="row-{tone}">\n      <th scope="row" class="row-head">'
            f'{mark} <span class="row-name">{label}</span>{tag}</th>\n      ',
            f'" aria-label="{label}, ', escape(row.key)))
        whys.append(f'-{escape(row.key)}" class="why-row row-{tone}">\n      <dt>{mark} '
                     f'{label}{tag}: ')
    total, rank = _("Total"), _("Rank")
    foot = (f'\n  </tbody>\n  <tfoot>\n    <tr class="label-row row-total"><td colspan="{count}">'
            f'Σ {total}</td></tr>\n    <tr class="total">\n      <th scope="row" class="row-head">'
            f'Σ <span class="row-name">{total}</span></th>\n      ')
    rank_head = (f'\n    </tr>\n    <tr class="label-row row-total"><td colspan="{count}">{rank}'
                 f'</td></tr>\n    <tr class="rank">\n      <th scope="row" class="row-head">'
                 f'<span class="row-name">{rank}</span></th>\n      ')
    return head, tuple(openings), tuple(whys), (foot, rank_head)


@lru_cache(maxsize=16)
def _head_words(catalog) -> tuple[str, str, str]:
    """A column heading's words in ``catalog``'s language: the winner's star, the Free City's
    note, and a city not entered yet (the same in every column of every pad)."""
    winner, free_city, waiting = _("winner"), _("Free City"), _("not entered yet")
    return (f'<span class="star" role="img" aria-label="{winner}">★</span>',
            f'<small>{free_city}</small>',
            f'<small class="waiting"><span aria-hidden="true">…</span>'
            f'<span class="visually-hidden">{waiting}</span></small>')


@lru_cache(maxsize=256)
def _entered(catalog, buildings: int) -> str:
    """An entered city's mark with its number of buildings, in ``catalog``'s language."""
    said = ngettext("entered, %(num)d building", "entered, %(num)d buildings", buildings)
    return (f'<small class="entered"><span aria-hidden="true">✓ {escape(buildings)}</span>'
            f'<span class="visually-hidden">{said}</span></small>\n        ')


def _player_head(catalog, player, seat, announce: bool) -> str:
    """One player's column heading (the table's ``thead`` cell)."""
    star, free_city, waiting = _head_words(catalog)
    name = escape(player.name)
    winner = player.rank == 1 and announce
    if seat and seat.entered:
        entered = _entered(catalog, seat.buildings)
    else:
        entered = waiting if seat else ""
    return (f'\n      \n      <th scope="col" class="{"winner" if winner else ""}'
            f'{" free-city" if player.free_city else ""}" title="{name}">\n        '
            f'{star if winner else ""}<span class="name">{name}</span>\n        '
            f'{free_city if player.free_city else ""}\n        {entered}\n      </th>\n      ')


def pad_table(score, rows: tuple, seats, lines, complete: bool) -> Markup:
    """``_pad_table.html`` with ``explain=True``: every cell a link to its explanation."""
    players = score.players
    count = len(players)
    catalog = translator()
    head, openings, _whys, (foot, rank_head) = _row_parts(catalog, rows, count)
    names = [escape(player.name) for player in players]
    parts = [head]
    parts.extend(_player_head(catalog, player, seats[index], complete)
                 for index, player in enumerate(players))
    parts.append("\n    </tr>\n  </thead>\n  <tbody>\n  ")
    for (opening, aria, key), row in zip(openings, rows, strict=True):
        parts.append(opening)
        for index, player in enumerate(players):
            value = _number(player.scores[row.key])
            parts.append(f'\n      <td><a href="#why-{index}-{key}{aria}{names[index]}: {value}">'
                         f'{value}</a></td>\n      ')
        parts.append("\n    </tr>\n  ")
    parts.append(foot)
    parts.extend(f'<td class="{"winner" if player.rank == 1 and complete else ""}">'
                 f'{_number(player.total)}</td>' for player in players)
    parts.append(rank_head)
    parts.extend(f'<td>{escape(player.rank) if player.rank is not None and complete else "–"}</td>'
                 for player in players)
    parts.append("\n    </tr>\n    ")
    for line in lines or ():
        label, shown = escape(line["label"]), complete or not line.get("rank")
        parts.append(f'\n    <tr class="label-row row-total"><td colspan="{count}">{label}</td></tr>\n'
                     f'    <tr class="pad-line {escape(line["key"])}">\n      <th scope="row" '
                     f'class="row-head"><span class="row-name">{label}</span></th>\n      ')
        parts.extend(f'<td>{escape(cell) if shown else "–"}</td>' for cell in line["cells"])
        parts.append("\n    </tr>\n    ")
    parts.append("\n  </tfoot>\n</table>")
    return Markup("".join(parts))


#: what ``url_for`` writes as it is in a path (werkzeug quotes nothing of these)
_AS_IS = re.compile(r"[A-Za-z0-9_-]+")


def _city_urls(game_id: str, player_ids) -> list[str]:
    """Each player's city page, ``url_for("cities.edit", ...)``: one call, the others by its
    prefix when every id is written as it is (seven calls were a tenth of a pad's drawing)."""
    ids = list(player_ids)
    if ids and all(isinstance(found, str) and _AS_IS.fullmatch(found) for found in ids):
        first = url_for("cities.edit", game_id=game_id, player_id=ids[0])
        if first.endswith("/" + ids[0]):
            prefix = first[:-len(ids[0])]
            return [prefix + found for found in ids]
    return [url_for("cities.edit", game_id=game_id, player_id=found) for found in ids]


def explanations_html(score, rows: tuple, explanations, wonders, wonder_pages, game_id: str,
                      player_ids) -> Markup:
    """The explanations' sections, one per player, under "How each number was counted":
    each row's heading, the player's points and the engine's lines (already HTML)."""
    players = score.players
    _head, _openings, whys, _foot = _row_parts(translator(), rows, len(players))
    edit = _("edit")
    urls = _city_urls(game_id, player_ids)
    parts = []
    for index, player in enumerate(players):
        wonder = escape(wonder_label(wonders[index]))
        page = wonder_pages[index]
        if page:
            wonder = f'<a class="card-link" href="{escape(page)}">{wonder}</a>'
        url = escape(urls[index])
        parts.append(f'\n\n<section class="why">\n  <h3>{escape(player.name)} · {wonder}\n'
                     f'    <a class="edit" href="{url}">{edit}</a></h3>\n  <dl>\n  ')
        lines = explanations[index]
        scores = player.scores
        for why, row in zip(whys, rows, strict=True):
            said = "".join([f"<dd>{_html(line)}</dd>" for line in lines[row.key]])
            parts.append(f'\n    <div id="why-{index}{why}{_number(scores[row.key])}</dt>\n'
                         f'      {said}\n    </div>\n  ')
        parts.append("\n  </dl>\n</section>\n")
    return Markup("".join(parts))
