#!/usr/bin/env bash
# As run7.sh with the entry's rule (a side of at most 4, K from 128) and f32
# seeds 11 and 13.
export SEEDS="11 13"
exec bash "$(dirname "$0")/run7.sh"
