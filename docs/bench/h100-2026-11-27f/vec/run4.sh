#!/usr/bin/env bash
# A C of nine to 12 rows times a long B: auto against three tiled block sets
# forced with pad (12 x 128 with 2 x 32 work-items, 16 x 128 with 2 x 32, 12
# x 256 with 1 x 64; B read along its rows in vectors of 4), f32 and f64, 16
# random products (m 9 to 12, n log-uniform in 1024..65536, k in
# 128..16384, seed 11) and 12 x 3000 x 9000; two rounds; cuBLAS in the same
# call.
. "$(dirname "$0")/common.sh"
S=$(python3 -c "
import random, math
r = random.Random(11); out = ['12x3000x9000']
for _ in range(16):
    m = r.randint(9, 12); n = round(math.exp(r.uniform(math.log(1024), math.log(65536))))
    k = round(math.exp(r.uniform(math.log(128), math.log(16384)))); out.append('%dx%dx%d' % (m, n, k))
print(','.join(out))")
for R in 1 2; do
  for DT in f4 f8; do
    run auto --dtype $DT --strategy auto
    run r12 --dtype $DT --strategy pad --params mwg=12,nwg=128,kwg=16,mdimc=2,ndimc=32,vwa=1,vwb=4
    run r16 --dtype $DT --strategy pad --params mwg=16,nwg=128,kwg=16,mdimc=2,ndimc=32,vwa=1,vwb=4
    run r12w --dtype $DT --strategy pad --params mwg=12,nwg=256,kwg=16,mdimc=1,ndimc=64,vwa=1,vwb=4
  done
done
finish
