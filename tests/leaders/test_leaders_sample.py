"""Leaders moved onto the expansion protocol without changing one answer: the score API
answers the stored sample of 2,000 random Leaders games of both editions exactly as the app
did before the move (``tests/data/leaders_sample/make_sample.py`` says how it was made)."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "leaders_sample" / "games.json.gz"


def digest(answer: dict) -> str:
    return hashlib.sha256(json.dumps(answer, sort_keys=True, ensure_ascii=False)
                          .encode("utf-8")).hexdigest()


def test_the_score_api_answers_the_stored_sample_as_before(client):
    with gzip.open(SAMPLE, "rt", encoding="utf-8") as stored:
        entries = json.load(stored)
    assert len(entries) == 2000
    assert {entry["game"]["edition"] for entry in entries} == {"first", "second"}
    changed = []
    for entry in entries:
        for language in ("en", "pl"):
            if language not in entry:
                continue
            answer = client.post("/api/v1/score", json=entry["game"],
                                 headers={"Accept-Language": language})
            if answer.status_code != 200 or digest(answer.get_json()) != entry[language]:
                changed.append((entry["seed"], language))
    assert changed == []
