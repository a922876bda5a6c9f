/* q.c: 16 independent chains of 512-bit FMAs: one core's FMA peak. gcc -O2 -mavx512f q.c */
#include <immintrin.h>
#include <stdio.h>
#include <time.h>
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}
#define D(i) __m512 a##i = _mm512_set1_ps((float)i * 1e-3f);
#define F(i) a##i = _mm512_fmadd_ps(a##i, x, y);
#define S(i) s += _mm512_reduce_add_ps(a##i);
#define ALL(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)
int main(void)
{
	__m512 x = _mm512_set1_ps(0.5f), y = _mm512_set1_ps(0.25f);
	ALL(D)
	long n = 200000000;
	for (int rep = 0; rep < 3; rep++) {
		double t = now();
		for (long j = 0; j < n; j++) {
			ALL(F)
		}
		t = now() - t;
		float s = 0;
		ALL(S)
		printf("%.1f GFLOP/s (%g)\n", n * 16.0 * 32 / t / 1e9, s);
	}
}
