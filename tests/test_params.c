/* Kernel parameters by name: the registry's entries, options set by name
 * (every parameter at the ends of its range, and refusals that leave the
 * options alone), choices read by name, and a named setting that reaches
 * the operation. */
#include "common.h"
#include "txf_internal.h"

#include <limits.h>
#include <stdio.h>
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
		assert_true(p->tuned >= 0 && p->tuned <= 2);
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
			txf_transpose_options to;
			txf_matmul_options mo;
			txf_transpose_options_default(&to);
			txf_matmul_options_default(&mo);
			txf_status s = tr ? txf_transpose_options_set(&to, p->name, values[v])
			                  : txf_matmul_options_set(&mo, p->name, values[v]);
			if (s != TXF_SUCCESS)
				fail_msg("%s %s = %lld: %s (%s)", p->operation, p->name, values[v],
				         txf_status_name(s), txf_last_error());
			/* tile and wg_rows are fields; the others one entry of
			 * the list, under the registry's name. */
			const bool field =
			    tr && (strcmp(p->name, "tile") == 0 || strcmp(p->name, "wg_rows") == 0);
			const txf_param *list = tr ? to.params : mo.params;
			const unsigned n = tr ? to.num_params : mo.num_params;
			if (field) {
				assert_int_equal(n, 0);
				assert_int_equal(
				    strcmp(p->name, "tile") == 0 ? to.tile : to.wg_rows, values[v]);
			} else {
				assert_int_equal(n, 1);
				assert_ptr_equal(list[0].name, p->name);
				assert_true(list[0].value == values[v]);
			}
			/* Set again: replaced, not added. */
			s = tr ? txf_transpose_options_set(&to, p->name, p->max)
			       : txf_matmul_options_set(&mo, p->name, p->max);
			if (s == TXF_SUCCESS && !field) {
				assert_int_equal(tr ? to.num_params : mo.num_params, 1);
				assert_true(list[0].value == p->max);
			}
		}
	}
	/* The fields named: spot checks of the mapping. */
	txf_transpose_options to;
	txf_transpose_options_default(&to);
	assert_int_equal(txf_transpose_options_set(&to, "tile", 64), TXF_SUCCESS);
	assert_int_equal(txf_transpose_options_set(&to, "segments", -1), TXF_SUCCESS);
	assert_int_equal(txf_transpose_options_set(&to, "inplace_tiles", 2), TXF_SUCCESS);
	assert_int_equal(to.tile, 64);
	assert_int_equal(to.num_params, 2);
	assert_string_equal(to.params[0].name, "segments");
	assert_true(to.params[0].value == -1);
	assert_string_equal(to.params[1].name, "inplace_tiles");
	assert_true(to.params[1].value == 2);
	txf_matmul_options mo;
	txf_matmul_options_default(&mo);
	assert_int_equal(txf_matmul_options_set(&mo, "kwg", 32), TXF_SUCCESS);
	assert_int_equal(txf_matmul_options_set(&mo, "kgroups", 4), TXF_SUCCESS);
	assert_int_equal(txf_matmul_options_set(&mo, "vwb", 16), TXF_SUCCESS);
	assert_int_equal(mo.num_params, 3);
	assert_string_equal(mo.params[0].name, "kwg");
	assert_true(mo.params[0].value == 32);
	assert_string_equal(mo.params[1].name, "kgroups");
	assert_true(mo.params[1].value == 4);
	assert_string_equal(mo.params[2].name, "vwb");
	assert_true(mo.params[2].value == 16);
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
	    {1, "ksplit", 1025, "ksplit"},     {1, "kgroups", 9, "[0, 8]"},
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
		test_mopt(&mo, "mwg", 64);
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
	assert_int_equal(txf_choice_param(&c, "stream", &v), TXF_SUCCESS);
	assert_int_equal(v, 0);
	/* The list: every transpose parameter, in the registry's order. */
	unsigned listed = 0;
	for (size_t i = 0; i < txf_param_count(); i++) {
		const txf_param_info *p = txf_param_at(i);
		if (strcmp(p->operation, "transpose") != 0)
			continue;
		assert_true(listed < c.num_params);
		assert_string_equal(c.params[listed].name, p->name);
		listed++;
	}
	assert_int_equal(listed, c.num_params);
	assert_true(c.why && c.why[0] && c.entry && c.entry[0]);
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

/* Options not filled by their default function are refused with
 * TXF_ERR_INVALID_ARG, naming it, by the setters and by every operation;
 * nothing is enqueued. */
