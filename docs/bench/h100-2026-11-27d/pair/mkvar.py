"""Pairing experiment: variants of cl/matmul.cl (results wrong by design except v0)."""
import shutil, sys, os
root, out = sys.argv[1], sys.argv[2]
src = open(os.path.join(root, 'cl/matmul.cl')).read()
adva = "\t\tp->a[l] += p->ka;\n"
advb = "\t\tp->b[l] += p->kb;\n"
lin = "\tconst ulong lin_ = get_group_id(1) * gx_ + get_group_id(0);                                \\\n"
store = "\t\tmma_store(acc, c, ldc, m0, n0, M, N, alpha, beta, tid, guard_stores);              \\\n"
for x in (adva, advb, lin, store):
    assert src.count(x) == 1, x
def pair(mode):
    ns = 144
    body = ("\t__local uint pr_;                                                                          \\\n"
            "\tif (get_local_id(0) == 0 && get_local_id(1) == 0) {                                        \\\n"
            "\t\tuint s_;                                                                           \\\n"
            "\t\tasm volatile(\"mov.u32 %0, %%smid;\" : \"=r\"(s_));                                    \\\n"
            "\t\tconst uint tk_ = atomic_inc((volatile __global uint *)b + 64 * s_);                \\\n"
            "\t\tconst uint np_ = (uint)(gx_ * get_num_groups(1) / 2);                             \\\n"
            "\t\tpr_ = @E@;                                                                          \\\n"
            "\t}                                                                                          \\\n"
            "\tbarrier(CLK_LOCAL_MEM_FENCE);                                                              \\\n"
            "\tconst ulong lin_ = pr_;                                                                    \\\n")
    if mode == 'ctl':
        e = "(uint)(get_group_id(1) * gx_ + get_group_id(0)) + 0 * tk_"
    elif mode == 'pair':
        e = "((tk_ / 2) * %d + s_) %% np_ * 2 + (tk_ & 1)" % ns
    return src.replace(lin, body.replace("@E@", e))
probe_end = ("\t\tif (tid == 0) {                                                                           \\\n"
             "\t\t\tuint s_; ulong t_;                                                                \\\n"
             "\t\t\tasm volatile(\"mov.u32 %0, %%smid;\" : \"=r\"(s_));                                  \\\n"
             "\t\t\tasm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t_));                            \\\n"
             "\t\t\t__global uint *q_ = (__global uint *)(c + m0 * ldc + n0);                         \\\n"
             "\t\t\tq_[0] = s_; q_[1] = (uint)t0_; q_[2] = (uint)t_; q_[3] = (uint)(get_group_id(1) * get_num_groups(0) + get_group_id(0)); \\\n"
             "\t\t}                                                                                  \\\n")
start = "\t\tMMA_PRODUCT(guard_loads);                                                          \\\n"
assert src.count(start) == 1
def probe(s):
    s = s.replace(start, "\t\tulong t0_; asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t0_));  \\\n" + start)
    return s.replace(store, store + probe_end)
V = {
    'v0': src,
    'vfix': src.replace(adva, "").replace(advb, ""),
    'vfixA': src.replace(adva, ""),
    'vfixB': src.replace(advb, ""),
    'vctl': pair('ctl'),
    'vpair': pair('pair'),
    'vprobe': probe(src),
    'vprobepair': probe(pair('pair')),
}
for k, s in V.items():
    d = os.path.join(out, k)
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(os.path.join(root, 'cl'), d)
    open(os.path.join(d, 'matmul.cl'), 'w').write(s)
