/* Out-of-place and in-place transpose: argument checks, then the launches of
 * the chosen strategy (kernels in cl/transpose.cl). */
#include "txf_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KERNEL_FILE "transpose.cl"

/* One kernel launch over a section of the operands, prepared before any is
 * enqueued so that a failure leaves nothing half-done. */
typedef struct launch {
	cl_kernel kernel;
	size_t global[3], local[3];
	cl_uint dims;
} launch;

typedef struct section {
	size_t in_off, out_off, rows, cols; /* rows x cols of in, physical */
} section;

/* extra: more -D options for the kernel file (NULL: none). */
static txf_status kernel_for(txf_context *ctx, const txf__tchoice *c, size_t elem, const char *name,
                             bool tiled, unsigned segments, const char *extra, cl_kernel *out)
{
	char options[200] = "";
	size_t len = 0;
	/* A kernel that takes no tile (the flat batched one) builds with the
	 * file's default. */
	bool fits = txf__add_define(options, sizeof options, &len, "ELEM_SIZE", (long long)elem) &&
	            (!c->tile ||
	             (txf__add_param(options, sizeof options, &len, TXF__P_TILE, c->tile) &&
	              txf__add_param(options, sizeof options, &len, TXF__P_WG_ROWS, c->wg_rows)));
	if (fits && segments)
		fits = txf__add_param(options, sizeof options, &len, TXF__P_SEGMENTS, segments) &&
		       txf__add_define(options, sizeof options, &len, "ALIGN",
		                       txf__run_align(c->tile, elem));
	if (fits && segments && c->width) {
		fits = txf__add_param(options, sizeof options, &len, TXF__P_WIDTH, c->width);
		if (fits && c->cache_hints)
			fits = txf__add_param(options, sizeof options, &len, TXF__P_CACHE_HINTS, 1);
	}
	if (fits && extra && len + 1 + strlen(extra) < sizeof options) {
		options[len++] = ' ';
		memcpy(options + len, extra, strlen(extra) + 1);
	} else if (extra) {
		fits = false;
	}
	if (!fits)
		return txf__fail(TXF_ERR_INVALID_ARG, "the build options of %s are too long", name);
	txf_status s = txf__program_kernel(ctx, KERNEL_FILE, options, name, out);
	if (s != TXF_SUCCESS || !tiled)
		return s;
	size_t wg = 0;
	cl_int err = clGetKernelWorkGroupInfo(*out, ctx->device, CL_KERNEL_WORK_GROUP_SIZE,
	                                      sizeof wg, &wg, NULL);
	if (err == CL_SUCCESS && wg < (size_t)c->tile * c->wg_rows)
		err = CL_INVALID_WORK_GROUP_SIZE;
	if (err != CL_SUCCESS) {
		txf__give_back_kernel(ctx, *out);
		*out = NULL;
		return txf__fail(
		    TXF_ERR_TILE_UNSUPPORTED,
		    "kernel %s with tile %u x %u: the device runs at most %zu work-items "
		    "of it per group",
		    name, c->tile, c->wg_rows, wg);
	}
	return TXF_SUCCESS;
}

static txf_status set_section_args(cl_kernel k, cl_mem in, cl_mem out, const section *s,
                                   size_t in_ld, size_t out_ld)
{
	cl_ulong a[6] = {s->in_off, in_ld, s->out_off, out_ld, s->rows, s->cols};
	const void *v[8] = {&in, &a[0], &a[1], &out, &a[2], &a[3], &a[4], &a[5]};
	size_t sz[8] = {sizeof in,   sizeof a[0], sizeof a[1], sizeof out,
	                sizeof a[2], sizeof a[3], sizeof a[4], sizeof a[5]};
	return txf__set_args(k, 8, sz, v);
}

/* The kernel `name` of a one-launch pad variant over the whole matrix,
 * its arguments set; on failure nothing is held. tiled: check that the
 * device runs tile x wg_rows work-items of it per group. */
static txf_status whole_kernel(txf_context *ctx, const txf__tchoice *c, txf__phys pi, txf__phys po,
                               cl_mem in, cl_mem out, const char *name, bool tiled,
                               const char *extra, launch *l)
{
	txf_status s = kernel_for(ctx, c, pi.elem, name, tiled, 0, extra, &l->kernel);
	section all = {pi.offset, po.offset, pi.rows, pi.cols};
	if (s == TXF_SUCCESS)
		s = set_section_args(l->kernel, in, out, &all, pi.ld, po.ld);
	if (s != TXF_SUCCESS) {
		if (l->kernel)
			txf__give_back_kernel(ctx, l->kernel);
		l->kernel = NULL;
	}
	return s;
}

/* Whether every row of the view starts on a multiple of n elements. */
static bool rows_on(txf__phys p, size_t n)
{
	return p.ld % n == 0 && p.offset % n == 0;
}

/* Input rows per work-item of the streaming kernel: `lines` lines of each
 * output row. */
#define STREAM_ROWS 256
/* The shifted kernel's tiles down a strip per work-item at the most, and
 * its work-items per compute unit at the least (where it takes more than
 * STREAM_ROWS rows: 1- and 2-byte elements). Against 256 rows, 1-byte
 * elements 1.11 times as fast on 2 AMD EPYC cores (0.98 to 1.23 over 12
 * shapes of 1 to 21 MB) and 1.07 on 16 Xeon cores, 2-byte ones 1.08 and
 * 1.06 (POCL 3.1 and 5.0; docs/bench/HISTORY.md). */
#define SHIFT_TILES 16
#define SHIFT_ITEMS 4
/* Tiles per work-item at the least, where the matrix has fewer rows. */
#define STREAM_MIN_TILES 16
/* With ordinary stores, inputs of up to this many bytes go in work-items of
 * whole strips (below). */
#define STREAM_TALL_MAX ((size_t)2 << 20)
/* The streaming kernel: one launch of ceil(cols / (L strips)) x ceil((rows
 * + shift) / (L lines)) work-items, L = c->tile elements per line, one per
 * work-group. Each covers STREAM_ROWS input rows (lines = STREAM_ROWS /
 * L; a few more where the last work-item would have one short tile; the
 * shifted kernel's up to SHIFT_TILES lines), fewer
 * where the matrix has fewer, and then as many strips of L columns as make
 * STREAM_MIN_TILES tiles. With ordinary stores and an input of at most
 * STREAM_TALL_MAX bytes, a work-item instead covers all rows of its strip
 * where there are at least twice as many strips as compute units, else
 * an equal share of them (STREAM_ROWS at the least): each writes whole output rows, in fewer
 * work-groups (on a 2-core Xeon, POCL 3.1, u8 to f64 outputs of 0.3 to
 * 1.5 MB up to twice as fast as in work-items of 256 rows; from about
 * 2 MB, and with non-temporal stores, level or slower; docs/bench/HISTORY.md).
 * Non-temporal stores where the
 * choice has them (c->stores), on POCL's CPU devices only: its compiler is
 * clang, and its completion of a work-group orders them (see
 * cl/transpose.cl). They take whole aligned lines: output rows that start
 * off a line boundary then need the shifted variant. */
