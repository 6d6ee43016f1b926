#!/bin/bash
# Ludii's own random playouts, one thread, side by side with lud64's: builds
# Ludii's modules Common, Core, Language, Features and AI from a checkout of
# its source with plain javac (no Ludii file is kept in this repository), then
# runs bench/ludii/LudiiPlayouts.java on each ruleset lud64 plays, each for
# SECONDS after a warm-up, alternating with `lud64 playouts --time=SECONDS
# --threads=1` of each lud64 binary given.
#
#   bench/ludii_playouts.sh LUDII_CHECKOUT [BUILD_DIR] [SECONDS] [LUD64...]
#
# LUDII_CHECKOUT: a directory holding Ludii's Common/, Core/, Language/,
# Features/ and AI/, e.g. from the fork the issue names:
#   git -C <clone of clementinesacre/Ludii> archive 845cda6f331fb0558c846f7ac279375549487590 \
#     Common Core Language Features AI | tar -x -C /work/ludii-src
# BUILD_DIR (default /tmp/ludii-build): the classes, made once and reused.
# SECONDS (default 10): timed playouts per ruleset (after 2 s of warm-up).
# LUD64...: lud64 binaries (e.g. before and after a change); each Ludii run is
# followed by one run of each. ONLY=<game> runs that game alone.
set -euo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 LUDII_CHECKOUT [BUILD_DIR] [SECONDS] [LUD64...]" >&2
  exit 2
fi
ludii=$(cd "$1" && pwd)
build=${2:-/tmp/ludii-build}
seconds=${3:-10}
lud64s=("${@:4}")
here=$(cd "$(dirname "$0")" && pwd)
for module in Common Core Language Features AI; do
  [[ -d $ludii/$module/src ]] || { echo "error: $ludii/$module/src: no such directory" >&2; exit 2; }
done

mkdir -p "$build/classes"
libs="$ludii/Common/lib/*"
if [[ ! -f $build/classes/other/GameLoader.class ]]; then
  # The five modules depend on one another (Core and Language both ways):
  # one javac run. Without -parameters Ludii compiles but loads no game (its
  # grammar reads the constructors' parameter names).
  find "$ludii"/{Common,Core,Language,Features,AI}/src -name '*.java' > "$build/sources.txt"
  echo "compiling $(wc -l < "$build/sources.txt") Ludii files into $build/classes" >&2
  javac -parameters -nowarn -encoding UTF-8 -J-Xmx2g -d "$build/classes" -cp "$libs" \
    @"$build/sources.txt" 2>&1 | grep -v '^Note: ' >&2 || true
  [[ -f $build/classes/other/GameLoader.class ]] || { echo "error: Ludii did not compile" >&2; exit 1; }
fi
javac -d "$build" -cp "$build/classes:$libs" "$here/ludii/LudiiPlayouts.java"
# Common/res holds the .lud files, found as resources under /lud/.
classpath="$build:$build/classes:$ludii/Common/res:$libs"

lud=/lud/reconstruction/done/board
runs=(
  "guettal|$lud/war/leaping/lines/Guettal.lud|Ruleset/Guettal (Ludii 15) (Reconstructed)"
  "damdaman|$lud/war/leaping/diagonal/Damdaman.lud|Ruleset/Damdaman (Ludii 2) (Reconstructed)"
  "davxar:lines=ludii|$lud/space/line/Davxar Zirge (Type 2).lud|Ruleset/Davxar Zirge (Type 2) (Ludii 6) (Reconstructed)"
  "davxar:lines=ludii,pieces=6|$lud/space/line/Davxar Zirge (Type 2).lud|Ruleset/Davxar Zirge (Type 2) (Ludii 1) (Reconstructed)"
)
for run in "${runs[@]}"; do
  IFS='|' read -r game file ruleset <<< "$run"
  [[ -n ${ONLY:-} && $game != "$ONLY" ]] && continue
  echo "ludii $game: $(java -Xss8m -cp "$classpath" LudiiPlayouts "$file" "$ruleset" "$seconds" 2)"
  for lud64 in "${lud64s[@]}"; do
    echo "$lud64 $game: $("$lud64" playouts --game="$game" --time="$seconds" --threads=1 --json 2>/dev/null)"
  done
done
