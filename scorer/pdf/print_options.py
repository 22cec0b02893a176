"""The options every printing command shares (``--lang``, ``--paper``, ``--output``) and how
they are read: one language the app speaks and the paper it implies, so that the blank pad and
the group report accept and refuse the same values with the same message."""

from __future__ import annotations

from collections.abc import Callable

import click
from flask import current_app
from flask_babel import force_locale
from flask_babel import gettext as _

from .paper import PAPERS, Paper, default_paper, parse_tag


def print_options(language_help: str) -> Callable:
    """Add ``--lang`` (as ``tag``), ``--paper`` and ``--output`` to a command."""
    def decorate(command: Callable) -> Callable:
        for option in reversed((
            click.option("--lang", "tag", default="en", show_default=True, help=language_help),
            click.option("--paper", type=click.Choice(sorted(PAPERS), case_sensitive=False),
                         help="Paper size; by default Letter for en_US and A4 otherwise."),
            click.option("--output", type=click.File("wb"), required=True,
                         help="The PDF file to write (- for standard output)."),
        )):
            command = option(command)
        return command
    return decorate


def language_and_paper(tag: str, paper: str | None) -> tuple[str, Paper]:
    """The language of ``--lang`` and the paper of ``--paper`` (or the language's default);
    ``click.BadParameter`` when the app does not speak the language."""
    parsed = parse_tag(tag)
    languages = current_app.config["LANGUAGES"]
    if parsed is None or parsed[0] not in languages:
        with force_locale(current_app.config["BABEL_DEFAULT_LOCALE"]):
            message = _("choose one of %(languages)s.", languages=", ".join(languages))
        raise click.BadParameter(message, param_hint="--lang")
    language, territory = parsed
    return language, PAPERS[paper.lower()] if paper else default_paper(language, territory)
