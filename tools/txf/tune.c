/*
 * `txf tune`: measures candidate strategies and kernel parameters on the
 * device and writes the winners to the device's tuning file.
 *
 * For each operation and type, six shapes stand for the size classes
 * (small and large, divisible by the usual tiles or not; few rows, few
 * columns), with the kernels of each class among the candidates (for
 * transposes the skinny kernels, the packed ones for 1- and 2-byte
 * elements, the streaming one). Every candidate is
 * run once on a poisoned output and checked (transposes exactly, products
 * against a float64 host reference), then timed: the median of the timed
 * runs, each measured with events, after the checked run and 20 ms of runs
 * as warm-up. A candidate whose result is wrong is rejected and reported.
 * Then, for
 * matmul, a ladder of uneven sizes finds where copying into padded
 * temporaries (PADCOPY) starts to pay.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "tune.h"
#include "mmcase.h"
#include "tool.h"
#include "trcase.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_CANDIDATES 512

typedef struct tuner {
	const tune_settings *set;
	txf_context *ctx;
	txf_device_profile prof;
	int gpu;
	unsigned repeat;
	int tty;
	unsigned done, total; /* candidates, for the progress line */
	double t0;
	unsigned rejected; /* candidates whose result was wrong */
	uint64_t seed;
	unsigned tr_dtypes, mm_dtypes; /* bit (1u << txf_dtype) per type tuned */
} tuner;

/* Matmul kernel parameters: those of --params (cli_params_names), then
 * mma. */
#define MM_PARAMS (CLI_PARAMS_COUNT + 1)
enum { MWG, NWG, KWG, MDIMC, NDIMC, VWA, VWB, KSPLIT, LBUF, WMAP, KGROUPS, MMA };
static const char *mm_name(size_t i)
{
	return i < CLI_PARAMS_COUNT ? cli_params_names[i] : "mma";
}
typedef struct mm_set {
	long long v[MM_PARAMS];
} mm_set;

/* A candidate: a strategy with a tile (transpose) or parameters (matmul). */
typedef struct cand {
	txf_strategy strategy;
	unsigned tile, wg_rows;
	mm_set params;
	double ms;          /* median, or INFINITY when it failed or does not apply */
	int stream;         /* transpose: the streaming kernel (1) or not (-1) */
	int skinny, packed; /* transpose: those kernels of pad (1; packed 2: chunked) or not (0) */
	int stores;         /* transpose, streaming kernel: 1 non-temporal, -1 ordinary, 0 chosen */
} cand;

static cand tr_cand(txf_strategy st, unsigned tile, unsigned wg_rows, int stream)
{
	cand c;
	memset(&c, 0, sizeof c);
	c.strategy = st;
	c.tile = tile;
	c.wg_rows = wg_rows;
	c.ms = INFINITY;
	c.stream = stream;
	return c;
}

static cand mm_cand(txf_strategy st, const mm_set *p)
{
	cand c;
	memset(&c, 0, sizeof c);
	c.strategy = st;
	c.params = *p;
	c.ms = INFINITY;
	return c;
}

/* Matmul options with the parameters of p set by name; -1 when the library
 * refuses one (its message in txf_last_error). */
static int mm_options(const mm_set *p, txf_strategy st, txf_matmul_options *o)
{
	txf_matmul_options_default(o);
	o->strategy = st;
	for (size_t i = 0; i < MM_PARAMS; i++)
		if (txf_matmul_options_set(o, mm_name(i), p->v[i]) != TXF_SUCCESS)
			return -1;
	return 0;
}

/* The parameters of a matmul choice. */
static mm_set mm_chosen(const txf_matmul_choice *ch)
{
	mm_set p;
	for (size_t i = 0; i < MM_PARAMS; i++)
		p.v[i] = tool_mparam(ch, mm_name(i));
	return p;
}

/* Add name = value to the parameters of a tuned entry. */
static void tuned_put(txf_tuned *e, const char *name, long long value)
{
	if (e->num_params < TXF_MAX_PARAMS) {
		e->params[e->num_params].name = name;
		e->params[e->num_params].value = value;
		e->num_params++;
	}
}

/* ----------------------------------------------------------- progress */

static void progress(tuner *t, const char *what)
{
	double el = (tool_now_ms() - t->t0) / 1e3;
	double eta = t->done ? el / t->done * (t->total - t->done) : 0;
	if (t->tty) {
		fprintf(stderr, "\r\033[K[%3u/%3u] %-60.60s  %4.0fs, about %4.0fs left", t->done,
		        t->total, what, el, eta);
	} else {
		fprintf(stderr, "tune: %u/%u %s (%.0f s, about %.0f s left)\n", t->done, t->total,
		        what, el, eta);
	}
	fflush(stderr);
}

static void progress_end(tuner *t)
{
	if (t->tty)
		fputs("\r\033[K", stderr);
}

