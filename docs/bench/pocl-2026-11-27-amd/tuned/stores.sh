#!/usr/bin/env bash
# stores.sh BUILD OUT: u8 transposes with the streaming kernel, non-temporal (stores 1) and
# ordinary (stores -1) stores in turn, four rounds, at 2560^2 to 4096^2 (6.5 to 16.8 MB).
# From the checkout's root.
set -u
B=$1 O=$2
export TXF_KERNEL_PATH=$PWD/cl
for r in 1 2 3 4; do for st in 1 -1; do
  $B/tools/txf/txf bench transpose --dtype u1 --strategy pad --param stream=1 --param stores=$st \
    --shape 4096x4096,3584x3584,3008x3008,2560x2560 --repeat 10 --format json 2>/dev/null |
    sed "s/^{/{\"st\":$st,/" >> $O
done; done
