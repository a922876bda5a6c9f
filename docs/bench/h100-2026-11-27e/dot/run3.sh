#!/usr/bin/env bash
# The reduction kernel, third call (the lanes' sums added in two steps): as
# run2.sh with f32 seeds 7 and 9 and f64 seeds 8 and 10 (the f32 list, of
# more than 32 shapes, was refused by txf bench), f64 lanes 64 to 256, and
# four named shapes the kernel does not take, auto against dot=1.
export F8L="64 128 256" CONTROL=4096,999x666x777,64x64x50000,64x50000x64 RND2=1
exec bash "$(dirname "$0")/run2.sh"
