"""Which player this phone is in each game, so reopening a game leads straight to one's city.

At the table each player opens the game's link on their own phone and taps "This is me". The
phone remembers that choice (game id -> player id) in the ``seats`` cookie, signed with the
app's secret key (kept in ``instance/``, so it survives a restart), like the history cookie of
:mod:`scorer.games.access`. The join page then puts that player first with "Not me" to forget it, and
the score pad and the game lists show "Your city".

Saving a city from a phone is a hint too, but a weaker one: one phone often enters every
city for the whole table. So a save only *guesses* the seat when this phone has none for the
game yet; saving a second, different city on the same phone drops the guess and stops
guessing for that game (the phone is the table's scribe). The host's phone (the game's owner)
never guesses: it is the table's scribe from the start, and a host who enters another player's
city is not that player. A choice made with "This is me" is
never overridden by saves, and "Not me" forgets the seat and stops guessing too.

The cookie holds at most :data:`SIZE` games (the most recently changed) and at most
:data:`MAX_CHARS` characters, far below a cookie's 4 KB whatever the ids' lengths. A forged,
malformed or foreign value reads as "nothing remembered"; a remembered player who is no longer
in the game (the set-up changed) is ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import Flask, Response, g

from ..documents.player_ids import VALID_ID
from ..safety import signed_cookies
from .access import GAME_ID

COOKIE = "seats"
SALT = "scorer.seats"
#: the games remembered; older ones are dropped first
SIZE = 50
#: bound on the cookie's value before signing (50 games of 22 + 6 characters take ~1,500)
MAX_CHARS = 3000
CHOSEN, GUESSED = "=", "~"
ENTRY = re.compile(rf"(?P<game>{GAME_ID.pattern})(?P<how>[=~])(?P<player>{VALID_ID.pattern})?")


@dataclass(frozen=True)
class Remembered:
    """What this browser knows of its seat in one game: ``player`` is None when it has
    stopped guessing (several cities saved here, or "Not me")."""

    game: str
    player: str | None
    chosen: bool

    def encoded(self) -> str:
        return f"{self.game}{CHOSEN if self.chosen else GUESSED}{self.player or ''}"


def decode(value: str) -> list[Remembered]:
    """The entries of a cookie value (unsigned), the most recent first; malformed ones skipped."""
    seats: list[Remembered] = []
    seen: set[str] = set()
    for part in value.split("."):
        match = ENTRY.fullmatch(part)
        if match is None or match["game"] in seen or (match["how"] == CHOSEN and not match["player"]):
            continue
        seen.add(match["game"])
        seats.append(Remembered(match["game"], match["player"], match["how"] == CHOSEN))
    return bounded(seats)


def encode(seats: list[Remembered]) -> str:
    return ".".join(seat.encoded() for seat in seats)


def bounded(seats: list[Remembered]) -> list[Remembered]:
    """At most SIZE entries and MAX_CHARS characters, keeping the most recent."""
    kept, length = [], 0
    for seat in seats[:SIZE]:
        length += len(seat.encoded()) + 1
        if length > MAX_CHARS:
            break
        kept.append(seat)
    return kept


def _all() -> list[Remembered]:
    if "seats" not in g:
        g.seats = decode(signed_cookies.read(COOKIE, SALT))
    return g.seats


def _entry(game_id: str) -> Remembered | None:
    return next((seat for seat in _all() if seat.game == game_id), None)


def _put(seat: Remembered) -> None:
    if not (GAME_ID.fullmatch(seat.game) and (seat.player is None or VALID_ID.fullmatch(seat.player))):
        return
    g.seats = bounded([seat] + [other for other in _all() if other.game != seat.game])
    g.seats_changed = True


def player_id(game_id: str) -> str | None:
    """The id of the player this browser is in the game (as remembered; may be gone since)."""
    seat = _entry(game_id)
    return seat.player if seat else None


def player_in(sent: str, game_id: str) -> str | None:
    """:func:`player_id` from the ``seats`` cookie's value as the browser sent it (what reads
    a request's seat without the request: :mod:`scorer.web.live_poll`)."""
    return next((seat.player for seat in decode(signed_cookies.read_sent(sent, SALT))
                 if seat.game == game_id), None)


def chosen_player(game_id: str) -> str | None:
    """The id of the player this browser said "This is me" for (not a guess from a save)."""
    seat = _entry(game_id)
    return seat.player if seat and seat.chosen else None


def your_seat(saved) -> dict | None:
    """This browser's player in ``saved`` (a stored game), if remembered and still in it."""
    remembered = player_id(saved.id)
    if remembered is None:
        return None
    players = saved.document.get("players") if isinstance(saved.document, dict) else None
    return next((p for p in players or [] if isinstance(p, dict) and p.get("id") == remembered),
                None)


def choose(game_id: str, player: dict) -> None:
    """"This is me": remembered for good, whatever is saved on this phone later. The Free City
    is nobody's phone, so choosing it changes nothing."""
    if not player.get("free_city"):
        _put(Remembered(game_id, player["id"], chosen=True))


def city_saved(game_id: str, player: dict, host: bool = False) -> None:
    """A city saved from this browser: a guess at its seat when it has none for the game yet
    (none from the ``host``'s phone)."""
    seat = _entry(game_id)
    if player.get("free_city") or host:
        return
    if seat is None:
        _put(Remembered(game_id, player["id"], chosen=False))
    elif not seat.chosen and seat.player not in (None, player["id"]):
        _put(Remembered(game_id, None, chosen=False))  # a second city: this phone is the scribe


def forget(game_id: str) -> None:
    """"Not me": no seat for this game, and no more guessing from saves."""
    _put(Remembered(game_id, None, chosen=False))


def send_cookie(response: Response) -> Response:
    if g.get("seats_changed"):
        signed_cookies.write(response, COOKIE, SALT, encode(g.seats))
    return response


def init_app(app: Flask) -> None:
    app.after_request(send_cookie)
    app.jinja_env.globals.update(your_seat=your_seat)