/* Print a line on stdout without mixing it into the progress line. */
static void say(tuner *t, const char *fmt, ...)
{
	va_list ap;
	progress_end(t);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

/* ------------------------------------------------------------- shapes */

typedef struct class_shapes {
	size_t dims[TXF_SIZE_CLASS_COUNT][3];
} class_shapes;

/* Representative shapes per class. Uneven ones are odd near the even; the
 * skinny ones have an odd short side (7 rows or columns of a transpose, m or
 * n of 64 for a matmul) and as many elements as the large class. */
static class_shapes transpose_shapes(const tuner *t)
{
	size_t small = t->gpu ? (t->set->full ? 1024 : 512) : (t->set->full ? 1024 : 512);
	size_t large = t->gpu ? (t->set->full ? 8192 : 4096) : (t->set->full ? 4096 : 2048);
	size_t few = 7, long_side = large * large / few;
	class_shapes s = {{{small, small, 1},
	                   {small - 3, small + 3, 1},
	                   {large, large, 1},
	                   {large - 3, large + 3, 1},
	                   {few, long_side, 1},
	                   {long_side, few, 1}}};
	return s;
}

static class_shapes matmul_shapes(const tuner *t)
{
	size_t small = t->gpu ? (t->set->full ? 512 : 256) : (t->set->full ? 256 : 128);
	size_t large = t->gpu ? (t->set->full ? 4096 : 2048) : (t->set->full ? 1024 : 512);
	class_shapes s = {{{small, small, small},
	                   {small - 1, small + 1, small - 3},
	                   {large, large, large},
	                   {large - 1, large + 1, large - 3},
	                   {64, 4 * large, large / 2},
	                   {4 * large, 64, large / 2}}};
	return s;
}

/* Classes whose entry applies only where its tile divides the shape. */
static bool class_even(int cls)
{
	return cls == TXF_SMALL_EVEN || cls == TXF_LARGE_EVEN;
}

/* Classes that take SIMPLE among their candidates. */
static bool class_small(int cls)
{
	return cls == TXF_SMALL_EVEN || cls == TXF_SMALL_UNEVEN;
}

static double shape_size(txf_tune_op op, const size_t *d)
{
	return (double)d[0] * (double)d[1] * (op == TXF_TUNE_MATMUL ? (double)d[2] : 1.0);
}

/* --------------------------------------------------------- transpose */

/* Check, then time one candidate; cd->ms is INFINITY when it cannot run. */
static void tr_measure(tuner *t, tr_case *c, cand *cd)
{
	txf_transpose_options o;
	tr_result r;

	cd->ms = INFINITY;
	txf_transpose_options_default(&o);
	o.strategy = cd->strategy;
	o.tile = cd->tile;
	o.wg_rows = cd->wg_rows;
	if (txf_transpose_options_set(&o, "stream", cd->stream) != TXF_SUCCESS ||
	    txf_transpose_options_set(&o, "stores", cd->stores) != TXF_SUCCESS ||
	    txf_transpose_options_set(&o, "skinny", cd->skinny) != TXF_SUCCESS ||
	    txf_transpose_options_set(&o, "packed", cd->packed) != TXF_SUCCESS)
		return;
	int rc = tr_run_txf(c, &o, 0, t->repeat, &r);
	if (rc == 0 && strcmp(r.check, "OK") == 0) {
		cd->ms = r.median_ms;
		return;
	}
	if (strcmp(r.check, "FAIL") == 0) {
		t->rejected++;
		say(t, "REJECTED: transpose %s %zux%zu %s%s tile %u x %u: %s\n",
		    txf_dtype_name(c->dtype), c->rows, c->cols, txf_strategy_name(cd->strategy),
		    cd->stream > 0    ? " streaming"
		    : cd->skinny > 0  ? " skinny"
		    : cd->packed == 2 ? " chunked"
		    : cd->packed > 0  ? " packed"
		                      : "",
		    cd->tile, cd->wg_rows, r.note);
	}
}

static void tr_measure_any(tuner *t, void *kase, cand *cd)
{
	tr_measure(t, kase, cd);
}

/* Whether out[0..n) holds c. */
static bool tr_dup(const cand *out, size_t n, const cand *c)
{
	for (size_t k = 0; k < n; k++)
		if (out[k].strategy == c->strategy && out[k].tile == c->tile &&
		    out[k].wg_rows == c->wg_rows && (out[k].stream > 0) == (c->stream > 0) &&
		    out[k].skinny == c->skinny && out[k].packed == c->packed &&
		    out[k].stores == c->stores)
			return true;
	return false;
}

/* Append c where it is new and the library takes it for d (explain). */
static void tr_add(tuner *t, txf_dtype dtype, const size_t *d, cand c, cand *out, size_t *n)
{
	txf_transpose_options o;
	txf_choice ch;
	txf_transpose_options_default(&o);
	o.strategy = c.strategy;
	o.tile = c.tile;
	o.wg_rows = c.wg_rows;
	if (*n < MAX_CANDIDATES && !tr_dup(out, *n, &c) &&
	    txf_transpose_options_set(&o, "stream", c.stream) == TXF_SUCCESS &&
	    txf_transpose_options_set(&o, "stores", c.stores) == TXF_SUCCESS &&
	    txf_transpose_options_set(&o, "skinny", c.skinny) == TXF_SUCCESS &&
	    txf_transpose_options_set(&o, "packed", c.packed) == TXF_SUCCESS &&
	    txf_transpose_explain(t->ctx, d[0], d[1], dtype, 0, &o, &ch) == TXF_SUCCESS)
		out[(*n)++] = c;
}

/* Candidates for a transpose class, the built-in choice first; then the
 * kernels of the class: the streaming kernel where the element size takes
 * it, the skinny kernels (few rows or columns), the packed ones (1- and
 * 2-byte elements); then pad, truncate and, on uneven shapes, split with
 * every tile. SIMPLE for the small classes only (as for matmul): one
 * work-item per element may tie with tiles on a shape that fits in cache
 * and lose on every larger one the large entry stands for. */
static size_t tr_candidates(tuner *t, txf_dtype dtype, const size_t *d, int cls, cand *out)
{
	const bool full = t->set->full;
	const size_t elem = txf_dtype_size(dtype);
	size_t n = 0;
	txf_choice ch;
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	if (txf_transpose_explain(t->ctx, d[0], d[1], dtype, 0, &o, &ch) == TXF_SUCCESS &&
	    ch.strategy != TXF_STRATEGY_SIMPLE) {
		cand b =
		    tr_cand(ch.strategy, ch.tile, ch.wg_rows, tool_cparam(&ch, "stream") ? 1 : -1);
		b.skinny = tool_cparam(&ch, "skinny") == 1;
		b.packed = (int)tool_cparam(&ch, "packed");
		out[n++] = b;
	}
	/* The streaming kernel, with the only tile it takes: a CPU kernel (one
	 * work-item moves 256 rows of 64-byte lines through registers), not
	 * tried on GPUs, where each work-item's unrolled tile makes it slow
	 * to build and to run. */
	txf_transpose_options_set(&o, "stream", 1);
	if (!t->gpu &&
	    txf_transpose_explain(t->ctx, d[0], d[1], dtype, 0, &o, &ch) == TXF_SUCCESS) {
		tr_add(t, dtype, d, tr_cand(TXF_STRATEGY_PAD, ch.tile, ch.wg_rows, 1), out, &n);
		/* And each kind of its stores that the device did not choose
		 * (tr_add drops what the device refuses: non-temporal ones
		 * outside POCL's CPU devices). */
		for (int st = -1; st <= 1; st += 2)
			if ((tool_cparam(&ch, "stores") != 0) != (st > 0)) {
				cand c = tr_cand(TXF_STRATEGY_PAD, ch.tile, ch.wg_rows, 1);
				c.stores = st;
				tr_add(t, dtype, d, c, out, &n);
			}
	}
	/* The skinny kernels: work-groups of 64 to 256 work-items (quick) or
	 * 32 to 1024. */
	static const unsigned kernel_tiles[] = {4, 8, 16, 32, 64};
	if (cls == TXF_FEW_ROWS || cls == TXF_FEW_COLS)
		for (size_t i = 1; i < 5; i++)
			for (unsigned rows = 1; rows <= kernel_tiles[i]; rows *= 2) {
				unsigned items = kernel_tiles[i] * rows;
				if (full ? items < 32 || items > 1024
				         : (items != 64 && items != 256) || kernel_tiles[i] < 16)
					continue;
				cand c = tr_cand(TXF_STRATEGY_PAD, kernel_tiles[i], rows, -1);
				c.skinny = 1;
				tr_add(t, dtype, d, c, out, &n);
			}
	/* The packed kernels: tiles of 8 and 16 blocks with whole and half
	 * tiles of rows (quick), 4 to 32 blocks down to an eighth (full). */
	if (elem <= 2)
		for (size_t i = 0; i < 4; i++)
			for (unsigned rows = 1; rows <= kernel_tiles[i]; rows *= 2) {
				if (full ? rows * 8 < kernel_tiles[i]
				         : (i != 1 && i != 2) || rows * 2 < kernel_tiles[i])
					continue;
				cand c = tr_cand(TXF_STRATEGY_PAD, kernel_tiles[i], rows, -1);
				c.packed = 1;
				tr_add(t, dtype, d, c, out, &n);
			}
	/* The chunked kernel: tiles of 64 and 128 elements (2-byte: 32 and 64
	 * too) with work-groups of 256 (quick) or 128 to 512 work-items. */
	static const unsigned chunk_tiles[] = {32, 64, 128};
	if (elem <= 2)
		for (size_t i = elem == 1 ? 1 : 0; i < 3; i++)
			for (unsigned rows = 1; rows <= 8; rows *= 2) {
				const unsigned items = chunk_tiles[i] * rows;
				if (full ? items < 128 || items > 512 : items != 256)
					continue;
				cand c = tr_cand(TXF_STRATEGY_PAD, chunk_tiles[i], rows, -1);
				c.packed = 2;
				tr_add(t, dtype, d, c, out, &n);
			}
	txf_transpose_options_set(&o, "stream", -1);
	static const unsigned quick_tiles[] = {16, 32};
	static const unsigned full_tiles[] = {8, 16, 32, 64};
	const unsigned *tiles = full ? full_tiles : quick_tiles;
	size_t ntiles = full ? 4 : 2;
	static const txf_strategy even_st[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_TRUNCATE};
	static const txf_strategy uneven_st[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_SPLIT,
	                                         TXF_STRATEGY_TRUNCATE};
	const txf_strategy *st = class_even(cls) ? even_st : uneven_st;
	size_t nst = class_even(cls) ? 2 : 3;
	for (size_t s = 0; s < nst; s++)
		for (size_t i = 0; i < ntiles; i++)
			for (unsigned rows = tiles[i]; rows >= 1; rows /= 2) {
				/* Quick: whole tiles and quarter tiles; full: down to 1/16. */
				if (full ? rows * 16 < tiles[i]
				         : rows != tiles[i] && rows * 4 != tiles[i])
					continue;
				tr_add(t, dtype, d, tr_cand(st[s], tiles[i], rows, -1), out, &n);
			}
	/* SIMPLE ignores the tile; its entry keeps one the device takes. */
	o.strategy = TXF_STRATEGY_SIMPLE;
	o.tile = 0;
	o.wg_rows = 0;
	if (class_small(cls) &&
	    txf_transpose_explain(t->ctx, d[0], d[1], dtype, 0, &o, &ch) == TXF_SUCCESS &&
	    n < MAX_CANDIDATES)
		out[n++] = tr_cand(TXF_STRATEGY_SIMPLE, ch.tile, ch.wg_rows, -1);
	if (t->set->budget && n > t->set->budget)
		n = t->set->budget;
	return n;
}

/* ------------------------------------------------------------- matmul */

/* Parameter sets to try on shape d, with PAD first; the best few then with
 * every strategy. For an even class only sets whose blocks divide d: the
 * library uses an even entry only for shapes its blocks divide. */
static size_t mm_param_sets(tuner *t, txf_dtype dtype, const size_t *d, bool even, mm_set *out)
{
	size_t n = 0;
	txf_matmul_choice ch;
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = TXF_STRATEGY_PAD;
	if (txf_matmul_explain(t->ctx, d[0], d[1], d[2], dtype, &o, &ch) == TXF_SUCCESS) {
		/* K slices stay the device's choice per shape (0), also in the
		 * entry written. */
		out[n] = mm_chosen(&ch);
		out[n++].v[KSPLIT] = 0;
	}
	/* Sets that did well somewhere: 256 x 128 blocks with 16 x 8 registers,
	 * two local buffers and 4 x 8 work-item tiles, 128 x 128 blocks with
	 * 8 x 8 registers, and 96 x 64 or 64 x 64 blocks in two K groups for a
	 * small C (GPUs); f64 on the matrix units in 128 x 64, 128 x 128 and
	 * 64 x 64 blocks (NVIDIA sm_80 and later); the blocked kernel with 16-
	 * and 8-wide vectors (CPUs). Sets a device cannot run are left out by
	 * explain. */
	static const mm_set known[] = {
	    {{256, 128, 16, 16, 16, 4, 4, 0, 2, 2, 0}},
	    {{128, 128, 16, 16, 16, 2, 2, 0, 1, 1, 0}},
	    {{128, 128, 16, 16, 16, 2, 2, 0, 0, 0, 0}},
	    {{128, 128, 16, 8, 32, 4, 4, 0, 0, 0, 0}},
	    {{64, 128, 16, 16, 16, 4, 4, 0, 0, 0, 0}},
	    {{128, 64, 16, 16, 16, 4, 4, 0, 0, 0, 0}},
	    {{128, 64, 256, 1, 1, 8, 16, 0, 0, 0, 0}},
	    {{64, 64, 256, 1, 1, 8, 16, 0, 0, 0, 0}},
	    {{128, 64, 128, 1, 1, 8, 8, 0, 0, 0, 0}},
	    {{64, 64, 256, 1, 1, 4, 8, 0, 0, 0, 0}},
	    {{96, 64, 16, 8, 16, 4, 4, 0, 0, 0, 2}},
	    {{64, 64, 16, 8, 8, 4, 4, 0, 0, 0, 2}},
	    {{128, 64, 16, 16, 16, 2, 2, 0, 1, 1, 1, 2}},
	    {{128, 128, 16, 16, 16, 2, 2, 0, 1, 1, 1, 2}},
	    {{64, 64, 16, 16, 16, 2, 2, 0, 1, 1, 1, 2}},
	};
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		mm_set p = known[i];
		if (dtype == TXF_F64 && p.v[VWB] == 16)
			p.v[VWB] = 8;
		bool dup = false;
		for (size_t j = 0; j < n; j++)
			dup |= memcmp(&out[j], &p, sizeof p) == 0;
		if (!dup && n < MAX_CANDIDATES && mm_options(&p, TXF_STRATEGY_PAD, &o) == 0 &&
		    txf_matmul_explain(t->ctx, d[0], d[1], d[2], dtype, &o, &ch) == TXF_SUCCESS)
			out[n++] = p;
	}
	static const unsigned blocks[] = {32, 64, 128};
	static const unsigned kwgs[] = {8, 16, 32};
	static const unsigned dims[] = {8, 16};
	static const unsigned vws[] = {1, 2, 4};
	for (size_t a = 0; a < 3; a++)
		for (size_t b = 0; b < 3; b++)
			for (size_t k = 0; k < 3; k++)
				for (size_t m = 0; m < 2; m++)
					for (size_t v = 0; v < 3; v++) {
						const mm_set p = {{blocks[a], blocks[b], kwgs[k],
						                   dims[m], dims[m], vws[v], vws[v],
						                   0, 0, 0, 0}};
						/* Quick: square blocks, 4-wide vectors (2 for f64).
						 */
						if (!t->set->full &&
						    (a != b ||
						     vws[v] != (dtype == TXF_F64 ? 2u : 4u) ||
						     kwgs[k] == 8))
							continue;
						if (mm_options(&p, TXF_STRATEGY_PAD, &o) != 0 ||
						    txf_matmul_explain(t->ctx, d[0], d[1], d[2],
						                       dtype, &o,
						                       &ch) != TXF_SUCCESS)
							continue;
						bool dup = false;
						for (size_t i = 0; i < n; i++)
							dup |= memcmp(&out[i], &p, sizeof p) == 0;
						if (!dup && n < MAX_CANDIDATES)
							out[n++] = p;
					}
	if (even) {
		size_t kept = 0;
		for (size_t i = 0; i < n; i++)
			if (out[i].v[MWG] > 0 && out[i].v[NWG] > 0 && out[i].v[KWG] > 0 &&
			    d[0] % (size_t)out[i].v[MWG] == 0 &&
			    d[1] % (size_t)out[i].v[NWG] == 0 && d[2] % (size_t)out[i].v[KWG] == 0)
				out[kept++] = out[i];
		n = kept;
	}
	if (t->set->budget && n > t->set->budget)
		n = t->set->budget;
	return n;
}

