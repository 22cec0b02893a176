"""The statistics of the spec's "Groups and statistics", recomputed from score reports in plain
Python: what the SQL aggregates of scorer.groups.statistics must equal, field by field; with
team play counted by team (C14), records, ratings straight from openskill, a player's page and
the CSV ("Teams, records, players, ratings, merges")."""

from __future__ import annotations

import statistics as stats
import unicodedata

from tests.helpers import report


def key(name: str) -> str:
    folded = unicodedata.normalize("NFC", name).casefold()
    return unicodedata.normalize("NFC", " ".join(folded.split()))


def complete(document: dict) -> bool:
    return all(p.get("entered") is True for p in document["players"])


def recompute(group: dict, games: list[dict], aliases: dict[str, tuple[str, str]],
              edition=None, expansions=None, players=None) -> dict:
    """``games``: dicts with ``id``, ``date`` (ISO), ``document`` in creation order;
    ``aliases``: name key -> (target key, shown name)."""
    entries = []  # (game index, game, player report, city)
    for index, played in enumerate(games):
        document = played["document"]
        if not complete(document):
            continue
        answer = report(document)
        if edition is not None and answer["edition"] != edition:
            continue
        if expansions is not None and sorted(document.get("expansions", [])) != sorted(expansions):
            continue
        if players is not None and len(document["players"]) != players:
            continue
        teams = {name: team for team in answer.get("teams", []) for name in team["players"]}
        if teams:  # team play: a player has their team's rank (C14)
            winners = sum(1 for team in answer["teams"] if team["rank"] == 1)
        else:
            winners = sum(1 for p in answer["players"] if p["rank"] == 1)
        for seat, (city, entry) in enumerate(zip(document["players"], answer["players"], strict=True)):
            if entry.get("free_city"):
                continue
            k = aliases.get(key(entry["name"]), (key(entry["name"]), None))[0]
            team = teams.get(entry["name"])
            entries.append({"index": index, "game": played["id"], "date": played["date"],
                            "seat": seat, "player": k, "name": entry["name"],
                            "wonder": city["wonder"], "side": city["side"],
                            "total": entry["total"],
                            "rank": team["rank"] if team else entry["rank"],
                            "own_rank": entry["rank"],
                            "team": " + ".join(team["players"]) if team else "",
                            "team_total": team["total"] if team else None,
                            "winners": winners, "scores": entry["scores"],
                            "categories": answer["categories"],
                            "edition": answer["edition"],
                            "expansions": sorted(document.get("expansions", []))})
    shown = {}
    for entry in entries:  # the latest game's spelling
        shown[entry["player"]] = entry["name"]
    for target, name in aliases.values():
        if target in shown:
            shown[target] = name
    order = []
    for entry in entries:
        for row in entry["categories"]:
            if row not in order:
                order.append(row)
    by_player: dict[str, list[dict]] = {}
    for entry in entries:
        by_player.setdefault(entry["player"], []).append(entry)
    ratings_of = reference_ratings(entries)
    figures = []
    for player, own in by_player.items():
        wins = sum(1 for e in own if e["rank"] == 1)
        totals = [e["total"] for e in own]
        means = {}
        for row in order:
            values = [e["scores"][row] for e in own if row in e["scores"]]
            if values:
                means[row] = round(sum(values) / len(values), 2)
        figures.append({
            "name": shown[player], "games": len(own), "wins": wins,
            "shared_wins": sum(1 for e in own if e["rank"] == 1 and e["winners"] > 1),
            "win_rate": round(wins / len(own), 2),
            "mean_total": round(sum(totals) / len(own), 2),
            "median_total": round(stats.median(totals), 2), "best_total": max(totals),
            "mean_rank": round(sum(e["rank"] for e in own) / len(own), 2),
            "mean_scores": means,
            "team_games": sum(1 for e in own if e["team"]),
            "team_wins": sum(1 for e in own if e["team"] and e["rank"] == 1),
            "rating": ratings_of[player], "_mean": sum(totals) / len(own)})
    figures.sort(key=lambda p: (-p["wins"], -p["wins"] / p["games"], -p["_mean"], p["name"]))
    for figure in figures:
        del figure["_mean"]
    wonders: dict[tuple[str, str], list[dict]] = {}
    for entry in entries:
        wonders.setdefault((entry["wonder"], entry["side"]), []).append(entry)
    wonder_figures = [{"wonder": w, "side": s, "plays": len(own),
                       "wins": sum(1 for e in own if e["rank"] == 1),
                       "win_rate": round(sum(1 for e in own if e["rank"] == 1) / len(own), 2),
                       "mean_total": round(sum(e["total"] for e in own) / len(own), 2)}
                      for (w, s), own in wonders.items()]
    wonder_figures.sort(key=lambda w: (-w["plays"], w["wonder"], w["side"]))
    rows = []
    for row in order:
        values = [e["scores"][row] for e in entries if row in e["scores"]]
        holders = sorted((e for e in entries if e["scores"].get(row) == max(values)),
                         key=lambda e: (e["date"], e["index"], e["seat"]))
        rows.append({"row": row, "games": len({e["game"] for e in entries if row in e["scores"]}),
                     "mean": round(sum(values) / len(values), 2), "best": max(values),
                     "best_by": [{"name": shown[e["player"]], "game": e["game"], "date": e["date"]}
                                 for e in holders]})
    best = sorted(entries, key=lambda e: (-e["total"], e["date"], shown[e["player"]]))[:10]
    return {"group": group, "games": len({e["game"] for e in entries}), "players": figures,
            "wonders": wonder_figures, "rows": rows,
            "best_totals": [{"name": shown[e["player"]], "total": e["total"], "game": e["game"],
                             "date": e["date"]} for e in best],
            "closest_games": closest(entries, shown),
            "_entries": entries, "_shown": shown, "_order": order}


