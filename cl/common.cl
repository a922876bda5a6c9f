/*
 * Helpers shared by every kernel file of libtiledxform.
 *
 * Parameters (the host prepends -D definitions; each has a default so that
 * a file compiles on its own):
 *   ELEM_SIZE  bytes per element: 1, 2, 4, 8 or 16. Transposes move bytes,
 *              so one unsigned type of that size stands for every dtype.
 */
#ifndef TXF_COMMON_CL
#define TXF_COMMON_CL

#ifndef ELEM_SIZE
#define ELEM_SIZE 4
#endif

#if ELEM_SIZE == 1
typedef uchar elem_t;
#elif ELEM_SIZE == 2
typedef ushort elem_t;
#elif ELEM_SIZE == 4
typedef uint elem_t;
#elif ELEM_SIZE == 8
typedef ulong elem_t;
#elif ELEM_SIZE == 16
typedef uint4 elem_t;
#else
#error "ELEM_SIZE must be 1, 2, 4, 8 or 16"
#endif

/* Row r of the triangle numbering 0; 1 2; 3 4 5; ...: the largest r with
 * r (r + 1) / 2 <= t. A float square root gives an estimate that can be off
 * (OpenCL allows an inexact sqrt, and float has 24 bits), so integer checks
 * correct it: the result is exact for every t the index type can hold
 * whose row r satisfies r (r + 1) < 2^64. */
inline ulong txf_tri_row(ulong t)
{
	float est = (sqrt((float)t * 8.0f + 1.0f) - 1.0f) * 0.5f;
	ulong r = est > 0.0f ? (ulong)est : 0;
	while (r > 0 && r * (r + 1) / 2 > t)
		r--;
	while ((r + 1) * (r + 2) / 2 <= t)
		r++;
	return r;
}

#endif /* TXF_COMMON_CL */
