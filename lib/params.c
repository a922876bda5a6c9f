/* The kernel parameters: one registry line each, with its name, the -D
 * macro the kernels take it as, the values a caller may set, the kernels
 * that take it and what it means. Options set by name, choices read by
 * name, `txf params` and the kernels' build options all go through it.
 * Whether a value fits the device and the other parameters is the
 * policy's business (select.c); this file knows each parameter alone. */
#include "txf_internal.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* How a parameter's value is stored in the public structs. */
typedef enum field_kind { F_UNSIGNED, F_INT } field_kind;

typedef struct param_def {
	txf_param_info info;
	const char *macro; /* -D name in the kernels; NULL: decided on the host */
	bool pow2;         /* besides 0 and -1, powers of two only */
	long long least;   /* the smallest value besides 0 and -1 (0: min) */
	field_kind kind;   /* of the option field */
	size_t option;     /* offset in txf_transpose_options / txf_matmul_options */
	size_t choice;     /* offset in txf_choice / txf_matmul_choice (unsigned) */
	const char *fits;  /* the rule select.c checks against the device */
} param_def;

#define T_OPT(f) offsetof(txf_transpose_options, f)
#define T_CH(f) offsetof(txf_choice, f)
#define M_OPT(f) (offsetof(txf_matmul_options, params) + offsetof(txf_matmul_params, f))
#define M_CH(f) (offsetof(txf_matmul_choice, params) + offsetof(txf_matmul_params, f))
#define TR "transpose"
#define MM "matmul"

