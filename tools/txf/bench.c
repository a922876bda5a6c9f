/*
 * `txf bench`: times an operation's strategies over a set of shapes.
 *
 * Each operation (matmul, transpose) has a function that runs its cases and
 * hands one bench_row per implementation and strategy to bench_emit, which
 * prints it as a table line, a CSV record or a JSON object, and keeps its
 * throughput for --plot. A bench_op describes an operation: the names of its
 * dimensions (m, n, k for matmul), its throughput (GFLOP/s or GB/s), whether
 * its rows compare with a device copy of the same bytes, and the widths of
 * its table columns; a row gives its kernel parameters as text and as a JSON
 * object. So a new operation adds a bench_op, a run function and a case in
 * cmd_bench, nothing else.
 *
 * --sweep N draws N shapes before anything runs (sweep_draw), times them as
 * it times the shapes of --shape, keeps every row's throughput (sweep_keep)
 * and ends with a summary per implementation and strategy of its ratio to
 * the operation's ceiling (sweep_summary), which --plot then draws.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "bench.h"
#include "fit.h"
#include "mmcase.h"
#include "npy.h"
#include "plot.h"
#include "trcase.h"
#include "tool.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a kind of operation prints. */
struct bench_op {
	const char *name; /* "matmul" */
	const char *const *dim_names;
	size_t ndims;
	const char *rate_key;   /* JSON key and CSV column: "gflops" */
	const char *rate_label; /* table column and plot axis: "GFLOP/s" */
	const char *size_label; /* plot axis of the problem size */
	int strategy_width;     /* table columns */
	int params_width;
	/* Rows carry the GB/s of a device copy of the same bytes (copy_gbps)
	 * and their own GB/s over it (ratio). */
	int copy_ceiling;
};

/* --sweep: a row as the summary needs it. */
struct sweep_val {
	char impl[16];     /* "txf", "copy", ... */
	char strategy[24]; /* "" for other implementations */
	size_t shape;      /* index of the drawn shape */
	double size;       /* x of --plot */
	double rate;       /* GFLOP/s or GB/s; 0 when not timed and OK */
	double ceiling;    /* transpose: the copy's GB/s; 0 unknown */
};

struct bench {
	const cli_args *args;
	const struct bench_op *op;
	txf_context *ctx;
	txf_device_profile prof;
	int rows_out;  /* rows printed so far */
	int failures;  /* of the library's results (and, for transpose, the copy) */
	int other_bad; /* failures of the other implementations */
	unsigned seed; /* of the next case */
	/* --plot: the timed rows. */
	plot_point *pts;
	size_t npts, cap;
	int plot_oom;
	/* --sweep: the shapes drawn, the one being timed, the draws thrown
	 * away, and every row. */
	size_t (*sweep_shapes)[3];
	size_t sweep_at;
	unsigned long sweep_redrawn;
	struct sweep_val *vals;
	size_t nvals, capvals;
	int sweep_oom;
};

/* One line of output. */
struct bench_row {
	const char *impl;   /* "txf", "clblast", "blas", "copy" */
	const char *device; /* device name, or "host" */
	size_t dims[3];
	txf_dtype dtype;
	const char *strategy; /* asked for; NULL for other implementations */
	const char *chosen;   /* what auto resolved to; NULL if unknown */
	char params[64];      /* "64x64x32 8x8 4/4"; "" if none */
	char params_json[192];
	unsigned launches; /* 0: unknown */
	double work;       /* of one run, for the rate: GFLOP or GB */
	double size;       /* problem size for --plot: m n k, or elements */
	double ceiling;    /* GB/s of the copy of the same bytes; 0: unknown */
	/* The outcome. */
	const char *check; /* "OK", "FAIL", "n/a" or "error" */
	unsigned repeats;  /* timed runs, 0 when none were made */
	double median_ms, min_ms;
	const char *note; /* what went wrong, or "" */
};

/* The NumPy type code: "f4", "u1", "c16". */
static const char *dtype_code(txf_dtype t)
{
	return tool_str(npy_dtype_code(t));
}

static void shape_text(const struct bench *b, const struct bench_row *r, char *buf, size_t n)
{
	size_t pos = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < b->op->ndims && pos < n; i++)
		pos += (size_t)snprintf(buf + pos, n - pos, "%s%zu", i ? "x" : "", r->dims[i]);
}

static int timed(const struct bench_row *r)
{
	return r->repeats > 0 && r->median_ms > 0;
}

/* GFLOP/s or GB/s of a timed row. */
static double rate(const struct bench_row *r)
{
	return r->work / (r->median_ms / 1e3);
}

static int has_ratio(const struct bench_row *r)
{
	return timed(r) && r->ceiling > 0;
}

static void emit_table(const struct bench *b, const struct bench_row *r)
{
	const struct bench_op *op = b->op;
	char shape[80];

	shape_text(b, r, shape, sizeof(shape));
	printf("%-7s  %-16s  %-5s  %-*s  %-8s  %-*s  ", r->impl, shape, dtype_code(r->dtype),
	       op->strategy_width, r->strategy ? r->strategy : "-", r->chosen ? r->chosen : "-",
	       op->params_width, r->params[0] ? r->params : "-");
	if (r->launches)
		printf("%8u  ", r->launches);
	else
		printf("%8s  ", "-");
	if (timed(r))
		printf("%10.3f  %10.3f  %9.2f  ", r->median_ms, r->min_ms, rate(r));
	else
		printf("%10s  %10s  %9s  ", "-", "-", "-");
	if (op->copy_ceiling) {
		if (has_ratio(r))
			printf("%7.2f  ", rate(r) / r->ceiling);
		else
			printf("%7s  ", "-");
	}
	printf("%s\n", r->check);
	if (r->note[0])
		printf("    %s\n", r->note);
}

static void emit_csv(const struct bench *b, const struct bench_row *r)
{
	tool_csv_field(stdout, b->op->name);
	putchar(',');
	tool_csv_field(stdout, r->impl);
	putchar(',');
	tool_csv_field(stdout, r->device);
	for (size_t i = 0; i < b->op->ndims; i++)
		printf(",%zu", r->dims[i]);
	printf(",%s,", dtype_code(r->dtype));
	tool_csv_field(stdout, r->strategy ? r->strategy : "");
	putchar(',');
	tool_csv_field(stdout, r->chosen ? r->chosen : "");
	putchar(',');
	tool_csv_field(stdout, r->params);
	putchar(',');
	if (r->launches)
		printf("%u", r->launches);
	printf(",%u,", r->repeats);
	if (timed(r))
		printf("%.6g,%.6g,%.6g", r->median_ms, r->min_ms, rate(r));
	else
		printf(",,");
	if (b->op->copy_ceiling) {
		if (has_ratio(r))
			printf(",%.6g,%.6g", r->ceiling, rate(r) / r->ceiling);
		else if (r->ceiling > 0)
			printf(",%.6g,", r->ceiling);
		else
			printf(",,");
	}
	printf(",%s,", r->check);
	tool_csv_field(stdout, r->note);
	putchar('\n');
}

