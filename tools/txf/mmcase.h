/*
 * Matrix products of random matrices for `txf demo` and `txf bench`:
 * C (m x n) = A (m x k) B (k x n), all row-major, alpha 1, beta 0 (16-bit
 * A and B with a float32 C), run on
 * the device with the library (or CLBlast) and on the host (with a host
 * BLAS), each result checked against a float64 host product.
 */
#ifndef TXF_TOOL_MMCASE_H
#define TXF_TOOL_MMCASE_H

#include "tiledxform.h"

#include <stddef.h>

/* Products of at most this many multiply-adds are checked at every element
 * (unless a full check is asked for); larger ones on a grid of rows and
 * columns that includes the first two and the last two of each. */
#define MM_FULL_CHECK_MAX ((double)(1u << 26))

typedef struct mm_case {
	txf_context *ctx;
	size_t m, n, k;
	txf_dtype dtype; /* of A and B: TXF_F32, TXF_F64, TXF_F16 or TXF_BF16 */
	size_t elem;
	txf_dtype cdtype; /* of C: dtype, or TXF_F32 for the 16-bit types */
	size_t celem;
	void *a, *b;  /* host operands */
	void *got;    /* C as read back (or as the host BLAS wrote it) */
	void *poison; /* m x n NaN bit patterns */
	txf_matrix da, db, dc;
	/* The elements checked: rows ri[0..nr-1] by columns ci[0..nc-1], with
	 * the float64 product in ref and the sum of magnitudes of its terms in
	 * abs, each nr x nc row-major. */
	size_t *ri, *ci;
	size_t nr, nc;
	double *ref, *abs;
	int full; /* every element is checked */
} mm_case;

/* The outcome of one implementation or strategy on a case. */
typedef struct mm_result {
	const char *check; /* "OK", "FAIL", "n/a" (not applicable) or "error" */
	txf_matmul_choice choice;
	int have_choice;
	unsigned repeats;         /* timed runs, 0 when none were made */
	double median_ms, min_ms; /* of the timed runs */
	double worst;             /* largest |C - Cref| / bound among the checked elements */
	char note[512];           /* what went wrong, or "" */
} mm_result;

/* Make a case on device p of ctx: random operands in [-1, 1) from seed,
 * device buffers and the reference (every element when full is set or the
 * product is small). Returns 0; 1 when the device cannot hold A, B and C
 * (why in note; checked before any memory is allocated); -1 after
 * reporting a failure on stderr. */
int mm_case_init(mm_case *c, txf_context *ctx, const txf_device_profile *p, size_t m, size_t n,
                 size_t k, txf_dtype dtype, unsigned long seed, int full, char *note,
                 size_t notelen);
void mm_case_free(mm_case *c);

/* The library with one strategy and the kernel parameters of opts (NULL:
 * all chosen by the library; its strategy is ignored): explain, run once on
 * a poisoned C and check, then time `repeat` runs. Returns 0 when the
 * result is OK or the strategy does not apply, -1 otherwise. r->choice's
 * entry and why hold until the thread's next explain call. */
int mm_run_txf(mm_case *c, txf_strategy strategy, const txf_matmul_options *opts, unsigned repeat,
               mm_result *r);

/* CLBlast's gemm on the same queue and buffers, timed the same way.
 * Returns -1 with check "error" when the tool was built without it. */
int mm_run_clblast(mm_case *c, unsigned repeat, mm_result *r);

/* The host BLAS's gemm on the host copies, timed with a monotonic clock.
 * Returns -1 with check "error" when the tool was built without it. */
int mm_run_blas(mm_case *c, unsigned repeat, mm_result *r);

/* Names of the implementations built in, for --version and --help:
 * "CLBlast 1.5.3", "OpenBLAS 0.3.21"; NULL when absent. */
const char *mm_clblast_name(void);
const char *mm_blas_name(void);

#endif /* TXF_TOOL_MMCASE_H */
