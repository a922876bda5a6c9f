/* Choosing strategy and tile for an operation on a device.
 *
 * Built-in defaults are data: the first entry whose vendor and device kind
 * match the device wins; the last entry matches every device. A choice the
 * caller forces is validated against the device and never replaced. */
#include "txf_internal.h"

#include <math.h>
#include <stdio.h>
#include <limits.h>
#include <string.h>

/* Tiles of local memory per work-group of the tiled in-place kernel: as
 * forced, else 2 where two take at most a quarter of the local memory a
 * work-group may use. Beyond that one tile leaves room for more work-groups
 * per compute unit, which pays for its two extra barriers (on the H100 at
 * 16384^2, f32: 64-wide pairs took 0.862-0.864 ms with one tile against
 * 0.998-1.004 with two; 32-wide ones, 8.4 KiB for two, 0.873-0.878 with two
 * against 0.962-0.963 with one). */
static unsigned inplace_tiles_for(const txf_device_profile *p, int forced, unsigned tile,
                                  size_t elem)
{
	if (forced > 0)
		return (unsigned)forced;
	return (cl_ulong)2 * tile * (tile + 1) * elem <= p->local_mem_size / 4 ? 2 : 1;
}

static unsigned transpose_launches(txf_strategy s, size_t rows, size_t cols, unsigned tile,
                                   bool in_place)
{
	if (rows == 0 || cols == 0)
		return 0;
	if (s == TXF_STRATEGY_SPLIT && !in_place)
		return (rows >= tile && cols >= tile) + (rows % tile && cols >= tile) +
		       (cols % tile != 0);
	return 1;
}

/* The name of a tuned entry in a choice: "tuned transpose f32 large-uneven". */
static void tuned_name(char *buf, size_t n, txf_tune_op op, const txf__tuned_pick *tp)
{
	snprintf(buf, n, "tuned %s %s %s", txf_tune_op_name(op), txf_dtype_name(tp->dtype),
	         txf_size_class_name(tp->size_class));
}

/* Whether `rows` local rows of a tile of `tile` elements stay within the
 * entry's share of a work-group's local memory (out_local_div). */
static bool within_share(const txf_device_profile *p, const txf__transpose_entry *e, unsigned tile,
                         size_t elem, size_t rows)
{
	return !e->out_local_div ||
	       (cl_ulong)rows * (tile + 1) * elem <= p->local_mem_size / e->out_local_div;
}

/* Output-aligned runs for PAD out of place, where the device's entry asks
 * for them and their rows fit local memory. The entry's count is for its
 * out-of-place tile; another tile (a smaller one that fits, a tuned one)
 * gets as many runs as cover the same span of rows, 1 to 8, fewer where
 * they would take more than the entry's share of local memory. */
static void set_segments(const txf_device_profile *p, const txf__transpose_entry *e, size_t elem,
                         bool in_place, txf__tchoice *c)
{
	char why[200];
	const unsigned e_tile = e->out_tile ? e->out_tile : e->tile;
	unsigned runs = e->segments * e_tile / c->tile;
	runs = runs < 1 ? 1 : runs > 8 ? 8 : runs;
	while (runs > 1 && !within_share(p, e, c->tile, elem, txf__run_rows(c->tile, elem, runs)))
		runs--;
	c->segments = 0;
	if (!in_place && c->strategy == TXF_STRATEGY_PAD && e->segments &&
	    txf__tile_fits(p, c->tile, c->wg_rows, elem, txf__run_rows(c->tile, elem, runs), why,
	                   sizeof why)) {
		c->segments = runs;
		size_t len = strlen(c->why);
		snprintf(c->why + len, sizeof c->why - len,
		         "; output rows off %u-element boundaries written in aligned runs",
		         txf__run_align(c->tile, elem));
	}
}

/* Whether the wide kernel's work-group (tile x rows work-items, `width`
 * input columns, runs over segments T + A input rows) fits the device. */
static bool wide_fits(const txf_device_profile *p, unsigned tile, unsigned rows, size_t elem,
                      unsigned segments, unsigned width, char *why, size_t why_size)
{
	const size_t staged = txf__run_rows(tile, elem, segments);
	const size_t local = staged * (width + 1) * elem, items = (size_t)tile * rows;
	const size_t loads = (staged * width + items - 1) / items;
	if (loads > TXF_WIDE_MAX_LOADS) {
		snprintf(why, why_size,
		         "%zu x %u elements over %zu work-items are %zu loads per work-item, more "
		         "than %d",
		         staged, width, items, loads, TXF_WIDE_MAX_LOADS);
		return false;
	}
	if (local > p->local_mem_size) {
		snprintf(
		    why, why_size,
		    "%zu x %u elements of %zu bytes need %zu bytes of local memory, the device "
		    "has %llu",
		    staged, width + 1, elem, local, (unsigned long long)p->local_mem_size);
		return false;
	}
	return true;
}

/* Input columns per work-group of the output-aligned runs: as forced (the
 * wide kernel, where it fits), else one tile (0). No built-in entry widens
 * the runs: on NVIDIA's GPUs the wide kernel won 1-2 % on an H100 and lost
 * up to 25 % on an H200 (the entry's note). */
static txf_status set_width(const txf_device_profile *p, const txf__transpose_entry *e, size_t elem,
                            int forced, txf__tchoice *c)
{
	char why[200];
	c->width = 0;
	if (forced > 0)
		TXF_CHECK_ARG(c->segments, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "width %d belongs to output-aligned runs, and %s has none here: "
		              "force segments too",
		              forced, e->name);
	if (!c->segments || forced <= 0)
		return TXF_SUCCESS;
	const unsigned w = (unsigned)forced;
	TXF_CHECK_ARG(
	    wide_fits(p, c->tile, c->wg_rows, elem, c->segments, w, why, sizeof why),
	    TXF_ERR_TILE_UNSUPPORTED,
	    "width %u with tile %u x %u and %u output-aligned runs not supported on %s: %s", w,
	    c->tile, c->wg_rows, c->segments, p->normalized_name, why);
	c->width = w;
	size_t len = strlen(c->why);
	snprintf(c->why + len, sizeof c->why - len, ", %u input columns per work-group (forced)",
	         w);
	return TXF_SUCCESS;
}

/* Whether the device takes the wide kernel's cache hints (PTX loads with
 * an L2 prefetch size, sm_80 and later); why not in `why` otherwise. */
static bool hints_fit(const txf_device_profile *p, char *why, size_t why_size)
{
	if (p->vendor == TXF_VENDOR_NVIDIA && p->nv_compute_capability >= 80)
		return true;
	if (p->vendor != TXF_VENDOR_NVIDIA)
		snprintf(why, why_size, "%s is not an NVIDIA device", p->normalized_name);
	else if (!p->nv_compute_capability)
		snprintf(why, why_size, "%s does not report its compute capability",
		         p->normalized_name);
	else
		snprintf(why, why_size, "%s has compute capability %u.%u, below 8.0",
		         p->normalized_name, p->nv_compute_capability / 10,
		         p->nv_compute_capability % 10);
	return false;
}

/* The wide kernel's cache hints: as forced (1 needs the wide kernel and a
 * device that takes them); 0 otherwise. */
static txf_status set_hints(const txf_device_profile *p, const txf__transpose_entry *e, int forced,
                            txf__tchoice *c)
{
	char why[320];
	c->cache_hints = 0;
	if (forced <= 0)
		return TXF_SUCCESS;
	TXF_CHECK_ARG(c->segments && c->width, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "cache hints (1) belong to the wide kernel of the output-aligned runs, and "
	              "%s runs none here: force a width above one tile too",
	              e->name);
	TXF_CHECK_ARG(hints_fit(p, why, sizeof why), TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "cache hints (1) are PTX instructions of NVIDIA devices of compute "
	              "capability 8.0 or later: %s",
	              why);
	c->cache_hints = 1;
	size_t len = strlen(c->why);
	snprintf(c->why + len, sizeof c->why - len, ", L2 prefetch and streaming stores (forced)");
	return TXF_SUCCESS;
}

/* Make PAD run the streaming kernel; `note` goes after the why. */
static void set_stream(txf__tchoice *c, size_t elem, const char *note)
{
	c->stream = 1;
	c->segments = 0;
	c->tile = txf__stream_tile(elem);
	c->wg_rows = 1;
	size_t len = strlen(c->why);
	snprintf(c->why + len, sizeof c->why - len, "%s", note);
}

/* Whether a tile x rows work-group of a pad kernel that is not made of
 * element tiles fits device p; local_short says that its local memory is
 * what does not fit (then the tile shrinks first). */
typedef bool (*group_fits_fn)(const txf_device_profile *p, unsigned tile, unsigned rows,
                              size_t side, size_t elem, bool *local_short, char *why, size_t n);

static bool skinny_group_fits(const txf_device_profile *p, unsigned tile, unsigned rows,
                              size_t side, size_t elem, bool *local_short, char *why, size_t n)
{
	*local_short = false;
	return txf__skinny_fits(p, tile * rows, side, elem, why, n);
}

static bool packed_group_fits(const txf_device_profile *p, unsigned tile, unsigned rows,
                              size_t side, size_t elem, bool *local_short, char *why, size_t n)
{
	(void)side;
	return txf__packed_fits(p, tile, rows, elem, local_short, why, n);
}

static bool chunked_group_fits(const txf_device_profile *p, unsigned tile, unsigned rows,
                               size_t side, size_t elem, bool *local_short, char *why, size_t n)
{
	(void)side;
	return txf__chunked_fits(p, tile, rows, elem, local_short, why, n);
}

/* The batched tiled kernel: a tile of T + 1 columns in local memory. */
static bool tiled_group_fits(const txf_device_profile *p, unsigned tile, unsigned rows, size_t side,
                             size_t elem, bool *local_short, char *why, size_t n)
{
	(void)side;
	*local_short = false;
	return txf__tile_fits(p, tile, rows, elem, tile, why, n);
}

/* A pad kernel with work-groups of its own (skinny, packed): from tile x
 * wg_rows (the caller's where forced), halve what was not forced until the
 * group fits; then pad, one launch, with the entry and sources filled in.
 * forced: the caller asked for the kernel. */
static txf_status pad_kernel_group(const txf_device_profile *p, const txf__transpose_entry *e,
                                   size_t rows, size_t cols, size_t elem, const txf__topts *opts,
                                   bool forced, const char *kernel, unsigned tile, unsigned wg_rows,
                                   group_fits_fn fits, txf__tchoice *out)
{
	const size_t side = rows < cols ? rows : cols;
	const bool fallback = strcmp(e->name, "fallback") == 0;
	tile = opts->tile ? opts->tile : tile;
	wg_rows = opts->wg_rows ? opts->wg_rows : wg_rows;
	if (!opts->wg_rows && wg_rows > tile)
		wg_rows = tile;
	TXF_CHECK_ARG(wg_rows <= tile, TXF_ERR_BAD_TILE, "wg_rows %u is larger than tile %u",
	              wg_rows, tile);
	char why[200];
	bool local_short;
	while (!fits(p, tile, wg_rows, side, elem, &local_short, why, sizeof why)) {
		if (!local_short && !opts->wg_rows && wg_rows > 1)
			wg_rows /= 2;
		else if (!opts->tile && tile > 4)
			tile /= 2, wg_rows = wg_rows > tile ? tile : wg_rows;
		else
			return txf__fail(TXF_ERR_TILE_UNSUPPORTED,
			                 "the %s kernel with tile %u x %u not supported on %s: %s",
			                 kernel, tile, wg_rows, p->normalized_name, why);
	}
	snprintf(out->entry, sizeof out->entry, "%s", e->name);
	out->strategy = TXF_STRATEGY_PAD;
	out->strategy_source = forced || opts->strategy != TXF_STRATEGY_AUTO ? TXF_SOURCE_FORCED
	                       : fallback                                    ? TXF_SOURCE_FALLBACK
	                                                                     : TXF_SOURCE_DEVICE;
	out->tile_source = opts->tile || opts->wg_rows ? TXF_SOURCE_FORCED
	                   : fallback                  ? TXF_SOURCE_FALLBACK
	                                               : TXF_SOURCE_DEVICE;
	out->tile = tile;
	out->wg_rows = wg_rows;
	out->launches = rows && cols ? 1 : 0;
	return TXF_SUCCESS;
}

/* Whether the entry's skinny vector blocks serve a rows x cols transpose of
 * elem-byte elements (txf__transpose_entry.skinny_blocks_max): a short
 * side within the entry's bound and tight in memory (the output's rows
 * with few rows, the input's with few columns), and not few columns of 3
 * (or 5 of 1-byte elements), which keep a plain loop (cl/transpose.cl
 * SK_COLS_PLAIN); with few columns of 2 or more bytes, the lines that one
 * block stores into the output's rows spread over the sets of a cache of
 * 64-byte lines and 64 sets. */
static bool skinny_blocks(const txf__transpose_entry *e, size_t rows, size_t cols, size_t elem,
                          const txf__topts *o)
{
	const bool few_rows = rows <= cols;
	const size_t side = few_rows ? rows : cols;
	const size_t in_ld = o->views_known ? o->in_ld : cols;
	const size_t out_ld = o->views_known ? o->out_ld : rows;
	if (side < 1 || side > e->skinny_blocks_max || elem > 8 ||
	    (few_rows ? out_ld != rows : in_ld != cols || side == 3 || (side == 5 && elem == 1)))
		return false;
	if (few_rows || elem < 2)
		return true;
	/* The lines of a block's stores: one per output row, two where the
	 * row starts off a line. */
	unsigned in_set[64] = {0};
	for (size_t r = 0; r < side; r++) {
		const size_t at = r * out_ld * elem, set = at / 64 % 64;
		const bool off = at % 64 || (o->views_known && !o->out_lines);
		if (++in_set[set] > e->skinny_set_rows ||
		    (off && ++in_set[(set + 1) % 64] > e->skinny_set_rows))
			return false;
	}
	return true;
}

/* The skinny kernels for a matrix with a side of at most TXF_SKINNY_MAX:
 * work-groups of 32 x 8 work-items where not forced. */
static txf_status choose_skinny(const txf_device_profile *p, const txf__transpose_entry *e,
                                size_t rows, size_t cols, size_t elem, const txf__topts *opts,
                                txf__tchoice *out)
{
	txf_status s = pad_kernel_group(p, e, rows, cols, elem, opts, opts->skinny == 1, "skinny",
	                                32, 8, skinny_group_fits, out);
	if (s != TXF_SUCCESS)
		return s;
	const unsigned items = out->tile * out->wg_rows;
	out->skinny = 1;
	const unsigned units = txf__skinny_units(
	    p, items, rows, cols, elem, opts->views_known ? opts->in_ld : cols, opts->in_off4,
	    opts->views_known ? opts->out_ld : rows, opts->out_off4);
	if (units) {
		const unsigned per_item = (unsigned)(4 * units / elem);
		snprintf(
		    out->why, sizeof out->why,
		    "%s%s: a side of %zu is at most %u: pad with the skinny kernel, %u whole "
		    "short %s per work-group of %u, %u per work-item, moved in 4-byte words "
		    "(%u of each), the side whose rows it covers tight in memory and on a word",
		    opts->skinny == 1 ? "skinny kernel forced by the caller, " : "", e->name,
		    rows < cols ? rows : cols, e->skinny_max, items * per_item,
		    rows <= cols ? "columns" : "rows", items, per_item, units);
	} else if (opts->skinny == 1)
		snprintf(
		    out->why, sizeof out->why,
		    "skinny kernel forced by the caller: %u %s of %zu x %zu per work-group of %u",
		    items, rows <= cols ? "columns" : "rows", rows, cols, items);
	else if (skinny_blocks(e, rows, cols, elem, opts))
		snprintf(out->why, sizeof out->why,
		         "%s: a short side of %zu, tight in memory, is at most %u: pad with the "
		         "skinny kernel, blocks of the short side x one 64-byte line transposed "
		         "in registers",
		         e->name, rows < cols ? rows : cols, e->skinny_blocks_max);
	else
		snprintf(out->why, sizeof out->why,
		         "%s: a side of %zu is at most %u: pad with the skinny kernel, whole short "
		         "%s staged in local memory, %u per work-group",
		         e->name, rows < cols ? rows : cols, e->skinny_max,
		         rows <= cols ? "columns" : "rows", items);
	return TXF_SUCCESS;
}

/* The packed kernel (kernel 1) for 1- and 2-byte elements: tiles of tile x
 * tile blocks of 8-byte rows (8 x 8 bytes, 4 x 4 2-byte elements); or the
 * chunked kernel (kernel 2): tiles of tile x tile elements moved in
 * aligned 16-byte chunks. The entry's group where not forced. */
