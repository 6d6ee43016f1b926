#!/usr/bin/env bash
# A misbehaving UGI engine for tests/ugi_test.sh: it completes the handshake,
# then on `go` does what its argument says:
#   illegal  answers A1-G7, never a legal step (the cells are not neighbours)
#   hang     never answers
#   exit     exits with status 3
#   garbage  answers a bestmove that is not a decision
mode="$1"
while IFS= read -r line; do
  case "$line" in
    ugi) echo "id name fake-$mode"; echo "ugiok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    go*)
      case "$mode" in
        illegal) echo "info depth 1"; echo "bestmove A1-G7" ;;
        hang) sleep 1000 ;;
        exit) exit 3 ;;
        garbage) echo "bestmove hello" ;;
      esac ;;
  esac
done
