#!/bin/bash
# All table comparisons; output in logs_tables.txt
cd "$(dirname "$0")"
P=python3
{
$P compare_tables.py 3x3 all
$P compare_tables.py 3x3 all --stalemate draw
$P compare_tables.py 3x3 all --continuation forced
$P compare_tables.py 3x3 all --continuation forced --stalemate draw
$P compare_tables.py 3x3 all --diagonals center
$P compare_tables.py 3x3 all --first black
$P compare_tables.py 3x3 all --sacrifice
$P compare_tables.py 3x3 all --sacrifice --stalemate draw
$P compare_tables.py 3x3 all --sacrifice --continuation forced
$P compare_tables.py 3x3 all --move-limit 0,1,2,3,4,5,7,10,11,15,30
$P compare_tables.py 3x3 all --sacrifice --move-limit 0,1,3,6,9,20
$P compare_tables.py 3x3 all --stalemate draw --continuation forced --move-limit 2,5,12
for b in 5x3 3x5; do
  $P compare_tables.py $b 5
  $P compare_tables.py $b 5 --diagonals center
  $P compare_tables.py $b 5 --diagonals center --continuation forced
  $P compare_tables.py $b 5 --stalemate draw
  $P compare_tables.py $b 5 --continuation forced --stalemate draw
  $P compare_tables.py $b 4 --sacrifice
  $P compare_tables.py $b 5 --sacrifice --diagonals center
  $P compare_tables.py $b 5 --sacrifice --continuation forced --stalemate draw
  $P compare_tables.py $b 5 --move-limit 0,1,4,9,20,30,50 --sample 20000
done
} 2>&1 | tee logs_tables.txt
