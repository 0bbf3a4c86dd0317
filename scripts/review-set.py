#!/usr/bin/env python3
"""The review's held-out test set: plies of the real games judged by an outside engine.

For plies drawn (seeded) from ../shared/data/real-games.jsonl, the outside engine (Tiltak's
TEI, which plays 4x4 to 6x6 with komi 0 or 2) searches the position before the ply and the
position after it; the mover's chance to win is read from its `wdl` (per mille, for the
player to move) both times. A ply whose chance fell by 0.35 or more is one the review must
mark; a ply that is the engine's own best move is one it must never mark `??`.

    scripts/review-set.py ../tiltak/target/release/tei > tests/data/review-heldout.jsonl

Only the moves and the engine's two numbers are kept: nothing of the engine itself.
"""
import json
import random
import subprocess
import sys

ENGINE = sys.argv[1]
GAMES = sys.argv[2] if len(sys.argv) > 2 else 'tests/data/real-games.jsonl'
MOVETIME = 500
SEED = 36
PLIES_A_GAME = 2

engine = subprocess.Popen(ENGINE, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(line):
    engine.stdin.write(line + '\n')
    engine.stdin.flush()


def wait_for(word):
    lines = []
    while True:
        line = engine.stdout.readline()
        if not line:
            raise SystemExit('the engine closed its output')
        line = line.strip()
        lines.append(line)
        if line.split(' ')[:1] == [word]:
            return lines


def search(size, half_komi, moves):
    """The engine's best move and its chance to win (player to move), 0 to 1."""
    send(f'setoption name HalfKomi value {half_komi}')
    send(f'teinewgame {size}')
    send('isready')
    wait_for('readyok')
    send('position startpos' + (' moves ' + ' '.join(moves) if moves else ''))
    send(f'go movetime {MOVETIME}')
    lines = wait_for('bestmove')
    infos = [l for l in lines if l.startswith('info') and ' wdl ' in l]
    win = int(infos[-1].split(' wdl ')[1].split(' ')[0]) / 1000 if infos else None
    return lines[-1].split(' ')[1], win


send('tei')
wait_for('teiok')
rng = random.Random(SEED)
for line in open(GAMES):
    game = json.loads(line)
    size, komi = game['size'], game['komi']
    if size not in (4, 5, 6) or komi not in (0, 2):
        continue
    half_komi = int(komi * 2)
    moves = game['moves']
    # Plies after the opening, never the last (a ply that ends the game is not reviewed).
    candidates = list(range(6, len(moves) - 1))
    for ply in sorted(rng.sample(candidates, min(PLIES_A_GAME, len(candidates)))):
        before, played = moves[:ply], moves[ply]
        best, win_before = search(size, half_komi, before)
        _, opponent_after = search(size, half_komi, before + [played])
        if win_before is None or opponent_after is None:
            continue
        record = {
            'game': game['id'], 'size': size, 'komi': komi, 'moves': before, 'played': played,
            'best': best, 'before': round(win_before, 3), 'after': round(1 - opponent_after, 3),
        }
        record['drop'] = round(record['before'] - record['after'], 3)
        print(json.dumps(record), flush=True)
send('quit')
