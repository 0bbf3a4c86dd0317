#!/usr/bin/env bash
# The training loop in the background: `tak train` rounds for each size in turn, at the lowest
# priority, until target/train-stop exists (touch it; the round running finishes its run
# first, saving its state). Every round's state is under data/train (commit it: the next
# session goes on from there). See docs/engine.md, "The training loop".
#
#   scripts/train-loop.sh &                 # sizes 7 8 6 5 4 in turn, 40 minutes a run
#   SIZES="6 5" MINUTES=20 scripts/train-loop.sh &
#   touch target/train-stop                 # stop after the run in progress
#
# Extra arguments for a size's next candidate (say `--feature race_`) go in
# target/train-next-N: passed to each run of that size until a candidate is decided.
#
# It plays with its own copy of the engine (target/train-bin/tak, made from the release
# build when missing, or anew with FRESH=1), so that building other work meanwhile does not
# change the engine under it. Its output goes to target/train-loop.log.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-"7 8 6 5 4"}
MINUTES=${MINUTES:-40}
BIN=target/train-bin/tak
LOG=target/train-loop.log
mkdir -p target/train-bin
if [ ! -x "$BIN" ] || [ "${FRESH:-0}" = 1 ]; then
  cargo build --release --quiet --bin tak
  cp target/release/tak "$BIN"
  git rev-parse --short HEAD > target/train-bin/commit
fi
rm -f target/train-stop
while [ ! -e target/train-stop ]; do
  for size in $SIZES; do
    [ -e target/train-stop ] && break
    # Read each run: the copy may be replaced (FRESH=1, or by hand) between runs.
    commit=$(cat target/train-bin/commit 2>/dev/null || echo unknown)
    next=target/train-next-$size
    extra=()
    [ -f "$next" ] && read -r -a extra < "$next"
    log=data/train/${size}x${size}/log.tsv
    decided=$(wc -l < "$log" 2>/dev/null || echo 0)
    echo "== $(date -u '+%F %T') ${size}x${size}, engine $commit ${extra[*]}" >> "$LOG"
    nice -n 19 "$BIN" train --size "$size" --minutes "$MINUTES" --note "engine $commit" \
      "${extra[@]}" >> "$LOG" 2>&1 || echo "(the run ended with an error)" >> "$LOG"
    [ "$(wc -l < "$log" 2>/dev/null || echo 0)" != "$decided" ] && rm -f "$next"
  done
done
echo "== $(date -u '+%F %T') stopped" >> "$LOG"
