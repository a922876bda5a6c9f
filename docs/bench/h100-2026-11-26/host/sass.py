# SASS of the programs in a txf binary cache that hold a kernel (default matmul_even):
# sass.py CACHE OUT [KERNEL] (ptxas sm_90, cuobjdump -sass)
import os, re, struct, subprocess, sys, gzip
cache, out = sys.argv[1], sys.argv[2]
name = (sys.argv[3] if len(sys.argv) > 3 else "matmul_even").encode()
os.makedirs(out, exist_ok=True)
n = 0
for root, _, files in os.walk(cache):
    for f in files:
        if not f.endswith(".bin"): continue
        d = open(os.path.join(root, f), "rb").read()
        if d[:8] != b"TXFPROG\0": continue
        k, b = struct.unpack("<IQ", d[12:24])
        key = d[24:24 + k].decode("latin-1"); ptx = d[24 + k:24 + k + b]
        if name not in ptx: continue
        n += 1
        tag = "t%d" % n
        p = os.path.join(out, tag + ".ptx"); c = os.path.join(out, tag + ".cubin")
        open(p, "wb").write(ptx.rstrip(b"\0"))
        open(os.path.join(out, tag + ".key"), "w").write(key)
        r = subprocess.run(["ptxas", "-arch=sm_90", "-v", "-e", name.decode(), "-o", c, p], capture_output=True, text=True)
        open(os.path.join(out, tag + ".ptxas"), "w").write(r.stderr)
        s = subprocess.run(["cuobjdump", "-sass", c], capture_output=True, text=True)
        with gzip.open(os.path.join(out, tag + ".sass.gz"), "wt") as g: g.write(s.stdout + s.stderr)
        if os.path.exists(c): os.remove(c)
        print(tag, re.findall(r"options=[^\n]*", key)[:1])
