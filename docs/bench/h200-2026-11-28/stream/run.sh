#!/usr/bin/env bash
# On the GPU machine, from the checkout's root, with .device-build-nb (tools/gpu-build.sh of a build
# configured with -Dblas=disabled) and exp/gpu/old holding dcf7197's release build without BLAS
# (lib/libtiledxform.so.0.4, tools/txf/txf) and its cl/: the host's POCL (16 cores), transposes,
# auto, dcf7197 and this tree in turn, two rounds: the sweeps and named shapes of
# ../../pocl-2026-11-28-intel/stream/run.sh and the shapes of its mid.sh. Results under $OUT.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
B=$PWD/.device-build-nb
O=$PWD/exp/gpu/old
export TXF_TUNING=0 TXF_CACHE_DIR=/tmp/txfcache POCL_AFFINITY=1
# The library reads kernels only from directories no other user can write:
# the old kernels go to a fresh one.
OK=$(mktemp -d)
cp -r "$O/cl/." "$OK/" && chmod -R go-w "$OK"
NEWLD=$B/lib:$B/libs:$LD_LIBRARY_PATH
OLDLD=$O/lib:$B/libs:$LD_LIBRARY_PATH
LD_LIBRARY_PATH=$NEWLD $B/tools/txf/txf info 2>&1 | head -40 > $OUT/info.txt
lscpu > $OUT/lscpu.txt 2>&1
NAMED=3x300000,300000x3,20x4045,4045x20,700x1000,1024x1024,1001x1001,2048x2048,3001x2999,4093x4099,4096x4096,65x302,145x183
for r in 1 2; do for v in old new; do
  if [ $v = old ]; then L=$OLDLD; K=$OK; T=$O/tools/txf/txf; else L=$NEWLD; K=$PWD/cl; T=$B/tools/txf/txf; fi
  for d in u1 f2 f4 f8; do
    case $d in u1) M=640x512,1024x640,1024x1024,1536x1024,1536x1536,1000x700,1001x1001,1300x1500,1700x1700,811x463;;
      f2) M=640x256,1024x320,1024x512,1536x512,1536x768,700x500,707x701,1111x999,1200x1300,463x811;;
      f4) M=640x128,1024x160,1024x256,1536x256,1536x384,500x350,501x509,777x800,850x851,333x555;;
      f8) M=640x64,1024x80,1024x128,1536x128,1536x192,350x250,355x361,555x560,600x601,222x333;; esac
    for a in "--sweep 20 --seed 1 --sweep-range 16:4096" "--sweep 20 --seed 2 --sweep-range 16:4096" "--shape $NAMED" "--shape $M"; do
      LD_LIBRARY_PATH=$L TXF_KERNEL_PATH=$K timeout 100 $T bench transpose --device Portable --dtype $d $a --strategy auto --repeat 10 --format json 2>>$OUT/err.txt |
        sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $OUT/pocl.jsonl
    done
  done
done; done
echo done >> $OUT/err.txt
