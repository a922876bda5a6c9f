/*
 * Tests of the txf command-line tool: runs the built binary (its path is the
 * first argument, or the TXF_EXE environment variable) and checks exit
 * statuses, messages, the results of real transposes, and that a failing run
 * never creates, truncates or rewrites its output file.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "fit.h"
#include "npy.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <spawn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

extern char **environ;

static const char *txf_exe;
static char tmpdir[4096];

/* ---------------------------------------------------------------- helpers */

static uint64_t rng_state = 0x0123456789abcdefu;

static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static void path_in_tmp(char *buf, size_t n, const char *name)
{
	snprintf(buf, n, "%s/%s", tmpdir, name);
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *b = NULL;
	size_t cap = 0, n = 0;

	*len = 0;
	if (!f)
		return NULL;
	for (;;) {
		size_t r;

		if (n == cap) {
			cap = cap ? cap * 2 : 4096;
			b = realloc(b, cap + 1);
			assert_non_null(b);
		}
		r = fread(b + n, 1, cap - n, f);
		n += r;
		if (r == 0)
			break;
	}
	fclose(f);
	b[n] = '\0';
	*len = n;
	return b;
}

static void write_bytes(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static int exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* The result of one run of txf. */
struct run {
	int status; /* exit status, or 128 + signal */
	char *out;
	char *err;
	long max_rss_kib; /* the peak resident memory of the process */
	char killed[160]; /* why run_txf_limited ended it, or "" */
};

static void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
	memset(r, 0, sizeof(*r));
}

/* Limits of a run: 0 for none. */
struct limits {
	double seconds;   /* of wall time */
	long max_rss_kib; /* of resident memory */
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Resident memory of process pid in KiB (/proc/PID/statm), or -1. */
static long rss_kib(pid_t pid)
{
	char path[64];
	long size, resident;
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "/proc/%ld/statm", (long)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fscanf(f, "%ld %ld", &size, &resident);
	fclose(f);
	return n == 2 ? resident * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

/* Run txf with the given arguments (NULL-terminated list). With limits
 * (lim not NULL), a run that goes past one is killed (SIGKILL) and says so
 * in r.killed: a hang or a runaway allocation fails the test instead of
 * stalling it or starving the machine. Memory is sampled every 5 ms; the
 * peak also comes from the kernel's accounting when the process ends. */
static struct run run_txf_limited(const char *const *args, const struct limits *lim)
{
	char out_path[4200], err_path[4200];
	char *argv[64];
	size_t argc = 0, len;
	posix_spawn_file_actions_t fa;
	struct rusage ru;
	struct run r;
	double t0;
	pid_t pid;
	int ws;

	argv[argc++] = (char *)txf_exe;
	for (size_t i = 0; args[i]; i++) {
		assert_true(argc < 63);
		argv[argc++] = (char *)args[i];
	}
	argv[argc] = NULL;

	memset(&r, 0, sizeof(r));
	path_in_tmp(out_path, sizeof(out_path), "stdout.txt");
	path_in_tmp(err_path, sizeof(err_path), "stderr.txt");
	assert_int_equal(posix_spawn_file_actions_init(&fa), 0);
	assert_int_equal(posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0), 0);
	assert_int_equal(
	    posix_spawn_file_actions_addopen(&fa, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644),
	    0);
	assert_int_equal(
	    posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644),
	    0);
	t0 = now_s();
	assert_int_equal(posix_spawn(&pid, txf_exe, &fa, NULL, argv, environ), 0);
	posix_spawn_file_actions_destroy(&fa);
	for (;;) {
		pid_t w = wait4(pid, &ws, lim ? WNOHANG : 0, &ru);
		long rss;

		if (w < 0) {
			assert_int_equal(errno, EINTR);
			continue;
		}
		if (w == pid || !lim)
			break;
		rss = rss_kib(pid);
		if (lim->max_rss_kib && rss > lim->max_rss_kib)
			snprintf(r.killed, sizeof(r.killed),
			         "killed: %ld MiB resident, more than the %ld MiB allowed",
			         rss / 1024, lim->max_rss_kib / 1024);
		else if (lim->seconds && now_s() - t0 > lim->seconds)
			snprintf(r.killed, sizeof(r.killed),
			         "killed: still running after %.0f s (at most %.0f s allowed)",
			         now_s() - t0, lim->seconds);
		if (r.killed[0]) {
			kill(pid, SIGKILL);
			while (wait4(pid, &ws, 0, &ru) < 0)
				assert_int_equal(errno, EINTR);
			break;
		}
		nanosleep(&(struct timespec){0, 5 * 1000 * 1000}, NULL);
	}

	if (WIFEXITED(ws))
		r.status = WEXITSTATUS(ws);
	else if (WIFSIGNALED(ws))
		r.status = 128 + WTERMSIG(ws);
	else
		r.status = -1;
	r.max_rss_kib = ru.ru_maxrss;
	r.out = (char *)slurp(out_path, &len);
	r.err = (char *)slurp(err_path, &len);
	assert_non_null(r.out);
	assert_non_null(r.err);
	unlink(out_path);
	unlink(err_path);
	return r;
}

static struct run run_txf(const char *const *args)
{
	return run_txf_limited(args, NULL);
}

static void describe(const char *const *args, char *buf, size_t n)
{
	size_t pos = 0;

	buf[0] = '\0';
	for (size_t i = 0; args[i] && pos < n; i++)
		pos += (size_t)snprintf(buf + pos, n - pos, "%s%s", i ? " " : "", args[i]);
}

/* Run and require exit status `want`; return the run for more checks. */
static struct run expect_status(const char *const *args, int want)
{
	struct run r = run_txf(args);

	if (r.status != want) {
		char cmd[2048];

		describe(args, cmd, sizeof(cmd));
		fail_msg("txf %s: exit status %d, expected %d\nstdout: %s\nstderr: %s", cmd,
		         r.status, want, r.out, r.err);
	}
	return r;
}

/* A random 2-D array saved to path. */
static void make_input(const char *path, txf_dtype dtype, size_t rows, size_t cols, int fortran,
                       npy_array *keep)
{
	size_t shape[2] = {rows, cols};
	unsigned char *p;
	char err[512];
	npy_array a;

	assert_int_equal(npy_alloc(&a, dtype, 2, shape, fortran, err, sizeof(err)), NPY_OK);
	p = a.data;
	for (size_t i = 0; i < a.nbytes; i++)
		p[i] = (unsigned char)(rng() >> 56);
	if (npy_save(path, &a, err, sizeof(err)) != NPY_OK)
		fail_msg("%s", err);
	if (keep)
		*keep = a;
	else
		npy_free(&a);
}

/* Offset in elements of (i, j) in a 2-D array. */
static size_t elem(const npy_array *a, size_t i, size_t j)
{
	return a->fortran_order ? j * a->shape[0] + i : i * a->shape[1] + j;
}

/* out must be the transpose of in: same type and order, shape swapped. */
static void check_transpose(const npy_array *in, const char *out_path)
{
	size_t isz = npy_dtype_size(in->dtype);
	const unsigned char *pi, *po;
	char err[512];
	npy_array out;

	if (npy_load(out_path, &out, err, sizeof(err)) != NPY_OK)
		fail_msg("%s", err);
	assert_int_equal(out.dtype, in->dtype);
	assert_int_equal(out.is_bool, in->is_bool);
	assert_int_equal(out.fortran_order, in->fortran_order);
	assert_int_equal(out.ndim, 2);
	assert_int_equal(out.shape[0], in->shape[1]);
	assert_int_equal(out.shape[1], in->shape[0]);
	assert_int_equal(out.nbytes, in->nbytes);
	pi = in->data;
	po = out.data;
	for (size_t i = 0; i < in->shape[0]; i++) {
		for (size_t j = 0; j < in->shape[1]; j++) {
			if (memcmp(pi + elem(in, i, j) * isz, po + elem(&out, j, i) * isz, isz) !=
			    0)
				fail_msg(
				    "%s: element (%zu, %zu) of the input is not at (%zu, %zu) of "
				    "the output",
				    out_path, i, j, j, i);
		}
	}
	npy_free(&out);
}

/* Whether a line of text holds all three strings. */
static int line_with(const char *text, const char *a, const char *b, const char *c)
{
	while (text && *text) {
		const char *end = strchr(text, '\n');
		size_t n = end ? (size_t)(end - text) : strlen(text);
		char *line = malloc(n + 1);
		int ok;

		assert_non_null(line);
		memcpy(line, text, n);
		line[n] = '\0';
		ok = strstr(line, a) && strstr(line, b) && strstr(line, c);
		free(line);
		if (ok)
			return 1;
		text = end ? end + 1 : NULL;
	}
	return 0;
}

/* ----------------------------------------------------------- setup */

static int setup(void **state)
{
	const char *base = getenv("TMPDIR");

	(void)state;
	if (!txf_exe || access(txf_exe, X_OK) != 0) {
		fprintf(stderr, "txf executable not found: pass its path as the first argument "
		                "or in TXF_EXE\n");
		return -1;
	}
	snprintf(tmpdir, sizeof(tmpdir), "%s/txf-test-cli-XXXXXX", base && *base ? base : "/tmp");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static void rm_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		struct dirent *e;

		if (d) {
			while ((e = readdir(d)) != NULL) {
				char sub[4300];

				if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
					continue;
				snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
				rm_tree(sub);
			}
			closedir(d);
		}
		rmdir(path);
	} else {
		unlink(path);
	}
}

static int teardown(void **state)
{
	(void)state;
	rm_tree(tmpdir);
	return 0;
}

/* ------------------------------------------------------------------ help */

static void test_help(void **state)
{
	static const char *const cases[][8] = {
	    {"--help", NULL},
	    {"-h", NULL},
	    {"help", NULL},
	    {"help", "info", NULL},
	    {"help", "transpose", NULL},
	    {"help", "demo", NULL},
	    {"info", "--help", NULL},
	    {"transpose", "--help", NULL},
	    {"transpose", "-h", NULL},
	    {"demo", "--help", NULL},
	    {"help", "matmul", NULL},
	    {"help", "bench", NULL},
	    {"matmul", "--help", NULL},
	    {"matmul", "a.npy", "--params", "bogus", "-h", NULL},
	    {"bench", "--help", NULL},
	    {"bench", "matmul", "--help", NULL},
	    {"bench", "matmul", "--format", "xml", "-h", NULL},
	    {"bench", "transpose", "--help", NULL},
	    {"bench", "transpose", "--plot", "-h", NULL},
	    {"help", "params", NULL},
	    {"params", "--help", NULL},
	    {"params", "--format", "xml", "-h", NULL},
	    /* --help wins over everything else on the line. */
	    {"transpose", "a.npy", "--tile", "bogus", "--help", NULL},
	    {"demo", "--rows", "0", "-h", NULL},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct run r = expect_status(cases[i], 0);

		assert_non_null(strstr(r.out, "usage: txf"));
		assert_string_equal(r.err, "");
		run_free(&r);
	}
	{
		static const char *const v[] = {"--version", NULL};
		struct run r = expect_status(v, 0);

		assert_non_null(strstr(r.out, "libtiledxform"));
		run_free(&r);
	}
	{
		static const char *const v[] = {"transpose", "--help", NULL};
		struct run r = expect_status(v, 0);

		assert_non_null(strstr(r.out, "--strategy"));
		assert_non_null(strstr(r.out, "--in-place"));
		assert_non_null(strstr(r.out, "--param NAME=VALUE"));
		assert_non_null(strstr(r.out, "inplace_tiles"));
		assert_null(strstr(r.out, "--segments"));
		run_free(&r);
	}
	{
		static const char *const v[] = {"matmul", "--help", NULL};
		struct run r = expect_status(v, 0);

		assert_non_null(strstr(r.out, "usage: txf matmul"));
		assert_non_null(strstr(r.out, "--trans-a"));
		assert_non_null(strstr(r.out, "--trans-b"));
		assert_non_null(strstr(r.out, "--beta"));
		assert_non_null(strstr(r.out, "--c C.npy"));
		assert_non_null(strstr(r.out, "padcopy"));
		assert_non_null(strstr(r.out, "--params"));
		run_free(&r);
	}
	{
		static const char *const v[] = {"help", "bench", NULL};
		struct run r = expect_status(v, 0);

		assert_non_null(strstr(r.out, "usage: txf bench matmul"));
		assert_non_null(strstr(r.out, "txf bench transpose"));
		assert_non_null(strstr(r.out, "--shape"));
		assert_non_null(strstr(r.out, "--repeat"));
		assert_non_null(strstr(r.out, "--format"));
		assert_non_null(strstr(r.out, "--compare"));
		assert_non_null(strstr(r.out, "--in-place"));
		assert_non_null(strstr(r.out, "--plot FILE"));
		assert_non_null(strstr(r.out, "copy_gbps"));
		run_free(&r);
	}
	{
		static const char *const v[] = {"--help", NULL};
		struct run r = expect_status(v, 0);

		assert_non_null(strstr(r.out, "matmul"));
		assert_non_null(strstr(r.out, "bench"));
		assert_non_null(strstr(r.out, "  params "));
		run_free(&r);
	}
}

/* -------------------------------------------------------- failing runs */

/* Placeholders in argument lists, replaced by the paths of the test. */
#define IN "@IN"
#define OUT "@OUT"
#define IN_B "@B"
#define IN_C "@C"

static const char existing_out[] = "an existing output file: must survive failed runs\n";

static void no_temporaries(void)
{
	DIR *d = opendir(tmpdir);
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, ".npy-tmp-", 9) == 0)
			fail_msg("temporary file %s left behind", e->d_name);
	}
	closedir(d);
}

/* Run and require exit status `want` and a message on stderr. */
static void run_failing(const char *const *args, int want)
{
	struct run r = expect_status(args, want);

	if (strlen(r.err) == 0) {
		char cmd[2048];

		describe(args, cmd, sizeof(cmd));
		fail_msg("txf %s: no message on stderr", cmd);
	}
	run_free(&r);
	no_temporaries();
}

