/* Kernel parameters by name: the registry's entries, options set by name
 * (every parameter at the ends of its range, and refusals that leave the
 * options alone), choices read by name, and a named setting that reaches
 * the operation. */
#include "common.h"

#include <stdlib.h>
#include <string.h>

static void test_registry(void **state)
{
	(void)state;
	const size_t n = txf_param_count();
	assert_true(n >= 18);
	assert_null(txf_param_at(n));
	for (size_t i = 0; i < n; i++) {
		const txf_param_info *p = txf_param_at(i);
		assert_non_null(p);
		assert_true(p->name && p->name[0] && p->meaning && p->meaning[0]);
		assert_true(strcmp(p->operation, "transpose") == 0 ||
		            strcmp(p->operation, "matmul") == 0);
		assert_true(p->min <= 0 && p->max > 0);
		for (size_t j = 0; j < i; j++)
			if (strcmp(txf_param_at(j)->name, p->name) == 0 &&
			    strcmp(txf_param_at(j)->operation, p->operation) == 0)
				fail_msg("parameter %s of %s listed twice", p->name, p->operation);
	}
}

/* The largest power of two at most v (v > 0). */
static long long pow2_floor(long long v)
{
	long long p = 1;
	while (p * 2 <= v)
		p *= 2;
	return p;
}

/* Every parameter of op set to its minimum and its maximum through the
 * setter lands in the options (seen through what explain reports for
 * the field the caller reads: the options struct itself). */
static void test_set_every_parameter(void **state)
{
	(void)state;
	for (size_t i = 0; i < txf_param_count(); i++) {
		const txf_param_info *p = txf_param_at(i);
		const bool tr = strcmp(p->operation, "transpose") == 0;
		const long long values[] = {p->min, pow2_floor(p->max)};
		for (int v = 0; v < 2; v++) {
			txf_transpose_options to, tbefore;
			txf_matmul_options mo, mbefore;
			txf_transpose_options_default(&to);
			txf_matmul_options_default(&mo);
			tbefore = to;
			mbefore = mo;
			txf_status s = tr ? txf_transpose_options_set(&to, p->name, values[v])
			                  : txf_matmul_options_set(&mo, p->name, values[v]);
			if (s != TXF_SUCCESS)
				fail_msg("%s %s = %lld: %s (%s)", p->operation, p->name, values[v],
				         txf_status_name(s), txf_last_error());
			/* Exactly one field changed, to the value (unless it was the
			 * default already). */
			const unsigned char *a = tr ? (const void *)&to : (const void *)&mo;
			const unsigned char *b =
			    tr ? (const void *)&tbefore : (const void *)&mbefore;
			const size_t size = tr ? sizeof to : sizeof mo;
			size_t changed = 0;
			for (size_t k = 0; k < size; k++)
				changed += a[k] != b[k];
			if (values[v] == 0)
				assert_int_equal(changed, 0);
			else
				assert_true(changed >= 1 && changed <= sizeof(int));
		}
	}
	/* The fields named: spot checks of the mapping. */
	txf_transpose_options to;
	txf_transpose_options_default(&to);
	assert_int_equal(txf_transpose_options_set(&to, "tile", 64), TXF_SUCCESS);
	assert_int_equal(txf_transpose_options_set(&to, "segments", -1), TXF_SUCCESS);
	assert_int_equal(txf_transpose_options_set(&to, "inplace_tiles", 2), TXF_SUCCESS);
	assert_int_equal(to.tile, 64);
	assert_int_equal(to.segments, -1);
	assert_int_equal(to.inplace_tiles, 2);
	txf_matmul_options mo;
	txf_matmul_options_default(&mo);
	assert_int_equal(txf_matmul_options_set(&mo, "kwg", 32), TXF_SUCCESS);
	assert_int_equal(txf_matmul_options_set(&mo, "kgroups", 4), TXF_SUCCESS);
	assert_int_equal(txf_matmul_options_set(&mo, "vwb", 16), TXF_SUCCESS);
	assert_int_equal(mo.params.kwg, 32);
	assert_int_equal(mo.params.kgroups, 4);
	assert_int_equal(mo.params.vwb, 16);
}

/* Refusals: TXF_ERR_BAD_PARAM, a message naming the parameter and its
 * range (or the known names), and the options unchanged. */