static void mm_measure(tuner *t, mm_case *c, cand *cd)
{
	const long long *p = cd->params.v;
	txf_matmul_options o;
	mm_result r;
	cd->ms = INFINITY;
	if (mm_options(&cd->params, cd->strategy, &o) != 0)
		return;
	int rc = mm_run_txf(c, cd->strategy, &o, t->repeat, &r);
	if (rc == 0 && strcmp(r.check, "OK") == 0) {
		cd->ms = r.median_ms;
		return;
	}
	if (strcmp(r.check, "FAIL") == 0) {
		t->rejected++;
		say(t,
		    "REJECTED: matmul %s %zux%zux%zu %s %lld,%lld,%lld,%lld,%lld,%lld,%lld: %s\n",
		    txf_dtype_name(c->dtype), c->m, c->n, c->k, txf_strategy_name(cd->strategy),
		    p[MWG], p[NWG], p[KWG], p[MDIMC], p[NDIMC], p[VWA], p[VWB], r.note);
	}
}

static void mm_measure_any(tuner *t, void *kase, cand *cd)
{
	mm_measure(t, kase, cd);
}

/* --------------------------------------------------------------- driver */

static const char *cand_text(txf_tune_op op, const cand *c, char *buf, size_t n)
{
	if (op == TXF_TUNE_TRANSPOSE)
		snprintf(buf, n, "%s %ux%u%s%s", txf_strategy_name(c->strategy), c->tile,
		         c->wg_rows,
		         c->stream > 0    ? " stream"
		         : c->skinny > 0  ? " skinny"
		         : c->packed == 2 ? " chunked"
		         : c->packed > 0  ? " packed"
		                          : "",
		         c->stores > 0   ? " nt"
		         : c->stores < 0 ? " ordinary"
		                         : "");
	else
		snprintf(buf, n, "%s %lld,%lld,%lld,%lld,%lld,%lld,%lld%s",
		         txf_strategy_name(c->strategy), c->params.v[MWG], c->params.v[NWG],
		         c->params.v[KWG], c->params.v[MDIMC], c->params.v[NDIMC], c->params.v[VWA],
		         c->params.v[VWB], c->params.v[MMA] == 2 ? " mma" : "");
	return buf;
}

