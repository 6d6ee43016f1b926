#!/usr/bin/env bash
# Remakes the seed corpora in fuzz/corpus from the reference data in tests/data
# and a small tablebase built on the spot. Each seed is one input: the first
# byte picks the game (fuzz_support.h: 0 davxar, 1 davxar:lines=ludii,
# 2 davxar:pieces=3, 3 davxar:lines=ludii,pieces=16, 4 damdaman, 5 guettal) or
# the flag, the rest is the text.
# usage: fuzz/make_seeds.sh path/to/lud64
set -euo pipefail
lud64=$(realpath "$1")
cd "$(dirname "$0")"
data=../tests/data/vectors
corpus=corpus
# Seeds are named by their content, so a rerun adds only what is new; inputs
# the fuzzer found and were kept (40-digit names) stay.
for t in position decision replay game_spec flags tb_header ugi; do mkdir -p "$corpus/${t}_fuzz"; done

# seed <target> <first byte (decimal)> <text>: one file named by its content.
seed() {
  local file
  file="$corpus/$1_fuzz/$(printf '%s %s' "$2" "$3" | sha1sum | cut -c1-16)"
  { printf "\\$(printf '%03o' "$2")"; printf '%s' "$3"; } > "$file"
}

# The decisions of trace <n> of <file>, its first <plies>.
decisions() {
  sed -n "${2}p" "$data/$1" | sed "s/ moves=/ /" | tr ' ' '\n' | sed -n 's/^[12]:[0-9]*://p' | awk -v n="$3" 'NR <= n' | tr '\n' ' '
}

games=("davxar" "davxar:lines=ludii" "davxar:pieces=3" "davxar:lines=ludii,pieces=16" "damdaman"
  "guettal")
traces=("davxar-historical-12.txt" "davxar-ludii-12.txt" "" "davxar-ludii-16.txt"
  "damdaman2.txt" "guettal15.txt")
for index in 0 1 3 4 5; do
  for trace in 1 2; do
    for plies in 3 12 40 120; do
      line=$(decisions "${traces[$index]}" "$trace" "$plies")
      seed replay "$index" "$line"
      seed replay "$((index + 128))" "$(printf 'start\n%s' "$line")"
      position=$(echo "$line" | "$lud64" replay --game="${games[$index]}" | cut -d' ' -f2-)
      seed position "$index" "$position"
      for decision in $(echo "$line" | tr ' ' '\n' | tail -n 3); do
        seed decision "$index" "$decision"
      done
    done
  done
  seed position "$index" "start"
done
# Davxar positions with every field, and Guettal's blocked cells.
seed position 0 ".../.../.../.../xx......../.../.../.../... x turn=7 passed hand=9,10 remove"
seed position 2 "x../.o./.../.../......../.../.../.../... o turn=4 hand=1,2"
seed position 5 "--ooooooo/ooo....../......xxx/xxxxxxxxx o turn=1"
seed decision 4 "pass"
seed decision 0 "xE3"

for spec in "${games[@]}" "DavXar:Pieces=6,LINES=historical" "damdaman:pieces=3"; do
  seed game_spec 0 "$spec"
done

# flags_fuzz: the first byte picks a shared flag (flags_fuzz.cc), 13 the engine.
flag_values=("davxar:pieces=6" "start" "4" "0.5" "2" "18446744073709551615" "true" "1000000"
  "64" "60" "0.1" "256" "tablebases")
for i in "${!flag_values[@]}"; do seed flags "$i" "${flag_values[$i]}"; done
for engine in random "alphabeta:depth=4,hash=16,quiescence=0" "alphabeta:time=0.5,nodes=1000,tb=x" \
  "mcts:time=0.1,iterations=100,threads=2,exploration=1.4,memory=64"; do
  seed flags 13 "$engine"
done

# UGI sessions (ugi_fuzz; the first byte picks the game): the handshake,
# options, positions with moves, every query and searches.
for index in 0 1 4 5; do
  line=$(decisions "${traces[$index]}" 1 12)
  seed ugi "$index" "$(printf 'ugi\nisready\nuginewgame\nposition startpos moves %s\nquery gameover\nquery p1turn\nquery result\nquery legal\nquery position\ngo depth 2\n' "$line")"
  seed ugi "$index" "$(printf 'setoption name engine value mcts\nposition startpos\ngo nodes 200\ngo infinite\nstop\nquit\n')"
  seed ugi "$index" "$(printf 'position fen start moves %s\ngo movetime 10 p1time 1000 p2time 1000 p1inc 10 p2inc 10\n' "$line")"
done
seed ugi 0 "$(printf 'setoption name game value guettal\nposition startpos moves E3 D2\nquery legal\ngo depth 3\n')"
seed ugi 4 "$(printf 'position fen x....../......./..o..../......./....x../......./.....o. x\nquery result\nbogus\nposition startpos moves Z9\n')"

# A real slice file in each format, asked for as it is (mode 0) and with each
# mismatch.
tb=$(mktemp -d)
trap 'rm -rf "$tb"' EXIT
"$lud64" tb build --game=damdaman --upto=1 --nocompress --tb="$tb/plain" > /dev/null 2>&1
"$lud64" tb build --game=damdaman --upto=1 --tb="$tb/compressed" > /dev/null 2>&1
for mode in 0 1 2 3 4; do
  { printf "\\$(printf '%03o' "$mode")"; cat "$tb"/plain/*.lud64tb; } > "$corpus/tb_header_fuzz/slice-$mode"
  { printf "\\$(printf '%03o' "$mode")"; cat "$tb"/compressed/*.lud64tb; } \
    > "$corpus/tb_header_fuzz/compressed-slice-$mode"
done
du -sh "$corpus"
