#!/bin/bash
# Extra table comparisons on other boards (samples where large); output in logs_tables_extra.txt
cd "$(dirname "$0")"
P=python3
{
$P compare_tables.py 1x1 all
$P compare_tables.py 7x1 all
$P compare_tables.py 1x7 all --continuation forced
$P compare_tables.py 5x1 all --sacrifice
$P compare_tables.py 1x5 all --stalemate draw
$P compare_tables.py 5x5 4 --sample 30000
$P compare_tables.py 5x5 3 --sacrifice --sample 30000
$P compare_tables.py 7x5 3 --diagonals center --sample 20000
$P compare_tables.py 7x5 3 --continuation forced --stalemate draw --sample 20000
$P compare_tables.py 9x5 3 --sample 20000
$P compare_tables.py 7x3 4 --sacrifice --continuation forced --sample 20000
} 2>&1 | tee logs_tables_extra.txt
