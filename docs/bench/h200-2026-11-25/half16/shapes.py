# The shapes txf ran, as MxNxK arguments for torch16.py: those of the named
# runs (named-*.jsonl), or with a second argument "sweep" those of the sweep.
import json, sys, glob
kind = sys.argv[2] if len(sys.argv) > 2 else "named"
seen = []
for f in sorted(glob.glob(sys.argv[1] + "/" + kind + "-*.jsonl")):
    for l in open(f):
        try: x = json.loads(l)
        except Exception: continue
        if x.get("impl") == "txf" and "m" in x:
            s = "%dx%dx%d" % (x["m"], x["n"], x["k"])
            if s not in seen: seen.append(s)
print(" ".join(seen))
