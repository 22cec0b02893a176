"""HTTP entry points for the printable PDFs: they read the query, then hand over the bytes.

The language is the request's; the paper is asked for (``paper=a4|letter``) or follows the
browser's region. A bad query answers 400 with a message naming the parameter, never a guess.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from .. import storage
from ..i18n import translator
from .download import pdf_response
from .layout import MAX_PLAYERS, MIN_PLAYERS
from .pad import blank_pad_pdf
from .paper import PAPERS, Paper, default_paper, territory_for
from .sheet import UnreadableGame, game_sheet_pdf, sheet_filename

bp = Blueprint("pdf", __name__)


def requested_players() -> int:
    raw = request.args.get("players", str(MAX_PLAYERS))
    if not raw.isdigit() or not MIN_PLAYERS <= int(raw) <= MAX_PLAYERS:
        abort(400, description=_("players: give a whole number from %(low)d to %(high)d.",
                                 low=MIN_PLAYERS, high=MAX_PLAYERS))
    return int(raw)


def requested_paper(language: str) -> Paper:
    raw = request.args.get("paper")
    if raw is None:
        tags = [tag for tag, _quality in request.accept_languages]
        return default_paper(language, territory_for(language, tags))
    if raw.lower() not in PAPERS:
        abort(400, description=_("paper: choose %(choices)s.", choices=" / ".join(PAPERS)))
    return PAPERS[raw.lower()]


@bp.get("/pad.pdf")
def blank_pad():
    locale = str(get_locale())
    players = requested_players()
    paper = requested_paper(locale)
    pdf = blank_pad_pdf(players, locale, paper)
    return pdf_response(pdf, f"7-wonders-score-pad-{players}-{paper.key}.pdf")


@bp.get("/games/<game_id>/sheet.pdf")
def game_sheet(game_id: str):
    saved = storage.load_game(game_id)
    if saved is None:
        abort(404)
    locale = str(get_locale())
    paper = requested_paper(locale)
    try:
        pdf = game_sheet_pdf(saved, locale, paper)
    except UnreadableGame as error:
        active = translator()
        abort(422, description=" ".join(f"{problem.path}: {problem.message.render(active)}"
                                        for problem in error.problems))
    return pdf_response(pdf, sheet_filename(saved))


@bp.errorhandler(400)
@bp.errorhandler(422)
def query_error(error: HTTPException):
    """The app's error page, with this request's own message (it names the parameter)."""
    return render_template("error.html", message=error.description, code=error.code), error.code
