/* Command-line parsing for the txf tool. See args.h. */
#include "args.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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
    "Tiled matrix transpose and multiply on OpenCL devices.\n"
    "\n"
    "commands:\n"
    "  info       list the OpenCL devices and what the library would run on one\n"
    "  transpose  transpose a 2-D .npy file on a device\n"
    "  matmul     multiply two 2-D .npy files on a device\n"
    "  demo       run every strategy on random matrices, check and time it\n"
    "  bench      time an operation's strategies over a set of shapes\n"
    "  tune       measure the strategies on a device and keep the best for AUTO\n"
    "  params     list the kernel parameters that --param sets, with their ranges\n"
    "  help [CMD] show this text, or the usage of CMD\n"
    "\n"
    "options:\n"
    "  -h, --help     show this text (after a command: that command's usage)\n"
    "  --version      print the library version and what the tool was built with\n"
    "\n"
    "Devices are chosen with --device SPEC: an index from 'txf info', \"gpu\", \"cpu\",\n"
    "or a case-insensitive part of the platform or device name. Without it the\n"
    "TXF_DEVICE environment variable is used, then a GPU, then a CPU.\n"
    "\n"
    "Exit status: 0 success, 1 runtime failure (device, file, check), 2 usage error.\n";

static const char usage_info[] =
    "usage: txf info [--device SPEC] [--shape RxC|MxNxK] [--dtype TYPE]\n"
    "                [--precision exact|3xtf32|tf32]\n"
    "\n"
    "List every OpenCL platform and device, then show the profile of the chosen\n"
    "device, its caches, and what the automatic strategy would run: a transpose\n"
    "of a RxC matrix of TYPE, or a matmul of MxNxK (f4 or f8), with the entry it\n"
    "came from: 'tuned ...' from this device's tuning file (txf tune), or a\n"
    "built-in default.\n"
    "\n"
    "options:\n"
    "  --device SPEC  device to profile (see 'txf --help')\n"
    "  --shape RxC    transpose shape to explain (default 999x666)\n"
    "  --shape MxNxK  matmul shape to explain instead (C is MxN, the inner size K)\n"
    "  --dtype TYPE   element type as a NumPy code: f2 f4 f8 i1 i2 i4 i8 u1 u2 u4\n"
    "                 u8 c8 c16, bf16, or a name such as float32 (default f4)\n"
    "  --precision P  with --shape MxNxK: explain the matmul with precision P, as\n"
    "                 for 'txf matmul' (its why says where the product is\n"
    "                 computed exactly all the same)\n"
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
    "  --param NAME=VALUE  set a kernel parameter, below; repeat the option for\n"
    "                 more. Each parameter is given once: --param tile=N or\n"
    "                 --tile N, not both\n"
    "  --in-place     transpose the uploaded buffer in place (square arrays only)\n"
    "  --device SPEC  device to use (see 'txf --help')\n"
    "  -h, --help     show this text\n"
    "\n"
    "Kernel parameters ('txf params' lists their ranges); 0, or a parameter not\n"
    "given, is chosen for the device:\n"
    "  tile, wg_rows    as --tile and --wg-rows\n"
    "  segments N       pad only: output rows that start off a 32-byte sector (or\n"
    "                   a tile boundary, for smaller tiles) are written in runs\n"
    "                   aligned to it, N runs per work-group (1 to 8), or never\n"
    "                   with -1\n"
    "  width N          pad with output-aligned runs: input columns per\n"
    "                   work-group, a multiple of the tile up to 8 tiles and 512,\n"
    "                   or one tile with -1\n"
    "  cache_hints N    with a width above one tile, NVIDIA devices of compute\n"
    "                   capability 8.0 or later: loads with an L2 prefetch hint\n"
    "                   and streaming stores with 1, never with -1\n"
    "  stream N         pad only, 1- to 16-byte elements: the streaming kernel\n"
    "                   (blocks transposed in registers, whole 64-byte output\n"
    "                   lines) with 1, never with -1\n"
    "  inplace_tiles N  with --in-place and tiles (pad or auto): tiles of local\n"
    "                   memory per work-group, 1 (the second tile of a pair\n"
    "                   waits in registers) or 2\n";

static const char usage_matmul[] =
    "usage: txf matmul A.npy B.npy OUT.npy [options]\n"
    "\n"
    "Compute OUT = alpha op(A) op(B) + beta C on an OpenCL device, where op(X) is\n"
    "X or its transpose. A and B are 2-D arrays of one element type, f4 or f8,\n"
    "each in C or Fortran order; op(A) is M x K and op(B) is K x N. OUT is the\n"
    "M x N result, of the same type, in C order (in the order of C with --c).\n"
    "OUT is replaced only once the result is complete; on any failure it is left\n"
    "as it was.\n"
    "\n"
    "options:\n"
    "  --trans-a      multiply by the transpose of A (A is then K x M)\n"
    "  --trans-b      multiply by the transpose of B (B is then N x K)\n"
    "  --alpha X      scale of the product (default 1)\n"
    "  --beta Y       scale of C (default 0); a value other than 0 needs --c\n"
    "  --c C.npy      the M x N matrix C, of the same type as A and B. Without\n"
    "                 --beta, beta is 0: C's shape and type are checked and its\n"
    "                 order is OUT's, but its values are not read (as in BLAS,\n"
    "                 where beta = 0 keeps NaN and Inf in C out of the result)\n"
    "  --strategy S   simple, pad, truncate, split, padcopy or auto (default auto)\n"
    "  --params LIST  kernel parameters mwg,nwg,kwg,mdimc,ndimc,vwa,vwb[,ksplit[,\n"
    "                 lbuf,wmap[,kgroups]]] as seven, eight, ten or eleven\n"
    "                 numbers, or NAME=VALUE pairs such as\n"
    "                 kwg=16,vwa=2; a value of 0 or a name left out is chosen\n"
    "                 for the device\n"
    "  --param NAME=VALUE  set one kernel parameter (mwg, ..., kgroups, mma, as in\n"
    "                 --params); repeat the option for more. Each parameter is\n"
    "                 given once, by --params or by --param ('txf params' lists\n"
    "                 them with their ranges)\n"
    "  --precision P  how f4 products may be computed: exact (the default);\n"
    "                 3xtf32, each operand split into two TF32 parts and three\n"
    "                 products on the matrix units, as accurate as exact; tf32,\n"
    "                 one product of operands rounded to TF32 (about 2^-11\n"
    "                 relative). Where the kernel chosen runs no TF32 units (the\n"
    "                 device has none, or the product is too small) the product\n"
    "                 is exact\n"
    "  --device SPEC  device to use (see 'txf --help')\n"
    "  -h, --help     show this text\n"
    "\n"
    "A block of mwg x nwg elements of the result is computed by mdimc x ndimc\n"
    "work-items, walking K in steps of kwg; vwa and vwb (1, 2, 4, 8 or 16) are\n"
    "the widths of the vector loads of A and B. With mdimc = ndimc = 1 the\n"
    "blocked kernel runs instead (made for CPUs): one work-item per block, in\n"
    "register tiles of vwa rows by 2 vwb columns. ksplit cuts K into that many\n"
    "slices computed side by side and summed (pad and padcopy only; 1: none),\n"
    "for products whose result is too small to fill the device. lbuf 2 gives\n"
    "the work-group two local buffers per operand (one barrier per K step\n"
    "instead of two); wmap 2 lays its work-items in tiles of 4 x 8 (mdimc a\n"
    "multiple of 4, ndimc of 8); 1 is the plain form of each, and the blocked\n"
    "kernel takes 1. kgroups (up to 8) puts that many groups of mdimc x ndimc\n"
    "work-items on each block, each walking part of K, their sums added in\n"
    "local memory (1: none; the blocked kernel takes 1). 'txf bench matmul'\n"
    "times them.\n";

static const char usage_demo[] =
    "usage: txf demo [--device SPEC] [--rows R] [--cols C] [--matmul-shape MxNxK]\n"
    "                [--seed N] [--runs N]\n"
    "\n"
    "Transpose a random float32 matrix with every strategy, check each result\n"
    "against the host's transpose, and print a table of timings. Also runs the\n"
    "in-place transpose on a square matrix, and a float32 matmul with every\n"
    "strategy, checked against a float64 host product:\n"
    "|C - Cref| <= 4 K FLT_EPSILON (|A| |B|) + 1e-6 for every element.\n"
    "Exits with status 1 if any check fails.\n"
    "\n"
    "options:\n"
    "  --device SPEC         device to use (see 'txf --help')\n"
    "  --rows R              rows of the matrix to transpose (default 999)\n"
    "  --cols C              columns of the matrix to transpose (default 666)\n"
    "  --matmul-shape MxNxK  shape of the matmul (N alone: NxNxN; default\n"
    "                        999x666x777 on a GPU, 333x222x259 otherwise)\n"
    "  --seed N              seed of the random values (default 1)\n"
    "  --runs N              timed runs per case, after one warm-up run (default 5)\n"
    "  -h, --help            show this text\n";

