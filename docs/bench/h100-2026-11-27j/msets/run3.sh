#!/usr/bin/env bash
# The NVIDIA entry's cost model with the K slices' summing traffic at 3e12 B/s (v1; the
# packing traffic too), at 3e12 with the packing at 1.5e12 (v2), at 2e12 likewise (v3), and as
# it was (v0, 1.5e12 for both): auto with each library in turn, two rounds, on the 68 of 409
# random products (seed 7, 64 to 8192 per side, and nine named ones) whose choice any of them
# changes, and 12 whose choice none changes. cuBLAS (PyTorch, TF32 off) in the same call.
# `summ3.py call3`. Run from the checkout's root on the GPU machine with .device-build and the
# four libraries in exp/gpu/v0..v3.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
G1=1000x1000x1000,1024x1024x1024,1053x439x7301,106x3693x962,116x3936x7922,1250x744x768,1365x1846x1614,1451x79x3684,1478x7922x3453,1568x88x2284,1578x5288x2849,1606x86x1925,1638x2614x1032,1648x2871x4971,1801x7523x338,1825x781x1281,1843x6634x561,1866x3868x2022,186x6506x442,1889x4104x534,201x2364x6264,217x1403x1898,2240x8094x5878,230x6806x7173,2392x75x1608,2415x735x859,2442x1555x2065
G2=2503x5462x1387,253x285x6528,253x802x5707,2556x5358x550,2709x848x2804,2713x752x977,2817x4456x3072,291x1000x362,2945x321x3117,3143x2303x3467,316x157x6002,317x189x3282,3349x128x732,339x271x2309,3447x3454x522,3515x4063x7160,3529x1089x4870,373x3380x3413,432x180x7225,4789x2858x2059,4834x88x4313,483x4240x8059,4939x636x1105,5147x1298x3497,593x3419x7018,612x2340x575,6291x178x1075
G3=641x3406x3779,6551x3931x4421,66x3851x2379,696x6638x5451,7077x290x3421,7302x226x1543,7399x624x3764,7445x1553x350,750x197x3234,807x1752x6167,814x398x330,91x6074x1390,95x2248x2785,966x6221x3769,277x127x340,4849x1343x2252,3393x2319x192,139x2898x188,812x70x542,5198x8053x568,1840x1698x262,5993x215x232,4556x424x311,105x337x231,5288x99x1310,71x601x145
run() { local tag=$1; shift
  for S in $G1 $G2 $G3; do
    env LD_LIBRARY_PATH=$PWD/exp/gpu/$tag:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
      timeout 200 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json "$@" |
      sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  done
  echo "$r $tag rc $? $SECONDS s" >> $O/progress.txt; }
for r in 1 2; do
  for v in v0 v1 v2 v3; do
    [ $SECONDS -gt 460 ] && break
    run $v --strategy auto
  done
done
timeout 100 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
env LD_LIBRARY_PATH=$PWD/exp/gpu/v0:$B/libs:$NV $B/tools/txf/txf info > $O/info.txt 2>&1
cp $O/* $OUT/