static txf_status choose_packed(const txf_device_profile *p, const txf__transpose_entry *e,
                                size_t rows, size_t cols, size_t elem, const txf__topts *opts,
                                int kernel, txf__tchoice *out)
{
	const bool forced = opts->packed == kernel;
	txf_status s;
	if (kernel == 2) {
		const unsigned t = elem <= 2 ? e->chunked_tile[elem - 1] : 0;
		const unsigned r = elem <= 2 ? e->chunked_rows[elem - 1] : 0;
		s = pad_kernel_group(p, e, rows, cols, elem, opts, forced, "chunked",
		                     t ? t : (unsigned)(64 / elem), r ? r : 4, chunked_group_fits,
		                     out);
	} else {
		s = pad_kernel_group(p, e, rows, cols, elem, opts, forced, "packed",
		                     e->packed_tile ? e->packed_tile : 16,
		                     e->packed_rows ? e->packed_rows : 8, packed_group_fits, out);
	}
	if (s != TXF_SUCCESS)
		return s;
	out->packed = (unsigned)kernel;
	if (kernel == 2)
		snprintf(out->why, sizeof out->why,
		         "%s: pad with the chunked kernel: %zu-byte elements moved in aligned "
		         "16-byte chunks and whole output sectors, %u x %u elements per tile",
		         forced ? "forced by the caller" : e->name, elem, out->tile, out->tile);
	else
		snprintf(
		    out->why, sizeof out->why,
		    "%s: pad with the packed kernel: %zu-byte elements moved in %zu x %zu blocks, "
		    "%u x %u blocks per tile",
		    forced ? "forced by the caller" : e->name, elem, 8 / elem, 8 / elem, out->tile,
		    out->tile);
	return TXF_SUCCESS;
}

_Static_assert(TXF_FEW_TRANSPOSE <= TXF_SKINNY_MAX,
               "a few-rows or few-cols transpose fits the skinny kernels");

/* A transpose with nothing forced takes the tuned entry for its shape when
 * the tuning file has one that applies: not where the caller turned its
 * kernel off, nor where its work-group does not fit this shape. */
static bool tuned_transpose(txf_context *ctx, const txf__transpose_entry *de, size_t rows,
                            size_t cols, size_t elem, const txf__topts *opts, txf__tchoice *out)
{
	txf__tuned_pick tp;
	size_t dims[2] = {rows, cols};
	if (!txf__tuning_find(ctx, TXF_TUNE_TRANSPOSE, elem, dims, &tp))
		return false;
	const txf__tuned *t = &tp.entry;
	if (t->strategy == TXF_STRATEGY_TRUNCATE && rows && cols &&
	    (rows < t->tile || cols < t->tile))
		return false; /* the built-in table decides */
	if ((t->stream &&
	     (opts->stream < 0 || t->strategy != TXF_STRATEGY_PAD || !txf__stream_tile(elem))) ||
	    (t->skinny && opts->skinny < 0) || (t->packed && opts->packed < 0))
		return false; /* the built-in table decides */
	if (t->skinny || t->packed) {
		txf__topts o = *opts;
		o.tile = t->tile;
		o.wg_rows = t->wg_rows;
		txf_status s = t->skinny
		                   ? choose_skinny(&ctx->profile, de, rows, cols, elem, &o, out)
		                   : choose_packed(&ctx->profile, de, rows, cols, elem, &o,
		                                   (int)t->packed, out);
		if (s != TXF_SUCCESS) {
			txf__clear_error();
			memset(out, 0, sizeof *out);
			return false; /* the built-in table decides */
		}
	} else {
		out->strategy = t->strategy;
		out->tile = t->tile;
		out->wg_rows = t->wg_rows;
		out->stream = t->stream ? 1 : 0;
		/* Its stores, where the caller leaves them to the device (and
		 * non-temporal ones only where this device takes them), for
		 * transposes on the same side as the shape they were measured
		 * on of input and output filling half the global memory cache:
		 * whether the data stays in the cache decides which stores win.
		 * (u8 on POCL, 2-core AMD EPYC, 32 MiB cache: ordinary stores
		 * 1.2-1.4 times as fast as non-temporal ones at 6.5 MB, 1.3-2.3
		 * times as slow at 9 to 16 MB.) */
		const bool nt_ok =
		    ctx->profile.vendor == TXF_VENDOR_POCL && ctx->profile.kind == TXF_DEVICE_CPU;
		const double room = (double)ctx->global_cache / 2.0;
		const double measured =
		    2.0 * (double)t->shape[0] * (double)t->shape[1] * (double)elem;
		const double moved = 2.0 * (double)rows * (double)cols * (double)elem;
		const bool same_side = !room || (measured > room) == (moved > room);
		out->tuned_stores =
		    t->stream && !opts->stores && (t->stores < 0 || nt_ok) && same_side ? t->stores
		                                                                        : 0;
		out->launches = transpose_launches(t->strategy, rows, cols, t->tile, false);
	}
	out->strategy_source = out->tile_source = TXF_SOURCE_TUNED;
	tuned_name(out->entry, sizeof out->entry, TXF_TUNE_TRANSPOSE, &tp);
	snprintf(out->why, sizeof out->why,
	         "measured on this device (txf tune, %s): %s%s with tile %u x %u took %.4g ms at "
	         "%zu x %zu",
	         tp.mode[0] ? tp.mode : "?", txf_strategy_name(t->strategy),
	         t->stream        ? " (streaming kernel)"
	         : t->skinny      ? " (skinny kernel)"
	         : t->packed == 2 ? " (chunked kernel)"
	         : t->packed      ? " (packed kernel)"
	                          : "",
	         t->tile, t->wg_rows, t->median_ms, t->shape[0], t->shape[1]);
	return true;
}

