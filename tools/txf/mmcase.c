/* Matrix products of random matrices for demo and bench. See mmcase.h. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "mmcase.h"
#include "fit.h"
#include "tool.h"

#include <limits.h>
#include <stdbool.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef TXF_HAVE_CLBLAST
#include <clblast_c.h>
#endif
#ifdef TXF_HAVE_CBLAS
#include <cblas.h>
#endif

/* Rows (or columns) checked when not every element is: the first two, the
 * middle one, the last two and random ones, MM_SAMPLE of them at most. */
#define MM_SAMPLE 24

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* Distinct indices below n into out; returns how many. */
static size_t sample_indices(size_t n, uint64_t *state, size_t *out)
{
	size_t cand[MM_SAMPLE], got = 0, k = 0;

	cand[k++] = 0;
	cand[k++] = 1;
	cand[k++] = n / 2;
	cand[k++] = n - 2;
	cand[k++] = n - 1;
	while (k < MM_SAMPLE)
		cand[k++] = (size_t)(tool_rand(state) % n);
	for (size_t i = 0; i < k; i++) {
		if (cand[i] < n)
			out[got++] = cand[i];
	}
	qsort(out, got, sizeof(*out), cmp_size);
	k = 0;
	for (size_t i = 0; i < got; i++) {
		if (k == 0 || out[k - 1] != out[i])
			out[k++] = out[i];
	}
	return k;
}

static void fill_random(void *p, txf_dtype dtype, size_t count, uint64_t *state)
{
	for (size_t i = 0; i < count; i++) {
		uint64_t r = tool_rand(state);

		/* Values in [-1, 1) that the type holds exactly: for the 16-bit
		 * types, multiples of 2^-11 (f16) or 2^-8 (bf16). */
		if (dtype == TXF_F16 || dtype == TXF_BF16) {
			const int bits = dtype == TXF_F16 ? 11 : 8;
			const double x =
			    ldexp((double)(int64_t)(r >> (64 - bits - 1)), -bits) - 1.0;

			((uint16_t *)p)[i] = tool_half_bits(dtype, x);
		} else if (dtype == TXF_F64)
			((double *)p)[i] = (double)(r >> 11) / 4503599627370496.0 - 1.0;
		else
			((float *)p)[i] = (float)((double)(r >> 40) / 8388608.0 - 1.0);
	}
}

/* Every element of the product, in float64. */
static int reference_full(mm_case *c)
{
	size_t m = c->m, n = c->n, k = c->k;
	tool_hmat ha = tool_hmat_of(c->a, c->dtype, m, k, 0, 0);
	tool_hmat hb = tool_hmat_of(c->b, c->dtype, k, n, 0, 0);
	double *a = malloc(m * k * sizeof(double));
	double *b = malloc(k * n * sizeof(double));

	if (!a || !b) {
		free(a);
		free(b);
		return -1;
	}
	for (size_t i = 0; i < m; i++)
		for (size_t p = 0; p < k; p++)
			a[i * k + p] = tool_hmat_get(&ha, i, p);
	for (size_t p = 0; p < k; p++)
		for (size_t j = 0; j < n; j++)
			b[p * n + j] = tool_hmat_get(&hb, p, j);
	for (size_t i = 0; i < m; i++) {
		double *ref = c->ref + i * n, *abs = c->abs + i * n;

		for (size_t j = 0; j < n; j++)
			ref[j] = abs[j] = 0.0;
		for (size_t p = 0; p < k; p++) {
			const double aip = a[i * k + p], *brow = b + p * n;

			for (size_t j = 0; j < n; j++) {
				double x = aip * brow[j];

				ref[j] += x;
				abs[j] += fabs(x);
			}
		}
	}
	free(a);
	free(b);
	return 0;
}

static void reference_sampled(mm_case *c)
{
	tool_hmat ha = tool_hmat_of(c->a, c->dtype, c->m, c->k, 0, 0);
	tool_hmat hb = tool_hmat_of(c->b, c->dtype, c->k, c->n, 0, 0);

	for (size_t i = 0; i < c->nr; i++)
		for (size_t j = 0; j < c->nc; j++)
			tool_dot(&ha, &hb, c->k, c->ri[i], c->ci[j], &c->ref[i * c->nc + j],
			         &c->abs[i * c->nc + j]);
}

