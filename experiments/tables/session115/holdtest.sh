#!/bin/bash
# Peak memory of the lopsided rest of 9x3 sacrifice's 8-stone classes, built
# after the balanced ones (--classes 4v4), old binary against new.
set -u
NEW=/work/runs/bin/fanorona-s115b; OLD=/work/runs/bin/fanorona-d4cb1be
rm -rf base old new
$NEW build --board 9x3 --sacrifice --classes 4v4 --db base --threads 2 > base.out 2>&1
cp -r base old; cp -r base new
for v in old new; do
  BIN=$OLD; [ $v = new ] && BIN=$NEW
  $BIN build --board 9x3 --sacrifice --pieces 8 --db $v --plan > plan_$v.txt 2>&1
  /usr/bin/time -v $BIN build --board 9x3 --sacrifice --pieces 8 --db $v --threads 2 --json > build_$v.json 2> build_$v.log
done
cmp <(cd old && cat */*.fnt | md5sum) <(cd new && cat */*.fnt | md5sum) && echo SAME_TABLES