static const char usage_bench[] =
    "usage: txf bench matmul [options]\n"
    "       txf bench transpose [options]\n"
    "\n"
    "Time an operation's strategies on random matrices over a set of shapes: the\n"
    "median and the fastest of N runs after warm-up (the checked run, then runs\n"
    "for 20 ms, so that the device is at its working clocks). Times are device times\n"
    "from event profiling: from the end of a marker enqueued right before the\n"
    "operation to the end of the operation's event. Each result is checked once\n"
    "and marked OK, FAIL, n/a (the strategy does not apply to the shape, or the\n"
    "device cannot hold the shape's operands: checked before any memory is taken)\n"
    "or error. Exit status 1 if a result of the library fails or errs, or if\n"
    "--plot cannot draw its picture (after the results are printed).\n"
    "\n"
    "matmul: row-major C = A B (alpha 1, beta 0) with each strategy, and GFLOP/s\n"
    "= 2 M N K / median. Results are checked against a float64 host product\n"
    "(every element of small shapes; otherwise rows and columns that include the\n"
    "first and last ones). Where the tool was built with CLBlast or a host BLAS\n"
    "(see 'txf --version'), the same shapes also run through them; after the\n"
    "host BLAS's runs the tool waits 0.3 s, so that its threads are idle again.\n"
    "\n"
    "transpose: out of place with each strategy (and in place with --in-place),\n"
    "and GB/s = 2 R C E / median for E-byte elements: each element read once and\n"
    "written once. Each shape also times clEnqueueCopyBuffer of the same R C E\n"
    "bytes (impl copy), counted the same way; 'vs copy' (JSON ratio) is a row's\n"
    "GB/s over the copy's. Results are compared byte for byte with the host's\n"
    "transpose. Where the tool was built with a host BLAS that has ?omatcopy\n"
    "(OpenBLAS, MKL), it transposes the same f4 or f8 matrix in host memory (impl\n"
    "blas, timed with the monotonic clock) against the same ceiling.\n"
    "\n"
    "options:\n"
    "  --shape S       a shape to time: MxNxK for matmul, RxC for transpose (N\n"
    "                  alone: NxNxN, NxN); repeat the option or separate shapes\n"
    "                  with commas. Default for matmul: 256, 512, 1024, 2048 and\n"
    "                  999x666x777 on a GPU; 128, 256, 512 and 333x222x259\n"
    "                  otherwise. For transpose: 4096x4096, 8191x8193,\n"
    "                  16384x16384 and 16383x16385 on a GPU; 2048x2048,\n"
    "                  4093x4099 and 999x666 otherwise\n"
    "  --strategy S    simple, pad, truncate, split, padcopy (matmul only), auto or\n"
    "                  all; repeat the option or separate them with commas\n"
    "                  (default all; auto with --sweep)\n"
    "  --dtype T       matmul: f4, f8, or f2 or bf16 (with an f4 C); transpose: f2\n"
    "                  f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 c8 c16 bf16 (default f4)\n"
    "  --params LIST   matmul: kernel parameters, as for 'txf matmul' (default:\n"
    "                  chosen)\n"
    "  --param N=V     one kernel parameter for every run, as for 'txf matmul'\n"
    "                  or 'txf transpose'; repeatable (a strategy it does not\n"
    "                  apply to is n/a)\n"
    "  --precision P   matmul f4: exact, 3xtf32 or tf32, as for 'txf matmul'; the\n"
    "                  params column shows M3x/M4x (3xtf32) and M3t/M4t (tf32)\n"
    "                  where the TF32 units ran, and a tf32 result is checked\n"
    "                  with the TF32 rounding of its operands added to the bound\n"
    "  --compare LIST  other implementations to run: clblast, blas, all or none\n"
    "                  (default all that the tool was built with); transpose:\n"
    "                  blas (its ?omatcopy, f4 and f8), all or none\n"
    "  --in-place      transpose: also time the in-place transpose of square\n"
    "                  shapes with simple, pad and auto (strategy inplace-S)\n"
    "  --batch N       transpose: N matrices of each shape, one after the other\n"
    "                  in memory, transposed as a batch (txf_transpose_batched;\n"
    "                  1 to 2^31, default 1); the rows add a column batch and\n"
    "                  strategies one-launch-flat, one-launch-tiled,\n"
    "                  one-launch-packed and one-launch-chunked (1- and 2-byte\n"
    "                  elements) and\n"
    "                  per-matrix (parameter batched 1 and 2; per-matrix for\n"
    "                  batches of up to 4096)\n"
    "  --repeat N      timed runs per case after the warm-up (default 5)\n"
    "  --format F      table (default), csv (with a header line) or json (one\n"
    "                  object per line)\n"
    "  --plot FILE     also draw the results as a PNG with gnuplot: GFLOP/s or\n"
    "                  GB/s against the problem size (M N K, or elements R C; on\n"
    "                  a log scale), one line per strategy and implementation,\n"
    "                  the copy's own line for transpose (with --sweep: a point\n"
    "                  per row of its ratio, below). FILE is replaced only once\n"
    "                  the picture is complete\n"
    "  --sweep N       time N shapes drawn at random instead of --shape (1 to\n"
    "                  10000; strategy auto unless --strategy says otherwise),\n"
    "                  then a summary per implementation and strategy\n"
    "  --sweep-range LO:HI  the range of each dimension of a sweep: each is\n"
    "                  round(exp(uniform(log LO, log HI))) (default 1:16384 for\n"
    "                  transpose, 16:8192 for matmul)\n"
    "  --sweep-max-elems N  transpose: draw again a shape of more than N\n"
    "                  elements (default 67108864 = 2^26); shapes the device\n"
    "                  cannot hold are drawn again too\n"
    "  --seed S        the seed of the sweep's generator (splitmix64), 0 to\n"
    "                  2^64-1 (default 1); printed with the shapes\n"
    "  --device SPEC   device to use (see 'txf --help')\n"
    "  -h, --help      show this text\n"
    "\n"
    "JSON keys: op, impl, device, m, n, k (transpose: rows, cols), dtype,\n"
    "strategy, chosen, params, launches, repeats, median_ms, min_ms, gflops\n"
    "(transpose: gbps, copy_gbps, ratio), check, note. impl is txf, clblast or\n"
    "blas for matmul, txf or copy for transpose; a transpose's params are\n"
    "{tile, wg_rows, launches} of what it ran.\n"
    "\n"
    "Sweep summary, per implementation and strategy: count, min, median,\n"
    "geometric mean and max of the ratio to the ceiling over the shapes whose\n"
    "rows are OK: transpose, GB/s over the copy's of the same shape; matmul,\n"
    "GFLOP/s over CLBlast's of the same shape (else the host BLAS's), or GFLOP/s\n"
    "itself where no peer ran (and for the copy and the peer). In JSON the\n"
    "sweep is first described by {\"op\":\"sweep\", seed, lo, hi, shapes, ...} and\n"
    "each summary is an object with \"op\":\"summary\"; in CSV a summary is a\n"
    "record summary,OP,impl,device,dtype,strategy,metric,vs,count,min,median,\n"
    "geomean,max,seed after the rows.\n";

static const char usage_tune[] =
    "usage: txf tune [--op transpose|matmul|all] [--dtype LIST] [--quick|--full]\n"
    "                [--budget N] [--repeat N] [--device SPEC]\n"
    "\n"
    "Measure candidate strategies, tiles and matmul parameters on the device and\n"
    "write the winners to the device's tuning file, which AUTO consults from then\n"
    "on (see 'txf info'). Each size class (small and large, divisible by the tile\n"
    "or not; few rows, few columns) is measured on a shape that stands for it,\n"
    "with the kernels of that class among the candidates; every candidate's result\n"
    "is checked before it is timed (median of the timed runs, from events; the\n"
    "checked run is the warm-up). For matmul, a ladder of uneven sizes finds where\n"
    "copying into padded temporaries (padcopy) starts to pay. Entries of other\n"
    "operations and types already in the file are kept.\n"
    "\n"
    "options:\n"
    "  --op OP        transpose, matmul or all (default all)\n"
    "  --dtype LIST   comma-separated element types (default: transposes u1, f2,\n"
    "                 f4, f8 and c16, one per element size; matmul f4); matmul\n"
    "                 tunes f4 and f8 and skips the others\n"
    "  --quick        few candidates on small shapes (default)\n"
    "  --full         every candidate on larger shapes, 7 timed runs each\n"
    "  --budget N     at most N candidates per class and round\n"
    "  --repeat N     timed runs per candidate (default 3 quick, 7 full)\n"
    "  --device SPEC  device to tune (see 'txf --help')\n"
    "  -h, --help     show this text\n"
    "\n"
    "The file is <cache>/tuning/<device>-<hash>.txt, <cache> being TXF_CACHE_DIR,\n"
    "else $XDG_CACHE_HOME/tiledxform, else ~/.cache/tiledxform; TXF_TUNING_FILE\n"
    "names another file. Progress goes to stderr; results to stdout.\n";