def closest(entries: list[dict], shown: dict[str, str], limit: int = 5) -> list[dict]:
    """The games won by the fewest points over the next side (team or player), latest first
    among equals."""
    games: dict[int, list[dict]] = {}
    for entry in entries:
        games.setdefault(entry["index"], []).append(entry)
    found = []
    for index, seats in games.items():
        sides = {}
        for e in seats:
            sides[e["team"] or e["seat"]] = (e["team_total"] if e["team"] else e["total"])
        totals = sorted(sides.values(), reverse=True)
        lead = totals[0] - totals[1] if len(totals) > 1 else 0
        answer = {"game": seats[0]["game"], "date": seats[0]["date"], "margin": lead,
                  "winners": [shown[e["player"]] for e in seats if e["rank"] == 1],
                  "totals": sorted(({"name": shown[e["player"]], "total": e["total"],
                                     "rank": e["rank"]} for e in seats),
                                   key=lambda t: (t["rank"], t["name"]))}
        if seats[0]["team"]:
            teams = {}
            for e in seats:
                team = teams.setdefault(e["team"], {"players": [], "total": 0, "rank": e["rank"]})
                team["players"].append(shown[e["player"]])
                team["total"] += e["total"]
            answer["teams"] = sorted(teams.values(), key=lambda t: (t["rank"], -t["total"]))
        found.append((lead, -index, answer))
    found.sort(key=lambda f: (f[0], f[1]))
    return [answer for _lead, _index, answer in found[:limit]]


def reference_ratings(entries: list[dict]) -> dict[str, dict]:
    """OpenSkill's own answer: PlackettLuce() with its defaults, the games in the order saved,
    each side (a team, or a player alone) one OpenSkill team ranked by its rank; a player seated
    twice in a game (merged names) rated from the same rating at each seat, keeping the first
    seat's result."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {}
    games: dict[int, list[dict]] = {}
    for entry in entries:
        games.setdefault(entry["index"], []).append(entry)
    for index in sorted(games):
        seats = sorted(games[index], key=lambda e: e["seat"])
        sides: dict = {}
        for e in seats:
            sides.setdefault(e["team"] or e["seat"], []).append(e)
        if len(sides) < 2:
            continue
        teams = [[ratings.get(e["player"]) or model.rating() for e in side] for side in sides.values()]
        # a fresh object per seat: the same player twice must not share one
        teams = [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
        ranks = [side[0]["rank"] for side in sides.values()]
        new = model.rate(teams, ranks=ranks)
        done = set()
        for side, rated in zip(sides.values(), new, strict=True):
            for e, rating in zip(side, rated, strict=True):
                if e["player"] not in done:
                    done.add(e["player"])
                    ratings[e["player"]] = rating
    return {player: {"mu": round(r.mu, 2), "sigma": round(r.sigma, 2), "ordinal": round(r.ordinal(), 2)}
            for player, r in ratings.items()}


def player_page(expected: dict, player: str) -> dict:
    """A player's page (spec "A player's page") from :func:`recompute`'s answer."""
    entries, shown, order = expected["_entries"], expected["_shown"], expected["_order"]
    entry = next(p for p in expected["players"] if p["name"] == shown[player])
    own = sorted((e for e in entries if e["player"] == player), key=lambda e: (e["index"], e["seat"]))
    history = [{"game": e["game"], "date": e["date"], "total": e["total"], "rank": e["rank"],
                "wonder": e["wonder"], "side": e["side"], "scores": e["scores"], "team": e["team"]}
               for e in own]
    best = {}
    for e in own:
        for row, value in e["scores"].items():
            if row not in best or value > best[row]["value"]:
                best[row] = {"row": row, "value": value, "game": e["game"]}
    against: dict[str, list[int]] = {}
    for mine in own:
        for theirs in entries:
            if theirs["index"] != mine["index"] or theirs["player"] == player:
                continue
            found = against.setdefault(theirs["player"], [0, 0, 0, 0])
            found[0] += 1
            found[1] += mine["total"] > theirs["total"]
            found[2] += mine["total"] < theirs["total"]
            found[3] += mine["total"] == theirs["total"]
    head = sorted(({"name": shown[other], "games": g, "ahead": a, "behind": b, "level": v}
                   for other, (g, a, b, v) in against.items()),
                  key=lambda h: (-h["games"], h["name"]))
    return {**entry, "history": history, "best_scores": [best[row] for row in order if row in best],
            "head_to_head": head}


def csv_rows(expected: dict) -> list[list[str]]:
    """The CSV's rows (header first) from :func:`recompute`'s answer."""
    entries, shown, order = expected["_entries"], expected["_shown"], expected["_order"]
    head = ["date", "game", "seat", "name", "player", "edition", "expansions", "team", "wonder",
            "side", *[row + "_points" if row == "wonder" else row for row in order],
            "total", "rank", "team_rank"]
    rows = [head]
    for e in sorted(entries, key=lambda e: (e["index"], e["seat"])):
        rows.append([e["date"], e["game"], str(e["seat"] + 1), e["name"], shown[e["player"]],
                     e["edition"], " ".join(e["expansions"]), e["team"], e["wonder"], e["side"],
                     *[str(e["scores"][row]) if row in e["scores"] else "" for row in order],
                     str(e["total"]), str(e["own_rank"]), str(e["rank"]) if e["team"] else ""])
    return rows

