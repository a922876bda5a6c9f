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

/* A tuning with every kind of entry, values exact in the text format. */
static txf_tuning sample(void)
{
	txf_tuning t = test_tuning_blank("test");
	txf_tuning_limits *lt = &t.limits[TXF_TUNE_TRANSPOSE][TXF_F32];
	lt->valid = 1;
	lt->large_from = 1 << 20;
	/* The last: pad with the streaming kernel (16 x 1 for 4-byte elements). */
	static const txf_strategy ts[4] = {TXF_STRATEGY_SIMPLE, TXF_STRATEGY_SPLIT,
	                                   TXF_STRATEGY_PAD, TXF_STRATEGY_PAD};
	static const unsigned tiles[4][2] = {{8, 8}, {16, 4}, {32, 8}, {16, 1}};
	for (int c = 0; c < 4; c++) {
		txf_tuned *e = &t.entries[TXF_TUNE_TRANSPOSE][TXF_F32][c];
		e->valid = 1;
		e->strategy = ts[c];
		e->tile = tiles[c][0];
		e->wg_rows = tiles[c][1];
		e->stream = c == 3;
		e->shape[0] = 512 + (size_t)c;
		e->shape[1] = 256 + (size_t)c;
		e->median_ms = 0.125 * (c + 1);
	}
	txf_tuning_limits *lm = &t.limits[TXF_TUNE_MATMUL][TXF_F32];
	lm->valid = 1;
	lm->large_from = 1e6;
	lm->padcopy_min = 4e6;
	static const txf_strategy ms[4] = {TXF_STRATEGY_PAD, TXF_STRATEGY_SIMPLE,
	                                   TXF_STRATEGY_SPLIT, TXF_STRATEGY_PAD};
	for (int c = 0; c < 4; c++) {
		txf_tuned *e = &t.entries[TXF_TUNE_MATMUL][TXF_F32][c];
		e->valid = 1;
		e->strategy = ms[c];
		e->params = (txf_matmul_params){32, 32, 16, 8, 8, 2, 2, 0, 0, 0, 0};
		if (c == 2)
			e->params = (txf_matmul_params){64, 32, 8, 8, 8, 1, 4, 0, 0, 0, 0};
		if (c == 3) { /* K slices, lbuf and wmap given: ten values */
			e->params.ksplit = 3;
			e->params.lbuf = 2;
			e->params.wmap = 2;
		}
		e->shape[0] = 64;
		e->shape[1] = 96;
		e->shape[2] = 128 + (size_t)c;
		e->median_ms = 1.5 + c;
	}
	/* f64: K groups given, eleven values (the three before them 0). */
	txf_tuning_limits *l8 = &t.limits[TXF_TUNE_MATMUL][TXF_F64];
	l8->valid = 1;
	l8->large_from = 1e6;
	txf_tuned *e8 = &t.entries[TXF_TUNE_MATMUL][TXF_F64][0];
	e8->valid = 1;
	e8->strategy = TXF_STRATEGY_PAD;
	e8->params = (txf_matmul_params){32, 16, 8, 4, 4, 2, 2, 0, 0, 0, 2};
	e8->shape[0] = 48;
	e8->shape[1] = 40;
	e8->shape[2] = 72;
	e8->median_ms = 0.75;
	return t;
}