static txf_status prepare_stream(txf_context *ctx, const txf__tchoice *c, txf__phys pi,
                                 txf__phys po, cl_mem in, cl_mem out, launch *l, unsigned *n)
{
	const size_t L = c->tile;
	const bool aligned = rows_on(po, L);
	const bool nt = c->stores && ctx->profile.vendor == TXF_VENDOR_POCL &&
	                ctx->profile.kind == TXF_DEVICE_CPU;
	const bool shifted = nt && !aligned;
	const size_t span = pi.rows + (shifted ? L - 1 : 0); /* input rows to cover */
	cl_uint lines = STREAM_ROWS / L, strips = 1;
	const size_t bytes = pi.rows * pi.cols * pi.elem;
	if (!nt && bytes <= STREAM_TALL_MAX && span >= lines * L) {
		const size_t tiles = (pi.rows + L - 1) / L, across = (pi.cols + L - 1) / L;
		const size_t want =
		    2 * (size_t)(ctx->profile.compute_units ? ctx->profile.compute_units : 1);
		const size_t down = across >= want ? 1 : (want + across - 1) / across;
		/* Never fewer rows than STREAM_ROWS (on 16 cores, more and
		 * shorter work-items than that were slower). */
		const size_t share = (tiles + down - 1) / down;
		if (share > lines)
			lines = (cl_uint)share;
	} else if (span < lines * L) {
		lines = (cl_uint)((span + L - 1) / L);
		strips = (STREAM_MIN_TILES + lines - 1) / lines;
	}
	if (shifted) {
		/* The shifted kernel transposes one tile more per work-item than
		 * it writes (the one above its first row): up to SHIFT_TILES
		 * tiles down the strip, in bands of equal height, with at least
		 * SHIFT_ITEMS work-items per compute unit. */
		const size_t tiles = (span + L - 1) / L;
		const size_t across = (pi.cols + L * strips - 1) / (L * strips);
		const size_t cus = ctx->profile.compute_units ? ctx->profile.compute_units : 1;
		const size_t least = (SHIFT_ITEMS * cus + across - 1) / across;
		size_t bands = (tiles + SHIFT_TILES - 1) / SHIFT_TILES;
		if (bands < least)
			bands = least;
		const size_t even = (tiles + bands - 1) / bands;
		if (even > lines)
			lines = (cl_uint)even;
	}
	if (c->down > 1 && !shifted && lines < 2 * c->down)
		lines = 2 * c->down;
	if (!shifted && pi.rows % L) {
		/* No work-item with the short last tile alone: the kernel moves
		 * that tile back onto the one before it in the same work-item. */
		const size_t tiles = (pi.rows + L - 1) / L;
		while (lines < tiles && tiles % lines == 1)
			lines++;
	}
	/* Fewer columns than a line and a line of rows at least: the kernel
	 * built for tiles cut by the last column (STREAM_NARROW). */
	const bool narrow = !shifted && pi.cols < L && pi.rows >= L;
	char extra[160], down[32] = "";
	if (c->down > 1 && !shifted)
		snprintf(down, sizeof down, " -DSTREAM_DOWN=%u", c->down);
	snprintf(extra, sizeof extra, "-DSTREAM_SHIFTED=%d%s%s%s%s%s", shifted ? 1 : 0,
	         nt ? " -DTXF_NT_STORES" : "", c->stage ? " -DSTREAM_STAGE=1" : "", down,
	         txf__transpose_entry_for(&ctx->profile)->stream_lanes_1 ? " -DSTREAM_LANES_1" : "",
	         narrow ? " -DSTREAM_NARROW=1" : "");
	txf_status s = whole_kernel(ctx, c, pi, po, in, out, "transpose_stream", false, extra, l);
	if (s != TXF_SUCCESS)
		return s;
	const cl_uint a[2] = {lines, strips};
	for (cl_uint i = 0; i < 2; i++) {
		cl_int err = clSetKernelArg(l->kernel, 8 + i, sizeof a[i], &a[i]);
		if (err != CL_SUCCESS) {
			txf__give_back_kernel(ctx, l->kernel);
			l->kernel = NULL;
			return txf__fail(TXF_ERR_OPENCL, "clSetKernelArg(%u) failed: %s (%d)",
			                 8 + i, txf__cl_error_name(err), (int)err);
		}
	}
	l->dims = 2;
	l->local[0] = l->local[1] = 1;
	l->global[0] = (pi.cols + L * strips - 1) / (L * strips);
	l->global[1] = (span + L * lines - 1) / (L * lines);
	*n = 1;
	return TXF_SUCCESS;
}

/* The skinny kernels: one launch of work-groups of tile x wg_rows
 * work-items along the long side, SHORT the short side, each work-item
 * moving one short row or column, or those of its 4-byte units
 * (txf__skinny_units); on CPUs, of single work-items that each walk
 * SKINNY_SERIAL_RUN elements of it. */
#define SKINNY_SERIAL_RUN 1024
static txf_status prepare_skinny(txf_context *ctx, const txf__tchoice *c, txf__phys pi,
                                 txf__phys po, cl_mem in, cl_mem out, launch *l, unsigned *n)
{
	const bool few_rows = pi.rows <= pi.cols;
	const size_t items = (size_t)c->tile * c->wg_rows;
	const unsigned units =
	    txf__skinny_units(&ctx->profile, (unsigned)items, pi.rows, pi.cols, pi.elem, pi.ld,
	                      pi.offset % 4, po.ld, po.offset % 4);
	const size_t per_item = units ? 4 * units / pi.elem : 1; /* short rows or columns */
	char extra[96] = "";
	size_t len = 0;
	txf__add_param(extra, sizeof extra, &len, TXF__P_SKINNY,
	               (long long)(few_rows ? pi.rows : pi.cols));
	/* CPUs: one work-item per group over a stretch of the long side, the
	 * short side's stride a constant where it is tight. */
	const bool serial = ctx->profile.kind == TXF_DEVICE_CPU;
	const size_t chunk = SKINNY_SERIAL_RUN;
	if (serial) {
		txf__add_define(extra, sizeof extra, &len, "SKINNY_SERIAL", (long long)chunk);
		txf__add_define(extra, sizeof extra, &len, "TIGHT",
		                few_rows ? po.ld == pi.rows : pi.ld == pi.cols);
	}
	if (units) {
		/* The side not tight: a work-item's units of a row at once where
		 * its rows start on multiples of them. */
		txf__add_define(extra, sizeof extra, &len, "SK_WPR", units);
		txf__add_define(extra, sizeof extra, &len, few_rows ? "IN_WORDS" : "OUT_WORDS",
		                rows_on(few_rows ? pi : po, per_item));
	}
	const char *name = few_rows ? "transpose_skinny_rows" : "transpose_skinny_cols";
	txf_status s = whole_kernel(ctx, c, pi, po, in, out, name, !serial, extra, l);
	if (s != TXF_SUCCESS)
		return s;
	const size_t along = few_rows ? pi.cols : pi.rows;
	l->dims = 1;
	l->local[0] = serial ? 1 : items;
	l->global[0] = serial ? (along + chunk - 1) / chunk
	                      : txf__round_up(along, items * per_item) / per_item;
	*n = 1;
	return TXF_SUCCESS;
}

