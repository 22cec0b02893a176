"""Render every page and PDF of an app in every language, summarised for comparison.

Run twice by ``tests/serving/test_wheel.py``: in the test process on the checkout, and as a script by
the interpreter of a fresh virtual environment holding only the built wheel (so it imports
nothing from ``tests``). The two summaries must be equal.

    python wheel_check.py GAME.json    (prints the summary as JSON)
"""

from __future__ import annotations

import io
import json
import re
import sys
from datetime import datetime

LANGUAGES = ("en", "nl", "pl")
GAME_ID = "wheel-test-game-000000"
MOMENT = datetime.fromisoformat("2026-11-20T20:15:00+00:00")
#: the rendering browser's device key: it owns the game, so its set-up and delete pages show
DEVICE = "wheel-check-device-key-00000000000000000000"


def pdf_summary(data: bytes) -> dict:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    fonts = set()
    for page in reader.pages:
        for font in (page.get("/Resources", {}).get("/Font") or {}).values():
            fonts.add(str(font.get_object().get("/BaseFont", "")).split("+")[-1])
    return {"pages": len(reader.pages), "fonts": sorted(fonts),
            "text": [page.extract_text() for page in reader.pages]}


def summary(response) -> dict:
    kind = response.mimetype
    result = {"status": response.status_code, "type": kind}
    if kind == "application/pdf":
        result["pdf"] = pdf_summary(response.data)
    elif kind.startswith("text/") or kind == "application/json" or kind.endswith("+xml"):
        # the new-game page's one-time nonce and the forms' CSRF tokens are random by design
        body = re.sub(r'(name="nonce" type="hidden" value=")[^"]*', r"\1…",
                      response.get_data(as_text=True))
        result["body"] = re.sub(r'(name="csrf_token" value=")[^"]*', r"\1…", body)
    else:
        result["bytes"] = len(response.data)
    return result


def render_everything(app, document: dict) -> dict:
    from flask import url_for

    from scorer import storage
    from scorer.games import access
    from scorer.games import service as games_service

    with app.app_context():
        storage.restore_game(storage.SavedGame(
            id=GAME_ID, title="Wheel ąę ĳ", document=document, created_at=MOMENT,
            updated_at=MOMENT, owner_token_hash=access.hashed("wheel", access.owner_token(DEVICE, "wheel"))))
        document = games_service.load(GAME_ID).document  # with player ids, as the pages see it
    first = document["players"][0]
    fill = {"game_id": GAME_ID, "index": 0, "player_id": first.get("id", "0"),
            "player": first.get("id", "0"), "code": "en", "lang": "en"}
    pages = {}
    with app.test_request_context():
        for rule in sorted(app.url_map.iter_rules(), key=lambda rule: rule.rule):
            if "GET" not in rule.methods or rule.endpoint == "static":
                continue
            if not set(rule.arguments) <= set(fill):
                continue
            pages[rule.endpoint] = url_for(rule.endpoint, **{k: fill[k] for k in rule.arguments})
        for filename in ("app.css", "app.js", "fonts/SourceSansPro-Regular.ttf"):
            pages[f"static {filename}"] = url_for("static", filename=filename)
    client = app.test_client()
    client.set_cookie("device", DEVICE)
    results = {}
    for name, path in sorted(pages.items()):
        for lang in LANGUAGES:
            client.set_cookie("lang", lang)
            with client.get(path, headers={"Accept-Language": lang}) as response:
                results[f"{lang} {name} {path}"] = summary(response)
    return results


def main() -> None:
    import scorer

    document = json.loads(open(sys.argv[1], encoding="utf-8").read())
    app = scorer.create_app()
    app.config.update(WTF_CSRF_ENABLED=False)
    report = {"package": scorer.__file__, "resources": str(scorer.resource_root()),
              "instance": app.instance_path, "pages": render_everything(app, document)}
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