static void assert_same_tuning(const txf_tuning *a, const txf_tuning *b)
{
	assert_string_equal(a->mode, b->mode);
	assert_string_equal(a->created, b->created);
	for (int op = 0; op < TXF_TUNE_OP_COUNT; op++)
		for (int d = 0; d < TXF_DTYPE_COUNT; d++) {
			const txf_tuning_limits *la = &a->limits[op][d], *lb = &b->limits[op][d];
			assert_int_equal(la->valid, lb->valid);
			if (la->valid) {
				assert_true(la->large_from == lb->large_from);
				assert_true(la->padcopy_min == lb->padcopy_min);
			}
			for (int c = 0; c < TXF_SIZE_CLASS_COUNT; c++) {
				const txf_tuned *ea = &a->entries[op][d][c],
				                *eb = &b->entries[op][d][c];
				assert_int_equal(ea->valid, eb->valid);
				if (!ea->valid)
					continue;
				assert_int_equal(ea->strategy, eb->strategy);
				assert_int_equal(ea->tile, eb->tile);
				assert_int_equal(ea->wg_rows, eb->wg_rows);
				assert_int_equal(ea->stream, eb->stream);
				assert_memory_equal(&ea->params, &eb->params, sizeof ea->params);
				assert_memory_equal(ea->shape, eb->shape, sizeof ea->shape);
				assert_true(ea->median_ms == eb->median_ms);
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
	txf_tuning t = sample();
	assert_int_equal(txf_tuning_save(a, &t), TXF_SUCCESS);
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
	txf_tuning got;
	assert_int_equal(txf_tuning_get(a, &got), TXF_SUCCESS);
	assert_same_tuning(&t, &got);
	txf_context_release(&a);

	/* A new context reads back exactly what was saved. */
	txf_context *b = open_ctx(NULL);
	assert_int_equal(txf_context_stats_get(b, &st), TXF_SUCCESS);
	assert_int_equal(st.tuned, 1);
	assert_string_equal(st.tuning_file, path_of(b));
	assert_int_equal(txf_tuning_get(b, &got), TXF_SUCCESS);
	assert_same_tuning(&t, &got);

	/* The text is stable: format(parse(text)) == text. */
	size_t len;
	char *text = read_text(path_of(b), &len);
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
	t.entries[TXF_TUNE_TRANSPOSE][TXF_F32][0].tile = 4;
	t.entries[TXF_TUNE_TRANSPOSE][TXF_F32][0].wg_rows = 4;
	assert_int_equal(txf_tuning_save(b, &t), TXF_SUCCESS);
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) -eq 1", dir);
	assert_int_equal(system(cmd), 0);
	txf_context_release(&b);
	txf_context *c = open_ctx(NULL);
	assert_int_equal(txf_tuning_get(c, &got), TXF_SUCCESS);
	assert_same_tuning(&t, &got);
	txf_context_release(&c);
}

static void test_save_rejects_bad_tunings(void **state)
{
	(void)state;
	txf_context *ctx = open_ctx(NULL);
	txf_tuning t = sample();
	t.entries[TXF_TUNE_TRANSPOSE][TXF_F32][2].tile = 3;
	assert_int_equal(txf_tuning_save(ctx, &t), TXF_ERR_BAD_TILE);
	assert_non_null(strstr(txf_last_error(), "large-even"));
	t = sample();
	t.entries[TXF_TUNE_MATMUL][TXF_F32][1].params.mdimc = 64;
	t.entries[TXF_TUNE_MATMUL][TXF_F32][1].params.ndimc = 128;
	t.entries[TXF_TUNE_MATMUL][TXF_F32][1].params.mwg = 128;
	t.entries[TXF_TUNE_MATMUL][TXF_F32][1].params.nwg = 128;
	assert_int_not_equal(txf_tuning_save(ctx, &t), TXF_SUCCESS);
	t = sample();
	t.entries[TXF_TUNE_MATMUL][TXF_U8][0] = t.entries[TXF_TUNE_MATMUL][TXF_F32][0];
	t.limits[TXF_TUNE_MATMUL][TXF_U8] = t.limits[TXF_TUNE_MATMUL][TXF_F32];
	txf_status bs = txf_tuning_save(ctx, &t);
	if (bs != TXF_ERR_BAD_DTYPE)
		fail_msg("%s: %s", txf_status_name(bs), txf_last_error());
	t = sample();
	t.entries[TXF_TUNE_TRANSPOSE][TXF_F32][0].strategy = TXF_STRATEGY_PADCOPY;
	assert_int_equal(txf_tuning_save(ctx, &t), TXF_ERR_BAD_STRATEGY);
	t = sample();
	t.limits[TXF_TUNE_TRANSPOSE][TXF_F32].valid = 0;
	assert_int_equal(txf_tuning_save(ctx, &t), TXF_ERR_INVALID_ARG);
	t = sample();
	snprintf(t.mode, sizeof t.mode, "two words");
	assert_int_equal(txf_tuning_save(ctx, &t), TXF_ERR_INVALID_ARG);
	/* Nothing was written, nothing is used. */
	struct stat sb;
	assert_int_not_equal(stat(path_of(ctx), &sb), 0);
	txf_tuning got;
	assert_int_equal(txf_tuning_get(ctx, &got), TXF_SUCCESS);
	assert_int_equal(got.limits[TXF_TUNE_TRANSPOSE][TXF_F32].valid, 0);
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
	txf_tuning good = sample();
	assert_int_equal(txf_tuning_save(ctx, &good), TXF_SUCCESS);
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
		txf_tuning t = sample();
		txf_tuned *e = &t.entries[cases[i].op][TXF_F32][cases[i].cls];
		if (cases[i].dim < 0)
			e->median_ms = cases[i].value;
		else
			e->shape[cases[i].dim] = (size_t)cases[i].value;
		assert_int_equal(txf_tuning_save(ctx, &t), TXF_ERR_INVALID_ARG);
		assert_non_null(strstr(txf_last_error(), cases[i].name));
		assert_int_equal(txf_tuning_set(ctx, &t), TXF_ERR_INVALID_ARG);
	}
	char *after = read_text(path_of(ctx), &len2);
	assert_int_equal(len, len2);
	assert_memory_equal(before, after, len);
	free(before);
	free(after);
	txf_tuning got;
	assert_int_equal(txf_tuning_get(ctx, &got), TXF_SUCCESS);
	assert_same_tuning(&good, &got);
	txf_context_release(&ctx);
}