static void json_key_string(const char *key, const char *value)
{
	printf(",\"%s\":", key);
	if (value)
		tool_json_string(stdout, value);
	else
		fputs("null", stdout);
}

static void emit_json(const struct bench *b, const struct bench_row *r)
{
	const struct bench_op *op = b->op;

	printf("{\"op\":");
	tool_json_string(stdout, op->name);
	json_key_string("impl", r->impl);
	json_key_string("device", r->device);
	for (size_t i = 0; i < op->ndims; i++)
		printf(",\"%s\":%zu", op->dim_names[i], r->dims[i]);
	json_key_string("dtype", dtype_code(r->dtype));
	json_key_string("strategy", r->strategy);
	json_key_string("chosen", r->chosen);
	printf(",\"params\":%s", r->params_json[0] ? r->params_json : "null");
	if (r->launches)
		printf(",\"launches\":%u", r->launches);
	else
		printf(",\"launches\":null");
	printf(",\"repeats\":%u", r->repeats);
	if (timed(r))
		printf(",\"median_ms\":%.6g,\"min_ms\":%.6g,\"%s\":%.6g", r->median_ms, r->min_ms,
		       op->rate_key, rate(r));
	else
		printf(",\"median_ms\":null,\"min_ms\":null,\"%s\":null", op->rate_key);
	if (op->copy_ceiling) {
		if (r->ceiling > 0)
			printf(",\"copy_gbps\":%.6g", r->ceiling);
		else
			printf(",\"copy_gbps\":null");
		if (has_ratio(r))
			printf(",\"ratio\":%.6g", rate(r) / r->ceiling);
		else
			printf(",\"ratio\":null");
	}
	json_key_string("check", r->check);
	json_key_string("note", r->note);
	printf("}\n");
}

/* A point of --plot in the series of strategy (the library's rows) or
 * impl (the others). */
static void add_point(struct bench *b, const char *impl, const char *strategy, double x, double y)
{
	const char *series = strcmp(impl, "txf") == 0 && strategy && *strategy ? strategy : impl;
	plot_point *p;

	if (b->plot_oom)
		return;
	if (b->npts == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 32;
		plot_point *np = realloc(b->pts, cap * sizeof(*np));

		if (!np) {
			b->plot_oom = 1;
			return;
		}
		b->pts = np;
		b->cap = cap;
	}
	p = &b->pts[b->npts++];
	snprintf(p->series, sizeof(p->series), "%s", series);
	p->x = x;
	p->y = y;
}

/* Keep a timed row's throughput for --plot. */
static void keep_point(struct bench *b, const struct bench_row *r)
{
	if (b->args->plot_path && timed(r))
		add_point(b, r->impl, r->strategy, r->size, rate(r));
}

/* --sweep: keep a row for the summary (its rate only where it is timed and
 * checked OK). */
static void sweep_keep(struct bench *b, const struct bench_row *r)
{
	struct sweep_val *v;

	if (b->sweep_oom)
		return;
	if (b->nvals == b->capvals) {
		size_t cap = b->capvals ? 2 * b->capvals : 64;
		struct sweep_val *nv = realloc(b->vals, cap * sizeof(*nv));

		if (!nv) {
			b->sweep_oom = 1;
			return;
		}
		b->vals = nv;
		b->capvals = cap;
	}
	v = &b->vals[b->nvals++];
	snprintf(v->impl, sizeof(v->impl), "%s", r->impl);
	snprintf(v->strategy, sizeof(v->strategy), "%s", r->strategy ? r->strategy : "");
	v->shape = b->sweep_at;
	v->size = r->size;
	v->rate = timed(r) && strcmp(r->check, "OK") == 0 ? rate(r) : 0.0;
	v->ceiling = r->ceiling;
}

static void bench_emit(struct bench *b, const struct bench_row *r)
{
	switch (b->args->format) {
	case CLI_FORMAT_TABLE:
		emit_table(b, r);
		break;
	case CLI_FORMAT_CSV:
		emit_csv(b, r);
		break;
	case CLI_FORMAT_JSON:
		emit_json(b, r);
		break;
	}
	fflush(stdout);
	b->rows_out++;
	if (b->args->sweep)
		sweep_keep(b, r);
	else
		keep_point(b, r);
}

/* ----------------------------------------------------------------- matmul */

static const char *const mm_dims[3] = {"m", "n", "k"};

static const struct bench_op mm_op = {
    .name = "matmul",
    .dim_names = mm_dims,
    .ndims = 3,
    .rate_key = "gflops",
    .rate_label = "GFLOP/s",
    .size_label = "problem size m x n x k",
    .strategy_width = 8,
    .params_width = 23,
    .copy_ceiling = 0,
};

static const txf_strategy mm_order[] = {
    TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD,     TXF_STRATEGY_TRUNCATE,
    TXF_STRATEGY_SPLIT,  TXF_STRATEGY_PADCOPY, TXF_STRATEGY_AUTO,
};

static void mm_row_init(struct bench_row *r, const struct bench *b, const mm_case *c,
                        const char *impl, const mm_result *res)
{
	memset(r, 0, sizeof(*r));
	r->impl = impl;
	r->device = b->prof.normalized_name;
	r->dims[0] = c->m;
	r->dims[1] = c->n;
	r->dims[2] = c->k;
	r->dtype = c->dtype;
	r->work = 2.0 * (double)c->m * (double)c->n * (double)c->k / 1e9;
	r->size = (double)c->m * (double)c->n * (double)c->k;
	r->check = res->check;
	r->repeats = res->repeats;
	r->median_ms = res->median_ms;
	r->min_ms = res->min_ms;
	r->note = res->note;
}

/* A choice's parameters as a JSON object, from its list in the library's
 * order (so that a new parameter shows without a change here); `fix`, when
 * not NULL, gives the value printed for a name instead of the choice's. */
static void params_json(const txf_param *list, unsigned n,
                        long long (*fix)(const void *, const char *, long long), const void *arg,
                        const char *tail, char *buf, size_t size)
{
	size_t len = 0;

	len += (size_t)snprintf(buf, size, "{");
	for (unsigned i = 0; i < n && i < TXF_MAX_PARAMS && len < size; i++) {
		const long long v = fix ? fix(arg, list[i].name, list[i].value) : list[i].value;

		len += (size_t)snprintf(buf + len, size - len, "%s\"%s\":%lld", i ? "," : "",
		                        tool_str(list[i].name), v);
	}
	if (len < size)
		snprintf(buf + len, size - len, "%s}", tail);
}

