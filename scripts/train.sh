#!/usr/bin/env bash
# Trains the evaluation from scratch, reproducibly (fixed seeds): hand-set starting weights,
# then rounds of "self-play games with the current engine -> logistic fit of the weights to
# their outcomes -> rebuild". Writes src/ai/weights.rs; the games land in $OUT (default
# target/train). Single-threaded; on this 2-core machine one round takes about 25 minutes
# (see README: "Training the evaluation"). ROUNDS=1 stops after the first round.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/train}
ROUNDS=${ROUNDS:-2}
REAL=../shared/data/real-games.jsonl
mkdir -p "$OUT"
tak=target/release/tak
build() { cargo build --release --quiet --bin tak; }

# Round 0: the hand-set weights every size starts from.
build
"$tak" tune --init --out src/ai/weights.rs
build

# Games per size for each round: "size games nodes-per-move half-komi". Round 2 plays only
# 4x4, 5x5 and 6x6 (where the games are cheap enough, and the sizes that matter most).
ROUND1="5 565 1500 0|6 500 1500 0|4 800 1500 0|3 800 1500 0|7 200 1000 0|8 150 1000 0"
ROUND2="5 800 2000 0|6 469 2000 4|4 379 2000 0"
for round in $(seq 1 "$ROUNDS"); do
  if [ "$round" = 1 ]; then specs=$ROUND1; else specs=$ROUND2; fi
  IFS='|' read -ra list <<< "$specs"
  files=()
  for spec in "${list[@]}"; do
    read -r size games nodes halfkomi <<< "$spec"
    file="$OUT/r$round-s$size.txt"
    rm -f "$file"
    komi=$(awk "BEGIN { print $halfkomi / 2 }")
    "$tak" gen --size "$size" --komi "$komi" --games "$games" --nodes "$nodes" \
      --seed "$round$size" --out "$file" 2>/dev/null
    files+=("$OUT"/r*-s"$size".txt)
  done
  # Round 1 fits the hand-set weights; round 2 refits the sizes it played, on every game
  # of those sizes so far, pulled towards the round-1 weights it starts from.
  init=""; [ "$round" = 1 ] && init="--init"
  "$tak" tune $init --l2 0.01 --iterations 300 --check "$REAL" "${files[@]}"
  build
done
# 7x7 and 8x8 games are too slow to play enough of here: they take the 6x6 weights, carried
# over by pieces missing rather than by absolute position.
"$tak" tune --carry 6:7,8
build
