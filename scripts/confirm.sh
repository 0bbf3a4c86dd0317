#!/usr/bin/env bash
# The end of a round: our engine against outside engines on the confirmation openings
# (data/openings/confirm-N.txt: random, chosen by nothing, never played by training or
# gating), 300 ms a move each, two games at once, colours swapped. 4x4 to 6x6 against Tiltak,
# 7x7 and 8x8 against Cataklysm at equal time and at four times ours. Each match's records go
# to data/matches/$ROUND-*.ptn and its summary to data/matches/$ROUND-summary.txt; the
# tables in docs/engine.md are made from those.
#
#   ROUND=round14 scripts/confirm.sh                  # every size, 100 games each
#   ROUND=round14 SIZES="6 5" GAMES=200 scripts/confirm.sh
#
# The outside engines are built beside this checkout from their public sources (never copied
# into it): ../tiltak (cargo build --release --features smol --bin tei) and ../cataklysm
# (RUSTFLAGS=-Ctarget-cpu=native cargo build --release). Run it on a machine doing nothing
# else: the games are played on time.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUND=${ROUND:?say which round, e.g. ROUND=round14}
SIZES=${SIZES:-"4 5 6 7 8"}
GAMES=${GAMES:-100}
MOVETIME=${MOVETIME:-300}
TILTAK=${TILTAK:-../tiltak/target/release/tei}
CATAKLYSM=${CATAKLYSM:-"../cataklysm/target/release/cataklysm tei"}
cargo build --release --quiet --bin tak
tak=target/release/tak
summary=data/matches/$ROUND-summary.txt
mkdir -p data/matches
play() { # name size komi movetime2 engine
  local name=$1 size=$2 komi=$3 movetime2=$4 engine=$5
  echo "== $name: ${size}x${size} komi $komi, $GAMES games, ours ${MOVETIME} ms, theirs ${movetime2} ms" | tee -a "$summary"
  "$tak" match --size "$size" --komi "$komi" --games "$GAMES" --concurrency 2 \
    --book "data/openings/confirm-$size.txt" --movetime "$MOVETIME" --movetime2 "$movetime2" \
    --pgn "data/matches/$ROUND-$name.ptn" "$tak tei" "$engine" 2>/dev/null | tee -a "$summary"
}
for size in $SIZES; do
  case $size in
    4|5) play "${size}x${size}-tiltak" "$size" 0 "$MOVETIME" "$TILTAK" ;;
    6) play "6x6-tiltak" 6 2 "$MOVETIME" "$TILTAK" ;;
    7|8)
      play "${size}x${size}-cataklysm" "$size" 2 "$MOVETIME" "$CATAKLYSM"
      play "${size}x${size}-cataklysm-x4" "$size" 2 $((4 * MOVETIME)) "$CATAKLYSM"
      ;;
  esac
done
