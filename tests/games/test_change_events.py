"""Every committed change of a game or a group is told exactly once (scorer/storage/events.py).

The caches of the higher wings (sheets, report, pad, group page, live validator) rely on it:
a change that sent nothing would leave a stale answer, one sent twice costs twice. A refused
write (a locked game, a stale form, a missing game) sends nothing.
"""

from __future__ import annotations

import pytest

from scorer import storage
from scorer.games import retention
from scorer.storage import groups as stored_groups
from scorer.storage import merges as stored_merges
from scorer.storage.events import game_changed, group_changed
from tests.helpers import game, player


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


class Heard:
    def __init__(self):
        self.games: list[dict] = []
        self.groups: list[dict] = []

    def game(self, _sender, **change):
        self.games.append(change)

    def group(self, _sender, **change):
        self.groups.append(change)


@pytest.fixture
def heard(ctx):
    listener = Heard()
    with game_changed.connected_to(listener.game, sender=ctx), \
            group_changed.connected_to(listener.group, sender=ctx):
        yield listener


def document() -> dict:
    return game(player("Ada", "gizah"), player("Bob", "babylon"), player("Cy", "rhodes"))


def test_each_game_change_sends_one_event(ctx, heard):
    public_id = storage.create_game(document(), "t")
    assert heard.games == [{"game_id": public_id, "group_pk": None, "left_group_pk": None,
                            "deleted": False}]
    storage.modify_game(public_id, lambda d: d)
    storage.update_game(public_id, document(), title="new")
    storage.set_locked(public_id, True)
    storage.set_owner(public_id, None, "sha256:" + "ab" * 32)
    assert [c["game_id"] for c in heard.games] == [public_id] * 5
    storage.delete_game(public_id)
    assert heard.games[-1] == {"game_id": public_id, "group_pk": None, "left_group_pk": None,
                               "deleted": True}
    assert len(heard.games) == 6 and heard.groups == []


def test_a_refused_or_missing_write_sends_nothing(ctx, heard):
    public_id = storage.create_game(document(), "t")
    storage.set_locked(public_id, True)
    heard.games.clear()
    with pytest.raises(storage.GameLocked):
        storage.modify_game(public_id, lambda d: d, refuse_locked=True)
    with pytest.raises(RuntimeError):
        storage.modify_game(public_id, lambda d: (_ for _ in ()).throw(RuntimeError()))
    assert storage.modify_game("nosuchgame", lambda d: d) is None
    assert not storage.set_locked("nosuchgame", True)
    assert not storage.set_owner(public_id, "sha256:" + "cd" * 32, "sha256:" + "ef" * 32)
    assert not storage.delete_game("nosuchgame")
    assert heard.games == []


def test_group_changes_and_moves_send_one_event_each(ctx, heard):
    group = stored_groups.create_group("Thursdays")
    public_id = storage.create_game(document(), "t")
    assert stored_groups.rename_group(group.id, "Fridays")
    assert stored_groups.set_game_group(public_id, group.pk)
    assert heard.games[-1] == {"game_id": public_id, "group_pk": group.pk, "left_group_pk": None,
                               "deleted": False}
    assert stored_groups.set_game_group(public_id, None, only_from=group.pk)
    assert heard.games[-1]["left_group_pk"] == group.pk and heard.games[-1]["group_pk"] is None
    stored_merges.merge_names(group.pk, "ada", "bob", "Bob", restoring=True)  # no game has Ada
    assert stored_groups.delete_group(group.id)
    assert [c["group_pk"] for c in heard.groups] == [group.pk] * 4
    assert [c["deleted"] for c in heard.groups] == [False, False, False, True]
    assert len(heard.games) == 3


def test_retention_tells_of_each_game_it_removes(ctx, heard):
    old = storage.create_game(document(), "old")
    heard.games.clear()
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from scorer.storage.connect import get_engine
    from scorer.storage.schema import game as game_table

    with get_engine().begin() as connection:
        connection.execute(update(game_table).where(game_table.c.public_id == old)
                           .values(updated_at=datetime.now(UTC) - timedelta(days=400)))
    assert retention.prune(30) == [old]
    assert heard.games == [{"game_id": old, "group_pk": None, "left_group_pk": None,
                            "deleted": True}]


def test_a_deleted_game_loses_its_cached_sheets(app, client, tmp_path):
    """The sheet cache hears the event in its own wing: no view or service forgets for it."""
    from scorer.pdf import sheet_cache

    with app.app_context():
        public_id = storage.create_game(document(), "t")
        folder = sheet_cache._folder()
    assert client.get(f"/games/{public_id}/sheet.pdf").status_code == 200
    import os

    assert any(name.startswith(public_id) for name in os.listdir(folder))
    with app.app_context():
        storage.delete_game(public_id)
    assert not any(name.startswith(public_id) for name in os.listdir(folder))
