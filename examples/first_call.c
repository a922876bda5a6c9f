/* The latency of a process's first calls: the wall time from before
 * txf_context_create to a completed, read-back 256 x 256 f32 transpose and
 * then a 256 x 256 x 256 sgemm, with the context's program counts (built
 * from source or loaded from the binary cache). tools/first-call.sh runs it
 * on an empty cache directory and again on a filled one.
 *
 * Prints one line of key=value pairs; exits 1 when a result is wrong. */
#include <tiledxform.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 256

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int fail(const char *what, txf_status s)
{
	fprintf(stderr, "first_call: %s: %s: %s\n", what, txf_status_name(s), txf_last_error());
	return 1;
}

int main(void)
{
	static float a[N * N], b[N * N], t[N * N], c[N * N];
	srand(1);
	for (size_t i = 0; i < N * N; i++) {
		a[i] = (float)rand() / (float)RAND_MAX - 0.5f;
		b[i] = (float)rand() / (float)RAND_MAX - 0.5f;
	}

	double t0 = now_ms();
	txf_context *ctx = NULL;
	txf_status s = txf_context_create(&ctx, NULL);
	if (s != TXF_SUCCESS)
		return fail("context", s);
	double t1 = now_ms();

	txf_matrix A = {0}, B = {0}, T = {0}, C = {0};
	cl_event ev = NULL;
	s = txf_matrix_alloc(ctx, TXF_F32, N, N, TXF_ROW_MAJOR, &A);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, TXF_F32, N, N, TXF_ROW_MAJOR, &T);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &A, a, 0, 1, 0, NULL, NULL);
	if (s == TXF_SUCCESS)
		s = txf_transpose(ctx, &A, &T, NULL, 0, NULL, &ev);
	if (s == TXF_SUCCESS)
		s = txf_matrix_read(ctx, &T, t, 0, 1, 1, &ev, NULL);
	if (ev)
		clReleaseEvent(ev);
	ev = NULL;
	if (s != TXF_SUCCESS)
		return fail("transpose", s);
	double t2 = now_ms();

	s = txf_matrix_alloc(ctx, TXF_F32, N, N, TXF_ROW_MAJOR, &B);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, TXF_F32, N, N, TXF_ROW_MAJOR, &C);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &B, b, 0, 1, 0, NULL, NULL);
	if (s == TXF_SUCCESS)
		s = txf_matmul(ctx, TXF_OP_N, TXF_OP_N, 1.0, &A, &B, 0.0, &C, NULL, 0, NULL, &ev);
	if (s == TXF_SUCCESS)
		s = txf_matrix_read(ctx, &C, c, 0, 1, 1, &ev, NULL);
	if (ev)
		clReleaseEvent(ev);
	if (s != TXF_SUCCESS)
		return fail("sgemm", s);
	double t3 = now_ms();

	txf_context_stats st;
	txf_context_stats_get(ctx, &st);
	txf_matrix_free(&A);
	txf_matrix_free(&B);
	txf_matrix_free(&T);
	txf_matrix_free(&C);
	txf_context_release(&ctx);

	size_t wrong = 0;
	for (size_t i = 0; i < N; i++)
		for (size_t j = 0; j < N; j++) {
			wrong += t[j * N + i] != a[i * N + j];
			double want = 0;
			for (size_t k = 0; k < N; k++)
				want += (double)a[i * N + k] * (double)b[k * N + j];
			wrong += fabs(c[i * N + j] - want) > 1e-4 * N;
		}
	printf("context_ms=%.1f transpose_ms=%.1f sgemm_ms=%.1f total_ms=%.1f built=%lu "
	       "loaded=%lu stored=%lu rejected=%lu binary_cache=%d %s\n",
	       t1 - t0, t2 - t1, t3 - t2, t3 - t0, st.programs_built, st.programs_loaded,
	       st.programs_stored, st.cache_rejected, st.binary_cache, wrong ? "WRONG" : "correct");
	return wrong != 0;
}
