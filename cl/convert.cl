/*
 * Conversions between 16-bit floating-point elements and float32, for
 * products of 16-bit operands (lib/widen.c): the operands are widened to
 * float32, multiplied there, and a 16-bit C is narrowed back.
 *
 * Every kernel walks a rows x cols matrix in row-major form (element (r, c)
 * at off + r * ld + c) with a 2-D range: dimension 0 along columns,
 * dimension 1 along rows; items outside the matrix do nothing.
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

__kernel void widen16(__global const ushort *restrict src, ulong src_off, ulong src_ld,
                      __global float *restrict dst, ulong dst_off, ulong dst_ld, ulong rows,
                      ulong cols)
{
	const ulong c = get_global_id(0), r = get_global_id(1);
	if (r >= rows || c >= cols)
		return;
	const ulong i = src_off + r * src_ld + c;
#if TXF_BF16
	const float x = as_float((uint)src[i] << 16);
#else
	const float x = vload_half(i, (__global const half *)src);
#endif
	dst[dst_off + r * dst_ld + c] = x;
}

__kernel void narrow16(__global const float *restrict src, ulong src_off, ulong src_ld,
                       __global ushort *restrict dst, ulong dst_off, ulong dst_ld, ulong rows,
                       ulong cols)
{
	const ulong c = get_global_id(0), r = get_global_id(1);
	if (r >= rows || c >= cols)
		return;
	const float x = src[src_off + r * src_ld + c];
	const ulong o = dst_off + r * dst_ld + c;
#if TXF_BF16
	const uint u = as_uint(x);
	/* A carry out of the low half rounds up, through the exponent to
	 * infinity where it must; NaN would carry into the sign, so it is kept
	 * apart. */
	dst[o] = (u & 0x7fffffffu) > 0x7f800000u ? (ushort)((u >> 16) | 0x40u)
	                                          : (ushort)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
#else
	vstore_half_rte(x, o, (__global half *)dst);
#endif
}
