#!/bin/bash
cd "$(dirname "$0")"
P=python3
{
$P solve_check.py 3x3 9 60
$P solve_check.py 3x3 9 60 --stalemate draw
$P solve_check.py 3x3 9 60 --sacrifice
$P solve_check.py 3x3 9 45 --continuation forced --stalemate draw
$P solve_check.py 3x3 9 45 --move-limit
$P solve_check.py 5x3 5 60
$P solve_check.py 5x3 5 60 --diagonals center --continuation forced
$P solve_check.py 5x3 5 45 --stalemate draw
$P solve_check.py 5x3 4 45 --sacrifice
$P solve_check.py 5x3 5 45 --move-limit --sacrifice
$P solve_check.py 3x5 5 45 --diagonals center
} 2>&1 | tee logs_solve.txt
