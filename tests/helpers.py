"""Small builders for game documents used across the tests."""

from __future__ import annotations

from scorer.engine.scoring import score_game
from scorer.engine.validation import parse_game

WONDERS = ("rhodes", "alexandria", "ephesos", "babylon", "olympia", "halikarnassos", "gizah")


def player(name: str, wonder: str, side: str = "A", stages: int = 0, cards=(), coins: int = 0,
           **tokens: int) -> dict:
    return {"name": name, "wonder": wonder, "side": side, "stages": stages,
            "cards": list(cards), "coins": coins, "tokens": tokens}


def game(*players: dict) -> dict:
    return {"edition": "first", "players": list(players)}


def filler(count: int, used=()) -> list[dict]:
    """Empty cities with wonders nobody else in the game uses, to reach a player count."""
    free = [w for w in WONDERS if w not in used]
    return [player(f"P{i}", free[i]) for i in range(count)]


def table(*players: dict, size: int = 7) -> dict:
    """A game of the given players, padded with empty cities to ``size`` seats."""
    used = {p["wonder"] for p in players}
    return game(*players, *filler(max(0, size - len(players)), used))


def report(document: dict) -> dict:
    """The English score report of a valid document (fails the test on any problem)."""
    parsed, problems = parse_game(document)
    assert not problems, [p.as_dict() for p in problems]
    return score_game(parsed).as_dict()


def scores_of(document: dict, name: str) -> dict:
    """One player's entry of the score report."""
    for entry in report(document)["players"]:
        if entry["name"] == name:
            return entry
    raise AssertionError(f"no player {name!r}")


def problems_of(document) -> list[tuple[str, str]]:
    """(path, code) of every problem validation finds, in order."""
    _, problems = parse_game(document)
    return [(p.path, p.code) for p in problems]


def deal(rng, players: int = 7, edition: str = "first") -> dict:
    """A random valid game dealt from the real decks (wonders, ages, guilds, conflicts)."""
    from scorer.engine.rules import get_ruleset

    ruleset = get_ruleset(edition)
    catalog = ruleset.catalog
    chosen = rng.sample(sorted(catalog.wonders), players)
    cities = []
    for index, wonder in enumerate(chosen):
        side = rng.choice(ruleset.side_ids)
        most = len(catalog.wonders[wonder].sides[side])
        cities.append(player(f"P{index}", wonder, side, rng.randint(0, most),
                             coins=rng.randint(0, 30)))
    play_ages(rng, ruleset, cities)
    return dict(game(*cities), edition=edition)


def play_ages(rng, ruleset, cities: list[dict]) -> None:
    """Deal the three Ages (guilds in the third) to ``cities`` and build about six of each
    hand's seven cards, never a second copy; one battle per neighbour pair and Age."""
    catalog, players = ruleset.catalog, len(cities)
    for age, victory in ((1, "victory_1"), (2, "victory_3"), (3, "victory_5")):
        deck = [card.id for card in catalog.deck(age, players)]
        if age == 3:
            deck += [guild.id for guild in rng.sample(catalog.guilds, players + ruleset.guilds_extra)]
        rng.shuffle(deck)
        for index, city in enumerate(cities):
            built = {catalog.card(card_id).id for card_id in city["cards"]}
            for card_id in deck[index * 7:index * 7 + 6]:
                if catalog.card(card_id).id not in built and rng.random() < 0.85:
                    built.add(catalog.card(card_id).id)
                    city["cards"].append(card_id)
        for index, city in enumerate(cities):
            outcome = rng.choice((-1, 0, 1))
            if outcome:
                winner, loser = (city, cities[(index + 1) % players])[::outcome]
                winner["tokens"][victory] = winner["tokens"].get(victory, 0) + 1
                loser["tokens"]["defeat"] = loser["tokens"].get("defeat", 0) + 1


def city_path(app, game_id: str, seat: int) -> str:
    """The URL of the city of whoever sits at ``seat`` (cities are addressed by player id)."""
    from scorer.games import service as games_service

    with app.app_context():
        return f"/games/{game_id}/players/{games_service.load(game_id).document['players'][seat]['id']}"


def city_version(app, game_id: str, seat: int) -> str:
    """The version a city page opened now carries in its form."""
    from scorer.games import service as games_service

    with app.app_context():
        return games_service.city_version(games_service.load(game_id).document["players"][seat])


def post_city(client, app, game_id: str, seat: int, data: dict):
    """Save the city at ``seat`` as its page would, from the version stored now."""
    return client.post(city_path(app, game_id, seat),
                       data={**data, "version": city_version(app, game_id, seat)})


def own(app, client, game_id: str) -> None:
    """Make ``client``'s browser the owner of a game saved straight into storage: a game without
    an owner may be changed or deleted by nobody (see scorer/games/access.py)."""
    import secrets


    cookie = client.get_cookie("device")
    key = cookie.value if cookie else secrets.token_urlsafe(32)
    client.set_cookie("device", key)
    give_owner(app, game_id, key)


def own_in_browser(app, page, base_url: str, game_id: str) -> None:
    """:func:`own` for a Playwright page: its browser context gets a device key that owns the game."""
    import secrets

    key = secrets.token_urlsafe(32)
    page.context.add_cookies([{"name": "device", "value": key, "url": base_url}])
    give_owner(app, game_id, key)


def give_owner(app, game_id: str, device_key: str) -> None:
    from scorer import storage
    from scorer.games import access

    with app.app_context():
        stored = storage.load_game(game_id).owner_token_hash
        assert storage.set_owner(game_id, stored, access.owner_of(device_key)[1])
