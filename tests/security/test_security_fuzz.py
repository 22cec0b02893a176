"""Issue 12: whatever is sent to any page, never a 500, and a refused post changes nothing.

The routes come from the app's URL map, the form fields and button values from each page's own
HTML, and the query parameters from the source (every ``request.args`` read), so pages and
fields added later are fuzzed too. Hypothesis mixes the real values with arbitrary text and
the probe's nasty ones (superscript and circled digits, control characters, huge numbers).
Only a redirect (a post that was accepted) may change the saved games and groups.

Issue 28: the groups' routes are fuzzed on a real group the client owns (with a game and merged
names), the merges' names with the player-name rules' nasty cases, and every other method the
API takes (``PUT``, ``PATCH``, ``DELETE``) as well.
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
#: the names the fuzzed group's games have, and what the player-name rules refuse
NAMES = ["Ada", "ada ", "Bob", "Cy", "Zofia", "Ada\x00", "\u202eevil", "bell\x07", "a\u200bb", "\ud800",
         "x" * 41, "\u0301", ""]
#: what a URL can carry (a lone surrogate is not text and cannot be sent in one)
URL_NAMES = [name for name in NAMES if name != "\ud800"]
ARG_VALUES = {"player_id": st.sampled_from([*PLAYER_IDS, *PLAYER_IDS, "0", "3", "zz", "²", "١", "\x00"]),
              "index": st.sampled_from([0, 1, 2, 0, 1, 2, 3, 10**12]),
              "code": st.one_of(st.sampled_from(["en", "nl", "pl"]), st.text(max_size=8)),
              "name": st.one_of(st.sampled_from(URL_NAMES), st.text(max_size=12))}


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


def new_group(app, client, game_id: str) -> str:
    """A group owned by ``client``'s browser holding ``game_id``, with two merged names (Bob
    counted as Ada, shown as "Ada B."; Cy as Bob), so its owner pages and its merges are fuzzed
    as their owner sees them."""
    from scorer.games import access
    from scorer.groups import service as groups_service

    with app.app_context():
        key = client.get_cookie("device").value
        group = groups_service.create("Fuzz night", access.owner_of(key)[1])
        groups_service.add_game(group, game_id)
        groups_service.merge(group, "Bob", "Ada", "Ada B.")
        groups_service.merge(group, "Cy", "Bob")
    return group.id


def snapshot(app):
    """The saved games, and every group with its owner, games and merges."""
    from scorer.groups import service as groups_service

    with app.app_context():
        games, groups, _merges = storage.snapshot()
        return (sorted((g.id, g.title, g.group_pk, json.dumps(g.document, sort_keys=True)) for g in games),
                sorted((g.id, g.name, g.owner_token_hash, json.dumps(groups_service.merges_of(g)))
                       for g in groups))


def rules(app, method):
    found = []
    for rule in app.url_map.iter_rules():
        if method in rule.methods and rule.endpoint != "static":
            found.append(rule)
    return sorted(found, key=lambda rule: rule.rule)


def url_for_rule(rule, game_id, draw, group_id: str = "no-such-group") -> str:
    parts = {}
    for argument in rule.arguments:
        if argument in ("game_id", "group_id"):
            real = game_id if argument == "game_id" else group_id
            parts[argument] = draw(st.sampled_from([real] * 5 + ["no-such-game", "\x00",
                                                               "a\x00b", "é", "x" * 65]))
        else:
            parts[argument] = draw(ARG_VALUES.get(argument, st.text(min_size=1, max_size=10)))
    url = rule.rule
    for name, value in parts.items():
        url = re.sub(rf"<(?:\w+:)?{name}>", lambda _m, v=value: quote(str(v), safe=""), url)
    return url


def plain_url(rule, game_id, group_id: str = "no-such-group") -> str:
    """The rule's URL for the test game's (and group's) first page of its kind (to read its
    form)."""
    url = rule.rule.replace("<game_id>", game_id).replace("<player_id>", PLAYER_IDS[0])
    url = url.replace("<group_id>", group_id).replace("<path:name>", "Ada")
    return re.sub(r"<(?:\w+:)?\w+>", "0", url)


def api_bodies():
    """Any JSON, a game document's shape, and a merge's names."""
    name = st.one_of(st.sampled_from(NAMES), st.text(max_size=10), st.integers(), st.none())
    return st.one_of(
        st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20),
        st.fixed_dictionaries({"players": st.lists(st.dictionaries(
            st.sampled_from(["name", "wonder", "side", "stages", "cards", "coins", "tokens", "id"]),
            st.one_of(st.text(max_size=8), st.integers(), st.lists(st.text(max_size=6), max_size=3)),
            max_size=8), max_size=8)}),
        st.fixed_dictionaries({"source": name, "target": name}, optional={"name": name}),
        st.fixed_dictionaries({}, optional={"name": name, "locked": st.booleans()}))


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
    group_id = new_group(fuzz_app, client, new_game(fuzz_app, client))
    parameters = query_parameters()
    examples = PDF_EXAMPLES if endpoint.startswith("pdf.") or endpoint.endswith(".report") else EXAMPLES

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(data):
        url = url_for_rule(rule, game_id, data.draw, group_id)
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
    group_id = new_group(fuzz_app, client, new_game(fuzz_app, client))
    page = client.get(plain_url(rule, game_id, group_id))
    sent, fields = read_form(page.get_data(as_text=True)) if page.status_code == 200 else ([], {})
    fields.pop("csrf_token", None)
    if "source" in fields:  # the merge form: names of the group and the rules' nasty ones
        for name in ("source", "target", "name"):
            fields[name] = sorted(set(fields.get(name, [])) | set(URL_NAMES))

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(data):
        target = new_game(fuzz_app, client)
        group = new_group(fuzz_app, client, target) if "<group_id>" in rule.rule else group_id
        url = url_for_rule(rule, target, data.draw, group)
        before = snapshot(fuzz_app)
        if rule.rule.startswith("/api/"):
            answer = client.post(url, json=data.draw(api_bodies()), headers=headers(data.draw))
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
        # a page that takes a post redirects, and shows the form again when it refuses it; the
        # API answers 2xx when it takes one (a body the fuzz drew may be a valid new group)
        taken = (answer.status_code < 400 if rule.rule.startswith("/api/")
                 else 300 <= answer.status_code < 400)
        if not taken:
            assert snapshot(fuzz_app) == before, (url, answer.status_code)

    check()


def other_endpoints() -> list[tuple[str, str]]:
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": ":memory:"})
    return sorted((method, rule.endpoint) for rule in app.url_map.iter_rules()
                  for method in rule.methods & {"PUT", "PATCH", "DELETE"})


@pytest.mark.parametrize(("method", "endpoint"), other_endpoints())
def test_any_put_patch_or_delete_answers_without_500_and_refused_ones_change_nothing(
        fuzz_app, method, endpoint):
    """The API's other methods, as the owner (by cookie, by a token, or neither) and a stranger."""
    rule = next(rule for rule in fuzz_app.url_map.iter_rules()
                if rule.endpoint == endpoint and method in rule.methods)
    client, stranger = fuzz_app.test_client(), fuzz_app.test_client()
    parameters = [*query_parameters(), "source"]

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(data):
        target = new_game(fuzz_app, client)
        url = url_for_rule(rule, target, data.draw, new_group(fuzz_app, client, target))
        query = data.draw(st.dictionaries(st.sampled_from(parameters),
                                          st.one_of(st.sampled_from(URL_NAMES), values_for([])), max_size=2))
        who = data.draw(st.sampled_from([client, client, stranger]))
        extra = data.draw(st.sampled_from([{}, {"If-Match": '"0"'}, {"X-Owner-Token": "x" * 43},
                                           {"X-Owner-Token": "\x00"}]))
        before = snapshot(fuzz_app)
        answer = who.open(url, method=method, query_string=query, json=data.draw(api_bodies()),
                          headers={**headers(data.draw), **extra})
        assert_sound(answer, (method, url, query))
        if answer.status_code >= 400:
            assert snapshot(fuzz_app) == before, (method, url, answer.status_code)

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
    # the groups' pages too, as their owner sees them
    assert {"groups.merge", "groups.undo_merge", "groups_api.merge_names", "groups.rename"} <= posts
    assert {("DELETE", "groups_api.undo_merge"), ("PATCH", "groups_api.change_group"),
            ("PUT", "games_api.lock")} <= set(other_endpoints())
    group_id = new_group(fuzz_app, client, game_id)
    merge = form_fields(client.get(f"/groups/{group_id}/merge").get_data(as_text=True))
    assert {"source", "target", "name"} <= set(merge)
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert "Merged names" in page and 'name="source" value="Bob"' in page
