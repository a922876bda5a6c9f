/*
 * Command-line parsing for the txf tool.
 *
 * cli_parse is a function of argc/argv: it prints nothing, exits nothing,
 * allocates nothing, leaves argv as it was (never permuted) and keeps
 * pointers into it. It reads the options with getopt_long, whose state
 * (optind, opterr) is global: one thread at a time, and it sets optind
 * itself, so a caller's own getopt scan must not be under way. Of the
 * library it calls only functions that need no device: the kernel-parameter
 * registry and its setters (txf_transpose_options_set,
 * txf_matmul_options_set), which check --param values; a refused one leaves
 * its message in txf_last_error() too.
 */
#ifndef TXF_TOOL_ARGS_H
#define TXF_TOOL_ARGS_H

#include "tiledxform.h"

#include <stddef.h>
#include <stdint.h>

typedef enum cli_command {
	CLI_CMD_NONE = 0, /* no subcommand: top-level --help or --version */
	CLI_CMD_INFO,
	CLI_CMD_TRANSPOSE,
	CLI_CMD_MATMUL,
	CLI_CMD_DEMO,
	CLI_CMD_BENCH,
	CLI_CMD_TUNE,
	CLI_CMD_PARAMS,
	CLI_CMD_COUNT
} cli_command;

/* The operations that `txf bench` times. */
typedef enum cli_bench_op {
	CLI_BENCH_NONE = 0,
	CLI_BENCH_MATMUL,
	CLI_BENCH_TRANSPOSE,
	CLI_BENCH_OP_COUNT
} cli_bench_op;

/* Output formats of `txf bench` and `txf params`. */
typedef enum cli_format { CLI_FORMAT_TABLE = 0, CLI_FORMAT_CSV, CLI_FORMAT_JSON } cli_format;

/* Other implementations that `txf bench` can time beside the library
 * (where the tool was built with them). */
#define CLI_COMPARE_CLBLAST 1u
#define CLI_COMPARE_BLAS 2u
#define CLI_COMPARE_ALL (CLI_COMPARE_CLBLAST | CLI_COMPARE_BLAS)

/* Set in cli_args.strategies, beside every strategy's bit, by "all". */
#define CLI_STRATEGIES_ALL (1u << TXF_STRATEGY_COUNT)

/* Limits of the numeric options. */
#define CLI_TILE_MIN 4u
#define CLI_TILE_MAX 128u
#define CLI_SHAPE_MAX ((size_t)1 << 31) /* --shape extents */
#define CLI_DEMO_EXTENT_MAX 65536u      /* --rows, --cols, --matmul-shape */
#define CLI_RUNS_MAX 1000u              /* --runs, --repeat */
#define CLI_PARAM_ARGS_MAX 32u          /* --param options on one line */
#define CLI_BENCH_SHAPES_MAX 32u        /* --shape given to bench, in all */
#define CLI_SWEEP_MAX 10000u            /* bench --sweep N */
#define CLI_BATCH_MAX ((size_t)1 << 31) /* bench --batch N */
/* bench --sweep-range LO:HI and --sweep-max-elems defaults. */
#define CLI_SWEEP_TRANSPOSE_LO 1u
#define CLI_SWEEP_TRANSPOSE_HI 16384u
#define CLI_SWEEP_MATMUL_LO 16u
#define CLI_SWEEP_MATMUL_HI 8192u
#define CLI_SWEEP_MAX_ELEMS ((uint64_t)1 << 26)
#define CLI_SWEEP_MAX_ELEMS_MAX ((uint64_t)1 << 62) /* CLI_SHAPE_MAX squared */