static txf_status select_kernel(txf_context *ctx, size_t rows, size_t cols, size_t elem,
                                bool in_place, const txf__topts *opts, txf__tchoice *out)
{
	txf__topts def;
	if (!opts) {
		memset(&def, 0, sizeof def);
		opts = &def;
	}
	memset(out, 0, sizeof *out);
	TXF_CHECK_ARG(
	    (unsigned)opts->strategy < TXF_STRATEGY_COUNT, TXF_ERR_BAD_STRATEGY,
	    "unknown strategy %d (expected auto, simple, pad, truncate, split or padcopy)",
	    (int)opts->strategy);
	TXF_CHECK_ARG(opts->tile == 0 ||
	                  (txf__is_pow2(opts->tile) && opts->tile >= 4 && opts->tile <= 128),
	              TXF_ERR_BAD_TILE, "tile %u is not a power of two from 4 to 128", opts->tile);
	TXF_CHECK_ARG(opts->wg_rows == 0 || txf__is_pow2(opts->wg_rows), TXF_ERR_BAD_TILE,
	              "wg_rows %u is not a power of two", opts->wg_rows);
	TXF_CHECK_ARG(opts->segments >= -1 && opts->segments <= 8, TXF_ERR_BAD_TILE,
	              "segments %d is not -1 (never), 0 (choose) or 1 to 8", opts->segments);
	TXF_CHECK_ARG(opts->segments <= 0 || (!in_place && (opts->strategy == TXF_STRATEGY_AUTO ||
	                                                    opts->strategy == TXF_STRATEGY_PAD)),
	              TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "output-aligned runs (segments %d) belong to the out-of-place pad strategy, "
	              "not to %s%s",
	              opts->segments, txf_strategy_name(opts->strategy),
	              in_place ? " in place" : "");
	TXF_CHECK_ARG(opts->width >= -1 && opts->width <= TXF_WIDE_MAX_WIDTH, TXF_ERR_BAD_TILE,
	              "width %d is not -1 (one tile), 0 (choose) or a number of columns up to %d",
	              opts->width, TXF_WIDE_MAX_WIDTH);
	TXF_CHECK_ARG(opts->width <= 0 || (!in_place && opts->segments >= 0 && opts->stream != 1 &&
	                                   (opts->strategy == TXF_STRATEGY_AUTO ||
	                                    opts->strategy == TXF_STRATEGY_PAD)),
	              TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "width %d belongs to the output-aligned runs of the out-of-place pad "
	              "strategy, not to %s%s%s",
	              opts->width, txf_strategy_name(opts->strategy), in_place ? " in place" : "",
	              opts->segments < 0  ? " without runs (segments -1)"
	              : opts->stream == 1 ? " with the streaming kernel"
	                                  : "");
	TXF_CHECK_ARG(opts->cache_hints >= -1 && opts->cache_hints <= 1, TXF_ERR_INVALID_ARG,
	              "cache_hints %d is not -1 (never), 0 (choose) or 1 (always)",
	              opts->cache_hints);
	TXF_CHECK_ARG(
	    opts->cache_hints <= 0 ||
	        (!in_place && opts->segments >= 0 && opts->width >= 0 && opts->stream != 1 &&
	         (opts->strategy == TXF_STRATEGY_AUTO || opts->strategy == TXF_STRATEGY_PAD)),
	    TXF_ERR_STRATEGY_NOT_APPLICABLE,
	    "cache hints (1) belong to the wide kernel of the out-of-place pad "
	    "strategy, not to %s%s%s",
	    txf_strategy_name(opts->strategy), in_place ? " in place" : "",
	    opts->segments < 0  ? " without runs (segments -1)"
	    : opts->width < 0   ? " one tile wide (width -1)"
	    : opts->stream == 1 ? " with the streaming kernel"
	                        : "");
	TXF_CHECK_ARG(
	    opts->strategy != TXF_STRATEGY_PADCOPY, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	    "padcopy is a matmul strategy; transpose supports auto, simple, pad, truncate "
	    "and split");
	TXF_CHECK_ARG(opts->batched == 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "batched %d belongs to batches of matrices (txf_transpose_batched), not to "
	              "one matrix",
	              opts->batched);
	if (in_place)
		TXF_CHECK_ARG(opts->strategy != TXF_STRATEGY_TRUNCATE &&
		                  opts->strategy != TXF_STRATEGY_SPLIT,
		              TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "in-place transpose supports simple, pad and auto, not %s",
		              txf_strategy_name(opts->strategy));

	TXF_CHECK_ARG(opts->stream >= -1 && opts->stream <= 1, TXF_ERR_BAD_TILE,
	              "stream %d is not -1 (never), 0 (choose) or 1 (always)", opts->stream);
	TXF_CHECK_ARG(opts->inplace_tiles >= 0 && opts->inplace_tiles <= 2, TXF_ERR_BAD_TILE,
	              "inplace_tiles %d is not 0 (choose), 1 or 2", opts->inplace_tiles);
	TXF_CHECK_ARG(opts->inplace_tiles == 0 ||
	                  (in_place && (opts->strategy == TXF_STRATEGY_AUTO ||
	                                opts->strategy == TXF_STRATEGY_PAD)),
	              TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "inplace_tiles %d belongs to the tiled in-place transpose (pad or auto in "
	              "place), not to %s %s",
	              opts->inplace_tiles, txf_strategy_name(opts->strategy),
	              in_place ? "in place" : "out of place");
	const unsigned vt = txf__stream_tile(elem);
	if (opts->stream == 1) {
		TXF_CHECK_ARG(!in_place && (opts->strategy == TXF_STRATEGY_AUTO ||
		                            opts->strategy == TXF_STRATEGY_PAD),
		              TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the streaming kernel (stream 1) belongs to the out-of-place pad "
		              "strategy, not to %s%s",
		              txf_strategy_name(opts->strategy), in_place ? " in place" : "");
		TXF_CHECK_ARG(vt, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the streaming kernel (stream 1) moves 1- to 16-byte elements, not "
		              "%zu-byte ones",
		              elem);
		TXF_CHECK_ARG(opts->segments <= 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the streaming kernel (stream 1) and output-aligned runs (segments "
		              "%d) are two kernels of pad: ask for one",
		              opts->segments);
		TXF_CHECK_ARG((!opts->tile || opts->tile == vt) &&
		                  (!opts->wg_rows || opts->wg_rows == 1),
		              TXF_ERR_BAD_TILE,
		              "the streaming kernel moves %u x %u tiles of %zu-byte elements, one "
		              "work-item per group: tile %u x %u does not fit it (use %u x 1 or 0)",
		              vt, vt, elem, opts->tile, opts->wg_rows, vt);
	}

	const size_t side = rows < cols ? rows : cols;
	if (opts->packed >= 1) {
		const char *kernel = opts->packed == 2 ? "chunked" : "packed";
		TXF_CHECK_ARG(!in_place && (opts->strategy == TXF_STRATEGY_AUTO ||
		                            opts->strategy == TXF_STRATEGY_PAD),
		              TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the %s kernel (packed %d) belongs to the out-of-place pad "
		              "strategy, not to %s%s",
		              kernel, opts->packed, txf_strategy_name(opts->strategy),
		              in_place ? " in place" : "");
		TXF_CHECK_ARG(elem <= 2, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the %s kernel (packed %d) moves 1- and 2-byte elements, not "
		              "%zu-byte ones",
		              kernel, opts->packed, elem);
		TXF_CHECK_ARG(opts->segments <= 0 && opts->width <= 0 && opts->stream != 1 &&
		                  opts->cache_hints != 1 && opts->skinny != 1,
		              TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the %s kernel (packed %d) and %s are two kernels of pad: ask for "
		              "one",
		              kernel, opts->packed,
		              opts->skinny == 1    ? "the skinny kernel"
		              : opts->stream == 1  ? "the streaming kernel"
		              : opts->segments > 0 ? "output-aligned runs"
		              : opts->width > 0    ? "the runs' width"
		                                   : "cache hints");
		TXF_CHECK_ARG(
		    opts->packed == 2 || opts->tile <= 64, TXF_ERR_BAD_TILE,
		    "the packed kernel's tile counts blocks of 8-byte rows: at most 64, not %u",
		    opts->tile);
		TXF_CHECK_ARG(opts->packed == 1 || !opts->tile || opts->tile * elem >= 32,
		              TXF_ERR_BAD_TILE,
		              "the chunked kernel's tile is whole 32-byte sectors: at least %zu "
		              "%zu-byte elements, not %u",
		              32 / elem, elem, opts->tile);
	}

	if (opts->skinny == 1) {
		TXF_CHECK_ARG(!in_place && (opts->strategy == TXF_STRATEGY_AUTO ||
		                            opts->strategy == TXF_STRATEGY_PAD),
		              TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the skinny kernel (skinny 1) belongs to the out-of-place pad "
		              "strategy, not to %s%s",
		              txf_strategy_name(opts->strategy), in_place ? " in place" : "");
		TXF_CHECK_ARG(side <= TXF_SKINNY_MAX, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the skinny kernel (skinny 1) needs a side of at most %d; the matrix "
		              "is %zu x %zu",
		              TXF_SKINNY_MAX, rows, cols);
		TXF_CHECK_ARG(opts->segments <= 0 && opts->width <= 0 && opts->stream != 1 &&
		                  opts->cache_hints != 1,
		              TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the skinny kernel (skinny 1) and %s are two kernels of pad: ask for "
		              "one",
		              opts->stream == 1    ? "the streaming kernel"
		              : opts->segments > 0 ? "output-aligned runs"
		              : opts->width > 0    ? "the runs' width"
		                                   : "cache hints");
	}

	const txf_device_profile *p = &ctx->profile;
	const txf__transpose_entry *e = txf__transpose_entry_for(p);
	if (!in_place && opts->strategy == TXF_STRATEGY_AUTO && !opts->tile && !opts->wg_rows &&
	    !opts->segments && !opts->width && opts->stream != 1 && opts->cache_hints != 1 &&
	    opts->skinny != 1 && opts->packed < 1 &&
	    tuned_transpose(ctx, e, rows, cols, elem, opts, out)) {
		if (out->skinny || out->packed)
			return TXF_SUCCESS;
		if (!out->stream)
			set_segments(p, e, elem, in_place, out);
		return TXF_SUCCESS;
	}
	if (opts->packed >= 1)
		return choose_packed(p, e, rows, cols, elem, opts, opts->packed, out);
	/* Where the entry streams this element size, a short side of a whole
	 * line or more (L = 64 / element bytes) goes to the streaming kernel:
	 * its tiles are then full and it writes whole lines. */
	const bool stream_side = e->stream && opts->stream == 0 && txf__stream_tile(elem) &&
	                         side >= txf__stream_tile(elem);
	if (opts->skinny == 1 ||
	    (opts->skinny == 0 && !in_place && opts->strategy == TXF_STRATEGY_AUTO &&
	     opts->segments <= 0 && opts->width <= 0 && opts->stream != 1 &&
	     opts->cache_hints != 1 && side >= 1 &&
	     ((side <= e->skinny_max && !stream_side) ||
	      skinny_blocks(e, rows, cols, elem, opts)) &&
	     rows * cols >= e->simple_below))
		return choose_skinny(p, e, rows, cols, elem, opts, out);
	const bool in_words = opts->views_known ? opts->in_words : cols % 4 == 0;
	const bool out_sectors = opts->views_known ? opts->out_sectors : rows * elem % 32 == 0;
	const bool kernels_free = opts->packed == 0 && elem <= 2 && !in_place &&
	                          opts->strategy == TXF_STRATEGY_AUTO && opts->segments <= 0 &&
	                          opts->width <= 0 && opts->stream != 1 && opts->cache_hints != 1 &&
	                          opts->skinny != 1 && rows * cols >= e->simple_below;
	const double bytes = (double)rows * (double)cols * (double)elem;
	const double chunked_from =
	    elem <= 2 && !in_words && !out_sectors ? e->chunked_bytes[elem - 1] : 0;
	if (kernels_free && !opts->tile && chunked_from > 0 && bytes >= chunked_from)
		return choose_packed(p, e, rows, cols, elem, opts, 2, out);
	if (kernels_free && e->packed &&
	    (in_words || out_sectors || bytes < e->packed_unaligned_bytes) && opts->tile <= 64)
		return choose_packed(p, e, rows, cols, elem, opts, 1, out);
	snprintf(out->entry, sizeof out->entry, "%s", e->name);
	if (opts->stream == 1) {
		out->strategy = TXF_STRATEGY_PAD;
		out->strategy_source = TXF_SOURCE_FORCED;
		out->tile_source = TXF_SOURCE_FORCED;
		out->launches = transpose_launches(TXF_STRATEGY_PAD, rows, cols, vt, false);
		snprintf(out->why, sizeof out->why, "%s",
		         opts->strategy == TXF_STRATEGY_PAD
		             ? "pad forced by the caller, with the streaming kernel"
		             : "pad implied by the streaming kernel forced by the caller");
		set_stream(out, elem, "");
		return TXF_SUCCESS;
	}
	unsigned tiles = 1; /* of local memory per work-group */
	char why[200];

	/* Tile and work-group rows: the entry's out-of-place or in-place tile
	 * where it has one and the tile fits. */
	unsigned tile = opts->tile                    ? opts->tile
	                : in_place && e->inplace_tile ? e->inplace_tile
	                                              : e->tile;
	unsigned wg_rows = opts->wg_rows ? opts->wg_rows : e->wg_rows;
	bool out_tile =
	    !in_place && !opts->tile && !opts->wg_rows && e->out_tile &&
	    txf__tile_fits(p, e->out_tile, e->out_rows, elem, e->out_tile, why, sizeof why) &&
	    within_share(p, e, e->out_tile, elem, e->out_tile);
	if (out_tile) {
		tile = e->out_tile;
		wg_rows = e->out_rows;
	} else if (in_place && !opts->wg_rows && e->inplace_rows) {
		wg_rows = e->inplace_rows;
	}
	out->tile_source = opts->tile || opts->wg_rows        ? TXF_SOURCE_FORCED
	                   : strcmp(e->name, "fallback") == 0 ? TXF_SOURCE_FALLBACK
	                                                      : TXF_SOURCE_DEVICE;
	if (!opts->wg_rows && wg_rows > tile)
		wg_rows = tile;
	TXF_CHECK_ARG(wg_rows <= tile, TXF_ERR_BAD_TILE, "wg_rows %u is larger than tile %u",
	              wg_rows, tile);
	if (opts->tile && opts->wg_rows) {
		tiles = in_place ? inplace_tiles_for(p, opts->inplace_tiles, tile, elem) : 1;
		TXF_CHECK_ARG(
		    txf__tile_fits(p, tile, wg_rows, elem, (size_t)tiles * tile, why, sizeof why),
		    TXF_ERR_TILE_UNSUPPORTED, "tile %u x %u%s not supported on %s: %s", tile,
		    wg_rows, in_place && tiles == 2 ? " with two local tiles" : "",
		    p->normalized_name, why);
	} else {
		/* Shrink what was not forced until it fits: the tile where local
		 * memory is short, else rows first, then the tile (keeping a
		 * forced tile). */
		for (;;) {
			tiles =
			    in_place ? inplace_tiles_for(p, opts->inplace_tiles, tile, elem) : 1;
			if (txf__tile_fits(p, tile, wg_rows, elem, (size_t)tiles * tile, why,
			                   sizeof why))
				break;
			const bool local_short =
			    (cl_ulong)tiles * tile * (tile + 1) * elem > p->local_mem_size;
			if (!local_short && !opts->wg_rows && wg_rows > 1)
				wg_rows /= 2;
			else if (!opts->tile && tile > 4)
				tile /= 2, wg_rows = wg_rows > tile ? tile : wg_rows;
			else
				return txf__fail(
				    TXF_ERR_TILE_UNSUPPORTED,
				    "tile %u x %u%s not supported on %s: %s", tile, wg_rows,
				    in_place && tiles == 2 ? " with two local tiles" : "",
				    p->normalized_name, why);
		}
	}
	out->tile = tile;
	out->wg_rows = wg_rows;

	/* Strategy. */
	bool divisible = rows % tile == 0 && cols % tile == 0;
	txf_strategy s = opts->strategy;
	if ((opts->segments > 0 || opts->width > 0 || opts->cache_hints > 0) &&
	    s == TXF_STRATEGY_AUTO) {
		s = TXF_STRATEGY_PAD;
		out->strategy_source = TXF_SOURCE_FORCED;
		snprintf(out->why, sizeof out->why,
		         "pad implied by %s forced by the caller; tile %u x %u from %s",
		         opts->segments > 0 ? "output-aligned runs"
		         : opts->width > 0  ? "the runs' width"
		                            : "cache hints",
		         tile, wg_rows,
		         out->tile_source == TXF_SOURCE_FORCED ? "the caller" : e->name);
	} else if (s != TXF_STRATEGY_AUTO) {
		out->strategy_source = TXF_SOURCE_FORCED;
		snprintf(out->why, sizeof out->why, "%s forced by the caller; tile %u x %u from %s",
		         txf_strategy_name(s), tile, wg_rows,
		         out->tile_source == TXF_SOURCE_FORCED ? "the caller" : e->name);
	} else if (in_place) {
		s = TXF_STRATEGY_PAD;
		out->strategy_source = TXF_SOURCE_DEVICE;
		snprintf(out->why, sizeof out->why,
		         "in place: tile pairs swapped through local memory, edges guarded (%s)",
		         e->name);
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
	if (s == TXF_STRATEGY_TRUNCATE && rows && cols && (rows < tile || cols < tile)) {
		/* Truncate needs a whole tile inside the matrix. A tile the
		 * caller left open shrinks to the largest that fits. */
		TXF_CHECK_ARG(
		    !opts->tile && side >= 4, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		    "truncate needs rows and cols of at least the tile (%u%s); the "
		    "matrix is %zu x %zu: use %s",
		    opts->tile ? tile : 4u, opts->tile ? ", forced" : ", the smallest", rows, cols,
		    opts->tile ? "a smaller tile or another strategy" : "pad, split or simple");
		const unsigned from = tile;
		while (tile > side)
			tile /= 2;
		TXF_CHECK_ARG(!opts->wg_rows || opts->wg_rows <= tile,
		              TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "truncate on %zu x %zu needs a tile of at most %u, but wg_rows %u is "
		              "forced: use wg_rows of at most %u or another strategy",
		              rows, cols, tile, opts->wg_rows, tile);
		if (wg_rows > tile)
			wg_rows = tile;
		out->tile = tile;
		out->wg_rows = wg_rows;
		size_t len = strlen(out->why);
		snprintf(out->why + len, sizeof out->why - len,
		         "; tile reduced from %u to %u so that the matrix holds a whole one", from,
		         tile);
	}
	out->strategy = s;
	out->launches = transpose_launches(s, rows, cols, tile, in_place);
	if (in_place && s != TXF_STRATEGY_SIMPLE) {
		out->inplace_tiles = tiles;
		size_t len = strlen(out->why);
		snprintf(out->why + len, sizeof out->why - len, "; %s local tile%s%s",
		         tiles == 2 ? "two" : "one", tiles == 2 ? "s" : "",
		         opts->inplace_tiles ? " (forced)"
		         : tiles == 2        ? ""
		                             : " (two would take over a quarter of local memory)");
	}
	if (opts->segments > 0) {
		TXF_CHECK_ARG(txf__tile_fits(p, tile, wg_rows, elem,
		                             txf__run_rows(tile, elem, (unsigned)opts->segments),
		                             why, sizeof why),
		              TXF_ERR_TILE_UNSUPPORTED,
		              "tile %u x %u with %d output-aligned runs not supported on %s: %s",
		              tile, wg_rows, opts->segments, p->normalized_name, why);
		out->segments = (unsigned)opts->segments;
	} else if (opts->segments == 0 && opts->stream == 0 && e->stream && vt && !in_place &&
	           s == TXF_STRATEGY_PAD && !opts->tile && !opts->wg_rows && !opts->width &&
	           opts->cache_hints <= 0) {
		char note[200];
		int len = snprintf(note, sizeof note,
		                   "; streaming kernel in place of tile %u: %u x %u tiles (a "
		                   "64-byte line per row) transposed in registers, whole output "
		                   "lines",
		                   tile, vt, vt);
		if (stream_side && side <= e->skinny_max && len > 0 && (size_t)len < sizeof note)
			snprintf(note + len, sizeof note - (size_t)len,
			         " (a short side of %zu fills lines: not the skinny kernels)",
			         side);
		set_stream(out, elem, note);
	} else if (opts->segments == 0) {
		set_segments(p, e, elem, in_place, out);
	}
	if (opts->width > 0)
		TXF_CHECK_ARG(opts->width % tile == 0 && (unsigned)opts->width <= 8 * tile,
		              TXF_ERR_BAD_TILE,
		              "width %d is not a multiple of the tile %u from 1 to 8 tiles",
		              opts->width, tile);
	txf_status st = set_width(p, e, elem, opts->width, out);
	return st == TXF_SUCCESS ? set_hints(p, e, opts->cache_hints, out) : st;
}

/* ------------------------------------------------------------ matmul */

static bool params_forced(const txf__mparams *p)
{
	return p->mwg || p->nwg || p->kwg || p->mdimc || p->ndimc || p->vwa || p->vwb ||
	       p->ksplit || p->lbuf || p->wmap || p->kgroups || p->mma;
}

/* lbuf, wmap and kgroups the caller left open: the entry's values where
 * they fit the other parameters (a blocked kernel, a grid wmap 2 cannot
 * tile, local memory for two buffers or for K groups, work-items), else 1. */
static void settle_layout(const txf_context *ctx, const txf__mparams *given, txf__mparams *p,
                          size_t elem)
{
	/* The matrix-unit kernels stage through 2 to 4 buffers (a blocked set
	 * takes none of them and keeps 1). */
	const unsigned lbuf_min = p->mma >= 2 && p->mdimc * p->ndimc > 1 ? 2 : 1;
	if (!given->lbuf && p->lbuf < lbuf_min)
		p->lbuf = lbuf_min;
	if (!given->wmap && !p->wmap)
		p->wmap = 1;
	txf__mparams one = *p;
	one.lbuf = lbuf_min;
	if (!given->wmap && p->wmap == 2 &&
	    txf__check_matmul_params(ctx, &one, elem) != TXF_SUCCESS)
		p->wmap = 1;
	one = *p;
	one.lbuf = lbuf_min;
	if (!given->kgroups && p->kgroups > 1 &&
	    txf__check_matmul_params(ctx, &one, elem) != TXF_SUCCESS)
		p->kgroups = 1;
	while (!given->lbuf && p->lbuf > lbuf_min &&
	       txf__check_matmul_params(ctx, p, elem) != TXF_SUCCESS)
		p->lbuf--;
	if (!p->lbuf)
		p->lbuf = 1;
	if (!p->wmap)
		p->wmap = 1;
	if (!p->kgroups)
		p->kgroups = 1;
}

/* Strategies that can sum K slices: their product kernel writes a
 * temporary the host sums into C. */
static bool can_slice(txf_strategy st)
{
	return st == TXF_STRATEGY_PAD || st == TXF_STRATEGY_PADCOPY;
}

/* Slices per K step at the least: shorter slices spend more of their time
 * starting and ending than multiplying. Past KSLICE_SHORT_MAX slices, the
 * device entry's rule (auto_ksplit) keeps each at least KSLICE_DEEP_STEPS
 * long: more slices of fewer steps made f64 and f16 products on the H100
 * slower (docs/bench/h100-2026-11-27/kslices); the cost model weighs its
 * own. */
#define KSLICE_MIN_STEPS 8
#define KSLICE_SHORT_MAX 64
#define KSLICE_DEEP_STEPS 64

/* How many of p's work-groups count as one where the entry fills compute
 * units by work-items (split_items for 4-byte elements, half as many for
 * 8-byte ones, whose registers hold half as many elements): the fused
 * multiply-add kernels' groups of fewer work-items, light on registers and
 * local memory, run that many more at once. 1 elsewhere, and for the
 * matrix units' kernels, whose registers and local memory bound how many
 * groups run at once. */
static double group_share(const txf__matmul_entry *e, const txf__mparams *p, size_t elem)
{
	const double items = (double)p->mdimc * p->ndimc;
	const double want = (double)e->split_items * 4.0 / (double)elem;
	if (!e->split_items || p->mma > 1 || items <= 1 || items >= want)
		return 1.0;
	return want / items;
}

/* Whether C (m x n, row-major) in blocks of p leaves the entry's device
 * short of work: at most half of split_fill work-groups per compute unit. */
static bool few_blocks(const txf_context *ctx, const txf__matmul_entry *e, size_t m, size_t n,
                       const txf__mparams *p)
{
	const double blocks = ceil((double)m / p->mwg) * ceil((double)n / p->nwg);
	return e->split_fill && 2 * blocks <= (double)e->split_fill * ctx->profile.compute_units;
}

/* The entry's K slices for m x n x k (row-major C): where C has at most
 * half as many blocks as split_fill per compute unit (work-groups counted
 * as group_share says), enough slices to
 * bring the work-groups up to that, each at least KSLICE_MIN_STEPS K steps
 * long and the partial sums within one buffer; past KSLICE_SHORT_MAX
 * slices, each at least KSLICE_DEEP_STEPS long and as many as fill whole
 * rounds of work-groups over the compute units. 1: none. */
static unsigned auto_ksplit(const txf_context *ctx, const txf__matmul_entry *e, size_t m, size_t n,
                            size_t k, size_t elem, const txf__mparams *p)
{
	const txf_device_profile *d = &ctx->profile;
	if (!e->split_fill || !m || !n || !k || !d->compute_units)
		return 1;
	/* K groups count as work-groups of their own here: each is one more
	 * group of work-items on the block. */
	const double groups = p->kgroups > 1 ? p->kgroups : 1;
	const double blocks = ceil((double)m / p->mwg) * ceil((double)n / p->nwg) * groups;
	const double target = (double)e->split_fill * d->compute_units * group_share(e, p, elem);
	const double steps = ceil((double)k / p->kwg) / groups;
	if (2 * blocks > target)
		return 1;
	double sl = floor(target / blocks);
	sl = fmin(sl, floor(steps / KSLICE_MIN_STEPS));
	if (sl > KSLICE_SHORT_MAX) {
		/* Past the short ones, whole rounds of work-groups over the
		 * compute units: a second work-group on some of them would
		 * share their units while the others idle. */
		sl = fmin(sl, floor(steps / KSLICE_DEEP_STEPS));
		const double rounds = floor(blocks * sl / d->compute_units);
		if (rounds >= 1)
			sl = floor(rounds * d->compute_units / blocks);
		sl = fmax(sl, KSLICE_SHORT_MAX);
	}
	sl = fmin(sl, TXF_MAX_KSPLIT);
	while (sl >= 2 && sl * (double)m * (double)n * (double)elem > (double)d->max_alloc_size)
		sl--;
	return sl >= 2 ? (unsigned)sl : 1;
}

/* Append note to why (of why_size bytes) whole, after as much of why as
 * leaves room for it ("..." where it cut). */
static void why_append_whole(char *why, size_t why_size, const char *note)
{
	size_t len = strlen(why);
	const size_t n = strlen(note);
	if (n + 4 > why_size)
		return;
	const size_t room = why_size - 1 - n;
	if (len > room) {
		len = room - 3;
		memcpy(why + len, "...", 3);
		len += 3;
	}
	memcpy(why + len, note, n + 1);
}

/* The order of the work-groups (p->raster) where the caller left it open:
 * the entry's bands for the matrix-unit kernels where a row of blocks holds
 * more work-groups than are in flight (two per compute unit) over the
 * band's rows, else row by row. Measured on an H100: f16, TF32 and f64
 * 1.01 to 1.09 times as fast with bands of 8 at rows of 48 or more blocks;
 * 0.85 to 0.92 at rows of 8 to 15 blocks, which stay row by row; at rows
 * of 40, f16 3000 x 5000 x 700 0.95, TF32 1.02; the exact f32 kernels gain
 * nothing or lose (docs/bench/h100-2026-11-27b/raster). */
static void settle_raster(const txf_context *ctx, const txf__matmul_entry *e, size_t m, size_t n,
                          txf_strategy st, txf__mparams *p, char *why, size_t why_size)
{
	if (p->raster)
		return;
	p->raster = 1;
	if (e->raster < 2 || p->mma < 2 || st == TXF_STRATEGY_SIMPLE ||
	    st == TXF_STRATEGY_TRUNCATE || !m || !n)
		return;
	const double cols = ceil((double)n / p->nwg), rows = ceil((double)m / p->mwg);
	if (rows < 2 || cols * e->raster <= 2.0 * ctx->profile.compute_units)
		return;
	p->raster = e->raster;
	char note[64];
	snprintf(note, sizeof note, "; work-groups in bands of %u block rows", p->raster);
	why_append_whole(why, why_size, note);
}

/* Settle params.ksplit and, where slices need it, the strategy: a value
 * the caller forced is kept (an AUTO strategy becomes PAD where it would
 * not slice), 0 takes the entry's rule. Appends the reason to out->why. */
static txf_status settle_ksplit(const txf_context *ctx, const txf__matmul_entry *e, size_t m,
                                size_t n, size_t k, size_t elem, bool auto_strategy,
                                unsigned forced, txf_strategy *st, txf__mparams *p, char *why,
                                size_t why_size)
{
	const bool divisible = m % p->mwg == 0 && n % p->nwg == 0 && k % p->kwg == 0;
	size_t len = strlen(why);
	if (forced > 1) {
		TXF_CHECK_ARG(can_slice(*st) || auto_strategy, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "ksplit %u needs pad or padcopy, which sum K slices from a "
		              "temporary; %s writes C directly",
		              forced, txf_strategy_name(*st));
		if (!can_slice(*st))
			*st = TXF_STRATEGY_PAD;
		p->ksplit = forced;
		snprintf(why + len, why_size - len, "; K in %u slices (forced)", forced);
		return TXF_SUCCESS;
	}
	p->ksplit = 1;
	const bool sliceable =
	    can_slice(*st) || (auto_strategy && *st == TXF_STRATEGY_SPLIT && divisible);
	if (forced == 1 || !sliceable)
		return TXF_SUCCESS;
	const unsigned sl = auto_ksplit(ctx, e, m, n, k, elem, p);
	if (sl < 2)
		return TXF_SUCCESS;
	/* On a shape the blocks divide, PAD runs the unchecked kernel. */
	if (*st == TXF_STRATEGY_SPLIT)
		*st = TXF_STRATEGY_PAD;
	p->ksplit = sl;
	const double blocks = ceil((double)m / p->mwg) * ceil((double)n / p->nwg);
	char items[64] = "";
	if (group_share(e, p, elem) > 1.0)
		snprintf(items, sizeof items, " in work-groups of %u work-items",
		         p->mdimc * p->ndimc);
	snprintf(why + len, why_size - len,
	         "; K in %u slices: %.0f block%s of C%s would leave most of the %u compute "
	         "units idle",
	         sl, blocks, blocks == 1 ? "" : "s", items, ctx->profile.compute_units);
	return TXF_SUCCESS;
}

bool txf__padcopy_panels(const txf__mparams *p)
{
	return p->mdimc * p->ndimc == 1 && p->kvec <= 1 && p->dot <= 1;
}

static unsigned matmul_launches(txf_strategy st, size_t m, size_t n, size_t k,
                                const txf__mparams *p)
{
	size_t m_t = m - m % p->mwg, n_t = n - n % p->nwg, k_t = k - k % p->kwg;
	if (m == 0 || n == 0)
		return 0;
	if (k == 0)
		return 1;
	if (st == TXF_STRATEGY_SPLIT)
		return (m_t && n_t && k_t) + (m_t && n_t && k_t < k) + (m_t < m) +
		       (n_t < n && m_t > 0);
	if (st == TXF_STRATEGY_PADCOPY && txf__padcopy_panels(p)) /* (f32, f64: B's panels) */
		return 2 + (p->ksplit > 1);
	if (st == TXF_STRATEGY_PADCOPY) /* (row-major, no transposes: A is packed) */
		return 2 + (n % p->nwg || k % p->kwg) + (p->ksplit > 1);
	return p->ksplit > 1 ? 2 : 1;
}

/* A matmul with nothing forced takes the tuned entry for its shape (where
 * no cost model weighs it); uneven shapes from the tuned size on are copied
 * into padded temporaries. */
static bool tuned_matmul(txf_context *ctx, size_t m, size_t n, size_t k, size_t elem,
                         txf__mchoice *out)
{
	txf__tuned_pick tp;
	size_t dims[3] = {m, n, k};
	if (!txf__tuning_find(ctx, TXF_TUNE_MATMUL, elem, dims, &tp))
		return false;
	const txf__tuned *t = &tp.entry;
	const txf__mparams *p = &t->params;
	txf_strategy st = t->strategy;
	bool uneven = m % p->mwg || n % p->nwg || k % p->kwg;
	double size = (double)m * (double)n * (double)k;
	bool padcopy = uneven && tp.limits.padcopy_min > 0 && size >= tp.limits.padcopy_min;
	if (padcopy)
		st = TXF_STRATEGY_PADCOPY;
	if (st == TXF_STRATEGY_TRUNCATE && m && n &&
	    !((m >= p->mwg && n >= p->nwg) || (n >= p->mwg && m >= p->nwg)))
		return false; /* the built-in table decides */
	out->strategy = st;
	out->params = *p;
	settle_layout(ctx, p, &out->params, elem);
	out->strategy_source = out->params_source = TXF_SOURCE_TUNED;
	const unsigned tuned_split = p->ksplit;
	tuned_name(out->entry, sizeof out->entry, TXF_TUNE_MATMUL, &tp);
	int len = snprintf(out->why, sizeof out->why,
	                   "measured on this device (txf tune, %s): %s with blocks %u x %u x %u "
	                   "took %.4g ms at %zu x %zu x %zu",
	                   tp.mode[0] ? tp.mode : "?", txf_strategy_name(t->strategy), p->mwg,
	                   p->nwg, p->kwg, t->median_ms, t->shape[0], t->shape[1], t->shape[2]);
	if (padcopy && len > 0 && (size_t)len < sizeof out->why)
		snprintf(out->why + len, sizeof out->why - (size_t)len,
		         "; padcopy from %.4g multiply-adds on (tuned)", tp.limits.padcopy_min);
	/* The tuned entry may leave K slices to the device's rule. */
	if (settle_ksplit(ctx, txf__matmul_entry_for(&ctx->profile), m, n, k, elem, true,
	                  tuned_split, &out->strategy, &out->params, out->why,
	                  sizeof out->why) != TXF_SUCCESS)
		return false;
	out->launches = matmul_launches(out->strategy, m, n, k, &out->params);
	return true;
}

/* Whether C holds one whole block in either storage order (the layout of C
 * may swap m and n; txf_matmul checks the exact case). */
static bool truncate_fits(size_t m, size_t n, const txf__mparams *p)
{
	return (m >= p->mwg && n >= p->nwg) || (n >= p->mwg && m >= p->nwg);
}

/* A forced TRUNCATE on a C smaller than the chosen blocks: the block sides
 * the caller left open are halved until both are at most the smaller side
 * of C, so that a block fits whichever storage order C has; then the
 * parameters the caller left open are narrowed until the kernel's rules
 * hold: work-items per side, vector widths, and the tiled kernel's options
 * where the blocks leave one work-item (the blocked kernel). On failure p
 * holds the last blocks tried and why says what rule they break. */
static bool shrink_for_truncate(const txf_context *ctx, size_t m, size_t n, size_t elem,
                                const txf__mparams *given, txf__mparams *p, char *why,
                                size_t why_size)
{
	const size_t side = m < n ? m : n;
	txf__mparams q = *p;
	while (!given->mwg && q.mwg > 1 && q.mwg > side)
		q.mwg /= 2;
	while (!given->nwg && q.nwg > 1 && q.nwg > side)
		q.nwg /= 2;
	*p = q;
	if (!truncate_fits(m, n, &q)) {
		snprintf(why, why_size, "the caller's blocks %u x %u are larger than C", q.mwg,
		         q.nwg);
		return false;
	}
	for (;;) {
		txf_status s = txf__check_matmul_params(ctx, &q, elem);
		if (s == TXF_SUCCESS)
			break;
		const bool blocked = q.mdimc == 1 && q.ndimc == 1;
		if (!given->mdimc && q.mdimc > 1 && q.mwg % q.mdimc)
			q.mdimc /= 2;
		else if (!given->ndimc && q.ndimc > 1 && q.nwg % q.ndimc)
			q.ndimc /= 2;
		else if (!given->wmap && q.wmap > 1 && (blocked || q.mdimc % 4 || q.ndimc % 8))
			q.wmap = 1;
		else if (!given->lbuf && q.lbuf > 1 && blocked)
			q.lbuf = 1;
		else if (!given->kgroups && q.kgroups > 1 && blocked)
			q.kgroups = 1;
		else if (!given->vwa && q.vwa > 1)
			q.vwa /= 2;
		else if (!given->vwb && q.vwb > 1)
			q.vwb /= 2;
		else if (!given->mdimc && q.mdimc > 1)
			q.mdimc /= 2;
		else if (!given->ndimc && q.ndimc > 1)
			q.ndimc /= 2;
		else {
			*p = q;
			snprintf(why, why_size, "%s", txf_last_error());
			return false;
		}
	}
	*p = q;
	return true;
}

/* A blocked kernel's block copies its panel of B whatever its rows: the
 * copy costs about as much as this many rows of its products (on a 2-core
 * Xeon, blocks of 128 x 64 holding 8 rows of C took 0.17 of a whole
 * block's time). */
#define BLOCKED_COPY_ROWS 16.0

/* With PADCOPY the blocked kernel reads B packed in panels instead: no
 * copy, but B's rows come from the cache hierarchy rather than from the
 * block's copy in L1, which costs about as much as this many rows. A block
 * of mwg rows gains (mwg + BLOCKED_COPY_ROWS) / (mwg + BLOCKED_PANEL_ROWS):
 * on a 2-core Xeon, the kernels alone (the pack at sum_bytes_s taken off)
 * ran 1.10 times as fast with 128 x 64 and 128 x 128 blocks, 1.2-1.27 with
 * 64 x 32 and 64 x 128 and 1.3 with 32 x 32 and 32 x 64 (medians of 12
 * products of 512^3 to 3000 x 2000 x 1000, f32; f64 1.12 and 1.2 with 128 x
 * 64 and 64 x 32; docs/bench/pocl-2026-11-28-intel/gain). */
#define BLOCKED_PANEL_ROWS 4.0

/* f64 sets on the matrix units run m8n8k4 below compute capability 9.0
 * (mma 2), where m16n8k4 (mma 3) is not there. */
static void units_on_device(const txf_context *ctx, size_t elem, txf__mparams *p)
{
	if (elem == 8 && p->mma > 2 && ctx->profile.nv_compute_capability < 90)
		p->mma = 2;
}

/* The cost model's time for m x n x k (row-major C) in blocks of c with
 * sl K slices, with PADCOPY's packed operands where `packed`: the busiest compute
 * unit runs ceil(blocks sl / cus) work-groups (the blocked kernel: their
 * share of the register tiles inside C), in rounds of c->slots at
 * c->rate, and a last short round at rate1 per work-group where that is
 * slower, and round_s per round (the work-groups over c->slots); with one
 * work-group at a time (slots 1) each block's store of C at
 * lone_store_bytes_s; each work-group with its block's partial sums at
 * panel_vec_s a vector per K step (and kvec_sum_s an element once, with
 * kvec); plus the launch. Slices add the summing launch and its traffic (sl
 * partial sums read, C written); PADCOPY adds a launch and the traffic (read
 * and write) per copy: A always, B where its blocks are partial (C is
 * written in place), and, where the blocks do not divide C and its rows
 * allow the unpacked kernel's vector stores (c_vec), C's bytes at
 * clip_bytes_s. */
static double model_time(const txf__matmul_entry *e, const txf__mcost *c, const txf__mparams *p,
                         unsigned cus, size_t m, size_t n, size_t k, size_t elem, unsigned sl,
                         bool packed, bool c_vec)
{
	const double blocks = ceil((double)m / p->mwg) * ceil((double)n / p->nwg);
	const double steps = ceil(ceil((double)k / p->kwg) / sl);
	const bool blocked = p->mdimc * p->ndimc == 1;
	/* The blocked kernel's K loop stops at K; the tiled ones run whole
	 * K steps. */
	const double kw = blocked ? ceil((double)k / sl) : steps * p->kwg;
	const double w = 2.0 * p->mwg * p->nwg * kw;
	const double groups = ceil(blocks * sl / cus);
	double per_cu = groups;
	if (blocked) {
		/* The blocked kernel skips register tiles past C's edges and
		 * spreads a partial last block row over the work-groups' order:
		 * the busiest compute unit runs its share of the blocks' costs,
		 * and at least a whole block. A partial block's cost: its
		 * columns' share of a whole block's, times, for its rows r,
		 * (r + BLOCKED_COPY_ROWS) / (mwg + BLOCKED_COPY_ROWS) (the copy
		 * of B's panel is made whatever the rows). Where C has one
		 * block row (column), the block is counted whole: the sets'
		 * rates, fitted to whole blocks, hold their fixed costs. */
		const double mr = p->vwa, nr = p->kvec > 1 ? p->vwb : 2.0 * p->vwb;
		const double br = ceil((double)m / p->mwg), bc = ceil((double)n / p->nwg);
		const double er = fmin(p->mwg, ceil((m - (br - 1) * p->mwg) / mr) * mr);
		const double ec = fmin(p->nwg, ceil((n - (bc - 1) * p->nwg) / nr) * nr);
		const double row_e =
		    br > 1 ? (er + BLOCKED_COPY_ROWS) / (p->mwg + BLOCKED_COPY_ROWS) : 1.0;
		const double col_e = bc > 1 ? ec / p->nwg : 1.0;
		const double fill = (br - 1 + row_e) / br * ((bc - 1 + col_e) / bc);
		per_cu = fmax(per_cu * fill, 1.0);
	}
	const double rounds = blocked ? per_cu / c->slots : floor(per_cu / c->slots);
	const double rest = blocked ? 0.0 : per_cu - rounds * c->slots;
	const bool panels = packed && txf__padcopy_panels(p);
	const double f = !packed  ? 1.0
	                 : panels ? (p->mwg + BLOCKED_COPY_ROWS) / (p->mwg + BLOCKED_PANEL_ROWS)
	                          : c->packed;
	const double md = (double)m, nd = (double)n, kd = (double)k;
	double t = e->launch_s + rounds * c->slots * w / (c->rate * f);
	if (rest > 0)
		t += fmax(rest * w / (c->rate * f), w / (c->rate1 * f));
	t += groups / c->slots * e->round_s;
	if (c->slots == 1 && e->lone_store_bytes_s > 0)
		t += per_cu * p->mwg * p->nwg * (double)elem / e->lone_store_bytes_s;
	/* Each work-group's partial sums, per K panel and (kvec) once at the
	 * end. */
	const double cells = (double)p->mwg * p->nwg, kv = p->kvec > 1;
	t +=
	    per_cu * cells *
	    (ceil(kw / p->kwg) * e->panel_vec_s / (kv ? 1.0 : (double)p->vwb) + kv * e->kvec_sum_s);
	if (sl > 1)
		t += e->slice_launch_s + (sl + 1.0) * md * nd * (double)elem / e->sum_bytes_s;
	const double pack_bs = e->pack_bytes_s > 0 ? e->pack_bytes_s : e->sum_bytes_s;
	if (panels) {
		/* The pack of B: read, and written in panels of 2 vwb columns. */
		const double nr = 2.0 * p->vwb;
		t += e->slice_launch_s + 2.0 * (double)elem * kd * ceil(nd / nr) * nr / pack_bs;
	} else if (packed) {
		const bool copy_b = n % p->nwg || k % p->kwg;
		t += (1.0 + copy_b) * e->slice_launch_s +
		     2.0 * (double)elem * (md * kd + copy_b * kd * nd) / pack_bs;
	}
	if (packed && c_vec && e->clip_bytes_s > 0 && (m % p->mwg || n % p->nwg))
		t += md * nd * (double)elem / e->clip_bytes_s;
	return t;
}

bool txf__model_set(const txf_context *ctx, const txf__mcost *c, size_t elem, txf__mparams *p)
{
	*p = c->p;
	units_on_device(ctx, elem, p);
	settle_layout(ctx, p, p, elem);
	if (txf__check_matmul_params(ctx, p, elem) != TXF_SUCCESS) {
		txf__clear_error();
		return false;
	}
	p->ksplit = 1;
	return true;
}

double txf__model_time(const txf__matmul_entry *e, const txf__mcost *c, double scale,
                       const txf__mparams *p, unsigned cus, size_t m, size_t n, size_t k,
                       size_t elem)
{
	txf__mcost cs = *c;
	cs.rate *= scale;
	cs.rate1 *= scale;
	return model_time(e, &cs, p, cus, m, n, k, elem, 1, false, false);
}

/* Append to why which matrix units p runs on (mma 2 to 4). */
static void units_note(char *why, size_t why_size, size_t elem, const txf__mparams *p)
{
	const size_t len = strlen(why);
	if (elem == 8)
		snprintf(why + len, why_size - len, "; f64 on the matrix units (mma.sync %s)",
		         txf__mma_instruction(p->mma));
	else
		snprintf(why + len, why_size - len,
		         "; f32 as %s on the TF32 matrix units (mma.sync %s)",
		         txf__precision_name(p->precision), txf__mma_instruction(p->mma));
}

/* Whether one of a cost model's sets (NULL or [0].p.mwg 0: none) runs on
 * ctx's device: the f64 sets on NVIDIA's matrix units need compute
 * capability 8.0 or later, and elsewhere the entry's rule chooses. */
static bool model_runs(const txf_context *ctx, const txf__mcost *sets, size_t elem)
{
	for (unsigned i = 0; sets && i < TXF__MCOST_SETS && sets[i].p.mwg; i++) {
		txf__mparams q = sets[i].p;
		units_on_device(ctx, elem, &q);
		settle_layout(ctx, &q, &q, elem);
		if (txf__check_matmul_params(ctx, &q, elem) == TXF_SUCCESS)
			return true;
		txf__clear_error();
	}
	return false;
}

/* The model weighs every count of K slices up to this one. */
#define MODEL_ALL_SLICES 64

/* An f32 or f64 product with nothing forced, on an entry with a cost model
 * for its type: the block set and K slices of least estimated time. Slices
 * keep at least KSLICE_MIN_STEPS K steps each and their partial sums within
 * one buffer. kvec 0 weighs every set; 1 only those without it; more only
 * those with it, that many lanes. c_vec: C's rows start on 16-byte
 * boundaries (model_time). False where the entry has no model or none of its
 * sets fits the device. */
static bool model_matmul(txf_context *ctx, const txf__matmul_entry *e, size_t m, size_t n, size_t k,
                         size_t elem, unsigned kvec, bool c_vec, txf__mchoice *out)
{
	const unsigned cus = ctx->profile.compute_units;
	const txf__mcost *sets_of = elem == 4 ? e->cost_f32 : elem == 8 ? e->cost_f64 : NULL;
	if (!sets_of || !sets_of[0].p.mwg || !cus || !m || !n || !k)
		return false;
	/* The rates as calibrated on this device, where the tuning holds
	 * them. */
	double scale[TXF__MCOST_SETS];
	const unsigned calibrated = txf__tuning_model_scales(ctx, elem, sets_of, scale);
	txf__mparams best = {0};
	double best_t = 0;
	unsigned sets = 0, most = 1;
	bool best_packed = false, packs_weighed = false;
	for (unsigned i = 0; i < TXF__MCOST_SETS && sets_of[i].p.mwg; i++) {
		txf__mcost cs = sets_of[i];
		cs.rate *= scale[i];
		cs.rate1 *= scale[i];
		const txf__mcost *c = &cs;
		txf__mparams q = c->p;
		units_on_device(ctx, elem, &q);
		if (kvec && (kvec > 1) != (q.kvec > 1))
			continue;
		if ((double)m * (double)n * (double)k < c->from)
			continue;
		if (kvec > 1)
			q.kvec = kvec;
		/* (Sums along K need a K of one vector at least.) */
		if (!kvec && q.kvec > 1 && k < q.kvec)
			continue;
		settle_layout(ctx, &q, &q, elem);
		if (txf__check_matmul_params(ctx, &q, elem) != TXF_SUCCESS)
			continue;
		const double blocks = ceil((double)m / q.mwg) * ceil((double)n / q.nwg);
		/* Packed operands with any count of slices: padcopy sums slices
		 * as pad does, and a large product whose blocks leave a last
		 * round short runs its packed blocks sliced (1965 x 3442 x 2289
		 * on the H100: 256 x 128 packed in 3 slices 1.10 times as fast
		 * as 128 x 128 unpacked in 3, docs/bench/h100-2026-11-27l). */
		const bool packs =
		    e->padcopy_from > 0 && (c->packed > 0 || txf__padcopy_panels(&q));
		packs_weighed = packs_weighed || packs;
		/* The packed variant's own parameters: with B in panels the
		 * entry's deeper K step (panel_kwg), else the set's pp where it
		 * has one, or its p where it runs only packed (v 0 the set as it
		 * is, unpacked, v 1 that variant, packed only). */
		txf__mparams qv[2] = {q, q};
		bool deep = false;
		if (packs && txf__padcopy_panels(&q)) {
			qv[1].kwg = e->panel_kwg[elem == 8];
			deep = qv[1].kwg > q.kwg;
		} else if (packs && (c->pp.mwg || c->packed_only)) {
			qv[1] = c->pp.mwg ? c->pp : c->p;
			units_on_device(ctx, elem, &qv[1]);
			settle_layout(ctx, &qv[1], &qv[1], elem);
			deep = true;
		}
		deep = deep && txf__check_matmul_params(ctx, &qv[1], elem) == TXF_SUCCESS;
		if (!deep)
			txf__clear_error();
		/* A set that runs only packed, where it cannot, is not weighed. */
		if (c->packed_only && !deep)
			continue;
		sets++;
		for (int v = c->packed_only; v <= deep; v++) {
			const double steps = ceil((double)k / qv[v].kwg);
			/* The most slices: KSLICE_MIN_STEPS K steps each, their
			 * partial sums within one buffer. */
			const double c_bytes = (double)m * (double)n * (double)elem;
			const unsigned sl_max = (unsigned)fmax(
			    1.0, fmin(fmin(TXF_MAX_KSPLIT, floor(steps / KSLICE_MIN_STEPS)),
			              floor((double)ctx->profile.max_alloc_size / c_bytes)));
			for (unsigned sl = 1; sl <= sl_max; sl++) {
				/* Past MODEL_ALL_SLICES, only the most slices that give
				 * the busiest compute unit a number of work-groups:
				 * fewer give it as many, each longer. */
				if (sl > MODEL_ALL_SLICES && sl < sl_max &&
				    ceil(blocks * (sl + 1) / cus) == ceil(blocks * sl / cus))
					continue;
				most = sl > most ? sl : most;
				for (int packed = v; packed <= (v || !deep ? packs : 0); packed++) {
					const double t = model_time(e, c, &qv[v], cus, m, n, k,
					                            elem, sl, packed, c_vec);
					if (!best.mwg || t < best_t) {
						best = qv[v];
						best.ksplit = sl;
						best_t = t;
						best_packed = packed;
					}
				}
			}
		}
	}
	if (!sets)
		return false;
	const bool divisible = m % best.mwg == 0 && n % best.nwg == 0 && k % best.kwg == 0;
	out->strategy = best_packed       ? TXF_STRATEGY_PADCOPY
	                : best.ksplit > 1 ? TXF_STRATEGY_PAD
	                : divisible       ? e->divisible
	                                  : e->uneven;
	out->params = best;
	out->strategy_source = out->params_source = TXF_SOURCE_DEVICE;
	snprintf(out->entry, sizeof out->entry, "%s", e->name);
	int len = snprintf(
	    out->why, sizeof out->why, "%s cost model: blocks %u x %u x %u %s %zu x %zu x %zu",
	    e->name, best.mwg, best.nwg, best.kwg, divisible ? "divide" : "do not divide", m, n, k);
	if (best_packed && len > 0 && (size_t)len < sizeof out->why)
		len += snprintf(out->why + len, sizeof out->why - (size_t)len,
		                txf__padcopy_panels(&best) ? ", B copied in panels first"
		                                           : ", operands copied K-major first");
	if (best.ksplit > 1 && len > 0 && (size_t)len < sizeof out->why)
		len += snprintf(out->why + len, sizeof out->why - (size_t)len, ", K in %u slices",
		                best.ksplit);
	char slices[48] = "K whole";
	if (most > 1)
		snprintf(slices, sizeof slices, "1 to %u K slices", most);
	if (len > 0 && (size_t)len < sizeof out->why)
		snprintf(out->why + len, sizeof out->why - (size_t)len,
		         ": estimated %.3g us, the least of %u block sets on %u compute units with "
		         "%s%s (work-groups per compute unit and their %s)",
		         best_t * 1e6, sets, cus, slices,
		         packs_weighed ? ", with and without packed operands" : "",
		         calibrated ? "rates as calibrated on this device by txf tune"
		                    : "measured rates");
	out->launches = matmul_launches(out->strategy, m, n, k, &out->params);
	return true;
}

/* A set run by a kernel without the matrix units: fused multiply-adds; a
 * matrix-unit set's stages become the register-staged kernels' 2 local
 * buffers at most (a fused set keeps its own). */
static void off_the_units(txf__mparams *p)
{
	if (p->mma >= 2 && p->lbuf > 2)
		p->lbuf = 2;
	p->mma = 1;
}

/* Whether an m x n C has too few blocks of entry e's mma_f32 set for
 * 3xtf32 on ctx's device (fill_3xtf32). */
static bool few_3xtf32_blocks(const txf_context *ctx, const txf__matmul_entry *e, size_t m,
                              size_t n)
{
	const txf__mparams *u = &e->mma_f32;
	if (!u->mwg || e->fill_3xtf32 <= 0)
		return false;
	const double blocks =
	    ceil((double)m / u->mwg) * ceil((double)n / u->nwg); /* m, n > 0 or none */
	return blocks < e->fill_3xtf32 * ctx->profile.compute_units;
}

/* The reduction kernel's blocks along one side of C: the whole side where
 * it is at most TXF_DOT_C long, in parts of at most TXF_DOT_WI; else one
 * part of TXF_DOT_WI (the long side of a C with a short one). */
static void dot_side(size_t len, unsigned given_wg, unsigned given_dimc, unsigned *wg,
                     unsigned *dimc)
{
	const size_t wi = TXF_DOT_WI;
	if (len > TXF_DOT_C)
		len = wi;
	*dimc = given_dimc ? given_dimc : (unsigned)((len + wi - 1) / wi);
	*wg = given_wg ? given_wg : *dimc * (unsigned)((len + *dimc - 1) / *dimc);
}

/* The reduction kernel's set for a row-major C of m x n (m, n > 0): blocks
 * as dot_side cuts each side, with `lanes` along K; the caller's block and
 * work-item parameters in place of those they give. */
static txf__mparams dot_set(const txf__mparams *given, unsigned lanes, size_t m, size_t n)
{
	txf__mparams p;
	memset(&p, 0, sizeof p);
	if (!m || !n)
		m = n = 1;
	dot_side(m, given->mwg, given->mdimc, &p.mwg, &p.mdimc);
	dot_side(n, given->nwg, given->ndimc, &p.nwg, &p.ndimc);
	p.kwg = given->kwg ? given->kwg : 1;
	p.vwa = given->vwa ? given->vwa : 1;
	p.vwb = given->vwb ? given->vwb : 1;
	p.lbuf = given->lbuf ? given->lbuf : 1;
	p.wmap = given->wmap ? given->wmap : 1;
	p.kgroups = given->kgroups ? given->kgroups : 1;
	p.mma = given->mma ? given->mma : 1;
	p.raster = 1;
	p.precision = given->precision;
	p.dot = lanes;
	p.kvec = given->kvec;
	return p;
}

/* The reduction kernel's lanes for m x n x k on the entry: dot_lanes
 * work-items per work-group, shared by the block's parts, and no more than
 * give each lane four k (a power of two each, at least 8). */
static unsigned dot_lanes(const txf__matmul_entry *e, size_t m, size_t n, size_t k)
{
	const txf__mparams none = {0};
	const txf__mparams p = dot_set(&none, 2, m, n);
	const unsigned parts = p.mdimc * p.ndimc;
	unsigned total = e->dot_lanes, lanes = 8;
	while (lanes * 2 * parts <= total && lanes * 2 * 4 <= k)
		lanes *= 2;
	return lanes;
}

/* Whether AUTO takes the reduction kernel: the entry has it, and C is one
 * block of at most dot_parts parts over a K of at least dot_k_min (or
 * dot_k_simple under simple_below, or dot_k_few for a C of at most dot_few
 * elements and 16 columns), or has a side of at most dot_short over a K of
 * at least dot_k_short; the caller
 * forced no block, work-item or mma parameter and allowed no TF32
 * products. */
static bool dot_applies(const txf_context *ctx, const txf__matmul_entry *e, size_t m, size_t n,
                        size_t k, size_t elem, const txf__mopts *opts, bool tf32)
{
	const txf__mparams *g = &opts->params;
	if (!e->dot_lanes || g->dot == 1 || tf32 || !m || !n ||
	    (opts->strategy != TXF_STRATEGY_AUTO && opts->strategy != TXF_STRATEGY_PAD) || g->mwg ||
	    g->nwg || g->kwg || g->mdimc || g->ndimc || g->vwa || g->vwb || g->lbuf || g->wmap ||
	    g->kgroups || g->mma)
		return false;
	const size_t parts =
	    (m + TXF_DOT_WI - 1) / TXF_DOT_WI * ((n + TXF_DOT_WI - 1) / TXF_DOT_WI);
	/* Under the tiling threshold the simple kernel walks K one element at
	 * a time; a C of a few elements (and columns) takes the lanes from a
	 * shallower K than a larger one. */
	const double size = (double)m * (double)n * (double)k;
	const bool deep =
	    k >= e->dot_k_min ||
	    (e->dot_k_simple && size < e->simple_below && k >= e->dot_k_simple) ||
	    (e->dot_few && m * n <= e->dot_few && n <= 2 * TXF_DOT_WI && k >= e->dot_k_few);
	const bool one_block = m <= TXF_DOT_C && n <= TXF_DOT_C && parts <= e->dot_parts && deep;
	const bool short_side = e->dot_short && (m <= e->dot_short || n <= e->dot_short) &&
	                        (m > TXF_DOT_C || n > TXF_DOT_C) && k >= e->dot_k_short;
	if (!one_block && !short_side)
		return false;
	const txf__mparams p = dot_set(g, dot_lanes(e, m, n, k), m, n);
	if (txf__check_matmul_params(ctx, &p, elem) == TXF_SUCCESS)
		return true;
	txf__clear_error();
	return false;
}

/* K slices of the reduction kernel: enough for dot_fill work-groups per
 * compute unit over the blocks of C, each slice at least dot_steps k per
 * lane, the partial sums within one buffer. */
static unsigned dot_slices(const txf_context *ctx, const txf__matmul_entry *e, size_t m, size_t n,
                           size_t k, size_t elem, const txf__mparams *p)
{
	const txf_device_profile *d = &ctx->profile;
	const double fill = (e->dot_fill ? e->dot_fill : 2) * (double)d->compute_units;
	const double steps = e->dot_steps ? e->dot_steps : 16;
	const double blocks = ceil((double)m / p->mwg) * ceil((double)n / p->nwg);
	double sl = fmin(floor(fill / blocks), floor((double)k / (p->dot * steps)));
	sl = fmin(sl, TXF_MAX_KSPLIT);
	while (sl >= 2 && sl * (double)m * (double)n * (double)elem > (double)d->max_alloc_size)
		sl--;
	return sl >= 2 ? (unsigned)sl : 1;
}

/* The reduction kernel for m x n x k: with the device's lanes, or the
 * caller's (params.dot); strategy pad. */
static txf_status select_dot(txf_context *ctx, const txf__matmul_entry *e, size_t m, size_t n,
                             size_t k, size_t elem, const txf__mopts *opts, txf__mchoice *out)
{
	const txf__mparams *given = &opts->params;
	TXF_CHECK_ARG(opts->strategy == TXF_STRATEGY_AUTO || opts->strategy == TXF_STRATEGY_PAD,
	              TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "dot %u (the reduction kernel) is pad's kernel for a C of few elements or "
	              "a short side; %s runs other kernels",
	              given->dot, txf_strategy_name(opts->strategy));
	txf__mparams p = dot_set(given, given->dot > 1 ? given->dot : dot_lanes(e, m, n, k), m, n);
	TXF_CHECK_ARG(m <= TXF_DOT_C || n <= TXF_DOT_C, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "dot %u (the reduction kernel) needs a side of C of at most %d: C is %zu x "
	              "%zu",
	              p.dot, TXF_DOT_C, m, n);
	txf_status s = txf__check_matmul_params(ctx, &p, elem);
	if (s != TXF_SUCCESS)
		return s;
	const bool forced = given->dot > 1 || params_forced(given);
	snprintf(out->entry, sizeof out->entry, "%s", e->name);
	out->params_source = forced ? TXF_SOURCE_FORCED : TXF_SOURCE_DEVICE;
	out->strategy = TXF_STRATEGY_PAD;
	out->strategy_source =
	    opts->strategy == TXF_STRATEGY_PAD ? TXF_SOURCE_FORCED : TXF_SOURCE_DEVICE;
	p.ksplit = given->ksplit ? given->ksplit : dot_slices(ctx, e, m, n, k, elem, &p);
	if (p.ksplit < 1)
		p.ksplit = 1;
	s = txf__check_matmul_params(ctx, &p, elem);
	if (s != TXF_SUCCESS)
		return s;
	const double blocks = m && n ? ceil((double)m / p.mwg) * ceil((double)n / p.nwg) : 0;
	snprintf(out->why, sizeof out->why,
	         "%s: C of %zu x %zu over K = %zu: the reduction kernel%s, %.0f block%s of %u x "
	         "%u, %u lanes along K, each summing its share for %u x %u of a block (%u x %u "
	         "work-items), no local tiles; %u K slice%s%s",
	         e->name, m, n, k, given->dot > 1 ? " (forced)" : "", blocks,
	         blocks == 1 ? "" : "s", p.mwg, p.nwg, p.dot, p.mwg / p.mdimc, p.nwg / p.ndimc,
	         p.mdimc, p.ndimc, p.ksplit, p.ksplit == 1 ? "" : "s",
	         given->ksplit > 1 ? " (forced)"
	         : p.ksplit > 1    ? ", summed by a second launch"
	                           : "");
	out->params = p;
	out->launches = matmul_launches(TXF_STRATEGY_PAD, m, n, k, &p);
	return TXF_SUCCESS;
}

static txf_status select_matmul(txf_context *ctx, size_t m, size_t n, size_t k, size_t elem,
                                const txf__mopts *opts, txf__mchoice *out)
{
	txf__mopts def;
	if (!opts) {
		memset(&def, 0, sizeof def);
		opts = &def;
	}
	memset(out, 0, sizeof *out);
	TXF_CHECK_ARG(
	    (unsigned)opts->strategy < TXF_STRATEGY_COUNT, TXF_ERR_BAD_STRATEGY,
	    "unknown strategy %d (expected auto, simple, pad, truncate, split or padcopy)",
	    (int)opts->strategy);
	const txf__mparams *given = &opts->params;
	const txf__matmul_entry *e = txf__matmul_entry_for(&ctx->profile);
	/* The entry's set for the matrix units: f64 (m8n8k4 below compute
	 * capability 9.0), or f32 where the caller allows TF32 products. */
	txf__mparams units = elem == 8 ? e->mma_f64 : e->mma_f32;
	units_on_device(ctx, elem, &units);
	units.precision = given->precision;
	/* 3xtf32 where the set's blocks fill the device, unless mma is forced. */
	const bool few_3x = elem == 4 && given->precision == TXF__PREC_3XTF32 && !given->mma &&
	                    few_3xtf32_blocks(ctx, e, m, n);
	const bool units_fit = units.mwg && given->mma != 1 && !few_3x &&
	                       (elem == 8 || given->precision >= TXF__PREC_3XTF32) &&
	                       txf__check_matmul_params(ctx, &units, elem) == TXF_SUCCESS;
	if (!units_fit)
		txf__clear_error();
	/* Tuned entries and the cost model hold exact f32 sets. */
	const bool tf32 = elem == 4 && units_fit;
	/* A C that one of the entry's tiny blocks holds, over a deep K. */
	const bool open_blocks =
	    !(given->mwg || given->nwg || given->kwg || given->mdimc || given->ndimc ||
	      given->vwa || given->vwb || given->lbuf || given->wmap || given->kgroups);
	const bool tiny = open_blocks && !given->mma && given->kvec <= 1 && !tf32 && e->tiny.mwg &&
	                  m && n && m <= e->tiny.mwg && n <= e->tiny.nwg &&
	                  txf__check_matmul_params(ctx, &e->tiny, elem) == TXF_SUCCESS &&
	                  auto_ksplit(ctx, e, m, n, k, elem, &e->tiny) > 1;
	if (!tiny)
		txf__clear_error();
	/* A C of a few rows times a long B: the entry's set for that, which
	 * reads B along its rows (the reduction kernel reads along K). */
	/* (rows_wide where at most half of its blocks' last rows go unused.) */
	const unsigned wide_left = e->rows_wide.mwg ? (unsigned)(m % e->rows_wide.mwg) : 0;
	const txf__mparams *slim_set =
	    m <= e->rows_max ? &e->rows
	    : m <= e->rows_wide_max && (!wide_left || 2 * wide_left > e->rows_wide.mwg)
	        ? &e->rows_wide
	        : NULL;
	/* (Else the first of rows_more that holds the rows, where B is wide
	 * and K deep enough for it.) */
	const struct txf__rows_set *more = NULL;
	for (unsigned i = 0; !slim_set && i < TXF__ROWS_MORE && e->rows_more[i].p.mwg; i++)
		if (m <= e->rows_more[i].max) {
			more = &e->rows_more[i];
			if (n >= more->from && k >= more->k_min)
				slim_set = &more->p;
			break;
		}
	/* Or a long A times a few columns: the entry's sets for that, from
	 * cols_min columns on (fewer take the reduction kernel). */
	const bool few_cols = !slim_set && n >= e->cols_min && m >= e->cols_from;
	if (few_cols)
		slim_set = n <= e->cols_max        ? &e->cols
		           : n <= e->cols_wide_max ? &e->cols_wide
		           : elem == 4 && n <= e->cols_narrow_f32_max && k >= e->cols_narrow_k_min
		               ? &e->cols_narrow_f32
		               : NULL;
	/* Or a shallow product under a large C: the entry's set for that, by
	 * whether C's rows start on 16-byte boundaries. */
	const bool odd_rows = opts && opts->c_rows ? opts->c_rows == 2 : n * elem % 16 != 0;
	/* (The unpacked kernels store other rows as vectors up to a K of
	 * TXF__C_VECTOR_K.) */
	const bool c_vec = !odd_rows && k <= TXF__C_VECTOR_K;
	const txf__mparams *odd_set = elem == 8 ? &e->shallow_odd_f64 : &e->shallow_odd_f32;
	const bool by_odd = odd_rows && odd_set->mwg;
	const txf__mparams *shallow_set = by_odd      ? odd_set
	                                  : elem == 8 ? &e->shallow_f64
	                                              : &e->shallow_f32;
	const size_t shallow_k = by_odd ? (elem == 8 ? e->shallow_odd_k_f64 : e->shallow_odd_k_f32)
	                         : elem == 8 ? e->shallow_k_f64
	                                     : e->shallow_k_f32;
	const bool shallow = !slim_set && shallow_set->mwg && k && k <= shallow_k &&
	                     (double)m * (double)n >= e->shallow_from;
	if (shallow)
		slim_set = shallow_set;
	const bool slim = open_blocks && !given->mma && !given->dot && given->kvec <= 1 && !tf32 &&
	                  !tiny && slim_set && slim_set->mwg && m &&
	                  (few_cols || shallow || n >= e->rows_from) &&
	                  txf__check_matmul_params(ctx, slim_set, elem) == TXF_SUCCESS;
	if (!slim)
		txf__clear_error();
	if (given->dot > 1 ||
	    (!slim && given->kvec <= 1 && dot_applies(ctx, e, m, n, k, elem, opts, tf32)))
		return select_dot(ctx, e, m, n, k, elem, opts, out);
	/* Where the entry's cost model weighs the shape, the tuning file's
	 * entries do not apply: a class's entry is one block set measured on
	 * one shape, and on the other shapes of its class it ran up to 8.7
	 * times as slow as the model's choice (POCL on a 2-core AMD EPYC,
	 * docs/bench/pocl-2026-11-27-amd/tuned). */
	const double size = (double)m * (double)n * (double)k;
	const txf__mcost *model_sets = elem == 4 ? e->cost_f32 : elem == 8 ? e->cost_f64 : NULL;
	const bool model_weighs = !tf32 && !tiny && !slim && model_runs(ctx, model_sets, elem) &&
	                          (size >= e->simple_below || e->model_small);
	if (opts->strategy == TXF_STRATEGY_AUTO && !params_forced(given) && !given->kvec && !tf32 &&
	    !model_weighs && tuned_matmul(ctx, m, n, k, elem, out)) {
		out->params.mma = out->params.mma ? out->params.mma : 1;
		return TXF_SUCCESS;
	}

	if (opts->strategy == TXF_STRATEGY_AUTO && !params_forced(given) && model_weighs &&
	    model_matmul(ctx, e, m, n, k, elem, given->kvec, c_vec, out)) {
		if (out->params.mma < 2) {
			out->params.mma = 1;
		} else {
			units_note(out->why, sizeof out->why, elem, &out->params);
			/* (Bands as the caller asked, else as settle_raster says.) */
			out->params.raster = given->raster;
			settle_raster(ctx, e, m, n, out->strategy, &out->params, out->why,
			              sizeof out->why);
		}
		if (given->kvec)
			out->params_source = TXF_SOURCE_FORCED;
		/* A tuning file with an entry for the shape's class (an older
		 * txf tune's): say that it is not used. */
		txf__tuned_pick tp;
		const size_t dims[3] = {m, n, k};
		if (!given->kvec && txf__tuning_find(ctx, TXF_TUNE_MATMUL, elem, dims, &tp)) {
			char name[80];
			tuned_name(name, sizeof name, TXF_TUNE_MATMUL, &tp);
			char note[160];
			snprintf(note, sizeof note,
			         "; the tuning file's entry (%s) is not used here", name);
			why_append_whole(out->why, sizeof out->why, note);
		}
		return TXF_SUCCESS;
	}
	snprintf(out->entry, sizeof out->entry, "%s", e->name);
	bool fallback = strcmp(e->name, "fallback") == 0;

	/* Parameters: fields the caller left 0 come from the table; a device
	 * with matrix units takes the entry's set for them where the caller
	 * chose no block or work-item parameter and not mma 1. */
	const bool open = open_blocks;
	const txf__mparams *t = elem == 8 ? &e->f64 : &e->f32;
	const bool took_units = open && units_fit && !tiny && !slim;
	if (took_units)
		t = &units;
	if (tiny)
		t = &e->tiny;
	if (slim)
		t = slim_set;
	/* kvec forced with the blocks left open: the cost model's blocks for
	 * it, K slices as the strategy allows. */
	txf__mchoice kv;
	const bool kv_model = open && given->kvec > 1 && !tiny && !slim &&
	                      model_matmul(ctx, e, m, n, k, elem, given->kvec, c_vec, &kv);
	if (kv_model) {
		kv.params.ksplit = 0;
		t = &kv.params;
	}
	txf__mparams p = opts->params;
	bool forced = params_forced(&p) || given->kvec;
	p.mwg = p.mwg ? p.mwg : t->mwg;
	p.nwg = p.nwg ? p.nwg : t->nwg;
	p.kwg = p.kwg ? p.kwg : t->kwg;
	p.mdimc = p.mdimc ? p.mdimc : t->mdimc;
	p.ndimc = p.ndimc ? p.ndimc : t->ndimc;
	p.vwa = p.vwa ? p.vwa : t->vwa;
	p.vwb = p.vwb ? p.vwb : t->vwb;
	p.ksplit = p.ksplit ? p.ksplit : t->ksplit;
	p.lbuf = p.lbuf ? p.lbuf : t->lbuf;
	p.wmap = p.wmap ? p.wmap : t->wmap;
	p.kgroups = p.kgroups ? p.kgroups : t->kgroups;
	p.mma = p.mma ? p.mma : t->mma ? t->mma : 1;
	/* A large product takes the entry's blocks for that, and a C of few
	 * blocks the entry's blocks for that, if it has them and the caller
	 * chose no block or work-item parameter. */
	const txf__mparams *few = elem == 8 ? &e->few_f64 : &e->few_f32;
	const txf__mparams *big = elem == 8 ? &e->big_f64 : &e->big_f32;
	bool took_few = false, took_big = false;
	if (open && !tf32 && !tiny && !slim && !kv_model && big->mwg &&
	    (big->mma < 2 || given->mma != 1) && e->big_from > 0 &&
	    (double)m * (double)n * (double)k >= e->big_from &&
	    txf__check_matmul_params(ctx, big, elem) == TXF_SUCCESS) {
		const unsigned ks = p.ksplit;
		p = *big;
		p.ksplit = ks;
		took_big = true;
	}
	if (open && !tiny && !slim && !kv_model && !(tf32 && took_units) && few->mwg &&
	    (few->mma < 2 || given->mma != 1) && m && n && few_blocks(ctx, e, m, n, &p) &&
	    txf__check_matmul_params(ctx, few, elem) == TXF_SUCCESS) {
		const unsigned ks = p.ksplit;
		p = *few;
		p.ksplit = ks;
		took_few = true;
		took_big = false;
	}
	/* PADCOPY forced with the blocks open: the packed variant of the cost
	 * model's first set where it has one, in place of the entry's set and
	 * the large blocks (on the NVIDIA entry 128 x 128 blocks in K steps of
	 * 8 through three stages: 1.07 to 1.14 times as fast as the entry's
	 * set packed on an H200, 1.02 at 4096^3 as the large blocks packed). */
	const txf__mcost *msets = elem == 4 ? e->cost_f32 : elem == 8 ? e->cost_f64 : NULL;
	if (open && opts->strategy == TXF_STRATEGY_PADCOPY && !tf32 && !tiny && !slim &&
	    !kv_model && !took_few && !given->mma && p.mma <= 1 && msets && msets[0].pp.mwg) {
		if (txf__check_matmul_params(ctx, &msets[0].pp, elem) == TXF_SUCCESS) {
			const unsigned ks = p.ksplit;
			p = msets[0].pp;
			p.ksplit = ks;
			took_big = false;
		} else {
			txf__clear_error();
		}
	}
	p.mma = given->mma ? given->mma : p.mma ? p.mma : 1;
	p.precision = given->precision;
	settle_layout(ctx, given, &p, elem);
	txf_status s = txf__check_matmul_params(ctx, &p, elem);
	/* Vector widths the caller left open narrow to fit what was forced. */
	while (s == TXF_ERR_BAD_TILE && forced &&
	       ((!opts->params.vwa && p.vwa > 1) || (!opts->params.vwb && p.vwb > 1))) {
		if (!opts->params.vwa && p.vwa > 1)
			p.vwa /= 2;
		else
			p.vwb /= 2;
		s = txf__check_matmul_params(ctx, &p, elem);
	}
	if (s != TXF_SUCCESS && !forced) {
		/* A table entry that does not fit this device: the safe entry. */
		const txf__matmul_entry *f = txf__matmul_entry_for(NULL);
		p = elem == 8 ? f->f64 : f->f32;
		p.mma = 1;
		settle_layout(ctx, &p, &p, elem);
		fallback = true;
		took_few = took_big = false;
		s = txf__check_matmul_params(ctx, &p, elem);
	}
	if (s != TXF_SUCCESS)
		return s;
	out->params = p;
	out->params_source = forced     ? TXF_SOURCE_FORCED
	                     : fallback ? TXF_SOURCE_FALLBACK
	                                : TXF_SOURCE_DEVICE;

	bool divisible = m % p.mwg == 0 && n % p.nwg == 0 && k % p.kwg == 0;
	txf_strategy st = opts->strategy;
	bool packs_shallow = false;
	if (st != TXF_STRATEGY_AUTO) {
		out->strategy_source = TXF_SOURCE_FORCED;
		snprintf(out->why, sizeof out->why,
		         "%s forced by the caller; blocks %u x %u x %u from %s",
		         txf_strategy_name(st), p.mwg, p.nwg, p.kwg,
		         forced ? "the caller" : e->name);
	} else if ((double)m * (double)n * (double)k < e->simple_below) {
		st = TXF_STRATEGY_SIMPLE;
		out->strategy_source = TXF_SOURCE_DEVICE;
		snprintf(
		    out->why, sizeof out->why,
		    "%zu x %zu x %zu is below %s's tiling threshold: one work-item per element", m,
		    n, k, e->name);
	} else {
		st = divisible ? e->divisible : e->uneven;
		const double from = !divisible && p.mma >= 2 && p.precision == TXF__PREC_TF32 &&
		                            e->padcopy_from_tf32 > 0
		                        ? e->padcopy_from_tf32
		                        : e->padcopy_from;
		/* (A C of a few rows reads B where it is: a pack would copy it.) */
		if (from > 0 && (double)m * (double)n * (double)k >= from && !slim)
			st = TXF_STRATEGY_PADCOPY;
		/* (A shallow f32 product whose C rows start off 16-byte
		 * boundaries, from the entry's size: packed operands.) */
		packs_shallow = slim && shallow && by_odd && elem == 4 &&
		                e->shallow_odd_pack_from > 0 &&
		                (double)m * (double)n >= e->shallow_odd_pack_from;
		if (packs_shallow)
			st = TXF_STRATEGY_PADCOPY;
		out->strategy_source = fallback ? TXF_SOURCE_FALLBACK : TXF_SOURCE_DEVICE;
		snprintf(out->why, sizeof out->why,
		         "%s: blocks %u x %u x %u %s %zu x %zu x %zu; %s", e->name, p.mwg, p.nwg,
		         p.kwg, divisible ? "divide" : "do not divide", m, n, k, e->why);
	}
	if (st == TXF_STRATEGY_TRUNCATE && p.mma >= 2) {
		TXF_CHECK_ARG(
		    !given->mma, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		    "truncate has no kernel on the matrix units (mma 2 to 4): use pad, split "
		    "or padcopy, or mma 1");
		off_the_units(&p);
		out->params = p;
	}
	if (p.mma >= 2 && !given->mma && st != TXF_STRATEGY_SIMPLE)
		units_note(out->why, sizeof out->why, elem, &p);
	if (took_big && st != TXF_STRATEGY_SIMPLE) {
		size_t len = strlen(out->why);
		snprintf(out->why + len, sizeof out->why - len,
		         "; a product of %.3g multiply-adds takes the entry's large blocks",
		         (double)m * (double)n * (double)k);
	}
	if (tiny && st != TXF_STRATEGY_SIMPLE) {
		size_t len = strlen(out->why);
		snprintf(out->why + len, sizeof out->why - len,
		         "; C fits one of the entry's %u x %u blocks (K deep enough for slices): "
		         "those",
		         e->tiny.mwg, e->tiny.nwg);
	}
	if (slim && shallow && st != TXF_STRATEGY_SIMPLE) {
		size_t len = strlen(out->why);
		snprintf(out->why + len, sizeof out->why - len,
		         "; a K of %zu (at most %zu) under a C of %.3g elements (%.3g or more)%s: "
		         "the entry's %u x %u x %u blocks for that",
		         k, shallow_k, (double)m * (double)n, e->shallow_from,
		         by_odd ? " whose rows start off 16-byte boundaries" : "", slim_set->mwg,
		         slim_set->nwg, slim_set->kwg);
		if (packs_shallow) {
			len = strlen(out->why);
			snprintf(out->why + len, sizeof out->why - len,
			         ", operands packed first (a C of %.3g elements or more)",
			         e->shallow_odd_pack_from);
		}
	} else if (slim && few_cols && st != TXF_STRATEGY_SIMPLE) {
		size_t len = strlen(out->why);
		snprintf(
		    out->why + len, sizeof out->why - len,
		    "; C of %zu rows (%u or more) and %zu columns (%u to %u): the entry's %u x %u "
		    "blocks for that",
		    m, e->cols_from, n, e->cols_min,
		    n <= e->cols_max        ? e->cols_max
		    : n <= e->cols_wide_max ? e->cols_wide_max
		                            : e->cols_narrow_f32_max,
		    slim_set->mwg, slim_set->nwg);
	} else if (slim && st != TXF_STRATEGY_SIMPLE) {
		size_t len = strlen(out->why);
		snprintf(
		    out->why + len, sizeof out->why - len,
		    "; C of %zu row%s (at most %u) and %zu columns (%u or more): the entry's %u "
		    "x %u blocks for that",
		    m, m == 1 ? "" : "s",
		    m <= e->rows_max               ? e->rows_max
		    : more && slim_set == &more->p ? more->max
		                                   : e->rows_wide_max,
		    n, more && slim_set == &more->p ? more->from : e->rows_from, slim_set->mwg,
		    slim_set->nwg);
	}
	if (took_few && st != TXF_STRATEGY_SIMPLE) {
		size_t len = strlen(out->why);
		snprintf(
		    out->why + len, sizeof out->why - len,
		    "; C has few blocks of the entry's usual %u x %u: its set for that instead",
		    t->mwg, t->nwg);
	}
	if (st == TXF_STRATEGY_TRUNCATE && m && n && !truncate_fits(m, n, &p)) {
		const txf__mparams before = p;
		char why[256];
		if (!shrink_for_truncate(ctx, m, n, elem, &opts->params, &p, why, sizeof why))
			return txf__fail(
			    TXF_ERR_STRATEGY_NOT_APPLICABLE,
			    "truncate needs a whole block of C (m >= mwg and n >= nwg); the "
			    "product is "
			    "%zu x %zu and the blocks, reduced from %u x %u to %u x %u (%u x %u "
			    "work-items, vectors %u and %u), are not valid: %s; use %s",
			    m, n, before.mwg, before.nwg, p.mwg, p.nwg, p.mdimc, p.ndimc, p.vwa,
			    p.vwb, why,
			    params_forced(&opts->params) ? "other parameters or another strategy"
			                                 : "pad, split or simple");
		size_t len = strlen(out->why);
		snprintf(out->why + len, sizeof out->why - len,
		         "; blocks reduced from %u x %u to %u x %u (%u x %u work-items) so that C "
		         "holds a whole one",
		         before.mwg, before.nwg, p.mwg, p.nwg, p.mdimc, p.ndimc);
		out->params = p;
	}
	s = settle_ksplit(ctx, e, m, n, k, elem, opts->strategy == TXF_STRATEGY_AUTO, p.ksplit, &st,
	                  &p, out->why, sizeof out->why);
	if (s != TXF_SUCCESS)
		return s;
	settle_raster(ctx, e, m, n, st, &p, out->why, sizeof out->why);
	out->params = p;
	out->strategy = st;
	out->launches = matmul_launches(st, m, n, k, &p);
	return TXF_SUCCESS;
}

/* The choice, with precision saying how its kernels compute: exact but
 * where they run f32 on the matrix units. A caller's 3xtf32 or tf32 that
 * the choice computes exactly is said in why. */
static txf_status select_matmul_full(txf_context *ctx, size_t m, size_t n, size_t k, size_t elem,
                                     const txf__mopts *opts, txf__mchoice *out)
{
	txf_status s = select_matmul(ctx, m, n, k, elem, opts, out);
	if (s != TXF_SUCCESS)
		return s;
	txf__mparams *p = &out->params;
	const unsigned asked = opts ? opts->params.precision : 0;
	if (out->strategy == TXF_STRATEGY_SIMPLE)
		off_the_units(p); /* one work-item per element */
	if (!p->raster)
		p->raster = 1;
	if (!p->dot)
		p->dot = 1;
	if (!p->kvec)
		p->kvec = 1;
	if (elem != 4 || p->mma < 2)
		p->precision = TXF__PREC_EXACT;
	if (asked >= TXF__PREC_3XTF32 && p->precision != asked) {
		const txf_device_profile *d = &ctx->profile;
		const bool units = d->vendor == TXF_VENDOR_NVIDIA && d->nv_compute_capability >= 80;
		char note[256];
		snprintf(
		    note, sizeof note, "; precision %s allows TF32 products, computed exactly: %s",
		    txf__precision_name(asked),
		    elem != 4 ? "they are f32 only"
		    : !units  ? "the device has no TF32 matrix units"
		    : out->strategy == TXF_STRATEGY_SIMPLE
		        ? "the product is below the tiling threshold"
		    : asked == TXF__PREC_3XTF32 && !opts->params.mma &&
		            few_3xtf32_blocks(ctx, txf__matmul_entry_for(d), m, n)
		        ? "C has fewer blocks of the TF32 set than the device has compute "
		          "units, where three products a term are slower than the exact kernels"
		        : "the kernel chosen runs no matrix units (mma 1, the caller's blocks "
		          "or truncate)");
		why_append_whole(out->why, sizeof out->why, note);
	}
	return TXF_SUCCESS;
}

/* ------------------------------------------------- remembered choices */

void txf__memo_forget(txf_context *ctx)
{
	ctx->memo.valid = false;
}

/* Start the look-up of a choice (ctx->lock held): entries made under
 * another profile than the context's are forgotten. */
static txf__memo *memo_begin(txf_context *ctx)
{
	txf__memo *mm = &ctx->memo;
	if (!mm->valid || memcmp(&mm->profile, &ctx->profile, sizeof ctx->profile) != 0 ||
	    mm->global_cache != ctx->global_cache) {
		for (unsigned i = 0; i < TXF__MEMO_SIZE; i++)
			mm->mm[i].used = mm->tr[i].used = false;
		memcpy(&mm->profile, &ctx->profile, sizeof ctx->profile);
		mm->global_cache = ctx->global_cache;
		mm->valid = true;
	}
	return mm;
}

/* The streaming kernel's stores (out->stores: 1 non-temporal, 0
 * ordinary): forced, or on POCL's CPU devices non-temporal for outputs of
 * the entry's stream_nt_min (else TXF__STREAM_NT_MIN) bytes or more
 * (its stream_nt_min_small, where it sets one, for 1- and 2-byte elements
 * whose output rows start on a line; TXF__STREAM_SHIFT_MIN for those whose
 * rows start off one), except, where the entry
 * sets stream_cached, outputs off lines whose input is under that fraction
 * of the device's global memory cache (and outputs on lines under
 * stream_cached_lines, for the element sizes it names, but 1-byte ones
 * whose rows are a multiple of 4 KiB apart; where the device reports no
 * cache size, those rules are left out, 1- and 2-byte outputs off lines
 * take the entry's stream_shift_min_no_cache for TXF__STREAM_SHIFT_MIN,
 * and outputs on lines under its stream_lines_no_cache ordinary stores).
 * The shifted kernel (non-temporal
 * stores, output rows off lines) loads each tile's lines before it
 * transposes them (out->stage) for 4- and 8-byte elements where the input
 * is larger than that cache (than TXF__STAGE_CACHE_UNKNOWN where the device
 * reports none), so that it comes from memory (1- and 2-byte
 * tiles, of 64 and 32 rows, gained on some such shapes and lost on
 * others). */
_Static_assert(TXF__STAGE_CACHE_UNKNOWN == (size_t)32 << 20, "settle_stores' why says 32 MiB");
/* The most of n lines, `pitch` bytes apart, that share one set of an L1
 * cache of 64 sets of 64-byte lines (the x86 cores' data caches): n where
 * the pitch is a multiple of 4 KiB, 1 where it is 64 bytes more. A tile
 * whose lines crowd a set loses them to each other before they are used
 * again (the lane network reads each row four times), and stores into one
 * set wait on each other (docs/bench/pocl-2026-11-29-amd/). */
static unsigned stream_crowd(size_t pitch, size_t n)
{
	unsigned count[64] = {0}, most = 0;
	for (size_t i = 0; i < n && i < 64; i++) {
		const unsigned set = (unsigned)((i * pitch / 64) % 64);
		if (++count[set] > most)
			most = count[set];
	}
	return most;
}

static txf_status settle_stores(const txf_context *ctx, size_t rows, size_t cols, size_t elem,
                                const txf__topts *opts, bool tuned, txf__tchoice *out)
{
	TXF_CHECK_ARG(opts->stores >= -1 && opts->stores <= 1, TXF_ERR_BAD_TILE,
	              "stores %d is not -1 (ordinary), 0 (choose) or 1 (non-temporal)",
	              opts->stores);
	if (!out->stream) {
		TXF_CHECK_ARG(!opts->stores, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the stores (stores %d) are the streaming kernel's, and %s runs "
		              "another kernel here: force the streaming kernel (stream 1) too",
		              opts->stores, txf_strategy_name(out->strategy));
		return TXF_SUCCESS;
	}
	const txf_device_profile *p = &ctx->profile;
	const bool cpu = p->vendor == TXF_VENDOR_POCL && p->kind == TXF_DEVICE_CPU;
	TXF_CHECK_ARG(opts->stores != 1 || cpu, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "non-temporal stores (stores 1) are the streaming kernel's on POCL's CPU "
	              "devices, not on %s",
	              p->name);
	const bool lines = opts->views_known ? opts->out_lines : rows * elem % 64 == 0;
	const double bytes = (double)rows * (double)cols * (double)elem;
	const txf__transpose_entry *te = txf__transpose_entry_for(p);
	const size_t L = 64 / elem;
	const size_t in_ld = opts->views_known ? opts->in_ld : cols;
	const size_t out_ld = opts->views_known ? opts->out_ld : rows;
	const unsigned co = stream_crowd(out_ld * elem, L), ci = stream_crowd(in_ld * elem, L);
	/* (Outputs on lines of the element sizes the entry names, but 1-byte
	 * ones whose rows are a multiple of 4 KiB apart, whose grouped
	 * non-temporal stores spread a tile's lines over the L1 sets.) */
	const bool line_rule = lines && elem < 32 && (te->stream_cached_line_sizes >> elem) & 1 &&
	                       !(elem == 1 && co >= L);
	const double cached = !lines ? te->stream_cached : line_rule ? te->stream_cached_lines : 0;
	const bool in_cache = cached > 0 && bytes < cached * (double)ctx->global_cache;
	/* An entry's cache rule needs the cache's size: without it (POCL reports
	 * none where the OS hides the CPU's caches, as some VMs do) the stores
	 * follow the sizes alone, and the why says so. */
	const bool no_cache = cpu && cached > 0 && !ctx->global_cache;
	const double nt_min_all =
	    te->stream_nt_min > 0 ? te->stream_nt_min : (double)TXF__STREAM_NT_MIN;
	/* (The entry's size for 1- and 2-byte outputs on lines, but for 1-byte
	 * ones whose output rows are a multiple of 4 KiB apart: all of a tile's
	 * lines in one L1 set, which non-temporal stores 8 tiles at a time
	 * spread, 1.4 to 2.2 times as fast as ordinary ones at 1 MiB.) */
	const double nt_min =
	    lines && elem <= 2 && te->stream_nt_min_small > 0 && (elem == 2 || co < (unsigned)L)
	        ? te->stream_nt_min_small
	        : nt_min_all;
	const double shift_min = no_cache && te->stream_shift_min_no_cache > 0
	                             ? te->stream_shift_min_no_cache
	                             : (double)TXF__STREAM_SHIFT_MIN;
	/* (1- and 2-byte outputs off lines that the entry's size keeps
	 * ordinary where TXF__STREAM_SHIFT_MIN would not.) */
	const bool shifts_held =
	    !lines && elem < 4 && bytes >= (double)TXF__STREAM_SHIFT_MIN && bytes < shift_min;
	/* (1- and 2-byte outputs on lines that the entry's own size keeps
	 * ordinary.) */
	const bool lines_held = lines && elem <= 2 && bytes >= nt_min_all && bytes < nt_min;
	/* (Outputs on lines that the entry's size for them keeps ordinary where
	 * no cache size is reported.) */
	const bool lines_no_cache = no_cache && lines && bytes < te->stream_lines_no_cache;
	const bool nt = opts->stores ? opts->stores > 0
	                             : cpu && !in_cache && !lines_no_cache &&
	                                   bytes >= (lines || elem >= 4 ? nt_min : shift_min);
	out->stores = nt;
	const double cache =
	    ctx->global_cache ? (double)ctx->global_cache : (double)TXF__STAGE_CACHE_UNKNOWN;
	out->stage = nt && !lines && elem >= 4 && elem <= 8 && bytes > cache;
	/* Where a tile's rows crowd a few of the L1 sets (rows a multiple of 1
	 * to 4 KiB apart, as in 2^k x 2^k matrices): input rows 32 deep in one
	 * set, for the lane network (the shifted kernel's, and the unshifted
	 * one's for 2- to 8-byte elements or where the entry asks for it),
	 * staged where the entry asks for it; output lines 16 deep in one set, on the unshifted
	 * kernel, stored 8 tiles at a time (1-byte tiles with non-temporal stores, 2- to 8-byte
	 * ones with ordinary stores: 1-byte outputs under the non-temporal size and 4- and 8-byte
	 * ones 8 deep ran slower). */
	out->down = 1;
	bool crowd_in = false;
	if (cpu) {
		const bool shifted = nt && !lines;
		if (!shifted && co >= 16 && (nt ? L >= 64 : elem >= 2))
			out->down = TXF__STREAM_DOWN;
		crowd_in = te->stream_stage_crowded && ci >= 32 && elem <= 8 &&
		           (elem >= 2 || shifted || te->stream_lanes_1);
		out->stage = out->stage || crowd_in;
	}
	size_t len = strlen(out->why);
	snprintf(out->why + len, sizeof out->why - len, "; %s%s%s",
	         !nt     ? "ordinary stores"
	         : lines ? "non-temporal stores"
	                 : "non-temporal stores of lines shifted onto the output rows",
	         tuned               ? " (tuned)"
	         : opts->stores      ? " (forced)"
	         : in_cache && lines ? " (input and output within half the cache)"
	         : in_cache          ? " (output rows off lines, input and output within the cache)"
	         : cpu && !nt && shifts_held
	             ? " (1- or 2-byte output rows off lines, no cache size reported: under the "
	               "entry's size for the shifts)"
	         : cpu && !nt && lines_no_cache && bytes >= nt_min
	             ? " (output rows on lines, no cache size reported: under the entry's "
	               "size for them)"
	         : cpu && !nt && lines_held
	             ? " (1- or 2-byte output rows on lines: under the entry's size for "
	               "non-temporal ones)"
	         : cpu && !nt ? " (the output stays in a core's cache)"
	         : no_cache   ? " (no cache size reported: the entry's cache rule left "
	                        "out)"
	                      : "",
	         !out->stage ? ""
	         : crowd_in  ? ", each tile's input lines loaded together (its rows share a few "
	                       "cache sets)"
	         : ctx->global_cache
	             ? ", each tile's input lines loaded together (the input is larger than the "
	               "cache)"
	             : ", each tile's input lines loaded together (the input is over 32 MiB, "
	               "no cache size reported)");
	if (out->down > 1) {
		len = strlen(out->why);
		snprintf(out->why + len, sizeof out->why - len,
		         ", %u tiles down stored together (output rows share a few cache sets)",
		         out->down);
	}
	return TXF_SUCCESS;
}

static txf_status select_transpose(txf_context *ctx, size_t rows, size_t cols, size_t elem,
                                   bool in_place, const txf__topts *opts, txf__tchoice *out)
{
	txf_status s = select_kernel(ctx, rows, cols, elem, in_place, opts, out);
	if (s != TXF_SUCCESS)
		return s;
	if (out->tuned_stores && out->stream) {
		txf__topts o = *opts;
		o.stores = out->tuned_stores;
		return settle_stores(ctx, rows, cols, elem, &o, true, out);
	}
	return settle_stores(ctx, rows, cols, elem, opts, false, out);
}

/* Whether two transpose options ask for the same choice: every field. */
_Static_assert(sizeof(txf__topts) == 14 * sizeof(unsigned) + 4 + 4 + 2 * sizeof(size_t),
               "a field was added to txf__topts: compare it in topts_equal");
static bool topts_equal(const txf__topts *a, const txf__topts *b)
{
	return a->strategy == b->strategy && a->tile == b->tile && a->wg_rows == b->wg_rows &&
	       a->segments == b->segments && a->width == b->width &&
	       a->cache_hints == b->cache_hints && a->stream == b->stream &&
	       a->stores == b->stores && a->out_lines == b->out_lines &&
	       a->inplace_tiles == b->inplace_tiles && a->skinny == b->skinny &&
	       a->packed == b->packed && a->batched == b->batched &&
	       a->views_known == b->views_known && a->in_words == b->in_words &&
	       a->out_sectors == b->out_sectors && a->in_ld == b->in_ld && a->out_ld == b->out_ld &&
	       a->in_off4 == b->in_off4 && a->out_off4 == b->out_off4;
}

txf_status txf__select_transpose(txf_context *ctx, size_t rows, size_t cols, size_t elem,
                                 bool in_place, const txf__topts *opts, txf__tchoice *out)
{
	txf__topts def;
	if (!opts) {
		memset(&def, 0, sizeof def);
		opts = &def;
	}
	pthread_mutex_lock(&ctx->lock);
	txf__memo *mm = memo_begin(ctx);
	for (unsigned i = 0; i < TXF__MEMO_SIZE; i++)
		if (mm->tr[i].used && mm->tr[i].rows == rows && mm->tr[i].cols == cols &&
		    mm->tr[i].elem == elem && mm->tr[i].in_place == in_place &&
		    topts_equal(&mm->tr[i].opts, opts)) {
			*out = mm->tr[i].choice;
			pthread_mutex_unlock(&ctx->lock);
			return TXF_SUCCESS;
		}
	pthread_mutex_unlock(&ctx->lock);
	txf_status s = select_transpose(ctx, rows, cols, elem, in_place, opts, out);
	if (s != TXF_SUCCESS)
		return s;
	pthread_mutex_lock(&ctx->lock);
	mm = memo_begin(ctx);
	const unsigned i = mm->next_tr++ % TXF__MEMO_SIZE;
	mm->tr[i].used = true;
	mm->tr[i].in_place = in_place;
	mm->tr[i].rows = rows;
	mm->tr[i].cols = cols;
	mm->tr[i].elem = elem;
	mm->tr[i].opts = *opts;
	mm->tr[i].choice = *out;
	pthread_mutex_unlock(&ctx->lock);
	return TXF_SUCCESS;
}

/* Whether options ask for a kernel of the single-matrix transpose (which a
 * batch in one launch does not have). */
static const char *single_matrix_param(const txf__topts *o)
{
	return o->segments > 0      ? "segments"
	       : o->width > 0       ? "width"
	       : o->cache_hints > 0 ? "cache_hints"
	       : o->stream > 0      ? "stream"
	       : o->stores != 0     ? "stores"
	       : o->skinny > 0      ? "skinny"
	       : o->inplace_tiles   ? "inplace_tiles"
	                            : NULL;
}

/* See txf__select_transpose_batched. */
#define BATCH_TILE_SLACK 1.25

txf_status txf__select_transpose_batched(txf_context *ctx, size_t rows, size_t cols, size_t elem,
                                         size_t batch, bool same_layout, const txf__topts *opts,
                                         txf__tchoice *out)
{
	txf__topts o;
	if (opts)
		o = *opts;
	else
		memset(&o, 0, sizeof o);
	const int asked = o.batched;
	o.batched = 0;
	const txf__transpose_entry *e = txf__transpose_entry_for(&ctx->profile);
	const txf_device_profile *p = &ctx->profile;
	const bool fallback = strcmp(e->name, "fallback") == 0;
	const double count = (double)rows * (double)cols;
	const double whole = e->batch_whole_min > 0 ? e->batch_whole_min : TXF__BATCH_WHOLE_MIN;
	const char *single = single_matrix_param(&o);
	TXF_CHECK_ARG(asked >= 0 && asked <= 2, TXF_ERR_BAD_PARAM,
	              "batched %d is not 0 (choose), 1 (one launch) or 2 (per matrix)", asked);
	TXF_CHECK_ARG(asked != 1 ||
	                  (o.strategy == TXF_STRATEGY_AUTO || o.strategy == TXF_STRATEGY_SIMPLE ||
	                   o.strategy == TXF_STRATEGY_PAD),
	              TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "a batch in one launch (batched 1) runs simple or pad, not %s",
	              txf_strategy_name(o.strategy));
	TXF_CHECK_ARG(asked != 1 || !single, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "%s belongs to the single matrix's kernels, which a batch in one launch "
	              "(batched 1) does not run: ask for batched 2 or 0",
	              single ? single : "");
	const bool one_kernel_strategy = o.strategy == TXF_STRATEGY_AUTO ||
	                                 o.strategy == TXF_STRATEGY_SIMPLE ||
	                                 o.strategy == TXF_STRATEGY_PAD;
	const bool per_matrix =
	    same_layout && (asked == 2 || (asked == 0 && (batch < 2 || count >= whole || single ||
	                                                  !one_kernel_strategy)));
	if (per_matrix) {
		txf_status s = txf__select_transpose(ctx, rows, cols, elem, false, &o, out);
		if (s != TXF_SUCCESS)
			return s;
		out->batched = 2;
		const double launches = (double)out->launches * (double)batch;
		out->launches = launches < (double)UINT_MAX ? (unsigned)launches : UINT_MAX;
		char why[sizeof out->why];
		const int n = snprintf(why, sizeof why, "a batch of %zu: %s once per matrix (%s); ",
		                       batch, "the single matrix's kernels",
		                       asked == 2  ? "batched 2 as asked"
		                       : batch < 2 ? "one matrix"
		                       : single    ? "a single-matrix parameter was asked for"
		                       : !one_kernel_strategy
		                           ? "its strategy has no batched kernel"
		                           : "matrices of at least the entry's batch_whole_min "
		                             "elements");
		if (n > 0 && (size_t)n < sizeof why) {
			const size_t room = sizeof why - (size_t)n;
			memcpy(why + n, out->why, room - 1);
			why[sizeof why - 1] = '\0';
		}
		memcpy(out->why, why, sizeof why);
		return TXF_SUCCESS;
	}
	memset(out, 0, sizeof *out);
	snprintf(out->entry, sizeof out->entry, "%s", e->name);
	out->batched = 1;
	out->launches = rows && cols && batch ? 1 : 0;
	const size_t side = rows < cols ? rows : cols;
	/* The packed kernel's tiles: outputs on 32-byte sectors (tight views
	 * where unknown: an output ld of `rows`). */
	const size_t sector = 32 / elem;
	const bool sectors = o.views_known ? o.out_sectors : rows % sector == 0;
	const bool in_words = o.views_known ? o.in_words : cols % 4 == 0;
	/* The packed kernel's tiles (kernel 1) for outputs on sectors, the
	 * chunked kernel's (kernel 2) for others. */
	if (o.packed >= 1) {
		const char *needs = elem > 2       ? "its elements are 1 or 2 bytes"
		                    : !same_layout ? "its views have one layout"
		                    : o.packed == 1 && !sectors
		                        ? "every output row starts on a 32-byte sector (offset, ld "
		                          "and stride)"
		                    : o.strategy == TXF_STRATEGY_SIMPLE ? "it runs with pad or auto"
		                                                        : NULL;
		TXF_CHECK_ARG(!needs, TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "the batched %s kernel (packed %d) does not apply here: %s",
		              o.packed == 1 ? "packed" : "chunked", o.packed, needs);
	}
	const bool units = o.packed == 0 && o.strategy != TXF_STRATEGY_SIMPLE && elem <= 2 &&
	                   same_layout && e->batch_packed_side && side >= e->batch_packed_side &&
	                   !o.tile && !o.wg_rows;
	const int kernel = o.packed >= 1 ? o.packed : units ? (sectors ? 1 : 2) : 0;
	if (kernel) {
		memset(out, 0, sizeof *out);
		const unsigned et = kernel == 1 ? e->packed_tile : e->chunked_tile[elem - 1],
		               er = kernel == 1 ? e->packed_rows : e->chunked_rows[elem - 1];
		txf_status s = pad_kernel_group(
		    p, e, rows, cols, elem, &o, o.packed >= 1, kernel == 1 ? "packed" : "chunked",
		    et            ? et
		    : kernel == 1 ? 16
		                  : (unsigned)(64 / elem),
		    er            ? er
		    : kernel == 1 ? 8
		                  : 4,
		    kernel == 1 ? packed_group_fits : chunked_group_fits, out);
		if (s != TXF_SUCCESS)
			return s;
		out->batched = 1;
		out->packed = (unsigned)kernel;
		const unsigned tile = out->tile;
		if (kernel == 1)
			snprintf(
			    out->why, sizeof out->why,
			    "a batch of %zu in one launch (%s): transpose_batched_packed, tiles "
			    "of %u x %u blocks of 8-byte rows, input rows %s",
			    batch,
			    o.packed == 1 ? "packed 1 as asked" : "outputs on 32-byte sectors",
			    tile, tile, in_words ? "on words" : "off words");
		else
			snprintf(
			    out->why, sizeof out->why,
			    "a batch of %zu in one launch (%s): transpose_batched_chunked, tiles "
			    "of %u x %u elements moved in aligned 16-byte chunks",
			    batch,
			    o.packed == 2 ? "packed 2 as asked" : "outputs off 32-byte sectors",
			    tile, tile);
		return TXF_SUCCESS;
	}
	/* Tiles where rows are long and the matrix not small, or where tiles of
	 * 16 fit exactly; the flat kernel elsewhere (H200, f4: 33 x 65 flat
	 * 0.77 of the copy, tiles of 8 0.22; 24 x 24 0.94 and 0.30; 200 x 50
	 * 0.75 and tiles of 16 0.67; 64 x 64 0.74 and tiles of 32 0.88; 16 x
	 * 16 0.73 and 0.79). */
	const double elems = (double)rows * (double)cols;
	const bool tiles_pay = (side >= e->batch_tiled_side && elems > TXF__FLAT_SHAPE_MAX) ||
	                       (rows % 16 == 0 && cols % 16 == 0);
	const bool tiled =
	    same_layout && (o.strategy == TXF_STRATEGY_PAD ||
	                    (o.strategy == TXF_STRATEGY_AUTO && e->batch_tiled_side && tiles_pay));
	out->strategy = tiled ? TXF_STRATEGY_PAD : TXF_STRATEGY_SIMPLE;
	out->strategy_source = o.strategy != TXF_STRATEGY_AUTO ? TXF_SOURCE_FORCED
	                       : fallback                      ? TXF_SOURCE_FALLBACK
	                                                       : TXF_SOURCE_DEVICE;
	out->tile_source = o.tile || o.wg_rows ? TXF_SOURCE_FORCED
	                   : fallback          ? TXF_SOURCE_FALLBACK
	                                       : TXF_SOURCE_DEVICE;
	const char *reason = !same_layout ? "views of two layouts: a strided copy"
	                     : asked == 1 ? "batched 1 as asked"
	                                  : "matrices under the entry's batch_whole_min elements";
	if (!tiled) {
		snprintf(out->why, sizeof out->why,
		         "a batch of %zu in one launch (%s): transpose_batched_flat, one work-item "
		         "per element%s",
		         batch, reason,
		         p->kind == TXF_DEVICE_CPU ? " (on CPUs, whole matrices per work-item)"
		                                   : "");
		return TXF_SUCCESS;
	}
	/* The tile: the largest power of two up to the entry's tile whose tiles
	 * cover at most BATCH_TILE_SLACK times the area that tiles of 16 cover
	 * (of 8 where a side is shorter); rows per group as the entry's. */
	unsigned tile = o.tile;
	if (!tile) {
		const unsigned base = side < 16 ? 8 : 16, most = e->tile > base ? e->tile : base;
		const double least =
		    (double)txf__round_up(rows, base) * (double)txf__round_up(cols, base);
		tile = base;
		for (unsigned t = 2 * base; t <= most; t *= 2)
			if ((double)txf__round_up(rows, t) * (double)txf__round_up(cols, t) <=
			    BATCH_TILE_SLACK * least)
				tile = t;
	}
	txf_status s = pad_kernel_group(p, e, rows, cols, elem, &o, false, "batched tiled", tile,
	                                e->wg_rows, tiled_group_fits, out);
	if (s != TXF_SUCCESS)
		return s;
	tile = out->tile;
	snprintf(out->why, sizeof out->why,
	         "a batch of %zu in one launch (%s): transpose_batched_tiled, %u x %u tiles "
	         "through local memory%s",
	         batch, reason, tile, tile,
	         o.strategy == TXF_STRATEGY_PAD ? ""
	                                        : ", long rows of a matrix that is not small, or "
	                                          "tiles of 16 that fit it");
	return TXF_SUCCESS;
}

txf_status txf__select_matmul(txf_context *ctx, size_t m, size_t n, size_t k, size_t elem,
                              const txf__mopts *opts, txf__mchoice *out)
{
	const txf_strategy st = opts ? opts->strategy : TXF_STRATEGY_AUTO;
	txf__mparams none;
	memset(&none, 0, sizeof none);
	const txf__mparams *given = opts ? &opts->params : &none;
	pthread_mutex_lock(&ctx->lock);
	txf__memo *mm = memo_begin(ctx);
	for (unsigned i = 0; i < TXF__MEMO_SIZE; i++)
		if (mm->mm[i].used && mm->mm[i].m == m && mm->mm[i].n == n && mm->mm[i].k == k &&
		    mm->mm[i].elem == elem && mm->mm[i].strategy == st &&
		    mm->mm[i].c_rows == (opts ? opts->c_rows : 0) &&
		    memcmp(&mm->mm[i].params, given, sizeof *given) == 0) {
			*out = mm->mm[i].choice;
			pthread_mutex_unlock(&ctx->lock);
			return TXF_SUCCESS;
		}
	pthread_mutex_unlock(&ctx->lock);
	txf_status s = select_matmul_full(ctx, m, n, k, elem, opts, out);
	if (s != TXF_SUCCESS)
		return s;
	pthread_mutex_lock(&ctx->lock);
	mm = memo_begin(ctx);
	const unsigned i = mm->next_mm++ % TXF__MEMO_SIZE;
	mm->mm[i].used = true;
	mm->mm[i].m = m;
	mm->mm[i].n = n;
	mm->mm[i].k = k;
	mm->mm[i].elem = elem;
	mm->mm[i].strategy = st;
	mm->mm[i].params = *given;
	mm->mm[i].c_rows = opts ? opts->c_rows : 0;
	mm->mm[i].choice = *out;
	pthread_mutex_unlock(&ctx->lock);
	return TXF_SUCCESS;
}
