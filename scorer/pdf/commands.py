"""``flask --app scorer pad``: a blank score pad written to a file, for printing in bulk."""

from __future__ import annotations

import click
from flask import current_app
from flask.cli import with_appcontext
from flask_babel import force_locale
from flask_babel import gettext as _

from ..engine.rules import DEFAULT_EDITION, editions, expansions, get_ruleset
from .pad import blank_pad_pdf
from .print_options import language_and_paper, print_options


@click.command("pad")
@click.option("--players", type=int, help="Player columns on each pad (default: the most "
              "players the edition allows).")
@click.option("--edition", type=click.Choice(editions()), default=DEFAULT_EDITION,
              show_default=True, help="The edition whose score pad to print (its rows and order).")
@click.option("--expansion", "played", type=click.Choice(expansions()), multiple=True,
              help="An expansion played (adds its rows); repeat for several.")
@print_options("Language of the labels: en, nl or pl (en_US also chooses Letter paper).")
@with_appcontext
def pad_command(players: int | None, edition: str, played: tuple[str, ...], tag: str,
                paper: str | None, output) -> None:
    """Write a page of blank score pads."""
    ruleset = get_ruleset(edition, played)
    if players is None:
        players = ruleset.max_players
    if not ruleset.min_players <= players <= ruleset.max_players:
        with force_locale(current_app.config["BABEL_DEFAULT_LOCALE"]):
            message = _("give a whole number from %(low)d to %(high)d.",
                        low=ruleset.min_players, high=ruleset.max_players)
        raise click.BadParameter(message, param_hint="--players")
    language, chosen = language_and_paper(tag, paper)
    output.write(blank_pad_pdf(players, language, chosen, ruleset))
