# Sourced by run*.sh here, from the checkout's root on the GPU machine with
# .device-build (tools/gpu-build.sh) beside cl/: the environment, $O for the
# results (copied into $OUT by finish), and
#   inturn "DT SHAPES" ...  two rounds of auto, 18688c6 ("old": exp/hb, its
#                     library and txf, with its kernels in exp/prevcl) and this
#                     tree ("new") in turn, on SHAPES of each DT, into
#                     $O/mm.jsonl
#   run TAG ARGS...   txf bench matmul on $S with ARGS, this tree, as JSON
#                     lines tagged with round $R and set TAG
#   finish            cuBLAS (PyTorch, TF32 off) on every f4 and f8 shape of
#                     $O/mm.jsonl, then the results into $OUT
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
inturn() {
  local who bin kp R DT shapes
  for R in 1 2; do
    for who in old new; do
      if [ $who = old ]; then bin=$PWD/exp/hb; kp=$PWD/exp/prevcl; else bin=$B; kp=$PWD/cl; fi
      for a in "$@"; do
        DT=${a%% *}; shapes=${a#* }
        env TXF_KERNEL_PATH=$kp TXF_CACHE_DIR=/tmp/cache-$who LD_LIBRARY_PATH=$bin/lib:$B/libs:$NV \
          timeout 200 $bin/tools/txf/txf bench matmul --shape $shapes --dtype $DT --strategy auto \
          --compare none --repeat 15 --format json |
          sed "s|^{|{\"round\":$R,\"set\":\"$who\",|" >> $O/mm.jsonl 2>>$O/err.txt
        echo "$R $who $DT rc $? $SECONDS s" >> $O/progress.txt
      done
    done
  done
}
run() { local tag=$1; shift
  env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-new \
    timeout 200 $B/tools/txf/txf bench matmul \
    --shape $S --compare none --repeat 15 --format json "$@" |
    sed "s|^{|{\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  echo "$R $tag $* rc $? $SECONDS s" >> $O/progress.txt; }
finish() {
  timeout 200 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
  echo "torch rc $? $SECONDS s" >> $O/progress.txt
  cp $O/* $OUT/; }
