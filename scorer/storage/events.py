"""What changed in the database, told to whoever keeps something drawn from it.

Every write of a game or a group passes through :mod:`scorer.storage`, so this is the one place
where a change can be announced without any path forgetting to: a save, a set-up, a title, a
lock, a hand-over, a deletion, retention, an import, a group's rename, merge, or a game moved in
or out of it. Each committed change sends exactly one event; a refused or rolled-back write
sends none. The caches (the sheets, the group report, the pad, the group page, the live pad's
validator) live in higher wings and subscribe from their own ``init_app``; storage names none of
them (``../shared/notes/events.md``).

An event reaches the receivers of the process that made the change only. Other workers and
other hosts stay right because every cache key holds the game's or the group's revision: an
event only frees memory or disk early.

Senders are the current Flask app (``sender=app`` in ``connect`` keeps a test's app apart from
another's). Payloads are plain data:

- :data:`game_changed`: ``game_id`` (public id), ``group_pk`` (the group it is in after the
  change, None when in none), ``left_group_pk`` (the group it was taken out of, when the change
  moved it), ``deleted`` (True when the game is gone).
- :data:`group_changed`: ``group_pk``, ``deleted``. A game's change that alters its group's
  statistics is told as the game's event (its ``group_pk``), not a second time.
"""

from __future__ import annotations

from blinker import Namespace
from flask import current_app

_signals = Namespace()

game_changed = _signals.signal("game-changed")
group_changed = _signals.signal("group-changed")


def _sender():
    return current_app._get_current_object()  # type: ignore[attr-defined]


def announce_game(game_id: str, group_pk: int | None, *, left_group_pk: int | None = None,
                  deleted: bool = False) -> None:
    game_changed.send(_sender(), game_id=game_id, group_pk=group_pk,
                      left_group_pk=None if left_group_pk == group_pk else left_group_pk,
                      deleted=deleted)


def announce_group(group_pk: int, *, deleted: bool = False) -> None:
    group_changed.send(_sender(), group_pk=group_pk, deleted=deleted)
