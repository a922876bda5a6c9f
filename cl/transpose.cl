/*
 * Matrix transpose kernels: out (cols x rows) = transpose of in (rows x cols).
 * Both matrices are row-major in element units: element (r, c) of in is at
 * in[in_off + r * in_ld + c]. Indices are 64-bit.
 *
 * Parameters:
 *   ELEM_SIZE  element size in bytes (common.cl)
 *   TILE       tile edge T; the local tile is T x (T + 1) elements, the
 *              extra column keeps the column reads free of bank conflicts
 *   WG_ROWS    work-item rows per tile R (R divides T): a work-group is
 *              T x R work-items and each one moves T / R elements
 *
 * Kernels and the edge strategy each implements:
 *   transpose_simple    SIMPLE: one work-item per element, bounds-checked;
 *                       also the band kernel of SPLIT
 *   transpose_even      the tiled kernel without checks: rows and cols must
 *                       be multiples of T (SPLIT's main section)
 *   transpose_pad       PAD: launch rounded up to whole tiles; reads and
 *                       writes outside the matrix are skipped
 *   transpose_pad_aligned  PAD with output-aligned runs, for outputs whose
 *                       rows do not start on an ALIGN-element boundary (odd
 *                       leading dimensions): every run of T elements it
 *                       writes starts on such a boundary (whole 32-byte
 *                       sectors), at the price of reading (SEGMENTS T +
 *                       ALIGN) / (SEGMENTS T) of the input
 *   transpose_pad_wide  PAD_ALIGNED's runs for a work-group that covers
 *                       WIDTH input columns (a multiple of T) instead of
 *                       T: fewer row pieces cut through memory sectors at
 *                       the ends, every load in flight before the first
 *                       local store
 *   transpose_truncate  TRUNCATE: launch rounded down to whole tiles; the
 *                       work-items on the last row and column of the main
 *                       area also move the bottom band, the right band and
 *                       the corner (needs rows, cols >= T)
 *   transpose_packed    PAD for 1- and 2-byte elements: tiles of blocks of
 *                       8-byte rows (8 x 8 bytes, 4 x 4 2-byte elements),
 *                       each moved as its rows and transposed in registers
 *   transpose_packed_shifted  the packed kernel for outputs whose rows start
 *                       off 32-byte sectors: output runs of whole sectors,
 *                       each word funnel-shifted from two staged rows
 *   transpose_chunked   PAD for 1- and 2-byte elements whose rows start
 *                       anywhere: aligned 16-byte chunk loads shifted into
 *                       place, blocks of one word a row transposed in
 *                       registers, output runs of whole sectors
 *   transpose_skinny_rows, transpose_skinny_cols  PAD for a matrix with
 *                       SHORT (1 to 32) rows or columns: whole short columns
 *                       or rows staged in local memory, reads and writes
 *                       along the long side; on GPUs, elements up to 8 bytes
 *                       elements in 4-byte units (SK_WPR); on CPUs, one
 *                       work-item per stretch of the long side
 *                       (SKINNY_SERIAL)
 *   transpose_stream    PAD for CPUs (1- to 16-byte elements): each work-item
 *                       moves `lines` x `strips` blocks of V x V elements, V =
 *                       64 / ELEM_SIZE (one 64-byte line per block row),
 *                       transposed in registers, and writes whole output
 *                       lines, with non-temporal stores where TXF_NT_STORES
 *                       is set
 *   transpose_inplace_simple  in place, square n x n: one work-item per
 *                       element pair below the diagonal
 *   transpose_inplace_tiled   in place, square: one work-group per pair of
 *                       tiles (ti, tj), ti >= tj, swapped through local memory
 *                       (INPLACE_TILES of them: 2, or 1 with the second tile
 *                       of the pair held in registers)
 *   transpose_batched_flat   a batch in one launch (txf_transpose_batched):
 *                       one work-item per output element, PER matrices side
 *                       by side along dimension 0, matrices of the batch in
 *                       steps of the launch along dimension 1; on CPUs
 *                       (BATCH_SERIAL) whole matrices per work-item. Input
 *                       steps in_xs, in_ys also make it the strided copy of
 *                       a batch of views of two layouts; small matrices
 *                       build the shape in (FLAT_SHAPE); tight outputs
 *                       take 4- or 16-byte stores (FLAT_VEC)
 *   transpose_batched_tiled  a batch in one launch, PAD's tiles: T x T
 *                       tiles of a matrix through local memory, matrices of
 *                       the batch in steps of the launch along dimension 2
 *   transpose_batched_packed  the same with transpose_packed's tiles (1- and
 *                       2-byte elements, outputs on 32-byte sectors)
 *   transpose_batched_chunked  the same with transpose_chunked's tiles (1- and
 *                       2-byte elements whose rows start anywhere)
 *   copy_rect           not a transpose: out (rows x cols) = in, one work-item
 *                       per element, bounds-checked; the strided copy of views
 *                       of different layouts in one buffer
 */
#ifndef TXF_COMMON_CL
#include "common.cl"
#endif

#ifndef TILE
#define TILE 16
#endif
#ifndef WG_ROWS
#define WG_ROWS 16
#endif

#ifndef SEGMENTS
#define SEGMENTS 2
#endif

#if TILE % WG_ROWS != 0
#error "WG_ROWS must divide TILE"
#endif

#define TXF_TILED_WG TXF_REQD_WG(TILE, WG_ROWS, 1)

__kernel void transpose_simple(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                               __global elem_t *restrict out, ulong out_off, ulong out_ld,
                               ulong rows, ulong cols)
{
	const ulong c = get_global_id(0), r = get_global_id(1);
	if (r < rows && c < cols)
		out[out_off + c * out_ld + r] = in[in_off + r * in_ld + c];
}

/* Views of different layouts are stored in the same orientation: the
 * transpose is a copy of rows x cols elements, each side with its own
 * leading dimension. */
__kernel void copy_rect(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                        __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                        ulong cols)
{
	const ulong c = get_global_id(0), r = get_global_id(1);
	if (r < rows && c < cols)
		out[out_off + r * out_ld + c] = in[in_off + r * in_ld + c];
}

__kernel TXF_TILED_WG void transpose_even(__global const elem_t *restrict in, ulong in_off,
                                          ulong in_ld, __global elem_t *restrict out,
                                          ulong out_off, ulong out_ld, ulong rows, ulong cols)
{
	__local elem_t tile[TILE][TILE + 1];
	const uint lx = get_local_id(0), ly = get_local_id(1);
	const ulong r0 = (ulong)get_group_id(1) * TILE, c0 = (ulong)get_group_id(0) * TILE;
	__global const elem_t *src = in + in_off + (r0 + ly) * in_ld + c0 + lx;
	for (uint k = 0; k < TILE; k += WG_ROWS)
		tile[ly + k][lx] = src[k * in_ld];
	barrier(CLK_LOCAL_MEM_FENCE);
	__global elem_t *dst = out + out_off + (c0 + ly) * out_ld + r0 + lx;
	for (uint k = 0; k < TILE; k += WG_ROWS)
		dst[k * out_ld] = tile[lx][ly + k];
}

__kernel TXF_TILED_WG void transpose_pad(__global const elem_t *restrict in, ulong in_off,
                                         ulong in_ld, __global elem_t *restrict out,
                                         ulong out_off, ulong out_ld, ulong rows, ulong cols)
{
	__local elem_t tile[TILE][TILE + 1];
	const uint lx = get_local_id(0), ly = get_local_id(1);
	const ulong r0 = (ulong)get_group_id(1) * TILE, c0 = (ulong)get_group_id(0) * TILE;
	/* Guarded read: work-items past the edge load nothing. */
	if (c0 + lx < cols)
		for (uint k = 0; k < TILE; k += WG_ROWS)
			if (r0 + ly + k < rows)
				tile[ly + k][lx] = in[in_off + (r0 + ly + k) * in_ld + c0 + lx];
	barrier(CLK_LOCAL_MEM_FENCE);
	/* Guarded write: out-of-range writes are dropped. */
	if (r0 + lx < rows)
		for (uint k = 0; k < TILE; k += WG_ROWS)
			if (c0 + ly + k < cols)
				out[out_off + (c0 + ly + k) * out_ld + r0 + lx] = tile[lx][ly + k];
}

#if ELEM_SIZE <= 2 && defined(IN_ALIGNED)
/* The packed kernels, for 1- and 2-byte elements: the tile is TILE x TILE
 * blocks of PB x PB elements whose rows are 8 bytes (8 x 8 bytes, 4 x 4
 * 2-byte elements). A work-item loads a block's rows with one 8-byte
 * access each (two 4-byte ones, or a funnel shift of two 8-byte ones,
 * where the row is not on 8 bytes), transposes the block in registers and
 * writes its rows, rows of the output now, into local memory; the group
 * then stores every output row of the tile 8 bytes a work-item. Blocks
 * cut by the matrix's edge are moved element by element, guarded (PAD).
 * IN_ALIGNED (set by the host, 0 or 1; the packed kernels are compiled
 * only where it is defined) says that every input row starts on a
 * multiple of 4 elements, so that a row of a block is on 4 or 8 bytes.
 *
 * Local memory: the PB T output rows of a tile, row x at PK_OFF(x), each
 * `width` 8-byte entries (a block row's transposed rows); the rows of
 * block column i start i entries further on, so that the 8-byte writes of
 * 16 neighbouring work-items (their block columns) meet no bank twice. */
#define PB (8 / ELEM_SIZE)
#define PK_OFF(x, width) ((x) * (width) + (x) / PB)

#if ELEM_SIZE == 1
/* The 4 x 4 bytes from bit s (0 or 32) of the rows a, b, c, d, transposed:
 * word j holds byte j of each row. */
inline uint4 pk_quarter(ulong a, ulong b, ulong c, ulong d, uint s)
{
	return as_uint4((uchar16)(as_uchar4((uint)(a >> s)), as_uchar4((uint)(b >> s)),
	                          as_uchar4((uint)(c >> s)), as_uchar4((uint)(d >> s)))
	                    .s048c159d26ae37bf);
}
#endif

/* The block of input rows r .. r + PB - 1 (r may be negative) and columns
 * c .., transposed: t[j] holds column c + j, rows r .. as elements 0 ..
 * PB - 1. Elements outside the matrix read as 0. A block inside the
 * matrix loads its rows with no branch between the loads, so that all are
 * in flight at once: IN_ALIGNED, one 8-byte load a row where every row of
 * the input is on 8 bytes, else two 4-byte ones; otherwise the two
 * aligned 8-byte words around each row, funnel-shifted, where the last
 * row's stay before `end` (the end of the input view) and the input is on
 * its element size. Element by element elsewhere. */
inline void pk_block(__global const elem_t *in, ulong in_off, ulong in_ld, long r, ulong c,
                     ulong rows, ulong cols, __global const uchar *end, ulong t[PB])
{
	ulong b[PB];
	const bool inside = r >= 0 && (ulong)r + PB <= rows && c + PB <= cols;
	__global const elem_t *const src = in + in_off + (inside ? (ulong)r * in_ld + c : 0);
#if IN_ALIGNED
	(void)end;
	if (inside && !(((ulong)src | in_ld * ELEM_SIZE) & 7)) {
#pragma unroll
		for (uint i = 0; i < PB; i++)
			b[i] = *(__global const ulong *)(src + i * in_ld);
	} else if (inside) {
#pragma unroll
		for (uint i = 0; i < PB; i++) {
			__global const uint *const w = (__global const uint *)(src + i * in_ld);
			b[i] = (ulong)w[1] << 32 | w[0];
		}
	}
#else
	const ulong last = (ulong)(src + (PB - 1) * in_ld);
	if (inside && !((ulong)in % ELEM_SIZE) &&
	    (__global const uchar *)(last & ~(ulong)7) + 16 <= end) {
#pragma unroll
		for (uint i = 0; i < PB; i++) {
			const ulong a = (ulong)(src + i * in_ld);
			__global const ulong *const q = (__global const ulong *)(a & ~(ulong)7);
			const uint sh = 8 * (uint)(a & 7);
			const ulong lo = q[0], hi = q[1];
			b[i] = lo >> sh | (sh ? hi << (64 - sh) : 0);
		}
	}
#endif
	else {
		for (uint i = 0; i < PB; i++) {
			const long ri = r + (long)i;
			ulong v = 0;
			if (ri >= 0 && (ulong)ri < rows)
				for (uint j = 0; j < PB && c + j < cols; j++)
					v |= (ulong)in[in_off + (ulong)ri * in_ld + c + j]
					     << (8 * ELEM_SIZE * j);
			b[i] = v;
		}
	}
#if ELEM_SIZE == 1
	/* Four 4 x 4 quarters: rows 0-3 and 4-7, low and high words. */
	const uint4 q00 = pk_quarter(b[0], b[1], b[2], b[3], 0);
	const uint4 q01 = pk_quarter(b[0], b[1], b[2], b[3], 32);
	const uint4 q10 = pk_quarter(b[4], b[5], b[6], b[7], 0);
	const uint4 q11 = pk_quarter(b[4], b[5], b[6], b[7], 32);
	t[0] = (ulong)q10.x << 32 | q00.x;
	t[1] = (ulong)q10.y << 32 | q00.y;
	t[2] = (ulong)q10.z << 32 | q00.z;
	t[3] = (ulong)q10.w << 32 | q00.w;
	t[4] = (ulong)q11.x << 32 | q01.x;
	t[5] = (ulong)q11.y << 32 | q01.y;
	t[6] = (ulong)q11.z << 32 | q01.z;
	t[7] = (ulong)q11.w << 32 | q01.w;
#else
	const ulong4 v = as_ulong4((ushort16)(as_ushort4(b[0]), as_ushort4(b[1]), as_ushort4(b[2]),
	                                      as_ushort4(b[3]))
	                               .s048c159d26ae37bf);
	t[0] = v.x;
	t[1] = v.y;
	t[2] = v.z;
	t[3] = v.w;
#endif
}

/* Stores the 8 bytes v as PB elements at dst, only those whose index
 * (from q on) is in [0, n). */
inline void pk_row_store_guarded(__global elem_t *dst, ulong v, long q, ulong n)
{
	for (uint j = 0; j < PB; j++)
		if (q + (long)j >= 0 && (ulong)(q + (long)j) < n)
			dst[j] = (elem_t)(v >> (8 * ELEM_SIZE * j));
}

/* The end of the input view: (rows - 1) in_ld + cols elements past in_off. */
#define PK_END                                                                                     \
	((__global const uchar *)(in + in_off + (rows ? (rows - 1) * in_ld + cols : 0)))

/* Every row of the output must start on a 32-byte sector (offset and
 * leading dimension; transpose_packed_shifted serves the others), so
 * that whole words and sectors are stored. */
