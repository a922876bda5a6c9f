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

/* How a parameter's value is stored in the resolved options. */
typedef enum field_kind { F_UNSIGNED, F_INT } field_kind;

/* Where a parameter lives in the library's own structs (txf_internal.h):
 * a transpose parameter at `option` in txf__topts, `choice` in
 * txf__tchoice and, when tuned, `tuned_at` in txf__tuned; a matmul
 * parameter at `option` in the txf__mparams of each. */
typedef struct param_def {
	txf_param_info info;
	const char *macro; /* -D name in the kernels; NULL: decided on the host */
	bool pow2;         /* besides 0 and -1, powers of two only */
	long long least;   /* the smallest value besides 0 and -1 (0: min) */
	bool tuned_signed; /* a tuned entry may hold -1 (int in txf__tuned) */
	field_kind kind;   /* of the option field; choices and tuned entries: unsigned */
	size_t option;
	size_t choice;
	size_t tuned_at;
	const char *fits; /* the rule select.c checks against the device */
} param_def;

#define T_OPT(f) offsetof(txf__topts, f)
#define T_CH(f) offsetof(txf__tchoice, f)
#define T_TUNED(f) offsetof(txf__tuned, f)
#define M_OPT(f) offsetof(txf__mparams, f)
#define M_CH(f) offsetof(txf__mparams, f)
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
                         "tile edge T: a power of two from 4, 0 chooses (every tiled kernel)",
                     .tuned = 2},
            .macro = "TILE",
            .pow2 = true,
            .least = 4,
            .kind = F_UNSIGNED,
            .option = T_OPT(tile),
            .choice = T_CH(tile),
            .tuned_at = T_TUNED(tile),
            .fits = "T x wg_rows work-items and the local tile fit the device",
        },
    [TXF__P_WG_ROWS] =
        {
            .info = {.name = "wg_rows",
                     .operation = TR,
                     .min = 0,
                     .max = 128,
                     .meaning =
                         "work-item rows per tile: a power of two dividing the tile, 0 chooses",
                     .tuned = 2},
            .macro = "WG_ROWS",
            .pow2 = true,
            .kind = F_UNSIGNED,
            .option = T_OPT(wg_rows),
            .choice = T_CH(wg_rows),
            .tuned_at = T_TUNED(wg_rows),
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
                         "multiple of the tile, at most 8 tiles; -1 or 0 one tile (no device's "
                         "choice widens them)"},
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
                                "with a forced width, -1 or 0 never"},
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
                     .meaning = "pad out of place, 1- to 16-byte elements: the streaming kernel "
                                "(transpose_stream), tiles of 64-byte lines transposed in "
                                "registers; 1 always, -1 never, 0 as the device says",
                     .tuned = 1},
            .macro = NULL,
            .kind = F_INT,
            .option = T_OPT(stream),
            .choice = T_CH(stream),
            .tuned_at = T_TUNED(stream),
            .fits = "1- to 16-byte elements; tile 64 / element bytes, wg_rows 1",
        },
    [TXF__P_STORES] =
        {
            .info = {.name = "stores",
                     .operation = TR,
                     .min = -1,
                     .max = 1,
                     .meaning = "the streaming kernel's stores: 1 non-temporal (whole aligned "
                                "lines; output rows off a line take the shifted kernel), -1 "
                                "ordinary, 0 as the device says",
                     .tuned = 1},
            .macro = NULL,
            .kind = F_INT,
            .tuned_signed = true,
            .option = T_OPT(stores),
            .choice = T_CH(stores),
            .tuned_at = T_TUNED(stores),
            .fits = "the streaming kernel; non-temporal on POCL's CPU devices",
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
    [TXF__P_SKINNY] =
        {
            .info = {.name = "skinny",
                     .operation = TR,
                     .min = -1,
                     .max = 1,
                     .meaning = "pad out of place with a side of at most 32: the skinny kernels "
                                "(transpose_skinny_rows, _cols); 1 always, -1 never, 0 as the "
                                "device says",
                     .tuned = 1},
            .macro = "SHORT",
            .kind = F_INT,
            .option = T_OPT(skinny),
            .choice = T_CH(skinny),
            .tuned_at = T_TUNED(skinny),
            .fits = "a side of at most 32; tile x wg_rows work-items and their local rows fit",
        },
    [TXF__P_PACKED] =
        {
            .info = {.name = "packed",
                     .operation = TR,
                     .min = -1,
                     .max = 2,
                     .meaning = "pad out of place, 1- and 2-byte elements: the packed kernels "
                                "(transpose_packed, _shifted), tiles of blocks of 8-byte rows "
                                "(8 x 8 bytes, 4 x 4 2-byte elements), "
                                "1 always; the chunked kernel (transpose_chunked), tiles of "
                                "tile x tile elements moved in aligned 16-byte chunks, 2 "
                                "always; -1 never, 0 as the device says (a batch in one "
                                "launch: transpose_batched_packed and _chunked)",
                     .tuned = 1},
            .macro = NULL,
            .kind = F_INT,
            .option = T_OPT(packed),
            .choice = T_CH(packed),
            .tuned_at = T_TUNED(packed),
            .fits = "1- or 2-byte elements; tile x wg_rows work-items and tile x (tile + 1) "
                    "blocks of local memory fit",
        },
    [TXF__P_BATCHED] =
        {
            .info = {.name = "batched",
                     .operation = TR,
                     .min = 0,
                     .max = 2,
                     .meaning = "batches of matrices (txf_transpose_batched): 1 one launch for "
                                "the whole batch (transpose_batched_flat with simple, "
                                "transpose_batched_tiled with pad), 2 the single matrix's "
                                "kernels once per matrix, 0 as the device says"},
            .macro = NULL,
            .kind = F_INT,
            .option = T_OPT(batched),
            .choice = T_CH(batched),
            .fits = "a batch (txf_transpose_batched); 1: simple, pad or auto, views of one "
                    "layout for pad",
        },
    [TXF__P_MWG] =
        {
            .info = {.name = "mwg",
                     .operation = MM,
                     .min = 0,
                     .max = 512,
                     .meaning = "rows of C per work-group block, 0 chooses",
                     .tuned = 2},
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
                     .meaning = "columns of C per work-group block, 0 chooses",
                     .tuned = 2},
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
                     .meaning = "K step through local memory, 0 chooses",
                     .tuned = 2},
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
                                "kernel; 0 chooses",
                     .tuned = 2},
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
                     .meaning = "work-item columns per work-group, 0 chooses",
                     .tuned = 2},
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
                     .meaning = "vector width of A's loads (1 to 16), 0 chooses",
                     .tuned = 2},
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
                     .meaning = "vector width of B's loads (1 to 16), 0 chooses",
                     .tuned = 2},
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
                         "device says",
                     .tuned = 1},
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
                     .max = 4,
                     .meaning =
                         "local buffers per operand of the tiled kernel (2: one barrier per K "
                         "step; 3 or 4, and 2 to 4 with mma 2 to 4: K steps in flight through "
                         "cp.async), 0 as the device says",
                     .tuned = 1},
            .macro = "LBUF",
            .kind = F_UNSIGNED,
            .option = M_OPT(lbuf),
            .choice = M_CH(lbuf),
            .fits = "1 for the blocked kernel; mma 2 to 4 take 2 to 4; 3 and 4 with mma 1 "
                    "take kgroups 1 and mwg, nwg and kwg multiples of 16 bytes; local memory "
                    "fits",
        },
    [TXF__P_WMAP] =
        {
            .info = {.name = "wmap",
                     .operation = MM,
                     .min = 0,
                     .max = 2,
                     .meaning =
                         "work-items over the grid: 1 row by row, 2 in 4 x 8 tiles; 0 as the "
                         "device says",
                     .tuned = 1},
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
                                "steps; 1 none, 0 as the device says",
                     .tuned = 1},
            .macro = "KGRP",
            .kind = F_UNSIGNED,
            .option = M_OPT(kgroups),
            .choice = M_CH(kgroups),
            .fits = "tiled kernel; the work-group and its local memory fit",
        },
    [TXF__P_MMA] =
        {
            .info = {.name = "mma",
                     .operation = MM,
                     .min = 0,
                     .max = 4,
                     .meaning = "the tiled kernel's arithmetic: 1 fused multiply-adds; 2 to 4 "
                                "the matrix units of NVIDIA devices through mma.sync: 2 "
                                "m8n8k4 (f64, compute capability 8.0 and later), 3 m16n8k4 and "
                                "4 m16n8k8 (f64 9.0 and later, f32 as TF32 with precision 2 or "
                                "3 8.0 and later); 0 as the device says",
                     .tuned = 1},
            .macro = "MMA",
            .kind = F_UNSIGNED,
            .option = M_OPT(mma),
            .choice = M_CH(mma),
            .fits = "2 to 4: f64 on NVIDIA sm_80 (2) or sm_90 (3, 4) and later; tiled kernel "
                    "of warps of 4 x 8 work-items, blocks of whole 8 x 8 (16 x 8) tiles per "
                    "warp, kwg a multiple of 4 (8); wmap and kgroups 1; pad, split or padcopy; "
                    "f32 on the TF32 units (sm_80 and later): 3 or 4 with precision 2 or 3",
        },
    [TXF__P_RASTER] =
        {
            .info = {.name = "raster",
                     .operation = MM,
                     .min = 0,
                     .max = TXF_MAX_RASTER,
                     .meaning = "the order of the work-groups over the blocks of C: 1 row by "
                                "row; 2 to 64 bands of that many block rows, each column by "
                                "column; 0 as the device says",
                     .tuned = 0},
            .macro = "RASTER",
            .kind = F_UNSIGNED,
            .option = M_OPT(raster),
            .choice = M_CH(raster),
            .fits = "the tiled and blocked kernels of pad, split and padcopy; simple and "
                    "truncate ignore it",
        },
    [TXF__P_PRECISION] =
        {
            .info = {.name = "precision",
                     .operation = MM,
                     .min = 0,
                     .max = 3,
                     .meaning = "how f32 products may be computed: 1 exact f32 arithmetic; 2 "
                                "3xtf32, each operand split into two TF32 parts and three "
                                "products on the matrix units, as accurate as 1; 3 tf32, one "
                                "product of operands rounded to TF32 (about 2^-11 relative); "
                                "where there are no TF32 units 2 and 3 compute exactly; 0 "
                                "exact",
                     .tuned = 0},
            .macro = "PREC",
            .kind = F_UNSIGNED,
            .option = M_OPT(precision),
            .choice = M_CH(precision),
            .fits = "a choice of the caller's, never of the device's; 2 and 3 run f32 on the "
                    "matrix units (mma 3 or 4) of NVIDIA sm_80 and later, exact arithmetic "
                    "elsewhere and for f64",
        },
    [TXF__P_DOT] =
        {
            .info = {.name = "dot",
                     .operation = MM,
                     .min = 0,
                     .max = TXF_MAX_DOT,
                     .meaning = "pad with a C of a few elements or of a side of at most 32: "
                                "the reduction kernel (matmul_dot), that many work-items along "
                                "K per work-group (2 to 256), each summing its share of K for "
                                "a block of C, no local tiles; 1 the tiled and blocked "
                                "kernels; 0 as the device says",
                     .tuned = 0},
            .macro = "DOT",
            .pow2 = true,
            .kind = F_UNSIGNED,
            .option = M_OPT(dot),
            .choice = M_CH(dot),
            .fits = "pad (auto, or forced pad); m or n at most 32 (blocks of 8 along a longer "
                    "side), at most 8 x 8 per work-item; the work-group and its local memory "
                    "fit",
        },
    [TXF__P_KVEC] =
        {
            .info = {.name = "kvec",
                     .operation = MM,
                     .min = 0,
                     .max = 16,
                     .meaning = "the blocked kernel (mdimc = ndimc = 1) summing along K in "
                                "vectors of this many lanes (2, 4, 8 or 16), for a C of few "
                                "columns: register tiles of vwa rows by vwb columns, operands "
                                "read along K; 1 along N; 0 as the device says",
                     .tuned = 0},
            .macro = "KVEC",
            .pow2 = true,
            .kind = F_UNSIGNED,
            .option = M_OPT(kvec),
            .choice = M_CH(kvec),
            .fits = "the blocked kernel with mma 1 (not the reduction kernel); kvec divides "
                    "kwg, vwa mwg and vwb nwg, at most 32 sums in a register tile; the "
                    "panels and the partial-sum vectors fit local memory",
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

int txf__param_lookup(const char *op, const char *name)
{
	const param_def *d = find(op, name);
	return d ? (int)(d - registry) : -1;
}

const txf_param_info *txf__param_info(txf__param_id id)
{
	return &registry[id].info;
}

/* A message naming op's parameters (only the tuned ones for a tuned
 * entry), for an unknown name. */
static txf_status unknown_of(const char *op, const char *name, const char *what, bool tuned)
{
	char known[400] = "";
	size_t len = 0;
	for (size_t i = 0; i < TXF__P_COUNT; i++)
		if (strcmp(registry[i].info.operation, op) == 0 && len < sizeof known &&
		    (!tuned || registry[i].info.tuned))
			len += (size_t)snprintf(known + len, sizeof known - len, "%s%s",
			                        len ? ", " : "", registry[i].info.name);
	return txf__fail(TXF_ERR_BAD_PARAM, "%s has no %s \"%s\" (it has %s)", op, what,
	                 name ? name : "(null)", known);
}

static txf_status unknown(const char *op, const char *name, const char *what)
{
	return unknown_of(op, name, what, false);
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

static void store(void *base, size_t off, field_kind kind, long long value)
{
	unsigned char *field = (unsigned char *)base + off;
	if (kind == F_INT) {
		int v = (int)value;
		memcpy(field, &v, sizeof v);
	} else {
		unsigned v = (unsigned)value;
		memcpy(field, &v, sizeof v);
	}
}

static long long load_unsigned(const void *base, size_t off)
{
	unsigned v;
	memcpy(&v, (const unsigned char *)base + off, sizeof v);
	return v;
}

/* Add name = value to a list of n (at most TXF_MAX_PARAMS), replacing an
 * entry of the same name; the name stored is the registry's. */
static void list_put(txf_param *list, unsigned *n, const param_def *d, long long value)
{
	for (unsigned i = 0; i < *n; i++)
		if (list[i].name && strcmp(list[i].name, d->info.name) == 0) {
			list[i].name = d->info.name;
			list[i].value = value;
			return;
		}
	list[*n].name = d->info.name;
	list[*n].value = value;
	(*n)++;
}

/* Apply a caller's list of n parameters of op through setter(base, d, v). */
static txf_status apply_list(const char *op, const txf_param *list, unsigned n, void *base,
                             void (*put)(void *, const param_def *, long long))
{
	TXF_CHECK_ARG(n <= TXF_MAX_PARAMS, TXF_ERR_BAD_PARAM,
	              "%s options: num_params %u is more than TXF_MAX_PARAMS (%d)", op, n,
	              TXF_MAX_PARAMS);
	for (unsigned i = 0; i < n; i++) {
		const param_def *d = find(op, list[i].name);
		if (!d)
			return unknown(op, list[i].name, "parameter");
		txf_status s = check_value(d, list[i].value);
		if (s != TXF_SUCCESS)
			return s;
		put(base, d, list[i].value);
	}
	return TXF_SUCCESS;
}

static void put_topt(void *base, const param_def *d, long long v)
{
	store(base, d->option, d->kind, v);
}

static void put_mopt(void *base, const param_def *d, long long v)
{
	store(&((txf__mopts *)base)->params, d->option, d->kind, v);
}

void txf_transpose_options_default(txf_transpose_options *opts)
{
	if (!opts)
		return;
	memset(opts, 0, sizeof *opts);
	opts->struct_size = sizeof *opts;
}

void txf_matmul_options_default(txf_matmul_options *opts)
{
	if (!opts)
		return;
	memset(opts, 0, sizeof *opts);
	opts->struct_size = sizeof *opts;
}

txf_status txf__topts_resolve(const txf_transpose_options *o, txf__topts *out)
{
	memset(out, 0, sizeof *out);
	if (!o)
		return TXF_SUCCESS;
	TXF_CHECK_ARG(o->struct_size == sizeof *o, TXF_ERR_INVALID_ARG,
	              "transpose options: struct_size is %zu, not %zu (fill them with "
	              "txf_transpose_options_default first)",
	              o->struct_size, sizeof *o);
	out->strategy = o->strategy;
	out->tile = o->tile;
	out->wg_rows = o->wg_rows;
	return apply_list(TR, o->params, o->num_params, out, put_topt);
}

txf_status txf__mopts_resolve(const txf_matmul_options *o, txf__mopts *out)
{
	memset(out, 0, sizeof *out);
	if (!o)
		return TXF_SUCCESS;
	TXF_CHECK_ARG(o->struct_size == sizeof *o, TXF_ERR_INVALID_ARG,
	              "matmul options: struct_size is %zu, not %zu (fill them with "
	              "txf_matmul_options_default first)",
	              o->struct_size, sizeof *o);
	out->strategy = o->strategy;
	out->workspace = o->workspace;
	return apply_list(MM, o->params, o->num_params, out, put_mopt);
}

txf_status txf_transpose_options_set(txf_transpose_options *opts, const char *name, long long value)
{
	txf__clear_error();
	TXF_CHECK_ARG(opts && name, TXF_ERR_NULL_ARG,
	              "txf_transpose_options_set: opts and name must not be NULL");
	TXF_CHECK_ARG(opts->struct_size == sizeof *opts, TXF_ERR_INVALID_ARG,
	              "txf_transpose_options_set: struct_size is %zu, not %zu (fill the options "
	              "with txf_transpose_options_default first)",
	              opts->struct_size, sizeof *opts);
	TXF_CHECK_ARG(opts->num_params <= TXF_MAX_PARAMS, TXF_ERR_BAD_PARAM,
	              "transpose options: num_params %u is more than TXF_MAX_PARAMS (%d)",
	              opts->num_params, TXF_MAX_PARAMS);
	const param_def *d = find(TR, name);
	if (!d)
		return unknown(TR, name, "parameter");
	txf_status s = check_value(d, value);
	if (s != TXF_SUCCESS)
		return s;
	if (d == &registry[TXF__P_TILE])
		opts->tile = (unsigned)value;
	else if (d == &registry[TXF__P_WG_ROWS])
		opts->wg_rows = (unsigned)value;
	else
		list_put(opts->params, &opts->num_params, d, value);
	return TXF_SUCCESS;
}

txf_status txf_matmul_options_set(txf_matmul_options *opts, const char *name, long long value)
{
	txf__clear_error();
	TXF_CHECK_ARG(opts && name, TXF_ERR_NULL_ARG,
	              "txf_matmul_options_set: opts and name must not be NULL");
	TXF_CHECK_ARG(opts->struct_size == sizeof *opts, TXF_ERR_INVALID_ARG,
	              "txf_matmul_options_set: struct_size is %zu, not %zu (fill the options "
	              "with txf_matmul_options_default first)",
	              opts->struct_size, sizeof *opts);
	TXF_CHECK_ARG(opts->num_params <= TXF_MAX_PARAMS, TXF_ERR_BAD_PARAM,
	              "matmul options: num_params %u is more than TXF_MAX_PARAMS (%d)",
	              opts->num_params, TXF_MAX_PARAMS);
	const param_def *d = find(MM, name);
	if (!d)
		return unknown(MM, name, "parameter");
	txf_status s = check_value(d, value);
	if (s != TXF_SUCCESS)
		return s;
	list_put(opts->params, &opts->num_params, d, value);
	return TXF_SUCCESS;
}

/* The strings a published choice points to: the calling thread's, until
 * its next explain call. */
static _Thread_local char tls_entry[64], tls_why[512];

void txf__tchoice_publish(const txf__tchoice *in, txf_choice *out)
{
	memset(out, 0, sizeof *out);
	out->strategy = in->strategy;
	out->tile = in->tile;
	out->wg_rows = in->wg_rows;
	out->launches = in->launches;
	out->strategy_source = in->strategy_source;
	out->tile_source = in->tile_source;
	snprintf(tls_entry, sizeof tls_entry, "%s", in->entry);
	snprintf(tls_why, sizeof tls_why, "%s", in->why);
	out->entry = tls_entry;
	out->why = tls_why;
	for (size_t i = 0; i < TXF__P_COUNT; i++)
		if (strcmp(registry[i].info.operation, TR) == 0)
			list_put(out->params, &out->num_params, &registry[i],
			         load_unsigned(in, registry[i].choice));
}

void txf__mchoice_publish(const txf__mchoice *in, txf_matmul_choice *out)
{
	memset(out, 0, sizeof *out);
	out->strategy = in->strategy;
	out->launches = in->launches;
	out->strategy_source = in->strategy_source;
	out->params_source = in->params_source;
	snprintf(tls_entry, sizeof tls_entry, "%s", in->entry);
	snprintf(tls_why, sizeof tls_why, "%s", in->why);
	out->entry = tls_entry;
	out->why = tls_why;
	for (size_t i = 0; i < TXF__P_COUNT; i++)
		if (strcmp(registry[i].info.operation, MM) == 0)
			list_put(out->params, &out->num_params, &registry[i],
			         load_unsigned(&in->params, registry[i].choice));
}

/* The value of `name` in a published list. */
static txf_status list_get(const char *op, const txf_param *list, unsigned n, const char *name,
                           long long *value)
{
	const param_def *d = find(op, name);
	if (!d)
		return unknown(op, name, "parameter");
	for (unsigned i = 0; i < n && i < TXF_MAX_PARAMS; i++)
		if (list[i].name && strcmp(list[i].name, d->info.name) == 0) {
			*value = list[i].value;
			return TXF_SUCCESS;
		}
	return txf__fail(TXF_ERR_BAD_PARAM, "the %s choice does not list parameter %s", op,
	                 d->info.name);
}

txf_status txf_choice_param(const txf_choice *c, const char *name, long long *value)
{
	txf__clear_error();
	TXF_CHECK_ARG(c && name && value, TXF_ERR_NULL_ARG,
	              "txf_choice_param: choice, name and value must not be NULL");
	return list_get(TR, c->params, c->num_params, name, value);
}

txf_status txf_matmul_choice_param(const txf_matmul_choice *c, const char *name, long long *value)
{
	txf__clear_error();
	TXF_CHECK_ARG(c && name && value, TXF_ERR_NULL_ARG,
	              "txf_matmul_choice_param: choice, name and value must not be NULL");
	return list_get(MM, c->params, c->num_params, name, value);
}

/* ----------------------------------------------------- tuned entries */

static const char *op_name(txf_tune_op op)
{
	return op == TXF_TUNE_MATMUL ? MM : TR;
}

static void *tuned_base(txf_tune_op op, const txf__tuned *e)
{
	return op == TXF_TUNE_MATMUL ? (void *)&e->params : (void *)e;
}

static size_t tuned_off(txf_tune_op op, const param_def *d)
{
	return op == TXF_TUNE_MATMUL ? d->option : d->tuned_at;
}

long long txf__tuned_param(txf_tune_op op, const txf__tuned *e, txf__param_id id)
{
	const param_def *d = &registry[id];
	if (d->tuned_signed) {
		int v;
		memcpy(&v, (const unsigned char *)tuned_base(op, e) + tuned_off(op, d), sizeof v);
		return v;
	}
	return load_unsigned(tuned_base(op, e), tuned_off(op, d));
}

txf_status txf__tuned_param_set(txf_tune_op op, txf__tuned *e, const char *name, long long value)
{
	const param_def *d = find(op_name(op), name);
	if (!d || !d->info.tuned)
		return unknown_of(op_name(op), name, "tuned parameter", true);
	txf_status s = check_value(d, value);
	TXF_CHECK_ARG(s != TXF_SUCCESS || value >= 0 || d->tuned_signed, TXF_ERR_BAD_PARAM,
	              "tuned %s parameter %s = %lld: a tuned entry takes values of 0 and more",
	              op_name(op), d->info.name, value);
	if (s == TXF_SUCCESS)
		store(tuned_base(op, e), tuned_off(op, d), d->tuned_signed ? F_INT : F_UNSIGNED,
		      value);
	return s;
}

txf_status txf__tuned_import(txf_tune_op op, const txf_tuned *in, txf__tuned *out)
{
	txf__tuned e;
	memset(&e, 0, sizeof e);
	e.valid = 1;
	e.strategy = in->strategy;
	memcpy(e.shape, in->shape, sizeof e.shape);
	e.median_ms = in->median_ms;
	TXF_CHECK_ARG(in->num_params <= TXF_MAX_PARAMS, TXF_ERR_BAD_PARAM,
	              "tuned entry: num_params %u is more than TXF_MAX_PARAMS (%d)", in->num_params,
	              TXF_MAX_PARAMS);
	bool seen[TXF__P_COUNT] = {false};
	for (unsigned i = 0; i < in->num_params; i++) {
		txf_status s =
		    txf__tuned_param_set(op, &e, in->params[i].name, in->params[i].value);
		if (s != TXF_SUCCESS)
			return s;
		seen[txf__param_lookup(op_name(op), in->params[i].name)] = true;
	}
	for (size_t i = 0; i < TXF__P_COUNT; i++)
		TXF_CHECK_ARG(strcmp(registry[i].info.operation, op_name(op)) != 0 ||
		                  registry[i].info.tuned != 2 || seen[i],
		              TXF_ERR_BAD_PARAM, "a tuned %s entry needs parameter %s (%s)",
		              op_name(op), registry[i].info.name, registry[i].info.meaning);
	*out = e;
	return TXF_SUCCESS;
}

void txf__tuned_export(txf_tune_op op, const txf__tuned *in, txf_tuned *out)
{
	memset(out, 0, sizeof *out);
	out->strategy = in->strategy;
	memcpy(out->shape, in->shape, sizeof out->shape);
	out->median_ms = in->median_ms;
	for (size_t i = 0; i < TXF__P_COUNT; i++) {
		const param_def *d = &registry[i];
		if (strcmp(d->info.operation, op_name(op)) != 0 || !d->info.tuned)
			continue;
		long long v = txf__tuned_param(op, in, (txf__param_id)i);
		if (d->info.tuned == 2 || v)
			list_put(out->params, &out->num_params, d, v);
	}
}

bool txf__add_define(char *buf, size_t size, size_t *len, const char *macro, long long value)
{
	/* Written by hand, not by snprintf: every launch builds its options
	 * to find its program, and this is on that path. */
	char digits[24];
	size_t nd = 0;
	unsigned long long u =
	    value < 0 ? 0ull - (unsigned long long)value : (unsigned long long)value;
	do {
		digits[nd++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	const size_t nm = strlen(macro), need = (*len ? 1 : 0) + 2 + nm + 1 + (value < 0) + nd;
	if (*len >= size || need >= size - *len) {
		if (*len < size)
			buf[*len] = '\0';
		*len = size;
		return false;
	}
	char *o = buf + *len;
	if (*len)
		*o++ = ' ';
	*o++ = '-';
	*o++ = 'D';
	memcpy(o, macro, nm);
	o += nm;
	*o++ = '=';
	if (value < 0)
		*o++ = '-';
	while (nd)
		*o++ = digits[--nd];
	*o = '\0';
	*len += need;
	return true;
}

bool txf__add_param(char *buf, size_t size, size_t *len, txf__param_id id, long long value)
{
	return txf__add_define(buf, size, len, registry[id].macro, value);
}