/* The packed kernels: tiles of tile x tile blocks of 8-byte rows (8 x 8
 * bytes, 4 x 4 2-byte elements);
 * transpose_packed where every output row starts on a 32-byte sector,
 * transpose_packed_shifted (a sector more of input rows staged per group,
 * groups for a sector more than `rows`) where not. The chunked kernel
 * (packed 2) likewise stages a sector more of rows: both launch groups
 * of txf__staged_rows rows. */
static txf_status prepare_packed(txf_context *ctx, const txf__tchoice *c, txf__phys pi,
                                 txf__phys po, cl_mem in, cl_mem out, launch *l, unsigned *n)
{
	char extra[48];
	const size_t sector = 32 / pi.elem; /* elements per 32-byte memory sector */
	if (c->packed == 2) {
		const unsigned T = c->tile;
		const unsigned rows =
		    txf__staged_rows(&ctx->profile, T, c->wg_rows, (T + (unsigned)sector) / 16);
		snprintf(extra, sizeof extra, "-DCHUNKED=1 -DCK_GROUP_ROWS=%u", rows);
		txf_status s =
		    whole_kernel(ctx, c, pi, po, in, out, "transpose_chunked", true, extra, l);
		if (s != TXF_SUCCESS)
			return s;
		l->dims = 2;
		l->local[0] = T;
		l->local[1] = rows;
		l->global[0] = txf__round_up(pi.cols, T);
		l->global[1] = txf__round_up(pi.rows + sector - 1, T) / T * rows;
		*n = 1;
		return TXF_SUCCESS;
	}
	const bool out_sectors = rows_on(po, sector);
	const unsigned rows =
	    out_sectors ? c->wg_rows
	                : txf__staged_rows(&ctx->profile, c->tile, c->wg_rows, c->tile + 4);
	if (out_sectors)
		snprintf(extra, sizeof extra, "-DIN_ALIGNED=%d", rows_on(pi, 4));
	else
		snprintf(extra, sizeof extra, "-DIN_ALIGNED=%d -DPKS_ROWS=%u", rows_on(pi, 4),
		         rows);
	txf_status s = whole_kernel(ctx, c, pi, po, in, out,
	                            out_sectors ? "transpose_packed" : "transpose_packed_shifted",
	                            true, extra, l);
	if (s != TXF_SUCCESS)
		return s;
	const size_t span = 8 / pi.elem * (size_t)c->tile;
	l->dims = 2;
	l->local[0] = c->tile;
	l->local[1] = rows;
	l->global[0] = txf__round_up(pi.cols, span) / span * c->tile;
	l->global[1] = txf__round_up(pi.rows + (out_sectors ? 0 : sector - 1), span) / span * rows;
	*n = 1;
	return TXF_SUCCESS;
}

/* Prepare the launches of a strategy; n is set to how many. */
static txf_status prepare(txf_context *ctx, const txf__tchoice *c, const txf_matrix *in,
                          const txf_matrix *out, launch *l, unsigned *n)
{
	txf__phys pi = txf__physical(in), po = txf__physical(out);
	const size_t T = c->tile, R = c->wg_rows, rows = pi.rows, cols = pi.cols;
	const size_t rows_t = rows - rows % T, cols_t = cols - cols % T;
	section parts[3];
	const char *names[3];
	bool tiled[3];
	unsigned count = 0;
	/* Output-aligned runs where the output's rows start off a run boundary
	 * (elsewhere the tiles' writes start on one). */
	const size_t A = txf__run_align(c->tile, pi.elem);
	const unsigned segments = c->strategy == TXF_STRATEGY_PAD && !c->stream && c->segments &&
	                                  (po.ld % A || po.offset % A)
	                              ? c->segments
	                              : 0;
	if (c->strategy == TXF_STRATEGY_PAD && c->stream)
		return prepare_stream(ctx, c, pi, po, in->buffer, out->buffer, l, n);
	if (c->strategy == TXF_STRATEGY_PAD && c->skinny)
		return prepare_skinny(ctx, c, pi, po, in->buffer, out->buffer, l, n);
	if (c->strategy == TXF_STRATEGY_PAD && c->packed)
		return prepare_packed(ctx, c, pi, po, in->buffer, out->buffer, l, n);
	switch (c->strategy) {
	case TXF_STRATEGY_SIMPLE:
		parts[count] = (section){pi.offset, po.offset, rows, cols};
		names[count] = "transpose_simple", tiled[count++] = false;
		break;
	case TXF_STRATEGY_PAD:
		parts[count] = (section){pi.offset, po.offset, rows, cols};
		names[count] = !segments  ? "transpose_pad"
		               : c->width ? "transpose_pad_wide"
		                          : "transpose_pad_aligned";
		tiled[count++] = true;
		break;
	case TXF_STRATEGY_TRUNCATE:
		parts[count] = (section){pi.offset, po.offset, rows, cols};
		names[count] = "transpose_truncate", tiled[count++] = true;
		break;
	case TXF_STRATEGY_SPLIT:
		/* Main section: the even kernel. Bottom band (below the main
		 * section) and right band (right of it, corner included): the
		 * simple kernel on sections of the views. */
		if (rows_t && cols_t) {
			parts[count] = (section){pi.offset, po.offset, rows_t, cols_t};
			names[count] = "transpose_even", tiled[count++] = true;
		}
		if (rows_t < rows && cols_t) {
			parts[count] = (section){pi.offset + rows_t * pi.ld, po.offset + rows_t,
			                         rows - rows_t, cols_t};
			names[count] = "transpose_simple", tiled[count++] = false;
		}
		if (cols_t < cols) {
			parts[count] = (section){pi.offset + cols_t, po.offset + cols_t * po.ld,
			                         rows, cols - cols_t};
			names[count] = "transpose_simple", tiled[count++] = false;
		}
		break;
	default:
		return txf__fail(TXF_ERR_BAD_STRATEGY, "unresolved strategy %d", (int)c->strategy);
	}
	size_t elem = pi.elem;
	for (unsigned i = 0; i < count; i++) {
		txf_status s =
		    kernel_for(ctx, c, elem, names[i], tiled[i], segments, NULL, &l[i].kernel);
		if (s == TXF_SUCCESS)
			s = set_section_args(l[i].kernel, in->buffer, out->buffer, &parts[i], pi.ld,
			                     po.ld);
		if (s != TXF_SUCCESS) {
			for (unsigned j = 0; j <= i; j++)
				if (l[j].kernel)
					txf__give_back_kernel(ctx, l[j].kernel);
			return s;
		}
		l[i].dims = 2;
		if (tiled[i]) {
			l[i].local[0] = T;
			l[i].local[1] = R;
			if (segments) {
				/* Along 0: groups of segments runs over rows + A - 1
				 * (the shifted runs); along 1: groups of one tile's
				 * columns, or of width columns (the wide kernel). */
				const size_t span = (size_t)segments * T,
				             W = c->width ? c->width : T;
				l[i].global[0] = (parts[i].rows + A - 1 + span - 1) / span * T;
				l[i].global[1] = txf__round_up(parts[i].cols, W) / W * R;
				if (c->width) {
					/* One-dimensional work-groups of T R work-items. */
					l[i].local[0] = T * R;
					l[i].local[1] = 1;
					l[i].global[0] *= R;
					l[i].global[1] /= R;
				}
			} else if (c->strategy == TXF_STRATEGY_PAD) {
				l[i].global[0] = txf__round_up(parts[i].cols, T);
				l[i].global[1] = txf__round_up(parts[i].rows, T) / T * R;
			} else {
				l[i].global[0] = parts[i].cols - parts[i].cols % T;
				l[i].global[1] = (parts[i].rows - parts[i].rows % T) / T * R;
			}
		} else {
			txf__untiled_geometry(ctx, l[i].kernel, parts[i].rows, parts[i].cols,
			                      l[i].local, l[i].global);
		}
	}
	*n = count;
	return TXF_SUCCESS;
}

