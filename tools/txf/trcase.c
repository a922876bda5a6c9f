/*
 * Transposes of random matrices for `txf bench` and `txf tune`: a rows x
 * cols matrix of random bytes on the device, transposed with the library
 * (or copied with clEnqueueCopyBuffer, the ceiling), each result checked
 * byte for byte against the host's transpose, then timed.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "trcase.h"
#include "npy.h"
#include "fit.h"
#include "tool.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef TXF_HAVE_OMATCOPY
#include <cblas.h>
#include <limits.h>
#endif

void tr_case_free(tr_case *c)
{
	txf_matrix_free(&c->in);
	txf_matrix_free(&c->out);
	free(c->src);
	free(c->got);
	memset(c, 0, sizeof(*c));
}

int tr_case_init(tr_case *c, txf_context *ctx, const txf_device_profile *p, txf_dtype dtype,
                 size_t rows, size_t cols, size_t batch, unsigned long seed, char *note,
                 size_t notelen)
{
	uint64_t state = seed * 0x2545f4914f6cdd1du + 11;
	txf_status s;

	memset(c, 0, sizeof(*c));
	c->ctx = ctx;
	c->rows = rows;
	c->cols = cols;
	c->dtype = dtype;
	c->elem = txf_dtype_size(c->dtype);
	c->batch = batch ? batch : 1;
	if (rows > SIZE_MAX / cols || rows * cols > SIZE_MAX / 2 / c->elem / c->batch) {
		fprintf(stderr, "txf: %zu %zux%zu %s matrices do not fit in memory\n", c->batch,
		        rows, cols, tool_str(npy_dtype_code(c->dtype)));
		return -1;
	}
	c->bytes = rows * cols * c->elem * c->batch;
	/* The input and the output, before any host memory is taken. */
	const uint64_t need[2] = {c->bytes, c->bytes};
	if (fit_device(p, need, 2, note, notelen) != 0)
		return 1;
	c->src = malloc(c->bytes);
	c->got = malloc(c->bytes);
	if (!c->src || !c->got) {
		fprintf(stderr, "txf: out of host memory for a %zux%zu %s matrix\n", rows, cols,
		        tool_str(npy_dtype_code(c->dtype)));
		tr_case_free(c);
		return -1;
	}
	for (size_t i = 0; i < c->bytes; i += 8) {
		uint64_t r = tool_rand(&state);
		size_t n = c->bytes - i < 8 ? c->bytes - i : 8;

		memcpy(c->src + i, &r, n);
	}
	s = txf_matrix_alloc(c->ctx, c->dtype, rows * c->batch, cols, TXF_ROW_MAJOR, &c->in);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(c->ctx, c->dtype, cols * c->batch, rows, TXF_ROW_MAJOR,
		                     &c->out);
	c->in0 = txf_matrix_view(c->in.buffer, c->dtype, rows, cols, TXF_ROW_MAJOR);
	c->out0 = txf_matrix_view(c->out.buffer, c->dtype, cols, rows, TXF_ROW_MAJOR);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(c->ctx, &c->in, c->src, 0, 1, 0, NULL, NULL);
	if (s != TXF_SUCCESS) {
		tool_report("cannot set up the device matrices", s);
		tr_case_free(c);
		return -1;
	}
	return 0;
}

static txf_status tr_launch(txf_context *ctx, void *arg, cl_event *ev, char *msg, size_t msglen)
{
	tr_case *c = arg;
	txf_status s;

	if (c->copy) {
		cl_int err = clEnqueueCopyBuffer(txf_context_queue(ctx), c->in.buffer,
		                                 c->out.buffer, 0, 0, c->bytes, 0, NULL, ev);

		if (err != CL_SUCCESS) {
			snprintf(msg, msglen, "clEnqueueCopyBuffer failed (%d)", (int)err);
			return TXF_ERR_OPENCL;
		}
		return TXF_SUCCESS;
	}
	if (c->in_place)
		s = txf_transpose_inplace(ctx, &c->in, &c->opts, 0, NULL, ev);
	else if (c->batch > 1)
		s = txf_transpose_batched(ctx, &c->in0, c->rows * c->cols, &c->out0,
		                          c->rows * c->cols, c->batch, &c->opts, 0, NULL, ev);
	else
		s = txf_transpose(ctx, &c->in, &c->out, &c->opts, 0, NULL, ev);
	if (s != TXF_SUCCESS)
		snprintf(msg, msglen, "%s: %s", txf_status_name(s), txf_last_error());
	return s;
}

/* Element a differs from element b, both e bytes; constant sizes let the
 * compiler inline each comparison. */
