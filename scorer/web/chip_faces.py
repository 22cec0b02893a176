"""The city page's building chips: what depends only on the rules and the language, drawn once.

A chip's label, its search words, its card page's address and that link's label, and the HTML
around the chip's state depend on the game's ruleset, the edition whose card pages it links to,
the language, the field's name and the address the app is served at: never on a city. The city
page drew them for each of its 75 to 109 chips on every request (a ``url_for``, a gettext and a
dozen Markup objects a chip: half of the page's time). Each app keeps them per such key
(:func:`faces`, a few dozen keys at most: rulesets times languages), and a city's chips are
put together from them (:func:`city_chips`) with its own state applied per request: which are
chosen, unavailable and why, their problems. Nothing of a city is kept, so nothing of one
city's page can show on another's.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from flask import current_app, render_template, request
from flask_babel import get_locale, get_translations
from markupsafe import Markup, escape

from ..engine.catalog import Catalog
from .cards import card_page
from .labels import MARKS, colour_labels

EXTENSION = "scorer.chip_faces"
#: keys kept per app (rulesets x languages x field names x script roots); emptied when full
SIZE = 64
#: the msgid of a chip's info link's label, as _chips.html has it (and the catalogs take it from)
ABOUT_LABEL = "%(name)s: what it does (new tab)"
#: the msgids of an unavailable chip's reason, as _chips.html has them
ABSENT, HELD_BY, TAKEN = ("not in the decks for %(count)d players", "all copies taken: %(names)s",
                          "all copies taken")


@dataclass(frozen=True, slots=True)
class Face:
    """One building's chip without its state: what _chips.html draws of it, in pieces around
    the parts that change (" unavailable", " checked", " disabled", the reason)."""

    id: str
    label: str
    search: str
    about: str | None
    about_label: Markup
    start: str
    attributes: str
    name: str
    end: str

    def html(self, checked: bool, unavailable: bool, reason: str) -> str:
        """The chip as one turn of _chips.html's chip loop draws it (a chip without problems)."""
        return "".join((self.start, " unavailable" if unavailable else "", self.attributes,
                        " checked" if checked else "", " disabled" if unavailable else "",
                        self.name, reason, self.end))


@dataclass(frozen=True, slots=True)
class Faces:
    """The chips of a ruleset in a language: ``ages`` is ((age, ((colour, faces), ...)), ...)
    in the page's order; ``taken`` the unavailable reasons' translated templates; ``frame``
    the whole of _chips.html as it draws them (the filter, each Age's and colour's heading),
    cut where each colour's chips go (None if it could not be cut)."""

    ages: tuple
    taken: dict
    frame: tuple[str, ...] | None


#: what stands for a colour's chips in the frame while it is drawn (no text has it)
HOLE = "\x00"


def frame(ages: tuple, field_name: str) -> tuple[str, ...] | None:
    """_chips.html drawn with each colour's chips a hole: its bytes around them, from the
    template itself (the headings' translated names, the marks), cut at the holes."""
    holes = [{"age": age, "colours": [{"colour": colour, "chips": [],
                                       "html": Markup(f"{HOLE}{index}{HOLE}")}
                                      for index, (colour, _faces) in enumerate(colours, start)]}
             for age, colours, start in _numbered(ages)]
    drawn = render_template("_chips.html", groups=holes, field_name=field_name).split(HOLE)
    count = sum(len(colours) for _age, colours in ages)
    return tuple(drawn[0::2]) if drawn[1::2] == [str(index) for index in range(count)] else None


def _numbered(ages: tuple):
    """(age, colours, the number of its first colour among all ages')."""
    start = 0
    for age, colours in ages:
        yield age, colours, start
        start += len(colours)


def draw(catalog: Catalog, document: dict, field_name: str) -> Faces:
    """The chips' faces in the request's language (what chip_groups and _chips.html gave)."""
    translations = get_translations()
    about_label = translations.ugettext(ABOUT_LABEL)
    field = escape(field_name)
    ages: dict[int, dict[str, list[Face]]] = {}
    for card in catalog.cards.values():
        label = translations.upgettext("card", card.name)
        about = card_page(document, card.id)
        linked = Markup(about_label) % {"name": label}
        colour, chip_id = card.colour, escape(card.id)
        search = f"{label} {card.name}".casefold()
        link = (f'<a class="chip-info card-link" href="{escape(about)}" target="_blank" '
                f'rel="noopener" aria-label="{escape(linked)}"><span '
                f'aria-hidden="true">ⓘ</span></a>') if about else ""
        ages.setdefault(card.ages[0], {}).setdefault(colour, []).append(Face(
            id=card.id, label=label, search=search, about=about, about_label=linked,
            start=f'\n          <label class="chip c-{escape(colour)}',
            attributes=(f'" data-name="{escape(search)}">\n            <input type="checkbox" '
                        f'name="{field}" id="{field}-{chip_id}" value="{chip_id}"'),
            name=(f'>\n            <span class="mark" aria-hidden="true">'
                  f'{escape(MARKS.get(colour, ""))}</span>\n            <span class="chip-name">'
                  f'{escape(label)}</span>\n            '),
            end=f"\n          </label>\n          {link}\n          \n        "))
    listed = list(colour_labels())
    ordered = tuple(
        (age, tuple((colour, tuple(sorted(ages[age][colour], key=lambda face: face.label)))
                    for colour in [*listed, *sorted(set(ages[age]) - set(listed))]
                    if colour in ages[age]))
        for age in sorted(ages))
    taken = {key: Markup(translations.ugettext(msgid)) for key, msgid in
             (("absent", ABSENT), ("held_by", HELD_BY), ("taken", TAKEN))}
    return Faces(ordered, taken, frame(ordered, field_name))