/* Indexed by txf__param_id. */
static const param_def registry[TXF__P_COUNT] = {
    [TXF__P_TILE] =
        {
            .info = {.name = "tile",
                     .operation = TR,
                     .min = 0,
                     .max = 128,
                     .meaning =
                         "tile edge T: a power of two from 4, 0 chooses (every tiled kernel)"},
            .macro = "TILE",
            .pow2 = true,
            .least = 4,
            .kind = F_UNSIGNED,
            .option = T_OPT(tile),
            .choice = T_CH(tile),
            .fits = "T x wg_rows work-items and the local tile fit the device",
        },
    [TXF__P_WG_ROWS] =
        {
            .info = {.name = "wg_rows",
                     .operation = TR,
                     .min = 0,
                     .max = 128,
                     .meaning =
                         "work-item rows per tile: a power of two dividing the tile, 0 chooses"},
            .macro = "WG_ROWS",
            .pow2 = true,
            .kind = F_UNSIGNED,
            .option = T_OPT(wg_rows),
            .choice = T_CH(wg_rows),
            .fits = "at most the tile",
        },
    [TXF__P_SEGMENTS] =
        {
            .info = {.name = "segments",
                     .operation = TR,
                     .min = -1,
                     .max = 8,
                     .meaning =
                         "pad out of place: output-aligned runs per output row of a "
                         "work-group (transpose_pad_aligned); -1 never, 0 as the device says"},
            .macro = "SEGMENTS",
            .kind = F_INT,
            .option = T_OPT(segments),
            .choice = T_CH(segments),
            .fits = "out-of-place pad; its local rows fit",
        },
    [TXF__P_WIDTH] =
        {
            .info = {.name = "width",
                     .operation = TR,
                     .min = -1,
                     .max = TXF_WIDE_MAX_WIDTH,
                     .meaning =
                         "input columns per work-group of the runs (transpose_pad_wide): a "
                         "multiple of the tile, at most 8 tiles; -1 one tile, 0 as the device "
                         "says"},
            .macro = "WIDTH",
            .kind = F_INT,
            .option = T_OPT(width),
            .choice = T_CH(width),
            .fits = "with runs; at most 64 loads per work-item; local memory fits",
        },
    [TXF__P_CACHE_HINTS] =
        {
            .info = {.name = "cache_hints",
                     .operation = TR,
                     .min = -1,
                     .max = 1,
                     .meaning = "the wide kernel's L2 prefetch and streaming stores (PTX): 1 "
                                "always, -1 never, 0 as the device says"},
            .macro = "CACHE_HINTS",
            .kind = F_INT,
            .option = T_OPT(cache_hints),
            .choice = T_CH(cache_hints),
            .fits = "a width above one tile, on a device that runs the PTX",
        },
    [TXF__P_STREAM] =
        {
            .info = {.name = "stream",
                     .operation = TR,
                     .min = -1,
                     .max = 1,
                     .meaning = "pad out of place, 4- and 8-byte elements: the streaming kernel "
                                "(transpose_stream); 1 always, -1 never, 0 as the device says"},
            .macro = NULL,
            .kind = F_INT,
            .option = T_OPT(stream),
            .choice = T_CH(stream),
            .fits = "4- or 8-byte elements; tile 64 / element bytes, wg_rows 1",
        },
    [TXF__P_INPLACE_TILES] =
        {
            .info = {.name = "inplace_tiles",
                     .operation = TR,
                     .min = 0,
                     .max = 2,
                     .meaning = "tiled in place: local tiles per work-group (1 or 2), 0 "
                                "chooses"},
            .macro = "INPLACE_TILES",
            .kind = F_INT,
            .option = T_OPT(inplace_tiles),
            .choice = T_CH(inplace_tiles),
            .fits = "pad or auto in place; local memory fits",
        },
    [TXF__P_MWG] =
        {
            .info = {.name = "mwg",
                     .operation = MM,
                     .min = 0,
                     .max = 512,
                     .meaning = "rows of C per work-group block, 0 chooses"},
            .macro = "MWG",
            .kind = F_UNSIGNED,
            .option = M_OPT(mwg),
            .choice = M_CH(mwg),
            .fits = "a multiple of mdimc and vwa",
        },
    [TXF__P_NWG] =
        {
            .info = {.name = "nwg",
                     .operation = MM,
                     .min = 0,
                     .max = 512,
                     .meaning = "columns of C per work-group block, 0 chooses"},
            .macro = "NWG",
            .kind = F_UNSIGNED,
            .option = M_OPT(nwg),
            .choice = M_CH(nwg),
            .fits = "a multiple of ndimc and vwb",
        },
    [TXF__P_KWG] =
        {
            .info = {.name = "kwg",
                     .operation = MM,
                     .min = 0,
                     .max = 512,
                     .meaning = "K step through local memory, 0 chooses"},
            .macro = "KWG",
            .kind = F_UNSIGNED,
            .option = M_OPT(kwg),
            .choice = M_CH(kwg),
            .fits = "a multiple of vwa and vwb; tiles split evenly over the work-items",
        },
    [TXF__P_MDIMC] =
        {
            .info = {.name = "mdimc",
                     .operation = MM,
                     .min = 0,
                     .max = 512,
                     .meaning = "work-item rows per work-group; mdimc = ndimc = 1 is the blocked "
                                "kernel; 0 chooses"},
            .macro = "MDIMC",
            .kind = F_UNSIGNED,
            .option = M_OPT(mdimc),
            .choice = M_CH(mdimc),
            .fits = "divides mwg; the work-group fits the device",
        },
    [TXF__P_NDIMC] =
        {
            .info = {.name = "ndimc",
                     .operation = MM,
                     .min = 0,
                     .max = 512,
                     .meaning = "work-item columns per work-group, 0 chooses"},
            .macro = "NDIMC",
            .kind = F_UNSIGNED,
            .option = M_OPT(ndimc),
            .choice = M_CH(ndimc),
            .fits = "divides nwg; the work-group fits the device",
        },
    [TXF__P_VWA] =
        {
            .info = {.name = "vwa",
                     .operation = MM,
                     .min = 0,
                     .max = 16,
                     .meaning = "vector width of A's loads (1 to 16), 0 chooses"},
            .macro = "VWA",
            .pow2 = true,
            .kind = F_UNSIGNED,
            .option = M_OPT(vwa),
            .choice = M_CH(vwa),
            .fits = "divides mwg and kwg",
        },
    [TXF__P_VWB] =
        {
            .info = {.name = "vwb",
                     .operation = MM,
                     .min = 0,
                     .max = 16,
                     .meaning = "vector width of B's loads (1 to 16), 0 chooses"},
            .macro = "VWB",
            .pow2 = true,
            .kind = F_UNSIGNED,
            .option = M_OPT(vwb),
            .choice = M_CH(vwb),
            .fits = "divides nwg and kwg",
        },
    [TXF__P_KSPLIT] =
        {
            .info = {.name = "ksplit",
                     .operation = MM,
                     .min = 0,
                     .max = TXF_MAX_KSPLIT,
                     .meaning =
                         "K slices summed by one more launch (pad, padcopy); 1 none, 0 as the "
                         "device says"},
            .macro = NULL,
            .kind = F_UNSIGNED,
            .option = M_OPT(ksplit),
            .choice = M_CH(ksplit),
            .fits = "pad or padcopy; the workspace holds the slices",
        },
    [TXF__P_LBUF] =
        {
            .info = {.name = "lbuf",
                     .operation = MM,
                     .min = 0,
                     .max = 2,
                     .meaning =
                         "local buffers per operand of the tiled kernel (2: one barrier per K "
                         "step), 0 as the device says"},
            .macro = "LBUF",
            .kind = F_UNSIGNED,
            .option = M_OPT(lbuf),
            .choice = M_CH(lbuf),
            .fits = "1 for the blocked kernel; local memory fits",
        },
    [TXF__P_WMAP] =
        {
            .info = {.name = "wmap",
                     .operation = MM,
                     .min = 0,
                     .max = 2,
                     .meaning =
                         "work-items over the grid: 1 row by row, 2 in 4 x 8 tiles; 0 as the "
                         "device says"},
            .macro = "WMAP",
            .kind = F_UNSIGNED,
            .option = M_OPT(wmap),
            .choice = M_CH(wmap),
            .fits = "2 needs mdimc a multiple of 4 and ndimc of 8",
        },
    [TXF__P_KGROUPS] =
        {
            .info = {.name = "kgroups",
                     .operation = MM,
                     .min = 0,
                     .max = TXF_MAX_KGROUPS,
                     .meaning = "groups of work-items sharing a block of C, each over its own K "
                                "steps; 1 none, 0 as the device says"},
            .macro = "KGRP",
            .kind = F_UNSIGNED,
            .option = M_OPT(kgroups),
            .choice = M_CH(kgroups),
            .fits = "tiled kernel; the work-group and its local memory fit",
        },
};

