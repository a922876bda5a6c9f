/*
 * Conversions between 16-bit floating-point elements and float32, for
 * products of 16-bit operands (lib/widen.c): the operands are widened to
 * float32, multiplied there, and a 16-bit C is narrowed back.
 *
 * Every kernel walks a rows x cols matrix in row-major form (element (r, c)
 * at off + r * ld + c) with a 2-D range: dimension 0 along columns, CONV_VEC
 * of them per work-item, dimension 1 along rows; items outside the matrix do
 * nothing.
 *
 * Parameters (-D):
 *   TXF_BF16  1: bfloat16 (the top 16 bits of a float32); 0 (default):
 *             IEEE binary16, through vload_half / vstore_half_rte, which
 *             need no cl_khr_fp16.
 *
 * Widening is exact for every value, NaN and infinities included. Narrowing
 * rounds to nearest, ties to even; values beyond the type's range become
 * infinities and NaN stays NaN (bfloat16 keeps the sign and top payload
 * bits and sets the quiet bit).
 */
#ifndef TXF_COMMON_CL
#include "common.cl"
#endif

#ifndef TXF_BF16
#define TXF_BF16 0
#endif

/* Columns per work-item: whole vectors, then the row's last ones one by one
 * (vload and vstore need only element alignment). */
#define CONV_VEC 4

inline float widen1(__global const ushort *p)
{
#if TXF_BF16
	return as_float((uint)p[0] << 16);
#else
	return vload_half(0, (__global const half *)p);
#endif
}

inline float4 widen4(__global const ushort *p)
{
#if TXF_BF16
	return as_float4(convert_uint4(vload4(0, p)) << 16);
#else
	return vload_half4(0, (__global const half *)p);
#endif
}

#if TXF_BF16
/* A carry out of the low half rounds up, through the exponent to infinity
 * where it must; NaN would carry into the sign, so it is kept apart. */
