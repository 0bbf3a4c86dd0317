#!/usr/bin/env python3
"""The levels' ratings from their games against each other (scripts/levels.sh writes them to
data/levels/NxN-A-B.txt, one `tak selfplay` line a slice): each neighbouring pair's score over
all its games (by pairs of games from one opening, colours swapped), its Elo difference with a
95% interval, and each level's rating on one scale per size, written to www/levels.json (the
page reads it) and printed as the table in docs/engine.md.

The scale: level 1 is 1000 on every size; each level above is the one below plus the Elo
difference measured between them, and its deviation (one standard error) adds up the errors of
the steps below it. A size without every pair measured rates only the levels it reaches.

    scripts/level-ratings.py
"""
import glob
import json
import math
import os
import re

BASE = 1000.0
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LINE = re.compile(r"on (\d+)x\d+, komi ([-\d.]+), .*pairs ([^)]*)\)")
POINTS = {"0": 0.0, "½": 0.5, "1": 1.0, "1½": 1.5, "2": 2.0}


def pairs_of(path):
    """Pentanomial counts (points for the upper level per pair -> pairs) over a file's lines."""
    counts, size, komi = {}, None, None
    for line in open(path, encoding="utf-8"):
        m = LINE.search(line)
        if not m:
            continue
        size, komi = int(m.group(1)), m.group(2)
        for item in m.group(3).split():
            points, n = item.split(":")
            counts[POINTS[points]] = counts.get(POINTS[points], 0) + int(n)
    return size, komi, counts


def elo(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def measured(counts):
    """(games, score, Elo, half the 95% interval) from pentanomial counts."""
    n = sum(counts.values())
    mean = sum(p / 2 * c for p, c in counts.items()) / n
    var = sum(c * (p / 2 - mean) ** 2 for p, c in counts.items()) / n
    se = math.sqrt(var / n)
    clamp = lambda s: min(max(s, 0.5 / (2 * n + 1)), 1 - 0.5 / (2 * n + 1))
    lo, hi = elo(clamp(mean - 1.96 * se)), elo(clamp(mean + 1.96 * se))
    return 2 * n, mean, elo(clamp(mean)), (hi - lo) / 2


def main():
    sizes = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "data/levels/*x*-*-*.txt"))):
        upper, lower = map(int, re.findall(r"-(\d)", os.path.basename(path))[-2:])
        size, komi, counts = pairs_of(path)
        if size is None or not counts:
            continue
        games, score, diff, err = measured(counts)
        entry = sizes.setdefault(str(size), {"komi": komi, "pairs": [], "levels": []})
        entry["pairs"].append({"upper": upper, "lower": lower, "games": games,
                               "score": round(score, 4), "elo": round(diff), "elo95": round(err)})
    for size, entry in sizes.items():
        steps = {p["upper"]: p for p in entry["pairs"] if p["lower"] == p["upper"] - 1}
        rating, variance = BASE, 0.0
        entry["levels"].append({"level": 1, "rating": round(BASE), "deviation": 0})
        for level in range(2, 7):
            step = steps.get(level)
            if step is None:
                break
            rating += step["elo"]
            variance += (step["elo95"] / 1.96) ** 2
            entry["levels"].append({"level": level, "rating": round(rating),
                                    "deviation": round(math.sqrt(variance))})
    out = {"scale": "level 1 is 1000 on each size; each level above is the one below plus the "
                    "Elo difference measured between them (scripts/level-ratings.py)",
           "sizes": sizes}
    with open(os.path.join(ROOT, "www/levels.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print("| size | pair | games | score | Elo (95%) | rating of the upper level |")
    print("|---|---|---|---|---|---|")
    for size, entry in sorted(sizes.items()):
        ratings = {l["level"]: l for l in entry["levels"]}
        for p in sorted(entry["pairs"], key=lambda p: p["upper"]):
            r = ratings.get(p["upper"])
            rated = f"{r['rating']} ± {round(1.96 * r['deviation'])}" if r else "—"
            print(f"| {size}×{size} | {p['upper']} vs {p['lower']} | {p['games']} | "
                  f"{100 * p['score']:.1f}% | {p['elo']:+d} ± {p['elo95']} | {rated} |")


if __name__ == "__main__":
    main()
