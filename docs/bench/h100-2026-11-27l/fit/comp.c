/* comp.c: for each timing, the NVIDIA entry's estimate, its part at the set's rates and the
 * busiest compute unit's work-groups. Build from the checkout's root: gcc -std=gnu11 -Ilib
 * -Iinclude -Ibuild -Ibuild/include -Ibuild/lib docs/bench/h100-2026-11-27l/fit/comp.c
 * build/lib/libtiledxform_internal.a -lOpenCL -lm -lpthread -Wl,--allow-multiple-definition */
#include "../../../../lib/select.c"
#include <stdlib.h>
/* stdin: m n k mwg nwg kwg ks packed ms tag; out: t_total t_compute per_cu ms tag (us) for the
 * large set */
int main(void)
{
	setenv("TXF_TUNING", "0", 1);
	txf_context *ctx = NULL;
	if (txf_context_create(&ctx, NULL) != TXF_SUCCESS)
		return 1;
	ctx->profile.vendor = TXF_VENDOR_NVIDIA;
	ctx->profile.kind = TXF_DEVICE_GPU;
	ctx->profile.compute_units = 132;
	const txf__matmul_entry *e = txf__matmul_entry_for(&ctx->profile);
	size_t m, n, k;
	unsigned mw, nw, kw, ks, pk;
	double ms;
	char tag[64];
	while (scanf("%zu %zu %zu %u %u %u %u %u %lf %63s", &m, &n, &k, &mw, &nw, &kw, &ks, &pk,
	             &ms, tag) == 10) {
		const txf__mcost *c = NULL;
		for (unsigned i = 0; i < TXF__MCOST_SETS && e->cost_f32[i].p.mwg; i++)
			if (e->cost_f32[i].p.mwg == mw && e->cost_f32[i].p.nwg == nw &&
			    e->cost_f32[i].p.kwg == kw)
				c = &e->cost_f32[i];
		if (!c)
			continue;
		txf__mcost c2 = *c;
		c2.rate *= 2;
		c2.rate1 *= 2;
		double t = model_time(e, c, &c->p, 132, m, n, k, 4, ks, pk),
		       t2 = model_time(e, &c2, &c->p, 132, m, n, k, 4, ks, pk);
		double blocks = ceil((double)m / mw) * ceil((double)n / nw);
		printf("%.3f %.3f %.0f %.1f %s %ux%u %zux%zux%zu ks%u pk%u\n", t * 1e6,
		       2 * (t - t2) * 1e6, ceil(blocks * ks / 132), ms * 1e3, tag, mw, nw, m, n, k,
		       ks, pk);
	}
	return 0;
}
