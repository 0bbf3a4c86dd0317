#!/usr/bin/env bash
# The evaluation's training from self-play (round 10 on): seeded games of the engine as built
# against itself, each searched ply's score kept, then a fit of the tapered weights (one value
# at the start of a game, one at its end) to the games' results.
#
#   scripts/train-selfplay.sh                     # play CHUNKS x 100 games, then fit
#   STEP=gen FIRST_SEED=120000 scripts/train-selfplay.sh &   # two players on two cores...
#   STEP=gen FIRST_SEED=130000 scripts/train-selfplay.sh &
#   STEP=fit scripts/train-selfplay.sh            # ...then one fit over everything
#
# Resumable: games are played in chunks of 100, one file each under $OUT (default
# target/train-selfplay), and a finished chunk is never played again, so a stopped run is
# started again with the same command. The fit also reads the games kept in data/training
# (compressed), which are what the weights in src/ai/weights.rs were fitted on; it starts
# from the compiled weights, pulled towards them (--l2), and writes src/ai/weights.rs with
# the command and the fit's numbers in its header (merge the older rounds' lines back in by
# hand). Measure the result against Tiltak before keeping it (README, "Against outside
# engines").
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/train-selfplay}
SIZE=${SIZE:-6}
KOMI=${KOMI:-2}
NODES=${NODES:-10000}
FIRST_SEED=${FIRST_SEED:-120000}
CHUNKS=${CHUNKS:-20}
STEP=${STEP:-all}
L2=${L2:-0.01}
ITERATIONS=${ITERATIONS:-400}
REAL=../shared/data/real-games.jsonl
mkdir -p "$OUT"
tak=target/release/tak
cargo build --release --quiet --bin tak

if [ "$STEP" = all ] || [ "$STEP" = gen ]; then
  for seed in $(seq "$FIRST_SEED" $((FIRST_SEED + CHUNKS - 1))); do
    file="$OUT/selfplay-s$SIZE-n$NODES-$seed.txt"
    [ -f "$file" ] && continue
    "$tak" gen --size "$SIZE" --komi "$KOMI" --games 100 --nodes "$NODES" --seed "$seed" \
      --out "$file.part" 2>/dev/null
    mv "$file.part" "$file"
  done
fi

[ "$STEP" = all ] || [ "$STEP" = fit ] || exit 0
kept=()
for packed in data/training/*.txt.xz; do
  [ -f "$packed" ] || continue
  plain="$OUT/kept-$(basename "${packed%.xz}")"
  [ -f "$plain" ] || xz -dc "$packed" > "$plain"
  kept+=("$plain")
done
shopt -s nullglob
"$tak" tune --l2 "$L2" --iterations "$ITERATIONS" --check "$REAL" \
  "${kept[@]}" "$OUT"/selfplay-s"$SIZE"-*.txt
cargo build --release --quiet --bin tak
