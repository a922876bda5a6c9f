/* Element types: sizes, names, and the names of strategies. */
#include "txf_internal.h"

#include <string.h>

static const struct {
	const char *name;
	size_t size;
} dtypes[TXF_DTYPE_COUNT] = {
    [TXF_U8] = {"u8", 1},      [TXF_I8] = {"i8", 1},     [TXF_U16] = {"u16", 2},
    [TXF_I16] = {"i16", 2},    [TXF_F16] = {"f16", 2},   [TXF_U32] = {"u32", 4},
    [TXF_I32] = {"i32", 4},    [TXF_F32] = {"f32", 4},   [TXF_U64] = {"u64", 8},
    [TXF_I64] = {"i64", 8},    [TXF_F64] = {"f64", 8},   [TXF_C64] = {"c64", 8},
    [TXF_C128] = {"c128", 16}, [TXF_BF16] = {"bf16", 2},
};

size_t txf_dtype_size(txf_dtype t)
{
	return (unsigned)t < TXF_DTYPE_COUNT ? dtypes[t].size : 0;
}

const char *txf_dtype_name(txf_dtype t)
{
	return (unsigned)t < TXF_DTYPE_COUNT ? dtypes[t].name : NULL;
}

static const char *const strategy_names[TXF_STRATEGY_COUNT] = {
    [TXF_STRATEGY_AUTO] = "auto",   [TXF_STRATEGY_SIMPLE] = "simple",
    [TXF_STRATEGY_PAD] = "pad",     [TXF_STRATEGY_TRUNCATE] = "truncate",
    [TXF_STRATEGY_SPLIT] = "split", [TXF_STRATEGY_PADCOPY] = "padcopy",
};

const char *txf_strategy_name(txf_strategy s)
{
	return (unsigned)s < TXF_STRATEGY_COUNT ? strategy_names[s] : NULL;
}

txf_status txf_strategy_parse(const char *name, txf_strategy *out)
{
	TXF_CHECK_ARG(name && out, TXF_ERR_NULL_ARG,
	              "txf_strategy_parse: name and out must not be NULL");
	for (unsigned i = 0; i < TXF_STRATEGY_COUNT; i++) {
		if (strcmp(name, strategy_names[i]) == 0) {
			*out = (txf_strategy)i;
			return TXF_SUCCESS;
		}
	}
	return txf__fail(
	    TXF_ERR_BAD_STRATEGY,
	    "unknown strategy \"%s\" (expected auto, simple, pad, truncate, split or padcopy)",
	    name);
}
