/* sets ROWS PITCH J NT TL: the stores of a transpose's output alone, on
 * one core. Output rows PITCH bytes apart; tiles of TL rows, each writing
 * one aligned 64-byte line into each of TL consecutive output rows at the
 * same column; J tiles down a strip written together (each output row's J
 * lines one after the other). NT 1: non-temporal stores. Prints the
 * fastest of 20 passes over ROWS x PITCH bytes.
 * cc -O2 -mavx512f sets.c -o sets */
#include <immintrin.h>
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

int main(int argc, char **argv)
{
	if (argc != 6) {
		fprintf(stderr, "usage: sets ROWS PITCH J NT TL\n");
		return 2;
	}
	const size_t rows = strtoul(argv[1], NULL, 10), pitch = strtoul(argv[2], NULL, 10);
	const size_t J = strtoul(argv[3], NULL, 10), tl = strtoul(argv[5], NULL, 10);
	const int nt = atoi(argv[4]);
	char *out = aligned_alloc(4096, rows * pitch + 4096);
	memset(out, 1, rows * pitch);
	const __m512i v = _mm512_set1_epi32(7);
	double best = 1e9;
	for (int pass = 0; pass < 20; pass++) {
		const double t0 = now();
		for (size_t c0 = 0; c0 + tl <= rows; c0 += tl)
			for (size_t r0 = 0; r0 + 64 * J <= pitch; r0 += 64 * J)
				for (size_t y = 0; y < tl; y++)
					for (size_t j = 0; j < J; j++) {
						char *d = out + (c0 + y) * pitch + r0 + 64 * j;
						if (nt)
							_mm512_stream_si512((void *)d, v);
						else
							_mm512_store_si512((void *)d, v);
					}
		_mm_sfence();
		const double t = now() - t0;
		if (t < best)
			best = t;
	}
	printf("{\"rows\":%zu,\"pitch\":%zu,\"J\":%zu,\"nt\":%d,\"tl\":%zu,\"us\":%.1f,\"gbps\":%."
	       "1f}\n",
	       rows, pitch, J, nt, tl, best * 1e6, (double)(rows / tl * tl) * pitch / best / 1e9);
	free(out);
	return 0;
}
