/*
 * Tests of the txf command-line parser (tools/txf/args.c), in process: every
 * option of every command by its whole name in both forms ("--name value",
 * "--name=value"), options and arguments in any order, "--"; --param
 * NAME=VALUE against the library's parameter registry; refused lines
 * with a message that names what is wrong and nothing on stderr; getopt_long's
 * global state (a parse after any other parse, a caller's opterr) and argv
 * left as it was; and the manual page (tools/txf/txf.1) against the usage
 * texts and README.md's list of environment variables.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "args.h"

#include <ctype.h>
#include <getopt.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#define MAX_ARGS 40

/* A command line as cli_parse gets it: "txf" and the arguments, each in
 * memory of its own, with a copy of both to compare with afterwards. */
struct line {
	int argc;
	char *argv[MAX_ARGS + 1];
	char *saved_ptr[MAX_ARGS + 1];
	char *saved_text[MAX_ARGS + 1];
};

static void line_make(struct line *l, const char *const *args)
{
	memset(l, 0, sizeof(*l));
	l->argv[l->argc++] = strdup("txf");
	for (size_t i = 0; args[i]; i++) {
		assert_true(l->argc < MAX_ARGS);
		l->argv[l->argc++] = strdup(args[i]);
	}
	for (int i = 0; i < l->argc; i++) {
		assert_non_null(l->argv[i]);
		l->saved_ptr[i] = l->argv[i];
		l->saved_text[i] = strdup(l->argv[i]);
		assert_non_null(l->saved_text[i]);
	}
}

/* argv after the parse: the same pointers, in the same order, to the same
 * text. */
static void line_check_untouched(const struct line *l)
{
	for (int i = 0; i < l->argc; i++) {
		assert_ptr_equal(l->argv[i], l->saved_ptr[i]);
		assert_string_equal(l->argv[i], l->saved_text[i]);
	}
	assert_null(l->argv[l->argc]);
}

static void line_free(struct line *l)
{
	for (int i = 0; i < l->argc; i++) {
		free(l->argv[i]);
		free(l->saved_text[i]);
	}
}

/* Whether s points into one of the arguments of l. */
static int in_argv(const struct line *l, const char *s)
{
	for (int i = 0; i < l->argc; i++) {
		if (s >= l->argv[i] && s <= l->argv[i] + strlen(l->argv[i]))
			return 1;
	}
	return 0;
}

/* Parse args, which must be accepted; the result in *a. The line stays
 * allocated (in *l) so that the strings of *a can be checked. */
static void accept_line(struct line *l, const char *const *args, cli_args *a)
{
	char err[512];

	line_make(l, args);
	memset(err, 'x', sizeof(err));
	if (cli_parse(l->argc, l->argv, a, err, sizeof(err)) != 0)
		fail_msg("txf %s ...: refused: %s", args[0], err);
	line_check_untouched(l);
}

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* The value of kernel parameter `name` in the options of a transpose or a
 * matmul line: its field (tile, wg_rows) or its entry in the list of named
 * parameters; 0 when the line did not give it. */
static long long topt(const cli_args *a, const char *name)
{
	long long v;

	assert_int_equal(a->topts.struct_size, sizeof(a->topts));
	if (strcmp(name, "tile") == 0)
		return a->topts.tile;
	if (strcmp(name, "wg_rows") == 0)
		return a->topts.wg_rows;
	cli_param_get(a->topts.params, a->topts.num_params, name, &v);
	return v;
}

static long long mopt(const cli_args *a, const char *name)
{
	long long v;

	assert_int_equal(a->mopts.struct_size, sizeof(a->mopts));
	cli_param_get(a->mopts.params, a->mopts.num_params, name, &v);
	return v;
}

/* Whether the matmul options of a name parameter `name`. */
static int mgiven(const cli_args *a, const char *name)
{
	long long v;

	return cli_param_get(a->mopts.params, a->mopts.num_params, name, &v);
}

/* ------------------------------------------------------- accepted lines */