class FaceStore:
    """key -> (catalog, :class:`Faces`), at most ``size`` keys, thread-safe (drawing is pure:
    two requests missing at once may both draw, either result is right)."""

    def __init__(self, size: int = SIZE):
        self.size = size
        self._faces: dict[tuple, tuple[Catalog, Faces]] = {}
        self._lock = threading.Lock()

    def get_or_draw(self, key: tuple, make) -> tuple[Catalog, Faces]:
        found = self._faces.get(key)
        if found is None:
            found = make()
            with self._lock:
                if len(self._faces) >= self.size:
                    self._faces.clear()
                self._faces[key] = found
        return found


def faces(catalog: Catalog, document: dict, field_name: str) -> Faces:
    """The chips of ``catalog`` linking to the card pages of ``document``'s edition, in the
    request's language, drawn once per app and key (the catalog is kept with them: a key
    names it by its id, so another catalog is never given its chips)."""
    store = current_app.extensions.get(EXTENSION)
    if store is None:
        store = current_app.extensions.setdefault(EXTENSION, FaceStore())
    edition = document.get("edition") if isinstance(document, dict) else None
    key = (id(catalog), edition, str(get_locale()), field_name, request.script_root)
    found = store.get_or_draw(key, lambda: (catalog, draw(catalog, document, field_name)))
    return found[1] if found[0] is catalog else draw(catalog, document, field_name)


def city_chips(catalog: Catalog, document: dict, field_name: str, selected: list[str],
               left: dict[str, int], card_errors: dict[str, list[str]], in_decks: dict[str, int],
               held: dict[str, list[str]], deck_players: int,
               drawn: bool = True) -> tuple[list[dict], Markup | None]:
    """The city page's chips by age and colour, as :func:`scorer.web.cities.chip_groups` gives
    them, each colour's chips drawn whole (``html``, the bytes of _chips.html's loop) when none
    of them has a problem, else each chip without one (``html``); and, when every colour's
    are drawn, the whole of _chips.html (its frame filled), else None. ``drawn=False`` leaves
    all drawing to the template (the tests compare both). When no chip has a problem the
    colours' ``chips`` are left empty: each colour is drawn whole, so nothing reads them."""
    found = faces(catalog, document, field_name)
    taken = found.taken
    chosen = {catalog.card_ids.get(card_id, card_id) for card_id in selected}
    # no chip has a problem: every colour is drawn whole, and neither the template nor the
    # page's summary reads a chip's state (its dict is made only when one has a problem)
    lean = drawn and not card_errors
    #: (kind, holders) -> an unavailable chip's reason: the same few for a page's chips
    reasons: dict[tuple[str, str], str] = {}
    groups = []
    for age, colours in found.ages:
        listed = []
        for colour, chip_faces in colours:
            chips, pieces, whole = [], [], drawn
            for face in chip_faces:
                card_id = face.id
                checked = card_id in chosen
                unavailable = left.get(card_id, 0) <= 0 and not checked
                errors = card_errors.get(card_id, []) if card_errors else []
                if not lean:
                    chips.append({
                        "id": card_id, "label": face.label, "search": face.search,
                        "about": face.about, "about_label": face.about_label,
                        "checked": checked, "unavailable": unavailable,
                        "absent": in_decks.get(card_id, 0) == 0,
                        "held_by": ", ".join(held.get(card_id, ())), "errors": errors})
                if errors or not drawn:
                    whole = False
                    continue
                reason = ""
                if unavailable:
                    held_by = ", ".join(held.get(card_id, ()))
                    kind = ("absent" if in_decks.get(card_id, 0) == 0 else
                            "held_by" if held_by else "taken")
                    reason = reasons.get((kind, held_by))
                    if reason is None:
                        why = (taken["absent"] % {"count": deck_players} if kind == "absent" else
                               taken["held_by"] % {"names": held_by} if held_by else
                               taken["taken"] % {})
                        reason = reasons[kind, held_by] = f'<small class="taken">{why}</small>'
                pieces.append(face.html(checked, unavailable, reason))
            group = {"colour": colour, "chips": chips}
            if whole:
                group["html"] = Markup("".join(pieces))
            elif drawn:
                drawn_each = iter(pieces)
                for chip in chips:
                    if not chip["errors"]:
                        chip["html"] = Markup(next(drawn_each))
            listed.append(group)
        groups.append({"age": age, "colours": listed})
    return groups, filled(found.frame, groups)


def filled(cut: tuple[str, ...] | None, groups: list[dict]) -> Markup | None:
    """The frame with each colour's chips in their hole, if every colour's are drawn."""
    chips = [colour.get("html") for group in groups for colour in group["colours"]]
    if cut is None or None in chips or len(chips) + 1 != len(cut):
        return None
    pieces = [cut[0]]
    for html, after in zip(chips, cut[1:], strict=True):
        pieces += (html, after)
    return Markup("".join(pieces))
