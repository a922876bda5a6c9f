/*
 * `txf bench`: times an operation's strategies over a set of shapes.
 *
 * Each operation (matmul for now) has a function that runs its cases and
 * hands one bench_row per implementation and strategy to bench_emit, which
 * prints it as a table line, a CSV record or a JSON object. An operation
 * describes its shape with its own dimension names (m, n, k for matmul) and
 * its kernel parameters as text and as a JSON object, so a new operation
 * adds a run function and a case in cmd_bench, nothing else.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "bench.h"
#include "mmcase.h"
#include "tool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bench {
	const cli_args *args;
	txf_context *ctx;
	txf_device_profile prof;
	int rows_out;  /* rows printed so far */
	int failures;  /* of the library's results */
	int other_bad; /* failures of the other implementations */
	unsigned seed; /* of the next case */
};

/* One line of output. */
struct bench_row {
	const char *op;
	const char *impl;   /* "txf", "clblast", "blas" */
	const char *device; /* device name, or "host" */
	const char *const *dim_names;
	size_t dims[3];
	size_t ndims;
	txf_dtype dtype;
	const char *strategy; /* asked for; NULL for other implementations */
	const char *chosen;   /* what auto resolved to; NULL if unknown */
	char params[64];      /* "64x64x32 8x8 4/4"; "" if none */
	char params_json[192];
	unsigned launches; /* 0: unknown */
	double gflop;      /* work of one run, for GFLOP/s */
	const mm_result *res;
};

static const char *dtype_code(txf_dtype t)
{
	return t == TXF_F64 ? "f8" : t == TXF_F32 ? "f4" : tool_str(txf_dtype_name(t));
}

static void shape_text(const struct bench_row *r, char *buf, size_t n)
{
	size_t pos = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < r->ndims && pos < n; i++)
		pos += (size_t)snprintf(buf + pos, n - pos, "%s%zu", i ? "x" : "", r->dims[i]);
}

static int timed(const struct bench_row *r)
{
	return r->res->repeats > 0 && r->res->median_ms > 0;
}

static void emit_table(const struct bench_row *r)
{
	const mm_result *res = r->res;
	char shape[80];

	shape_text(r, shape, sizeof(shape));
	printf("%-7s  %-16s  %-5s  %-8s  %-8s  %-17s  ", r->impl, shape, dtype_code(r->dtype),
	       r->strategy ? r->strategy : "-", r->chosen ? r->chosen : "-",
	       r->params[0] ? r->params : "-");
	if (r->launches)
		printf("%8u  ", r->launches);
	else
		printf("%8s  ", "-");
	if (timed(r))
		printf("%10.3f  %10.3f  %9.2f  ", res->median_ms, res->min_ms,
		       r->gflop / (res->median_ms / 1e3));
	else
		printf("%10s  %10s  %9s  ", "-", "-", "-");
	printf("%s\n", res->check);
	if (res->note[0])
		printf("    %s\n", res->note);
}