int mm_case_init(mm_case *c, txf_context *ctx, const txf_device_profile *p, size_t m, size_t n,
                 size_t k, txf_dtype dtype, unsigned long seed, int full, char *note,
                 size_t notelen)
{
	uint64_t state = seed * 0x2545f4914f6cdd1du + 7;
	size_t mn;
	txf_status s;

	memset(c, 0, sizeof(*c));
	c->ctx = ctx;
	c->m = m;
	c->n = n;
	c->k = k;
	c->dtype = dtype;
	c->elem = txf_dtype_size(dtype);
	const bool half = dtype == TXF_F16 || dtype == TXF_BF16;
	c->cdtype = half ? TXF_F32 : dtype;
	c->celem = txf_dtype_size(c->cdtype);
	c->full = full || (double)m * (double)n * (double)k <= MM_FULL_CHECK_MAX;
	if (m == 0 || n == 0 || k == 0 || (dtype != TXF_F32 && dtype != TXF_F64 && !half) ||
	    m > SIZE_MAX / n || m > SIZE_MAX / k || k > SIZE_MAX / n ||
	    m * n > SIZE_MAX / 8 / c->elem || m * k > SIZE_MAX / 8 / c->elem ||
	    k * n > SIZE_MAX / 8 / c->elem) {
		fprintf(stderr, "txf: cannot run a %zux%zux%zu %s product on the host\n", m, n, k,
		        tool_str(txf_dtype_name(dtype)));
		return -1;
	}
	/* A, B and C on the device, before any host memory is taken. */
	const uint64_t need[3] = {fit_matrix_bytes(m, k, c->elem), fit_matrix_bytes(k, n, c->elem),
	                          fit_matrix_bytes(m, n, c->celem)};
	if (fit_device(p, need, 3, note, notelen) != 0)
		return 1; /* nothing to free */
	mn = m * n;
	c->nr = c->full ? m : MM_SAMPLE;
	c->nc = c->full ? n : MM_SAMPLE;
	c->a = malloc(m * k * c->elem);
	c->b = malloc(k * n * c->elem);
	c->got = malloc(mn * c->celem);
	c->poison = malloc(mn * c->celem);
	c->ri = malloc(c->nr * sizeof(size_t));
	c->ci = malloc(c->nc * sizeof(size_t));
	c->ref = malloc(c->nr * c->nc * sizeof(double));
	c->abs = malloc(c->nr * c->nc * sizeof(double));
	if (!c->a || !c->b || !c->got || !c->poison || !c->ri || !c->ci || !c->ref || !c->abs) {
		fprintf(stderr, "txf: out of memory for a %zux%zux%zu product\n", m, n, k);
		mm_case_free(c);
		return -1;
	}
	fill_random(c->a, dtype, m * k, &state);
	fill_random(c->b, dtype, k * n, &state);
	memset(c->poison, 0xff, mn * c->celem); /* NaN in both types */
	if (c->full) {
		for (size_t i = 0; i < m; i++)
			c->ri[i] = i;
		for (size_t j = 0; j < n; j++)
			c->ci[j] = j;
		if (reference_full(c) != 0) {
			fprintf(stderr, "txf: out of memory for a %zux%zux%zu reference\n", m, n,
			        k);
			mm_case_free(c);
			return -1;
		}
	} else {
		c->nr = sample_indices(m, &state, c->ri);
		c->nc = sample_indices(n, &state, c->ci);
		reference_sampled(c);
	}

	s = txf_matrix_alloc(ctx, dtype, m, k, TXF_ROW_MAJOR, &c->da);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, dtype, k, n, TXF_ROW_MAJOR, &c->db);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, c->cdtype, m, n, TXF_ROW_MAJOR, &c->dc);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &c->da, c->a, 0, 1, 0, NULL, NULL);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &c->db, c->b, 0, 1, 0, NULL, NULL);
	if (s != TXF_SUCCESS) {
		tool_report("cannot set up the device matrices", s);
		mm_case_free(c);
		return -1;
	}
	return 0;
}

void mm_case_free(mm_case *c)
{
	txf_matrix_free(&c->da);
	txf_matrix_free(&c->db);
	txf_matrix_free(&c->dc);
	free(c->a);
	free(c->b);
	free(c->got);
	free(c->poison);
	free(c->ri);
	free(c->ci);
	free(c->ref);
	free(c->abs);
	memset(c, 0, sizeof(*c));
}

/* Compare c->got with the reference on the checked elements. A choice of
 * precision tf32 (operands rounded to TF32, unit roundoff 2^-11) adds the
 * rounding of each product's two operands, 2^-10 + 2^-22 of its
 * magnitude, to the f32 bound; 16-bit operands are TF32 values already, so
 * their products keep the f32 bound. */
