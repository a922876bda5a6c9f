#if ELEM_SIZE <= 2 && defined(CHUNKED) && defined(CKX_V3)
/* The chunked kernel, for 1- and 2-byte elements whose input and output
 * rows may start anywhere: every global access is a whole aligned 16-byte
 * chunk (CK_V elements), and every output run a work-group stores is whole
 * 32-byte sectors. Work-group (g0, g1) covers input columns c0 = g0 T ..
 * c0 + T - 1 (output rows) and, of output row o, the T elements from g1 T -
 * t(o) on, where t(o) < CK_A is how far element g1 T of that row lies past
 * a sector. It stages input rows rb = g1 T - CK_A .. g1 T + T - 1 as the
 * raw chunks that cover columns c0 .. c0 + T - 1 (CK_LOADS of them; row y
 * starts s(y) elements into its first), transposes them into local rows
 * of the output (words of each staged row, funnel-shifted by s(y), then
 * blocks of 4 bytes transposed in registers), and stores each output chunk
 * funnel-shifted out of two aligned local chunks. Chunks that would reach
 * past the end of the input view, and output chunks cut by row 0 or
 * `rows`, are moved element by element. The launch has ceil((rows + CK_A -
 * 1) / T) groups along dimension 1; T is a multiple of CK_A. */
#define CK_V (16 / ELEM_SIZE)              /* elements per chunk */
#define CK_A (32 / ELEM_SIZE)              /* elements per sector */
#define CK_X (4 / ELEM_SIZE)               /* elements per word */
#define CK_ROWS (TILE + CK_A)              /* staged input rows */
#define CK_LOADS (TILE / CK_V + 1)         /* chunks per staged row */
#define CK_LW (CK_LOADS * 16)              /* bytes per staged row (16 x odd) */
#define CK_BLOCKS (CK_ROWS / CK_V)         /* chunks per output row in local */
#define CK_TW (CK_BLOCKS * 16 + 16)        /* bytes per output row in local (16 x odd) */
#define CK_ITEMS (TILE * WG_ROWS)
#define CK_PASS_A ((TILE / CK_X * CK_BLOCKS + CK_ITEMS - 1) / CK_ITEMS)
#define CK_MAX(a, b) ((a) > (b) ? (a) : (b))
#if TILE % CK_A != 0
#error "the chunked kernel's tile must be a multiple of a 32-byte sector"
#endif

/* Bytes k .. k + 15 of the 32 bytes lo, hi (k < 16). */
inline uint4 ck3_funnel(uint4 lo, uint4 hi, uint k)
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

inline uint ck3_out_at(uint x, uint b)
{
	return x * CK_TW + 16 * ((b + x / CK_X) % (CK_TW / 16));
}

