/* What fits a device: the rules a kernel's parameters must meet on it,
 * shared by the choice (select.c) and the tuning files (tuning.c). */
#include "txf_internal.h"

#include <stdio.h>
#include <string.h>

bool txf__is_pow2(size_t x)
{
	return x && !(x & (x - 1));
}

unsigned txf__run_align(unsigned tile, size_t elem)
{
	unsigned a = elem && elem < 32 ? (unsigned)(32 / elem) : 1;
	return a < tile ? a : tile;
}

size_t txf__run_rows(unsigned tile, size_t elem, unsigned segments)
{
	return (size_t)segments * tile + txf__run_align(tile, elem);
}

/* Whether a T x R work-group with `local_rows` rows of T + 1 elem-byte
 * elements in local memory fits the device; if not, *why says what does
 * not fit. */
bool txf__tile_fits(const txf_device_profile *p, unsigned tile, unsigned rows, size_t elem,
                    size_t local_rows, char *why, size_t why_size)
{
	size_t local = local_rows * (tile + 1) * elem;
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

bool txf__skinny_fits(const txf_device_profile *p, unsigned items, size_t side, size_t elem,
                      char *why, size_t why_size)
{
	/* At least either kernel's buffer: items rows of (side | 1), or side
	 * rows of items + 1. */
	const size_t local = (side + 1) * (items + 1) * elem;
	if (items > p->max_work_group_size || items > p->max_work_item_sizes[0]) {
		snprintf(
		    why, why_size,
		    "a work-group of %u work-items is more than the device allows (%zu)", items,
		    p->max_work_group_size < p->max_work_item_sizes[0] ? p->max_work_group_size
		                                                       : p->max_work_item_sizes[0]);
		return false;
	}
	if (local > p->local_mem_size) {
		snprintf(why, why_size,
		         "%u rows of %zu %zu-byte elements need %zu bytes of local memory, the "
		         "device has %llu",
		         items, side, elem, local, (unsigned long long)p->local_mem_size);
		return false;
	}
	return true;
}

unsigned txf__skinny_units(const txf_device_profile *p, unsigned items, size_t rows, size_t cols,
                           size_t elem, size_t in_ld, size_t in_off4, size_t out_ld,
                           size_t out_off4)
{
	const bool few_rows = rows <= cols;
	const size_t side = few_rows ? rows : cols;
	if (p->kind == TXF_DEVICE_CPU || elem > 8 || side < 1 || side > TXF_SKINNY_MAX)
		return 0;
	size_t bytes = 4; /* of a short row or column per work-item */
	while (bytes < elem || bytes * side < 16)
		bytes *= 2;
	const size_t per_unit = elem < 4 ? 4 / elem : 1, units = bytes / 4;
	const bool tight = few_rows ? out_ld == rows && out_off4 % per_unit == 0
	                            : in_ld == cols && in_off4 % per_unit == 0;
	return tight && ((size_t)items * ((side * units) | 1) + side) * 4 <= p->local_mem_size
	           ? (unsigned)units
	           : 0;
}

/* Whether a kernel that needs `local` bytes of local memory with a tile x
 * rows work-group fits device p; *local_short says that its local memory
 * is what does not. */
static bool group_fits(const txf_device_profile *p, unsigned tile, unsigned rows, size_t elem,
                       cl_ulong local, bool *local_short, char *why, size_t why_size)
{
	*local_short = local > p->local_mem_size;
	if (*local_short) {
		snprintf(
		    why, why_size,
		    "tile %u of %zu-byte elements needs %llu bytes of local memory, the device "
		    "has %llu",
		    tile, elem, (unsigned long long)local, (unsigned long long)p->local_mem_size);
		return false;
	}
	return txf__tile_fits(p, tile, rows, 1, 0, why, why_size);
}

unsigned txf__staged_rows(const txf_device_profile *p, unsigned tile, unsigned rows, unsigned units)
{
	size_t most = p->max_work_group_size / tile;
	if (most > p->max_work_item_sizes[1])
		most = p->max_work_item_sizes[1];
	size_t r = rows;
	while (r < most && r < units && units % r)
		r++;
	return r > rows ? (unsigned)r : rows;
}

bool txf__packed_fits(const txf_device_profile *p, unsigned tile, unsigned rows, size_t elem,
                      bool *local_short, char *why, size_t why_size)
{
	/* The shifted kernel's, the larger: 8 / elem output rows per block
	 * column, a sector more of input rows staged (4 block rows), and a
	 * word's skew per block column (cl/transpose.cl, PK_OFF). */
	const cl_ulong local = (cl_ulong)8 * ((8 / elem) * tile * (tile + 4) + tile);
	return group_fits(p, tile, rows, elem, local, local_short, why, why_size);
}

bool txf__chunked_fits(const txf_device_profile *p, unsigned tile, unsigned rows, size_t elem,
                       bool *local_short, char *why, size_t why_size)
{
	/* 1-byte elements: the staged rows or the output rows, whichever is
	 * more, sharing the memory (cl/transpose.cl, CK_LS and CK_TW); 2-byte
	 * elements: the output rows alone (CK_TWW words each, and CK_OFF's
	 * shifts). */
	const size_t staged = tile + 32 / elem;
	const size_t a = staged * (tile + 8) * elem, b = (size_t)tile * (staged * elem + 4);
	const size_t two = 4 * ((size_t)tile * (staged / 2 + 2) + tile / 2);
	if (tile * elem < 32) {
		*local_short = false;
		snprintf(why, why_size,
		         "tile %u is less than a 32-byte sector of %zu-byte elements", tile, elem);
		return false;
	}
	const size_t local = elem == 2 ? two : a > b ? a : b;
	return group_fits(p, tile, rows, elem, local, local_short, why, why_size);
}

const char *txf__precision_name(unsigned precision)
{
	static const char *const names[] = {"exact", "exact", "3xtf32", "tf32"};
	return precision <= TXF__PREC_TF32 ? names[precision] : "";
}

const char *txf__mma_instruction(unsigned mma)
{
	static const char *const names[] = {"m8n8k4", "m16n8k4", "m16n8k8"};
	return mma >= 2 && mma <= 4 ? names[mma - 2] : "";
}

/* Tile edge of the streaming kernel for elem-byte elements: one 64-byte
 * line per tile row; 0 where it does not apply. */
unsigned txf__stream_tile(size_t elem)
{
	return elem && elem <= 16 ? (unsigned)(64 / elem) : 0;
}

txf_status txf__tuned_fits(txf_context *ctx, txf_tune_op op, txf_dtype dtype, txf_size_class c,
                           const txf__tuned *e, char *why, size_t n)
{
	if (e->strategy != TXF_STRATEGY_SIMPLE && e->strategy != TXF_STRATEGY_PAD &&
	    e->strategy != TXF_STRATEGY_TRUNCATE && e->strategy != TXF_STRATEGY_SPLIT) {
		snprintf(why, n, "strategy %d is not simple, pad, truncate or split",
		         (int)e->strategy);
		return TXF_ERR_BAD_STRATEGY;
	}
	size_t elem = txf_dtype_size(dtype);
	if (op == TXF_TUNE_TRANSPOSE) {
		const char *kernel = e->skinny ? "skinny" : e->packed ? "packed" : NULL;
		if (!!e->stream + !!e->skinny + !!e->packed > 1) {
			snprintf(
			    why, n,
			    "stream, skinny and packed are three kernels of pad: an entry names "
			    "one");
			return TXF_ERR_STRATEGY_NOT_APPLICABLE;
		}
		if (e->stores && (!e->stream || (e->stores != 1 && e->stores != -1))) {
			snprintf(why, n,
			         "stores=%d: the streaming kernel's stores (stream=1), 1 "
			         "non-temporal or -1 ordinary",
			         e->stores);
			return TXF_ERR_STRATEGY_NOT_APPLICABLE;
		}
		if (kernel && (e->strategy != TXF_STRATEGY_PAD || e->skinny > 1 || e->packed > 2)) {
			snprintf(why, n, "%s=%u: the %s kernel is pad's, with the value 1%s",
			         kernel, e->skinny + e->packed, kernel,
			         e->packed ? " (packed: or 2)" : "");
			return TXF_ERR_STRATEGY_NOT_APPLICABLE;
		}
		if (e->skinny && c != TXF_FEW_ROWS && c != TXF_FEW_COLS) {
			snprintf(
			    why, n,
			    "skinny=1: the skinny kernels serve the few-rows and few-cols classes "
			    "only");
			return TXF_ERR_STRATEGY_NOT_APPLICABLE;
		}
		if (e->packed && elem > 2) {
			snprintf(why, n,
			         "packed=%u: the %s kernels move 1- and 2-byte elements, not "
			         "%zu-byte ones",
			         e->packed, e->packed == 2 ? "chunked" : "packed", elem);
			return TXF_ERR_STRATEGY_NOT_APPLICABLE;
		}
		if (e->stream) {
			if (e->stream != 1 || e->strategy != TXF_STRATEGY_PAD ||
			    !txf__stream_tile(elem) || e->tile != txf__stream_tile(elem) ||
			    e->wg_rows != 1) {
				snprintf(
				    why, n,
				    "stream=%u: the streaming kernel is pad's, for 1- to 16-byte "
				    "elements, with tile 64 / element bytes and wg_rows 1",
				    e->stream);
				return TXF_ERR_STRATEGY_NOT_APPLICABLE;
			}
			return TXF_SUCCESS;
		}
		if (!txf__is_pow2(e->tile) || e->tile < 4 || e->tile > 128 ||
		    !txf__is_pow2(e->wg_rows) || e->wg_rows > e->tile) {
			snprintf(why, n,
			         "tile %u x %u: the tile must be a power of two from 4 to 128 and "
			         "the rows a power of two up to the tile",
			         e->tile, e->wg_rows);
			return TXF_ERR_BAD_TILE;
		}
		if (e->packed == 2 && e->tile * elem < 32) {
			snprintf(why, n,
			         "packed=2: the chunked kernel's tile is whole 32-byte sectors: at "
			         "least %zu elements, not %u",
			         elem ? 32 / elem : 0, e->tile);
			return TXF_ERR_BAD_TILE;
		}
		if (e->packed == 1 && e->tile > 64) {
			snprintf(
			    why, n,
			    "packed=1: the packed kernel's tile counts blocks of 8-byte rows: at "
			    "most 64, not %u",
			    e->tile);
			return TXF_ERR_BAD_TILE;
		}
		/* The skinny kernels' local rows for the measured short side. */
		const size_t side = e->shape[0] < e->shape[1] ? e->shape[0] : e->shape[1];
		bool local_short;
		const bool fits =
		    !elem            ? false
		    : e->skinny      ? txf__skinny_fits(&ctx->profile, e->tile * e->wg_rows,
                                                   side ? side : 1, elem, why, n)
		    : e->packed == 2 ? txf__chunked_fits(&ctx->profile, e->tile, e->wg_rows, elem,
		                                         &local_short, why, n)
		    : e->packed
		        ? txf__packed_fits(&ctx->profile, e->tile, e->wg_rows, elem, &local_short,
		                           why, n)
		        : txf__tile_fits(&ctx->profile, e->tile, e->wg_rows, elem, e->tile, why, n);
		return fits ? TXF_SUCCESS : TXF_ERR_TILE_UNSUPPORTED;
	}
	if (dtype != TXF_F32 && dtype != TXF_F64) {
		snprintf(why, n, "matmul is tuned for f32 and f64, not %s",
		         txf_dtype_name(dtype) ? txf_dtype_name(dtype) : "?");
		return TXF_ERR_BAD_DTYPE;
	}
	if (dtype == TXF_F64 && !ctx->profile.has_fp64) {
		snprintf(why, n, "the device has no double precision");
		return TXF_ERR_FP64_UNSUPPORTED;
	}
	if (e->params.mma >= 2 && e->strategy == TXF_STRATEGY_TRUNCATE) {
		snprintf(why, n, "mma %u (the matrix units) has no truncate kernel", e->params.mma);
		return TXF_ERR_STRATEGY_NOT_APPLICABLE;
	}
	if (e->params.ksplit > 1 && e->strategy != TXF_STRATEGY_PAD) {
		snprintf(why, n, "ksplit %u needs strategy pad, not %s", e->params.ksplit,
		         txf_strategy_name(e->strategy));
		return TXF_ERR_STRATEGY_NOT_APPLICABLE;
	}
	txf_status s = txf__check_matmul_params(ctx, &e->params, elem);
	if (s != TXF_SUCCESS) {
		snprintf(why, n, "%s", txf_last_error());
		txf__clear_error();
	}
	return s;
}

static bool vw_ok(unsigned v)
{
	return v == 1 || v == 2 || v == 4 || v == 8 || v == 16;
}

/* The reduction kernel's set (p->dot > 1; cl/matmul.cl matmul_dot): work-groups
 * of dot x (mdimc ndimc) work-items, each holding mwg / mdimc x nwg / ndimc
 * sums, and local memory for as many of each work-item's sums at a time as
 * fit 32 KiB, and their first step's partial sums. */
static txf_status check_dot(const txf_context *ctx, const txf__mparams *p, size_t elem)
{
	const unsigned dot = p->dot, md = p->mdimc, nd = p->ndimc;
	const unsigned mwi = p->mwg / md, nwi = p->nwg / nd, sums = mwi * nwi;
	TXF_CHECK_ARG(dot <= TXF_MAX_DOT && txf__is_pow2(dot), TXF_ERR_BAD_TILE,
	              "dot %u must be a power of two from 2 to %d", dot, TXF_MAX_DOT);
	TXF_CHECK_ARG(
	    p->mwg <= TXF_DOT_C && p->nwg <= TXF_DOT_C && mwi <= TXF_DOT_WI && nwi <= TXF_DOT_WI,
	    TXF_ERR_BAD_TILE,
	    "dot %u (the reduction kernel) holds a block of at most %d x %d, at most "
	    "%d x %d per work-item: mwg %u, nwg %u, mdimc %u and ndimc %u give %u x %u",
	    dot, TXF_DOT_C, TXF_DOT_C, TXF_DOT_WI, TXF_DOT_WI, p->mwg, p->nwg, md, nd, mwi, nwi);
	TXF_CHECK_ARG(md <= TXF_DOT_C && nd <= TXF_DOT_C, TXF_ERR_BAD_TILE,
	              "dot %u: mdimc %u and ndimc %u must be at most %d", dot, md, nd, TXF_DOT_C);
	TXF_CHECK_ARG(p->vwa <= 1 && p->vwb <= 1 && p->lbuf <= 1 && p->wmap <= 1 &&
	                  p->kgroups <= 1 && p->mma <= 1,
	              TXF_ERR_BAD_TILE,
	              "dot %u (the reduction kernel) reads its operands element by element with "
	              "fused multiply-adds: vwa, vwb, lbuf, wmap, kgroups and mma take 1, not %u, "
	              "%u, %u, %u, %u and %u",
	              dot, p->vwa, p->vwb, p->lbuf, p->wmap, p->kgroups, p->mma);
	const txf_device_profile *d = &ctx->profile;
	TXF_CHECK_ARG((size_t)dot * md * nd <= d->max_work_group_size &&
	                  dot <= d->max_work_item_sizes[0] &&
	                  (size_t)md * nd <= d->max_work_item_sizes[1],
	              TXF_ERR_TILE_UNSUPPORTED,
	              "a %u x %u work-group (dot x mdimc ndimc) is larger than %s allows (%zu "
	              "work-items)",
	              dot, md * nd, d->normalized_name, d->max_work_group_size);
	/* As cl/matmul.cl's DOT_CHUNK and DOT_SPLIT: the sums of a round in
	 * 32 KiB, and the first step's partial sums. */
	size_t chunk = sums;
	const size_t fit = 32768 / ((size_t)md * nd * dot * elem);
	if (chunk > fit)
		chunk = fit;
	TXF_CHECK_ARG(chunk >= 1, TXF_ERR_BAD_TILE,
	              "dot %u with %u x %u work-items: the lanes' sums of one element take more "
	              "than 32 KiB of local memory",
	              dot, md, nd);
	const size_t split = dot >= 2 * chunk ? dot / chunk : 1;
	const size_t local = (size_t)md * nd * chunk * (dot + split) * elem;
	TXF_CHECK_ARG(local <= d->local_mem_size, TXF_ERR_TILE_UNSUPPORTED,
	              "dot %u with %u x %u work-items needs %zu bytes of local memory, %s has %llu",
	              dot, md, nd, local, d->normalized_name,
	              (unsigned long long)d->local_mem_size);
	return TXF_SUCCESS;
}

txf_status txf__check_matmul_params(const txf_context *ctx, const txf__mparams *p, size_t elem)
{
	const unsigned mwg = p->mwg, nwg = p->nwg, kwg = p->kwg, md = p->mdimc, nd = p->ndimc;
	TXF_CHECK_ARG(mwg && nwg && kwg && md && nd && mwg <= 512 && nwg <= 512 && kwg <= 512,
	              TXF_ERR_BAD_TILE,
	              "matmul blocks %u x %u x %u and %u x %u work-items must be "
	              "positive and at most 512",
	              mwg, nwg, kwg, md, nd);
	TXF_CHECK_ARG(mwg % md == 0 && nwg % nd == 0, TXF_ERR_BAD_TILE,
	              "mdimc %u must divide mwg %u and ndimc %u must divide nwg %u", md, mwg, nd,
	              nwg);
	TXF_CHECK_ARG(vw_ok(p->vwa) && vw_ok(p->vwb), TXF_ERR_BAD_TILE,
	              "vector widths vwa %u and vwb %u must be 1, 2, 4, 8 or 16", p->vwa, p->vwb);
	const unsigned kvec = p->kvec > 1 ? p->kvec : 1;
	TXF_CHECK_ARG(
	    kvec == 1 || (vw_ok(kvec) && p->dot <= 1 && md == 1 && nd == 1 && p->mma <= 1),
	    TXF_ERR_BAD_TILE,
	    "kvec %u must be 2, 4, 8 or 16, and takes the blocked kernel (mdimc = ndimc = "
	    "1, not %u and %u) with mma 1 and no dot",
	    p->kvec, md, nd);
	if (p->dot > 1)
		return check_dot(ctx, p, elem);
	const bool blocked = md == 1 && nd == 1;
	TXF_CHECK_ARG(!blocked || kvec > 1 || (mwg % p->vwa == 0 && nwg % (2 * p->vwb) == 0),
	              TXF_ERR_BAD_TILE,
	              "the blocked kernel (mdimc = ndimc = 1) computes tiles of vwa %u rows by "
	              "2 vwb = %u columns, which must divide mwg %u and nwg %u",
	              p->vwa, 2 * p->vwb, mwg, nwg);
	TXF_CHECK_ARG(kvec == 1 || (mwg % p->vwa == 0 && nwg % p->vwb == 0 && kwg % kvec == 0 &&
	                            p->vwa * p->vwb <= 32),
	              TXF_ERR_BAD_TILE,
	              "kvec %u: the blocked kernel's tiles of vwa %u rows by vwb %u columns (at "
	              "most 32 sums) must divide mwg %u and nwg %u, and kvec kwg %u",
	              kvec, p->vwa, p->vwb, mwg, nwg, kwg);
	const unsigned wgs = md * nd;
	/* The loads of a tile split evenly over the work-group, whichever
	 * side of the tile is contiguous. */
	TXF_CHECK_ARG(kwg % p->vwa == 0 && mwg % p->vwa == 0 && (mwg * kwg / p->vwa) % wgs == 0,
	              TXF_ERR_BAD_TILE,
	              "vwa %u must divide mwg %u and kwg %u, and the %u vectors of an A tile must "
	              "split evenly over %u work-items",
	              p->vwa, mwg, kwg, mwg * kwg / p->vwa, wgs);
	TXF_CHECK_ARG(kwg % p->vwb == 0 && nwg % p->vwb == 0 && (nwg * kwg / p->vwb) % wgs == 0,
	              TXF_ERR_BAD_TILE,
	              "vwb %u must divide nwg %u and kwg %u, and the %u vectors of a B tile must "
	              "split evenly over %u work-items",
	              p->vwb, nwg, kwg, nwg * kwg / p->vwb, wgs);
	TXF_CHECK_ARG(p->ksplit <= TXF_MAX_KSPLIT, TXF_ERR_BAD_TILE,
	              "ksplit %u is more K slices than the %d allowed", p->ksplit, TXF_MAX_KSPLIT);
	const unsigned lbuf = p->lbuf ? p->lbuf : 1, wmap = p->wmap ? p->wmap : 1;
	TXF_CHECK_ARG(lbuf <= 4 && wmap <= 2, TXF_ERR_BAD_TILE,
	              "lbuf %u must be 1 to 4 and wmap %u 1 or 2 (0: the device's entry)", p->lbuf,
	              p->wmap);
	TXF_CHECK_ARG(!blocked || (lbuf == 1 && wmap == 1), TXF_ERR_BAD_TILE,
	              "the blocked kernel (mdimc = ndimc = 1) takes lbuf 1 and wmap 1, not %u and "
	              "%u",
	              lbuf, wmap);
	TXF_CHECK_ARG(wmap == 1 || (md % 4 == 0 && nd % 8 == 0), TXF_ERR_BAD_TILE,
	              "wmap 2 lays work-items in tiles of 4 x 8: mdimc %u must be a multiple of 4 "
	              "and ndimc %u of 8",
	              md, nd);
	const unsigned kgroups = p->kgroups ? p->kgroups : 1;
	TXF_CHECK_ARG(kgroups <= TXF_MAX_KGROUPS, TXF_ERR_BAD_TILE,
	              "kgroups %u is more K groups than the %d allowed", p->kgroups,
	              TXF_MAX_KGROUPS);
	TXF_CHECK_ARG(!blocked || kgroups == 1, TXF_ERR_BAD_TILE,
	              "the blocked kernel (mdimc = ndimc = 1) takes kgroups 1, not %u", kgroups);
	const txf_device_profile *d = &ctx->profile;
	const unsigned mma = p->mma ? p->mma : 1;
	TXF_CHECK_ARG(mma <= 4, TXF_ERR_BAD_TILE, "mma %u must be 1 to 4 (0: the device's entry)",
	              p->mma);
	/* lbuf 3 and 4 with fused multiply-adds: the tiles go through cp.async
	 * stages of 16-byte copies (cl/matmul.cl FMA_STAGED). */
	const size_t cpe = 16 / elem;
	TXF_CHECK_ARG(mma >= 2 || lbuf <= 2 ||
	                  (kgroups == 1 && mwg % cpe == 0 && nwg % cpe == 0 && kwg % cpe == 0),
	              TXF_ERR_BAD_TILE,
	              "lbuf %u stages the tiles through cp.async: it takes kgroups 1 (not %u) and "
	              "mwg %u, nwg %u and kwg %u multiples of %zu (16 bytes)",
	              lbuf, kgroups, mwg, nwg, kwg, cpe);
	TXF_CHECK_ARG(p->precision <= TXF__PREC_TF32, TXF_ERR_BAD_PARAM,
	              "precision %u must be 1 (exact), 2 (3xtf32) or 3 (tf32); 0 is exact",
	              p->precision);
	if (mma >= 2) {
		/* f64: m8n8k4 from sm_80, m16n8k4 and m16n8k8 from sm_90; f32 as
		 * TF32: m16n8k4 and m16n8k8 from sm_80. */
		const bool f32 = elem == 4;
		const unsigned cc = mma == 2 || f32 ? 80 : 90, m16 = mma >= 3 ? 2 : 1,
		               k8 = mma == 4 || f32 ? 8 : 4, cols = f32 ? 32 : 16;
		TXF_CHECK_ARG(elem == 8 || (f32 && mma >= 3), TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "mma %u (the matrix units) computes %s products, not %zu-byte ones",
		              mma, mma == 2 ? "f64" : "f64 and f32 (as TF32)", elem);
		TXF_CHECK_ARG(!f32 || p->precision >= TXF__PREC_3XTF32,
		              TXF_ERR_STRATEGY_NOT_APPLICABLE,
		              "mma %u on f32 operands rounds them to TF32: it needs precision 2 "
		              "(3xtf32) or 3 (tf32), not %u (exact)",
		              mma, p->precision);
		TXF_CHECK_ARG(
		    d->vendor == TXF_VENDOR_NVIDIA && d->nv_compute_capability >= cc,
		    TXF_ERR_STRATEGY_NOT_APPLICABLE,
		    "mma %u runs mma.sync %s on the %s matrix units of NVIDIA devices of compute "
		    "capability %u.0 and later; %s is %s",
		    mma, txf__mma_instruction(mma), f32 ? "TF32" : "f64", cc / 10,
		    d->normalized_name,
		    d->vendor != TXF_VENDOR_NVIDIA ? "not an NVIDIA device"
		    : d->nv_compute_capability     ? "of an earlier compute capability"
		                                   : "of unknown compute capability");
		TXF_CHECK_ARG(
		    !blocked && md % 4 == 0 && nd % 8 == 0 && mwg % cols == 0 && nwg % cols == 0 &&
		        kwg % k8 == 0 && (mwg / (md / 4)) % (8 * m16) == 0 &&
		        (nwg / (nd / 8)) % 8 == 0,
		    TXF_ERR_BAD_TILE,
		    "mma %u lays warps of 4 x 8 work-items over the block: mdimc %u must be a "
		    "multiple of 4 and ndimc %u of 8, mwg %u and nwg %u multiples of %u that give "
		    "each warp whole %u x 8 tiles, and kwg %u a multiple of %u",
		    mma, md, nd, mwg, nwg, cols, 8 * m16, kwg, k8);
		TXF_CHECK_ARG(wmap == 1 && kgroups == 1, TXF_ERR_BAD_TILE,
		              "mma %u takes wmap 1 and kgroups 1, not %u and %u", mma, wmap,
		              kgroups);
		/* The tiles are laid out for cp.async copies of 16 bytes. */
		TXF_CHECK_ARG(lbuf >= 2, TXF_ERR_BAD_TILE,
		              "mma %u stages its tiles through cp.async: lbuf must be 2 to 4, "
		              "not %u",
		              mma, lbuf);
	}
	/* The tiled kernels keep a K step of A and B in local memory (lbuf of
	 * them) per K group, each operand's part rounded up to 4 elements;
	 * with K groups the same memory holds one block of partial sums at the
	 * end. The blocked kernel keeps a K panel of B and the partial sums of
	 * its block. */
	size_t local = (size_t)lbuf * kwg * (mwg + nwg) * elem;
	/* f32 on the matrix units pads each k row of an operand laid out along
	 * k by 4 elements (cl/matmul.cl A_STAGE); counted for both. f64 XORs
	 * its columns instead. */
	if (p->mma >= 2 && elem == 4)
		local += (size_t)lbuf * kwg * 8 * elem;
	/* Their fused multiply-adds pad every row of a stage by 16 bytes:
	 * counted for the larger of the two layouts of each operand; with C
	 * stored through local memory A's stages hold mdimc rows of the block. */
	if (mma == 1 && lbuf >= 3) {
		const size_t sa =
		    (size_t)lbuf *
		    (kwg * (mwg + cpe) > mwg * (kwg + cpe) ? kwg * (mwg + cpe) : mwg * (kwg + cpe));
		const size_t sb =
		    (size_t)lbuf *
		    (kwg * (nwg + cpe) > nwg * (kwg + cpe) ? kwg * (nwg + cpe) : nwg * (kwg + cpe));
		local = ((sa > (size_t)md * nwg ? sa : (size_t)md * nwg) + sb) * elem;
	}
	if (kgroups > 1) {
		const size_t tile =
		    ((size_t)lbuf * kwg * mwg + 3) / 4 * 4 + ((size_t)lbuf * kwg * nwg + 3) / 4 * 4;
		local = kgroups * tile;
		if (local < (size_t)mwg * nwg)
			local = (size_t)mwg * nwg;
		local *= elem;
	}
	if (blocked)
		local = ((size_t)kwg * nwg + (size_t)mwg * nwg) * elem;
	/* With kvec, panels of both operands (one of them is read where it
	 * lies; which depends on the layouts) and a vector of kvec partial sums
	 * per element of the block (cl/matmul.cl BLOCKED_PANEL). */
	if (blocked && kvec > 1)
		local = ((size_t)kwg * (mwg + nwg) + (size_t)mwg * nwg * (kvec + 1)) * elem;
	TXF_CHECK_ARG((size_t)wgs * kgroups <= d->max_work_group_size &&
	                  nd <= d->max_work_item_sizes[0] && md <= d->max_work_item_sizes[1] &&
	                  kgroups <= d->max_work_item_sizes[2],
	              TXF_ERR_TILE_UNSUPPORTED,
	              "a %u x %u x %u work-group is larger than %s allows (%zu work-items)", md, nd,
	              kgroups, d->normalized_name, d->max_work_group_size);
	TXF_CHECK_ARG(local <= d->local_mem_size, TXF_ERR_TILE_UNSUPPORTED,
	              "blocks %u x %u x %u with %u local buffer%s and %u K group%s need %zu bytes "
	              "of local memory, %s has %llu",
	              mwg, nwg, kwg, lbuf, lbuf > 1 ? "s" : "", kgroups, kgroups > 1 ? "s" : "",
	              local, d->normalized_name, (unsigned long long)d->local_mem_size);
	return TXF_SUCCESS;
}
