/* Command-line parsing for the txf tool. See args.h. */
#include "args.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#if defined(__GNUC__)
#define CLI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CLI_PRINTF(a, b)
#endif

static int fail(char *err, size_t errlen, const char *fmt, ...) CLI_PRINTF(3, 4);

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	if (err && errlen > 0) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* ------------------------------------------------------------------- usage */

static const char usage_overview[] =
    "usage: txf <command> [options]\n"
    "\n"
    "Tiled matrix transpose on OpenCL devices.\n"
    "\n"
    "commands:\n"
    "  info       list the OpenCL devices and what the library would run on one\n"
    "  transpose  transpose a 2-D .npy file on a device\n"
    "  demo       run every strategy on a random matrix, check and time it\n"
    "  help [CMD] show this text, or the usage of CMD\n"
    "\n"
    "options:\n"
    "  -h, --help     show this text (after a command: that command's usage)\n"
    "  --version      print the library version\n"
    "\n"
    "Devices are chosen with --device SPEC: an index from 'txf info', \"gpu\", \"cpu\",\n"
    "or a case-insensitive part of the platform or device name. Without it the\n"
    "TXF_DEVICE environment variable is used, then a GPU, then a CPU.\n"
    "\n"
    "Exit status: 0 success, 1 runtime failure (device, file, check), 2 usage error.\n";

static const char usage_info[] =
    "usage: txf info [--device SPEC] [--shape RxC] [--dtype TYPE]\n"
    "\n"
    "List every OpenCL platform and device, then show the profile of the chosen\n"
    "device and what the automatic strategy would run for a RxC matrix of TYPE.\n"
    "\n"
    "options:\n"
    "  --device SPEC  device to profile (see 'txf --help')\n"
    "  --shape RxC    matrix shape to explain (default 999x666)\n"
    "  --dtype TYPE   element type as a NumPy code: f2 f4 f8 i1 i2 i4 i8 u1 u2 u4\n"
    "                 u8 c8 c16, or a name such as float32 (default f4)\n"
    "  -h, --help     show this text\n";

static const char usage_transpose[] =
    "usage: txf transpose IN.npy OUT.npy [options]\n"
    "\n"
    "Transpose the 2-D array in IN.npy on an OpenCL device and write the result to\n"
    "OUT.npy with the same element type and memory order. OUT is replaced only\n"
    "once the result is complete; on any failure it is left as it was.\n"
    "\n"
    "options:\n"
    "  --strategy S   simple, pad, truncate, split or auto (default auto)\n"
    "  --tile N       tile edge, a power of two from 4 to 128 (default: chosen)\n"
    "  --wg-rows N    work-item rows per tile, a power of two not above the tile\n"
    "                 (default: chosen)\n"
    "  --in-place     transpose the uploaded buffer in place (square arrays only)\n"
    "  --device SPEC  device to use (see 'txf --help')\n"
    "  -h, --help     show this text\n";

static const char usage_demo[] =
    "usage: txf demo [--device SPEC] [--rows R] [--cols C] [--seed N] [--runs N]\n"
    "\n"
    "Transpose a random float32 matrix with every strategy, check each result\n"
    "against the host's transpose, and print a table of timings. Also runs the\n"
    "in-place transpose on a square matrix. Exits with status 1 if any check fails.\n"
    "\n"
    "options:\n"
    "  --device SPEC  device to use (see 'txf --help')\n"
    "  --rows R       rows of the matrix (default 999)\n"
    "  --cols C       columns of the matrix (default 666)\n"
    "  --seed N       seed of the random values (default 1)\n"
    "  --runs N       timed runs per case, after one warm-up run (default 5)\n"
    "  -h, --help     show this text\n";

const char *cli_usage(cli_command c)
{
	switch (c) {
	case CLI_CMD_INFO:
		return usage_info;
	case CLI_CMD_TRANSPOSE:
		return usage_transpose;
	case CLI_CMD_DEMO:
		return usage_demo;
	case CLI_CMD_NONE:
	case CLI_CMD_COUNT:
		break;
	}
	return usage_overview;
}

static const char *const command_names[CLI_CMD_COUNT] = {
    [CLI_CMD_INFO] = "info",
    [CLI_CMD_TRANSPOSE] = "transpose",
    [CLI_CMD_DEMO] = "demo",
};

const char *cli_command_name(cli_command c)
{
	return (unsigned)c < CLI_CMD_COUNT ? command_names[c] : NULL;
}

static cli_command command_lookup(const char *s)
{
	for (unsigned i = 1; i < CLI_CMD_COUNT; i++) {
		if (strcmp(s, command_names[i]) == 0)
			return (cli_command)i;
	}
	return CLI_CMD_NONE;
}