static int check_result(mm_case *c, mm_result *r)
{
	size_t bad = 0, bi = 0, bj = 0;
	double bgot = 0, bwant = 0;
	const bool tf32 =
	    r->have_choice && tool_mparam(&r->choice, "precision") == 3 && c->dtype == c->cdtype;

	r->worst = 0.0;
	for (size_t i = 0; i < c->nr; i++) {
		for (size_t j = 0; j < c->nc; j++) {
			size_t at = c->ri[i] * c->n + c->ci[j];
			double got = c->cdtype == TXF_F64 ? ((const double *)c->got)[at]
			                                  : (double)((const float *)c->got)[at];
			double want = c->ref[i * c->nc + j];
			double bound = tool_bound(c->cdtype, c->k, c->abs[i * c->nc + j]) +
			               (tf32 ? (0x1p-10 + 0x1p-22) * c->abs[i * c->nc + j] : 0.0);
			double e = fabs(got - want);

			if (!(e <= bound)) {
				if (bad++ == 0) {
					bi = c->ri[i];
					bj = c->ci[j];
					bgot = got;
					bwant = want;
				}
				r->worst = INFINITY;
			} else if (e / bound > r->worst) {
				r->worst = e / bound;
			}
		}
	}
	if (!bad)
		return 0;
	snprintf(r->note, sizeof(r->note),
	         "%zu of %zu checked elements wrong; first at (%zu, %zu): got %.9g, expected %.9g",
	         bad, c->nr * c->nc, bi, bj, bgot, bwant);
	r->check = "FAIL";
	return -1;
}

/* Time `repeat` runs of fn into r. */
static int time_runs(mm_case *c, tool_launch_fn fn, void *arg, unsigned repeat, mm_result *r)
{
	double *t = calloc(repeat ? repeat : 1, sizeof(*t));
	txf_status s;

	if (!t) {
		snprintf(r->note, sizeof(r->note), "out of memory");
		r->check = "error";
		return -1;
	}
	s = tool_time_runs(c->ctx, fn, arg, repeat, t, r->note, sizeof(r->note));
	if (s != TXF_SUCCESS) {
		free(t);
		r->check = "error";
		return -1;
	}
	r->repeats = repeat;
	r->min_ms = tool_min(t, repeat);
	r->median_ms = tool_median(t, repeat);
	free(t);
	return 0;
}

/* Poison C, run once (the warm-up, which also builds kernels), read C back
 * and check it, then time `repeat` runs. */
static int run_device(mm_case *c, tool_launch_fn fn, void *arg, unsigned repeat, const void *poison,
                      mm_result *r)
{
	txf_status s;
	double ms;

	s = txf_matrix_write(c->ctx, &c->dc, poison, 0, 1, 0, NULL, NULL);
	if (s != TXF_SUCCESS) {
		snprintf(r->note, sizeof(r->note), "%s: %s", txf_status_name(s), txf_last_error());
		return -1;
	}
	s = tool_time_launch(c->ctx, fn, arg, &ms, r->note, sizeof(r->note));
	if (s == TXF_ERR_STRATEGY_NOT_APPLICABLE) {
		r->check = "n/a";
		return 0;
	}
	if (s != TXF_SUCCESS)
		return -1;
	s = txf_matrix_read(c->ctx, &c->dc, c->got, 0, 1, 0, NULL, NULL);
	if (s != TXF_SUCCESS) {
		snprintf(r->note, sizeof(r->note), "%s: %s", txf_status_name(s), txf_last_error());
		return -1;
	}
	if (check_result(c, r) != 0)
		return -1;
	if (time_runs(c, fn, arg, repeat, r) != 0)
		return -1;
	r->check = "OK";
	return 0;
}

struct txf_launch {
	mm_case *c;
	txf_matmul_options opts;
};

static txf_status launch_txf(txf_context *ctx, void *arg, cl_event *ev, char *msg, size_t msglen)
{
	struct txf_launch *l = arg;
	mm_case *c = l->c;
	txf_status s = txf_matmul(ctx, TXF_OP_N, TXF_OP_N, 1.0, &c->da, &c->db, 0.0, &c->dc,
	                          &l->opts, 0, NULL, ev);

	if (s != TXF_SUCCESS)
		snprintf(msg, msglen, "%s: %s", txf_status_name(s), txf_last_error());
	return s;
}

int mm_run_txf(mm_case *c, txf_strategy strategy, const txf_matmul_options *opts, unsigned repeat,
               mm_result *r)
{
	struct txf_launch l;
	txf_status s;

	memset(r, 0, sizeof(*r));
	r->check = "error";
	l.c = c;
	if (opts)
		l.opts = *opts;
	else
		txf_matmul_options_default(&l.opts);
	l.opts.strategy = strategy;
	s = txf_matmul_explain(c->ctx, c->m, c->n, c->k, c->dtype, &l.opts, &r->choice);
	if (s == TXF_ERR_STRATEGY_NOT_APPLICABLE) {
		r->check = "n/a";
		snprintf(r->note, sizeof(r->note), "%s: %s", txf_status_name(s), txf_last_error());
		return 0;
	}
	if (s != TXF_SUCCESS) {
		snprintf(r->note, sizeof(r->note), "%s: %s", txf_status_name(s), txf_last_error());
		return -1;
	}
	r->have_choice = 1;
	return run_device(c, launch_txf, &l, repeat, c->poison, r);
}

