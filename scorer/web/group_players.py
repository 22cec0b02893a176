"""A player's page in a group (``/groups/<id>/players/<name>``): their figures and rating,
their totals over time as a chart, their best in each row, how they fare against each other
player and their games, counting what the group's page counts (its filters).

Reached by tapping a name anywhere on the group's page. The figures are
:func:`scorer.groups.player_page.player_page`'s, the same as the API's; the view only
translates and draws. Like the group's figures, what it draws is kept per results revision,
language, filters and player (:mod:`.group_cache`'s store), so a game night's phones reading
the same page share one drawing until what the statistics count changes (a save of an
unfinished game changes nothing of it).
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from ..groups import service
from ..groups.player_page import player_page
from ..storage.results import player_key
from .figures import list_moments
from .group_cache import drawn, filters_key, named
from .group_labels import row_label, row_typed, wonder_side_label
from .groups import group_or_404, page_filters, page_query, player_url, refused_errors
from .player_charts import player_totals_chart
from .problems import ErrorMap

bp = Blueprint("group_players", __name__)
#: the games the page lists (the most recent; the figures count them all, the API lists all)
HISTORY_LISTED = 50


@bp.context_processor
def labels() -> dict:
    return {"row_label": row_label, "row_typed": row_typed, "wonder_side_label": wonder_side_label,
            "player_url": player_url}


@bp.get("/groups/<group_id>/players/<path:name>")
def page(group_id: str, name: str):
    return player_view(group_id, name, request.args)


@bp.get("/groups/<group_id>/player")
def page_by_query(group_id: str):
    """The same page for a name the path cannot carry (:func:`scorer.web.groups.player_url`)."""
    args = request.args.copy()
    name = args.pop("name", "")
    return player_view(group_id, name, args)


def player_view(group_id: str, name: str, args):
    group = group_or_404(group_id)
    errors = ErrorMap()
    try:
        filters = service.parse_filters(page_filters(args))
    except service.Refused as error:
        errors = refused_errors(error)
        filters = service.Filters()
    drawn = player_drawing(group, filters, name)
    if drawn is None:
        abort(404)
    found, chart = drawn
    history = found["history"]
    recent = history[-HISTORY_LISTED:][::-1]
    dates = {played["game"]: played["date"] for played in history}
    best = [{"game": entry["game"], "date": dates[entry["game"]]} for entry in found["best_scores"]]
    status = 422 if errors else 200  # before the page takes the messages
    return render_template(
        "group_player.html", group=group, player=found, filters=filters, errors=errors,
        query=page_query(filters), recent=recent, chart=chart,
        # each game's date in the page's language, with its time where two share a day
        recent_moments=list_moments(recent), best_moments=list_moments(best)), status


def player_drawing(group, filters, name: str):
    """``(the player's page, its chart)``, kept per results revision, language, filters and
    player (the group's name as it is now); None for a name no counted game has."""
    key = ("player", filters_key(filters), player_key(name))

    def make():
        found = player_page(group, name, filters)
        if found is None:  # not kept: unknown names must not push the known ones out
            raise Unknown
        return found, player_totals_chart(found["history"])

    try:
        found, chart = drawn(group, key, make)
    except Unknown:
        return None
    return named(found, group), chart


class Unknown(LookupError):
    """No counted game has the player."""
