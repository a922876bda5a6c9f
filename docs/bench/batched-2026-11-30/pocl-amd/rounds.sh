#!/bin/bash
# Three rounds of run.sh (this VM's speed modes: take each shape's best round).
for i in 1 2 3; do docs/bench/batched-2026-11-30/pocl-amd/run.sh > round$i.jsonl 2>>err3.txt; done
