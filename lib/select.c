/* Choosing strategy and tile for an operation on a device.
 *
 * Built-in defaults are data: the first entry whose vendor and device kind
 * match the device wins; the last entry matches every device. A choice the
 * caller forces is validated against the device and never replaced. */
#include "txf_internal.h"

#include <stdio.h>
#include <string.h>

#define ANY_VENDOR ((int)-1)
#define ANY_KIND ((int)-1)

typedef struct transpose_defaults {
	const char *name;
	int vendor; /* txf_vendor or ANY_VENDOR */
	int kind;   /* txf_device_kind or ANY_KIND */
	unsigned tile;
	unsigned wg_rows;
	txf_strategy divisible; /* when T divides rows and cols */
	txf_strategy uneven;    /* when it does not */
	size_t simple_below;    /* SIMPLE for matrices of fewer elements */
	const char *why;
} transpose_defaults;

static const transpose_defaults transpose_table[] = {
    {"nvidia-gpu", TXF_VENDOR_NVIDIA, TXF_DEVICE_GPU, 32, 8, TXF_STRATEGY_PAD, TXF_STRATEGY_PAD,
     1024,
     "32-wide tiles give full 128-byte rows; 8 work-item rows keep 4 elements in flight each"},
    {"amd-gpu", TXF_VENDOR_AMD, TXF_DEVICE_GPU, 32, 8, TXF_STRATEGY_PAD, TXF_STRATEGY_PAD, 1024,
     "32 x 8 work-groups are four 64-wide wavefronts"},
    {"gpu", ANY_VENDOR, TXF_DEVICE_GPU, 32, 8, TXF_STRATEGY_PAD, TXF_STRATEGY_PAD, 1024,
     "GPU default: 32 x 8 work-groups, padded launch"},
    {"pocl-cpu", TXF_VENDOR_POCL, TXF_DEVICE_CPU, 32, 32, TXF_STRATEGY_PAD, TXF_STRATEGY_PAD, 256,
     "POCL vectorises a work-group along rows: whole 32 x 32 tiles, local memory is cache"},
    {"cpu", ANY_VENDOR, TXF_DEVICE_CPU, 32, 32, TXF_STRATEGY_PAD, TXF_STRATEGY_PAD, 256,
     "CPU default: 32 x 32 tiles fit in L1 cache"},
    {"fallback", ANY_VENDOR, ANY_KIND, 16, 16, TXF_STRATEGY_PAD, TXF_STRATEGY_PAD, 256,
     "safe default: 16 x 16 tiles, padded launch (the most portable strategy)"},
};

bool txf__is_pow2(size_t x)
{
	return x && !(x & (x - 1));
}

static const transpose_defaults *lookup(const txf_device_profile *p)
{
	size_t n = sizeof transpose_table / sizeof transpose_table[0];
	for (size_t i = 0; i < n; i++) {
		const transpose_defaults *e = &transpose_table[i];
		if ((e->vendor == ANY_VENDOR || e->vendor == (int)p->vendor) &&
		    (e->kind == ANY_KIND || e->kind == (int)p->kind))
			return e;
	}
	return &transpose_table[n - 1];
}

/* Whether a T x R work-group with `tiles` local tiles of elem bytes fits the
 * device; if not, *why says what does not fit. */
static bool tile_fits(const txf_device_profile *p, unsigned tile, unsigned rows, size_t elem,
                      unsigned tiles, char *why, size_t why_size)
{
	size_t local = (size_t)tiles * tile * (tile + 1) * elem;
	size_t wg = (size_t)tile * rows;
	if (wg > p->max_work_group_size) {
		snprintf(why, why_size,
		         "a %u x %u work-group has %zu work-items, the device allows %zu", tile,
		         rows, wg, p->max_work_group_size);
		return false;
	}
	if (tile > p->max_work_item_sizes[0] || rows > p->max_work_item_sizes[1]) {
		snprintf(why, why_size,
		         "a %u x %u work-group exceeds the device's item sizes %zu x %zu", tile,
		         rows, p->max_work_item_sizes[0], p->max_work_item_sizes[1]);
		return false;
	}
	if (local > p->local_mem_size) {
		snprintf(why, why_size,
		         "tile %u of %zu-byte elements needs %zu bytes of local memory, "
		         "the device has %llu",
		         tile, elem, local, (unsigned long long)p->local_mem_size);
		return false;
	}
	return true;
}

