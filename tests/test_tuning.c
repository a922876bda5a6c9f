/* Tuning files: round trip, every kind of corrupt or hostile file, the tuned
 * choice really used by AUTO (by the plan's description), and writers in
 * several processes at once. */
#define _GNU_SOURCE
#include "common.h"
#include "txf_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static char root[256];       /* this run's scratch directory */
static char cache[320];      /* a cache directory inside it */
static const char *self_exe; /* this program, for child processes */

static void rm_rf(const char *path)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
	assert_int_equal(system(cmd), 0);
}

static int suite_setup(void **state)
{
	snprintf(root, sizeof root, "/tmp/txf-tuning-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	return test_context_setup(state);
}

static int suite_teardown(void **state)
{
	rm_rf(root);
	return test_context_teardown(state);
}

/* A fresh, empty cache directory for one test. */
static int fresh_cache(void **state)
{
	(void)state;
	static unsigned n;
	snprintf(cache, sizeof cache, "%s/cache%u", root, n++);
	return mkdir(cache, 0700);
}

static txf_context *open_ctx(const char *tuning_file)
{
	txf_context_options o;
	txf_context_options_default(&o);
	o.cache_dir = cache;
	o.tuning_file = tuning_file;
	o.binary_cache = 0;
	txf_context *ctx = NULL;
	assert_int_equal(txf_context_create(&ctx, &o), TXF_SUCCESS);
	return ctx;
}

/* Run fn with stderr sent to a file; return what it printed (malloc'd). */
static char *capture_stderr(txf_context **out, const char *tuning_file)
{
	char path[400];
	snprintf(path, sizeof path, "%s/stderr.txt", root);
	fflush(stderr);
	int saved = dup(2);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(saved >= 0 && fd >= 0);
	dup2(fd, 2);
	close(fd);
	*out = open_ctx(tuning_file);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char *text = calloc(1, 8192);
	size_t n = fread(text, 1, 8191, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

/* A matmul entry's kernel parameters, in the registry's order. */
typedef struct mm {
	unsigned mwg, nwg, kwg, mdimc, ndimc, vwa, vwb, ksplit, lbuf, wmap, kgroups;
} mm;

static const char *const mm_names[11] = {"mwg", "nwg",    "kwg",  "mdimc", "ndimc",  "vwa",
                                         "vwb", "ksplit", "lbuf", "wmap",  "kgroups"};

/* A transpose entry (stream only when 1, as the writer gives it). */
static txf_tuned tuned_t(txf_strategy s, unsigned tile, unsigned rows, unsigned stream, size_t r,
                         size_t c, double ms)
{
	txf_tuned e;
	memset(&e, 0, sizeof e);
	e.strategy = s;
	test_tuned_put(&e, "tile", tile);
	test_tuned_put(&e, "wg_rows", rows);
	if (stream)
		test_tuned_put(&e, "stream", stream);
	e.shape[0] = r;
	e.shape[1] = c;
	e.median_ms = ms;
	return e;
}

/* A matmul entry: the seven required parameters, the optional ones where
 * they are not 0. */
static txf_tuned tuned_m(txf_strategy s, mm p, size_t m, size_t n, size_t k, double ms)
{
	const unsigned v[11] = {p.mwg, p.nwg,    p.kwg,  p.mdimc, p.ndimc,  p.vwa,
	                        p.vwb, p.ksplit, p.lbuf, p.wmap,  p.kgroups};
	txf_tuned e;
	memset(&e, 0, sizeof e);
	e.strategy = s;
	for (int i = 0; i < 11; i++)
		if (i < 7 || v[i])
			test_tuned_put(&e, mm_names[i], v[i]);
	e.shape[0] = m;
	e.shape[1] = n;
	e.shape[2] = k;
	e.median_ms = ms;
	return e;
}

static void put_entry(txf_tuning *t, txf_tune_op op, txf_dtype d, int c, const txf_tuned *e)
{
	txf_status s = txf_tuning_set_entry(t, op, d, (txf_size_class)c, e);
	if (s != TXF_SUCCESS)
		fail_msg("set_entry %s %s %d: %s: %s", txf_tune_op_name(op), txf_dtype_name(d), c,
		         txf_status_name(s), txf_last_error());
}

static void put_limits(txf_tuning *t, txf_tune_op op, txf_dtype d, double large_from,
                       double padcopy_min)
{
	txf_tuning_limits l;
	memset(&l, 0, sizeof l);
	l.large_from = large_from;
	l.padcopy_min = padcopy_min;
	assert_int_equal(txf_tuning_limits_set(t, op, d, &l), TXF_SUCCESS);
}

/* The entry of op, d and class c, which t must have. */
static txf_tuned entry_of(const txf_tuning *t, txf_tune_op op, txf_dtype d, int c)
{
	txf_tuned e;
	txf_status s = txf_tuning_entry(t, op, d, (txf_size_class)c, &e);
	if (s != TXF_SUCCESS)
		fail_msg("no entry %s %s %d: %s", txf_tune_op_name(op), txf_dtype_name(d), c,
		         txf_last_error());
	return e;
}

static bool has_limits(const txf_tuning *t, txf_tune_op op, txf_dtype d)
{
	txf_tuning_limits l;
	return txf_tuning_limits_get(t, op, d, &l) == TXF_SUCCESS;
}

/* Set t's mode, keeping its creation time. */
static void set_mode(txf_tuning *t, const char *mode)
{
	char created[64];
	snprintf(created, sizeof created, "%s", txf_tuning_created(t));
	assert_int_equal(txf_tuning_set_info(t, mode, created), TXF_SUCCESS);
}

/* A tuning with every kind of entry, values exact in the text format. */
static txf_tuning *sample(void)
{
	txf_tuning *t = test_tuning_blank("test");
	put_limits(t, TXF_TUNE_TRANSPOSE, TXF_F32, 1 << 20, 0);
	/* The last: pad with the streaming kernel (16 x 1 for 4-byte elements). */
	static const txf_strategy ts[4] = {TXF_STRATEGY_SIMPLE, TXF_STRATEGY_SPLIT,
	                                   TXF_STRATEGY_PAD, TXF_STRATEGY_PAD};
	static const unsigned tiles[4][2] = {{8, 8}, {16, 4}, {32, 8}, {16, 1}};
	for (int c = 0; c < 4; c++) {
		txf_tuned e = tuned_t(ts[c], tiles[c][0], tiles[c][1], c == 3, 512 + (size_t)c,
		                      256 + (size_t)c, 0.125 * (c + 1));
		if (c == 3) /* with ordinary stores */
			test_tuned_put(&e, "stores", -1);
		put_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, c, &e);
	}
	put_limits(t, TXF_TUNE_MATMUL, TXF_F32, 1e6, 4e6);
	static const txf_strategy ms[4] = {TXF_STRATEGY_PAD, TXF_STRATEGY_SIMPLE,
	                                   TXF_STRATEGY_SPLIT, TXF_STRATEGY_PAD};
	for (int c = 0; c < 4; c++) {
		mm p = {32, 32, 16, 8, 8, 2, 2, 0, 0, 0, 0};
		if (c == 2)
			p = (mm){64, 32, 8, 8, 8, 1, 4, 0, 0, 0, 0};
		if (c == 3) { /* K slices, lbuf and wmap given */
			p.ksplit = 3;
			p.lbuf = 2;
			p.wmap = 2;
		}
		txf_tuned e = tuned_m(ms[c], p, 64, 96, 128 + (size_t)c, 1.5 + c);
		put_entry(t, TXF_TUNE_MATMUL, TXF_F32, c, &e);
	}
	/* The skinny classes: the skinny kernel for few rows, plain pad for
	 * few columns; 1-byte elements: the packed kernel on large shapes. */
	txf_tuned fr = tuned_t(TXF_STRATEGY_PAD, 16, 4, 0, 7, 599186, 1.75);
	test_tuned_put(&fr, "skinny", 1);
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, TXF_FEW_ROWS, &fr);
	txf_tuned fc = tuned_t(TXF_STRATEGY_PAD, 8, 8, 0, 599186, 7, 2.25);
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, TXF_FEW_COLS, &fc);
	put_limits(t, TXF_TUNE_TRANSPOSE, TXF_U8, 4096, 0);
	txf_tuned pk = tuned_t(TXF_STRATEGY_PAD, 8, 4, 0, 2045, 2051, 0.375);
	test_tuned_put(&pk, "packed", 1);
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_U8, TXF_LARGE_UNEVEN, &pk);
	/* 2-byte elements: the chunked kernel on large shapes. */
	put_limits(t, TXF_TUNE_TRANSPOSE, TXF_U16, 4096, 0);
	txf_tuned ck = tuned_t(TXF_STRATEGY_PAD, 32, 8, 0, 2045, 2051, 0.5);
	test_tuned_put(&ck, "packed", 2);
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_U16, TXF_LARGE_UNEVEN, &ck);
	/* f64: K groups given (the three before them 0). */
	put_limits(t, TXF_TUNE_MATMUL, TXF_F64, 1e6, 0);
	txf_tuned e8 =
	    tuned_m(TXF_STRATEGY_PAD, (mm){32, 16, 8, 4, 4, 2, 2, 0, 0, 0, 2}, 48, 40, 72, 0.75);
	put_entry(t, TXF_TUNE_MATMUL, TXF_F64, 0, &e8);
	return t;
}

/* Whether two entries hold the same strategy, parameters (by name: each
 * tuned parameter of op, 0 where left out), shape and time. */
static void assert_same_tuned(txf_tune_op op, const txf_tuned *a, const txf_tuned *b)
{
	assert_int_equal(a->strategy, b->strategy);
	const char *opn = txf_tune_op_name(op);
	for (size_t i = 0; i < txf_param_count(); i++) {
		const txf_param_info *pi = txf_param_at(i);
		if (!pi->tuned || strcmp(pi->operation, opn) != 0)
			continue;
		if (test_tparam(a, pi->name) != test_tparam(b, pi->name))
			fail_msg("%s entry: %s %lld, not %lld", opn, pi->name,
			         test_tparam(b, pi->name), test_tparam(a, pi->name));
	}
	assert_memory_equal(a->shape, b->shape, sizeof a->shape);
	assert_true(a->median_ms == b->median_ms);
}

static void assert_same_tuning(const txf_tuning *a, const txf_tuning *b)
{
	assert_string_equal(txf_tuning_mode(a), txf_tuning_mode(b));
	assert_string_equal(txf_tuning_created(a), txf_tuning_created(b));
	for (int op = 0; op < TXF_TUNE_OP_COUNT; op++)
		for (int d = 0; d < TXF_DTYPE_COUNT; d++) {
			txf_tuning_limits la, lb;
			txf_status sa =
			    txf_tuning_limits_get(a, (txf_tune_op)op, (txf_dtype)d, &la);
			txf_status sb =
			    txf_tuning_limits_get(b, (txf_tune_op)op, (txf_dtype)d, &lb);
			assert_int_equal(sa, sb);
			if (sa == TXF_SUCCESS) {
				assert_true(la.large_from == lb.large_from);
				assert_true(la.padcopy_min == lb.padcopy_min);
			}
			for (int c = 0; c < TXF_SIZE_CLASS_COUNT; c++) {
				txf_tuned ea, eb;
				sa = txf_tuning_entry(a, (txf_tune_op)op, (txf_dtype)d,
				                      (txf_size_class)c, &ea);
				sb = txf_tuning_entry(b, (txf_tune_op)op, (txf_dtype)d,
				                      (txf_size_class)c, &eb);
				assert_int_equal(sa, sb);
				if (sa == TXF_SUCCESS)
					assert_same_tuned((txf_tune_op)op, &ea, &eb);
			}
		}
}

static char *path_of(txf_context *ctx)
{
	static char buf[1024];
	assert_int_equal(txf_tuning_path(ctx, buf, sizeof buf), TXF_SUCCESS);
	return buf;
}

static char *read_text(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *buf = calloc(1, 1 << 20);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	fclose(f);
	return buf;
}

static void write_text(const char *path, const char *text, size_t len, mode_t mode)
{
	unlink(path);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
	assert_int_equal(chmod(path, mode), 0);
}

/* ------------------------------------------------------------- round trip */