static txf_status run_launches(txf_context *ctx, launch *l, unsigned n, cl_uint num_wait,
                               const cl_event *wait, cl_event *event)
{
	cl_event evs[3] = {NULL};
	unsigned done = 0;
	txf__gate gate = {NULL, NULL, 0};
	txf_status s = n > 1 ? txf__gate_open(ctx, num_wait, wait, &gate) : TXF_SUCCESS;
	if (gate.event) {
		num_wait = gate.count;
		wait = gate.merged;
	}
	for (; s == TXF_SUCCESS && done < n; done++) {
		/* In order, the last launch ends after the others: only its
		 * event is needed (see run() in matmul.c), unless the gate may
		 * fail the launches (POCL 3.1 aborts when it fails a command
		 * that has no event). */
		const bool need_event = gate.event || ctx->keep_events ||
		                        (event && (!ctx->queue_in_order || done + 1 == n));
		s = txf__enqueue(ctx, l[done].kernel, l[done].dims, l[done].global, l[done].local,
		                 num_wait, wait, need_event ? &evs[done] : NULL);
		if (s != TXF_SUCCESS)
			break;
	}
	/* The event out (a marker on an out-of-order queue) is made while the
	 * gate still holds the launches back: if that fails, none runs. */
	if (s == TXF_SUCCESS)
		s = txf__join_events(ctx, evs, n, event);
	txf__gate_close(&gate, s == TXF_SUCCESS);
	for (unsigned i = 0; i < done; i++)
		txf__event_done(ctx, evs[i]);
	for (unsigned i = 0; i < n; i++)
		txf__give_back_kernel(ctx, l[i].kernel);
	return s;
}

/* Views of different layouts: physically the same orientation, so the
 * transpose is a strided copy. Between two buffers it is a rectangular copy;
 * within one (the same cl_mem, or sub-buffers of one parent), the copy_rect
 * kernel: clEnqueueCopyBufferRect refuses different row pitches in one
 * buffer, and a driver's check of its regions for overlap need not know
 * where sub-buffers lie nor take rows that wrap past the pitch. */
static txf_status layout_copy(txf_context *ctx, const txf__tchoice *c, const txf_matrix *in,
                              const txf_matrix *out, cl_uint num_wait, const cl_event *wait,
                              cl_event *event)
{
	txf__phys pi = txf__physical(in), po = txf__physical(out);
	if (in->buffer == out->buffer ||
	    txf__range_of(in->buffer).root == txf__range_of(out->buffer).root) {
		launch l;
		memset(&l, 0, sizeof l);
		section all = {pi.offset, po.offset, pi.rows, pi.cols};
		txf_status s = kernel_for(ctx, c, pi.elem, "copy_rect", false, 0, NULL, &l.kernel);
		if (s == TXF_SUCCESS)
			s = set_section_args(l.kernel, in->buffer, out->buffer, &all, pi.ld, po.ld);
		if (s != TXF_SUCCESS) {
			if (l.kernel)
				txf__give_back_kernel(ctx, l.kernel);
			return s;
		}
		l.dims = 2;
		txf__untiled_geometry(ctx, l.kernel, pi.rows, pi.cols, l.local, l.global);
		return run_launches(ctx, &l, 1, num_wait, wait, event);
	}
	/* Origins as row and byte column, the way the views' rows place them. */
	size_t src[3] = {pi.offset % pi.ld * pi.elem, pi.offset / pi.ld, 0};
	size_t dst[3] = {po.offset % po.ld * po.elem, po.offset / po.ld, 0};
	size_t region[3] = {pi.cols * pi.elem, pi.rows, 1};
	cl_event ev = NULL, own;
	cl_int err = clEnqueueCopyBufferRect(ctx->queue, in->buffer, out->buffer, src, dst, region,
	                                     pi.ld * pi.elem, 0, po.ld * po.elem, 0, num_wait,
	                                     num_wait ? wait : NULL,
	                                     txf__event_slot(ctx, event ? &ev : NULL, &own));
	if (err != CL_SUCCESS)
		return txf__fail_cl(err, "clEnqueueCopyBufferRect");
	txf__event_kept(ctx, event ? &ev : NULL, own);
	if (event)
		*event = ev;
	return TXF_SUCCESS;
}

/* What the selection takes from the views: where their rows start. */
static void view_flags(const txf_matrix *in, const txf_matrix *out, txf__topts *o)
{
	txf__phys pi = txf__physical(in), po = txf__physical(out);
	o->views_known = true;
	o->in_words = rows_on(pi, 4);
	o->out_sectors = rows_on(po, 32 / pi.elem);
	o->out_lines = rows_on(po, 64 / pi.elem);
	o->in_ld = pi.ld;
	o->out_ld = po.ld;
	o->in_off4 = (unsigned)(pi.offset % 4);
	o->out_off4 = (unsigned)(po.offset % 4);
}

/* The checks of an out-of-place transpose's arguments (fn: the call, for
 * the messages): the pointers, the wait list, each view, their types and
 * shapes. */
