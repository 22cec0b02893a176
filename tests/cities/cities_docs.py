"""Builders for Cities game documents used by the Cities tests, and a random game dealer."""

from __future__ import annotations

from scorer.engine.rules import get_ruleset

BLACK = "black"
#: the victory token of each Age
VICTORY = {1: "victory_1", 2: "victory_3", 3: "victory_5"}


def city(name: str, wonder: str, side: str = "A", stages: int = 0, cards=(), coins: int = 0,
         debt: int = 0, leaders=None, **tokens: int) -> dict:
    entry = {"name": name, "wonder": wonder, "side": side, "stages": stages,
             "cards": list(cards), "coins": coins, "tokens": tokens}
    if debt:
        entry["debt"] = debt
    if leaders is not None:
        entry["leaders"] = list(leaders)
    return entry


def cities_game(*players: dict, edition: str = "first", leaders: bool = False,
                teams=None) -> dict:
    document = {"edition": edition,
                "expansions": ["cities", "leaders"] if leaders else ["cities"],
                "players": list(players)}
    if teams is not None:
        document["teams"] = teams
    return document


def deal(rng, edition: str = "first", players: int = 7, leaders: bool = False,
         teams: bool = False) -> dict:
    """A random valid Cities game dealt from the real decks: wonders (Petra and Byzantium
    among them), each Age's deck with as many black cards as players (7 with eight), about
    seven of each hand's eight cards built, guilds, battles (partners never fight; in team
    play each other border is fought twice), Raider cards' victory tokens, debt, and with
    Leaders up to three leaders per city (the Cities ones among them) and Nitocris's token."""
    expansions = ["cities", "leaders"] if leaders else ["cities"]
    ruleset = get_ruleset(edition, expansions)
    catalog = ruleset.catalog
    deck_players = min(players, ruleset.largest_deck)
    pool = [leader for leader in ruleset.data["leaders"].playable] if leaders else []
    rng.shuffle(pool)
    wonder_ids = rng.sample(sorted(catalog.wonders), players)
    cities = []
    for index, wonder_id in enumerate(wonder_ids):
        wonder = catalog.wonders[wonder_id]
        side = rng.choice(sorted(wonder.sides))
        built = rng.randint(0, len(wonder.sides[side]))
        entry = city(f"P{index}", wonder_id, side, built, coins=rng.randint(0, 30),
                     debt=rng.choice((0, 0, rng.randint(1, 15))))
        if leaders:
            room = 3 + sum(1 for s in wonder.sides[side][:built] for e in s.effects
                           if e.type == "recruit_leader_now")
            entry["leaders"] = [pool.pop().id for _ in range(rng.randint(0, room))]
        cities.append(entry)
    partner = {}
    if teams:
        for seat in range(0, players, 2):
            partner[seat], partner[seat + 1] = seat + 1, seat
    for age in (1, 2, 3):
        base = [card for card in catalog.deck(age, deck_players) if card.colour != BLACK]
        black = [card for card in catalog.cards.values()
                 if card.colour == BLACK and age in card.ages]
        deck = [card.id for card in base] + [card.id for card in rng.sample(black, deck_players)]
        if age == 3:
            deck += [guild.id for guild in rng.sample(catalog.guilds,
                                                      deck_players + ruleset.guilds_extra)]
        rng.shuffle(deck)
        hand = len(deck) // players
        for index, entry in enumerate(cities):
            held = {catalog.card(card_id).id for card_id in entry["cards"]}
            for card_id in deck[index * hand:index * hand + hand - 1]:
                card = catalog.card(card_id)
                if card.id not in held and rng.random() < 0.85:
                    held.add(card.id)
                    entry["cards"].append(card_id)
                    if any(e.type == "victory_token_now" for e in card.effects):
                        _token(entry, VICTORY[age])
        for index, entry in enumerate(cities):
            other = (index + 1) % players
            if partner.get(index) == other:
                continue
            for _ in range(2 if teams else 1):
                outcome = rng.choice((-1, 0, 1))
                if outcome:
                    winner, loser = (entry, cities[other])[::outcome]
                    _token(winner, VICTORY[age])
                    _token(loser, "defeat")
    if leaders:  # Nitocris: one more victory token of the Age she was recruited in (a city
        # recruits its leaders in order, one an Age; Roma's extra ones in Age III)
        catalog_leaders = ruleset.data["leaders"].leaders
        for entry in cities:
            for position, leader_id in enumerate(entry["leaders"]):
                if any(e.type == "victory_token_now" for e in catalog_leaders[leader_id].effects):
                    _token(entry, VICTORY[min(position + 1, 3)])
    document = {"edition": edition, "expansions": expansions, "players": cities}
    if teams:
        document["teams"] = [[f"P{seat}", f"P{seat + 1}"] for seat in range(0, players, 2)]
    return document


def _token(entry: dict, kind: str) -> None:
    entry["tokens"][kind] = entry["tokens"].get(kind, 0) + 1
