#!/usr/bin/env python3
"""Compares two match records game by game (`tak match --pgn` writes them): the same seed
and game number means the same opening and colours, so the difference per game cancels most
of what the openings decide. Prints each record's score on the games both have, and the
paired difference with its 95% error bar.

    scripts/paired.py NEW.ptn OLD.ptn [NEW2.ptn OLD2.ptn ...]
"""
import math
import sys


def scores(path):
    """Game number -> the first engine's points (1, 0.5 or 0)."""
    out = {}
    for line in open(path):
        w = line.split()
        if len(w) < 6 or w[0] != "game":
            continue
        ours = "1-0" if w[3] == "1" else "0-1"
        out[int(w[1])] = 1.0 if w[5] == ours else 0.5 if w[5] == "1/2-1/2" else 0.0
    return out


def main(paths):
    if len(paths) < 2 or len(paths) % 2:
        sys.exit(__doc__)
    diffs, a_total, b_total = [], 0.0, 0.0
    for new, old in zip(paths[::2], paths[1::2]):
        a, b = scores(new), scores(old)
        for g in sorted(set(a) & set(b)):
            diffs.append(a[g] - b[g])
            a_total += a[g]
            b_total += b[g]
    n = len(diffs)
    if n == 0:
        sys.exit("no game in common")
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1))
    print(f"{n} games in common: first {100 * a_total / n:.1f}%, second {100 * b_total / n:.1f}%; "
          f"first better on {sum(d > 0 for d in diffs)}, second on {sum(d < 0 for d in diffs)}; "
          f"difference {100 * mean:+.1f} ± {196 * sd / math.sqrt(n):.1f} points (95%)")


if __name__ == "__main__":
    main(sys.argv[1:])
