"""Turn the shared reference CSVs into the engine's catalog JSON.

The reference files are the checked source of truth; the engine reads a parsed, structured
form so that loading needs no string parsing of effects. Run again whenever the reference
changes: ``python scripts/import_reference.py ../shared/reference``.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "scorer" / "engine" / "data" / "first"
RESOURCE_ORDER = ["coins", "wood", "stone", "clay", "ore", "glass", "loom", "papyrus"]
SELLABLE_COLOURS = {"brown", "grey"}


def parse_cost(text: str) -> dict[str, int]:
    cost: dict[str, int] = {}
    for part in filter(None, text.split(",")):
        key, count = part.split(":")
        cost[key] = int(count)
    return cost


def parse_effect(text: str) -> dict:
    kind, _, rest = text.partition(":")
    if kind == "produce":
        amount = 1
        if "*" in rest:
            rest, amount_text = rest.split("*")
            amount = int(amount_text)
        return {"type": "produce", "choice": rest.split("/"), "amount": amount}
    if kind in ("vp", "shields", "coins"):
        return {"type": kind, "amount": int(rest)}
    if kind == "science":
        symbols = rest.split("/")
        return {"type": "science", "symbol": symbols[0] if len(symbols) == 1 else "any"}
    if kind == "trade":
        goods, direction = rest.split(":")
        return {"type": "trade_discount", "goods": goods, "direction": direction}
    if kind in ("coins_per", "vp_per", "coins_vp_per"):
        fields = rest.split(":")
        counted, whose = fields[0].split("+"), fields[1]
        effect = {"type": kind, "counts": counted, "whose": whose}
        if kind == "coins_per":
            effect["coins"] = int(fields[2])
        elif kind == "vp_per":
            effect["vp"] = int(fields[2])
        else:
            effect["coins"], effect["vp"] = int(fields[2]), int(fields[3])
        return effect
    if kind == "copy_guild":
        return {"type": "copy_guild"}
    if re.fullmatch(r"[a-z_]+", kind) and not rest:
        return {"type": kind}
    raise ValueError(f"unknown effect {text!r}")


def building_id(card_id: str) -> str:
    return re.sub(r"-age[12]$", "", card_id)


def import_cards(reference: Path) -> list[dict]:
    buildings: dict[str, dict] = {}
    with open(reference / "cards-1st-edition.csv", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            bid = building_id(row["id"])
            copies = [int(n) for n in filter(None, row["player_counts"].split(","))]
            entry = buildings.get(bid)
            if entry is None:
                effects = [parse_effect(e) for e in row["effect"].split(";")]
                for effect in effects:
                    if effect["type"] == "produce":
                        effect["sellable"] = row["color"] in SELLABLE_COLOURS
                entry = buildings[bid] = {
                    "id": bid,
                    "name": row["name_en"],
                    "colour": row["color"],
                    "cost": parse_cost(row["cost"]),
                    "chains_from": list(filter(None, row["chains_from"].split(","))),
                    "chains_to": list(filter(None, row["chains_to"].split(","))),
                    "effects": effects,
                    "copies": {},
                    "aliases": [],
                    "reference_names": {"nl": row["name_nl"], "pl": row["name_pl"]},
                }
            if row["id"] != bid:
                entry["aliases"].append(row["id"])
            entry["copies"][row["age"]] = copies
    return list(buildings.values())


def import_wonders(reference: Path) -> list[dict]:
    wonders: dict[str, dict] = {}
    with open(reference / "wonders-1st-edition.csv", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            wonder = wonders.setdefault(row["wonder_id"], {
                "id": row["wonder_id"],
                "name": row["name_en"],
                "resource": row["base_resource"],
                "sides": {},
                "reference_names": {"nl": row["name_nl"], "pl": row["name_pl"]},
            })
            effects = [parse_effect(e) for e in row["effect"].split(";")]
            for effect in effects:
                if effect["type"] == "produce":
                    effect["sellable"] = False
            stages = wonder["sides"].setdefault(row["side"], [])
            assert int(row["stage"]) == len(stages) + 1, row
            stages.append({"cost": parse_cost(row["cost"]), "effects": effects})
    return list(wonders.values())


def main(argv: list[str]) -> None:
    reference = Path(argv[1] if len(argv) > 1 else "../shared/reference")
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in (("cards.json", import_cards(reference)),
                       ("wonders.json", import_wonders(reference))):
        text = json.dumps(data, ensure_ascii=False, indent=1)
        (OUT / name).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {OUT / name}: {len(data)} entries")
    from import_leaders import import_leaders  # the Leaders expansion: its own module

    import_leaders(reference)


if __name__ == "__main__":
    main(sys.argv)