/* ----------------------------------------------------------------- values */

static int parse_uint(const char *s, uintmax_t min, uintmax_t max, uintmax_t *out)
{
	uintmax_t v = 0;

	if (!s || !*s)
		return -1;
	for (; *s; s++) {
		unsigned d;

		if (*s < '0' || *s > '9')
			return -1;
		d = (unsigned)(*s - '0');
		if (v > (UINTMAX_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int cli_parse_size(const char *s, size_t min, size_t max, size_t *out)
{
	uintmax_t v;

	if (parse_uint(s, min, max, &v) != 0)
		return -1;
	*out = (size_t)v;
	return 0;
}

static const struct {
	const char *code;
	const char *name;
	txf_dtype dtype;
} dtype_names[] = {
    {"u1", "uint8", TXF_U8},         {"i1", "int8", TXF_I8},     {"u2", "uint16", TXF_U16},
    {"i2", "int16", TXF_I16},        {"f2", "float16", TXF_F16}, {"u4", "uint32", TXF_U32},
    {"i4", "int32", TXF_I32},        {"f4", "float32", TXF_F32}, {"u8", "uint64", TXF_U64},
    {"i8", "int64", TXF_I64},        {"f8", "float64", TXF_F64}, {"c8", "complex64", TXF_C64},
    {"c16", "complex128", TXF_C128},
};

int cli_parse_dtype(const char *s, txf_dtype *out)
{
	if (!s)
		return -1;
	for (size_t i = 0; i < sizeof(dtype_names) / sizeof(dtype_names[0]); i++) {
		if (strcmp(s, dtype_names[i].code) == 0 || strcmp(s, dtype_names[i].name) == 0) {
			*out = dtype_names[i].dtype;
			return 0;
		}
	}
	return -1;
}

static const char *const strategy_names[TXF_STRATEGY_COUNT] = {
    [TXF_STRATEGY_AUTO] = "auto",   [TXF_STRATEGY_SIMPLE] = "simple",
    [TXF_STRATEGY_PAD] = "pad",     [TXF_STRATEGY_TRUNCATE] = "truncate",
    [TXF_STRATEGY_SPLIT] = "split", [TXF_STRATEGY_PADCOPY] = "padcopy",
};

static int parse_strategy(const char *s, txf_strategy *out)
{
	for (unsigned i = 0; i < TXF_STRATEGY_COUNT; i++) {
		if (strcmp(s, strategy_names[i]) == 0) {
			*out = (txf_strategy)i;
			return 0;
		}
	}
	return -1;
}

static int is_pow2(uintmax_t v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

/* "RxC" with both extents in [1, CLI_SHAPE_MAX]. */
static int parse_shape(const char *s, size_t *rows, size_t *cols)
{
	char buf[64];
	const char *x = strpbrk(s, "xX");
	size_t n;

	if (!x)
		return -1;
	n = (size_t)(x - s);
	if (n == 0 || n >= sizeof(buf))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (cli_parse_size(buf, 1, CLI_SHAPE_MAX, rows) != 0)
		return -1;
	return cli_parse_size(x + 1, 1, CLI_SHAPE_MAX, cols);
}

/* ---------------------------------------------------------------- options */

enum opt_id {
	OPT_DEVICE,
	OPT_SHAPE,
	OPT_DTYPE,
	OPT_STRATEGY,
	OPT_TILE,
	OPT_WG_ROWS,
	OPT_IN_PLACE,
	OPT_ROWS,
	OPT_COLS,
	OPT_SEED,
	OPT_RUNS,
	OPT_COUNT
};

#define FOR(c) (1u << (c))

static const struct opt_def {
	const char *name; /* without the leading "--" */
	int takes_value;
	unsigned commands; /* FOR() mask */
} opts[OPT_COUNT] = {
    [OPT_DEVICE] = {"device", 1, FOR(CLI_CMD_INFO) | FOR(CLI_CMD_TRANSPOSE) | FOR(CLI_CMD_DEMO)},
    [OPT_SHAPE] = {"shape", 1, FOR(CLI_CMD_INFO)},
    [OPT_DTYPE] = {"dtype", 1, FOR(CLI_CMD_INFO)},
    [OPT_STRATEGY] = {"strategy", 1, FOR(CLI_CMD_TRANSPOSE)},
    [OPT_TILE] = {"tile", 1, FOR(CLI_CMD_TRANSPOSE)},
    [OPT_WG_ROWS] = {"wg-rows", 1, FOR(CLI_CMD_TRANSPOSE)},
    [OPT_IN_PLACE] = {"in-place", 0, FOR(CLI_CMD_TRANSPOSE)},
    [OPT_ROWS] = {"rows", 1, FOR(CLI_CMD_DEMO)},
    [OPT_COLS] = {"cols", 1, FOR(CLI_CMD_DEMO)},
    [OPT_SEED] = {"seed", 1, FOR(CLI_CMD_DEMO)},
    [OPT_RUNS] = {"runs", 1, FOR(CLI_CMD_DEMO)},
};

/* The option named by arg ("--name" or "--name=value"): its index, or -1. */
static int opt_lookup(const char *arg, const char **inline_value)
{
	const char *name = arg + 2, *eq = strchr(name, '=');
	size_t n = eq ? (size_t)(eq - name) : strlen(name);

	*inline_value = eq ? eq + 1 : NULL;
	for (int i = 0; i < OPT_COUNT; i++) {
		if (strlen(opts[i].name) == n && memcmp(opts[i].name, name, n) == 0)
			return i;
	}
	return -1;
}

static int is_help(const char *arg)
{
	return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

static void set_defaults(cli_args *a)
{
	memset(a, 0, sizeof(*a));
	a->shape_rows = 999;
	a->shape_cols = 666;
	a->dtype = TXF_F32;
	a->strategy = TXF_STRATEGY_AUTO;
	a->rows = 999;
	a->cols = 666;
	a->seed = 1;
	a->runs = 5;
}

static int apply_option(cli_args *a, const char *cmd, int id, const char *v, char *err,
                        size_t errlen)
{
	uintmax_t u;

	switch ((enum opt_id)id) {
	case OPT_DEVICE:
		if (!*v)
			return fail(err, errlen, "%s: --device needs a non-empty value", cmd);
		a->device = v;
		return 0;
	case OPT_SHAPE:
		if (parse_shape(v, &a->shape_rows, &a->shape_cols) != 0)
			return fail(err, errlen,
			            "%s: --shape '%s' is not ROWSxCOLS with extents from 1 to %zu",
			            cmd, v, CLI_SHAPE_MAX);
		return 0;
	case OPT_DTYPE:
		if (cli_parse_dtype(v, &a->dtype) != 0)
			return fail(
			    err, errlen,
			    "%s: unknown --dtype '%s' (expected f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 "
			    "u8 c8 c16)",
			    cmd, v);
		return 0;
	case OPT_STRATEGY:
		if (parse_strategy(v, &a->strategy) != 0)
			return fail(err, errlen,
			            "%s: unknown --strategy '%s' (expected simple, pad, truncate, "
			            "split or auto)",
			            cmd, v);
		return 0;
	case OPT_TILE:
		if (parse_uint(v, CLI_TILE_MIN, CLI_TILE_MAX, &u) != 0 || !is_pow2(u))
			return fail(err, errlen,
			            "%s: --tile '%s' is not a power of two from %u to %u", cmd, v,
			            CLI_TILE_MIN, CLI_TILE_MAX);
		a->tile = (unsigned)u;
		return 0;
	case OPT_WG_ROWS:
		if (parse_uint(v, 1, CLI_TILE_MAX, &u) != 0 || !is_pow2(u))
			return fail(err, errlen,
			            "%s: --wg-rows '%s' is not a power of two from 1 to %u", cmd, v,
			            CLI_TILE_MAX);
		a->wg_rows = (unsigned)u;
		return 0;
	case OPT_IN_PLACE:
		a->in_place = 1;
		return 0;
	case OPT_ROWS:
	case OPT_COLS:
		if (parse_uint(v, 1, CLI_DEMO_EXTENT_MAX, &u) != 0)
			return fail(err, errlen, "%s: --%s '%s' is not a number from 1 to %u", cmd,
			            opts[id].name, v, CLI_DEMO_EXTENT_MAX);
		if (id == OPT_ROWS)
			a->rows = (size_t)u;
		else
			a->cols = (size_t)u;
		return 0;
	case OPT_SEED:
		if (parse_uint(v, 0, ULONG_MAX, &u) != 0)
			return fail(err, errlen, "%s: --seed '%s' is not a non-negative number",
			            cmd, v);
		a->seed = (unsigned long)u;
		return 0;
	case OPT_RUNS:
		if (parse_uint(v, 1, CLI_RUNS_MAX, &u) != 0)
			return fail(err, errlen, "%s: --runs '%s' is not a number from 1 to %u",
			            cmd, v, CLI_RUNS_MAX);
		a->runs = (unsigned)u;
		return 0;
	case OPT_COUNT:
		break;
	}
	return fail(err, errlen, "%s: internal error: option %d", cmd, id);
}

/* The top level: "txf", "txf --help", "txf help [CMD]", "txf --version". */
static int parse_top(int argc, char *const argv[], cli_args *out, char *err, size_t errlen)
{
	const char *a1 = argv[1];

	if (is_help(a1) || strcmp(a1, "help") == 0) {
		out->help = 1;
		if (argc > 3)
			return fail(err, errlen, "help: too many arguments");
		if (argc == 3) {
			out->command = command_lookup(argv[2]);
			if (out->command == CLI_CMD_NONE && strcmp(argv[2], "help") != 0)
				return fail(err, errlen, "help: unknown command '%s'", argv[2]);
		}
		return 0;
	}
	if (strcmp(a1, "--version") == 0) {
		if (argc > 2)
			return fail(err, errlen, "--version takes no arguments");
		out->version = 1;
		return 0;
	}
	if (a1[0] == '-')
		return fail(err, errlen, "unknown option '%s' (see 'txf --help')", a1);
	return fail(err, errlen, "unknown command '%s' (see 'txf --help')", a1);
}

int cli_parse(int argc, char *const argv[], cli_args *out, char *err, size_t errlen)
{
	unsigned given = 0;
	size_t npos = 0;
	const char *pos[2] = {NULL, NULL};
	const char *cmd;
	int only_positional = 0;

	if (!out)
		return fail(err, errlen, "no output");
	set_defaults(out);
	if (err && errlen > 0)
		err[0] = '\0';
	if (argc < 2 || !argv || !argv[1])
		return fail(err, errlen, "no command given (see 'txf --help')");
	for (int i = 1; i < argc; i++) {
		if (!argv[i])
			return fail(err, errlen, "argument %d is NULL", i);
	}

	out->command = command_lookup(argv[1]);
	if (out->command == CLI_CMD_NONE)
		return parse_top(argc, argv, out, err, errlen);
	cmd = argv[1];

	/* --help anywhere before "--" wins over everything else. */
	for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (is_help(argv[i])) {
			out->help = 1;
			return 0;
		}
	}

	for (int i = 2; i < argc; i++) {
		const char *arg = argv[i], *value;
		int id;

		if (only_positional || arg[0] != '-' || strcmp(arg, "-") == 0) {
			if (npos == 2 || out->command != CLI_CMD_TRANSPOSE)
				return fail(err, errlen, "%s: unexpected argument '%s'", cmd, arg);
			pos[npos++] = arg;
			continue;
		}
		if (strcmp(arg, "--") == 0) {
			only_positional = 1;
			continue;
		}
		if (arg[1] != '-')
			return fail(err, errlen, "%s: unknown option '%s' (see 'txf %s --help')",
			            cmd, arg, cmd);
		id = opt_lookup(arg, &value);
		if (id < 0 || !(opts[id].commands & FOR(out->command)))
			return fail(err, errlen, "%s: unknown option '%s' (see 'txf %s --help')",
			            cmd, arg, cmd);
		if (given & (1u << id))
			return fail(err, errlen, "%s: option --%s given more than once", cmd,
			            opts[id].name);
		given |= 1u << id;
		if (!opts[id].takes_value) {
			if (value)
				return fail(err, errlen, "%s: option --%s takes no value", cmd,
				            opts[id].name);
		} else if (!value) {
			if (i + 1 >= argc)
				return fail(err, errlen, "%s: option --%s needs a value", cmd,
				            opts[id].name);
			value = argv[++i];
		}
		if (apply_option(out, cmd, id, value ? value : "", err, errlen) != 0)
			return -1;
	}

	if (out->command == CLI_CMD_TRANSPOSE) {
		if (npos < 2)
			return fail(err, errlen,
			            "transpose: expected IN.npy and OUT.npy (see 'txf "
			            "transpose --help')");
		out->in_path = pos[0];
		out->out_path = pos[1];
		if (!*out->in_path || !*out->out_path)
			return fail(err, errlen, "transpose: empty file name");
		if (out->tile && out->wg_rows > out->tile)
			return fail(err, errlen, "transpose: --wg-rows %u is larger than --tile %u",
			            out->wg_rows, out->tile);
		if (out->strategy == TXF_STRATEGY_PADCOPY)
			return fail(
			    err, errlen,
			    "transpose: padcopy is a matmul strategy (expected simple, pad, "
			    "truncate, split or auto)");
		if (out->in_place &&
		    (out->strategy == TXF_STRATEGY_TRUNCATE || out->strategy == TXF_STRATEGY_SPLIT))
			return fail(err, errlen,
			            "transpose: --in-place works with the simple, pad and auto "
			            "strategies, not %s",
			            strategy_names[out->strategy]);
	}
	return 0;
}
