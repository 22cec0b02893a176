"""The score pad as every phone sees it alike, drawn once per game revision, lock and language.

Seven phones poll the live pad while cities are saved; each save changes the pad for all of
them. Scoring the game and drawing its table and explanations is most of a pad's cost (the
template alone was about four fifths of a live answer), so it is done once per (revision,
locked, language) and kept (:class:`scorer.web.memo.RevisionMemo`); each phone then only adds
its own parts (its city's button, the owner's buttons). The game's change events free a game's
entries early; the revision in every key keeps another worker's change from meeting a stale one.

After a save the table's phones ask at once: the first draws (:func:`stamped_pad` loads the
game only then), the others answer from the game's stamp and the memo alone, and a phone that
is not the owner gets its seat's frame drawn once and kept across revisions (:func:`phone_part`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from flask import Flask, current_app, render_template, request
from flask_babel import get_locale
from markupsafe import Markup

from ..engine.validation import Problem, parse_game
from ..storage.events import game_changed
from . import pad_store
from .line_cache import LineStore
from .memo import RevisionMemo

#: splits _pad_shared.html into its parts (an HTML comment: never shown even if left in)
MARKER = "<!--pad-part-->"
EXTENSION = "scorer.pad_memo"
DEFAULT_ENTRIES = 512
FRAMES = "scorer.pad_frames"
#: a frame per (game, language, seat) at the tables a worker serves
DEFAULT_FRAMES = 4096
ACTIONS = "scorer.pad_actions"


@dataclass(frozen=True)
class SharedPad:
    head: Markup  # the winners' line and the token check
    table: Markup  # the pad's table and its hint
    actions: Markup  # the buttons every phone has
    explanations: Markup  # how each number was counted
    played_with: str  # the edition and expansions, for the page's subtitle
    complete: bool  # every city entered: the next step is the next game
    #: each player's id and name, as a phone's "Your city" button shows them: with these a
    #: phone's own part is drawn from the stamp alone, the saved game neither read nor parsed
    players: dict[str, dict] = field(default_factory=dict)

    def seat(self, player_id: str | None) -> dict | None:
        """The player ``player_id`` (a phone's remembered seat), if still in the game: what
        :func:`scorer.games.seats.your_seat` finds in the saved document."""
        return self.players.get(player_id) if player_id is not None else None


#: what :mod:`scorer.web.pad_store` keeps of a drawn pad
STORED = ("head", "table", "actions", "explanations", "played_with", "complete", "players")


@dataclass(frozen=True)
class PadGame:
    """What a phone's own part of the live pad reads of its game (the ``saved`` of
    _pad_live.html and _owner_actions.html): its id, lock and owner, all in the game's stamp."""

    id: str
    locked: bool
    owner_token_hash: str | None


@dataclass(frozen=True)
class Unscorable:
    """A saved game the engine no longer accepts: the pad page lists why."""

    problems: list[Problem]


def memo(app: Flask | None = None) -> RevisionMemo:
    return (app or current_app).extensions[EXTENSION]


def _key(revision: int, locked: bool) -> tuple:
    """The memo's key (:func:`kept_pad` makes the same from its parts)."""
    return revision, bool(locked), str(get_locale())


def _drawn(saved, draw) -> SharedPad | Unscorable:
    game, problems = parse_game(saved.document)
    if problems:
        return Unscorable(problems)
    context = draw(saved, game)
    parts = render_template("_pad_shared.html", actions=_actions(saved, context["complete"]),
                            **context).split(MARKER)
    head, table, actions, explanations = (Markup(part) for part in parts)
    players: dict[str, dict] = {}
    for player in saved.document["players"]:
        if isinstance(player, dict) and isinstance(player.get("id"), str):
            players.setdefault(player["id"], {key: player[key] for key in ("id", "name")
                                              if key in player})
    return SharedPad(head, table, actions, explanations, context["played_with"],
                     context["complete"], players)


def _actions(saved, complete: bool) -> Markup:
    """_pad_actions.html: the same for every revision of a game with the same lock,
    completeness and first player (its six links were a third of drawing _pad_shared.html), so
    drawn once per language and address and kept."""
    try:
        first = saved.document["players"][0]["id"]
        key = (saved.id, bool(saved.locked), bool(complete), first, str(get_locale()),
               request.script_root)
        hash(key)
    except (KeyError, IndexError, TypeError):  # never after parse_game; drawn as it is then
        return Markup(render_template("_pad_actions.html", saved=saved, complete=complete))
    kept = current_app.extensions[ACTIONS]
    found = kept.get(key)
    if found is None:
        found = Markup(render_template("_pad_actions.html", saved=saved, complete=complete))
        kept.put(key, found)
    return found


def _kept_or_drawn(game_id: str, key: tuple, draw_pad) -> SharedPad | Unscorable:
    """What another worker drew and left in :mod:`scorer.web.pad_store`, else ``draw_pad()``,
    left there in turn."""
    kept = pad_store.load(game_id, key, SharedPad)
    if kept is not None:
        return kept
    drawn = draw_pad()
    if isinstance(drawn, SharedPad):
        pad_store.keep(game_id, key, {name: getattr(drawn, name) for name in STORED})
    return drawn


