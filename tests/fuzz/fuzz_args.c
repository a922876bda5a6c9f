/* Fuzz target: the command line of the txf tool. cli_parse (tools/txf/
 * args.c) is all of txf's argument parsing: main() calls it, then prints a
 * usage text or hands the cli_args it filled to a subcommand, which opens
 * a device. This target does the first half of that without any device.
 *
 * The input is the argument list: arguments separated by NUL bytes, after
 * an argv[0] of "txf". Properties:
 *  - parsing is deterministic, and does not depend on the error buffer
 *    (none, one byte, or room for the message);
 *  - a refused line has a message;
 *  - argv is left as it was (getopt_long must not permute it), and so is
 *    the caller's opterr;
 *  - an accepted line satisfies what each subcommand relies on: values in
 *    their documented ranges (a --sweep range that shapes can be drawn
 *    from), file names non-empty, the checks that involve several options,
 *    and every string a pointer into argv;
 *  - the options structs are filled by the library's default functions,
 *    every kernel parameter they hold is one of the operation's (the
 *    library's registry) in its range, none twice, and each --param
 *    NAME=VALUE names one of them, once, and holds VALUE. */
#include "args.h"
#include "fuzz.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 256

static int argc_in;
static char **argv_in;

/* Whether s is NULL or points into one of the arguments. */
static bool in_argv(const char *s)
{
	if (!s)
		return true;
	for (int i = 0; i < argc_in; i++)
		if (s >= argv_in[i] && s <= argv_in[i] + strlen(argv_in[i]))
			return true;
	return false;
}

static bool pow2_in(unsigned v, unsigned lo, unsigned hi)
{
	return v >= lo && v <= hi && (v & (v - 1)) == 0;
}

static bool divides_if_given(long long a, long long b)
{
	return a == 0 || b == 0 || b % a == 0;
}

/* The registry's line of parameter `name` of operation op, or NULL. */
static const txf_param_info *registry_param(const char *op, const char *name)
{
	for (size_t i = 0; i < txf_param_count(); i++) {
		const txf_param_info *p = txf_param_at(i);
		if (strcmp(p->operation, op) == 0 && strcmp(p->name, name) == 0)
			return p;
	}
	return NULL;
}

/* A list of named parameters as the library's setters leave it: each a
 * parameter of op in its range, none twice. */
static void check_list(const char *op, const txf_param *list, unsigned n)
{
	FUZZ_CHECK(n <= TXF_MAX_PARAMS);
	for (unsigned i = 0; i < n; i++) {
		const txf_param_info *p = registry_param(op, list[i].name);
		FUZZ_CHECK(p && list[i].value >= p->min && list[i].value <= p->max);
		for (unsigned j = 0; j < i; j++)
			FUZZ_CHECK(strcmp(list[j].name, list[i].name) != 0);
	}
}

static long long mm(const cli_args *a, const char *name)
{
	long long v;
	bool has = cli_param_get(a->mopts.params, a->mopts.num_params, name, &v);
	FUZZ_CHECK(has || v == 0);
	return v;
}

/* The matmul options: filled by the default function, strategy left AUTO,
 * the setters' list, and the tool's checks across parameters. */
static void check_params(const cli_args *a)
{
	const txf_matmul_options *o = &a->mopts;
	FUZZ_CHECK(o->struct_size == sizeof *o && o->strategy == TXF_STRATEGY_AUTO &&
	           !o->workspace);
	check_list("matmul", o->params, o->num_params);
	/* --precision lands in the parameter precision of a matmul or bench
	 * line; info reads it for its explanation, with a matmul shape. */
	FUZZ_CHECK(a->precision <= 3);
	if (a->command == CLI_CMD_INFO)
		FUZZ_CHECK(!a->precision || a->shape_k);
	else
		FUZZ_CHECK(!a->precision || mm(a, "precision") == a->precision);
	FUZZ_CHECK(divides_if_given(mm(a, "mdimc"), mm(a, "mwg")) &&
	           divides_if_given(mm(a, "ndimc"), mm(a, "nwg")));
	FUZZ_CHECK(divides_if_given(mm(a, "vwa"), mm(a, "mwg")) &&
	           divides_if_given(mm(a, "vwa"), mm(a, "kwg")));
	FUZZ_CHECK(divides_if_given(mm(a, "vwb"), mm(a, "nwg")) &&
	           divides_if_given(mm(a, "vwb"), mm(a, "kwg")));
	const txf_transpose_options *t = &a->topts;
	FUZZ_CHECK(t->struct_size == sizeof *t && t->strategy == TXF_STRATEGY_AUTO);
	FUZZ_CHECK(t->tile == a->tile && t->wg_rows == a->wg_rows);
	check_list("transpose", t->params, t->num_params);
}

