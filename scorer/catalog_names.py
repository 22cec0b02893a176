"""A Babel extractor for card and wonder names in the catalog's JSON files.

Names live in the data, not in code, yet must be translated like every other visible word;
this lets ``pybabel extract`` find them (context ``card``, ``wonder`` or an entry's ``kind``
such as ``leader``), with the rulebooks' Dutch and Polish names as translator comments (for a
second-edition card the first-edition names of the same id, which the import script looks up).
Both editions share one message per English name, so a card keeps its name across editions;
only cards new in an edition (Well, Ludus, ...) add messages.
"""

from __future__ import annotations

import json


def extract(fileobj, keywords, comment_tags, options):
    entries = json.loads(fileobj.read().decode("utf-8"))
    for line, entry in enumerate(entries, start=1):
        context = entry.get("kind") or ("wonder" if "sides" in entry else "card")
        hints = entry.get("reference_names", {})
        comments = [f"{lang}: {name}" for lang, name in sorted(hints.items()) if name]
        yield line, "pgettext", (context, entry["name"]), comments
