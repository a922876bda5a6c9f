/* pf.c: pk.c with a software prefetch of A PF elements ahead every second k: gcc -O2
 * -march=native -DSWAP=1 -DPF=0|64|128|256|512 pf.c -lm; ./a.out N */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}
#ifndef MWG
#define MWG 128
#endif
#ifndef NWG
#define NWG 64
#endif
#ifndef KWG
#define KWG 256
#endif
#define MR 8
#define NR 32
#ifndef SWAP
#define SWAP 1
#endif
static float cacc[MWG * NWG] __attribute__((aligned(64)));
// Ap: band b (MR rows) at Ap + b*K*MR, element (k,i) at k*MR+i.  Bp: panel q at Bp + q*K*NR, (k,j)
// at k*NR+j
static inline void tile(const float *ap, const float *bq, float *cq, size_t kb, int first)
{
	__m512 c0[MR], c1[MR];
	for (int i = 0; i < MR; i++) {
		c0[i] = first ? _mm512_setzero_ps() : _mm512_load_ps(cq + i * NWG);
		c1[i] = first ? _mm512_setzero_ps() : _mm512_load_ps(cq + i * NWG + 16);
	}
	for (size_t k = 0; k < kb; k++) {
		if (PF && (k % 2) == 0)
			_mm_prefetch((const char *)(ap + k * MR + PF), _MM_HINT_T0);
		__m512 b0 = _mm512_load_ps(bq + k * NR), b1 = _mm512_load_ps(bq + k * NR + 16);
#pragma GCC unroll 16
		for (int i = 0; i < MR; i++) {
			__m512 av = _mm512_set1_ps(ap[k * MR + i]);
			c0[i] = _mm512_fmadd_ps(av, b0, c0[i]);
			c1[i] = _mm512_fmadd_ps(av, b1, c1[i]);
		}
	}
	for (int i = 0; i < MR; i++) {
		_mm512_store_ps(cq + i * NWG, c0[i]);
		_mm512_store_ps(cq + i * NWG + 16, c1[i]);
	}
}
static void block(const float *Ap, const float *Bp, float *c, size_t ldc, size_t m0, size_t n0,
                  size_t K)
{
	for (size_t k0 = 0; k0 < K; k0 += KWG) {
		size_t kb = K - k0 < KWG ? K - k0 : KWG;
#if SWAP
		for (int p = 0; p < NWG / NR; p++)
			for (int ib = 0; ib < MWG; ib += MR)
#else
		for (int ib = 0; ib < MWG; ib += MR)
			for (int p = 0; p < NWG / NR; p++)
#endif
				tile(Ap + ((m0 + ib) / MR) * K * MR + k0 * MR,
				     Bp + ((n0 + p * NR) / NR) * K * NR + k0 * NR,
				     cacc + ib * NWG + p * NR, kb, k0 == 0);
	}
	for (int i = 0; i < MWG; i++)
		memcpy(c + (m0 + i) * ldc + n0, cacc + i * NWG, NWG * 4);
}
int main(int argc, char **argv)
{
	size_t n = argc > 1 ? atol(argv[1]) : 1024;
	float *a = aligned_alloc(64, n * n * 4), *b = aligned_alloc(64, n * n * 4),
	      *c = aligned_alloc(64, n * n * 4), *Ap = aligned_alloc(64, n * n * 4),
	      *Bp = aligned_alloc(64, n * n * 4);
	for (size_t i = 0; i < n * n; i++) {
		a[i] = (float)(i % 7) - 3;
		b[i] = (float)(i % 5) - 2;
	}
	double best = 1e9, bp = 1e9;
	for (int r = 0; r < 5; r++) {
		double t = now();
		for (size_t m = 0; m < n; m++)
			for (size_t k = 0; k < n; k++)
				Ap[(m / MR) * n * MR + k * MR + m % MR] = a[m * n + k];
		for (size_t k = 0; k < n; k++)
			for (size_t j = 0; j < n; j++)
				Bp[(j / NR) * n * NR + k * NR + j % NR] = b[k * n + j];
		double t1 = now();
		for (size_t m0 = 0; m0 < n; m0 += MWG)
			for (size_t n0 = 0; n0 < n; n0 += NWG)
				block(Ap, Bp, c, n, m0, n0, n);
		double t2 = now();
		if (t2 - t < best)
			best = t2 - t;
		if (t2 - t1 < bp)
			bp = t2 - t1;
	}
	double e = 0;
	for (int t = 0; t < 50; t++) {
		size_t i = rand() % n, j = rand() % n;
		double r = 0;
		for (size_t k = 0; k < n; k++)
			r += (double)a[i * n + k] * b[k * n + j];
		e += fabs(r - c[i * n + j]);
	}
	printf("n %zu swap %d: %.1f GFLOP/s with packing, %.1f product alone, err %g\n", n, SWAP,
	       2.0 * n * n * n / best / 1e9, 2.0 * n * n * n / bp / 1e9, e);
}