static void test_struct_size(void **state)
{
	(void)state;
	txf_transpose_options to;
	txf_matmul_options mo;
	memset(&to, 0, sizeof to);
	memset(&mo, 0, sizeof mo);
	assert_int_equal(txf_transpose_options_set(&to, "tile", 8), TXF_ERR_INVALID_ARG);
	assert_non_null(strstr(txf_last_error(), "txf_transpose_options_default"));
	assert_int_equal(txf_matmul_options_set(&mo, "mwg", 8), TXF_ERR_INVALID_ARG);
	assert_non_null(strstr(txf_last_error(), "txf_matmul_options_default"));
	txf_choice c;
	txf_matmul_choice mc;
	assert_int_equal(txf_transpose_explain(test_ctx, 8, 8, TXF_F32, 0, &to, &c),
	                 TXF_ERR_INVALID_ARG);
	assert_int_equal(txf_matmul_explain(test_ctx, 8, 8, 8, TXF_F32, &mo, &mc),
	                 TXF_ERR_INVALID_ARG);
	size_t bytes = 1;
	assert_int_equal(txf_matmul_workspace_size(test_ctx, 8, 8, 8, TXF_F32, &mo, &bytes),
	                 TXF_ERR_INVALID_ARG);
	assert_int_equal(bytes, 0);
	test_buffer b = test_buffer_new(64 * 4 * 3);
	unsigned char *img = test_image_poisoned(&b);
	txf_matrix x = test_view(&b, TXF_F32, 8, 8, 8, 0, TXF_ROW_MAJOR);
	txf_matrix y = test_view(&b, TXF_F32, 8, 8, 8, 64, TXF_ROW_MAJOR);
	txf_matrix z = test_view(&b, TXF_F32, 8, 8, 8, 128, TXF_ROW_MAJOR);
	cl_event ev = NULL;
	to.struct_size = sizeof to + 8;
	assert_int_equal(txf_transpose(test_ctx, &x, &y, &to, 0, NULL, &ev), TXF_ERR_INVALID_ARG);
	assert_int_equal(txf_transpose_inplace(test_ctx, &x, &to, 0, NULL, &ev),
	                 TXF_ERR_INVALID_ARG);
	assert_int_equal(
	    txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &x, &y, 0.0, &z, &mo, 0, NULL, &ev),
	    TXF_ERR_INVALID_ARG);
	assert_null(ev);
	assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
	test_assert_image(&b, img, 4, "options refused for their size");
	free(img);
	test_buffer_free(&b);

	txf_context_options co;
	txf_context_options_default(&co);
	co.struct_size = 0;
	txf_context *ctx = (txf_context *)&co;
	assert_int_equal(txf_context_create(&ctx, &co), TXF_ERR_INVALID_ARG);
	assert_null(ctx);
	assert_non_null(strstr(txf_last_error(), "txf_context_options_default"));
}

/* A list the caller filled without the setter is checked when it is used:
 * an unknown or NULL name, a value outside its range and too many entries
 * are TXF_ERR_BAD_PARAM naming the parameter, from explain, the
 * workspace query and the operation, and nothing is enqueued. A name given
 * twice takes its last value. */
static void test_list_checked_when_used(void **state)
{
	(void)state;
	static const struct {
		int matmul;
		const char *name;
		long long value;
		const char *says;
	} cases[] = {
	    {0, "segment", 1, "no parameter \"segment\""},
	    {0, NULL, 1, "(null)"},
	    {0, "mwg", 32, "no parameter \"mwg\""},
	    {0, "width", 1000, "width = 1000"},
	    {0, "stream", 2, "[-1, 1]"},
	    {0, "tile", 24, "power of two"},
	    {1, "tile", 16, "no parameter \"tile\""},
	    {1, "kwg", 513, "[0, 512]"},
	    {1, "vwa", 3, "power of two"},
	    {1, "ksplit", -1, "ksplit = -1"},
	};
	test_buffer b = test_buffer_new(3 * 64 * 4);
	unsigned char *img = test_image_poisoned(&b);
	txf_matrix x = test_view(&b, TXF_F32, 8, 8, 8, 0, TXF_ROW_MAJOR);
	txf_matrix y = test_view(&b, TXF_F32, 8, 8, 8, 64, TXF_ROW_MAJOR);
	txf_matrix z = test_view(&b, TXF_F32, 8, 8, 8, 128, TXF_ROW_MAJOR);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		txf_status got[4];
		cl_event ev = NULL;
		if (!cases[i].matmul) {
			txf_transpose_options o;
			txf_transpose_options_default(&o);
			o.params[0].name = cases[i].name;
			o.params[0].value = cases[i].value;
			o.num_params = 1;
			txf_choice c;
			got[0] = txf_transpose_explain(test_ctx, 8, 8, TXF_F32, 0, &o, &c);
			got[1] = txf_transpose(test_ctx, &x, &y, &o, 0, NULL, &ev);
			got[2] = txf_transpose_inplace(test_ctx, &x, &o, 0, NULL, &ev);
			got[3] = TXF_ERR_BAD_PARAM;
		} else {
			txf_matmul_options o;
			txf_matmul_options_default(&o);
			o.params[0].name = cases[i].name;
			o.params[0].value = cases[i].value;
			o.num_params = 1;
			txf_matmul_choice c;
			size_t bytes;
			got[0] = txf_matmul_explain(test_ctx, 8, 8, 8, TXF_F32, &o, &c);
			got[1] = txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &x, &y, 0.0, &z, &o,
			                    0, NULL, &ev);
			got[2] = txf_matmul_workspace_size(test_ctx, 8, 8, 8, TXF_F32, &o, &bytes);
			got[3] = TXF_ERR_BAD_PARAM;
		}
		for (int k = 0; k < 4; k++)
			if (got[k] != TXF_ERR_BAD_PARAM)
				fail_msg("case %zu (%s = %lld), call %d: %s, not TXF_ERR_BAD_PARAM",
				         i, cases[i].name ? cases[i].name : "NULL", cases[i].value,
				         k, txf_status_name(got[k]));
		if (!strstr(txf_last_error(), cases[i].says))
			fail_msg("case %zu: the message does not say \"%s\": %s", i, cases[i].says,
			         txf_last_error());
		assert_null(ev);
	}
	/* More entries than the list holds. */
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.num_params = TXF_MAX_PARAMS + 1;
	txf_choice c;
	assert_int_equal(txf_transpose_explain(test_ctx, 8, 8, TXF_F32, 0, &o, &c),
	                 TXF_ERR_BAD_PARAM);
	assert_non_null(strstr(txf_last_error(), "TXF_MAX_PARAMS"));
	assert_int_equal(txf_transpose_options_set(&o, "segments", 1), TXF_ERR_BAD_PARAM);
	assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
	test_assert_image(&b, img, 4, "lists refused when used");
	free(img);
	test_buffer_free(&b);

	/* The last of two entries of one name wins; the caller's own string
	 * is as good as the registry's. */
	char name[] = "segments";
	txf_transpose_options_default(&o);
	o.strategy = TXF_STRATEGY_PAD;
	o.params[0] = (txf_param){.name = "segments", .value = 1};
	o.params[1] = (txf_param){.name = name, .value = -1};
	o.num_params = 2;
	assert_int_equal(txf_transpose_explain(test_ctx, 37, 53, TXF_F32, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "segments"), 0);
	o.params[1].value = 2;
	assert_int_equal(txf_transpose_explain(test_ctx, 37, 53, TXF_F32, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "segments"), 2);
}

