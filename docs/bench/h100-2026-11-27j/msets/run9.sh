#!/usr/bin/env bash
# The session's model changes together (this tree, "now") against 2ffa605 ("v0") on products
# no fit saw: 54 of the 207 of 1500 random products (seed 10, 64 to 8192 per side) whose
# choice they change. auto with each library in turn, three rounds; cuBLAS (PyTorch, TF32 off)
# in the same call. `summ9.py call9`. Run from the checkout's root on the GPU machine with
# .device-build (this tree) and exp/gpu/v0.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
G1=1175x1666x1973,1269x261x371,1363x3217x468,1429x3232x82,1489x6315x7693,1496x1695x123,157x5922x743,164x1166x1781,1730x4687x2221,1869x708x604,206x819x5307,2090x2041x6495,2109x3919x1345,2190x604x770,2306x2204x809,2411x603x4723,2518x1397x5851,2540x909x114,2554x2564x918,261x7481x478,2623x902x211,267x100x6096,2704x3843x1992,2774x2485x855,2955x3675x316,3218x6356x524,329x1029x352
G2=3387x1558x852,3392x416x6731,368x1133x609,370x1888x1782,3747x515x100,377x5453x1192,3800x2800x1922,3933x1703x901,4148x439x1183,4245x8186x74,4678x696x2003,478x5915x570,483x103x7422,4939x994x2122,5068x536x4472,5119x85x3435,5449x1366x1054,5506x153x2448,596x571x378,610x6887x4386,657x2043x604,667x457x1158,78x972x3176,86x1025x3407,92x720x4343,934x234x1120,954x6362x1506
run() { local tag=$1 lib=$2
  for S in $G1 $G2; do
    env LD_LIBRARY_PATH=$lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
      timeout 250 $B/tools/txf/txf bench matmul --shape $S --strategy auto --compare none --repeat 15 --format json |
      sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  done
  echo "$r $tag rc $? $SECONDS s" >> $O/progress.txt; }
for r in 1 2 3; do
  [ $SECONDS -gt 460 ] && break
  run v0 $PWD/exp/gpu/v0
  run now $B/lib
done
timeout 100 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
