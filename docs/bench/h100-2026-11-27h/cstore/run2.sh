#!/usr/bin/env bash
# This tree (vector stores from explicit vectors; matmul_clip back to element
# stores; the shallow sets by C's row alignment) against 18688c6, auto, in
# turn, two rounds: named shapes; random products (Python's random, seed
# 89, m, n 512 to 16384 log-uniform) with C's rows off 16-byte boundaries, f32
# with a K of 1 to 256 (U4) and f64 with a K of 1 to 64 (U8), and f32 ones
# with aligned rows and a K of 68 to 256 (A4); then block sets forced with pad
# on U4 and U8. cuBLAS in the same call. `summ.py call2`.
. "$(dirname "$0")/common.sh"
N4=4096x4096x4096,8192x8192x8192,2048x2048x2048,4093x4093x4093,8191x8193x4097,1000x1000x1000,999x666x777,3000x5000x700,10234x6810x67,5000x3000x300,1500x1500x1500,123x4567x891,777x333x1555
U4=678x4194x253,833x9819x2,2165x11422x5,2589x519x2,2533x7794x22,14986x702x10,15894x523x135,1678x7866x7,3543x3313x9,6931x2619x216,12643x1389x235,1511x3034x29,1172x8294x68,1463x1185x21,600x814x6,3842x10613x1,11525x2258x3,4074x6233x46,603x10025x2,1166x1507x194,8948x3149x1,1079x1230x8,9828x635x64,12085x13535x138
U8=869x8273x61,566x7935x3,545x1587x5,2260x2611x50,15005x10629x2,2186x2471x2,1089x3375x24,5584x10057x48,1604x1153x34,2058x1569x19,746x13209x14,9238x3563x15,1043x4105x32,3308x6359x22,913x1277x14,7526x1031x2
A4=602x4572x148,6676x6136x119,3411x4008x168,5474x1212x89,1058x4556x78,2932x11408x131,1989x3840x108,14943x2100x196
inturn "f4 $N4" "f4 $U4" "f4 $A4" "f8 $U8"
R=1
for a in "f4 $U4" "f8 $U8"; do
  DT=${a%% *}; S=${a#* }
  for x in t64k8:mwg=64,nwg=64,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=8 \
           t128k4:mwg=128,nwg=128,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=4 \
           t128k8:mwg=128,nwg=128,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=8 \
           t64k4:mwg=64,nwg=64,mdimc=16,ndimc=16,vwa=1,vwb=1,kwg=4 \
           t64k16:mwg=64,nwg=64,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=16; do
    [ $SECONDS -gt 480 ] && break
    run ${x%%:*} --dtype $DT --strategy pad --params ${x#*:}
  done
done
finish
