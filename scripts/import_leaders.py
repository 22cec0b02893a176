"""Turn the Leaders expansion's reference CSVs into the engine's data JSON.

Called by ``scripts/import_reference.py`` (one expansion, one function), and runnable alone:
``python scripts/import_leaders.py ../shared/reference``. The leaders' effect words extend the
base game's vocabulary (``leaders.md``); the base words are parsed by the base importer, so a
``vp:5`` means the same on a card, a stage and a leader. The CSVs' rows become data files by
``expansion_data.py``, shared with the other expansions' importers.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from expansion_data import cards, leaders, number, write_data  # noqa: E402
from import_reference import import_wonders, parse_effect, read_rows  # noqa: E402

OUT = (Path(__file__).resolve().parent.parent / "scorer" / "engine" / "expansions" / "leaders"
       / "data")
SOURCES = ("leaders.csv", "wonders-leaders.csv", "guilds-leaders-1st-edition.csv")


def parse_leader_effect(text: str) -> dict:
    """One effect of the Leaders vocabulary, as ``{"type": ..., parameters}``."""
    kind, _, rest = text.partition(":")
    fields = rest.split(":") if rest else []
    if kind == "discount":
        return {"type": "discount", "target": fields[0], "units": int(fields[1])}
    if kind == "free_build":
        return {"type": kind, "colour": fields[0]}
    if kind == "free_build_once_per_age":
        # Caligula's (Cities): unlike Olympia A's, limited to one colour
        return {"type": "free_colour_once_per_age", "colour": fields[0]}
    if kind == "coins_on_build":
        return {"type": kind, "colour": fields[0], "coins": int(fields[1])}
    if kind in ("coins_on_chain", "coins_on_victory_token", "coins_on_wonder_stage",
                "bank_coin_bonus", "others_lose_coins_on_wonder_stage", "others_lose_coins"):
        return {"type": kind, "coins": number(fields[0])}
    if kind == "bank_buy":
        return {"type": kind, "price": int(fields[0]), "units": 1}
    if kind == "trade_rebate":
        return {"type": kind, "direction": fields[0], "coins": int(fields[1])}
    if kind == "vp_per_coins":
        return {"type": kind, "coins": int(fields[0]), "vp": int(fields[1])}
    if kind == "vp_per_set":
        return {"type": kind, "colours": fields[0].split("+"), "vp": int(fields[1])}
    if kind == "vp_per_science_set":
        return {"type": kind, "vp": int(fields[0])}
    if kind == "vp_if_most":
        return {"type": kind, "counts": fields[0], "vp": int(fields[1])}
    if kind in ("vp_if_no_defeat", "vp_if_only_leader"):
        return {"type": kind, "vp": int(fields[0])}
    if kind in ("science_swap", "science_copy_most", "diplomacy", "others_discard_victory_token"):
        return {"type": kind, "count": int(fields[0])}
    if kind == "draw_leaders_from_box":
        return {"type": kind, "count": int(fields[0])}
    if kind == "copy_leader":
        return {"type": kind, "whose": fields[0]}
    if kind == "leader_discount":
        return {"type": kind, "whose": fields[0], "coins": int(fields[1])}
    return parse_effect(text)


def parse_effects(text: str) -> list[dict]:
    return [parse_leader_effect(part) for part in filter(None, text.split(";"))]


def import_leaders(reference: Path, out: Path = OUT) -> list[Path]:
    """Write the Leaders data files and ``sources.txt`` (each file's reference file and its
    hash): the leaders, Roma and Abu Simbel (day and night sides, each with what its half of
    the board prints: Roma's day and night boards differ), and the four guilds of the
    first-edition box in the base game's card format. Returns the files written."""
    rows = {source: read_rows(reference / source) for source in SOURCES}
    return write_data("import_leaders.py", reference, out, (
        ("leaders.json", SOURCES[0], leaders(rows[SOURCES[0]], parse_effects)),
        ("wonders.json", SOURCES[1], import_wonders(rows[SOURCES[1]], parse=parse_effects,
                                                   side_boards=True)),
        ("guilds-first.json", SOURCES[2], cards(rows[SOURCES[2]], parse_effects, copies=[]))))


if __name__ == "__main__":
    import_leaders(Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference"))
