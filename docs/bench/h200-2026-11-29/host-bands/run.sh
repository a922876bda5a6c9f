#!/usr/bin/env bash
# host POCL (16 Xeon cores): the shifted streaming kernel's bands (new) against 256 rows (TXF_X_NOBANDS), u1 and u2, 3 rounds in turn
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=$PWD/exp/gpu/sb/lib:/usr/local/nvidia/lib64
export TXF_TUNING=0 TXF_CACHE_DIR=/tmp/txfcache POCL_AFFINITY=1 TXF_KERNEL_PATH=$PWD/cl
T=$PWD/exp/gpu/sb/tools/txf/txf
$T info 2>&1 | head -30 > $OUT/info.txt; lscpu > $OUT/lscpu.txt
U1=4093x4099,4093x4160,3001x2999,5000x5001,1000x4096,2500x3000,6000x1500,1500x6000,1200x1100,1000x1000,700x3000,1100x2048
U2=4093x4099,3001x2999,2050x2050,1000x3000,5000x1500,1000x2048,800x1000,3000x700
SECONDS=0
for r in 1 2 3; do for v in old new; do
  for a in "u1 $U1" "u2 $U2"; do set -- $a
    if [ $v = old ]; then export TXF_X_NOBANDS=1; else unset TXF_X_NOBANDS; fi
    timeout 200 $T bench transpose --device Portable --dtype $1 --shape $2 --strategy auto --repeat 15 --format json 2>>$OUT/err.txt |
      sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $OUT/sb.jsonl
  done
  echo "$r $v $SECONDS" >> $OUT/progress.txt
done; done
