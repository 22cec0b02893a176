"""The statistics of the spec's "Groups and statistics", recomputed from score reports in plain
Python: what the SQL aggregates of scorer.groups.statistics must equal, field by field."""

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
        winners = sum(1 for p in answer["players"] if p["rank"] == 1)
        for city, entry in zip(document["players"], answer["players"], strict=True):
            if entry.get("free_city"):
                continue
            k = aliases.get(key(entry["name"]), (key(entry["name"]), None))[0]
            entries.append({"index": index, "game": played["id"], "date": played["date"],
                            "player": k, "name": entry["name"], "wonder": city["wonder"],
                            "side": city["side"], "total": entry["total"], "rank": entry["rank"],
                            "winners": winners, "scores": entry["scores"],
                            "categories": answer["categories"]})
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
            "mean_scores": means, "_mean": sum(totals) / len(own)})
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
        rows.append({"row": row, "games": len({e["game"] for e in entries if row in e["scores"]}),
                     "mean": round(sum(values) / len(values), 2), "best": max(values)})
    best = sorted(entries, key=lambda e: (-e["total"], e["date"], shown[e["player"]]))[:10]
    return {"group": group, "games": len({e["game"] for e in entries}), "players": figures,
            "wonders": wonder_figures, "rows": rows,
            "best_totals": [{"name": shown[e["player"]], "total": e["total"], "game": e["game"],
                             "date": e["date"]} for e in best]}