#ifdef TXF_HAVE_CLBLAST
static txf_status launch_clblast(txf_context *ctx, void *arg, cl_event *ev, char *msg,
                                 size_t msglen)
{
	mm_case *c = arg;
	cl_command_queue q = txf_context_queue(ctx);
	CLBlastStatusCode st;

	if (c->dtype == TXF_F64)
		st = CLBlastDgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo,
		                  c->m, c->n, c->k, 1.0, c->da.buffer, 0, c->k, c->db.buffer, 0,
		                  c->n, 0.0, c->dc.buffer, 0, c->n, &q, ev);
	else
		st = CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo,
		                  c->m, c->n, c->k, 1.0f, c->da.buffer, 0, c->k, c->db.buffer, 0,
		                  c->n, 0.0f, c->dc.buffer, 0, c->n, &q, ev);
	if (st != CLBlastSuccess) {
		snprintf(msg, msglen, "CLBlast%cgemm failed with status %d",
		         c->dtype == TXF_F64 ? 'D' : 'S', (int)st);
		return TXF_ERR_OPENCL;
	}
	return TXF_SUCCESS;
}
#endif

/* The peers have no gemm of 16-bit operands into an f32 C: "n/a". */
static bool no_peer_gemm(const mm_case *c, mm_result *r)
{
	if (c->dtype == c->cdtype)
		return false;
	r->check = "n/a";
	snprintf(r->note, sizeof(r->note), "no %s x %s -> %s gemm", txf_dtype_name(c->dtype),
	         txf_dtype_name(c->dtype), txf_dtype_name(c->cdtype));
	return true;
}

int mm_run_clblast(mm_case *c, unsigned repeat, mm_result *r)
{
	memset(r, 0, sizeof(*r));
	r->check = "error";
	if (no_peer_gemm(c, r))
		return 0;
#ifdef TXF_HAVE_CLBLAST
	return run_device(c, launch_clblast, c, repeat, c->poison, r);
#else
	(void)c;
	(void)repeat;
	snprintf(r->note, sizeof(r->note), "txf was built without CLBlast");
	return -1;
#endif
}

#ifdef TXF_HAVE_CBLAS
static void blas_gemm(void *arg)
{
	mm_case *c = arg;

	if (c->dtype == TXF_F64)
		cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)c->m, (int)c->n,
		            (int)c->k, 1.0, c->a, (int)c->k, c->b, (int)c->n, 0.0, c->got,
		            (int)c->n);
	else
		cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)c->m, (int)c->n,
		            (int)c->k, 1.0f, c->a, (int)c->k, c->b, (int)c->n, 0.0f, c->got,
		            (int)c->n);
}
#endif

int mm_run_blas(mm_case *c, unsigned repeat, mm_result *r)
{
	memset(r, 0, sizeof(*r));
	r->check = "error";
	if (no_peer_gemm(c, r))
		return 0;
#ifdef TXF_HAVE_CBLAS
	if (c->m > INT_MAX || c->n > INT_MAX || c->k > INT_MAX) {
		snprintf(r->note, sizeof(r->note), "extents above %d do not fit BLAS's int",
		         INT_MAX);
		return -1;
	}
	memcpy(c->got, c->poison, c->m * c->n * c->celem);
	blas_gemm(c);
	if (check_result(c, r) != 0)
		return -1;
	if (tool_time_host(blas_gemm, c, repeat, &r->median_ms, &r->min_ms) != 0) {
		snprintf(r->note, sizeof(r->note), "out of memory");
		return -1;
	}
	r->repeats = repeat;
	r->check = "OK";
	return 0;
#else
	(void)c;
	(void)repeat;
	snprintf(r->note, sizeof(r->note), "txf was built without a host BLAS");
	return -1;
#endif
}

const char *mm_clblast_name(void)
{
#ifdef TXF_HAVE_CLBLAST
	return "CLBlast " TXF_CLBLAST_VERSION;
#else
	return NULL;
#endif
}

const char *mm_blas_name(void)
{
#ifdef TXF_HAVE_CBLAS
	return TXF_CBLAS_NAME;
#else
	return NULL;
#endif
}
