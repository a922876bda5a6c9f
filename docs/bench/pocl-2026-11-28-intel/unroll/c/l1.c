/* l1.c: one register tile (MR rows by 32 columns) over KB k with A (rows STRIDE apart) and B in
 * L1, repeated: the tile's own speed. gcc -O2 -march=native [-DMR= -DKB= -DSTRIDE=] l1.c */
#include <immintrin.h>
#include <stdio.h>
#include <time.h>
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}
#ifndef MR
#define MR 8
#endif
#ifndef KB
#define KB 256
#endif
#ifndef STRIDE
#define STRIDE KB
#endif
#define NR 32
float A[MR * STRIDE] __attribute__((aligned(64)));
float B[KB * NR] __attribute__((aligned(64)));
float C[MR * NR] __attribute__((aligned(64)));
__attribute__((noinline)) void tile(const float *a, const float *b, float *c)
{
	__m512 c0[MR], c1[MR];
	for (int i = 0; i < MR; i++) {
		c0[i] = _mm512_load_ps(c + i * NR);
		c1[i] = _mm512_load_ps(c + i * NR + 16);
	}
	for (int k = 0; k < KB; k++) {
		__m512 b0 = _mm512_load_ps(b + k * NR), b1 = _mm512_load_ps(b + k * NR + 16);
#pragma GCC unroll 16
		for (int i = 0; i < MR; i++) {
			__m512 av = _mm512_set1_ps(a[i * STRIDE + k]);
			c0[i] = _mm512_fmadd_ps(av, b0, c0[i]);
			c1[i] = _mm512_fmadd_ps(av, b1, c1[i]);
		}
	}
	for (int i = 0; i < MR; i++) {
		_mm512_store_ps(c + i * NR, c0[i]);
		_mm512_store_ps(c + i * NR + 16, c1[i]);
	}
}
int main()
{
	long n = 200000;
	for (int r = 0; r < 3; r++) {
		double t = now();
		for (long j = 0; j < n; j++)
			tile(A, B, C);
		t = now() - t;
		printf("MR %d KB %d stride %d: %.1f GFLOP/s\n", MR, KB, STRIDE,
		       2.0 * MR * NR * KB * n / t / 1e9);
	}
}
