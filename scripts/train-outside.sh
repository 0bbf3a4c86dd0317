#!/usr/bin/env bash
# Round 3 of the evaluation's training, measured against an outside engine: games of the
# engine against itself AND against an outside TEI engine (a player learns from its
# opponents: only the games' moves and results are used, never the other engine's code,
# weights or evaluations), then a logistic fit of the weights to their outcomes.
#
#   OUTSIDE="/path/to/tiltak/target/release/tei" scripts/train-outside.sh
#
# Resumable: every step writes its own file under $OUT (default target/train3) and is
# skipped when that file is already complete, so a stopped run is started again with the same
# command. Without OUTSIDE it trains on self-play alone. Single-threaded steps; run two at
# once on two cores by starting the script twice with STEP=selfplay and STEP=outside.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/train3}
SIZE=${SIZE:-6}
HALF_KOMI=${HALF_KOMI:-4}
SELFPLAY_GAMES=${SELFPLAY_GAMES:-600}
SELFPLAY_NODES=${SELFPLAY_NODES:-3000}
OUTSIDE_GAMES=${OUTSIDE_GAMES:-80}
OUTSIDE_MOVETIME=${OUTSIDE_MOVETIME:-100}
# Openings for the training games: away from the seeds the README measures on (5000, 7000,
# 13000, 17000), so that a measurement never replays an opening the fit has seen.
OUTSIDE_SEED=${OUTSIDE_SEED:-30000}
STEP=${STEP:-all}
REAL=../shared/data/real-games.jsonl
mkdir -p "$OUT"
tak=target/release/tak
cargo build --release --quiet --bin tak
komi=$(awk "BEGIN { print $HALF_KOMI / 2 }")
lines() { [ -f "$1" ] && wc -l < "$1" || echo 0; }

if [ "$STEP" = all ] || [ "$STEP" = selfplay ]; then
  file="$OUT/selfplay-s$SIZE.txt"
  have=$(lines "$file")
  if [ "$have" -lt "$SELFPLAY_GAMES" ]; then
    # Each restart takes a new seed, so no game is played twice.
    "$tak" gen --size "$SIZE" --komi "$komi" --games $((SELFPLAY_GAMES - have)) \
      --nodes "$SELFPLAY_NODES" --seed $((3000 + have)) --out "$file" 2>/dev/null
  fi
fi

if { [ "$STEP" = all ] || [ "$STEP" = outside ]; } && [ -n "${OUTSIDE:-}" ]; then
  file="$OUT/outside-s$SIZE.ptn"
  part="$OUT/outside-s$SIZE-$(lines "$file").ptn"
  if [ "$(lines "$file")" -lt "$OUTSIDE_GAMES" ]; then
    "$tak" match --size "$SIZE" --komi "$komi" --games $((OUTSIDE_GAMES - $(lines "$file"))) \
      --seed $((OUTSIDE_SEED + $(lines "$file"))) --movetime "$OUTSIDE_MOVETIME" --pgn "$part" \
      "$tak tei" "$OUTSIDE" || true
    cat "$part" >> "$file"
    rm -f "$part"
  fi
fi

[ "$STEP" = all ] || [ "$STEP" = fit ] || exit 0
# Match records (`game N white W result R moves ...`) to training lines
# (`size half_komi white_score moves ...`).
for ptn in "$OUT"/outside-s"$SIZE".ptn; do
  [ -f "$ptn" ] || continue
  awk -v size="$SIZE" -v komi="$HALF_KOMI" '{
      r = $6; s = (r == "1-0") ? 1 : ((r == "0-1") ? 0 : 0.5);
      line = size " " komi " " s;
      for (i = 8; i <= NF; i++) line = line " " $i;
      print line
    }' "$ptn" > "${ptn%.ptn}.txt"
done
"$tak" tune --l2 "${L2:-0.01}" --iterations "${ITERATIONS:-400}" --check "$REAL" \
  "$OUT"/*-s"$SIZE".txt
cargo build --release --quiet --bin tak