static int parent_exists(const char *path)
{
	char dir[4300];
	const char *slash = strrchr(path, '/');
	struct stat st;

	if (!slash)
		return 1;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	return stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Run args (with IN, IN_B, IN_C and OUT substituted), which must fail with
 * status `want` and a message on stderr. When out is a plain path, run
 * twice: with OUT absent, which must stay absent, and with OUT present,
 * which must stay byte-identical and keep its inode. */
static void expect_failure_abc(const char *const *args, const char *in, const char *b,
                               const char *c, const char *out, int want)
{
	const char *sub[64];
	struct stat before, after;
	unsigned char *now;
	size_t n = 0, len;

	for (; args[n]; n++) {
		assert_true(n < 63);
		sub[n] = strcmp(args[n], IN) == 0     ? in
		         : strcmp(args[n], IN_B) == 0 ? b
		         : strcmp(args[n], IN_C) == 0 ? c
		         : strcmp(args[n], OUT) == 0  ? out
		                                      : args[n];
		assert_non_null(sub[n]);
	}
	sub[n] = NULL;

	if (!out || (lstat(out, &before) == 0 && !S_ISREG(before.st_mode))) {
		run_failing(sub, want);
		return;
	}

	unlink(out);
	run_failing(sub, want);
	if (exists(out))
		fail_msg("%s was created by a failing run", out);
	if (!parent_exists(out))
		return;

	write_bytes(out, existing_out, sizeof(existing_out));
	assert_int_equal(lstat(out, &before), 0);
	run_failing(sub, want);
	assert_int_equal(lstat(out, &after), 0);
	assert_int_equal(after.st_ino, before.st_ino);
	now = slurp(out, &len);
	assert_non_null(now);
	assert_int_equal(len, sizeof(existing_out));
	assert_memory_equal(now, existing_out, len);
	free(now);
	unlink(out);
}

static void expect_failure(const char *const *args, const char *in, const char *out, int want)
{
	expect_failure_abc(args, in, NULL, NULL, out, want);
}

static void test_usage_errors(void **state)
{
	static const char *const cases[][10] = {
	    {"transpose", IN, OUT, "--bogus", NULL},
	    {"transpose", IN, OUT, "-x", NULL},
	    {"transpose", IN, OUT, "--tile", "3", NULL},
	    {"transpose", IN, OUT, "--tile", "abc", NULL},
	    {"transpose", IN, OUT, "--tile", "256", NULL},
	    {"transpose", IN, OUT, "--tile", "-8", NULL},
	    {"transpose", IN, OUT, "--tile", "", NULL},
	    {"transpose", IN, OUT, "--tile=16x", NULL},
	    {"transpose", IN, OUT, "--tile", "99999999999999999999999", NULL},
	    {"transpose", IN, OUT, "--tile", NULL},
	    {"transpose", IN, OUT, "--wg-rows", "3", NULL},
	    /* --param: the values the former switches refused, names, form. */
	    {"transpose", IN, OUT, "--param", "stream=2", NULL},
	    {"transpose", IN, OUT, "--param", "stream=-2", NULL},
	    {"transpose", IN, OUT, "--param", "stream=yes", NULL},
	    {"transpose", IN, OUT, "--param", "stream", NULL},
	    {"transpose", IN, OUT, "--param", NULL},
	    {"transpose", IN, OUT, "--param", "segments=9", NULL},
	    {"transpose", IN, OUT, "--param", "segments=-2", NULL},
	    {"transpose", IN, OUT, "--param", "width=513", NULL},
	    {"transpose", IN, OUT, "--param", "width=-2", NULL},
	    {"transpose", IN, OUT, "--param", "width=wide", NULL},
	    {"transpose", IN, OUT, "--param", "width=", NULL},
	    {"transpose", IN, OUT, "--param", "cache_hints=2", NULL},
	    {"transpose", IN, OUT, "--param", "cache_hints=on", NULL},
	    {"transpose", IN, OUT, "--in-place", "--param", "inplace_tiles=3", NULL},
	    {"transpose", IN, OUT, "--in-place", "--param", "inplace_tiles=-1", NULL},
	    {"transpose", IN, OUT, "--param", "tile=3", NULL},
	    {"transpose", IN, OUT, "--param", "tile=256", NULL},
	    {"transpose", IN, OUT, "--param", "wg_rows=3", NULL},
	    {"transpose", IN, OUT, "--param", "bogus=1", NULL},
	    {"transpose", IN, OUT, "--param", "kwg=16", NULL},
	    {"transpose", IN, OUT, "--param", "tile=99999999999999999999999", NULL},
	    {"transpose", IN, OUT, "--tile", "8", "--param", "tile=16", NULL},
	    {"transpose", IN, OUT, "--param", "tile=8", "--param", "tile=8", NULL},
	    {"transpose", IN, OUT, "--param", "tile=8", "--param", "wg_rows=16", NULL},
	    /* The switches that --param replaced. */
	    {"transpose", IN, OUT, "--segments", "3", NULL},
	    {"transpose", IN, OUT, "--stream", "1", NULL},
	    {"transpose", IN, OUT, "--tile", "8", "--wg-rows", "16", NULL},
	    {"transpose", IN, OUT, "--strategy", "fastest", NULL},
	    {"transpose", IN, OUT, "--strategy", "PAD", NULL},
	    {"transpose", IN, OUT, "--strategy", NULL},
	    {"transpose", IN, OUT, "--strategy", "pad", "--strategy", "simple", NULL},
	    {"transpose", IN, OUT, "--in-place", "--strategy", "split", NULL},
	    {"transpose", IN, OUT, "--in-place=yes", NULL},
	    {"transpose", IN, OUT, "--shape", "3x3", NULL},
	    {"transpose", IN, OUT, "--device", "", NULL},
	    {"transpose", IN, OUT, "extra", NULL},
	    {"transpose", IN, NULL},
	    {"transpose", NULL},
	    {"transpose", "--", IN, OUT, "--tile", NULL},
	    /* A bench line that fails to parse never touches its --plot file. */
	    {"bench", "transpose", "--plot", OUT, "--in-place=yes", NULL},
	    {"bench", "transpose", "--plot", OUT, "--strategy", "padcopy", NULL},
	    {"bench", "matmul", "--plot", OUT, "--in-place", NULL},
	    {"bench", "matmul", "--plot", OUT, "--plot", OUT, NULL},
	};
	static const char *const other[][8] = {
	    {NULL},
	    {"frobnicate", NULL},
	    {"--bogus", NULL},
	    {"help", "nope", NULL},
	    {"help", "info", "demo", NULL},
	    {"--version", "x", NULL},
	    {"info", "--shape", "3y4", NULL},
	    {"info", "--shape", "0x4", NULL},
	    {"info", "--shape", "x4", NULL},
	    {"info", "--dtype", "f5", NULL},
	    {"info", "--dtype", "<f4", NULL},
	    {"info", "extra", NULL},
	    {"info", "--in-place", NULL},
	    {"info", "--shape", "1x2x3x4", NULL},
	    {"tune", "extra", NULL},
	    {"tune", "--op", "gemv", NULL},
	    {"tune", "--quick", "--full", NULL},
	    {"tune", "--full", "--quick", NULL},
	    {"tune", "--budget", "0", NULL},
	    {"tune", "--dtype", "f4,zz", NULL},
	    {"tune", "--dtype", "", NULL},
	    {"tune", "--shape", "8x8", NULL},
	    {"tune", "--repeat", "0", NULL},
	    {"demo", "--rows", "0", NULL},
	    {"demo", "--cols", "1e3", NULL},
	    {"demo", "--runs", "x", NULL},
	    {"demo", "--seed", "-1", NULL},
	    {"demo", "extra", NULL},
	    {"demo", "--matmul-shape", "0", NULL},
	    {"demo", "--matmul-shape", "4x5", NULL},
	    {"demo", "--matmul-shape", "4x5x6x7", NULL},
	    {"demo", "--matmul-shape", "4x5x99999999", NULL},
	    {"demo", "--params", "1,1,1,1,1,1,1", NULL},
	    {"bench", NULL},
	    {"bench", "transpose", "extra", NULL},
	    {"bench", "frobnicate", NULL},
	    {"bench", "matmul", "extra", NULL},
	    {"bench", "matmul", "--shape", "0x1x1", NULL},
	    {"bench", "matmul", "--shape", "1x2", NULL},
	    {"bench", "matmul", "--shape", "1x2x3x4", NULL},
	    {"bench", "matmul", "--shape", "8,", NULL},
	    {"bench", "matmul", "--shape", "", NULL},
	    {"bench", "matmul", "--dtype", "u2", NULL},
	    {"bench", "matmul", "--dtype", "i4", NULL},
	    {"bench", "matmul", "--format", "xml", NULL},
	    {"bench", "matmul", "--format", "json", "--format", "csv", NULL},
	    {"bench", "matmul", "--repeat", "0", NULL},
	    {"bench", "matmul", "--repeat", "x", NULL},
	    {"bench", "matmul", "--strategy", "bogus", NULL},
	    {"bench", "matmul", "--strategy", "pad,,auto", NULL},
	    {"bench", "matmul", "--compare", "none,blas", NULL},
	    {"bench", "matmul", "--compare", "cublas", NULL},
	    {"bench", "matmul", "--params", "64,64", NULL},
	    {"bench", "matmul", "--in-place", NULL},
	    {"bench", "matmul", "--runs", "3", NULL},
	    {"bench", "matmul", "--plot", NULL},
	    {"bench", "matmul", "--plot", "", NULL},
	    {"bench", "matmul", "--plot=", NULL},
	    {"bench", "matmul", "--plot", "--format", "json", NULL},
	    {"bench", "transpose", "--plot", NULL},
	    {"bench", "transpose", "--shape", "2x3x4", NULL},
	    {"bench", "transpose", "--shape", "0x4", NULL},
	    {"bench", "transpose", "--shape", "4x", NULL},
	    {"bench", "transpose", "--strategy", "padcopy", NULL},
	    {"bench", "transpose", "--strategy", "pad,fast", NULL},
	    {"bench", "transpose", "--params", "kwg=16", NULL},
	    {"bench", "transpose", "--param", "tile=6", NULL},
	    {"bench", "transpose", "--param", "skinny=3", NULL},
	    {"bench", "transpose", "--param", "kwg=8", NULL},
	    {"bench", "--param", "kwg=16", "transpose", NULL},
	    {"bench", "matmul", "--param", "kwg=999", NULL},
	    {"bench", "--param", "bogus=1", "matmul", NULL},
	    {"bench", "matmul", "--params", "kwg=16", "--param", "kwg=8", NULL},
	    {"params", "extra", NULL},
	    {"params", "--format", "xml", NULL},
	    {"params", "--device", "cpu", NULL},
	    {"demo", "--param", "tile=8", NULL},
	    {"bench", "transpose", "--compare", "clblast", NULL},
	    {"bench", "transpose", "--tile", "8", NULL},
	    {"bench", "transpose", "--dtype", "f16", NULL},
	    {"bench", "transpose", "--format", "yaml", NULL},
	    {"bench", "transpose", "--in-place", "--in-place", NULL},
	    {"bench", "transpose", "--repeat", "0", NULL},
	    {"bench", "--in-place", NULL},
	    {"bench", "transpose", "--sweep", "0", NULL},
	    {"bench", "transpose", "--sweep", "3", "--sweep-range", "40:2", NULL},
	    {"bench", "matmul", "--sweep", "3", "--seed", "18446744073709551616", NULL},
	    {"bench", "transpose", "--seed", "3", NULL},
	};
	char in[4200], out[4200];

	(void)state;
	path_in_tmp(in, sizeof(in), "usage-in.npy");
	path_in_tmp(out, sizeof(out), "usage-out.npy");
	make_input(in, TXF_F32, 6, 6, 0, NULL);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		expect_failure(cases[i], in, out, 2);
	for (size_t i = 0; i < sizeof(other) / sizeof(other[0]); i++)
		expect_failure(other[i], in, NULL, 2);
	unlink(in);
}

static void test_runtime_errors(void **state)
{
	static const char *const plain[] = {"transpose", IN, OUT, NULL};
	static const char *const inplace[] = {"transpose", IN, OUT, "--in-place", NULL};
	static const char *const nodev[] = {
	    "transpose", IN, OUT, "--device", "no-such-device-anywhere", NULL};
	static const char big_endian[] =
	    "{'descr': '>f4', 'fortran_order': False, 'shape': (2, 2), }";
	char in[4200], out[4200], dir[4200], path[4300], hdr[256];
	unsigned char *bytes;
	size_t len, hl;
	npy_array a;
	char err[256];

	(void)state;
	path_in_tmp(out, sizeof(out), "rt-out.npy");

	/* IN does not exist. */
	path_in_tmp(in, sizeof(in), "no-such-input.npy");
	expect_failure(plain, in, out, 1);

	/* IN is not a .npy file. */
	path_in_tmp(in, sizeof(in), "text.npy");
	write_bytes(in, "just some text\n", 15);
	expect_failure(plain, in, out, 1);

	/* IN is a directory. */
	expect_failure(plain, tmpdir, out, 1);

	/* IN is 3-D, 1-D or 0-D. */
	{
		static const size_t s3[3] = {2, 3, 4}, s1[1] = {5};

		path_in_tmp(in, sizeof(in), "three-d.npy");
		assert_int_equal(npy_alloc(&a, TXF_F32, 3, s3, 0, err, sizeof(err)), NPY_OK);
		assert_int_equal(npy_save(in, &a, err, sizeof(err)), NPY_OK);
		npy_free(&a);
		expect_failure(plain, in, out, 1);
		assert_int_equal(npy_alloc(&a, TXF_F32, 1, s1, 0, err, sizeof(err)), NPY_OK);
		assert_int_equal(npy_save(in, &a, err, sizeof(err)), NPY_OK);
		npy_free(&a);
		expect_failure(plain, in, out, 1);
		assert_int_equal(npy_alloc(&a, TXF_F32, 0, NULL, 0, err, sizeof(err)), NPY_OK);
		assert_int_equal(npy_save(in, &a, err, sizeof(err)), NPY_OK);
		npy_free(&a);
		expect_failure(plain, in, out, 1);
	}

	/* IN is truncated, or big-endian. */
	path_in_tmp(in, sizeof(in), "cut.npy");
	make_input(in, TXF_F64, 4, 4, 0, NULL);
	bytes = slurp(in, &len);
	assert_non_null(bytes);
	write_bytes(in, bytes, len - 3);
	free(bytes);
	expect_failure(plain, in, out, 1);
	hl = (10 + strlen(big_endian) + 1 + 63) / 64 * 64 - 10;
	memset(hdr, ' ', sizeof(hdr));
	memcpy(hdr, "\x93NUMPY\x01\x00", 8);
	hdr[8] = (char)hl;
	hdr[9] = 0;
	memcpy(hdr + 10, big_endian, strlen(big_endian));
	hdr[10 + hl - 1] = '\n';
	bytes = calloc(1, 10 + hl + 16);
	assert_non_null(bytes);
	memcpy(bytes, hdr, 10 + hl);
	write_bytes(in, bytes, 10 + hl + 16);
	free(bytes);
	expect_failure(plain, in, out, 1);

	/* Local tiles out of place, or with the element-pair kernel: the
	 * library refuses them and OUT is not written. */
	path_in_tmp(in, sizeof(in), "sq.npy");
	make_input(in, TXF_F32, 4, 4, 0, NULL);
	{
		const char *cases[][8] = {
		    {"transpose", in, out, "--param", "inplace_tiles=1", NULL},
		    {"transpose", in, out, "--in-place", "--strategy", "simple", "--param",
		     "inplace_tiles=2"},
		};
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			const char *args[9] = {0};
			memcpy(args, cases[i], sizeof(cases[i]));
			struct run r = expect_status(args, 1);
			assert_non_null(strstr(r.err, "TXF_ERR_STRATEGY_NOT_APPLICABLE"));
			assert_non_null(strstr(r.err, "inplace_tiles"));
			run_free(&r);
			assert_false(exists(out));
		}
	}
	/* Cache hints forced where they cannot apply: without a width above
	 * one tile, and on a device that is not an NVIDIA GPU of compute
	 * capability 8.0 or later (the tests run on POCL). */
	{
		const char *cases[][12] = {
		    {"transpose", in, out, "--param", "cache_hints=1", NULL},
		    {"transpose", in, out, "--param", "cache_hints=1", "--param=segments=1",
		     "--tile", "8", "--param=width=16"},
		};
		const char *want[] = {"force a width", "not an NVIDIA device"};
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			const char *args[13] = {0};
			memcpy(args, cases[i], sizeof(cases[i]));
			struct run r = expect_status(args, 1);
			assert_non_null(strstr(r.err, "TXF_ERR_STRATEGY_NOT_APPLICABLE"));
			assert_non_null(strstr(r.err, want[i]));
			run_free(&r);
			assert_false(exists(out));
		}
	}

	/* --in-place on a non-square array. */
	path_in_tmp(in, sizeof(in), "rect.npy");
	make_input(in, TXF_F32, 3, 5, 0, NULL);
	expect_failure(inplace, in, out, 1);
	{
		struct run r;
		const char *args[] = {"transpose", in, out, "--in-place", NULL};

		r = expect_status(args, 1);
		assert_non_null(strstr(r.err, "TXF_ERR_NOT_SQUARE"));
		run_free(&r);
	}

	/* No such device. */
	expect_failure(nodev, in, out, 1);

	/* OUT is a directory, or in a directory that does not exist. */
	path_in_tmp(dir, sizeof(dir), "out-dir.npy");
	assert_int_equal(mkdir(dir, 0755), 0);
	expect_failure(plain, in, dir, 1);
	{
		struct stat st;

		assert_int_equal(stat(dir, &st), 0);
		assert_true(S_ISDIR(st.st_mode));
	}
	rmdir(dir);
	snprintf(path, sizeof(path), "%s/missing-dir/out.npy", tmpdir);
	expect_failure(plain, in, path, 1);
	path_in_tmp(dir, sizeof(dir), "missing-dir");
	assert_false(exists(dir));
	unlink(in);
}

/* ------------------------------------------------------ real transposes */

static void transpose_case(txf_dtype dtype, size_t rows, size_t cols, int fortran,
                           const char *const *extra)
{
	char in[4200], out[4200];
	const char *args[16] = {"transpose", in, out};
	size_t n = 3;
	npy_array a;
	struct run r;

	path_in_tmp(in, sizeof(in), "t-in.npy");
	path_in_tmp(out, sizeof(out), "t-out.npy");
	unlink(out);
	make_input(in, dtype, rows, cols, fortran, &a);
	for (size_t i = 0; extra && extra[i]; i++) {
		assert_true(n < 15);
		args[n++] = extra[i];
	}
	args[n] = NULL;
	r = expect_status(args, 0);
	assert_string_equal(r.err, "");
	run_free(&r);
	check_transpose(&a, out);
	npy_free(&a);
	unlink(in);
	unlink(out);
}

static void test_transpose_every_dtype(void **state)
{
	static const txf_dtype all[] = {
	    TXF_U8,  TXF_I8,  TXF_U16, TXF_I16, TXF_F16, TXF_U32,  TXF_I32,
	    TXF_F32, TXF_U64, TXF_I64, TXF_F64, TXF_C64, TXF_C128,
	};

	(void)state;
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		transpose_case(all[i], 33, 17, 0, NULL);
}

/* A random bool (b1) array saved to path: bytes 0 and 1. */
static void make_bool(const char *path, size_t rows, size_t cols, int fortran, npy_array *keep)
{
	size_t shape[2] = {rows, cols};
	unsigned char *p;
	char err[512];

	assert_int_equal(npy_alloc(keep, TXF_U8, 2, shape, fortran, err, sizeof(err)), NPY_OK);
	keep->is_bool = 1;
	p = keep->data;
	for (size_t i = 0; i < keep->nbytes; i++)
		p[i] = (unsigned char)(rng() >> 63);
	if (npy_save(path, keep, err, sizeof(err)) != NPY_OK)
		fail_msg("%s", err);
}

