#define CL_TARGET_OPENCL_VERSION 300
#include "tiledxform.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}
int main(int argc, char **argv)
{
	int es = atoi(argv[1]);
	size_t R = atol(argv[2]), C = atol(argv[3]);
	int n = 50;
	txf_dtype dt = es == 1 ? TXF_U8 : es == 2 ? TXF_U16 : es == 4 ? TXF_F32 : TXF_U64;
	txf_context *ctx = NULL;
	if (txf_context_create(&ctx, NULL))
		return 1;
	txf_matrix a, b;
	txf_matrix_alloc(ctx, dt, R, C, TXF_ROW_MAJOR, &a);
	txf_matrix_alloc(ctx, dt, C, R, TXF_ROW_MAJOR, &b);
	cl_command_queue q = txf_context_queue(ctx);
	double host[64], kern[64], tot[64], queued[64];
	for (int it = 0; it < n + 10; it++) {
		cl_event m, e;
		clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
		clWaitForEvents(1, &m);
		double t0 = now();
		if (txf_transpose(ctx, &a, &b, NULL, 0, NULL, &e)) {
			printf("fail %s\n", txf_last_error());
			return 1;
		}
		double t1 = now();
		clWaitForEvents(1, &e);
		cl_ulong me, s, en, qd;
		clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, 8, &me, NULL);
		clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_QUEUED, 8, &qd, NULL);
		clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, 8, &s, NULL);
		clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &en, NULL);
		if (it >= 10) {
			host[it - 10] = t1 - t0;
			kern[it - 10] = (en - s) / 1e3;
			tot[it - 10] = (en - me) / 1e3;
			queued[it - 10] = (s - qd) / 1e3;
		}
		clReleaseEvent(m);
		clReleaseEvent(e);
	}
	qsort(host, n, 8, cmp);
	qsort(kern, n, 8, cmp);
	qsort(tot, n, 8, cmp);
	qsort(queued, n, 8, cmp);
	txf_choice c;
	txf_transpose_explain(ctx, R, C, dt, 0, NULL, &c);
	printf("%dB %zux%zu host call min %.1f med %.1f | queued->start min %.1f med %.1f | kernel "
	       "min %.1f med %.1f | marker->end min %.1f med %.1f us\n  %s\n",
	       es, R, C, host[0], host[n / 2], queued[0], queued[n / 2], kern[0], kern[n / 2],
	       tot[0], tot[n / 2], c.why);
	return 0;
}
