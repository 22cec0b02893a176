"""HTTP entry points for the printable PDFs: they read the query, then hand over the bytes.

The language is the request's; the paper is asked for (``paper=a4|letter``) or follows the
browser's region; a blank pad's rows are those of the edition asked for (``edition=``, one of
the rulesets' editions, the default edition when absent) and its expansions (``leaders=1``: a
parameter per expansion), with the blank lines an expansion prints when asked (``teams=1``,
which needs its expansion). A bad query answers 400 with a message naming the parameter, never a
guess.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from flask import Blueprint, abort, g, make_response, render_template, request
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from ..engine.rules import DEFAULT_EDITION, Ruleset, editions, expansions, get_ruleset
from ..i18n import translator
from ..safety.numbers import parse_int
from ..safety.render_queue import UnknownTurn, render_turn
from ..safety.render_slots import Busy
from ..web.expansions import every_part, parts_of
from ..web.saved import saved_or_404
from . import sheet_cache
from .chooser import browser_paper, pad_chooser
from .download import pdf_response
from .pad import blank_pad_pdf
from .paper import PAPERS, Paper
from .sheet import UnreadableGame, game_sheet_pdf, sheet_filename

bp = Blueprint("pdf", __name__)
#: the home page's chooser of a blank pad asks ``pad_chooser()`` for its players and paper
bp.add_app_template_global(pad_chooser)
#: what a blank pad's file name leaves unsaid: the default edition (names kept as they were)
UNNAMED = frozenset({DEFAULT_EDITION})


def requested_ruleset() -> Ruleset:
    """The edition (``edition=``) and expansions (``<expansion>=1``) of a blank pad."""
    edition = request.args.get("edition", DEFAULT_EDITION)
    if edition not in editions():
        abort(400, description=_("edition: choose %(choices)s.", choices=" / ".join(editions())))
    played = []
    for name in expansions():
        raw = request.args.get(name, "0")
        if raw not in ("0", "1"):
            abort(400, description=_("%(parameter)s: give 1 (with it) or 0 (without).",
                                     parameter=name))
        if raw == "1":
            played.append(name)
    return get_ruleset(edition, played)


def requested_lines(ruleset: Ruleset) -> tuple[str, ...]:
    """The expansions' blank lines asked for (``<line>=1``), each needing its expansion."""
    played = parts_of(ruleset)
    asked = []
    for part in every_part():
        for name in part.blank_lines:
            raw = request.args.get(name, "0")
            if raw not in ("0", "1"):
                abort(400, description=_("%(parameter)s: give 1 (with it) or 0 (without).",
                                         parameter=name))
            if raw == "1" and part not in played:
                abort(400, description=_("%(parameter)s=1 needs %(expansion)s=1.",
                                         parameter=name, expansion=part.id))
            if raw == "1":
                asked.append(name)
    return tuple(asked)


def requested_players(ruleset: Ruleset) -> int:
    low, high = ruleset.min_players, ruleset.max_players
    players = parse_int(request.args.get("players", str(high)))
    if players is None or not low <= players <= high:
        abort(400, description=_("players: give a whole number from %(low)d to %(high)d.",
                                 low=low, high=high))
    return players


def requested_paper(language: str) -> Paper:
    raw = request.args.get("paper")
    if raw is None:
        return browser_paper(language)
    if raw.lower() not in PAPERS:
        abort(400, description=_("paper: choose %(choices)s.", choices=" / ".join(PAPERS)))
    return PAPERS[raw.lower()]


@bp.get("/pad.pdf")
def blank_pad():
    locale = str(get_locale())
    ruleset = requested_ruleset()
    lines = requested_lines(ruleset)
    players = requested_players(ruleset)
    paper = requested_paper(locale)
    pdf = blank_pad_pdf(players, locale, paper, ruleset, lines)
    return pdf_response(pdf, pad_filename(ruleset, players, paper, lines))


def pad_filename(ruleset: Ruleset, players: int, paper: Paper, lines: tuple[str, ...] = ()) -> str:
    """``7-wonders-score-pad-5-a4.pdf``; another edition's or an expansion's pad says which
    (``7-wonders-score-pad-second-leaders-5-a4.pdf``), and its blank lines asked for."""
    played = [name for name in (ruleset.edition, *ruleset.expansions) if name not in UNNAMED]
    parts = ["7-wonders-score-pad", *played, *lines, str(players), paper.key]
    return "-".join(parts) + ".pdf"


@bp.get("/games/<game_id>/sheet.pdf")
def game_sheet(game_id: str):
    """The game's sheet: from the cache while the game is unchanged, else drawn in one of the
    instance's render slots (503 with Retry-After when they stay busy)."""
    saved = saved_or_404(game_id)  # as the pad reads it: player ids, entered cities
    locale = str(get_locale())
    paper = requested_paper(locale)
    cached = sheet_cache.path_for(saved, locale, paper.key)
    pdf = sheet_cache.read(cached)
    if pdf is None:
        try:
            pdf = drawn_in_turn(lambda: game_sheet_pdf(saved, locale, paper))
        except UnreadableGame as error:
            active = translator()
            abort(422, description=" ".join(f"{problem.path}: {problem.message.render(active)}"
                                            for problem in error.problems))
        sheet_cache.write(cached, pdf)
    return pdf_response(pdf, sheet_filename(saved))


#: seconds a client waits before asking again for a PDF when every render slot was busy
BUSY_RETRY_AFTER = "2"
#: the query parameter that holds a busy request's place in the print queue
TURN = "turn"


def drawn_in_turn(draw: Callable[[], bytes]) -> bytes:
    """``draw()`` in a render slot taken in the print queue's order (:mod:`..safety.render_queue`):
    a busy answer (503) names the place, and its ``Refresh`` asks again with it."""
    try:
        with render_turn(request.args.get(TURN)):
            g.pdf_rendered = True  # what the PDF rate limit counts
            return draw()
    except UnknownTurn:
        abort(400, description=_("turn: this is not a place in the print queue; open the PDF "
                                 "again without it."))
    except Busy as busy:
        g.render_turn = busy.turn
        abort(503, description=" ".join((
            _("The server is busy drawing other score sheets. Try again in a few seconds."),
            ngettext("%(num)d is before yours; this page asks again by itself.",
                     "%(num)d are before yours; this page asks again by itself.", busy.ahead))))


def refresh_url() -> str:
    """This request's address holding its place in the print queue (under the prefix the app
    is served at, as ``url_for`` writes its addresses)."""
    query = [(key, value) for key, value in request.args.items(multi=True) if key != TURN]
    return request.script_root + request.path + "?" + urlencode([*query, (TURN, g.render_turn)])


@bp.errorhandler(400)
@bp.errorhandler(422)
@bp.errorhandler(503)
def query_error(error: HTTPException):
    """The app's error page, with this request's own message (it names the parameter)."""
    response = make_response(render_template("error.html", message=error.description,
                                             code=error.code), error.code)
    if error.code == 503:  # every render slot busy: browsers ask again by themselves
        response.headers["Retry-After"] = g.busy_retry_after = BUSY_RETRY_AFTER
        response.headers["Refresh"] = BUSY_RETRY_AFTER + (
            f"; url={refresh_url()}" if g.get("render_turn") else "")
    return response


def keep_busy_retry_after(response):
    """The rate limiter writes its own window's end (a minute) over every ``Retry-After``; a
    busy render slot frees in seconds, so its answer keeps the view's. An app-level hook made
    before the limiter's runs after it."""
    if g.get("busy_retry_after"):
        response.headers["Retry-After"] = g.busy_retry_after
    return response
