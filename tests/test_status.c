/* Status list: every code has a distinct name and message; failures leave a
 * detail message; strategies and dtypes round-trip through their names. */
#include "common.h"

#include <string.h>

static const txf_status all[] = {
#define X(name, value, msg) name,
    TXF_STATUS_LIST(X)
#undef X
};
#define N_STATUS (sizeof all / sizeof all[0])

static void names_and_messages_distinct(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_STATUS; i++) {
		assert_true(strncmp(txf_status_name(all[i]), "TXF_", 4) == 0);
		assert_true(strlen(txf_status_message(all[i])) > 5);
		if (all[i] != TXF_SUCCESS)
			assert_true((int)all[i] < 0);
		for (size_t j = 0; j < i; j++) {
			assert_int_not_equal(all[i], all[j]);
			assert_string_not_equal(txf_status_name(all[i]), txf_status_name(all[j]));
			assert_string_not_equal(txf_status_message(all[i]),
			                        txf_status_message(all[j]));
		}
	}
	assert_string_equal(txf_status_name((txf_status)12345), "TXF_UNKNOWN_STATUS");
	assert_string_equal(txf_status_name(TXF_ERR_BAD_LD), "TXF_ERR_BAD_LD");
}

static void strategy_names_round_trip(void **state)
{
	(void)state;
	for (int s = 0; s < TXF_STRATEGY_COUNT; s++) {
		txf_strategy back = TXF_STRATEGY_COUNT;
		assert_non_null(txf_strategy_name((txf_strategy)s));
		assert_int_equal(txf_strategy_parse(txf_strategy_name((txf_strategy)s), &back),
		                 TXF_SUCCESS);
		assert_int_equal(back, s);
	}
	txf_strategy out = TXF_STRATEGY_PAD;
	assert_int_equal(txf_strategy_parse("diagonal", &out), TXF_ERR_BAD_STRATEGY);
	assert_int_equal(out, TXF_STRATEGY_PAD);
	assert_non_null(strstr(txf_last_error(), "diagonal"));
	assert_int_equal(txf_strategy_parse(NULL, &out), TXF_ERR_NULL_ARG);
	assert_null(txf_strategy_name((txf_strategy)77));
}

static void dtype_sizes(void **state)
{
	(void)state;
	static const size_t sizes[TXF_DTYPE_COUNT] = {1, 1, 2, 2, 2, 4, 4, 4, 8, 8, 8, 8, 16, 2};
	for (int t = 0; t < TXF_DTYPE_COUNT; t++) {
		assert_int_equal(txf_dtype_size((txf_dtype)t), sizes[t]);
		assert_non_null(txf_dtype_name((txf_dtype)t));
	}
	assert_int_equal(txf_dtype_size(TXF_DTYPE_COUNT), 0);
	assert_int_equal(txf_dtype_size((txf_dtype)-1), 0);
	assert_null(txf_dtype_name(TXF_DTYPE_COUNT));
}

/* The library's version and the generated header's macros, all from the
 * project version of meson.build. */
static void version_matches_header(void **state)
{
	(void)state;
	char expect[32];
	snprintf(expect, sizeof expect, "%d.%d.%d", TXF_VERSION_MAJOR, TXF_VERSION_MINOR,
	         TXF_VERSION_PATCH);
	assert_string_equal(TXF_VERSION_STRING, expect);
	assert_string_equal(txf_version(), expect);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(names_and_messages_distinct),
	    cmocka_unit_test(strategy_names_round_trip),
	    cmocka_unit_test(dtype_sizes),
	    cmocka_unit_test(version_matches_header),
	};
	return cmocka_run_group_tests_name("status", tests, NULL, NULL);
}
