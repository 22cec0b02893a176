"""What the home page's chooser of a blank pad offers besides the edition and the expansions:
the players (3 to the most any table allows) and the paper (the browser's region's preselected).

How many players an edition with a set of expansions allows is the rulesets' to say; the
chooser hands the page a table of it for every edition and set (a few dozen entries), so that
the page's script can stop the player count where the rules stop, without knowing a rule.
Without the script, a count the rules refuse gets the pad's own answer naming the bounds.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import cache

from flask import request
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l

from ..engine.rules import editions, expansions, get_ruleset
from ..engine.validation import MIN_PLAYERS
from ..web.editions import most_players, preferred_edition
from .paper import PAPERS, Paper, default_paper, territory_for

#: each paper's name in the chooser
PAPER_LABELS = {"a4": "A4", "letter": _l("Letter (US)")}


@dataclass(frozen=True, slots=True)
class Chooser:
    counts: tuple[int, ...]
    players: int
    papers: tuple[tuple[str, object], ...]
    paper: str
    #: JSON: edition -> the played expansions' ids, sorted and joined by spaces -> most players
    most: str


def browser_paper(language: str) -> Paper:
    """The paper of the browser's region for ``language`` (Letter for US English)."""
    tags = [tag for tag, _quality in request.accept_languages]
    return default_paper(language, territory_for(language, tags))


@cache
def most_players_table() -> str:
    table = {edition: {" ".join(played): get_ruleset(edition, played).max_players
                       for size in range(len(expansions()) + 1)
                       for played in itertools.combinations(sorted(expansions()), size)}
             for edition in editions()}
    return json.dumps(table, sort_keys=True, separators=(",", ":"))


def pad_chooser() -> Chooser:
    """The chooser's choices for this request: as many players as the preferred edition
    allows and the paper of the browser's region, preselected."""
    return Chooser(tuple(range(MIN_PLAYERS, most_players() + 1)),
                   get_ruleset(preferred_edition()).max_players,
                   tuple((key, PAPER_LABELS.get(key, key)) for key in PAPERS),
                   browser_paper(str(get_locale())).key, most_players_table())