static void test_transpose_options(void **state)
{
	struct line l;
	cli_args a;

	(void)state;
	accept_line(&l,
	            ARGS("transpose", "--strategy", "pad", "in.npy", "--tile=16", "--wg-rows", "4",
	                 "out.npy", "--param", "segments=-1", "--param=width=64", "--param",
	                 "stream=1", "--param", "cache_hints=-1", "--in-place", "--param",
	                 "inplace_tiles=2", "--device=gpu"),
	            &a);
	assert_int_equal(a.command, CLI_CMD_TRANSPOSE);
	assert_false(a.help || a.version);
	assert_int_equal(a.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(a.tile, 16);
	assert_int_equal(a.wg_rows, 4);
	assert_int_equal(topt(&a, "tile"), 16);
	assert_int_equal(topt(&a, "wg_rows"), 4);
	assert_int_equal(topt(&a, "segments"), -1);
	assert_int_equal(topt(&a, "width"), 64);
	assert_int_equal(topt(&a, "stream"), 1);
	assert_int_equal(topt(&a, "cache_hints"), -1);
	assert_int_equal(a.in_place, 1);
	assert_int_equal(topt(&a, "inplace_tiles"), 2);
	assert_int_equal(a.topts.num_params, 5);
	/* The strategy stays in a.strategy; the options leave it AUTO. */
	assert_int_equal(a.topts.strategy, TXF_STRATEGY_AUTO);
	assert_string_equal(a.in_path, "in.npy");
	assert_string_equal(a.out_path, "out.npy");
	assert_string_equal(a.device, "gpu");
	assert_true(in_argv(&l, a.in_path) && in_argv(&l, a.out_path) && in_argv(&l, a.device));
	assert_int_equal(a.nparam_args, 5);
	assert_string_equal(a.param_arg[1], "width=64");
	for (size_t i = 0; i < a.nparam_args; i++)
		assert_true(in_argv(&l, a.param_arg[i]));
	line_free(&l);

	/* Options first, arguments last; the defaults where nothing is given. */
	accept_line(&l, ARGS("transpose", "--param", "segments=3", "--param=width=-1", "a", "b"),
	            &a);
	assert_int_equal(topt(&a, "segments"), 3);
	assert_int_equal(topt(&a, "width"), -1);
	assert_int_equal(topt(&a, "stream"), 0);
	assert_int_equal(topt(&a, "cache_hints"), 0);
	assert_int_equal(topt(&a, "inplace_tiles"), 0);
	assert_int_equal(a.topts.num_params, 2);
	assert_int_equal(a.wg_rows, 0);
	assert_int_equal(a.strategy, TXF_STRATEGY_AUTO);
	assert_int_equal(a.tile, 0);
	assert_int_equal(a.in_place, 0);
	assert_null(a.device);
	assert_string_equal(a.in_path, "a");
	assert_string_equal(a.out_path, "b");
	line_free(&l);

	/* The tile and wg_rows by --param instead of --tile and --wg-rows. */
	accept_line(&l, ARGS("transpose", "a", "b", "--param", "tile=32", "--param", "wg_rows=8"),
	            &a);
	assert_int_equal(a.tile, 32);
	assert_int_equal(a.wg_rows, 8);
	assert_int_equal(topt(&a, "tile"), 32);
	assert_int_equal(topt(&a, "wg_rows"), 8);
	assert_int_equal(a.topts.num_params, 0);
	line_free(&l);
}

static void test_matmul_options(void **state)
{
	struct line l;
	cli_args a;

	(void)state;
	/* A value that starts with '-' is a value, not an option. */
	accept_line(&l,
	            ARGS("matmul", "--trans-a", "a.npy", "--alpha", "-0.5", "b.npy", "--beta=2",
	                 "--trans-b", "--c", "c.npy", "o.npy", "--params", "kwg=16,vwa=2",
	                 "--strategy=padcopy", "--param", "ksplit=4", "--device", "cpu",
	                 "--param=mwg=64"),
	            &a);
	assert_int_equal(a.command, CLI_CMD_MATMUL);
	assert_int_equal(a.trans_a, 1);
	assert_int_equal(a.trans_b, 1);
	assert_true(a.alpha == -0.5);
	assert_true(a.beta == 2.0);
	assert_int_equal(a.beta_given, 1);
	assert_string_equal(a.a_path, "a.npy");
	assert_string_equal(a.b_path, "b.npy");
	assert_string_equal(a.out_path, "o.npy");
	assert_string_equal(a.c_path, "c.npy");
	assert_int_equal(mopt(&a, "kwg"), 16);
	assert_int_equal(mopt(&a, "vwa"), 2);
	/* --param adds to --params. */
	assert_int_equal(mopt(&a, "ksplit"), 4);
	assert_int_equal(mopt(&a, "mwg"), 64);
	assert_false(mgiven(&a, "nwg"));
	assert_int_equal(a.mopts.num_params, 4);
	assert_int_equal(a.mopts.strategy, TXF_STRATEGY_AUTO);
	assert_int_equal(a.strategy, TXF_STRATEGY_PADCOPY);
	assert_string_equal(a.device, "cpu");
	assert_false(mgiven(&a, "precision"));
	line_free(&l);
	/* --precision sets the parameter precision by its name. */
	static const char *const modes[] = {"exact", "3xtf32", "tf32"};
	for (int i = 0; i < 3; i++) {
		accept_line(&l, ARGS("matmul", "a.npy", "b.npy", "o.npy", "--precision", modes[i]),
		            &a);
		assert_int_equal(mopt(&a, "precision"), i + 1);
		line_free(&l);
		accept_line(&l, ARGS("bench", "matmul", "--precision", modes[i], "--shape", "64"),
		            &a);
		assert_int_equal(mopt(&a, "precision"), i + 1);
		line_free(&l);
		accept_line(&l, ARGS("info", "--shape", "64x64x64", "--precision", modes[i]), &a);
		assert_int_equal(a.precision, (unsigned)i + 1);
		line_free(&l);
	}
}

/* --params LIST: each value set by name, in the order mwg, nwg, kwg, mdimc,
 * ndimc, vwa, vwb, ksplit, lbuf, wmap, kgroups; a 0 is given (and so may
 * not be given again by --param) but leaves the choice to the library. */
static void test_params_list(void **state)
{
	static const char *const names[] = {"mwg", "nwg",    "kwg",  "mdimc", "ndimc",  "vwa",
	                                    "vwb", "ksplit", "lbuf", "wmap",  "kgroups"};
	static const long long values[] = {64, 32, 16, 8, 4, 2, 1, 3, 2, 1, 5};
	static const struct {
		const char *list;
		size_t count;
	} lists[] = {
	    {"64,32,16,8,4,2,1", 7},
	    {"64,32,16,8,4,2,1,3", 8},
	    {"64,32,16,8,4,2,1,3,2,1", 10},
	    {"64,32,16,8,4,2,1,3,2,1,5", 11},
	};
	struct line l;
	cli_args a;

	(void)state;
	assert_int_equal(sizeof(names) / sizeof(names[0]), CLI_PARAMS_COUNT);
	for (size_t i = 0; i < CLI_PARAMS_COUNT; i++)
		assert_string_equal(cli_params_names[i], names[i]);
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		accept_line(&l, ARGS("matmul", "a", "b", "o", "--params", lists[i].list), &a);
		assert_int_equal(a.mopts.num_params, lists[i].count);
		for (size_t j = 0; j < CLI_PARAMS_COUNT; j++) {
			if (j < lists[i].count) {
				assert_true(mgiven(&a, names[j]));
				assert_int_equal(mopt(&a, names[j]), values[j]);
			} else {
				assert_false(mgiven(&a, names[j]));
			}
		}
		line_free(&l);
	}
	/* Zeros are given; --param then adds the ones left out. */
	accept_line(
	    &l, ARGS("bench", "matmul", "--params", "0,0,0,0,0,0,0", "--param", "kgroups=2"), &a);
	assert_int_equal(a.mopts.num_params, 8);
	assert_true(mgiven(&a, "vwb") && mopt(&a, "vwb") == 0);
	assert_int_equal(mopt(&a, "kgroups"), 2);
	line_free(&l);
	/* NAME=VALUE pairs: every matmul parameter of the registry. */
	for (size_t i = 0; i < txf_param_count(); i++) {
		const txf_param_info *p = txf_param_at(i);
		char item[64];

		if (strcmp(p->operation, "matmul") != 0)
			continue;
		snprintf(item, sizeof(item), "%s=%lld", p->name, p->max);
		accept_line(&l, ARGS("matmul", "a", "b", "o", "--params", item), &a);
		assert_int_equal(a.mopts.num_params, 1);
		assert_int_equal(mopt(&a, p->name), p->max);
		line_free(&l);
	}
}