static void test_round_trip(void **state)
{
	(void)state;
	txf_context *a = open_ctx(NULL);
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(a, &st), TXF_SUCCESS);
	assert_int_equal(st.tuned, 0);
	txf_tuning *t = sample();
	assert_int_equal(txf_tuning_save(a, t), TXF_SUCCESS);
	char *path = path_of(a);
	/* In the cache directory, named after the device, private. */
	assert_non_null(strstr(path, cache));
	assert_non_null(strstr(path, "/tuning/"));
	struct stat sb;
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/tuning", cache);
	assert_int_equal(stat(dir, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0700);
	/* The saving context uses it at once. */
	txf_tuning *got = NULL;
	assert_int_equal(txf_tuning_get(a, &got), TXF_SUCCESS);
	assert_same_tuning(t, got);
	txf_tuning_release(&got);
	assert_null(got);
	txf_context_release(&a);

	/* A new context reads back exactly what was saved. */
	txf_context *b = open_ctx(NULL);
	assert_int_equal(txf_context_stats_get(b, &st), TXF_SUCCESS);
	assert_int_equal(st.tuned, 1);
	assert_string_equal(st.tuning_file, path_of(b));
	assert_int_equal(txf_tuning_get(b, &got), TXF_SUCCESS);
	assert_same_tuning(t, got);
	txf_tuning_release(&got);

	/* The text is stable: format(parse(text)) == text; it is format 2
	 * and names every matmul parameter. */
	size_t len;
	char *text = read_text(path_of(b), &len);
	assert_non_null(strstr(text, "\ntxf-tuning 2\n"));
	assert_non_null(strstr(text, " strategy=pad mwg=32 nwg=32 kwg=16 mdimc=8 ndimc=8 vwa=2 "
	                             "vwb=2 ksplit=3 lbuf=2 wmap=2 shape=64x96x131 "));
	assert_non_null(strstr(text, " mwg=32 nwg=16 kwg=8 mdimc=4 ndimc=4 vwa=2 vwb=2 kgroups=2 "
	                             "shape=48x40x72 "));
	assert_non_null(
	    strstr(text, " strategy=pad tile=16 wg_rows=1 stream=1 stores=-1 shape=515x259 "));
	assert_non_null(strstr(text,
	                       "\nentry transpose f32 few-rows strategy=pad tile=16 wg_rows=4 "
	                       "skinny=1 shape=7x599186 "));
	assert_non_null(strstr(text, "\nentry transpose f32 few-cols strategy=pad tile=8 wg_rows=8 "
	                             "shape=599186x7 "));
	assert_non_null(strstr(text, "\nentry transpose u8 large-uneven strategy=pad tile=8 "
	                             "wg_rows=4 packed=1 shape=2045x2051 "));
	assert_null(strstr(text, "params="));
	txf__tuning_file *f = malloc(sizeof *f);
	char why[300];
	assert_int_equal(txf__tuning_parse(text, len, f, why, sizeof why), 0);
	txf_device_profile prof;
	assert_int_equal(txf_context_profile(b, &prof), TXF_SUCCESS);
	assert_string_equal(f->device, prof.name);
	assert_string_equal(f->library, txf_version());
	size_t len2;
	char *again = txf__tuning_format(&f->tuning, &prof, &len2);
	assert_int_equal(len, len2);
	assert_memory_equal(text, again, len);
	free(again);
	free(text);
	free(f);

	/* Saving again replaces the file whole; nothing else is left there. */
	txf_tuned e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, 0);
	test_tuned_put(&e, "tile", 4);
	test_tuned_put(&e, "wg_rows", 4);
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, 0, &e);
	assert_int_equal(txf_tuning_save(b, t), TXF_SUCCESS);
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) -eq 1", dir);
	assert_int_equal(system(cmd), 0);
	txf_context_release(&b);
	txf_context *c = open_ctx(NULL);
	assert_int_equal(txf_tuning_get(c, &got), TXF_SUCCESS);
	assert_same_tuning(t, got);
	txf_tuning_release(&got);
	txf_context_release(&c);
	txf_tuning_release(&t);
}

static void test_save_rejects_bad_tunings(void **state)
{
	(void)state;
	txf_context *ctx = open_ctx(NULL);
	/* Values in the parameters' ranges that no device runs: tile 0 (a
	 * tuned entry's tile is not chosen), blocks too big for the device. */
	txf_tuning *t = sample();
	txf_tuned e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, 2);
	test_tuned_put(&e, "tile", 0);
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, 2, &e);
	assert_int_equal(txf_tuning_save(ctx, t), TXF_ERR_BAD_TILE);
	assert_non_null(strstr(txf_last_error(), "large-even"));
	txf_tuning_release(&t);
	t = sample();
	e = entry_of(t, TXF_TUNE_MATMUL, TXF_F32, 1);
	test_tuned_put(&e, "mdimc", 64);
	test_tuned_put(&e, "ndimc", 128);
	test_tuned_put(&e, "mwg", 128);
	test_tuned_put(&e, "nwg", 128);
	put_entry(t, TXF_TUNE_MATMUL, TXF_F32, 1, &e);
	assert_int_not_equal(txf_tuning_save(ctx, t), TXF_SUCCESS);
	txf_tuning_release(&t);
	t = sample();
	e = entry_of(t, TXF_TUNE_MATMUL, TXF_F32, 0);
	put_entry(t, TXF_TUNE_MATMUL, TXF_U8, 0, &e);
	put_limits(t, TXF_TUNE_MATMUL, TXF_U8, 1e6, 4e6);
	txf_status bs = txf_tuning_save(ctx, t);
	if (bs != TXF_ERR_BAD_DTYPE)
		fail_msg("%s: %s", txf_status_name(bs), txf_last_error());
	txf_tuning_release(&t);
	t = sample();
	e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, 0);
	e.strategy = TXF_STRATEGY_PADCOPY;
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, 0, &e);
	assert_int_equal(txf_tuning_save(ctx, t), TXF_ERR_BAD_STRATEGY);
	txf_tuning_release(&t);
	/* PAD's kernels where they do not belong: the skinny one outside the
	 * skinny classes or with another strategy, the packed one for 4-byte
	 * elements or with a tile of more than 64 blocks, both at once. */
	static const struct {
		txf_dtype dtype;
		int cls;
		txf_strategy strategy;
		unsigned tile, skinny, packed;
		txf_status want;
		const char *says;
	} kernels[] = {
	    {TXF_F32, TXF_LARGE_EVEN, TXF_STRATEGY_PAD, 16, 1, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "few-rows and few-cols"},
	    {TXF_F32, TXF_FEW_ROWS, TXF_STRATEGY_SPLIT, 16, 1, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "pad's"},
	    {TXF_F32, TXF_LARGE_EVEN, TXF_STRATEGY_PAD, 16, 0, 1, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "1- and 2-byte"},
	    {TXF_U8, TXF_LARGE_UNEVEN, TXF_STRATEGY_PAD, 128, 0, 1, TXF_ERR_BAD_TILE, "at most 64"},
	    {TXF_U8, TXF_FEW_COLS, TXF_STRATEGY_PAD, 16, 1, 1, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "names one"},
	};
	for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
		t = sample();
		e = tuned_t(kernels[i].strategy, kernels[i].tile, 4, 0, 7, 70000, 1.0);
		if (kernels[i].skinny)
			test_tuned_put(&e, "skinny", 1);
		if (kernels[i].packed)
			test_tuned_put(&e, "packed", 1);
		put_entry(t, TXF_TUNE_TRANSPOSE, kernels[i].dtype, kernels[i].cls, &e);
		txf_status ks = txf_tuning_save(ctx, t);
		if (ks != kernels[i].want || !strstr(txf_last_error(), kernels[i].says))
			fail_msg("case %zu: %s: %s", i, txf_status_name(ks), txf_last_error());
		assert_int_equal(txf_tuning_set(ctx, t), kernels[i].want);
		txf_tuning_release(&t);
	}
	t = sample();
	assert_int_equal(txf_tuning_limits_set(t, TXF_TUNE_TRANSPOSE, TXF_F32, NULL), TXF_SUCCESS);
	assert_int_equal(txf_tuning_save(ctx, t), TXF_ERR_INVALID_ARG);
	txf_tuning_release(&t);
	t = sample();
	set_mode(t, "two words");
	assert_int_equal(txf_tuning_save(ctx, t), TXF_ERR_INVALID_ARG);
	txf_tuning_release(&t);
	/* Nothing was written, nothing is used. */
	struct stat sb;
	assert_int_not_equal(stat(path_of(ctx), &sb), 0);
	txf_tuning *got = NULL;
	assert_int_equal(txf_tuning_get(ctx, &got), TXF_SUCCESS);
	assert_false(has_limits(got, TXF_TUNE_TRANSPOSE, TXF_F32));
	txf_tuning_release(&got);
	assert_int_equal(txf_tuning_get(NULL, &got), TXF_ERR_NULL_ARG);
	assert_int_equal(txf_tuning_save(ctx, NULL), TXF_ERR_NULL_ARG);
	txf_context_release(&ctx);
}

/* A measurement the reader would refuse is refused on saving, and the file
 * saved before stays as it was. */
static void test_save_refuses_unreadable_measurements(void **state)
{
	(void)state;
	txf_context *ctx = open_ctx(NULL);
	txf_tuning *good = sample();
	assert_int_equal(txf_tuning_save(ctx, good), TXF_SUCCESS);
	size_t len, len2;
	char *before = read_text(path_of(ctx), &len);
	struct {
		txf_tune_op op;
		int cls;
		const char *name;
		int dim; /* the extent to set, or -1: the time */
		double value;
	} cases[] = {
	    {TXF_TUNE_TRANSPOSE, 1, "small-uneven", -1, NAN},
	    {TXF_TUNE_MATMUL, 3, "large-uneven", -1, -0.5},
	    {TXF_TUNE_MATMUL, 0, "small-even", -1, INFINITY},
	    {TXF_TUNE_TRANSPOSE, 0, "small-even", 1, 0},
	    {TXF_TUNE_MATMUL, 2, "large-even", 2, 2147483649.0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		txf_tuning *t = sample();
		txf_tuned e = entry_of(t, cases[i].op, TXF_F32, cases[i].cls);
		if (cases[i].dim < 0)
			e.median_ms = cases[i].value;
		else
			e.shape[cases[i].dim] = (size_t)cases[i].value;
		put_entry(t, cases[i].op, TXF_F32, cases[i].cls, &e);
		assert_int_equal(txf_tuning_save(ctx, t), TXF_ERR_INVALID_ARG);
		assert_non_null(strstr(txf_last_error(), cases[i].name));
		assert_int_equal(txf_tuning_set(ctx, t), TXF_ERR_INVALID_ARG);
		txf_tuning_release(&t);
	}
	char *after = read_text(path_of(ctx), &len2);
	assert_int_equal(len, len2);
	assert_memory_equal(before, after, len);
	free(before);
	free(after);
	txf_tuning *got = NULL;
	assert_int_equal(txf_tuning_get(ctx, &got), TXF_SUCCESS);
	assert_same_tuning(good, got);
	txf_tuning_release(&got);
	txf_tuning_release(&good);
	txf_context_release(&ctx);
}

/* A time just above DBL_MIN is written with 6 digits, which makes it a
 * number below DBL_MIN: the reader takes it (strtod reports the underflow
 * with ERANGE). */
static void test_tiny_time_read_back(void **state)
{
	(void)state;
	txf_context *a = open_ctx(NULL);
	txf_tuning *t = sample();
	txf_tuned e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, 2);
	e.median_ms = DBL_MIN;
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, 2, &e);
	e = entry_of(t, TXF_TUNE_MATMUL, TXF_F32, 1);
	e.median_ms = 4.9406564584124654e-324;
	put_entry(t, TXF_TUNE_MATMUL, TXF_F32, 1, &e);
	assert_int_equal(txf_tuning_save(a, t), TXF_SUCCESS);
	txf_tuning_release(&t);
	size_t len;
	char *text = read_text(path_of(a), &len);
	assert_non_null(strstr(text, "ms=2.22507e-308"));
	free(text);
	txf_context_release(&a);

	txf_context *b = open_ctx(NULL);
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(b, &st), TXF_SUCCESS);
	assert_int_equal(st.tuned, 1);
	txf_tuning *got = NULL;
	assert_int_equal(txf_tuning_get(b, &got), TXF_SUCCESS);
	double ms = entry_of(got, TXF_TUNE_TRANSPOSE, TXF_F32, 2).median_ms;
	assert_true(ms > 0 && fabs(ms - DBL_MIN) <= 1e-5 * DBL_MIN);
	assert_true(entry_of(got, TXF_TUNE_MATMUL, TXF_F32, 1).median_ms ==
	            4.9406564584124654e-324);
	txf_tuning_release(&got);
	txf_context_release(&b);
}

/* -------------------------------------------------------- choices used */

/* A bf16 transpose entry, through the file, serves every 2-byte type (none
 * of the others has one). */
