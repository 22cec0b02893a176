"""The Leaders part of the pages: on the city page the recruited leaders as chips and the
buried ones per burying stage with the Age they were recruited in; the build checker's
"Recruit a leader" question and its leaders' notes; the leaders row's looks.

Like the buildings, a leader another city holds (face up or buried) is shown as taken, and the
engine's validation stays the judge: its problems are shown beside the chip or the buried row
they are about.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext
from wtforms import Form, FormField, SelectField, SelectMultipleField
from wtforms.fields.choices import SelectChoice

from ...engine.expansions.leaders.cards import LEADERS_PER_CITY
from ...engine.expansions.leaders.catalog import leader_catalog
from ...engine.expansions.leaders.validation import BURY
from ...engine.rules import Ruleset
from ...i18n import translator
from ..forms import RowList
from ..labels import RESOURCE_LABELS
from ..pad_rows import RowLook
from ..problems import ErrorMap
from . import PagePart, expansion_label

#: buried-leader rows a city form takes at most (more than any wonder buries)
MAX_BURIED = 6

#: the sets of leaders a page shows, with their headings and marks (the Dutch rules mark the
#: expert leaders with a club)
SETS = {"standard": (_l("Standard leaders"), ""), "expert": (_l("Expert leaders"), "♣")}
_BURIED_PATH = re.compile(r"\.buried\[(\d+)\](?:\.(leader|age))?$")
_LEADER_PATH = re.compile(r"\.leaders\[(\d+)\]$")


def leader_label(leader) -> str:
    return leader.label.render(translator())


def leader_names(ruleset: Ruleset) -> dict[str, str]:
    """Leader id -> its name in the page's language."""
    return {leader.id: leader_label(leader) for leader in leader_catalog(ruleset).playable}


class BuriedForm(Form):
    """One leader buried under a wonder stage (Abu Simbel), with the Age it was recruited in
    (needed for a leader whose cost is the Age)."""

    leader = SelectField(_l("Buried leader"), choices=[], default="")
    age = SelectField(_l("Recruited in"), default="", choices=[
        SelectChoice("", _l("Age: not needed")), SelectChoice("1", _l("Age I")),
        SelectChoice("2", _l("Age II")), SelectChoice("3", _l("Age III"))])


def burying_stages(ruleset: Ruleset, player: dict) -> list[int]:
    """The numbers (from 1) of the player's wonder side's stages that bury a leader (Abu
    Simbel), one per leader buried."""
    wonder = ruleset.catalog.wonders.get(player.get("wonder") or "")
    stages = wonder.sides.get(player.get("side") or "", ()) if wonder else ()
    return [number for number, stage in enumerate(stages, start=1)
            for effect in stage.effects if effect.type == BURY]


def buried_rows(form, ruleset: Ruleset, player: dict, errors: dict[int, list[str]]) -> list[dict]:
    """Each buried row with the stage it needs: open once that stage is built (as typed, else
    as saved), or while it holds a leader or a problem, so nothing typed is ever hidden."""
    needs = burying_stages(ruleset, player)
    built = form.stages.data if not form.stages.errors and form.stages.data is not None \
        else player.get("stages", 0)
    rows = []
    for row, entry in enumerate(form.buried):
        stage = needs[row] if row < len(needs) else None
        rows.append({"needs": stage, "open": stage is None or built >= stage
                     or bool(entry.form.leader.data) or bool(errors.get(row))})
    return rows


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
    leaders = leader_catalog(ruleset).playable
    form.leaders.choices = [SelectChoice(leader.id) for leader in leaders]
    rows = max(len(burying_stages(ruleset, player)), len(form.buried.entries))
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
    for leader in leader_catalog(ruleset).playable:
        label = leader_label(leader)
        holder = taken.get(leader.id)
        by_set.setdefault(leader.set, []).append({
            "id": leader.id, "label": label, "search": f"{label} {leader.name}".casefold(),
            "cost": leader.cost, "checked": leader.id in chosen,
            "taken": holder if holder is not None and leader.id not in chosen else None,
            "errors": chip_errors.get(leader.id, []),
        })
    return [{"set": name, "label": heading, "mark": mark,
             "chips": sorted(by_set[name], key=lambda chip: chip["label"].casefold())}
            for name in [*(name for name in SETS if name in by_set), *sorted(set(by_set) - set(SETS))]
            for heading, mark in [set_heading(name)]]


def set_heading(name: str) -> tuple[str, str]:
    """A set's heading and mark; a set another expansion brings (its leaders, played when both
    are) is headed by that expansion's name."""
    if name in SETS:
        return SETS[name]
    return _("Leaders of %(expansion)s", expansion=expansion_label(name)), ""


