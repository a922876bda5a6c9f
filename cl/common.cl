/*
 * Helpers shared by every kernel file of libtiledxform.
 *
 * Parameters (the host prepends -D definitions; each has a default so that
 * a file compiles on its own):
 *   ELEM_SIZE  bytes per element: 1, 2, 4, 8 or 16. Transposes move bytes,
 *              so one unsigned type of that size stands for every dtype.
 *   TXF_NO_REQD_WG  when defined, kernels do not declare their work-group
 *              shape (the host sets it where declaring it is unsafe).
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

/* A kernel's fixed work-group shape, which lets compilers size registers and
 * unroll for it. The host leaves it out on POCL's CPU drivers before 7.0:
 * there, taking a program's binary compiles each kernel for its declared
 * shape into a process-wide handle cache whose reference counts a kernel
 * running at the same time, in any context, then miscounts (an assertion in
 * POCL aborts the process). Without the declaration that compile has no
 * shape and its handle never matches a running kernel's. */
#ifdef TXF_NO_REQD_WG
#define TXF_REQD_WG(x, y, z)
#else
#define TXF_REQD_WG(x, y, z) __attribute__((reqd_work_group_size(x, y, z)))
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
