/*
 * Transposes of random matrices for `txf bench` and `txf tune`, run on the
 * device with the library (or copied with clEnqueueCopyBuffer, the ceiling),
 * each result checked byte for byte against the host's transpose.
 */
#ifndef TXF_TOOL_TRCASE_H
#define TXF_TOOL_TRCASE_H

#include "tiledxform.h"

#include <stddef.h>

/* One shape: random input in `in`, the result (or the copy) in `out`. */
typedef struct tr_case {
	txf_context *ctx;
	size_t rows, cols;
	txf_dtype dtype;
	size_t elem, bytes;
	unsigned char *src; /* rows x cols, row-major, random bytes */
	unsigned char *got; /* a result read back */
	txf_matrix in, out;
	/* A batch of `batch` matrices (1: one), each rows x cols, one after the
	 * other in `in` and their results in `out`; in0 and out0 are the views
	 * of the first. */
	size_t batch;
	txf_matrix in0, out0;
	/* The launch: the copy, or a transpose with these options. */
	int copy, in_place;
	txf_transpose_options opts;
	/* The check takes any NaN for a NaN (the BLAS multiplies by alpha = 1,
	 * which quiets signalling NaNs); otherwise it is byte for byte. */
	int nan_equal;
} tr_case;

/* The outcome of the copy or of one strategy. */
typedef struct tr_result {
	const char *check; /* "OK", "FAIL", "n/a" (not applicable) or "error" */
	unsigned repeats;
	double median_ms, min_ms;
	txf_choice choice;
	int have_choice;
	char note[512];
} tr_result;

/* Set up a case (a batch of `batch` matrices, 1 for one) on device p of ctx
 * with random bytes from seed. Returns 0;
 * 1 when the device cannot hold it (why in note); -1 after reporting a
 * failure on stderr. */
int tr_case_init(tr_case *c, txf_context *ctx, const txf_device_profile *p, txf_dtype dtype,
                 size_t rows, size_t cols, size_t batch, unsigned long seed, char *note,
                 size_t notelen);
void tr_case_free(tr_case *c);

/* clEnqueueCopyBuffer of the same bytes: run once and check, then time
 * `repeat` runs. Returns 0 when the copy is OK, -1 otherwise. */
int tr_run_copy(tr_case *c, unsigned repeat, tr_result *r);

/* The library with opts, in place or not: explain, run once on a poisoned
 * output (in place: on the input written again) and check, then time
 * `repeat` runs. Returns 0 when the result is OK or the choice does not
 * apply (check "n/a"), -1 otherwise. */
int tr_run_txf(tr_case *c, const txf_transpose_options *opts, int in_place, unsigned repeat,
               tr_result *r);

/* The host BLAS's out-of-place transpose (cblas_?omatcopy with alpha 1) of
 * the same matrix in host memory: run once and check, then time `repeat`
 * runs with the monotonic clock. Returns 0 when the result is OK or the
 * element type has no such routine (check "n/a"), -1 otherwise. */
int tr_run_blas(tr_case *c, unsigned repeat, tr_result *r);
/* "openblas 0.3.21 ?omatcopy", or NULL when txf was built without one. */
const char *tr_blas_name(void);

#endif /* TXF_TOOL_TRCASE_H */