static void mm_row_params(struct bench_row *r, const txf_matmul_choice *ch)
{
	const long long ksplit = tool_mparam(ch, "ksplit"), kgroups = tool_mparam(ch, "kgroups");

	r->chosen = txf_strategy_name(ch->strategy);
	r->launches = ch->launches;
	if (ch->strategy == TXF_STRATEGY_SIMPLE)
		return; /* SIMPLE uses no blocks */
	/* K slices show as "/S" after the blocks. */
	char slices[24] = "";
	if (ksplit > 1)
		snprintf(slices, sizeof(slices), "/%lld", ksplit);
	/* B local buffers, the 4 x 8 work-item tiles, G K groups and the
	 * matrix units show as LB, W2, GG and M2 to M4 (M3x and M3t, M4x and
	 * M4t for f32 as 3xtf32 and tf32). */
	const long long lbuf = tool_mparam(ch, "lbuf"), mma = tool_mparam(ch, "mma"),
	                prec = tool_mparam(ch, "precision");
	char bufs[8] = "", groups[8] = "", units[8] = "";
	if (lbuf > 1)
		snprintf(bufs, sizeof(bufs), " L%d", (int)(lbuf % 10));
	if (kgroups > 1)
		snprintf(groups, sizeof(groups), " G%d", (int)(kgroups % 10));
	if (mma > 1)
		snprintf(units, sizeof(units), " M%d%s", (int)(mma % 10),
		         prec == 2   ? "x"
		         : prec == 3 ? "t"
		                     : "");
	snprintf(r->params, sizeof(r->params), "%lldx%lldx%lld%s %lldx%lld %lld/%lld%s%s%s%s",
	         tool_mparam(ch, "mwg"), tool_mparam(ch, "nwg"), tool_mparam(ch, "kwg"), slices,
	         tool_mparam(ch, "mdimc"), tool_mparam(ch, "ndimc"), tool_mparam(ch, "vwa"),
	         tool_mparam(ch, "vwb"), bufs, tool_mparam(ch, "wmap") == 2 ? " W2" : "", groups,
	         units);
	params_json(ch->params, ch->num_params, NULL, NULL, "", r->params_json,
	            sizeof(r->params_json));
}

static void bench_matmul_shape(struct bench *b, size_t m, size_t n, size_t k)
{
	const cli_args *a = b->args;
	unsigned mask = a->strategies ? a->strategies : (1u << TXF_STRATEGY_COUNT) - 1;
	struct bench_row row;
	mm_result res;
	mm_case c;
	int init;

	memset(&res, 0, sizeof(res));
	init = mm_case_init(&c, b->ctx, &b->prof, m, n, k, a->dtype, b->seed++, 0, res.note,
	                    sizeof(res.note));
	if (init < 0) {
		b->failures++;
		return;
	}
	if (init > 0) {
		/* Too large for the device: every row says so; nothing fails. */
		res.check = "n/a";
		for (size_t i = 0; i < sizeof(mm_order) / sizeof(mm_order[0]); i++) {
			if (!(mask & (1u << mm_order[i])))
				continue;
			mm_row_init(&row, b, &c, "txf", &res);
			row.strategy = txf_strategy_name(mm_order[i]);
			bench_emit(b, &row);
		}
		return;
	}
	for (size_t i = 0; i < sizeof(mm_order) / sizeof(mm_order[0]); i++) {
		txf_strategy st = mm_order[i];

		if (!(mask & (1u << st)))
			continue;
		if (mm_run_txf(&c, st, &a->mopts, a->repeat, &res) != 0)
			b->failures++;
		mm_row_init(&row, b, &c, "txf", &res);
		row.strategy = txf_strategy_name(st);
		if (res.have_choice)
			mm_row_params(&row, &res.choice);
		bench_emit(b, &row);
	}
	if ((a->compare & CLI_COMPARE_CLBLAST) && mm_clblast_name()) {
		if (mm_run_clblast(&c, a->repeat, &res) != 0)
			b->other_bad++;
		mm_row_init(&row, b, &c, "clblast", &res);
		bench_emit(b, &row);
	}
	if ((a->compare & CLI_COMPARE_BLAS) && mm_blas_name()) {
		if (mm_run_blas(&c, a->repeat, &res) != 0)
			b->other_bad++;
		mm_row_init(&row, b, &c, "blas", &res);
		row.device = "host";
		bench_emit(b, &row);
	}
	mm_case_free(&c);
}

static void bench_matmul(struct bench *b)
{
	static const size_t gpu_shapes[][3] = {
	    {256, 256, 256},    {512, 512, 512}, {1024, 1024, 1024},
	    {2048, 2048, 2048}, {999, 666, 777},
	};
	static const size_t cpu_shapes[][3] = {
	    {128, 128, 128},
	    {256, 256, 256},
	    {512, 512, 512},
	    {333, 222, 259},
	};
	const cli_args *a = b->args;

	if (a->dtype == TXF_F64 && !b->prof.has_fp64) {
		fprintf(stderr, "txf: bench: %s has no double precision (cl_khr_fp64)\n",
		        b->prof.name);
		b->failures++;
		return;
	}
	if (a->sweep) {
		for (b->sweep_at = 0; b->sweep_at < a->sweep; b->sweep_at++) {
			const size_t *e = b->sweep_shapes[b->sweep_at];

			bench_matmul_shape(b, e[0], e[1], e[2]);
		}
	} else if (a->nshapes) {
		for (size_t i = 0; i < a->nshapes; i++)
			bench_matmul_shape(b, a->shapes[i][0], a->shapes[i][1], a->shapes[i][2]);
	} else if (b->prof.kind == TXF_DEVICE_GPU) {
		for (size_t i = 0; i < sizeof(gpu_shapes) / sizeof(gpu_shapes[0]); i++)
			bench_matmul_shape(b, gpu_shapes[i][0], gpu_shapes[i][1], gpu_shapes[i][2]);
	} else {
		for (size_t i = 0; i < sizeof(cpu_shapes) / sizeof(cpu_shapes[0]); i++)
			bench_matmul_shape(b, cpu_shapes[i][0], cpu_shapes[i][1], cpu_shapes[i][2]);
	}
}

/* -------------------------------------------------------------- transpose */

static const char *const tr_dims[2] = {"rows", "cols"};

static const struct bench_op tr_op = {
    .name = "transpose",
    .dim_names = tr_dims,
    .ndims = 2,
    .rate_key = "gbps",
    .rate_label = "GB/s",
    .size_label = "elements (rows x cols)",
    .strategy_width = 14, /* "inplace-simple" */
    .params_width = 8,
    .copy_ceiling = 1,
};

/* --batch N: the same with a column batch; the per-matrix rows for
 * batches of up to this many. */
#define BENCH_PER_MATRIX_MAX 4096
/* --batch N: the same with a column batch. */
static const char *const tr_batch_dims[3] = {"rows", "cols", "batch"};

static const struct bench_op tr_batch_op = {
    .name = "transpose",
    .dim_names = tr_batch_dims,
    .ndims = 3,
    .rate_key = "gbps",
    .rate_label = "GB/s",
    .size_label = "elements (rows x cols x batch)",
    .strategy_width = 18, /* "one-launch-chunked" */
    .params_width = 8,
    .copy_ceiling = 1,
};

static const txf_strategy tr_order[] = {
    TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD,  TXF_STRATEGY_TRUNCATE,
    TXF_STRATEGY_SPLIT,  TXF_STRATEGY_AUTO,
};

/* The strategies of txf_transpose_inplace. */
static const txf_strategy tr_inplace_order[] = {
    TXF_STRATEGY_SIMPLE,
    TXF_STRATEGY_PAD,
    TXF_STRATEGY_AUTO,
};

