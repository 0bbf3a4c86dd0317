#!/usr/bin/env bash
# Plays every level against the next one up, 100 games each (GAMES=N to change), on 5x5 from
# varied openings with colours alternating, and prints the win rates. The slowest pair (the
# two strongest levels) runs beside the others, one core each. On a 2-core machine the lower
# pairs take about 30 minutes together; 6 against 5 takes about 75 seconds a game (2 hours
# for 100), so GAMES=40 is a quicker check of the top pair.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-100}
SIZE=${SIZE:-5}
cargo build --release --quiet --bin tak
tak=target/release/tak
"$tak" selfplay --games "$GAMES" --size "$SIZE" --seed 11 6 5 2>/dev/null > /tmp/selfplay-6-5.txt &
for pair in "2 1" "3 2" "4 3" "5 4"; do
  # shellcheck disable=SC2086
  "$tak" selfplay --games "$GAMES" --size "$SIZE" --seed 11 $pair 2>/dev/null
done
wait
cat /tmp/selfplay-6-5.txt