static void step(tuner *t, txf_tune_op op, txf_dtype dtype, int cls, const cand *c)
{
	char what[160], ct[80];
	snprintf(what, sizeof what, "%s %s %s: %s", txf_tune_op_name(op), txf_dtype_name(dtype),
	         txf_size_class_name((txf_size_class)cls), cand_text(op, c, ct, sizeof ct));
	progress(t, what);
}

/* The best of n candidates, or NULL when none ran. */
static const cand *best_of(const cand *c, size_t n)
{
	const cand *b = NULL;
	for (size_t i = 0; i < n; i++)
		if (isfinite(c[i].ms) && (!b || c[i].ms < b->ms))
			b = &c[i];
	return b;
}

#define CONFIRM_TOP 3    /* the fastest candidates of a class measured again */
#define CONFIRM_ROUNDS 2 /* how many more times each, in turns */

/* Measurements confirm() adds at most for n candidates, `keep` counting the
 * one it always takes. */
static size_t confirm_count(size_t n, int keep)
{
	size_t k = n < CONFIRM_TOP ? n : CONFIRM_TOP;
	return (k + (keep && n > k ? 1 : 0)) * CONFIRM_ROUNDS;
}

typedef void (*measure_fn)(tuner *t, void *kase, cand *c);

/* Measure the CONFIRM_TOP fastest of c[0..n) (and c[0], the built-in
 * choice, when keep is set) CONFIRM_ROUNDS more times, in turns, and keep
 * each one's fastest median: one measurement on a busy machine can crown a
 * candidate that was only lucky, and interference only ever slows a run. */