/* entry and why are the calling thread's until its next explain: a second
 * explain of another shape may change them, and each explain leaves a
 * non-empty pair. */
static void test_choice_strings(void **state)
{
	(void)state;
	txf_choice a;
	txf_matmul_choice m;
	assert_int_equal(txf_transpose_explain(test_ctx, 3, 3, TXF_F32, 0, NULL, &a), TXF_SUCCESS);
	char why[512];
	snprintf(why, sizeof why, "%s", a.why);
	assert_true(why[0] != '\0' && a.entry[0] != '\0');
	assert_int_equal(txf_matmul_explain(test_ctx, 70, 50, 40, TXF_F32, NULL, &m), TXF_SUCCESS);
	assert_true(m.why[0] != '\0' && m.entry[0] != '\0');
	assert_int_equal(m.num_params, 16);
	assert_true(test_mparam(&m, "mwg") > 0 && test_mparam(&m, "kwg") > 0);
	for (size_t i = 0; i < sizeof m.reserved / sizeof m.reserved[0]; i++)
		assert_null(m.reserved[i]);
}

/* The build options' writer against snprintf: values of every sign and
 * length, and a buffer that runs out, after which nothing more is added. */
static void test_add_define(void **state)
{
	(void)state;
	const long long values[] = {0,   1,    -1,        9,          10,        -10,
	                            128, 4096, 123456789, -987654321, LLONG_MAX, LLONG_MIN};
	char buf[512], want[512];
	size_t len = 0, wlen = 0;
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
		assert_true(txf__add_define(buf, sizeof buf, &len, "MACRO_X", values[i]));
		wlen += (size_t)snprintf(want + wlen, sizeof want - wlen, "%s-DMACRO_X=%lld",
		                         wlen ? " " : "", values[i]);
		assert_int_equal(len, wlen);
		assert_string_equal(buf, want);
	}
	assert_true(txf__add_param(buf, sizeof buf, &len, TXF__P_MWG, 64));
	assert_non_null(strstr(buf, " -DMWG=64"));
	/* "-DAB=12" is 7 characters: it fits 8 bytes, not 7. */
	char small[8];
	len = 0;
	assert_true(txf__add_define(small, sizeof small, &len, "AB", 12));
	assert_string_equal(small, "-DAB=12");
	assert_int_equal(len, 7);
	len = 0;
	assert_false(txf__add_define(small, 7, &len, "AB", 12));
	assert_int_equal(len, 7);
	assert_false(txf__add_define(small, 7, &len, "A", 1));
	char two[16] = "";
	len = 0;
	assert_true(txf__add_define(two, sizeof two, &len, "A", 1));
	assert_false(txf__add_define(two, sizeof two, &len, "LONGNAME", -5));
	assert_string_equal(two, "-DA=1");
	assert_int_equal(len, sizeof two);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_registry),       cmocka_unit_test(test_set_every_parameter),
	    cmocka_unit_test(test_refused),        cmocka_unit_test(test_choice_by_name),
	    cmocka_unit_test(test_struct_size),    cmocka_unit_test(test_list_checked_when_used),
	    cmocka_unit_test(test_choice_strings), cmocka_unit_test(test_add_define),
	};
	return cmocka_run_group_tests(tests, test_context_setup, test_context_teardown);
}