def shared_pad(saved, draw) -> SharedPad | Unscorable:
    """The pad's shared parts for ``saved``; ``draw(saved, game)`` gives the template's context
    when they must be drawn (the views' :func:`scorer.web.games.pad_context`)."""
    key = _key(saved.revision, saved.locked)
    return memo().get_or_make(saved.id, key,
                              lambda: _kept_or_drawn(saved.id, key, lambda: _drawn(saved, draw)))


class _Moved(Exception):
    """The game was saved (or locked, or deleted) between its stamp and its load."""


def stamped_pad(game_id: str, stamp, load, draw) -> SharedPad | Unscorable | None:
    """The pad's shared parts for the game as its :class:`scorer.storage.Stamp` says it is,
    read from the memo without loading the game: after a save the first phone draws them
    (``load(game_id)`` then ``draw``), the table's other phones only add their own parts. None
    when the game moved on between the stamp and the load: the caller answers from a new load
    (an entry is only ever stored under the revision it was drawn from)."""
    key = _key(stamp.revision, stamp.locked)

    def draw_pad() -> SharedPad | Unscorable:
        saved = load(game_id)
        if saved is None or (saved.revision, bool(saved.locked)) != (stamp.revision,
                                                                     bool(stamp.locked)):
            raise _Moved(game_id)
        return _drawn(saved, draw)

    try:
        return memo().get_or_make(game_id, key, lambda: _kept_or_drawn(game_id, key, draw_pad))
    except _Moved:
        return None


#: stands for each shared part in a frame; a phone's part that holds one itself (a player's
#: name) is drawn whole instead
SLOT = "\x00"
_SLOTTED = dict(head=Markup(SLOT), table=Markup(SLOT), actions=Markup(SLOT),
                explanations=Markup(SLOT))


def phone_part(shared: SharedPad, game, me: dict | None, owner: bool) -> str:
    """_pad_live.html for one phone: the shared parts with its own city's button and, for the
    game's owner, the owner's buttons. A phone that is not the owner gets the same answer as
    every other such phone in its seat, so its frame (the template drawn around the shared
    parts) is drawn once and kept; the owner's is drawn each time (its lock form carries the
    session's CSRF token). ``game`` has the game's id, lock and owner hash
    (:class:`PadGame`).

    A frame is keyed by everything it shows (the game, its lock, whether it is complete and
    has an owner, the seat's id and name, the language and the site's address), not by the
    revision: after a save each seat's frame is the one it had, where drawing the table's
    seven frames again cost a third as much as drawing the pad."""
    context = {"saved": game, "me": me, "complete": shared.complete}
    if owner:
        return render_template("_pad_live.html", shared=shared, **context)
    key = frame_key(game, shared, me, str(get_locale()), request.script_root)
    frames = current_app.extensions[FRAMES]
    frame = frames.get(key)
    if frame is None:
        drawn = render_template("_pad_live.html", shared=replace(shared, **_SLOTTED), **context)
        frame = drawn.split(SLOT)
        if len(frame) != len(_SLOTTED) + 1:
            return render_template("_pad_live.html", shared=shared, **context)
        frames.put(key, frame)
    return framed(frame, shared)


def frame_key(game, shared: SharedPad, me: dict | None, locale: str, script_root: str) -> tuple:
    """What a phone's frame shows (:func:`phone_part`): also how :mod:`scorer.web.live_poll`
    finds one kept."""
    return (game.id, bool(game.locked), shared.complete, bool(game.owner_token_hash),
            (me["id"], me["name"]) if me else None, locale, script_root)


def kept_frame(app: Flask, key: tuple) -> list[str] | None:
    return app.extensions[FRAMES].get(key)


def framed(frame: list[str], shared: SharedPad) -> str:
    """A phone's part: its kept ``frame`` around the ``shared`` parts."""
    head, between_1, between_2, between_3, tail = frame
    return "".join((head, shared.head, between_1, shared.table, between_2, shared.actions,
                    between_3, shared.explanations, tail))


def kept_pad(app: Flask, game_id: str, revision: int, locked: bool, locale: str):
    """The shared parts this worker keeps for the game's revision, lock and ``locale``, else
    None (nothing is drawn)."""
    return memo(app).peek(game_id, (revision, bool(locked), locale))


def _forget_changed(app: Flask, game_id: str, **_change) -> None:
    memo(app).forget(game_id)


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = RevisionMemo(int(app.config.get("PAD_CACHE_ENTRIES", DEFAULT_ENTRIES)))
    app.extensions[FRAMES] = LineStore(int(app.config.get("PAD_FRAMES", DEFAULT_FRAMES)))
    app.extensions[ACTIONS] = LineStore(int(app.config.get("PAD_FRAMES", DEFAULT_FRAMES)))
    game_changed.connect(_forget_changed, sender=app)
    pad_store.init_app(app)
