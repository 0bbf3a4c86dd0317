#!/usr/bin/env bash
# The computer's levels measured against each other, for their ratings (www/levels.json, which
# the page reads; docs/engine.md, "The levels' ratings"): every level against the next one down,
# GAMES games a pair (colours swapped on each opening), on each size of SIZES. Played in
# slices of SLICE games at the lowest priority; each slice's result is appended to
# data/levels/NxN-A-B.txt (`tak selfplay`'s line), so a run stopped at any point (MINUTES, or
# target/levels-stop) goes on where it stopped next time: commit data/levels.
#
#   scripts/levels.sh                          # 5x5 and 6x6, 200 games a pair
#   SIZES=6 GAMES=400 MINUTES=60 scripts/levels.sh
#
# Then, and after any run: scripts/level-ratings.py writes www/levels.json from what is there.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-"6 5"}
GAMES=${GAMES:-200}
SLICE=${SLICE:-20}
MINUTES=${MINUTES:-600}
cargo build --release --quiet --bin tak
tak=target/release/tak
mkdir -p data/levels
rm -f target/levels-stop
deadline=$(( $(date +%s) + 60 * MINUTES ))
komi_of() { [ "$1" -ge 6 ] && echo 2 || echo 0; }
played() { # games recorded in a pair's file
  [ -f "$1" ] || { echo 0; return; }
  grep -o ', [0-9]* games:' "$1" | tr -dc '0-9\n' | awk '{s += $1} END {print s + 0}'
}
more=1
while [ "$more" = 1 ]; do
  more=0
  for size in $SIZES; do
    for upper in 2 3 4 5 6; do
      lower=$((upper - 1))
      file=data/levels/${size}x${size}-$upper-$lower.txt
      done_games=$(played "$file")
      [ "$done_games" -ge "$GAMES" ] && continue
      if [ "$(date +%s)" -ge "$deadline" ] || [ -e target/levels-stop ]; then
        echo "stopped: $file has $done_games of $GAMES games"
        continue
      fi
      more=1
      # Each slice its own openings: the seed goes on from the games played.
      nice -n 19 "$tak" selfplay --size "$size" --komi "$(komi_of "$size")" --games "$SLICE" \
        --seed $((7000 + done_games)) "$upper" "$lower" 2>/dev/null | tee -a "$file"
    done
  done
done
python3 scripts/level-ratings.py