/* A time just above DBL_MIN is written with 6 digits, which makes it a
 * number below DBL_MIN: the reader takes it (strtod reports the underflow
 * with ERANGE). */
static void test_tiny_time_read_back(void **state)
{
	(void)state;
	txf_context *a = open_ctx(NULL);
	txf_tuning t = sample();
	t.entries[TXF_TUNE_TRANSPOSE][TXF_F32][2].median_ms = DBL_MIN;
	t.entries[TXF_TUNE_MATMUL][TXF_F32][1].median_ms = 4.9406564584124654e-324;
	assert_int_equal(txf_tuning_save(a, &t), TXF_SUCCESS);
	size_t len;
	char *text = read_text(path_of(a), &len);
	assert_non_null(strstr(text, "ms=2.22507e-308"));
	free(text);
	txf_context_release(&a);

	txf_context *b = open_ctx(NULL);
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(b, &st), TXF_SUCCESS);
	assert_int_equal(st.tuned, 1);
	txf_tuning got;
	assert_int_equal(txf_tuning_get(b, &got), TXF_SUCCESS);
	double ms = got.entries[TXF_TUNE_TRANSPOSE][TXF_F32][2].median_ms;
	assert_true(ms > 0 && fabs(ms - DBL_MIN) <= 1e-5 * DBL_MIN);
	assert_true(got.entries[TXF_TUNE_MATMUL][TXF_F32][1].median_ms == 4.9406564584124654e-324);
	txf_context_release(&b);
}

/* -------------------------------------------------------- choices used */