static void test_bf16_entry_serves_2_byte_types(void **state)
{
	(void)state;
	txf_tuning *t = test_tuning_blank("test");
	put_limits(t, TXF_TUNE_TRANSPOSE, TXF_BF16, 1 << 20, 0);
	txf_tuned e = tuned_t(TXF_STRATEGY_SPLIT, 16, 4, 0, 64, 128, 0.5);
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_BF16, TXF_SMALL_EVEN, &e);
	txf_context *ctx = open_ctx(NULL);
	assert_int_equal(txf_tuning_save(ctx, t), TXF_SUCCESS);
	txf_tuning_release(&t);
	txf_context_release(&ctx);
	ctx = open_ctx(NULL);
	static const txf_dtype two[] = {TXF_BF16, TXF_F16, TXF_U16, TXF_I16};
	for (size_t i = 0; i < sizeof two / sizeof two[0]; i++) {
		txf_choice c;
		assert_int_equal(txf_transpose_explain(ctx, 64, 128, two[i], 0, NULL, &c),
		                 TXF_SUCCESS);
		assert_string_equal(c.entry, "tuned transpose bf16 small-even");
		assert_int_equal(c.strategy, TXF_STRATEGY_SPLIT);
		assert_int_equal(c.tile, 16);
	}
	txf_choice c;
	assert_int_equal(txf_transpose_explain(ctx, 64, 128, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
	txf_context_release(&ctx);
}

/* ctx dressed as a GPU of no vendor the table knows: the generic entry,
 * which has no matmul cost model, so that the tuning file's matmul entries
 * apply. */
static void without_model(txf_context *ctx)
{
	ctx->profile.vendor = TXF_VENDOR_OTHER;
	ctx->profile.kind = TXF_DEVICE_GPU;
	txf__memo_forget(ctx);
}

static void test_tuned_choice_used(void **state)
{
	(void)state;
	txf_context *ctx = open_ctx(NULL);
	txf_tuning *t = sample();
	assert_int_equal(txf_tuning_save(ctx, t), TXF_SUCCESS);
	txf_context_release(&ctx);
	ctx = open_ctx(NULL);

	/* The device's cache as 64 MiB (the stores' entry was measured on 515
	 * x 259, 0.5 MB of input and as much output): its stores hold where
	 * input and output fit in half of it, not where they do not. */
	ctx->global_cache = 64u << 20;
	/* Transpose: each class by size and divisibility; any 4-byte type. */
	static const struct {
		size_t rows, cols;
		txf_dtype dtype;
		int cls;
	} cases[] = {
	    {64, 128, TXF_F32, 0},
	    {65, 128, TXF_I32, 1},
	    {2048, 1024, TXF_U32, 2},
	    {2047, 1025, TXF_F32, 3},
	    {1024, 1024, TXF_F32, 2},
	    {5, 100000, TXF_F32, TXF_FEW_ROWS},
	    {32, 33, TXF_I32, TXF_FEW_ROWS},
	    {100000, 20, TXF_U32, TXF_FEW_COLS},
	    {8, 16, TXF_F32, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const txf_tuned e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, cases[i].cls);
		txf_choice c;
		assert_int_equal(txf_transpose_explain(ctx, cases[i].rows, cases[i].cols,
		                                       cases[i].dtype, 0, NULL, &c),
		                 TXF_SUCCESS);
		char want[64];
		snprintf(want, sizeof want, "tuned transpose f32 %s",
		         txf_size_class_name((txf_size_class)cases[i].cls));
		assert_string_equal(c.entry, want);
		assert_int_equal(c.strategy_source, TXF_SOURCE_TUNED);
		assert_int_equal(c.tile_source, TXF_SOURCE_TUNED);
		assert_int_equal(c.strategy, e.strategy);
		assert_int_equal(c.tile, test_tparam(&e, "tile"));
		assert_int_equal(c.wg_rows, test_tparam(&e, "wg_rows"));
		assert_int_equal(test_cparam(&c, "stream"), test_tparam(&e, "stream"));
		assert_int_equal(test_cparam(&c, "skinny"), test_tparam(&e, "skinny"));
		assert_int_equal(test_cparam(&c, "packed"), 0);
		assert_non_null(strstr(c.why, "txf tune, test"));
		/* The streaming entry's ordinary stores. */
		if (test_tparam(&e, "stream")) {
			assert_int_equal(test_tparam(&e, "stores"), -1);
			assert_int_equal(test_cparam(&c, "stores"), 0);
			assert_non_null(strstr(c.why, "ordinary stores (tuned)"));
		}
	}
	/* An input and output over half the cache (2047 x 1025 f32, 8.4 MB
	 * each, in the same class) leave the stores to the device: with a
	 * cache of 4 MiB, and of 32 MiB, which holds them. */
	static const unsigned caches_mib[] = {4, 32};
	for (size_t i = 0; i < 2; i++) {
		ctx->global_cache = (cl_ulong)caches_mib[i] << 20;
		txf__memo_forget(ctx);
		txf_choice c;
		assert_int_equal(txf_transpose_explain(ctx, 2047, 1025, TXF_F32, 0, NULL, &c),
		                 TXF_SUCCESS);
		assert_string_equal(c.entry, "tuned transpose f32 large-uneven");
		assert_null(strstr(c.why, "(tuned)"));
		assert_int_equal(test_cparam(&c, "stream"), 1);
	}
	ctx->global_cache = 64u << 20;
	txf__memo_forget(ctx);
	/* 1-byte elements: the packed entry on large shapes; none for small
	 * ones nor for few columns: the table. */
	{
		const txf_tuned e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_U8, TXF_LARGE_UNEVEN);
		txf_choice c;
		assert_int_equal(txf_transpose_explain(ctx, 64, 128, TXF_I8, 0, NULL, &c),
		                 TXF_SUCCESS);
		assert_string_equal(c.entry, "tuned transpose u8 large-uneven");
		assert_int_equal(c.strategy_source, TXF_SOURCE_TUNED);
		assert_int_equal(test_cparam(&c, "packed"), 1);
		assert_int_equal(c.tile, test_tparam(&e, "tile"));
		assert_int_equal(c.wg_rows, test_tparam(&e, "wg_rows"));
		assert_non_null(strstr(c.why, "packed kernel"));
		assert_int_equal(txf_transpose_explain(ctx, 60, 60, TXF_U8, 0, NULL, &c),
		                 TXF_SUCCESS);
		assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
		assert_int_equal(txf_transpose_explain(ctx, 1000, 30, TXF_U8, 0, NULL, &c),
		                 TXF_SUCCESS);
		assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
		/* 2-byte elements: the chunked entry. */
		assert_int_equal(txf_transpose_explain(ctx, 77, 131, TXF_F16, 0, NULL, &c),
		                 TXF_SUCCESS);
		assert_string_equal(c.entry, "tuned transpose u16 large-uneven");
		assert_int_equal(c.strategy_source, TXF_SOURCE_TUNED);
		assert_int_equal(test_cparam(&c, "packed"), 2);
		assert_int_equal(c.tile, 32);
		assert_int_equal(c.wg_rows, 8);
		assert_non_null(strstr(c.why, "chunked kernel"));
	}
	/* The caller turns the tuned kernel off: the table, without it. */
	{
		static const struct {
			const char *name;
			size_t rows, cols;
			txf_dtype dtype;
		} off[] = {{"skinny", 5, 100000, TXF_F32}, {"packed", 64, 128, TXF_U8}};
		for (size_t i = 0; i < 2; i++) {
			txf_transpose_options no;
			txf_transpose_options_default(&no);
			test_topt(&no, off[i].name, -1);
			txf_choice c;
			assert_int_equal(txf_transpose_explain(ctx, off[i].rows, off[i].cols,
			                                       off[i].dtype, 0, &no, &c),
			                 TXF_SUCCESS);
			assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
			assert_int_equal(test_cparam(&c, off[i].name), 0);
		}
	}
	/* A streaming entry with the streaming kernel turned off: the table,
	 * without it. */
	{
		txf_transpose_options no;
		txf_transpose_options_default(&no);
		test_topt(&no, "stream", -1);
		txf_choice c;
		assert_int_equal(txf_transpose_explain(ctx, 2047, 1025, TXF_F32, 0, &no, &c),
		                 TXF_SUCCESS);
		assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
		assert_int_equal(test_cparam(&c, "stream"), 0);
	}
	/* No entry for 8-byte types, in-place, forced fields: the table. */
	txf_choice c;
	assert_int_equal(txf_transpose_explain(ctx, 64, 64, TXF_F64, 0, NULL, &c), TXF_SUCCESS);
	assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
	assert_int_equal(txf_transpose_explain(ctx, 64, 64, TXF_F32, 1, NULL, &c), TXF_SUCCESS);
	assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
	txf_transpose_options to;
	txf_transpose_options_default(&to);
	to.tile = 4;
	assert_int_equal(txf_transpose_explain(ctx, 64, 128, TXF_F32, 0, &to, &c), TXF_SUCCESS);
	assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
	assert_int_equal(c.tile, 4);
	/* Truncate where the matrix is smaller than the tuned tile: the table. */
	txf_tuned e3 = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, 3);
	e3.strategy = TXF_STRATEGY_TRUNCATE;
	test_tuned_put(&e3, "tile", 64);
	test_tuned_put(&e3, "wg_rows", 16);
	test_tuned_put(&e3, "stream", 0);
	test_tuned_put(&e3, "stores", 0);
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, 3, &e3);
	/* A skinny entry of 512 work-items, measured on a short side of 2
	 * (local rows of 3 16-byte elements, 24 KiB: any device), used where
	 * a short side's local rows fit: not for 32 (33 of them, 264 KiB) on
	 * a device with less, where the table decides. */
	put_limits(t, TXF_TUNE_TRANSPOSE, TXF_C128, 1 << 20, 0);
	txf_tuned sk = tuned_t(TXF_STRATEGY_PAD, 32, 16, 0, 2, 100000, 1.0);
	test_tuned_put(&sk, "skinny", 1);
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_C128, TXF_FEW_ROWS, &sk);
	const txf_status set = txf_tuning_set(ctx, t);
	if (set != TXF_SUCCESS)
		fail_msg("txf_tuning_set: %s (%s)", txf_status_name(set), txf_last_error());
	txf_tuning_release(&t);
	assert_int_equal(txf_transpose_explain(ctx, 40, 40001, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
	txf_status s = txf_transpose_explain(ctx, 2, 5000, TXF_C128, 0, NULL, &c);
	if (s != TXF_SUCCESS)
		fail_msg("c128 2 x 5000: %s (%s)", txf_status_name(s), txf_last_error());
	assert_string_equal(c.entry, "tuned transpose c128 few-rows");
	txf_device_profile prof;
	assert_int_equal(txf_context_profile(ctx, &prof), TXF_SUCCESS);
	assert_int_equal(txf_transpose_explain(ctx, 32, 5000, TXF_C128, 0, NULL, &c), TXF_SUCCESS);
	if (prof.local_mem_size < 33 * 513 * 16)
		assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
	else
		assert_int_equal(c.strategy_source, TXF_SOURCE_TUNED);
	assert_string_equal(txf_last_error(), "");

	/* Matmul: where the device's entry has a cost model for the type (the
	 * POCL entry, f32 and f64), the model chooses, not the file. */
	txf_matmul_choice mc;
	static const size_t model_shapes[][3] = {
	    {64, 64, 64}, {63, 64, 64}, {128, 128, 128}, {255, 255, 255}};
	for (size_t i = 0; i < sizeof model_shapes / sizeof model_shapes[0]; i++) {
		const size_t *d = model_shapes[i];
		assert_int_equal(txf_matmul_explain(ctx, d[0], d[1], d[2], TXF_F32, NULL, &mc),
		                 TXF_SUCCESS);
		assert_int_equal(mc.params_source, TXF_SOURCE_DEVICE);
		if (!strstr(mc.why, "cost model") ||
		    !strstr(mc.why, "the tuning file's entry (tuned matmul f32 ") ||
		    !strstr(mc.why, ") is not used here"))
			fail_msg("%zu x %zu x %zu: not the cost model's, or not said: %s", d[0],
			         d[1], d[2], mc.why);
	}
	/* Elsewhere: classes, and padcopy from the tuned size on for uneven
	 * shapes. */
	without_model(ctx);
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 64, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_string_equal(mc.entry, "tuned matmul f32 small-even");
	assert_int_equal(mc.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(mc.params_source, TXF_SOURCE_TUNED);
	assert_int_equal(txf_matmul_explain(ctx, 63, 64, 64, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_string_equal(mc.entry, "tuned matmul f32 small-uneven");
	assert_int_equal(mc.strategy, TXF_STRATEGY_SIMPLE);
	assert_int_equal(txf_matmul_explain(ctx, 128, 128, 128, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_string_equal(mc.entry, "tuned matmul f32 large-even");
	assert_int_equal(mc.strategy, TXF_STRATEGY_SPLIT);
	assert_int_equal(test_mparam(&mc, "mwg"), 64);
	assert_int_equal(test_mparam(&mc, "vwb"), 4);
	/* 127^3 is large (>= 1e6) but below padcopy_min (4e6); 255^3 is above. */
	assert_int_equal(txf_matmul_explain(ctx, 127, 127, 127, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_string_equal(mc.entry, "tuned matmul f32 large-uneven");
	assert_int_equal(mc.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(txf_matmul_explain(ctx, 255, 255, 255, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_string_equal(mc.entry, "tuned matmul f32 large-uneven");
	assert_int_equal(mc.strategy, TXF_STRATEGY_PADCOPY);
	/* Pack A, pack B, the product; the sum of K slices where there are. */
	assert_int_equal(mc.launches, 3 + (test_mparam(&mc, "ksplit") > 1));
	assert_non_null(strstr(mc.why, "padcopy from"));
	txf_matmul_options mo;
	txf_matmul_options_default(&mo);
	mo.strategy = TXF_STRATEGY_PAD;
	assert_int_equal(txf_matmul_explain(ctx, 255, 255, 255, TXF_F32, &mo, &mc), TXF_SUCCESS);
	assert_int_equal(mc.strategy_source, TXF_SOURCE_FORCED);

	/* The tuned choice runs and gives the exact transpose, here in a
	 * context that wraps the test context's objects (so the test buffers
	 * belong to it). */
	txf_context_release(&ctx);
	txf_context_options wo;
	txf_context_options_default(&wo);
	wo.cache_dir = cache;
	wo.binary_cache = 0;
	assert_int_equal(txf_context_wrap(&ctx, txf_context_cl_context(test_ctx),
	                                  txf_context_device(test_ctx), txf_context_queue(test_ctx),
	                                  &wo),
	                 TXF_SUCCESS);
	/* Split, the skinny kernel, the packed kernel. */
	static const struct {
		size_t rows, cols;
		txf_dtype dtype;
		const char *entry;
	} runs[] = {{65, 128, TXF_F32, "tuned transpose f32 small-uneven"},
	            {5, 1001, TXF_F32, "tuned transpose f32 few-rows"},
	            {77, 130, TXF_U8, "tuned transpose u8 large-uneven"}};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		const size_t rows = runs[i].rows, cols = runs[i].cols;
		const size_t es = txf_dtype_size(runs[i].dtype), bytes = rows * cols * es;
		assert_int_equal(txf_transpose_explain(ctx, rows, cols, runs[i].dtype, 0, NULL, &c),
		                 TXF_SUCCESS);
		assert_string_equal(c.entry, runs[i].entry);
		test_buffer in = test_buffer_new(bytes), out = test_buffer_new(bytes);
		unsigned char *h = malloc(bytes), *want = malloc(bytes), *got = malloc(bytes);
		test_fill_random(h, bytes);
		test_buffer_upload(&in, 0, h, bytes);
		test_host_transpose(h, TXF_ROW_MAJOR, cols, 0, want, TXF_ROW_MAJOR, rows, 0, rows,
		                    cols, es);
		txf_matrix vi = test_view(&in, runs[i].dtype, rows, cols, cols, 0, TXF_ROW_MAJOR);
		txf_matrix vo = test_view(&out, runs[i].dtype, cols, rows, rows, 0, TXF_ROW_MAJOR);
		cl_event ev = NULL;
		assert_int_equal(txf_transpose(ctx, &vi, &vo, NULL, 0, NULL, &ev), TXF_SUCCESS);
		test_wait(ev);
		txf_status rs = txf_matrix_read(ctx, &vo, got, 0, 1, 0, NULL, NULL);
		if (rs != TXF_SUCCESS)
			fail_msg("%s: %s", txf_status_name(rs), txf_last_error());
		assert_memory_equal(got, want, bytes);
		test_assert_guards(&out);
		test_buffer_free(&in);
		test_buffer_free(&out);
		free(h);
		free(want);
		free(got);
	}

	/* Turned off by option or environment: the built-in table. */
	txf_context_release(&ctx);
	txf_context_options o;
	txf_context_options_default(&o);
	o.cache_dir = cache;
	o.binary_cache = 0;
	o.tuning = 0;
	assert_int_equal(txf_context_create(&ctx, &o), TXF_SUCCESS);
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 64, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_int_not_equal(mc.strategy_source, TXF_SOURCE_TUNED);
	txf_context_release(&ctx);
	setenv("TXF_TUNING", "0", 1);
	ctx = open_ctx(NULL);
	unsetenv("TXF_TUNING");
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 64, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_int_not_equal(mc.strategy_source, TXF_SOURCE_TUNED);
	/* txf_tuning_set(NULL) stops consulting it. */
	txf_context_release(&ctx);
	ctx = open_ctx(NULL);
	without_model(ctx);
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 64, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_int_equal(mc.strategy_source, TXF_SOURCE_TUNED);
	assert_int_equal(txf_tuning_set(ctx, NULL), TXF_SUCCESS);
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 64, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_int_not_equal(mc.strategy_source, TXF_SOURCE_TUNED);
	txf_context_release(&ctx);
}

/* ------------------------------------------------------- corrupt files */

/* The valid text for this device, to corrupt. */
static char *valid_text(size_t *len)
{
	txf_context *ctx = open_ctx(NULL);
	txf_tuning *t = sample();
	assert_int_equal(txf_tuning_save(ctx, t), TXF_SUCCESS);
	txf_tuning_release(&t);
	char *text = read_text(path_of(ctx), len);
	txf_context_release(&ctx);
	return text;
}

/* A context over a file holding text (mode mode) must ignore it with a
 * warning naming the file, and AUTO must use the built-in table. */
static void expect_ignored(const char *path, const char *text, size_t len, mode_t mode,
                           const char *reason)
{
	if (text)
		write_text(path, text, len, mode);
	txf_context *ctx = NULL;
	char *err = capture_stderr(&ctx, path);
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(ctx, &st), TXF_SUCCESS);
	if (st.tuned || !strstr(err, "warning") || (reason && !strstr(err, reason)))
		fail_msg("file not ignored as it should be (want '%s'); stderr: %s",
		         reason ? reason : "", err);
	txf_choice c;
	assert_int_equal(txf_transpose_explain(ctx, 64, 128, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
	txf_matmul_choice mc;
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 64, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_int_not_equal(mc.strategy_source, TXF_SOURCE_TUNED);
	free(err);
	txf_context_release(&ctx);
}

/* text with the first occurrence of a replaced by b (malloc'd). */
static char *replace(const char *text, const char *a, const char *b)
{
	const char *at = strstr(text, a);
	assert_non_null(at);
	size_t n = strlen(text) + strlen(b) + 1;
	char *o = malloc(n);
	snprintf(o, n, "%.*s%s%s", (int)(at - text), text, b, at + strlen(a));
	return o;
}

static void test_corrupt_files(void **state)
{
	(void)state;
	size_t len;
	char *good = valid_text(&len);
	char path[512];
	snprintf(path, sizeof path, "%s/t.txt", cache);

	/* The file as written is used: the corruptions below are what fail. */
	write_text(path, good, len, 0600);
	txf_context *ctx = open_ctx(path);
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(ctx, &st), TXF_SUCCESS);
	assert_int_equal(st.tuned, 1);
	txf_context_release(&ctx);

	/* Truncated at a line end and in the middle of a line. */
	const char *end = strstr(good, "end ");
	expect_ignored(path, good, (size_t)(end - good), 0600, "truncated");
	expect_ignored(path, good, len - 1, 0600, "truncated");
	expect_ignored(path, good, len / 2, 0600, "truncated");
	expect_ignored(path, "", 0, 0600, "not a tuning file");

	static const char *const edits[][3] = {
	    {"txf-tuning 2", "txf-tuning 3", "format version 3"},
	    {"txf-tuning 2", "txf-tuning 1", "format version 1"},
	    {"txf-tuning 2", "not-a-tuning 2", "not a tuning file"},
	    {"library ", "library 9.9.9-", "library version"},
	    {"device ", "device other-", "not for this device"},
	    {"driver ", "driver 0.0-", "not for this device"},
	    {"tile=32", "tile=4096", "bad value"},
	    {"tile=32", "tile=-32", "bad value"},
	    {"tile=32", "tile=24", "bad value '24' for tile: transpose parameter tile = 24"},
	    {"wg_rows=8", "wg_rows=64", "power of two"},
	    {"stream=1", "stream=2", "bad value"},
	    {"stream=1", "stream=-1", "bad value '-1' for stream"},
	    {"stream=1", "stream=1 stream=1", "given twice"},
	    {"stream=1", "stream=1 stores=2", "bad value '2' for stores"},
	    {"stream=1", "stream=1 stores=-2", "bad value '-2' for stores"},
	    {"stream=1", "stream=1 stores=--1", "bad value '--1' for stores"},
	    {"wg_rows=4 skinny=1", "wg_rows=4 skinny=1 stores=-1", "stores=-1: the streaming"},
	    {"skinny=1", "skinny=2", "bad value"},
	    {"packed=1", "packed=1 packed=1", "given twice"},
	    {"wg_rows=4 skinny=1", "wg_rows=4 skinny=1 packed=1", "names one"},
	    {"entry transpose f32 few-rows", "entry transpose u8 small-even",
	     "few-rows and few-cols"},
	    {"entry transpose f32 few-cols", "entry transpose f32 few-wide", "unknown"},
	    {"tile=16 wg_rows=1 stream=1", "tile=32 wg_rows=1 stream=1", "streaming kernel"},
	    {"tile=16 wg_rows=1 stream=1", "tile=16 wg_rows=2 stream=1", "streaming kernel"},
	    {"strategy=pad tile=16 wg_rows=1 stream=1", "strategy=split tile=16 wg_rows=1 stream=1",
	     "streaming kernel"},
	    {"tile=8 wg_rows=8", "tile=8", "lacks field wg_rows"},
	    {"tile=8 wg_rows=8", "tile=8 wg_rows=8 segments=2", "unknown field 'segments'"},
	    {"strategy=split", "strategy=padcopy", "not padcopy"},
	    {"strategy=split", "strategy=warp", "bad value"},
	    {"ms=", "ms=nan", "bad value"},
	    {"large_from=", "large_from=-", "positive"},
	    {"padcopy_min=", "padcopy_min=inf", "padcopy_min"},
	    /* Matmul entries name each parameter (format 2): the seven
	     * required ones, the optional ones where they are not 0. */
	    {"vwa=2 vwb=2 shape", "vwa=2 shape", "lacks field vwb"},
	    {"mwg=32 nwg=32", "nwg=32", "lacks field mwg"},
	    {"vwa=2 vwb=2 shape", "vwa=2 vwb=2 vwb=2 shape", "given twice"},
	    {"vwa=2 vwb=2 shape", "vwa=2 vwb=2 vwc=2 shape", "unknown field 'vwc'"},
	    {"vwa=2 vwb=2 shape", "vwa=2 vwb=2 tile=8 shape", "unknown field 'tile'"},
	    {"mwg=32 nwg=32 kwg=16 mdimc=8 ndimc=8 vwa=2 vwb=2 shape",
	     "params=32,32,16,8,8,2,2 shape", "unknown field 'params'"},
	    {"vwa=2 vwb=2 shape", "vwa=2 vwb=2 ksplit=1025 shape", "bad value '1025' for ksplit"},
	    {"vwa=1 vwb=4 shape", "vwa=1 vwb=4 ksplit=3 shape", "needs strategy pad"},
	    {"mwg=32 nwg=32 kwg=16 mdimc=8 ndimc=8 vwa=2 vwb=2",
	     "mwg=512 nwg=512 kwg=512 mdimc=64 ndimc=128 vwa=8 vwb=8", "entry matmul f32"},
	    {"vwa=2 vwb=2 shape", "vwa=3 vwb=2 shape", "bad value '3' for vwa"},
	    {"mwg=32 nwg=32 kwg=16 mdimc=8 ndimc=8", "mwg=32 nwg=32 kwg=16 mdimc=8 ndimc=6",
	     "entry matmul f32"},
	    {"lbuf=2", "lbuf=5", "bad value"},
	    {"kgroups=2", "lbuf=3 kgroups=2", "it takes kgroups 1 (not 2)"},
	    {"wmap=2", "wmap=", "bad value"},
	    {"kgroups=2", "kgroups=9", "bad value"},
	    {"kgroups=2", "kgroups=2,2", "bad value"},
	    {"kgroups=2", "kgroups=2 kgroups=2", "given twice"},
	    {"kgroups=2", "kgroups=2 mma=5", "bad value"},
	    {"kgroups=2", "mma=3", "mma 3 "},
	    {"ndimc=8 vwa=2 vwb=2 ksplit=3", "ndimc=4 vwa=2 vwb=2 ksplit=3", "entry matmul f32"},
	    {"shape=", "shape=0x", "bad value"},
	    {"shape=", "shape=99999999999x", "bad value"},
	    {"entry transpose f32 small-even", "entry transpose f32 medium", "unknown"},
	    {"entry transpose f32", "entry transpose q7", "unknown"},
	    {"entry matmul", "entry gemv", "unknown"},
	    {"strategy=", "colour=red strategy=", "unknown field"},
	    {"limits matmul", "bogus matmul", "unknown line"},
	    {"end ", "end 1", "end says"},
	    {"end ", "end x", "expected 'end N'"},
	    {"\nend", "\nlimits transpose f32 large_from=1\nend", "given twice"},
	    {"\nend",
	     "\nentry transpose f32 small-even strategy=pad tile=8 wg_rows=8 "
	     "shape=8x8 ms=1\nend",
	     "given twice"},
	    {"mode ", "mode a\tb ", "control character"},
	    {"created", "created 1\ncreated", "given twice"},
	};
	for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
		char *bad = replace(good, edits[i][0], edits[i][1]);
		expect_ignored(path, bad, strlen(bad), 0600, edits[i][2]);
		free(bad);
	}
	/* A limits line missing for an operation with entries. */
	{
		const char *a = strstr(good, "limits matmul");
		const char *b = strchr(a, '\n') + 1;
		size_t n = strlen(good);
		char *bad = malloc(n + 32);
		snprintf(bad, n + 32, "%.*s%s", (int)(a - good), good, b);
		/* One line fewer for the end line's count. */
		const char *last = strstr(bad, "\nend ");
		assert_non_null(last);
		char was[32], now[32];
		const long lines = strtol(last + 5, NULL, 10);
		snprintf(was, sizeof was, "end %ld", lines);
		snprintf(now, sizeof now, "end %ld", lines - 1);
		char *fixed = replace(bad, was, now);
		expect_ignored(path, fixed, strlen(fixed), 0600, "no limits");
		free(bad);
		free(fixed);
	}
	/* Hostile bytes: a NUL, an endless line, binary noise, a huge file. */
	{
		char *bad = malloc(len + 1);
		memcpy(bad, good, len);
		bad[len / 3] = '\0';
		expect_ignored(path, bad, len, 0600, "NUL");
		free(bad);
		size_t big = 4096;
		char *line = malloc(big);
		memset(line, 'x', big);
		line[big - 1] = '\n';
		char *lng = malloc(len + big);
		memcpy(lng, "txf-tuning 2\n", 13);
		memcpy(lng + 13, line, big);
		expect_ignored(path, lng, 13 + big, 0600, "longer than");
		free(line);
		free(lng);
		unsigned char noise[2048];
		test_fill_random(noise, sizeof noise);
		expect_ignored(path, (const char *)noise, sizeof noise, 0600, "ignored");
		size_t huge = (2u << 20);
		char *h = malloc(huge);
		memset(h, '#', huge);
		expect_ignored(path, h, huge, 0600, "bytes");
		free(h);
	}
	/* Unsafe places: writable by others, a symbolic link, a directory,
	 * a directory others can write. */
	expect_ignored(path, good, len, 0666, "other users can write");
	{
		char target[512];
		snprintf(target, sizeof target, "%s/real.txt", cache);
		write_text(target, good, len, 0600);
		unlink(path);
		assert_int_equal(symlink(target, path), 0);
		expect_ignored(path, NULL, 0, 0, "symbolic link");
		unlink(path);
		assert_int_equal(mkdir(path, 0700), 0);
		expect_ignored(path, NULL, 0, 0, "not a regular file");
		rmdir(path);
		char open_dir[512], in_open[600];
		snprintf(open_dir, sizeof open_dir, "%s/open", cache);
		assert_int_equal(mkdir(open_dir, 0777), 0);
		assert_int_equal(chmod(open_dir, 0777), 0);
		snprintf(in_open, sizeof in_open, "%s/t.txt", open_dir);
		expect_ignored(in_open, good, len, 0600, "unsafe");
	}
	if (geteuid() == 0) {
		/* Another user's file. */
		write_text(path, good, len, 0600);
		assert_int_equal(chown(path, 65534, 65534), 0);
		expect_ignored(path, NULL, 0, 0, "belongs to user 65534");
		unlink(path);
	}
	free(good);
}

/* Every prefix of a valid file parses as an error, never as a tuning. */
static void test_every_truncation(void **state)
{
	(void)state;
	size_t len;
	char *good = valid_text(&len);
	txf__tuning_file *f = malloc(sizeof *f);
	char why[300];
	assert_int_equal(txf__tuning_parse(good, len, f, why, sizeof why), 0);
	for (size_t n = 0; n < len; n++) {
		if (txf__tuning_parse(good, n, f, why, sizeof why) == 0)
			fail_msg("a prefix of %zu of %zu bytes parsed", n, len);
	}
	/* And every single flipped byte is caught or harmless: it never
	 * crashes, and what parses still passes the device check. */
	txf_context *ctx = open_ctx(NULL);
	for (size_t i = 0; i < len; i++) {
		char saved = good[i];
		good[i] = (char)(saved ^ 0x5a);
		if (txf__tuning_parse(good, len, f, why, sizeof why) == 0)
			(void)txf__tuning_check(ctx, &f->tuning, why, sizeof why);
		good[i] = saved;
	}
	txf_context_release(&ctx);
	free(f);
	free(good);
}

/* ------------------------------------------------------ concurrent writers */

/* Child mode: save a variant of the sample tuning `rounds` times. */
static int writer_main(const char *dir, int variant, int rounds)
{
	txf_context_options o;
	txf_context_options_default(&o);
	o.cache_dir = dir;
	o.binary_cache = 0;
	txf_context *ctx = NULL;
	if (txf_context_create(&ctx, &o) != TXF_SUCCESS)
		return 3;
	txf_tuning *t = sample();
	char mode[16];
	snprintf(mode, sizeof mode, "writer%d", variant);
	set_mode(t, mode);
	for (int r = 0; r < rounds; r++) {
		txf_tuned e = entry_of(t, TXF_TUNE_MATMUL, TXF_F32, 0);
		e.median_ms = variant * 1000 + r;
		put_entry(t, TXF_TUNE_MATMUL, TXF_F32, 0, &e);
		if (txf_tuning_save(ctx, t) != TXF_SUCCESS)
			return 4;
	}
	txf_tuning_release(&t);
	txf_context_release(&ctx);
	return 0;
}

static void test_concurrent_writers(void **state)
{
	(void)state;
	enum { WRITERS = 4, ROUNDS = 200 };
	pid_t pids[WRITERS];
	for (int i = 0; i < WRITERS; i++) {
		char variant[16], rounds[16];
		snprintf(variant, sizeof variant, "%d", i + 1);
		snprintf(rounds, sizeof rounds, "%d", ROUNDS);
		char *argv[] = {(char *)self_exe, "--writer", cache, variant, rounds, NULL};
		assert_int_equal(posix_spawn(&pids[i], self_exe, NULL, NULL, argv, environ), 0);
	}
	/* Meanwhile, every read of the file sees a whole file. */
	txf_context *ctx = open_ctx(NULL);
	char path[1024];
	snprintf(path, sizeof path, "%s", path_of(ctx));
	txf__tuning_file *f = malloc(sizeof *f);
	unsigned reads = 0;
	for (int live = WRITERS; live > 0;) {
		size_t len;
		FILE *fp = fopen(path, "rb");
		if (fp) {
			char *buf = calloc(1, 1 << 16);
			len = fread(buf, 1, (1 << 16) - 1, fp);
			fclose(fp);
			char why[300];
			if (txf__tuning_parse(buf, len, f, why, sizeof why) != 0)
				fail_msg("a reader saw a broken file: %s", why);
			assert_int_equal(strncmp(txf_tuning_mode(&f->tuning), "writer", 6), 0);
			reads++;
			free(buf);
		}
		live = 0;
		for (int i = 0; i < WRITERS; i++) {
			if (!pids[i])
				continue;
			int ws;
			pid_t r = waitpid(pids[i], &ws, WNOHANG);
			if (r == 0) {
				live++;
				continue;
			}
			assert_int_equal(r, pids[i]);
			assert_true(WIFEXITED(ws));
			assert_int_equal(WEXITSTATUS(ws), 0);
			pids[i] = 0;
		}
	}
	(void)reads;
	/* The last file is whole and used; no temporary file is left. */
	txf_context_release(&ctx);
	ctx = open_ctx(NULL);
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(ctx, &st), TXF_SUCCESS);
	assert_int_equal(st.tuned, 1);
	txf_tuning *got = NULL;
	assert_int_equal(txf_tuning_get(ctx, &got), TXF_SUCCESS);
	assert_true(entry_of(got, TXF_TUNE_MATMUL, TXF_F32, 0).median_ms >= 1000 + ROUNDS - 1);
	txf_tuning_release(&got);
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "test $(ls -A '%s/tuning' | wc -l) -eq 1", cache);
	assert_int_equal(system(cmd), 0);
	free(f);
	txf_context_release(&ctx);
}

/* ------------------------------------------------------ merging saves */

/* Move the limits and entries of op and type d from src to dst (cleared
 * in dst when src has none). */
static void copy_group(txf_tuning *dst, const txf_tuning *src, txf_tune_op op, txf_dtype d)
{
	txf_tuning_limits l;
	bool has = txf_tuning_limits_get(src, op, d, &l) == TXF_SUCCESS;
	assert_int_equal(txf_tuning_limits_set(dst, op, d, has ? &l : NULL), TXF_SUCCESS);
	for (int c = 0; c < TXF_SIZE_CLASS_COUNT; c++) {
		txf_tuned e;
		has = txf_tuning_entry(src, op, d, (txf_size_class)c, &e) == TXF_SUCCESS;
		put_entry(dst, op, d, c, has ? &e : NULL);
	}
}

/* A transpose group for type d whose small-uneven entry has time ms. */
static void set_transpose_group(txf_tuning *t, txf_dtype d, double ms)
{
	put_limits(t, TXF_TUNE_TRANSPOSE, d, 1 << 20, 0);
	txf_tuned e = tuned_t(TXF_STRATEGY_SPLIT, 16, 4, 0, 509, 515, ms);
	put_entry(t, TXF_TUNE_TRANSPOSE, d, TXF_SMALL_UNEVEN, &e);
}

/* A copy of the tuning ctx consults (release it). */
static txf_tuning *tuning_of(txf_context *ctx)
{
	txf_tuning *t = NULL;
	assert_int_equal(txf_tuning_get(ctx, &t), TXF_SUCCESS);
	assert_non_null(t);
	return t;
}

/* What a new context reads from the file (release it). */
static txf_tuning *tuning_on_disk(void)
{
	txf_context *c = open_ctx(NULL);
	txf_tuning *t = tuning_of(c);
	txf_context_release(&c);
	return t;
}

/* The tuning a new context reads from the file, and the one ctx consults
 * (when not NULL), are want. */
static void assert_file_and_ctx(const txf_tuning *want, txf_context *ctx)
{
	txf_tuning *got = tuning_on_disk();
	assert_same_tuning(want, got);
	txf_tuning_release(&got);
	if (ctx) {
		got = tuning_of(ctx);
		assert_same_tuning(want, got);
		txf_tuning_release(&got);
	}
}

/* Contexts that read the file before each other's saves: each save keeps
 * the operations and types the others wrote and it did not change; what
 * it changed, cleared included, replaces the file's. */
static void test_saves_merge(void **state)
{
	(void)state;
	txf_tuning *full = sample();
	txf_context *a = open_ctx(NULL), *b = open_ctx(NULL), *c = open_ctx(NULL);
	/* a writes transpose f32, then b matmul f32: both are in the file. */
	txf_tuning *ta = tuning_of(a), *tb = tuning_of(b), *want = NULL;
	assert_int_equal(txf_tuning_create(&want), TXF_SUCCESS);
	set_mode(want, "b");
	copy_group(ta, full, TXF_TUNE_TRANSPOSE, TXF_F32);
	set_mode(ta, "a");
	assert_int_equal(txf_tuning_save(a, ta), TXF_SUCCESS);
	copy_group(tb, full, TXF_TUNE_MATMUL, TXF_F32);
	set_mode(tb, "b");
	assert_int_equal(txf_tuning_save(b, tb), TXF_SUCCESS);
	copy_group(want, full, TXF_TUNE_TRANSPOSE, TXF_F32);
	copy_group(want, full, TXF_TUNE_MATMUL, TXF_F32);
	/* The saving context uses what it wrote. */
	assert_file_and_ctx(want, b);

	/* c, which read nothing, writes matmul f64 with its stale (empty)
	 * view of the rest: the rest is kept. */
	txf_tuning *tc = tuning_of(c);
	copy_group(tc, full, TXF_TUNE_MATMUL, TXF_F64);
	set_mode(tc, "c");
	assert_int_equal(txf_tuning_save(c, tc), TXF_SUCCESS);
	copy_group(want, full, TXF_TUNE_MATMUL, TXF_F64);
	set_mode(want, "c");
	assert_file_and_ctx(want, NULL);

	/* a changes its entry; the groups it holds as it last saved them
	 * (none but its own) are the file's. */
	txf_tuning_release(&ta);
	ta = tuning_of(a);
	txf_tuned e = entry_of(ta, TXF_TUNE_TRANSPOSE, TXF_F32, 0);
	e.median_ms = 9.5;
	put_entry(ta, TXF_TUNE_TRANSPOSE, TXF_F32, 0, &e);
	set_mode(ta, "a2");
	assert_int_equal(txf_tuning_save(a, ta), TXF_SUCCESS);
	e = entry_of(want, TXF_TUNE_TRANSPOSE, TXF_F32, 0);
	e.median_ms = 9.5;
	put_entry(want, TXF_TUNE_TRANSPOSE, TXF_F32, 0, &e);
	set_mode(want, "a2");
	assert_file_and_ctx(want, NULL);

	/* A context that read matmul f32 clears it: it is gone, the rest is
	 * kept. */
	txf_context *d = open_ctx(NULL);
	txf_tuning *td = tuning_of(d);
	assert_same_tuning(want, td);
	copy_group(td, ta /* has no matmul f32 */, TXF_TUNE_MATMUL, TXF_F32);
	assert_false(has_limits(td, TXF_TUNE_MATMUL, TXF_F32));
	set_mode(td, "d");
	assert_int_equal(txf_tuning_save(d, td), TXF_SUCCESS);
	copy_group(want, ta, TXF_TUNE_MATMUL, TXF_F32);
	set_mode(want, "d");
	assert_file_and_ctx(want, NULL);
	/* b saves its view again unchanged but for the mode: its stale copy
	 * of matmul f32 (as b last wrote it) does not come back. */
	txf_tuning_release(&tb);
	tb = tuning_of(b);
	assert_true(has_limits(tb, TXF_TUNE_MATMUL, TXF_F32));
	set_mode(tb, "b2");
	assert_int_equal(txf_tuning_save(b, tb), TXF_SUCCESS);
	set_mode(want, "b2");
	assert_file_and_ctx(want, b);

	/* A file others could write is not merged from: its entries are
	 * dropped, and the file replaced by a private one. */
	char *path = strdup(path_of(a));
	assert_int_equal(chmod(path, 0660), 0);
	txf_context *ec = NULL;
	char *err = capture_stderr(&ec, NULL);
	assert_non_null(strstr(err, "other users can write it (mode 660)"));
	free(err);
	txf_tuning *te = test_tuning_blank("e");
	set_transpose_group(te, TXF_U8, 1.25);
	assert_int_equal(txf_tuning_save(ec, te), TXF_SUCCESS);
	struct stat sb;
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
	assert_file_and_ctx(te, NULL);
	free(path);
	txf_tuning *all[] = {full, ta, tb, tc, td, te, want};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		txf_tuning_release(&all[i]);
	txf_context_release(&ec);
	txf_context_release(&d);
	txf_context_release(&c);
	txf_context_release(&b);
	txf_context_release(&a);
}

/* Child mode: open a context, wait for stdin to close, then save `rounds`
 * times the tuning it holds with the transpose group of type d set (its
 * time index * 1000 + round), as txf tune does for the types it tunes. */
static int merger_main(const char *dir, int index, int rounds)
{
	txf_context_options o;
	txf_context_options_default(&o);
	o.cache_dir = dir;
	o.binary_cache = 0;
	txf_context *ctx = NULL;
	if (txf_context_create(&ctx, &o) != TXF_SUCCESS)
		return 3;
	/* Ready: the file is read. */
	if (write(1, "r", 1) != 1)
		return 6;
	char c;
	while (read(0, &c, 1) > 0)
		;
	static const txf_dtype types[] = {TXF_U8, TXF_I16, TXF_U32, TXF_I64, TXF_U16, TXF_I32};
	for (int r = 0; r < rounds; r++) {
		txf_tuning *t = NULL;
		if (txf_tuning_get(ctx, &t) != TXF_SUCCESS)
			return 4;
		set_transpose_group(t, types[index], index * 1000.0 + r);
		txf_status s = txf_tuning_save(ctx, t);
		txf_tuning_release(&t);
		if (s != TXF_SUCCESS) {
			fprintf(stderr, "merger %d: %s\n", index, txf_last_error());
			return 5;
		}
	}
	txf_context_release(&ctx);
	return 0;
}

/* Savers of different types in several processes at once, all started
 * from the same file: every one's entries survive, each with its last
 * round's time, beside what the file held before. */
static void test_concurrent_saves_merge(void **state)
{
	(void)state;
	enum { SAVERS = 6, ROUNDS = 40 };
	static const txf_dtype types[] = {TXF_U8, TXF_I16, TXF_U32, TXF_I64, TXF_U16, TXF_I32};
	txf_context *ctx = open_ctx(NULL);
	txf_tuning *full = sample();
	assert_int_equal(txf_tuning_save(ctx, full), TXF_SUCCESS);
	txf_tuning_release(&full);
	txf_context_release(&ctx);

	/* gate: the savers' stdin, closed to start them; ready: their
	 * stdout, one byte each once its context has read the file. */
	int gate[2], ready[2];
	assert_int_equal(pipe(gate), 0);
	assert_int_equal(pipe(ready), 0);
	posix_spawn_file_actions_t fa;
	assert_int_equal(posix_spawn_file_actions_init(&fa), 0);
	assert_int_equal(posix_spawn_file_actions_adddup2(&fa, gate[0], 0), 0);
	assert_int_equal(posix_spawn_file_actions_adddup2(&fa, ready[1], 1), 0);
	assert_int_equal(posix_spawn_file_actions_addclose(&fa, gate[1]), 0);
	assert_int_equal(posix_spawn_file_actions_addclose(&fa, ready[0]), 0);
	pid_t pids[SAVERS];
	for (int i = 0; i < SAVERS; i++) {
		char index[16], rounds[16];
		snprintf(index, sizeof index, "%d", i);
		snprintf(rounds, sizeof rounds, "%d", ROUNDS);
		char *argv[] = {(char *)self_exe, "--merger", cache, index, rounds, NULL};
		assert_int_equal(posix_spawn(&pids[i], self_exe, &fa, NULL, argv, environ), 0);
	}
	posix_spawn_file_actions_destroy(&fa);
	close(gate[0]);
	close(ready[1]);
	/* Each has read the file before any saves. */
	for (int got = 0; got < SAVERS;) {
		char buf[SAVERS];
		ssize_t r = read(ready[0], buf, sizeof buf);
		if (r < 0 && errno == EINTR)
			continue;
		assert_true(r > 0);
		got += (int)r;
	}
	close(ready[0]);
	close(gate[1]);
	for (int i = 0; i < SAVERS; i++) {
		int ws;
		assert_int_equal(waitpid(pids[i], &ws, 0), pids[i]);
		assert_true(WIFEXITED(ws));
		assert_int_equal(WEXITSTATUS(ws), 0);
	}
	txf_tuning *want = sample(), *got = tuning_on_disk();
	for (int i = 0; i < SAVERS; i++)
		set_transpose_group(want, types[i], i * 1000.0 + ROUNDS - 1);
	set_mode(want, txf_tuning_mode(got));
	assert_same_tuning(want, got);
	txf_tuning_release(&want);
	txf_tuning_release(&got);
	/* Nothing but the file is left in the directory. */
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "test $(ls -A '%s/tuning' | wc -l) -eq 1", cache);
	assert_int_equal(system(cmd), 0);
}

/* ------------------------------------------------------- the tuning API */

/* set_entry refuses what is not a tuned entry of op with
 * TXF_ERR_BAD_PARAM and a message naming the parameter, and leaves the
 * tuning as it was (the slot's entry, or its absence). */
static void expect_entry_refused(txf_tuning *t, txf_tune_op op, int c, const txf_tuned *e,
                                 const char *what)
{
	txf_tuning *before = sample();
	assert_same_tuning(before, t);
	txf_status s = txf_tuning_set_entry(t, op, TXF_F32, (txf_size_class)c, e);
	if (s != TXF_ERR_BAD_PARAM || !strstr(txf_last_error(), what))
		fail_msg("set_entry %s class %d: %s \"%s\", want TXF_ERR_BAD_PARAM naming '%s'",
		         txf_tune_op_name(op), c, txf_status_name(s), txf_last_error(), what);
	assert_same_tuning(before, t);
	/* An absent slot stays absent. */
	assert_int_equal(txf_tuning_set_entry(t, op, TXF_F16, (txf_size_class)c, e),
	                 TXF_ERR_BAD_PARAM);
	txf_tuned out;
	assert_int_equal(txf_tuning_entry(t, op, TXF_F16, (txf_size_class)c, &out),
	                 TXF_ERR_INVALID_ARG);
	txf_tuning_release(&before);
}

static void test_set_entry_refuses(void **state)
{
	(void)state;
	txf_tuning *t = sample();
	/* Unknown names: not a parameter, another operation's, one that is
	 * not tuned, none. */
	txf_tuned e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, 1);
	test_tuned_put(&e, "tiles", 16);
	expect_entry_refused(t, TXF_TUNE_TRANSPOSE, 1, &e, "\"tiles\"");
	e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, 1);
	test_tuned_put(&e, "mwg", 16);
	expect_entry_refused(t, TXF_TUNE_TRANSPOSE, 1, &e, "\"mwg\"");
	e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, 1);
	test_tuned_put(&e, "segments", 2);
	expect_entry_refused(t, TXF_TUNE_TRANSPOSE, 1, &e, "\"segments\"");
	e = entry_of(t, TXF_TUNE_MATMUL, TXF_F32, 2);
	test_tuned_put(&e, "tile", 16);
	expect_entry_refused(t, TXF_TUNE_MATMUL, 2, &e, "\"tile\"");
	e = entry_of(t, TXF_TUNE_MATMUL, TXF_F32, 2);
	e.params[e.num_params++] = (txf_param){NULL, 1};
	expect_entry_refused(t, TXF_TUNE_MATMUL, 2, &e, "(null)");
	/* Values out of range: above the maximum, not a power of two, below
	 * the least, negative. */
	static const struct {
		txf_tune_op op;
		const char *name;
		long long value;
	} bad[] = {
	    {TXF_TUNE_TRANSPOSE, "tile", 256},   {TXF_TUNE_TRANSPOSE, "tile", 24},
	    {TXF_TUNE_TRANSPOSE, "tile", 2},     {TXF_TUNE_TRANSPOSE, "wg_rows", 3},
	    {TXF_TUNE_TRANSPOSE, "stream", 2},   {TXF_TUNE_TRANSPOSE, "stream", -1},
	    {TXF_TUNE_TRANSPOSE, "tile", -8},    {TXF_TUNE_TRANSPOSE, "skinny", 2},
	    {TXF_TUNE_TRANSPOSE, "skinny", -1},  {TXF_TUNE_TRANSPOSE, "packed", 3},
	    {TXF_TUNE_MATMUL, "mwg", 513},       {TXF_TUNE_MATMUL, "vwa", 3},
	    {TXF_TUNE_MATMUL, "vwb", 32},        {TXF_TUNE_MATMUL, "ksplit", 1025},
	    {TXF_TUNE_MATMUL, "lbuf", 5},        {TXF_TUNE_MATMUL, "mma", 5},
	    {TXF_TUNE_MATMUL, "kgroups", 9},     {TXF_TUNE_MATMUL, "wmap", -1},
	    {TXF_TUNE_MATMUL, "kwg", 1LL << 40},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		e = entry_of(t, bad[i].op, TXF_F32, 3);
		test_tuned_put(&e, bad[i].name, bad[i].value);
		expect_entry_refused(t, bad[i].op, 3, &e, bad[i].name);
	}
	/* Each required parameter left out. */
	for (size_t i = 0; i < txf_param_count(); i++) {
		const txf_param_info *pi = txf_param_at(i);
		if (pi->tuned != 2)
			continue;
		txf_tune_op op =
		    strcmp(pi->operation, "matmul") == 0 ? TXF_TUNE_MATMUL : TXF_TUNE_TRANSPOSE;
		txf_tuned full = entry_of(t, op, TXF_F32, 0), less = full;
		less.num_params = 0;
		for (unsigned j = 0; j < full.num_params; j++)
			if (strcmp(full.params[j].name, pi->name) != 0)
				less.params[less.num_params++] = full.params[j];
		assert_int_equal(less.num_params + 1, full.num_params);
		expect_entry_refused(t, op, 0, &less, pi->name);
	}
	/* More parameters than a list holds. */
	e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, 0);
	e.num_params = TXF_MAX_PARAMS + 1;
	expect_entry_refused(t, TXF_TUNE_TRANSPOSE, 0, &e, "num_params");
	/* Unknown slots; NULL. */
	e = entry_of(t, TXF_TUNE_TRANSPOSE, TXF_F32, 0);
	assert_int_equal(txf_tuning_set_entry(t, TXF_TUNE_OP_COUNT, TXF_F32, TXF_SMALL_EVEN, &e),
	                 TXF_ERR_INVALID_ARG);
	assert_int_equal(
	    txf_tuning_set_entry(t, TXF_TUNE_TRANSPOSE, TXF_DTYPE_COUNT, TXF_SMALL_EVEN, &e),
	    TXF_ERR_BAD_DTYPE);
	assert_int_equal(
	    txf_tuning_set_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, TXF_SIZE_CLASS_COUNT, &e),
	    TXF_ERR_INVALID_ARG);
	assert_int_equal(txf_tuning_set_entry(NULL, TXF_TUNE_TRANSPOSE, TXF_F32, 0, &e),
	                 TXF_ERR_NULL_ARG);
	txf_tuning *before = sample();
	assert_same_tuning(before, t);
	/* What it takes: a value at the ends of the range, the optional ones
	 * given as 0; NULL removes. */
	e = entry_of(t, TXF_TUNE_MATMUL, TXF_F32, 1);
	test_tuned_put(&e, "kgroups", 8);
	test_tuned_put(&e, "ksplit", 0);
	put_entry(t, TXF_TUNE_MATMUL, TXF_F32, 1, &e);
	txf_tuned got = entry_of(t, TXF_TUNE_MATMUL, TXF_F32, 1);
	assert_int_equal(test_tparam(&got, "kgroups"), 8);
	assert_same_tuned(TXF_TUNE_MATMUL, &e, &got);
	put_entry(t, TXF_TUNE_MATMUL, TXF_F32, 1, NULL);
	assert_int_equal(txf_tuning_entry(t, TXF_TUNE_MATMUL, TXF_F32, TXF_SMALL_UNEVEN, &got),
	                 TXF_ERR_INVALID_ARG);
	txf_tuning_release(&before);
	txf_tuning_release(&t);
}

/* txf_tuning_entry on an absent slot: TXF_ERR_INVALID_ARG, naming it, and
 * nothing written. */
static void test_entry_absent(void **state)
{
	(void)state;
	txf_tuning *t = sample();
	static const struct {
		txf_tune_op op;
		txf_dtype d;
		txf_size_class c;
		const char *name;
	} absent[] = {
	    {TXF_TUNE_MATMUL, TXF_F64, TXF_LARGE_UNEVEN, "matmul f64 large-uneven"},
	    {TXF_TUNE_TRANSPOSE, TXF_U8, TXF_SMALL_EVEN, "transpose u8 small-even"},
	    {TXF_TUNE_MATMUL, TXF_C128, TXF_SMALL_EVEN, "matmul c128 small-even"},
	};
	for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
		txf_tuned out, poison;
		memset(&out, 0xA5, sizeof out);
		memcpy(&poison, &out, sizeof out);
		assert_int_equal(txf_tuning_entry(t, absent[i].op, absent[i].d, absent[i].c, &out),
		                 TXF_ERR_INVALID_ARG);
		assert_non_null(strstr(txf_last_error(), absent[i].name));
		assert_memory_equal(&out, &poison, sizeof out);
	}
	/* An empty tuning has none; limits likewise. */
	txf_tuning *empty = NULL;
	assert_int_equal(txf_tuning_create(&empty), TXF_SUCCESS);
	txf_tuned out, poison;
	memset(&out, 0xA5, sizeof out);
	memcpy(&poison, &out, sizeof out);
	assert_int_equal(txf_tuning_entry(empty, TXF_TUNE_TRANSPOSE, TXF_F32, TXF_SMALL_EVEN, &out),
	                 TXF_ERR_INVALID_ARG);
	assert_memory_equal(&out, &poison, sizeof out);
	txf_tuning_limits l, lp;
	memset(&l, 0xA5, sizeof l);
	memcpy(&lp, &l, sizeof l);
	assert_int_equal(txf_tuning_limits_get(empty, TXF_TUNE_MATMUL, TXF_F32, &l),
	                 TXF_ERR_INVALID_ARG);
	assert_non_null(strstr(txf_last_error(), "matmul f32"));
	assert_memory_equal(&l, &lp, sizeof l);
	assert_string_equal(txf_tuning_mode(empty), "");
	assert_string_equal(txf_tuning_created(empty), "");
	assert_int_equal(txf_tuning_entry(NULL, TXF_TUNE_TRANSPOSE, TXF_F32, 0, &out),
	                 TXF_ERR_NULL_ARG);
	assert_int_equal(txf_tuning_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, 0, NULL),
	                 TXF_ERR_NULL_ARG);
	/* txf_tuning_release clears the pointer, and takes NULL. */
	txf_tuning_release(&empty);
	assert_null(empty);
	txf_tuning_release(&empty);
	txf_tuning_release(NULL);
	txf_tuning_release(&t);
}