static void confirm(tuner *t, txf_tune_op op, txf_dtype dtype, int cls, cand *c, size_t n, int keep,
                    measure_fn measure, void *kase)
{
	size_t idx[CONFIRM_TOP + 1], k = 0;
	while (k < CONFIRM_TOP) {
		size_t best = n;
		for (size_t i = 0; i < n; i++) {
			bool taken = false;
			for (size_t j = 0; j < k; j++)
				taken |= idx[j] == i;
			if (!taken && isfinite(c[i].ms) && (best == n || c[i].ms < c[best].ms))
				best = i;
		}
		if (best == n)
			break;
		idx[k++] = best;
	}
	bool has0 = false;
	for (size_t j = 0; j < k; j++)
		has0 |= idx[j] == 0;
	if (keep && n > 0 && !has0 && isfinite(c[0].ms))
		idx[k++] = 0;
	for (int round = 0; round < CONFIRM_ROUNDS; round++) {
		for (size_t j = 0; j < k; j++) {
			cand again = c[idx[j]];
			step(t, op, dtype, cls, &again);
			measure(t, kase, &again);
			t->done++;
			if (again.ms < c[idx[j]].ms)
				c[idx[j]].ms = again.ms;
		}
	}
}

static int cand_cmp(const void *a, const void *b)
{
	double x = ((const cand *)a)->ms, y = ((const cand *)b)->ms;
	return (x > y) - (x < y);
}

/* Put entry e of op, dtype and class cls into the tuning out. */
static int set_entry(txf_tuning *out, txf_tune_op op, txf_dtype dtype, int cls, const txf_tuned *e)
{
	txf_status s = txf_tuning_set_entry(out, op, dtype, (txf_size_class)cls, e);
	if (s != TXF_SUCCESS) {
		tool_report("tune: cannot keep the entry", s);
		return -1;
	}
	return 0;
}

static int set_limits(txf_tuning *out, txf_tune_op op, txf_dtype dtype, const txf_tuning_limits *l)
{
	txf_status s = txf_tuning_limits_set(out, op, dtype, l);
	if (s != TXF_SUCCESS) {
		tool_report("tune: cannot keep the limits", s);
		return -1;
	}
	return 0;
}

static int tune_transpose(tuner *t, txf_dtype dtype, txf_tuning *out, cand *buf)
{
	class_shapes sh = transpose_shapes(t);
	for (int cls = 0; cls < TXF_SIZE_CLASS_COUNT; cls++) {
		const size_t *d = sh.dims[cls];
		size_t n = tr_candidates(t, dtype, d, cls, buf);
		tr_case c;
		char note[256];
		int init = tr_case_init(&c, t->ctx, &t->prof, dtype, d[0], d[1], 1,
		                        (unsigned long)t->seed, note, sizeof note);
		if (init != 0) {
			if (init > 0)
				fprintf(stderr, "txf: tune: transpose %zux%zu: %s\n", d[0], d[1],
				        note);
			return -1;
		}
		for (size_t i = 0; i < n; i++) {
			step(t, TXF_TUNE_TRANSPOSE, dtype, cls, &buf[i]);
			tr_measure(t, &c, &buf[i]);
			t->done++;
		}
		confirm(t, TXF_TUNE_TRANSPOSE, dtype, cls, buf, n, 1, tr_measure_any, &c);
		tr_case_free(&c);
		const cand *b = best_of(buf, n);
		txf_tuned e;
		memset(&e, 0, sizeof e);
		if (!b) {
			say(t, "transpose %s %s: no candidate ran\n", txf_dtype_name(dtype),
			    txf_size_class_name((txf_size_class)cls));
			txf_tuning_set_entry(out, TXF_TUNE_TRANSPOSE, dtype, (txf_size_class)cls,
			                     NULL);
			continue;
		}
		e.strategy = b->strategy;
		tuned_put(&e, "tile", b->tile);
		tuned_put(&e, "wg_rows", b->wg_rows);
		if (b->stream > 0)
			tuned_put(&e, "stream", 1);
		if (b->stream > 0 && b->stores)
			tuned_put(&e, "stores", b->stores);
		if (b->skinny > 0)
			tuned_put(&e, "skinny", 1);
		if (b->packed > 0)
			tuned_put(&e, "packed", b->packed);
		e.shape[0] = d[0];
		e.shape[1] = d[1];
		e.median_ms = b->ms;
		if (set_entry(out, TXF_TUNE_TRANSPOSE, dtype, cls, &e) != 0)
			return -1;
		double gbps = 2.0 * (double)(d[0] * d[1] * txf_dtype_size(dtype)) / (b->ms * 1e6);
		char ct[80];
		say(t, "transpose %-4s %-12s %5zux%-5zu  %-16s %9.4f ms  %7.2f GB/s  (%zu tried)\n",
		    txf_dtype_name(dtype), txf_size_class_name((txf_size_class)cls), d[0], d[1],
		    cand_text(TXF_TUNE_TRANSPOSE, b, ct, sizeof ct), b->ms, gbps, n);
	}
	txf_tuning_limits l;
	memset(&l, 0, sizeof l);
	l.large_from = floor(sqrt(shape_size(TXF_TUNE_TRANSPOSE, sh.dims[TXF_SMALL_EVEN]) *
	                          shape_size(TXF_TUNE_TRANSPOSE, sh.dims[TXF_LARGE_EVEN])));
	l.padcopy_min = 0;
	return set_limits(out, TXF_TUNE_TRANSPOSE, dtype, &l);
}

