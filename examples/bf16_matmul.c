/* Mixed precision: bfloat16 A and B, a float32 C, on the default device.
 * The library widens A and B to float32 exactly and sums in float32; the
 * result is checked against a float64 product on the host, and the choice
 * is printed.
 *
 *   cc bf16_matmul.c $(pkg-config --cflags --libs tiledxform) -o bf16_matmul
 */
#include <tiledxform.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define M 300
#define N 200
#define K 500

/* The bfloat16 nearest to x (ties to even; x finite). */
static uint16_t to_bf16(float x)
{
	uint32_t u;
	memcpy(&u, &x, sizeof u);
	return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

static double from_bf16(uint16_t h)
{
	uint32_t u = (uint32_t)h << 16;
	float x;
	memcpy(&x, &u, sizeof x);
	return x;
}

static int fail(txf_status s)
{
	fprintf(stderr, "error: %s: %s\n", txf_status_name(s), txf_last_error());
	return 1;
}

int main(void)
{
	static uint16_t a[M * K], b[K * N];
	static float c[M * N];
	for (size_t i = 0; i < M * K; i++)
		a[i] = to_bf16((float)rand() / (float)RAND_MAX - 0.5f);
	for (size_t i = 0; i < K * N; i++)
		b[i] = to_bf16((float)rand() / (float)RAND_MAX - 0.5f);

	txf_context *ctx = NULL;
	txf_status s = txf_context_create(&ctx, NULL);
	if (s != TXF_SUCCESS)
		return fail(s);
	txf_matrix da = {0}, db = {0}, dc = {0};
	cl_event done = NULL;
	s = txf_matrix_alloc(ctx, TXF_BF16, M, K, TXF_ROW_MAJOR, &da);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, TXF_BF16, K, N, TXF_ROW_MAJOR, &db);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, TXF_F32, M, N, TXF_ROW_MAJOR, &dc);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &da, a, 0, 1, 0, NULL, NULL);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &db, b, 0, 1, 0, NULL, NULL);
	/* C = A B: beta 0, so C's contents are never read. */
	if (s == TXF_SUCCESS)
		s = txf_matmul(ctx, TXF_OP_N, TXF_OP_N, 1.0, &da, &db, 0.0, &dc, NULL, 0, NULL,
		               &done);
	if (s == TXF_SUCCESS)
		s = txf_matrix_read(ctx, &dc, c, 0, 1, 1, &done, NULL);
	if (done)
		clReleaseEvent(done);
	int rc = s == TXF_SUCCESS ? 0 : fail(s);

	if (rc == 0) {
		/* Products of bfloat16 values are exact in float32: only the
		 * float32 sums round, within K eps of the sum of magnitudes. */
		double worst = 0;
		size_t wrong = 0;
		for (size_t i = 0; i < M; i++)
			for (size_t j = 0; j < N; j++) {
				double sum = 0, mag = 0;
				for (size_t k = 0; k < K; k++) {
					double x =
					    from_bf16(a[i * K + k]) * from_bf16(b[k * N + j]);
					sum += x;
					mag += fabs(x);
				}
				double e =
				    fabs(c[i * N + j] - sum) / (K * FLT_EPSILON * mag + DBL_MIN);
				wrong += !(e <= 1.0);
				worst = e > worst ? e : worst;
			}
		txf_matmul_choice ch;
		txf_matmul_explain(ctx, M, N, K, TXF_BF16, NULL, &ch);
		printf(
		    "%dx%dx%d bf16 x bf16 -> f32: %s (largest error %.3f of the bound), %s\n%s\n",
		    M, N, K, wrong ? "WRONG" : "correct", worst, txf_strategy_name(ch.strategy),
		    ch.why);
		rc = wrong != 0;
	}
	txf_matrix_free(&da);
	txf_matrix_free(&db);
	txf_matrix_free(&dc);
	txf_context_release(&ctx);
	return rc;
}
