/* Time txf_matmul without checking its result (the variants compute wrong
 * results by design): tm f2|f4 PRECISION M N K REPEAT, row-major operands,
 * f32 C; device time from the end of a marker to the end of the product,
 * median and fastest of REPEAT runs after three. PRECISION 0 exact, 2
 * 3xtf32, 3 tf32 (f4 only). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tiledxform.h"

static int cmp(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	if (argc < 7) {
		fprintf(stderr, "usage: tm f2|f4 PRECISION M N K REPEAT\n");
		return 2;
	}
	const int half = !strcmp(argv[1], "f2"), prec = atoi(argv[2]), reps = atoi(argv[6]);
	const size_t m = strtoul(argv[3], NULL, 10), n = strtoul(argv[4], NULL, 10),
	             k = strtoul(argv[5], NULL, 10);
	txf_context *ctx;
	if (reps < 1 || txf_context_create(&ctx, NULL) != TXF_SUCCESS) {
		fprintf(stderr, "tm: %s\n", txf_last_error());
		return 1;
	}
	const int f8 = !strcmp(argv[1], "f8");
	const txf_dtype dt = f8 ? TXF_F64 : half ? TXF_F16 : TXF_F32;
	txf_matrix a, b, c;
	if (txf_matrix_alloc(ctx, dt, m, k, TXF_ROW_MAJOR, &a) ||
	    txf_matrix_alloc(ctx, dt, k, n, TXF_ROW_MAJOR, &b) ||
	    txf_matrix_alloc(ctx, f8 ? TXF_F64 : TXF_F32, m, n, TXF_ROW_MAJOR, &c)) {
		fprintf(stderr, "tm: %s\n", txf_last_error());
		return 1;
	}
	/* Values in [0.5, 1) (f16) or [-0.5, 0.5) (f32), the same for A and B. */
	const size_t big = (m > n ? m : n) * k;
	unsigned char *buf = malloc(big * (f8 ? 8 : half ? 2 : 4));
	uint32_t s = 1;
	for (size_t i = 0; i < big; i++) {
		s = s * 1664525u + 1013904223u;
		if (half)
			((uint16_t *)buf)[i] = (uint16_t)(0x3800 | ((s >> 16) & 0x7ff));
		else if (f8)
			((double *)buf)[i] = (double)((s >> 8) & 0xffff) / 65536.0 - 0.5;
		else
			((float *)buf)[i] = (float)((s >> 8) & 0xffff) / 65536.0f - 0.5f;
	}
	txf_matrix_write(ctx, &a, buf, 0, 1, 0, NULL, NULL);
	txf_matrix_write(ctx, &b, buf, 0, 1, 0, NULL, NULL);
	free(buf);
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	if (prec)
		txf_matmul_options_set(&o, "precision", prec);
	if (getenv("XPARAMS")) {
		char pb[256];
		snprintf(pb, sizeof pb, "%s", getenv("XPARAMS"));
		for (char *kv = strtok(pb, ","); kv; kv = strtok(NULL, ",")) {
			char *eq = strchr(kv, '=');
			if (eq) {
				*eq = 0;
				if (txf_matmul_options_set(&o, kv, atol(eq + 1)))
					fprintf(stderr, "tm: %s\n", txf_last_error());
			}
		}
	}
	cl_command_queue q = txf_context_queue(ctx);
	double *t = calloc((size_t)reps, sizeof(double));
	for (int i = -3; i < reps; i++) {
		cl_event mk, e;
		cl_ulong t0 = 0, t1 = 0;
		clEnqueueMarkerWithWaitList(q, 0, NULL, &mk);
		if (txf_matmul(ctx, TXF_OP_N, TXF_OP_N, 1, &a, &b, 0, &c, &o, 0, NULL, &e)) {
			fprintf(stderr, "tm: %s\n", txf_last_error());
			return 1;
		}
		clWaitForEvents(1, &e);
		clGetEventProfilingInfo(mk, CL_PROFILING_COMMAND_END, sizeof t0, &t0, NULL);
		clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
		if (i >= 0)
			t[i] = (double)(t1 - t0) / 1e6;
		clReleaseEvent(mk);
		clReleaseEvent(e);
	}
	if (getenv("DUMP")) {
		float *h = malloc(m * n * sizeof(float));
		txf_matrix_read(ctx, &c, h, 0, 1, 0, NULL, NULL);
		FILE *f = fopen(getenv("DUMP"), "wb");
		const size_t bm = 128, bn = 128;
		for (size_t i = 0; i < m; i += bm)
			for (size_t j = 0; j < n; j += bn)
				fwrite(h + i * n + j, 4, 4, f);
		fclose(f);
		free(h);
	}
	qsort(t, (size_t)reps, sizeof(double), cmp);
	printf("%s prec%d %zux%zux%zu med %.3f ms min %.3f ms  %.1f TFLOP/s\n", argv[1], prec, m, n,
	       k, t[reps / 2], t[0], 2.0 * (double)m * (double)n * (double)k / t[reps / 2] / 1e9);
	free(t);
	txf_matrix_free(&a);
	txf_matrix_free(&b);
	txf_matrix_free(&c);
	txf_context_release(&ctx);
	return 0;
}
