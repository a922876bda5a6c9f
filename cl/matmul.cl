/*
 * Matrix multiply kernels: C = alpha * op(A) * op(B) + beta * C.
 *
 * Every matrix is row-major in element units (the host turns column-major
 * views into their row-major transposes). C is M x N with leading dimension
 * ldc. With TRANS_A = 0, A is M x K (element (m, k) at a[a_off + m * lda + k]);
 * with TRANS_A = 1 it is K x M (at a[a_off + k * lda + m]). Likewise B is
 * K x N (TRANS_B = 0) or N x K (TRANS_B = 1). beta == 0 means C is only
 * written, never read.
 *
 * Parameters:
 *   TXF_DOUBLE      1 for float64 (needs cl_khr_fp64), 0 for float32
 *   TRANS_A/B       0 or 1, as above
 *   MWG, NWG, KWG   block of C per work-group (MWG x NWG) and K step
 *   MDIMC, NDIMC    work-items per group along M and N; each computes an
 *                   (MWG / MDIMC) x (NWG / NDIMC) register block, its rows
 *                   and columns strided by MDIMC and NDIMC so that the
 *                   work-items of a row store neighbouring columns
 *   VWA, VWB        vector width of the global loads of A and B along their
 *                   contiguous dimension (1, 2, 4 or 8)
 *
 * Kernels and the edge strategy each implements:
 *   matmul_simple    SIMPLE: one work-item per element of C, bounds-checked;
 *                    also the band kernel of SPLIT
 *   matmul_even      the tiled kernel without checks: M, N, K must be
 *                    multiples of MWG, NWG, KWG (SPLIT's main block, PADCOPY)
 *   matmul_pad       PAD: launch rounded up to whole blocks; tile loads out
 *                    of range read 0 (the conditions for A and for B differ
 *                    from the store condition for C), stores are dropped
 *   matmul_truncate  TRUNCATE: launch rounded down to whole blocks; the main
 *                    area walks K in whole steps and finishes the K
 *                    remainder from global memory; the work-items on the
 *                    last row and column of the main area also compute the
 *                    bottom band, the right band and the corner
 *   matmul_pack_a/b  PADCOPY: copy op(A) / op(B) into zero-padded K-major
 *                    temporaries (Kp x Mp and Kp x Np)
 *   matmul_unpack    PADCOPY: C = Cp + beta * C over the M x N part of Cp
 */
#ifndef TXF_COMMON_CL
#include "common.cl"
#endif

#ifndef TXF_DOUBLE
#define TXF_DOUBLE 0
#endif
#if TXF_DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real_t;
#else
typedef float real_t;
#endif

#ifndef TRANS_A
#define TRANS_A 0
#endif
#ifndef TRANS_B
#define TRANS_B 0
#endif
#ifndef MWG
#define MWG 32
#endif
#ifndef NWG
#define NWG 32
#endif
#ifndef KWG
#define KWG 16
#endif
#ifndef MDIMC
#define MDIMC 8
#endif
#ifndef NDIMC
#define NDIMC 8
#endif
#ifndef VWA
#define VWA 1
#endif
#ifndef VWB
#define VWB 1
#endif

#define MWI (MWG / MDIMC)
#define NWI (NWG / NDIMC)
#define WGS (MDIMC * NDIMC)

#if MWG % MDIMC != 0 || NWG % NDIMC != 0
#error "MDIMC must divide MWG and NDIMC must divide NWG"
#endif

/* Element access by logical index: A(m, k) of op(A), B(k, n) of op(B). */
#if TRANS_A
#define A_AT(m, k) a[(k) * lda + (m)]
#define A_CONTIG MWG /* contiguous extent of a tile of A */
#define A_OTHER KWG
#else
#define A_AT(m, k) a[(m) * lda + (k)]
#define A_CONTIG KWG
#define A_OTHER MWG
#endif
#if TRANS_B
#define B_AT(k, n) b[(n) * ldb + (k)]
#define B_CONTIG KWG
#define B_OTHER NWG
#else
#define B_AT(k, n) b[(k) * ldb + (n)]
#define B_CONTIG NWG
#define B_OTHER KWG
#endif

#if A_CONTIG % VWA != 0 || (MWG * KWG / VWA) % WGS != 0
#error "VWA must divide the contiguous side of the A tile and the work must split evenly"
#endif
#if B_CONTIG % VWB != 0 || (KWG * NWG / VWB) % WGS != 0
#error "VWB must divide the contiguous side of the B tile and the work must split evenly"
#endif

/* Vector types of real_t, and loads of VWA / VWB elements. vloadn needs only
 * element alignment; lanes are read back through a private array view. */
