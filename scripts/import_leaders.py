"""Turn the Leaders expansion's reference CSVs into the engine's data JSON.

Called by ``scripts/import_reference.py`` (one expansion, one function), and runnable alone:
``python scripts/import_leaders.py ../shared/reference``. The leaders' effect words extend the
base game's vocabulary (``leaders.md``); the base words are parsed by the base importer, so a
``vp:5`` means the same on a card, a stage and a leader.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from import_reference import parse_cost, parse_effect, read_rows  # noqa: E402

OUT = (Path(__file__).resolve().parent.parent / "scorer" / "engine" / "expansions" / "leaders"
       / "data")
SOURCES = ("leaders.csv", "wonders-leaders.csv", "guilds-leaders-1st-edition.csv")


def _number(text: str) -> int | str:
    return int(text) if text.isdigit() else text


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
        return {"type": kind, "coins": _number(fields[0])}
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


def import_leader_cards(reference: Path) -> list[dict]:
    return [{
        "id": row["id"],
        "name": row["name_en"],
        "kind": "leader",
        "set": row["set"],
        "cost": _number(row["cost"]),
        "effects": parse_effects(row["effect"]),
        "relevance": row["relevance"],
        "text": row["effect_text"],
        "reference_names": {"fr": row["name_fr"], "nl": row["name_nl"]},
    } for row in read_rows(reference / "leaders.csv")]


def import_leader_wonders(reference: Path) -> list[dict]:
    """Roma and Abu Simbel: day and night sides, each with its stages and (``side_effects``)
    what its half of the board prints: Roma's day and night boards differ."""
    wonders: dict[str, dict] = {}
    for row in read_rows(reference / "wonders-leaders.csv"):
        wonder = wonders.setdefault(row["wonder_id"], {
            "id": row["wonder_id"],
            "name": row["name_en"],
            "resource": row["base_resource"] or None,
            "sides": {},
            "side_effects": {},
            "reference_names": {},
        })
        wonder["side_effects"].setdefault(row["side"], parse_effects(row["board_effect"]))
        stages = wonder["sides"].setdefault(row["side"], [])
        assert int(row["stage"]) == len(stages) + 1, row
        stages.append({"cost": parse_cost(row["cost"]), "effects": parse_effects(row["effect"])})
    return list(wonders.values())


def import_leader_guilds(reference: Path) -> list[dict]:
    """The four guilds of the first-edition Leaders box, in the base game's card format."""
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
    } for row in read_rows(reference / "guilds-leaders-1st-edition.csv")]


def import_leaders(reference: Path, out: Path = OUT) -> list[Path]:
    """Write the Leaders data files and ``sources.txt`` (each file's reference file and its
    hash); returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    lines = ["# Generated by scripts/import_leaders.py: each data file and the reference file "
             "it was made from."]
    for name, source, data in (
            ("leaders.json", SOURCES[0], import_leader_cards(reference)),
            ("wonders.json", SOURCES[1], import_leader_wonders(reference)),
            ("guilds-first.json", SOURCES[2], import_leader_guilds(reference))):
        text = json.dumps(data, ensure_ascii=False, indent=1)
        (out / name).write_text(text + "\n", encoding="utf-8")
        written.append(out / name)
        digest = hashlib.sha256((reference / source).read_bytes()).hexdigest()
        lines.append(f"{name} <- {source} sha256={digest}")
        print(f"wrote {out / name}: {len(data)} entries")
    (out / "sources.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return written


if __name__ == "__main__":
    import_leaders(Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference"))