static void tr_row_init(struct bench_row *row, const struct bench *b, size_t rows, size_t cols,
                        const char *impl, const tr_result *r, double copy_gbps)
{
	size_t elem = txf_dtype_size(b->args->dtype);

	memset(row, 0, sizeof(*row));
	row->impl = impl;
	row->device = b->prof.normalized_name;
	const double batch = (double)b->args->batch;
	row->dims[0] = rows;
	row->dims[1] = cols;
	row->dims[2] = b->args->batch;
	row->dtype = b->args->dtype;
	row->work = 2.0 * (double)rows * (double)cols * (double)elem * batch / 1e9;
	row->size = (double)rows * (double)cols * batch;
	row->ceiling = copy_gbps;
	row->check = r->check;
	row->repeats = r->repeats;
	row->median_ms = r->median_ms;
	row->min_ms = r->min_ms;
	row->note = r->note;
}

/* Whether a transpose with choice ch writes output-aligned runs into the
 * dense output of the bench (leading dimension out_ld, elem-byte elements):
 * where the run boundary, one 32-byte sector or the tile where that is less
 * (the choice's segments), does not divide out_ld. */
static int tr_uses_runs(const txf_choice *ch, size_t out_ld, size_t elem)
{
	size_t align = elem && elem < 32 ? 32 / elem : 1;

	if (align > ch->tile)
		align = ch->tile;
	return tool_cparam(ch, "segments") && !tool_cparam(ch, "stream") && align &&
	       out_ld % align != 0;
}

/* What a transpose row reports of the output-aligned runs: segments only
 * where the runs are written (tr_uses_runs), width only with them, cache
 * hints only with a width. */
struct tr_runs {
	long long segments, width;
};

static long long tr_fix(const void *arg, const char *name, long long v)
{
	const struct tr_runs *runs = arg;

	if (strcmp(name, "segments") == 0)
		return runs->segments;
	if (strcmp(name, "width") == 0)
		return runs->segments ? runs->width : 0;
	if (strcmp(name, "cache_hints") == 0)
		return runs->segments && runs->width ? v : 0;
	return v;
}

static void tr_row_params(struct bench_row *row, const txf_choice *ch, size_t out_ld, size_t elem)
{
	int tiled = ch->strategy != TXF_STRATEGY_SIMPLE; /* SIMPLE uses no tiles */
	const long long inplace_tiles = tool_cparam(ch, "inplace_tiles");

	row->chosen = txf_strategy_name(ch->strategy);
	row->launches = ch->launches;
	if (tiled) {
		const long long seg =
		    tr_uses_runs(ch, out_ld, elem) ? tool_cparam(ch, "segments") : 0;
		const struct tr_runs runs = {seg, tool_cparam(ch, "width")};
		char tail[32];

		if (tool_cparam(ch, "stream"))
			snprintf(row->params, sizeof(row->params), "%ux%u s", ch->tile,
			         ch->wg_rows);
		else if (tool_cparam(ch, "skinny"))
			snprintf(row->params, sizeof(row->params), "%ux%u k", ch->tile,
			         ch->wg_rows);
		else if (tool_cparam(ch, "packed"))
			snprintf(row->params, sizeof(row->params), "%ux%u %s", ch->tile,
			         ch->wg_rows, tool_cparam(ch, "packed") == 2 ? "c" : "p");
		else if (inplace_tiles)
			snprintf(row->params, sizeof(row->params), "%ux%u t%lld", ch->tile,
			         ch->wg_rows, inplace_tiles);
		else if (seg && runs.width)
			snprintf(row->params, sizeof(row->params), "%ux%u a%lld w%lld%s", ch->tile,
			         ch->wg_rows, seg, runs.width,
			         tool_cparam(ch, "cache_hints") ? " h" : "");
		else if (seg)
			snprintf(row->params, sizeof(row->params), "%ux%u a%lld", ch->tile,
			         ch->wg_rows, seg);
		else
			snprintf(row->params, sizeof(row->params), "%ux%u", ch->tile, ch->wg_rows);
		snprintf(tail, sizeof(tail), ",\"launches\":%u", ch->launches);
		params_json(ch->params, ch->num_params, tr_fix, &runs, tail, row->params_json,
		            sizeof(row->params_json));
	} else {
		snprintf(row->params_json, sizeof(row->params_json),
		         "{\"tile\":null,\"wg_rows\":null,\"inplace_tiles\":0,\"launches\":%u}",
		         ch->launches);
	}
}

/* Turn parameter `name` of opts off (-1: never, or one tile for width). */
static void tr_variant(txf_transpose_options *opts, const char *name)
{
	if (txf_transpose_options_set(opts, name, -1) != TXF_SUCCESS)
		fprintf(stderr, "txf: bench: %s\n", txf_last_error());
}

/* Time the case out of place with opts, as row `name` against copy_gbps. */
static void tr_emit_variant(struct bench *b, tr_case *c, const txf_transpose_options *opts,
                            double copy_gbps, const char *name)
{
	const size_t elem = txf_dtype_size(b->args->dtype);
	struct bench_row row;
	tr_result res;

	if (tr_run_txf(c, opts, 0, b->args->repeat, &res) != 0)
		b->failures++;
	tr_row_init(&row, b, c->rows, c->cols, "txf", &res, copy_gbps);
	row.strategy = name;
	if (res.have_choice)
		tr_row_params(&row, &res.choice, c->rows, elem);
	bench_emit(b, &row);
}