/* bool arrays come back as bool ('|b1', not the u1 that carries them on
 * the device), out of place and in place, in both orders; matmul refuses
 * them, naming the type. */
static void test_transpose_bool(void **state)
{
	char in[4200], out[4200], b[4200];
	unsigned char *raw;
	size_t len;
	npy_array a;
	struct run r;

	(void)state;
	path_in_tmp(in, sizeof(in), "bool-in.npy");
	path_in_tmp(out, sizeof(out), "bool-out.npy");
	path_in_tmp(b, sizeof(b), "bool-b.npy");
	for (int f = 0; f < 2; f++) {
		for (int inplace = 0; inplace < 2; inplace++) {
			const char *args[] = {"transpose", in, out, inplace ? "--in-place" : NULL,
			                      NULL};

			make_bool(in, inplace ? 19 : 21, 19, f, &a);
			unlink(out);
			r = expect_status(args, 0);
			run_free(&r);
			raw = slurp(out, &len);
			assert_non_null(raw);
			if (!strstr((const char *)raw + 10, "'descr': '|b1'"))
				fail_msg("%s: written without '|b1': %.60s", out, raw + 10);
			free(raw);
			check_transpose(&a, out);
			npy_free(&a);
		}
	}

	make_bool(in, 4, 3, 0, &a);
	npy_free(&a);
	make_bool(b, 3, 2, 0, &a);
	npy_free(&a);
	{
		const char *const both[] = {"matmul", in, b, out, NULL};

		unlink(out);
		r = expect_status(both, 1);
		assert_non_null(strstr(r.err, "b1 (bool)"));
		assert_non_null(strstr(r.err, in));
		run_free(&r);
		assert_false(exists(out));
		make_input(in, TXF_F32, 4, 3, 0, NULL);
		r = expect_status(both, 1);
		assert_non_null(strstr(r.err, "b1 (bool)"));
		assert_non_null(strstr(r.err, b));
		run_free(&r);
		assert_false(exists(out));
	}
	unlink(in);
	unlink(b);
	unlink(out);
}

static void test_transpose_orders_and_shapes(void **state)
{
	static const txf_dtype some[] = {TXF_U8, TXF_F32, TXF_F64, TXF_C128};
	static const size_t shapes[][2] = {{5, 7}, {1, 9}, {40, 3}};

	(void)state;
	for (size_t t = 0; t < sizeof(some) / sizeof(some[0]); t++)
		for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++)
			transpose_case(some[t], shapes[s][0], shapes[s][1], (int)((t + s) & 1),
			               NULL);
	transpose_case(TXF_I16, 19, 23, 1, NULL);
}

static void test_transpose_strategies(void **state)
{
	static const char *const strategies[] = {"simple", "pad", "truncate", "split", "auto"};

	(void)state;
	for (size_t i = 0; i < sizeof(strategies) / sizeof(strategies[0]); i++) {
		const char *extra[] = {"--strategy", strategies[i], NULL};
		const char *tiled[] = {"--strategy", strategies[i], "--tile", "8",
		                       "--wg-rows",  "2",           NULL};

		transpose_case(TXF_F32, 45, 37, 0, extra);
		transpose_case(TXF_F64, 37, 45, 1, tiled);
	}
	/* The tile by --param instead of --tile and --wg-rows. */
	const char *named[] = {"--strategy",        "split", "--param", "tile=8",
	                       "--param=wg_rows=2", NULL};
	transpose_case(TXF_F32, 45, 37, 1, named);
	/* The streaming kernel on and off, 4- and 8-byte elements, both orders. */
	const char *on[] = {"--param", "stream=1", NULL}, *off[] = {"--param", "stream=-1", NULL};
	transpose_case(TXF_F32, 45, 37, 0, on);
	transpose_case(TXF_C64, 37, 45, 1, on);
	transpose_case(TXF_F64, 45, 37, 0, off);
	/* Output-aligned runs, one tile wide and wider. */
	const char *runs[] = {"--param", "segments=2", "--param", "width=-1", NULL};
	const char *wide[] = {"--param", "segments=1", "--tile",   "16", "--wg-rows",
	                      "4",       "--param",    "width=64", NULL};
	transpose_case(TXF_F32, 45, 37, 0, runs);
	transpose_case(TXF_U16, 37, 141, 1, wide);
	const char *nohints[] = {"--param", "segments=1", "--tile",   "16",      "--wg-rows",
	                         "4",       "--param",    "width=32", "--param", "cache_hints=-1",
	                         NULL};
	transpose_case(TXF_F32, 45, 37, 0, nohints);
}

static void test_transpose_in_place(void **state)
{
	static const char *const strategies[] = {"simple", "pad", "auto"};
	static const size_t sizes[] = {9, 40};

	(void)state;
	for (size_t i = 0; i < sizeof(strategies) / sizeof(strategies[0]); i++) {
		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			const char *extra[] = {"--in-place", "--strategy", strategies[i], NULL};

			transpose_case(s ? TXF_F32 : TXF_C128, sizes[s], sizes[s], (int)(i & 1),
			               extra);
		}
	}
	/* Both tiled kernel forms. */
	const char *one[] = {"--in-place", "--param", "inplace_tiles=1", "--tile", "16", NULL};
	const char *two[] = {"--in-place", "--strategy", "pad", "--param=inplace_tiles=2", NULL};
	transpose_case(TXF_F64, 37, 37, 1, one);
	transpose_case(TXF_U16, 40, 40, 0, two);
}

static void test_overwrite_and_same_path(void **state)
{
	char in[4200], out[4200];
	const char *args[] = {"transpose", in, out, NULL};
	const char *same[] = {"transpose", in, in, NULL};
	npy_array a, b;
	struct run r;
	struct stat st;

	(void)state;
	path_in_tmp(in, sizeof(in), "ow-in.npy");
	path_in_tmp(out, sizeof(out), "ow-out.npy");
	make_input(in, TXF_I32, 12, 5, 0, &a);
	write_bytes(out, existing_out, sizeof(existing_out));
	assert_int_equal(chmod(out, 0640), 0);
	r = expect_status(args, 0);
	run_free(&r);
	check_transpose(&a, out);
	assert_int_equal(stat(out, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640);

	/* IN and OUT the same file: the input is read before anything is written. */
	r = expect_status(same, 0);
	run_free(&r);
	check_transpose(&a, in);
	/* ... and back. */
	r = expect_status(same, 0);
	run_free(&r);
	assert_int_equal(npy_load(in, &b, NULL, 0), NPY_OK);
	assert_int_equal(b.shape[0], 12);
	assert_int_equal(b.nbytes, a.nbytes);
	assert_memory_equal(b.data, a.data, a.nbytes);
	npy_free(&b);
	npy_free(&a);
	unlink(in);
	unlink(out);
}

static void test_transpose_empty(void **state)
{
	static const char *const in_place[] = {"--in-place", NULL};
	char in[4200], out[4200];
	const char *args[] = {"transpose", in, out, "--in-place", NULL};
	struct run r;

	(void)state;
	transpose_case(TXF_F32, 0, 5, 0, NULL);
	transpose_case(TXF_F64, 4, 0, 1, NULL);
	transpose_case(TXF_U8, 0, 0, 0, in_place);

	/* An empty non-square array is still not square. */
	path_in_tmp(in, sizeof(in), "empty-rect.npy");
	path_in_tmp(out, sizeof(out), "empty-rect-out.npy");
	make_input(in, TXF_F32, 0, 5, 0, NULL);
	r = expect_status(args, 1);
	assert_non_null(strstr(r.err, "TXF_ERR_NOT_SQUARE"));
	assert_false(exists(out));
	run_free(&r);
	unlink(in);
}

/* ------------------------------------------------------------ matmul */

/* The value of an f2 or bf16 element from its bits. */
static double half_value(txf_dtype t, uint16_t h)
{
	if (t == TXF_BF16)
		return ldexp((h & 0x7f) | 0x80, ((h >> 7) & 0xff) - 134) * (h & 0x8000 ? -1 : 1) *
		       (((h >> 7) & 0xff) != 0); /* no subnormals, infinities or NaN made here */
	const int e = (h >> 10) & 0x1f;
	return ldexp(e ? (h & 0x3ff) | 0x400 : h & 0x3ff, (e ? e : 1) - 25) * (h & 0x8000 ? -1 : 1);
}

/* The bits of v = j / 2^bits (|v| < 1, exact in the type) as f2 or bf16. */
static uint16_t half_bits(txf_dtype t, double v)
{
	uint16_t sign = v < 0 ? 0x8000 : 0, h = 0;
	int ex;
	double f = frexp(v < 0 ? -v : v, &ex); /* |v| = f 2^ex, f in [0.5, 1) */

	if (f == 0.0)
		return sign;
	if (t == TXF_BF16)
		h = (uint16_t)(((ex + 126) << 7) | ((uint16_t)ldexp(f, 8) & 0x7f));
	else if (ex + 14 <= 0)
		h = (uint16_t)ldexp(f, ex + 24);
	else
		h = (uint16_t)(((ex + 14) << 10) | ((uint16_t)ldexp(f, 11) & 0x3ff));
	return sign | h;
}

/* A rows x cols array of values in [-1, 1) that the type holds exactly (f4,
 * f8; f2 and bf16 on grids of 2^-11 and 2^-8), saved to path; kept in *keep
 * when keep is not NULL. */
static void make_matrix(const char *path, txf_dtype dtype, size_t rows, size_t cols, int fortran,
                        npy_array *keep)
{
	size_t shape[2] = {rows, cols};
	char err[512];
	npy_array a;

	assert_int_equal(npy_alloc(&a, dtype, 2, shape, fortran, err, sizeof(err)), NPY_OK);
	for (size_t i = 0; i < rows * cols; i++) {
		double v = (double)(rng() >> 40) / 8388608.0 - 1.0;

		if (dtype == TXF_F64)
			((double *)a.data)[i] = v;
		else if (dtype == TXF_F16 || dtype == TXF_BF16)
			((uint16_t *)a.data)[i] =
			    half_bits(dtype, ldexp(floor(ldexp(v, dtype == TXF_F16 ? 11 : 8)),
			                           dtype == TXF_F16 ? -11 : -8));
		else
			((float *)a.data)[i] = (float)v;
	}
	if (npy_save(path, &a, err, sizeof(err)) != NPY_OK)
		fail_msg("%s", err);
	if (keep)
		*keep = a;
	else
		npy_free(&a);
}

/* Run args, which must fail with status 1 within lim, with a message on
 * stderr that holds want and creates no file at out. */
static void expect_refused_within(const char *const *args, const struct limits *lim,
                                  const char *out, const char *want)
{
	struct run r = run_txf_limited(args, lim);
	char cmd[2048];

	describe(args, cmd, sizeof(cmd));
	if (r.killed[0])
		fail_msg("txf %s: %s\nstderr: %s", cmd, r.killed, r.err);
	if (r.status != 1 || !strstr(r.err, want))
		fail_msg("txf %s: exit status %d, expected 1 and a message with '%s'\nstderr: %s",
		         cmd, r.status, want, r.err);
	run_free(&r);
	assert_false(exists(out));
	no_temporaries();
}

/* An input that is not a regular file is refused before it is read: a FIFO
 * without a writer would block the tool's open forever, and /dev/zero
 * would be read until memory ran out. Each run is killed (and fails) past
 * 30 s or 512 MiB. */
static void test_non_regular_inputs(void **state)
{
	static const struct limits lim = {30.0, 512 * 1024};
	char fifo[4200], link[4200], a[4200], b[4200], out[4200];

	(void)state;
	path_in_tmp(fifo, sizeof(fifo), "fifo.npy");
	path_in_tmp(link, sizeof(link), "link-to-fifo.npy");
	path_in_tmp(a, sizeof(a), "nr-a.npy");
	path_in_tmp(b, sizeof(b), "nr-b.npy");
	path_in_tmp(out, sizeof(out), "nr-out.npy");
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(symlink(fifo, link), 0);
	make_matrix(a, TXF_F32, 3, 4, 0, NULL);
	make_matrix(b, TXF_F32, 4, 2, 0, NULL);
	unlink(out);
	{
		const char *const t_fifo[] = {"transpose", fifo, out, NULL};
		const char *const t_link[] = {"transpose", link, out, "--in-place", NULL};
		const char *const m_fifo[] = {"matmul", a, fifo, out, NULL};
		const char *const m_c_fifo[] = {"matmul", a,        b,   out, "--c",
		                                link,     "--beta", "1", NULL};

		expect_refused_within(t_fifo, &lim, out, "FIFO");
		expect_refused_within(t_link, &lim, out, "FIFO");
		expect_refused_within(m_fifo, &lim, out, "FIFO");
		expect_refused_within(m_c_fifo, &lim, out, "FIFO");
	}
	if (access("/dev/zero", R_OK) == 0) {
		const char *const t_zero[] = {"transpose", "/dev/zero", out, NULL};
		const char *const m_zero[] = {"matmul", "/dev/zero", b, out, NULL};
		const char *const m_c_zero[] = {"matmul", a, b, out, "--c", "/dev/zero", NULL};

		expect_refused_within(t_zero, &lim, out, "character device");
		expect_refused_within(m_zero, &lim, out, "character device");
		expect_refused_within(m_c_zero, &lim, out, "character device");
	}
	unlink(link);
	unlink(fifo);
	unlink(a);
	unlink(b);
}

static double absd(double x)
{
	return x < 0 ? -x : x;
}

/* Element (i, j) of a 2-D f4, f8, f2 or bf16 array, as a double. */
static double get(const npy_array *a, size_t i, size_t j)
{
	size_t at = elem(a, i, j);

	if (a->dtype == TXF_F16 || a->dtype == TXF_BF16)
		return half_value(a->dtype, ((const uint16_t *)a->data)[at]);
	return a->dtype == TXF_F64 ? ((const double *)a->data)[at]
	                           : (double)((const float *)a->data)[at];
}

/* What `txf matmul` was asked to compute. */
struct mm_want {
	const npy_array *a, *b, *c; /* c: NULL without --c */
	int ta, tb;
	double alpha, beta;
};

/* OUT must be alpha op(A) op(B) + beta C (C left out when beta is 0) within
 * 4 (K + 2) eps of the sum of the magnitudes of the terms, in float64; OUT
 * has C's type (A's without C), and an f2 or bf16 OUT may differ by its
 * rounding too. f2 and bf16 operands are summed in f4. */
static void check_matmul(const struct mm_want *w, const char *out_path)
{
	const npy_array *a = w->a, *b = w->b;
	size_t m = w->ta ? a->shape[1] : a->shape[0];
	size_t k = w->ta ? a->shape[0] : a->shape[1];
	size_t n = w->tb ? b->shape[0] : b->shape[1];
	const txf_dtype ot = w->c ? w->c->dtype : a->dtype;
	double eps = a->dtype == TXF_F64 ? 2.220446049250313e-16 : 1.1920928955078125e-7;
	double tiny = a->dtype == TXF_F64 ? 1e-12 : 1e-6;
	double unit = ot == TXF_F16 ? 0x1p-11 : ot == TXF_BF16 ? 0x1p-8 : 0.0;
	char err[512];
	npy_array out;

	if (npy_load(out_path, &out, err, sizeof(err)) != NPY_OK)
		fail_msg("%s", err);
	assert_int_equal(out.dtype, ot);
	assert_int_equal(out.ndim, 2);
	assert_int_equal(out.shape[0], m);
	assert_int_equal(out.shape[1], n);
	assert_int_equal(out.fortran_order, w->c ? w->c->fortran_order : 0);
	for (size_t i = 0; i < m; i++) {
		for (size_t j = 0; j < n; j++) {
			double sum = 0, mag = 0, got = get(&out, i, j), want, bound;

			for (size_t p = 0; p < k; p++) {
				double x = (w->ta ? get(a, p, i) : get(a, i, p)) *
				           (w->tb ? get(b, j, p) : get(b, p, j));

				sum += x;
				mag += absd(x);
			}
			want = w->alpha * sum;
			mag = absd(w->alpha) * mag;
			if (w->beta != 0.0) {
				want += w->beta * get(w->c, i, j);
				mag += absd(w->beta * get(w->c, i, j));
			}
			bound = 4.0 * (double)(k + 2) * eps * mag + tiny + unit * absd(want);
			if (!(absd(got - want) <= bound))
				fail_msg("%s: element (%zu, %zu) of %zu x %zu (K %zu): got %.17g, "
				         "expected %.17g (bound %.3g)",
				         out_path, i, j, m, n, k, got, want, bound);
		}
	}
	npy_free(&out);
}

/* Run one `txf matmul` on fresh random inputs and check the result. */
static void matmul_case(txf_dtype dtype, size_t m, size_t n, size_t k, int fa, int fb, int ta,
                        int tb, const char *const *extra)
{
	char pa[4200], pb[4200], out[4200];
	const char *args[24] = {"matmul", pa, pb, out};
	struct mm_want w;
	npy_array a, b;
	struct run r;
	size_t na = 4;

	path_in_tmp(pa, sizeof(pa), "mm-a.npy");
	path_in_tmp(pb, sizeof(pb), "mm-b.npy");
	path_in_tmp(out, sizeof(out), "mm-out.npy");
	unlink(out);
	make_matrix(pa, dtype, ta ? k : m, ta ? m : k, fa, &a);
	make_matrix(pb, dtype, tb ? n : k, tb ? k : n, fb, &b);
	if (ta)
		args[na++] = "--trans-a";
	if (tb)
		args[na++] = "--trans-b";
	for (size_t i = 0; extra && extra[i]; i++) {
		assert_true(na < 23);
		args[na++] = extra[i];
	}
	args[na] = NULL;
	r = expect_status(args, 0);
	assert_string_equal(r.err, "");
	run_free(&r);
	memset(&w, 0, sizeof(w));
	w.a = &a;
	w.b = &b;
	w.ta = ta;
	w.tb = tb;
	w.alpha = 1.0;
	check_matmul(&w, out);
	npy_free(&a);
	npy_free(&b);
	unlink(pa);
	unlink(pb);
	unlink(out);
}

static void test_matmul_orders_and_trans(void **state)
{
	static const txf_dtype dtypes[] = {TXF_F32, TXF_F64, TXF_F16, TXF_BF16};

	(void)state;
	/* 70 x 45 x 33 is large enough for auto to choose a tiled kernel. The
	 * 16-bit types: four of the sixteen orders and transposes each. */
	for (size_t t = 0; t < 4; t++)
		for (int bits = 0; bits < 16; bits += t < 2 ? 1 : 5)
			matmul_case(dtypes[t], 70, 45, 33, bits & 1, (bits >> 1) & 1,
			            (bits >> 2) & 1, (bits >> 3) & 1, NULL);
}

static void test_matmul_strategies(void **state)
{
	static const char *const strategies[] = {"simple", "pad",     "truncate",
	                                         "split",  "padcopy", "auto"};

	(void)state;
	for (size_t i = 0; i < sizeof(strategies) / sizeof(strategies[0]); i++) {
		const char *chosen[] = {"--strategy", strategies[i], NULL};
		const char *forced[] = {"--strategy", strategies[i], "--params", "16,16,8,4,4,2,2",
		                        NULL};
		const char *layout[] = {"--strategy", strategies[i], "--params",
		                        "32,32,8,4,8,2,2,0,2,2", NULL};
		const char *groups[] = {"--strategy", strategies[i], "--params",
		                        "32,32,8,4,8,2,2,0,1,1,3", NULL};
		char opt[64];

		/* The device's blocks (64 x 64 on POCL: the product covers one). */
		matmul_case(TXF_F32, 70, 66, 45, 0, 0, 0, 0, chosen);
		/* Small forced blocks: several blocks and every kind of edge. */
		matmul_case(TXF_F32, 37, 29, 23, 0, 1, 0, 0, forced);
		matmul_case(TXF_F64, 29, 37, 23, 1, 0, 1, 0, forced);
		/* Two local buffers and 4 x 8 work-item tiles. */
		matmul_case(TXF_F32, 70, 45, 33, 0, 1, 0, 0, layout);
		/* Three K groups per block (eleven values). */
		matmul_case(TXF_F32, 45, 70, 41, 1, 0, 0, 0, groups);
		/* NAME=VALUE form, the rest chosen; by --params and by --param. */
		snprintf(opt, sizeof(opt), "--strategy=%s", strategies[i]);
		{
			const char *part[] = {opt, "--params", "kwg=8", NULL};
			const char *param[] = {opt, "--param", "kwg=8", "--param=vwb=2", NULL};

			matmul_case(TXF_F32, 70, 66, 17, 0, 0, 0, 1, part);
			matmul_case(TXF_F32, 70, 66, 17, 1, 0, 0, 0, param);
		}
	}
}

/* --alpha, --beta and --c; OUT takes C's order. */
static void test_matmul_alpha_beta(void **state)
{
	static const struct {
		txf_dtype dtype;
		size_t m, n, k;
		int fc, ta, tb;
		const char *alpha, *beta; /* NULL: not given */
		int c_f4;                 /* C (and OUT) f4 with f2 or bf16 operands */
	} cases[] = {
	    {TXF_F32, 40, 35, 20, 0, 0, 0, "0.5", "-2", 0},
	    {TXF_F32, 40, 35, 20, 1, 1, 0, "-1.25", "3", 0},
	    {TXF_F64, 23, 70, 31, 1, 0, 1, "2", "0.75", 0},
	    {TXF_F64, 23, 70, 31, 0, 1, 1, NULL, "1", 0},
	    {TXF_F32, 17, 9, 70, 1, 0, 0, "0", "2.5", 0},
	    {TXF_F32, 5, 4, 0, 0, 0, 0, NULL, "-3", 0}, /* K = 0: OUT = beta C */
	    {TXF_F64, 0, 6, 3, 1, 0, 0, NULL, "2", 0},  /* M = 0: empty OUT */
	    {TXF_F32, 12, 0, 3, 0, 0, 0, NULL, "2", 0}, /* N = 0 */
	    {TXF_F32, 16, 16, 16, 1, 0, 0, "2", "0", 0},
	    {TXF_F16, 40, 35, 20, 1, 0, 1, "0.5", "-2", 1},
	    {TXF_BF16, 23, 30, 50, 0, 1, 0, "2", "0.75", 0},
	    {TXF_BF16, 16, 16, 16, 1, 0, 0, "2", "0", 1},
	    {TXF_F16, 9, 7, 0, 0, 0, 0, NULL, "3", 0},
	};
	char pa[4200], pb[4200], pc[4200], out[4200];

	(void)state;
	path_in_tmp(pa, sizeof(pa), "ab-a.npy");
	path_in_tmp(pb, sizeof(pb), "ab-b.npy");
	path_in_tmp(pc, sizeof(pc), "ab-c.npy");
	path_in_tmp(out, sizeof(out), "ab-out.npy");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *args[16] = {"matmul", pa, pb, out, "--c", pc};
		size_t na = 6, m = cases[i].m, n = cases[i].n, k = cases[i].k;
		int ta = cases[i].ta, tb = cases[i].tb;
		struct mm_want w;
		npy_array a, b, c;
		struct run r;

		unlink(out);
		make_matrix(pa, cases[i].dtype, ta ? k : m, ta ? m : k, (int)(i & 1), &a);
		make_matrix(pb, cases[i].dtype, tb ? n : k, tb ? k : n, (int)(i >> 1 & 1), &b);
		make_matrix(pc, cases[i].c_f4 ? TXF_F32 : cases[i].dtype, m, n, cases[i].fc, &c);
		if (ta)
			args[na++] = "--trans-a";
		if (tb)
			args[na++] = "--trans-b";
		if (cases[i].alpha) {
			args[na++] = "--alpha";
			args[na++] = cases[i].alpha;
		}
		args[na++] = "--beta";
		args[na++] = cases[i].beta;
		args[na] = NULL;
		r = expect_status(args, 0);
		assert_string_equal(r.err, "");
		run_free(&r);
		memset(&w, 0, sizeof(w));
		w.a = &a;
		w.b = &b;
		w.c = &c;
		w.ta = ta;
		w.tb = tb;
		w.alpha = cases[i].alpha ? strtod(cases[i].alpha, NULL) : 1.0;
		w.beta = strtod(cases[i].beta, NULL);
		check_matmul(&w, out);
		npy_free(&a);
		npy_free(&b);
		npy_free(&c);
	}

	/* --c without --beta: beta is 0, so NaN in C never reaches OUT, and OUT
	 * still takes C's (Fortran) order. */
	{
		const char *args[] = {"matmul", pa, pb, out, "--c", pc, "--alpha", "-1", NULL};
		size_t shape[2] = {21, 19};
		struct mm_want w;
		npy_array a, b, c;
		char err[256];
		struct run r;

		unlink(out);
		make_matrix(pa, TXF_F32, 21, 30, 0, &a);
		make_matrix(pb, TXF_F32, 30, 19, 0, &b);
		assert_int_equal(npy_alloc(&c, TXF_F32, 2, shape, 1, err, sizeof(err)), NPY_OK);
		memset(c.data, 0xff, c.nbytes);
		assert_int_equal(npy_save(pc, &c, err, sizeof(err)), NPY_OK);
		r = expect_status(args, 0);
		run_free(&r);
		memset(&w, 0, sizeof(w));
		w.a = &a;
		w.b = &b;
		w.c = &c;
		w.alpha = -1.0;
		check_matmul(&w, out);
		npy_free(&a);
		npy_free(&b);
		npy_free(&c);
	}

	/* OUT may be one of the inputs: they are read before anything is written. */
	{
		const char *args[] = {"matmul", pa, pb, pc, "--c", pc, "--beta", "1", NULL};
		struct mm_want w;
		npy_array a, b, c;
		struct run r;

		make_matrix(pa, TXF_F64, 8, 5, 0, &a);
		make_matrix(pb, TXF_F64, 5, 6, 1, &b);
		make_matrix(pc, TXF_F64, 8, 6, 1, &c);
		r = expect_status(args, 0);
		run_free(&r);
		memset(&w, 0, sizeof(w));
		w.a = &a;
		w.b = &b;
		w.c = &c;
		w.alpha = 1.0;
		w.beta = 1.0;
		check_matmul(&w, pc);
		npy_free(&a);
		npy_free(&b);
		npy_free(&c);
	}
	unlink(pa);
	unlink(pb);
	unlink(pc);
	unlink(out);
}

