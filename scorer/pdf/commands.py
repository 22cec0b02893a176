"""The ``flask pad`` command: a blank score pad written to a file."""

from __future__ import annotations

import click


@click.command("pad")
def pad_command() -> None:
    raise click.ClickException("not implemented yet")
