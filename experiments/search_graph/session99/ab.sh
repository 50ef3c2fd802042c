#!/bin/bash
# Session 99: session 98's side-by-side comparison (../session98/ab.sh:
# 3x13, stalemate as a draw, "Black wins?" at the start, 4 GiB), with
# the output in this session's folder. Usage: ab.sh NAME1 BIN1 NAME2 BIN2
O=/work/runs/s99/ab exec bash "$(dirname "$0")/../session98/ab.sh" "$@"