inline ushort narrow1(float x)
{
	const uint u = as_uint(x);
	return (u & 0x7fffffffu) > 0x7f800000u ? (ushort)((u >> 16) | 0x40u)
	                                       : (ushort)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

inline ushort4 narrow4(float4 x)
{
	const uint4 u = as_uint4(x);
	const ushort4 near = convert_ushort4((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
	const ushort4 quiet = convert_ushort4((u >> 16) | 0x40u);
	return select(near, quiet, convert_short4((u & 0x7fffffffu) > 0x7f800000u));
}
#endif

__kernel void widen16(__global const ushort *restrict src, ulong src_off, ulong src_ld,
                      __global float *restrict dst, ulong dst_off, ulong dst_ld, ulong rows,
                      ulong cols)
{
	const ulong c = get_global_id(0) * CONV_VEC, r = get_global_id(1);
	if (r >= rows || c >= cols)
		return;
	__global const ushort *s = src + src_off + r * src_ld + c;
	__global float *d = dst + dst_off + r * dst_ld + c;
	if (c + CONV_VEC <= cols) {
		vstore4(widen4(s), 0, d);
		return;
	}
	for (ulong j = 0; j < cols - c; j++)
		d[j] = widen1(s + j);
}

__kernel void narrow16(__global const float *restrict src, ulong src_off, ulong src_ld,
                       __global ushort *restrict dst, ulong dst_off, ulong dst_ld, ulong rows,
                       ulong cols)
{
	const ulong c = get_global_id(0) * CONV_VEC, r = get_global_id(1);
	if (r >= rows || c >= cols)
		return;
	__global const float *s = src + src_off + r * src_ld + c;
	__global ushort *d = dst + dst_off + r * dst_ld + c;
	if (c + CONV_VEC <= cols) {
#if TXF_BF16
		vstore4(narrow4(vload4(0, s)), 0, d);
#else
		vstore_half4_rte(vload4(0, s), 0, (__global half *)d);
#endif
		return;
	}
	for (ulong j = 0; j < cols - c; j++) {
#if TXF_BF16
		d[j] = narrow1(s[j]);
#else
		vstore_half_rte(s[j], j, (__global half *)d);
#endif
	}
}

/* PADCOPY's packs read from 16-bit operands (lib/matmul.c, add_pack): dst
 * (Kp x Xp, leading dimension Xp) holds element (x, k) of op(X), widened,
 * and zeros outside X x K. The arguments are those of matmul_pack_a/b in
 * cl/matmul.cl. pack16 walks dst one element per work-item (dimension 0
 * along x, 1 along k); source element (x, k) is at off + x * ld + k where
 * `across` (an operand stored across K) and at off + k * ld + x otherwise.
 * pack16_tiled, for an operand stored across K, moves P16_T x P16_T tiles
 * through local memory with P16_T x P16_R work-items, so that its reads run
 * along k and its writes along x: dimension 0 walks K, 1 walks X. */
__kernel void pack16(ulong X, ulong K, __global const ushort *src, ulong off, ulong ld,
                     __global float *dst, ulong dst_off, ulong Xp, ulong Kp, uint across)
{
	const ulong x = get_global_id(0), k = get_global_id(1);
	if (x >= Xp || k >= Kp)
		return;
	const ulong i = across ? x * ld + k : k * ld + x;
	dst[dst_off + k * Xp + x] = x < X && k < K ? widen1(src + off + i) : 0.0f;
}

#define P16_T 32
#define P16_R 8

__kernel TXF_REQD_WG(P16_T, P16_R, 1) void pack16_tiled(ulong X, ulong K,
                                                        __global const ushort *src, ulong off,
                                                        ulong ld, __global float *dst,
                                                        ulong dst_off, ulong Xp, ulong Kp)
{
	__local float t[P16_T][P16_T + 1];
	const uint a = get_local_id(0), b = get_local_id(1);
	const ulong k0 = (ulong)get_group_id(0) * P16_T, x0 = (ulong)get_group_id(1) * P16_T;
	for (uint i = b; i < P16_T; i += P16_R)
		t[i][a] =
		    x0 + i < X && k0 + a < K ? widen1(src + off + (x0 + i) * ld + k0 + a) : 0.0f;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (x0 + a < Xp)
		for (uint i = b; i < P16_T; i += P16_R)
			if (k0 + i < Kp)
				dst[dst_off + (k0 + i) * Xp + x0 + a] = t[a][i];
}

/* PADCOPY's pair packs for the 16-bit matrix units (lib/matmul.c,
 * add_pack; cl/matmul.cl TXF_IN16): dst (Kw x Xp, leading dimension Xp)
 * holds in element (i, x) elements (x, 2 i) (low half) and (x, 2 i + 1)
 * (high half) of op(X), bits unchanged, and zeros (+0) outside X x K. The
 * arguments are pack16's, with Kw, the rows of dst, in place of Kp. pair16
 * walks dst one element per work-item (dimension 0 along x, 1 along i);
 * source element (x, k) is at off + x * ld + k where `across` (an operand
 * stored across K) and at off + k * ld + x otherwise. pair16_tiled, for an
 * operand stored across K, moves P16_T x P16_T tiles of pairs through
 * local memory, reading along k and writing along x: dimension 0 walks the
 * pairs, 1 walks X. Neither depends on TXF_BF16. */
inline uint pair_at(__global const ushort *src, ulong x, ulong k, ulong X, ulong K, ulong ld,
                    uint across)
{
	if (x >= X || k >= K)
		return 0;
	const ushort lo = across ? src[x * ld + k] : src[k * ld + x];
	const ushort hi = k + 1 >= K ? 0 : across ? src[x * ld + k + 1] : src[(k + 1) * ld + x];
	return (uint)lo | (uint)hi << 16;
}

__kernel void pair16(ulong X, ulong K, __global const ushort *src, ulong off, ulong ld,
                     __global uint *dst, ulong dst_off, ulong Xp, ulong Kw, uint across)
{
	const ulong x = get_global_id(0), i = get_global_id(1);
	if (x >= Xp || i >= Kw)
		return;
	dst[dst_off + i * Xp + x] = pair_at(src + off, x, 2 * i, X, K, ld, across);
}

__kernel TXF_REQD_WG(P16_T, P16_R, 1) void pair16_tiled(ulong X, ulong K,
                                                        __global const ushort *src, ulong off,
                                                        ulong ld, __global uint *dst,
                                                        ulong dst_off, ulong Xp, ulong Kw)
{
	__local uint t[P16_T][P16_T + 1];
	const uint a = get_local_id(0), b = get_local_id(1);
	const ulong i0 = (ulong)get_group_id(0) * P16_T, x0 = (ulong)get_group_id(1) * P16_T;
	for (uint r = b; r < P16_T; r += P16_R)
		t[r][a] = pair_at(src + off, x0 + r, 2 * (i0 + a), X, K, ld, 1);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (x0 + a < Xp)
		for (uint r = b; r < P16_T; r += P16_R)
			if (i0 + r < Kw)
				dst[dst_off + (i0 + r) * Xp + x0 + a] = t[a][r];
}
