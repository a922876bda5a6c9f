#!/usr/bin/env bash
# A C of 17 to 32 rows times a long B: auto against three tiled block sets
# forced with pad (24 x 128 with 4 x 32 work-items, 32 x 128 with 4 x 32, 16
# x 128 with 2 x 32; B read along its rows in vectors of 4), f32 and f64, 16
# random products (m 17 to 32, n log-uniform in 2048..65536, k in
# 128..16384, seed 12) and 24 x 5443 x 9476; two rounds; cuBLAS in the same
# call.
. "$(dirname "$0")/common.sh"
S=$(python3 -c "
import random, math
r = random.Random(12); out = ['24x5443x9476']
for _ in range(16):
    m = r.randint(17, 32); n = round(math.exp(r.uniform(math.log(2048), math.log(65536))))
    k = round(math.exp(r.uniform(math.log(128), math.log(16384)))); out.append('%dx%dx%d' % (m, n, k))
print(','.join(out))")
for R in 1 2; do
  for DT in f4 f8; do
    run auto --dtype $DT --strategy auto
    run r24 --dtype $DT --strategy pad --params mwg=24,nwg=128,kwg=16,mdimc=4,ndimc=32,vwa=1,vwb=4
    run r32 --dtype $DT --strategy pad --params mwg=32,nwg=128,kwg=16,mdimc=4,ndimc=32,vwa=1,vwb=4
    run r16 --dtype $DT --strategy pad --params mwg=16,nwg=128,kwg=16,mdimc=2,ndimc=32,vwa=1,vwb=4
  done
done
finish
