"""The one registry of effect kinds: what each effect word of the catalog data means to the engine.

A card's or stage's effect is data (``{"type": "vp_per", "counts": ["brown"], ...}``); the
registry says which part of the engine acts on it (its *role*), which parameters it must carry,
and, for effects scored at the end of the game, the function that scores it. The catalog loader
looks every effect up here, so an effect word nobody taught the engine fails when the catalog
loads (:class:`UnknownEffect`) instead of silently scoring nothing. Scoring and the trade
planner read effects only through their role, never through a card's name.

Every kind also says in words what it does (``says``: its parameters -> one or more
translatable sentences, in the words of :mod:`.effect_words`, which the score explanations use
too): a card's page shows those sentences, so a kind registered without them is refused at
once, and a card never shows nothing for an effect it has.

An expansion adds its own kinds with :func:`register_effect` (and its own roles with
:func:`register_role`) before its catalog loads. The kinds scored at the end of the game are
registered by :mod:`.end_game`, beside their functions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .effect_words import (
    COUNTED_NOUNS,
    GOODS_NOUNS,
    NEIGHBOUR_PHRASES,
    SYMBOL_NOUNS,
    WHOSE_PHRASES,
    resources,
    word,
    words,
)
from .messages import N_, Message, nmessage

#: What the engine does with an effect:
#: ``points`` printed victory points; ``science`` a science symbol (``any``: chosen at the end);
#: ``production`` resources for building; ``trade_discount`` a cheaper purchase price;
#: ``free_build`` a way to build without paying (reported by the build checker);
#: ``end_game`` points counted at the end by the kind's ``score`` function;
#: ``copy_guild`` copy a neighbour's guild at the end; ``in_play`` effects that already show in
#: what the players enter (coins, shields turned into tokens, extra plays) and score nothing.
_ROLES = {"points", "science", "production", "trade_discount", "free_build", "end_game",
          "copy_guild", "in_play"}
#: roles a board's own effects may have (its points and end-game effects would need a row)
_BOARD_ROLES = {"production", "trade_discount", "free_build", "science", "in_play"}


def register_role(role: str, on_board: bool = False) -> None:
    """Teach the registry a role an expansion's own code acts on (``on_board``: a wonder's
    board may print it)."""
    _ROLES.add(role)
    if on_board:
        _BOARD_ROLES.add(role)


def allowed_on_board(role: str) -> bool:
    return role in _BOARD_ROLES


class UnknownEffect(ValueError):
    """An effect word or parameter the registry does not know: the catalog refuses to load."""


@dataclass(frozen=True, slots=True)
class FreeBuild:
    """How the build checker reports a free-build effect of a built wonder stage.

    ``certain(city, card)`` says the building is free right now (no turn condition); otherwise
    the free build depends on the turn and is reported as a note, with ``kind`` and ``message``.
    ``flag`` keeps the first edition's ``"free_build": true`` report instead of a note.
    """

    kind: str
    message: Message | None = None
    certain: Callable | None = None
    flag: bool = False


@dataclass(frozen=True, slots=True)
class TokenChange:
    """What an effect does to the conflict tokens outside the battles, for the pad's token
    check (:mod:`.battles`): a battle gives one victory and one defeat token, such an effect
    gives or takes tokens of one side only."""

    #: victory tokens its owner takes (of the current Age)
    gains: int = 0
    #: its owner discards defeat tokens (as many as it held then: any number)
    discards_defeats: bool = False
    #: the parameter giving how many victory tokens every other player discards (one each
    #: holding one)
    others_discard: str | None = None


#: the token changes the effect words that make them share, whichever expansion registers them
GAINS_VICTORY = TokenChange(gains=1)
DISCARDS_DEFEATS = TokenChange(discards_defeats=True)
OTHERS_DISCARD_VICTORIES = TokenChange(others_discard="count")


@dataclass(frozen=True, slots=True)
class EffectKind:
    name: str
    role: str
    #: parameter -> accepted types; every one must be present
    params: Mapping[str, tuple[type, ...]] = field(default_factory=dict)
    #: parameters that may be present
    optional: Mapping[str, tuple[type, ...]] = field(default_factory=dict)
    #: end_game: ``score(game, seat, owner, effect, copied) -> (points, Message)``
    score: Callable | None = None
    free_build: FreeBuild | None = None
    #: ``says(params) -> Message | tuple[Message, ...]``: what the effect does, in sentences
    #: (compared by the kind's name, role and parameters only: two expansions registering one
    #: word with one meaning may each bring their own copy of its sentence)
    says: Callable | None = field(default=None, compare=False, repr=False)
    #: what it does to the conflict tokens outside the battles (None: nothing)
    tokens: TokenChange | None = None

    def __post_init__(self) -> None:
        if self.says is None:
            raise ValueError(f"effect kind {self.name!r}: no sentence says what it does")
        if self.role not in _ROLES:
            raise ValueError(f"effect kind {self.name!r}: unknown role {self.role!r}")
        if (self.role == "end_game") != (self.score is not None):
            raise ValueError(f"effect kind {self.name!r}: end_game effects need a score function")
        if (self.role == "free_build") != (self.free_build is not None):
            raise ValueError(f"effect kind {self.name!r}: free_build effects need a FreeBuild")

    def sentences(self, params: Mapping[str, object]) -> tuple[Message, ...]:
        """What an effect of this kind with ``params`` does, as translatable sentences."""
        said = self.says(params)
        return said if isinstance(said, tuple) else (said,)

    def check(self, params: Mapping[str, object], where: str) -> None:
        """Refuse missing, mistyped or unexpected parameters (at catalog load time)."""
        for name, types in self.params.items():
            if not isinstance(params.get(name), types):
                raise UnknownEffect(f"{where}: effect {self.name!r} needs {name!r} of type "
                                    f"{'/'.join(t.__name__ for t in types)}")
        for name, value in params.items():
            if name in self.params:
                continue
            if name not in self.optional or not isinstance(value, self.optional[name]):
                raise UnknownEffect(f"{where}: effect {self.name!r} has no parameter {name!r}")


_REGISTRY: dict[str, EffectKind] = {}
#: read-only view of every registered kind
EFFECT_KINDS: Mapping[str, EffectKind] = MappingProxyType(_REGISTRY)


def register_effect(kind: EffectKind) -> EffectKind:
    """Teach the engine an effect kind; registering a name twice is a programming error."""
    if kind.name in _REGISTRY and _REGISTRY[kind.name] != kind:
        raise ValueError(f"effect kind {kind.name!r} is already registered")
    _REGISTRY[kind.name] = kind
    return kind


def effect_kind(name: str, where: str = "catalog") -> EffectKind:
    kind = _REGISTRY.get(name)
    if kind is None:
        raise UnknownEffect(f"{where}: unknown effect kind {name!r}; register it in "
                            "scorer.engine.effects before loading the catalog")
    return kind


def _new_colour(city, card) -> bool:
    return city.count(card.colour) == 0


_INT, _STR, _TUPLE, _BOOL = (int,), (str,), (tuple,), (bool,)
#: the parameters of an effect counting items in some cities
PER_ITEM = {"counts": _TUPLE, "whose": _STR}


def per_item_words(params: Mapping[str, object]) -> dict:
    """The "brown card" and "in own city" of a per-item effect's sentence."""
    return {"what": words(COUNTED_NOUNS, params["counts"]),
            "whose": word(WHOSE_PHRASES, params["whose"])}