#define MM_TOP 3 /* parameter sets carried to the strategy round */

/* Tune class cls of matmul dtype on shape d into out; *best is the winner
 * (strategy INFINITY ms when none ran). */
static int tune_matmul_class(tuner *t, txf_dtype dtype, int cls, const size_t *d, txf_tuning *out,
                             cand *buf, cand *best)
{
	mm_set *ps = malloc(MAX_CANDIDATES * sizeof *ps);
	if (!ps)
		return -1;
	size_t np = mm_param_sets(t, dtype, d, class_even(cls), ps);
	mm_case c;
	char note[256];
	int init = mm_case_init(&c, t->ctx, &t->prof, d[0], d[1], d[2], dtype,
	                        (unsigned long)t->seed, 0, note, sizeof note);
	if (init != 0) {
		if (init > 0)
			fprintf(stderr, "txf: tune: matmul %zux%zux%zu: %s\n", d[0], d[1], d[2],
			        note);
		free(ps);
		return -1;
	}
	/* Round 1: parameters, with PAD. */
	for (size_t i = 0; i < np; i++) {
		buf[i] = mm_cand(TXF_STRATEGY_PAD, &ps[i]);
		step(t, TXF_TUNE_MATMUL, dtype, cls, &buf[i]);
		mm_measure(t, &c, &buf[i]);
		t->done++;
	}
	qsort(buf, np, sizeof *buf, cand_cmp);
	size_t top = np < MM_TOP ? np : MM_TOP;
	/* Round 2: the other strategies with the best parameters. */
	static const txf_strategy even_st[] = {TXF_STRATEGY_SPLIT};
	static const txf_strategy uneven_st[] = {TXF_STRATEGY_SPLIT, TXF_STRATEGY_TRUNCATE};
	const txf_strategy *st = class_even(cls) ? even_st : uneven_st;
	size_t nst = class_even(cls) ? 1 : 2;
	size_t n = np;
	for (size_t i = 0; i < top; i++) {
		if (!isfinite(buf[i].ms))
			continue;
		for (size_t s = 0; s < nst; s++) {
			buf[n] = mm_cand(st[s], &buf[i].params);
			step(t, TXF_TUNE_MATMUL, dtype, cls, &buf[n]);
			mm_measure(t, &c, &buf[n]);
			t->done++;
			n++;
		}
	}
	/* SIMPLE, for small shapes, with the best parameters on record. */
	if (class_small(cls) && isfinite(buf[0].ms)) {
		buf[n] = mm_cand(TXF_STRATEGY_SIMPLE, &buf[0].params);
		step(t, TXF_TUNE_MATMUL, dtype, cls, &buf[n]);
		mm_measure(t, &c, &buf[n]);
		t->done++;
		n++;
	}
	confirm(t, TXF_TUNE_MATMUL, dtype, cls, buf, n, 0, mm_measure_any, &c);
	mm_case_free(&c);
	free(ps);
	const cand *b = best_of(buf, n);
	txf_tuned e;
	memset(&e, 0, sizeof e);
	*best = mm_cand(TXF_STRATEGY_PAD, &buf[0].params);
	if (!b) {
		say(t, "matmul %s %s: no candidate ran\n", txf_dtype_name(dtype),
		    txf_size_class_name((txf_size_class)cls));
		txf_tuning_set_entry(out, TXF_TUNE_MATMUL, dtype, (txf_size_class)cls, NULL);
		return 0;
	}
	*best = *b;
	e.strategy = b->strategy;
	/* The required parameters always, the others where not 0 (chosen). */
	for (size_t i = 0; i < MM_PARAMS; i++)
		if (i <= VWB || b->params.v[i])
			tuned_put(&e, mm_name(i), b->params.v[i]);
	memcpy(e.shape, d, 3 * sizeof *d);
	e.median_ms = b->ms;
	if (set_entry(out, TXF_TUNE_MATMUL, dtype, cls, &e) != 0)
		return -1;
	char ct[80];
	say(t, "matmul    %-4s %-12s %4zux%zux%-4zu  %-28s %9.4f ms  %8.2f GFLOP/s  (%zu tried)\n",
	    txf_dtype_name(dtype), txf_size_class_name((txf_size_class)cls), d[0], d[1], d[2],
	    cand_text(TXF_TUNE_MATMUL, b, ct, sizeof ct), b->ms,
	    2.0 * shape_size(TXF_TUNE_MATMUL, d) / (b->ms * 1e6), n);
	return 0;
}

#define LADDER 5

/* Uneven sizes from the small class to twice the large one: the smallest
 * m * n * k from which PADCOPY beats the large-uneven entry at every
 * larger rung; 0 when it never does. */
