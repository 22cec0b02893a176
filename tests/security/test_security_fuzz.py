"""Issue 12: whatever is sent to any page, never a 500, and a refused post changes nothing.

The routes come from the app's URL map, the form fields and button values from each page's own
HTML, and the query parameters from the source (every ``request.args`` read), so pages and
fields added later are fuzzed too. Hypothesis mixes the real values with arbitrary text and
the probe's nasty ones (superscript and circled digits, control characters, huge numbers).
Only a redirect (a post that was accepted) may change the saved games.
"""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import create_app, storage
from tests.helpers import game, own, player

SOURCE = Path(__file__).resolve().parents[2] / "scorer"
#: per page and method: the whole file stays within about 20 s per database; FUZZ_EXAMPLES=N
#: runs a longer fuzz (the counts of requests and 5xx answers print with ``-s``)
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "15"))
PDF_EXAMPLES = max(1, EXAMPLES * 2 // 5)  # a valid query renders a PDF (0.1 to 0.3 s each)
NASTY = ["", "²", "①", "٣", "１", "-1", "0", "3", "7", "9" * 30, "1_0", " 1", "1.5", "\x00", "\n",
         "\r\n", "\t", "\u202e", "\u200b", "//evil.example", "/\t/evil.example", "/%09/evil", "goto-²",
         "up-²", "down-9", "goto-99", "science-²", "save", "count", "next", "prev", "pad", "x" * 5000,
         "a4", "letter", "en", "nl", "pl", "random", "A", "B"]
PLAYER_IDS = ("pa", "pb", "pc")
ARG_VALUES = {"player_id": st.sampled_from([*PLAYER_IDS, *PLAYER_IDS, "0", "3", "zz", "²", "١", "\x00"]),
              "index": st.sampled_from([0, 1, 2, 0, 1, 2, 3, 10**12]),
              "code": st.one_of(st.sampled_from(["en", "nl", "pl"]), st.text(max_size=8))}


def query_parameters() -> list[str]:
    """Every query parameter any view reads."""
    names = set()
    for path in SOURCE.rglob("*.py"):
        names.update(re.findall(r"""request\.args(?:\.get\(|\[)\s*["'](\w+)["']""", path.read_text("utf-8")))
    return sorted(names)


class FormFields(HTMLParser):
    """A page's form as a browser would send it, and every value each field offers."""

    def __init__(self):
        super().__init__()
        self.offered: dict[str, set[str]] = {}
        self.sent: list[tuple[str, str]] = []
        self.select: str | None = None
        self.select_value: str | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        name, value = attributes.get("name"), attributes.get("value") or ""
        if tag == "option" and self.select:
            self.offered[self.select].add(value)
            if self.select_value is None or "selected" in attributes:
                self.select_value = value
            return
        if tag not in ("input", "select", "textarea", "button") or not name:
            return
        self.offered.setdefault(name, set()).add(value)
        if tag == "select":
            self.select, self.select_value = name, None
        elif tag == "input" and (attributes.get("type") not in ("checkbox", "radio")
                                 or "checked" in attributes):
            self.sent.append((name, value))

    def handle_endtag(self, tag):
        if tag == "select" and self.select:
            self.sent.append((self.select, self.select_value or ""))
            self.select = None


def read_form(html: str) -> tuple[list[tuple[str, str]], dict[str, list[str]]]:
    parser = FormFields()
    parser.feed(html)
    return parser.sent, {name: sorted(values) for name, values in parser.offered.items()}


def form_fields(html: str) -> dict[str, list[str]]:
    return read_form(html)[1]


BAD_DIGITS = ["²", "①", "٣", "99", "-1", "9" * 30, "", "1\n"]


def mutated(offered: list[str]):
    """An offered value with its number or suffix replaced by a bad one: ``goto-2`` or
    ``goto-pc`` becomes ``goto-²``, ``up-1`` becomes ``up-99``."""
    changeable = [value for value in offered if re.search(r"\d|-", value)] or ["0"]

    def change(value: str, bad: str) -> str:
        if "-" in value:
            return value.rsplit("-", 1)[0] + "-" + bad
        return re.sub(r"\d+", lambda _m: bad, value, count=1)

    return st.builds(change, st.sampled_from(changeable), st.sampled_from(BAD_DIGITS))


def values_for(offered: list[str]):
    one = st.one_of(st.sampled_from(offered or [""]), mutated(offered), st.sampled_from(NASTY),
                    st.text(max_size=40))
    return st.one_of(one, st.lists(one, min_size=2, max_size=3))


#: requests sent and 5xx answers got, per database (printed at the end of each database's run)
COUNTS: dict[str, dict[str, int]] = {}


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
def fuzz_app(request, tmp_path_factory):
    """The whole fuzz runs on each database: PostgreSQL refuses text SQLite takes (a NUL)."""
    config = {"TESTING": True, "SECRET_KEY": "fuzz", "WTF_CSRF_ENABLED": False}
    if request.param == "sqlite":
        config["DATABASE"] = str(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite")
        yield from counted(create_app(config), request.param)
    else:
        with request.getfixturevalue("postgres_cluster").fresh_schema() as url:
            yield from counted(create_app({**config, "DATABASE_URL": url}), request.param)


def counted(app, database: str):
    counts = COUNTS.setdefault(database, {"requests": 0, "5xx": 0})

    def count(response):
        counts["requests"] += 1
        counts["5xx"] += response.status_code >= 500
        return response

    app.after_request(count)
    app.register_error_handler(Exception, lambda error: (count_error(counts, error)))
    yield app
    print(f"\nfuzz on {database}: {counts['requests']} requests, {counts['5xx']} answered 5xx")
    for engine in app.extensions.get("scorer.storage", {}).values():
        engine.dispose()


def count_error(counts, error):
    """An unhandled exception is a 500 the after_request hook never sees: count it, re-raise."""
    from werkzeug.exceptions import HTTPException

    if isinstance(error, HTTPException):
        return error
    counts["requests"] += 1
    counts["5xx"] += 1
    raise error


def new_game(app, client) -> str:
    """A game owned by ``client``'s browser, so its owner-only pages are fuzzed too."""
    with app.app_context():
        document = game(player("Ada", "alexandria", cards=["altar"]), player("Bob", "gizah"),
                        player("Cy", "rhodes"))
        for player_id, city in zip(PLAYER_IDS, document["players"], strict=True):
            city["id"] = player_id
        game_id = storage.create_game(document, "Fuzz")
    own(app, client, game_id)
    return game_id


def snapshot(app):
    with app.app_context():
        return sorted((g.id, g.title, json.dumps(g.document, sort_keys=True)) for g in storage.list_games())


def rules(app, method):
    found = []
    for rule in app.url_map.iter_rules():
        if method in rule.methods and rule.endpoint != "static":
            found.append(rule)
    return sorted(found, key=lambda rule: rule.rule)


def url_for_rule(rule, game_id, draw) -> str:
    parts = {}
    for argument in rule.arguments:
        if argument == "game_id":
            parts[argument] = draw(st.sampled_from([game_id] * 5 + ["no-such-game", "\x00",
                                                                  "a\x00b", "é", "x" * 65]))
        else:
            parts[argument] = draw(ARG_VALUES.get(argument, st.text(min_size=1, max_size=10)))
    url = rule.rule
    for name, value in parts.items():
        url = re.sub(rf"<(?:\w+:)?{name}>", lambda _m, v=value: quote(str(v), safe=""), url)
    return url


def plain_url(rule, game_id) -> str:
    """The rule's URL for the test game's first page of its kind (to read its form)."""
    url = rule.rule.replace("<game_id>", game_id).replace("<player_id>", PLAYER_IDS[0])
    return re.sub(r"<(?:\w+:)?\w+>", "0", url)


HEADER_TEXT = st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=30)


def headers(draw):
    return {"Accept-Language": draw(st.one_of(st.sampled_from(["", "nl", "pl-PL,en;q=0.5", "en-US"]),
                                                HEADER_TEXT))}


def assert_sound(answer, label):
    assert answer.status_code < 500, (label, answer.status_code)
    for name, value in answer.headers.items():
        assert not any(ord(char) < 0x20 for char in name + value), (label, name)
    location = answer.headers.get("Location")
    if location is not None:
        # Werkzeug's own routing redirects (``claim//0`` -> ``claim/0``) name this host in full.
        location = location.removeprefix("http://localhost")
        assert location.startswith("/") and not location.startswith(("//", "/\\")), (label, location)


def endpoints(method):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": ":memory:"})
    return [rule.endpoint for rule in rules(app, method)]


@pytest.mark.parametrize("endpoint", endpoints("GET"))
def test_any_query_on_any_page_answers_without_500(fuzz_app, endpoint):
    rule = next(rule for rule in rules(fuzz_app, "GET") if rule.endpoint == endpoint)
    client = fuzz_app.test_client()
    game_id = new_game(fuzz_app, client)
    parameters = query_parameters()
    examples = PDF_EXAMPLES if endpoint.startswith("pdf.") else EXAMPLES

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(data):
        url = url_for_rule(rule, game_id, data.draw)
        query = data.draw(st.dictionaries(st.sampled_from(parameters), values_for([]), max_size=3))
        client.set_cookie("lang", data.draw(st.sampled_from(["en", "xx", "pl", ""])))
        answer = client.get(url, query_string=query, headers=headers(data.draw))
        assert_sound(answer, (url, query))
        answer.close()

    check()


@pytest.mark.parametrize("endpoint", endpoints("POST"))
def test_any_post_on_any_page_answers_without_500_and_refused_posts_change_nothing(fuzz_app, endpoint):
    rule = next(rule for rule in rules(fuzz_app, "POST") if rule.endpoint == endpoint)
    client = fuzz_app.test_client()
    game_id = new_game(fuzz_app, client)
    page = client.get(plain_url(rule, game_id))
    sent, fields = read_form(page.get_data(as_text=True)) if page.status_code == 200 else ([], {})
    fields.pop("csrf_token", None)

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(data):
        target = new_game(fuzz_app, client)
        url = url_for_rule(rule, target, data.draw)
        before = snapshot(fuzz_app)
        if rule.rule.startswith("/api/"):
            body = data.draw(st.one_of(
                st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                             lambda inner: st.lists(inner, max_size=4)
                             | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20),
                st.fixed_dictionaries({"players": st.lists(st.dictionaries(
                    st.sampled_from(["name", "wonder", "side", "stages", "cards", "coins", "tokens", "id"]),
                    st.one_of(st.text(max_size=8), st.integers(), st.lists(st.text(max_size=6), max_size=3)),
                    max_size=8), max_size=8)})))
            answer = client.post(url, json=body, headers=headers(data.draw))
        else:
            # what the page sends, with a few fields changed, left out or added
            form: dict[str, list[str]] = {}
            for name, value in sent:
                form.setdefault(name, []).append(value)
            if "action" in fields:
                form["action"] = [data.draw(st.one_of(st.sampled_from(fields["action"]),
                                                      mutated(fields["action"])))]
            changes = data.draw(st.sampled_from([0, 0, 0, 1, 2]))
            for name in data.draw(st.lists(st.sampled_from(sorted(fields) or ["action"]),
                                           min_size=changes, max_size=changes)):
                form[name] = data.draw(st.one_of(values_for(fields.get(name, [])), st.just([])))
            form.update(data.draw(st.dictionaries(
                st.one_of(st.sampled_from(["seats-²-name", "columns-①-name", "seats-99-key", "cards",
                                           "action", "next"]), st.text(max_size=12)),
                values_for([]), max_size=2)))
            answer = client.post(url, data=form, headers=headers(data.draw))
        assert_sound(answer, url)
        if not 300 <= answer.status_code < 400:
            assert snapshot(fuzz_app) == before, (url, answer.status_code)

    check()


def test_the_fuzzing_covers_the_pages_and_their_parameters(fuzz_app):
    """The discovery above finds what it must, so the fuzzing cannot silently shrink to nothing."""
    assert {"next", "players", "paper", "count"} <= set(query_parameters())
    posts = set(endpoints("POST"))
    assert {"cities.edit", "setup.new_game", "setup.edit_setup", "games.delete", "quick.pad",
            "build.check", "api.score", "api.trade"} <= posts
    client = fuzz_app.test_client()
    game_id = new_game(fuzz_app, client)
    page = client.get(f"/games/{game_id}/players/{PLAYER_IDS[0]}")
    fields = form_fields(page.get_data(as_text=True))
    assert {"cards", "coins", "stages", "action", "victories", "defeat", "version"} <= set(fields)
    assert f"goto-{PLAYER_IDS[2]}" in fields["action"]
    # the owner-only pages are fuzzed as their owner sees them, not as a 403
    setup = form_fields(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    assert {"seats-0-name", "seats-0-key", "edition", "version", "action"} <= set(setup)
    assert "up-1" in setup["action"] and client.get(f"/games/{game_id}/delete").status_code == 200