static int elem_differs(const unsigned char *a, const unsigned char *b, size_t e)
{
	switch (e) {
	case 1:
		return *a != *b;
	case 2:
		return memcmp(a, b, 2) != 0;
	case 4:
		return memcmp(a, b, 4) != 0;
	case 8:
		return memcmp(a, b, 8) != 0;
	case 16:
		return memcmp(a, b, 16) != 0;
	default:
		return memcmp(a, b, e) != 0;
	}
}

/* Whether f4 or f8 elements a and b are both NaN (of any payload). */
static int both_nan(const unsigned char *a, const unsigned char *b, txf_dtype t)
{
	if (t == TXF_F32) {
		float x, y;

		memcpy(&x, a, 4);
		memcpy(&y, b, 4);
		return x != x && y != y;
	}
	if (t == TXF_F64) {
		double x, y;

		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		return x != x && y != y;
	}
	return 0;
}

/* Compare c->got with the copy of c->src or its transpose, byte for byte. */
static int tr_check(const tr_case *c, tr_result *r)
{
	const size_t rows = c->rows, cols = c->cols, e = c->elem, B = 64;
	size_t bad = 0, fi = 0, fj = 0;

	if (c->copy) {
		if (memcmp(c->got, c->src, c->bytes) == 0)
			return 0;
		snprintf(r->note, sizeof(r->note), "the copy differs from its source");
		r->check = "FAIL";
		return -1;
	}
	/* got is cols x rows: got(j, i) = src(i, j), per matrix of the batch. In
	 * blocks, for the cache. */
	for (size_t m = 0; m < c->batch; m++)
		for (size_t i0 = 0; i0 < rows; i0 += B) {
			size_t i1 = rows - i0 < B ? rows : i0 + B;

			for (size_t j0 = 0; j0 < cols; j0 += B) {
				size_t j1 = cols - j0 < B ? cols : j0 + B;

				for (size_t j = j0; j < j1; j++) {
					const unsigned char *g =
					    c->got + (m * rows * cols + j * rows + i0) * e;
					const unsigned char *s =
					    c->src + (m * rows * cols + i0 * cols + j) * e;

					for (size_t i = i0; i < i1; i++, g += e, s += cols * e) {
						if (!elem_differs(g, s, e) ||
						    (c->nan_equal && both_nan(g, s, c->dtype)))
							continue;
						if (!bad++ || j < fj || (j == fj && i < fi)) {
							fj = j;
							fi = i;
						}
					}
				}
			}
		}
	if (!bad)
		return 0;
	snprintf(r->note, sizeof(r->note),
	         "%zu of %zu elements differ from the host's transpose; the first at (%zu, %zu) "
	         "of the %zux%zu result",
	         bad, rows * cols * c->batch, fj, fi, cols, rows);
	r->check = "FAIL";
	return -1;
}

/* Time `repeat` launches into r. */
static int tr_time(tr_case *c, unsigned repeat, tr_result *r)
{
	double *t = calloc(repeat ? repeat : 1, sizeof(*t));
	txf_status s;

	if (!t) {
		snprintf(r->note, sizeof(r->note), "out of memory");
		return -1;
	}
	s = tool_time_runs(c->ctx, tr_launch, c, repeat, t, r->note, sizeof(r->note));
	if (s != TXF_SUCCESS) {
		free(t);
		return -1;
	}
	r->repeats = repeat;
	r->min_ms = tool_min(t, repeat);
	r->median_ms = tool_median(t, repeat);
	free(t);
	return 0;
}

static void tr_note_status(tr_result *r, txf_status s)
{
	snprintf(r->note, sizeof(r->note), "%s: %s", txf_status_name(s), txf_last_error());
}

/* Fill the result with all-ones bytes (NaN in the float types). */
static txf_status tr_poison(tr_case *c, const txf_matrix *m)
{
	const unsigned char ones = 0xff;
	cl_event ev = NULL;
	cl_int err = clEnqueueFillBuffer(txf_context_queue(c->ctx), m->buffer, &ones, 1, 0,
	                                 c->bytes, 0, NULL, &ev);

	if (err != CL_SUCCESS)
		return TXF_ERR_OPENCL;
	return tool_wait_event(ev, "poisoning the result");
}

/* The copy (c->copy) or a transpose with c->opts: prepare its operand, run it
 * once (the warm-up, which also builds kernels), read the result back and
 * check it, then time `repeat` runs. Returns 0 when the result is OK or the
 * strategy does not apply, -1 otherwise. */
