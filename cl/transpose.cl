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
 *   transpose_pad_aligned  PAD with output-aligned tiles, for outputs whose
 *                       rows do not start on a T-element boundary (odd
 *                       leading dimensions): every run of T elements it
 *                       writes starts on such a boundary, at the price of
 *                       reading (SEGMENTS + 1) / SEGMENTS of the input
 *   transpose_truncate  TRUNCATE: launch rounded down to whole tiles; the
 *                       work-items on the last row and column of the main
 *                       area also move the bottom band, the right band and
 *                       the corner (needs rows, cols >= T)
 *   transpose_inplace_simple  in place, square n x n: one work-item per
 *                       element pair below the diagonal
 *   transpose_inplace_tiled   in place, square: one work-group per pair of
 *                       tiles (ti, tj), ti >= tj, swapped through local memory
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

#define TXF_TILED_WG __attribute__((reqd_work_group_size(TILE, WG_ROWS, 1)))

__kernel void transpose_simple(__global const elem_t *restrict in, ulong in_off, ulong in_ld,
                               __global elem_t *restrict out, ulong out_off, ulong out_ld,
                               ulong rows, ulong cols)
{
	const ulong c = get_global_id(0), r = get_global_id(1);
	if (r < rows && c < cols)
		out[out_off + c * out_ld + r] = in[in_off + r * in_ld + c];
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

/* Work-group (g0, g1) writes output rows c0 .. c0 + T - 1 (c0 = g1 T), each
 * over SEGMENTS runs of T elements that start on T-element boundaries of
 * the output buffer: run s of output row c covers input rows
 * r = (g0 SEGMENTS + s) T - sh(c) + x, x < T, where sh(c) is how far row c
 * starts past a boundary. Together the work-groups cover every r in
 * [0, rows) exactly once (the launch has ceil((rows + T - 1) / (SEGMENTS T))
 * groups along dimension 0). The runs of one group need input rows from
 * rbase = g0 SEGMENTS T - T on, (SEGMENTS + 1) T of them: they are staged in
 * local memory first, rows outside the matrix skipped. */
__kernel TXF_TILED_WG void transpose_pad_aligned(__global const elem_t *restrict in, ulong in_off,
                                                 ulong in_ld, __global elem_t *restrict out,
                                                 ulong out_off, ulong out_ld, ulong rows,
                                                 ulong cols)
{
	__local elem_t tile[(SEGMENTS + 1) * TILE][TILE + 1];
	const uint lx = get_local_id(0), ly = get_local_id(1);
	const long rbase = (long)get_group_id(0) * SEGMENTS * TILE - TILE;
	const ulong c0 = (ulong)get_group_id(1) * TILE;
	if (c0 + lx < cols)
		for (uint y = ly; y < (SEGMENTS + 1) * TILE; y += WG_ROWS) {
			const long r = rbase + y;
			if (r >= 0 && r < (long)rows)
				tile[y][lx] = in[in_off + (ulong)r * in_ld + c0 + lx];
		}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint y = ly; y < TILE; y += WG_ROWS) {
		const ulong c = c0 + y;
		if (c >= cols)
			break;
		const ulong start = out_off + c * out_ld; /* element offset of output row c */
		const uint sh = (uint)(start & (TILE - 1));
		for (uint s = 0; s < SEGMENTS; s++) {
			const long r = rbase + TILE + (long)(s * TILE) - sh + lx;
			if (r >= 0 && r < (long)rows)
				out[start + (ulong)r] = tile[s * TILE + TILE - sh + lx][y];
		}
	}
}

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

__kernel TXF_TILED_WG void transpose_inplace_tiled(__global elem_t *m, ulong off, ulong ld, ulong n)
{
	__local elem_t lo[TILE][TILE + 1];
	__local elem_t up[TILE][TILE + 1];
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
		if (!diagonal && c0 + y < n && r0 + lx < n)
			up[y][lx] = m[off + (c0 + y) * ld + r0 + lx];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint k = 0; k < TILE; k += WG_ROWS) {
		const ulong y = ly + k;
		if (c0 + y < n && r0 + lx < n)
			m[off + (c0 + y) * ld + r0 + lx] = lo[lx][y];
		if (!diagonal && r0 + y < n && c0 + lx < n)
			m[off + (r0 + y) * ld + c0 + lx] = up[lx][y];
	}
}