static void bench_transpose_shape(struct bench *b, size_t rows, size_t cols)
{
	static const char *const inplace_names[TXF_STRATEGY_COUNT] = {
	    [TXF_STRATEGY_AUTO] = "inplace-auto",
	    [TXF_STRATEGY_SIMPLE] = "inplace-simple",
	    [TXF_STRATEGY_PAD] = "inplace-pad",
	};
	const size_t n_inplace = sizeof(tr_inplace_order) / sizeof(tr_inplace_order[0]);
	const cli_args *a = b->args;
	const size_t elem = txf_dtype_size(a->dtype);
	unsigned mask = a->strategies ? a->strategies : (1u << TXF_STRATEGY_COUNT) - 1;
	struct bench_row row;
	tr_result res;
	tr_case c;
	txf_transpose_options opts;
	double copy_gbps = 0.0;
	char note[256];
	int init;

	init = tr_case_init(&c, b->ctx, &b->prof, a->dtype, rows, cols, a->batch, b->seed++, note,
	                    sizeof(note));
	if (init < 0) {
		b->failures++;
		return;
	}
	if (init > 0) {
		/* Too large for the device: every row says so; nothing fails. */
		memset(&res, 0, sizeof(res));
		res.check = "n/a";
		snprintf(res.note, sizeof(res.note), "%s", note);
		tr_row_init(&row, b, rows, cols, "copy", &res, 0.0);
		bench_emit(b, &row);
		for (size_t i = 0; i < sizeof(tr_order) / sizeof(tr_order[0]); i++) {
			if (!(mask & (1u << tr_order[i])))
				continue;
			tr_row_init(&row, b, rows, cols, "txf", &res, 0.0);
			row.strategy = txf_strategy_name(tr_order[i]);
			bench_emit(b, &row);
		}
		for (size_t i = 0; a->in_place && rows == cols && i < n_inplace; i++) {
			if (!(mask & (1u << tr_inplace_order[i])))
				continue;
			tr_row_init(&row, b, rows, cols, "txf", &res, 0.0);
			row.strategy = inplace_names[tr_inplace_order[i]];
			bench_emit(b, &row);
		}
		return;
	}

	/* The ceiling: a device copy of the same bytes, timed the same way. */
	if (tr_run_copy(&c, a->repeat, &res) != 0)
		b->failures++;
	tr_row_init(&row, b, rows, cols, "copy", &res, 0.0);
	if (timed(&row))
		copy_gbps = row.ceiling = rate(&row);
	bench_emit(b, &row);

	for (size_t i = 0; i < sizeof(tr_order) / sizeof(tr_order[0]); i++) {
		txf_strategy st = tr_order[i];

		if (!(mask & (1u << st)))
			continue;
		opts = a->topts; /* --param */
		opts.strategy = st;
		if (tr_run_txf(&c, &opts, 0, a->repeat, &res) != 0)
			b->failures++;
		tr_row_init(&row, b, rows, cols, "txf", &res, copy_gbps);
		row.strategy = txf_strategy_name(st);
		if (res.have_choice)
			tr_row_params(&row, &res.choice, rows, elem);
		bench_emit(b, &row);
		if (st != TXF_STRATEGY_PAD || !res.have_choice || a->batch > 1)
			continue;
		/* Pad again with one of its choices turned off, each against
		 * the same ceiling: where it wrote output-aligned runs with
		 * cache hints, without them; with work-groups wider than a
		 * tile, one tile wide; with runs, without them; with the
		 * streaming kernel, the tiled one. */
		const txf_choice ch = res.choice;
		const int runs = tr_uses_runs(&ch, rows, elem);
		const txf_transpose_options chosen = opts;
		if (runs && tool_cparam(&ch, "width") && tool_cparam(&ch, "cache_hints")) {
			tr_variant(&opts, "cache_hints");
			tr_emit_variant(b, &c, &opts, copy_gbps, "pad-no-hints");
			opts = chosen;
		}
		if (runs && tool_cparam(&ch, "width")) {
			tr_variant(&opts, "width");
			tr_emit_variant(b, &c, &opts, copy_gbps, "pad-one-tile");
			opts = chosen;
		}
		if (runs) {
			tr_variant(&opts, "segments");
			tr_emit_variant(b, &c, &opts, copy_gbps, "pad-unaligned");
			opts = chosen;
		}
		if (tool_cparam(&ch, "stream")) {
			tr_variant(&opts, "stream");
			tr_emit_variant(b, &c, &opts, copy_gbps, "pad-tiled");
			opts = chosen;
		}
		/* 1- and 2-byte elements: pad with the packed kernel and with
		 * the chunked one, where not chosen and the caller fixed no
		 * kernel parameter (their tiles count other things). */
		const int free_kernel = !chosen.tile && !chosen.wg_rows && !chosen.num_params;
		if (elem <= 2 && free_kernel && tool_cparam(&ch, "packed") != 1 &&
		    txf_transpose_options_set(&opts, "packed", 1) == TXF_SUCCESS) {
			tr_emit_variant(b, &c, &opts, copy_gbps, "pad-packed");
			opts = chosen;
		}
		if (elem <= 2 && free_kernel && tool_cparam(&ch, "packed") != 2 &&
		    txf_transpose_options_set(&opts, "packed", 2) == TXF_SUCCESS) {
			tr_emit_variant(b, &c, &opts, copy_gbps, "pad-chunked");
			opts = chosen;
		}
		/* A side the skinny kernels take: pad with them. */
		if ((rows <= 32 || cols <= 32) && !tool_cparam(&ch, "skinny") &&
		    txf_transpose_options_set(&opts, "skinny", 1) == TXF_SUCCESS) {
			tr_emit_variant(b, &c, &opts, copy_gbps, "pad-skinny");
			opts = chosen;
		}
	}
	/* A batch: each way of running it, against the same ceiling (the
	 * packed and chunked tiles for 1- and 2-byte elements). */
	for (int way = 0; a->batch > 1 && way < 5; way++) {
		static const char *const names[5] = {"one-launch-flat", "one-launch-tiled",
		                                     "one-launch-packed", "one-launch-chunked",
		                                     "per-matrix"};
		/* A launch per matrix of a long batch only repeats a launch's cost. */
		if ((way == 4 && a->batch > BENCH_PER_MATRIX_MAX) ||
		    ((way == 2 || way == 3) && elem > 2))
			continue;
		opts = a->topts;
		opts.strategy = way == 0  ? TXF_STRATEGY_SIMPLE
		                : way < 4 ? TXF_STRATEGY_PAD
		                          : TXF_STRATEGY_AUTO;
		if (txf_transpose_options_set(&opts, "batched", way == 4 ? 2 : 1) != TXF_SUCCESS ||
		    (way == 1 && elem <= 2 &&
		     txf_transpose_options_set(&opts, "packed", -1) != TXF_SUCCESS) ||
		    ((way == 2 || way == 3) &&
		     txf_transpose_options_set(&opts, "packed", way - 1) != TXF_SUCCESS))
			continue;
		tr_emit_variant(b, &c, &opts, copy_gbps, names[way]);
	}
	for (size_t i = 0; a->in_place && rows == cols && i < n_inplace; i++) {
		txf_strategy st = tr_inplace_order[i];

		if (!(mask & (1u << st)))
			continue;
		opts = a->topts;
		opts.strategy = st;
		if (tr_run_txf(&c, &opts, 1, a->repeat, &res) != 0)
			b->failures++;
		tr_row_init(&row, b, rows, cols, "txf", &res, copy_gbps);
		row.strategy = inplace_names[st];
		if (res.have_choice)
			tr_row_params(&row, &res.choice, rows, elem);
		bench_emit(b, &row);
	}
	/* The host BLAS's transpose, against the same ceiling. */
	if ((a->compare & CLI_COMPARE_BLAS) && tr_blas_name()) {
		if (tr_run_blas(&c, a->repeat, &res) != 0)
			b->other_bad++;
		tr_row_init(&row, b, rows, cols, "blas", &res, copy_gbps);
		bench_emit(b, &row);
	}
	tr_case_free(&c);
}