def conflict_rows(form, stored: dict, ruleset: Ruleset) -> list[dict]:
    """The leaders as typed beside those saved elsewhere (for the out-of-date city page)."""
    names = leader_names(ruleset)

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


def summary_entries(form, section: dict) -> list[tuple]:
    """The leader fields' problems in the page's order, for the summary at its top."""
    entries = [(None, form.leaders.label.text, [*form.leaders.errors, *section["leaders"]])]
    for group in section["groups"]:
        entries.extend((f"leaders-{chip['id']}", chip["label"], chip["errors"])
                       for chip in group["chips"])
    entries.append((None, _("Buried leaders"), section["all_buried"]))
    for row, entry in enumerate(form.buried):
        entries.append((entry.form.leader.id, _("Buried leader %(number)d", number=row + 1),
                        [*entry.form.leader.errors, *entry.form.age.errors,
                         *section["buried"].get(row, [])]))
    return entries


class LeadersPages(PagePart):
    id = "leaders"
    #: the box's name, as printed on the Dutch and Polish boxes ("Leaders" / "Liderzy"), which
    #: may differ from the word for the cards or the score-pad row (Dutch "Leiders")
    label = lazy_pgettext("expansion", "Leaders")
    city_template = "leaders/city.html"
    city_chips = True
    build_template = "leaders/build_field.html"
    answer_key = "recruit"
    answer_template = "leaders/build_answer.html"
    row_looks = MappingProxyType({"leaders": RowLook("leader", "#5b6670", "#e6e8ea", "leaders")})
    marks = MappingProxyType({"leader": "✦"})
    kind_labels = MappingProxyType({"leader": _l("Leader")})

    def city_fields(self, ruleset):
        return {"leaders": SelectMultipleField(_l("Leaders"), choices=[]),
                "buried": RowList(FormField(BuriedForm), max_entries=MAX_BURIED)}

    def player_data(self, player):
        return leader_data(player)

    def prepare_city(self, form, ruleset, player):
        prepare(form, ruleset, player)

    def city_section(self, form, ruleset, errors, at, saved_document, document, index):
        found = problems(errors, at, form, document, index)
        chosen = list(form.leaders.data or [])
        names = leader_names(ruleset)
        problems_shown = bool(found["leaders"] or found["chips"] or form.leaders.errors)
        return {**found, "groups": groups(ruleset, chosen, taken_by(saved_document, index),
                                          found["chips"]),
                "rows": buried_rows(form, ruleset, document["players"][index], found["buried"]),
                # the picker is open while no leader is chosen (no tap to find it) and when
                # it has problems to show, folded otherwise (a tap opens it); it folds again
                # once a city's leaders are chosen
                "chosen": [names.get(leader, leader) for leader in chosen],
                "open": problems_shown or not chosen, "fold_at": LEADERS_PER_CITY}

    def summary_entries(self, form, section):
        return summary_entries(form, section)

    def typed_city(self, form, city):
        recruited, buried = typed(form)
        city["leaders"] = recruited
        city.pop("buried", None)
        if buried:
            city["buried"] = buried

    def conflict_rows(self, form, stored, ruleset):
        return conflict_rows(form, stored, ruleset)

    def build_fields(self, ruleset):
        return {"recruit": SelectField(_l("Leader"), choices=[], validate_choice=False)}

    def build_choices(self, form, ruleset):
        names = leader_names(ruleset)
        form.recruit.choices = [SelectChoice(leader_id, name) for leader_id, name in
                                sorted(names.items(), key=lambda item: item[1].casefold())]
        return [SelectChoice("recruit", _("Recruit a leader"))]

    def build_question(self, form):
        return {"recruit": form.recruit.data} if form.what.data == "recruit" else None

    def build_field_ids(self, form):
        return {"recruit": form.recruit.id}

    def item_names(self, ruleset):
        return leader_names(ruleset)

    def annotate_report(self, report, names):
        for entry in (report, *report.get("hand", ()), report.get("wonder_stage") or {}):
            for option in entry.get("options", ()):
                option.setdefault("lines", []).extend(
                    _("%(leader)s saves %(count)d %(resource)s",
                      leader=names.get(waived["leader"], waived["leader"]),
                      count=waived["count"], resource=RESOURCE_LABELS[waived["resource"]])
                    for waived in option.get("waived", ()))
            entry.setdefault("notes", []).extend(
                ("leader", perk["message"]) for perk in entry.get("leaders", ()))


PART = LeadersPages()
