# registers of every kernel in a binary cache directory (ptxas -v, sm_90)
import os, re, struct, subprocess, sys
cache, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
n = 0
for root, _, files in os.walk(cache):
    for f in files:
        if not f.endswith(".bin"): continue
        d = open(os.path.join(root, f), "rb").read()
        if d[:8] != b"TXFPROG\0": continue
        k, b = struct.unpack("<IQ", d[12:24])
        key = d[24:24 + k].decode("latin-1"); ptx = d[24 + k:24 + k + b]
        if b"mma.sync" not in ptx: continue
        n += 1
        tag = "t%d" % n
        open(os.path.join(out, tag + ".ptx"), "wb").write(ptx.rstrip(b"\0"))
        print(tag, re.findall(r"options=[^\n]*", key)[:1])
        r = subprocess.run(["ptxas", "-arch=sm_90", "-v", "-o", os.path.join(out, tag + ".cubin"), os.path.join(out, tag + ".ptx")], capture_output=True, text=True)
        fn = None
        for l in r.stderr.splitlines():
            m = re.search(r"Compiling entry function '(\w+)'", l)
            if m: fn = m.group(1)
            if fn and fn.startswith("matmul_e") and ("registers" in l or "spill" in l):
                print("  ", fn, l.strip())