static void bench_transpose(struct bench *b)
{
	static const size_t gpu_shapes[][2] = {
	    {4096, 4096},
	    {8191, 8193},
	    {16384, 16384},
	    {16383, 16385},
	};
	/* A few seconds on a two-core CPU. */
	static const size_t cpu_shapes[][2] = {
	    {2048, 2048},
	    {4093, 4099},
	    {999, 666},
	};
	const cli_args *a = b->args;

	if (a->sweep) {
		for (b->sweep_at = 0; b->sweep_at < a->sweep; b->sweep_at++) {
			const size_t *e = b->sweep_shapes[b->sweep_at];

			bench_transpose_shape(b, e[0], e[1]);
		}
	} else if (a->nshapes) {
		for (size_t i = 0; i < a->nshapes; i++)
			bench_transpose_shape(b, a->shapes[i][0], a->shapes[i][1]);
	} else if (b->prof.kind == TXF_DEVICE_GPU) {
		for (size_t i = 0; i < sizeof(gpu_shapes) / sizeof(gpu_shapes[0]); i++)
			bench_transpose_shape(b, gpu_shapes[i][0], gpu_shapes[i][1]);
	} else {
		for (size_t i = 0; i < sizeof(cpu_shapes) / sizeof(cpu_shapes[0]); i++)
			bench_transpose_shape(b, cpu_shapes[i][0], cpu_shapes[i][1]);
	}
}

/* ------------------------------------------------------------------ sweep */

/* Draws of one shape before --sweep gives up on the range. */
#define SWEEP_DRAWS_MAX 1000u

/* splitmix64 (Steele, Lea and Flood): state starts at the seed. */
static uint64_t sweep_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* One dimension: round(exp(log lo + u (log hi - log lo))) with u the top 53
 * bits of the next output over 2^53, in [0, 1). */
static size_t sweep_dim(uint64_t *state, size_t lo, size_t hi)
{
	const double u = (double)(sweep_next(state) >> 11) * 0x1.0p-53;
	const double l = log((double)lo), h = log((double)hi);
	const double v = round(exp(l + (h - l) * u));

	return v <= (double)lo ? lo : v >= (double)hi ? hi : (size_t)v;
}

/* Draw the shapes of --sweep: each dimension in turn (m, n, k or rows,
 * cols), the whole shape again while it is over --sweep-max-elems
 * (transpose) or its operands do not fit on the device. Returns 0, or -1
 * after a message. */
static int sweep_draw(struct bench *b)
{
	const cli_args *a = b->args;
	const int mm = b->op == &mm_op;
	const size_t elem = txf_dtype_size(a->dtype);
	uint64_t state = a->sweep_seed;
	char why[256];

	b->sweep_shapes = calloc(a->sweep, sizeof(*b->sweep_shapes));
	if (!b->sweep_shapes) {
		fprintf(stderr, "txf: bench: out of memory for %u shapes\n", a->sweep);
		return -1;
	}
	for (unsigned i = 0; i < a->sweep; i++) {
		size_t *e = b->sweep_shapes[i];

		for (unsigned draws = 1;; draws++) {
			for (size_t d = 0; d < (mm ? 3u : 2u); d++)
				e[d] = sweep_dim(&state, a->sweep_lo, a->sweep_hi);
			if (mm) {
				const uint64_t need[3] = {fit_matrix_bytes(e[0], e[2], elem),
				                          fit_matrix_bytes(e[2], e[1], elem),
				                          fit_matrix_bytes(e[0], e[1], elem)};

				if (fit_device(&b->prof, need, 3, why, sizeof(why)) == 0)
					break;
			} else if ((uint64_t)e[0] * e[1] > a->sweep_max_elems) {
				snprintf(why, sizeof(why), "has more than %ju elements",
				         (uintmax_t)a->sweep_max_elems);
			} else {
				const uint64_t n = fit_matrix_bytes(e[0], e[1], elem);
				const uint64_t need[2] = {n, n};

				if (fit_device(&b->prof, need, 2, why, sizeof(why)) == 0)
					break;
			}
			b->sweep_redrawn++;
			if (draws == SWEEP_DRAWS_MAX) {
				char shape[80];
				struct bench_row r;

				memset(&r, 0, sizeof(r));
				memcpy(r.dims, e, sizeof(r.dims));
				shape_text(b, &r, shape, sizeof(shape));
				fprintf(stderr,
				        "txf: bench: --sweep: %u shapes in a row drawn from "
				        "--sweep-range %zu:%zu were refused (the last, %s, %s); "
				        "narrow the range\n",
				        SWEEP_DRAWS_MAX, a->sweep_lo, a->sweep_hi, shape, why);
				return -1;
			}
		}
	}
	return 0;
}

/* The table's lines on the sweep, after the header's. */
static void sweep_header_table(const struct bench *b)
{
	const cli_args *a = b->args;

	printf("sweep:    %u shape%s, seed %ju: each dimension round(exp(uniform(log %zu, log "
	       "%zu)))\n",
	       a->sweep, a->sweep == 1 ? "" : "s", (uintmax_t)a->sweep_seed, a->sweep_lo,
	       a->sweep_hi);
	printf("          (splitmix64); drawn again: %lu (", b->sweep_redrawn);
	if (b->op == &mm_op)
		printf("operands the device cannot hold)\n");
	else
		printf("over %ju elements, or more than the device holds)\n",
		       (uintmax_t)a->sweep_max_elems);
	for (unsigned i = 0; i < a->sweep; i++) {
		char shape[80];
		struct bench_row r;

		memset(&r, 0, sizeof(r));
		memcpy(r.dims, b->sweep_shapes[i], sizeof(r.dims));
		if (b->op == &tr_batch_op)
			r.dims[2] = a->batch;
		shape_text(b, &r, shape, sizeof(shape));
		printf("%s%s", i % 8 == 0 ? (i ? "\n          " : "shapes:   ") : " ", shape);
	}
	printf("\n");
}

/* JSON: the sweep, before its rows. */
static void sweep_header_json(const struct bench *b)
{
	const cli_args *a = b->args;

	printf("{\"op\":\"sweep\"");
	json_key_string("bench", b->op->name);
	json_key_string("device", b->prof.normalized_name);
	json_key_string("dtype", dtype_code(a->dtype));
	printf(",\"seed\":%ju,\"n\":%u,\"lo\":%zu,\"hi\":%zu", (uintmax_t)a->sweep_seed, a->sweep,
	       a->sweep_lo, a->sweep_hi);
	if (b->op == &mm_op)
		printf(",\"max_elems\":null");
	else
		printf(",\"max_elems\":%ju", (uintmax_t)a->sweep_max_elems);
	printf(",\"redrawn\":%lu,\"shapes\":[", b->sweep_redrawn);
	for (unsigned i = 0; i < a->sweep; i++) {
		printf("%s[", i ? "," : "");
		for (size_t d = 0; d < (b->op == &mm_op ? 3u : 2u); d++)
			printf("%s%zu", d ? "," : "", b->sweep_shapes[i][d]);
		printf("]");
	}
	printf("]}\n");
}

/* What a sweep's summary compares with: the implementation whose rows are
 * the ceiling ("copy"; for matmul "clblast", else "blas", where it ran),
 * or NULL. */
static const char *sweep_ceiling(const struct bench *b)
{
	static const char *const peers[] = {"clblast", "blas"};

	if (b->op->copy_ceiling)
		return "copy";
	for (size_t p = 0; p < sizeof(peers) / sizeof(peers[0]); p++) {
		for (size_t i = 0; i < b->nvals; i++) {
			if (strcmp(b->vals[i].impl, peers[p]) == 0)
				return peers[p];
		}
	}
	return NULL;
}

