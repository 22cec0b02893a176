"""A group's printable report: its leaderboard, the per-player table, records, highest totals,
closest games, wonders, the charts and the latest games, in the language asked for, on A4 or
Letter (``GET /groups/<id>/report.pdf``, ``flask report``), as a tagged PDF/UA file (its
template asks for it) that a screen reader can follow.

The charts are the page's (pygal SVG) as images from ``data:`` URLs, which WeasyPrint draws as
vectors; as images their thousand-odd elements stay out of the HTML document, whose style
cascade would otherwise match every print rule against each of them (a fifth of the report's
time). The figures are the statistics of the same filters as the page's query, and the same
drawn figures and charts as the page's (:mod:`scorer.web.group_cache`).

Like a score sheet, a report is drawn in one of the instance's render slots (503 with
``Retry-After`` when they stay busy), counts against the PDF rate limit only when drawn, and is
kept once drawn (:mod:`.sheet_cache`), per group revision, filters, language, paper and day.
"""

from __future__ import annotations

from datetime import UTC, datetime

import click
from flask import Blueprint, abort, current_app, request
from flask.cli import with_appcontext
from flask_babel import force_locale, format_date, get_locale

from ..groups import service
from ..groups.recent import recent_games
from ..groups.statistics import Filters
from ..i18n import translator
from ..safety.file_names import slug
from ..storage.groups import Group
from ..web.figures import list_moments, moment_labels
from ..web.group_cache import filters_key, group_figures
from ..web.group_labels import row_label, row_typed, wonder_side_label
from . import sheet_cache
from .document import render_pdf
from .download import pdf_response
from .paper import Paper
from .print_options import language_and_paper, print_options
from .views import TURN, drawn_in_turn, query_error, requested_paper

bp = Blueprint("groups_report", __name__)
for _code in (400, 503):
    bp.register_error_handler(_code, query_error)


#: how many games the report's figures come with (the page's list is drawn apart)
GAMES_LISTED = 30


def report_pdf(group: Group, filters: Filters, locale: str, paper: Paper) -> bytes:
    def build(_translator) -> dict:
        drawn = group_figures(group, filters, GAMES_LISTED)
        figures, charts = drawn.figures, drawn.charts
        games, counted = recent_games(group, filters)
        return {"figures": figures,
                "charts": [chart for chart in
                           (charts["totals"], charts["rows"], charts["wonders"], charts["spread"])
                           if chart is not None],
                "rows": [(row["row"], row_label(row["row"]), row_typed(row["row"]))
                         for row in figures["rows"]],
                "wonder_side_label": wonder_side_label,
                "date": format_date(datetime.now(UTC), "long"),
                # when each listed game was played, with the time where two share a day
                "moments": {key: list_moments(figures[key])
                            for key in ("best_totals", "closest_games")},
                "games": games, "counted": counted,
                "game_moments": moment_labels([game["moment"] for game in games])}

    return render_pdf("pdf/group_report.html", locale, paper, build=build, group=group,
                      filters=filters)


def report_filename(group: Group, paper: Paper) -> str:
    return f"{slug(group.name) or 'group'}-report-{paper.key}.pdf"


@bp.get("/groups/<group_id>/report.pdf")
def report(group_id: str):
    group = service.load(group_id)
    if group is None:
        abort(404)
    locale = str(get_locale())
    paper = requested_paper(locale)
    args = {key: value for key, value in request.args.items() if key not in ("paper", TURN)}
    try:
        filters = service.parse_filters(args)
    except service.Refused as error:
        abort(400, description=" ".join(f"{p.path}: {p.message.render(translator())}"
                                        for p in error.problems))
    day = datetime.now(UTC).date().isoformat()
    cached = sheet_cache.report_path_for(group, filters_key(filters), locale, paper.key, day)
    pdf = sheet_cache.read(cached)
    if pdf is None:
        pdf = drawn_in_turn(lambda: report_pdf(group, filters, locale, paper))
        sheet_cache.write(cached, pdf)
    return pdf_response(pdf, report_filename(group, paper))


@click.command("report")
@click.argument("group_id")
@print_options("Language of the report: en, nl or pl (en_US also chooses Letter paper).")
@with_appcontext
def report_command(group_id: str, tag: str, paper: str | None, output) -> None:
    """Write the printable report of the group GROUP_ID."""
    group = service.load(group_id)
    if group is None:
        raise click.ClickException(f"no group has the id {group_id!r}")
    language, chosen = language_and_paper(tag, paper)
    with current_app.test_request_context(headers={"Accept-Language": language}), \
            force_locale(language):
        output.write(report_pdf(group, Filters(), language, chosen))