#if TXF_DOUBLE
#define real2 double2
#define real4 double4
#define real8 double8
#else
#define real2 float2
#define real4 float4
#define real8 float8
#endif
#define TXF_VEC_(w) TXF_VEC_##w
#define TXF_VEC(w) TXF_VEC_(w)
#define TXF_VEC_1 real_t
#define TXF_VEC_2 real2
#define TXF_VEC_4 real4
#define TXF_VEC_8 real8
#define TXF_VLOAD_(w) vload##w
#define TXF_VLOAD(w) TXF_VLOAD_(w)
typedef TXF_VEC(VWA) vec_a;
typedef TXF_VEC(VWB) vec_b;
#if VWA == 1
#define LOAD_A(p) (*(p))
#define LANE_A(v, e) (v)
#else
#define LOAD_A(p) TXF_VLOAD(VWA)(0, (p))
#define LANE_A(v, e) (((const real_t *)&(v))[e])
#endif
#if VWB == 1
#define LOAD_B(p) (*(p))
#define LANE_B(v, e) (v)
#else
#define LOAD_B(p) TXF_VLOAD(VWB)(0, (p))
#define LANE_B(v, e) (((const real_t *)&(v))[e])
#endif

/* Store one element of C: BLAS semantics for beta == 0. */
inline void store_c(__global real_t *c, real_t alpha, real_t beta, real_t acc)
{
	if (beta == (real_t)0)
		*c = alpha * acc;
	else
		*c = alpha * acc + beta * *c;
}

__kernel void matmul_simple(ulong M, ulong N, ulong K, real_t alpha, __global const real_t *a,
                            ulong a_off, ulong lda, __global const real_t *b, ulong b_off,
                            ulong ldb, real_t beta, __global real_t *c, ulong c_off, ulong ldc)
{
	const ulong n = get_global_id(0), m = get_global_id(1);
	if (m >= M || n >= N)
		return;
	a += a_off;
	b += b_off;
	real_t acc = 0;
	for (ulong k = 0; k < K; k++)
		acc = fma(A_AT(m, k), B_AT(k, n), acc);
	store_c(c + c_off + m * ldc + n, alpha, beta, acc);
}

/* Load the tiles of A and B for K offset k0 into local memory, stored
 * K-major (al[k][m], bl[k][n]). With `guarded`, elements outside M, N or K
 * read 0 (each operand has its own condition); a vector that is partly
 * outside falls back to scalar loads. */
inline void load_tiles(__local real_t (*al)[MWG], __local real_t (*bl)[NWG],
                       __global const real_t *a, ulong lda, __global const real_t *b, ulong ldb,
                       ulong m0, ulong n0, ulong k0, ulong M, ulong N, ulong K, uint tid,
                       bool guarded)
{
	for (uint f = tid; f < MWG * KWG / VWA; f += WGS) {
		const uint cv = f % (A_CONTIG / VWA), o = f / (A_CONTIG / VWA);
#if TRANS_A
		const ulong mm = m0 + cv * VWA, kk = k0 + o; /* contiguous along m */
		const bool full = !guarded || (kk < K && mm + VWA <= M);
		if (full) {
			vec_a v = LOAD_A(&A_AT(mm, kk));
			for (uint e = 0; e < VWA; e++)
				al[o][cv * VWA + e] = LANE_A(v, e);
		} else {
			for (uint e = 0; e < VWA; e++)
				al[o][cv * VWA + e] = (kk < K && mm + e < M) ? A_AT(mm + e, kk) : 0;
		}
#else
		const ulong mm = m0 + o, kk = k0 + cv * VWA; /* contiguous along k */
		const bool full = !guarded || (mm < M && kk + VWA <= K);
		if (full) {
			vec_a v = LOAD_A(&A_AT(mm, kk));
			for (uint e = 0; e < VWA; e++)
				al[cv * VWA + e][o] = LANE_A(v, e);
		} else {
			for (uint e = 0; e < VWA; e++)
				al[cv * VWA + e][o] = (mm < M && kk + e < K) ? A_AT(mm, kk + e) : 0;
		}
#endif
	}
	for (uint f = tid; f < KWG * NWG / VWB; f += WGS) {
		const uint cv = f % (B_CONTIG / VWB), o = f / (B_CONTIG / VWB);
#if TRANS_B
		const ulong nn = n0 + o, kk = k0 + cv * VWB; /* contiguous along k */
		const bool full = !guarded || (nn < N && kk + VWB <= K);
		if (full) {
			vec_b v = LOAD_B(&B_AT(kk, nn));
			for (uint e = 0; e < VWB; e++)
				bl[cv * VWB + e][o] = LANE_B(v, e);
		} else {
			for (uint e = 0; e < VWB; e++)
				bl[cv * VWB + e][o] = (nn < N && kk + e < K) ? B_AT(kk + e, nn) : 0;
		}
#else
		const ulong nn = n0 + cv * VWB, kk = k0 + o; /* contiguous along n */
		const bool full = !guarded || (kk < K && nn + VWB <= N);
		if (full) {
			vec_b v = LOAD_B(&B_AT(kk, nn));
			for (uint e = 0; e < VWB; e++)
				bl[o][cv * VWB + e] = LANE_B(v, e);
		} else {
			for (uint e = 0; e < VWB; e++)
				bl[o][cv * VWB + e] = (kk < K && nn + e < N) ? B_AT(kk, nn + e) : 0;
		}
#endif
	}
}