static void test_tuned_choice_used(void **state)
{
	(void)state;
	txf_context *ctx = open_ctx(NULL);
	txf_tuning t = sample();
	assert_int_equal(txf_tuning_save(ctx, &t), TXF_SUCCESS);
	txf_context_release(&ctx);
	ctx = open_ctx(NULL);

	/* Transpose: each class by size and divisibility; any 4-byte type. */
	static const struct {
		size_t rows, cols;
		txf_dtype dtype;
		int cls;
	} cases[] = {
	    {64, 128, TXF_F32, 0},    {65, 128, TXF_I32, 1},    {2048, 1024, TXF_U32, 2},
	    {2047, 1025, TXF_F32, 3}, {1024, 1024, TXF_F32, 2},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const txf_tuned *e = &t.entries[TXF_TUNE_TRANSPOSE][TXF_F32][cases[i].cls];
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
		assert_int_equal(c.strategy, e->strategy);
		assert_int_equal(c.tile, e->tile);
		assert_int_equal(c.wg_rows, e->wg_rows);
		assert_int_equal(c.stream, e->stream);
		assert_non_null(strstr(c.why, "txf tune, test"));
	}
	/* A streaming entry with the streaming kernel turned off: the table,
	 * without it. */
	{
		txf_transpose_options no;
		txf_transpose_options_default(&no);
		no.stream = -1;
		txf_choice c;
		assert_int_equal(txf_transpose_explain(ctx, 2047, 1025, TXF_F32, 0, &no, &c),
		                 TXF_SUCCESS);
		assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);
		assert_int_equal(c.stream, 0);
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
	t.entries[TXF_TUNE_TRANSPOSE][TXF_F32][3].strategy = TXF_STRATEGY_TRUNCATE;
	t.entries[TXF_TUNE_TRANSPOSE][TXF_F32][3].wg_rows = 16;
	t.entries[TXF_TUNE_TRANSPOSE][TXF_F32][3].stream = 0;
	assert_int_equal(txf_tuning_set(ctx, &t), TXF_SUCCESS);
	assert_int_equal(txf_transpose_explain(ctx, 400000, 3, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_not_equal(c.strategy_source, TXF_SOURCE_TUNED);

	/* Matmul: classes, and padcopy from the tuned size on for uneven shapes. */
	txf_matmul_choice mc;
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
	assert_int_equal(mc.params.mwg, 64);
	assert_int_equal(mc.params.vwb, 4);
	/* 127^3 is large (>= 1e6) but below padcopy_min (4e6); 255^3 is above. */
	assert_int_equal(txf_matmul_explain(ctx, 127, 127, 127, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_string_equal(mc.entry, "tuned matmul f32 large-uneven");
	assert_int_equal(mc.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(txf_matmul_explain(ctx, 255, 255, 255, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_string_equal(mc.entry, "tuned matmul f32 large-uneven");
	assert_int_equal(mc.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(mc.launches, 4);
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
	const size_t rows = 65, cols = 128;
	assert_int_equal(txf_transpose_explain(ctx, rows, cols, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_SPLIT);
	assert_int_equal(c.strategy_source, TXF_SOURCE_TUNED);
	size_t bytes = rows * cols * 4;
	test_buffer in = test_buffer_new(bytes), out = test_buffer_new(bytes);
	float *h = malloc(bytes), *want = malloc(bytes);
	test_fill_random(h, bytes);
	test_buffer_upload(&in, 0, h, bytes);
	test_host_transpose(h, TXF_ROW_MAJOR, cols, 0, want, TXF_ROW_MAJOR, rows, 0, rows, cols, 4);
	txf_matrix vi = test_view(&in, TXF_F32, rows, cols, cols, 0, TXF_ROW_MAJOR);
	txf_matrix vo = test_view(&out, TXF_F32, cols, rows, rows, 0, TXF_ROW_MAJOR);
	cl_event ev = NULL;
	assert_int_equal(txf_transpose(ctx, &vi, &vo, NULL, 0, NULL, &ev), TXF_SUCCESS);
	test_wait(ev);
	float *got = malloc(bytes);
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
	txf_tuning t = sample();
	assert_int_equal(txf_tuning_save(ctx, &t), TXF_SUCCESS);
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
	    {"txf-tuning 1", "txf-tuning 2", "format version 2"},
	    {"txf-tuning 1", "not-a-tuning 1", "not a tuning file"},
	    {"library ", "library 9.9.9-", "library version"},
	    {"device ", "device other-", "not for this device"},
	    {"driver ", "driver 0.0-", "not for this device"},
	    {"tile=32", "tile=4096", "bad value"},
	    {"tile=32", "tile=-32", "bad value"},
	    {"tile=32", "tile=24", "power of two"},
	    {"wg_rows=8", "wg_rows=64", "power of two"},
	    {"stream=1", "stream=2", "bad value"},
	    {"stream=1", "stream=1 stream=1", "given twice"},
	    {"tile=16 wg_rows=1 stream=1", "tile=32 wg_rows=1 stream=1", "streaming kernel"},
	    {"tile=16 wg_rows=1 stream=1", "tile=16 wg_rows=2 stream=1", "streaming kernel"},
	    {"strategy=pad tile=16 wg_rows=1 stream=1", "strategy=split tile=16 wg_rows=1 stream=1",
	     "streaming kernel"},
	    {"strategy=split", "strategy=padcopy", "not padcopy"},
	    {"strategy=split", "strategy=warp", "bad value"},
	    {"ms=", "ms=nan", "bad value"},
	    {"large_from=", "large_from=-", "positive"},
	    {"padcopy_min=", "padcopy_min=inf", "padcopy_min"},
	    {"params=32,32,16,8,8,2,2", "params=32,32,16,8,8,2", "bad value"},
	    {"params=32,32,16,8,8,2,2", "params=32,32,16,8,8,2,2,2,2", "bad value"},
	    {"params=32,32,16,8,8,2,2", "params=32,32,16,8,8,2,2,65", "more K slices"},
	    {"params=64,32,8,8,8,1,4", "params=64,32,8,8,8,1,4,3", "needs strategy pad"},
	    {"params=32,32,16,8,8,2,2", "params=512,512,512,64,128,8,8", "entry matmul f32"},
	    {"params=32,32,16,8,8,2,2", "params=32,32,16,8,8,3,2", "entry matmul f32"},
	    {"params=32,32,16,8,8,2,2,3,2,2", "params=32,32,16,8,8,2,2,3,3,2", "bad value"},
	    {"params=32,32,16,8,8,2,2,3,2,2", "params=32,32,16,8,8,2,2,3,2", "bad value"},
	    {"params=32,16,8,4,4,2,2,0,0,0,2", "params=32,16,8,4,4,2,2,0,0,0,9", "bad value"},
	    {"params=32,16,8,4,4,2,2,0,0,0,2", "params=32,16,8,4,4,2,2,0,0,0,2,2", "bad value"},
	    {"params=32,16,8,4,4,2,2,0,0,0,2", "params=32,16,8,4,4,2,2,0,0,0,0,2", "bad value"},
	    {"params=32,32,16,8,8,2,2,3,2,2", "params=32,32,16,8,4,2,2,3,2,2", "entry matmul f32"},
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
		char *fixed = replace(bad, "end 12", "end 11");
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
		memcpy(lng, "txf-tuning 1\n", 13);
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
	txf_tuning t = sample();
	snprintf(t.mode, sizeof t.mode, "writer%d", variant);
	for (int r = 0; r < rounds; r++) {
		t.entries[TXF_TUNE_MATMUL][TXF_F32][0].median_ms = variant * 1000 + r;
		if (txf_tuning_save(ctx, &t) != TXF_SUCCESS)
			return 4;
	}
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
			assert_int_equal(strncmp(f->tuning.mode, "writer", 6), 0);
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
	txf_tuning got;
	assert_int_equal(txf_tuning_get(ctx, &got), TXF_SUCCESS);
	assert_true(got.entries[TXF_TUNE_MATMUL][TXF_F32][0].median_ms >= 1000 + ROUNDS - 1);
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
	dst->limits[op][d] = src->limits[op][d];
	memcpy(dst->entries[op][d], src->entries[op][d], sizeof dst->entries[op][d]);
}

/* A transpose group for type d whose small-uneven entry has time ms. */
static void set_transpose_group(txf_tuning *t, txf_dtype d, double ms)
{
	txf_tuning_limits *l = &t->limits[TXF_TUNE_TRANSPOSE][d];
	l->valid = 1;
	l->large_from = 1 << 20;
	txf_tuned *e = &t->entries[TXF_TUNE_TRANSPOSE][d][TXF_SMALL_UNEVEN];
	e->valid = 1;
	e->strategy = TXF_STRATEGY_SPLIT;
	e->tile = 16;
	e->wg_rows = 4;
	e->shape[0] = 509;
	e->shape[1] = 515;
	e->median_ms = ms;
}

static txf_tuning tuning_of(txf_context *ctx)
{
	txf_tuning t;
	assert_int_equal(txf_tuning_get(ctx, &t), TXF_SUCCESS);
	return t;
}

/* What a new context reads from the file. */
static txf_tuning tuning_on_disk(void)
{
	txf_context *c = open_ctx(NULL);
	txf_tuning t = tuning_of(c);
	txf_context_release(&c);
	return t;
}

/* Contexts that read the file before each other's saves: each save keeps
 * the operations and types the others wrote and it did not change; what
 * it changed, cleared included, replaces the file's. */
static void test_saves_merge(void **state)
{
	(void)state;
	const txf_tuning full = sample();
	txf_context *a = open_ctx(NULL), *b = open_ctx(NULL), *c = open_ctx(NULL);
	/* a writes transpose f32, then b matmul f32: both are in the file. */
	txf_tuning ta = tuning_of(a), tb = tuning_of(b), want;
	memset(&want, 0, sizeof want);
	snprintf(want.mode, sizeof want.mode, "b");
	copy_group(&ta, &full, TXF_TUNE_TRANSPOSE, TXF_F32);
	snprintf(ta.mode, sizeof ta.mode, "a");
	assert_int_equal(txf_tuning_save(a, &ta), TXF_SUCCESS);
	copy_group(&tb, &full, TXF_TUNE_MATMUL, TXF_F32);
	snprintf(tb.mode, sizeof tb.mode, "b");
	assert_int_equal(txf_tuning_save(b, &tb), TXF_SUCCESS);
	copy_group(&want, &full, TXF_TUNE_TRANSPOSE, TXF_F32);
	copy_group(&want, &full, TXF_TUNE_MATMUL, TXF_F32);
	txf_tuning got = tuning_on_disk();
	assert_same_tuning(&want, &got);
	/* The saving context uses what it wrote. */
	got = tuning_of(b);
	assert_same_tuning(&want, &got);

	/* c, which read nothing, writes matmul f64 with its stale (empty)
	 * view of the rest: the rest is kept. */
	txf_tuning tc = tuning_of(c);
	copy_group(&tc, &full, TXF_TUNE_MATMUL, TXF_F64);
	snprintf(tc.mode, sizeof tc.mode, "c");
	assert_int_equal(txf_tuning_save(c, &tc), TXF_SUCCESS);
	copy_group(&want, &full, TXF_TUNE_MATMUL, TXF_F64);
	snprintf(want.mode, sizeof want.mode, "c");
	got = tuning_on_disk();
	assert_same_tuning(&want, &got);

	/* a changes its entry; the groups it holds as it last saved them
	 * (none but its own) are the file's. */
	ta = tuning_of(a);
	ta.entries[TXF_TUNE_TRANSPOSE][TXF_F32][0].median_ms = 9.5;
	snprintf(ta.mode, sizeof ta.mode, "a2");
	assert_int_equal(txf_tuning_save(a, &ta), TXF_SUCCESS);
	want.entries[TXF_TUNE_TRANSPOSE][TXF_F32][0].median_ms = 9.5;
	snprintf(want.mode, sizeof want.mode, "a2");
	got = tuning_on_disk();
	assert_same_tuning(&want, &got);

	/* A context that read matmul f32 clears it: it is gone, the rest is
	 * kept. */
	txf_context *d = open_ctx(NULL);
	txf_tuning td = tuning_of(d);
	assert_same_tuning(&want, &td);
	copy_group(&td, &ta /* has no matmul f32 */, TXF_TUNE_MATMUL, TXF_F32);
	assert_int_equal(td.limits[TXF_TUNE_MATMUL][TXF_F32].valid, 0);
	snprintf(td.mode, sizeof td.mode, "d");
	assert_int_equal(txf_tuning_save(d, &td), TXF_SUCCESS);
	copy_group(&want, &ta, TXF_TUNE_MATMUL, TXF_F32);
	snprintf(want.mode, sizeof want.mode, "d");
	got = tuning_on_disk();
	assert_same_tuning(&want, &got);
	/* b saves its view again unchanged but for the mode: its stale copy
	 * of matmul f32 (as b last wrote it) does not come back. */
	tb = tuning_of(b);
	assert_int_equal(tb.limits[TXF_TUNE_MATMUL][TXF_F32].valid, 1);
	snprintf(tb.mode, sizeof tb.mode, "b2");
	assert_int_equal(txf_tuning_save(b, &tb), TXF_SUCCESS);
	snprintf(want.mode, sizeof want.mode, "b2");
	got = tuning_on_disk();
	assert_same_tuning(&want, &got);
	got = tuning_of(b);
	assert_same_tuning(&want, &got);

	/* A file others could write is not merged from: its entries are
	 * dropped, and the file replaced by a private one. */
	char *path = strdup(path_of(a));
	assert_int_equal(chmod(path, 0660), 0);
	txf_context *e = NULL;
	char *err = capture_stderr(&e, NULL);
	assert_non_null(strstr(err, "other users can write it (mode 660)"));
	free(err);
	txf_tuning te = test_tuning_blank("e");
	set_transpose_group(&te, TXF_U8, 1.25);
	assert_int_equal(txf_tuning_save(e, &te), TXF_SUCCESS);
	struct stat sb;
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
	got = tuning_on_disk();
	assert_same_tuning(&te, &got);
	free(path);
	txf_context_release(&e);
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
	txf_tuning t;
	for (int r = 0; r < rounds; r++) {
		if (txf_tuning_get(ctx, &t) != TXF_SUCCESS)
			return 4;
		set_transpose_group(&t, types[index], index * 1000.0 + r);
		if (txf_tuning_save(ctx, &t) != TXF_SUCCESS) {
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
	const txf_tuning full = sample();
	assert_int_equal(txf_tuning_save(ctx, &full), TXF_SUCCESS);
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
	txf_tuning want = full, got = tuning_on_disk();
	for (int i = 0; i < SAVERS; i++)
		set_transpose_group(&want, types[i], i * 1000.0 + ROUNDS - 1);
	snprintf(want.mode, sizeof want.mode, "%s", got.mode);
	assert_same_tuning(&want, &got);
	/* Nothing but the file is left in the directory. */
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "test $(ls -A '%s/tuning' | wc -l) -eq 1", cache);
	assert_int_equal(system(cmd), 0);
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
	    cmocka_unit_test_setup(test_corrupt_files, fresh_cache),
	    cmocka_unit_test_setup(test_every_truncation, fresh_cache),
	    cmocka_unit_test_setup(test_concurrent_writers, fresh_cache),
	    cmocka_unit_test_setup(test_saves_merge, fresh_cache),
	    cmocka_unit_test_setup(test_concurrent_saves_merge, fresh_cache),
	};
	return cmocka_run_group_tests(tests, suite_setup, suite_teardown);
}