static void test_bench_tune_demo_info_options(void **state)
{
	struct line l;
	cli_args a;

	(void)state;
	/* Repeatable options add up; the operation may come after them. */
	accept_line(&l,
	            ARGS("bench", "--shape", "64", "--shape=7x8x9,16", "matmul", "--strategy",
	                 "pad", "--strategy=split", "--format=json", "--compare", "none", "--plot",
	                 "p.png", "--repeat", "3", "--dtype", "f8", "--params", "64,64,16,8,8,4,4"),
	            &a);
	assert_int_equal(a.command, CLI_CMD_BENCH);
	assert_int_equal(a.bench_op, CLI_BENCH_MATMUL);
	assert_int_equal(a.nshapes, 3);
	assert_int_equal(a.shapes[0][0], 64);
	assert_int_equal(a.shapes[0][2], 64);
	assert_int_equal(a.shapes[1][0], 7);
	assert_int_equal(a.shapes[1][1], 8);
	assert_int_equal(a.shapes[1][2], 9);
	assert_int_equal(a.shapes[2][1], 16);
	assert_int_equal(a.strategies, (1u << TXF_STRATEGY_PAD) | (1u << TXF_STRATEGY_SPLIT));
	assert_int_equal(a.format, CLI_FORMAT_JSON);
	assert_int_equal(a.compare, 0);
	assert_string_equal(a.plot_path, "p.png");
	assert_int_equal(a.repeat, 3);
	assert_int_equal(a.dtype, TXF_F64);
	assert_int_equal(mopt(&a, "mwg"), 64);
	assert_int_equal(mopt(&a, "vwb"), 4);
	line_free(&l);

	/* --param before the operation: checked once the operation is known. */
	accept_line(&l, ARGS("bench", "--param", "kwg=8", "--param=vwb=2", "matmul"), &a);
	assert_int_equal(a.bench_op, CLI_BENCH_MATMUL);
	assert_int_equal(mopt(&a, "kwg"), 8);
	assert_int_equal(mopt(&a, "vwb"), 2);
	assert_false(mgiven(&a, "mwg"));
	line_free(&l);

	accept_line(&l, ARGS("params"), &a);
	assert_int_equal(a.command, CLI_CMD_PARAMS);
	assert_int_equal(a.format, CLI_FORMAT_TABLE);
	line_free(&l);
	accept_line(&l, ARGS("params", "--format=json"), &a);
	assert_int_equal(a.format, CLI_FORMAT_JSON);
	line_free(&l);

	accept_line(&l,
	            ARGS("tune", "--op", "matmul", "--dtype=f4,f8", "--full", "--budget", "5",
	                 "--repeat=2"),
	            &a);
	assert_int_equal(a.tune_ops, 1u << TXF_TUNE_MATMUL);
	assert_int_equal(a.tune_dtypes, (1u << TXF_F32) | (1u << TXF_F64));
	assert_int_equal(a.tune_full, 1);
	assert_int_equal(a.tune_budget, 5);
	assert_int_equal(a.repeat, 2);
	assert_int_equal(a.repeat_given, 1);
	line_free(&l);

	accept_line(&l,
	            ARGS("demo", "--rows", "7", "--cols=8", "--matmul-shape", "4x5x6", "--seed=9",
	                 "--runs", "2"),
	            &a);
	assert_int_equal(a.rows, 7);
	assert_int_equal(a.cols, 8);
	assert_int_equal(a.mm_m, 4);
	assert_int_equal(a.mm_n, 5);
	assert_int_equal(a.mm_k, 6);
	assert_int_equal(a.seed, 9);
	assert_int_equal(a.runs, 2);
	line_free(&l);

	/* No --sweep: none, and the sweep's defaults. */
	accept_line(&l, ARGS("bench", "transpose"), &a);
	assert_int_equal(a.sweep, 0);
	assert_true(a.sweep_seed == 1);
	assert_int_equal(a.sweep_lo, 0);
	assert_int_equal(a.sweep_hi, 0);
	assert_true(a.sweep_max_elems == CLI_SWEEP_MAX_ELEMS);
	assert_int_equal(a.strategies, 0); /* every strategy */
	line_free(&l);

	accept_line(&l, ARGS("info", "--shape=3x4x5", "--dtype", "u1"), &a);
	assert_int_equal(a.shape_rows, 3);
	assert_int_equal(a.shape_cols, 4);
	assert_int_equal(a.shape_k, 5);
	assert_int_equal(a.dtype, TXF_U8);
	line_free(&l);
}

/* bench --sweep: its range, cap and seed, each operation's defaults, auto
 * alone unless --strategy says otherwise. */
static void test_bench_sweep_options(void **state)
{
	struct line l;
	cli_args a;

	(void)state;
	accept_line(&l,
	            ARGS("bench", "--sweep", "5", "transpose", "--sweep-range", "2:40", "--seed=7",
	                 "--sweep-max-elems=1000", "--dtype", "u2", "--param", "tile=8", "--format",
	                 "json"),
	            &a);
	assert_int_equal(a.bench_op, CLI_BENCH_TRANSPOSE);
	assert_int_equal(a.sweep, 5);
	assert_int_equal(a.sweep_lo, 2);
	assert_int_equal(a.sweep_hi, 40);
	assert_true(a.sweep_seed == 7);
	assert_true(a.sweep_max_elems == 1000);
	assert_int_equal(a.nshapes, 0);
	assert_int_equal(a.strategies, 1u << TXF_STRATEGY_AUTO);
	assert_int_equal(a.dtype, TXF_U16);
	assert_int_equal(topt(&a, "tile"), 8);
	assert_int_equal(a.format, CLI_FORMAT_JSON);
	line_free(&l);

	/* The defaults of each operation; the whole range of the seed; a
	 * range of one size. */
	accept_line(&l, ARGS("bench", "transpose", "--sweep=1", "--seed", "0"), &a);
	assert_int_equal(a.sweep, 1);
	assert_int_equal(a.sweep_lo, CLI_SWEEP_TRANSPOSE_LO);
	assert_int_equal(a.sweep_hi, CLI_SWEEP_TRANSPOSE_HI);
	assert_true(a.sweep_max_elems == (uint64_t)1 << 26);
	assert_true(a.sweep_seed == 0);
	line_free(&l);
	accept_line(&l,
	            ARGS("bench", "matmul", "--sweep", "10000", "--seed", "18446744073709551615",
	                 "--strategy", "pad,split", "--compare", "none"),
	            &a);
	assert_int_equal(a.sweep, CLI_SWEEP_MAX);
	assert_int_equal(a.sweep_lo, 16);
	assert_int_equal(a.sweep_hi, 8192);
	assert_true(a.sweep_seed == UINT64_MAX);
	assert_int_equal(a.strategies, (1u << TXF_STRATEGY_PAD) | (1u << TXF_STRATEGY_SPLIT));
	line_free(&l);
	accept_line(&l,
	            ARGS("bench", "transpose", "--sweep", "2", "--sweep-range",
	                 "2147483648:2147483648", "--sweep-max-elems", "4611686018427387904"),
	            &a);
	assert_int_equal(a.sweep_lo, CLI_SHAPE_MAX);
	assert_int_equal(a.sweep_hi, CLI_SHAPE_MAX);
	assert_true(a.sweep_max_elems == CLI_SWEEP_MAX_ELEMS_MAX);
	line_free(&l);
	/* The cap is the smallest shape exactly. */
	accept_line(&l,
	            ARGS("bench", "transpose", "--sweep", "2", "--sweep-range", "100:200",
	                 "--sweep-max-elems", "10000"),
	            &a);
	assert_true(a.sweep_max_elems == 10000);
	line_free(&l);
	/* demo's --seed is its own. */
	accept_line(&l, ARGS("demo", "--seed", "5"), &a);
	assert_int_equal(a.seed, 5);
	assert_int_equal(a.sweep, 0);
	assert_true(a.sweep_seed == 1);
	line_free(&l);
}