/* The register-blocked product of one work-group's block over K steps
 * [0, kend): acc[i][j] accumulates C(m0 + tm + i MDIMC, n0 + tn + j NDIMC). */
inline void block_product(real_t acc[MWI][NWI], __local real_t (*al)[MWG],
                          __local real_t (*bl)[NWG], __global const real_t *a, ulong lda,
                          __global const real_t *b, ulong ldb, ulong m0, ulong n0, ulong kend,
                          ulong M, ulong N, ulong K, uint tm, uint tn, bool guarded)
{
	const uint tid = tm * NDIMC + tn;
	for (ulong k0 = 0; k0 < kend; k0 += KWG) {
		load_tiles(al, bl, a, lda, b, ldb, m0, n0, k0, M, N, K, tid, guarded);
		barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll 4
		for (uint k = 0; k < KWG; k++) {
			real_t ar[MWI], br[NWI];
#pragma unroll
			for (uint i = 0; i < MWI; i++)
				ar[i] = al[k][tm + i * MDIMC];
#pragma unroll
			for (uint j = 0; j < NWI; j++)
				br[j] = bl[k][tn + j * NDIMC];
#pragma unroll
			for (uint i = 0; i < MWI; i++)
#pragma unroll
				for (uint j = 0; j < NWI; j++)
					acc[i][j] = fma(ar[i], br[j], acc[i][j]);
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}

#define TXF_MATMUL_WG __attribute__((reqd_work_group_size(NDIMC, MDIMC, 1)))
#define MATMUL_ARGS                                                                                \
	ulong M, ulong N, ulong K, real_t alpha, __global const real_t *restrict a, ulong a_off,    \
	    ulong lda, __global const real_t *restrict b, ulong b_off, ulong ldb, real_t beta,      \
	    __global real_t *restrict c, ulong c_off, ulong ldc

__kernel TXF_MATMUL_WG void matmul_even(MATMUL_ARGS)
{
	__local real_t al[KWG][MWG];
	__local real_t bl[KWG][NWG];
	const uint tn = get_local_id(0), tm = get_local_id(1);
	const ulong m0 = (ulong)get_group_id(1) * MWG, n0 = (ulong)get_group_id(0) * NWG;
	real_t acc[MWI][NWI];
	for (uint i = 0; i < MWI; i++)
		for (uint j = 0; j < NWI; j++)
			acc[i][j] = 0;
	block_product(acc, al, bl, a + a_off, lda, b + b_off, ldb, m0, n0, K, M, N, K, tm, tn,
	              false);
	for (uint i = 0; i < MWI; i++)
		for (uint j = 0; j < NWI; j++)
			store_c(c + c_off + (m0 + tm + i * MDIMC) * ldc + n0 + tn + j * NDIMC, alpha,
			        beta, acc[i][j]);
}

__kernel TXF_MATMUL_WG void matmul_pad(MATMUL_ARGS)
{
	__local real_t al[KWG][MWG];
	__local real_t bl[KWG][NWG];
	const uint tn = get_local_id(0), tm = get_local_id(1);
	const ulong m0 = (ulong)get_group_id(1) * MWG, n0 = (ulong)get_group_id(0) * NWG;
	real_t acc[MWI][NWI];
	for (uint i = 0; i < MWI; i++)
		for (uint j = 0; j < NWI; j++)
			acc[i][j] = 0;
	/* Every work-item takes part in the loads, even those whose outputs
	 * lie outside C: their tiles are shared. */
	block_product(acc, al, bl, a + a_off, lda, b + b_off, ldb, m0, n0, K, M, N, K, tm, tn, true);
	for (uint i = 0; i < MWI; i++) {
		const ulong m = m0 + tm + i * MDIMC;
		for (uint j = 0; j < NWI; j++) {
			const ulong n = n0 + tn + j * NDIMC;
			if (m < M && n < N)
				store_c(c + c_off + m * ldc + n, alpha, beta, acc[i][j]);
		}
	}
}

/* One element of C from global memory: the leftover path of TRUNCATE. */
inline void leftover(ulong m, ulong n, ulong K, real_t alpha, __global const real_t *a,
                     ulong lda, __global const real_t *b, ulong ldb, real_t beta,
                     __global real_t *c, ulong ldc)
{
	real_t acc = 0;
	for (ulong k = 0; k < K; k++)
		acc = fma(A_AT(m, k), B_AT(k, n), acc);
	store_c(c + m * ldc + n, alpha, beta, acc);
}

__kernel TXF_MATMUL_WG void matmul_truncate(MATMUL_ARGS)
{
	__local real_t al[KWG][MWG];
	__local real_t bl[KWG][NWG];
	const uint tn = get_local_id(0), tm = get_local_id(1);
	const ulong m0 = (ulong)get_group_id(1) * MWG, n0 = (ulong)get_group_id(0) * NWG;
	a += a_off;
	b += b_off;
	c += c_off;
	const ulong k_t = K - K % KWG, m_t = M - M % MWG, n_t = N - N % NWG;
	real_t acc[MWI][NWI];
	for (uint i = 0; i < MWI; i++)
		for (uint j = 0; j < NWI; j++)
			acc[i][j] = 0;
	/* Main area: whole K steps through local memory, no checks... */
	block_product(acc, al, bl, a, lda, b, ldb, m0, n0, k_t, M, N, K, tm, tn, false);
	/* ...and the K remainder straight from global memory. */
	for (uint i = 0; i < MWI; i++) {
		const ulong m = m0 + tm + i * MDIMC;
		for (uint j = 0; j < NWI; j++) {
			const ulong n = n0 + tn + j * NDIMC;
			real_t s = acc[i][j];
			for (ulong k = k_t; k < K; k++)
				s = fma(A_AT(m, k), B_AT(k, n), s);
			store_c(c + m * ldc + n, alpha, beta, s);
		}
	}
	/* Leftover outputs, done by the work-items on the edge of the main
	 * area: false for almost every work-item. */
	const bool bottom = (get_group_id(1) == get_num_groups(1) - 1) & (tm == MDIMC - 1);
	const bool right = (get_group_id(0) == get_num_groups(0) - 1) & (tn == NDIMC - 1);
	if (bottom | right) {
		if (bottom) /* bottom band: rows m_t.. under this work-item's columns */
			for (uint j = 0; j < NWI; j++)
				for (ulong m = m_t; m < M; m++)
					leftover(m, n0 + tn + j * NDIMC, K, alpha, a, lda, b, ldb, beta, c,
					         ldc);
		if (right) /* right band: columns n_t.. beside this work-item's rows */
			for (uint i = 0; i < MWI; i++)
				for (ulong n = n_t; n < N; n++)
					leftover(m0 + tm + i * MDIMC, n, K, alpha, a, lda, b, ldb, beta, c,
					         ldc);
		if (bottom & right) /* corner */
			for (ulong m = m_t; m < M; m++)
				for (ulong n = n_t; n < N; n++)
					leftover(m, n, K, alpha, a, lda, b, ldb, beta, c, ldc);
	}
}

/* PADCOPY: dst (Kp x Xp, row-major, leading dimension Xp) = op(src) laid
 * K-major, zero outside X x K. Work-item (x, k). */
__kernel void matmul_pack_a(ulong M, ulong K, __global const real_t *a, ulong a_off, ulong lda,
                            __global real_t *dst, ulong dst_off, ulong Mp, ulong Kp)
{
	const ulong m = get_global_id(0), k = get_global_id(1);
	if (m >= Mp || k >= Kp)
		return;
	a += a_off;
	dst[dst_off + k * Mp + m] = (m < M && k < K) ? A_AT(m, k) : 0;
}

__kernel void matmul_pack_b(ulong N, ulong K, __global const real_t *b, ulong b_off, ulong ldb,
                            __global real_t *dst, ulong dst_off, ulong Np, ulong Kp)
{
	const ulong n = get_global_id(0), k = get_global_id(1);
	if (n >= Np || k >= Kp)
		return;
	b += b_off;
	dst[dst_off + k * Np + n] = (n < N && k < K) ? B_AT(k, n) : 0;
}

/* PADCOPY: C (M x N) = Cp + beta * C, Cp holding alpha * op(A) op(B). */
__kernel void matmul_unpack(ulong M, ulong N, __global const real_t *cp, ulong cp_off, ulong ldcp,
                            real_t beta, __global real_t *c, ulong c_off, ulong ldc)
{
	const ulong n = get_global_id(0), m = get_global_id(1);
	if (m >= M || n >= N)
		return;
	store_c(c + c_off + m * ldc + n, (real_t)1, beta, cp[cp_off + m * ldcp + n]);
}