static const char usage_params[] =
    "usage: txf params [--format table|csv|json]\n"
    "\n"
    "List every kernel parameter that --param NAME=VALUE sets ('txf transpose',\n"
    "'txf matmul', 'txf bench matmul'): its operation, name, range, whether a\n"
    "tuned entry ('txf tune') holds it (required, optional or no) and meaning.\n"
    "0 means \"chosen for the device\". A value is checked against its range when\n"
    "the command line is read, and against the device and the other parameters\n"
    "when the operation runs. Needs no device.\n"
    "\n"
    "options:\n"
    "  --format F     table (default), csv (with a header line) or json (one\n"
    "                 object per line: operation, name, min, max, meaning,\n"
    "                 tuned)\n"
    "  -h, --help     show this text\n";

const char *cli_usage(cli_command c)
{
	switch (c) {
	case CLI_CMD_INFO:
		return usage_info;
	case CLI_CMD_TRANSPOSE:
		return usage_transpose;
	case CLI_CMD_MATMUL:
		return usage_matmul;
	case CLI_CMD_DEMO:
		return usage_demo;
	case CLI_CMD_BENCH:
		return usage_bench;
	case CLI_CMD_TUNE:
		return usage_tune;
	case CLI_CMD_PARAMS:
		return usage_params;
	case CLI_CMD_NONE:
	case CLI_CMD_COUNT:
		break;
	}
	return usage_overview;
}