typedef struct cli_args {
	cli_command command;
	int help;    /* print the usage of `command` (CLI_CMD_NONE: the overview) */
	int version; /* print the version */

	/* Shared. */
	const char *device; /* NULL: the library's default */

	/* info (and bench: --dtype) */
	size_t shape_rows, shape_cols; /* default 999 x 666 */
	size_t shape_k;                /* info --shape MxNxK: a matmul; 0 for RxC */
	txf_dtype dtype;               /* default TXF_F32 */

	/* transpose (and matmul: out_path, strategy). The kernel parameters come
	 * from --tile, --wg-rows and --param NAME=VALUE (see param_arg). */
	const char *in_path;
	const char *out_path;
	txf_strategy strategy; /* default TXF_STRATEGY_AUTO */
	unsigned tile;         /* 0: the library chooses (also in topts.tile) */
	unsigned wg_rows;      /* 0: the library chooses (also in topts.wg_rows) */
	int in_place;          /* also bench transpose */
	/* transpose: --tile, --wg-rows and each --param set by the library's
	 * setter (txf_transpose_options_set); strategy is left AUTO. */
	txf_transpose_options topts;

	/* matmul (and bench: params) */
	const char *a_path, *b_path;
	const char *c_path; /* --c: NULL if not given */
	int trans_a, trans_b;
	double alpha;   /* default 1 */
	double beta;    /* default 0 */
	int beta_given; /* --beta was on the line */
	/* matmul and bench matmul: --params and --param, each value set by the
	 * library's setter (txf_matmul_options_set); a parameter not named is
	 * chosen by the library. strategy is left AUTO. */
	txf_matmul_options mopts;

	/* --param NAME=VALUE (transpose, matmul, bench matmul), in the order
	 * given: pointers into argv. Once the operation is known, each is set
	 * with the library's setter on topts (which holds --tile and
	 * --wg-rows) or mopts (which holds --params). A parameter may be given
	 * once: by --param, or by --tile, --wg-rows or --params. */
	const char *param_arg[CLI_PARAM_ARGS_MAX];
	size_t nparam_args;

	/* demo */
	size_t rows, cols;  /* default 999 x 666 */
	unsigned long seed; /* default 1 */
	unsigned runs;      /* timed runs per case, default 5 */
	/* --matmul-shape: all 0 means the tool's default for the device. */
	size_t mm_m, mm_n, mm_k;

	/* bench */
	cli_bench_op bench_op;
	size_t nshapes; /* 0: the default shapes for the device */
	/* matmul: m, n, k; transpose: rows, cols (and 0). */
	size_t shapes[CLI_BENCH_SHAPES_MAX][3];
	unsigned strategies;   /* bit (1u << txf_strategy) per strategy; 0: all */
	unsigned precision;    /* matmul and bench --precision: 1 exact, 2 3xtf32, 3 tf32; 0 none */
	unsigned repeat;       /* timed runs per case, default 5 */
	cli_format format;     /* default CLI_FORMAT_TABLE (also params) */
	unsigned compare;      /* CLI_COMPARE_* bits; default CLI_COMPARE_ALL */
	const char *plot_path; /* --plot: the PNG to draw; NULL for none */
	/* While parsing: extents given per shape (1, 2 or 3), and the --shape
	 * value each came from, for messages. */
	unsigned char shape_dims[CLI_BENCH_SHAPES_MAX];
	const char *shape_arg[CLI_BENCH_SHAPES_MAX];
	/* --sweep N: N shapes drawn at run time instead of --shape (0: none).
	 * Each dimension is drawn from [sweep_lo, sweep_hi] (--sweep-range, set
	 * to the operation's default when not given) by a generator seeded
	 * with sweep_seed (--seed); a transpose shape of more than
	 * sweep_max_elems elements is drawn again. With --sweep, strategies
	 * is the auto bit alone when --strategy is not given. */
	unsigned sweep;
	uint64_t sweep_seed; /* default 1 */
	/* bench transpose: matrices of each shape in one batch
	 * (txf_transpose_batched; default 1: txf_transpose). */
	size_t batch;
	size_t sweep_lo, sweep_hi;
	uint64_t sweep_max_elems; /* default CLI_SWEEP_MAX_ELEMS */

	/* tune (and --device, --repeat) */
	unsigned tune_ops;    /* bit (1u << txf_tune_op); default both */
	unsigned tune_dtypes; /* bit (1u << txf_dtype); 0: tune.c's default */
	int tune_full;        /* 1: --full; -1: --quick; 0: neither (quick) */
	unsigned tune_budget; /* --budget N; 0: every candidate */
	int repeat_given;     /* --repeat was on the line */
} cli_args;

/* Parse argv[1..argc-1]: a command, then its options and arguments in any
 * order ("--" ends the options), options by their whole names ("--device
 * SPEC" or "--device=SPEC"). Returns 0 and fills *out, or -1 with a
 * one-line message in err that names the option or argument at fault (the
 * caller prints it and exits with status 2). When the result has help or
 * version set, nothing else in it needs to be valid. */
int cli_parse(int argc, char *const argv[], cli_args *out, char *err, size_t errlen);

/* "info", "transpose", "matmul", "demo", "bench", "tune", "params"; NULL for
 * CLI_CMD_NONE and unknown values. */
const char *cli_command_name(cli_command c);

/* "matmul", "transpose"; NULL for CLI_BENCH_NONE and unknown values. */
const char *cli_bench_op_name(cli_bench_op op);

/* The usage text of a command (CLI_CMD_NONE: the overview). */
const char *cli_usage(cli_command c);

/* A NumPy type code ("f4", "u1", "c16", ...) or a long name ("float32",
 * "uint8", "complex128", ...). Returns 0 on success, -1 if unknown. */
int cli_parse_dtype(const char *s, txf_dtype *out);

/* Decimal digits only, value in [min, max]. Returns 0 or -1. */
int cli_parse_size(const char *s, size_t min, size_t max, size_t *out);

/* A finite decimal number as strtod reads it, with nothing before or after
 * it ("1", "-0.5", "2e-3"; not "", " 1", "nan", "inf"). Returns 0 or -1. */
int cli_parse_double(const char *s, double *out);

/* The names of the values of --params LIST, in their order. */
#define CLI_PARAMS_COUNT 11
extern const char *const cli_params_names[CLI_PARAMS_COUNT];

/* Matmul kernel parameters: seven, eight, ten or eleven comma-separated
 * values in the order of cli_params_names (mwg,nwg,kwg,mdimc,ndimc,vwa,
 * vwb[,ksplit[,lbuf,wmap[,kgroups]]]), or NAME=VALUE pairs of matmul
 * parameters ("kwg=16,vwa=2"), each set on *opts by
 * txf_matmul_options_set, which checks the name and the range. A value of
 * 0, and a parameter not named, means "chosen by the library". Also
 * checks, where both sides are given, mdimc dividing mwg, ndimc dividing
 * nwg, vwa dividing mwg and kwg, vwb dividing nwg and kwg. Returns 0, or -1
 * with a message in err and *opts as it was. */
int cli_parse_params(const char *s, txf_matmul_options *opts, char *err, size_t errlen);

/* The value of parameter `name` in a list of n named parameters (of an
 * options struct or a choice): 1 with *value set when the list has it, 0
 * when not (*value is then 0). */
int cli_param_get(const txf_param *list, unsigned n, const char *name, long long *value);

#endif /* TXF_TOOL_ARGS_H */
