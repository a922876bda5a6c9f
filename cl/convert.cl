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
