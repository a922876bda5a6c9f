#!/bin/bash
# regs.sh CLDIR DEFINES...: clang-14 OpenCL C + libclc -> NVPTX (sm_90) -> ptxas -v, registers of matmul_pad and matmul_streamk
CL=$1; shift
clang-14 -x cl -cl-std=CL1.2 -fgnu89-inline -fasm -target nvptx64-nvidia-nvcl -O3 -Xclang -finclude-default-header -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/nvptx64--nvidiacl.bc -D__NV_CL_C_VERSION=120 -I$CL "$@" -S -o /tmp/nv/k.ptx $CL/matmul.cl 2>/tmp/nv/err.txt || { head -20 /tmp/nv/err.txt; exit 1; }
/usr/local/cuda/bin/ptxas -arch=sm_90 -v /tmp/nv/k.ptx -o /dev/null 2>&1 | awk '/Compiling entry/ {n=$(NF-2)} /Used|spill/ {print n, $0}' | grep -E "matmul_(pad|streamk)'"