static void test_matmul_errors(void **state)
{
	/* Usage errors: status 2. */
	static const char *const usage[][12] = {
	    {"matmul", IN, IN_B, OUT, "--beta", "2", NULL},
	    {"matmul", IN, IN_B, OUT, "--beta", "-0.5", "--alpha", "2", NULL},
	    {"matmul", IN, IN_B, OUT, "--strategy", "fastest", NULL},
	    {"matmul", IN, IN_B, OUT, "--strategy", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "1,2,3", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "64,64,16,8,8,4,4,4,4", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "64,64,16,8,8,4,4,0,1,1,1,1", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "64,64,16,8,8,4,4,0,1,1,9", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "kgroups=9", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "64,64,16,8,8,4,4,0,5,1", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "wmap=4", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "64,64,16,7,8,1,1", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "64,64,16,8,8,3,1", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "64,64,16,8,8,32,1", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "64,64,6,8,8,4,1", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "1024,64,16,8,8,1,1", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "mwg=64,bogus=1", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "mwg=64,mwg=32", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "mwg=64,32", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "-1,64,16,8,8,1,1", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "64,,16,8,8,1,1", NULL},
	    /* Out of the registry's range: the setter refuses it on the line. */
	    {"matmul", IN, IN_B, OUT, "--params", "ksplit=1025", NULL},
	    {"matmul", IN, IN_B, OUT, "--alpha", "nan", NULL},
	    {"matmul", IN, IN_B, OUT, "--alpha", "inf", NULL},
	    {"matmul", IN, IN_B, OUT, "--alpha", "1e999", NULL},
	    {"matmul", IN, IN_B, OUT, "--alpha", "1x", NULL},
	    {"matmul", IN, IN_B, OUT, "--alpha", " 1", NULL},
	    {"matmul", IN, IN_B, OUT, "--beta", "", "--c", IN, NULL},
	    {"matmul", IN, IN_B, OUT, "--c", "", NULL},
	    {"matmul", IN, IN_B, OUT, "--c", NULL},
	    {"matmul", IN, IN_B, OUT, "--trans-a=1", NULL},
	    {"matmul", IN, IN_B, OUT, "--trans-b", "--trans-b", NULL},
	    {"matmul", IN, IN_B, OUT, "--tile", "8", NULL},
	    {"matmul", IN, IN_B, OUT, "--in-place", NULL},
	    {"matmul", IN, IN_B, OUT, "extra", NULL},
	    {"matmul", IN, OUT, NULL},
	    {"matmul", NULL},
	    {"matmul", IN, IN_B, OUT, "--device", "", NULL},
	};
	/* Problems with the files or the device: status 1. */
	static const char *const plain[] = {"matmul", IN, IN_B, OUT, NULL};
	static const char *const with_c[] = {"matmul", IN,       IN_B, OUT, "--c",
	                                     IN_C,     "--beta", "1",  NULL};
	static const char *const c_only[] = {"matmul", IN, IN_B, OUT, "--c", IN_C, NULL};
	static const char *const trunc[] = {
	    "matmul", IN, IN_B, OUT, "--strategy", "truncate", "--params", "16,16,8,4,4,1,1", NULL};
	static const char *const huge[] = {
	    "matmul", IN, IN_B, OUT, "--params", "512,512,512,128,64,1,1", NULL};
	static const char *const slices[][10] = {
	    {"matmul", IN, IN_B, OUT, "--params", "ksplit=3", "--strategy", "split", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "16,16,8,4,4,1,1,0,1,2", NULL},
	    {"matmul", IN, IN_B, OUT, "--params", "16,16,8,1,1,1,1,0,2,1", NULL}};
	static const char *const nodev[] = {
	    "matmul", IN, IN_B, OUT, "--device", "no-such-device-anywhere", NULL};
	char pa[4200], pb[4200], pc[4200], out[4200], p3[4200];
	static const size_t s3[3] = {2, 3, 4};
	char err[256];
	npy_array x;

	(void)state;
	path_in_tmp(pa, sizeof(pa), "err-a.npy");
	path_in_tmp(pb, sizeof(pb), "err-b.npy");
	path_in_tmp(pc, sizeof(pc), "err-c.npy");
	path_in_tmp(p3, sizeof(p3), "err-3d.npy");
	path_in_tmp(out, sizeof(out), "err-out.npy");
	make_matrix(pa, TXF_F32, 6, 4, 0, NULL);
	make_matrix(pb, TXF_F32, 4, 5, 0, NULL);
	for (size_t i = 0; i < sizeof(usage) / sizeof(usage[0]); i++)
		expect_failure_abc(usage[i], pa, pb, NULL, out, 2);

	/* Inner dimensions differ (also once transposed). */
	make_matrix(pb, TXF_F32, 3, 5, 0, NULL);
	expect_failure_abc(plain, pa, pb, NULL, out, 1);
	{
		const char *args[] = {"matmul", pa, pb, out, NULL};
		struct run r = expect_status(args, 1);

		assert_non_null(strstr(r.err, "inner dimensions"));
		run_free(&r);
	}
	{
		static const char *const ta[] = {"matmul", IN, IN_B, OUT, "--trans-a", NULL};

		make_matrix(pb, TXF_F32, 4, 5, 0, NULL);
		expect_failure_abc(ta, pa, pb, NULL, out, 1);
	}

	/* Element types: A and B differ (also f2 and bf16), an f8 C for f2
	 * operands, an integer type, complex. */
	make_matrix(pb, TXF_F64, 4, 5, 0, NULL);
	expect_failure_abc(plain, pa, pb, NULL, out, 1);
	make_matrix(pa, TXF_F16, 6, 4, 0, NULL);
	make_matrix(pb, TXF_BF16, 4, 5, 0, NULL);
	expect_failure_abc(plain, pa, pb, NULL, out, 1);
	{
		const char *args[] = {"matmul", pa, pb, out, NULL};
		struct run r = expect_status(args, 1);

		assert_non_null(strstr(r.err, "f2"));
		run_free(&r);
	}
	make_matrix(pb, TXF_F16, 4, 5, 0, NULL);
	make_matrix(pc, TXF_F64, 6, 5, 0, NULL);
	expect_failure_abc(with_c, pa, pb, pc, out, 1);
	make_input(pa, TXF_I32, 6, 4, 0, NULL);
	make_input(pb, TXF_I32, 4, 5, 0, NULL);
	expect_failure_abc(plain, pa, pb, NULL, out, 1);
	make_input(pa, TXF_C64, 6, 4, 0, NULL);
	make_input(pb, TXF_C64, 4, 5, 0, NULL);
	expect_failure_abc(plain, pa, pb, NULL, out, 1);

	/* C: wrong type, wrong shape, 3-D, missing; with and without --beta. */
	make_matrix(pa, TXF_F32, 6, 4, 0, NULL);
	make_matrix(pb, TXF_F32, 4, 5, 1, NULL);
	make_matrix(pc, TXF_F64, 6, 5, 0, NULL);
	expect_failure_abc(with_c, pa, pb, pc, out, 1);
	expect_failure_abc(c_only, pa, pb, pc, out, 1);
	make_matrix(pc, TXF_F32, 5, 6, 0, NULL);
	expect_failure_abc(with_c, pa, pb, pc, out, 1);
	expect_failure_abc(c_only, pa, pb, pc, out, 1);
	assert_int_equal(npy_alloc(&x, TXF_F32, 3, s3, 0, err, sizeof(err)), NPY_OK);
	assert_int_equal(npy_save(p3, &x, err, sizeof(err)), NPY_OK);
	npy_free(&x);
	expect_failure_abc(with_c, pa, pb, p3, out, 1);
	expect_failure_abc(plain, p3, pb, NULL, out, 1);
	expect_failure_abc(plain, pa, p3, NULL, out, 1);
	path_in_tmp(pc, sizeof(pc), "no-such-c.npy");
	expect_failure_abc(with_c, pa, pb, pc, out, 1);
	expect_failure_abc(plain, pc, pb, NULL, out, 1);
	expect_failure_abc(plain, pa, tmpdir, NULL, out, 1);

	/* The library refuses: a strategy that does not apply to the shape,
	 * blocks larger than the device's local memory, no such device. */
	expect_failure_abc(trunc, pa, pb, NULL, out, 1);
	{
		const char *args[] = {"matmul",     pa,         pb,         out,
		                      "--strategy", "truncate", "--params", "16,16,8,4,4,1,1",
		                      NULL};
		struct run r = expect_status(args, 1);

		assert_non_null(strstr(r.err, "TXF_ERR_STRATEGY_NOT_APPLICABLE"));
		run_free(&r);
	}
	{
		/* Blocks left to the library shrink to fit a small C instead. */
		const char *args[] = {"matmul", pa, pb, out, "--strategy", "truncate", NULL};
		struct run r = expect_status(args, 0);

		run_free(&r);
	}
	expect_failure_abc(huge, pa, pb, NULL, out, 1);
	expect_failure_abc(nodev, pa, pb, NULL, out, 1);
	/* K slices with a strategy that writes C directly; lbuf
	 * and wmap the work-items or the blocked kernel cannot take. */
	for (size_t i = 0; i < sizeof(slices) / sizeof(slices[0]); i++)
		expect_failure_abc(slices[i], pa, pb, NULL, out, 1);

	/* OUT is a directory. */
	expect_failure_abc(plain, pa, pb, NULL, tmpdir, 1);
	unlink(pa);
	unlink(pb);
	unlink(p3);
}

