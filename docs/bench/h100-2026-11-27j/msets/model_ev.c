/* model_ev.c: the NVIDIA entry's cost-model estimate of timed choices. Build from the
 * checkout's root: gcc -std=gnu11 -Ilib -Iinclude -Ibuild -Ibuild/include -Ibuild/lib
 * model_ev.c build/lib/libtiledxform_internal.a -lOpenCL -lm -lpthread
 * -Wl,--allow-multiple-definition. Reads "m n k mwg nwg kwg ksplit packed ms tag" lines; prints
 * the estimate without slices (us), the slices' part (us), their traffic (TB), the estimate
 * and the time (us), and the choice. */
#include "../../../../lib/select.c"
#include <stdlib.h>
/* stdin: m n k mwg nwg kwg ks packed ms tag ; prints est_us ms_us tag */
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
		if (!c) {
			printf("- %.1f %s\n", ms * 1e3, tag);
			continue;
		}
		double t = model_time(e, c, &c->p, 132, m, n, k, 4, ks, pk);
		double t1 =
		    ks > 1
		        ? model_time(e, c, &c->p, 132, m, n, k, 4, ks, pk) -
		              (e->slice_launch_s + (ks + 1.0) * (double)m * n * 4 / e->sum_bytes_s)
		        : t;
		printf("%.3f %.3f %.6f ", t1 * 1e6, (t - t1) * 1e6,
		       (ks + 1.0) * (double)m * n * 4 / 1e12);
		printf("%.1f %.1f %s %zux%zux%zu %ux%u ks%u%s\n", t * 1e6, ms * 1e3, tag, m, n, k,
		       mw, nw, ks, pk ? " packed" : "");
	}
	return 0;
}
