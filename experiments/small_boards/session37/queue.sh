#!/bin/bash
# usage: queue.sh BIN DB THREADS : the 8-stone tables of 9x3 and 7x5 under each rule set
# (built first, THREADS threads), then the four boards' table under it (table8.sh).
# ONLY="forced center" runs those rule sets alone (default: all five in turn).
BIN=$1; DB=$2; T=$3; R=/work/runs/s37
here=$(dirname $0)
run() { # name flags...
    local name=$1; shift
    for b in 9x3 7x5; do
        /usr/bin/time -v $BIN build --board $b --pieces 8 --db $DB --threads $T --memory 16 --json "$@" \
            > $R/build_${b}_8_$name.json 2> $R/build_${b}_8_$name.log
    done
    bash $here/table8.sh $BIN $DB $R/t8-$name 5x7,7x5,3x9,9x3 "$@"
}
for v in ${ONLY:-default move-limit forced stalemate-draw center}; do case $v in
  default) run default ;;
  move-limit) run move-limit --move-limit ;;
  forced) run forced --continuation forced ;;
  stalemate-draw) run stalemate-draw --stalemate draw ;;
  center) run center --diagonals center ;;
esac; done
