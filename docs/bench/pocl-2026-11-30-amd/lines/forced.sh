cd /work/main
# forced.sh: each element size on 60 shapes whose output rows start on lines (gen.py: ten row pitches, 2 to 24
# MiB), the streaming kernel forced with non-temporal (stores 1) and ordinary (stores -1) stores, two rounds.
for r in 1 2; do
for dt in u1 u2 f4 f8; do
  E=${dt#?}; [ $dt = u1 ] && E=1; [ $dt = u2 ] && E=2
  set -- $(python3 docs/bench/pocl-2026-11-30-amd/lines/gen.py $E)
  while [ $# -gt 0 ]; do
    chunk=$(echo "${@:1:6}" | tr ' ' ','); shift $(( $# < 6 ? $# : 6 ))
    for st in 1 -1; do
      POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/pocl-cache ./build-rel/tools/txf/txf bench transpose --dtype $dt --shape $chunk --strategy pad --param stream=1 --param stores=$st --compare none --repeat 20 --format json 2>/dev/null | sed "s|^{|{\"r\":$r,\"st\":$st,|" >> /tmp/forced.jsonl
    done
  done
  echo "$r $dt $(date +%T)" >> /tmp/forced.progress
done; done