/* The statistics of one group of rows. */
struct sweep_stats {
	const char *impl, *strategy; /* strategy "" for none */
	int ratio;                   /* values are ratios to the ceiling, else rates */
	size_t count;
	double min, median, geomean, max;
};

/* The values of group (impl, strategy) into v[] (and their x into x[]):
 * the ratio of each OK row to the ceiling of its shape (the copy's GB/s;
 * for matmul peer_rate[shape], left out where 0), or its rate where the
 * group is the ceiling or there is none. */
static void sweep_group(const struct bench *b, const char *ceiling, const double *peer_rate,
                        struct sweep_stats *st, double *v, double *x)
{
	double logs = 0.0;

	st->ratio = ceiling && strcmp(st->impl, ceiling) != 0;
	st->count = 0;
	for (size_t i = 0; i < b->nvals; i++) {
		const struct sweep_val *r = &b->vals[i];
		double c, y;

		if (strcmp(r->impl, st->impl) != 0 || strcmp(r->strategy, st->strategy) != 0 ||
		    r->rate <= 0)
			continue;
		c = !st->ratio ? 1.0 : b->op->copy_ceiling ? r->ceiling : peer_rate[r->shape];
		if (c <= 0)
			continue;
		y = st->ratio ? r->rate / c : r->rate;
		x[st->count] = r->size;
		v[st->count++] = y;
		logs += log(y);
	}
	if (!st->count)
		return;
	st->min = tool_min(v, st->count);
	st->geomean = exp(logs / (double)st->count);
	/* tool_median sorts: the points of --plot are taken before. */
}

static void sweep_emit_summary(const struct bench *b, const struct sweep_stats *st,
                               const char *ceiling)
{
	const cli_args *a = b->args;
	const char *metric = st->ratio ? "ratio" : b->op->rate_key;

	switch (a->format) {
	case CLI_FORMAT_TABLE: {
		char label[24];

		snprintf(label, sizeof(label), "%s%s", st->ratio ? "vs " : "",
		         st->ratio ? ceiling : b->op->rate_label);
		printf("%-7s  %-*s  %-10s  %5zu  ", st->impl, b->op->strategy_width,
		       st->strategy[0] ? st->strategy : "-", label, st->count);
		if (st->count)
			printf("%10.4g  %10.4g  %10.4g  %10.4g\n", st->min, st->median, st->geomean,
			       st->max);
		else
			printf("%10s  %10s  %10s  %10s\n", "-", "-", "-", "-");
		break;
	}
	case CLI_FORMAT_CSV:
		printf("summary,");
		tool_csv_field(stdout, b->op->name);
		putchar(',');
		tool_csv_field(stdout, st->impl);
		putchar(',');
		tool_csv_field(stdout,
		               strcmp(st->impl, "blas") == 0 ? "host" : b->prof.normalized_name);
		printf(",%s,", dtype_code(a->dtype));
		tool_csv_field(stdout, st->strategy);
		printf(",%s,%s,%zu,", metric, st->ratio ? ceiling : "", st->count);
		if (st->count)
			printf("%.6g,%.6g,%.6g,%.6g", st->min, st->median, st->geomean, st->max);
		else
			printf(",,,");
		printf(",%ju\n", (uintmax_t)a->sweep_seed);
		break;
	case CLI_FORMAT_JSON:
		printf("{\"op\":\"summary\"");
		json_key_string("bench", b->op->name);
		json_key_string("impl", st->impl);
		json_key_string("device",
		                strcmp(st->impl, "blas") == 0 ? "host" : b->prof.normalized_name);
		json_key_string("dtype", dtype_code(a->dtype));
		json_key_string("strategy", st->strategy[0] ? st->strategy : NULL);
		json_key_string("metric", metric);
		json_key_string("vs", st->ratio ? ceiling : NULL);
		printf(",\"count\":%zu", st->count);
		if (st->count)
			printf(",\"min\":%.6g,\"median\":%.6g,\"geomean\":%.6g,\"max\":%.6g",
			       st->min, st->median, st->geomean, st->max);
		else
			printf(",\"min\":null,\"median\":null,\"geomean\":null,\"max\":null");
		printf(",\"seed\":%ju}\n", (uintmax_t)a->sweep_seed);
		break;
	}
}

/* The summary of a sweep, per implementation and strategy in the order of
 * their first rows, and the points of --plot: each group's ratios (or
 * rates, where there is no ceiling), the ceiling's own rates left out.
 * Returns 0, or -1 after a message. */
static int sweep_summary(struct bench *b)
{
	const cli_args *a = b->args;
	const char *ceiling = sweep_ceiling(b);
	double *v = malloc((b->nvals ? b->nvals : 1) * sizeof(*v));
	double *x = malloc((b->nvals ? b->nvals : 1) * sizeof(*x));
	double *peer_rate = calloc(a->sweep, sizeof(*peer_rate));
	int rc = 0;

	if (b->sweep_oom || !v || !x || !peer_rate) {
		fprintf(stderr, "txf: bench: --sweep: out of memory for the summary\n");
		rc = -1;
		goto out;
	}
	for (size_t i = 0; ceiling && !b->op->copy_ceiling && i < b->nvals; i++) {
		if (strcmp(b->vals[i].impl, ceiling) == 0 && b->vals[i].rate > 0)
			peer_rate[b->vals[i].shape] = b->vals[i].rate;
	}
	if (a->format == CLI_FORMAT_TABLE) {
		printf(
		    "\nsummary:  over the shapes whose rows are OK: count, min, median, geometric "
		    "mean, max of\n");
		if (!ceiling)
			printf("          %s (no peer ran to compare with)\n", b->op->rate_label);
		else if (b->op->copy_ceiling)
			printf("          vs copy: GB/s over the copy's GB/s of the same shape "
			       "(the copy: its GB/s)\n");
		else
			printf("          vs %s: GFLOP/s over %s's GFLOP/s of the same shape (%s: "
			       "its GFLOP/s)\n",
			       ceiling, ceiling, ceiling);
		printf("%-7s  %-*s  %-10s  %5s  %10s  %10s  %10s  %10s\n", "impl",
		       b->op->strategy_width, "strategy", "metric", "count", "min", "median",
		       "geomean", "max");
	}
	for (size_t i = 0; i < b->nvals; i++) {
		struct sweep_stats st;
		size_t j = 0;

		while (j < i && (strcmp(b->vals[j].impl, b->vals[i].impl) != 0 ||
		                 strcmp(b->vals[j].strategy, b->vals[i].strategy) != 0))
			j++;
		if (j < i)
			continue; /* a group already summed up */
		memset(&st, 0, sizeof(st));
		st.impl = b->vals[i].impl;
		st.strategy = b->vals[i].strategy;
		sweep_group(b, ceiling, peer_rate, &st, v, x);
		for (size_t k = 0; a->plot_path && k < st.count && (st.ratio || !ceiling); k++)
			add_point(b, st.impl, st.strategy, x[k], v[k]);
		if (st.count) {
			st.median = tool_median(v, st.count);
			st.max = v[st.count - 1]; /* sorted */
		}
		sweep_emit_summary(b, &st, ceiling);
	}
	fflush(stdout);
out:
	free(v);
	free(x);
	free(peer_rate);
	return rc;
}