static void emit_csv(const struct bench_row *r)
{
	const mm_result *res = r->res;

	tool_csv_field(stdout, r->op);
	putchar(',');
	tool_csv_field(stdout, r->impl);
	putchar(',');
	tool_csv_field(stdout, r->device);
	for (size_t i = 0; i < r->ndims; i++)
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
	printf(",%u,", res->repeats);
	if (timed(r))
		printf("%.6g,%.6g,%.6g", res->median_ms, res->min_ms,
		       r->gflop / (res->median_ms / 1e3));
	else
		printf(",,");
	printf(",%s,", res->check);
	tool_csv_field(stdout, res->note);
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

static void emit_json(const struct bench_row *r)
{
	const mm_result *res = r->res;

	printf("{\"op\":");
	tool_json_string(stdout, r->op);
	json_key_string("impl", r->impl);
	json_key_string("device", r->device);
	for (size_t i = 0; i < r->ndims; i++)
		printf(",\"%s\":%zu", r->dim_names[i], r->dims[i]);
	json_key_string("dtype", dtype_code(r->dtype));
	json_key_string("strategy", r->strategy);
	json_key_string("chosen", r->chosen);
	printf(",\"params\":%s", r->params_json[0] ? r->params_json : "null");
	if (r->launches)
		printf(",\"launches\":%u", r->launches);
	else
		printf(",\"launches\":null");
	printf(",\"repeats\":%u", res->repeats);
	if (timed(r))
		printf(",\"median_ms\":%.6g,\"min_ms\":%.6g,\"gflops\":%.6g", res->median_ms,
		       res->min_ms, r->gflop / (res->median_ms / 1e3));
	else
		printf(",\"median_ms\":null,\"min_ms\":null,\"gflops\":null");
	json_key_string("check", res->check);
	json_key_string("note", res->note);
	printf("}\n");
}

static void bench_emit(struct bench *b, const struct bench_row *r)
{
	switch (b->args->format) {
	case CLI_FORMAT_TABLE:
		emit_table(r);
		break;
	case CLI_FORMAT_CSV:
		emit_csv(r);
		break;
	case CLI_FORMAT_JSON:
		emit_json(r);
		break;
	}
	fflush(stdout);
	b->rows_out++;
}

/* ----------------------------------------------------------------- matmul */

static const char *const mm_dims[3] = {"m", "n", "k"};

static const txf_strategy mm_order[] = {
    TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD,     TXF_STRATEGY_TRUNCATE,
    TXF_STRATEGY_SPLIT,  TXF_STRATEGY_PADCOPY, TXF_STRATEGY_AUTO,
};

static void mm_row_init(struct bench_row *r, const struct bench *b, const mm_case *c,
                        const char *impl, const mm_result *res)
{
	memset(r, 0, sizeof(*r));
	r->op = "matmul";
	r->impl = impl;
	r->device = b->prof.normalized_name;
	r->dim_names = mm_dims;
	r->dims[0] = c->m;
	r->dims[1] = c->n;
	r->dims[2] = c->k;
	r->ndims = 3;
	r->dtype = c->dtype;
	r->gflop = 2.0 * (double)c->m * (double)c->n * (double)c->k / 1e9;
	r->res = res;
}

static void mm_row_params(struct bench_row *r, const txf_matmul_choice *ch)
{
	const txf_matmul_params *p = &ch->params;

	r->chosen = txf_strategy_name(ch->strategy);
	r->launches = ch->launches;
	if (ch->strategy == TXF_STRATEGY_SIMPLE)
		return; /* SIMPLE uses no blocks */
	snprintf(r->params, sizeof(r->params), "%ux%ux%u %ux%u %u/%u", p->mwg, p->nwg, p->kwg,
	         p->mdimc, p->ndimc, p->vwa, p->vwb);
	snprintf(r->params_json, sizeof(r->params_json),
	         "{\"mwg\":%u,\"nwg\":%u,\"kwg\":%u,\"mdimc\":%u,\"ndimc\":%u,\"vwa\":%u,"
	         "\"vwb\":%u}",
	         p->mwg, p->nwg, p->kwg, p->mdimc, p->ndimc, p->vwa, p->vwb);
}

static void bench_matmul_shape(struct bench *b, size_t m, size_t n, size_t k)
{
	const cli_args *a = b->args;
	unsigned mask = a->strategies ? a->strategies : (1u << TXF_STRATEGY_COUNT) - 1;
	struct bench_row row;
	mm_result res;
	mm_case c;

	if (mm_case_init(&c, b->ctx, m, n, k, a->dtype, b->seed++, 0) != TXF_SUCCESS) {
		b->failures++;
		return;
	}
	for (size_t i = 0; i < sizeof(mm_order) / sizeof(mm_order[0]); i++) {
		txf_strategy st = mm_order[i];

		if (!(mask & (1u << st)))
			continue;
		if (mm_run_txf(&c, st, &a->params, a->repeat, &res) != 0)
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
	if (a->nshapes) {
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

/* ------------------------------------------------------------------ command */

static void print_header(const struct bench *b)
{
	const cli_args *a = b->args;
	const char *clb = (a->compare & CLI_COMPARE_CLBLAST) ? mm_clblast_name() : NULL;
	const char *blas = (a->compare & CLI_COMPARE_BLAS) ? mm_blas_name() : NULL;

	switch (a->format) {
	case CLI_FORMAT_TABLE:
		printf("device:   %s (%s)\n", b->prof.name, b->prof.platform);
		printf("time:     device time from event profiling%s, median and fastest of %u "
		       "run%s after a warm-up\n",
		       blas ? " (host BLAS: monotonic clock)" : "", a->repeat,
		       a->repeat == 1 ? "" : "s");
		printf("compare:  %s%s%s\n\n", clb ? clb : "", clb && blas ? ", " : "",
		       blas  ? blas
		       : clb ? ""
		             : "none");
		printf("%-7s  %-16s  %-5s  %-8s  %-8s  %-17s  %8s  %10s  %10s  %9s  %s\n", "impl",
		       "shape", "dtype", "strategy", "chosen", "params", "launches", "median ms",
		       "min ms", "GFLOP/s", "check");
		break;
	case CLI_FORMAT_CSV:
		printf("op,impl,device,m,n,k,dtype,strategy,chosen,params,launches,repeats,"
		       "median_ms,min_ms,gflops,check,note\n");
		break;
	case CLI_FORMAT_JSON:
		break;
	}
	fflush(stdout);
}

int cmd_bench(const cli_args *a)
{
	struct bench b;
	txf_status s;

	memset(&b, 0, sizeof(b));
	b.args = a;
	b.seed = 1;
	if (tool_open_context(a->device, &b.ctx) != TXF_SUCCESS)
		return 1;
	s = txf_context_profile(b.ctx, &b.prof);
	if (s != TXF_SUCCESS) {
		tool_report("cannot read the device profile", s);
		txf_context_release(&b.ctx);
		return 1;
	}
	print_header(&b);
	switch (a->bench_op) {
	case CLI_BENCH_MATMUL:
		bench_matmul(&b);
		break;
	case CLI_BENCH_NONE:
	case CLI_BENCH_OP_COUNT:
		fprintf(stderr, "txf: bench: no operation to time\n");
		b.failures++;
		break;
	}
	txf_context_release(&b.ctx);
	if (b.other_bad)
		fprintf(stderr, "txf: bench: %d result%s of other implementations failed\n",
		        b.other_bad, b.other_bad == 1 ? "" : "s");
	if (b.failures) {
		fprintf(stderr, "txf: bench: %d case%s of the library failed\n", b.failures,
		        b.failures == 1 ? "" : "s");
		return 1;
	}
	return 0;
}