/* ------------------------------------------------------ kernel parameters */

/* The value that parameter `name` has in a, from the options of its
 * operation. */
static long long param_value(const cli_args *a, const char *name)
{
	return a->command == CLI_CMD_TRANSPOSE ? topt(a, name) : mopt(a, name);
}

/* The line "txf <head...> --param <param>": accepted with parameter
 * `name` = want, or refused (want_ok 0) with a message that has `says`
 * and, for a value the library refused, the library's own message. */
static void check_param_line(const char *const *head, const char *param, int want_ok,
                             const char *name, long long want, const char *says)
{
	const char *args[12];
	struct line l;
	cli_args a;
	char err[512];
	size_t n = 0;
	int rc;

	for (; head[n]; n++)
		args[n] = head[n];
	args[n++] = "--param";
	args[n++] = param;
	args[n] = NULL;
	line_make(&l, args);
	memset(err, 'x', sizeof(err));
	rc = cli_parse(l.argc, l.argv, &a, err, sizeof(err));
	line_check_untouched(&l);
	if (want_ok) {
		if (rc != 0)
			fail_msg("txf %s ... --param %s: refused: %s", head[0], param, err);
		if (param_value(&a, name) != want)
			fail_msg("txf %s ... --param %s: %s is %lld", head[0], param, name,
			         param_value(&a, name));
		assert_int_equal(a.nparam_args, 1);
		assert_ptr_equal(a.param_arg[0], l.argv[l.argc - 1]);
	} else {
		if (rc != -1)
			fail_msg("txf %s ... --param %s: accepted", head[0], param);
		if (!strstr(err, says))
			fail_msg("txf %s ... --param %s: message '%s' lacks '%s'", head[0], param,
			         err, says);
		/* A value the library's setter refused: its message, whole. */
		if (strstr(err, "is not in [") && !strstr(err, txf_last_error()))
			fail_msg("txf %s ... --param %s: message '%s' lacks the library's '%s'",
			         head[0], param, err, txf_last_error());
	}
	line_free(&l);
}

/* The values of the switches that --param replaced (--segments, --width,
 * --stream, --cache-hints, --inplace-tiles), and of tile and wg_rows, that
 * are accepted and refused; the form NAME=VALUE. */