/* Limits that are not numbers, negative or (large_from) 0 are refused, and
 * the limits before stay. */
static void test_limits_set_refuses(void **state)
{
	(void)state;
	txf_tuning *t = sample();
	static const struct {
		txf_tune_op op;
		double large_from, padcopy_min;
	} bad[] = {
	    {TXF_TUNE_MATMUL, NAN, 4e6},      {TXF_TUNE_MATMUL, 1e6, NAN},
	    {TXF_TUNE_MATMUL, -1e6, 4e6},     {TXF_TUNE_MATMUL, 1e6, -1},
	    {TXF_TUNE_MATMUL, 0, 4e6},        {TXF_TUNE_MATMUL, INFINITY, 4e6},
	    {TXF_TUNE_MATMUL, 1e6, INFINITY}, {TXF_TUNE_TRANSPOSE, NAN, 0},
	    {TXF_TUNE_TRANSPOSE, -0.5, 0},    {TXF_TUNE_TRANSPOSE, -INFINITY, 0},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		txf_tuning_limits l;
		memset(&l, 0, sizeof l);
		l.large_from = bad[i].large_from;
		l.padcopy_min = bad[i].padcopy_min;
		/* A type with limits, and one without. */
		assert_int_equal(txf_tuning_limits_set(t, bad[i].op, TXF_F32, &l),
		                 TXF_ERR_INVALID_ARG);
		assert_non_null(strstr(txf_last_error(), "large_from"));
		assert_int_equal(txf_tuning_limits_set(t, bad[i].op, TXF_U32, &l),
		                 TXF_ERR_INVALID_ARG);
		assert_false(has_limits(t, bad[i].op, TXF_U32));
	}
	txf_tuning *before = sample();
	assert_same_tuning(before, t);
	txf_tuning_limits l;
	assert_int_equal(txf_tuning_limits_get(t, TXF_TUNE_MATMUL, TXF_F32, &l), TXF_SUCCESS);
	assert_true(l.large_from == 1e6 && l.padcopy_min == 4e6);
	/* 0 is a padcopy_min (never), and a transpose keeps none. */
	put_limits(t, TXF_TUNE_MATMUL, TXF_F32, 2.5, 0);
	assert_int_equal(txf_tuning_limits_get(t, TXF_TUNE_MATMUL, TXF_F32, &l), TXF_SUCCESS);
	assert_true(l.large_from == 2.5 && l.padcopy_min == 0);
	put_limits(t, TXF_TUNE_TRANSPOSE, TXF_U16, 7, 9);
	assert_int_equal(txf_tuning_limits_get(t, TXF_TUNE_TRANSPOSE, TXF_U16, &l), TXF_SUCCESS);
	assert_true(l.large_from == 7 && l.padcopy_min == 0);
	assert_int_equal(txf_tuning_limits_set(t, TXF_TUNE_TRANSPOSE, TXF_U16, NULL), TXF_SUCCESS);
	assert_false(has_limits(t, TXF_TUNE_TRANSPOSE, TXF_U16));
	assert_int_equal(txf_tuning_limits_set(NULL, TXF_TUNE_MATMUL, TXF_F32, &l),
	                 TXF_ERR_NULL_ARG);
	txf_tuning_release(&before);
	txf_tuning_release(&t);
}