__kernel TXF_TILED_WG void transpose_chunked(__global const elem_t *restrict in, ulong in_off,
                                             ulong in_ld, __global elem_t *restrict out,
                                             ulong out_off, ulong out_ld, ulong rows, ulong cols)
{
	__local uint4 staged[CK_ROWS * CK_LW / 16];
	__local uint4 trans[(TILE * CK_TW + 16 * 7) / 16];
	__local uchar *const ls = (__local uchar *)staged;
	__local uchar *const lt = (__local uchar *)trans;
	const uint lid = get_local_id(1) * TILE + get_local_id(0);
	const ulong c0 = (ulong)get_group_id(0) * TILE;
	const long rb = (long)get_group_id(1) * TILE - CK_A;
	/* s(y) in bytes: where column c0 of staged row y lies in its chunk. */
	const uint s0 = (uint)(((ulong)(in + in_off + c0) + (ulong)rb * in_ld * ELEM_SIZE) & 15);
	const uint ds = (uint)(in_ld * ELEM_SIZE & 15);
	__global const uchar *const end =
	    (__global const uchar *)(in + in_off + (rows - 1) * in_ld + cols);
	/* Stage: chunk k of staged row y at ls[y CK_LW + 16 k]. */
	for (uint n = lid; n < CK_ROWS * CK_LOADS; n += CK_ITEMS) {
		const uint y = n / CK_LOADS, k = n % CK_LOADS;
		const long r = rb + (long)y;
		if (r < 0 || r >= (long)rows)
			continue;
		__global const elem_t *const row = in + in_off + (ulong)r * in_ld;
		const uint skew = (s0 + y * ds) & 15;
		__global const uchar *const p = (__global const uchar *)(row + c0) - skew + 16 * k;
		uint4 v;
		if (p + 16 <= end) {
			v = *(__global const uint4 *)p;
		} else {
			uint w[4] = {0, 0, 0, 0};
			const long c = (long)c0 - (long)(skew / ELEM_SIZE) + (long)(k * CK_V);
			for (uint q = 0; q < CK_V; q++)
				if (c + (long)q >= 0 && (ulong)(c + (long)q) < cols)
					w[q / CK_X] |= (uint)row[c + (long)q] << (q % CK_X * ELEM_SIZE * 8);
			v = (uint4)(w[0], w[1], w[2], w[3]);
		}
		*(__local uint4 *)(ls + y * CK_LW + 16 * k) = v;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* Transpose: work-item (xw, b) reads word xw of staged rows b CK_V ..
	 * b CK_V + CK_V - 1 (columns c0 + CK_X xw ..) and writes chunk b of
	 * output rows CK_X xw .. CK_X xw + CK_X - 1. */
	uint4 held[CK_PASS_A][CK_X];
	for (uint m = 0; m < CK_PASS_A; m++) {
		const uint n = lid + m * CK_ITEMS, xw = n % (TILE / CK_X), b = n / (TILE / CK_X);
		if (b >= CK_BLOCKS)
			break;
		uint w[CK_V];
#pragma unroll
		for (uint i = 0; i < CK_V; i++) {
			const uint y = b * CK_V + i;
			const uint at = 4 * xw + ((s0 + y * ds) & 15);
			__local const uint *const src = (__local const uint *)(ls + y * CK_LW + (at & ~3u));
			const uint sh = (at & 3) * 8;
			w[i] = sh ? src[0] >> sh | src[1] << (32 - sh) : src[0];
		}
#if ELEM_SIZE == 1
		/* w[i] holds bytes of columns 4 xw .. 4 xw + 3 of row i. */
		uint4 o[4];
#pragma unroll
		for (uint m = 0; m < 4; m++) {
			const uchar4 a = as_uchar4(w[4 * m]), bb = as_uchar4(w[4 * m + 1]),
			             c = as_uchar4(w[4 * m + 2]), d = as_uchar4(w[4 * m + 3]);
			const uint q0 = as_uint((uchar4)(a.s0, bb.s0, c.s0, d.s0));
			const uint q1 = as_uint((uchar4)(a.s1, bb.s1, c.s1, d.s1));
			const uint q2 = as_uint((uchar4)(a.s2, bb.s2, c.s2, d.s2));
			const uint q3 = as_uint((uchar4)(a.s3, bb.s3, c.s3, d.s3));
			if (m == 0)
				o[0].x = q0, o[1].x = q1, o[2].x = q2, o[3].x = q3;
			else if (m == 1)
				o[0].y = q0, o[1].y = q1, o[2].y = q2, o[3].y = q3;
			else if (m == 2)
				o[0].z = q0, o[1].z = q1, o[2].z = q2, o[3].z = q3;
			else
				o[0].w = q0, o[1].w = q1, o[2].w = q2, o[3].w = q3;
		}
#else
		/* w[i] holds elements of columns 2 xw, 2 xw + 1 of row i. */
		uint4 o[2];
		o[0] = (uint4)(w[0] & 0xffff | w[1] << 16, w[2] & 0xffff | w[3] << 16,
		               w[4] & 0xffff | w[5] << 16, w[6] & 0xffff | w[7] << 16);
		o[1] = (uint4)(w[0] >> 16 | (w[1] & 0xffff0000), w[2] >> 16 | (w[3] & 0xffff0000),
		               w[4] >> 16 | (w[5] & 0xffff0000), w[6] >> 16 | (w[7] & 0xffff0000));
#endif
#pragma unroll
		for (uint q = 0; q < CK_X; q++)
			held[m][q] = o[q];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint m = 0; m < CK_PASS_A; m++) {
		const uint n = lid + m * CK_ITEMS, xw = n % (TILE / CK_X), b = n / (TILE / CK_X);
		if (b >= CK_BLOCKS)
			break;
#pragma unroll
		for (uint q = 0; q < CK_X; q++)
			*(__local uint4 *)(lt + ck3_out_at(CK_X * xw + q, b)) = held[m][q];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	/* Store: chunk j of output row o = c0 + x from g1 T - t(o) on. */
	for (uint n = lid; n < TILE * (TILE / CK_V); n += CK_ITEMS) {
		const uint x = n / (TILE / CK_V), j = n % (TILE / CK_V);
		const ulong o = c0 + x;
		if (o >= cols)
			break;
		__global elem_t *const orow = out + out_off + o * out_ld;
		const long g = rb + CK_A;
		const uint t = (uint)(((ulong)(orow + g) & 31) / ELEM_SIZE);
		const uint y0 = CK_A - t + j * CK_V; /* staged row of the chunk's first element */
		const uint at = y0 * ELEM_SIZE;
		const uint4 v = ck3_funnel(*(__local const uint4 *)(lt + ck3_out_at(x, at / 16)),
		                           *(__local const uint4 *)(lt + ck3_out_at(x, at / 16 + 1)),
		                           at & 15);
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
#endif