static double padcopy_threshold(tuner *t, txf_dtype dtype, const class_shapes *sh, const cand *e)
{
	double lo = (double)sh->dims[TXF_SMALL_UNEVEN][0];
	double hi = 2.0 * (double)sh->dims[TXF_LARGE_UNEVEN][0];
	int wins[LADDER];
	double size[LADDER];
	for (int i = 0; i < LADDER; i++) {
		size_t x = (size_t)(lo * pow(hi / lo, (double)i / (LADDER - 1))) | 1;
		size_t d[3] = {x, x + 2, x - 2};
		size[i] = shape_size(TXF_TUNE_MATMUL, d);
		wins[i] = 0;
		mm_case c;
		char note[256];
		int init = mm_case_init(&c, t->ctx, &t->prof, d[0], d[1], d[2], dtype,
		                        (unsigned long)t->seed, 0, note, sizeof note);
		if (init != 0) {
			/* The rungs so far decide nothing: no threshold. */
			if (init > 0)
				say(t, "matmul    %-4s padcopy ladder stops at %zux%zux%zu: %s\n",
				    txf_dtype_name(dtype), d[0], d[1], d[2], note);
			return 0;
		}
		cand plain = mm_cand(e->strategy, &e->params);
		cand copy = mm_cand(TXF_STRATEGY_PADCOPY, &e->params);
		step(t, TXF_TUNE_MATMUL, dtype, TXF_LARGE_UNEVEN, &plain);
		mm_measure(t, &c, &plain);
		t->done++;
		step(t, TXF_TUNE_MATMUL, dtype, TXF_LARGE_UNEVEN, &copy);
		mm_measure(t, &c, &copy);
		t->done++;
		mm_case_free(&c);
		wins[i] = isfinite(copy.ms) && copy.ms < plain.ms;
		say(t,
		    "matmul    %-4s padcopy ladder %5zux%zux%-5zu  %s %9.4f ms, padcopy %9.4f ms\n",
		    txf_dtype_name(dtype), d[0], d[1], d[2], txf_strategy_name(e->strategy),
		    plain.ms, copy.ms);
	}
	double min = 0;
	for (int i = LADDER - 1; i >= 0 && wins[i]; i--)
		min = size[i];
	return min;
}

/* Whether the device's cost model chooses the blocks of shape d (the
 * library then ignores the tuning file's entry for its class: one block set
 * measured on one shape would serve the class's other shapes worse). */
static bool model_chooses(tuner *t, txf_dtype dtype, const size_t *d)
{
	txf_matmul_choice ch;
	return txf_matmul_explain(t->ctx, d[0], d[1], d[2], dtype, NULL, &ch) == TXF_SUCCESS &&
	       ch.params_source == TXF_SOURCE_DEVICE && strstr(ch.why, "cost model") != NULL;
}

/* The device's cost model for dtype calibrated into out: each block set
 * timed here (txf_tuning_calibrate), their scales summarised. */
static int calibrate(tuner *t, txf_dtype dtype, txf_tuning *out)
{
	double sc[64];
	size_t n = 0;
	txf_status s = txf_tuning_calibrate(t->ctx, out, dtype, sc, 64, &n);
	if (s == TXF_ERR_STRATEGY_NOT_APPLICABLE) {
		say(t,
		    "matmul    %-4s cost model not calibrated: its built-in rates were measured "
		    "on this kind of device\n",
		    txf_dtype_name(dtype));
		return 0;
	}
	if (s != TXF_SUCCESS) {
		tool_report("tune: cannot calibrate the cost model", s);
		return -1;
	}
	if (n > 64)
		n = 64;
	double lo = INFINITY, hi = 0;
	for (size_t i = 0; i < n; i++) {
		lo = sc[i] < lo ? sc[i] : lo;
		hi = sc[i] > hi ? sc[i] : hi;
	}
	say(t,
	    "matmul    %-4s cost model calibrated: the rates of its %zu block sets %.2f to %.2f "
	    "times the built-in ones\n",
	    txf_dtype_name(dtype), n, n ? lo : 1.0, n ? hi : 1.0);
	return 0;
}

static int tune_matmul(tuner *t, txf_dtype dtype, txf_tuning *out, cand *buf)
{
	class_shapes sh = matmul_shapes(t);
	cand best[TXF_SIZE_CLASS_COUNT];
	int tuned = 0;
	/* Where the cost model chooses, its block sets' rates measured here
	 * replace the built-in ones. */
	bool model = false;
	for (int cls = 0; cls < TXF_SIZE_CLASS_COUNT && !model; cls++)
		model = model_chooses(t, dtype, sh.dims[cls]);
	if (model && calibrate(t, dtype, out) != 0)
		return -1;
	for (int cls = 0; cls < TXF_SIZE_CLASS_COUNT; cls++) {
		best[cls].ms = INFINITY;
		if (model_chooses(t, dtype, sh.dims[cls])) {
			say(t,
			    "matmul    %-4s %-12s %4zux%zux%-4zu  chosen per shape by the device's "
			    "cost model: not tuned\n",
			    txf_dtype_name(dtype), txf_size_class_name((txf_size_class)cls),
			    sh.dims[cls][0], sh.dims[cls][1], sh.dims[cls][2]);
			if (set_entry(out, TXF_TUNE_MATMUL, dtype, cls, NULL) != 0)
				return -1;
			continue;
		}
		if (tune_matmul_class(t, dtype, cls, sh.dims[cls], out, buf, &best[cls]) != 0)
			return -1;
		tuned++;
	}
	if (!tuned)
		return set_limits(out, TXF_TUNE_MATMUL, dtype, NULL);
	const cand *large_uneven = &best[TXF_LARGE_UNEVEN];
	txf_tuning_limits l;
	memset(&l, 0, sizeof l);
	l.large_from = floor(sqrt(shape_size(TXF_TUNE_MATMUL, sh.dims[TXF_SMALL_EVEN]) *
	                          shape_size(TXF_TUNE_MATMUL, sh.dims[TXF_LARGE_EVEN])));
	l.padcopy_min =
	    isfinite(large_uneven->ms) ? padcopy_threshold(t, dtype, &sh, large_uneven) : 0;
	if (l.padcopy_min > 0)
		say(t, "matmul    %-4s padcopy from %.4g multiply-adds on\n", txf_dtype_name(dtype),
		    l.padcopy_min);
	else
		say(t, "matmul    %-4s padcopy never paid in the ladder\n", txf_dtype_name(dtype));
	return set_limits(out, TXF_TUNE_MATMUL, dtype, &l);
}

