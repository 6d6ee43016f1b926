#!/usr/bin/env bash
# `lud64 play` end to end: a script feeds its standard input as a player
# would type (decisions, a bad one, hint, undo, quit) and the output is
# checked; a Guettal game played to its end prints the result.
# usage: lud64_play_test.sh <lud64>
set -uo pipefail
lud64=$1
source "$(dirname "$0")/lud64_test_lib.sh"

# play_with <input> <args...>: the output of `lud64 play` fed <input>.
play_with() {
  local input="$1"
  shift
  printf "$input" | "$lud64" play "$@" 2>&1
}

out=$(play_with 'G7\nhint\nzz\nE4\nundo\nd4\nquit\n' --game=davxar:pieces=3 --engine=alphabeta:depth=3)
check "play exits 0 on quit" test $? -eq 0
check "the board is drawn as show draws it" grep -q 'decisions: 32: D4 E4' <<< "$out"
check "the engine answers" grep -Eq '^lud64 plays [A-I][1-9] +\(info depth 3' <<< "$out"
check "hint names a decision" grep -Eq 'hint: [A-I][1-9] +\(info depth 3' <<< "$out"
check "a bad decision is refused, one line" grep -q "not played: decision 'zz': 'zz' is not a site" <<< "$out"
# E4 and the engine's answer undone; d4 played instead, written as the game writes it.
check "undo, then the record" grep -Eq '^record: G7 [A-I][1-9] D4 [A-I][1-9]$' <<< \
  "$(sed 's/^your decision[^:]*: //' <<< "$out")"

# The engine moves first when the player takes P2; the end of input quits.
out=$(play_with '' --game=damdaman --side=p2 --engine=random)
check "the engine opens for P2" grep -Eq '^lud64 plays [A-G][1-7]-[A-G][1-7]' <<< "$out"

# Guettal is decided at once: A2, the engine passes, P1 passes.
out=$(play_with 'A2\npass\n' --game=guettal)
check "a game to its end" grep -q '^game over: P1 wins (own rule)' <<< "$out"
check "its record" grep -q '^record: A2 pass pass' <<< "$out"

expect 2 'side=p3: must be p1 or p2' -- play --side=p3
expect 2 'play takes lud64.s own engines' -- play --engine=ugi:cmd=true
expect 2 'unknown' -- play --game=nothing

finish
