#!/bin/sh
# Outputs on lines of 0.5 to 4 MB: non-temporal against ordinary stores, the copy in the same runs, rounds in turn.
T=${T:-/work/main/build/tools/txf/txf}
U1=512x1024,768x1024,1024x1024,1024x1536,1536x1024,1024x2048,2048x1024,640x3000,1536x1536,1280x2048,4096x640,2048x1536,1792x1792,2048x2048
U2=512x512,512x1024,1024x512,768x768,512x1536,1024x1024,640x1500,1024x1536,2048x640,1024x2048
for r in 1 2 3 4 5 6; do
 for st in 1 -1; do
  $T bench transpose --dtype u1 --strategy auto --shape $U1 --param stores=$st --repeat 9 --compare none --format csv 2>/dev/null | grep -v "^op" | sed "s/^/$r,$st,/"
  $T bench transpose --dtype u2 --strategy auto --shape $U2 --param stores=$st --repeat 9 --compare none --format csv 2>/dev/null | grep -v "^op" | sed "s/^/$r,$st,/"
 done
done