static int tr_run(tr_case *c, unsigned repeat, tr_result *r)
{
	const txf_matrix *result = c->in_place ? &c->in : &c->out;
	txf_status s;
	double ms;

	r->check = "error";
	if (c->in_place)
		s = txf_matrix_write(c->ctx, &c->in, c->src, 0, 1, 0, NULL, NULL);
	else
		s = tr_poison(c, &c->out);
	if (s != TXF_SUCCESS) {
		tr_note_status(r, s);
		return -1;
	}
	s = tool_time_launch(c->ctx, tr_launch, c, &ms, r->note, sizeof(r->note));
	if (s == TXF_ERR_STRATEGY_NOT_APPLICABLE) {
		r->check = "n/a";
		return 0;
	}
	if (s != TXF_SUCCESS)
		return -1;
	s = txf_matrix_read(c->ctx, result, c->got, 0, 1, 0, NULL, NULL);
	if (s != TXF_SUCCESS) {
		tr_note_status(r, s);
		return -1;
	}
	if (tr_check(c, r) != 0)
		return -1;
	if (tr_time(c, repeat, r) != 0)
		return -1;
	r->check = "OK";
	return 0;
}

int tr_run_copy(tr_case *c, unsigned repeat, tr_result *r)
{
	memset(r, 0, sizeof(*r));
	c->copy = 1;
	c->in_place = 0;
	return tr_run(c, repeat, r);
}

int tr_run_txf(tr_case *c, const txf_transpose_options *opts, int in_place, unsigned repeat,
               tr_result *r)
{
	txf_status s;

	memset(r, 0, sizeof(*r));
	r->check = "error";
	c->copy = 0;
	c->in_place = in_place;
	c->opts = *opts;
	if (c->batch > 1 && !in_place)
		s = txf_transpose_batched_explain(c->ctx, c->rows, c->cols, c->batch, c->dtype,
		                                  &c->opts, &r->choice);
	else
		s = txf_transpose_explain(c->ctx, c->rows, c->cols, c->dtype, in_place, &c->opts,
		                          &r->choice);
	if (s == TXF_ERR_STRATEGY_NOT_APPLICABLE || s == TXF_ERR_TILE_UNSUPPORTED) {
		r->check = "n/a";
		tr_note_status(r, s);
		return 0;
	}
	if (s != TXF_SUCCESS) {
		tr_note_status(r, s);
		return -1;
	}
	r->have_choice = 1;
	return tr_run(c, repeat, r);
}

const char *tr_blas_name(void)
{
#ifdef TXF_HAVE_OMATCOPY
	return TXF_CBLAS_NAME " ?omatcopy";
#else
	return NULL;
#endif
}

#ifdef TXF_HAVE_OMATCOPY
/* got = the transpose of src with the BLAS routine of the element type. */
static void blas_transpose(void *arg)
{
	tr_case *c = arg;
	const int rows = (int)c->rows, cols = (int)c->cols;
	const size_t step = c->rows * c->cols;

	/* A batch: one call per matrix (the BLAS has no batched form). */
	for (size_t m = 0; m < c->batch; m++) {
		switch (c->dtype) {
		case TXF_F32:
			cblas_somatcopy(CblasRowMajor, CblasTrans, rows, cols, 1.0f,
			                (const float *)c->src + m * step, cols,
			                (float *)c->got + m * step, rows);
			break;
		default:
			cblas_domatcopy(CblasRowMajor, CblasTrans, rows, cols, 1.0,
			                (const double *)c->src + m * step, cols,
			                (double *)c->got + m * step, rows);
			break;
		}
	}
}
#endif

int tr_run_blas(tr_case *c, unsigned repeat, tr_result *r)
{
	memset(r, 0, sizeof(*r));
	r->check = "error";
	c->copy = 0;
#ifdef TXF_HAVE_OMATCOPY
	/* The complex routines multiply by 1 + 0i, which turns an infinite
	 * component into NaN: not a transpose of arbitrary values. */
	if (c->dtype != TXF_F32 && c->dtype != TXF_F64) {
		r->check = "n/a";
		snprintf(r->note, sizeof(r->note), "the BLAS peer transposes f4 and f8 only");
		return 0;
	}
	if (c->rows > INT_MAX || c->cols > INT_MAX) {
		r->check = "n/a";
		snprintf(r->note, sizeof(r->note), "extents above %d do not fit BLAS's int",
		         INT_MAX);
		return 0;
	}
	memset(c->got, 0xff, c->bytes);
	blas_transpose(c);
	c->nan_equal = 1;
	int bad = tr_check(c, r);
	c->nan_equal = 0;
	if (bad)
		return -1;
	if (tool_time_host(blas_transpose, c, repeat, &r->median_ms, &r->min_ms) != 0) {
		snprintf(r->note, sizeof(r->note), "out of memory");
		return -1;
	}
	r->repeats = repeat;
	r->check = "OK";
	return 0;
#else
	(void)repeat;
	snprintf(r->note, sizeof(r->note), "txf was built without a host BLAS transpose");
	return -1;
#endif
}