/* Candidates in all, for the progress line (the matmul rounds estimated). */
static unsigned count_work(tuner *t, cand *buf)
{
	unsigned total = 0;
	mm_set *ps = malloc(MAX_CANDIDATES * sizeof *ps);
	if (!ps)
		return 0;
	for (int d = 0; d < TXF_DTYPE_COUNT; d++) {
		if (t->tr_dtypes & (1u << d)) {
			class_shapes sh = transpose_shapes(t);
			for (int cls = 0; cls < TXF_SIZE_CLASS_COUNT; cls++) {
				size_t n = tr_candidates(t, (txf_dtype)d, sh.dims[cls], cls, buf);
				total += (unsigned)(n + confirm_count(n, 1));
			}
		}
		if (t->mm_dtypes & (1u << d)) {
			class_shapes sh = matmul_shapes(t);
			for (int cls = 0; cls < TXF_SIZE_CLASS_COUNT; cls++) {
				if (model_chooses(t, (txf_dtype)d, sh.dims[cls]))
					continue;
				size_t np = mm_param_sets(t, (txf_dtype)d, sh.dims[cls],
				                          class_even(cls), ps);
				size_t top = np < MM_TOP ? np : MM_TOP;
				size_t n = np + top * (class_even(cls) ? 1 : 2) +
				           (class_small(cls) ? 1 : 0);
				total += (unsigned)(n + confirm_count(n, 0));
			}
			if (!model_chooses(t, (txf_dtype)d, sh.dims[TXF_LARGE_UNEVEN]))
				total += 2 * LADDER;
		}
	}
	free(ps);
	return total;
}

int tune_run(const tune_settings *set)
{
	tuner t;
	memset(&t, 0, sizeof t);
	t.set = set;
	t.tty = isatty(2);
	t.seed = 0x7475e5eedull;
	txf_context_options o;
	txf_context_options_default(&o);
	o.device = set->device;
	o.binary_cache = 0; /* candidates are not worth keeping on disk */
	txf_status s = txf_context_create(&t.ctx, &o);
	if (s != TXF_SUCCESS) {
		tool_report("cannot open an OpenCL device", s);
		return 1;
	}
	int rc = 1;
	cand *buf = malloc(2 * MAX_CANDIDATES * sizeof *buf);
	txf_tuning *tuning = NULL;
	char path[1024];
	if (!buf) {
		fprintf(stderr, "txf: tune: out of memory\n");
		goto out;
	}
	s = txf_context_profile(t.ctx, &t.prof);
	if (s == TXF_SUCCESS)
		s = txf_tuning_path(t.ctx, path, sizeof path);
	if (s != TXF_SUCCESS) {
		tool_report("tune", s);
		goto out;
	}
	/* By default every element size for transposes (the floating type
	 * where there is one), f4 for matmul. */
	const unsigned types = set->dtypes ? set->dtypes
	                                   : (1u << TXF_U8) | (1u << TXF_F16) | (1u << TXF_F32) |
	                                         (1u << TXF_F64) | (1u << TXF_C128);
	t.tr_dtypes = set->ops & (1u << TXF_TUNE_TRANSPOSE) ? types : 0;
	t.mm_dtypes = set->ops & (1u << TXF_TUNE_MATMUL) ? (set->dtypes ? types : 1u << TXF_F32) &
	                                                       ((1u << TXF_F32) | (1u << TXF_F64))
	                                                 : 0;
	if ((t.mm_dtypes & (1u << TXF_F64)) && !t.prof.has_fp64) {
		fprintf(stderr,
		        "txf: tune: %s has no double precision: matmul f8 cannot be tuned\n",
		        t.prof.name);
		goto out;
	}
	t.gpu = t.prof.kind == TXF_DEVICE_GPU;
	t.repeat = set->repeat ? set->repeat : set->full ? 7 : 3;
	/* Start from what the context read: the operations and types not
	 * tuned now are saved unchanged, and txf_tuning_save then keeps the
	 * file's version of them, which another txf tune may have written
	 * since (docs/tuning.md, Writing). */
	s = txf_tuning_get(t.ctx, &tuning);
	if (s != TXF_SUCCESS) {
		tool_report("tune: cannot read the tuning in use", s);
		goto out;
	}
	printf("tuning %s (%s) on %s, %s mode, %u timed runs per candidate\n", t.prof.name,
	       t.prof.driver_version, t.prof.platform, set->full ? "full" : "quick", t.repeat);
	printf("tuning file: %s\n", path);
	fflush(stdout);
	t.total = count_work(&t, buf);
	t.t0 = tool_now_ms();
	for (int d = 0; d < TXF_DTYPE_COUNT; d++) {
		if ((t.tr_dtypes & (1u << d)) && tune_transpose(&t, (txf_dtype)d, tuning, buf) != 0)
			goto out;
		if ((t.mm_dtypes & (1u << d)) && tune_matmul(&t, (txf_dtype)d, tuning, buf) != 0)
			goto out;
	}
	progress_end(&t);
	time_t now = time(NULL);
	struct tm tm;
	char created[32] = "";
	if (gmtime_r(&now, &tm))
		strftime(created, sizeof created, "%Y-%m-%dT%H:%M:%SZ", &tm);
	s = txf_tuning_set_info(tuning, set->full ? "full" : "quick", created);
	if (s == TXF_SUCCESS)
		s = txf_tuning_save(t.ctx, tuning);
	if (s != TXF_SUCCESS) {
		tool_report("tune: cannot save the tuning file", s);
		goto out;
	}
	printf("wrote %s (%.1f s)\n", path, (tool_now_ms() - t.t0) / 1e3);
	if (t.rejected)
		fprintf(
		    stderr,
		    "txf: tune: %u candidate(s) gave wrong results and were rejected (a library "
		    "defect: please report it)\n",
		    t.rejected);
	rc = t.rejected ? 1 : 0;
out:
	progress_end(&t);
	free(buf);
	txf_tuning_release(&tuning);
	txf_context_release(&t.ctx);
	return rc;
}