def _science(params) -> Message:
    if params["symbol"] == "any":
        return Message(N_("A free science symbol, placed at the end of the game where it scores "
                          "most."))
    return Message(N_("A science symbol: %(symbol)s."), {"symbol": word(SYMBOL_NOUNS,
                                                                        params["symbol"])})


def _produce(params) -> tuple[Message, ...]:
    choice, amount = params["choice"], params["amount"]
    if len(choice) == 1:
        made = nmessage("Produces %(num)d %(resources)s.", "Produces %(num)d %(resources)s.",
                        amount, resources=resources(choice))
    else:
        made = nmessage("Produces %(num)d of %(resources)s (the owner's choice, each turn).",
                        "Produces %(num)d of %(resources)s (the owner's choice, each turn).",
                        amount, resources=resources(choice))
    sold = (Message(N_("A neighbour may buy it.")) if params.get("sellable")
            else Message(N_("Neighbours cannot buy it.")))
    return made, sold


def coins_per_sentence(params) -> Message:
    return nmessage("%(num)d coin per %(what)s %(whose)s, when built (in the coins entered).",
                    "%(num)d coins per %(what)s %(whose)s, when built (in the coins entered).",
                    params["coins"], **per_item_words(params))


FIRST_TURN = Message(N_("Free if built on the first turn of an Age."))
LAST_TURN = Message(N_("Free if built on the last turn of an Age."))