static txf_status check_pair(const char *fn, const txf_context *ctx, const txf_matrix *in,
                             const txf_matrix *out, cl_uint num_wait, const cl_event *wait)
{
	TXF_CHECK_ARG(ctx, TXF_ERR_NULL_ARG, "%s: ctx must not be NULL", fn);
	TXF_CHECK_ARG(in && out, TXF_ERR_NULL_ARG, "%s: in and out must not be NULL", fn);
	txf_status s = txf__check_wait_list(num_wait, wait);
	if (s == TXF_SUCCESS)
		s = txf__validate_matrix(in, "in");
	if (s == TXF_SUCCESS)
		s = txf__validate_matrix(out, "out");
	if (s != TXF_SUCCESS)
		return s;
	TXF_CHECK_ARG(in->dtype == out->dtype, TXF_ERR_DTYPE_MISMATCH, "%s: in is %s but out is %s",
	              fn, txf_dtype_name(in->dtype), txf_dtype_name(out->dtype));
	TXF_CHECK_ARG(out->rows == in->cols && out->cols == in->rows, TXF_ERR_SHAPE_MISMATCH,
	              "%s: in is %zu x %zu, so out must be %zu x %zu, not %zu x %zu", fn, in->rows,
	              in->cols, in->cols, in->rows, out->rows, out->cols);
	return TXF_SUCCESS;
}

/* prepare(), then, while the kernel does not run with that many, the rows
 * per work-group halved where the caller left them open: a device may run
 * fewer work-items of a compiled kernel per group than it reports for any
 * kernel (NVIDIA: 256 of the packed ones). l holds 3 launches. */
static txf_status prepare_runnable(txf_context *ctx, txf__tchoice *c, const txf_matrix *in,
                                   const txf_matrix *out, bool rows_forced, launch *l, unsigned *n)
{
	memset(l, 0, 3 * sizeof *l);
	txf_status s = prepare(ctx, c, in, out, l, n);
	while (s == TXF_ERR_TILE_UNSUPPORTED && !rows_forced && c->wg_rows > 1) {
		c->wg_rows /= 2;
		txf__clear_error();
		memset(l, 0, 3 * sizeof *l);
		s = prepare(ctx, c, in, out, l, n);
	}
	return s;
}

txf_status txf_transpose(txf_context *ctx, const txf_matrix *in, const txf_matrix *out,
                         const txf_transpose_options *opts, cl_uint num_wait, const cl_event *wait,
                         cl_event *event)
{
	txf__clear_error();
	txf_status s = check_pair("txf_transpose", ctx, in, out, num_wait, wait);
	if (s != TXF_SUCCESS)
		return s;
	TXF_CHECK_ARG(!txf__views_overlap(in, out), TXF_ERR_OVERLAP,
	              "txf_transpose: out overlaps in (use txf_transpose_inplace for a square "
	              "matrix in place)");
	txf__topts o;
	s = txf__topts_resolve(opts, &o);
	if (s != TXF_SUCCESS)
		return s;
	txf__phys pi = txf__physical(in);
	view_flags(in, out, &o);
	txf__tchoice c;
	s = txf__select_transpose(ctx, pi.rows, pi.cols, pi.elem, false, &o, &c);
	if (s != TXF_SUCCESS)
		return s;
	if (in->rows == 0 || in->cols == 0)
		return txf__empty_operation(ctx, num_wait, wait, event);
	if (in->layout != out->layout)
		return layout_copy(ctx, &c, in, out, num_wait, wait, event);
	launch l[3];
	unsigned n = 0;
	s = prepare_runnable(ctx, &c, in, out, o.wg_rows != 0, l, &n);
	if (s != TXF_SUCCESS)
		return s;
	return run_launches(ctx, l, n, num_wait, wait, event);
}

txf_status txf_transpose_inplace(txf_context *ctx, const txf_matrix *m,
                                 const txf_transpose_options *opts, cl_uint num_wait,
                                 const cl_event *wait, cl_event *event)
{
	txf__clear_error();
	TXF_CHECK_ARG(ctx, TXF_ERR_NULL_ARG, "txf_transpose_inplace: ctx must not be NULL");
	txf_status s = txf__check_wait_list(num_wait, wait);
	if (s == TXF_SUCCESS)
		s = txf__validate_matrix(m, "m");
	if (s != TXF_SUCCESS)
		return s;
	TXF_CHECK_ARG(m->rows == m->cols, TXF_ERR_NOT_SQUARE,
	              "txf_transpose_inplace: the matrix is %zu x %zu; in-place transpose is for "
	              "square matrices (use txf_transpose into another buffer)",
	              m->rows, m->cols);
	txf__topts o;
	s = txf__topts_resolve(opts, &o);
	if (s != TXF_SUCCESS)
		return s;
	txf__phys p = txf__physical(m);
	txf__tchoice c;
	s = txf__select_transpose(ctx, p.rows, p.cols, p.elem, true, &o, &c);
	if (s != TXF_SUCCESS)
		return s;
	const size_t n = p.rows;
	if (n <= 1)
		return txf__empty_operation(ctx, num_wait, wait, event);
	bool simple = c.strategy == TXF_STRATEGY_SIMPLE;
	launch l;
	memset(&l, 0, sizeof l);
	char extra[32] = "";
	size_t elen = 0;
	txf__add_param(extra, sizeof extra, &elen, TXF__P_INPLACE_TILES, c.inplace_tiles);
	s = kernel_for(ctx, &c, p.elem,
	               simple ? "transpose_inplace_simple" : "transpose_inplace_tiled", !simple, 0,
	               simple ? NULL : extra, &l.kernel);
	/* As out of place: open rows per work-group halve until the kernel
	 * runs. */
	while (s == TXF_ERR_TILE_UNSUPPORTED && !o.wg_rows && c.wg_rows > 1) {
		c.wg_rows /= 2;
		txf__clear_error();
		s = kernel_for(ctx, &c, p.elem, "transpose_inplace_tiled", true, 0, extra,
		               &l.kernel);
	}
	if (s != TXF_SUCCESS)
		return s;
	cl_ulong a[3] = {p.offset, p.ld, n};
	const void *v[4] = {&m->buffer, &a[0], &a[1], &a[2]};
	size_t sz[4] = {sizeof(cl_mem), sizeof a[0], sizeof a[1], sizeof a[2]};
	s = txf__set_args(l.kernel, 4, sz, v);
	if (s != TXF_SUCCESS) {
		txf__give_back_kernel(ctx, l.kernel);
		return s;
	}
	if (simple) {
		size_t max = 0;
		clGetKernelWorkGroupInfo(l.kernel, ctx->device, CL_KERNEL_WORK_GROUP_SIZE,
		                         sizeof max, &max, NULL);
		l.dims = 1;
		l.local[0] = max >= 256 ? 256 : max ? max : 1;
		l.global[0] = txf__round_up(n * (n - 1) / 2, l.local[0]);
	} else {
		size_t tiles = (n + c.tile - 1) / c.tile;
		l.dims = 2;
		l.local[0] = c.tile;
		l.local[1] = c.wg_rows;
		l.global[0] = tiles * (tiles + 1) / 2 * c.tile;
		l.global[1] = c.wg_rows;
	}
	return run_launches(ctx, &l, 1, num_wait, wait, event);
}