/* Tile (get_group_id(0), get_group_id(1)) of the packed kernel through lw. */
inline void pk_tile(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                    __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                    ulong cols, __local ulong *lw)
{
	const uint lx = get_local_id(0), ly = get_local_id(1);
	/* Element row and column of the group's first block. */
	const ulong r0 = (ulong)get_group_id(1) * TILE * PB, c0 = (ulong)get_group_id(0) * TILE * PB;
	const ulong c = c0 + PB * lx;
	__global const uchar *const end = PK_END;
	for (uint k = 0; k < TILE; k += WG_ROWS) {
		const uint y = ly + k;
		const ulong r = r0 + PB * y;
		if (r >= rows || c >= cols)
			continue;
		ulong t[PB];
		pk_block(in, in_off, in_ld, (long)r, c, rows, cols, end, t);
#pragma unroll
		for (uint j = 0; j < PB; j++)
			lw[PK_OFF(PB * lx + j, TILE) + y] = t[j];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* Output row c0 + x, columns r0 + PB lx ... */
	const ulong oc = r0 + PB * lx;
	for (uint k = 0; k < PB * TILE; k += WG_ROWS) {
		const uint x = ly + k;
		const ulong orow = c0 + x;
		if (orow >= cols)
			break;
		if (oc >= rows)
			continue;
		const ulong v = lw[PK_OFF(x, TILE) + lx];
		__global elem_t *const dst = out + out_off + orow * out_ld + oc;
		if (oc + PB <= rows)
			*(__global ulong *)dst = v;
		else
			pk_row_store_guarded(dst, v, 0, rows - oc);
	}
}

__kernel TXF_TILED_WG void transpose_packed(__global const elem_t *restrict in, ulong in_off,
                                            ulong in_ld, __global elem_t *restrict out,
                                            ulong out_off, ulong out_ld, ulong rows, ulong cols)
{
	__local ulong lw[PB * TILE * TILE + TILE];
	pk_tile(in, in_off, in_ld, out, out_off, out_ld, rows, cols, lw);
}

/* transpose_packed for a batch (as transpose_batched_tiled): every output
 * row of every matrix on a 32-byte sector, every input row on 4 elements
 * where IN_ALIGNED. */
__kernel TXF_TILED_WG void transpose_batched_packed(__global const elem_t *restrict in,
                                                    ulong in_off, ulong in_ld, ulong in_stride,
                                                    __global elem_t *restrict out, ulong out_off,
                                                    ulong out_ld, ulong out_stride, ulong rows,
                                                    ulong cols, ulong batch)
{
	__local ulong lw[PB * TILE * TILE + TILE];
	for (ulong b = get_group_id(2); b < batch; b += get_num_groups(2)) {
		pk_tile(in, in_off + b * in_stride, in_ld, out, out_off + b * out_stride, out_ld, rows,
		        cols, lw);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}

/* transpose_packed for outputs whose rows do not all start on a 32-byte
 * sector (PK_SECTOR elements): every output run it stores is whole
 * sectors. Work-group (g0, g1) stages the blocks of input columns c0 =
 * g0 PB T .. c0 + PB T - 1 and of PK_STAGED block rows from rb = g1 PB T -
 * PK_SECTOR on (PK_EXTRA above its own), transposed: entry b of output row
 * c0 + x holds input rows rb + PB b .. rb + PB b + PB - 1. Output row o
 * starts sh(o) < PK_SECTOR elements past a sector; the group stores its
 * input rows g1 PB T - sh .. g1 PB T - sh + PB T - 1, T 8-byte words: word
 * j holds staged rows d + PB j .., d = PK_SECTOR - sh, funnel-shifted out
 * of two neighbouring entries. Words cut by row 0 or by `rows` are stored
 * element by element. Together the groups store every element once; the
 * launch has ceil((rows + PK_SECTOR - 1) / (PB T)) groups of T x PKS_R
 * work-items along dimension 1. */
#define PK_SECTOR (32 / ELEM_SIZE)
#define PK_EXTRA (PK_SECTOR / PB)
#define PK_STAGED (TILE + PK_EXTRA)
/* The work-group's rows (the host sets them, txf__staged_rows): the fewest
 * from WG_ROWS on that divide the PK_STAGED staged block rows, so that no
 * pass of the staging is a short one (20 for 16 x 16); fewer where the
 * device's work-groups are smaller. Without the host's, WG_ROWS scaled by
 * the staged block rows over the tile's. */
#ifndef PKS_ROWS
#define PKS_ROWS ((WG_ROWS * PK_STAGED + TILE - 1) / TILE)
#endif
#define PKS_R PKS_ROWS
__kernel TXF_REQD_WG(TILE, PKS_R, 1) void transpose_packed_shifted(__global const elem_t *restrict in,
                                                    ulong in_off, ulong in_ld,
                                                    __global elem_t *restrict out, ulong out_off,
                                                    ulong out_ld, ulong rows, ulong cols)
{
	__local ulong lw[PB * TILE * PK_STAGED + TILE];
	const uint lx = get_local_id(0), ly = get_local_id(1);
	const long rb = (long)get_group_id(1) * TILE * PB - PK_SECTOR;
	const ulong c0 = (ulong)get_group_id(0) * TILE * PB;
	const ulong c = c0 + PB * lx;
	__global const uchar *const end = PK_END;
	for (uint k = 0; k < PK_STAGED; k += PKS_R) {
		const uint y = ly + k;
		const long r = rb + PB * (long)y;
		if ((PK_STAGED % PKS_R && y >= PK_STAGED) || c >= cols || r >= (long)rows ||
		    r + PB <= 0)
			continue;
		ulong t[PB];
		pk_block(in, in_off, in_ld, r, c, rows, cols, end, t);
#pragma unroll
		for (uint j = 0; j < PB; j++)
			lw[PK_OFF(PB * lx + j, PK_STAGED) + y] = t[j];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint k = 0; k < PB * TILE; k += PKS_R) {
		const uint x = ly + k;
		const ulong o = c0 + x;
		if (o >= cols || x >= PB * TILE)
			break;
		const ulong start = out_off + o * out_ld;
		const uint sh = (uint)((ulong)(out + start) / ELEM_SIZE & (PK_SECTOR - 1));
		const uint d = PK_SECTOR - sh, s = (d - 1) % PB + 1, b = (d - s) / PB + lx;
		__local const ulong *const src = lw + PK_OFF(x, PK_STAGED) + b;
		const ulong v = s == PB ? src[1] : src[0] >> (8 * ELEM_SIZE * s) |
		                                       src[1] << (64 - 8 * ELEM_SIZE * s);
		const long q = rb + PK_SECTOR - (long)sh + PB * (long)lx;
		if (q >= 0 && (ulong)q + PB <= rows)
			*(__global ulong *)(out + start + (ulong)q) = v;
		else
			pk_row_store_guarded(out + start + q, v, q, rows);
	}
}
#endif

#if ELEM_SIZE <= 2 && defined(CHUNKED)
/* The chunked kernel, for 1- and 2-byte elements whose input and output
 * rows may start anywhere: every global load is a whole aligned 16-byte
 * chunk (CK_V elements), and every output run a work-group stores is whole
 * 32-byte sectors. Work-group (g0, g1) covers input columns c0 = g0 T ..
 * c0 + T - 1 (output rows) and, of output row o, the T elements from g1 T -
 * t(o) on, where t(o) < CK_A is how far element g1 T of that row lies past
 * a sector. It stages input rows rb = g1 T - CK_A .. g1 T + T - 1, columns
 * c0 .. c0 + T - 1, each row's part shifted into place out of the aligned
 * chunks around it; transposes blocks of CK_X x CK_X elements (one word a
 * row) in registers into local rows of the output; and stores each output
 * chunk shifted into place out of the five words around it. Chunks that
 * would reach past the end of the input view, and output chunks cut by row
 * 0 or `rows`, are moved element by element. The launch has ceil((rows +
 * CK_A - 1) / T) groups of T x CK_GROUP_ROWS along dimension 1; T is a
 * multiple of CK_A. */
#define CK_V (16 / ELEM_SIZE)             /* elements per chunk */
#define CK_A (32 / ELEM_SIZE)             /* elements per sector */
#define CK_X (4 / ELEM_SIZE)              /* elements per word */
#define CK_ROWS (TILE + CK_A)             /* staged input rows */
#define CK_XW (TILE / CK_X)               /* words per staged row */
#define CK_YW (CK_ROWS / CK_X)            /* blocks per staged column */
/* Bytes per staged row and per output row in local memory: word reads of
 * CK_X staged rows CK_X apart, and word writes of output rows CK_X apart,
 * fall on different banks. */
#define CK_LS (TILE * ELEM_SIZE + 8 * ELEM_SIZE)
#define CK_TW (CK_ROWS * ELEM_SIZE + 4)
/* The work-group's rows: the host's (txf__staged_rows: the fewest from
 * WG_ROWS on whose passes over the CK_ROWS x TILE / CK_V staged chunks are
 * whole), else WG_ROWS. */
#ifndef CK_GROUP_ROWS
#define CK_GROUP_ROWS WG_ROWS
#endif
#define CK_ITEMS (TILE * CK_GROUP_ROWS)
#define CK_PASS ((CK_XW * CK_YW + CK_ITEMS - 1) / CK_ITEMS)
#define CK_MAX(a, b) ((a) > (b) ? (a) : (b))
#if TILE % CK_A != 0
#error "the chunked kernel's tile must be a multiple of a 32-byte sector"
#endif

/* Bytes k .. k + 15 of the 32 bytes lo, hi (k < 16). */
inline uint4 ck_funnel(uint4 lo, uint4 hi, uint k)
{
	if (k & 8) {
		lo = (uint4)(lo.z, lo.w, hi.x, hi.y);
		hi = (uint4)(hi.z, hi.w, 0, 0);
	}
	if (k & 4) {
		lo = (uint4)(lo.y, lo.z, lo.w, hi.x);
		hi.x = hi.y;
	}
	const uint b = (k & 3) * 8;
	const uint4 next = (uint4)(lo.y, lo.z, lo.w, hi.x);
	return b ? lo >> b | next << (32 - b) : lo;
}

/* Bits b .. b + 31 of the 64 bits y:x (b < 32). */
inline uint ck_shift(uint x, uint y, uint b)
{
	return (uint)(((ulong)y << 32 | x) >> b);
}

/* The CK_V elements of input row r from column c on (zeros past the
 * matrix's columns; all zeros for a row outside it), shifted into place
 * out of the aligned chunks around them; element by element where those
 * would reach past `end`. */
inline uint4 ck_stage_chunk(__global const elem_t *in, ulong in_off, ulong in_ld, ulong rows,
                            ulong cols, __global const uchar *end, long r, ulong c)
{
	if (r < 0 || r >= (long)rows)
		return (uint4)(0);
	__global const elem_t *const row = in + in_off + (ulong)r * in_ld;
	__global const uchar *const want = (__global const uchar *)(row + c);
	const uint skew = (uint)((ulong)want & 15);
	__global const uchar *const p = want - skew;
	if (p + (skew ? 32 : 16) <= end) {
		const uint4 v = *(__global const uint4 *)p;
		return skew ? ck_funnel(v, *(__global const uint4 *)(p + 16), skew) : v;
	}
	uint w[4] = {0, 0, 0, 0};
	for (uint q = 0; q < CK_V; q++)
		if (c + q < cols)
			w[q / CK_X] |= (uint)row[c + q] << (q % CK_X * ELEM_SIZE * 8);
	return (uint4)(w[0], w[1], w[2], w[3]);
}

#if ELEM_SIZE == 2
/* 2-byte elements stage and transpose in one step: unit (yw, k) of the
 * group loads staged rows 2 yw and 2 yw + 1 of column chunk k, transposes
 * their 2 x 2 blocks in registers and writes word yw of output rows CK_V k
 * .. CK_V k + CK_V - 1 straight into the output rows in local memory
 * (CK_TWW words each, even). Row x starts at word CK_OFF(x): the rows of
 * chunk k start 4 k words past their place, 4 k banks (mod 32) apart, so
 * that a warp's word writes (8 chunks by 4 block rows) meet no bank
 * twice. (For 1-byte elements the two steps stay apart: one step holds 16
 * words a work-item and ran slower on NVIDIA.) */
#define CK_TWW (CK_YW + 2)
#define CK_OFF(x) ((x) * CK_TWW + 4 * ((x) / (4 * CK_X)))
#define CK_UNITS (CK_YW * (TILE / CK_V))
#endif

/* Tile (get_group_id(0), get_group_id(1)) of the chunked kernel through
 * local memory: lw (2-byte elements) or lb (1-byte ones). */
#if ELEM_SIZE == 2
#define CK_LOCAL __local uint lw[TILE * CK_TWW + TILE / CK_X]
#define CK_LOCAL_ARG lw
inline void ck_tile(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                    __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                    ulong cols, __local uint *lw)
#else
#define CK_LOCAL __local uint2 buf[CK_MAX(CK_ROWS * CK_LS, TILE * CK_TW) / 8]
#define CK_LOCAL_ARG ((__local uchar *)buf)
inline void ck_tile(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                    __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                    ulong cols, __local uchar *lb)
#endif
{
	const uint lid = get_local_id(1) * TILE + get_local_id(0);
	const ulong c0 = (ulong)get_group_id(0) * TILE;
	const long rb = (long)get_group_id(1) * TILE - CK_A;
	__global const uchar *const end =
	    (__global const uchar *)(in + in_off + (rows - 1) * in_ld + cols);
#if ELEM_SIZE == 2
	for (uint n = lid; n < CK_UNITS; n += CK_ITEMS) {
		const uint yw = n / (TILE / CK_V), k = n % (TILE / CK_V);
		const ulong c = c0 + k * CK_V;
		const long r = rb + 2 * (long)yw;
		const uint4 a = ck_stage_chunk(in, in_off, in_ld, rows, cols, end, r, c);
		const uint4 b = ck_stage_chunk(in, in_off, in_ld, rows, cols, end, r + 1, c);
		const uint av[4] = {a.x, a.y, a.z, a.w}, bv[4] = {b.x, b.y, b.z, b.w};
#pragma unroll
		for (uint w = 0; w < 4; w++) {
			lw[CK_OFF(CK_V * k + 2 * w) + yw] = (av[w] & 0xffffu) | bv[w] << 16;
			lw[CK_OFF(CK_V * k + 2 * w + 1) + yw] = av[w] >> 16 | (bv[w] & 0xffff0000u);
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);
#else
	/* Stage: elements c0 + CK_V k .. of staged row y at lb[y CK_LS + 16 k]. */
	for (uint n = lid; n < CK_ROWS * (TILE / CK_V); n += CK_ITEMS) {
		const uint y = n / (TILE / CK_V), k = n % (TILE / CK_V);
		const long r = rb + (long)y;
		if (r < 0 || r >= (long)rows)
			continue;
		const uint4 v = ck_stage_chunk(in, in_off, in_ld, rows, cols, end, r, c0 + k * CK_V);
		__local uint2 *const dst = (__local uint2 *)(lb + y * CK_LS + 16 * k);
		dst[0] = v.xy;
		dst[1] = v.zw;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* Transpose: block (xw, yw), staged rows CK_X yw .. and columns CK_X
	 * xw .., one word a row, becomes word yw of output rows CK_X xw ..; a
	 * warp's 32 work-items take 8 xw by 4 yw. */
	uint held[CK_PASS][CK_X];
	for (uint m = 0; m < CK_PASS; m++) {
		const uint n = lid + m * CK_ITEMS, hi = n / 32;
		const uint xw = n % 8 + 8 * (hi % (CK_XW / 8)), yw = n / 8 % 4 + 4 * (hi / (CK_XW / 8));
		if (yw >= CK_YW)
			break;
		uint w[CK_X];
#pragma unroll
		for (uint i = 0; i < CK_X; i++)
			w[i] = *(__local const uint *)(lb + (CK_X * yw + i) * CK_LS + 4 * xw);
#if ELEM_SIZE == 1
		const uchar4 a = as_uchar4(w[0]), b = as_uchar4(w[1]), c = as_uchar4(w[2]),
		             d = as_uchar4(w[3]);
		held[m][0] = as_uint((uchar4)(a.s0, b.s0, c.s0, d.s0));
		held[m][1] = as_uint((uchar4)(a.s1, b.s1, c.s1, d.s1));
		held[m][2] = as_uint((uchar4)(a.s2, b.s2, c.s2, d.s2));
		held[m][3] = as_uint((uchar4)(a.s3, b.s3, c.s3, d.s3));
#else
		held[m][0] = (w[0] & 0xffffu) | w[1] << 16;
		held[m][1] = w[0] >> 16 | (w[1] & 0xffff0000u);
#endif
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint m = 0; m < CK_PASS; m++) {
		const uint n = lid + m * CK_ITEMS, hi = n / 32;
		const uint xw = n % 8 + 8 * (hi % (CK_XW / 8)), yw = n / 8 % 4 + 4 * (hi / (CK_XW / 8));
		if (yw >= CK_YW)
			break;
#pragma unroll
		for (uint q = 0; q < CK_X; q++)
			*(__local uint *)(lb + (CK_X * xw + q) * CK_TW + 4 * yw) = held[m][q];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
#endif
	/* Store: chunk j of output row o = c0 + x from g1 T - t(o) on. */
	for (uint n = lid; n < TILE * (TILE / CK_V); n += CK_ITEMS) {
		const uint x = n / (TILE / CK_V), j = n % (TILE / CK_V);
		const ulong o = c0 + x;
		if (o >= cols)
			break;
		__global elem_t *const orow = out + out_off + o * out_ld;
		const uint t = (uint)(((ulong)(orow + rb + CK_A) & 31) / ELEM_SIZE);
		const uint y0 = CK_A - t + j * CK_V; /* staged row of the chunk's first element */
		const uint at = y0 * ELEM_SIZE, sh = at % 4 * 8;
#if ELEM_SIZE == 2
		__local const uint *const src = lw + CK_OFF(x) + at / 4;
#else
		__local const uint *const src = (__local const uint *)(lb + x * CK_TW + (at & ~3u));
#endif
		const uint s0 = src[0], s1 = src[1], s2 = src[2], s3 = src[3], s4 = src[4];
		const uint4 v = (uint4)(ck_shift(s0, s1, sh), ck_shift(s1, s2, sh),
		                        ck_shift(s2, s3, sh), ck_shift(s3, s4, sh));
		const long r = rb + (long)y0;
		if (r >= 0 && (ulong)r + CK_V <= rows) {
			*(__global uint4 *)(orow + r) = v;
		} else {
			const uint w[4] = {v.x, v.y, v.z, v.w};
			for (uint q = 0; q < CK_V; q++)
				if (r + (long)q >= 0 && (ulong)(r + (long)q) < rows)
					orow[r + (long)q] = (elem_t)(w[q / CK_X] >> (q % CK_X * ELEM_SIZE * 8));
		}
	}
}

__kernel TXF_REQD_WG(TILE, CK_GROUP_ROWS, 1) void transpose_chunked(
    __global const elem_t *restrict in, ulong in_off, ulong in_ld, __global elem_t *restrict out,
    ulong out_off, ulong out_ld, ulong rows, ulong cols)
{
	CK_LOCAL;
	ck_tile(in, in_off, in_ld, out, out_off, out_ld, rows, cols, CK_LOCAL_ARG);
}

/* transpose_chunked for a batch (as transpose_batched_tiled): each matrix's
 * rows may start anywhere. */
__kernel TXF_REQD_WG(TILE, CK_GROUP_ROWS, 1) void transpose_batched_chunked(
    __global const elem_t *restrict in, ulong in_off, ulong in_ld, ulong in_stride,
    __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong out_stride, ulong rows,
    ulong cols, ulong batch)
{
	CK_LOCAL;
	for (ulong b = get_group_id(2); b < batch; b += get_num_groups(2)) {
		ck_tile(in, in_off + b * in_stride, in_ld, out, out_off + b * out_stride, out_ld, rows,
		        cols, CK_LOCAL_ARG);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}
#endif
/* Work-group (g0, g1) writes output rows c0 .. c0 + T - 1 (c0 = g1 T), each
 * over SEGMENTS runs of T elements that start on ALIGN-element boundaries
 * of the output buffer (ALIGN, a power of two no larger than T, is one
 * 32-byte memory sector or T where that is less; the host sets it): run s of output row c covers
 * input rows r = (g0 SEGMENTS + s) T - sh(c) + x, x < T, where sh(c) < ALIGN is how far row c
 * starts past a boundary. Together the work-groups cover every r in [0, rows) exactly once (the
 * launch has ceil((rows + ALIGN - 1) / (SEGMENTS T)) groups along dimension 0). The runs of one
 * group need input rows from rbase = g0 SEGMENTS T - ALIGN on, SEGMENTS T + ALIGN of them: they are
 * staged in local memory first, rows outside the matrix skipped. */
#ifndef ALIGN
#define ALIGN TILE
#endif
#if ALIGN > TILE || (ALIGN & (ALIGN - 1)) != 0
#error "ALIGN must be a power of two no larger than TILE"
#endif
#define PA_ROWS (SEGMENTS * TILE + ALIGN) /* input rows a work-group stages */
__kernel TXF_TILED_WG void transpose_pad_aligned(__global const elem_t *restrict in, ulong in_off,
                                                 ulong in_ld, __global elem_t *restrict out,
                                                 ulong out_off, ulong out_ld, ulong rows,
                                                 ulong cols)
{
	__local elem_t tile[PA_ROWS][TILE + 1];
	const uint lx = get_local_id(0), ly = get_local_id(1);
	const long rbase = (long)get_group_id(0) * SEGMENTS * TILE - ALIGN;
	const ulong c0 = (ulong)get_group_id(1) * TILE;
	/* Work-groups whose rows all lie inside the matrix (all but the first
	 * and the last along dimension 0) skip the row tests; the loops have
	 * fixed trip counts so that every load is in flight at once. */
	const bool inside = rbase >= 0 && rbase + PA_ROWS <= (long)rows;
	if (c0 + lx < cols) {
		if (inside) {
			__global const elem_t *src = in + in_off + ((ulong)rbase + ly) * in_ld + c0 + lx;
			for (uint k = 0; k < PA_ROWS; k += WG_ROWS)
				if (PA_ROWS % WG_ROWS == 0 || ly + k < PA_ROWS)
					tile[ly + k][lx] = src[k * in_ld];
		} else {
			for (uint k = 0; k < PA_ROWS; k += WG_ROWS) {
				const long r = rbase + ly + k;
				if ((PA_ROWS % WG_ROWS == 0 || ly + k < PA_ROWS) && r >= 0 && r < (long)rows)
					tile[ly + k][lx] = in[in_off + (ulong)r * in_ld + c0 + lx];
			}
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint k = 0; k < TILE; k += WG_ROWS) {
		const uint y = ly + k;
		const ulong c = c0 + y;
		if (c >= cols)
			break;
		const ulong start = out_off + c * out_ld; /* element offset of output row c */
		const uint sh = (uint)(start & (ALIGN - 1));
		__local const elem_t *t = &tile[ALIGN - sh + lx][y];
		const long r0 = rbase + ALIGN - (long)sh + lx; /* input row of run 0 */
		if (inside) {
			__global elem_t *dst = out + start + (ulong)r0;
			for (uint s = 0; s < SEGMENTS; s++)
				dst[s * TILE] = t[s * TILE * (TILE + 1)];
		} else {
			for (uint s = 0; s < SEGMENTS; s++) {
				const long r = r0 + (long)(s * TILE);
				if (r >= 0 && r < (long)rows)
					out[start + (ulong)r] = t[s * TILE * (TILE + 1)];
			}
		}
	}
}

/* The runs of transpose_pad_aligned, for a work-group that covers WIDTH
 * input columns (output rows) c0 = g1 WIDTH .. c0 + WIDTH - 1 and the same
 * PA_ROWS input rows from rbase = g0 SEGMENTS T - ALIGN on. The work-group,
 * one-dimensional with T R work-items t (measured 1% faster on the H100
 * than a T x R one with the same numbering), first loads its
 * PA_ROWS x WIDTH elements row by row, WA_LOADS per work-item into
 * registers, with fixed trip counts and clamped addresses so that every
 * load is in flight before the first local store; then it writes: OUT_LANES
 * consecutive work-items (a warp-wide run on GPUs) take consecutive
 * elements of one output row. The launch has as many groups along
 * dimension 0 as transpose_pad_aligned and ceil(cols / WIDTH) along 1, each
 * T R x 1 work-items. */
#ifdef WIDTH
#if WIDTH % TILE != 0
#error "WIDTH must be a multiple of TILE"
#endif
/* CACHE_HINTS (the host sets it only for NVIDIA devices of compute
 * capability 8.0 or later, whose compiler takes inline PTX): the wide
 * kernel reads its input through the non-coherent path with a 256-byte L2
 * prefetch hint and writes its output with evict-first ("streaming")
 * stores. The prefetch brings in the sectors that neighbouring row pieces
 * share, and the streaming stores keep the output, written once, from
 * pushing them out. Without it, plain loads and stores. */
#ifndef CACHE_HINTS
#define CACHE_HINTS 0
#endif
inline elem_t txf_wide_load(__global const elem_t *p)
{
#if CACHE_HINTS && ELEM_SIZE == 16
	uint4 v;
	asm volatile("ld.global.nc.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
	             : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
	             : "l"(p));
	return v;
#elif CACHE_HINTS && ELEM_SIZE == 8
	ulong v;
	asm volatile("ld.global.nc.L2::256B.u64 %0, [%1];" : "=l"(v) : "l"(p));
	return v;
#elif CACHE_HINTS
	/* 1-, 2- and 4-byte loads into a 32-bit register */
	uint v;
#if ELEM_SIZE == 1
	asm volatile("ld.global.nc.L2::256B.u8 %0, [%1];" : "=r"(v) : "l"(p));
#elif ELEM_SIZE == 2
	asm volatile("ld.global.nc.L2::256B.u16 %0, [%1];" : "=r"(v) : "l"(p));
#else
	asm volatile("ld.global.nc.L2::256B.u32 %0, [%1];" : "=r"(v) : "l"(p));
#endif
	return (elem_t)v;
#else
	return *p;
#endif
}
inline void txf_wide_store(__global elem_t *p, elem_t v)
{
#if CACHE_HINTS && ELEM_SIZE == 16
	asm volatile("st.global.cs.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y),
	             "r"(v.z), "r"(v.w)
	             : "memory");
#elif CACHE_HINTS && ELEM_SIZE == 8
	asm volatile("st.global.cs.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
#elif CACHE_HINTS
	const uint w = v;
#if ELEM_SIZE == 1
	asm volatile("st.global.cs.u8 [%0], %1;" ::"l"(p), "r"(w) : "memory");
#elif ELEM_SIZE == 2
	asm volatile("st.global.cs.u16 [%0], %1;" ::"l"(p), "r"(w) : "memory");
#else
	asm volatile("st.global.cs.u32 [%0], %1;" ::"l"(p), "r"(w) : "memory");
#endif
#else
	*p = v;
#endif
}
#define WA_ITEMS (TILE * WG_ROWS)
#define WA_LOADS ((PA_ROWS * WIDTH + WA_ITEMS - 1) / WA_ITEMS)
#define OUT_LANES (TILE < 32 ? TILE : 32)
__kernel TXF_REQD_WG(WA_ITEMS, 1, 1) void
transpose_pad_wide(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                   __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                   ulong cols)
{
	__local elem_t tile[PA_ROWS][WIDTH + 1];
	const uint t = get_local_id(0);
	const long rbase = (long)get_group_id(0) * SEGMENTS * TILE - ALIGN;
	const ulong c0 = (ulong)get_group_id(1) * WIDTH;
	const bool inside = rbase >= 0 && rbase + PA_ROWS <= (long)rows;
	const uint ncols = (uint)min((ulong)WIDTH, cols - c0); /* columns in the matrix */
	elem_t v[WA_LOADS];
	/* Rows outside the matrix load a row inside it, columns past the edge
	 * the last column: the values are dropped below. */
#pragma unroll
	for (uint k = 0; k < WA_LOADS; k++) {
		const uint i = min(t + k * WA_ITEMS, (uint)(PA_ROWS * WIDTH - 1));
		const uint y = i / WIDTH, x = i % WIDTH;
		long r = rbase + (long)y;
		if (!inside)
			r = clamp(r, 0L, (long)rows - 1);
		v[k] = txf_wide_load(&in[in_off + (ulong)r * in_ld + c0 + min(x, ncols - 1)]);
	}
#pragma unroll
	for (uint k = 0; k < WA_LOADS; k++) {
		const uint i = t + k * WA_ITEMS;
		const uint y = i / WIDTH, x = i % WIDTH;
		const long r = rbase + (long)y;
		if (i < PA_ROWS * WIDTH && x < ncols && (inside || (r >= 0 && r < (long)rows)))
			tile[y][x] = v[k];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* Output row c = c0 + y, lane x of each of its SEGMENTS T / OUT_LANES
	 * pieces. This form (the row's bound tested on c, a local pointer per
	 * row, a fixed count of pieces) measured 1% faster on the H100 than
	 * the same stores from a loop over x = lane, lane + OUT_LANES, ... */
	const uint lane = t % OUT_LANES;
	for (uint y = t / OUT_LANES; y < WIDTH; y += WA_ITEMS / OUT_LANES) {
		const ulong c = c0 + y;
		if (c >= cols)
			break;
		const ulong start = out_off + c * out_ld;
		const uint sh = (uint)(start & (ALIGN - 1));
		const long r0 = rbase + ALIGN - (long)sh + lane;
		__local const elem_t *tp = &tile[ALIGN - sh + lane][y];
		for (uint s = 0; s < SEGMENTS * TILE / OUT_LANES; s++) {
			const long r = r0 + (long)(s * OUT_LANES);
			if (inside || (r >= 0 && r < (long)rows))
				txf_wide_store(&out[start + (ulong)r], tp[s * OUT_LANES * (WIDTH + 1)]);
		}
	}
}
#endif

#ifdef SHORT
/* The skinny kernels, for a matrix with a short side of SHORT elements (1 to
 * TXF_SKINNY_MAX): a work-group of TILE x WG_ROWS work-items stages
 * SK_ITEMS whole short rows or columns in local memory, so that both its
 * reads and its writes run along the long side, each covering whole
 * stretches of memory instead of tiles that are mostly empty. Edges of the
 * long side are guarded (PAD). */
#define SK_ITEMS (TILE * WG_ROWS)
/* Odd pitches keep the local accesses of consecutive work-items on
 * different banks. */
#define SK_PITCH (SHORT | 1)

#ifndef SKINNY_SERIAL
#define SKINNY_SERIAL 0
#endif
#if SKINNY_SERIAL
/* For CPUs (SKINNY_SERIAL, set by the host): one work-item per group walks
 * SKINNY_SERIAL elements of the long side in order; the short side's
 * stride is the constant SHORT where the host says the matrix is tight
 * there (TIGHT). */
#ifndef TIGHT
#define TIGHT 0
#endif
#if TIGHT && defined(__clang__) && ELEM_SIZE <= 8 && SHORT <= 32
/* Tight, with clang: SHORT lines of SK_L elements (64 bytes) along the long
 * side are one block of SHORT x SK_L elements, whose transpose is SHORT
 * whole lines of the other layout, built from the block's lines with
 * constant two-line shuffles (clang's builtin; on x86 with AVX-512 one
 * instruction each). Few rows interleave the rows (element SK_L o + e of
 * the output lines is row (SK_L o + e) mod SHORT, column (SK_L o + e) /
 * SHORT); few columns undo that. Two ways, of SHORT (SHORT - 1) shuffles
 * and of about SK_P log2(SK_P) + 2 SHORT (SK_P: SHORT rounded up to a power
 * of two; no 2 SHORT where SHORT is SK_P), the fewer taken; for 1- and
 * 2-byte elements a shuffle of the zip rounds counts as half of one of a
 * gather (most of them move wider units, which cost less there):
 * - gather (SK_ZIP 0): each output line from the SHORT input lines, one
 *   shuffle per line after the first (each shuffle keeps the lanes it has
 *   and takes those of the next line);
 * - zip (SK_ZIP 1): log2(SK_P) rounds of interleaving SK_P lines (sk_zip)
 *   interleave SK_P rows; with SHORT below
 *   SK_P, few rows add zero lines and gather each output line from the at
 *   most three zipped lines that hold its elements, and few columns first
 *   spread the input lines into SK_P lines (groups of SHORT elements to
 *   groups of SK_P) and then unzip.
 * Lane lists are macros of literal line numbers, as the builtin takes
 * constants only; SHORT up to 32. */
#define SK_VECTOR 1
#define TXF_SK_INLINE inline __attribute__((always_inline))
#define SK_L (64 / ELEM_SIZE)
typedef elem_t __attribute__((ext_vector_type(SK_L))) sk_line;
typedef sk_line __attribute__((aligned(ELEM_SIZE))) sk_line_u;
#define SK_P (SHORT <= 1 ? 1 : SHORT <= 2 ? 2 : SHORT <= 4 ? 4 : SHORT <= 8 ? 8 : SHORT <= 16 ? 16 : 32)
#define SK_LOGP (SK_P == 1 ? 0 : SK_P == 2 ? 1 : SK_P == 4 ? 2 : SK_P == 8 ? 3 : SK_P == 16 ? 4 : 5)
#define SK_COMPACT (SHORT < SK_P ? 2 * SHORT : 0)
#if SHORT > 16
#define SK_ZIP 1 /* a gather would take more than 8 steps */
#elif ELEM_SIZE <= 2
#define SK_ZIP (2 * SHORT * (SHORT - 1) > SK_P * SK_LOGP + 2 * SK_COMPACT)
#else
#define SK_ZIP (SHORT * (SHORT - 1) > SK_P * SK_LOGP + SK_COMPACT)
#endif
/* Steps of a gather from the zipped lines: the lanes of one output line lie
 * in at most three consecutive zipped lines up to 16 rows, and in at most
 * five (8-byte elements, 64-byte lines of 8) from 17 to 32. */
#define SK_ZSTEPS (SHORT > 16 ? 4 : 2)
/* Few columns of 3 (and of 5 1-byte elements) stay with the plain loop,
 * which the compiler vectorizes as well or better there. */
#define SK_COLS_PLAIN (SHORT == 3 || (SHORT == 5 && ELEM_SIZE == 1))

/* The lane list of a shuffle: F(k, o, e) for lanes e = 0 .. SK_L - 1. */
#define SK_L8(F, k, o, b)                                                                          \
	F(k, o, b), F(k, o, b + 1), F(k, o, b + 2), F(k, o, b + 3), F(k, o, b + 4), F(k, o, b + 5), \
	    F(k, o, b + 6), F(k, o, b + 7)
#define SK_L16(F, k, o, b) SK_L8(F, k, o, b), SK_L8(F, k, o, b + 8)
#define SK_L32(F, k, o, b) SK_L16(F, k, o, b), SK_L16(F, k, o, b + 16)
#define SK_L64(F, k, o, b) SK_L32(F, k, o, b), SK_L32(F, k, o, b + 32)
#if SK_L == 64
#define SK_LANES(F, k, o) SK_L64(F, k, o, 0)
#elif SK_L == 32
#define SK_LANES(F, k, o) SK_L32(F, k, o, 0)
#elif SK_L == 16
#define SK_LANES(F, k, o) SK_L16(F, k, o, 0)
#else
#define SK_LANES(F, k, o) SK_L8(F, k, o, 0)
#endif

/* Gathers. Output line o comes from source lines FIRST(o), FIRST(o) + 1,
 * ...: LINE(o, e) is the source line of its lane e relative to FIRST(o)
 * (or -1 where any will do) and POS(o, e) the lane there. Step k (taking
 * line FIRST(o) + k) keeps the lanes built so far, or takes line
 * FIRST(o)'s for k = 1. */
#define SK_PICK(LINE, POS, k, o, e)                                                                \
	(LINE(o, e) == (k) ? SK_L + (POS(o, e)) % SK_L                                             \
	                   : (k) == 1 ? (LINE(o, e) == 0 ? (POS(o, e)) % SK_L : (e)) : (e))
/* Gathers take up to SK_STEPS steps and make up to SK_LINES lines (the
 * rest of the macros below expand to nothing, which keeps the source the
 * compiler reads small). */
#define SK_STEPS (SK_ZIP ? SK_ZSTEPS : SHORT - 1)
#define SK_LINES (SK_ZIP ? SK_P : SHORT)
#define SK_STEP(SRC, N, FIRST, LANE, STEPS, k, o)                                                  \
	if ((k) <= (STEPS))                                                                        \
		v = __builtin_shufflevector(v, SRC[(FIRST(o) + (k)) % (N)], SK_LANES(LANE, k, o));
#define SK_NOSTEP(SRC, N, FIRST, LANE, STEPS, k, o)
#if SK_STEPS >= 2
#define SK_STEP2 SK_STEP
#else
#define SK_STEP2 SK_NOSTEP
#endif
#if SK_STEPS >= 3
#define SK_STEP3 SK_STEP
#else
#define SK_STEP3 SK_NOSTEP
#endif
#if SK_STEPS >= 4
#define SK_STEP4 SK_STEP
#else
#define SK_STEP4 SK_NOSTEP
#endif
#if SK_STEPS >= 5
#define SK_STEP5 SK_STEP
#else
#define SK_STEP5 SK_NOSTEP
#endif
#if SK_STEPS >= 6
#define SK_STEP6 SK_STEP
#else
#define SK_STEP6 SK_NOSTEP
#endif
#if SK_STEPS >= 7
#define SK_STEP7 SK_STEP
#else
#define SK_STEP7 SK_NOSTEP
#endif
#if SK_STEPS >= 8
#define SK_STEP8 SK_STEP
#else
#define SK_STEP8 SK_NOSTEP
#endif
#if SK_STEPS > 8
#error "a gather of the vector skinny kernels takes at most 8 steps"
#endif
/* Output line o (if o < COUNT) from SRC[N], handed to SINK(o, v). */
#define SK_LINE(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, o)                                        \
	if ((o) < (COUNT)) {                                                                       \
		sk_line v = SRC[FIRST(o) % (N)];                                                   \
		SK_STEP(SRC, N, FIRST, LANE, STEPS, 1, o)                                          \
		SK_STEP2(SRC, N, FIRST, LANE, STEPS, 2, o)                                         \
		SK_STEP3(SRC, N, FIRST, LANE, STEPS, 3, o)                                         \
		SK_STEP4(SRC, N, FIRST, LANE, STEPS, 4, o)                                         \
		SK_STEP5(SRC, N, FIRST, LANE, STEPS, 5, o)                                         \
		SK_STEP6(SRC, N, FIRST, LANE, STEPS, 6, o)                                         \
		SK_STEP7(SRC, N, FIRST, LANE, STEPS, 7, o)                                         \
		SK_STEP8(SRC, N, FIRST, LANE, STEPS, 8, o)                                         \
		SINK(o, v);                                                                        \
	}
#define SK_NOLINE(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, o)
#if SK_LINES > 1
#define SK_LINE1 SK_LINE
#else
#define SK_LINE1 SK_NOLINE
#endif
#if SK_LINES > 2
#define SK_LINE2 SK_LINE
#else
#define SK_LINE2 SK_NOLINE
#endif
#if SK_LINES > 3
#define SK_LINE3 SK_LINE
#else
#define SK_LINE3 SK_NOLINE
#endif
#if SK_LINES > 4
#define SK_LINE4 SK_LINE
#else
#define SK_LINE4 SK_NOLINE
#endif
#if SK_LINES > 5
#define SK_LINE5 SK_LINE
#else
#define SK_LINE5 SK_NOLINE
#endif
#if SK_LINES > 6
#define SK_LINE6 SK_LINE
#else
#define SK_LINE6 SK_NOLINE
#endif
#if SK_LINES > 7
#define SK_LINE7 SK_LINE
#else
#define SK_LINE7 SK_NOLINE
#endif
#if SK_LINES > 8
#define SK_LINE8 SK_LINE
#else
#define SK_LINE8 SK_NOLINE
#endif
#if SK_LINES > 9
#define SK_LINE9 SK_LINE
#else
#define SK_LINE9 SK_NOLINE
#endif
#if SK_LINES > 10
#define SK_LINE10 SK_LINE
#else
#define SK_LINE10 SK_NOLINE
#endif
#if SK_LINES > 11
#define SK_LINE11 SK_LINE
#else
#define SK_LINE11 SK_NOLINE
#endif
#if SK_LINES > 12
#define SK_LINE12 SK_LINE
#else
#define SK_LINE12 SK_NOLINE
#endif
#if SK_LINES > 13
#define SK_LINE13 SK_LINE
#else
#define SK_LINE13 SK_NOLINE
#endif
#if SK_LINES > 14
#define SK_LINE14 SK_LINE
#else
#define SK_LINE14 SK_NOLINE
#endif
#if SK_LINES > 15
#define SK_LINE15 SK_LINE
#else
#define SK_LINE15 SK_NOLINE
#endif
#if SK_LINES > 16
#define SK_LINE16 SK_LINE
#else
#define SK_LINE16 SK_NOLINE
#endif
#if SK_LINES > 17
#define SK_LINE17 SK_LINE
#else
#define SK_LINE17 SK_NOLINE
#endif
#if SK_LINES > 18
#define SK_LINE18 SK_LINE
#else
#define SK_LINE18 SK_NOLINE
#endif
#if SK_LINES > 19
#define SK_LINE19 SK_LINE
#else
#define SK_LINE19 SK_NOLINE
#endif
#if SK_LINES > 20
#define SK_LINE20 SK_LINE
#else
#define SK_LINE20 SK_NOLINE
#endif
#if SK_LINES > 21
#define SK_LINE21 SK_LINE
#else
#define SK_LINE21 SK_NOLINE
#endif
#if SK_LINES > 22
#define SK_LINE22 SK_LINE
#else
#define SK_LINE22 SK_NOLINE
#endif
#if SK_LINES > 23
#define SK_LINE23 SK_LINE
#else
#define SK_LINE23 SK_NOLINE
#endif
#if SK_LINES > 24
#define SK_LINE24 SK_LINE
#else
#define SK_LINE24 SK_NOLINE
#endif
#if SK_LINES > 25
#define SK_LINE25 SK_LINE
#else
#define SK_LINE25 SK_NOLINE
#endif
#if SK_LINES > 26
#define SK_LINE26 SK_LINE
#else
#define SK_LINE26 SK_NOLINE
#endif
#if SK_LINES > 27
#define SK_LINE27 SK_LINE
#else
#define SK_LINE27 SK_NOLINE
#endif
#if SK_LINES > 28
#define SK_LINE28 SK_LINE
#else
#define SK_LINE28 SK_NOLINE
#endif
#if SK_LINES > 29
#define SK_LINE29 SK_LINE
#else
#define SK_LINE29 SK_NOLINE
#endif
#if SK_LINES > 30
#define SK_LINE30 SK_LINE
#else
#define SK_LINE30 SK_NOLINE
#endif
#if SK_LINES > 31
#define SK_LINE31 SK_LINE
#else
#define SK_LINE31 SK_NOLINE
#endif
#define SK_LINES_ALL(SRC, N, FIRST, LANE, STEPS, COUNT, SINK)                                      \
	SK_LINE(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 0)                                        \
	SK_LINE1(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 1)                                       \
	SK_LINE2(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 2)                                       \
	SK_LINE3(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 3)                                       \
	SK_LINE4(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 4)                                       \
	SK_LINE5(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 5)                                       \
	SK_LINE6(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 6)                                       \
	SK_LINE7(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 7)                                       \
	SK_LINE8(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 8)                                       \
	SK_LINE9(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 9)                                       \
	SK_LINE10(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 10)                                     \
	SK_LINE11(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 11)                                     \
	SK_LINE12(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 12)                                     \
	SK_LINE13(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 13)                                     \
	SK_LINE14(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 14)                                     \
	SK_LINE15(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 15)                                     \
	SK_LINE16(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 16)                                     \
	SK_LINE17(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 17)                                     \
	SK_LINE18(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 18)                                     \
	SK_LINE19(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 19)                                     \
	SK_LINE20(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 20)                                     \
	SK_LINE21(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 21)                                     \
	SK_LINE22(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 22)                                     \
	SK_LINE23(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 23)                                     \
	SK_LINE24(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 24)                                     \
	SK_LINE25(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 25)                                     \
	SK_LINE26(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 26)                                     \
	SK_LINE27(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 27)                                     \
	SK_LINE28(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 28)                                     \
	SK_LINE29(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 29)                                     \
	SK_LINE30(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 30)                                     \
	SK_LINE31(SRC, N, FIRST, LANE, STEPS, COUNT, SINK, 31)

/* Gather, few rows: from the SHORT input lines, line = row. */
#define SK_FIRST0(o) 0
#define SK_GR_LINE(o, e) (((o)*SK_L + (e)) % SHORT)
#define SK_GR_POS(o, e) (((o)*SK_L + (e)) / SHORT)
#define SK_GR(k, o, e) SK_PICK(SK_GR_LINE, SK_GR_POS, k, o, e)
/* Gather, few columns: lane e of output line o is element SHORT e + o of
 * the block. */
#define SK_GC_LINE(o, e) ((SHORT * (e) + (o)) / SK_L)
#define SK_GC_POS(o, e) ((SHORT * (e) + (o)) % SK_L)
#define SK_GC(k, o, e) SK_PICK(SK_GC_LINE, SK_GC_POS, k, o, e)
/* Zip, few rows: element p = SK_L o + e of the output is element
 * SK_P (p / SHORT) + p mod SHORT of the zipped lines. */
#define SK_ZR_Q(o, e) (((o)*SK_L + (e)) / SHORT * SK_P + ((o)*SK_L + (e)) % SHORT)
#define SK_ZR_FIRST(o) (SK_ZR_Q(o, 0) / SK_L)
#define SK_ZR_LINE(o, e) (SK_ZR_Q(o, e) / SK_L - SK_ZR_FIRST(o))
#define SK_ZR_POS(o, e) (SK_ZR_Q(o, e) % SK_L)
#define SK_ZR(k, o, e) SK_PICK(SK_ZR_LINE, SK_ZR_POS, k, o, e)
/* Zip, few columns: element f = SK_L o + e of the spread lines is, where
 * f mod SK_P < SHORT, element SHORT (f / SK_P) + f mod SK_P of the block
 * (the others are not stored). */
#define SK_ZC_S(o, e) (((o)*SK_L + (e)) / SK_P * SHORT + ((o)*SK_L + (e)) % SK_P)
#define SK_ZC_FIRST(o) ((o)*SK_L / SK_P * SHORT / SK_L)
#define SK_ZC_LINE(o, e)                                                                           \
	(((o)*SK_L + (e)) % SK_P < SHORT ? SK_ZC_S(o, e) / SK_L - SK_ZC_FIRST(o) : -1)
#define SK_ZC_POS(o, e) (SK_ZC_S(o, e) % SK_L)
#define SK_ZC(k, o, e) SK_PICK(SK_ZC_LINE, SK_ZC_POS, k, o, e)

/* Rounds of perfect shuffles over z[SK_P], in units that grow from one
 * element to SK_P / 2: the round of unit w takes groups of w lines (w
 * rows interleaved) two at a time and interleaves their units of w
 * elements, line q of one group with line q of the other, into a group of
 * 2 w lines (the lower halves into line 2 q, the upper ones into 2 q + 1).
 * The compiler moves the units of the later rounds as wider elements (on
 * x86, 2-, 4- and 8-byte shuffles for 1-byte elements). Unzipping runs the
 * rounds backwards. Rounds run for units below a line; where SK_P
 * exceeds SK_L (SK_G lines a row of the zipped block), what the rounds of
 * whole lines would do is one reordering of lines, which costs nothing:
 * zipped line f is line (f mod SK_G) SK_L + f / SK_G after the rounds
 * (the lane lists keep their indices in range for the rounds not run). */
#define SK_ZW_LO(w, o, e)                                                                          \
	((w) >= SK_L ? (e) : (e) / (w) % 2 * SK_L + (e) / (2 * (w)) * (w) + (e) % (w))
#define SK_ZW_HI(w, o, e) ((w) >= SK_L ? SK_L + (e) : SK_ZW_LO(w, o, e) + SK_L / 2)
#define SK_UW_EVEN(w, o, e) ((w) >= SK_L ? (e) : 2 * ((e) / (w)) * (w) + (e) % (w))
#define SK_UW_ODD(w, o, e) ((w) >= SK_L ? SK_L + (e) : SK_UW_EVEN(w, o, e) + (w))
#define SK_G (SK_P > SK_L ? SK_P / SK_L : 1)
#define SK_ZIP_ROUND(w)                                                                            \
	if ((w) < SK_P && (w) < SK_L) {                                                            \
		sk_line u[SK_P];                                                                   \
		_Pragma("unroll") for (uint m = 0; m < SK_P / (2 * (w)); m++)                       \
		    _Pragma("unroll") for (uint q = 0; q < (w); q++)                                \
		{                                                                                  \
			const sk_line x = z[2 * m * (w) + q], y = z[(2 * m + 1) * (w) + q];       \
			u[2 * m * (w) + 2 * q] = __builtin_shufflevector(x, y, SK_LANES(SK_ZW_LO, w, 0)); \
			u[2 * m * (w) + 2 * q + 1] =                                               \
			    __builtin_shufflevector(x, y, SK_LANES(SK_ZW_HI, w, 0));               \
		}                                                                                  \
		_Pragma("unroll") for (uint i = 0; i < SK_P; i++) z[i] = u[i];                     \
	}
#define SK_UNZIP_ROUND(w)                                                                          \
	if ((w) < SK_P && (w) < SK_L) {                                                            \
		sk_line u[SK_P];                                                                   \
		_Pragma("unroll") for (uint m = 0; m < SK_P / (2 * (w)); m++)                       \
		    _Pragma("unroll") for (uint q = 0; q < (w); q++)                                \
		{                                                                                  \
			const sk_line x = z[2 * m * (w) + 2 * q], y = z[2 * m * (w) + 2 * q + 1];  \
			u[2 * m * (w) + q] = __builtin_shufflevector(x, y, SK_LANES(SK_UW_EVEN, w, 0)); \
			u[(2 * m + 1) * (w) + q] =                                                 \
			    __builtin_shufflevector(x, y, SK_LANES(SK_UW_ODD, w, 0));              \
		}                                                                                  \
		_Pragma("unroll") for (uint i = 0; i < SK_P; i++) z[i] = u[i];                     \
	}
TXF_SK_INLINE void sk_zip(sk_line z[SK_P])
{
	SK_ZIP_ROUND(1)
	SK_ZIP_ROUND(2)
	SK_ZIP_ROUND(4)
	SK_ZIP_ROUND(8)
	SK_ZIP_ROUND(16)
#if SK_G > 1
	sk_line u[SK_P];
#pragma unroll
	for (uint f = 0; f < SK_P; f++)
		u[f] = z[f % SK_G * SK_L + f / SK_G];
#pragma unroll
	for (uint f = 0; f < SK_P; f++)
		z[f] = u[f];
#endif
}
TXF_SK_INLINE void sk_unzip(sk_line z[SK_P])
{
#if SK_G > 1
	sk_line u[SK_P];
#pragma unroll
	for (uint f = 0; f < SK_P; f++)
		u[f % SK_G * SK_L + f / SK_G] = z[f];
#pragma unroll
	for (uint f = 0; f < SK_P; f++)
		z[f] = u[f];
#endif
	SK_UNZIP_ROUND(16)
	SK_UNZIP_ROUND(8)
	SK_UNZIP_ROUND(4)
	SK_UNZIP_ROUND(2)
	SK_UNZIP_ROUND(1)
}

/* One block: SHORT lines of 64 bytes from src (line i at src + i src_ld)
 * to SHORT lines at dst (line i at dst + i dst_ld), transposed. */
#define SK_STORE(o, v) (*(__global sk_line_u *)(dst + (o)*dst_ld) = (v))
#define SK_KEEP(o, v) (z[o] = (v))
TXF_SK_INLINE void sk_load(sk_line a[SHORT], __global const elem_t *src, ulong src_ld)
{
#pragma unroll
	for (uint i = 0; i < SHORT; i++)
		a[i] = *(__global const sk_line_u *)(src + i * src_ld);
}
TXF_SK_INLINE void sk_block_rows(__global const elem_t *src, ulong src_ld,
                                 __global elem_t *dst, ulong dst_ld)
{
	sk_line a[SHORT];
	sk_load(a, src, src_ld);
#if SK_ZIP
	sk_line z[SK_P];
#pragma unroll
	for (uint i = 0; i < SK_P; i++)
		z[i] = i < SHORT ? a[i] : (sk_line)0;
	sk_zip(z);
#if SHORT == SK_P
#pragma unroll
	for (uint o = 0; o < SHORT; o++)
		SK_STORE(o, z[o]);
#else
	SK_LINES_ALL(z, SK_P, SK_ZR_FIRST, SK_ZR, SK_ZSTEPS, SHORT, SK_STORE)
#endif
#else
	SK_LINES_ALL(a, SHORT, SK_FIRST0, SK_GR, SHORT - 1, SHORT, SK_STORE)
#endif
}
TXF_SK_INLINE void sk_block_cols(__global const elem_t *src, ulong src_ld,
                                 __global elem_t *dst, ulong dst_ld)
{
	sk_line a[SHORT];
	sk_load(a, src, src_ld);
#if SK_ZIP
	sk_line z[SK_P];
#if SHORT == SK_P
#pragma unroll
	for (uint i = 0; i < SK_P; i++)
		z[i] = a[i];
#else
	SK_LINES_ALL(a, SHORT, SK_ZC_FIRST, SK_ZC, SK_ZSTEPS, SK_P, SK_KEEP)
#endif
	sk_unzip(z);
#pragma unroll
	for (uint o = 0; o < SHORT; o++)
		SK_STORE(o, z[o]);
#else
	SK_LINES_ALL(a, SHORT, SK_FIRST0, SK_GC, SHORT - 1, SHORT, SK_STORE)
#endif
}
#else
#define SK_VECTOR 0
#define SK_L 1
#endif

__kernel TXF_REQD_WG(1, 1, 1) void
transpose_skinny_rows(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                      __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                      ulong cols)
{
	const ulong c0 = (ulong)get_global_id(0) * SKINNY_SERIAL;
	const ulong n = min((ulong)SKINNY_SERIAL, cols - c0);
	__global const elem_t *src = in + in_off + c0;
	__global elem_t *dst = out + out_off + c0 * (TIGHT ? SHORT : out_ld);
	ulong j = 0;
	(void)rows;
#if SK_VECTOR
	for (; j + SK_L <= n; j += SK_L)
		sk_block_rows(src + j, in_ld, dst + j * SHORT, SK_L);
#endif
	for (; j < n; j++)
		for (uint r = 0; r < SHORT; r++)
			dst[j * (TIGHT ? SHORT : out_ld) + r] = src[r * in_ld + j];
}

__kernel TXF_REQD_WG(1, 1, 1) void
transpose_skinny_cols(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                      __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                      ulong cols)
{
	const ulong r0 = (ulong)get_global_id(0) * SKINNY_SERIAL;
	const ulong n = min((ulong)SKINNY_SERIAL, rows - r0);
	__global const elem_t *src = in + in_off + r0 * (TIGHT ? SHORT : in_ld);
	__global elem_t *dst = out + out_off + r0;
	ulong j0 = 0;
	(void)cols;
#if SK_VECTOR && !SK_COLS_PLAIN
	for (; j0 + SK_L <= n; j0 += SK_L)
		sk_block_cols(src + j0 * SHORT, SK_L, dst + j0, out_ld);
#endif
	for (uint c = 0; c < SHORT; c++)
		for (ulong j = j0; j < n; j++)
			dst[c * out_ld + j] = src[j * (TIGHT ? SHORT : in_ld) + c];
}
#elif defined(SK_WPR) && SK_WPR
/* Rows or columns moved whole in 4-byte units (SK_WPR, set by the host for
 * GPUs): each work-item moves SK_V short columns or rows, SK_WPR units of
 * each short row or column (SK_V = 4 SK_WPR / ELEM_SIZE elements: 4 to 16
 * bytes, enough that the loads a work-item has in flight cover the memory
 * system's latency), and a work-group SK_ITEMS x SK_V of them. The stretch
 * that the group covers on the tight side (the output with few rows, the
 * input with few columns) is contiguous and starts on a unit, and moves as
 * units through local memory, one per work-item and step; the other side
 * moves as SK_WPR units a row where its rows start on multiples of SK_V
 * elements (IN_WORDS, OUT_WORDS); else the input element by element, and
 * the output's rows as units shifted onto its words (elements under 4
 * bytes) or element by element. A work-item's SK_V x SHORT elements are
 * transposed in registers. */
#ifndef IN_WORDS
#define IN_WORDS 0
#endif
#ifndef OUT_WORDS
#define OUT_WORDS 0
#endif
/* A work-item's units of one row (the side not tight), and their moves
 * between it and a private array. */
#if SK_WPR == 1
typedef uint sk_row;
#define SK_ROW_STORE(v, p) (*(p) = (v))
#define SK_ROW_LOAD(p) (*(p))
#elif SK_WPR == 2
typedef uint2 sk_row;
#define SK_ROW_STORE(v, p) vstore2((v), 0, (p))
#define SK_ROW_LOAD(p) vload2(0, (p))
#elif SK_WPR == 4
typedef uint4 sk_row;
#define SK_ROW_STORE(v, p) vstore4((v), 0, (p))
#define SK_ROW_LOAD(p) vload4(0, (p))
#else
#error "SK_WPR is 1, 2 or 4"
#endif
#define SK_PE (ELEM_SIZE < 4 ? 4 / ELEM_SIZE : 1) /* elements per unit */
#define SK_UE (ELEM_SIZE > 4 ? ELEM_SIZE / 4 : 1) /* units per element */
#define SK_V (SK_WPR * SK_PE / SK_UE)
#if ELEM_SIZE > 8 || SK_V < 1
#error "SK_WPR takes elements of at most 8 bytes, at most SK_WPR units each"
#endif
/* A work-item's units (as many in as out), in local memory an odd number
 * apart (no bank conflicts across work-items). */
#define SK_UNITS (SHORT * SK_WPR)
#define SK_UPITCH (SK_UNITS | 1)
/* The cols kernel's output rows in local memory, off units: a row's units
 * of all work-items, an odd number apart (SHORT of them take at most SHORT
 * units more than the work-items' SK_UPITCH). */
#define SK_RPITCH (SK_ITEMS * SK_WPR + 1)

/* Element f of units u (f constant once unrolled), and element x stored
 * as element f of units u (cleared before, elements under 4 bytes). */
inline elem_t sk_elem(const uint *u, uint f)
{
#if ELEM_SIZE < 4
	return (elem_t)(u[f / SK_PE] >> (8 * ELEM_SIZE * (f % SK_PE)));
#elif ELEM_SIZE == 4
	return u[f];
#else
	return as_ulong((uint2)(u[2 * f], u[2 * f + 1]));
#endif
}

inline void sk_set(uint *u, uint f, elem_t x)
{
#if ELEM_SIZE < 4
	u[f / SK_PE] |= (uint)x << (8 * ELEM_SIZE * (f % SK_PE));
#elif ELEM_SIZE == 4
	u[f] = x;
#else
	u[2 * f] = (uint)x;
	u[2 * f + 1] = (uint)(x >> 32);
#endif
}

/* Unit m of a sequence whose element f is element (f % div) lo + (f / div)
 * hi + add of units a (arguments constant once unrolled): the rows
 * kernel's output (element f is row f % SHORT, column f / SHORT of the
 * work-item's: div SHORT, lo SK_V, hi 1) and the cols kernel's output row
 * k (element p is element SHORT p + k of its rows: div 1, hi SHORT, add k). */
inline uint sk_unit(const uint *a, uint m, uint div, uint lo, uint hi, uint add)
{
#if ELEM_SIZE < 4
	uint u = 0;
#pragma unroll
	for (uint q = 0; q < SK_PE; q++) {
		const uint f = m * SK_PE + q;
		u |= (uint)sk_elem(a, f % div * lo + f / div * hi + add) << (8 * ELEM_SIZE * q);
	}
	return u;
#else
	const uint f = m / SK_UE;
	return a[(f % div * lo + f / div * hi + add) * SK_UE + m % SK_UE];
#endif
}

/* rows == SHORT: work-item t reads columns SK_V t .. SK_V t + SK_V - 1 of
 * the group's, SK_WPR units of each row, and writes their output rows of
 * SHORT elements, SK_UNITS units in a row of the output. */
__kernel TXF_REQD_WG(SK_ITEMS, 1, 1) void
transpose_skinny_rows(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                      __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                      ulong cols)
{
	__local uint buf[SK_ITEMS * SK_UPITCH];
	const uint t = get_local_id(0);
	const ulong c0 = (ulong)get_group_id(0) * (SK_ITEMS * SK_V);
	const uint n = (uint)min((ulong)(SK_ITEMS * SK_V), cols - c0); /* columns of this group */
	const uint c = t * SK_V;
	(void)rows;
	(void)out_ld; /* SHORT: tight */
	if (c < n) {
		__global const elem_t *src = in + in_off + c0 + c;
		const bool whole = c + SK_V <= n;
		uint a[SK_UNITS]; /* row r's units from a[SK_WPR r] on */
#pragma unroll
		for (uint r = 0; r < SHORT; r++) {
#if IN_WORDS
			if (whole) {
				const sk_row v = *(__global const sk_row *)(src + r * in_ld);
				SK_ROW_STORE(v, a + SK_WPR * r);
				continue;
			}
#endif
#pragma unroll
			for (uint k = 0; k < SK_WPR; k++)
				a[SK_WPR * r + k] = 0;
#pragma unroll
			for (uint p = 0; p < SK_V; p++)
				sk_set(a, SK_V * r + p, whole || c + p < n ? src[r * in_ld + p] : 0);
		}
		/* Element f of the work-item's output is row f % SHORT of column
		 * c + f / SHORT. */
#pragma unroll
		for (uint m = 0; m < SK_UNITS; m++)
			buf[t * SK_UPITCH + m] = sk_unit(a, m, SHORT, SK_V, 1, 0);
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* The group's n x SHORT output elements from out_off + c0 SHORT on,
	 * which starts on a unit: whole units, then what is left of the last
	 * (elements under 4 bytes). */
	const ulong start = out_off + c0 * SHORT;
	__global uint *dst = (__global uint *)(out + start);
	const uint units = n * SHORT / SK_PE * SK_UE, left = n * SHORT % SK_PE;
	for (uint i = t; i < units; i += SK_ITEMS)
		dst[i] = buf[i / SK_UNITS * SK_UPITCH + i % SK_UNITS];
	if (t < left) {
		const uint u[1] = {buf[units / SK_UNITS * SK_UPITCH + units % SK_UNITS]};
		out[start + (ulong)units * SK_PE + t] = sk_elem(u, t);
	}
}

/* cols == SHORT: the group reads its rows' n x SHORT input elements as
 * units, and work-item t writes rows SK_V t .. SK_V t + SK_V - 1 of the
 * group's into every output row, SK_WPR units each. */
__kernel TXF_REQD_WG(SK_ITEMS, 1, 1) void
transpose_skinny_cols(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                      __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                      ulong cols)
{
	__local uint buf[SK_ITEMS * SK_UPITCH + SHORT];
	const uint t = get_local_id(0);
	const ulong r0 = (ulong)get_group_id(0) * (SK_ITEMS * SK_V);
	const uint n = (uint)min((ulong)(SK_ITEMS * SK_V), rows - r0); /* rows of this group */
	(void)cols;
	(void)in_ld; /* SHORT: tight */
	const ulong start = in_off + r0 * SHORT;
	__global const uint *src = (__global const uint *)(in + start);
	const uint units = n * SHORT / SK_PE * SK_UE, left = n * SHORT % SK_PE;
	/* Every load in flight before the first store to local memory. */
	uint v[SK_UNITS];
#pragma unroll
	for (uint s = 0; s < SK_UNITS; s++) {
		const uint i = t + s * SK_ITEMS;
		if (i < units)
			v[s] = src[i];
	}
#pragma unroll
	for (uint s = 0; s < SK_UNITS; s++) {
		const uint i = t + s * SK_ITEMS;
		if (i < units)
			buf[i / SK_UNITS * SK_UPITCH + i % SK_UNITS] = v[s];
	}
	if (t == 0 && left) {
		uint w[1] = {0};
		for (uint q = 0; q < left; q++)
			sk_set(w, q, in[start + (ulong)units * SK_PE + q]);
		buf[units / SK_UNITS * SK_UPITCH + units % SK_UNITS] = w[0];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
#if ELEM_SIZE < 4 && !OUT_WORDS
	/* Output rows off a work-item's units: each work-item puts its units of
	 * every output row in local memory, row after row, and writes the units
	 * of the output that start on a word, each funnel-shifted from two
	 * neighbours; those at the ends of the group's stretch element by
	 * element. */
	const uint r = t * SK_V;
	uint a[SK_UNITS];
#pragma unroll
	for (uint j = 0; j < SK_UNITS; j++)
		a[j] = buf[t * SK_UPITCH + j];
	barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
	for (uint k = 0; k < SHORT; k++)
#pragma unroll
		for (uint m = 0; m < SK_WPR; m++)
			buf[k * SK_RPITCH + t * SK_WPR + m] = sk_unit(a, m, 1, 0, SHORT, k);
	barrier(CLK_LOCAL_MEM_FENCE);
	const uint last = SK_ITEMS * SK_WPR; /* past the group's units of a row */
	for (uint k = 0; k < SHORT; k++) {
		const ulong base = out_off + k * out_ld + r0;
		/* Output unit j holds the group's elements j SK_PE - s .. j SK_PE -
		 * s + SK_PE - 1 of the row. */
		const uint s = (uint)(base % SK_PE), end = (n - 1 + s) / SK_PE;
		__local const uint *row = buf + k * SK_RPITCH;
		for (uint e = 0; e <= SK_WPR; e++) {
			const uint j = e < SK_WPR ? t * SK_WPR + e : last;
			if (j > end || (e == SK_WPR && t != 0))
				continue;
			const uint cur = j < last ? row[j] : 0, prev = j > 0 ? row[j - 1] : 0;
			const uint u = s ? prev >> (8 * ELEM_SIZE * (SK_PE - s)) | cur << (8 * ELEM_SIZE * s)
			                 : cur;
			const int lo = (int)(j * SK_PE) - (int)s;
			if (lo >= 0 && lo + SK_PE <= n) {
				*(__global uint *)(out + base - s + j * SK_PE) = u;
				continue;
			}
#pragma unroll
			for (uint q = 0; q < SK_PE; q++)
				if (lo + (int)q >= 0 && lo + (int)q < (int)n)
					out[base + (ulong)(lo + (int)q)] = (elem_t)(u >> (8 * ELEM_SIZE * q));
		}
	}
#else
	const uint r = t * SK_V;
	if (r >= n)
		return;
	/* a: the work-item's rows r .. r + SK_V - 1, element f at row f /
	 * SHORT, column f % SHORT; units past the group's rows are not read
	 * into an output. */
	uint a[SK_UNITS];
#pragma unroll
	for (uint j = 0; j < SK_UNITS; j++)
		a[j] = buf[t * SK_UPITCH + j];
	__global elem_t *dst = out + out_off + r0 + r;
	const bool whole = r + SK_V <= n;
#pragma unroll
	for (uint k = 0; k < SHORT; k++) {
		/* Element p of output row k's part is element SHORT p + k. */
#if OUT_WORDS
		if (whole) {
			uint w[SK_WPR];
#pragma unroll
			for (uint m = 0; m < SK_WPR; m++)
				w[m] = sk_unit(a, m, 1, 0, SHORT, k);
			*(__global sk_row *)(dst + k * out_ld) = SK_ROW_LOAD(w);
			continue;
		}
#endif
#pragma unroll
		for (uint p = 0; p < SK_V; p++)
			if (whole || r + p < n)
				dst[k * out_ld + p] = sk_elem(a, SHORT * p + k);
	}
#endif
}
#else
/* rows == SHORT: each work-item reads one input column (a read of each row
 * runs along it), and the group writes its SK_ITEMS output rows of SHORT
 * elements in order, one element per work-item and step. */
__kernel TXF_REQD_WG(SK_ITEMS, 1, 1) void
transpose_skinny_rows(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                      __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                      ulong cols)
{
	__local elem_t buf[SK_ITEMS * SK_PITCH];
	const uint t = get_local_id(0);
	const ulong c0 = (ulong)get_group_id(0) * SK_ITEMS;
	const uint n = (uint)min((ulong)SK_ITEMS, cols - c0); /* columns of this group */
	(void)rows;
	if (t < n)
		for (uint r = 0; r < SHORT; r++)
			buf[t * SK_PITCH + r] = in[in_off + r * in_ld + c0 + t];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint i = t; i < n * SHORT; i += SK_ITEMS) {
		const uint c = i / SHORT, r = i % SHORT;
		out[out_off + (c0 + c) * out_ld + r] = buf[c * SK_PITCH + r];
	}
}

/* cols == SHORT: the group reads its SK_ITEMS input rows of SHORT elements
 * in order, and each work-item writes one element of every output row. */
__kernel TXF_REQD_WG(SK_ITEMS, 1, 1) void
transpose_skinny_cols(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                      __global elem_t *restrict out, ulong out_off, ulong out_ld, ulong rows,
                      ulong cols)
{
	__local elem_t buf[SHORT * (SK_ITEMS + 1)];
	const uint t = get_local_id(0);
	const ulong r0 = (ulong)get_group_id(0) * SK_ITEMS;
	const uint n = (uint)min((ulong)SK_ITEMS, rows - r0); /* rows of this group */
	(void)cols;
	for (uint i = t; i < n * SHORT; i += SK_ITEMS) {
		const uint r = i / SHORT, c = i % SHORT;
		buf[c * (SK_ITEMS + 1) + r] = in[in_off + (r0 + r) * in_ld + c];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (t < n)
		for (uint c = 0; c < SHORT; c++)
			out[out_off + c * out_ld + r0 + t] = buf[c * (SK_ITEMS + 1) + t];
}
#endif /* SKINNY_SERIAL */
#endif

__kernel TXF_TILED_WG void transpose_truncate(__global const elem_t *restrict in, ulong in_off,
                                              ulong in_ld, __global elem_t *restrict out,
                                              ulong out_off, ulong out_ld, ulong rows, ulong cols)
{
	__local elem_t tile[TILE][TILE + 1];
	const uint lx = get_local_id(0), ly = get_local_id(1);
	const ulong r0 = (ulong)get_group_id(1) * TILE, c0 = (ulong)get_group_id(0) * TILE;
	/* Main area: whole tiles, no checks. */
	for (uint k = 0; k < TILE; k += WG_ROWS)
		tile[ly + k][lx] = in[in_off + (r0 + ly + k) * in_ld + c0 + lx];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint k = 0; k < TILE; k += WG_ROWS)
		out[out_off + (c0 + ly + k) * out_ld + r0 + lx] = tile[lx][ly + k];

	/* Leftovers, done by the work-items on the edge of the main area. The
	 * test is cheap and false for almost every work-item; `|` avoids a
	 * second branch. */
	const ulong rows_t = rows - rows % TILE, cols_t = cols - cols % TILE;
	const bool bottom = (get_group_id(1) == get_num_groups(1) - 1) & (ly == WG_ROWS - 1);
	const bool right = (get_group_id(0) == get_num_groups(0) - 1) & (lx == TILE - 1);
	if (bottom | right) {
		if (bottom) {
			/* Bottom band: rows rows_t.. of this work-item's column. */
			const ulong c = c0 + lx;
			for (ulong r = rows_t; r < rows; r++)
				out[out_off + c * out_ld + r] = in[in_off + r * in_ld + c];
		}
		if (right) {
			/* Right band: columns cols_t.. of this work-item's rows. */
			for (uint k = 0; k < TILE; k += WG_ROWS) {
				const ulong r = r0 + ly + k;
				for (ulong c = cols_t; c < cols; c++)
					out[out_off + c * out_ld + r] = in[in_off + r * in_ld + c];
			}
		}
		if (bottom & right) {
			/* Corner. */
			for (ulong r = rows_t; r < rows; r++)
				for (ulong c = cols_t; c < cols; c++)
					out[out_off + c * out_ld + r] = in[in_off + r * in_ld + c];
		}
	}
}

#if defined(STREAM_SHIFTED)
/* Streaming transpose, for CPUs (built only where the host asks for it: its
 * unrolled code takes a while to compile).
 *
 * Parameters:
 *   STREAM_SHIFTED  0 where every output row starts on a line boundary
 *                   (out_off and out_ld multiples of L), 1 otherwise
 *   TXF_NT_STORES   defined where the compiler takes clang's
 *                   __builtin_nontemporal_store (the host sets it for POCL
 *                   on CPUs). On x86 such stores are weakly ordered; POCL
 *                   counts a finished work-group with locked instructions,
 *                   which drain them, so no fence per work-item is needed
 *                   (one cost about half the bandwidth)
 *   STREAM_STAGE    1: the lane network (below) first loads a whole tile's
 *                   lines, one per row, into private memory and transposes
 *                   it from there, so that all of a tile's loads are in
 *                   flight together (the host sets it where the input
 *                   streams from memory rather than a cache, and where a
 *                   tile's rows crowd a few cache sets, which would evict
 *                   each other between the network's four reads of each
 *                   row); 0 or
 *                   undefined: the network loads its 16-byte pieces from
 *                   the input itself
 *   STREAM_DOWN     J > 1 (unshifted, where the host asks for it): J whole
 *                   tiles down a strip are transposed into private memory
 *                   first and stored row by row, J lines of each output row
 *                   one after the other, so that the stores in flight spread
 *                   over J times as many cache sets where the output rows
 *                   are a multiple of 4 KiB (or a large power of two) apart;
 *                   1 or undefined: each tile's lines go out as the network
 *                   makes them
 *   STREAM_NARROW   1 (unshifted, where the host asks for it: a matrix of
 *                   fewer columns than a line holds and at least a line of
 *                   rows): tiles cut by the last column load their rows
 *                   whole, the elements past it cleared, and go straight
 *                   to the output like whole tiles; 0 or undefined: such
 *                   tiles go through the path of tiles cut by any edge
 * Arguments after the usual ones: `lines`, output lines per output row and
 * tile strip of a work-item, and `strips`, strips of L columns per
 * work-item.
 *
 * A line is 64 bytes: V words (uint16, V = 16; for 8-byte elements ulong8,
 * V = 8) of P = 4, 2, 1 or 1 elements (1-, 2-, 4- and 8-byte ones), so L =
 * V P = 64 / ELEM_SIZE elements. Work-item (g0, g1) covers input rows r0 =
 * g1 L lines .. r0 + L lines - 1 of `strips` strips of L columns, from
 * column g0 L strips on, one strip after the other (output rows), in tiles
 * of L x L elements, one line per row. A tile's L rows are loaded as
 * vectors of V words and transposed in registers in two steps. First,
 * within each group of P rows, the P x P elements of each word column are
 * transposed with shifts and masks, so that row j of group g holds, in word
 * w, the elements of column P w + j of the group's rows. Then, for each j,
 * the V rows j of the V groups are a V x V block of words, transposed with
 * log2(V) rounds of one perfect shuffle (row 2 i and 2 i + 1 the
 * interleaved lower and upper halves of rows i and i + V / 2: with the row
 * and the lane as the bits of one index, each round rotates it by one
 * bit). Its row w is a line of output row P w + j. The code is vector
 * types and constant shuffles only: the compiler maps them to the CPU's
 * SIMD (on x86 with AVX-512 a word shuffle is one instruction). 16-byte
 * elements are two 8-byte words each (V = 8, L = 4, P = 1): their 4 x 4
 * tile is transposed by two rounds of perfect shuffles of word pairs.
 *
 * Output row c starts sh(c) = (out_off + c out_ld) mod L elements past a
 * line boundary. Unshifted, each tile row is written as one line where it
 * falls, on a line boundary only where sh is 0 for every row (which
 * TXF_NT_STORES requires of the unshifted kernel: its stores need aligned
 * lines where the buffer starts on a 64-byte boundary). Shifted, the
 * work-item writes the lines whose first element is r = r0 - sh + j L: it
 * also transposes the tile above r0 (kept in registers from tile to tile),
 * and each line is L consecutive elements of two tile rows: a funnel shift
 * of whole words (one constant shuffle, picked by the shift), then of the
 * P elements within a word (shifts). Lines that reach past row 0 or past
 * `rows` are written in part (stream_part_out); every other line is a
 * whole line, aligned where the buffer starts on a 64-byte boundary
 * (CL_DEVICE_MEM_BASE_ADDR_ALIGN is at least 128 bytes for buffers the
 * implementation allocates). The launch has ceil(cols / (L strips)) x
 * ceil((rows + STREAM_SHIFTED (L - 1)) / (L lines)) work-items, one per
 * work-group. */

#ifndef STREAM_NARROW
#define STREAM_NARROW 0
#endif
#ifndef STREAM_DOWN
#define STREAM_DOWN 1
#endif
#define TXF_INLINE inline __attribute__((always_inline))
#define SL (64 / ELEM_SIZE) /* elements per line */
#if ELEM_SIZE >= 8
#define SV 8
#define SV_LOG 3
#define SV_LOAD vload8
#define SV_STORE vstore8
typedef ulong8 stream_v;
typedef ulong stream_word;
#else
#define SV 16
#define SV_LOG 4
#define SV_LOAD vload16
#define SV_STORE vstore16
typedef uint16 stream_v;
typedef uint stream_word;
#endif
#if ELEM_SIZE == 16
/* A 16-byte element is two words: the network moves pairs of words. */
#define SP 1
#else
#define SP (SL / SV) /* elements per word */
#endif

/* A line as a vector or as elements. */
typedef union {
	stream_v v;
	elem_t e[SL];
} stream_u;

/* A constant shuffle of the lanes of the pair a, b (indices into a then
 * b): clang's builtin where the compiler is clang, else shuffle2. */
#ifdef __clang__
#define SV_SHUF(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define SV_SHUF(a, b, ...) shuffle2(a, b, (stream_v)(__VA_ARGS__))
#endif
#if SV == 16
#define ZIP_LO 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23
#define ZIP_HI 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31
#else
#define ZIP_LO 0, 8, 1, 9, 2, 10, 3, 11
#define ZIP_HI 4, 12, 5, 13, 6, 14, 7, 15
#endif
/* Funnel by k words: lanes V - k .. 2 V - 1 - k of the pair. */
#define SV_FL(k, e) (SV - (k) + (e))
#define SV_FL8(k, b)                                                                               \
	SV_FL(k, b), SV_FL(k, b + 1), SV_FL(k, b + 2), SV_FL(k, b + 3), SV_FL(k, b + 4),           \
	    SV_FL(k, b + 5), SV_FL(k, b + 6), SV_FL(k, b + 7)
#if SV == 16
#define SV_FUNNEL_LANES(k) SV_FL8(k, 0), SV_FL8(k, 8)
#else
#define SV_FUNNEL_LANES(k) SV_FL8(k, 0)
#endif
/* The word network: V x V words, or for 16-byte elements 4 x 4 pairs of
 * words (NET_N rows, NET_LOG rounds of the perfect shuffle NET_LO,
 * NET_HI). */
#if ELEM_SIZE == 16
#define NET_N 4
#define NET_LOG 2
#define NET_LO 0, 1, 8, 9, 2, 3, 10, 11
#define NET_HI 4, 5, 12, 13, 6, 7, 14, 15
#else
#define NET_N SV
#define NET_LOG SV_LOG
#define NET_LO ZIP_LO
#define NET_HI ZIP_HI
#endif

/* One row of L elements as a vector of words (p: element-aligned only). */
TXF_INLINE stream_v stream_load(__global const elem_t *p)
{
#if ELEM_SIZE == 1
	return (uint16)(as_uint4(vload16(0, p)), as_uint4(vload16(1, p)), as_uint4(vload16(2, p)),
	                as_uint4(vload16(3, p)));
#elif ELEM_SIZE == 2
	return (uint16)(as_uint8(vload16(0, p)), as_uint8(vload16(1, p)));
#elif ELEM_SIZE == 16
	return vload8(0, (__global const ulong *)p);
#else
	return SV_LOAD(0, p);
#endif
}

/* Rows x and y of a group, exchanging the k-bit halves of each 2k-bit unit:
 * x takes the lower halves of both (x's in the low bits), y the upper ones;
 * m has the low k bits of each unit set. */
TXF_INLINE void stream_pair(stream_v *x, stream_v *y, uint k, stream_word m)
{
	const stream_v a = *x, b = *y;
	*x = (a & m) | ((b << k) & ~m);
	*y = ((a >> k) & m) | (b & ~m);
}

/* Part of a line: n < L elements of src to dst, and nothing else. With
 * clang, as at most six unaligned copies of 32, 16, 8, 4, 2 and 1 bytes;
 * else element by element. One body for the two directions (global to
 * private, private to global). */
#ifdef __clang__
typedef ulong4 __attribute__((aligned(1))) stream_b32;
typedef ulong2 __attribute__((aligned(1))) stream_b16;
typedef ulong __attribute__((aligned(1))) stream_b8;
typedef uint __attribute__((aligned(1))) stream_b4;
typedef ushort __attribute__((aligned(1))) stream_b2;
#define STREAM_PART(DQ, SQ)                                                          \
	{                                                                            \
		DQ uchar *d = (DQ uchar *)dst;                                       \
		SQ const uchar *s = (SQ const uchar *)src;                           \
		const uint b = n * ELEM_SIZE;                                        \
		if (b & 32) {                                                        \
			*(DQ stream_b32 *)d = *(SQ const stream_b32 *)s;             \
			d += 32;                                                     \
			s += 32;                                                     \
		}                                                                    \
		if (b & 16) {                                                        \
			*(DQ stream_b16 *)d = *(SQ const stream_b16 *)s;             \
			d += 16;                                                     \
			s += 16;                                                     \
		}                                                                    \
		if (b & 8) {                                                         \
			*(DQ stream_b8 *)d = *(SQ const stream_b8 *)s;               \
			d += 8;                                                      \
			s += 8;                                                      \
		}                                                                    \
		if (b & 4) {                                                         \
			*(DQ stream_b4 *)d = *(SQ const stream_b4 *)s;               \
			d += 4;                                                      \
			s += 4;                                                      \
		}                                                                    \
		if (b & 2) {                                                         \
			*(DQ stream_b2 *)d = *(SQ const stream_b2 *)s;               \
			d += 2;                                                      \
			s += 2;                                                      \
		}                                                                    \
		if (b & 1)                                                           \
			*d = *s;                                                     \
	}
#else
#define STREAM_PART(DQ, SQ)                         \
	{                                           \
		for (uint x = 0; x < n; x++)        \
			dst[x] = src[x];            \
	}
#endif
/* Line v with its elements from n on (n < L) cleared. */
TXF_INLINE stream_v stream_keep(stream_v v, uint n)
{
	const int bytes = (int)(n * ELEM_SIZE);
#if SV == 16
	/* Bytes of each 4-byte word to keep, the low ones first. */
	const int16 keep =
	    clamp((int16)bytes - (int16)(0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60),
	          0, 4);
	const uint16 m = select(~(uint16)0 >> as_uint16((4 - keep) * 8), (uint16)0, keep == 0);
#else
	const ulong8 m = select((ulong8)0, ~(ulong8)0, (long8)(0, 8, 16, 24, 32, 40, 48, 56) < bytes);
#endif
	return v & m;
}
TXF_INLINE void stream_part(elem_t *dst, __global const elem_t *src, uint n)
STREAM_PART(, __global)
TXF_INLINE void stream_part_out(__global elem_t *dst, const elem_t *src, uint n)
STREAM_PART(__global, )
#undef STREAM_PART

/* Line v, whole, to dst (element-aligned; non-temporal where nt). */
TXF_INLINE void stream_store(__global elem_t *dst, stream_v v, bool nt)
{
#ifdef TXF_NT_STORES
	if (nt) {
		__builtin_nontemporal_store(v, (__global stream_v *)dst);
		return;
	}
#endif
#ifdef __clang__
	/* One unaligned vector store (POCL's vstore16 of bytes is 16 byte
	 * stores). */
	typedef stream_v __attribute__((aligned(1))) stream_v1;
	*(__global stream_v1 *)dst = v;
#elif ELEM_SIZE == 1
	vstore16(as_uchar16(v.s0123), 0, dst);
	vstore16(as_uchar16(v.s4567), 1, dst);
	vstore16(as_uchar16(v.s89ab), 2, dst);
	vstore16(as_uchar16(v.scdef), 3, dst);
#elif ELEM_SIZE == 2
	vstore16(as_ushort16(v.lo), 0, dst);
	vstore16(as_ushort16(v.hi), 1, dst);
#elif ELEM_SIZE == 16
	vstore8(v, 0, (__global ulong *)dst);
#else
	SV_STORE(v, 0, dst);
#endif
}

/* `rounds` rounds of perfect shuffles of the n vectors v of type T: v[2 i]
 * and v[2 i + 1] become SHUF(v[i], v[i + n / 2], LO) and (..., HI). After
 * log2(n) rounds with element zips, v[c] holds element c of every vector
 * (a transpose). */
#define SHUFFLE_ROUNDS(T, v, n, rounds, SHUF, LO, HI)                                              \
	_Pragma("unroll") for (uint round_ = 0; round_ < (rounds); round_++)                       \
	{                                                                                          \
		T u_[n];                                                                           \
		_Pragma("unroll") for (uint i_ = 0; i_ < (n) / 2; i_++)                            \
		{                                                                                  \
			u_[2 * i_] = SHUF(v[i_], v[i_ + (n) / 2], LO);                             \
			u_[2 * i_ + 1] = SHUF(v[i_], v[i_ + (n) / 2], HI);                         \
		}                                                                                  \
		_Pragma("unroll") for (uint i_ = 0; i_ < (n); i_++) v[i_] = u_[i_];                \
	}

/* The lane network, for tiles wholly inside the matrix (clang, 2- to
 * 8-byte elements, and 1-byte ones on the shifted kernel or where the host
 * defines STREAM_LANES_1). A line is four 16-byte lanes of LE elements.
 * For each lane column q, vector v[i] gathers
 * the q-th lanes of rows i, LE + i, 2 LE + i and 3 LE + i (the 16-byte
 * loads do the moves across lanes); log2(LE) rounds of perfect shuffles
 * within each lane (one unpack instruction each on x86) then leave output
 * line LE q + c in v[c]. Against the word network it loads each row in
 * four pieces and keeps a quarter of the tile live: faster where the rows
 * come from memory, and for 2- to 8-byte elements also where a cache holds
 * them (measured on an AMD EPYC, ordinary stores); slower for unshifted
 * 1-byte outputs of a few MiB on the Xeon measured, which keep the word
 * network unless the host asks for the lanes (STREAM_LANES_1). */
#if defined(__clang__) && ELEM_SIZE <= 8 &&                                                   \
    (ELEM_SIZE >= 2 || STREAM_SHIFTED || defined(STREAM_LANES_1))
#define STREAM_LANES 1
#define LE (16 / ELEM_SIZE)
typedef elem_t lane_v __attribute__((ext_vector_type(SL)));
typedef elem_t lane_qe __attribute__((ext_vector_type(LE)));
typedef lane_qe __attribute__((aligned(1))) lane_q;
/* Lanes of the pair a, b: the low (LANE_LO) or high (LANE_HI) halves of
 * each lane of a and b, interleaved. */
#define LZ(b) (b), (SL + (b))
#if LE == 16
#define LZH(b) LZ(b), LZ(b + 1), LZ(b + 2), LZ(b + 3), LZ(b + 4), LZ(b + 5), LZ(b + 6), LZ(b + 7)
#define LE_LOG 4
#elif LE == 8
#define LZH(b) LZ(b), LZ(b + 1), LZ(b + 2), LZ(b + 3)
#define LE_LOG 3
#elif LE == 4
#define LZH(b) LZ(b), LZ(b + 1)
#define LE_LOG 2
#else
#define LZH(b) LZ(b)
#define LE_LOG 1
#endif
#define LANE_LO LZH(0), LZH(LE), LZH(2 * LE), LZH(3 * LE)
#define LANE_HI LZH(LE / 2), LZH(LE + LE / 2), LZH(2 * LE + LE / 2), LZH(3 * LE + LE / 2)

/* The tile whose row 0, column 0 is at p (rows ld apart, in the address
 * space Q), transposed into t, or with `direct` to dst as stream_tile
 * does. */
#define STREAM_LANES_BODY(Q)                                                                       \
	_Pragma("unroll") for (uint q = 0; q < 4; q++)                                             \
	{                                                                                          \
		lane_v v[LE];                                                                      \
		_Pragma("unroll") for (uint i = 0; i < LE; i++)                                    \
		{                                                                                  \
			Q const elem_t *s = p + i * ld + q * LE;                                   \
			v[i] = (lane_v)(*(Q const lane_q *)s, *(Q const lane_q *)(s + LE * ld),    \
			                *(Q const lane_q *)(s + 2 * LE * ld),                      \
			                *(Q const lane_q *)(s + 3 * LE * ld));                     \
		}                                                                                  \
		SHUFFLE_ROUNDS(lane_v, v, LE, LE_LOG, __builtin_shufflevector, LANE_LO, LANE_HI)   \
		_Pragma("unroll") for (uint c = 0; c < LE; c++)                                    \
		{                                                                                  \
			const stream_v line = __builtin_astype(v[c], stream_v);                    \
			if (direct) {                                                              \
				if (q * LE + c >= first && q * LE + c < end)                       \
					stream_store(dst + (q * LE + c) * dst_ld, line, nt);       \
			} else                                                                     \
				t[q * LE + c] = line;                                              \
		}                                                                                  \
	}
#if STREAM_STAGE
TXF_INLINE void stream_lanes_private(const elem_t *p, uint ld, stream_v *t, bool direct,
                                     __global elem_t *dst, ulong dst_ld, bool nt, uint first, uint end)
{
	STREAM_LANES_BODY()
}
#endif
TXF_INLINE void stream_lanes(__global const elem_t *p, ulong ld, stream_v *t, bool direct,
                             __global elem_t *dst, ulong dst_ld, bool nt, uint first, uint end)
{
#if STREAM_STAGE
	/* The rows as whole lines, then the network from private memory. The
	 * network reads the buffer at an offset the compiler cannot tell is
	 * zero (ld >> 62: no row is 2^62 elements long), which keeps it from
	 * folding the buffer back into registers (64 live lines for 1-byte
	 * elements, which it would spill). An empty asm statement taking the
	 * buffer's address did the same, but aborted POCL 5.0's LLVM 16 (with
	 * assertions) where it built the kernel for its binary. */
	stream_v tile[SL];
#pragma unroll
	for (uint i = 0; i < SL; i++)
		tile[i] = stream_load(p + i * ld);
	stream_lanes_private((const elem_t *)(tile + (ld >> 62)), SL, t, direct, dst, dst_ld, nt,
	                     first, end);
#else
	STREAM_LANES_BODY(__global)
#endif
}
#undef STREAM_LANES_BODY
#endif

/* The tile of input rows r .. r + L - 1 (r may be negative), columns c0 ..
 * c0 + L - 1, transposed: t[y] holds the elements of column c0 + y, rows r
 * .. r + L - 1. Elements outside the matrix read as 0. With `direct` (a
 * tile whose lines first .. end - 1 lie inside the matrix), those lines go to
 * dst + y dst_ld instead, as stream_store writes them, and t is left alone. */
TXF_INLINE void stream_tile(__global const elem_t *in, ulong in_off, ulong in_ld, long r, ulong c0,
                            ulong rows, ulong cols, stream_v *t, bool direct,
                            __global elem_t *dst, ulong dst_ld, bool nt, uint first, uint end)
{
	stream_v a[SL];
	if (r >= 0 && r + SL <= (long)rows && c0 + SL <= cols) {
		__global const elem_t *p = in + in_off + (ulong)r * in_ld + c0;
#if STREAM_LANES
		stream_lanes(p, in_ld, t, direct, dst, dst_ld, nt, first, end);
		return;
#endif
#pragma unroll
		for (uint i = 0; i < SL; i++)
			a[i] = stream_load(p + i * in_ld);
	} else if (r + SL <= 0 || r >= (long)rows) {
		/* No row inside the matrix: the transposed tile is zeros. */
#pragma unroll
		for (uint i = 0; i < SL; i++)
			t[i] = 0;
		return;
#if STREAM_NARROW
	} else if (r >= 0 && r + SL <= (long)rows && c0 + SL <= in_ld + cols) {
		/* Whole rows cut by the last column, each line running on
		 * into the next row but the matrix's last. */
		const uint n = (uint)(cols - c0);
#pragma unroll
		for (uint i = 0; i < SL; i++)
			a[i] = r + (long)i + 1 < (long)rows
			           ? stream_keep(stream_load(in + in_off + (ulong)(r + i) * in_ld + c0), n)
			           : 0;
		if (r + SL == (long)rows) {
			stream_u u;
			u.v = 0;
			stream_part(u.e, in + in_off + (ulong)(rows - 1) * in_ld + c0, n);
			a[SL - 1] = u.v;
		}
#endif
	} else {
		/* Rows outside the matrix are zeros; rows inside are loaded
		 * whole where the columns are, else their first cols - c0
		 * elements. */
#pragma unroll 1
		for (uint i = 0; i < SL; i++) {
			const long ri = r + (long)i;
			__global const elem_t *p = in + in_off + (ulong)ri * in_ld + c0;
			stream_u u;
			if (ri < 0 || ri >= (long)rows) {
				u.v = 0;
			} else if (c0 + SL <= cols) {
				u.v = stream_load(p);
			} else if (ri + 1 < (long)rows && c0 + SL <= in_ld + cols) {
				/* The line runs on into the next row, inside the
				 * buffer: one load, the elements past cols cleared
				 * (pieces stored and read back whole stall the
				 * load). */
				u.v = stream_keep(stream_load(p), (uint)(cols - c0));
			} else {
				u.v = 0;
				stream_part(u.e, p, (uint)(cols - c0));
			}
			a[i] = u.v;
		}
	}
#if SP == 4
#pragma unroll
	for (uint g = 0; g < SV; g++) {
		stream_pair(&a[4 * g], &a[4 * g + 1], 8, 0x00ff00ff);
		stream_pair(&a[4 * g + 2], &a[4 * g + 3], 8, 0x00ff00ff);
		stream_pair(&a[4 * g], &a[4 * g + 2], 16, 0x0000ffff);
		stream_pair(&a[4 * g + 1], &a[4 * g + 3], 16, 0x0000ffff);
	}
#elif SP == 2
#pragma unroll
	for (uint g = 0; g < SV; g++)
		stream_pair(&a[2 * g], &a[2 * g + 1], 16, 0x0000ffff);
#endif
#pragma unroll
	for (uint j = 0; j < SP; j++) {
		stream_v b[NET_N];
#pragma unroll
		for (uint g = 0; g < NET_N; g++)
			b[g] = a[SP * g + j];
		SHUFFLE_ROUNDS(stream_v, b, NET_N, NET_LOG, SV_SHUF, NET_LO, NET_HI)
#pragma unroll
		for (uint w = 0; w < NET_N; w++) {
			if (direct) {
				if (SP * w + j >= first && SP * w + j < end)
					stream_store(dst + (SP * w + j) * dst_ld, b[w], nt);
			} else
				t[SP * w + j] = b[w];
		}
	}
}

/* With AVX-512 under clang, a funnel by k words (lanes V - k .. 2 V - 1 - k
 * of the pair lo, hi; 0 <= k <= V) is one two-source permute of computed
 * lanes (vpermt2d, vpermt2q); elsewhere one constant shuffle picked by k,
 * whose branches cost more than the permute on the CPUs measured. */
#if defined(__clang__) && defined(__AVX512F__)
#define STREAM_PERMUTE 1
TXF_INLINE stream_v stream_permute(stream_v lo, stream_v hi, uint k)
{
#if SV == 16
	typedef int v16i __attribute__((vector_size(64)));
	const int16 ix = (int16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) +
	                 (int16)(SV - (int)k);
	return as_uint16(__builtin_ia32_vpermi2vard512((v16i)as_int16(lo), (v16i)ix,
	                                               (v16i)as_int16(hi)));
#else
	typedef long v8l __attribute__((vector_size(64)));
	const long8 ix = (long8)(0, 1, 2, 3, 4, 5, 6, 7) + (long8)(SV - (long)k);
	return as_ulong8(
	    __builtin_ia32_vpermi2varq512((v8l)as_long8(lo), (v8l)ix, (v8l)as_long8(hi)));
#endif
}
#else
#define STREAM_PERMUTE 0
#endif

__kernel void transpose_stream(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                               __global elem_t *restrict out, ulong out_off, ulong out_ld,
                               ulong rows, ulong cols, uint lines, uint strips)
{
	const long r0 = (long)get_global_id(1) * SL * lines;
	/* A buffer made from a host pointer may start off a line: whole lines
	 * are then written with ordinary stores (non-temporal vector stores
	 * need the alignment). */
	const bool nt = ((ulong)out & 63) == 0;
	for (uint strip = 0; strip < strips; strip++) {
		const ulong c0 = (get_global_id(0) * strips + strip) * SL;
		if (c0 >= cols)
			break;
		stream_v cur[SL];
#if STREAM_SHIFTED
		stream_v prev[SL];
		stream_tile(in, in_off, in_ld, r0 - SL, c0, rows, cols, prev, false, out, 0, nt, 0, SL);
#endif
		for (uint b = 0; b < lines; b++) {
			const long rb = r0 + (long)(b * SL);
#if !STREAM_SHIFTED
#if STREAM_DOWN > 1
			/* STREAM_DOWN whole tiles down the strip: each output row
			 * gets their lines one after the other. */
			if (b + STREAM_DOWN <= lines && rb + STREAM_DOWN * SL <= (long)rows &&
			    c0 + SL <= cols) {
				stream_v g[STREAM_DOWN][SL];
#pragma unroll 1
				for (uint j = 0; j < STREAM_DOWN; j++)
					stream_tile(in, in_off, in_ld, rb + (long)(j * SL), c0, rows,
					            cols, g[j], false, out, 0, nt, 0, SL);
#pragma unroll 1
				for (uint y = 0; y < SL; y++)
#pragma unroll
					for (uint j = 0; j < STREAM_DOWN; j++)
						stream_store(out + out_off + (c0 + y) * out_ld + rb +
						                 j * SL,
						             g[j][y], nt);
				b += STREAM_DOWN - 1;
				continue;
			}
#endif
			/* A whole tile: its lines go out as the network makes them. */
			if (rb + SL <= (long)rows && c0 + SL <= cols) {
				stream_tile(in, in_off, in_ld, rb, c0, rows, cols, cur, true,
				            out + out_off + c0 * out_ld + rb, out_ld, nt, 0, SL);
				continue;
			}
			if (rb >= (long)rows)
				break;
			/* A tile that reaches past the last row, after this
			 * work-item's first tile, moves back to end there (rt) and
			 * writes again, with the same values and ordinary stores (its
			 * lines are off the line grid), the rows this work-item's
			 * tile before it wrote. One that reaches past the last
			 * column moves back to end there (ct) and writes its lines
			 * from column c0 on. Such a tile is whole and goes out
			 * directly; only a matrix of fewer than L rows or columns,
			 * or a work-item whose one tile is short, loads partial
			 * tiles below. */
			const long rt = rb + SL > (long)rows && b > 0 ? (long)rows - SL : rb;
			const ulong ct = c0 + SL > cols && cols >= SL ? cols - SL : c0;
			const bool line_nt = nt && rt == rb;
			const uint dc = (uint)(c0 - ct);
			if (rt + SL <= (long)rows && ct + SL <= cols) {
				/* Moved back onto a whole tile: its lines from dc on go
				 * out as the network makes them. */
				stream_tile(in, in_off, in_ld, rt, ct, rows, cols, cur, true,
				            out + out_off + ct * out_ld + rt, out_ld, line_nt, dc, SL);
				continue;
			}
#if STREAM_NARROW
			if (rt >= 0 && rt + SL <= (long)rows && cols < SL) {
				stream_tile(in, in_off, in_ld, rt, c0, rows, cols, cur, true,
				            out + out_off + c0 * out_ld + rt, out_ld, line_nt, 0, (uint)cols);
				continue;
			}
#endif
			stream_tile(in, in_off, in_ld, rt, ct, rows, cols, cur, false, out, 0, nt, 0, SL);
#else
			const bool line_nt = nt;
			stream_tile(in, in_off, in_ld, rb, c0, rows, cols, cur, false, out, 0, nt, 0, SL);
#endif
#ifndef STREAM_UNROLL_Y
#define STREAM_UNROLL_Y (SP == 1 ? SL : 1)
#endif
#pragma unroll STREAM_UNROLL_Y
			for (uint y = 0; y < SL; y++) {
				if (c0 + y >= cols)
					break;
				const ulong start =
				    out_off + (c0 + y) * out_ld; /* element of (c0 + y, 0) */
#if STREAM_SHIFTED
				/* Elements L - sh .. 2 L - 1 - sh of the pair prev[y],
				 * cur[y]: words V - a - 1 .. of the pair (lo) and the word
				 * after each (hi), a = sh / P, then P - sh mod P elements of
				 * lo and the rest of hi in each word. */
				const uint sh = (uint)(start & (SL - 1));
				/* In words (16-byte elements: two each). */
				const uint a = ELEM_SIZE == 16 ? 2 * sh : sh / SP;
				stream_v lo = prev[y], hi = cur[y];
				prev[y] = cur[y];
				/* The words: one shuffle, picked by a (and for more
				 * than one element per word, the words one further on,
				 * for the elements from lo). */
#if STREAM_PERMUTE
				stream_v line = stream_permute(lo, hi, a);
#if SP > 1
				const stream_v next = stream_permute(lo, hi, a + 1);
#endif
#else
				stream_v line = hi;
#if SP > 1
				stream_v next = SV_SHUF(lo, hi, SV_FUNNEL_LANES(1));
#define FUNNEL_NEXT(k) next = SV_SHUF(lo, hi, SV_FUNNEL_LANES(k));
#else
#define FUNNEL_NEXT(k)
#endif
				switch (a) {
#define FUNNEL_CASE(k, k1)                                           \
	case k:                                                      \
		line = SV_SHUF(lo, hi, SV_FUNNEL_LANES(k));          \
		FUNNEL_NEXT(k1)                                      \
		break;
					FUNNEL_CASE(1, 2)
					FUNNEL_CASE(2, 3)
					FUNNEL_CASE(3, 4)
					FUNNEL_CASE(4, 5)
					FUNNEL_CASE(5, 6)
					FUNNEL_CASE(6, 7)
					FUNNEL_CASE(7, 8)
#if SV == 16
					FUNNEL_CASE(8, 9)
					FUNNEL_CASE(9, 10)
					FUNNEL_CASE(10, 11)
					FUNNEL_CASE(11, 12)
					FUNNEL_CASE(12, 13)
					FUNNEL_CASE(13, 14)
					FUNNEL_CASE(14, 15)
					FUNNEL_CASE(15, 16)
#endif
#undef FUNNEL_CASE
#undef FUNNEL_NEXT
				default:
					break;
				}
#endif
#if SP > 1
				const uint e = sh % SP;
				if (e)
					line = (line << (e * 8 * ELEM_SIZE)) |
					       (next >> ((SP - e) * 8 * ELEM_SIZE));
#endif
				const long rs = rb - (long)sh;
#else
				const stream_v line = cur[y + dc];
				const long rs = rt;
#endif
				if (rs >= 0 && rs + SL <= (long)rows) {
					stream_store(out + start + rs, line, line_nt);
				} else {
					/* A line cut by row 0 or by `rows`: its elements
					 * inside the matrix. */
					stream_u u;
					u.v = line;
					const long x0 = rs < 0 ? -rs : 0;
					const long x1 = min((long)SL, (long)rows - rs);
#if defined(__clang__) && defined(__AVX512BW__)
					/* One store of the line under a mask of its
					 * bytes inside the matrix, which leaves the
					 * others alone (u1 40 x 8000 on a Xeon, one
					 * thread: 2.2 times as fast as in pieces). */
					typedef char stream_b __attribute__((vector_size(64)));
					const uint nb = (uint)(x1 - x0) * ELEM_SIZE;
					if (x1 > x0)
						__builtin_ia32_storedquqi512_mask(
						    (__global stream_b *)(out + start + rs),
						    __builtin_astype(u.v, stream_b),
						    (nb >= 64 ? ~0UL : (1UL << nb) - 1) << (x0 * ELEM_SIZE));
#else
					if (x1 > x0)
						stream_part_out(out + start + (rs + x0), u.e + x0,
						                (uint)(x1 - x0));
#endif
				}
			}
		}
	}
}
#endif /* STREAM_SHIFTED */

__kernel void transpose_inplace_simple(__global elem_t *m, ulong off, ulong ld, ulong n)
{
	/* Work-item t swaps the t-th element below the diagonal, counted row
	 * by row: row i >= 1 holds elements t = i (i - 1) / 2 + j, j < i. */
	const ulong t = get_global_id(0);
	if (t >= n * (n - 1) / 2)
		return;
	const ulong i = txf_tri_row(t) + 1;
	const ulong j = t - i * (i - 1) / 2;
	__global elem_t *a = m + off + i * ld + j, *b = m + off + j * ld + i;
	const elem_t tmp = *a;
	*a = *b;
	*b = tmp;
}

/* INPLACE_TILES 2: both tiles of the pair are staged in local memory and
 * written after one barrier. INPLACE_TILES 1: half the local memory, for
 * tiles large enough that two would limit how many work-groups a compute
 * unit holds: the upper tile waits in registers (T / R elements per
 * work-item) while the lower one goes through the local tile; then the
 * upper one takes its turn, after two more barriers. */
#ifndef INPLACE_TILES
#define INPLACE_TILES 2
#endif
#if INPLACE_TILES != 1 && INPLACE_TILES != 2
#error "INPLACE_TILES must be 1 or 2"
#endif
__kernel TXF_TILED_WG void transpose_inplace_tiled(__global elem_t *m, ulong off, ulong ld, ulong n)
{
	__local elem_t lo[TILE][TILE + 1];
#if INPLACE_TILES == 2
	__local elem_t up[TILE][TILE + 1];
#else
	elem_t up[TILE / WG_ROWS];
#endif
	const uint lx = get_local_id(0), ly = get_local_id(1);
	/* Group g handles tile pair (ti, tj), ti >= tj, counted row by row over
	 * the lower triangle of tiles, diagonal included. */
	const ulong g = get_group_id(0);
	const ulong ti = txf_tri_row(g);
	const ulong tj = g - ti * (ti + 1) / 2;
	const ulong r0 = ti * TILE, c0 = tj * TILE;
	const bool diagonal = ti == tj;
	for (uint k = 0; k < TILE; k += WG_ROWS) {
		const ulong y = ly + k;
		if (r0 + y < n && c0 + lx < n)
			lo[y][lx] = m[off + (r0 + y) * ld + c0 + lx];
#if INPLACE_TILES == 2
		if (!diagonal && c0 + y < n && r0 + lx < n)
			up[y][lx] = m[off + (c0 + y) * ld + r0 + lx];
#else
		up[k / WG_ROWS] = !diagonal && c0 + y < n && r0 + lx < n
		                      ? m[off + (c0 + y) * ld + r0 + lx]
		                      : (elem_t)0;
#endif
	}
	barrier(CLK_LOCAL_MEM_FENCE);
#if INPLACE_TILES == 2
	for (uint k = 0; k < TILE; k += WG_ROWS) {
		const ulong y = ly + k;
		if (c0 + y < n && r0 + lx < n)
			m[off + (c0 + y) * ld + r0 + lx] = lo[lx][y];
		if (!diagonal && r0 + y < n && c0 + lx < n)
			m[off + (r0 + y) * ld + c0 + lx] = up[lx][y];
	}
#else
	for (uint k = 0; k < TILE; k += WG_ROWS) {
		const ulong y = ly + k;
		if (c0 + y < n && r0 + lx < n)
			m[off + (c0 + y) * ld + r0 + lx] = lo[lx][y];
	}
	if (diagonal) /* the same for the whole work-group */
		return;
	barrier(CLK_LOCAL_MEM_FENCE);
	/* The zeros `up` holds for elements outside the matrix land where the
	 * guarded writes below skip them. */
	for (uint k = 0; k < TILE; k += WG_ROWS)
		lo[ly + k][lx] = up[k / WG_ROWS];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint k = 0; k < TILE; k += WG_ROWS) {
		const ulong y = ly + k;
		if (r0 + y < n && c0 + lx < n)
			m[off + (r0 + y) * ld + c0 + lx] = lo[lx][y];
	}
#endif
}

/* Batches: matrix b of the input starts in_stride elements after matrix
 * b - 1 (at in_off for b = 0), of the output out_stride after. The output
 * of a matrix is orows x ocols, element (x, y) at x * out_ld + y; it is the
 * input's element at x * in_xs + y * in_ys (a transpose: in_xs 1 and in_ys
 * the input's ld; a copy of views of two layouts: in_xs the ld and in_ys
 * 1). orows * ocols * per < 2^31 (the host checks). */
__kernel void transpose_batched_flat(__global const elem_t *restrict in, ulong in_off, ulong in_xs,
                                     ulong in_ys, ulong in_stride, __global elem_t *restrict out,
                                     ulong out_off, ulong out_ld, ulong out_stride, uint orows_,
                                     uint ocols_, ulong batch, uint per_)
{
	/* Small matrices: the shape built in (FLAT_SHAPE), and on GPUs the
	 * matrices per launch row (FLAT_PER), so that the divisions below are
	 * by constants. */
#ifdef FLAT_SHAPE
	const uint orows = FLAT_OROWS, ocols = FLAT_OCOLS;
	(void)orows_, (void)ocols_;
#else
	const uint orows = orows_, ocols = ocols_;
#endif
#ifdef FLAT_PER
	const uint per = FLAT_PER;
	(void)per_;
#else
	const uint per = per_;
#endif
#ifdef BATCH_SERIAL
	/* Work-item g: matrices g per .. g per + per - 1, each row of its
	 * output in turn. */
	const ulong b0 = (ulong)get_global_id(0) * per;
	const ulong b1 = b0 + per < batch ? b0 + per : batch;
	for (ulong b = b0; b < b1; b++) {
		__global const elem_t *src = in + in_off + b * in_stride;
		__global elem_t *dst = out + out_off + b * out_stride;
		for (uint x = 0; x < orows; x++) {
			__global const elem_t *s = src + x * in_xs;
			__global elem_t *d = dst + x * out_ld;
			for (uint y = 0; y < ocols; y++)
				d[y] = s[y * in_ys];
		}
	}
#elif defined(FLAT_VEC)
	/* Outputs one after the other, tight (out_ld = ocols, out_stride = the
	 * matrix's elements; the host checks, and that out_off and PER x m are
	 * multiples of FLAT_VEC): work-item i gathers elements i FLAT_VEC ..
	 * of a launch row and stores them as one word (4 or 16 bytes) where all
	 * are in the batch. */
#if FLAT_VEC * ELEM_SIZE == 16
#define FLAT_WORD uint4
#elif FLAT_VEC * ELEM_SIZE == 8
#define FLAT_WORD uint2
#else
#define FLAT_WORD uint
#endif
	const uint m = orows * ocols;
	const uint e0 = (uint)get_global_id(0) * FLAT_VEC;
	if (e0 >= per * m)
		return;
	(void)out_ld, (void)out_stride;
	for (ulong g = get_global_id(1); g * per < batch; g += get_global_size(1)) {
		const ulong first = g * per;
		union {
			elem_t e[FLAT_VEC];
			FLAT_WORD w;
		} v;
#pragma unroll
		for (uint k = 0; k < FLAT_VEC; k++) {
			const uint ek = e0 + k, p = ek / m, e = ek - p * m, x = e / ocols,
			           y = e - x * ocols;
			const ulong b = first + p < batch ? first + p : batch - 1;
			v.e[k] = in[in_off + b * in_stride + x * in_xs + y * in_ys];
		}
		__global elem_t *const dst = out + out_off + first * m + e0;
		if (first + (e0 + FLAT_VEC - 1) / m < batch) {
			*(__global FLAT_WORD *)dst = v.w;
		} else {
			for (uint k = 0; k < FLAT_VEC; k++)
				if (first + (e0 + k) / m < batch)
					dst[k] = v.e[k];
		}
	}
#else
	const uint m = orows * ocols;
	const uint e0 = (uint)get_global_id(0);
	if (e0 >= per * m)
		return;
	const uint p = e0 / m, e = e0 - p * m, x = e / ocols, y = e - x * ocols;
	const ulong src = in_off + x * in_xs + y * in_ys, dst = out_off + x * out_ld + y;
	for (ulong g = get_global_id(1); g * per + p < batch; g += get_global_size(1)) {
		const ulong b = g * per + p;
		out[dst + b * out_stride] = in[src + b * in_stride];
	}
#endif
}

/* PAD's tiles for a batch: work-group (i, j, g) moves tile (i, j) of
 * matrices g, g + G, ... (G work-groups along dimension 2). */
__kernel TXF_TILED_WG void transpose_batched_tiled(__global const elem_t *restrict in, ulong in_off,
                                                   ulong in_ld, ulong in_stride,
                                                   __global elem_t *restrict out, ulong out_off,
                                                   ulong out_ld, ulong out_stride, ulong rows,
                                                   ulong cols, ulong batch)
{
	__local elem_t tile[TILE][TILE + 1];
	const uint lx = get_local_id(0), ly = get_local_id(1);
	const ulong r0 = (ulong)get_group_id(1) * TILE, c0 = (ulong)get_group_id(0) * TILE;
	const bool read_col = c0 + lx < cols, write_row = r0 + lx < rows;
	for (ulong b = get_group_id(2); b < batch; b += get_num_groups(2)) {
		__global const elem_t *src = in + in_off + b * in_stride + c0 + lx;
		if (read_col)
			for (uint k = 0; k < TILE; k += WG_ROWS)
				if (r0 + ly + k < rows)
					tile[ly + k][lx] = src[(r0 + ly + k) * in_ld];
		barrier(CLK_LOCAL_MEM_FENCE);
		__global elem_t *dst = out + out_off + b * out_stride + r0 + lx;
		if (write_row)
			for (uint k = 0; k < TILE; k += WG_ROWS)
				if (c0 + ly + k < cols)
					dst[(c0 + ly + k) * out_ld] = tile[lx][ly + k];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}
