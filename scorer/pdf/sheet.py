"""The filled score sheet of a saved game: the score pad as played, then each player's details.

The engine does all the scoring; this module only gathers what the template shows, rendering
the engine's messages (explanations, card and wonder names) in the sheet's language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask_babel import format_date

from ..engine.city import Game
from ..engine.messages import Message, card_name, wonder_name
from ..engine.science_lines import SYMBOL_NAMES, SYMBOL_NOUNS
from ..engine.scoring import GameScore, score_game
from ..engine.validation import Problem, parse_game
from ..games import service as games_service
from ..safety.file_names import game_file_name
from ..storage import SavedGame
from ..web.editions import ruleset_title
from ..web.expansions import pad_lines, parts_of, result_sentence
from .document import pdf_of, render_html
from .paper import Paper
from .rows import TOTAL, pad_rows


class UnreadableGame(Exception):
    """A saved document the engine no longer accepts (saved by an older version)."""

    def __init__(self, problems: list[Problem]):
        super().__init__(problems)
        self.problems = problems


@dataclass(frozen=True, slots=True)
class SheetPlayer:
    name: str
    wonder: str
    side: str
    stages: int
    free_city: bool
    winner: bool
    rank: int | None
    coins: int
    scores: dict[str, int]
    total: int
    explanations: dict[str, str]
    symbols: list[str]
    choices: list[str]
    copied_guild: str | None
    copied_from: str | None
    #: what the city holds of the expansions played, as (label, names) lines
    facts: tuple[tuple[str, str], ...] = ()


def scored(saved: SavedGame) -> tuple[Game, GameScore]:
    game, problems = parse_game(saved.document)
    if problems:
        raise UnreadableGame(problems)
    return game, score_game(game)


def sheet_players(game: Game, score: GameScore, translator, complete: bool = True) -> list[SheetPlayer]:
    """Each player's column; a game still waiting for cities has no winner and no ranks yet."""
    report = score.as_dict(translator)
    catalog = game.catalog
    players = []
    for city, entry in zip(game.cities, report["players"], strict=True):
        symbols = [Message(singular, plural=plural, n=entry["science_symbols"][symbol])
                   .render(translator)
                   for symbol, (singular, plural) in SYMBOL_NAMES.items()
                   if entry["science_symbols"][symbol]]
        guild = entry["copied_guild"] and catalog.card(entry["copied_guild"])
        players.append(SheetPlayer(
            name=entry["name"],
            wonder=wonder_name(city.wonder.name).render(translator),
            side=side_label(game, city.side, translator),
            stages=city.stages_built,
            free_city=bool(entry.get("free_city")),
            winner=complete and entry["name"] in report["winners"],
            rank=entry["rank"] if complete else None,
            coins=entry["coins"],
            scores=entry["scores"],
            total=entry["total"],
            explanations=entry["explanations"],
            symbols=symbols,
            choices=[Message(SYMBOL_NOUNS[symbol]).render(translator)
                     for symbol in entry["science_choices"]],
            copied_guild=card_name(guild.name).render(translator) if guild else None,
            copied_from=entry.get("copied_from"),
            facts=tuple((label.render(translator),
                         ", ".join(item.render(translator) for item in items))
                        for expansion in game.ruleset.parts
                        for label, items in expansion.city_facts(city))
                  + tuple(fact for part in parts_of(game.ruleset)
                          for fact in part.sheet_facts(entry)),
        ))
    return players


def side_label(game: Game, side: str, translator) -> str:
    """The side as the edition names it (A, B; Day, Night), in the sheet's language."""
    known = game.ruleset.side(side)
    return known.label.render(translator) if known else side


def sheet_filename(saved: SavedGame) -> str:
    """``7-wonders-<title>-<date>.pdf``: the game's title when it has one, and its date."""
    return game_file_name(saved.title, saved.created_at, ".pdf")


def game_sheet_pdf(saved: SavedGame, locale: str, paper: Paper) -> bytes:
    return pdf_of(game_sheet_html(saved, locale, paper))


def game_sheet_html(saved: SavedGame, locale: str, paper: Paper) -> str:
    """The sheet's HTML, which :func:`game_sheet_pdf` draws (and the tests lay out)."""
    game, score = scored(saved)
    # Like the pad: a game whose cities are not all entered announces no winner.
    waiting = games_service.waiting_for(saved.document)

    def build(translator) -> dict:
        return {
            "players": sheet_players(game, score, translator, complete=not waiting),
            "date": format_date(saved.created_at, format="long"),
            "played_with": ruleset_title(game.ruleset),
            "lines": pad_lines(game.ruleset, score),
            # a team game names the winning team (C14); the players keep their ranks (C15)
            "result": None if waiting else result_sentence(score),
        }

    html = render_html("pdf/sheet.html", locale, paper, build=build, title=saved.title,
                       rows=pad_rows(game.ruleset), total=TOTAL, winners=[] if waiting else score.winners,
                       waiting=waiting, decided_by_coins=score.decided_by_coins and not waiting)
    return _BETWEEN_TAGS.sub("><", html)


#: the template's indentation between two tags: WeasyPrint parses, styles and drops each such
#: run of white space (the sheet's text never has white space between a ">" and a "<" that
#: shows: names and explanations are escaped, and its inline runs are followed by text)
_BETWEEN_TAGS = re.compile(r">\s+<")