static void test_param_values(void **state)
{
	static const char *const tr[] = {"transpose", "in.npy", "out.npy", NULL};
	static const struct {
		const char *param, *name;
		long long want;
	} ok[] = {
	    {"segments=-1", "segments", -1},
	    {"segments=1", "segments", 1},
	    {"segments=8", "segments", 8},
	    {"segments=0", "segments", 0},
	    {"segments=-0", "segments", 0},
	    {"width=-1", "width", -1},
	    {"width=1", "width", 1},
	    {"width=0064", "width", 64},
	    {"width=512", "width", 512},
	    {"stream=1", "stream", 1},
	    {"stream=-1", "stream", -1},
	    {"stream=0", "stream", 0},
	    {"cache_hints=1", "cache_hints", 1},
	    {"cache_hints=-1", "cache_hints", -1},
	    {"inplace_tiles=1", "inplace_tiles", 1},
	    {"inplace_tiles=2", "inplace_tiles", 2},
	    {"tile=4", "tile", 4},
	    {"tile=128", "tile", 128},
	    {"tile=0", "tile", 0},
	    {"wg_rows=1", "wg_rows", 1},
	    {"wg_rows=64", "wg_rows", 64},
	};
	static const struct {
		const char *param, *says;
	} bad[] = {
	    /* Out of range: the library's message names the parameter and its
	     * range. */
	    {"segments=9",
	     "--param segments=9: transpose parameter segments = 9 is not in [-1, 8]"},
	    {"segments=-2", "segments = -2 is not in [-1, 8]"},
	    {"width=513", "width = 513 is not in [-1, 512]"},
	    {"width=-2", "width = -2 is not in [-1, 512]"},
	    {"stream=2", "stream = 2 is not in [-1, 1]"},
	    {"stream=-2", "stream = -2 is not in [-1, 1]"},
	    {"cache_hints=2", "cache_hints = 2 is not in [-1, 1]"},
	    {"cache_hints=-9", "cache_hints = -9 is not in [-1, 1]"},
	    {"inplace_tiles=3", "inplace_tiles = 3 is not in [0, 2]"},
	    {"inplace_tiles=-1", "inplace_tiles = -1 is not in [0, 2]"},
	    {"tile=3", "tile = 3 is not in [0, 128]"},
	    {"tile=2", "at least 4"},
	    {"tile=256", "tile = 256 is not in [0, 128]"},
	    {"tile=-8", "tile = -8 is not in [0, 128]"},
	    {"wg_rows=3", "wg_rows = 3 is not in [0, 128]"},
	    /* Names: of no parameter, or of matmul's. */
	    {"bogus=1", "transpose: --param bogus=1: transpose has no parameter \"bogus\" (it has "
	                "tile, wg_rows,"},
	    {"kwg=16", "transpose has no parameter \"kwg\""},
	    {"Tile=8", "transpose has no parameter \"Tile\""},
	    {"cache-hints=1", "transpose has no parameter \"cache-hints\""},
	    /* Not NAME=VALUE with a whole number VALUE in base 10. */
	    {"stream=yes", "transpose: --param 'stream=yes' is not NAME=VALUE"},
	    {"width=wide", "--param 'width=wide' is not NAME=VALUE"},
	    {"cache_hints=on", "--param 'cache_hints=on' is not NAME=VALUE"},
	    {"tile=", "--param 'tile=' is not NAME=VALUE"},
	    {"tile=16x", "--param 'tile=16x' is not NAME=VALUE"},
	    {"tile= 16", "--param 'tile= 16' is not NAME=VALUE"},
	    {"tile=0x10", "--param 'tile=0x10' is not NAME=VALUE"},
	    {"stream=+1", "--param 'stream=+1' is not NAME=VALUE"},
	    {"tile=-", "--param 'tile=-' is not NAME=VALUE"},
	    {"=1", "--param '=1' is not NAME=VALUE"},
	    {"tile", "--param 'tile' is not NAME=VALUE"},
	    {"", "--param '' is not NAME=VALUE"},
	    {"tile=99999999999999999999", "beyond the range of every parameter"},
	    {"tile=-9223372036854775809", "beyond the range of every parameter"},
	    {"a_name_longer_than_any_parameter_name=1", "no parameter has so long a name"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		check_param_line(tr, ok[i].param, 1, ok[i].name, ok[i].want, NULL);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		check_param_line(tr, bad[i].param, 0, NULL, 0, bad[i].says);
	/* The extremes of long long reach the library, which refuses them. */
	check_param_line(tr, "width=9223372036854775807", 0, NULL, 0,
	                 "width = 9223372036854775807 is not in [-1, 512]");
	check_param_line(tr, "width=-9223372036854775808", 0, NULL, 0,
	                 "width = -9223372036854775808 is not in [-1, 512]");
}

/* Every parameter of the library's registry, at both ends of its range
 * and one past each, through every command that takes --param. */
static void test_param_registry(void **state)
{
	static const char *const tr[] = {"transpose", "in.npy", "out.npy", NULL};
	static const char *const mm[] = {"matmul", "a.npy", "b.npy", "o.npy", NULL};
	static const char *const bench[] = {"bench", "matmul", NULL};
	size_t seen[2] = {0, 0};

	(void)state;
	assert_true(txf_param_count() > 0);
	for (size_t i = 0; i < txf_param_count(); i++) {
		const txf_param_info *p = txf_param_at(i);
		const int matmul = strcmp(p->operation, "matmul") == 0;
		const char *const *heads[2] = {matmul ? mm : tr, matmul ? bench : NULL};
		const long long ends[2] = {p->min, p->max};
		char arg[64], says[96];

		assert_true(matmul || strcmp(p->operation, "transpose") == 0);
		seen[matmul]++;
		for (size_t h = 0; h < 2 && heads[h]; h++) {
			for (int e = 0; e < 2; e++) {
				snprintf(arg, sizeof(arg), "%s=%lld", p->name, ends[e]);
				check_param_line(heads[h], arg, 1, p->name, ends[e], NULL);
				snprintf(arg, sizeof(arg), "%s=%lld", p->name,
				         ends[e] + (e ? 1 : -1));
				snprintf(says, sizeof(says),
				         "%s parameter %s = %lld is not in [%lld, %lld]",
				         p->operation, p->name, ends[e] + (e ? 1 : -1), p->min,
				         p->max);
				check_param_line(heads[h], arg, 0, NULL, 0, says);
			}
		}
	}
	/* Both operations have parameters (seven and eleven when written). */
	assert_true(seen[0] >= 7 && seen[1] >= 11);
}

/* At most CLI_PARAM_ARGS_MAX --param options on a line. */
static void test_param_count(void **state)
{
	const char *args[CLI_PARAM_ARGS_MAX + 5] = {"transpose", "a", "b"};
	struct line l;
	cli_args a;
	char err[512];

	(void)state;
	for (size_t i = 0; i <= CLI_PARAM_ARGS_MAX; i++)
		args[3 + i] = "--param=tile=8";
	args[3 + CLI_PARAM_ARGS_MAX + 1] = NULL;
	line_make(&l, args);
	assert_int_equal(cli_parse(l.argc, l.argv, &a, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "transpose: more than 32 --param options"));
	line_free(&l);
}

/* "--" ends the options; "-" is an argument. */
static void test_end_of_options(void **state)
{
	struct line l;
	cli_args a;

	(void)state;
	accept_line(&l, ARGS("transpose", "--tile", "8", "--", "--tile", "-"), &a);
	assert_int_equal(a.tile, 8);
	assert_string_equal(a.in_path, "--tile");
	assert_string_equal(a.out_path, "-");
	line_free(&l);

	accept_line(&l, ARGS("transpose", "-", "--", "-o.npy"), &a);
	assert_string_equal(a.in_path, "-");
	assert_string_equal(a.out_path, "-o.npy");
	line_free(&l);

	/* --help after "--" is a file name, not a request for help. */
	accept_line(&l, ARGS("transpose", "a", "--", "--help"), &a);
	assert_int_equal(a.help, 0);
	assert_string_equal(a.out_path, "--help");
	line_free(&l);

	accept_line(&l, ARGS("transpose", "a", "b", "--tile", "8", "-h"), &a);
	assert_int_equal(a.help, 1);
	line_free(&l);
}

/* -------------------------------------------------------- refused lines */

static const struct refused {
	const char *args[10];
	const char *says; /* what the message must hold */
} refused[] = {
    {{"transpose", "a", "b", "--tile"}, "transpose: option --tile needs a value"},
    {{"matmul", "a", "b", "o", "--c"}, "matmul: option --c needs a value"},
    {{"transpose", "a", "b", "--in-place=yes"}, "transpose: option --in-place takes no value"},
    {{"tune", "--quick="}, "tune: option --quick takes no value"},
    {{"bench", "matmul", "--format", "json", "--format=csv"},
     "bench: option --format given more than once"},
    {{"matmul", "a", "b", "o", "--trans-b", "--trans-b"}, "option --trans-b given more than once"},
    /* Abbreviations, which getopt_long alone would take. */
    {{"demo", "--dev", "gpu"}, "demo: unknown option '--dev'"},
    {{"demo", "--ro=3"}, "demo: unknown option '--ro=3'"},
    {{"bench", "matmul", "--re"}, "bench: unknown option '--re'"},
    {{"bench", "matmul", "--c", "none"}, "bench: unknown option '--c'"},
    {{"tune", "--qu"}, "tune: unknown option '--qu'"},
    /* Options of other commands, and no options at all. */
    {{"info", "--tile", "8"}, "info: unknown option '--tile'"},
    {{"demo", "--params", "1,1,1,1,1,1,1"}, "demo: unknown option '--params'"},
    {{"demo", "-x"}, "demo: unknown option '-x'"},
    {{"demo", "-xy"}, "demo: unknown option '-xy'"},
    {{"demo", "-rows", "3"}, "demo: unknown option '-rows'"},
    {{"demo", "---rows", "3"}, "demo: unknown option '---rows'"},
    {{"demo", "--=x"}, "demo: unknown option '--=x'"},
    /* Arguments. */
    {{"transpose", "a", "b", "c"}, "transpose: unexpected argument 'c'"},
    {{"transpose", "a", "--", "b", "c"}, "transpose: unexpected argument 'c'"},
    {{"info", "extra"}, "info: unexpected argument 'extra'"},
    {{"transpose", "a"}, "transpose: expected IN.npy and OUT.npy"},
    /* Values: the message names the option. */
    {{"transpose", "a", "b", "--tile=3"}, "transpose: --tile '3' is not a power of two"},
    {{"transpose", "a", "b", "--device="}, "transpose: --device needs a non-empty value"},
    {{"bench", "matmul", "--plot", "--format"}, "bench: --plot needs a file name, not '--format'"},
    {{"demo", "--rows", "0"}, "demo: --rows '0' is not a number from 1 to"},
    /* --param: the form, the library's check of the name and value, each
     * parameter given once, the checks across parameters. */
    {{"transpose", "a", "b", "--param", "segments=9"},
     "transpose: --param segments=9: transpose parameter segments = 9 is not in [-1, 8]"},
    {{"transpose", "a", "b", "--param"}, "transpose: option --param needs a value"},
    {{"transpose", "a", "b", "--param", "tile"}, "transpose: --param 'tile' is not NAME=VALUE"},
    {{"matmul", "a", "b", "o", "--param", "tile=8"},
     "matmul: --param tile=8: matmul has no parameter \"tile\" (it has mwg,"},
    {{"matmul", "a", "b", "o", "--param", "ksplit=1025"},
     "matmul: --param ksplit=1025: matmul parameter ksplit = 1025 is not in [0, 1024]"},
    {{"matmul", "a", "b", "o", "--param", "vwa=3"},
     "matmul parameter vwa = 3 is not in [0, 16] or not a power of two"},
    {{"transpose", "a", "b", "--tile", "8", "--param", "tile=16"},
     "transpose: --tile and --param tile=16 both set tile; give one of them"},
    {{"transpose", "a", "b", "--param", "wg_rows=2", "--wg-rows", "4"},
     "transpose: --wg-rows and --param wg_rows=2 both set wg_rows"},
    {{"transpose", "a", "b", "--param", "tile=8", "--param=tile=16"},
     "transpose: --param tile=8 and --param tile=16 both set tile"},
    {{"transpose", "a", "b", "--param", "wg_rows=16", "--param", "tile=8"},
     "transpose: wg_rows 16 is larger than the tile 8"},
    {{"matmul", "a", "b", "o", "--params", "kwg=16", "--param", "kwg=8"},
     "matmul: --params and --param kwg=8 both set kwg; give one of them"},
    {{"matmul", "a", "b", "o", "--params", "64,64,16,8,8,4,4", "--param", "mwg=0"},
     "matmul: --params and --param mwg=0 both set mwg"},
    {{"matmul", "a", "b", "o", "--param", "mwg=64", "--param", "mdimc=3"},
     "matmul: --param: mdimc 3 must divide mwg 64"},
    /* --params: the form, then each value by the library's setter. */
    {{"matmul", "a", "b", "o", "--params", "mwg=64,bogus=1"},
     "matmul: --params: matmul has no parameter \"bogus\" (it has mwg,"},
    {{"matmul", "a", "b", "o", "--params", "1024,64,16,8,8,1,1"},
     "matmul: --params: matmul parameter mwg = 1024 is not in [0, 512]"},
    {{"matmul", "a", "b", "o", "--params", "-1,64,16,8,8,1,1"},
     "matmul: --params: matmul parameter mwg = -1 is not in [0, 512]"},
    {{"matmul", "a", "b", "o", "--params", "64,64,16,8,8,3,1"},
     "matmul parameter vwa = 3 is not in [0, 16] or not a power of two"},
    {{"matmul", "a", "b", "o", "--params", "64,64,16,8,8,4,4,0,1,1,9"},
     "matmul: --params: matmul parameter kgroups = 9 is not in [0, 8]"},
    {{"bench", "matmul", "--params", "ksplit=1025"},
     "bench: --params: matmul parameter ksplit = 1025 is not in [0, 1024]"},
    {{"matmul", "a", "b", "o", "--params", "tile=8"},
     "matmul: --params: matmul has no parameter \"tile\""},
    {{"matmul", "a", "b", "o", "--params", "mwg=64,mwg=32"},
     "matmul: --params: parameter mwg given more than once"},
    {{"matmul", "a", "b", "o", "--params", "64,64,16,7,8,1,1"},
     "matmul: --params: mdimc 7 must divide mwg 64"},
    {{"matmul", "a", "b", "o", "--params", "mwg=64,32"},
     "matmul: --params: 'mwg=64,32' mixes plain values and NAME=VALUE pairs"},
    {{"matmul", "a", "b", "o", "--params", "64,x,16,8,8,1,1"},
     "matmul: --params: 'x' is not a whole number"},
    {{"matmul", "a", "b", "o", "--params", "kwg=+8"},
     "matmul: --params: 'kwg=+8' is not NAME=VALUE with a whole number VALUE"},
    {{"matmul", "a", "b", "o", "--params", "64,64"}, "matmul: --params: '64,64' has 2 values"},
    {{"matmul", "a", "b", "o", "--params", "1,1,1,1,1,1,1,1,1,1,1,1"},
     "matmul: --params: '1,1,1,1,1,1,1,1,1,1,1,1' has more than eleven values"},
    {{"matmul", "a", "b", "o", "--params", "kwg=16", "--param", "vwb=32"},
     "matmul parameter vwb = 32 is not in [0, 16]"},
    {{"bench", "--param", "kwg=999", "matmul"},
     "bench: --param kwg=999: matmul parameter kwg = 999 is not in [0, 512]"},
    {{"bench", "matmul", "--params", "kwg=16", "--param", "kwg=8"},
     "bench: --params and --param kwg=8 both set kwg"},
    {{"bench", "transpose", "--param", "kwg=8"}, "transpose has no parameter \"kwg\""},
    {{"matmul", "a", "b", "o", "--precision", "fp16"},
     "matmul: unknown --precision 'fp16' (expected exact, 3xtf32 or tf32)"},
    {{"matmul", "a", "b", "o", "--precision", "tf32", "--param", "precision=2"},
     "matmul: --precision and --param precision both set precision; give one of them"},
    {{"bench", "matmul", "--params", "precision=1", "--precision", "3xtf32"},
     "bench: --precision and --params precision both set precision"},
    {{"bench", "transpose", "--precision", "tf32"},
     "bench: --precision is for matmul, not transpose"},
    {{"info", "--precision", "tf32"}, "info: --precision is for a matmul shape (--shape MxNxK)"},
    {{"info", "--shape", "64x64", "--precision", "exact"},
     "info: --precision is for a matmul shape"},
    {{"bench", "transpose", "--param", "skinny=2"}, "skinny = 2 is not in [-1, 1]"},
    {{"demo", "--param", "tile=8"}, "demo: unknown option '--param'"},
    /* --sweep: N, the range, the cap, the seed, and what excludes it. */
    {{"bench", "transpose", "--sweep", "0"}, "bench: --sweep '0' is not a number from 1 to 10000"},
    {{"bench", "transpose", "--sweep", "10001"}, "bench: --sweep '10001' is not a number from 1"},
    {{"bench", "transpose", "--sweep=-3"}, "bench: --sweep '-3' is not a number from 1 to 10000"},
    {{"bench", "transpose", "--sweep", "3x"}, "bench: --sweep '3x' is not a number"},
    {{"bench", "transpose", "--sweep"}, "bench: option --sweep needs a value"},
    {{"bench", "transpose", "--sweep", "3", "--sweep=4"},
     "bench: option --sweep given more than once"},
    {{"bench", "transpose", "--sweep", "3", "--shape", "8"},
     "bench: --sweep and --shape exclude each other"},
    {{"bench", "--shape", "8x9", "--sweep=2", "matmul"},
     "bench: --sweep and --shape exclude each other"},
    {{"bench", "transpose", "--sweep", "3", "--sweep-range", "40:2"},
     "bench: --sweep-range '40:2': LO 40 is above HI 2"},
    {{"bench", "matmul", "--sweep", "3", "--sweep-range", "0:4"},
     "bench: --sweep-range '0:4' is not LO:HI with extents from 1 to 2147483648"},
    {{"bench", "matmul", "--sweep", "3", "--sweep-range", "16"},
     "bench: --sweep-range '16' is not LO:HI"},
    {{"bench", "matmul", "--sweep", "3", "--sweep-range", "16:"},
     "bench: --sweep-range '16:' is not LO:HI"},
    {{"bench", "matmul", "--sweep", "3", "--sweep-range", ":16"},
     "bench: --sweep-range ':16' is not LO:HI"},
    {{"bench", "matmul", "--sweep", "3", "--sweep-range", "2:2147483649"},
     "bench: --sweep-range '2:2147483649' is not LO:HI"},
    {{"bench", "matmul", "--sweep", "3", "--sweep-range", "2:4:8"},
     "bench: --sweep-range '2:4:8' is not LO:HI"},
    {{"bench", "transpose", "--sweep", "3", "--seed", "18446744073709551616"},
     "bench: --seed '18446744073709551616' is not a number from 0 to 18446744073709551615"},
    {{"bench", "transpose", "--sweep", "3", "--seed", "-1"},
     "bench: --seed '-1' is not a number from 0 to"},
    {{"bench", "transpose", "--sweep", "3", "--seed", ""}, "bench: --seed '' is not a number"},
    {{"bench", "transpose", "--seed", "3"}, "bench: --seed is for --sweep N"},
    {{"bench", "matmul", "--sweep-range", "2:4"}, "bench: --sweep-range is for --sweep N"},
    {{"bench", "transpose", "--sweep-max-elems", "64"},
     "bench: --sweep-max-elems is for --sweep N"},
    {{"bench", "matmul", "--sweep", "3", "--sweep-max-elems", "64"},
     "bench: --sweep-max-elems is for transpose"},
    {{"bench", "transpose", "--sweep", "3", "--sweep-max-elems", "0"},
     "bench: --sweep-max-elems '0' is not a number from 1 to 4611686018427387904"},
    {{"bench", "transpose", "--sweep", "3", "--sweep-range", "100:200", "--sweep-max-elems",
      "9999"},
     "bench: --sweep-max-elems 9999 is below 100x100, the smallest shape of --sweep-range "
     "100:200"},
    {{"demo", "--sweep", "3"}, "demo: unknown option '--sweep'"},
    {{"info", "--param=tile=8"}, "info: unknown option '--param=tile=8'"},
    /* The switches that --param replaced say what to write instead. */
    {{"transpose", "a", "b", "--segments", "3"},
     "transpose: unknown option '--segments': it is now --param segments=N"},
    {{"transpose", "a", "b", "--width=64"}, "it is now --param width=N"},
    {{"transpose", "a", "b", "--cache-hints", "1"}, "it is now --param cache_hints=N"},
    {{"transpose", "a", "b", "--stream", "1"}, "it is now --param stream=N"},
    {{"transpose", "a", "b", "--inplace-tiles"}, "it is now --param inplace_tiles=N"},
    {{"bench", "matmul", "--segments", "3"}, "bench: unknown option '--segments' (see"},
    /* params */
    {{"params", "extra"}, "params: unexpected argument 'extra'"},
    {{"params", "--format", "xml"}, "params: unknown --format 'xml'"},
    {{"params", "--device", "cpu"}, "params: unknown option '--device'"},
    {{"frobnicate"}, "unknown command 'frobnicate'"},
    {{"--bogus"}, "unknown option '--bogus'"},
};

/* Run fn with stderr going to a file; return what it wrote there. */
static size_t stderr_bytes_of(void (*fn)(void))
{
	char path[] = "/tmp/txf-test-args-XXXXXX";
	int fd = mkstemp(path), saved;
	struct stat st;

	assert_true(fd >= 0);
	unlink(path);
	fflush(stderr);
	saved = dup(2);
	assert_true(saved >= 0);
	assert_true(dup2(fd, 2) == 2);
	fn();
	fflush(stderr);
	assert_true(dup2(saved, 2) == 2);
	close(saved);
	assert_int_equal(fstat(fd, &st), 0);
	close(fd);
	return (size_t)st.st_size;
}

/* The first refused line that parse_refused_lines found wrong, or "". */
static char problem[1024];

/* Parses every refused line; no assertion, so that stderr is always
 * restored before a failure is reported. */
static void parse_refused_lines(void)
{
	problem[0] = '\0';
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]) && !problem[0]; i++) {
		const struct refused *r = &refused[i];
		struct line l;
		cli_args a;
		char err[512];
		int rc;

		line_make(&l, r->args);
		memset(err, 'x', sizeof(err));
		rc = cli_parse(l.argc, l.argv, &a, err, sizeof(err));
		if (rc != -1)
			snprintf(problem, sizeof(problem), "txf %s %s ...: accepted (%d)",
			         r->args[0], r->args[1] ? r->args[1] : "", rc);
		else if (!memchr(err, '\0', sizeof(err)))
			snprintf(problem, sizeof(problem), "txf %s ...: message not terminated",
			         r->args[0]);
		else if (!strstr(err, r->says))
			snprintf(problem, sizeof(problem), "txf %s %s ...: message '%s' lacks '%s'",
			         r->args[0], r->args[1] ? r->args[1] : "", err, r->says);
		for (int j = 0; j < l.argc && !problem[0]; j++) {
			if (l.argv[j] != l.saved_ptr[j] || strcmp(l.argv[j], l.saved_text[j]) != 0)
				snprintf(problem, sizeof(problem), "txf %s ...: argv[%d] changed",
				         r->args[0], j);
		}
		line_free(&l);
	}
}

