# sweep.py TYPES SHAPES [KERNEL_DIR]: kt (cc -O2 -o kt kt.c -lOpenCL; KT=path) on each element size
# (bytes, comma-separated) and shape RxC, with work-items of 256 and 512 rows, 1024 rows and all
# rows of a strip; T threads (default 2), REPS runs per setting and round.
import subprocess, sys, os, random
env = dict(os.environ, POCL_AFFINITY="1", POCL_MAX_PTHREAD_COUNT=os.environ.get("T", "2"))
def fix(tiles, lines):
    lines = min(lines, tiles)
    while lines < tiles and tiles % lines == 1: lines += 1
    return lines
shapes = [tuple(map(int, s.split("x"))) for s in sys.argv[2].split(",")]
for e in map(int, sys.argv[1].split(",")):
    L = 64 // e
    for r, c in shapes:
        T = (r + L - 1) // L
        opts = []
        for rows in (256, 512, 1024, 1 << 30):
            l = fix(T, max(1, rows // L))
            if str(l) not in opts: opts.append(str(l))
        out = subprocess.run([os.environ.get("KT", "./kt"), sys.argv[3] if len(sys.argv) > 3 else "cl", "-DSTREAM_SHIFTED=0", str(e), str(r), str(c), "4", "1", os.environ.get("REPS", "20")] + opts, env=env, capture_output=True, text=True)
        print(out.stdout.strip(), out.stderr.strip()[:200], flush=True)
