"""``flask hand-over GAME_ID``: the instance owner gives a game to a browser.

Games saved before owners existed have none, so nobody can change their players or delete them
through the pages; and an owner who lost their phone has lost those rights. Whoever runs the
app (and so can read its database anyway) makes a hand-over link here, exactly like the one an
owner shows: the browser that opens it and confirms becomes the owner. A current owner loses
the game at once, since the game can hold one owner's hash only.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import click
from flask import Flask, current_app, url_for
from flask.cli import with_appcontext

from .. import storage
from ..serving.lan import public_url
from . import access

DEFAULT_PORT = 5000


def app_address(given: str | None) -> str:
    """Where the new owner reaches the app: ``--base-url``, else ``SCORER_PUBLIC_URL`` or
    ``SCORER_TABLE_URL``, else this
    machine's local-network address on ``$PORT`` (what ``scripts/setup.sh run`` serves)."""
    address = given or current_app.config.get("PUBLIC_URL") or current_app.config.get("TABLE_URL")
    if not address:
        port = os.environ.get("PORT", "")
        return public_url("0.0.0.0", int(port) if port.isdigit() else DEFAULT_PORT)
    parts = urlsplit(address)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise click.BadParameter(f"{address!r} is not an http:// or https:// address",
                                 param_hint="--base-url")
    return address


# A game id may start with "-" (ids are URL-safe base64): keep it an argument, not an option.
@click.command("hand-over", context_settings={"ignore_unknown_options": True})
@with_appcontext
@click.argument("game_id")
@click.option("--base-url", help="The app's address as the new owner's browser reaches it.")
def hand_over_command(game_id: str, base_url: str | None) -> None:
    """Print a link that makes the browser confirming it the owner of GAME_ID."""
    base = app_address(base_url)
    saved = storage.load_game(game_id) if access.GAME_ID.fullmatch(game_id) else None
    if saved is None:
        raise click.ClickException(f"no saved game has the id {game_id!r}")
    token, owner_hash = access.minted_owner()
    if not storage.set_owner(game_id, saved.owner_token_hash, owner_hash):
        raise click.ClickException("the game changed owner or was deleted meanwhile: run the command again")
    with current_app.test_request_context(base_url=base):
        link = url_for("ownership.claim", game_id=game_id, token=token, _external=True)
    if saved.owner_token_hash:
        click.echo("The game had an owner: that browser can no longer change its players or delete it.")
    click.echo("Open this link in the browser that should own the game, and confirm:")
    click.echo(link)


def init_app(app: Flask) -> None:
    app.cli.add_command(hand_over_command)
