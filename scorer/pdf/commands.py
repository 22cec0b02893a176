"""``flask --app scorer pad``: a blank score pad written to a file, for printing in bulk."""

from __future__ import annotations

import click
from flask import current_app
from flask.cli import with_appcontext
from flask_babel import force_locale
from flask_babel import gettext as _

from ..engine.rules import DEFAULT_EDITION, editions, expansions, get_ruleset
from .pad import blank_pad_pdf
from .paper import PAPERS, default_paper, parse_tag


@click.command("pad")
@click.option("--players", type=int, help="Player columns on each pad (default: the most "
              "players the edition allows).")
@click.option("--edition", type=click.Choice(editions()), default=DEFAULT_EDITION,
              show_default=True, help="The edition whose score pad to print (its rows and order).")
@click.option("--expansion", "played", type=click.Choice(expansions()), multiple=True,
              help="An expansion played (adds its rows); repeat for several.")
@click.option("--lang", "tag", default="en", show_default=True,
              help="Language of the labels: en, nl or pl (en_US also chooses Letter paper).")
@click.option("--paper", type=click.Choice(sorted(PAPERS), case_sensitive=False),
              help="Paper size; by default Letter for en_US and A4 otherwise.")
@click.option("--output", type=click.File("wb"), required=True,
              help="The PDF file to write (- for standard output).")
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
    parsed = parse_tag(tag)
    languages = current_app.config["LANGUAGES"]
    if parsed is None or parsed[0] not in languages:
        with force_locale(current_app.config["BABEL_DEFAULT_LOCALE"]):
            message = _("choose one of %(languages)s.", languages=", ".join(languages))
        raise click.BadParameter(message, param_hint="--lang")
    language, territory = parsed
    chosen = PAPERS[paper.lower()] if paper else default_paper(language, territory)
    output.write(blank_pad_pdf(players, language, chosen, ruleset))