/* ------------------------------------------------------------- bench */

/* Whether `txf --version` says the tool was built with `what`. */
static int built_with(const char *what)
{
	static const char *const v[] = {"--version", NULL};
	char line[128];
	struct run r = expect_status(v, 0);
	int yes;

	snprintf(line, sizeof(line), "built with %s: yes", what);
	yes = strstr(r.out, line) != NULL;
	run_free(&r);
	return yes;
}

static size_t count_lines_with(const char *text, const char *s)
{
	size_t n = 0;

	while (text && *text) {
		const char *end = strchr(text, '\n');
		size_t len = end ? (size_t)(end - text) : strlen(text);
		const char *hit = strstr(text, s);

		if (hit && hit < text + len)
			n++;
		text = end ? end + 1 : NULL;
	}
	return n;
}

static void test_bench_json(void **state)
{
	static const char *const args[] = {"bench", "matmul",   "--shape", "64x48x40", "--repeat",
	                                   "2",     "--format", "json",    NULL};
	static const char *const keys[] = {
	    "\"op\":",      "\"impl\":",      "\"device\":",   "\"m\":",      "\"n\":",
	    "\"k\":",       "\"dtype\":",     "\"strategy\":", "\"params\":", "\"launches\":",
	    "\"repeats\":", "\"median_ms\":", "\"min_ms\":",   "\"gflops\":", "\"check\":",
	};
	int clblast = built_with("CLBlast"), blas = built_with("a host BLAS");
	size_t lines = 0;
	struct run r;
	char *line, *save = NULL;

	(void)state;
	r = expect_status(args, 0);
	for (line = strtok_r(r.out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		size_t len = strlen(line);

		lines++;
		if (len < 2 || line[0] != '{' || line[len - 1] != '}')
			fail_msg("not a JSON object: %s", line);
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
			if (!strstr(line, keys[i]))
				fail_msg("no key %s in %s", keys[i], line);
		}
		assert_non_null(strstr(line, "\"op\":\"matmul\""));
		assert_non_null(strstr(line, "\"m\":64,\"n\":48,\"k\":40"));
		assert_non_null(strstr(line, "\"dtype\":\"f4\""));
		assert_null(strstr(line, "FAIL"));
		if (strstr(line, "\"impl\":\"txf\"") && !strstr(line, "\"check\":\"n/a\"")) {
			assert_non_null(strstr(line, "\"check\":\"OK\""));
			assert_non_null(strstr(line, "\"repeats\":2"));
			assert_null(strstr(line, "\"median_ms\":null"));
		}
	}
	assert_int_equal(lines, 6 + (size_t)clblast + (size_t)blas);
	run_free(&r);

	/* The same run without the other implementations. */
	{
		static const char *const none[] = {
		    "bench", "matmul",    "--shape", "64x48x40",   "--repeat", "1", "--format",
		    "json",  "--compare", "none",    "--strategy", "pad,auto", NULL};

		r = expect_status(none, 0);
		assert_int_equal(count_lines_with(r.out, "{\"op\":\"matmul\""), 2);
		assert_int_equal(count_lines_with(r.out, "\"impl\":\"txf\""), 2);
		run_free(&r);
	}
}

static void test_bench_csv_and_table(void **state)
{
	static const char *const csv[] = {
	    "bench",      "matmul", "--shape",  "33x17x9,16", "--strategy", "simple",
	    "--strategy", "split",  "--dtype",  "f8",         "--format",   "csv",
	    "--compare",  "none",   "--repeat", "1",          NULL};
	static const char *const table[] = {"bench",      "matmul", "--shape",  "20",
	                                    "--strategy", "auto",   "--repeat", "1",
	                                    "--compare",  "none",   NULL};
	struct run r;

	(void)state;
	r = expect_status(csv, 0);
	assert_true(strncmp(r.out, "op,impl,device,m,n,k,dtype,strategy,", 36) == 0);
	assert_int_equal(count_lines_with(r.out, "matmul,txf,"), 4);
	assert_int_equal(count_lines_with(r.out, ",33,17,9,f8,simple,"), 1);
	assert_int_equal(count_lines_with(r.out, ",16,16,16,f8,split,"), 1);
	assert_int_equal(count_lines_with(r.out, ",OK,"), 4);
	run_free(&r);

	r = expect_status(table, 0);
	assert_non_null(strstr(r.out, "GFLOP/s"));
	assert_non_null(strstr(r.out, "median ms"));
	assert_true(line_with(r.out, "20x20x20", " auto ", " OK"));
	assert_null(strstr(r.out, "FAIL"));
	run_free(&r);
}

/* --param reaches the library: bench matmul shows the parameters it ran
 * with, from --params and --param together; a refused --param names the
 * option and quotes the library's message, whatever the operation. */
static void test_bench_param(void **state)
{
	static const char *const args[] = {"bench",
	                                   "--param",
	                                   "kwg=8",
	                                   "--param",
	                                   "mdimc=4",
	                                   "matmul",
	                                   "--shape",
	                                   "37x29x23",
	                                   "--strategy",
	                                   "pad",
	                                   "--params",
	                                   "mwg=16,nwg=16,ndimc=4",
	                                   "--param=vwa=2",
	                                   "--param",
	                                   "vwb=2",
	                                   "--repeat",
	                                   "1",
	                                   "--compare",
	                                   "none",
	                                   "--format",
	                                   "json",
	                                   NULL};
	static const char *const bad[][8] = {
	    {"bench", "matmul", "--param", "kwg=999", NULL},
	    {"bench", "--param", "ksplit=1025", "matmul", NULL},
	};
	struct run r;

	(void)state;
	r = expect_status(args, 0);
	assert_int_equal(count_lines_with(r.out, "\"impl\":\"txf\""), 1);
	assert_non_null(strstr(r.out, "\"params\":{\"mwg\":16,\"nwg\":16,\"kwg\":8,\"mdimc\":4,"
	                              "\"ndimc\":4,\"vwa\":2,\"vwb\":2,"));
	assert_non_null(strstr(r.out, "\"check\":\"OK\""));
	run_free(&r);

	r = expect_status(bad[0], 2);
	assert_non_null(
	    strstr(r.err, "bench: --param kwg=999: matmul parameter kwg = 999 is not in [0, 512]"));
	assert_string_equal(r.out, "");
	run_free(&r);
	r = expect_status(bad[1], 2);
	assert_non_null(strstr(
	    r.err,
	    "bench: --param ksplit=1025: matmul parameter ksplit = 1025 is not in [0, 1024]"));
	run_free(&r);
}

/* The number after "key": in a JSON line (the first such key). */
static double json_number(const char *line, const char *key)
{
	char pat[64], *end;
	const char *p;
	double v;

	snprintf(pat, sizeof(pat), "\"%s\":", key);
	p = strstr(line, pat);
	if (!p)
		fail_msg("no key %s in %s", key, line);
	p += strlen(pat);
	v = strtod(p, &end);
	if (end == p)
		fail_msg("%s is not a number in %s", key, line);
	return v;
}

static double absdiff(double a, double b)
{
	return a > b ? a - b : b - a;
}

static void test_bench_transpose_json(void **state)
{
	static const char *const args[] = {"bench",     "transpose", "--shape",  "67x45,64x64",
	                                   "--repeat",  "2",         "--format", "json",
	                                   "--compare", "none",      NULL};
	static const char *const keys[] = {
	    "op",       "impl",   "device",    "rows",     "cols",    "dtype",
	    "strategy", "chosen", "params",    "launches", "repeats", "median_ms",
	    "min_ms",   "gbps",   "copy_gbps", "ratio",    "check",   "note",
	};
	static const char *const strategies[] = {"simple", "pad", "truncate", "split", "auto"};
	size_t lines = 0, copies = 0, autos = 0, per_strategy[5] = {0};
	size_t pad_streams = 0, pad_tiled = 0;
	struct run r;
	char *line, *save = NULL;

	(void)state;
	r = expect_status(args, 0);
	for (line = strtok_r(r.out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		size_t len = strlen(line);
		double gbps, copy, ratio, rows, cols;

		lines++;
		if (len < 2 || line[0] != '{' || line[len - 1] != '}')
			fail_msg("not a JSON object: %s", line);
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
			char pat[32];

			snprintf(pat, sizeof(pat), "\"%s\":", keys[i]);
			if (!strstr(line, pat))
				fail_msg("no key %s in %s", keys[i], line);
		}
		assert_non_null(strstr(line, "{\"op\":\"transpose\","));
		assert_non_null(strstr(line, "\"dtype\":\"f4\""));
		if (!strstr(line, "\"check\":\"OK\""))
			fail_msg("not checked OK: %s", line);
		rows = json_number(line, "rows");
		cols = json_number(line, "cols");
		assert_true((rows == 67 && cols == 45) || (rows == 64 && cols == 64));
		assert_true(json_number(line, "repeats") == 2);
		assert_true(json_number(line, "median_ms") > 0);
		gbps = json_number(line, "gbps");
		copy = json_number(line, "copy_gbps");
		ratio = json_number(line, "ratio");
		assert_true(gbps > 0);
		assert_true(copy > 0);
		/* Printed with six significant digits. */
		if (absdiff(ratio, gbps / copy) > 1e-4 * (gbps / copy))
			fail_msg("ratio %g is not gbps / copy_gbps = %g: %s", ratio, gbps / copy,
			         line);
		if (strstr(line, "\"impl\":\"copy\"")) {
			copies++;
			assert_true(absdiff(ratio, 1.0) < 1e-6);
			assert_true(absdiff(gbps, copy) <= 1e-6 * copy);
			assert_non_null(strstr(line, "\"strategy\":null"));
			assert_non_null(strstr(line, "\"params\":null"));
			continue;
		}
		assert_non_null(strstr(line, "\"impl\":\"txf\""));
		assert_non_null(strstr(line, "\"params\":{\"tile\":"));
		assert_non_null(strstr(line, "\"wg_rows\":"));
		assert_non_null(strstr(line, "\"inplace_tiles\":0")); /* out of place */
		assert_true(json_number(line, "launches") >= 1);
		for (size_t i = 0; i < 5; i++) {
			char pat[48];

			snprintf(pat, sizeof(pat), "\"strategy\":\"%s\"", strategies[i]);
			per_strategy[i] += strstr(line, pat) != NULL;
		}
		/* Where pad ran the streaming kernel, a pad-tiled row follows with
		 * the tiled kernel. */
		if (strstr(line, "\"strategy\":\"pad\"") && strstr(line, "\"stream\":1"))
			pad_streams++;
		if (strstr(line, "\"strategy\":\"pad-tiled\"")) {
			pad_tiled++;
			assert_non_null(strstr(line, "\"stream\":0"));
		}
		if (strstr(line, "\"strategy\":\"auto\"")) {
			autos++;
			/* What auto resolved to, never auto itself. */
			assert_true(strstr(line, "\"chosen\":\"simple\"") ||
			            strstr(line, "\"chosen\":\"pad\"") ||
			            strstr(line, "\"chosen\":\"truncate\"") ||
			            strstr(line, "\"chosen\":\"split\""));
		}
	}
	assert_int_equal(pad_tiled, pad_streams);
	assert_int_equal(lines, 12 + pad_tiled);
	assert_int_equal(copies, 2);
	assert_int_equal(autos, 2);
	for (size_t i = 0; i < 5; i++)
		assert_int_equal(per_strategy[i], 2);
	run_free(&r);
}

static size_t count_char(const char *s, char c)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == c;
	return n;
}

static void test_bench_transpose_csv_and_table(void **state)
{
	/* 5x3 is smaller than any tile: truncate does not apply, and says so. */
	static const char *const csv[] = {"bench",      "transpose", "--shape", "67x45,5x3",
	                                  "--in-place", "--repeat",  "1",       "--format",
	                                  "csv",        "--compare", "none",    NULL};
	static const char csv_header[] =
	    "op,impl,device,rows,cols,dtype,strategy,chosen,params,launches,repeats,median_ms,"
	    "min_ms,gbps,copy_gbps,ratio,check,note\n";
	static const char *const table[] = {"bench",    "transpose", "--shape",    "64",
	                                    "--repeat", "1",         "--in-place", NULL};
	static const char *const table_words[] = {
	    "copy ",  " simple ",         " pad ",         " truncate ",     " split ",
	    " auto ", " inplace-simple ", " inplace-pad ", " inplace-auto ",
	};
	static const char *const dtypes[][2] = {
	    {"u1", ",u1,"}, {"i2", ",i2,"}, {"f8", ",f8,"}, {"c16", ",c16,"}};
	struct run r;

	(void)state;
	r = expect_status(csv, 0);
	assert_true(strncmp(r.out, csv_header, sizeof(csv_header) - 1) == 0);
	/* pad rows that ran the streaming kernel ("16x1 s") are followed by a
	 * pad-tiled row, and pad on a side of at most 32 (5x3) by a pad-skinny
	 * row. */
	const size_t streamed = count_lines_with(r.out, ",pad-tiled,");
	assert_int_equal(streamed, count_lines_with(r.out, ",pad,pad,16x1 s,"));
	assert_true(line_with(r.out, ",5,3,f4,pad-skinny,", ",OK,", " k,"));
	assert_int_equal(count_lines_with(r.out, ",pad-skinny,"), 1);
	const size_t tiled = streamed + 1;
	assert_int_equal(count_char(r.out, '\n'), 13 + tiled);
	assert_int_equal(count_lines_with(r.out, "transpose,copy,"), 2);
	assert_int_equal(count_lines_with(r.out, "transpose,txf,"), 10 + tiled);
	assert_int_equal(count_lines_with(r.out, "inplace"), 0); /* neither is square */
	assert_int_equal(count_lines_with(r.out, ",OK,"), 11 + tiled);
	assert_true(line_with(r.out, ",5,3,f4,truncate,", ",n/a,", "truncate needs"));
	assert_true(line_with(r.out, ",67,45,f4,auto,", ",OK,", "transpose,txf,"));
	run_free(&r);

	r = expect_status(table, 0);
	assert_non_null(strstr(r.out, "GB/s"));
	assert_non_null(strstr(r.out, "vs copy"));
	assert_non_null(strstr(r.out, "clEnqueueCopyBuffer"));
	for (size_t i = 0; i < sizeof(table_words) / sizeof(table_words[0]); i++) {
		if (!line_with(r.out, "64x64", table_words[i], " OK"))
			fail_msg("no checked row with '%s' in:\n%s", table_words[i], r.out);
	}
	assert_null(strstr(r.out, "FAIL"));
	/* In place, the tiled kernel's local tiles (two on this device). */
	assert_true(line_with(r.out, " inplace-pad ", " t2 ", " OK"));
	assert_true(line_with(r.out, " inplace-auto ", " t2 ", " OK"));
	run_free(&r);

	/* Element sizes 1, 2, 8 and 16 bytes. */
	for (size_t i = 0; i < sizeof(dtypes) / sizeof(dtypes[0]); i++) {
		const char *const args[] = {"bench",      "transpose", "--shape",  "33x17",
		                            "--strategy", "pad,split", "--dtype",  dtypes[i][0],
		                            "--repeat",   "1",         "--format", "csv",
		                            "--compare",  "none",      NULL};

		r = expect_status(args, 0);
		/* f8 streams; 33x17 has a side the skinny kernels take; u1 and
		 * i2 have a packed row and a chunked one. */
		const size_t packed = count_lines_with(r.out, ",pad-packed,");
		const size_t chunked = count_lines_with(r.out, ",pad-chunked,");
		const size_t extra = count_lines_with(r.out, ",pad-tiled,") +
		                     count_lines_with(r.out, ",pad-skinny,") + packed + chunked;
		assert_int_equal(count_lines_with(r.out, ",pad-skinny,"), 1);
		assert_int_equal(packed, i < 2 ? 1 : 0);
		assert_int_equal(chunked, i < 2 ? 1 : 0);
		if (i < 2)
			assert_true(line_with(r.out, ",pad-chunked,", " c,", ",OK,"));
		assert_int_equal(count_lines_with(r.out, dtypes[i][1]), 3 + extra);
		assert_int_equal(count_lines_with(r.out, ",OK,"), 3 + extra);
		run_free(&r);
	}
}