/* ------------------------------------------------------------------ command */

static void print_header(const struct bench *b)
{
	const cli_args *a = b->args;
	const struct bench_op *op = b->op;
	int mm = op == &mm_op;
	const char *clb = mm && (a->compare & CLI_COMPARE_CLBLAST) ? mm_clblast_name() : NULL;
	const char *blas = !(a->compare & CLI_COMPARE_BLAS) ? NULL
	                   : mm                             ? mm_blas_name()
	                                                    : tr_blas_name();

	switch (a->format) {
	case CLI_FORMAT_TABLE:
		printf("device:   %s (%s)\n", b->prof.name, b->prof.platform);
		printf("time:     device time from event profiling%s, median and fastest of %u "
		       "run%s after 20 ms of warm-up runs\n",
		       blas ? " (host BLAS: monotonic clock)" : "", a->repeat,
		       a->repeat == 1 ? "" : "s");
		if (mm) {
			printf("compare:  %s%s%s\n", clb ? clb : "", clb && blas ? ", " : "",
			       blas  ? blas
			       : clb ? ""
			             : "none");
		} else {
			printf("GB/s:     2 x rows x cols x %zu bytes / median: each element read "
			       "and written once\n",
			       txf_dtype_size(a->dtype));
			printf("copy:     the ceiling: clEnqueueCopyBuffer of the same bytes per "
			       "shape, timed and counted the same way;\n"
			       "          vs copy = GB/s / the copy's GB/s\n");
			printf("check:    every element compared byte for byte with the host's "
			       "transpose%s\n",
			       blas ? " (the BLAS's f4 and f8: any NaN for a NaN, as its alpha = 1 "
			              "quiets signalling ones)"
			            : "");
			printf("compare:  %s\n", blas ? blas : "none");
		}
		if (a->sweep)
			sweep_header_table(b);
		printf("\n");
		printf("%-7s  %-16s  %-5s  %-*s  %-8s  %-*s  %8s  %10s  %10s  %9s  ", "impl",
		       "shape", "dtype", op->strategy_width, "strategy", "chosen", op->params_width,
		       "params", "launches", "median ms", "min ms", op->rate_label);
		if (op->copy_ceiling)
			printf("%7s  ", "vs copy");
		printf("check\n");
		break;
	case CLI_FORMAT_CSV:
		printf("op,impl,device");
		for (size_t i = 0; i < op->ndims; i++)
			printf(",%s", op->dim_names[i]);
		printf(",dtype,strategy,chosen,params,launches,repeats,median_ms,min_ms,%s%s,"
		       "check,note\n",
		       op->rate_key, op->copy_ceiling ? ",copy_gbps,ratio" : "");
		break;
	case CLI_FORMAT_JSON:
		if (a->sweep)
			sweep_header_json(b);
		break;
	}
	fflush(stdout);
}

/* Draw --plot; returns 0, or 1 after a message. */
static int bench_plot(const struct bench *b)
{
	const cli_args *a = b->args;
	char title[512], ylabel[128], err[1024];
	plot_spec spec;
	int rc;

	if (b->plot_oom) {
		fprintf(stderr, "txf: --plot: out of memory\n");
		return 1;
	}
	snprintf(title, sizeof(title), "txf bench %s, %s: %s", b->op->name, dtype_code(a->dtype),
	         b->prof.normalized_name);
	memset(&spec, 0, sizeof(spec));
	spec.path = a->plot_path;
	spec.title = title;
	spec.xlabel = b->op->size_label;
	spec.ylabel = b->op->copy_ceiling ? "GB/s (bytes read + written)" : b->op->rate_label;
	spec.ceiling = b->op->copy_ceiling ? "copy" : NULL;
	if (a->sweep) {
		/* A point per row: its ratio to the ceiling of its shape. */
		const char *ceiling = sweep_ceiling(b);

		snprintf(title + strlen(title), sizeof(title) - strlen(title),
		         ", sweep of %u shapes, seed %ju", a->sweep, (uintmax_t)a->sweep_seed);
		if (ceiling)
			snprintf(ylabel, sizeof(ylabel), "%s over %s's of the same shape",
			         b->op->rate_label, ceiling);
		else
			snprintf(ylabel, sizeof(ylabel), "%s", b->op->rate_label);
		spec.ylabel = ylabel;
		spec.ceiling = NULL;
		spec.scatter = 1;
	}
	rc = plot_draw(&spec, b->pts, b->npts, err, sizeof(err));
	if (rc == PLOT_NO_GNUPLOT) {
		fprintf(stderr, "txf: --plot needs gnuplot (apt-get install gnuplot-nox)\n");
		return 1;
	}
	if (rc != PLOT_OK) {
		fprintf(stderr, "txf: --plot: %s\n", err);
		return 1;
	}
	if (a->format == CLI_FORMAT_TABLE)
		printf("\nplot:     %s\n", a->plot_path);
	return 0;
}

int cmd_bench(const cli_args *a)
{
	struct bench b;
	txf_status s;
	char err[1024];
	int rc = 0;

	memset(&b, 0, sizeof(b));
	b.args = a;
	b.seed = 1;
	switch (a->bench_op) {
	case CLI_BENCH_MATMUL:
		b.op = &mm_op;
		break;
	case CLI_BENCH_TRANSPOSE:
		b.op = a->batch > 1 ? &tr_batch_op : &tr_op;
		break;
	case CLI_BENCH_NONE:
	case CLI_BENCH_OP_COUNT:
		fprintf(stderr, "txf: bench: no operation to time\n");
		return 1;
	}
	/* A file that cannot be written fails now, not after the run. */
	if (a->plot_path && plot_check_path(a->plot_path, err, sizeof(err)) != 0) {
		fprintf(stderr, "txf: %s\n", err);
		return 1;
	}
	if (tool_open_context(a->device, &b.ctx) != TXF_SUCCESS)
		return 1;
	s = txf_context_profile(b.ctx, &b.prof);
	if (s != TXF_SUCCESS) {
		tool_report("cannot read the device profile", s);
		txf_context_release(&b.ctx);
		return 1;
	}
	if (a->sweep && sweep_draw(&b) != 0) {
		txf_context_release(&b.ctx);
		free(b.sweep_shapes);
		return 1;
	}
	print_header(&b);
	if (b.op == &mm_op)
		bench_matmul(&b);
	else
		bench_transpose(&b);
	txf_context_release(&b.ctx);
	if (a->sweep && sweep_summary(&b) != 0)
		rc = 1;
	if (b.other_bad)
		fprintf(stderr, "txf: bench: %d result%s of other implementations failed\n",
		        b.other_bad, b.other_bad == 1 ? "" : "s");
	if (b.failures) {
		fprintf(stderr, "txf: bench: %d case%s of the library failed\n", b.failures,
		        b.failures == 1 ? "" : "s");
		rc = 1;
	}
	if (a->plot_path && bench_plot(&b) != 0)
		rc = 1;
	free(b.pts);
	free(b.vals);
	free(b.sweep_shapes);
	return rc;
}