static void test_refused_lines(void **state)
{
	size_t bytes;

	(void)state;
	/* Messages go to the caller's buffer only, never to stderr. */
	bytes = stderr_bytes_of(parse_refused_lines);
	if (problem[0])
		fail_msg("%s", problem);
	assert_int_equal(bytes, 0);
}

/* ------------------------------------------------ getopt_long's state */

/* Each refused line, then a line that must parse as if it came first. */
static void test_parse_after_parse(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		struct line bad, good, first;
		cli_args a, b;
		char err[512];

		/* The reference: a parse of the good line right after another
		 * parse of it (so not the very first of this process either). */
		accept_line(&first, ARGS("demo", "--rows", "7", "--seed=3"), &b);
		line_free(&first);
		accept_line(&first, ARGS("demo", "--rows", "7", "--seed=3"), &b);
		line_free(&first);

		line_make(&bad, refused[i].args);
		assert_int_equal(cli_parse(bad.argc, bad.argv, &a, err, sizeof(err)), -1);
		/* The bad line's memory is gone before the next parse: getopt_long
		 * must not read it again (AddressSanitizer would see that). */
		line_free(&bad);
		accept_line(&good, ARGS("demo", "--rows", "7", "--seed=3"), &a);
		assert_memory_equal(&a, &b, sizeof(a));
		assert_int_equal(a.rows, 7);
		assert_int_equal(a.seed, 3);
		line_free(&good);
	}
}

