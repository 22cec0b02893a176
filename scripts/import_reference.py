"""Turn the shared reference CSVs of every edition into the engine's catalog JSON.

The reference files are the checked source of truth; the engine reads a parsed, structured
form so that loading needs no string parsing of effects. Run again whenever the reference
changes: ``python scripts/import_reference.py ../shared/reference``.

No file name is written here: every ``cards-<N>-edition.csv`` / ``wonders-<N>-edition.csv``
pair found in the reference folder (``1st``, ``2nd`` ...) becomes
``scorer/engine/data/<edition>/`` (``first``, ``second`` ...), read by column name, so the
editions' different columns (the second edition has no French or Polish names) need no code.
Card and wonder names a file lacks in a language are taken from another edition's file for
the same id (the translator comments of the catalogs; see ``scorer/catalog_names.py``).
Each data folder gets ``sources.txt``: which reference files, with their SHA-256, made it.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "scorer" / "engine" / "data"
EDITION_FILE = re.compile(r"^(?P<kind>cards|wonders)-(?P<number>\d+)(st|nd|rd|th)-edition\.csv$")
#: edition ids of documents, by the number in the reference file names
EDITION_IDS = {1: "first", 2: "second", 3: "third", 4: "fourth"}
#: languages whose names go into the catalog as translator hints
HINT_LANGUAGES = ("nl", "pl")


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
    if kind == "vp_if_wonder_complete":
        return {"type": kind, "vp": int(rest)}
    if kind == "copy_guild":
        return {"type": "copy_guild"}
    if re.fullmatch(r"[a-z_]+", kind) and not rest:
        return {"type": kind}
    raise ValueError(f"unknown effect {text!r}")


def parse_effects(text: str) -> list[dict]:
    return [parse_effect(e) for e in filter(None, text.split(";"))]


def building_id(card_id: str) -> str:
    return re.sub(r"-age[12]$", "", card_id)


def read_rows(path: Path) -> list[dict]:
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


class Names:
    """Names per (id, language) from every edition's files: a file's own first, then others'."""

    def __init__(self, tables: list[tuple[str, list[dict]]]):
        self.found: dict[tuple[str, str], str] = {}
        for key, rows in tables:
            for row in rows:
                for lang in HINT_LANGUAGES:
                    name = (row.get(f"name_{lang}") or "").strip()
                    if name:
                        self.found.setdefault((row[key], lang), name)

    def hints(self, row: dict, key: str) -> dict[str, str]:
        return {lang: (row.get(f"name_{lang}") or "").strip() or self.found.get((row[key], lang), "")
                for lang in HINT_LANGUAGES}


def import_cards(rows: list[dict], names: Names) -> list[dict]:
    buildings: dict[str, dict] = {}
    for row in rows:
        bid = building_id(row["id"])
        copies = [int(n) for n in filter(None, row["player_counts"].split(","))]
        entry = buildings.get(bid)
        if entry is None:
            entry = buildings[bid] = {
                "id": bid,
                "name": row["name_en"],
                "colour": row["color"],
                "cost": parse_cost(row["cost"]),
                "chains_from": list(filter(None, row["chains_from"].split(","))),
                "chains_to": list(filter(None, row["chains_to"].split(","))),
                "effects": parse_effects(row["effect"]),
                "copies": {},
                "aliases": [],
                "reference_names": names.hints(row, "id"),
            }
        if row["id"] != bid:
            entry["aliases"].append(row["id"])
        entry["copies"][row["age"]] = copies
    return list(buildings.values())


def import_wonders(rows: list[dict], names: Names | None = None,
                   parse: Callable[[str], list[dict]] = parse_effects,
                   side_boards: bool = False) -> list[dict]:
    """Wonders, one row per stage, with their sides as the rows name them; also an expansion's
    (``import_leaders.py``, ``import_cities.py``): ``parse`` reads its effect words, ``names``
    (None: none) its names in other languages, and ``side_boards`` keeps the board's effect per
    side (``side_effects``: Roma's day and night boards differ) instead of once (``effects``)."""
    wonders: dict[str, dict] = {}
    for row in rows:
        wonder = wonders.get(row["wonder_id"])
        if wonder is None:
            wonder = wonders[row["wonder_id"]] = {
                "id": row["wonder_id"],
                "name": row["name_en"],
                "resource": row["base_resource"] or None,
                "sides": {},
                **({"side_effects": {}} if side_boards else {}),
                "reference_names": names.hints(row, "wonder_id") if names else {},
            }
            board = parse(row.get("board_effect") or "")
            if board and not side_boards:
                wonder["effects"] = board
        if side_boards:
            wonder["side_effects"].setdefault(row["side"], parse(row["board_effect"]))
        stages = wonder["sides"].setdefault(row["side"], [])
        assert int(row["stage"]) == len(stages) + 1, row
        stages.append({"cost": parse_cost(row["cost"]), "effects": parse(row["effect"])})
    return list(wonders.values())


def discover(reference: Path) -> dict[str, dict[str, Path]]:
    """edition id -> {"cards": path, "wonders": path}, from the file names alone."""
    found: dict[str, dict[str, Path]] = {}
    for path in sorted(reference.glob("*.csv")):
        match = EDITION_FILE.match(path.name)
        if match:
            edition = EDITION_IDS[int(match["number"])]
            found.setdefault(edition, {})[match["kind"]] = path
    incomplete = [edition for edition, files in found.items() if set(files) != {"cards", "wonders"}]
    if incomplete:
        raise SystemExit(f"editions without both a cards and a wonders file: {incomplete}")
    return found


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv: list[str]) -> None:
    reference = Path(argv[1] if len(argv) > 1 else "../shared/reference")
    editions = discover(reference)
    tables = {path: read_rows(path) for files in editions.values() for path in files.values()}
    card_names = Names([("id", tables[files["cards"]]) for files in editions.values()])
    wonder_names = Names([("wonder_id", tables[files["wonders"]]) for files in editions.values()])
    for edition, files in editions.items():
        out = DATA / edition
        out.mkdir(parents=True, exist_ok=True)
        made = {"cards.json": ("cards", import_cards(tables[files["cards"]], card_names)),
                "wonders.json": ("wonders", import_wonders(tables[files["wonders"]], wonder_names))}
        lines = ["# Generated by scripts/import_reference.py: each data file, the reference file "
                 "it was made from, and the files its names in other languages were looked up in."]
        for name, (kind, data) in made.items():
            text = json.dumps(data, ensure_ascii=False, indent=1)
            (out / name).write_text(text + "\n", encoding="utf-8")
            print(f"wrote {out / name}: {len(data)} entries")
            lines.append(f"{name} <- {files[kind].name} sha256={sha256(files[kind])}")
            lines += [f"{name} names <- {f[kind].name} sha256={sha256(f[kind])}"
                      for f in editions.values() if f[kind] != files[kind]]
        (out / "sources.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    from import_cities import import_cities  # each expansion: its own module
    from import_leaders import import_leaders

    import_leaders(reference)
    import_cities(reference)


if __name__ == "__main__":
    main(sys.argv)