/* The value of parameter `name` of a transpose (or matmul) in the options
 * of a: false if the options do not hold it (the library then chooses). */
static bool param_field(const cli_args *a, bool matmul, const char *name, long long *v)
{
	if (!matmul && strcmp(name, "tile") == 0) {
		*v = a->topts.tile;
		return true;
	}
	if (!matmul && strcmp(name, "wg_rows") == 0) {
		*v = a->topts.wg_rows;
		return true;
	}
	return matmul ? cli_param_get(a->mopts.params, a->mopts.num_params, name, v) != 0
	              : cli_param_get(a->topts.params, a->topts.num_params, name, v) != 0;
}

/* The kernel parameters of an accepted transpose or matmul line: each of
 * the registry's in its range, and each --param NAME=VALUE (none twice)
 * in the field that NAME names, with VALUE. */
static void check_kernel_params(const cli_args *a, bool matmul)
{
	const char *op = matmul ? "matmul" : "transpose";
	long long v;

	for (size_t i = 0; i < txf_param_count(); i++) {
		const txf_param_info *p = txf_param_at(i);
		if (strcmp(p->operation, op) != 0)
			continue;
		if (param_field(a, matmul, p->name, &v))
			FUZZ_CHECK(v >= p->min && v <= p->max);
	}
	FUZZ_CHECK(a->nparam_args <= CLI_PARAM_ARGS_MAX);
	for (size_t i = 0; i < a->nparam_args; i++) {
		const char *s = a->param_arg[i], *eq = strchr(s, '=');
		char name[64];
		FUZZ_CHECK(in_argv(s) && eq && eq > s && (size_t)(eq - s) < sizeof name);
		memcpy(name, s, (size_t)(eq - s));
		name[eq - s] = '\0';
		for (size_t j = 0; j < i; j++)
			FUZZ_CHECK(strncmp(a->param_arg[j], s, (size_t)(eq - s + 1)) != 0);
		FUZZ_CHECK(param_field(a, matmul, name, &v));
		char *end;
		errno = 0;
		long long want = strtoll(eq + 1, &end, 10);
		FUZZ_CHECK(errno == 0 && *end == '\0' && end > eq + 1 && want == v);
	}
}