static const char *const command_names[CLI_CMD_COUNT] = {
    [CLI_CMD_INFO] = "info",     [CLI_CMD_TRANSPOSE] = "transpose", [CLI_CMD_MATMUL] = "matmul",
    [CLI_CMD_DEMO] = "demo",     [CLI_CMD_BENCH] = "bench",         [CLI_CMD_TUNE] = "tune",
    [CLI_CMD_PARAMS] = "params",
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

static const char *const bench_op_names[CLI_BENCH_OP_COUNT] = {
    [CLI_BENCH_MATMUL] = "matmul",
    [CLI_BENCH_TRANSPOSE] = "transpose",
};

const char *cli_bench_op_name(cli_bench_op op)
{
	return (unsigned)op < CLI_BENCH_OP_COUNT ? bench_op_names[op] : NULL;
}

static cli_bench_op bench_op_lookup(const char *s)
{
	for (unsigned i = 1; i < CLI_BENCH_OP_COUNT; i++) {
		if (strcmp(s, bench_op_names[i]) == 0)
			return (cli_bench_op)i;
	}
	return CLI_BENCH_NONE;
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

int cli_parse_double(const char *s, double *out)
{
	char *end = NULL;
	double v;

	if (!s || !*s || !((*s >= '0' && *s <= '9') || *s == '-' || *s == '+' || *s == '.'))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (!end || end == s || *end != '\0' || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

static const struct {
	const char *code;
	const char *name;
	txf_dtype dtype;
} dtype_names[] = {
    {"u1", "uint8", TXF_U8},         {"i1", "int8", TXF_I8},         {"u2", "uint16", TXF_U16},
    {"i2", "int16", TXF_I16},        {"f2", "float16", TXF_F16},     {"u4", "uint32", TXF_U32},
    {"i4", "int32", TXF_I32},        {"f4", "float32", TXF_F32},     {"u8", "uint64", TXF_U64},
    {"i8", "int64", TXF_I64},        {"f8", "float64", TXF_F64},     {"c8", "complex64", TXF_C64},
    {"c16", "complex128", TXF_C128}, {"bf16", "bfloat16", TXF_BF16},
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

static const char *dtype_code(txf_dtype t)
{
	for (size_t i = 0; i < sizeof(dtype_names) / sizeof(dtype_names[0]); i++) {
		if (dtype_names[i].dtype == t)
			return dtype_names[i].code;
	}
	return "?";
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

/* Copy the next comma-separated item of *p into buf and move *p past it
 * (and its comma). Returns 1 for an item, 0 at the end of the list, -1 for
 * an empty item or one that does not fit in buf. */
static int next_item(const char **p, char *buf, size_t n)
{
	const char *s = *p, *comma;
	size_t len;

	if (!s)
		return 0;
	comma = strchr(s, ',');
	len = comma ? (size_t)(comma - s) : strlen(s);
	if (len == 0 || len >= n)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	*p = comma ? comma + 1 : NULL;
	return 1;
}

/* "AxB..." with `count` extents, each in [1, max]; with cube set, a single
 * extent N also stands for NxN...xN. */
static int parse_extents(const char *s, size_t count, size_t max, int cube, size_t *out)
{
	char buf[64];
	size_t got = 0;

	for (;;) {
		const char *x = strpbrk(s, "xX");
		size_t n = x ? (size_t)(x - s) : strlen(s);

		if (got == count || n == 0 || n >= sizeof(buf))
			return -1;
		memcpy(buf, s, n);
		buf[n] = '\0';
		if (cli_parse_size(buf, 1, max, &out[got++]) != 0)
			return -1;
		if (!x)
			break;
		s = x + 1;
	}
	if (got == 1 && cube) {
		for (size_t i = 1; i < count; i++)
			out[i] = out[0];
		return 0;
	}
	return got == count ? 0 : -1;
}

/* "RxC" or "MxNxK" with every extent in [1, CLI_SHAPE_MAX]; *k is 0 for
 * RxC. */
static int parse_shape(const char *s, size_t *rows, size_t *cols, size_t *k)
{
	size_t e[3] = {0, 0, 0};

	if (parse_extents(s, 2, CLI_SHAPE_MAX, 0, e) != 0 &&
	    parse_extents(s, 3, CLI_SHAPE_MAX, 0, e) != 0)
		return -1;
	*rows = e[0];
	*cols = e[1];
	*k = e[2];
	return 0;
}

/* A whole number in base 10, with an optional '-': 0, -1 if it is not one,
 * -2 if it is beyond long long. */
static int parse_ll(const char *s, long long *out)
{
	const int neg = *s == '-';
	const uintmax_t max = neg ? (uintmax_t)LLONG_MAX + 1 : (uintmax_t)LLONG_MAX;
	uintmax_t v = 0;

	s += neg;
	if (!*s)
		return -1;
	for (; *s; s++) {
		unsigned d;

		if (*s < '0' || *s > '9')
			return -1;
		d = (unsigned)(*s - '0');
		if (v > (max - d) / 10)
			return -2;
		v = v * 10 + d;
	}
	*out = neg ? (v == (uintmax_t)LLONG_MAX + 1 ? LLONG_MIN : -(long long)v) : (long long)v;
	return 0;
}

/* The longest parameter name that --param takes, and a bit more. */
#define PARAM_NAME_MAX 32

/* --param NAME=VALUE: its name in name[PARAM_NAME_MAX] and its value.
 * Returns 0, -1 if it is not of that form, -2 if VALUE is beyond long long,
 * -3 if NAME is too long to be a parameter's. */
static int split_param_arg(const char *s, char *name, long long *value)
{
	const char *eq = strchr(s, '=');
	int r;

	if (!eq || eq == s)
		return -1;
	r = parse_ll(eq + 1, value);
	if (r != 0)
		return r;
	if ((size_t)(eq - s) >= PARAM_NAME_MAX)
		return -3;
	memcpy(name, s, (size_t)(eq - s));
	name[eq - s] = '\0';
	return 0;
}

const char *const cli_params_names[CLI_PARAMS_COUNT] = {
    "mwg", "nwg", "kwg", "mdimc", "ndimc", "vwa", "vwb", "ksplit", "lbuf", "wmap", "kgroups"};

int cli_param_get(const txf_param *list, unsigned n, const char *name, long long *value)
{
	*value = 0;
	for (unsigned i = 0; list && name && i < n && i < TXF_MAX_PARAMS; i++) {
		if (list[i].name && strcmp(list[i].name, name) == 0) {
			*value = list[i].value;
			return 1;
		}
	}
	return 0;
}

/* Parameter `name` of the matmul options o, 0 when not given. */
static long long mopt(const txf_matmul_options *o, const char *name)
{
	long long v;

	cli_param_get(o->params, o->num_params, name, &v);
	return v;
}

/* "a divides b" where both are given (not 0). */
static int divides_if_given(long long a, long long b)
{
	return a == 0 || b == 0 || b % a == 0;
}

/* What --params and --param check of the values together, where both
 * sides are given: mdimc divides mwg, ndimc nwg; vwa divides mwg and kwg,
 * vwb nwg and kwg. Returns 0, or -1 with a message in err. */
static int check_params_divide(const txf_matmul_options *o, char *err, size_t errlen)
{
	const long long mwg = mopt(o, "mwg"), nwg = mopt(o, "nwg"), kwg = mopt(o, "kwg");
	const long long mdimc = mopt(o, "mdimc"), ndimc = mopt(o, "ndimc");
	const long long vwa = mopt(o, "vwa"), vwb = mopt(o, "vwb");

	if (!divides_if_given(mdimc, mwg) || !divides_if_given(ndimc, nwg))
		return fail(err, errlen,
		            "mdimc %lld must divide mwg %lld and ndimc %lld must divide nwg %lld",
		            mdimc, mwg, ndimc, nwg);
	if (!divides_if_given(vwa, mwg) || !divides_if_given(vwa, kwg))
		return fail(err, errlen, "vwa %lld must divide mwg %lld and kwg %lld", vwa, mwg,
		            kwg);
	if (!divides_if_given(vwb, nwg) || !divides_if_given(vwb, kwg))
		return fail(err, errlen, "vwb %lld must divide nwg %lld and kwg %lld", vwb, nwg,
		            kwg);
	return 0;
}

int cli_parse_params(const char *s, txf_matmul_options *opts, char *err, size_t errlen)
{
	txf_matmul_options o;
	const char *rest = s;
	char item[48];
	size_t n = 0;
	int named = -1, r;

	if (!s || !opts)
		return fail(err, errlen, "no parameters");
	o = *opts;
	while ((r = next_item(&rest, item, sizeof(item))) == 1) {
		const int eq = strchr(item, '=') != NULL;
		char name[PARAM_NAME_MAX];
		long long v, had;

		if (named < 0)
			named = eq;
		if (named != eq)
			return fail(err, errlen, "'%s' mixes plain values and NAME=VALUE pairs", s);
		if (!named && n == CLI_PARAMS_COUNT)
			return fail(err, errlen,
			            "'%s' has more than eleven values "
			            "(mwg,nwg,kwg,mdimc,ndimc,vwa,vwb,ksplit,lbuf,wmap,kgroups)",
			            s);
		if (named ? split_param_arg(item, name, &v) != 0 : parse_ll(item, &v) != 0)
			return fail(err, errlen, "'%s' is not %s", item,
			            named ? "NAME=VALUE with a whole number VALUE"
			                  : "a whole number");
		if (!named)
			snprintf(name, sizeof(name), "%s", cli_params_names[n]);
		if (cli_param_get(o.params, o.num_params, name, &had))
			return fail(err, errlen, "parameter %s given more than once", name);
		if (txf_matmul_options_set(&o, name, v) != TXF_SUCCESS)
			return fail(err, errlen, "%s", txf_last_error());
		n++;
	}
	if (r < 0 || n == 0)
		return fail(err, errlen,
		            "'%s' is not a list of "
		            "mwg,nwg,kwg,mdimc,ndimc,vwa,vwb[,ksplit[,lbuf,wmap[,kgroups]]] "
		            "or of NAME=VALUE",
		            s);
	if (!named && n != 7 && n != 8 && n != 10 && n != CLI_PARAMS_COUNT)
		return fail(err, errlen,
		            "'%s' has %zu values; expected seven, eight, ten or eleven "
		            "(mwg,nwg,kwg,mdimc,ndimc,vwa,vwb[,ksplit[,lbuf,wmap[,kgroups]]]) or "
		            "NAME=VALUE pairs",
		            s, n);
	if (check_params_divide(&o, err, errlen) != 0)
		return -1;
	*opts = o;
	return 0;
}

/* ---------------------------------------------------------------- options */

/* --precision's names, for the matmul parameter precision 1 to 3. */
static const char *const precision_names[] = {"exact", "3xtf32", "tf32"};

enum opt_id {
	OPT_DEVICE,
	OPT_SHAPE,
	OPT_DTYPE,
	OPT_STRATEGY,
	OPT_TILE,
	OPT_WG_ROWS,
	OPT_PARAM,
	OPT_IN_PLACE,
	OPT_TRANS_A,
	OPT_TRANS_B,
	OPT_ALPHA,
	OPT_BETA,
	OPT_C,
	OPT_PARAMS,
	OPT_ROWS,
	OPT_COLS,
	OPT_MATMUL_SHAPE,
	OPT_SEED,
	OPT_RUNS,
	OPT_REPEAT,
	OPT_FORMAT,
	OPT_COMPARE,
	OPT_PLOT,
	OPT_OP,
	OPT_QUICK,
	OPT_FULL,
	OPT_BUDGET,
	OPT_SWEEP,
	OPT_SWEEP_RANGE,
	OPT_SWEEP_MAX_ELEMS,
	OPT_PRECISION,
	OPT_BATCH,
	OPT_COUNT
};

/* The options given on a line are bits of an unsigned (parse_options). */
_Static_assert(OPT_COUNT <= 32, "too many options for the mask of given options");

#define FOR(c) (1u << (c))

static const struct opt_def {
	const char *name; /* without the leading "--" */
	int takes_value;
	unsigned commands;   /* FOR() mask: where the option is known */
	unsigned repeatable; /* FOR() mask: where it may be given more than once */
} opts[OPT_COUNT] = {
    [OPT_DEVICE] = {"device", 1,
                    FOR(CLI_CMD_INFO) | FOR(CLI_CMD_TRANSPOSE) | FOR(CLI_CMD_MATMUL) |
                        FOR(CLI_CMD_DEMO) | FOR(CLI_CMD_BENCH) | FOR(CLI_CMD_TUNE),
                    0},
    [OPT_SHAPE] = {"shape", 1, FOR(CLI_CMD_INFO) | FOR(CLI_CMD_BENCH), FOR(CLI_CMD_BENCH)},
    [OPT_DTYPE] = {"dtype", 1, FOR(CLI_CMD_INFO) | FOR(CLI_CMD_BENCH) | FOR(CLI_CMD_TUNE), 0},
    [OPT_STRATEGY] = {"strategy", 1,
                      FOR(CLI_CMD_TRANSPOSE) | FOR(CLI_CMD_MATMUL) | FOR(CLI_CMD_BENCH),
                      FOR(CLI_CMD_BENCH)},
    [OPT_TILE] = {"tile", 1, FOR(CLI_CMD_TRANSPOSE), 0},
    [OPT_WG_ROWS] = {"wg-rows", 1, FOR(CLI_CMD_TRANSPOSE), 0},
    [OPT_PARAM] = {"param", 1, FOR(CLI_CMD_TRANSPOSE) | FOR(CLI_CMD_MATMUL) | FOR(CLI_CMD_BENCH),
                   FOR(CLI_CMD_TRANSPOSE) | FOR(CLI_CMD_MATMUL) | FOR(CLI_CMD_BENCH)},
    [OPT_IN_PLACE] = {"in-place", 0, FOR(CLI_CMD_TRANSPOSE) | FOR(CLI_CMD_BENCH), 0},
    [OPT_TRANS_A] = {"trans-a", 0, FOR(CLI_CMD_MATMUL), 0},
    [OPT_TRANS_B] = {"trans-b", 0, FOR(CLI_CMD_MATMUL), 0},
    [OPT_ALPHA] = {"alpha", 1, FOR(CLI_CMD_MATMUL), 0},
    [OPT_BETA] = {"beta", 1, FOR(CLI_CMD_MATMUL), 0},
    [OPT_C] = {"c", 1, FOR(CLI_CMD_MATMUL), 0},
    [OPT_PARAMS] = {"params", 1, FOR(CLI_CMD_MATMUL) | FOR(CLI_CMD_BENCH), 0},
    [OPT_ROWS] = {"rows", 1, FOR(CLI_CMD_DEMO), 0},
    [OPT_COLS] = {"cols", 1, FOR(CLI_CMD_DEMO), 0},
    [OPT_MATMUL_SHAPE] = {"matmul-shape", 1, FOR(CLI_CMD_DEMO), 0},
    [OPT_SEED] = {"seed", 1, FOR(CLI_CMD_DEMO) | FOR(CLI_CMD_BENCH), 0},
    [OPT_RUNS] = {"runs", 1, FOR(CLI_CMD_DEMO), 0},
    [OPT_REPEAT] = {"repeat", 1, FOR(CLI_CMD_BENCH) | FOR(CLI_CMD_TUNE), 0},
    [OPT_FORMAT] = {"format", 1, FOR(CLI_CMD_BENCH) | FOR(CLI_CMD_PARAMS), 0},
    [OPT_COMPARE] = {"compare", 1, FOR(CLI_CMD_BENCH), 0},
    [OPT_PLOT] = {"plot", 1, FOR(CLI_CMD_BENCH), 0},
    [OPT_OP] = {"op", 1, FOR(CLI_CMD_TUNE), 0},
    [OPT_QUICK] = {"quick", 0, FOR(CLI_CMD_TUNE), 0},
    [OPT_FULL] = {"full", 0, FOR(CLI_CMD_TUNE), 0},
    [OPT_BUDGET] = {"budget", 1, FOR(CLI_CMD_TUNE), 0},
    [OPT_SWEEP] = {"sweep", 1, FOR(CLI_CMD_BENCH), 0},
    [OPT_SWEEP_RANGE] = {"sweep-range", 1, FOR(CLI_CMD_BENCH), 0},
    [OPT_SWEEP_MAX_ELEMS] = {"sweep-max-elems", 1, FOR(CLI_CMD_BENCH), 0},
    [OPT_BATCH] = {"batch", 1, FOR(CLI_CMD_BENCH), 0},
    [OPT_PRECISION] = {"precision", 1, FOR(CLI_CMD_INFO) | FOR(CLI_CMD_MATMUL) | FOR(CLI_CMD_BENCH),
                       0},
};

/* Positional arguments of each command. */
static const unsigned positional_max[CLI_CMD_COUNT] = {
    [CLI_CMD_TRANSPOSE] = 2, /* IN OUT */
    [CLI_CMD_MATMUL] = 3,    /* A B OUT */
    [CLI_CMD_BENCH] = 1,     /* OP */
};

/* The option of command c that arg ("--name" or "--name=value") names in
 * full: its index, or -1. getopt_long also takes unambiguous prefixes
 * ("--dev"); the tool takes only whole names, so that a new option never
 * changes what an old command line means. */
static int opt_lookup(cli_command c, const char *arg, const char **inline_value)
{
	const char *name, *eq;
	size_t n;

	*inline_value = NULL;
	if (strncmp(arg, "--", 2) != 0)
		return -1;
	name = arg + 2;
	eq = strchr(name, '=');
	n = eq ? (size_t)(eq - name) : strlen(name);
	for (int i = 0; i < OPT_COUNT; i++) {
		if ((opts[i].commands & FOR(c)) && strlen(opts[i].name) == n &&
		    memcmp(opts[i].name, name, n) == 0) {
			*inline_value = eq ? eq + 1 : NULL;
			return i;
		}
	}
	return -1;
}

/* The switches of transpose that --param replaced, and the parameter each
 * set: a line that still has one is told what to write instead. */
static const char *const former_switches[][2] = {
    {"segments", "segments"},           {"width", "width"},
    {"cache-hints", "cache_hints"},     {"stream", "stream"},
    {"inplace-tiles", "inplace_tiles"},
};

/* The parameter that arg ("--name" or "--name=value") set as a former
 * switch of command c, or NULL. */
static const char *former_switch(cli_command c, const char *arg)
{
	size_t n;

	if (c != CLI_CMD_TRANSPOSE || strncmp(arg, "--", 2) != 0)
		return NULL;
	arg += 2;
	n = strcspn(arg, "=");
	for (size_t i = 0; i < sizeof(former_switches) / sizeof(former_switches[0]); i++) {
		if (strlen(former_switches[i][0]) == n &&
		    memcmp(former_switches[i][0], arg, n) == 0)
			return former_switches[i][1];
	}
	return NULL;
}

/* getopt_long's value for option id: above every character, so that it is
 * never taken for one of getopt_long's own returns ('?', ':', 1). */
#define OPT_VAL(id) (256 + (id))

/* The getopt_long table of command c: its options, then a zero entry. */
static void long_options(cli_command c, struct option *lo)
{
	size_t n = 0;

	for (int i = 0; i < OPT_COUNT; i++) {
		if (opts[i].commands & FOR(c)) {
			lo[n].name = opts[i].name;
			lo[n].has_arg = opts[i].takes_value ? required_argument : no_argument;
			lo[n].flag = NULL;
			lo[n].val = OPT_VAL(i);
			n++;
		}
	}
	memset(&lo[n], 0, sizeof(lo[n]));
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
	a->alpha = 1.0;
	a->beta = 0.0;
	a->rows = 999;
	a->cols = 666;
	a->seed = 1;
	a->runs = 5;
	a->repeat = 5;
	a->format = CLI_FORMAT_TABLE;
	a->compare = CLI_COMPARE_ALL;
	a->tune_ops = (1u << TXF_TUNE_TRANSPOSE) | (1u << TXF_TUNE_MATMUL);
	a->tune_dtypes = 0; /* tune.c's default types */
	a->sweep_seed = 1;
	a->sweep_max_elems = CLI_SWEEP_MAX_ELEMS;
	a->batch = 1;
	txf_transpose_options_default(&a->topts);
	txf_matmul_options_default(&a->mopts);
}

/* tune --dtype: a comma-separated list of types. */
static int set_tune_dtypes(cli_args *a, const char *cmd, const char *v, char *err, size_t errlen)
{
	const char *rest = v;
	char item[32];
	unsigned mask = 0;
	txf_dtype t;
	int r;

	while ((r = next_item(&rest, item, sizeof(item))) == 1) {
		if (cli_parse_dtype(item, &t) != 0)
			break;
		mask |= 1u << t;
	}
	if (r != 0 || !mask)
		return fail(err, errlen,
		            "%s: --dtype '%s' is not a list of f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 c8 "
		            "c16 bf16",
		            cmd, v);
	a->tune_dtypes = mask;
	return 0;
}

/* bench --shape: a comma-separated list, added to the shapes so far. Each
 * item has one to three extents; finish_bench checks them against the
 * operation, which may come later on the line. */
static int add_bench_shapes(cli_args *a, const char *cmd, const char *v, char *err, size_t errlen)
{
	const char *rest = v;
	char item[96];
	int r;

	while ((r = next_item(&rest, item, sizeof(item))) == 1) {
		size_t *e;
		int got = 0;

		if (a->nshapes == CLI_BENCH_SHAPES_MAX)
			return fail(err, errlen, "%s: more than %u shapes", cmd,
			            CLI_BENCH_SHAPES_MAX);
		e = a->shapes[a->nshapes];
		for (int n = 1; n <= 3 && !got; n++) {
			if (parse_extents(item, (size_t)n, CLI_SHAPE_MAX, 0, e) == 0)
				got = n;
		}
		if (!got)
			break;
		a->shape_dims[a->nshapes] = (unsigned char)got;
		a->shape_arg[a->nshapes] = v;
		a->nshapes++;
	}
	if (r != 0)
		return fail(
		    err, errlen,
		    "%s: --shape '%s' is not a list of MxNxK (matmul), RxC (transpose) or N "
		    "with extents from 1 to %zu",
		    cmd, v, CLI_SHAPE_MAX);
	return 0;
}

/* bench --strategy: a comma-separated list of names or "all". */
static int add_bench_strategies(cli_args *a, const char *cmd, const char *v, char *err,
                                size_t errlen)
{
	const char *rest = v;
	char item[32];
	int r;

	while ((r = next_item(&rest, item, sizeof(item))) == 1) {
		txf_strategy s;

		if (strcmp(item, "all") == 0)
			a->strategies |= ((1u << TXF_STRATEGY_COUNT) - 1) | CLI_STRATEGIES_ALL;
		else if (parse_strategy(item, &s) == 0)
			a->strategies |= 1u << s;
		else
			break;
	}
	if (r != 0)
		return fail(err, errlen,
		            "%s: --strategy '%s' is not a list of simple, pad, truncate, split, "
		            "padcopy, auto or all",
		            cmd, v);
	return 0;
}

static int parse_compare(cli_args *a, const char *cmd, const char *v, char *err, size_t errlen)
{
	const char *rest = v;
	char item[32];
	unsigned bits = 0;
	int r, none = 0;

	while ((r = next_item(&rest, item, sizeof(item))) == 1) {
		if (strcmp(item, "clblast") == 0)
			bits |= CLI_COMPARE_CLBLAST;
		else if (strcmp(item, "blas") == 0)
			bits |= CLI_COMPARE_BLAS;
		else if (strcmp(item, "all") == 0)
			bits |= CLI_COMPARE_ALL;
		else if (strcmp(item, "none") == 0)
			none = 1;
		else
			break;
	}
	if (r != 0 || (none && bits))
		return fail(err, errlen,
		            "%s: --compare '%s' is not a list of clblast and blas, or all, or none",
		            cmd, v);
	a->compare = bits;
	return 0;
}

/* bench --sweep-range LO:HI: two extents from 1 to CLI_SHAPE_MAX, LO not
 * above HI. */
static int parse_sweep_range(cli_args *a, const char *cmd, const char *v, char *err, size_t errlen)
{
	const char *colon = strchr(v, ':');
	char lo[32];
	size_t l, h, n = colon ? (size_t)(colon - v) : 0;

	if (!colon || n >= sizeof(lo))
		return fail(err, errlen,
		            "%s: --sweep-range '%s' is not LO:HI with extents from 1 to %zu", cmd,
		            v, CLI_SHAPE_MAX);
	memcpy(lo, v, n);
	lo[n] = '\0';
	if (cli_parse_size(lo, 1, CLI_SHAPE_MAX, &l) != 0 ||
	    cli_parse_size(colon + 1, 1, CLI_SHAPE_MAX, &h) != 0)
		return fail(err, errlen,
		            "%s: --sweep-range '%s' is not LO:HI with extents from 1 to %zu", cmd,
		            v, CLI_SHAPE_MAX);
	if (l > h)
		return fail(err, errlen, "%s: --sweep-range '%s': LO %zu is above HI %zu", cmd, v,
		            l, h);
	a->sweep_lo = l;
	a->sweep_hi = h;
	return 0;
}

/* --param NAME=VALUE: its form here; its name and value once the operation
 * is known (set_transpose_params, set_matmul_params). */
static int add_param_arg(cli_args *a, const char *cmd, const char *v, char *err, size_t errlen)
{
	char name[PARAM_NAME_MAX];
	long long value;

	switch (split_param_arg(v, name, &value)) {
	case 0:
		break;
	case -2:
		return fail(err, errlen,
		            "%s: --param '%s': the value is beyond the range of every parameter "
		            "(see 'txf params')",
		            cmd, v);
	case -3:
		return fail(err, errlen,
		            "%s: --param '%s': no parameter has so long a name (see "
		            "'txf params')",
		            cmd, v);
	default:
		return fail(err, errlen,
		            "%s: --param '%s' is not NAME=VALUE with a whole number VALUE (see "
		            "'txf params')",
		            cmd, v);
	}
	if (a->nparam_args == CLI_PARAM_ARGS_MAX)
		return fail(err, errlen, "%s: more than %u --param options", cmd,
		            CLI_PARAM_ARGS_MAX);
	a->param_arg[a->nparam_args++] = v;
	return 0;
}

static int apply_option(cli_args *a, const char *cmd, int id, const char *v, char *err,
                        size_t errlen)
{
	char msg[512];
	uintmax_t u;
	size_t e[3];

	switch ((enum opt_id)id) {
	case OPT_DEVICE:
		if (!*v)
			return fail(err, errlen, "%s: --device needs a non-empty value", cmd);
		a->device = v;
		return 0;
	case OPT_SHAPE:
		if (a->command == CLI_CMD_BENCH)
			return add_bench_shapes(a, cmd, v, err, errlen);
		if (parse_shape(v, &a->shape_rows, &a->shape_cols, &a->shape_k) != 0)
			return fail(
			    err, errlen,
			    "%s: --shape '%s' is not RxC or MxNxK with extents from 1 to %zu", cmd,
			    v, CLI_SHAPE_MAX);
		return 0;
	case OPT_DTYPE:
		if (a->command == CLI_CMD_TUNE)
			return set_tune_dtypes(a, cmd, v, err, errlen);
		if (cli_parse_dtype(v, &a->dtype) != 0)
			return fail(
			    err, errlen,
			    "%s: unknown --dtype '%s' (expected f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 "
			    "u8 c8 c16 bf16)",
			    cmd, v);
		return 0;
	case OPT_STRATEGY:
		if (a->command == CLI_CMD_BENCH)
			return add_bench_strategies(a, cmd, v, err, errlen);
		if (parse_strategy(v, &a->strategy) != 0)
			return fail(err, errlen, "%s: unknown --strategy '%s' (expected %s)", cmd,
			            v,
			            a->command == CLI_CMD_MATMUL
			                ? "simple, pad, truncate, split, padcopy or auto"
			                : "simple, pad, truncate, split or auto");
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
	case OPT_PARAM:
		return add_param_arg(a, cmd, v, err, errlen);
	case OPT_IN_PLACE:
		a->in_place = 1;
		return 0;
	case OPT_TRANS_A:
		a->trans_a = 1;
		return 0;
	case OPT_TRANS_B:
		a->trans_b = 1;
		return 0;
	case OPT_PRECISION:
		for (unsigned i = 0; i < sizeof(precision_names) / sizeof(precision_names[0]); i++)
			if (strcmp(v, precision_names[i]) == 0) {
				a->precision = i + 1;
				return 0;
			}
		return fail(err, errlen,
		            "%s: unknown --precision '%s' (expected exact, 3xtf32 or tf32)", cmd,
		            v);
	case OPT_ALPHA:
	case OPT_BETA:
		if (cli_parse_double(v, id == OPT_ALPHA ? &a->alpha : &a->beta) != 0)
			return fail(err, errlen, "%s: --%s '%s' is not a finite number", cmd,
			            opts[id].name, v);
		a->beta_given |= id == OPT_BETA;
		return 0;
	case OPT_C:
		if (!*v)
			return fail(err, errlen, "%s: --c needs a file name", cmd);
		a->c_path = v;
		return 0;
	case OPT_PARAMS:
		if (cli_parse_params(v, &a->mopts, msg, sizeof(msg)) != 0)
			return fail(err, errlen, "%s: --params: %s", cmd, msg);
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
	case OPT_MATMUL_SHAPE:
		if (parse_extents(v, 3, CLI_DEMO_EXTENT_MAX, 1, e) != 0)
			return fail(
			    err, errlen,
			    "%s: --matmul-shape '%s' is not MxNxK (or N) with extents from 1 "
			    "to %u",
			    cmd, v, CLI_DEMO_EXTENT_MAX);
		a->mm_m = e[0];
		a->mm_n = e[1];
		a->mm_k = e[2];
		return 0;
	case OPT_SEED:
		if (a->command == CLI_CMD_BENCH) {
			if (parse_uint(v, 0, UINT64_MAX, &u) != 0)
				return fail(err, errlen,
				            "%s: --seed '%s' is not a number from 0 to %ju", cmd, v,
				            (uintmax_t)UINT64_MAX);
			a->sweep_seed = (uint64_t)u;
			return 0;
		}
		if (parse_uint(v, 0, ULONG_MAX, &u) != 0)
			return fail(err, errlen, "%s: --seed '%s' is not a non-negative number",
			            cmd, v);
		a->seed = (unsigned long)u;
		return 0;
	case OPT_RUNS:
	case OPT_REPEAT:
		if (parse_uint(v, 1, CLI_RUNS_MAX, &u) != 0)
			return fail(err, errlen, "%s: --%s '%s' is not a number from 1 to %u", cmd,
			            opts[id].name, v, CLI_RUNS_MAX);
		if (id == OPT_RUNS)
			a->runs = (unsigned)u;
		else
			a->repeat = (unsigned)u;
		a->repeat_given |= id == OPT_REPEAT;
		return 0;
	case OPT_OP:
		if (strcmp(v, "all") == 0)
			a->tune_ops = (1u << TXF_TUNE_TRANSPOSE) | (1u << TXF_TUNE_MATMUL);
		else if (strcmp(v, "transpose") == 0)
			a->tune_ops = 1u << TXF_TUNE_TRANSPOSE;
		else if (strcmp(v, "matmul") == 0)
			a->tune_ops = 1u << TXF_TUNE_MATMUL;
		else
			return fail(err, errlen,
			            "%s: unknown --op '%s' (expected transpose, matmul or all)",
			            cmd, v);
		return 0;
	case OPT_QUICK:
	case OPT_FULL:
		if (a->tune_full == (id == OPT_QUICK ? 1 : -1))
			return fail(err, errlen, "%s: --quick and --full exclude each other", cmd);
		a->tune_full = id == OPT_FULL ? 1 : -1;
		return 0;
	case OPT_BUDGET:
		if (parse_uint(v, 1, 100000, &u) != 0)
			return fail(err, errlen,
			            "%s: --budget '%s' is not a number from 1 to 100000", cmd, v);
		a->tune_budget = (unsigned)u;
		return 0;
	case OPT_FORMAT:
		if (strcmp(v, "table") == 0)
			a->format = CLI_FORMAT_TABLE;
		else if (strcmp(v, "csv") == 0)
			a->format = CLI_FORMAT_CSV;
		else if (strcmp(v, "json") == 0)
			a->format = CLI_FORMAT_JSON;
		else
			return fail(err, errlen,
			            "%s: unknown --format '%s' (expected table, csv or json)", cmd,
			            v);
		return 0;
	case OPT_COMPARE:
		return parse_compare(a, cmd, v, err, errlen);
	case OPT_PLOT:
		/* "--plot --format" is a forgotten value, not a file name. */
		if (!*v || *v == '-')
			return fail(err, errlen, "%s: --plot needs a file name%s%s%s", cmd,
			            *v ? ", not '" : "", v, *v ? "'" : "");
		a->plot_path = v;
		return 0;
	case OPT_SWEEP:
		if (parse_uint(v, 1, CLI_SWEEP_MAX, &u) != 0)
			return fail(err, errlen, "%s: --sweep '%s' is not a number from 1 to %u",
			            cmd, v, CLI_SWEEP_MAX);
		a->sweep = (unsigned)u;
		return 0;
	case OPT_BATCH:
		if (parse_uint(v, 1, CLI_BATCH_MAX, &u) != 0)
			return fail(err, errlen, "%s: --batch '%s' is not a number from 1 to %zu",
			            cmd, v, CLI_BATCH_MAX);
		a->batch = (size_t)u;
		return 0;
	case OPT_SWEEP_RANGE:
		return parse_sweep_range(a, cmd, v, err, errlen);
	case OPT_SWEEP_MAX_ELEMS:
		if (parse_uint(v, 1, CLI_SWEEP_MAX_ELEMS_MAX, &u) != 0)
			return fail(err, errlen,
			            "%s: --sweep-max-elems '%s' is not a number from 1 to %ju", cmd,
			            v, (uintmax_t)CLI_SWEEP_MAX_ELEMS_MAX);
		a->sweep_max_elems = (uint64_t)u;
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

/* The i-th --param of a split into its name and value (add_param_arg
 * checked its form), once no earlier --param has named the parameter. */
static int param_arg_at(const cli_args *a, size_t i, const char *cmd, char *name, long long *value,
                        char *err, size_t errlen)
{
	char other[PARAM_NAME_MAX];
	long long v;

	if (split_param_arg(a->param_arg[i], name, value) != 0)
		return fail(err, errlen, "%s: internal error: --param '%s'", cmd, a->param_arg[i]);
	for (size_t j = 0; j < i; j++) {
		if (split_param_arg(a->param_arg[j], other, &v) == 0 && strcmp(name, other) == 0)
			return fail(err, errlen, "%s: --param %s and --param %s both set %s", cmd,
			            a->param_arg[j], a->param_arg[i], name);
	}
	return 0;
}

/* The --param options of a transpose: each set by the library's setter on
 * a->topts, which holds --tile and --wg-rows. A parameter that --tile or
 * --wg-rows gave is refused. */
static int set_transpose_params(cli_args *a, const char *cmd, unsigned given, char *err,
                                size_t errlen)
{
	static const struct {
		const char *param;
		int opt;
	} switches[] = {{"tile", OPT_TILE}, {"wg_rows", OPT_WG_ROWS}};
	txf_transpose_options *o = &a->topts;

	o->tile = a->tile;
	o->wg_rows = a->wg_rows;
	for (size_t i = 0; i < a->nparam_args; i++) {
		char name[PARAM_NAME_MAX];
		long long v;

		if (param_arg_at(a, i, cmd, name, &v, err, errlen) != 0)
			return -1;
		for (size_t k = 0; k < sizeof(switches) / sizeof(switches[0]); k++) {
			if (strcmp(name, switches[k].param) == 0 &&
			    (given & (1u << switches[k].opt)))
				return fail(err, errlen,
				            "%s: --%s and --param %s both set %s; give one of them",
				            cmd, opts[switches[k].opt].name, a->param_arg[i], name);
		}
		if (txf_transpose_options_set(o, name, v) != TXF_SUCCESS)
			return fail(err, errlen, "%s: --param %s: %s", cmd, a->param_arg[i],
			            txf_last_error());
	}
	a->tile = o->tile;
	a->wg_rows = o->wg_rows;
	return 0;
}

/* The --param options of a matmul: each set by the library's setter on
 * a->mopts, which holds --params. A parameter that --params gave is
 * refused. */
static int set_matmul_params(cli_args *a, const char *cmd, char *err, size_t errlen)
{
	txf_matmul_options *o = &a->mopts;
	const unsigned from_params = o->num_params;
	char msg[256];

	for (size_t i = 0; i < a->nparam_args; i++) {
		char name[PARAM_NAME_MAX];
		long long v, had;

		if (param_arg_at(a, i, cmd, name, &v, err, errlen) != 0)
			return -1;
		if (cli_param_get(o->params, from_params, name, &had))
			return fail(err, errlen,
			            "%s: --params and --param %s both set %s; give one of "
			            "them",
			            cmd, a->param_arg[i], name);
		if (txf_matmul_options_set(o, name, v) != TXF_SUCCESS)
			return fail(err, errlen, "%s: --param %s: %s", cmd, a->param_arg[i],
			            txf_last_error());
	}
	if (a->precision) {
		long long had;

		if (cli_param_get(o->params, o->num_params, "precision", &had))
			return fail(
			    err, errlen,
			    "%s: --precision and --param%s precision both set precision; give "
			    "one of them",
			    cmd,
			    cli_param_get(o->params, from_params, "precision", &had) ? "s" : "");
		if (txf_matmul_options_set(o, "precision", a->precision) != TXF_SUCCESS)
			return fail(err, errlen, "%s: --precision: %s", cmd, txf_last_error());
	}
	if (check_params_divide(o, msg, sizeof(msg)) != 0)
		return fail(err, errlen, "%s: --param: %s", cmd, msg);
	return 0;
}

/* Checks of a transpose line that involve more than one option. */
static int finish_transpose(cli_args *out, const char *const *pos, size_t npos, unsigned given,
                            char *err, size_t errlen)
{
	if (npos < 2)
		return fail(err, errlen,
		            "transpose: expected IN.npy and OUT.npy (see 'txf "
		            "transpose --help')");
	out->in_path = pos[0];
	out->out_path = pos[1];
	if (!*out->in_path || !*out->out_path)
		return fail(err, errlen, "transpose: empty file name");
	if (set_transpose_params(out, "transpose", given, err, errlen) != 0)
		return -1;
	if (out->tile && out->wg_rows > out->tile)
		return fail(err, errlen, "transpose: wg_rows %u is larger than the tile %u",
		            out->wg_rows, out->tile);
	if (out->strategy == TXF_STRATEGY_PADCOPY)
		return fail(err, errlen,
		            "transpose: padcopy is a matmul strategy (expected simple, pad, "
		            "truncate, split or auto)");
	if (out->in_place &&
	    (out->strategy == TXF_STRATEGY_TRUNCATE || out->strategy == TXF_STRATEGY_SPLIT))
		return fail(err, errlen,
		            "transpose: --in-place works with the simple, pad and auto "
		            "strategies, not %s",
		            strategy_names[out->strategy]);
	return 0;
}

static int finish_matmul(cli_args *out, const char *const *pos, size_t npos, char *err,
                         size_t errlen)
{
	if (npos < 3)
		return fail(err, errlen,
		            "matmul: expected A.npy, B.npy and OUT.npy (see 'txf matmul --help')");
	out->a_path = pos[0];
	out->b_path = pos[1];
	out->out_path = pos[2];
	if (!*out->a_path || !*out->b_path || !*out->out_path)
		return fail(err, errlen, "matmul: empty file name");
	if (set_matmul_params(out, "matmul", err, errlen) != 0)
		return -1;
	if (out->beta != 0.0 && !out->c_path)
		return fail(err, errlen,
		            "matmul: --beta %g needs --c C.npy, the matrix that beta scales",
		            out->beta);
	return 0;
}

/* The shapes of a bench line as the operation needs them: matmul MxNxK
 * (N alone: NxNxN), transpose RxC (N alone: NxN). */
static int finish_bench_shapes(cli_args *out, char *err, size_t errlen)
{
	int mm = out->bench_op == CLI_BENCH_MATMUL;

	for (size_t i = 0; i < out->nshapes; i++) {
		size_t *e = out->shapes[i];
		unsigned dims = out->shape_dims[i];

		if (dims == 1) {
			e[1] = e[0];
			e[2] = mm ? e[0] : 0;
		} else if (dims != (mm ? 3u : 2u)) {
			return fail(
			    err, errlen,
			    "bench: %s --shape '%s' is not a list of %s (or N) with extents "
			    "from 1 to %zu",
			    mm ? "matmul" : "transpose", out->shape_arg[i], mm ? "MxNxK" : "RxC",
			    CLI_SHAPE_MAX);
		}
	}
	return 0;
}

/* The sweep options of a bench line, once the operation is known. */
static int finish_bench_sweep(cli_args *out, unsigned given, char *err, size_t errlen)
{
	static const int needs_sweep[] = {OPT_SEED, OPT_SWEEP_RANGE, OPT_SWEEP_MAX_ELEMS};
	const int mm = out->bench_op == CLI_BENCH_MATMUL;

	if (!out->sweep) {
		for (size_t i = 0; i < sizeof(needs_sweep) / sizeof(needs_sweep[0]); i++) {
			if (given & (1u << needs_sweep[i]))
				return fail(err, errlen, "bench: --%s is for --sweep N",
				            opts[needs_sweep[i]].name);
		}
		return 0;
	}
	if (given & (1u << OPT_SHAPE))
		return fail(err, errlen,
		            "bench: --sweep and --shape exclude each other (--sweep draws the "
		            "shapes)");
	if (mm && (given & (1u << OPT_SWEEP_MAX_ELEMS)))
		return fail(err, errlen,
		            "bench: --sweep-max-elems is for transpose (matmul: bound the shapes "
		            "with --sweep-range)");
	if (!(given & (1u << OPT_SWEEP_RANGE))) {
		out->sweep_lo = mm ? CLI_SWEEP_MATMUL_LO : CLI_SWEEP_TRANSPOSE_LO;
		out->sweep_hi = mm ? CLI_SWEEP_MATMUL_HI : CLI_SWEEP_TRANSPOSE_HI;
	}
	/* Every shape drawn would be over the cap. */
	if (!mm && (uint64_t)out->sweep_lo * out->sweep_lo > out->sweep_max_elems)
		return fail(err, errlen,
		            "bench: --sweep-max-elems %ju is below %zux%zu, the smallest shape of "
		            "--sweep-range %zu:%zu",
		            (uintmax_t)out->sweep_max_elems, out->sweep_lo, out->sweep_lo,
		            out->sweep_lo, out->sweep_hi);
	if (!out->strategies)
		out->strategies = 1u << TXF_STRATEGY_AUTO;
	return 0;
}

static int finish_bench(cli_args *out, const char *const *pos, size_t npos, unsigned given,
                        char *err, size_t errlen)
{
	if (npos < 1)
		return fail(err, errlen,
		            "bench: expected the operation to time: matmul or transpose (see 'txf "
		            "bench --help')");
	out->bench_op = bench_op_lookup(pos[0]);
	if (out->bench_op == CLI_BENCH_NONE)
		return fail(err, errlen,
		            "bench: unknown operation '%s' (expected matmul or transpose)", pos[0]);
	if (finish_bench_sweep(out, given, err, errlen) != 0)
		return -1;
	if (finish_bench_shapes(out, err, errlen) != 0)
		return -1;
	if (out->bench_op == CLI_BENCH_MATMUL) {
		if (out->dtype != TXF_F32 && out->dtype != TXF_F64 && out->dtype != TXF_F16 &&
		    out->dtype != TXF_BF16)
			return fail(err, errlen,
			            "bench: matmul runs f4, f8, f2 and bf16, not --dtype %s",
			            dtype_code(out->dtype));
		if (out->in_place)
			return fail(
			    err, errlen,
			    "bench: --in-place is for transpose; matmul has no in-place form");
		if (given & (1u << OPT_BATCH))
			return fail(err, errlen, "bench: --batch is for transpose, not matmul");
		return set_matmul_params(out, "bench", err, errlen);
	}
	if (out->batch > 1 && out->in_place)
		return fail(err, errlen,
		            "bench: --batch and --in-place exclude each other (a batch is out of "
		            "place)");
	if (given & (1u << OPT_PARAMS))
		return fail(err, errlen, "bench: --params is for matmul, not transpose");
	if (given & (1u << OPT_PRECISION))
		return fail(err, errlen, "bench: --precision is for matmul, not transpose");
	if ((given & (1u << OPT_COMPARE)) && (out->compare & CLI_COMPARE_CLBLAST) &&
	    !(out->compare & CLI_COMPARE_BLAS))
		return fail(err, errlen,
		            "bench: transpose compares with the host BLAS only (--compare blas, "
		            "all or none)");
	if ((out->strategies & (1u << TXF_STRATEGY_PADCOPY)) &&
	    !(out->strategies & CLI_STRATEGIES_ALL))
		return fail(err, errlen,
		            "bench: padcopy is a matmul strategy (transpose has simple, pad, "
		            "truncate, split and auto)");
	return set_transpose_params(out, "bench", given, err, errlen);
}

/* The options and arguments of a command: argv[0] is the command's name.
 * getopt_long reads them in order ("-": an argument that is not an option
 * comes back as 1, and argv is never permuted), reports a missing value
 * with ':' and prints nothing (opterr = 0): the messages are made here, and
 * name the option. Its state is global; optind = 0 makes GNU getopt start
 * afresh, forgetting any earlier argv. */
static int parse_options(int argc, char *const argv[], cli_args *out, const char **pos,
                         size_t *npos, unsigned *given, char *err, size_t errlen)
{
	const char *cmd = argv[0];
	struct option lo[OPT_COUNT + 1];

	long_options(out->command, lo);
	optind = 0;
	for (;;) {
		int at = optind > 0 ? optind : 1; /* the element getopt_long reads */
		int c = getopt_long(argc, argv, "-:", lo, NULL);
		const char *arg, *value;
		int id;

		if (c == -1)
			break;
		if (c == 1) {
			if (*npos == positional_max[out->command])
				return fail(err, errlen, "%s: unexpected argument '%s'", cmd,
				            optarg);
			pos[(*npos)++] = optarg;
			continue;
		}
		arg = at < argc ? argv[at] : "";
		id = opt_lookup(out->command, arg, &value);
		if (c == '?' && id >= 0 && !opts[id].takes_value && value)
			return fail(err, errlen, "%s: option --%s takes no value", cmd,
			            opts[id].name);
		if (id < 0 && former_switch(out->command, arg))
			return fail(err, errlen,
			            "%s: unknown option '%s': it is now --param %s=N (see 'txf %s "
			            "--help')",
			            cmd, arg, former_switch(out->command, arg), cmd);
		if (id < 0 || (c != ':' && c != OPT_VAL(id)))
			return fail(err, errlen, "%s: unknown option '%s' (see 'txf %s --help')",
			            cmd, arg, cmd);
		if (c == ':')
			return fail(err, errlen, "%s: option --%s needs a value", cmd,
			            opts[id].name);
		if ((*given & (1u << id)) && !(opts[id].repeatable & FOR(out->command)))
			return fail(err, errlen, "%s: option --%s given more than once", cmd,
			            opts[id].name);
		*given |= 1u << id;
		if (apply_option(out, cmd, id, opts[id].takes_value ? optarg : "", err, errlen) !=
		    0)
			return -1;
	}
	/* After "--": arguments only. */
	for (int i = optind; i < argc; i++) {
		if (*npos == positional_max[out->command])
			return fail(err, errlen, "%s: unexpected argument '%s'", cmd, argv[i]);
		pos[(*npos)++] = argv[i];
	}
	return 0;
}

int cli_parse(int argc, char *const argv[], cli_args *out, char *err, size_t errlen)
{
	unsigned given = 0;
	size_t npos = 0;
	const char *pos[3] = {NULL, NULL, NULL};
	int saved_opterr = opterr, rc;

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

	/* --help anywhere before "--" wins over everything else. */
	for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (is_help(argv[i])) {
			out->help = 1;
			return 0;
		}
	}

	opterr = 0;
	rc = parse_options(argc - 1, argv + 1, out, pos, &npos, &given, err, errlen);
	opterr = saved_opterr;
	if (rc != 0)
		return -1;

	switch (out->command) {
	case CLI_CMD_TRANSPOSE:
		return finish_transpose(out, pos, npos, given, err, errlen);
	case CLI_CMD_MATMUL:
		return finish_matmul(out, pos, npos, err, errlen);
	case CLI_CMD_BENCH:
		return finish_bench(out, pos, npos, given, err, errlen);
	case CLI_CMD_INFO:
		if ((given & (1u << OPT_PRECISION)) && !out->shape_k)
			return fail(err, errlen,
			            "info: --precision is for a matmul shape (--shape MxNxK)");
		break;
	case CLI_CMD_NONE:
	case CLI_CMD_DEMO:
	case CLI_CMD_TUNE:
	case CLI_CMD_PARAMS:
	case CLI_CMD_COUNT:
		break;
	}
	return 0;
}