/* The host BLAS's transpose beside the library's: f4 and f8 checked and
 * timed against the same copy ceiling, other types n/a with a reason, none
 * with --compare none, and CLBlast refused for transpose. */
static void test_bench_transpose_blas(void **state)
{
	static const char *const refused[] = {"bench", "transpose", "--compare", "clblast", NULL};
	static const char *const dtypes[] = {"f4", "f8", "u1", "c8"};
	const int have = built_with("a host BLAS transpose");
	struct run r;

	(void)state;
	r = expect_status(refused, 2);
	assert_non_null(strstr(r.err, "host BLAS only"));
	run_free(&r);
	for (size_t i = 0; i < sizeof(dtypes) / sizeof(dtypes[0]); i++) {
		const char *const args[] = {"bench",     "transpose", "--shape",    "67x45,64x64",
		                            "--dtype",   dtypes[i],   "--strategy", "auto",
		                            "--repeat",  "2",         "--format",   "json",
		                            "--compare", "blas",      NULL};
		const int exact = i < 2;
		size_t rows = 0;
		char *line, *save = NULL;

		r = expect_status(args, 0);
		for (line = strtok_r(r.out, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			if (!strstr(line, "\"impl\":\"blas\""))
				continue;
			rows++;
			assert_non_null(strstr(line, "\"strategy\":null"));
			if (!exact) {
				if (!strstr(line, "\"check\":\"n/a\"") ||
				    !strstr(line, "f4 and f8 only"))
					fail_msg("%s: expected n/a with a reason: %s", dtypes[i],
					         line);
				continue;
			}
			if (!strstr(line, "\"check\":\"OK\""))
				fail_msg("%s: not checked OK: %s", dtypes[i], line);
			double gbps = json_number(line, "gbps"),
			       copy = json_number(line, "copy_gbps");
			assert_true(gbps > 0 && copy > 0);
			if (absdiff(json_number(line, "ratio"), gbps / copy) > 1e-4 * (gbps / copy))
				fail_msg("ratio is not gbps / copy_gbps: %s", line);
		}
		assert_int_equal(rows, have ? 2 : 0);
		run_free(&r);
	}
	if (have) {
		static const char *const table[] = {"bench",    "transpose",  "--shape",
		                                    "64",       "--strategy", "auto",
		                                    "--repeat", "1",          NULL};

		r = expect_status(table, 0);
		assert_non_null(strstr(r.out, "?omatcopy"));
		assert_true(line_with(r.out, "blas ", "64x64", " OK"));
		run_free(&r);
	}
}

/* ------------------------------------------------------------ bench --sweep */

/* The shapes that bench --sweep documents: splitmix64 from the seed, each
 * dimension in turn round(exp(log lo + u (log hi - log lo))) with u the top
 * 53 bits of the next output over 2^53 (no shape of the small ranges here
 * is drawn again). */
static void sweep_expected(uint64_t seed, size_t n, size_t dims, size_t lo, size_t hi, size_t *out)
{
	uint64_t st = seed;

	for (size_t i = 0; i < n * dims; i++) {
		uint64_t z = (st += 0x9e3779b97f4a7c15u);
		double u, l = log((double)lo), h = log((double)hi);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
		z ^= z >> 31;
		u = (double)(z >> 11) / 9007199254740992.0;
		out[i] = (size_t)round(exp(l + (h - l) * u));
	}
}

/* The string after "key": in a JSON line into buf ("" for null). */
static void json_text(const char *line, const char *key, char *buf, size_t n)
{
	char pat[64];
	const char *p, *end;

	snprintf(pat, sizeof(pat), "\"%s\":", key);
	p = strstr(line, pat);
	if (!p)
		fail_msg("no key %s in %s", key, line);
	p += strlen(pat);
	buf[0] = '\0';
	if (strncmp(p, "null", 4) == 0)
		return;
	end = *p == '"' ? strchr(p + 1, '"') : NULL;
	if (!end || (size_t)(end - p) > n)
		fail_msg("%s is not a short string in %s", key, line);
	else
		snprintf(buf, n, "%.*s", (int)(end - p - 1), p + 1);
}

/* The times c occurs in the n bytes at s. */
static size_t count_char_n(const char *s, char c, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += s[i] == c;
	return k;
}

static int cmp_d(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Within the six significant digits that the rows and summaries print. */
static void expect_close(double got, double want, const char *what, const char *line)
{
	if (absdiff(got, want) > 1e-4 * fabs(want))
		fail_msg("%s %.9g, recomputed from the rows %.9g: %s", what, got, want, line);
}

#define SWEEP_N 3
#define SWEEP_GROUPS 8

/* The JSON output of a sweep of SWEEP_N shapes of op (transpose: dims 2,
 * against the copy; matmul: 3, GFLOP/s with no peer) from seed over lo:hi:
 * the sweep record names the seed and the shapes the documented generator
 * draws, in the order of the rows; every row is OK with its dimensions in
 * the range; each (impl, strategy) has one summary whose numbers are those
 * of its rows. The shapes go into shapes[] as the sweep record prints
 * them. */
static void check_sweep_json(const char *out, const char *op, uint64_t seed, size_t lo, size_t hi,
                             char *shapes, size_t shapes_len)
{
	const int mm = strcmp(op, "matmul") == 0;
	const size_t dims = mm ? 3 : 2;
	struct {
		char impl[16], strategy[32];
		double v[SWEEP_N];
		size_t n;
		int summaries;
	} g[SWEEP_GROUPS];
	size_t want[SWEEP_N * 3], seen[SWEEP_N * 3], nseen = 0, ng = 0, sweeps = 0;
	char *text = strdup(out), *line, *save = NULL, row_op[32];

	assert_non_null(text);
	memset(g, 0, sizeof(g));
	sweep_expected(seed, SWEEP_N, dims, lo, hi, want);
	snprintf(row_op, sizeof(row_op), "{\"op\":\"%s\",", op);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char impl[16], strategy[32];
		size_t k;

		if (strncmp(line, "{\"op\":\"sweep\",", 14) == 0) {
			const char *p = strstr(line, "\"shapes\":[");
			size_t i = 0;

			assert_int_equal(sweeps++, 0);
			assert_int_equal(nseen, 0); /* before the rows */
			assert_non_null(
			    strstr(line, mm ? "\"bench\":\"matmul\"" : "\"bench\":\"transpose\""));
			assert_true(json_number(line, "seed") == (double)seed);
			assert_true(json_number(line, "n") == SWEEP_N);
			assert_true(json_number(line, "lo") == (double)lo);
			assert_true(json_number(line, "hi") == (double)hi);
			assert_true(json_number(line, "redrawn") == 0);
			assert_non_null(p);
			snprintf(shapes, shapes_len, "%s", p);
			for (p += 10; *p && *p != '}'; p++) {
				if (*p >= '0' && *p <= '9') {
					char *end;

					assert_true(i < SWEEP_N * dims);
					if (strtoul(p, &end, 10) != want[i])
						fail_msg("shape %zu: %s, the generator draws %zu",
						         i, line, want[i]);
					i++;
					p = end - 1;
				}
			}
			assert_int_equal(i, SWEEP_N * dims);
			continue;
		}
		if (strncmp(line, "{\"op\":\"summary\",", 16) == 0)
			continue; /* below, once every row is in */
		if (strncmp(line, row_op, strlen(row_op)) != 0)
			fail_msg("neither a row, the sweep nor a summary: %s", line);
		if (!strstr(line, "\"check\":\"OK\""))
			fail_msg("not checked OK: %s", line);
		/* Its shape: a new one at each copy (transpose; matmul runs one
		 * strategy here, so at each row), else the shape of the copy. */
		if (mm || strstr(line, "\"impl\":\"copy\""))
			assert_true(nseen++ < SWEEP_N);
		assert_true(nseen > 0);
		for (size_t d = 0; d < dims; d++) {
			static const char *const names[2][3] = {{"rows", "cols", ""},
			                                        {"m", "n", "k"}};
			const double e = json_number(line, names[mm][d]);

			assert_true(e >= (double)lo && e <= (double)hi);
			if (mm || strstr(line, "\"impl\":\"copy\""))
				seen[(nseen - 1) * dims + d] = (size_t)e;
			else
				assert_true(seen[(nseen - 1) * dims + d] == (size_t)e);
		}
		json_text(line, "impl", impl, sizeof(impl));
		json_text(line, "strategy", strategy, sizeof(strategy));
		for (k = 0; k < ng; k++) {
			if (strcmp(g[k].impl, impl) == 0 && strcmp(g[k].strategy, strategy) == 0)
				break;
		}
		if (k == ng) {
			assert_true(ng < SWEEP_GROUPS);
			snprintf(g[k].impl, sizeof(g[k].impl), "%s", impl);
			snprintf(g[k].strategy, sizeof(g[k].strategy), "%s", strategy);
			ng++;
		}
		assert_true(g[k].n < SWEEP_N);
		g[k].v[g[k].n++] = mm                          ? json_number(line, "gflops")
		                   : strcmp(impl, "copy") == 0 ? json_number(line, "gbps")
		                                               : json_number(line, "ratio");
	}
	assert_int_equal(sweeps, 1);
	assert_true(ng >= 1);
	free(text);

	/* The summaries, against the rows. */
	text = strdup(out);
	assert_non_null(text);
	save = NULL;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char impl[16], strategy[32], metric[16], vs[16];
		double sorted[SWEEP_N], logs = 0;
		size_t k, n;

		if (strncmp(line, "{\"op\":\"summary\",", 16) != 0)
			continue;
		json_text(line, "impl", impl, sizeof(impl));
		json_text(line, "strategy", strategy, sizeof(strategy));
		json_text(line, "metric", metric, sizeof(metric));
		json_text(line, "vs", vs, sizeof(vs));
		for (k = 0; k < ng; k++) {
			if (strcmp(g[k].impl, impl) == 0 && strcmp(g[k].strategy, strategy) == 0)
				break;
		}
		if (k == ng)
			fail_msg("a summary of no rows: %s", line);
		g[k].summaries++;
		assert_true(json_number(line, "seed") == (double)seed);
		if (mm || strcmp(impl, "copy") == 0) {
			assert_string_equal(metric, mm ? "gflops" : "gbps");
			assert_string_equal(vs, "");
		} else {
			assert_string_equal(metric, "ratio");
			assert_string_equal(vs, "copy");
		}
		n = g[k].n;
		assert_true(json_number(line, "count") == (double)n);
		memcpy(sorted, g[k].v, n * sizeof(double));
		qsort(sorted, n, sizeof(double), cmp_d);
		for (size_t i = 0; i < n; i++)
			logs += log(sorted[i]);
		expect_close(json_number(line, "min"), sorted[0], "min", line);
		expect_close(json_number(line, "max"), sorted[n - 1], "max", line);
		expect_close(json_number(line, "median"),
		             n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
		             "median", line);
		expect_close(json_number(line, "geomean"), exp(logs / (double)n), "geomean", line);
	}
	for (size_t k = 0; k < ng; k++) {
		if (g[k].summaries != 1 || g[k].n != SWEEP_N)
			fail_msg("%s %s: %d summaries of %zu rows", g[k].impl, g[k].strategy,
			         g[k].summaries, g[k].n);
	}
	/* The rows, shape by shape, in the order drawn. */
	assert_int_equal(nseen, SWEEP_N);
	assert_memory_equal(seen, want, SWEEP_N * dims * sizeof(size_t));
	free(text);
}

static void test_bench_sweep(void **state)
{
	const char *const tr[] = {"bench",     "transpose", "--sweep", "3",        "--sweep-range",
	                          "2:40",      "--repeat",  "1",       "--format", "json",
	                          "--compare", "none",      NULL};
	const char *const tr_seed[] = {
	    "bench",    "transpose", "--sweep", "3", "--sweep-range", "2:40", "--repeat", "1",
	    "--format", "json",      "--seed",  "2", "--compare",     "none", NULL};
	const char *const mm[] = {"bench",     "matmul",   "--sweep", "3",        "--sweep-range",
	                          "4:24",      "--repeat", "1",       "--format", "json",
	                          "--compare", "none",     "--seed",  "77",       NULL};
	const char *const csv[] = {"bench",         "transpose", "--sweep",    "3",
	                           "--sweep-range", "2:40",      "--repeat",   "1",
	                           "--format",      "csv",       "--strategy", "simple,auto",
	                           "--compare",     "none",      NULL};
	const char *const table[] = {"bench",         "matmul", "--sweep",  "3",
	                             "--sweep-range", "4:24",   "--repeat", "1",
	                             "--compare",     "none",   NULL};
	const char *const both[] = {"bench", "transpose", "--shape", "8", "--sweep", "3", NULL};
	char first[512], again[512], other[512];
	size_t want[SWEEP_N * 3];
	struct run r;

	(void)state;
	/* The same seed draws the same shapes, another seed others. */
	r = expect_status(tr, 0);
	check_sweep_json(r.out, "transpose", 1, 2, 40, first, sizeof(first));
	run_free(&r);
	r = expect_status(tr, 0);
	check_sweep_json(r.out, "transpose", 1, 2, 40, again, sizeof(again));
	run_free(&r);
	assert_string_equal(first, again);
	r = expect_status(tr_seed, 0);
	check_sweep_json(r.out, "transpose", 2, 2, 40, other, sizeof(other));
	run_free(&r);
	assert_string_not_equal(first, other);

	r = expect_status(mm, 0);
	check_sweep_json(r.out, "matmul", 77, 4, 24, first, sizeof(first));
	run_free(&r);

	/* CSV: the rows as ever, then a summary record per strategy. */
	r = expect_status(csv, 0);
	assert_true(strncmp(r.out, "op,impl,device,rows,cols,dtype,strategy,", 40) == 0);
	assert_int_equal(count_lines_with(r.out, "transpose,copy,") -
	                     count_lines_with(r.out, "summary,transpose,copy,"),
	                 SWEEP_N);
	assert_int_equal(count_lines_with(r.out, ",OK,"), 3 * SWEEP_N);
	assert_int_equal(count_lines_with(r.out, "summary,"), 3);
	/* summary,op,impl,device,dtype,strategy,metric,vs,count,min,median,
	 * geomean,max,seed */
	assert_true(line_with(r.out, "summary,transpose,copy,", ",f4,,gbps,,3,", ""));
	assert_true(line_with(r.out, "summary,transpose,txf,", ",f4,simple,ratio,copy,3,", ""));
	assert_true(line_with(r.out, "summary,transpose,txf,", ",f4,auto,ratio,copy,3,", ""));
	for (const char *p = strstr(r.out, "\nsummary,"); p; p = strstr(p + 1, "\nsummary,")) {
		const char *end = strchr(p + 1, '\n');

		assert_non_null(end);
		assert_int_equal(count_char_n(p + 1, ',', (size_t)(end - p - 1)), 13);
		assert_true(end[-1] == '1' && end[-2] == ','); /* the seed */
	}
	/* The first shape that the generator draws. */
	sweep_expected(1, SWEEP_N, 2, 2, 40, want);
	{
		char shape[64];

		snprintf(shape, sizeof(shape), ",%zu,%zu,f4,auto,", want[0], want[1]);
		assert_true(line_with(r.out, "transpose,txf,", shape, ",OK,"));
	}
	run_free(&r);

	/* Table: the seed and the shapes before the rows, the summary after. */
	r = expect_status(table, 0);
	sweep_expected(1, SWEEP_N, 3, 4, 24, want);
	{
		char shapes[128];

		snprintf(shapes, sizeof(shapes), "shapes:   %zux%zux%zu ", want[0], want[1],
		         want[2]);
		assert_non_null(strstr(r.out, shapes));
	}
	assert_non_null(strstr(r.out, "sweep:    3 shapes, seed 1: each dimension "
	                              "round(exp(uniform(log 4, log 24)))"));
	assert_non_null(strstr(r.out, "\nsummary:  "));
	assert_true(line_with(r.out, "txf ", " auto ", " GFLOP/s         3 "));
	assert_int_equal(count_lines_with(r.out, "  OK"), SWEEP_N);
	run_free(&r);

	/* --sweep replaces --shape. */
	r = expect_status(both, 2);
	assert_non_null(strstr(r.err, "bench: --sweep and --shape exclude each other"));
	assert_string_equal(r.out, "");
	run_free(&r);
}