size_t txf_param_count(void)
{
	return TXF__P_COUNT;
}

const txf_param_info *txf_param_at(size_t i)
{
	return i < TXF__P_COUNT ? &registry[i].info : NULL;
}

const char *txf__param_macro(txf__param_id id)
{
	return registry[id].macro;
}

const char *txf__param_fits(txf__param_id id)
{
	return registry[id].fits;
}

/* The registry line of `name` for operation op ("transpose", "matmul"). */
static const param_def *find(const char *op, const char *name)
{
	for (size_t i = 0; name && i < TXF__P_COUNT; i++)
		if (strcmp(registry[i].info.operation, op) == 0 &&
		    strcmp(registry[i].info.name, name) == 0)
			return &registry[i];
	return NULL;
}

/* Check value against d's range: a message naming the parameter and its
 * range when it is not in it. */
static txf_status check_value(const param_def *d, long long value)
{
	const txf_param_info *in = &d->info;
	const bool pow2 = !d->pow2 || value <= 0 || txf__is_pow2((size_t)value);
	const bool least = value <= 0 || value >= d->least;
	if (value >= in->min && value <= in->max && pow2 && least)
		return TXF_SUCCESS;
	char more[64] = "";
	if (d->least)
		snprintf(more, sizeof more, ", 0 or at least %lld,", d->least);
	return txf__fail(TXF_ERR_BAD_PARAM, "%s parameter %s = %lld is not in [%lld, %lld]%s%s: %s",
	                 in->operation, in->name, value, in->min, in->max, more,
	                 d->pow2 ? " or not a power of two" : "", in->meaning);
}

static txf_status set(const char *op, void *opts, const char *name, long long value)
{
	TXF_CHECK_ARG(opts && name, TXF_ERR_NULL_ARG,
	              "txf_%s_options_set: opts and name must not be NULL", op);
	const param_def *d = find(op, name);
	if (!d) {
		char known[400] = "";
		size_t len = 0;
		for (size_t i = 0; i < TXF__P_COUNT; i++)
			if (strcmp(registry[i].info.operation, op) == 0 && len < sizeof known)
				len += (size_t)snprintf(known + len, sizeof known - len, "%s%s",
				                        len ? ", " : "", registry[i].info.name);
		return txf__fail(TXF_ERR_BAD_PARAM, "%s has no parameter \"%s\" (it has %s)", op,
		                 name, known);
	}
	txf_status s = check_value(d, value);
	if (s != TXF_SUCCESS)
		return s;
	unsigned char *field = (unsigned char *)opts + d->option;
	if (d->kind == F_INT) {
		int v = (int)value;
		memcpy(field, &v, sizeof v);
	} else {
		unsigned v = (unsigned)value;
		memcpy(field, &v, sizeof v);
	}
	return TXF_SUCCESS;
}

txf_status txf_transpose_options_set(txf_transpose_options *opts, const char *name, long long value)
{
	txf__clear_error();
	return set("transpose", opts, name, value);
}

txf_status txf_matmul_options_set(txf_matmul_options *opts, const char *name, long long value)
{
	txf__clear_error();
	return set("matmul", opts, name, value);
}

static txf_status get(const char *op, const void *choice, const char *name, long long *value)
{
	TXF_CHECK_ARG(choice && name && value, TXF_ERR_NULL_ARG,
	              "reading a %s choice's parameter: choice, name and value must not be NULL",
	              op);
	const param_def *d = find(op, name);
	TXF_CHECK_ARG(d, TXF_ERR_BAD_PARAM, "%s has no parameter \"%s\" (txf params lists them)",
	              op, name);
	unsigned v;
	memcpy(&v, (const unsigned char *)choice + d->choice, sizeof v);
	*value = v;
	return TXF_SUCCESS;
}

txf_status txf_choice_param(const txf_choice *c, const char *name, long long *value)
{
	txf__clear_error();
	return get("transpose", c, name, value);
}

txf_status txf_matmul_choice_param(const txf_matmul_choice *c, const char *name, long long *value)
{
	txf__clear_error();
	return get("matmul", c, name, value);
}

bool txf__add_define(char *buf, size_t size, size_t *len, const char *macro, long long value)
{
	if (*len >= size)
		return false;
	int n = snprintf(buf + *len, size - *len, "%s-D%s=%lld", *len ? " " : "", macro, value);
	if (n < 0 || (size_t)n >= size - *len) {
		buf[*len] = '\0';
		*len = size;
		return false;
	}
	*len += (size_t)n;
	return true;
}

bool txf__add_param(char *buf, size_t size, size_t *len, txf__param_id id, long long value)
{
	return txf__add_define(buf, size, len, registry[id].macro, value);
}
