/* h.c: the blocked kernel's structure in C on one core (blocks MWG x NWG, B's panel copied per
 * block and K panel, register tiles of MR rows by 16 NV columns, A read in its rows; SWAP 1 walks
 * the tiles by column panels). gcc -O2 -march=native [-DMWG= -DNWG= -DKWG= -DMR= -DNV= -DSWAP=]
 * h.c -lm; ./a.out N MODE (MODE 1: A's block copied per K panel). */
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
#ifndef MR
#define MR 8
#endif
#ifndef NV
#define NV 2
#endif
#ifndef SWAP
#define SWAP 0
#endif
#define NR (16 * NV)
static float bp[KWG * NWG] __attribute__((aligned(64)));
static float cacc[MWG * NWG] __attribute__((aligned(64)));
static float ab[MWG * KWG] __attribute__((aligned(64)));
static inline void tile(const float *const *ar, size_t astep, const float *bq, float *cq, size_t kb,
                        int first)
{
	__m512 cc[MR][NV];
	for (int i = 0; i < MR; i++)
		for (int v = 0; v < NV; v++)
			cc[i][v] =
			    first ? _mm512_setzero_ps() : _mm512_load_ps(cq + i * NWG + 16 * v);
	for (size_t k = 0; k < kb; k++) {
		__m512 bv[NV];
		for (int v = 0; v < NV; v++)
			bv[v] = _mm512_load_ps(bq + k * NR + 16 * v);
#pragma GCC unroll 16
		for (int i = 0; i < MR; i++) {
			__m512 av = _mm512_set1_ps(ar[i][k * astep]);
			for (int v = 0; v < NV; v++)
				cc[i][v] = _mm512_fmadd_ps(av, bv[v], cc[i][v]);
		}
	}
	for (int i = 0; i < MR; i++)
		for (int v = 0; v < NV; v++)
			_mm512_store_ps(cq + i * NWG + 16 * v, cc[i][v]);
}
static void block(const float *a, size_t lda, const float *b, size_t ldb, float *c, size_t ldc,
                  size_t m0, size_t n0, size_t K, int mode)
{
	for (size_t k0 = 0; k0 < K; k0 += KWG) {
		size_t kb = K - k0 < KWG ? K - k0 : KWG;
		for (size_t k = 0; k < kb; k++)
			for (int p = 0; p < NWG / NR; p++)
				memcpy(bp + (p * KWG + k) * NR, b + (k0 + k) * ldb + n0 + p * NR,
				       NR * 4);
		if (mode == 1)
			for (int i = 0; i < MWG; i++)
				memcpy(ab + i * KWG, a + (m0 + i) * lda + k0, kb * 4);
#if SWAP
		for (int p = 0; p < NWG / NR; p++)
			for (int ib = 0; ib + MR <= MWG; ib += MR) {
#else
		for (int ib = 0; ib + MR <= MWG; ib += MR)
			for (int p = 0; p < NWG / NR; p++) {
#endif
				const float *ar[MR];
				for (int i = 0; i < MR; i++)
					ar[i] = mode == 1 ? ab + (ib + i) * KWG
					                  : a + (m0 + ib + i) * lda + k0;
				tile(ar, 1, bp + p * KWG * NR, cacc + ib * NWG + p * NR, kb,
				     k0 == 0);
			}
	}
	for (int i = 0; i < MWG / MR * MR; i++)
		memcpy(c + (m0 + i) * ldc + n0, cacc + i * NWG, NWG * 4);
}
int main(int argc, char **argv)
{
	size_t n = argc > 1 ? atol(argv[1]) : 1024;
	int mode = argc > 2 ? atoi(argv[2]) : 0;
	float *a = aligned_alloc(64, n * n * 4), *b = aligned_alloc(64, n * n * 4),
	      *c = aligned_alloc(64, n * n * 4);
	for (size_t i = 0; i < n * n; i++) {
		a[i] = (float)(i % 7) - 3;
		b[i] = (float)(i % 5) - 2;
	}
	double best = 1e9;
	for (int r = 0; r < 5; r++) {
		double t = now();
		for (size_t m0 = 0; m0 + MWG <= n; m0 += MWG)
			for (size_t n0 = 0; n0 < n; n0 += NWG)
				block(a, n, b, n, c, n, m0, n0, n, mode);
		t = now() - t;
		if (t < best)
			best = t;
	}
	size_t mm = n / MWG * MWG / MR * MR;
	if (MWG % MR)
		mm = 0;
	double e = 0;
	for (int t = 0; t < 50 && mm; t++) {
		size_t i = rand() % mm, j = rand() % n;
		double r = 0;
		for (size_t k = 0; k < n; k++)
			r += (double)a[i * n + k] * b[k * n + j];
		e += fabs(r - c[i * n + j]);
	}
	printf("MWG %d NWG %d KWG %d MR %d NV %d swap %d mode %d: %.1f GFLOP/s err %g\n", MWG, NWG,
	       KWG, MR, NV, SWAP, mode, 2.0 * (n / MWG * MWG) * n * n / best / 1e9, e);
}
