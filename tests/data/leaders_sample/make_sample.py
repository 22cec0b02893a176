"""Made the stored sample of 2,000 random Leaders games and the score API's answers to them.

Run once, on commit 0b64b81 (before Leaders moved onto the expansion protocol), from the
repository root: ``.venv/bin/python tests/data/leaders_sample/make_sample.py``. It deals the
games with the tests' own dealer (both editions, 3 to 7 players, seeds 0 to 1999), asks
``POST /api/v1/score`` in English for every game and in Polish for every tenth, and keeps the
games with the SHA-256 of each answer's canonical JSON. ``tests/leaders/test_leaders_sample.py``
asks every later version the same and compares.

Changed since, by genuine fixes only (each answer's digest replaced, the games kept): issue 30
item 1 (Aristotle's points were counted twice when valuing a copy) changed 12 answers, of 9
games (3 of them also asked in Polish): in 8 games only a "worth" figure of a Courtesans
Guild's or Olympia's copy, in seed 658 the Courtesans Guild now copies Hiram (6) instead of
Aristotle (3), a total 3 higher. Issue 30 item 10 (the words) changed the 200 Polish answers'
explanations only (lider for przywódca, whole sentences where Polish inflects, sentence case):
their digests were replaced, every English answer stayed the same.
"""

import gzip
import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from scorer import create_app  # noqa: E402
from tests.leaders.leaders_docs import deal  # noqa: E402

GAMES = 2000


def digest(answer: dict) -> str:
    return hashlib.sha256(json.dumps(answer, sort_keys=True, ensure_ascii=False)
                          .encode("utf-8")).hexdigest()


def main() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "sample",
                      "DATABASE": str(Path(tempfile.mkdtemp()) / "sample.sqlite")})
    client = app.test_client()
    entries = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        edition = ("first", "second")[seed % 2]
        document = deal(rng, edition, rng.randint(3, 7))
        entry = {"seed": seed, "game": document}
        for language in ("en", "pl") if seed % 10 == 0 else ("en",):
            answer = client.post("/api/v1/score", json=document,
                                 headers={"Accept-Language": language})
            assert answer.status_code == 200, answer.get_json()
            entry[language] = digest(answer.get_json())
        entries.append(entry)
    with gzip.open(HERE / "games.json.gz", "wt", encoding="utf-8") as out:
        json.dump(entries, out, separators=(",", ":"))


if __name__ == "__main__":
    main()
