"""The Leaders part of the city page: the recruited leaders as chips, the buried ones per
burying stage with the Age they were recruited in.

Like the buildings, a leader another city holds (face up or buried) is shown as taken, and the
engine's validation stays the judge: its problems are shown beside the chip or the buried row
they are about.
"""

from __future__ import annotations

import re

from flask_babel import lazy_gettext as _l
from wtforms.fields.choices import SelectChoice

from ..engine.leaders.validation import BURY
from ..engine.rules import Ruleset
from .labels import leader_label
from .problems import ErrorMap

#: the sets of leaders a page shows, with their headings and marks (the Dutch rules mark the
#: expert leaders with a club)
SETS = {"standard": (_l("Standard leaders"), ""), "expert": (_l("Expert leaders"), "♣")}
_BURIED_PATH = re.compile(r"\.buried\[(\d+)\](?:\.(leader|age))?$")
_LEADER_PATH = re.compile(r"\.leaders\[(\d+)\]$")


def burying_stages(ruleset: Ruleset, player: dict) -> int:
    """How many stages of the player's wonder side bury a leader (Abu Simbel)."""
    wonder = ruleset.catalog.wonders.get(player.get("wonder") or "")
    stages = wonder.sides.get(player.get("side") or "", ()) if wonder else ()
    return sum(1 for stage in stages for effect in stage.effects if effect.type == BURY)


def buried_entries(player: dict) -> list[dict]:
    """A saved city's buried leaders as form rows (an id, or ``{"leader": id, "age": n}``)."""
    rows = []
    for entry in player.get("buried") or []:
        if isinstance(entry, dict):
            rows.append({"leader": str(entry.get("leader", "")), "age": str(entry.get("age") or "")})
        else:
            rows.append({"leader": str(entry), "age": ""})
    return rows


def leader_data(player: dict) -> dict:
    return {"leaders": list(player.get("leaders") or []), "buried": buried_entries(player)}


def prepare(form, ruleset: Ruleset, player: dict) -> None:
    """Choices of the leader fields, and a buried row per burying stage (never fewer rows than
    leaders already buried, so nothing saved is hidden)."""
    leaders = ruleset.leaders.playable
    form.leaders.choices = [SelectChoice(leader.id) for leader in leaders]
    rows = max(burying_stages(ruleset, player), len(form.buried.entries))
    while len(form.buried.entries) < rows:
        form.buried.append_entry()
    names = sorted(((leader_label(leader), leader.id) for leader in leaders),
                   key=lambda pair: pair[0].casefold())
    choices = [SelectChoice("", _l("None"))] + [SelectChoice(id_, name) for name, id_ in names]
    for entry in form.buried:
        entry.form.leader.choices = choices


def typed(form) -> tuple[list[str], list]:
    """The leaders and buried leaders of the form, as a game document holds them."""
    buried = []
    for entry in form.buried:
        leader, age = entry.form.leader.data, entry.form.age.data
        if leader:
            buried.append({"leader": leader, "age": int(age)} if age else leader)
    return list(form.leaders.data or []), buried


def taken_by(document: dict, index: int) -> dict[str, str]:
    """Leader id -> the name of the other city holding it (face up or buried)."""
    taken = {}
    for other, player in enumerate(document["players"]):
        if other == index or not isinstance(player, dict):
            continue
        for entry in [*(player.get("leaders") or []), *buried_entries(player)]:
            leader = entry["leader"] if isinstance(entry, dict) else entry
            taken.setdefault(str(leader), player.get("name", ""))
    return taken


def problems(errors: ErrorMap, at: str, form, document: dict, index: int) -> dict:
    """The engine's problems about this city's leaders: per chip (by leader id), per buried row
    (by the row it came from) and for the whole field."""
    player = document["players"][index]
    chosen = list(player.get("leaders") or [])
    rows = [i for i, entry in enumerate(form.buried) if entry.form.leader.data]
    chips: dict[str, list[str]] = {}
    buried: dict[int, list[str]] = {}
    for path in errors.paths():
        if not path.startswith(at + "."):
            continue
        found = _LEADER_PATH.search(path)
        if found and int(found.group(1)) < len(chosen):
            chips.setdefault(str(chosen[int(found.group(1))]), []).extend(errors.take(path))
            continue
        found = _BURIED_PATH.search(path)
        if found and int(found.group(1)) < len(rows):
            buried.setdefault(rows[int(found.group(1))], []).extend(errors.take(path))
    return {"chips": chips, "buried": buried,
            "leaders": errors.take(f"{at}.leaders"), "all_buried": errors.take(f"{at}.buried")}


def groups(ruleset: Ruleset, selected: list[str], taken: dict[str, str],
           chip_errors: dict[str, list[str]]) -> list[dict]:
    """The leaders by set (standard, then expert), by name in the page's language; the filter
    matches the translated and the English name."""
    chosen = set(selected)
    by_set: dict[str, list[dict]] = {}
    for leader in ruleset.leaders.playable:
        label = leader_label(leader)
        holder = taken.get(leader.id)
        by_set.setdefault(leader.set, []).append({
            "id": leader.id, "label": label, "search": f"{label} {leader.name}".casefold(),
            "cost": leader.cost, "checked": leader.id in chosen,
            "taken": holder if holder is not None and leader.id not in chosen else None,
            "errors": chip_errors.get(leader.id, []),
        })
    return [{"set": name, "label": SETS[name][0], "mark": SETS[name][1],
             "chips": sorted(by_set[name], key=lambda chip: chip["label"].casefold())}
            for name in SETS if name in by_set]


def conflict_rows(form, stored: dict, ruleset: Ruleset) -> list[dict]:
    """The leaders as typed beside those saved elsewhere (for the out-of-date city page)."""
    names = {leader.id: leader_label(leader) for leader in ruleset.leaders.playable}

    def listed(ids) -> list[str]:
        return sorted(names.get(str(leader_id), str(leader_id)) for leader_id in ids)

    typed_leaders, typed_buried = typed(form)
    saved_buried = [entry["leader"] for entry in buried_entries(stored)]
    rows = []
    for label, mine, theirs in (
            (form.leaders.label.text, listed(typed_leaders), listed(stored.get("leaders") or [])),
            (str(_l("Buried leaders")),
             listed(entry["leader"] if isinstance(entry, dict) else entry for entry in typed_buried),
             listed(saved_buried))):
        rows.append({"label": label, "mine": ", ".join(mine) or "–",
                     "theirs": ", ".join(theirs) or "–", "differs": mine != theirs})
    return rows
