"""What the import scripts share, so that none of them imports another: reading the shared
reference's CSV rows and effect words, and writing the engine's data files.

The base game's importer (``import_reference.py``) and each expansion's (``import_leaders.py``,
``import_cities.py``) read the same columns for the same things (a card's ``cost``, ``age``,
``effect``; a leader's ``set``, ``relevance``; a wonder's rows, one per stage) and only their
effect vocabularies differ: the base words (:func:`parse_effect`) and the Leaders' words
(:func:`parse_leader_effect`, which Cities' leaders use too) are parsed here, so a ``vp:5``
means the same on a card, a stage and a leader. Each expansion writes its files through
:func:`write_data`, so the data files and their ``sources.txt`` have one shape.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

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


Effects = Callable[[str], list[dict]]


def number(text: str) -> int | str:
    """A leader's cost: coins, or a word (``age``: as many coins as the Age)."""
    return int(text) if text.isdigit() else text


def no_names(row: dict) -> dict[str, str]:
    return {}


def cards(rows: Iterable[dict], parse_effects: Effects, copies: list[int],
          names: Callable[[dict], dict[str, str]] = no_names) -> list[dict]:
    """An expansion's buildings (guilds, black cards) in the base game's card format: no chains
    and no aliases; ``copies`` the player-count marks of the card in its Age (none for a guild,
    whose number is players + 2), ``names`` its names in other languages."""
    return [{
        "id": row["id"],
        "name": row["name_en"],
        "colour": row["color"],
        "cost": parse_cost(row["cost"]),
        "chains_from": [],
        "chains_to": [],
        "effects": parse_effects(row["effect"]),
        "copies": {row["age"]: list(copies)},
        "aliases": [],
        "reference_names": names(row),
    } for row in rows]


def leaders(rows: Iterable[dict], parse_effects: Effects) -> list[dict]:
    """Leader cards in the Leaders data format."""
    return [{
        "id": row["id"],
        "name": row["name_en"],
        "kind": "leader",
        "set": row["set"],
        "cost": number(row["cost"]),
        "effects": parse_effects(row["effect"]),
        "relevance": row["relevance"],
        "text": row["effect_text"],
        "reference_names": {"fr": row["name_fr"], "nl": row["name_nl"]},
    } for row in rows]


def write_data(script: str, reference: Path, out: Path,
               made: Iterable[tuple[str, str, list[dict]]]) -> list[Path]:
    """Write each (data file, reference file it was made from, entries) as JSON in ``out``,
    and ``sources.txt``: each data file's reference file with its SHA-256. Returns the files
    written."""
    out.mkdir(parents=True, exist_ok=True)
    lines = [f"# Generated by scripts/{script}: each data file and the reference file it was "
             "made from."]
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