for _kind in (
    EffectKind("vp", "points", {"amount": _INT}, says=lambda p: nmessage(
        "%(num)d victory point.", "%(num)d victory points.", p["amount"])),
    EffectKind("science", "science", {"symbol": _STR}, says=_science),
    EffectKind("produce", "production", {"choice": _TUPLE, "amount": _INT},
               optional={"sellable": _BOOL}, says=_produce),
    EffectKind("trade_discount", "trade_discount", {"goods": _STR, "direction": _STR},
               says=lambda p: Message(N_("Buys %(goods)s from %(whom)s for 1 coin a unit."), {
                   "goods": word(GOODS_NOUNS, p["goods"]),
                   "whom": word(NEIGHBOUR_PHRASES, p["direction"])})),
    EffectKind("shields", "in_play", {"amount": _INT}, says=lambda p: nmessage(
        "%(num)d shield (in the conflict tokens entered).",
        "%(num)d shields (in the conflict tokens entered).", p["amount"])),
    EffectKind("coins", "in_play", {"amount": _INT}, says=lambda p: nmessage(
        "%(num)d coin when built (in the coins entered).",
        "%(num)d coins when built (in the coins entered).", p["amount"])),
    EffectKind("coins_per", "in_play", {**PER_ITEM, "coins": _INT}, says=coins_per_sentence),
    EffectKind("play_last_card", "in_play", says=lambda p: Message(N_(
        "Plays the seventh card of each Age instead of discarding it."))),
    EffectKind("build_from_discard", "in_play", says=lambda p: Message(N_(
        "Builds one card of the discard pile for free."))),
    EffectKind("copy_guild", "copy_guild", says=lambda p: Message(N_(
        "At the end of the game, copies one guild of the left or right neighbour: the one "
        "that scores most for this city."))),
    EffectKind("free_build_once_per_age", "free_build",
               free_build=FreeBuild("once_per_age", flag=True), says=lambda p: Message(N_(
                   "Once per Age, builds one building for free."))),
    EffectKind("free_first_card_each_colour", "free_build", free_build=FreeBuild(
        "first_of_colour", Message(N_("Free: the first building of each colour costs nothing, "
                                      "and the city has no building of this colour yet.")),
        certain=_new_colour), says=lambda p: Message(N_(
            "The first building of each colour costs nothing."))),
    EffectKind("free_first_card_each_age", "free_build", free_build=FreeBuild(
        "first_turn_of_age", FIRST_TURN), says=lambda p: FIRST_TURN),
    EffectKind("free_last_card_each_age", "free_build", free_build=FreeBuild(
        "last_turn_of_age", LAST_TURN), says=lambda p: LAST_TURN),
):
    register_effect(_kind)
