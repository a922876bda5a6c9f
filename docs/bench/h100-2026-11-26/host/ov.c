#include <tiledxform.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <valgrind/callgrind.h>
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}
int main(int argc, char **argv)
{
	size_t m = argc > 1 ? atoi(argv[1]) : 64, n = argc > 2 ? atoi(argv[2]) : 64,
	       k = argc > 3 ? atoi(argv[3]) : 64;
	int reps = argc > 4 ? atoi(argv[4]) : 2000;
	int op = argc > 5 ? atoi(argv[5]) : 0;
	txf_context *ctx;
	if (txf_context_create(&ctx, NULL)) {
		printf("ctx %s\n", txf_last_error());
		return 1;
	}
	txf_matrix a, b, c, t;
	txf_matrix_alloc(ctx, TXF_F32, m, k, 0, &a);
	txf_matrix_alloc(ctx, TXF_F32, k, n, 0, &b);
	txf_matrix_alloc(ctx, TXF_F32, m, n, 0, &c);
	txf_matrix_alloc(ctx, TXF_F32, n, m, 0, &t);
	cl_command_queue q = txf_context_queue(ctx);
	for (int i = 0; i < 20; i++) {
		if (op == 0)
			txf_matmul(ctx, TXF_OP_N, TXF_OP_N, 1, &a, &b, 0, &c, NULL, 0, NULL, NULL);
		else
			txf_transpose(ctx, &c, &t, NULL, 0, NULL, NULL);
	}
	clFinish(q);
	CALLGRIND_ZERO_STATS;
	double t0 = now(), host = 0;
	for (int i = 0; i < reps; i++) {
		double h = now();
		txf_status s;
		if (op == 0)
			s = txf_matmul(ctx, TXF_OP_N, TXF_OP_N, 1, &a, &b, 0, &c, NULL, 0, NULL,
			               NULL);
		else
			s = txf_transpose(ctx, &c, &t, NULL, 0, NULL, NULL);
		host += now() - h;
		if (s) {
			printf("err %s\n", txf_last_error());
			return 1;
		}
		if (i % 50 == 49)
			clFinish(q);
	}
	clFinish(q);
	double tot = now() - t0;
	printf("%s %zux%zux%zu: host per call %.2f us, total per call %.2f us\n",
	       op ? "transpose" : "matmul", m, n, k, host / reps * 1e6, tot / reps * 1e6);
	return 0;
}