txf_status txf_transpose_explain(txf_context *ctx, size_t rows, size_t cols, txf_dtype dtype,
                                 int in_place, const txf_transpose_options *opts, txf_choice *out)
{
	txf__clear_error();
	TXF_CHECK_ARG(ctx && out, TXF_ERR_NULL_ARG,
	              "txf_transpose_explain: ctx and out must not be NULL");
	TXF_CHECK_ARG(txf_dtype_size(dtype), TXF_ERR_BAD_DTYPE, "unknown element type %d",
	              (int)dtype);
	TXF_CHECK_ARG(!in_place || rows == cols, TXF_ERR_NOT_SQUARE,
	              "in-place transpose of %zu x %zu: the matrix must be square", rows, cols);
	size_t bytes;
	TXF_CHECK_ARG(txf__mul_ok(rows, cols, &bytes) &&
	                  txf__mul_ok(bytes, txf_dtype_size(dtype), &bytes),
	              TXF_ERR_SIZE_OVERFLOW, "%zu x %zu elements of %s overflow size_t", rows, cols,
	              txf_dtype_name(dtype));
	txf__topts o;
	txf_status s = txf__topts_resolve(opts, &o);
	if (s != TXF_SUCCESS)
		return s;
	txf__tchoice c;
	s = txf__select_transpose(ctx, rows, cols, txf_dtype_size(dtype), in_place != 0, &o, &c);
	if (s == TXF_SUCCESS)
		txf__tchoice_publish(&c, out);
	return s;
}

/* -------------------------------------------------------------- batches */

/* Matrix b of a batch: the view with its offset moved b * stride elements
 * (the caller has checked that the last one's offset fits size_t). */
static txf_matrix batch_view(const txf_matrix *m, size_t stride, size_t b)
{
	txf_matrix v = *m;
	v.offset += b * stride;
	return v;
}

/* The last matrix of a batch lies inside the buffer as the first does. */
static txf_status check_batch_end(const txf_matrix *m, size_t stride, size_t batch,
                                  const char *name)
{
	if (batch < 2 || !m->rows || !m->cols)
		return TXF_SUCCESS;
	size_t shift;
	TXF_CHECK_ARG(
	    txf__mul_ok(batch - 1, stride, &shift) && txf__add_ok(shift, m->offset, &shift),
	    TXF_ERR_SIZE_OVERFLOW,
	    "txf_transpose_batched: %zu matrices of %s %zu elements apart overflow size_t", batch,
	    name, stride);
	txf_matrix last = batch_view(m, stride, batch - 1);
	char label[64];
	snprintf(label, sizeof label, "%s (the batch's last, %zu)", name, batch - 1);
	return txf__validate_matrix(&last, label);
}

/* No two outputs of a batch share an element: output d, for each d while
 * d * stride is within one output's span, against output 0 (equal strides
 * make every other pair one of these). */
static txf_status check_outputs_apart(const txf_matrix *out, size_t stride, size_t batch)
{
	if (batch < 2 || !out->rows || !out->cols)
		return TXF_SUCCESS;
	const txf__phys p = txf__physical(out);
	const size_t span = (p.rows - 1) * p.ld + p.cols;
	for (size_t d = 1; d < batch && (stride == 0 || d <= (span - 1) / stride); d++) {
		const txf_matrix od = batch_view(out, stride, d);
		TXF_CHECK_ARG(!txf__views_overlap(out, &od), TXF_ERR_OVERLAP,
		              "txf_transpose_batched: outputs 0 and %zu of the batch overlap "
		              "(out_stride %zu elements; each output spans %zu)",
		              d, stride, span);
		if (stride == 0)
			break;
	}
	return TXF_SUCCESS;
}

/* In a buffer they share, the batch's inputs (first to last) and outputs lie
 * in ranges of bytes that do not meet. */
static txf_status check_batch_apart(const txf_matrix *in, size_t in_stride, const txf_matrix *out,
                                    size_t out_stride, size_t batch)
{
	if (!in->rows || !in->cols)
		return TXF_SUCCESS;
	txf__mem_range ri = txf__range_of(in->buffer), ro = txf__range_of(out->buffer);
	if (in->buffer != out->buffer && ri.root != ro.root)
		return TXF_SUCCESS;
	if (in->buffer == out->buffer)
		ri.offset = ro.offset = 0;
	const txf_matrix li = batch_view(in, in_stride, batch - 1),
	                 lo = batch_view(out, out_stride, batch - 1);
	const txf__phys pi = txf__physical(in), po = txf__physical(out);
	size_t ei = 0, eo = 0;
	txf__view_end_bytes(&li, &ei);
	txf__view_end_bytes(&lo, &eo);
	const size_t si = ri.offset + pi.offset * pi.elem, so = ro.offset + po.offset * po.elem;
	ei += ri.offset;
	eo += ro.offset;
	TXF_CHECK_ARG(ei <= so || eo <= si, TXF_ERR_OVERLAP,
	              "txf_transpose_batched: the batch's outputs (bytes %zu to %zu of the "
	              "buffer) meet its inputs (bytes %zu to %zu): in one buffer they must lie "
	              "in ranges apart",
	              so, eo, si, ei);
	return TXF_SUCCESS;
}

/* Elements per row of the flat kernel's launch (PER matrices side by side
 * where a matrix has fewer), and work-groups of the batch along its second
 * dimension at the most. */
#define FLAT_ROW 256
#define BATCH_GROUPS_MAX 65535
/* CPUs: output bytes per work-item of the flat kernel at the least, and
 * work-items per compute unit at the least where the batch is short. */
#define FLAT_SERIAL_BYTES 65536
#define FLAT_SERIAL_ITEMS 4

/* The one launch of a batch: the flat kernel (strategy SIMPLE, or views of
 * two layouts: a strided copy) or the tiled one (PAD). */
