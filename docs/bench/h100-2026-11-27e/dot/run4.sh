#!/usr/bin/env bash
# The reduction kernel, fourth call (f64 parts of 4 x 4): random shapes (f32
# seeds 7 and 9, f64 seeds 8 and 10), auto against dot=1; f64 shapes of
# call 3 under 0.8 of cuBLAS; cuBLAS on every shape.
. "$(dirname "$0")/common.sh"
echo "f32 $(rnd 7 24) $(rnd 9 16)" > $O/shapes.txt; echo "f64 $(rnd 8 12) $(rnd 10 12)" >> $O/shapes.txt
F8LOW=16x16x1000000,8x8x2000000,1x9x568081,2x28x178921,26x3x539872,32x1x5251968,2x17x4437902
for R in 1 2; do
  for sd in "7 24" "9 16"; do run rbefore --shape $(rnd $sd) --param dot=1; run rauto --shape $(rnd $sd); done
  for sd in "8 12" "10 12"; do run rbefore --shape $(rnd $sd) --dtype f8 --param dot=1; run rauto --shape $(rnd $sd) --dtype f8; done
  run f8before --shape $F8LOW --dtype f8 --param dot=1
  run f8auto --shape $F8LOW --dtype f8
  save
done
finish
