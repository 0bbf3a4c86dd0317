#!/usr/bin/env python3
"""The tinue solver's held-out test set: positions 3 and 5 plies before a road in the real
games, the road's owner to move, labelled by an outside proof search.

Every 9th such position of ../shared/data/real-games.jsonl (replayed with `tak ptn`) is given
to Tiltak's proof-number tinue search (its `main` binary, `tinue SIZE KOMI` then the TPS; a
million iterations, at most 60 s a position): `proved` (a forced win by threats), `disproved`
(none at any length) or `unknown`. `tests/tinue_heldout.rs` holds `tak tinue`'s defaults to
the proved ones it finds and to no tinue where Tiltak disproves one.

    cargo build --release --bin tak
    (cd ../tiltak && cargo build --release --bin main)
    scripts/tinue-set.py ../tiltak/target/release/main > tests/data/tinue-heldout.jsonl

Only the position and the label are kept: nothing of the engine itself.
"""
import json
import subprocess
import sys

PROVER = sys.argv[1]
GAMES = sys.argv[2] if len(sys.argv) > 2 else '../shared/data/real-games.jsonl'
TAK = 'target/release/tak'
EVERY = 9


def ptn(game, plies):
    tags = ''.join(f'[{k} "{v}"]\n' for k, v in [('Size', game['size']), ('Komi', f"{game['komi']:g}"),
                                                 ('Flats', game['flats']), ('Caps', game['caps'])])
    moves = ' '.join((f'{i // 2 + 1}. ' if i % 2 == 0 else '') + m for i, m in enumerate(game['moves'][:plies]))
    return f'{tags}\n{moves}\n'


def replay(game, plies):
    out = subprocess.run([TAK, 'ptn'], input=ptn(game, plies), capture_output=True, text=True).stdout
    said = dict(line.split(' ', 1) for line in out.strip().split('\n') if ' ' in line)
    return said.get('tps'), said.get('result')


def label(size, komi, tps):
    try:
        out = subprocess.run([PROVER], input=f'tinue {size} {komi:g}\n{tps}\n', capture_output=True, text=True,
                             timeout=60).stdout
    except subprocess.TimeoutExpired:
        return 'unknown'
    for line in out.split('\n'):
        if line.startswith('Proof result: Some(Proved)'):
            return 'proved'
        if line.startswith('Proof result: Some(Disproved)'):
            return 'disproved'
    return 'unknown'


found = 0
for line in open(GAMES):
    game = json.loads(line)
    if replay(game, len(game['moves']))[1] not in ('R-0', '0-R'):
        continue
    for back in (3, 5):
        plies = len(game['moves']) - back
        if plies < 2:
            continue
        tps, result = replay(game, plies)
        if tps is None or result != 'none':
            continue
        found += 1
        if found % EVERY != 1:
            continue
        print(json.dumps({'game': game['id'], 'size': game['size'], 'komi': game['komi'], 'plies_before_road': back,
                          'tps': tps, 'tiltak': label(game['size'], game['komi'], tps)}), flush=True)