static txf_status prepare_batch(txf_context *ctx, const txf__tchoice *c, const txf_matrix *in,
                                size_t in_stride, const txf_matrix *out, size_t out_stride,
                                size_t batch, launch *l)
{
	const txf__phys pi = txf__physical(in), po = txf__physical(out);
	const bool copy = in->layout != out->layout;
	const cl_mem bi = in->buffer, bo = out->buffer;
	txf_status s;
	if (c->strategy == TXF_STRATEGY_PAD && !copy) {
		/* The chunked kernel's groups stage a sector more of rows (as for
		 * one matrix, prepare_packed). */
		const size_t sector = 32 / pi.elem;
		const unsigned group_rows =
		    c->packed == 2 ? txf__staged_rows(&ctx->profile, c->tile, c->wg_rows,
		                                      (c->tile + (unsigned)sector) / 16)
		                   : c->wg_rows;
		char extra[48];
		if (c->packed == 2)
			snprintf(extra, sizeof extra, "-DCHUNKED=1 -DCK_GROUP_ROWS=%u", group_rows);
		else
			snprintf(extra, sizeof extra, "-DIN_ALIGNED=%d",
			         rows_on(pi, 4) && in_stride % 4 == 0);
		s = kernel_for(ctx, c, pi.elem,
		               c->packed == 2   ? "transpose_batched_chunked"
		               : c->packed == 1 ? "transpose_batched_packed"
		                                : "transpose_batched_tiled",
		               true, 0, c->packed ? extra : NULL, &l->kernel);
		if (s != TXF_SUCCESS)
			return s;
		cl_ulong a[9] = {pi.offset,  pi.ld,   in_stride, po.offset, po.ld,
		                 out_stride, pi.rows, pi.cols,   batch};
		const void *v[11] = {&bi,   &a[0], &a[1], &a[2], &bo,  &a[3],
		                     &a[4], &a[5], &a[6], &a[7], &a[8]};
		size_t sz[11];
		for (unsigned i = 0; i < 11; i++)
			sz[i] = sizeof a[0];
		sz[0] = sz[4] = sizeof(cl_mem);
		s = txf__set_args(l->kernel, 11, sz, v);
		/* Tiles of T x T elements, of T x T blocks of 8-byte rows, or (the
		 * chunked kernel) of T x T elements with a sector more of rows. */
		const size_t T = c->tile, span = c->packed == 1 ? 8 / pi.elem * T : T;
		l->dims = 3;
		l->local[0] = T;
		l->local[1] = group_rows;
		l->local[2] = 1;
		l->global[0] = txf__round_up(pi.cols, span) / span * T;
		l->global[1] = txf__round_up(pi.rows + (c->packed == 2 ? sector - 1 : 0), span) /
		               span * group_rows;
		l->global[2] = batch < BATCH_GROUPS_MAX ? batch : BATCH_GROUPS_MAX;
	} else {
		/* Output (x, y) of a matrix is the input's (y, x), or (x, y) for a
		 * copy. */
		const size_t orows = copy ? pi.rows : pi.cols, ocols = copy ? pi.cols : pi.rows;
		const size_t m = orows * ocols;
		const bool serial = ctx->profile.kind == TXF_DEVICE_CPU;
		TXF_CHECK_ARG(m < ((size_t)1 << 31), TXF_ERR_TILE_UNSUPPORTED,
		              "the flat batched kernel moves matrices of under 2^31 elements, not "
		              "%zu x %zu (ask for batched 2)",
		              pi.rows, pi.cols);
		size_t per;
		if (serial) {
			const size_t bytes = m * pi.elem;
			const size_t cus =
			    ctx->profile.compute_units ? ctx->profile.compute_units : 1;
			per = bytes >= FLAT_SERIAL_BYTES ? 1 : FLAT_SERIAL_BYTES / bytes;
			const size_t least = FLAT_SERIAL_ITEMS * cus;
			if ((batch + per - 1) / per < least)
				per = batch > least ? (batch + least - 1) / least : 1;
		} else {
			per = m >= FLAT_ROW ? 1 : FLAT_ROW / m;
		}
		/* GPUs, outputs one after the other: stores of vec elements, 16
		 * bytes (1-byte elements: 4; H200, batches of 2 x 3 to 12 x 20 u1,
		 * 16-byte stores ran 0.13-0.24 of the copy where single bytes ran
		 * 0.24-0.33), PER a multiple of vec / gcd(m, vec) so that a launch
		 * row is whole words. */
		const size_t vec = pi.elem == 1 ? 4 : 16 / pi.elem;
		bool vectors =
		    !serial && vec > 1 && po.ld == ocols && out_stride == m && po.offset % vec == 0;
		if (vectors) {
			size_t gcd = vec;
			while (m % gcd)
				gcd /= 2;
			const size_t q = vec / gcd, whole = (per + q - 1) / q * q;
			/* The kernel's indices within a launch row are 32-bit. */
			if (whole * m < ((size_t)1 << 31))
				per = whole;
			else
				vectors = false;
		}
		char extra[128] = "";
		size_t len = 0;
		if (serial)
			txf__add_define(extra, sizeof extra, &len, "BATCH_SERIAL", 1);
		if (m <= TXF__FLAT_SHAPE_MAX) {
			txf__add_define(extra, sizeof extra, &len, "FLAT_SHAPE", 1);
			txf__add_define(extra, sizeof extra, &len, "FLAT_OROWS", (long long)orows);
			txf__add_define(extra, sizeof extra, &len, "FLAT_OCOLS", (long long)ocols);
			if (!serial)
				txf__add_define(extra, sizeof extra, &len, "FLAT_PER",
				                (long long)per);
		}
		if (vectors)
			txf__add_define(extra, sizeof extra, &len, "FLAT_VEC", (long long)vec);
		s = kernel_for(ctx, c, pi.elem, "transpose_batched_flat", false, 0,
		               len ? extra : NULL, &l->kernel);
		if (s != TXF_SUCCESS)
			return s;
		cl_ulong a[9] = {pi.offset,
		                 copy ? pi.ld : 1,
		                 copy ? 1 : pi.ld,
		                 in_stride,
		                 po.offset,
		                 po.ld,
		                 out_stride,
		                 0,
		                 batch};
		cl_uint u[3] = {(cl_uint)orows, (cl_uint)ocols, (cl_uint)per};
		const void *v[13] = {&bi,   &a[0], &a[1], &a[2], &a[3], &bo,  &a[4],
		                     &a[5], &a[6], &u[0], &u[1], &a[8], &u[2]};
		size_t sz[13];
		for (unsigned i = 0; i < 13; i++)
			sz[i] = sizeof a[0];
		sz[0] = sz[5] = sizeof(cl_mem);
		sz[9] = sz[10] = sz[12] = sizeof u[0];
		s = txf__set_args(l->kernel, 13, sz, v);
		if (serial) {
			l->dims = 1;
			l->local[0] = 1;
			l->global[0] = (batch + per - 1) / per;
		} else {
			size_t max = 0;
			if (clGetKernelWorkGroupInfo(l->kernel, ctx->device,
			                             CL_KERNEL_WORK_GROUP_SIZE, sizeof max, &max,
			                             NULL) != CL_SUCCESS ||
			    max == 0)
				max = 1;
			size_t wg = FLAT_ROW;
			while (wg > max || wg > ctx->profile.max_work_item_sizes[0])
				wg /= 2;
			const size_t groups = (batch + per - 1) / per;
			l->dims = 2;
			l->local[0] = wg;
			l->local[1] = 1;
			l->global[0] = txf__round_up(vectors ? per * m / vec : per * m, wg);
			l->global[1] = groups < BATCH_GROUPS_MAX ? groups : BATCH_GROUPS_MAX;
		}
	}
	if (s != TXF_SUCCESS) {
		txf__give_back_kernel(ctx, l->kernel);
		l->kernel = NULL;
	}
	return s;
}

/* A batch of the single matrix's choice, once per matrix (each selected
 * for its own view: a stride may move a matrix off the first one's
 * alignment), behind a gate so that a failure runs none of it. */
