#!/usr/bin/env bash
# solve --tb uses table values at its leaves: a 12-piece Davxar position with
# 3 v 4 on the board, whose mover closes a mill and removes into a 3 v 3 table
# loss for the opponent (12 turns), is proven at depth 13 with the tables and
# stays unproven at depth 13 without them. Usage: tb_solve_leaves_test.sh LUD64
set -uo pipefail
lud64="$1"
source "$(dirname "$0")/lud64_test_lib.sh"

tbdir=$(mktemp -d)
trap 'rm -rf "$tbdir"' EXIT
position='.../.../.../o../o......./.o./o../x.x/.x. x turn=212 hand=0,0'
expect 0 '3v3' -- tb build --game=davxar --upto=3 --threads=2 "--tb=$tbdir"
# The position after the mill and the removal: a loss in 12 turns for P2.
expect 0 '"value": "loss", "turns": 12,' -- tb probe --game=davxar "--tb=$tbdir" --json \
  '--position=.../.../.../o../o......./.../o../xxx/... o turn=213 hand=0,0'
# Without the tables the same depth leaves the value open.
expect 0 'unproven within the limits after depth 13' -- solve --game=davxar --depth=13 \
  "--position=$position"
# With them: a win in 13 turns, the mill and its removal (one turn, two plies)
# then the table's 12 turns; the line shown is played to the end through the
# tables, its plies those of the table's line and 2.
table_plies=$("$lud64" tb probe --game=davxar "--tb=$tbdir" --json \
  '--position=.../.../.../o../o......./.../o../xxx/... o turn=213 hand=0,0' |
  sed -n 's/.*"plies": \([0-9]*\).*/\1/p')
expect 0 "value +win in 13 turns \\($((table_plies + 2)) plies\\) for P1 \\(to move\\): P1 wins" -- \
  solve --game=davxar --depth=13 "--tb=$tbdir" "--position=$position"
expect 0 '"plies": [0-9]+, "turns": 13,' -- solve --game=davxar --depth=13 --json "--tb=$tbdir" \
  "--position=$position"
expect 0 'best +E1-E2' -- solve --game=davxar --depth=13 "--tb=$tbdir" "--position=$position"
finish