/* Mode and time longer than the file keeps, or not printable, are
 * refused and the ones before stay; NULL clears. */
static void test_set_info_refuses(void **state)
{
	(void)state;
	txf_tuning *t = test_tuning_blank("quick");
	const char *created = "2026-11-21T12:00:00Z";
	assert_string_equal(txf_tuning_mode(t), "quick");
	assert_string_equal(txf_tuning_created(t), created);
	static const char *const bad_modes[] = {"0123456789abcdef", "a much longer mode name",
	                                        "tab\there", "new\nline"};
	for (size_t i = 0; i < sizeof bad_modes / sizeof bad_modes[0]; i++) {
		assert_int_equal(txf_tuning_set_info(t, bad_modes[i], "x"), TXF_ERR_INVALID_ARG);
		assert_non_null(strstr(txf_last_error(), "15"));
		assert_string_equal(txf_tuning_mode(t), "quick");
		assert_string_equal(txf_tuning_created(t), created);
	}
	char longtime[40];
	memset(longtime, '9', 32);
	longtime[32] = '\0';
	assert_int_equal(txf_tuning_set_info(t, "full", longtime), TXF_ERR_INVALID_ARG);
	assert_non_null(strstr(txf_last_error(), "31"));
	assert_string_equal(txf_tuning_mode(t), "quick");
	assert_string_equal(txf_tuning_created(t), created);
	/* The longest the file keeps, then NULL. */
	longtime[31] = '\0';
	assert_int_equal(txf_tuning_set_info(t, "0123456789abcde", longtime), TXF_SUCCESS);
	assert_string_equal(txf_tuning_mode(t), "0123456789abcde");
	assert_string_equal(txf_tuning_created(t), longtime);
	assert_int_equal(txf_tuning_set_info(t, NULL, NULL), TXF_SUCCESS);
	assert_string_equal(txf_tuning_mode(t), "");
	assert_string_equal(txf_tuning_created(t), "");
	assert_int_equal(txf_tuning_set_info(NULL, "x", "y"), TXF_ERR_NULL_ARG);
	assert_string_equal(txf_tuning_mode(NULL), "");
	txf_tuning_release(&t);
}

