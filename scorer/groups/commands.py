"""``flask stats rebuild``: recompute the results table from the saved documents.

The table is written with every save, so this is for after a restore from a file copy, a
change of scoring rules between versions, or to check: it prints how many games it corrected.
"""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import AppGroup

from ..storage import get_engine
from ..storage.results import rebuild

stats_cli = AppGroup("stats", help="The statistics of groups: the results table.")


@stats_cli.command("rebuild")
def rebuild_command() -> None:
    """Recompute every game's results from its document."""
    games, corrected = rebuild(get_engine())
    click.echo(f"Checked the results of {games} games; corrected {corrected}.")


def init_app(app: Flask) -> None:
    app.cli.add_command(stats_cli)
