"""The score pad as every phone sees it alike, drawn once per game revision, lock and language.

Seven phones poll the live pad while cities are saved; each save changes the pad for all of
them. Scoring the game and drawing its table and explanations is most of a pad's cost (the
template alone was about four fifths of a live answer), so it is done once per (revision,
locked, language) and kept (:class:`scorer.web.memo.RevisionMemo`); each phone then only adds
its own parts (its city's button, the owner's buttons). The game's change events free a game's
entries early; the revision in every key keeps another worker's change from meeting a stale one.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, current_app, render_template
from flask_babel import get_locale
from markupsafe import Markup

from ..engine.validation import Problem, parse_game
from ..storage.events import game_changed
from .memo import RevisionMemo

#: splits _pad_shared.html into its parts (an HTML comment: never shown even if left in)
MARKER = "<!--pad-part-->"
EXTENSION = "scorer.pad_memo"
DEFAULT_ENTRIES = 512


@dataclass(frozen=True)
class SharedPad:
    head: Markup  # the winners' line and the token check
    table: Markup  # the pad's table and its hint
    actions: Markup  # the buttons every phone has
    explanations: Markup  # how each number was counted
    played_with: str  # the edition and expansions, for the page's subtitle
    complete: bool  # every city entered: the next step is the next game


@dataclass(frozen=True)
class Unscorable:
    """A saved game the engine no longer accepts: the pad page lists why."""

    problems: list[Problem]


def memo(app: Flask | None = None) -> RevisionMemo:
    return (app or current_app).extensions[EXTENSION]


def shared_pad(saved, draw) -> SharedPad | Unscorable:
    """The pad's shared parts for ``saved``; ``draw(saved, game)`` gives the template's context
    when they must be drawn (the views' :func:`scorer.web.games.pad_context`)."""
    key = (saved.revision, bool(saved.locked), str(get_locale()))

    def make() -> SharedPad | Unscorable:
        game, problems = parse_game(saved.document)
        if problems:
            return Unscorable(problems)
        context = draw(saved, game)
        parts = render_template("_pad_shared.html", **context).split(MARKER)
        head, table, actions, explanations = (Markup(part) for part in parts)
        return SharedPad(head, table, actions, explanations, context["played_with"],
                         context["complete"])

    return memo().get_or_make(saved.id, key, make)


def _forget_changed(app: Flask, game_id: str, **_change) -> None:
    memo(app).forget(game_id)


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = RevisionMemo(int(app.config.get("PAD_CACHE_ENTRIES", DEFAULT_ENTRIES)))
    game_changed.connect(_forget_changed, sender=app)