/* An entry given to set_entry, saved, read by a new context from the file
 * and taken out with txf_tuning_entry is the entry given: every tuned
 * parameter, the optional ones included, in any order. */
static void test_entry_round_trip(void **state)
{
	(void)state;
	txf_tuning *t = test_tuning_blank("rt");
	put_limits(t, TXF_TUNE_MATMUL, TXF_F32, 1e6, 4e6);
	put_limits(t, TXF_TUNE_TRANSPOSE, TXF_F32, 1 << 20, 0);
	/* Parameters in the reverse of the registry's order, optional ones
	 * set and (lbuf) given as 0. */
	txf_tuned m;
	memset(&m, 0, sizeof m);
	m.strategy = TXF_STRATEGY_PAD;
	static const struct {
		const char *name;
		long long value;
	} mp[] = {{"kgroups", 2}, {"wmap", 1},  {"lbuf", 0}, {"ksplit", 2}, {"vwb", 2}, {"vwa", 2},
	          {"ndimc", 8},   {"mdimc", 8}, {"kwg", 16}, {"nwg", 32},   {"mwg", 32}};
	for (size_t i = 0; i < sizeof mp / sizeof mp[0]; i++)
		test_tuned_put(&m, mp[i].name, mp[i].value);
	m.shape[0] = 100;
	m.shape[1] = 200;
	m.shape[2] = 300;
	m.median_ms = 0.375;
	put_entry(t, TXF_TUNE_MATMUL, TXF_F32, TXF_LARGE_UNEVEN, &m);
	txf_tuned tr = tuned_t(TXF_STRATEGY_PAD, 16, 1, 1, 1000, 999, 2.5);
	put_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, TXF_LARGE_EVEN, &tr);

	txf_context *a = open_ctx(NULL);
	assert_int_equal(txf_tuning_save(a, t), TXF_SUCCESS);
	txf_context_release(&a);
	txf_context *b = open_ctx(NULL);
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(b, &st), TXF_SUCCESS);
	assert_int_equal(st.tuned, 1);
	txf_tuning *got = tuning_of(b);
	txf_tuned gm = entry_of(got, TXF_TUNE_MATMUL, TXF_F32, TXF_LARGE_UNEVEN);
	assert_same_tuned(TXF_TUNE_MATMUL, &m, &gm);
	/* Each parameter it lists once, by the registry's names; lbuf (0) is
	 * left out. */
	assert_int_equal(gm.num_params, 10);
	for (unsigned i = 0; i < gm.num_params; i++) {
		assert_string_not_equal(gm.params[i].name, "lbuf");
		for (unsigned j = 0; j < i; j++)
			assert_string_not_equal(gm.params[i].name, gm.params[j].name);
	}
	txf_tuned gt = entry_of(got, TXF_TUNE_TRANSPOSE, TXF_F32, TXF_LARGE_EVEN);
	assert_same_tuned(TXF_TUNE_TRANSPOSE, &tr, &gt);
	assert_int_equal(test_tparam(&gt, "stream"), 1);
	assert_same_tuning(t, got);
	txf_tuning_release(&got);
	txf_tuning_release(&t);
	txf_context_release(&b);
}

