"""Turn the Leaders expansion's reference CSVs into the engine's data JSON.

Called by ``scripts/import_reference.py`` (one expansion, one function), and runnable alone:
``python scripts/import_leaders.py ../shared/reference``. The leaders' effect words extend the
base game's vocabulary (``leaders.md``); the base words are parsed as the base importer parses them, so a
``vp:5`` means the same on a card, a stage and a leader. The CSVs' rows become data files by
``reference_rows.py``, shared with the other expansions' importers.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference_rows import cards, import_wonders, leaders, parse_leader_effect, read_rows, write_data  # noqa: E402

OUT = (Path(__file__).resolve().parent.parent / "scorer" / "engine" / "expansions" / "leaders"
       / "data")
SOURCES = ("leaders.csv", "wonders-leaders.csv", "guilds-leaders-1st-edition.csv")


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
