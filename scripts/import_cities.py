"""Turn the Cities expansion's reference CSVs into the engine's data JSON.

Called by ``scripts/import_reference.py`` and runnable alone:
``python scripts/import_cities.py ../shared/reference``. Cities' effect words (``cities.md``,
"New effect vocabulary") extend the base game's and the Leaders' vocabulary: base and Leaders
words are parsed by their importers, so a ``vp:5`` or a ``diplomacy:1`` means the same on a
black card, a stage and a leader.

Written to ``scorer/engine/expansions/cities/data/``: the black cards and Petra/Byzantium of
each edition (``cards-first.json``, ``cards-second.json``, ``wonders-first.json``,
``wonders-second.json``), the first edition's Cities guilds (``guilds-first.json``) and the
first edition's Cities leaders (``leaders-first.json``), with ``sources.txt``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from import_leaders import parse_leader_effect  # noqa: E402
from import_reference import parse_cost, read_rows  # noqa: E402

OUT = (Path(__file__).resolve().parent.parent / "scorer" / "engine" / "expansions" / "cities"
       / "data")
EDITIONS = {"1": "first", "2": "second"}
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


def import_black_cards(path: Path) -> list[dict]:
    return [{
        "id": row["id"],
        "name": row["name_en"],
        "colour": row["color"],
        "cost": parse_cost(row["cost"]),
        "chains_from": [],
        "chains_to": [],
        "effects": parse_effects(row["effect"]),
        "copies": {row["age"]: ONE_COPY},
        "aliases": [],
        "reference_names": _names(row),
    } for row in read_rows(path)]


def import_guilds(path: Path) -> list[dict]:
    return [{
        "id": row["id"],
        "name": row["name_en"],
        "colour": row["color"],
        "cost": parse_cost(row["cost"]),
        "chains_from": [],
        "chains_to": [],
        "effects": parse_effects(row["effect"]),
        "copies": {row["age"]: []},
        "aliases": [],
        "reference_names": {},
    } for row in read_rows(path)]


def import_wonders(path: Path, edition: str) -> list[dict]:
    """Petra and Byzantium of one edition (the CSV's ``edition`` column), sides as that
    edition names them (``A``/``B``, ``day``/``night``)."""
    wonders: dict[str, dict] = {}
    for row in read_rows(path):
        if EDITIONS[row["edition"]] != edition:
            continue
        wonder = wonders.setdefault(row["wonder_id"], {
            "id": row["wonder_id"],
            "name": row["name_en"],
            "resource": row["base_resource"] or None,
            "sides": {},
            "reference_names": {},
        })
        stages = wonder["sides"].setdefault(row["side"], [])
        assert int(row["stage"]) == len(stages) + 1, row
        stages.append({"cost": parse_cost(row["cost"]), "effects": parse_effects(row["effect"])})
    return list(wonders.values())


def import_leaders(path: Path) -> list[dict]:
    """The first-edition Cities box's leaders, in the Leaders data format."""
    return [{
        "id": row["id"],
        "name": row["name_en"],
        "kind": "leader",
        "set": row["set"],
        "cost": int(row["cost"]) if row["cost"].isdigit() else row["cost"],
        "effects": parse_effects(row["effect"]),
        "relevance": row["relevance"],
        "text": row["effect_text"],
        "reference_names": {"fr": row["name_fr"], "nl": row["name_nl"]},
    } for row in read_rows(path)]


def import_cities(reference: Path, out: Path = OUT) -> list[Path]:
    """Write the Cities data files and ``sources.txt``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    made = (
        ("cards-first.json", "cities-cards-1st-edition.csv",
         import_black_cards(reference / "cities-cards-1st-edition.csv")),
        ("cards-second.json", "cities-cards-2nd-edition.csv",
         import_black_cards(reference / "cities-cards-2nd-edition.csv")),
        ("wonders-first.json", "cities-wonders.csv",
         import_wonders(reference / "cities-wonders.csv", "first")),
        ("wonders-second.json", "cities-wonders.csv",
         import_wonders(reference / "cities-wonders.csv", "second")),
        ("guilds-first.json", "cities-guilds-1st-edition.csv",
         import_guilds(reference / "cities-guilds-1st-edition.csv")),
        ("leaders-first.json", "cities-leaders-1st-edition.csv",
         import_leaders(reference / "cities-leaders-1st-edition.csv")),
    )
    lines = ["# Generated by scripts/import_cities.py: each data file and the reference file "
             "it was made from."]
    written = []
    for name, source, data in made:
        text = json.dumps(data, ensure_ascii=False, indent=1)
        (out / name).write_text(text + "\n", encoding="utf-8")
        written.append(out / name)
        digest = hashlib.sha256((reference / source).read_bytes()).hexdigest()
        lines.append(f"{name} <- {source} sha256={digest}")
        print(f"wrote {out / name}: {len(data)} entries")
    (out / "sources.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return written


if __name__ == "__main__":
    import_cities(Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference"))