/* A file of format 1 (matmul entries with params=a,b,c,...), as the
 * library before 0.2.0 wrote it, is ignored with a warning. */
/* The matmul entry's set i with mwg x nwg blocks, or -1. */
static int model_set(txf_context *ctx, unsigned mwg, unsigned nwg, unsigned kvec)
{
	const txf__matmul_entry *e = txf__matmul_entry_for(&ctx->profile);
	for (int i = 0; i < TXF__MCOST_SETS && e->cost_f32[i].p.mwg; i++)
		if (e->cost_f32[i].p.mwg == mwg && e->cost_f32[i].p.nwg == nwg &&
		    (e->cost_f32[i].p.kvec ? e->cost_f32[i].p.kvec : 1) == kvec)
			return i;
	return -1;
}

/* txf_tuning_calibrate: refusals that change nothing, every set of POCL's
 * f32 model timed, the scales saved and read back, and AUTO weighing the
 * sets by them. */
static void test_calibrated_model(void **state)
{
	(void)state;
	txf_context *ctx = open_ctx(NULL);
	txf_tuning *t = test_tuning_blank("test");
	txf_tuning *blank = test_tuning_blank("test");
	double sc[TXF__MCOST_SETS + 4];
	size_t count = 99;
	assert_int_equal(txf_tuning_calibrate(NULL, t, TXF_F32, NULL, 0, NULL), TXF_ERR_NULL_ARG);
	assert_int_equal(txf_tuning_calibrate(ctx, NULL, TXF_F32, NULL, 0, NULL), TXF_ERR_NULL_ARG);
	assert_int_equal(txf_tuning_calibrate(ctx, t, TXF_F32, NULL, 3, &count), TXF_ERR_NULL_ARG);
	assert_int_equal(txf_tuning_calibrate(ctx, t, TXF_U8, sc, 4, &count), TXF_ERR_BAD_DTYPE);
	assert_non_null(strstr(txf_last_error(), "f32 and f64"));
	assert_int_equal(txf_tuning_calibrate(ctx, t, TXF_F16, sc, 4, &count), TXF_ERR_BAD_DTYPE);
	/* A device whose entry has no cost model. */
	without_model(ctx);
	assert_int_equal(txf_tuning_calibrate(ctx, t, TXF_F32, sc, 4, &count),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "no cost model"));
	assert_int_equal(count, 99);
	assert_memory_equal(t, blank, sizeof *t);
	txf_context_release(&ctx);

	/* The device the model's rates were measured on is not calibrated
	 * against itself. */
	ctx = open_ctx(NULL);
	const txf__matmul_entry *e = txf__matmul_entry_for(&ctx->profile);
	assert_non_null(e->model_devices[0]);
	snprintf(ctx->profile.normalized_name, sizeof ctx->profile.normalized_name, "%s 9B45",
	         e->model_devices[0]);
	assert_int_equal(txf_tuning_calibrate(ctx, t, TXF_F32, sc, 4, &count),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "measured on this kind of device"));
	assert_memory_equal(t, blank, sizeof *t);

	/* Any other (named so here, as CI may run on that kind of device):
	 * every set of POCL's f32 model fits the device and gets a scale, in
	 * the model's order, within its bounds. */
	snprintf(ctx->profile.normalized_name, sizeof ctx->profile.normalized_name,
	         "test-cpu-Other Vendor");
	size_t sets = 0;
	while (sets < TXF__MCOST_SETS && e->cost_f32[sets].p.mwg)
		sets++;
	assert_true(sets >= 8);
	for (size_t i = 0; i < sizeof sc / sizeof sc[0]; i++)
		sc[i] = -1;
	assert_int_equal(txf_tuning_calibrate(ctx, t, TXF_F32, sc, 3, &count), TXF_SUCCESS);
	assert_int_equal(count, sets);
	assert_true(sc[0] > 0 && sc[2] > 0 && sc[3] == -1);
	assert_int_equal(txf_tuning_calibrate(ctx, t, TXF_F32, sc, TXF__MCOST_SETS + 4, &count),
	                 TXF_SUCCESS);
	for (size_t i = 0; i < sets; i++) {
		const txf__model_scale *m = &t->model[TXF_F32][i];
		assert_true(m->valid);
		assert_int_equal(m->mwg, e->cost_f32[i].p.mwg);
		assert_int_equal(m->nwg, e->cost_f32[i].p.nwg);
		assert_true(isfinite(m->scale) && m->scale >= 1.0 / TXF__SCALE_MAX &&
		            m->scale <= TXF__SCALE_MAX);
		assert_true(sc[i] == m->scale);
	}
	assert_true(sc[sets] == -1);
	assert_false(t->model[TXF_F64][0].valid);
	/* Small and skinny blocks (those summing along K among them) share
	 * the median of the others' scales. */
	const int k1 = model_set(ctx, 128, 1, 16), b8 = model_set(ctx, 8, 8, 1);
	assert_true(k1 >= 0 && b8 >= 0);
	assert_true(t->model[TXF_F32][k1].scale == t->model[TXF_F32][b8].scale);
	double own[4];
	const unsigned sides[4][2] = {{128, 64}, {64, 32}, {32, 64}, {32, 32}};
	for (int i = 0; i < 4; i++) {
		const int at = model_set(ctx, sides[i][0], sides[i][1], 1);
		assert_true(at >= 0);
		own[i] = t->model[TXF_F32][at].scale;
	}
	for (int i = 0; i < 4; i++) /* sorted, for the median */
		for (int j = i + 1; j < 4; j++)
			if (own[j] < own[i]) {
				const double x = own[i];
				own[i] = own[j];
				own[j] = x;
			}
	assert_true(fabs(t->model[TXF_F32][k1].scale / sqrt(own[1] * own[2]) - 1) < 1e-3);

	/* A measured factor over the one the entry's own devices gave, within
	 * the bounds, to four digits. */
	txf__mcost ref = {.calib = 1.35};
	assert_true(txf__calibrated(&ref, 1.35) == 1.0);
	assert_true(txf__calibrated(&ref, 0.675) == 0.5);
	assert_true(txf__calibrated(&ref, 1000) == TXF__SCALE_MAX);
	assert_true(txf__calibrated(&ref, 1e-4) == 1.0 / TXF__SCALE_MAX);
	ref.calib = 0;
	assert_true(txf__calibrated(&ref, 0.123456) == 0.1235);
	const txf__matmul_entry *nv = txf__matmul_entry_for(
	    &(txf_device_profile){.vendor = TXF_VENDOR_NVIDIA, .kind = TXF_DEVICE_GPU});
	assert_string_equal(nv->name, "nvidia-gpu");
	assert_true(nv->cost_f32[3].p.mwg > 0);
	for (int i = 0; i < TXF__MCOST_SETS && nv->cost_f32[i].p.mwg; i++)
		assert_true(nv->cost_f32[i].calib > 0.5 && nv->cost_f32[i].calib < 2);

	/* Saved, the scales are model lines; a new context reads them back
	 * and its why says the rates are calibrated. */
	assert_int_equal(txf_tuning_save(ctx, t), TXF_SUCCESS);
	txf_context_release(&ctx);
	ctx = open_ctx(NULL);
	size_t len;
	char *text = read_text(path_of(ctx), &len);
	assert_non_null(strstr(text, "\nmodel matmul f32 mwg=128 nwg=64 kwg=256 vwa=8 vwb=16 "
	                             "kvec=1 scale="));
	assert_non_null(strstr(text, " kvec=16 scale="));
	free(text);
	txf_tuning *got = NULL;
	assert_int_equal(txf_tuning_get(ctx, &got), TXF_SUCCESS);
	for (size_t i = 0; i < TXF__MODEL_SCALES; i++) { /* (the structs have padding) */
		const txf__model_scale *x = &got->model[TXF_F32][i], *y = &t->model[TXF_F32][i];
		assert_int_equal(x->valid, y->valid);
		assert_int_equal(x->mwg, y->mwg);
		assert_int_equal(x->nwg, y->nwg);
		assert_int_equal(x->kwg, y->kwg);
		assert_int_equal(x->vwa, y->vwa);
		assert_int_equal(x->vwb, y->vwb);
		assert_int_equal(x->kvec, y->kvec);
		assert_true(x->scale == y->scale);
		assert_false(got->model[TXF_F64][i].valid);
	}
	txf_tuning_release(&got);
	txf_matmul_choice mc;
	assert_int_equal(txf_matmul_explain(ctx, 500, 500, 500, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_non_null(strstr(mc.why, "rates as calibrated on this device"));

	/* The model weighs the sets by the scales: 16 x 16 blocks, far from
	 * the model's choice for 512^3 with the built-in rates, are chosen
	 * where the others run 32 times slower and they 32 times faster. */
	const int small = model_set(ctx, 16, 16, 1);
	assert_true(small >= 0);
	assert_int_equal(txf_tuning_set(ctx, NULL), TXF_SUCCESS);
	assert_int_equal(txf_matmul_explain(ctx, 512, 512, 512, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_int_not_equal(test_mparam(&mc, "mwg"), 16);
	assert_non_null(strstr(mc.why, "measured rates"));
	for (size_t i = 0; i < sets; i++)
		t->model[TXF_F32][i].scale =
		    (int)i == small ? TXF__SCALE_MAX : 1.0 / TXF__SCALE_MAX;
	assert_int_equal(txf_tuning_set(ctx, t), TXF_SUCCESS);
	assert_int_equal(txf_matmul_explain(ctx, 512, 512, 512, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mwg"), 16);
	assert_int_equal(test_mparam(&mc, "nwg"), 16);
	/* A tuning with scales for some of the sets (one calibrated before
	 * the entry had the others): the rest take the median of those, so
	 * that the device's speed moves every set. */
	for (size_t i = 0; i < sets; i++) {
		t->model[TXF_F32][i].valid = i < 4;
		t->model[TXF_F32][i].scale = 0.5 + 0.1 * (double)i;
	}
	assert_int_equal(txf_tuning_set(ctx, t), TXF_SUCCESS);
	double part[TXF__MCOST_SETS];
	assert_int_equal(txf__tuning_model_scales(ctx, 4, e->cost_f32, part), 4);
	for (size_t i = 0; i < sets; i++)
		assert_true(fabs(part[i] - (i < 4 ? 0.5 + 0.1 * (double)i : sqrt(0.6 * 0.7))) <
		            1e-12);
	t->model[TXF_F32][4].valid = true;
	assert_int_equal(txf_tuning_set(ctx, t), TXF_SUCCESS);
	assert_int_equal(txf__tuning_model_scales(ctx, 4, e->cost_f32, part), 5);
	for (size_t i = 5; i < sets; i++)
		assert_true(fabs(part[i] - 0.7) < 1e-12);
	assert_int_equal(txf_tuning_set(ctx, NULL), TXF_SUCCESS);
	assert_int_equal(txf__tuning_model_scales(ctx, 4, e->cost_f32, part), 0);
	for (size_t i = 0; i < sets; i++)
		assert_true(part[i] == 1.0);
	for (size_t i = 0; i < sets; i++)
		t->model[TXF_F32][i].valid = true;
	/* A scale for a set the model does not have is not used. */
	for (size_t i = 0; i < sets; i++)
		t->model[TXF_F32][i].mwg += 1000;
	assert_int_equal(txf_tuning_set(ctx, t), TXF_SUCCESS);
	assert_int_equal(txf_matmul_explain(ctx, 512, 512, 512, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_int_not_equal(test_mparam(&mc, "mwg"), 16);
	assert_non_null(strstr(mc.why, "measured rates"));
	txf_context_release(&ctx);
	txf_tuning_release(&t);
	txf_tuning_release(&blank);
}

/* Model lines a file cannot hold: each makes the whole file ignored. */
static void test_bad_model_lines(void **state)
{
	(void)state;
	size_t len;
	char *good = valid_text(&len);
	char path[512];
	snprintf(path, sizeof path, "%s/t.txt", cache);
	const char *end = strstr(good, "\nend ");
	assert_non_null(end);
	unsigned lines = 0;
	assert_int_equal(sscanf(end + 5, "%u", &lines), 1);
	static const char *const bad_lines[][2] = {
	    {"model matmul f32 mwg=128 nwg=64 kwg=256 vwa=8 vwb=16 kvec=1 scale=40", "bad value"},
	    {"model matmul f32 mwg=128 nwg=64 kwg=256 vwa=8 vwb=16 kvec=1 scale=0.01", "bad value"},
	    {"model matmul f32 mwg=128 nwg=64 kwg=256 vwa=8 vwb=16 kvec=1 scale=nan", "bad value"},
	    {"model matmul f32 mwg=0 nwg=64 kwg=256 vwa=8 vwb=16 kvec=1 scale=1", "bad value"},
	    {"model matmul f32 mwg=128 nwg=64 kwg=256 vwa=8 vwb=16 scale=1", "model needs"},
	    {"model matmul f32 nwg=64 mwg=128 kwg=256 vwa=8 vwb=16 kvec=1 scale=1",
	     "expected mwg="},
	    {"model matmul u8 mwg=128 nwg=64 kwg=256 vwa=8 vwb=16 kvec=1 scale=1", "f4 or f8"},
	    {"model transpose f32 mwg=128 nwg=64 kwg=256 vwa=8 vwb=16 kvec=1 scale=1",
	     "model needs"},
	    {"model matmul f32 mwg=128 nwg=64 kwg=256 vwa=8 vwb=16 kvec=1 scale=1\n"
	     "model matmul f32 mwg=128 nwg=64 kwg=256 vwa=8 vwb=16 kvec=1 scale=2",
	     "given twice"},
	};
	char *text = malloc(len + 512);
	for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++) {
		const unsigned extra = strchr(bad_lines[i][0], '\n') ? 2 : 1;
		int n = snprintf(text, len + 512, "%.*s\n%s\nend %u\n", (int)(end - good), good,
		                 bad_lines[i][0], lines + extra);
		expect_ignored(path, text, (size_t)n, 0600, bad_lines[i][1]);
	}
	/* A good one is read. */
	int n = snprintf(text, len + 512,
	                 "%.*s\nmodel matmul f32 mwg=7 nwg=64 kwg=256 vwa=8 vwb=16 kvec=1 "
	                 "scale=0.5\nend %u\n",
	                 (int)(end - good), good, lines + 1);
	write_text(path, text, (size_t)n, 0600);
	txf_context *ctx = open_ctx(path);
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(ctx, &st), TXF_SUCCESS);
	assert_int_equal(st.tuned, 1);
	txf_context_release(&ctx);
	free(text);
	free(good);
}

static void test_format1_ignored(void **state)
{
	(void)state;
	size_t len;
	char *good = valid_text(&len);
	char path[512];
	snprintf(path, sizeof path, "%s/t.txt", cache);
	char *v1 = replace(good, "txf-tuning 2", "txf-tuning 1");
	static const char *const lines[][2] = {
	    {"mwg=32 nwg=32 kwg=16 mdimc=8 ndimc=8 vwa=2 vwb=2 shape=64x96x128",
	     "params=32,32,16,8,8,2,2 shape=64x96x128"},
	    {"mwg=32 nwg=32 kwg=16 mdimc=8 ndimc=8 vwa=2 vwb=2 shape=64x96x129",
	     "params=32,32,16,8,8,2,2 shape=64x96x129"},
	    {"mwg=64 nwg=32 kwg=8 mdimc=8 ndimc=8 vwa=1 vwb=4 shape",
	     "params=64,32,8,8,8,1,4 shape"},
	    {"mwg=32 nwg=32 kwg=16 mdimc=8 ndimc=8 vwa=2 vwb=2 ksplit=3 lbuf=2 wmap=2 shape",
	     "params=32,32,16,8,8,2,2,3,2,2 shape"},
	    {"mwg=32 nwg=16 kwg=8 mdimc=4 ndimc=4 vwa=2 vwb=2 kgroups=2 shape",
	     "params=32,16,8,4,4,2,2,0,0,0,2 shape"},
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		char *next = replace(v1, lines[i][0], lines[i][1]);
		free(v1);
		v1 = next;
	}
	assert_null(strstr(v1, "mwg="));
	expect_ignored(path, v1, strlen(v1), 0600,
	               "format version 1; this library reads version 2");
	/* The same lines under the format-2 header: params is no field. */
	char *v2 = replace(v1, "txf-tuning 1", "txf-tuning 2");
	expect_ignored(path, v2, strlen(v2), 0600, "unknown field 'params'");
	free(v2);
	free(v1);
	free(good);
}

int main(int argc, char **argv)
{
	self_exe = argv[0];
	if (argc == 5 && strcmp(argv[1], "--writer") == 0)
		return writer_main(argv[2], atoi(argv[3]), atoi(argv[4]));
	if (argc == 5 && strcmp(argv[1], "--merger") == 0)
		return merger_main(argv[2], atoi(argv[3]), atoi(argv[4]));
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup(test_round_trip, fresh_cache),
	    cmocka_unit_test_setup(test_save_rejects_bad_tunings, fresh_cache),
	    cmocka_unit_test_setup(test_save_refuses_unreadable_measurements, fresh_cache),
	    cmocka_unit_test_setup(test_tiny_time_read_back, fresh_cache),
	    cmocka_unit_test_setup(test_tuned_choice_used, fresh_cache),
	    cmocka_unit_test_setup(test_bf16_entry_serves_2_byte_types, fresh_cache),
	    cmocka_unit_test_setup(test_corrupt_files, fresh_cache),
	    cmocka_unit_test_setup(test_every_truncation, fresh_cache),
	    cmocka_unit_test_setup(test_concurrent_writers, fresh_cache),
	    cmocka_unit_test_setup(test_saves_merge, fresh_cache),
	    cmocka_unit_test_setup(test_concurrent_saves_merge, fresh_cache),
	    cmocka_unit_test(test_set_entry_refuses),
	    cmocka_unit_test(test_entry_absent),
	    cmocka_unit_test(test_limits_set_refuses),
	    cmocka_unit_test(test_set_info_refuses),
	    cmocka_unit_test_setup(test_entry_round_trip, fresh_cache),
	    cmocka_unit_test_setup(test_format1_ignored, fresh_cache),
	    cmocka_unit_test_setup(test_calibrated_model, fresh_cache),
	    cmocka_unit_test_setup(test_bad_model_lines, fresh_cache),
	};
	return cmocka_run_group_tests(tests, suite_setup, suite_teardown);
}