static void check_accepted(const cli_args *a)
{
	FUZZ_CHECK(cli_usage(a->command) != NULL);
	if (a->help || a->version) {
		FUZZ_CHECK(!a->version || a->command == CLI_CMD_NONE);
		return;
	}
	FUZZ_CHECK(a->command > CLI_CMD_NONE && a->command < CLI_CMD_COUNT);
	FUZZ_CHECK(strcmp(cli_command_name(a->command), argv_in[1]) == 0);
	FUZZ_CHECK(in_argv(a->device) && in_argv(a->in_path) && in_argv(a->out_path) &&
	           in_argv(a->a_path) && in_argv(a->b_path) && in_argv(a->c_path) &&
	           in_argv(a->plot_path));
	FUZZ_CHECK(!a->device || a->device[0]);
	FUZZ_CHECK((unsigned)a->dtype < TXF_DTYPE_COUNT);
	FUZZ_CHECK((unsigned)a->strategy < TXF_STRATEGY_COUNT);
	FUZZ_CHECK(isfinite(a->alpha) && isfinite(a->beta));
	check_params(a);
	switch (a->command) {
	case CLI_CMD_INFO:
		FUZZ_CHECK(a->shape_rows >= 1 && a->shape_rows <= CLI_SHAPE_MAX);
		FUZZ_CHECK(a->shape_cols >= 1 && a->shape_cols <= CLI_SHAPE_MAX);
		FUZZ_CHECK(a->shape_k <= CLI_SHAPE_MAX);
		break;
	case CLI_CMD_TRANSPOSE:
		check_kernel_params(a, false);
		FUZZ_CHECK(a->in_path && a->in_path[0] && a->out_path && a->out_path[0]);
		FUZZ_CHECK(a->tile == 0 || pow2_in(a->tile, CLI_TILE_MIN, CLI_TILE_MAX));
		FUZZ_CHECK(a->wg_rows == 0 || pow2_in(a->wg_rows, 1, CLI_TILE_MAX));
		FUZZ_CHECK(!a->tile || a->wg_rows <= a->tile);
		FUZZ_CHECK(a->strategy != TXF_STRATEGY_PADCOPY);
		FUZZ_CHECK(!a->in_place || (a->strategy != TXF_STRATEGY_TRUNCATE &&
		                            a->strategy != TXF_STRATEGY_SPLIT));
		break;
	case CLI_CMD_MATMUL:
		check_kernel_params(a, true);
		FUZZ_CHECK(a->a_path && a->a_path[0] && a->b_path && a->b_path[0] && a->out_path &&
		           a->out_path[0]);
		FUZZ_CHECK(!a->c_path || a->c_path[0]);
		FUZZ_CHECK(a->beta == 0.0 || a->c_path);
		FUZZ_CHECK(a->beta_given || a->beta == 0.0);
		break;
	case CLI_CMD_DEMO:
		FUZZ_CHECK(a->rows >= 1 && a->rows <= CLI_DEMO_EXTENT_MAX);
		FUZZ_CHECK(a->cols >= 1 && a->cols <= CLI_DEMO_EXTENT_MAX);
		FUZZ_CHECK((a->mm_m == 0 && a->mm_n == 0 && a->mm_k == 0) ||
		           (a->mm_m >= 1 && a->mm_m <= CLI_DEMO_EXTENT_MAX && a->mm_n >= 1 &&
		            a->mm_n <= CLI_DEMO_EXTENT_MAX && a->mm_k >= 1 &&
		            a->mm_k <= CLI_DEMO_EXTENT_MAX));
		FUZZ_CHECK(a->runs >= 1 && a->runs <= CLI_RUNS_MAX);
		break;
	case CLI_CMD_BENCH: {
		bool mm = a->bench_op == CLI_BENCH_MATMUL;
		FUZZ_CHECK(mm || a->bench_op == CLI_BENCH_TRANSPOSE);
		FUZZ_CHECK(cli_bench_op_name(a->bench_op) != NULL);
		FUZZ_CHECK(a->nshapes <= CLI_BENCH_SHAPES_MAX);
		for (size_t i = 0; i < a->nshapes; i++) {
			for (size_t j = 0; j < (mm ? 3u : 2u); j++)
				FUZZ_CHECK(a->shapes[i][j] >= 1 &&
				           a->shapes[i][j] <= CLI_SHAPE_MAX);
			FUZZ_CHECK(mm || a->shapes[i][2] == 0);
			FUZZ_CHECK(in_argv(a->shape_arg[i]));
		}
		FUZZ_CHECK(a->repeat >= 1 && a->repeat <= CLI_RUNS_MAX);
		FUZZ_CHECK(a->format == CLI_FORMAT_TABLE || a->format == CLI_FORMAT_CSV ||
		           a->format == CLI_FORMAT_JSON);
		FUZZ_CHECK((a->compare & ~CLI_COMPARE_ALL) == 0);
		FUZZ_CHECK((a->strategies &
		            ~(CLI_STRATEGIES_ALL | ((1u << TXF_STRATEGY_COUNT) - 1))) == 0);
		if (mm)
			FUZZ_CHECK((a->dtype == TXF_F32 || a->dtype == TXF_F64 ||
			            a->dtype == TXF_F16 || a->dtype == TXF_BF16) &&
			           !a->in_place);
		else
			FUZZ_CHECK(!(a->strategies & (1u << TXF_STRATEGY_PADCOPY)) ||
			           (a->strategies & CLI_STRATEGIES_ALL));
		check_kernel_params(a, mm);
		/* --sweep: drawn shapes instead of --shape, a range the
		 * generator can draw from, and (transpose) a cap that the
		 * smallest shape is within; without it, the defaults. */
		FUZZ_CHECK(a->sweep <= CLI_SWEEP_MAX);
		if (a->sweep) {
			FUZZ_CHECK(a->nshapes == 0 && a->strategies != 0);
			FUZZ_CHECK(a->sweep_lo >= 1 && a->sweep_lo <= a->sweep_hi &&
			           a->sweep_hi <= CLI_SHAPE_MAX);
			FUZZ_CHECK(a->sweep_max_elems >= 1 &&
			           a->sweep_max_elems <= CLI_SWEEP_MAX_ELEMS_MAX);
			FUZZ_CHECK(mm || (uint64_t)a->sweep_lo * a->sweep_lo <= a->sweep_max_elems);
			FUZZ_CHECK(!mm || a->sweep_max_elems == CLI_SWEEP_MAX_ELEMS);
		} else {
			FUZZ_CHECK(a->sweep_seed == 1 && a->sweep_lo == 0 && a->sweep_hi == 0 &&
			           a->sweep_max_elems == CLI_SWEEP_MAX_ELEMS);
		}
		break;
	}
	case CLI_CMD_TUNE:
		FUZZ_CHECK(a->tune_ops != 0 &&
		           (a->tune_ops & ~((1u << TXF_TUNE_OP_COUNT) - 1)) == 0);
		/* 0: the tuner's default types (no --dtype). */
		FUZZ_CHECK((a->tune_dtypes & ~((1u << TXF_DTYPE_COUNT) - 1)) == 0);
		FUZZ_CHECK(a->tune_full >= -1 && a->tune_full <= 1);
		FUZZ_CHECK(a->tune_budget <= 100000);
		FUZZ_CHECK(a->repeat >= 1 && a->repeat <= CLI_RUNS_MAX);
		break;
	case CLI_CMD_PARAMS:
		FUZZ_CHECK(a->format == CLI_FORMAT_TABLE || a->format == CLI_FORMAT_CSV ||
		           a->format == CLI_FORMAT_JSON);
		break;
	case CLI_CMD_NONE:
	case CLI_CMD_COUNT:
		break;
	}
	if (a->command != CLI_CMD_TRANSPOSE && a->command != CLI_CMD_MATMUL &&
	    a->command != CLI_CMD_BENCH)
		FUZZ_CHECK(a->nparam_args == 0);
	if (a->command != CLI_CMD_BENCH)
		FUZZ_CHECK(a->sweep == 0 && a->sweep_seed == 1 && a->sweep_lo == 0 &&
		           a->sweep_hi == 0 && a->sweep_max_elems == CLI_SWEEP_MAX_ELEMS);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* "txf" and the input, split at NUL bytes, in one buffer. */
	char *buf = malloc(size + 5);
	char **argv = malloc((MAX_ARGS + 1) * sizeof *argv);
	FUZZ_CHECK(buf && argv);
	memcpy(buf, "txf", 4);
	if (size)
		memcpy(buf + 4, data, size);
	buf[4 + size] = '\0';
	int argc = 0;
	argv[argc++] = buf;
	if (size) {
		char *s = buf + 4, *end = buf + 4 + size;
		while (argc < MAX_ARGS) {
			argv[argc++] = s;
			s += strlen(s) + 1;
			if (s > end)
				break;
		}
	}
	argv[argc] = NULL;
	argc_in = argc;
	argv_in = argv;

	static cli_args a, b;
	static char *argv_before[MAX_ARGS + 1];
	char err[512], err1[1];
	memcpy(argv_before, argv, (size_t)(argc + 1) * sizeof *argv);
	memset(err, 'x', sizeof err);
	opterr = 1;
	int rc = cli_parse(argc, argv, &a, err, sizeof err);
	FUZZ_CHECK(opterr == 1);
	FUZZ_CHECK(memcmp(argv_before, argv, (size_t)(argc + 1) * sizeof *argv) == 0);
	FUZZ_CHECK(memcmp(buf, "txf", 4) == 0 && (!size || memcmp(buf + 4, data, size) == 0));
	FUZZ_CHECK(memchr(err, '\0', sizeof err) != NULL);
	if (rc == 0)
		check_accepted(&a);
	else
		FUZZ_CHECK(rc == -1 && err[0] != '\0');

	/* The same line again, with no room and with no buffer for a message. */
	err1[0] = 'x';
	FUZZ_CHECK(cli_parse(argc, argv, &b, err1, sizeof err1) == rc);
	FUZZ_CHECK(err1[0] == '\0');
	FUZZ_CHECK(memcmp(&a, &b, sizeof a) == 0);
	FUZZ_CHECK(cli_parse(argc, argv, &b, NULL, 0) == rc);
	FUZZ_CHECK(memcmp(&a, &b, sizeof a) == 0);

	free(argv);
	free(buf);
	return 0;
}
