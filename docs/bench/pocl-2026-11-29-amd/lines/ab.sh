#!/bin/sh
# auto before (the tree before, de1330f) and after, in turn: 1- and 2-byte outputs on lines of 0.6 to 2 MB.
OLD=${OLD:-/work/main/.device-build-nb/tools/txf/txf}
NEW=${NEW:-/work/main/build/tools/txf/txf}
U1=448x1600,960x1200,1088x1088,1216x1000,704x1700,3072x384,12288x96,2560x448,576x2000,1600x768
U2=384x1000,448x1200,640x800,4096x128,320x1800,896x640
for r in 1 2 3 4 5 6 7 8 9 10; do
 for v in old new; do
  T=$OLD; [ $v = new ] && T=$NEW
  $T bench transpose --dtype u1 --strategy auto --shape $U1 --repeat 9 --compare none --format csv 2>/dev/null | grep -v "^op" | sed "s/^/$r,$v,/"
  $T bench transpose --dtype u2 --strategy auto --shape $U2 --repeat 9 --compare none --format csv 2>/dev/null | grep -v "^op" | sed "s/^/$r,$v,/"
 done
done