/* A caller's getopt settings: opterr as it was, any optind. */
static void test_caller_getopt_state(void **state)
{
	struct line l;
	cli_args a;
	char err[256];

	(void)state;
	opterr = 1;
	optind = 5;
	accept_line(&l, ARGS("transpose", "a", "b", "--tile", "32"), &a);
	assert_int_equal(a.tile, 32);
	assert_int_equal(opterr, 1);
	line_free(&l);

	opterr = 1;
	line_make(&l, ARGS("transpose", "a", "b", "--nope"));
	assert_int_equal(cli_parse(l.argc, l.argv, &a, err, sizeof(err)), -1);
	assert_int_equal(opterr, 1);
	line_free(&l);
}

/* ---------------------------------------------------------- the manual */

/* The whole of a file, NUL-terminated; fails the test if it cannot. */
static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		fail_msg("cannot open %s", path);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* The text of a troff page without the escapes that split words: font
 * changes (\fB, \fI, \fR, \fP) and \c go, "\-" becomes "-". */
static char *man_text(const char *path)
{
	char *t = read_text(path), *w = t;

	for (const char *r = t; *r;) {
		if (r[0] == '\\' && r[1] == 'f' && r[2]) {
			r += 3;
		} else if (r[0] == '\\' && (r[1] == '-' || r[1] == 'c')) {
			if (r[1] == '-')
				*w++ = '-';
			r += 2;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
	return t;
}

static int word_char(char c)
{
	return isalnum((unsigned char)c) || c == '-' || c == '_';
}

/* Whether text has word as a whole word ("--c" is not in "--compare"). */
static int has_word(const char *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
		if ((p == text || !word_char(p[-1])) && !word_char(p[n]))
			return 1;
	}
	return 0;
}

/* Every option that a usage text names, and every command, is on the
 * page: the option as a word, the command with a section of its own. */
static void test_man_page_options(void **state)
{
	char *man = man_text(TXF_MAN_PAGE);
	unsigned found = 0;

	(void)state;
	for (int c = CLI_CMD_NONE; c < CLI_CMD_COUNT; c++) {
		const char *u = cli_usage((cli_command)c);

		for (const char *p = strstr(u, "--"); p; p = strstr(p + 2, "--")) {
			char opt[48];
			size_t n = 2;

			if (p > u && word_char(p[-1]))
				continue;
			while (n < sizeof(opt) - 1 && (islower((unsigned char)p[n]) || p[n] == '-'))
				n++;
			if (n == 2)
				continue;
			memcpy(opt, p, n);
			opt[n] = '\0';
			if (!has_word(man, opt))
				fail_msg("%s: %s (in the usage of '%s') is missing", TXF_MAN_PAGE,
				         opt, c ? cli_command_name((cli_command)c) : "txf");
			found++;
		}
		if (c != CLI_CMD_NONE) {
			char head[64];

			snprintf(head, sizeof(head), "\n.SS %s\n",
			         cli_command_name((cli_command)c));
			if (!strstr(man, head))
				fail_msg("%s: no section of the options of %s", TXF_MAN_PAGE,
				         cli_command_name((cli_command)c));
		}
	}
	/* The usage texts were read: every command has options. */
	assert_true(found >= CLI_CMD_COUNT);
	free(man);
}

/* Every variable of README.md's Environment section has an entry in the
 * page's ENVIRONMENT section. */
static void test_man_page_environment(void **state)
{
	char *man = man_text(TXF_MAN_PAGE), *readme = read_text(TXF_README);
	const char *sec = strstr(readme, "\n## Environment\n"), *end, *env, *env_end;
	unsigned found = 0;

	(void)state;
	assert_non_null(sec);
	end = strstr(sec + 1, "\n## ");
	env = strstr(man, "\n.SH ENVIRONMENT\n");
	assert_non_null(env);
	env_end = strstr(env + 1, "\n.SH ");
	assert_non_null(env_end);
	for (const char *p = strstr(sec, "`TXF_"); p && (!end || p < end);
	     p = strstr(p + 1, "`TXF_")) {
		char name[64], entry[80];
		size_t n = 1;
		const char *e;

		while (n < sizeof(name) && (isupper((unsigned char)p[n]) || p[n] == '_'))
			n++;
		assert_true(p[n] == '`');
		snprintf(name, sizeof(name), "%.*s", (int)(n - 1), p + 1);
		snprintf(entry, sizeof(entry), "\n.B %s\n", name);
		e = strstr(env, entry);
		if (!e || e > env_end)
			fail_msg("%s: no entry for %s in ENVIRONMENT", TXF_MAN_PAGE, name);
		found++;
	}
	assert_true(found >= 7);
	free(readme);
	free(man);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_transpose_options),
	    cmocka_unit_test(test_matmul_options),
	    cmocka_unit_test(test_params_list),
	    cmocka_unit_test(test_bench_tune_demo_info_options),
	    cmocka_unit_test(test_bench_sweep_options),
	    cmocka_unit_test(test_param_values),
	    cmocka_unit_test(test_param_registry),
	    cmocka_unit_test(test_param_count),
	    cmocka_unit_test(test_end_of_options),
	    cmocka_unit_test(test_refused_lines),
	    cmocka_unit_test(test_parse_after_parse),
	    cmocka_unit_test(test_caller_getopt_state),
	    cmocka_unit_test(test_man_page_options),
	    cmocka_unit_test(test_man_page_environment),
	};

	return cmocka_run_group_tests_name("args", tests, NULL, NULL);
}