static void test_refused(void **state)
{
	(void)state;
	static const struct {
		int matmul;
		const char *name;
		long long value;
		const char *says;
	} cases[] = {
	    {0, "tiles", 32, "tile, wg_rows"}, {0, "mwg", 32, "no parameter \"mwg\""},
	    {1, "tile", 32, "mwg, nwg"},       {0, "", 1, "no parameter"},
	    {0, "tile", 24, "power of two"},   {0, "tile", 256, "[0, 128]"},
	    {0, "segments", 9, "[-1, 8]"},     {0, "segments", -2, "segments = -2"},
	    {0, "cache_hints", 2, "[-1, 1]"},  {0, "width", 513, "[-1, 512]"},
	    {0, "stream", -3, "stream"},       {0, "inplace_tiles", 3, "[0, 2]"},
	    {0, "wg_rows", 3, "power of two"}, {1, "mwg", 513, "[0, 512]"},
	    {1, "vwa", 3, "power of two"},     {1, "vwb", 32, "[0, 16]"},
	    {1, "ksplit", 65, "ksplit"},       {1, "kgroups", 9, "[0, 8]"},
	    {1, "lbuf", -1, "lbuf = -1"},      {1, "wmap", 3, "wmap"},
	    {1, "mdimc", 1LL << 40, "mdimc"},  {0, "tile", -1, "tile = -1"},
	    {0, "tile", 2, "at least 4"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		txf_transpose_options to, tb;
		txf_matmul_options mo, mb;
		txf_transpose_options_default(&to);
		txf_matmul_options_default(&mo);
		to.tile = 16;
		mo.params.mwg = 64;
		tb = to;
		mb = mo;
		txf_status s = cases[i].matmul
		                   ? txf_matmul_options_set(&mo, cases[i].name, cases[i].value)
		                   : txf_transpose_options_set(&to, cases[i].name, cases[i].value);
		if (s != TXF_ERR_BAD_PARAM)
			fail_msg("%s = %lld: %s, not TXF_ERR_BAD_PARAM", cases[i].name,
			         cases[i].value, txf_status_name(s));
		if (!strstr(txf_last_error(), cases[i].says))
			fail_msg("%s = %lld: the message does not say \"%s\": %s", cases[i].name,
			         cases[i].value, cases[i].says, txf_last_error());
		assert_memory_equal(&to, &tb, sizeof to);
		assert_memory_equal(&mo, &mb, sizeof mo);
	}
	txf_transpose_options to;
	txf_transpose_options_default(&to);
	assert_int_equal(txf_transpose_options_set(NULL, "tile", 4), TXF_ERR_NULL_ARG);
	assert_int_equal(txf_transpose_options_set(&to, NULL, 4), TXF_ERR_NULL_ARG);
	assert_int_equal(txf_matmul_options_set(NULL, "mwg", 4), TXF_ERR_NULL_ARG);
}

/* A choice read by name gives the fields explain filled; a parameter set
 * by name is what the operation runs with, and the result is exact. */
static void test_choice_by_name(void **state)
{
	(void)state;
	txf_transpose_options to;
	txf_transpose_options_default(&to);
	assert_int_equal(txf_transpose_options_set(&to, "tile", 16), TXF_SUCCESS);
	assert_int_equal(txf_transpose_options_set(&to, "wg_rows", 4), TXF_SUCCESS);
	assert_int_equal(txf_transpose_options_set(&to, "segments", 2), TXF_SUCCESS);
	assert_int_equal(txf_transpose_options_set(&to, "stream", -1), TXF_SUCCESS);
	txf_choice c;
	txf_status s = txf_transpose_explain(test_ctx, 37, 53, TXF_F32, 0, &to, &c);
	if (s != TXF_SUCCESS)
		fail_msg("explain: %s (%s)", txf_status_name(s), txf_last_error());
	long long v = -7;
	assert_int_equal(txf_choice_param(&c, "tile", &v), TXF_SUCCESS);
	assert_int_equal(v, 16);
	assert_int_equal(txf_choice_param(&c, "wg_rows", &v), TXF_SUCCESS);
	assert_int_equal(v, 4);
	assert_int_equal(txf_choice_param(&c, "segments", &v), TXF_SUCCESS);
	assert_int_equal(v, 2);
	assert_int_equal(c.segments, 2);
	for (size_t i = 0; i < txf_param_count(); i++) {
		const txf_param_info *p = txf_param_at(i);
		txf_status want =
		    strcmp(p->operation, "transpose") == 0 ? TXF_SUCCESS : TXF_ERR_BAD_PARAM;
		assert_int_equal(txf_choice_param(&c, p->name, &v), want);
	}
	assert_int_equal(txf_choice_param(&c, "nope", &v), TXF_ERR_BAD_PARAM);
	assert_int_equal(txf_choice_param(NULL, "tile", &v), TXF_ERR_NULL_ARG);

	/* The transpose with those parameters, against the host. */
	const size_t rows = 37, cols = 53, bytes = rows * cols * 4;
	test_buffer in = test_buffer_new(bytes), out = test_buffer_new(bytes);
	unsigned char *img = test_image_poisoned(&in), *want = test_image_poisoned(&out);
	test_fill_random(img + GUARD_BYTES, bytes);
	test_buffer_upload(&in, 0, img + GUARD_BYTES, bytes);
	txf_matrix a = test_view(&in, TXF_F32, rows, cols, cols, 0, TXF_ROW_MAJOR);
	txf_matrix at = test_view(&out, TXF_F32, cols, rows, rows, 0, TXF_ROW_MAJOR);
	cl_event ev = NULL;
	s = txf_transpose(test_ctx, &a, &at, &to, 0, NULL, &ev);
	if (s != TXF_SUCCESS)
		fail_msg("transpose: %s (%s)", txf_status_name(s), txf_last_error());
	test_wait(ev);
	test_host_transpose(img + GUARD_BYTES, TXF_ROW_MAJOR, cols, 0, want + GUARD_BYTES,
	                    TXF_ROW_MAJOR, rows, 0, rows, cols, 4);
	test_assert_image(&out, want, 4, "transpose with named parameters");
	free(img);
	free(want);
	test_buffer_free(&in);
	test_buffer_free(&out);

	/* A matmul choice. */
	txf_matmul_options mo;
	txf_matmul_options_default(&mo);
	assert_int_equal(txf_matmul_options_set(&mo, "mwg", 32), TXF_SUCCESS);
	assert_int_equal(txf_matmul_options_set(&mo, "nwg", 32), TXF_SUCCESS);
	assert_int_equal(txf_matmul_options_set(&mo, "kwg", 16), TXF_SUCCESS);
	assert_int_equal(txf_matmul_options_set(&mo, "mdimc", 8), TXF_SUCCESS);
	assert_int_equal(txf_matmul_options_set(&mo, "ndimc", 8), TXF_SUCCESS);
	assert_int_equal(txf_matmul_options_set(&mo, "vwa", 2), TXF_SUCCESS);
	assert_int_equal(txf_matmul_options_set(&mo, "vwb", 4), TXF_SUCCESS);
	mo.strategy = TXF_STRATEGY_PAD;
	txf_matmul_choice mc;
	s = txf_matmul_explain(test_ctx, 70, 50, 40, TXF_F32, &mo, &mc);
	if (s != TXF_SUCCESS)
		fail_msg("matmul explain: %s (%s)", txf_status_name(s), txf_last_error());
	static const struct {
		const char *name;
		long long value;
	} want_mm[] = {{"mwg", 32},  {"nwg", 32}, {"kwg", 16}, {"mdimc", 8},
	               {"ndimc", 8}, {"vwa", 2},  {"vwb", 4}};
	for (size_t i = 0; i < sizeof want_mm / sizeof want_mm[0]; i++) {
		assert_int_equal(txf_matmul_choice_param(&mc, want_mm[i].name, &v), TXF_SUCCESS);
		assert_int_equal(v, want_mm[i].value);
	}
	assert_int_equal(txf_matmul_choice_param(&mc, "tile", &v), TXF_ERR_BAD_PARAM);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_registry),
	    cmocka_unit_test(test_set_every_parameter),
	    cmocka_unit_test(test_refused),
	    cmocka_unit_test(test_choice_by_name),
	};
	return cmocka_run_group_tests(tests, test_context_setup, test_context_teardown);
}
