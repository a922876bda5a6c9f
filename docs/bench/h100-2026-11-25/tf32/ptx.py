# For each program in a binary cache directory whose key holds all the given
# words: its PTX, ptxas -v for sm_90 (registers, spills) and the SASS
# instruction counts of its matmul kernels.
import os, re, struct, subprocess, sys, collections
cache, out = sys.argv[1], sys.argv[2]
words = sys.argv[3:]
n = 0
print("files:", sum(len(f) for _, _, f in os.walk(cache)))
for root, _, files in os.walk(cache):
    for f in files:
        if not f.endswith(".bin"): continue
        d = open(os.path.join(root, f), "rb").read()
        if d[:8] != b"TXFPROG\0": continue
        k, b = struct.unpack("<IQ", d[12:24])
        key = d[24:24 + k].decode("latin-1"); ptx = d[24 + k:24 + k + b]
        print(" ", f, b, re.findall(r"options=.*", key)[:1], b"mma.sync" in ptx)
        if not all(w in key for w in words) or b"mma.sync" not in ptx: continue
        n += 1
        tag = "p%d" % n
        open(os.path.join(out, tag + ".ptx"), "wb").write(ptx.rstrip(b"\0"))
        opts = re.findall(r"-D ?(MWG|NWG|KWG|MDIMC|NDIMC|MMA|PREC|LBUF|TRANS_A|TRANS_B)=(\d+)", key)
        print(tag, " ".join("%s=%s" % o for o in opts))
        r = subprocess.run(["ptxas", "-arch=sm_90", "-v", "-o", os.path.join(out, tag + ".cubin"), os.path.join(out, tag + ".ptx")], capture_output=True, text=True)
        for l in r.stderr.splitlines():
            if "Function properties" in l or "registers" in l or "spill" in l or "Compiling" in l: print("  ", l.strip())
        s = subprocess.run(["cuobjdump", "-sass", os.path.join(out, tag + ".cubin")], capture_output=True, text=True).stdout
        open(os.path.join(out, tag + ".sass"), "w").write(s)
        for fn in re.split(r"\n\s*Function : ", s)[1:]:
            name = fn.split("\n", 1)[0]
            if "even" not in name: continue
            c = collections.Counter(re.findall(r"\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)", fn))
            print("  ", name, " ".join("%s:%d" % kv for kv in c.most_common(14)))