static txf_status run_per_matrix(txf_context *ctx, const txf_matrix *in, size_t in_stride,
                                 const txf_matrix *out, size_t out_stride, size_t batch,
                                 const txf__topts *given, cl_uint num_wait, const cl_event *wait,
                                 cl_event *event)
{
	if (batch == 1) {
		/* One matrix: as txf_transpose, its launches gated only where
		 * they are several. */
		txf__topts o = *given;
		o.batched = 0;
		view_flags(in, out, &o);
		txf__tchoice c;
		const txf__phys pi = txf__physical(in);
		txf_status s = txf__select_transpose(ctx, pi.rows, pi.cols, pi.elem, false, &o, &c);
		launch l[3];
		unsigned n = 0;
		if (s == TXF_SUCCESS)
			s = prepare_runnable(ctx, &c, in, out, o.wg_rows != 0, l, &n);
		return s == TXF_SUCCESS ? run_launches(ctx, l, n, num_wait, wait, event) : s;
	}
	const size_t cap = batch * 3;
	cl_event *evs = calloc(cap, sizeof *evs);
	TXF_CHECK_ARG(evs, TXF_ERR_OUT_OF_MEMORY, "out of memory for the events of a batch of %zu",
	              batch);
	txf__gate gate = {NULL, NULL, 0};
	txf_status s = txf__gate_open(ctx, num_wait, wait, &gate);
	size_t made = 0;
	for (size_t b = 0; s == TXF_SUCCESS && b < batch; b++) {
		const txf_matrix ib = batch_view(in, in_stride, b),
		                 ob = batch_view(out, out_stride, b);
		txf__topts o = *given;
		o.batched = 0;
		view_flags(&ib, &ob, &o);
		txf__tchoice c;
		const txf__phys pb = txf__physical(&ib);
		s = txf__select_transpose(ctx, pb.rows, pb.cols, pb.elem, false, &o, &c);
		launch l[3];
		unsigned n = 0;
		if (s == TXF_SUCCESS)
			s = prepare_runnable(ctx, &c, &ib, &ob, o.wg_rows != 0, l, &n);
		for (unsigned i = 0; i < n; i++) {
			if (s == TXF_SUCCESS) {
				s = txf__enqueue(ctx, l[i].kernel, l[i].dims, l[i].global,
				                 l[i].local, gate.count, gate.merged, &evs[made]);
				if (s == TXF_SUCCESS)
					made++;
			}
			txf__give_back_kernel(ctx, l[i].kernel);
		}
	}
	if (s == TXF_SUCCESS)
		s = txf__join_events(ctx, evs, (cl_uint)made, event);
	txf__gate_close(&gate, s == TXF_SUCCESS);
	for (size_t i = 0; i < made; i++)
		txf__event_done(ctx, evs[i]);
	free(evs);
	return s;
}

txf_status txf_transpose_batched(txf_context *ctx, const txf_matrix *in, size_t in_stride,
                                 const txf_matrix *out, size_t out_stride, size_t batch,
                                 const txf_transpose_options *opts, cl_uint num_wait,
                                 const cl_event *wait, cl_event *event)
{
	txf__clear_error();
	txf_status s = check_pair("txf_transpose_batched", ctx, in, out, num_wait, wait);
	if (s != TXF_SUCCESS)
		return s;
	/* A batch of none is checked as one matrix; nothing runs. */
	const size_t checked = batch ? batch : 1;
	s = check_batch_end(in, in_stride, checked, "in");
	if (s == TXF_SUCCESS)
		s = check_batch_end(out, out_stride, checked, "out");
	if (s == TXF_SUCCESS)
		s = check_outputs_apart(out, out_stride, checked);
	if (s == TXF_SUCCESS)
		s = check_batch_apart(in, in_stride, out, out_stride, checked);
	if (s != TXF_SUCCESS)
		return s;
	txf__topts o;
	s = txf__topts_resolve(opts, &o);
	if (s != TXF_SUCCESS)
		return s;
	const txf__phys pi = txf__physical(in);
	const bool same_layout = in->layout == out->layout;
	txf__tchoice c;
	/* Where every matrix's rows start: the first's, and the strides'. */
	view_flags(in, out, &o);
	o.in_words = o.in_words && in_stride % 4 == 0;
	o.out_sectors = o.out_sectors && out_stride % (32 / pi.elem) == 0;
	o.out_lines = o.out_lines && out_stride % (64 / pi.elem) == 0;
	s = txf__select_transpose_batched(ctx, pi.rows, pi.cols, pi.elem, checked, same_layout, &o,
	                                  &c);
	if (s != TXF_SUCCESS)
		return s;
	if (batch == 0 || in->rows == 0 || in->cols == 0)
		return txf__empty_operation(ctx, num_wait, wait, event);
	if (c.batched == 2)
		return run_per_matrix(ctx, in, in_stride, out, out_stride, batch, &o, num_wait,
		                      wait, event);
	launch l;
	memset(&l, 0, sizeof l);
	s = prepare_batch(ctx, &c, in, in_stride, out, out_stride, batch, &l);
	while (s == TXF_ERR_TILE_UNSUPPORTED && !o.wg_rows && c.strategy == TXF_STRATEGY_PAD &&
	       c.wg_rows > 1) {
		c.wg_rows /= 2;
		txf__clear_error();
		memset(&l, 0, sizeof l);
		s = prepare_batch(ctx, &c, in, in_stride, out, out_stride, batch, &l);
	}
	if (s != TXF_SUCCESS)
		return s;
	return run_launches(ctx, &l, 1, num_wait, wait, event);
}

txf_status txf_transpose_batched_explain(txf_context *ctx, size_t rows, size_t cols, size_t batch,
                                         txf_dtype dtype, const txf_transpose_options *opts,
                                         txf_choice *out)
{
	txf__clear_error();
	TXF_CHECK_ARG(ctx && out, TXF_ERR_NULL_ARG,
	              "txf_transpose_batched_explain: ctx and out must not be NULL");
	TXF_CHECK_ARG(txf_dtype_size(dtype), TXF_ERR_BAD_DTYPE, "unknown element type %d",
	              (int)dtype);
	size_t bytes;
	TXF_CHECK_ARG(
	    txf__mul_ok(rows, cols, &bytes) && txf__mul_ok(bytes, txf_dtype_size(dtype), &bytes) &&
	        txf__mul_ok(bytes, batch ? batch : 1, &bytes),
	    TXF_ERR_SIZE_OVERFLOW, "%zu matrices of %zu x %zu elements of %s overflow size_t",
	    batch, rows, cols, txf_dtype_name(dtype));
	txf__topts o;
	txf_status s = txf__topts_resolve(opts, &o);
	if (s != TXF_SUCCESS)
		return s;
	txf__tchoice c;
	s = txf__select_transpose_batched(ctx, rows, cols, txf_dtype_size(dtype), batch ? batch : 1,
	                                  true, &o, &c);
	if (s == TXF_SUCCESS)
		txf__tchoice_publish(&c, out);
	return s;
}
