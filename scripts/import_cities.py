"""Turn the Cities expansion's reference CSVs into the engine's data JSON.

Called by ``scripts/import_reference.py`` and runnable alone:
``python scripts/import_cities.py ../shared/reference``. Cities' effect words (``cities.md``,
"New effect vocabulary") extend the base game's and the Leaders' vocabulary: base and Leaders
words are parsed by their importers, so a ``vp:5`` or a ``diplomacy:1`` means the same on a
black card, a stage and a leader. The CSVs' rows become data files by ``reference_rows.py``,
shared with the other expansions' importers.

Written to ``scorer/engine/expansions/cities/data/``: the black cards and Petra/Byzantium of
each edition (``cards-first.json``, ``cards-second.json``, ``wonders-first.json``,
``wonders-second.json``), the first edition's Cities guilds (``guilds-first.json``) and the
first edition's Cities leaders (``leaders-first.json``), with ``sources.txt``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference_rows import cards, import_wonders, leaders, parse_leader_effect, read_rows, write_data  # noqa: E402

OUT = (Path(__file__).resolve().parent.parent / "scorer" / "engine" / "expansions" / "cities"
       / "data")
EDITIONS = {"1": "first", "2": "second"}
#: the reference files: black cards of each edition, Petra and Byzantium, the first edition's
#: guilds and leaders
SOURCES = ("cities-cards-1st-edition.csv", "cities-cards-2nd-edition.csv", "cities-wonders.csv",
           "cities-guilds-1st-edition.csv", "cities-leaders-1st-edition.csv")
#: the Age of a victory token a count names (Cells, Guardhouse, Prison) -> the token kind
AGE_TOKENS = {"victory_token_age1": "victory_1", "victory_token_age2": "victory_3",
              "victory_token_age3": "victory_5"}
#: a black card is in the Age deck once, whatever the player count (``N+`` mark 3: every table)
ONE_COPY = [3]


def parse_cities_effect(text: str) -> dict:
    """One effect of the Cities vocabulary, as ``{"type": ..., parameters}``."""
    kind, _, rest = text.partition(":")
    fields = rest.split(":") if rest else []
    if kind in ("debt_others", "debt_neighbours", "coins_neighbours", "coins_others"):
        return {"type": kind, "amount": int(fields[0])}
    if kind == "debt_others_per":
        return {"type": kind, "counts": [fields[0]], "amount": int(fields[1])}
    if kind == "trade_discount_once":
        return {"type": kind, "direction": fields[0], "amount": int(fields[1])}
    if kind == "trade_discount_board_resource":
        return {"type": kind, "direction": fields[0], "amount": int(fields[1])}
    if kind == "shields_per":
        return {"type": kind, "counts": fields[0].split("+"), "whose": fields[1],
                "amount": int(fields[2])}
    if kind == "vp_per" and fields and fields[0] in AGE_TOKENS:
        return {"type": kind, "counts": [AGE_TOKENS[fields[0]]], "whose": fields[1],
                "vp": int(fields[2])}
    return parse_leader_effect(text)


def parse_effects(text: str) -> list[dict]:
    return [parse_cities_effect(part) for part in filter(None, text.split(";"))]


def _names(row: dict) -> dict[str, str]:
    return {lang: (row.get(f"name_{lang}") or "").strip() for lang in ("nl", "pl")}


def _edition_rows(rows: list[dict], edition: str) -> list[dict]:
    """Petra's and Byzantium's rows of one edition (the CSV's ``edition`` column); their sides
    are named as that edition names them (``A``/``B``, ``day``/``night``)."""
    return [row for row in rows if EDITIONS[row["edition"]] == edition]


def import_cities(reference: Path, out: Path = OUT) -> list[Path]:
    """Write the Cities data files and ``sources.txt``; returns the files written."""
    rows = {source: read_rows(reference / source) for source in SOURCES}
    black = SOURCES[:2]
    wonder_rows, guilds, box_leaders = SOURCES[2:]
    return write_data("import_cities.py", reference, out, (
        *((f"cards-{edition}.json", source,
           cards(rows[source], parse_effects, ONE_COPY, _names))
          for edition, source in zip(EDITIONS.values(), black, strict=True)),
        *((f"wonders-{edition}.json", wonder_rows,
           import_wonders(_edition_rows(rows[wonder_rows], edition),
                          parse=parse_effects))
          for edition in EDITIONS.values()),
        ("guilds-first.json", guilds, cards(rows[guilds], parse_effects, copies=[])),
        ("leaders-first.json", box_leaders, leaders(rows[box_leaders], parse_effects))))


if __name__ == "__main__":
    import_cities(Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference"))
