/* mmt M N K STRATEGY [REPS] [params...]: wall time of txf_matmul, each run finished; fastest and
 * median. */
#include "tiledxform.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}
static int cmp(const void *a, const void *b)
{
	double x = *(double *)a, y = *(double *)b;
	return x < y ? -1 : x > y;
}
int main(int argc, char **argv)
{
	size_t m = atol(argv[1]), n = atol(argv[2]), k = atol(argv[3]);
	const char *st = argv[4];
	int reps = argc > 5 ? atoi(argv[5]) : 9;
	txf_context *ctx = NULL;
	if (txf_context_create(&ctx, NULL) != TXF_SUCCESS) {
		fprintf(stderr, "ctx\n");
		return 1;
	}
	txf_matrix a, b, c;
	txf_matrix_alloc(ctx, TXF_F32, m, k, TXF_ROW_MAJOR, &a);
	txf_matrix_alloc(ctx, TXF_F32, k, n, TXF_ROW_MAJOR, &b);
	txf_matrix_alloc(ctx, TXF_F32, m, n, TXF_ROW_MAJOR, &c);
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = !strcmp(st, "padcopy") ? TXF_STRATEGY_PADCOPY
	             : !strcmp(st, "split") ? TXF_STRATEGY_SPLIT
	             : !strcmp(st, "pad")   ? TXF_STRATEGY_PAD
	                                    : TXF_STRATEGY_AUTO;
	for (int i = 6; i < argc; i++) {
		char nm[32];
		long long v;
		if (sscanf(argv[i], "%31[^=]=%lld", nm, &v) == 2)
			txf_matmul_options_set(&o, nm, v);
	}
	double t[64];
	if (reps > 64)
		reps = 64;
	for (int r = -2; r < reps; r++) {
		cl_event ev;
		double t0 = now();
		txf_status s =
		    txf_matmul(ctx, TXF_OP_N, TXF_OP_N, 1.0, &a, &b, 0.0, &c, &o, 0, NULL, &ev);
		if (s) {
			fprintf(stderr, "err %d\n", s);
			return 1;
		}
		clWaitForEvents(1, &ev);
		clReleaseEvent(ev);
		if (r >= 0)
			t[r] = now() - t0;
	}
	qsort(t, reps, sizeof t[0], cmp);
	printf("%zux%zux%zu %s: min %.3f ms median %.3f ms\n", m, n, k, st, t[0] * 1e3,
	       t[reps / 2] * 1e3);
	return 0;
}