/* Whether gnuplot is on PATH, as txf looks for it. */
static int have_gnuplot(void)
{
	const char *path = getenv("PATH");
	char buf[4200];

	while (path && *path) {
		const char *colon = strchr(path, ':');
		size_t len = colon ? (size_t)(colon - path) : strlen(path);

		snprintf(buf, sizeof(buf), "%.*s/gnuplot", (int)len, len ? path : ".");
		if (access(buf, X_OK) == 0)
			return 1;
		path = colon ? colon + 1 : NULL;
	}
	return 0;
}

/* The names in dir other than "." and ".."; n of them at most. */
static size_t dir_names(const char *dir, char names[][64], size_t n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t got = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (got < n && snprintf(names[got], sizeof(names[got]), "%s", e->d_name) < 0)
			names[got][0] = '\0';
		got++;
	}
	closedir(d);
	return got;
}

/* dir holds exactly the one file `name`: no temporary left beside it. */
static void only_file(const char *dir, const char *name)
{
	char names[8][64];
	size_t n = dir_names(dir, names, 8);

	if (n != 1 || strcmp(names[0], name) != 0)
		fail_msg("%s holds %zu entries (first %s), expected only %s", dir, n,
		         n ? names[0] : "-", name);
}

static int is_png_file(const char *path)
{
	static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
	size_t len;
	unsigned char *b = slurp(path, &len);
	int ok = b && len > sizeof(sig) && memcmp(b, sig, sizeof(sig)) == 0;

	free(b);
	return ok;
}

/* A directory of links to every program on PATH except gnuplot. */
static void path_without_gnuplot(const char *farm)
{
	char *path = strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
	char *save = NULL;
	size_t linked = 0;

	assert_non_null(path);
	assert_int_equal(mkdir(farm, 0755), 0);
	for (char *dir = strtok_r(path, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
		DIR *d = opendir(dir);
		struct dirent *e;

		if (!d)
			continue;
		while ((e = readdir(d)) != NULL) {
			char from[4300], to[4300];

			if (e->d_name[0] == '.' || strncmp(e->d_name, "gnuplot", 7) == 0)
				continue;
			if (snprintf(from, sizeof(from), "%s/%s", dir, e->d_name) >=
			        (int)sizeof(from) ||
			    snprintf(to, sizeof(to), "%s/%s", farm, e->d_name) >= (int)sizeof(to))
				continue;
			linked += symlink(from, to) == 0; /* the first on PATH wins */
		}
		closedir(d);
	}
	free(path);
	assert_true(linked > 0);
}

static void test_bench_plot(void **state)
{
	static const char old[] = "an existing picture: replaced whole or not at all\n";
	char dir[4200], png[4300], mm_png[4300], private_tmp[4200], farm[4200], nodir[4300];
	const char *saved_tmp = getenv("TMPDIR"), *saved_path = getenv("PATH");
	char *keep_tmp = saved_tmp ? strdup(saved_tmp) : NULL;
	char *keep_path = saved_path ? strdup(saved_path) : NULL;
	int gnuplot = have_gnuplot();
	struct stat before, after;
	unsigned char *now;
	size_t len;
	struct run r;

	(void)state;
	path_in_tmp(dir, sizeof(dir), "plots");
	path_in_tmp(private_tmp, sizeof(private_tmp), "plot-tmp");
	path_in_tmp(farm, sizeof(farm), "path-without-gnuplot");
	assert_int_equal(mkdir(dir, 0755), 0);
	assert_int_equal(mkdir(private_tmp, 0755), 0);
	snprintf(png, sizeof(png), "%s/t.png", dir);
	snprintf(mm_png, sizeof(mm_png), "%s/m.png", dir);
	snprintf(nodir, sizeof(nodir), "%s/no-such-dir/t.png", dir);
	/* txf's private temporary directories go here, and must go away. */
	assert_int_equal(setenv("TMPDIR", private_tmp, 1), 0);

	/* Two sizes: lines over a log axis. An existing file is replaced. */
	write_bytes(png, old, sizeof(old));
	{
		const char *const args[] = {"bench",     "transpose", "--shape",    "16x8,64x64",
		                            "--repeat",  "1",         "--strategy", "pad,auto",
		                            "--format",  "csv",       "--plot",     png,
		                            "--compare", "none",      NULL};

		r = expect_status(args, gnuplot ? 0 : 1);
		assert_int_equal(count_lines_with(r.out, "transpose,"),
		                 6 + count_lines_with(r.out, ",pad-tiled,") +
		                     count_lines_with(r.out, ",pad-skinny,"));
		if (gnuplot)
			assert_true(is_png_file(png));
		else
			assert_non_null(strstr(r.err, "--plot needs gnuplot"));
		run_free(&r);
		only_file(dir, "t.png");
	}

	/* matmul, one size: a bar per strategy. */
	{
		const char *const args[] = {
		    "bench",    "matmul",    "--shape", "16",     "--repeat", "1", "--strategy",
		    "pad,auto", "--compare", "none",    "--plot", mm_png,     NULL};

		r = expect_status(args, gnuplot ? 0 : 1);
		assert_non_null(strstr(r.out, "GFLOP/s"));
		if (gnuplot) {
			assert_true(is_png_file(mm_png));
			assert_non_null(strstr(r.out, mm_png));
		}
		run_free(&r);
		unlink(mm_png);
		only_file(dir, "t.png");
	}

	/* A directory that does not exist fails before anything runs. */
	{
		const char *const args[] = {"bench",  "transpose", "--shape", "8",
		                            "--plot", nodir,       NULL};

		r = expect_status(args, 1);
		assert_string_equal(r.out, "");
		assert_non_null(strstr(r.err, "no-such-dir"));
		run_free(&r);
	}

	/* Without gnuplot: the results still print, then a message and status
	 * 1; the existing picture is left as it was. */
	write_bytes(png, old, sizeof(old));
	assert_int_equal(lstat(png, &before), 0);
	path_without_gnuplot(farm);
	assert_int_equal(setenv("PATH", farm, 1), 0);
	{
		const char *const args[] = {"bench",    "transpose", "--shape",    "16x8,64x64",
		                            "--repeat", "1",         "--strategy", "pad",
		                            "--plot",   png,         NULL};

		r = expect_status(args, 1);
		assert_true(line_with(r.out, "16x8", " pad ", " OK"));
		assert_true(line_with(r.out, "64x64", "copy", " OK"));
		assert_non_null(
		    strstr(r.err, "txf: --plot needs gnuplot (apt-get install gnuplot-nox)"));
		run_free(&r);
	}
	if (keep_path)
		assert_int_equal(setenv("PATH", keep_path, 1), 0);
	else
		unsetenv("PATH");
	assert_int_equal(lstat(png, &after), 0);
	assert_int_equal(after.st_ino, before.st_ino);
	now = slurp(png, &len);
	assert_non_null(now);
	assert_int_equal(len, sizeof(old));
	assert_memory_equal(now, old, len);
	free(now);
	only_file(dir, "t.png");

	{
		char names[4][64];

		assert_int_equal(dir_names(private_tmp, names, 4), 0);
	}
	if (keep_tmp)
		assert_int_equal(setenv("TMPDIR", keep_tmp, 1), 0);
	else
		unsetenv("TMPDIR");
	free(keep_tmp);
	free(keep_path);
	rm_tree(farm);
}

/* --plot with --sweep: a scatter of each row's ratio to the copy, written
 * whole beside the results. */
static void test_bench_sweep_plot(void **state)
{
	char dir[4200], png[4300];
	const int gnuplot = have_gnuplot();
	struct run r;

	(void)state;
	path_in_tmp(dir, sizeof(dir), "sweep-plots");
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(png, sizeof(png), "%s/s.png", dir);
	{
		const char *const args[] = {"bench",         "transpose", "--sweep",   "3",
		                            "--sweep-range", "2:40",      "--repeat",  "1",
		                            "--strategy",    "pad,auto",  "--compare", "none",
		                            "--plot",        png,         NULL};

		r = expect_status(args, gnuplot ? 0 : 1);
		assert_non_null(strstr(r.out, "\nsummary:  "));
		if (gnuplot) {
			assert_true(is_png_file(png));
			assert_non_null(strstr(r.out, png));
			only_file(dir, "s.png");
		} else {
			assert_non_null(strstr(r.err, "--plot needs gnuplot"));
		}
		run_free(&r);
	}
}

/* ------------------------------------------------------- info and demo */

/* What txf params says of txf_param_info.tuned. */
static const char *tuned_word(int tuned)
{
	return tuned == 2 ? "required" : tuned == 1 ? "optional" : "no";
}

/* txf params: every parameter of the library's registry, in each format,
 * with whether a tuned entry holds it, with no device (TXF_DEVICE names
 * none that exists). */
static void test_params_command(void **state)
{
	static const char *const table[] = {"params", NULL};
	static const char *const csv[] = {"params", "--format", "csv", NULL};
	static const char *const json[] = {"params", "--format=json", NULL};
	const size_t n = txf_param_count();
	const char *env = getenv("TXF_DEVICE");
	char *keep = env ? strdup(env) : NULL;
	struct run r;
	char want[512];
	size_t lines = 0;

	(void)state;
	assert_true(n >= 18);
	assert_int_equal(setenv("TXF_DEVICE", "no-such-device-anywhere", 1), 0);
	r = expect_status(table, 0);
	assert_string_equal(r.err, "");
	assert_true(line_with(r.out, "operation", "name", "tuned"));
	assert_true(line_with(r.out, "operation", "tuned", "meaning"));
	for (size_t i = 0; i < n; i++) {
		const txf_param_info *p = txf_param_at(i);
		char name[64], range[64];

		snprintf(name, sizeof(name), "  %s ", p->name);
		snprintf(range, sizeof(range), "%4lld  %4lld  %-8s  ", p->min, p->max,
		         tuned_word(p->tuned));
		if (!line_with(r.out, p->operation, name, range) || !strstr(r.out, p->meaning))
			fail_msg("txf params: no line for %s %s [%lld, %lld]: %s", p->operation,
			         p->name, p->min, p->max, r.out);
	}
	for (const char *c = r.out; *c; c++)
		lines += *c == '\n';
	assert_int_equal(lines, n + 1); /* and the header */
	run_free(&r);

	r = expect_status(csv, 0);
	assert_true(strncmp(r.out, "operation,name,min,max,meaning,tuned\n", 37) == 0);
	for (size_t i = 0; i < n; i++) {
		const txf_param_info *p = txf_param_at(i);
		const char *line;

		snprintf(want, sizeof(want), "\n%s,%s,%lld,%lld,", p->operation, p->name, p->min,
		         p->max);
		line = strstr(r.out, want);
		if (!line)
			fail_msg("txf params --format csv: no line %s", want + 1);
		/* The last field: tuned. */
		snprintf(want, sizeof(want), ",%s\n", tuned_word(p->tuned));
		if (!strstr(line, want) || strstr(line, want) > strchr(line + 1, '\n'))
			fail_msg("txf params --format csv: the line of %s does not end in %s",
			         p->name, want);
	}
	run_free(&r);

	r = expect_status(json, 0);
	assert_int_equal(count_lines_with(r.out, "{\"operation\":"), n);
	for (size_t i = 0; i < n; i++) {
		const txf_param_info *p = txf_param_at(i);

		const char *line;

		snprintf(want, sizeof(want),
		         "{\"operation\":\"%s\",\"name\":\"%s\",\"min\":%lld,\"max\":%lld,"
		         "\"meaning\":\"",
		         p->operation, p->name, p->min, p->max);
		line = strstr(r.out, want);
		if (!line)
			fail_msg("txf params --format json: no object %s", want);
		snprintf(want, sizeof(want), ",\"tuned\":\"%s\"}\n", tuned_word(p->tuned));
		if (!strstr(line, want) || strstr(line, want) > strchr(line, '\n'))
			fail_msg("txf params --format json: the object of %s does not end in %s",
			         p->name, want);
	}
	run_free(&r);
	if (keep)
		assert_int_equal(setenv("TXF_DEVICE", keep, 1), 0);
	else
		unsetenv("TXF_DEVICE");
	free(keep);
}

/* Whether every parameter of operation op in the library's registry shows
 * as NAME=VALUE on a "params:" line of out. */
static void expect_all_params(const char *out, const char *op)
{
	const char *line = strstr(out, "    params:   ");
	size_t seen = 0;

	assert_non_null(line);
	for (size_t i = 0; i < txf_param_count(); i++) {
		const txf_param_info *p = txf_param_at(i);
		char want[64];

		if (strcmp(p->operation, op) != 0)
			continue;
		snprintf(want, sizeof(want), " %s=", p->name);
		if (!strstr(line, want) || strstr(line, want) > strchr(line, '\n'))
			fail_msg("txf info: %s parameter %s is not on the line %.200s", op, p->name,
			         line);
		seen++;
	}
	assert_true(seen >= 7);
}

static void test_info(void **state)
{
	static const char *const args[] = {"info", NULL};
	static const char *const square[] = {"info", "--shape", "64x64", "--dtype", "f8", NULL};
	static const char *const mm[] = {"info", "--shape", "30x20x10", NULL};
	struct run r;

	(void)state;
	r = expect_status(args, 0);
	assert_non_null(strstr(r.out, "[0]"));
	assert_non_null(strstr(r.out, "Selected device"));
	assert_non_null(strstr(r.out, "preferred multiple"));
	assert_non_null(strstr(r.out, "999x666"));
	assert_null(strstr(r.out, "in-place"));
	/* The choice's parameters, every one by name from the library's list. */
	expect_all_params(r.out, "transpose");
	run_free(&r);
	r = expect_status(mm, 0);
	assert_non_null(strstr(r.out, "30x20x10"));
	expect_all_params(r.out, "matmul");
	run_free(&r);
	r = expect_status(square, 0);
	assert_non_null(strstr(r.out, "64x64"));
	assert_non_null(strstr(r.out, "in-place"));
	run_free(&r);
	/* --precision: the choice lists it and says where it is computed
	 * exactly all the same (the CPU devices the tests run on have no TF32
	 * units). */
	static const char *const tf[] = {"info",        "--shape", "300x200x100",
	                                 "--precision", "tf32",    NULL};
	r = expect_status(tf, 0);
	if (!strstr(r.out, "precision=1") ||
	    !strstr(r.out, "precision tf32 allows TF32 products, computed exactly"))
		fail_msg("txf info --precision tf32: %s", r.out);
	run_free(&r);
	static const char *const bench[] = {"bench",      "matmul", "--shape",     "70x50x40",
	                                    "--strategy", "auto",   "--precision", "3xtf32",
	                                    "--compare",  "none",   "--repeat",    "1",
	                                    "--format",   "csv",    NULL};
	r = expect_status(bench, 0);
	if (!strstr(r.out, ",OK,") || strstr(r.out, "FAIL"))
		fail_msg("txf bench matmul --precision 3xtf32: %s", r.out);
	run_free(&r);
}

/* ------------------------------------------------------------------ tune */

/* The output of `txf info` for a shape, run with the cache in dir. */
static struct run info_in(const char *dir, const char *shape)
{
	const char *const args[] = {"info", "--shape", shape, NULL};
	struct run r;

	setenv("TXF_CACHE_DIR", dir, 1);
	r = expect_status(args, 0);
	return r;
}

static void test_tune(void **state)
{
	static const char *const tr[] = {"tune",     "--op", "transpose", "--budget", "3",
	                                 "--repeat", "1",    "--dtype",   "u1,f4",    NULL};
	static const char *const mm[] = {"tune",     "--op", "matmul",  "--budget", "1",
	                                 "--repeat", "1",    "--quick", NULL};
	const char *saved = getenv("TXF_CACHE_DIR");
	char *keep = saved ? strdup(saved) : NULL;
	char dir[4200], file[4300], cmd[8800];
	struct run r;
	FILE *f;

	(void)state;
	path_in_tmp(dir, sizeof(dir), "tune-cache");
	setenv("TXF_CACHE_DIR", dir, 1);

	/* Transpose: every class of both types measured and written; plain
	 * progress lines (stderr is not a terminal); AUTO then uses the
	 * entries. */
	r = expect_status(tr, 0);
	static const char *const classes[] = {"small-even",   "small-uneven", "large-even",
	                                      "large-uneven", "few-rows",     "few-cols"};
	for (size_t i = 0; i < 6; i++)
		for (size_t t = 0; t < 2; t++) {
			char line[64];
			snprintf(line, sizeof line, "transpose %-4s %s", t ? "f32" : "u8",
			         classes[i]);
			if (!strstr(r.out, line))
				fail_msg("no '%s' in: %s", line, r.out);
		}
	assert_non_null(strstr(r.out, "wrote "));
	assert_non_null(strstr(r.err, "tune: 1/"));
	assert_non_null(strstr(r.err, "left)"));
	assert_null(strstr(r.err, "\033["));
	assert_null(strstr(r.out, "REJECTED"));
	/* Where the streaming kernel is tried (CPUs), its other stores too. */
	if (strstr(r.err, " stream"))
		assert_true(strstr(r.err, " stream ordinary") || strstr(r.err, " stream nt"));
	run_free(&r);
	r = info_in(dir, "2045x2051");
	assert_non_null(strstr(r.out, "(in use)"));
	assert_non_null(strstr(r.out, "entry:    tuned transpose f32 large-uneven"));
	assert_non_null(strstr(r.out, "(tuned)"));
	run_free(&r);

	/* Matmul: the test device's cost model (POCL) chooses every class, which
	 * is said and not tuned; the transpose entries are kept. */
	setenv("TXF_CACHE_DIR", dir, 1);
	r = expect_status(mm, 0);
	for (size_t i = 0; i < 6; i++) {
		char line[64];
		snprintf(line, sizeof line, "matmul    f32  %s", classes[i]);
		const char *at = strstr(r.out, line);
		if (!at || !strstr(at, "chosen per shape by the device's cost model: not tuned"))
			fail_msg("no '%s ... not tuned' in: %s", line, r.out);
	}
	assert_null(strstr(r.out, "padcopy"));
	/* The model calibrated, or said to be measured on this kind of device. */
	assert_true(
	    strstr(r.out, "matmul    f32  cost model calibrated: the rates of its 16 block sets") ||
	    strstr(r.out, "matmul    f32  cost model not calibrated: its built-in rates"));
	run_free(&r);
	r = info_in(dir, "128x128x128");
	assert_null(strstr(r.out, "entry:    tuned matmul"));
	assert_non_null(strstr(r.out, "cost model"));
	run_free(&r);
	r = info_in(dir, "300x200");
	assert_non_null(strstr(r.out, "entry:    tuned transpose f32 small-uneven"));
	run_free(&r);
	r = info_in(dir, "5x70000");
	assert_non_null(strstr(r.out, "entry:    tuned transpose f32 few-rows"));
	run_free(&r);
	r = info_in(dir, "70000x31");
	assert_non_null(strstr(r.out, "entry:    tuned transpose f32 few-cols"));
	run_free(&r);

	/* A damaged file is ignored with a warning; the built-in table rules. */
	snprintf(cmd, sizeof(cmd), "ls '%s'/tuning/*.txt", dir);
	f = popen(cmd, "r");
	assert_non_null(f);
	assert_non_null(fgets(file, sizeof(file), f));
	pclose(f);
	file[strcspn(file, "\n")] = '\0';
	snprintf(cmd, sizeof(cmd), "sed -i 's/^end /end 9/' '%s'", file);
	assert_int_equal(system(cmd), 0);
	r = info_in(dir, "2045x2051");
	assert_non_null(strstr(r.err, "warning: tuning file"));
	assert_non_null(strstr(r.err, "end says"));
	assert_null(strstr(r.out, "(tuned)"));
	assert_non_null(strstr(r.out, "not in use"));
	run_free(&r);

	if (keep)
		setenv("TXF_CACHE_DIR", keep, 1);
	else
		unsetenv("TXF_CACHE_DIR");
	free(keep);
}

/* ---------------------------------------------------------- device limits */

/* The device's global memory and largest allocation in bytes (txf info). */
static void device_limits(uint64_t *global, uint64_t *max_alloc)
{
	static const char *const args[] = {"info", NULL};
	struct run r = expect_status(args, 0);
	const char *p = strstr(r.out, "global memory:");
	unsigned long long g = 0, m = 0;

	assert_non_null(p);
	assert_int_equal(sscanf(p, "global memory: %llu MiB (largest allocation %llu MiB)", &g, &m),
	                 2);
	assert_true(g > 0 && m > 0 && m <= g);
	*global = (uint64_t)g << 20;
	*max_alloc = (uint64_t)m << 20;
	run_free(&r);
}

/* A .npy file of a rows x cols f4 array whose data is a hole: as long as
 * the header declares, taking no disk space. */
static void sparse_npy(const char *path, size_t rows, size_t cols)
{
	char dict[128], head[128];
	size_t n, hlen;
	int fd;

	n = (size_t)snprintf(dict, sizeof(dict),
	                     "{'descr': '<f4', 'fortran_order': False, 'shape': (%zu, %zu), }",
	                     rows, cols);
	hlen = (10 + n + 1 + 63) / 64 * 64 - 10;
	assert_true(10 + hlen <= sizeof(head));
	memcpy(head, "\x93NUMPY\x01\x00", 8);
	head[8] = (char)(hlen & 0xff);
	head[9] = (char)(hlen >> 8);
	memset(head + 10, ' ', hlen);
	memcpy(head + 10, dict, n);
	head[10 + hlen - 1] = '\n';
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, head, 10 + hlen), (ssize_t)(10 + hlen));
	assert_int_equal(ftruncate(fd, (off_t)(10 + hlen + (uint64_t)rows * cols * 4)), 0);
	assert_int_equal(close(fd), 0);
}

