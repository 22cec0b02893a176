"""The Flask-WTF forms of the pages.

WTForms only turns typed text into values (numbers, choices) and keeps what was typed when a
page is shown again; whether the values make a legal game is the engine's validation, whose
problems the views attach to these fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from flask_babel import lazy_gettext as _l
from wtforms import (
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, NumberRange, Optional, StopValidation
from wtforms.widgets import TextInput

from ..engine.messages import minus
from ..engine.names import normalised
from ..engine.rules import Ruleset, TokenKind, get_ruleset
from ..engine.validation import MAX_NAME_LENGTH, MAX_PLAYERS
from ..games.service import MAX_TITLE_LENGTH
from ..i18n import translator
from ..safety.numbers import parse_int
from .editions import FREE_CITY_COUNT, most_players, player_counts
from .expansions import every_part, parts_of
from .page_form import ClonedFields, PageForm
from .token_values import MAX_TEXT, TokenValuesField, victory_kinds, written
from .visible import VisibleText

#: every player-count choice: "2" is the two-player variant with the Free City, offered only by
#: the rulesets that have it (:func:`~.editions.player_counts`)
PLAYER_COUNTS = ("3", "4", "5", "6", "7", FREE_CITY_COUNT)
#: a generous bound for typed numbers, so nonsense is refused rather than stored
MAX_NUMBER = 999
#: WTForms' own wording, in this project's catalogs (its Dutch and Polish ones read badly)
OUT_OF_RANGE = _l("Number must be between %(min)s and %(max)s.")
#: what a field without a minus says of a text that is no whole number
NOT_DIGITS = _l("Type a whole number with the digits 0 to 9.")


def bounds_message(minimum: int, maximum: int):
    """What a field that takes a minus says of anything else: its bounds, printed as the pads
    print numbers ("from −30 to 99"), not "digits 0 to 9", which would refuse the minus."""
    return _l("Type a whole number from %(low)s to %(high)s.", low=minus(minimum),
              high=minus(maximum))


class WholeNumberField(IntegerField):
    """An integer field read with the project's strict parser (ASCII digits, bounded length).

    WTForms' own field calls ``int()``, which takes ``"٣"`` or ``"1_0"`` and fails on ``"²"``.
    Spaces around a typed number are forgiven; anything else is refused with one message, and
    shown back as typed: the input is a text box (with the phone's number keyboard), because a
    browser sends a number box holding "1e" or "12," as empty. An emptied field is ``empty``
    (0 for the city's counts), or no value at all for an optional field.
    """

    widget = TextInput()

    def __init__(self, label=None, validators=None, *, signed=False, empty=None, refused=None,
                 **kwargs):
        super().__init__(label, validators, **kwargs)
        self.signed = signed
        self.empty = empty
        #: what a text that is no whole number gets told (the digits, unless given)
        self.refused = refused or NOT_DIGITS

    def process_formdata(self, valuelist):
        if not valuelist:
            return
        raw = valuelist[0]
        text = raw.strip(" \t") if isinstance(raw, str) else raw
        if text == "":
            self.data = self.empty
            return
        self.data = parse_int(text, signed=self.signed)
        if self.data is None:
            raise ValueError(self.refused)

    def pre_validate(self, form):
        if self.process_errors:  # not a number: that one message, not a range check as well
            raise StopValidation()


class Sent:
    """The field was sent at all (a post without it is refused; sent empty, it is 0)."""

    def __call__(self, form, field):
        if not field.raw_data:
            raise StopValidation(_l("This field is required."))


class RowList(FieldList):
    """A FieldList whose row numbers (``seats-3-name``) are read with the strict parser.

    WTForms trusts ``str.isdigit()`` there, so a posted ``seats-²-name`` was a 500.
    """

    def _extract_indices(self, prefix, formdata):
        offset = len(prefix) + 1
        for key in formdata:
            if key.startswith(prefix + self._field_separator):
                index = parse_int(key[offset:].split(self._field_separator, 1)[0])
                if index is not None:
                    yield index


def posted_rows(formdata, prefix: str) -> int:
    """How many rows (``prefix-N-...``) a post holds, to refuse more than a form may take."""
    indexes = {key.split("-")[1] for key in formdata if key.startswith(prefix + "-")}
    return len(indexes)


def strip(value):
    """Typed text NFC-normalised and trimmed (names are compared and stored that way)."""
    return normalised(value) if isinstance(value, str) else value


def count_choices(ruleset: Ruleset | None = None):
    return [SelectChoice(count, _l("2 + Free City") if count == FREE_CITY_COUNT else count)
            for count in player_counts(ruleset or get_ruleset())]


#: the value of "Deal at random" and of the "Random" side: dealing is a choice, never a default
RANDOM = "random"


def side_choices(ruleset: Ruleset, placeholder: bool = True) -> list[SelectChoice]:
    """"Choose…", the ruleset's sides under their (translated) names, then "Random"."""
    return [*([SelectChoice("", _l("Choose…"))] if placeholder else []),
            *(SelectChoice(side.id, side.label.render(translator())) for side in ruleset.sides),
            *([SelectChoice(RANDOM, _l("Random"))] if placeholder else [])]


class SeatForm(Form):
    """One seat of the table; ``key`` is the seat it had when the game was saved."""

    key = HiddenField()
    name = StringField(_l("Name"), filters=[strip],
                       validators=[Length(max=MAX_NAME_LENGTH)],
                       render_kw={"maxlength": MAX_NAME_LENGTH, "autocomplete": "off"})
    wonder = SelectField(_l("Wonder"), choices=[], default="")
    #: choices: the game's ruleset's sides (:func:`side_choices`, set by the view)
    side = SelectField(_l("Side"), choices=[], default="")
    free_city = HiddenField()


class SetupForm(PageForm):
    #: the set-up's version when the page was opened (a save from an older one is shown back)
    version = HiddenField()
    #: one value per new-game page: sending the page twice creates one game
    nonce = HiddenField()
    title = StringField(_l("Title (optional)"), filters=[strip],
                        validators=[Optional(), Length(max=MAX_TITLE_LENGTH), VisibleText()],
                        render_kw={"maxlength": MAX_TITLE_LENGTH})
    count = SelectField(_l("Players"), choices=count_choices)
    #: choices set by the view from the rulesets (a saved game may change them: setup_rules)
    edition = SelectField(_l("Edition"), choices=[])
    expansions = SelectMultipleField(_l("Expansions"), choices=[])
    seats = RowList(FormField(SeatForm), max_entries=MAX_PLAYERS)


@cache
def setup_form() -> type[SetupForm]:
    """The set-up form with room for the largest table and every expansion's set-up fields
    (a played expansion's section shows and reads its own)."""
    fields = {"seats": RowList(FormField(SeatForm), max_entries=most_players())}
    for part in every_part():
        fields.update(part.setup_fields())
    return type("SetupForm", (SetupForm,), fields)


def number_field(label, minimum=0, maximum=MAX_NUMBER):
    """A count of the city (coins, stages, tokens), or points a player types: empty is 0. A
    field that takes a minus gets the full keyboard (a phone's digit pad may have no minus)
    and names its bounds whatever is wrong (:func:`bounds_message`)."""
    signed = minimum < 0
    refused = bounds_message(minimum, maximum) if signed else None
    return WholeNumberField(label, validators=[Sent(), NumberRange(minimum, maximum,
                                                                   refused or OUT_OF_RANGE)],
                            signed=signed, empty=0, refused=refused,
                            render_kw={"inputmode": "text" if signed else "numeric",
                                       "autocomplete": "off"})


class ChosenAmong(SelectMultipleField):
    """A multiple choice whose view also sets ``accepted``, the values of its choices: values
    all among them pass without WTForms' walk through every choice (a city's hundred
    buildings, on every save); any other is refused by WTForms' own check and message."""

    accepted: frozenset[str] = frozenset()

    def pre_validate(self, form):
        if self.data and not self.process_errors and all(value in self.accepted
                                                         for value in self.data):
            return
        super().pre_validate(form)


class CityForm(PageForm):
    """A city as it stands at the end of the game (or now, for the build checker); a field
    per kind of conflict token is added per ruleset (:func:`city_form`)."""

    #: the city's version when the page was opened (a save from an older one is shown back)
    version = HiddenField()
    #: choices and ``accepted`` set by the view (:func:`scorer.web.cities.new_form`)
    cards = ChosenAmong(_l("Buildings"), choices=[])
    #: the player's own wonder and side, to correct a wrong deal (choices set by the view); a
    #: page from before they were on it sends neither, and the saved ones stay
    wonder = SelectField(_l("Wonder"), choices=[], validators=[Optional()])
    side = SelectField(_l("Side"), choices=[], validators=[Optional()])
    stages = number_field(_l("Wonder stages built"))
    coins = number_field(_l("Coins"))

    class Meta(ClonedFields):
        #: built by copying (:class:`.page_form.ClonedFields`): built once per unbound field
        #: (a ruleset's class has its own token and expansion fields), not on every city page
        #: and save; the leaders' buried rows (sub-forms) are built by WTForms
        cloned = frozenset({HiddenField, ChosenAmong, SelectField, SelectMultipleField,
                            WholeNumberField, TokenValuesField})


#: the steppers' names of the conflict-token kinds (a kind not listed is named by its value)
TOKEN_LABELS = {
    "victory_1": _l("Victory tokens of 1 (Age I)"),
    "victory_3": _l("Victory tokens of 3 (Age II)"),
    "victory_5": _l("Victory tokens of 5 (Age III)"),
    "defeat": _l("Defeat tokens (−1)"),
}
#: the field of the victory tokens typed as their values (:mod:`.token_values`)
VICTORIES = "victories"


def token_label(kind) -> str:
    return TOKEN_LABELS.get(kind.id) or _l("Tokens worth %(value)d", value=kind.value)


@cache
def token_fields(ruleset: Ruleset) -> Mapping[str, tuple[TokenKind, ...]]:
    """The city form's conflict-token fields and the kinds each holds, in pad order: the
    victory tokens typed in one field, every other kind a stepper of its own (worked out once
    per ruleset: the form, its data, its reading and the pages all ask)."""
    typed = victory_kinds(ruleset.tokens)
    fields: dict[str, tuple[TokenKind, ...]] = {}
    for kind in ruleset.tokens:
        if kind in typed:
            fields.setdefault(VICTORIES, typed)
        else:
            fields[kind.id] = (kind,)
    return MappingProxyType(fields)


def token_field(name: str, kinds: tuple[TokenKind, ...]):
    if name == VICTORIES:
        return TokenValuesField(_l("Victory tokens"), [Sent()], kinds=kinds, render_kw={
            "inputmode": "numeric", "autocomplete": "off", "maxlength": MAX_TEXT,
            "placeholder": " ".join(str(kind.value) for kind in kinds)})
    return number_field(token_label(kinds[0]))


def token_data(ruleset: Ruleset, tokens: dict[str, int]) -> dict:
    """A city's tokens as the token fields hold them (a count per kind for the typed field)."""
    return {name: ({kind.id: tokens.get(kind.id, 0) for kind in kinds} if name == VICTORIES
                   else tokens.get(kinds[0].id, 0))
            for name, kinds in token_fields(ruleset).items()}


def tokens_typed(form, ruleset: Ruleset) -> dict[str, int]:
    """The count per kind the token fields hold, leaving out the kinds of a refused field."""
    counts: dict[str, int] = {}
    for name, kinds in token_fields(ruleset).items():
        field = form[name]
        if field.errors:
            continue
        if name == VICTORIES:
            counts.update({kind.id: field.data.get(kind.id, 0) for kind in kinds})
        else:
            counts[kinds[0].id] = field.data
    return counts


def token_text(ruleset: Ruleset, name: str, value) -> str | int:
    """A token field's value as the page shows it (the typed field's as it would be typed)."""
    return written(value or {}, token_fields(ruleset)[name]) if name == VICTORIES else value


@cache
def city_form(ruleset: Ruleset) -> type[CityForm]:
    """The city form of a ruleset: its conflict-token fields (:func:`token_fields`) and the
    fields of the expansions played (their page parts')."""
    fields = {name: token_field(name, kinds) for name, kinds in token_fields(ruleset).items()}
    for part in parts_of(ruleset):
        fields.update(part.city_fields(ruleset))
    return type("CityForm", (CityForm,), fields)


#: free science symbols of one city: a handful at most (Babylon, the Scientists Guild, Olympia's
#: copy of it, an expansion's card or two); the helper tries every placement of them, which for hundreds
#: would keep the server busy for minutes
MAX_FREE_SYMBOLS = 9


def points_field(label, minimum=-MAX_NUMBER, maximum=MAX_NUMBER):
    signed = minimum < 0
    refused = bounds_message(minimum, maximum) if signed else None
    return WholeNumberField(label, validators=[Optional(), NumberRange(minimum, maximum,
                                                                       refused or OUT_OF_RANGE)],
                            signed=signed, refused=refused,
                            render_kw={"inputmode": "numeric", "max": maximum})


class QuickColumnForm(Form):
    """One player's column of the paper pad, with the science helper's symbol counts; the
    rows' fields are added per ruleset (:func:`quick_pad_form`)."""

    name = StringField(_l("Name"), filters=[strip], validators=[Length(max=MAX_NAME_LENGTH)],
                       render_kw={"maxlength": MAX_NAME_LENGTH, "autocomplete": "off"})
    free_city = HiddenField()
    coins_held = points_field(_l("Coins held (breaks ties)"), minimum=0)
    compass = points_field(_l("Compasses"), minimum=0)
    gear = points_field(_l("Gears"), minimum=0)
    tablet = points_field(_l("Tablets"), minimum=0)
    free_symbols = points_field(_l("Free symbols"), minimum=0, maximum=MAX_FREE_SYMBOLS)


class QuickPadForm(PageForm):
    count = SelectField(_l("Players"), choices=count_choices)
    #: choices set by the view from the rulesets
    edition = SelectField(_l("Edition"), choices=[])
    expansions = SelectMultipleField(_l("Expansions"), choices=[])
    columns = RowList(FormField(QuickColumnForm), max_entries=MAX_PLAYERS)


@cache
def quick_pad_form(ruleset: Ruleset) -> type[QuickPadForm]:
    """The quick pad's form for a ruleset: a points field per row of its score pad, named
    after the row (``columns-0-military``), labelled with the row's name, and the set-up
    fields of the expansions played."""
    column = type("QuickColumnForm", (QuickColumnForm,), {
        row.id: points_field(_l(row.label.text)) for row in ruleset.rows})
    fields = {"columns": RowList(FormField(column), max_entries=ruleset.max_players)}
    for part in parts_of(ruleset):  # the game's own choices (team play), as on the set-up page
        fields.update(part.setup_fields())
    return type("QuickPadForm", (QuickPadForm,), fields)


class BuildForm(PageForm):
    """Who builds what: a card, the next wonder stage, or every card of a hand."""

    player = SelectField(_l("Who builds"), choices=[])
    what = SelectField(_l("What"), choices=[SelectChoice("card", _l("A building")),
                                             SelectChoice("stage", _l("The next wonder stage")),
                                             SelectChoice("hand", _l("A whole hand"))],
                       default="card")
    card = SelectField(_l("Building"), choices=[], validate_choice=False)
    hand = SelectMultipleField(_l("Cards in hand"), choices=[])
    age = SelectField(_l("Age"), choices=[SelectChoice("", _l("Not given")), SelectChoice("1", "I"),
                                          SelectChoice("2", "II"), SelectChoice("3", "III")],
                      default="")

    def validate_card(self, field):
        """The building is a chip to tap: none tapped is no question (the engine would call
        it an unknown card)."""
        if self.what.data == "card" and not field.data:
            raise StopValidation(_l("Choose the building to check."))


@cache
def build_form(ruleset: Ruleset) -> type[BuildForm]:
    """The build checker's form of a ruleset, with the fields of the expansions played."""
    fields = {}
    for part in parts_of(ruleset):
        fields.update(part.build_fields(ruleset))
    return type("BuildForm", (BuildForm,), fields)