txf_status txf__select_transpose(txf_context *ctx, size_t rows, size_t cols, size_t elem,
                                 bool in_place, const txf_transpose_options *opts, txf_choice *out)
{
	txf_transpose_options def;
	if (!opts) {
		txf_transpose_options_default(&def);
		opts = &def;
	}
	memset(out, 0, sizeof *out);
	TXF_CHECK_ARG((unsigned)opts->strategy < TXF_STRATEGY_COUNT, TXF_ERR_BAD_STRATEGY,
	              "unknown strategy %d (expected auto, simple, pad, truncate or split)",
	              (int)opts->strategy);
	TXF_CHECK_ARG(opts->tile == 0 ||
	                  (txf__is_pow2(opts->tile) && opts->tile >= 4 && opts->tile <= 128),
	              TXF_ERR_BAD_TILE, "tile %u is not a power of two from 4 to 128", opts->tile);
	TXF_CHECK_ARG(opts->wg_rows == 0 || txf__is_pow2(opts->wg_rows), TXF_ERR_BAD_TILE,
	              "wg_rows %u is not a power of two", opts->wg_rows);
	if (in_place)
		TXF_CHECK_ARG(opts->strategy != TXF_STRATEGY_TRUNCATE &&
		                  opts->strategy != TXF_STRATEGY_SPLIT,
		              TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "in-place transpose supports simple, pad and auto, not %s",
		              txf_strategy_name(opts->strategy));

	const txf_device_profile *p = &ctx->profile;
	const transpose_defaults *e = lookup(p);
	snprintf(out->entry, sizeof out->entry, "%s", e->name);
	unsigned tiles = in_place ? 2 : 1;
	char why[200];

	/* Tile and work-group rows. */
	unsigned tile = opts->tile ? opts->tile : e->tile;
	unsigned wg_rows = opts->wg_rows ? opts->wg_rows : e->wg_rows;
	out->tile_source = opts->tile || opts->wg_rows        ? TXF_SOURCE_FORCED
	                   : strcmp(e->name, "fallback") == 0 ? TXF_SOURCE_FALLBACK
	                                                      : TXF_SOURCE_DEVICE;
	if (!opts->wg_rows && wg_rows > tile)
		wg_rows = tile;
	TXF_CHECK_ARG(wg_rows <= tile, TXF_ERR_BAD_TILE, "wg_rows %u is larger than tile %u",
	              wg_rows, tile);
	if (opts->tile && opts->wg_rows) {
		TXF_CHECK_ARG(tile_fits(p, tile, wg_rows, elem, tiles, why, sizeof why),
		              TXF_ERR_TILE_UNSUPPORTED, "tile %u x %u not supported on %s: %s",
		              tile, wg_rows, p->normalized_name, why);
	} else {
		/* Shrink what was not forced until it fits: rows first, then the
		 * tile (keeping a forced tile). */
		while (!tile_fits(p, tile, wg_rows, elem, tiles, why, sizeof why)) {
			if (!opts->wg_rows && wg_rows > 1)
				wg_rows /= 2;
			else if (!opts->tile && tile > 4)
				tile /= 2, wg_rows = wg_rows > tile ? tile : wg_rows;
			else
				return txf__fail(TXF_ERR_TILE_UNSUPPORTED,
				                 "tile %u x %u not supported on %s: %s", tile,
				                 wg_rows, p->normalized_name, why);
		}
	}
	out->tile = tile;
	out->wg_rows = wg_rows;

	/* Strategy. */
	bool divisible = rows % tile == 0 && cols % tile == 0;
	txf_strategy s = opts->strategy;
	if (s != TXF_STRATEGY_AUTO) {
		out->strategy_source = TXF_SOURCE_FORCED;
		snprintf(out->why, sizeof out->why, "%s forced by the caller; tile %u x %u from %s",
		         txf_strategy_name(s), tile, wg_rows,
		         out->tile_source == TXF_SOURCE_FORCED ? "the caller" : e->name);
	} else if (in_place) {
		s = TXF_STRATEGY_PAD;
		out->strategy_source = TXF_SOURCE_DEVICE;
		snprintf(
		    out->why, sizeof out->why,
		    "in place: tile pairs swapped through local memory, edges guarded (%s: %s)",
		    e->name, e->why);
	} else if (rows * cols < e->simple_below) {
		s = TXF_STRATEGY_SIMPLE;
		out->strategy_source = TXF_SOURCE_DEVICE;
		snprintf(out->why, sizeof out->why,
		         "%zu elements is below %s's tiling threshold of %zu: one launch, no tiles",
		         rows * cols, e->name, e->simple_below);
	} else {
		s = divisible ? e->divisible : e->uneven;
		out->strategy_source =
		    strcmp(e->name, "fallback") == 0 ? TXF_SOURCE_FALLBACK : TXF_SOURCE_DEVICE;
		snprintf(out->why, sizeof out->why, "%s: tile %u %s %zu x %zu; %s", e->name, tile,
		         divisible ? "divides" : "does not divide", rows, cols, e->why);
	}
	if (s == TXF_STRATEGY_TRUNCATE && rows && cols)
		TXF_CHECK_ARG(
		    rows >= tile && cols >= tile, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		    "truncate needs rows and cols of at least the tile (%u); the matrix is "
		    "%zu x %zu: use a smaller tile or another strategy",
		    tile, rows, cols);
	out->strategy = s;

	if (rows == 0 || cols == 0)
		out->launches = 0;
	else if (s == TXF_STRATEGY_SPLIT && !in_place)
		out->launches = (rows >= tile && cols >= tile) + (rows % tile && cols >= tile) +
		                (cols % tile != 0);
	else
		out->launches = 1;
	return TXF_SUCCESS;
}
