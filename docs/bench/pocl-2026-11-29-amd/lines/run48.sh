#!/bin/sh
# f4 and f8 outputs on lines of 0.5 to 4 MB: non-temporal against ordinary stores, rounds in turn.
T=${T:-/work/main/build/tools/txf/txf}
F4=256x512,512x256,384x512,512x512,512x768,768x512,320x1500,768x768,512x1024,1024x512
F8=256x256,256x512,512x256,384x384,256x768,512x512,320x750,512x768,768x512
for r in 1 2 3 4 5 6; do
 for st in 1 -1; do
  $T bench transpose --dtype f4 --strategy auto --shape $F4 --param stores=$st --repeat 9 --compare none --format csv 2>/dev/null | grep -v "^op" | sed "s/^/$r,$st,/"
  $T bench transpose --dtype f8 --strategy auto --shape $F8 --param stores=$st --repeat 9 --compare none --format csv 2>/dev/null | grep -v "^op" | sed "s/^/$r,$st,/"
 done
done
