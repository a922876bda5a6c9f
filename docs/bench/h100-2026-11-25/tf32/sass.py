# Cubins that the NVIDIA driver cached (CUDA_CACHE_PATH) for OpenCL programs:
# each ELF found in the cache files is cut out, and cuobjdump prints its
# resource usage (registers, spills, shared memory) and the instruction
# counts of the kernels whose name holds the given word.
import os, re, struct, subprocess, sys, collections
cache, out, word = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(out, exist_ok=True)
n = 0
for root, _, files in os.walk(cache):
    for f in files:
        d = open(os.path.join(root, f), "rb").read()
        for m in re.finditer(rb"\x7fELF\x02\x01", d):
            o = m.start()
            try:
                shoff, = struct.unpack_from("<Q", d, o + 0x28)
                shentsize, shnum = struct.unpack_from("<HH", d, o + 0x3A)
            except struct.error:
                continue
            phoff, = struct.unpack_from("<Q", d, o + 0x20)
            phentsize, phnum = struct.unpack_from("<HH", d, o + 0x36)
            size = max(shoff + shentsize * shnum, phoff + phentsize * phnum)
            if size <= 64 or o + size > len(d): continue
            n += 1
            cub = os.path.join(out, "k%d.cubin" % n)
            open(cub, "wb").write(d[o:o + size])
            r = subprocess.run(["cuobjdump", "-res-usage", cub], capture_output=True, text=True).stdout
            if word not in r: continue
            for l in r.splitlines():
                if word in l or "REG" in l: print(n, l.strip()[:220])
            s = subprocess.run(["cuobjdump", "-sass", cub], capture_output=True, text=True).stdout
            open(cub + ".sass", "w").write(s)
            for fn in re.split(r"\n\s*Function : ", s)[1:]:
                name = fn.split("\n", 1)[0]
                if word not in name: continue
                c = collections.Counter(re.findall(r"\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", fn))
                print("  ", name, " ".join("%s:%d" % kv for kv in c.most_common(24)))
print("cubins:", n)