/* text names the operation (what) and a limit of the device below need:
 * "... at most N MiB in one buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE)". */
static void names_limit(const char *text, const char *what, uint64_t need)
{
	const char *p = strstr(text, "at most ");
	unsigned long long mib = 0;

	if (!strstr(text, what) || !strstr(text, "CL_DEVICE_MAX_MEM_ALLOC_SIZE") || !p ||
	    sscanf(p, "at most %llu MiB", &mib) != 1 || ((uint64_t)mib << 20) >= need)
		fail_msg("expected '%s' and a limit below %llu MiB in: %s", what,
		         (unsigned long long)(need >> 20), text);
}

/* Run args within lim: exit status want, never killed, and at most the
 * limit's resident memory by the kernel's count. */
static struct run expect_within(const char *const *args, const struct limits *lim, int want)
{
	struct run r = run_txf_limited(args, lim);
	char cmd[2048];

	describe(args, cmd, sizeof(cmd));
	if (r.killed[0])
		fail_msg("txf %s: %s\nstderr: %s", cmd, r.killed, r.err);
	if (r.status != want)
		fail_msg("txf %s: exit status %d, expected %d\nstdout: %s\nstderr: %s", cmd,
		         r.status, want, r.out, r.err);
	if (r.max_rss_kib > lim->max_rss_kib)
		fail_msg("txf %s: %ld MiB resident at its peak, more than %ld MiB", cmd,
		         r.max_rss_kib / 1024, lim->max_rss_kib / 1024);
	return r;
}

/* Shapes whose operands the device cannot hold are refused, with the shape
 * and the limit named, before any memory is taken for their data: the
 * operands are twice the device's global memory (as txf info reports it),
 * input files are sparse, and each run is killed (a failure) past 512 MiB
 * of resident memory or 120 s. transpose and matmul fail with status 1
 * and write nothing; bench prints n/a rows with the reason and goes on;
 * demo fails. */
static void test_device_limits(void **state)
{
	static const struct limits lim = {120.0, 512 * 1024};
	uint64_t global, max_alloc, need;
	char big[4200], col[4200], row[4200], out[4200], what[128], shapes[96];
	struct run r;
	size_t s;

	(void)state;
	device_limits(&global, &max_alloc);
	for (s = (size_t)sqrt((double)global / 2.0); (uint64_t)s * s * 4 <= 2 * global; s++)
		;
	need = fit_matrix_bytes(s, s, 4);
	path_in_tmp(big, sizeof(big), "lim-big.npy");
	path_in_tmp(col, sizeof(col), "lim-col.npy");
	path_in_tmp(row, sizeof(row), "lim-row.npy");
	path_in_tmp(out, sizeof(out), "lim-out.npy");
	sparse_npy(big, s, s);
	make_matrix(col, TXF_F32, s, 1, 0, NULL);
	make_matrix(row, TXF_F32, 1, s, 0, NULL);
	unlink(out);

	for (int inplace = 0; inplace < 2; inplace++) {
		const char *args[] = {"transpose", big, out, inplace ? "--in-place" : NULL, NULL};

		r = expect_within(args, &lim, 1);
		snprintf(what, sizeof(what), "a %zux%zu f4 %stranspose", s, s,
		         inplace ? "in-place " : "");
		names_limit(r.err, what, need);
		assert_non_null(strstr(r.err, big));
		run_free(&r);
		assert_false(exists(out));
	}
	{
		/* A too large; then A and B small but C too large. */
		const char *const a_big[] = {"matmul", big, col, out, NULL};
		const char *const c_big[] = {"matmul", col, row, out, NULL};

		r = expect_within(a_big, &lim, 1);
		snprintf(what, sizeof(what), "a %zux1x%zu f4 matmul", s, s);
		names_limit(r.err, what, need);
		run_free(&r);
		assert_false(exists(out));
		r = expect_within(c_big, &lim, 1);
		snprintf(what, sizeof(what), "a %zux%zux1 f4 matmul", s, s);
		names_limit(r.err, what, need);
		run_free(&r);
		assert_false(exists(out));
	}
	{
		/* bench: the shape's rows are n/a with the reason, and the next
		 * shape still runs. */
		const char *const mm[] = {"bench",  "matmul",    shapes, "--strategy",
		                          "simple", "--repeat",  "1",    "--format",
		                          "json",   "--compare", "none", NULL};
		const char *const tr[] = {"bench",  "transpose", shapes, "--strategy",
		                          "simple", "--repeat",  "1",    "--format",
		                          "json",   NULL};
		char *line, *save = NULL;
		size_t n = 0;

		snprintf(shapes, sizeof(shapes), "--shape=%zux8x%zu,16x8x8", s, s);
		r = expect_within(mm, &lim, 0);
		for (line = strtok_r(r.out, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			n++;
			if (n == 1) {
				snprintf(what, sizeof(what), "\"m\":%zu,\"n\":8,\"k\":%zu", s, s);
				names_limit(line, what, need);
				assert_non_null(strstr(line, "\"check\":\"n/a\""));
			} else {
				assert_non_null(strstr(line, "\"m\":16,\"n\":8,\"k\":8"));
				assert_non_null(strstr(line, "\"check\":\"OK\""));
			}
		}
		assert_int_equal(n, 2);
		run_free(&r);

		snprintf(shapes, sizeof(shapes), "--shape=%zux%zu", s, s);
		r = expect_within(tr, &lim, 0);
		n = 0;
		save = NULL;
		snprintf(what, sizeof(what), "\"rows\":%zu,\"cols\":%zu", s, s);
		for (line = strtok_r(r.out, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			n++;
			names_limit(line, what, need);
			assert_non_null(strstr(line, "\"check\":\"n/a\""));
		}
		assert_int_equal(n, 2); /* the copy and simple */
		run_free(&r);
	}
	/* demo: its transposes and its product, where its largest extent is
	 * too large for the device. */
	if (fit_matrix_bytes(65536, 65536, 4) > 2 * max_alloc) {
		const char *const demo[] = {"demo",  "--rows",         "65536", "--cols",
		                            "65536", "--matmul-shape", "65536", NULL};
		const uint64_t dneed = fit_matrix_bytes(65536, 65536, 4);

		r = expect_within(demo, &lim, 1);
		names_limit(r.err, "demo: a 65536x65536 f4 transpose", dneed);
		names_limit(r.err, "demo: a 65536x65536 f4 in-place transpose", dneed);
		names_limit(r.err, "demo: a 65536x65536x65536 f4 matmul", dneed);
		run_free(&r);
	}
	unlink(big);
	unlink(col);
	unlink(row);
}

/* fit_device on made-up devices: each buffer within the largest
 * allocation, all of them within global memory, both limits inclusive,
 * sizes that overflow saturated; the message names the limit passed. */
static void test_fit_device(void **state)
{
	txf_device_profile p;
	char msg[512];
	const uint64_t mib = 1u << 20;

	(void)state;
	memset(&p, 0, sizeof(p));
	p.max_alloc_size = 1024 * mib;
	p.global_mem_size = 3000 * mib;
	{
		const uint64_t ok[3] = {1024 * mib, 1024 * mib, 952 * mib};
		const uint64_t one_big[1] = {1024 * mib + 1};
		const uint64_t all_big[3] = {1024 * mib, 1024 * mib, 952 * mib + 1};
		const uint64_t huge[2] = {fit_matrix_bytes(SIZE_MAX, 2, 8), 1};

		assert_int_equal(fit_device(&p, ok, 3, msg, sizeof(msg)), 0);
		assert_int_equal(fit_device(&p, one_big, 1, msg, sizeof(msg)), -1);
		assert_non_null(strstr(msg, "needs a buffer of 1025 MiB"));
		assert_non_null(strstr(msg, "at most 1024 MiB in one buffer"));
		assert_int_equal(fit_device(&p, all_big, 3, msg, sizeof(msg)), -1);
		assert_non_null(strstr(msg, "needs 3 buffers of 3001 MiB in all"));
		assert_non_null(strstr(msg, "has 3000 MiB of global memory"));
		assert_int_equal(fit_device(&p, huge, 2, msg, sizeof(msg)), -1);
		assert_non_null(strstr(msg, "CL_DEVICE_MAX_MEM_ALLOC_SIZE"));
	}
	assert_int_equal(fit_matrix_bytes(3, 5, 8), 120);
	assert_int_equal(fit_matrix_bytes(0, SIZE_MAX, 8), 0);
	assert_true(fit_matrix_bytes(SIZE_MAX, SIZE_MAX, 1) == UINT64_MAX);
	assert_true(fit_matrix_bytes((size_t)1 << 32, (size_t)1 << 28, 16) == UINT64_MAX);
	assert_true(fit_matrix_bytes((size_t)1 << 32, (size_t)1 << 28, 8) == (uint64_t)1 << 63);
}

static void test_demo(void **state)
{
	static const char *const args[] = {"demo",     "--rows", "70", "--cols",
	                                   "45",       "--runs", "1",  "--matmul-shape",
	                                   "70x66x45", NULL};
	static const char *const strategies[] = {"simple", "pad",     "truncate",
	                                         "split",  "padcopy", "auto"};
	struct run r;
	const char *mm;

	(void)state;
	r = expect_status(args, 0);
	assert_non_null(strstr(r.out, "truncate"));
	assert_non_null(strstr(r.out, "split"));
	assert_non_null(strstr(r.out, "in-place"));
	assert_non_null(strstr(r.out, "all checks passed"));
	assert_null(strstr(r.out, "FAIL"));
	/* The matmul part: one checked row per strategy. */
	mm = strstr(r.out, "70x66x45");
	assert_non_null(mm);
	assert_non_null(strstr(mm, "GFLOP/s"));
	for (size_t i = 0; i < sizeof(strategies) / sizeof(strategies[0]); i++) {
		char word[32];

		snprintf(word, sizeof(word), " %s ", strategies[i]);
		if (!line_with(mm, "70x66x45", word, " OK"))
			fail_msg("no checked matmul row for %s in:\n%s", strategies[i], r.out);
	}
	run_free(&r);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_help),
	    cmocka_unit_test(test_usage_errors),
	    cmocka_unit_test(test_runtime_errors),
	    cmocka_unit_test(test_non_regular_inputs),
	    cmocka_unit_test(test_transpose_every_dtype),
	    cmocka_unit_test(test_transpose_bool),
	    cmocka_unit_test(test_transpose_orders_and_shapes),
	    cmocka_unit_test(test_transpose_strategies),
	    cmocka_unit_test(test_transpose_in_place),
	    cmocka_unit_test(test_overwrite_and_same_path),
	    cmocka_unit_test(test_transpose_empty),
	    cmocka_unit_test(test_matmul_orders_and_trans),
	    cmocka_unit_test(test_matmul_strategies),
	    cmocka_unit_test(test_matmul_alpha_beta),
	    cmocka_unit_test(test_matmul_errors),
	    cmocka_unit_test(test_bench_json),
	    cmocka_unit_test(test_bench_csv_and_table),
	    cmocka_unit_test(test_bench_transpose_json),
	    cmocka_unit_test(test_bench_transpose_csv_and_table),
	    cmocka_unit_test(test_bench_transpose_blas),
	    cmocka_unit_test(test_bench_plot),
	    cmocka_unit_test(test_bench_sweep),
	    cmocka_unit_test(test_bench_sweep_plot),
	    cmocka_unit_test(test_bench_param),
	    cmocka_unit_test(test_params_command),
	    cmocka_unit_test(test_info),
	    cmocka_unit_test(test_tune),
	    cmocka_unit_test(test_demo),
	    cmocka_unit_test(test_fit_device),
	    cmocka_unit_test(test_device_limits),
	};

	txf_exe = argc > 1 ? argv[1] : getenv("TXF_EXE");
	return cmocka_run_group_tests_name("cli", tests, setup, teardown);
}
