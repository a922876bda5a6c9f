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
 *                   contiguous dimension (1, 2, 4, 8 or 16)
 *   LBUF            local buffers per operand in the tiled kernels: 1 (two
 *                   barriers per K step) or 2 (the next K step is stored
 *                   into the other buffer while this one is multiplied: one
 *                   barrier per K step, twice the local memory); with MMA 2,
 *                   2 to 4 are the stages of a cp.async pipeline (below);
 *                   with MMA 1, 3 and 4 are the stages of the same pipeline
 *                   (KGRP 1), each operand's tile laid out along its
 *                   contiguous direction (FMA_STAGED, below)
 *   WMAP            how the tiled kernels lay their work-items over the
 *                   MDIMC x NDIMC grid: 1 row by row (work-item (i, j) of
 *                   the grid is local id (j, i)); 2 in tiles of 4 x 8, so
 *                   that 32 consecutive work-items read 4 distinct A and 8
 *                   distinct B vectors from local memory per k (needs MDIMC
 *                   a multiple of 4 and NDIMC of 8)
 *   KGRP            K groups of the tiled kernels: a work-group is KGRP
 *                   groups of MDIMC x NDIMC work-items (local id 2 is the
 *                   group), each walking its own run of whole K steps of
 *                   the work-group's K with its own local tiles; at the end
 *                   group 0 adds the others' partial sums, in group order,
 *                   through local memory and stores the block (1: none)
 *   MMA             the arithmetic of the tiled kernels: 1 fused multiply-adds
 *                   of each work-item's register block; 2 to 4 the f64
 *                   matrix units of NVIDIA devices through inline PTX
 *                   mma.sync: 2 m8n8k4 (compute capability 8.0 and later),
 *                   3 m16n8k4 and 4 m16n8k8 (9.0 and later). The work-items
 *                   form warps of 4 x 8 in the MDIMC x NDIMC grid, each warp
 *                   computing a (MWG / (MDIMC / 4)) x (NWG / (NDIMC / 8))
 *                   part of the block in 8 x 8 tiles (pairs of them for
 *                   m16); WMAP and KGRP must be 1, and the kernels are
 *                   matmul_even and matmul_pad (no matmul_truncate).
 *                   f32 (TXF_DOUBLE 0) runs on the TF32 units (compute
 *                   capability 8.0 and later) with MMA 3 (m16n8k4) or 4
 *                   (m16n8k8) and PREC 2 or 3
 *   PREC            with f32 on the matrix units, how operands become TF32:
 *                   2 (3xTF32) splits each into a high part, rounded to
 *                   TF32, and a low part, the rest rounded to TF32, and
 *                   adds the products low x high, high x low and high x
 *                   high; 3 (TF32) rounds each to TF32 for one product.
 *                   Rounding is to nearest, ties away from zero (cvt.rna)
 *   TF32_PACKED     with PREC 3: bit 1 (2) set where PADCOPY's pack has
 *                   rounded A (B) to TF32 already; the packs round where
 *                   PREC is 3 on the matrix units
 *   TXF_IN16        with f32 and MMA 4: 1 (f16) or 2 (bf16) where each
 *                   32-bit element of A and B holds two 16-bit values of
 *                   one row (column) of op(A) (op(B)), k = 2 i in its low
 *                   half and k = 2 i + 1 in its high half, as PADCOPY's
 *                   pair packs write them (cl/convert.cl; TRANS_A 1 and
 *                   TRANS_B 0). K, KWG and the leading dimensions then
 *                   count those pairs, and each
 *                   instruction is mma.sync m16n8k16 on the f16 (bf16)
 *                   matrix units: products exact, sums in f32. PREC and
 *                   TF32_PACKED play no part; 0 (default): none
 *   TXF_NV_PTX      with MMA 2 to 4 or LBUF 3 to 4: 1 where the device runs
 *                   NVIDIA's PTX; 0 computes each mma.sync in OpenCL C
 *                   instead (the lanes of a warp trade their fragments
 *                   through local memory, as the instruction's layout
 *                   places them), and the stages' copies are plain loads
 *                   and stores, so that the kernels can be checked on any
 *                   device
 *   C_STORE         how the tiled kernels store C: 0 (default) element by
 *                   element from each work-item's register block; 1 each
 *                   run of VWN columns (below) as one vector, where C's
 *                   offset and leading dimension are multiples of VWN; 2
 *                   through local memory, MDIMC rows at a time, so that
 *                   consecutive work-items store consecutive elements of a
 *                   row (needs KGRP 1); 3 element by element with each
 *                   work-item's columns of the block NDIMC apart rather
 *                   than in runs of VWN (VWN is 1), so that a warp's
 *                   store of one register column is contiguous, at the
 *                   price of reading B's tile element by element (MMA 1).
 *                   With MMA 2 to 4 and f32: 1 where
 *                   C's offset and leading dimension are even, and each
 *                   work-item's two adjacent elements of a fragment row are
 *                   then one store (f64 checks that itself). In the
 *                   blocked kernels: 1 stores each band of VWA rows as
 *                   soon as its last K panel is summed, 0 the whole block
 *                   at its end
 *   With MDIMC = NDIMC = 1 the product kernels are the blocked ones (see
 *   below): one work-item per block, register tiles of VWA rows by 2 VWB
 *   columns; LBUF, WMAP and KGRP must be 1.
 *   BPANELS         with the blocked kernel and KVEC 1: 1 where op(B) comes
 *                   packed in panels of 2 VWB columns by matmul_pack_panels
 *                   (PADCOPY on CPUs): panel j holds columns 2 VWB j ..
 *                   as K x 2 VWB elements row by row, zeros past N, and
 *                   panels lie ldb elements apart; the product then reads
 *                   B's panels where they lie instead of copying them into
 *                   local memory block by block. 0 (default): none
 *   KVEC            with the blocked kernel: 2, 4, 8 or 16, its products
 *                   summed along K in vectors of KVEC lanes, for a C of few
 *                   columns (see the blocked kernels); VWA and VWB are then
 *                   the rows and columns of its register tiles. 1
 *                   (default): along N, as below
 *   DOT             defined (2 to 256, a power of two): the program of the
 *                   reduction kernel, matmul_dot (below), with DOT lanes
 *                   along K; it builds neither the blocked nor the tiled
 *                   kernels. DOT_UNROLL: k a lane loads before it
 *                   multiplies (default 2)
 *
 * Kernels and the edge strategy each implements:
 *   matmul_simple    SIMPLE: one work-item per element of C, bounds-checked;
 *                    also the band kernel of SPLIT
 *   matmul_even      the tiled kernel without checks: M, N, K must be
 *                    multiples of MWG, NWG, KWG (SPLIT's main block, PADCOPY)
 *   matmul_pad       PAD: launch rounded up to whole blocks; tile loads out
 *                    of range read 0 (the conditions for A and for B differ
 *                    from the store condition for C), stores are dropped
 *   matmul_clip      PADCOPY where C is written in place but its blocks do
 *                    not divide it: loads as matmul_even (the operands are
 *                    padded packs, or the caller's where they need no
 *                    padding; K a multiple of KWG), launch rounded up to
 *                    whole blocks, stores outside M x N dropped
 *   matmul_truncate  TRUNCATE: launch rounded down to whole blocks; the main
 *                    area walks K in whole steps and finishes the K
 *                    remainder from global memory; the work-items on the
 *                    last row and column of the main area also compute the
 *                    bottom band, the right band and the corner
 *   matmul_pack_a/b  PADCOPY: copy op(A) / op(B) into zero-padded K-major
 *                    temporaries (Kp x Mp and Kp x Np)
 *   matmul_pack_a/b_tiled  the same for an operand stored across K,
 *                    through local tiles
 *   matmul_pack_panels  PADCOPY for the blocked kernel: op(B) into the
 *                    panels that BPANELS reads
 *   matmul_unpack    PADCOPY and K slices: C = (sum of the slices of Cp) +
 *                    beta * C over the M x N part of Cp
 *   matmul_dot       PAD with DOT: a C of a few elements or a short side
 *                    over a deep K, lanes along K, no local tiles, K slices
 *                    as below
 *
 * K slices: matmul_even and matmul_pad may be launched with several
 * work-groups along dimension 2. Each takes its own run of whole K steps
 * and stores alpha times its part of the product in its own M x N slice of
 * C, M * ldc elements after the previous one (the host launches them with
 * beta = 0 into a temporary and sums the slices with matmul_unpack). With
 * one work-group along dimension 2 the slice is the whole product.
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
#ifndef LBUF
#define LBUF 1
#endif
#ifndef WMAP
#define WMAP 1
#endif
#ifndef KGRP
#define KGRP 1
#endif
#ifndef MMA
#define MMA 1
#endif
#if MMA < 1 || MMA > 4
#error "MMA must be 1 (fused multiply-adds) or 2 to 4 (matrix units)"
#endif
#ifndef PREC
#define PREC 1
#endif
#ifndef TF32_PACKED
#define TF32_PACKED 0
#endif
#if PREC < 1 || PREC > 3
#error "PREC must be 1 (exact), 2 (3xTF32) or 3 (TF32)"
#endif
#if MMA >= 2 && !TXF_DOUBLE && (MMA == 2 || PREC == 1)
#error "f32 on the matrix units takes MMA 3 or 4 and PREC 2 or 3"
#endif
#ifndef TXF_NV_PTX
#define TXF_NV_PTX 0
#endif
#ifndef TXF_IN16
#define TXF_IN16 0
#endif
#if TXF_IN16 && (TXF_DOUBLE || MMA != 4 || TXF_IN16 > 2 || !TRANS_A || TRANS_B)
#error "TXF_IN16 (1 f16, 2 bf16 pairs) takes f32, MMA 4, TRANS_A 1 and TRANS_B 0"
#endif
#if LBUF < 1 || LBUF > 4
#error "LBUF must be 1 to 4"
#endif
/* The tiled kernels whose tiles go through cp.async stages: the matrix
 * units', and the fused multiply-adds' with LBUF 3 or 4. */
#define FMA_STAGED (MMA == 1 && LBUF >= 3)
#define STAGED (MMA >= 2 || FMA_STAGED)
#if FMA_STAGED && (KGRP != 1 || (MDIMC == 1 && NDIMC == 1))
#error "LBUF 3 or 4 with MMA 1 takes the tiled kernel and KGRP 1"
#endif
#if WMAP != 1 && WMAP != 2
#error "WMAP must be 1 or 2"
#endif
#if KGRP < 1 || (KGRP > 1 && MDIMC == 1 && NDIMC == 1)
#error "KGRP must be at least 1, and 1 for the blocked kernel"
#endif
#ifndef VWA
#define VWA 1
#endif
#ifndef KVEC
#define KVEC 1
#endif
#if KVEC != 1 && (MDIMC != 1 || NDIMC != 1 || MMA != 1 || defined(DOT) ||                          \
                  (KVEC != 2 && KVEC != 4 && KVEC != 8 && KVEC != 16))
#error "KVEC (2, 4, 8 or 16) takes the blocked kernel (MDIMC = NDIMC = 1) and MMA 1"
#endif
#ifndef BPANELS
#define BPANELS 0
#endif
#if BPANELS && (MDIMC != 1 || NDIMC != 1 || KVEC != 1 || defined(DOT))
#error "BPANELS takes the blocked kernel (MDIMC = NDIMC = 1) with KVEC 1"
#endif
#ifndef C_STORE
#define C_STORE 0
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

#if !defined(DOT) && (A_CONTIG % VWA != 0 || (MWG * KWG / VWA) % WGS != 0)
#error "VWA must divide the contiguous side of the A tile and the work must split evenly"
#endif
#if !defined(DOT) && (B_CONTIG % VWB != 0 || (KWG * NWG / VWB) % WGS != 0)
#error "VWB must divide the contiguous side of the B tile and the work must split evenly"
#endif

/* Vector types of real_t, and loads of VWA / VWB elements. vloadn needs only
 * element alignment; lanes are read back through a private array view. */
#if TXF_DOUBLE
#define real2 double2
#define real4 double4
#define real8 double8
#define real16 double16
#else
#define real2 float2
#define real4 float4
#define real8 float8
#define real16 float16
#endif
#define TXF_VEC_(w) TXF_VEC_##w
#define TXF_VEC(w) TXF_VEC_(w)
#define TXF_VEC_1 real_t
#define TXF_VEC_2 real2
#define TXF_VEC_4 real4
#define TXF_VEC_8 real8
#define TXF_VEC_16 real16
#define TXF_VLOAD_(w) vload##w
#define TXF_VLOAD(w) TXF_VLOAD_(w)
#define TXF_VSTORE_(w) vstore##w
#define TXF_VSTORE(w) TXF_VSTORE_(w)
#define vload1(o, p) ((p)[o])
#define vstore1(v, o, p) ((p)[o] = (v))
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

/* The scalars of a product launch (matmul_simple, _even, _pad, _clip and
 * _truncate), in one argument: a launch with four arguments costs less host
 * time than one with fourteen (NVIDIA: about 0.14 us each). lib/matmul.c
 * fills the same layout. */
typedef struct mm_scalars {
	ulong M, N, K, a_off, lda, b_off, ldb, c_off, ldc;
	real_t alpha, beta;
} mm_scalars;
#define MATMUL_ARGS                                                                                \
	mm_scalars sc_, __global const real_t *restrict a, __global const real_t *restrict b,     \
	    __global real_t *restrict c
/* The scalars as variables of the kernel (K_SLICE moves K). */
#define MATMUL_SCALARS()                                                                           \
	ulong M = sc_.M, N = sc_.N, K = sc_.K;                                                     \
	const ulong a_off = sc_.a_off, lda = sc_.lda, b_off = sc_.b_off, ldb = sc_.ldb,            \
	            c_off = sc_.c_off, ldc = sc_.ldc;                                              \
	const real_t alpha = sc_.alpha, beta = sc_.beta

__kernel void matmul_simple(MATMUL_ARGS)
{
	MATMUL_SCALARS();
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

/* Offsets of element k of a row of op(A) and of a column of op(B). */
#if TRANS_A
#define A_KOFF(k) ((k) * lda)
#else
#define A_KOFF(k) (k)
#endif
#if TRANS_B
#define B_KOFF(k) (k)
#else
#define B_KOFF(k) ((k) * ldb)
#endif

/* The K slice of this work-group (see the top of the file): moves a, b and
 * c (offsets included) to it and leaves its length of K in K. The slice
 * length is a whole number of K steps, so a K that KWG divides stays
 * divided. */
#define K_SLICE()                                                                                  \
	do {                                                                                       \
		const ulong ns_ = get_num_groups(2), s_ = get_group_id(2);                         \
		const ulong len_ = ((K + KWG - 1) / KWG + ns_ - 1) / ns_ * KWG;                    \
		const ulong k0_ = min(K, s_ * len_);                                               \
		a += a_off + A_KOFF(k0_);                                                          \
		b += b_off + B_KOFF(k0_);                                                          \
		c += c_off + s_ * M * ldc;                                                         \
		K = min(K - k0_, len_);                                                            \
	} while (0)

#define TXF_MATMUL_WG TXF_REQD_WG(NDIMC, MDIMC, KGRP)

/* The first row and column of this work-group's block of C. Without
 * RASTER (or RASTER 1) block (i, j) is work-group (j, i) (for the blocked
 * kernels, as below). With RASTER R > 1
 * the work-groups, in the order of their linear ids, walk bands of R block
 * rows column by column (the last band may have fewer rows), so that the
 * groups running at one time share their K slices of A and B in the
 * caches. */
#ifndef RASTER
#define RASTER 1
#endif
#if RASTER > 1
#define BLOCK_ORIGIN(m0, n0)                                                                       \
	const ulong gx_ = get_num_groups(0), gy_ = get_num_groups(1);                              \
	const ulong lin_ = get_group_id(1) * gx_ + get_group_id(0);                                \
	const ulong band_ = lin_ / (RASTER * gx_), in_ = lin_ % (RASTER * gx_);                    \
	const ulong rows_ = min((ulong)RASTER, gy_ - band_ * RASTER);                              \
	const ulong m0 = (band_ * RASTER + in_ % rows_) * MWG, n0 = in_ / rows_ * NWG
#elif MDIMC == 1 && NDIMC == 1
/* The blocked kernels (CPUs) skip the register tiles of a partial last
 * block row past M, which makes its blocks cheap. POCL's CPU driver hands
 * its T threads contiguous runs of ceil(remaining / T) linear ids (with
 * two threads, the first one takes half of them), so such blocks are
 * spread evenly over the ids: one before every gy - 1 blocks of the rows
 * above, which go row by row. */
#define BLOCK_ORIGIN(m0, n0)                                                                       \
	const ulong gx_ = get_num_groups(0), gy_ = get_num_groups(1);                              \
	const ulong lin_ = get_group_id(1) * gx_ + get_group_id(0);                                \
	const bool spread_ = gy_ > 1 && M % MWG != 0;                                              \
	const ulong q_ = lin_ / gy_, r_ = lin_ % gy_;                                              \
	const bool last_ = spread_ && r_ == 0;                                                     \
	const ulong j_ = spread_ ? q_ * (gy_ - 1) + r_ - 1 : lin_;                                 \
	const ulong m0 = (last_ ? gy_ - 1 : j_ / gx_) * MWG, n0 = (last_ ? q_ : j_ % gx_) * NWG
#else
#define BLOCK_ORIGIN(m0, n0)                                                                       \
	const ulong m0 = (ulong)get_group_id(1) * MWG, n0 = (ulong)get_group_id(0) * NWG
#endif

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

/* The blocked and tiled kernels, in every program but matmul_dot's. */
#ifndef DOT
#if MDIMC == 1 && NDIMC == 1
#if LBUF != 1 || WMAP != 1 || MMA != 1
#error "the blocked kernel (MDIMC = NDIMC = 1) takes LBUF = WMAP = MMA = 1"
#endif
/*
 * The blocked kernels: a work-group of one work-item computes the whole
 * MWG x NWG block of C, the shape that suits CPUs (POCL runs a work-group
 * as a loop on one core, and private arrays that live across a barrier
 * leave the registers). For each K panel of KWG it copies the panel of B
 * into local memory, NR = 2 VWB columns at a time laid K-major, so that the
 * innermost loop reads it contiguously; then it walks the block in register
 * tiles of MR = VWA rows by NR columns: per k, two vectors of B and MR
 * broadcasts of A feed 2 MR vector FMAs. Partial sums of the block stay in
 * local memory between K panels; C is read (beta) and written once at the
 * end (with BLOCKED_BANDS: each tile inside C from its registers after its
 * last panel, the others by bands of rows).
 */
#if KVEC > 1
/*
 * With KVEC (2 to 16): the blocked kernels sum along K in vectors of KVEC
 * lanes, for a C of few columns whose operands lie along K. Register tiles
 * are MR = VWA rows by NR = VWB columns of C, each element a vector of
 * partial sums: per KVEC k, MR vectors of A and NR of B feed MR NR vector
 * FMAs. An operand stored along K (A with TRANS_A 0, B with TRANS_B 1) is
 * read where it lies; the other is copied per K panel into local memory,
 * one row of KWG per row of A (column of B). The partial-sum vectors stay
 * in local memory between K panels; after the last one each is added up,
 * halves in a fixed order, into the block's sums. A panel's last k that do
 * not fill a vector are read as the panel's last vector, the lanes before
 * them cleared (element by element where the panel is shorter than it).
 */
#define MR VWA
#define NR VWB
#if MWG % MR != 0 || NWG % NR != 0 || KWG % KVEC != 0
#error "KVEC: VWA must divide MWG, VWB NWG and KVEC KWG"
#endif
#else
#define MR VWA
#define NR (2 * VWB)
#if MWG % MR != 0 || NWG % NR != 0
#error "the blocked kernel needs VWA to divide MWG and 2 VWB to divide NWG"
#endif
#endif
/* Where the register tiles read B: its panels in global memory (BPANELS),
 * else the block's copy in local memory. A K slice starts k rows into
 * each panel. */
#if BPANELS
#define BQ_SPACE __global
#undef B_KOFF
#define B_KOFF(k) ((k) * NR)
#else
#define BQ_SPACE __local
#endif
#if TRANS_A
#define A_KSTEP lda
#else
#define A_KSTEP 1
#endif
/* Local memory of a blocked kernel, in elements: the panel (and with KVEC
 * the copied operands' panels and the partial-sum vectors), then the
 * block's sums. lib/fit.c counts the same. */
#if KVEC > 1
#define KV_BPAN (TRANS_B ? 0 : NWG * KWG)
#define KV_APAN (TRANS_A ? MWG * KWG : 0)
#define BLOCKED_PANEL (KV_BPAN + KV_APAN + MWG * NWG * KVEC)
#else
#define BLOCKED_PANEL (BPANELS ? 1 : KWG * NWG)
#endif
#define BLOCKED_LOCALS()                                                                           \
	__local real_t bp[BLOCKED_PANEL];                                                          \
	__local real_t cacc[MWG * NWG]

/* Whether blocked_product stores C itself, by bands of rows (C_STORE 1
 * without KVEC); else the kernel stores the whole block at its end. */
#define BLOCKED_BANDS (C_STORE == 1 && KVEC == 1)

/* C = alpha acc + beta C over rows i0 to i1 - 1 and columns < nend of the
 * block, from cacc. (Element stores: on POCL the compiler vectorises this
 * loop, faster than explicit vector stores of the same rows.) */
inline void blocked_rows(__local const real_t *cacc, __global real_t *c, ulong ldc, ulong m0,
                         ulong n0, uint i0, uint i1, uint j0, uint nend, real_t alpha,
                         real_t beta)
{
	for (uint i = i0; i < i1; i++) {
		__global real_t *row = c + (m0 + i) * ldc + n0;
		__local const real_t *src = cacc + i * NWG;
		for (uint j = j0; j < nend; j++)
			store_c(row + j, alpha, beta, src[j]);
	}
}

#if KVEC > 1
typedef TXF_VEC(KVEC) vec_k;
#if TRANS_A
#define A_SPACE __local
#else
#define A_SPACE __global
#endif
#if TRANS_B
#define B_SPACE __global
#else
#define B_SPACE __local
#endif

/* Lane numbers of a vector, in the integer type select() takes with it. */
#if TXF_DOUBLE
#define KV_INT_(w) long##w
#else
#define KV_INT_(w) int##w
#endif
#define KV_INT(w) KV_INT_(w)
#if KVEC == 2
#define KV_LANES ((KV_INT(2))(0, 1))
#elif KVEC == 4
#define KV_LANES ((KV_INT(4))(0, 1, 2, 3))
#elif KVEC == 8
#define KV_LANES ((KV_INT(8))(0, 1, 2, 3, 4, 5, 6, 7))
#else
#define KV_LANES ((KV_INT(16))(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
#endif

/* The `have` (1 to KVEC - 1) elements from p on, the other lanes 0: where
 * the panel holds a whole vector, the last KVEC elements up to p + have
 * with the lanes before p cleared, else element by element. */
#define KV_PART(space)                                                                             \
	inline vec_k kv_part_##space(space const real_t *p, uint have, bool whole)                 \
	{                                                                                          \
		if (whole) {                                                                       \
			const vec_k v = TXF_VLOAD(KVEC)(0, p + have - KVEC);                       \
			return select((vec_k)0, v, KV_LANES >= (KV_INT(KVEC))(KVEC - have));       \
		}                                                                                  \
		real_t t[KVEC];                                                                    \
		for (uint e = 0; e < KVEC; e++)                                                    \
			t[e] = e < have ? p[e] : (real_t)0;                                        \
		return TXF_VLOAD(KVEC)(0, t);                                                      \
	}
KV_PART(__global)
KV_PART(__local)
#define KV_PART_OF(space) KV_PART_OF_(space)
#define KV_PART_OF_(space) kv_part_##space

/* The sum of a vector's lanes, halves added in a fixed order. */
inline real_t kv_sum(vec_k v)
{
#if KVEC == 16
	const real8 h8 = v.lo + v.hi;
#elif KVEC == 8
	const real8 h8 = v;
#endif
#if KVEC >= 8
	const real4 h4 = h8.lo + h8.hi;
#elif KVEC == 4
	const real4 h4 = v;
#endif
#if KVEC >= 4
	const real2 h2 = h4.lo + h4.hi;
#else
	const real2 h2 = v;
#endif
	return h2.x + h2.y;
}

/* The block at (m0, n0) over K, as below (the sums of the register tiles
 * that hold rows < mend and columns < nend left in cacc). Rows past M read
 * row M - 1; columns past N read column N - 1 (B read where it lies) or 0
 * (copied); their results are never stored. */
inline void blocked_product(__local real_t *bp, __local real_t *cacc, __global const real_t *a,
                            ulong lda, __global const real_t *b, ulong ldb, ulong m0, ulong n0,
                            ulong M, ulong N, ulong K, bool guarded, __global real_t *c,
                            ulong ldc, uint mend, uint nend, real_t alpha, real_t beta)
{
	__local real_t *const bpan = bp, *const apan = bp + KV_BPAN;
	__local real_t *const vacc = bp + KV_BPAN + KV_APAN;
	/* Register tiles past the stored rows and columns are skipped. */
	const uint mlim = (mend + MR - 1) / MR * MR, nlim = (nend + NR - 1) / NR * NR;
	for (ulong k0 = 0; k0 < K; k0 += KWG) {
		const uint kb = (uint)min((ulong)KWG, K - k0);
#if !TRANS_B
		/* Column n0 + j of the panel of B as row j: along its rows of
		 * storage, NWG elements of each. */
		for (uint k = 0; k < kb; k++)
			for (uint j = 0; j < nlim; j++)
				bpan[j * KWG + k] =
				    (!guarded || n0 + j < N) ? B_AT(k0 + k, n0 + j) : (real_t)0;
#endif
#if TRANS_A
		/* Row m0 + i of the panel of A as row i, likewise. */
		for (uint k = 0; k < kb; k++)
			for (uint i = 0; i < mlim; i++)
				apan[i * KWG + k] = A_AT(guarded ? min(m0 + i, M - 1) : m0 + i, k0 + k);
#endif
		for (uint ib = 0; ib < mlim; ib += MR) {
			A_SPACE const real_t *ar[MR];
#pragma unroll
			for (uint i = 0; i < MR; i++) {
#if TRANS_A
				ar[i] = apan + (ib + i) * KWG;
#else
				ar[i] = &A_AT(guarded ? min(m0 + ib + i, M - 1) : m0 + ib + i, k0);
#endif
			}
			for (uint jb = 0; jb < nlim; jb += NR) {
				B_SPACE const real_t *br[NR];
#pragma unroll
				for (uint j = 0; j < NR; j++) {
#if TRANS_B
					br[j] = &B_AT(k0, guarded ? min(n0 + jb + j, N - 1) : n0 + jb + j);
#else
					br[j] = bpan + (jb + j) * KWG;
#endif
				}
				vec_k acc[MR][NR];
				__local real_t *vq = vacc + (ib * NWG + jb) * KVEC;
#pragma unroll
				for (uint i = 0; i < MR; i++)
#pragma unroll
					for (uint j = 0; j < NR; j++)
						acc[i][j] = k0 ? TXF_VLOAD(KVEC)(i * NWG + j, vq)
						               : (vec_k)0;
				uint k = 0;
				for (; k + KVEC <= kb; k += KVEC) {
					vec_k av[MR], bv[NR];
#pragma unroll
					for (uint i = 0; i < MR; i++)
						av[i] = TXF_VLOAD(KVEC)(0, ar[i] + k);
#pragma unroll
					for (uint j = 0; j < NR; j++)
						bv[j] = TXF_VLOAD(KVEC)(0, br[j] + k);
#pragma unroll
					for (uint i = 0; i < MR; i++)
#pragma unroll
						for (uint j = 0; j < NR; j++)
							acc[i][j] = fma(av[i], bv[j], acc[i][j]);
				}
				if (k < kb) {
					/* The panel's last k, with zeros past them. */
					vec_k av[MR], bv[NR];
#pragma unroll
					for (uint i = 0; i < MR; i++)
						av[i] = KV_PART_OF(A_SPACE)(ar[i] + k, kb - k, k > 0);
#pragma unroll
					for (uint j = 0; j < NR; j++)
						bv[j] = KV_PART_OF(B_SPACE)(br[j] + k, kb - k, k > 0);
#pragma unroll
					for (uint i = 0; i < MR; i++)
#pragma unroll
						for (uint j = 0; j < NR; j++)
							acc[i][j] = fma(av[i], bv[j], acc[i][j]);
				}
				/* After the last panel, the sums of the lanes. */
				if (k0 + KWG >= K) {
#pragma unroll
					for (uint i = 0; i < MR; i++)
#pragma unroll
						for (uint j = 0; j < NR; j++)
							cacc[(ib + i) * NWG + jb + j] = kv_sum(acc[i][j]);
				} else {
#pragma unroll
					for (uint i = 0; i < MR; i++)
#pragma unroll
						for (uint j = 0; j < NR; j++)
							TXF_VSTORE(KVEC)(acc[i][j], i * NWG + j, vq);
				}
			}
		}
	}
}
#else
/* VWB elements at an element-aligned address p + i VWB in the address
 * space Q: with clang one unaligned vector access (where POCL makes
 * vload16 and vstore16 of floats four 16-byte accesses with inserts or
 * extracts), else vloadn and vstoren. */
#ifdef __clang__
typedef vec_b __attribute__((aligned(sizeof(real_t)))) vec_bu;
#define BV_LOAD(Q, i, p) (((Q const vec_bu *)(p))[i])
#define BV_STORE(Q, v, i, p) (((Q vec_bu *)(p))[i] = (v))
#else
#define BV_LOAD(Q, i, p) TXF_VLOAD(VWB)(i, p)
#define BV_STORE(Q, v, i, p) TXF_VSTORE(VWB)(v, i, p)
#endif

/* One k of a register tile: c0, c1 (its rows' two vectors of columns) +=
 * A's column k of the tile's rows (row i's k at ar[i][k astep]) times row
 * k of the B panel bq. */
inline void blocked_k(vec_b *c0, vec_b *c1, __global const real_t *const *ar, ulong astep,
                      BQ_SPACE const real_t *bq, uint k)
{
	const vec_b b0 = BV_LOAD(BQ_SPACE, 0, bq + k * NR);
	const vec_b b1 = BV_LOAD(BQ_SPACE, 1, bq + k * NR);
#pragma unroll
	for (uint i = 0; i < MR; i++) {
		const vec_b av = (vec_b)ar[i][k * astep];
		c0[i] = fma(av, b0, c0[i]);
		c1[i] = fma(av, b1, c1[i]);
	}
}

/* The block at (m0, n0) over K. With `guarded`, rows past M read row M - 1
 * (their results are never stored) and columns past N read 0; K is always
 * exact. Leaves acc = op(A) op(B) in cacc over the block's register tiles
 * that hold rows < mend and columns < nend (the others are not computed);
 * with BLOCKED_BANDS also C = alpha acc + beta C over those rows and
 * columns, each band of MR rows after its last K panel. */
inline void blocked_product(__local real_t *bp, __local real_t *cacc, __global const real_t *a,
                            ulong lda, __global const real_t *b, ulong ldb, ulong m0, ulong n0,
                            ulong M, ulong N, ulong K, bool guarded, __global real_t *c,
                            ulong ldc, uint mend, uint nend, real_t alpha, real_t beta)
{
	/* Register tiles past the stored rows and columns are skipped. */
	const uint mlim = (mend + MR - 1) / MR * MR, plim = (nend + NR - 1) / NR;
	for (ulong k0 = 0; k0 < K; k0 += KWG) {
		const uint kb = (uint)min((ulong)KWG, K - k0);
#if !BPANELS
		/* Pack the panel of B: panel p holds columns n0 + p NR.. as kb x NR. */
		for (uint k = 0; k < kb; k++)
			for (uint p = 0; p < plim; p++) {
				const ulong n = n0 + p * NR;
				__local real_t *dst = bp + (p * KWG + k) * NR;
#if !TRANS_B
				__global const real_t *src = &B_AT(k0 + k, n);
				if (!guarded || n + NR <= N) {
					BV_STORE(__local, BV_LOAD(__global, 0, src), 0, dst);
					BV_STORE(__local, BV_LOAD(__global, 1, src), 1, dst);
					continue;
				}
#if VWB >= 8
				/* A panel past N, by halves of VWB columns: a vector
				 * where the half is inside N, zeros where it is past
				 * it (1 x 16 x 50000 f32 on a Xeon 1.3 times as fast
				 * as element by element; narrower halves lose to the
				 * compiler's vectors of the loop below). */
#pragma unroll
				for (uint h = 0; h < 2; h++) {
					const ulong nh = n + h * VWB;
					if (nh + VWB <= N)
						BV_STORE(__local, BV_LOAD(__global, h, src), h, dst);
					else if (nh >= N)
						BV_STORE(__local, (vec_b)0, h, dst);
					else
						for (uint e = 0; e < VWB; e++)
							dst[h * VWB + e] = nh + e < N ? src[h * VWB + e] : 0;
				}
				continue;
#endif
#endif
				for (uint e = 0; e < NR; e++)
					dst[e] = (!guarded || n + e < N) ? B_AT(k0 + k, n + e) : 0;
			}
#endif
		for (uint ib = 0; ib < mlim; ib += MR) {
			__global const real_t *ar[MR];
#pragma unroll
			for (uint i = 0; i < MR; i++) {
				ulong m = m0 + ib + i;
				if (guarded && m >= M)
					m = M - 1;
				ar[i] = &A_AT(m, k0);
			}
			for (uint p = 0; p < plim; p++) {
				vec_b c0[MR], c1[MR];
				__local real_t *cq = cacc + ib * NWG + p * NR;
#pragma unroll
				for (uint i = 0; i < MR; i++) {
					c0[i] = k0 ? BV_LOAD(__local, 0, cq + i * NWG) : (vec_b)0;
					c1[i] = k0 ? BV_LOAD(__local, 1, cq + i * NWG) : (vec_b)0;
				}
#if BPANELS
				__global const real_t *bq = b + (n0 / NR + p) * ldb + k0 * NR;
#else
				__local const real_t *bq = bp + p * KWG * NR;
#endif
				/* After the last panel, a tile inside C goes into C
				 * from its registers (BLOCKED_BANDS). Compiled for a
				 * CPU by clang (POCL), its lines of C are asked for
				 * (for writing) first, so that they arrive while it
				 * sums (on a Xeon, f64 C of rows off 64 bytes 1.5
				 * times as fast as without). GPU compilers based on
				 * clang (NVIDIA's) refuse the builtin a global
				 * pointer under OpenCL C 1.2. */
				const bool direct = BLOCKED_BANDS && k0 + KWG >= K && ib + MR <= mend &&
				                    p * NR + NR <= nend;
#if defined(__clang__) && (defined(__x86_64__) || defined(__aarch64__))
				if (direct) {
#pragma unroll
					for (uint i = 0; i < MR; i++) {
						__global const char *line =
						    (__global const char *)(c + (m0 + ib + i) * ldc + n0 +
						                            p * NR);
#pragma unroll
						for (uint l = 0; l <= NR * sizeof(real_t) / 64; l++)
							__builtin_prefetch(line + 64 * l, 1, 3);
					}
				}
#endif
				/* Four k a pass: the loop's own instructions and the
				 * updates of A's row addresses are paid once per
				 * four (on Intel cores they take ports from the
				 * FMAs). */
				uint k = 0;
				for (; k + 4 <= kb; k += 4) {
					blocked_k(c0, c1, ar, A_KSTEP, bq, k);
					blocked_k(c0, c1, ar, A_KSTEP, bq, k + 1);
					blocked_k(c0, c1, ar, A_KSTEP, bq, k + 2);
					blocked_k(c0, c1, ar, A_KSTEP, bq, k + 3);
				}
				for (; k < kb; k++)
					blocked_k(c0, c1, ar, A_KSTEP, bq, k);
				if (direct) {
#pragma unroll
					for (uint i = 0; i < MR; i++) {
						__global real_t *cr = c + (m0 + ib + i) * ldc + n0 + p * NR;
						vec_b v0 = alpha * c0[i], v1 = alpha * c1[i];
						if (beta != (real_t)0) {
							v0 += beta * BV_LOAD(__global, 0, cr);
							v1 += beta * BV_LOAD(__global, 1, cr);
						}
						BV_STORE(__global, v0, 0, cr);
						BV_STORE(__global, v1, 1, cr);
					}
					continue;
				}
#pragma unroll
				for (uint i = 0; i < MR; i++) {
					BV_STORE(__local, c0[i], 0, cq + i * NWG);
					BV_STORE(__local, c1[i], 1, cq + i * NWG);
				}
			}
#if BLOCKED_BANDS
			/* After the last panel, this band's other tiles (past
			 * C's edges) into C while their sums are in L1. */
			if (k0 + KWG >= K && (ib + MR > mend || plim * NR > nend))
				blocked_rows(cacc, c, ldc, m0, n0, ib, min(ib + MR, mend),
				             ib + MR <= mend ? nend - nend % NR : 0, nend, alpha, beta);
#endif
		}
	}
}

#endif /* KVEC */

/* C = alpha acc + beta C over rows < mend and columns < nend of the block
 * (where blocked_product did not store it by bands). */
inline void blocked_store(__local const real_t *cacc, __global real_t *c, ulong ldc, ulong m0,
                          ulong n0, uint mend, uint nend, real_t alpha, real_t beta, ulong K)
{
	for (uint i = 0; i < mend; i++) {
		__global real_t *row = c + (m0 + i) * ldc + n0;
		for (uint j = 0; j < nend; j++)
			store_c(row + j, alpha, beta, K ? cacc[i * NWG + j] : (real_t)0);
	}
}

/* A blocked kernel: loads checked (rows past M read row M - 1, columns past
 * N read 0) with guard_loads, stores outside M x N dropped with
 * guard_stores. */
#define BLOCKED_KERNEL(name, guard_loads, guard_stores)                                            \
	__kernel TXF_MATMUL_WG void name(MATMUL_ARGS)                                              \
	{                                                                                          \
		MATMUL_SCALARS();                                                                  \
		BLOCKED_LOCALS();                                                                  \
		BLOCK_ORIGIN(m0, n0);                                                              \
		K_SLICE();                                                                         \
		const uint mend = (guard_stores) ? (uint)min((ulong)MWG, M - m0) : MWG;            \
		const uint nend = (guard_stores) ? (uint)min((ulong)NWG, N - n0) : NWG;            \
		blocked_product(bp, cacc, a, lda, b, ldb, m0, n0, M, N, K, guard_loads, c, ldc,    \
		                mend, nend, alpha, beta);                                          \
		if (!BLOCKED_BANDS || !K)                                                          \
			blocked_store(cacc, c, ldc, m0, n0, mend, nend, alpha, beta, K);           \
	}
BLOCKED_KERNEL(matmul_even, false, false)
BLOCKED_KERNEL(matmul_pad, true, true)
BLOCKED_KERNEL(matmul_clip, false, true)

/* PADCOPY for the blocked kernel (read with BPANELS): dst + dst_off +
 * j pstride = panel j of op(B), columns NR j .. NR j + NR - 1 as K x NR
 * row by row, zeros past N. Work-item (j, g) writes rows PANEL_RUN g ..
 * of panel j; the launch has ceil(N / NR) x ceil(K / PANEL_RUN) of them. */
#if KVEC == 1
#define PANEL_RUN 64
__kernel void matmul_pack_panels(ulong N, ulong K, __global const real_t *restrict b, ulong b_off,
                                 ulong ldb, __global real_t *restrict dst, ulong dst_off,
                                 ulong pstride)
{
	const ulong j = get_global_id(0), n = j * NR, k0 = get_global_id(1) * PANEL_RUN;
	if (n >= N || k0 >= K)
		return;
	b += b_off;
	__global real_t *const d = dst + dst_off + j * pstride;
	const ulong k1 = min(K, k0 + PANEL_RUN);
	for (ulong k = k0; k < k1; k++) {
#if !TRANS_B
		if (n + NR <= N) {
			__global const real_t *const src = &B_AT(k, n);
			BV_STORE(__global, BV_LOAD(__global, 0, src), 0, d + k * NR);
			BV_STORE(__global, BV_LOAD(__global, 1, src), 1, d + k * NR);
			continue;
		}
#endif
		for (uint e = 0; e < NR; e++)
			d[k * NR + e] = n + e < N ? B_AT(k, n + e) : 0;
	}
}
#endif

__kernel TXF_MATMUL_WG void matmul_truncate(MATMUL_ARGS)
{
	MATMUL_SCALARS();
	BLOCKED_LOCALS();
	const ulong m0 = (ulong)get_group_id(1) * MWG, n0 = (ulong)get_group_id(0) * NWG;
	a += a_off;
	b += b_off;
	c += c_off;
	/* Main area: whole blocks, K exact. */
	blocked_product(bp, cacc, a, lda, b, ldb, m0, n0, M, N, K, false, c, ldc, MWG, NWG, alpha,
	                beta);
	if (!BLOCKED_BANDS || !K)
		blocked_store(cacc, c, ldc, m0, n0, MWG, NWG, alpha, beta, K);
	/* Leftovers: the last row of blocks does the bottom band under its
	 * columns, the last column the right band beside its rows, and the
	 * corner block the corner. */
	const ulong m_t = M - M % MWG, n_t = N - N % NWG;
	const bool bottom = get_group_id(1) == get_num_groups(1) - 1;
	const bool right = get_group_id(0) == get_num_groups(0) - 1;
	if (bottom)
		for (ulong m = m_t; m < M; m++)
			for (uint j = 0; j < NWG; j++)
				leftover(m, n0 + j, K, alpha, a, lda, b, ldb, beta, c, ldc);
	if (right)
		for (uint i = 0; i < MWG; i++)
			for (ulong n = n_t; n < N; n++)
				leftover(m0 + i, n, K, alpha, a, lda, b, ldb, beta, c, ldc);
	if (bottom & right)
		for (ulong m = m_t; m < M; m++)
			for (ulong n = n_t; n < N; n++)
				leftover(m, n, K, alpha, a, lda, b, ldb, beta, c, ldc);
}

#else /* the tiled kernels: work-groups of MDIMC x NDIMC work-items */

/* Local-memory reads of the register blocks are VWM (VWN) elements wide, 16
 * bytes where the block allows: a work-item's rows are VWM-wide runs,
 * MDIMC VWM apart (row i of the register block is ROW_OF(i) of the
 * work-group's block), and likewise its columns (one apart with C_STORE
 * 3). */
#if TXF_DOUBLE
#define VL_MAX 2
#else
#define VL_MAX 4
#endif
#if MWI % VL_MAX == 0
#define VWM VL_MAX
#elif MWI % 2 == 0
#define VWM 2
#else
#define VWM 1
#endif
#if C_STORE == 3 && MMA == 1
#define VWN 1
#elif NWI % VL_MAX == 0
#define VWN VL_MAX
#elif NWI % 2 == 0
#define VWN 2
#else
#define VWN 1
#endif
typedef TXF_VEC(VWM) vec_m;
typedef TXF_VEC(VWN) vec_n;
#define ROW_OF(i) (((i) / VWM) * (MDIMC * VWM) + tm * VWM + (i) % VWM)
#define COL_OF(j) (((j) / VWN) * (NDIMC * VWN) + tn * VWN + (j) % VWN)

/* A tile whose rows in local memory (al[k], bl[k]) run across its contiguous
 * direction in global memory (A not transposed, B transposed) is stored
 * from vectors along k: 32 consecutive work-items hold CV = KWG / VW
 * vectors of each of 32 / CV rows of the operand, and without care their
 * stores al[k][m] for one k would fall in 32 / CV banks. Column m of al[k]
 * is therefore kept at m ^ SWZ_A(k), which moves the CV vector columns of
 * those work-items to different banks; the XOR leaves runs of VWM columns
 * whole, so the vector reads of the product loop stay whole. Where the
 * shape does not allow it the swizzle is 0. */
#define A_CV (KWG / VWA)
#define B_CV (KWG / VWB)
#if STAGED
/* The staged kernels: each operand's local tile is laid out along the
 * operand's contiguous direction in global memory, so that the copies into
 * it move 16 bytes (CPE elements) each where the operand allows it. */
#if TXF_DOUBLE
#define CPE 2
#else
#define CPE 4
#endif
#if LBUF < 2
#error "the staged kernels take LBUF 2 to 4"
#endif
#define A_KIN (!TRANS_A)
#define B_KIN (TRANS_B)
#if FMA_STAGED
/* The fused multiply-adds' tiles (FMA_STAGED): across k (A not transposed,
 * B transposed), row m (n) holds its KWG k, then 16 bytes of padding;
 * along k (A transposed, B not), row k holds MWG (NWG) columns, then 16
 * bytes. A work-item reads its rows (columns) of the block one element per
 * k from the first, and runs of VWM (VWN) of them per k from the second, as
 * the register-staged kernels do; the padding puts rows that such reads of
 * one warp share in different banks. */
#if MWG % CPE != 0 || NWG % CPE != 0 || KWG % CPE != 0
#error "LBUF 3 or 4 with MMA 1 needs MWG, NWG and KWG multiples of 16 bytes"
#endif
#define KF_IDX(r, k) ((r) * (KWG + CPE) + (k))
#define KM_IDX(k, c, W) ((k) * ((W) + CPE) + (c))
#define KF_PAD CPE
#define KM_PAD CPE
#else
/* The matrix-unit kernels' tiles:
 * - across k (A not transposed, B transposed): row m (n) holds its KWG k
 *   contiguously (KF_IDX), so that a half warp's fragment reads (4 rows, 4
 *   k slots each) fall in different banks: f32 swaps the 8-element chunks
 *   of odd row pairs (with KWG over 8; the reads are 8 bytes, two k), f64
 *   XORs the 4-element chunk with the row's place among the rows that share
 *   a pass over the 32 banks;
 * - along k (A transposed, B not): row k holds MWG (NWG) columns, so that
 *   the 4 rows t of a half warp's read start in banks 8 apart and its
 *   columns each fall in different banks: f32 pads each row by 4 elements
 *   (the column is then an offset that the compiler folds), f64 XORs the
 *   column with 4 (k mod 4), which needs no padding (4 stages of 128 x 64 x
 *   8 fill 48 KiB).
 * m16n8k8's fragment slots t and t + 4 take k = 2 t and 2 t + 1 of each 8
 * (the same for both operands, so the sum is the same), which lie side by
 * side across k; m16n8k4's slot t takes row t. */
#if !TXF_DOUBLE && (MWG % 32 != 0 || NWG % 32 != 0 || KWG % 8 != 0)
#error "the f32 matrix-unit kernels need MWG and NWG multiples of 32 and KWG of 8"
#endif
#if TXF_DOUBLE && (MWG % 16 != 0 || NWG % 16 != 0 || (KWG != 4 && KWG != 8 && KWG != 16))
#error "the f64 matrix-unit kernels need MWG and NWG multiples of 16 and KWG 4, 8 or 16"
#endif
/* Element (row r, k) of a tile laid out across k, and (k, column c) of one
 * laid out along k with W columns. */
#if TXF_DOUBLE
#define KF_IDX(r, k) ((r)*KWG + ((k) ^ ((((r)*KWG / 16) % (KWG / 4)) * 4)))
#else
#define KF_IDX(r, k) ((r)*KWG + ((k) ^ ((((r) >> 1) % (KWG / 8)) * 8)))
#endif
#define KF_PAD 0
#if TXF_DOUBLE
#define KM_IDX(k, c, W) ((k) * (W) + ((c) ^ (((k) % 4) * 4)))
#define KM_PAD 0
#else
#define KM_IDX(k, c, W) ((k) * ((W) + 4) + (c))
#define KM_PAD 4
#endif
#endif /* FMA_STAGED */
/* Elements of one K step of each operand's tile. */
#define A_STAGE (A_KIN ? MWG * (KWG + KF_PAD) : KWG * (MWG + KM_PAD))
#define B_STAGE (B_KIN ? NWG * (KWG + KF_PAD) : KWG * (NWG + KM_PAD))
/* The kernels' register-tile path (LBUF 1) does not run here. */
#define SWZ_A(k) 0
#define SWZ_B(k) 0
#elif !TRANS_A && A_CV < 32 && (32 / A_CV) % VWM == 0 && MWG % 32 == 0
#define SWZ_A(k) (((k) / VWA) * (32 / A_CV))
#else
#define SWZ_A(k) 0
#endif
#if STAGED
#elif TRANS_B && B_CV < 32 && (32 / B_CV) % VWN == 0 && NWG % 32 == 0
#define SWZ_B(k) (((k) / VWB) * (32 / B_CV))
#else
#define SWZ_B(k) 0
#endif

/* This work-item's index in the group (tid) and its place (tm, tn) in the
 * MDIMC x NDIMC grid, as WMAP lays them out. */
#if WMAP == 2
#if MDIMC % 4 != 0 || NDIMC % 8 != 0
#error "WMAP 2 needs MDIMC a multiple of 4 and NDIMC a multiple of 8"
#endif
#define PLACE()                                                                                    \
	const uint tid = get_local_id(1) * NDIMC + get_local_id(0);                               \
	const uint tn = tid % 8 + 8 * ((tid / 32) % (NDIMC / 8));                                  \
	const uint tm = (tid / 8) % 4 + 4 * (tid / (4 * NDIMC))
#else
#define PLACE()                                                                                    \
	const uint tn = get_local_id(0), tm = get_local_id(1);                                     \
	const uint tid = tm * NDIMC + tn
#endif

/* Vectors of the A and B tiles each work-item moves per K step. */
#define LA (MWG * KWG / VWA / WGS)
#define LB (KWG * NWG / VWB / WGS)

/* Read this work-item's share of the tiles of A and B at K offset k0 from
 * global memory into registers. With `guarded`, elements outside M, N or K
 * read 0 (each operand has its own condition); a vector that is partly
 * outside falls back to scalar loads. The conditions compare 32-bit offsets
 * within the block with what is left of it, not 64-bit indices with the
 * extents: that keeps the guarded kernel's registers near the unguarded
 * one's (on an H100, 126 against 174 for 128 x 128 blocks). */
inline void fetch_tiles(vec_a ra[LA], vec_b rb[LB], __global const real_t *a, ulong lda,
                        __global const real_t *b, ulong ldb, ulong m0, ulong n0, ulong k0,
                        ulong M, ulong N, ulong K, uint tid, bool guarded)
{
#if KGRP > 1
	/* A K group whose run is shorter than the others' still takes part in
	 * every step (barriers); past its run it multiplies zeros. */
	if (!guarded && k0 >= K) {
		for (uint l = 0; l < LA; l++)
			ra[l] = 0;
		for (uint l = 0; l < LB; l++)
			rb[l] = 0;
		return;
	}
#endif
	/* What is left of the block from its corner (guarded only). */
	const uint mrem = guarded ? (uint)min((ulong)MWG, M - min(M, m0)) : MWG;
	const uint nrem = guarded ? (uint)min((ulong)NWG, N - min(N, n0)) : NWG;
	const uint krem = guarded ? (uint)min((ulong)KWG, K - min(K, k0)) : KWG;
#pragma unroll
	for (uint l = 0; l < LA; l++) {
		const uint f = tid + l * WGS;
		const uint cv = f % (A_CONTIG / VWA), o = f / (A_CONTIG / VWA);
#if TRANS_A
		const uint mi = cv * VWA, ki = o; /* contiguous along m */
		const bool full = !guarded || (ki < krem && mi + VWA <= mrem);
#else
		const uint mi = o, ki = cv * VWA; /* contiguous along k */
		const bool full = !guarded || (mi < mrem && ki + VWA <= krem);
#endif
		const ulong mm = m0 + mi, kk = k0 + ki;
		if (full) {
			ra[l] = LOAD_A(&A_AT(mm, kk));
		} else {
			for (uint e = 0; e < VWA; e++) {
#if TRANS_A
				const bool in = ki < krem && mi + e < mrem;
				((real_t *)&ra[l])[e] = in ? A_AT(mm + e, kk) : 0;
#else
				const bool in = mi < mrem && ki + e < krem;
				((real_t *)&ra[l])[e] = in ? A_AT(mm, kk + e) : 0;
#endif
			}
		}
	}
#pragma unroll
	for (uint l = 0; l < LB; l++) {
		const uint f = tid + l * WGS;
		const uint cv = f % (B_CONTIG / VWB), o = f / (B_CONTIG / VWB);
#if TRANS_B
		const uint ni = o, ki = cv * VWB; /* contiguous along k */
		const bool full = !guarded || (ni < nrem && ki + VWB <= krem);
#else
		const uint ni = cv * VWB, ki = o; /* contiguous along n */
		const bool full = !guarded || (ki < krem && ni + VWB <= nrem);
#endif
		const ulong nn = n0 + ni, kk = k0 + ki;
		if (full) {
			rb[l] = LOAD_B(&B_AT(kk, nn));
		} else {
			for (uint e = 0; e < VWB; e++) {
#if TRANS_B
				const bool in = ni < nrem && ki + e < krem;
				((real_t *)&rb[l])[e] = in ? B_AT(kk + e, nn) : 0;
#else
				const bool in = ki < krem && ni + e < nrem;
				((real_t *)&rb[l])[e] = in ? B_AT(kk, nn + e) : 0;
#endif
			}
		}
	}
}

/* Store the fetched vectors into the local tiles, K-major (al[k][m],
 * bl[k][n]). */
inline void put_tiles(const vec_a ra[LA], const vec_b rb[LB], __local real_t (*al)[MWG],
                      __local real_t (*bl)[NWG], uint tid)
{
#pragma unroll
	for (uint l = 0; l < LA; l++) {
		const uint f = tid + l * WGS;
		const uint cv = f % (A_CONTIG / VWA), o = f / (A_CONTIG / VWA);
#pragma unroll
		for (uint e = 0; e < VWA; e++)
#if TRANS_A
			al[o][(cv * VWA + e) ^ SWZ_A(o)] = LANE_A(ra[l], e);
#else
			al[cv * VWA + e][o ^ SWZ_A(cv * VWA + e)] = LANE_A(ra[l], e);
#endif
	}
#pragma unroll
	for (uint l = 0; l < LB; l++) {
		const uint f = tid + l * WGS;
		const uint cv = f % (B_CONTIG / VWB), o = f / (B_CONTIG / VWB);
#pragma unroll
		for (uint e = 0; e < VWB; e++)
#if TRANS_B
			bl[cv * VWB + e][o ^ SWZ_B(cv * VWB + e)] = LANE_B(rb[l], e);
#else
			bl[o][(cv * VWB + e) ^ SWZ_B(o)] = LANE_B(rb[l], e);
#endif
	}
}

/* acc += the product of the K step held in al and bl. */
inline void multiply_step(real_t acc[MWI][NWI], __local real_t (*al)[MWG],
                          __local real_t (*bl)[NWG], uint tm, uint tn)
{
#pragma unroll 8
	for (uint k = 0; k < KWG; k++) {
		real_t ar[MWI], br[NWI];
#pragma unroll
		for (uint i = 0; i < MWI / VWM; i++) {
			const uint col = (i * MDIMC * VWM + tm * VWM) ^ SWZ_A(k);
			const vec_m v = *(__local const vec_m *)&al[k][col];
#pragma unroll
			for (uint e = 0; e < VWM; e++)
				ar[i * VWM + e] = ((const real_t *)&v)[e];
		}
#pragma unroll
		for (uint j = 0; j < NWI / VWN; j++) {
			const uint col = (j * NDIMC * VWN + tn * VWN) ^ SWZ_B(k);
			const vec_n v = *(__local const vec_n *)&bl[k][col];
#pragma unroll
			for (uint e = 0; e < VWN; e++)
				br[j * VWN + e] = ((const real_t *)&v)[e];
		}
#pragma unroll
		for (uint i = 0; i < MWI; i++)
#pragma unroll
			for (uint j = 0; j < NWI; j++)
				acc[i][j] = fma(ar[i], br[j], acc[i][j]);
	}
}

#if MMA >= 2
#if KGRP != 1 || WMAP != 1
#error "the matrix-unit kernels take KGRP 1 and WMAP 1"
#endif
#if MDIMC % 4 != 0 || NDIMC % 8 != 0 || KWG % 4 != 0
#error "the matrix-unit kernels need MDIMC a multiple of 4, NDIMC of 8 and KWG of 4"
#endif
/* Warps of 4 x 8 work-items: WARPS_M x WARPS_N of them, each computing a
 * WTM x WTN part of the block in TM x TN tiles of 8 x 8. */
#define WARPS_M (MDIMC / 4)
#define WARPS_N (NDIMC / 8)
#define WTM (MWG / WARPS_M)
#define WTN (NWG / WARPS_N)
#define TM (WTM / 8)
#define TN (WTN / 8)
#if WTM % 8 != 0 || WTN % 8 != 0
#error "the matrix-unit kernels need warp parts of whole 8 x 8 tiles"
#endif
/* This work-item's warp part: its first row and column in the block, and
 * its lane's place in the fragments (row g of A and C, column g of B; k
 * and the column pair of C from t). */
#define MMA_PLACE(tid)                                                                             \
	const uint lane_ = (tid) % 32, warp_ = (tid) / 32;                                         \
	const uint g = lane_ / 4, t = lane_ % 4;                                                   \
	const uint wm0 = (warp_ / WARPS_N) * WTM, wn0 = (warp_ % WARPS_N) * WTN

/* The instruction: m8n8k4 (MMA 2), m16n8k4 (3) or m16n8k8 (4). */
#if MMA == 2
#define MMA_M 8
#define MMA_K 4
#elif MMA == 3
#define MMA_M 16
#define MMA_K 4
#else
#define MMA_M 16
#define MMA_K 8
#endif
#if TM % (MMA_M / 8) != 0 || KWG % MMA_K != 0
#error "the warp part must hold whole m16 tiles and KWG whole k steps of the instruction"
#endif

/* The tiles of the warp part one instruction covers along M. */
#define MI (MMA_M / 8)


#if TXF_IN16 == 2
#define IN16_PTX "bf16"
#else
#define IN16_PTX "f16"
#endif

/* One instruction on the fragments of this lane (g, t): c0 is row g of the
 * accumulator tile (columns 2 t, 2 t + 1) and c1 row g + 8 (m16); a0 and
 * a1 are A(g, t) and A(g + 8, t), a2 and a3 A(g, t + 4) and A(g + 8,
 * t + 4); b0 is B(t, g) and b1 B(t + 4, g). f32 operands are already
 * TF32 values (their low 13 bits 0). */
#if TXF_NV_PTX
inline void mma_op(real_t c0[2], real_t c1[2], real_t a0, real_t a1, real_t a2, real_t a3,
                   real_t b0, real_t b1)
{
#if !TXF_DOUBLE
#if MMA == 3
	(void)a2;
	(void)a3;
	(void)b1;
	asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, "
	             "%5}, {%6}, {%0, %1, %2, %3};"
	             : "+f"(c0[0]), "+f"(c0[1]), "+f"(c1[0]), "+f"(c1[1])
	             : "r"(as_uint(a0)), "r"(as_uint(a1)), "r"(as_uint(b0)));
#elif TXF_IN16
	/* The 16-bit pairs of slots t and t + 4 are the instruction's k = 2 t,
	 * 2 t + 1 and 2 t + 8, 2 t + 9 for both operands. */
	asm volatile("mma.sync.aligned.m16n8k16.row.col.f32." IN16_PTX "." IN16_PTX
	             ".f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
	             : "+f"(c0[0]), "+f"(c0[1]), "+f"(c1[0]), "+f"(c1[1])
	             : "r"(as_uint(a0)), "r"(as_uint(a1)), "r"(as_uint(a2)), "r"(as_uint(a3)),
	               "r"(as_uint(b0)), "r"(as_uint(b1)));
#else
	asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, "
	             "%5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
	             : "+f"(c0[0]), "+f"(c0[1]), "+f"(c1[0]), "+f"(c1[1])
	             : "r"(as_uint(a0)), "r"(as_uint(a1)), "r"(as_uint(a2)), "r"(as_uint(a3)),
	               "r"(as_uint(b0)), "r"(as_uint(b1)));
#endif
#elif MMA == 2
	(void)c1;
	(void)a1;
	(void)a2;
	(void)a3;
	(void)b1;
	ulong d0, d1;
	asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, "
	             "{%4, %5};"
	             : "=l"(d0), "=l"(d1)
	             : "l"(as_ulong(a0)), "l"(as_ulong(b0)), "l"(as_ulong(c0[0])),
	               "l"(as_ulong(c0[1])));
	c0[0] = as_double(d0);
	c0[1] = as_double(d1);
#elif MMA == 3
	(void)a2;
	(void)a3;
	(void)b1;
	ulong d0, d1, d2, d3;
	asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, "
	             "{%6}, {%7, %8, %9, %10};"
	             : "=l"(d0), "=l"(d1), "=l"(d2), "=l"(d3)
	             : "l"(as_ulong(a0)), "l"(as_ulong(a1)), "l"(as_ulong(b0)),
	               "l"(as_ulong(c0[0])), "l"(as_ulong(c0[1])), "l"(as_ulong(c1[0])),
	               "l"(as_ulong(c1[1])));
	c0[0] = as_double(d0);
	c0[1] = as_double(d1);
	c1[0] = as_double(d2);
	c1[1] = as_double(d3);
#else
	ulong d0, d1, d2, d3;
	asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, "
	             "%6, %7}, {%8, %9}, {%10, %11, %12, %13};"
	             : "=l"(d0), "=l"(d1), "=l"(d2), "=l"(d3)
	             : "l"(as_ulong(a0)), "l"(as_ulong(a1)), "l"(as_ulong(a2)), "l"(as_ulong(a3)),
	               "l"(as_ulong(b0)), "l"(as_ulong(b1)), "l"(as_ulong(c0[0])),
	               "l"(as_ulong(c0[1])), "l"(as_ulong(c1[0])), "l"(as_ulong(c1[1])));
	c0[0] = as_double(d0);
	c0[1] = as_double(d1);
	c1[0] = as_double(d2);
	c1[1] = as_double(d3);
#endif
}
#define MMA_XS __local real_t *xs = 0
#else
/* Without PTX, the instructions of a K step are computed in OpenCL C: the
 * lanes of each warp write their fragments where the instruction's layout
 * places them, into one 16 x 8 block of A per instruction row (XA_BLOCKS)
 * and one 8 x 8 block of B per column (TN), and each lane then computes
 * its accumulators from those blocks. */
#define XA_BLOCKS (TM / MI)
#define XW_ELEMS (XA_BLOCKS * 128 + TN * 64)
#define MMA_XS __local real_t xs[MDIMC * NDIMC / 32 * XW_ELEMS]
#endif

#if TXF_IN16 && !TXF_NV_PTX
/* The low (h = 0) or high (1) 16-bit value of a pair, as a float. */
inline float half_of(float pair, uint h)
{
	const ushort v = (ushort)(as_uint(pair) >> (16 * h));
#if TXF_IN16 == 2
	return as_float((uint)v << 16);
#else
	return vload_half(0, (const __private half *)&v);
#endif
}
#endif

#if !TXF_DOUBLE
/* x rounded to TF32 (10 bits of fraction), to nearest, ties away from
 * zero; Inf and NaN unchanged. */
inline float tf32_round(float x)
{
#if TXF_NV_PTX
	uint r;
	asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
	return as_float(r);
#else
	const uint u = as_uint(x);
	return (u & 0x7f800000u) == 0x7f800000u ? x : as_float((u + 0x1000u) & 0xffffe000u);
#endif
}
#endif

/* acc += the products of the warp part's fragments of one instruction
 * step: af and ah hold this lane's A(g + 8 r, t) and A(g + 8 r, t + 4) of
 * each 8-row tile i, bf and bh its B(t, g) and B(t + 4, g) of each tile
 * j (ah and bh with MMA_K 8 only). */
inline void warp_mma(real_t acc[TM][TN][2], const real_t af[TM], const real_t ah[TM],
                     const real_t bf[TN], const real_t bh[TN], __local real_t *xs, uint tid)
{
	MMA_PLACE(tid);
#if TXF_NV_PTX
	(void)xs;
	(void)wm0;
	(void)wn0;
#pragma unroll
	for (uint i = 0; i < TM; i += MI)
#pragma unroll
		for (uint j = 0; j < TN; j++)
			mma_op(acc[i][j], acc[i + MI - 1][j], af[i], af[i + MI - 1], ah[i],
			       ah[i + MI - 1], bf[j], bh[j]);
#else
	(void)wm0;
	(void)wn0;
	__local real_t(*xa)[16][8] = (__local real_t(*)[16][8])(xs + warp_ * XW_ELEMS);
	__local real_t(*xb)[8][8] =
	    (__local real_t(*)[8][8])(xs + warp_ * XW_ELEMS + XA_BLOCKS * 128);
	for (uint i = 0; i < TM; i += MI) {
		xa[i / MI][g][t] = af[i];
		if (MMA_M == 16)
			xa[i / MI][g + 8][t] = af[i + 1];
		if (MMA_K == 8) {
			xa[i / MI][g][t + 4] = ah[i];
			xa[i / MI][g + 8][t + 4] = ah[i + 1];
		}
	}
	for (uint j = 0; j < TN; j++) {
		xb[j][t][g] = bf[j];
		if (MMA_K == 8)
			xb[j][t + 4][g] = bh[j];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint i = 0; i < TM; i += MI)
		for (uint j = 0; j < TN; j++)
			for (uint r = 0; r < MI; r++)
				for (uint e = 0; e < 2; e++)
					for (uint q = 0; q < MMA_K; q++) {
						const real_t x = xa[i / MI][g + 8 * r][q],
						             y = xb[j][q][2 * t + e];
#if TXF_IN16
						acc[i + r][j][e] =
						    fma(half_of(x, 0), half_of(y, 0), acc[i + r][j][e]);
						acc[i + r][j][e] =
						    fma(half_of(x, 1), half_of(y, 1), acc[i + r][j][e]);
#else
						acc[i + r][j][e] = fma(x, y, acc[i + r][j][e]);
#endif
					}
	barrier(CLK_LOCAL_MEM_FENCE);
#endif
}

/* Where an operand's fragment reads are linear in k and in the 8-row tile
 * (f32 tiles laid out along k; f32 tiles across k with KWG 8, which have
 * no swizzle), each lane reads them from its own pointer into the stage
 * (the tile plus frag_lane) at offsets that are the same for every lane
 * and known when the kernel is compiled; the f64 swizzles are not linear,
 * and those tiles are read at their full index. */
#define A_LIN (!TXF_DOUBLE && (!A_KIN || KWG == 8))
#define B_LIN (!TXF_DOUBLE && (!B_KIN || KWG == 8))
#define FRAG_Q(t) (MMA_K == 8 ? 2 * (t) : (t))
inline uint frag_lane(bool kin, uint w, uint base, uint g, uint t)
{
	return kin ? (base + g) * KWG + FRAG_Q(t) : FRAG_Q(t) * (w + KM_PAD) + base + g;
}

/* One operand's fragments of the K step at k of a local tile laid out
 * across k (kin) or along k with w columns: x[i] and xh[i] are slots t and
 * t + 4 of rows (columns) base + 8 i + g, n of them. With lin, tile is
 * this lane's pointer (frag_lane) and base, g and t play no part. */
inline void read_frags(__local const real_t *tile, bool kin, bool lin, uint w, uint base, uint k,
                       uint g, uint t, real_t *x, real_t *xh, uint n)
{
#pragma unroll
	for (uint i = 0; i < n; i++) {
		const uint r = base + i * 8 + g;
		if (lin) {
			const uint off = kin ? i * 8 * KWG + k : k * (w + KM_PAD) + i * 8;
			if (MMA_K == 8 && kin) {
				const real2 v = *(__local const real2 *)(tile + off);
				x[i] = v.x;
				xh[i] = v.y;
			} else {
				x[i] = tile[off];
				xh[i] = MMA_K == 8 ? tile[off + w + KM_PAD] : 0;
			}
		} else if (MMA_K == 8 && kin) {
			const real2 v = *(__local const real2 *)(tile + KF_IDX(r, k + 2 * t));
			x[i] = v.x;
			xh[i] = v.y;
		} else if (MMA_K == 8) {
			x[i] = tile[KM_IDX(k + 2 * t, r, w)];
			xh[i] = tile[KM_IDX(k + 2 * t + 1, r, w)];
		} else {
			x[i] = kin ? tile[KF_IDX(r, k + t)] : tile[KM_IDX(k + t, r, w)];
			xh[i] = 0;
		}
	}
}

/* acc += the product of the K step held in al and bl (f32 operands as
 * 3xTF32 or TF32, 16-bit pairs or f64), MMA_K k at a time. al and bl are
 * the stage's tiles, or with A_LIN (B_LIN) this lane's pointer into it. */
inline void mma_step(real_t acc[TM][TN][2], __local const real_t *al, __local const real_t *bl,
                     __local real_t *xs, uint tid)
{
	MMA_PLACE(tid);
	(void)lane_;
	(void)warp_;
#pragma unroll
	for (uint k = 0; k < KWG; k += MMA_K) {
		real_t af[TM], bf[TN], ah[TM], bh[TN];
		read_frags(al, A_KIN, A_LIN, MWG, wm0, k, g, t, af, ah, TM);
		read_frags(bl, B_KIN, B_LIN, NWG, wn0, k, g, t, bf, bh, TN);
#if TXF_IN16 || TXF_DOUBLE
		warp_mma(acc, af, ah, bf, bh, xs, tid);
#elif PREC == 3
#pragma unroll
		for (uint i = 0; i < TM && !(TF32_PACKED & 1); i++) {
			af[i] = tf32_round(af[i]);
			ah[i] = tf32_round(ah[i]);
		}
#pragma unroll
		for (uint j = 0; j < TN && !(TF32_PACKED & 2); j++) {
			bf[j] = tf32_round(bf[j]);
			bh[j] = tf32_round(bh[j]);
		}
		warp_mma(acc, af, ah, bf, bh, xs, tid);
#else
		/* 3xTF32: x = big + small; the small x small product is left out. */
		float afs[TM], ahs[TM], bfs[TN], bhs[TN];
#pragma unroll
		for (uint i = 0; i < TM; i++) {
			const float f = tf32_round(af[i]), h = tf32_round(ah[i]);
			afs[i] = tf32_round(af[i] - f);
			ahs[i] = tf32_round(ah[i] - h);
			af[i] = f;
			ah[i] = h;
		}
#pragma unroll
		for (uint j = 0; j < TN; j++) {
			const float f = tf32_round(bf[j]), h = tf32_round(bh[j]);
			bfs[j] = tf32_round(bf[j] - f);
			bhs[j] = tf32_round(bh[j] - h);
			bf[j] = f;
			bh[j] = h;
		}
		warp_mma(acc, afs, ahs, bf, bh, xs, tid);
		warp_mma(acc, af, ah, bfs, bhs, xs, tid);
		warp_mma(acc, af, ah, bf, bh, xs, tid);
#endif
	}
}
#define ACC_PARAM real_t acc[TM][TN][2]
#define STAGE_STEP(acc_, al_, bl_) mma_step(acc_, al_, bl_, xs, tid)
#elif FMA_STAGED
/* acc += the product of the K step held in the stage al, bl (FMA_STAGED
 * layouts), one k at a time: acc[i][j] accumulates the block's row
 * ROW_OF(i) and column COL_OF(j), as in multiply_step. A tile laid out
 * across k is read element by element (reads of two k at a time held twice
 * the operands in registers: 169 to 191 on an H200 for 128 x 128 blocks,
 * one work-group a multiprocessor; one k at a time still takes 165 to 193
 * there, against 125 to 128 for tiles laid out along k, which is what the
 * NVIDIA entry runs: packed operands). */
inline void fma_step(real_t acc[MWI][NWI], __local const real_t *al, __local const real_t *bl)
{
	PLACE();
	(void)tid;
#pragma unroll
	for (uint k = 0; k < KWG; k++) {
		real_t ar[MWI], br[NWI];
#if A_KIN
#pragma unroll
		for (uint i = 0; i < MWI; i++)
			ar[i] = al[KF_IDX(ROW_OF(i), k)];
#else
#pragma unroll
		for (uint i = 0; i < MWI / VWM; i++) {
			const vec_m v = *(__local const vec_m *)(al + KM_IDX(
			                    k, i * MDIMC * VWM + tm * VWM, MWG));
#pragma unroll
			for (uint e = 0; e < VWM; e++)
				ar[i * VWM + e] = ((const real_t *)&v)[e];
		}
#endif
#if B_KIN
#pragma unroll
		for (uint j = 0; j < NWI; j++)
			br[j] = bl[KF_IDX(COL_OF(j), k)];
#else
#pragma unroll
		for (uint j = 0; j < NWI / VWN; j++) {
			const vec_n v = *(__local const vec_n *)(bl + KM_IDX(
			                    k, j * NDIMC * VWN + tn * VWN, NWG));
#pragma unroll
			for (uint e = 0; e < VWN; e++)
				br[j * VWN + e] = ((const real_t *)&v)[e];
		}
#endif
#pragma unroll
		for (uint i = 0; i < MWI; i++)
#pragma unroll
			for (uint j = 0; j < NWI; j++)
				acc[i][j] = fma(ar[i], br[j], acc[i][j]);
	}
}
#define ACC_PARAM real_t acc[MWI][NWI]
#define STAGE_STEP(acc_, al_, bl_) fma_step(acc_, al_, bl_)
#endif /* MMA >= 2 */

#if STAGED
/* With LBUF 2 to 4 the staged kernels keep LBUF K steps of the tiles in
 * flight: each work-item copies its elements of a step from global into
 * local memory with cp.async (no registers), LBUF - 1 steps ahead of the
 * one multiplied. Elements outside the matrix (with `guarded`) are filled
 * with 0. Without PTX the copies are plain loads and stores. */
inline void stage_copy(__local real_t *dst, __global const real_t *src, bool in)
{
#if TXF_NV_PTX && TXF_DOUBLE
	asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"((uint)(ulong)dst),
	             "l"(src), "r"(in ? 8u : 0u)
	             : "memory");
#elif TXF_NV_PTX
	asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"((uint)(ulong)dst),
	             "l"(src), "r"(in ? 4u : 0u)
	             : "memory");
#else
	*dst = in ? *src : 0;
#endif
}
#if TXF_NV_PTX
#define STAGE_COMMIT() asm volatile("cp.async.commit_group;" ::: "memory")
#if LBUF == 2
#define STAGE_WAIT() asm volatile("cp.async.wait_group 0;" ::: "memory")
#elif LBUF == 3
#define STAGE_WAIT() asm volatile("cp.async.wait_group 1;" ::: "memory")
#else
#define STAGE_WAIT() asm volatile("cp.async.wait_group 2;" ::: "memory")
#endif
#else
#define STAGE_COMMIT() ((void)0)
#define STAGE_WAIT() ((void)0)
#endif

/* Copy 16 bytes (CPE elements) from global into local memory, both
 * 16-byte aligned, through L1 (.ca: faster than copies that bypass it,
 * .cg; docs/bench/HISTORY.md). */
inline void stage_copy4(__local real_t *dst, __global const real_t *src)
{
#if TXF_NV_PTX
	asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"((uint)(ulong)dst), "l"(src)
	             : "memory");
#elif TXF_DOUBLE
	vstore2(vload2(0, src), 0, dst);
#else
	vstore4(vload4(0, src), 0, dst);
#endif
}

/* The copies of one K step with 16-byte moves: each work-item's NA
 * copies of A and NB of B, their sources at step 0 and places in a stage. */
#define CA (MWG * KWG / CPE)
#define CB (NWG * KWG / CPE)
#define NA ((CA + WGS - 1) / WGS)
#define NB ((CB + WGS - 1) / WGS)
typedef struct stage_plan {
	__global const real_t *a[NA], *b[NB];
	uint da[NA], db[NB];
	ulong ka, kb; /* elements the sources move per K step */
} stage_plan;

inline void plan_stages(stage_plan *p, __global const real_t *a, ulong lda,
                        __global const real_t *b, ulong ldb, ulong m0, ulong n0, uint tid)
{
#pragma unroll
	for (uint l = 0; l < NA; l++) {
		const uint f = min(tid + l * WGS, (uint)CA - 1);
#if A_KIN
		const uint k = f % (KWG / CPE) * CPE, m = f / (KWG / CPE);
		p->da[l] = KF_IDX(m, k);
#else
		const uint m = f % (MWG / CPE) * CPE, k = f / (MWG / CPE);
		p->da[l] = KM_IDX(k, m, MWG);
#endif
		p->a[l] = &A_AT(m0 + m, k);
	}
#pragma unroll
	for (uint l = 0; l < NB; l++) {
		const uint f = min(tid + l * WGS, (uint)CB - 1);
#if B_KIN
		const uint k = f % (KWG / CPE) * CPE, n = f / (KWG / CPE);
		p->db[l] = KF_IDX(n, k);
#else
		const uint n = f % (NWG / CPE) * CPE, k = f / (NWG / CPE);
		p->db[l] = KM_IDX(k, n, NWG);
#endif
		p->b[l] = &B_AT(k, n0 + n);
	}
	p->ka = A_KIN ? KWG : KWG * lda;
	p->kb = B_KIN ? KWG : KWG * ldb;
}

/* Start copying the next K step into the stage at al and bl (16-byte moves)
 * and move the plan's sources on to the step after it: the steps are
 * copied in order, from step 0. */
inline void stage_vec(__local real_t *al, __local real_t *bl, stage_plan *p, uint tid)
{
#pragma unroll
	for (uint l = 0; l < NA; l++) {
		if (CA % WGS == 0 || tid + l * WGS < CA)
			stage_copy4(al + p->da[l], p->a[l]);
		p->a[l] += p->ka;
	}
#pragma unroll
	for (uint l = 0; l < NB; l++) {
		if (CB % WGS == 0 || tid + l * WGS < CB)
			stage_copy4(bl + p->db[l], p->b[l]);
		p->b[l] += p->kb;
	}
}

/* Start copying the K step at k0 into al and bl one element each, those
 * outside the matrix (with guarded) filled with 0. */
inline void stage_tiles(__local real_t *al, __local real_t *bl, __global const real_t *a,
                        ulong lda, __global const real_t *b, ulong ldb, ulong m0, ulong n0,
                        ulong k0, ulong M, ulong N, ulong K, uint tid, bool guarded)
{
#pragma unroll
	for (uint l = 0; l < MWG * KWG / WGS; l++) {
		const uint f = tid + l * WGS;
#if A_KIN
		const uint k = f % KWG, m = f / KWG;
		__local real_t *dst = al + KF_IDX(m, k);
#else
		const uint m = f % MWG, k = f / MWG;
		__local real_t *dst = al + KM_IDX(k, m, MWG);
#endif
		const bool in = !guarded || (m0 + m < M && k0 + k < K);
		stage_copy(dst, in ? &A_AT(m0 + m, k0 + k) : a, in);
	}
#pragma unroll
	for (uint l = 0; l < NWG * KWG / WGS; l++) {
		const uint f = tid + l * WGS;
#if B_KIN
		const uint k = f % KWG, n = f / KWG;
		__local real_t *dst = bl + KF_IDX(n, k);
#else
		const uint n = f % NWG, k = f / NWG;
		__local real_t *dst = bl + KM_IDX(k, n, NWG);
#endif
		const bool in = !guarded || (n0 + n < N && k0 + k < K);
		stage_copy(dst, in ? &B_AT(k0 + k, n0 + n) : b, in);
	}
}

/* Step i of the pipeline below, multiplied from stage cs while step
 * i + LBUF - 1 is copied into stage ns. */
inline void stage_step(ACC_PARAM, __local real_t *al, __local real_t *bl, stage_plan *plan,
                       __global const real_t *a, ulong lda, __global const real_t *b, ulong ldb,
                       ulong m0, ulong n0, ulong M, ulong N, ulong K, uint tid, bool guarded,
                       bool vec, ulong i, ulong steps, uint cs, uint ns, uint la, uint lb,
                       __local real_t *xs)
{
	(void)xs;
	STAGE_WAIT();
	barrier(CLK_LOCAL_MEM_FENCE);
	const ulong next = i + LBUF - 1;
	if (next < steps) {
		if (vec)
			stage_vec(al + ns * A_STAGE, bl + ns * B_STAGE, plan, tid);
		else
			stage_tiles(al + ns * A_STAGE, bl + ns * B_STAGE, a, lda, b, ldb, m0, n0,
			            next * KWG, M, N, K, tid, guarded);
	}
	STAGE_COMMIT();
	STAGE_STEP(acc, al + cs * A_STAGE + la, bl + cs * B_STAGE + lb);
}

/* acc += op(A) op(B) over the K steps [0, K) of this work-group's block,
 * the stages A_STAGE and B_STAGE elements apart. Step i has landed when
 * its group is older than the LBUF - 2 newest, and after the barrier every
 * work-item has left step i - 1, whose buffer takes step i + LBUF - 1.
 * With vec (no guard, each operand's leading dimension and address
 * multiples of CPE elements) every copy moves 16 bytes along the operand's
 * contiguous direction from sources planned once. Without the guard the
 * loop is unrolled by LBUF on NVIDIA devices, so that each step's stage is
 * a constant and the fragment reads address local memory with constant
 * offsets; the guarded loads are too many instructions to repeat LBUF
 * times, and elsewhere (POCL) the copies would only multiply the time the
 * kernel takes to compile. */
inline void staged_product(ACC_PARAM, __local real_t *al, __local real_t *bl,
                           __global const real_t *a, ulong lda, __global const real_t *b,
                           ulong ldb, ulong m0, ulong n0, ulong M, ulong N, ulong K, uint tid,
                           bool guarded, __local real_t *xs)
{
	const bool vec = !guarded && lda % CPE == 0 && ldb % CPE == 0 && (ulong)a % 16 == 0 &&
	                 (ulong)b % 16 == 0;
	stage_plan plan;
	plan_stages(&plan, a, lda, b, ldb, m0, n0, tid);
	const ulong steps = (K + KWG - 1) / KWG;
#if MMA >= 2
	MMA_PLACE(tid);
	(void)lane_;
	(void)warp_;
	const uint la = A_LIN ? frag_lane(A_KIN, MWG, wm0, g, t) : 0;
	const uint lb = B_LIN ? frag_lane(B_KIN, NWG, wn0, g, t) : 0;
#else
	const uint la = 0, lb = 0;
#endif
#pragma unroll
	for (uint s = 0; s + 1 < LBUF; s++) {
		if (s < steps) {
			if (vec)
				stage_vec(al + s * A_STAGE, bl + s * B_STAGE, &plan, tid);
			else
				stage_tiles(al + s * A_STAGE, bl + s * B_STAGE, a, lda, b, ldb, m0,
				            n0, s * KWG, M, N, K, tid, guarded);
		}
		STAGE_COMMIT();
	}
	if (guarded || !TXF_NV_PTX) {
		for (ulong i = 0; i < steps; i++)
			stage_step(acc, al, bl, &plan, a, lda, b, ldb, m0, n0, M, N, K, tid, guarded,
			           vec, i, steps, i % LBUF, (i + LBUF - 1) % LBUF, la, lb, xs);
		return;
	}
	for (ulong i0 = 0; i0 < steps; i0 += LBUF) {
#pragma unroll
		for (uint cs = 0; cs < LBUF; cs++) {
			if (i0 + cs >= steps)
				break;
			stage_step(acc, al, bl, &plan, a, lda, b, ldb, m0, n0, M, N, K, tid, false,
			           vec, i0 + cs, steps, cs, (cs + LBUF - 1) % LBUF, la, lb, xs);
		}
	}
}
#if MMA >= 2
#define MMA_PRODUCT(guarded_)                                                                      \
	staged_product(acc, al, bl, a, lda, b, ldb, m0, n0, M, N, K, tid, guarded_, xs)
#else
/* The product of the tiled kernels (below) over K steps [0, kend) through
 * the stages (kend is K: no K groups). */
inline void block_product(ACC_PARAM, __local real_t *al, __local real_t *bl,
                          __global const real_t *a, ulong lda, __global const real_t *b,
                          ulong ldb, ulong m0, ulong n0, ulong kend, ulong M, ulong N, ulong K,
                          uint tm, uint tn, uint tid, bool guarded, __local real_t *xs)
{
	(void)tm;
	(void)tn;
	(void)K;
	staged_product(acc, al, bl, a, lda, b, ldb, m0, n0, M, N, kend, tid, guarded, xs);
}
#endif
#else /* the register-staged tiled kernels */
#define ACC_PARAM real_t acc[MWI][NWI]
#define MULTIPLY(al_, bl_) multiply_step(acc, al_, bl_, tm, tn)

/* The register-blocked product of one work-group's block over K steps
 * [0, kend): acc[i][j] accumulates C(m0 + ROW_OF(i), n0 + COL_OF(j)); tid
 * is the work-item's index in the group (local id 1 * NDIMC + local id 0).
 * The tiles of the next K step are fetched into registers while the
 * current one is multiplied; with LBUF 2 they go into the other local
 * buffer (al and bl hold 2 KWG rows) before the one barrier of the step. */
inline void block_product(ACC_PARAM, __local real_t (*al)[MWG],
                          __local real_t (*bl)[NWG], __global const real_t *a, ulong lda,
                          __global const real_t *b, ulong ldb, ulong m0, ulong n0, ulong kend,
                          ulong M, ulong N, ulong K, uint tm, uint tn, uint tid, bool guarded,
                          __local real_t *xs)
{
	(void)xs;
	vec_a ra[LA];
	vec_b rb[LB];
	if (kend > 0)
		fetch_tiles(ra, rb, a, lda, b, ldb, m0, n0, 0, M, N, K, tid, guarded);
#if LBUF == 2
	if (kend > 0) {
		put_tiles(ra, rb, al, bl, tid);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	uint cur = 0; /* the first row of the buffer being multiplied */
	for (ulong k0 = 0; k0 < kend; k0 += KWG) {
		const bool more = k0 + KWG < kend;
		if (more)
			fetch_tiles(ra, rb, a, lda, b, ldb, m0, n0, k0 + KWG, M, N, K, tid, guarded);
		MULTIPLY(al + cur, bl + cur);
		/* The other buffer was last read before the previous barrier. */
		if (more)
			put_tiles(ra, rb, al + (KWG - cur), bl + (KWG - cur), tid);
		barrier(CLK_LOCAL_MEM_FENCE);
		cur = KWG - cur;
	}
#else
	for (ulong k0 = 0; k0 < kend; k0 += KWG) {
		put_tiles(ra, rb, al, bl, tid);
		barrier(CLK_LOCAL_MEM_FENCE);
		if (k0 + KWG < kend)
			fetch_tiles(ra, rb, a, lda, b, ldb, m0, n0, k0 + KWG, M, N, K, tid, guarded);
		MULTIPLY(al, bl);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
#endif
}
#endif /* STAGED */

/* The local tiles, aligned for the vector reads. With K groups each group
 * has its own tiles in one array, which also holds the partial sums of one
 * group at the end (KGROUP_SUM); kg is this work-item's group. */
#if KGRP > 1
#define ROUND4(x) (((x) + 3) / 4 * 4)
#define TILE_A (ROUND4(LBUF * KWG * MWG))
#define TILE_ELEMS (TILE_A + ROUND4(LBUF * KWG * NWG))
#define LMEM_ELEMS (KGRP * TILE_ELEMS > MWG * NWG ? KGRP * TILE_ELEMS : MWG * NWG)
#define TILES                                                                                      \
	__local real_t lmem[LMEM_ELEMS] __attribute__((aligned(16)));                              \
	const uint kg = get_local_id(2);                                                           \
	__local real_t(*al)[MWG] = (__local real_t(*)[MWG])(lmem + kg * TILE_ELEMS);               \
	__local real_t(*bl)[NWG] = (__local real_t(*)[NWG])(lmem + kg * TILE_ELEMS + TILE_A)
#elif STAGED
/* With C_STORE 2, A's stages also hold MDIMC rows of the block after the
 * product (STAGED_STORE). */
#if MMA == 1 && C_STORE == 2 && MDIMC * NWG > LBUF * A_STAGE
#define A_STAGES (MDIMC * NWG)
#else
#define A_STAGES (LBUF * A_STAGE)
#endif
#define TILES                                                                                      \
	__local real_t al[A_STAGES] __attribute__((aligned(16)));                                  \
	__local real_t bl[LBUF * B_STAGE] __attribute__((aligned(16)))
#elif C_STORE == 2
/* A's tiles also hold MDIMC rows of the block after the product
 * (STAGED_STORE): as many rows of MWG as that takes, where they are more. */
#define STAGE_AL ((MDIMC * NWG + MWG - 1) / MWG)
#define TILES                                                                                      \
	__local real_t al[LBUF * KWG > STAGE_AL ? LBUF * KWG : STAGE_AL][MWG]                     \
	    __attribute__((aligned(16)));                                                          \
	__local real_t bl[LBUF * KWG][NWG] __attribute__((aligned(16)))
#else
#define TILES                                                                                      \
	__local real_t al[LBUF * KWG][MWG] __attribute__((aligned(16)));                          \
	__local real_t bl[LBUF * KWG][NWG] __attribute__((aligned(16)))
#endif

/* This K group's run of the kend elements of K that the work-group walks
 * in whole steps (all of them without K groups): the loop bound `iters`,
 * the same for every group, and the run's length `len`, `from` elements
 * in. */
#if KGRP > 1
#define K_GROUP(kend, from, iters, len)                                                            \
	const ulong iters = ((kend) / KWG + (((kend) % KWG) != 0) + KGRP - 1) / KGRP * KWG;        \
	const ulong from = min((ulong)(kend), (ulong)kg * iters);                                   \
	const ulong len = min((ulong)(kend) - from, iters)
#else
#define K_GROUP(kend, from, iters, len)                                                            \
	const ulong iters = (kend), from = 0, len = (kend)
#endif

#if KGRP > 1
/* Group 0 adds the partial sums of groups 1, 2, ... in that order, one
 * group at a time through local memory (the tiles are no longer read once
 * every group has passed the first barrier). */
inline void kgroup_sum(real_t acc[MWI][NWI], __local real_t *red, uint kg, uint tm, uint tn)
{
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint r = 1; r < KGRP; r++) {
		if (kg == r)
			for (uint i = 0; i < MWI; i++)
				for (uint j = 0; j < NWI; j++)
					red[ROW_OF(i) * NWG + COL_OF(j)] = acc[i][j];
		barrier(CLK_LOCAL_MEM_FENCE);
		if (kg == 0)
			for (uint i = 0; i < MWI; i++)
				for (uint j = 0; j < NWI; j++)
					acc[i][j] += red[ROW_OF(i) * NWG + COL_OF(j)];
		if (r + 1 < KGRP)
			barrier(CLK_LOCAL_MEM_FENCE);
	}
}
/* Only group 0 goes on to store. */
#define KGROUP_SUM(acc)                                                                            \
	do {                                                                                       \
		kgroup_sum(acc, lmem, kg, tm, tn);                                                 \
		if (kg != 0)                                                                       \
			return;                                                                    \
	} while (0)
#else
#define KGROUP_SUM(acc) ((void)0)
#endif

#if MMA >= 2
/* The matrix-unit kernels: as below, with the accumulators in fragments
 * (row g, columns 2 t and 2 t + 1 of each 8 x 8 tile of the warp part). */
inline void mma_store(real_t acc[TM][TN][2], __global real_t *c, ulong ldc, ulong m0, ulong n0,
                      ulong M, ulong N, real_t alpha, real_t beta, uint tid, bool guarded)
{
	MMA_PLACE(tid);
	/* What is left of the block from its corner, as in fetch_tiles. */
	const uint mrem = guarded ? (uint)min((ulong)MWG, M - m0) : MWG;
	const uint nrem = guarded ? (uint)min((ulong)NWG, N - n0) : NWG;
	/* A work-item's two elements of a fragment row are adjacent: one store
	 * of both where C's rows start on even elements, known to the f64
	 * kernels from c and ldc, to the f32 ones from C_STORE 1 (the host's
	 * promise of the same). */
#if TXF_DOUBLE
	const bool pairs = (((ulong)c) % (2 * sizeof(real_t))) == 0 && ldc % 2 == 0;
#else
	const bool pairs = C_STORE == 1;
#endif
#pragma unroll
	for (uint i = 0; i < TM; i++) {
		const uint mi = wm0 + i * 8 + g;
#pragma unroll
		for (uint j = 0; j < TN; j++) {
			const uint ni = wn0 + j * 8 + 2 * t;
			__global real_t *p = c + (m0 + mi) * ldc + n0 + ni;
			if (pairs && (!guarded || (mi < mrem && ni + 1 < nrem))) {
				__global real2 *q = (__global real2 *)p;
				const real2 v = (real2)(acc[i][j][0], acc[i][j][1]);
				if (beta == (real_t)0)
					*q = alpha * v;
				else
					*q = alpha * v + beta * *q;
				continue;
			}
#pragma unroll
			for (uint e = 0; e < 2; e++)
				if (!guarded || (mi < mrem && ni + e < nrem))
					store_c(p + e, alpha, beta, acc[i][j][e]);
		}
	}
}

#define MMA_KERNEL(name, guard_loads, guard_stores)                                                \
	__kernel TXF_MATMUL_WG void name(MATMUL_ARGS)                                              \
	{                                                                                          \
		MATMUL_SCALARS();                                                                  \
		TILES;                                                                             \
		MMA_XS;                                                                            \
		PLACE();                                                                           \
		BLOCK_ORIGIN(m0, n0);                                                              \
		K_SLICE();                                                                         \
		real_t acc[TM][TN][2];                                                             \
		for (uint i = 0; i < TM; i++)                                                      \
			for (uint j = 0; j < TN; j++)                                              \
				acc[i][j][0] = acc[i][j][1] = 0;                                   \
		MMA_PRODUCT(guard_loads);                                                          \
		mma_store(acc, c, ldc, m0, n0, M, N, alpha, beta, tid,                             \
		          (guard_stores) && (m0 + MWG > M || n0 + NWG > N));                       \
	}
/* Stores are checked only in blocks on C's edges (interior blocks: the same
 * answer for the whole work-group): on an H100, TF32 products that the
 * blocks do not divide ran 1.00 to 1.14 times as fast, f64 0.99 to 1.02
 * (docs/bench/h100-2026-11-27i/mid/call6). */
MMA_KERNEL(matmul_even, false, false)
MMA_KERNEL(matmul_pad, true, true)
MMA_KERNEL(matmul_clip, false, true)
#else
/* A tiled kernel: tile loads checked against M, N and K (out of range: 0)
 * with guard_loads; stores outside M x N dropped with guard_stores, which
 * compares 64-bit indices with M and N (1) or 32-bit offsets within the
 * block with what is left of it (2). Which form keeps a kernel faster
 * depends on the rest of it (H100: 1 for matmul_pad, whose 128 x 128 set
 * ran 1.1 times as long with 2 on short K; 2 for matmul_clip, whose
 * 256 x 128 set ran 1.04 times as long with 1, and there only on edge
 * blocks: 3). Every work-item takes part
 * in the loads, even those whose outputs lie outside C: their tiles are
 * shared. */
#define TILED_KERNEL(name, guard_loads, guard_stores)                                              \
	__kernel TXF_MATMUL_WG void name(MATMUL_ARGS)                                              \
	{                                                                                          \
		MATMUL_SCALARS();                                                                  \
		TILES;                                                                             \
		PLACE();                                                                           \
		BLOCK_ORIGIN(m0, n0);                                                              \
		K_SLICE();                                                                         \
		K_GROUP(K, from, iters, len);                                                      \
		real_t acc[MWI][NWI];                                                              \
		for (uint i = 0; i < MWI; i++)                                                     \
			for (uint j = 0; j < NWI; j++)                                             \
				acc[i][j] = 0;                                                     \
		block_product(acc, al, bl, a + A_KOFF(from), lda, b + B_KOFF(from), ldb, m0, n0,  \
		              iters, M, N, len, tm, tn, tid, guard_loads, 0);                      \
		KGROUP_SUM(acc);                                                                   \
		STORE_BLOCK_##guard_stores();                                                      \
	}
/* The stores of a tiled kernel's block: every element (0); those inside
 * M x N by their 64-bit indices (1) or by their 32-bit offsets within the
 * block against what is left of it (2); 3 (below) as 0 where the block
 * lies inside M x N, else as 2. With C_STORE 1 each run of VWN
 * columns is one vector store where the run lies inside N (its first
 * column, and so its address, is a multiple of VWN: C_STORE 1 promises that
 * of C's rows); a run that N cuts is stored element by element. With
 * C_STORE 2 the rows ROW_OF(i) of all work-items pass through local memory
 * (the tiles' memory, free after the product loop's last barrier) and the
 * work-group stores them in row order. C_STORE 3 stores as 0, its columns
 * one apart (VWN 1). The forms are separate programs: each
 * compiles as it would without the others (on an H100 the vector form's
 * code in the same kernel as the element form slowed the element stores by
 * up to 1.25 times). */
#if C_STORE < 0 || C_STORE > 3 || (C_STORE == 2 && KGRP > 1) || (C_STORE == 3 && MMA != 1)
#error "C_STORE must be 0, 1, 2 (with KGRP 1) or 3 (with MMA 1)"
#endif
/* VWN elements of row i of the register block from column j on. */
#if VWN == 4
#define C_RUN(i, j) ((vec_n)(acc[i][j], acc[i][(j) + 1], acc[i][(j) + 2], acc[i][(j) + 3]))
#elif VWN == 2
#define C_RUN(i, j) ((vec_n)(acc[i][j], acc[i][(j) + 1]))
#else
#define C_RUN(i, j) (acc[i][j])
#endif
#if C_STORE == 1 && VWN > 1
inline void store_cv(__global real_t *c, real_t alpha, real_t beta, vec_n acc)
{
	__global vec_n *p = (__global vec_n *)c;
	if (beta == (real_t)0)
		*p = alpha * acc;
	else
		*p = alpha * acc + beta * *p;
}
#define STORE_BLOCK_0()                                                                            \
	for (uint i = 0; i < MWI; i++)                                                             \
		for (uint j = 0; j < NWI; j += VWN)                                                \
			store_cv(c + (m0 + ROW_OF(i)) * ldc + n0 + COL_OF(j), alpha, beta,         \
			         C_RUN(i, j))
#define STORE_BLOCK_1()                                                                            \
	for (uint i = 0; i < MWI; i++) {                                                           \
		const ulong m = m0 + ROW_OF(i);                                                    \
		for (uint j = 0; m < M && j < NWI; j += VWN) {                                     \
			const ulong n = n0 + COL_OF(j);                                            \
			if (n + VWN <= N)                                                          \
				store_cv(c + m * ldc + n, alpha, beta, C_RUN(i, j));               \
			else                                                                       \
				for (uint e = 0; e < VWN && n + e < N; e++)                        \
					store_c(c + m * ldc + n + e, alpha, beta, acc[i][j + e]);  \
		}                                                                                  \
	}
#define STORE_BLOCK_2()                                                                            \
	const uint mrem = (uint)min((ulong)MWG, M - m0), nrem = (uint)min((ulong)NWG, N - n0);     \
	for (uint i = 0; i < MWI; i++)                                                             \
		for (uint j = 0; ROW_OF(i) < mrem && j < NWI; j += VWN) {                          \
			__global real_t *p = c + (m0 + ROW_OF(i)) * ldc + n0 + COL_OF(j);          \
			if (COL_OF(j) + VWN <= nrem)                                               \
				store_cv(p, alpha, beta, C_RUN(i, j));                             \
			else                                                                       \
				for (uint e = 0; e < VWN && COL_OF(j) + e < nrem; e++)             \
					store_c(p + e, alpha, beta, acc[i][j + e]);                \
		}
#elif C_STORE == 2
/* Row i of every work-item's register block: MDIMC rows of the block, the
 * work-item's tm-th at tm VWM ahead of the first (ROW_OF). */
#define STAGE_ROW(i, r) (((i) / VWM) * (MDIMC * VWM) + (r) * VWM + (i) % VWM)
#define STAGED_STORE(guard)                                                                        \
	__local real_t *cs = (__local real_t *)al;                                                 \
	for (uint i = 0; i < MWI; i++) {                                                           \
		for (uint j = 0; j < NWI; j += VWN)                                                \
			*(__local vec_n *)(cs + tm * NWG + COL_OF(j)) = C_RUN(i, j);               \
		barrier(CLK_LOCAL_MEM_FENCE);                                                      \
		for (uint t = tid; t < MDIMC * NWG; t += WGS) {                                    \
			const uint row = STAGE_ROW(i, t / NWG), col = t % NWG;                     \
			if (guard)                                                                 \
				store_c(c + (m0 + row) * ldc + n0 + col, alpha, beta, cs[t]);      \
		}                                                                                  \
		barrier(CLK_LOCAL_MEM_FENCE);                                                      \
	}
#define STORE_BLOCK_0() STAGED_STORE(true)
#define STORE_BLOCK_1() STAGED_STORE(m0 + row < M && n0 + col < N)
#define STORE_BLOCK_2()                                                                            \
	const uint mrem = (uint)min((ulong)MWG, M - m0), nrem = (uint)min((ulong)NWG, N - n0);     \
	STAGED_STORE(row < mrem && col < nrem)
#else
#define STORE_BLOCK_0()                                                                            \
	for (uint i = 0; i < MWI; i++)                                                             \
		for (uint j = 0; j < NWI; j++)                                                     \
			store_c(c + (m0 + ROW_OF(i)) * ldc + n0 + COL_OF(j), alpha, beta, acc[i][j])
#define STORE_BLOCK_1()                                                                            \
	for (uint i = 0; i < MWI; i++) {                                                           \
		const ulong m = m0 + ROW_OF(i);                                                    \
		for (uint j = 0; j < NWI; j++) {                                                   \
			const ulong n = n0 + COL_OF(j);                                            \
			if (m < M && n < N)                                                        \
				store_c(c + m * ldc + n, alpha, beta, acc[i][j]);                  \
		}                                                                                  \
	}
#define STORE_BLOCK_2()                                                                            \
	const uint mrem = (uint)min((ulong)MWG, M - m0), nrem = (uint)min((ulong)NWG, N - n0);     \
	for (uint i = 0; i < MWI; i++)                                                             \
		for (uint j = 0; j < NWI; j++)                                                     \
			if (ROW_OF(i) < mrem && COL_OF(j) < nrem)                                  \
				store_c(c + (m0 + ROW_OF(i)) * ldc + n0 + COL_OF(j), alpha, beta,  \
				        acc[i][j])
#endif
/* Blocks wholly inside M x N (the same answer for every work-item of the
 * work-group) store unchecked, the others as form 2: matmul_clip, whose
 * blocks are whole except on C's edges, ran 1.02 to 1.15 times as fast on
 * an H100 with products of a K of 96 to 4097 that its blocks do not divide
 * (no faster in matmul_pad, whose tile loads keep their checks:
 * docs/bench/h100-2026-11-27i/mid/call5). */
#define STORE_BLOCK_3()                                                                            \
	if (m0 + MWG <= M && n0 + NWG <= N) {                                                      \
		STORE_BLOCK_0();                                                                   \
	} else {                                                                                   \
		STORE_BLOCK_2();                                                                   \
	}
TILED_KERNEL(matmul_even, false, 0)
TILED_KERNEL(matmul_pad, true, 1)
TILED_KERNEL(matmul_clip, false, 3)

__kernel TXF_MATMUL_WG void matmul_truncate(MATMUL_ARGS)
{
	MATMUL_SCALARS();
	TILES;
	PLACE();
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
	K_GROUP(k_t, from, iters, len);
	block_product(acc, al, bl, a + A_KOFF(from), lda, b + B_KOFF(from), ldb, m0, n0, iters, M,
	              N, len, tm, tn, tid, false, 0);
	KGROUP_SUM(acc);
	/* ...and the K remainder straight from global memory. */
	for (uint i = 0; i < MWI; i++) {
		const ulong m = m0 + ROW_OF(i);
		for (uint j = 0; j < NWI; j++) {
			const ulong n = n0 + COL_OF(j);
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
					leftover(m, n0 + COL_OF(j), K, alpha, a, lda, b, ldb, beta, c,
					         ldc);
		if (right) /* right band: columns n_t.. beside this work-item's rows */
			for (uint i = 0; i < MWI; i++)
				for (ulong n = n_t; n < N; n++)
					leftover(m0 + ROW_OF(i), n, K, alpha, a, lda, b, ldb, beta, c,
					         ldc);
		if (bottom & right) /* corner */
			for (ulong m = m_t; m < M; m++)
				for (ulong n = n_t; n < N; n++)
					leftover(m, n, K, alpha, a, lda, b, ldb, beta, c, ldc);
	}
}
#endif /* MMA >= 2 */

#endif /* MDIMC == 1 && NDIMC == 1 */
#endif /* !DOT */

/* PADCOPY: dst (Kp x Xp, row-major, leading dimension Xp) = op(src) laid
 * K-major, zero outside X x K. Work-item (x, k). */
/* What the packs store of an element: with tf32 on the matrix units the
 * element rounded to TF32 (the product then leaves it as it is). */
#if MMA >= 2 && !TXF_DOUBLE && PREC == 3 && !TXF_IN16
#define PACKED(x) tf32_round(x)
#else
#define PACKED(x) (x)
#endif

__kernel void matmul_pack_a(ulong M, ulong K, __global const real_t *a, ulong a_off, ulong lda,
                            __global real_t *dst, ulong dst_off, ulong Mp, ulong Kp)
{
	const ulong m = get_global_id(0), k = get_global_id(1);
	if (m >= Mp || k >= Kp)
		return;
	a += a_off;
	dst[dst_off + k * Mp + m] = (m < M && k < K) ? PACKED(A_AT(m, k)) : 0;
}

__kernel void matmul_pack_b(ulong N, ulong K, __global const real_t *b, ulong b_off, ulong ldb,
                            __global real_t *dst, ulong dst_off, ulong Np, ulong Kp)
{
	const ulong n = get_global_id(0), k = get_global_id(1);
	if (n >= Np || k >= Kp)
		return;
	b += b_off;
	dst[dst_off + k * Np + n] = (n < N && k < K) ? PACKED(B_AT(k, n)) : 0;
}

/* PADCOPY's packs of an operand stored across K (A not transposed, B
 * transposed): element (r, k) of op() is src[r * ld + k]. A work-group of
 * PACK_T x PACK_R work-items moves a PACK_T x PACK_T tile through local
 * memory, so that its reads run along k and its writes along r; dimension 0
 * of the grid walks K, 1 walks R. The tile's rows are PACK_T + 1 long, so
 * that the column reads of the second half fall in distinct banks. */
#define PACK_T 32
#define PACK_R 8
#define PACK_WG TXF_REQD_WG(PACK_T, PACK_R, 1)

inline void pack_across(ulong R, ulong K, __global const real_t *restrict src, ulong ld,
                        __global real_t *restrict dst, ulong Rp, ulong Kp,
                        __local real_t (*t)[PACK_T + 1])
{
	const uint x = get_local_id(0), y = get_local_id(1);
	const ulong k0 = (ulong)get_group_id(0) * PACK_T, r0 = (ulong)get_group_id(1) * PACK_T;
	if (k0 + x < K) {
		for (uint i = y; i < PACK_T; i += PACK_R)
			t[i][x] = r0 + i < R ? src[(r0 + i) * ld + k0 + x] : (real_t)0;
	} else {
		for (uint i = y; i < PACK_T; i += PACK_R)
			t[i][x] = 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (r0 + x < Rp)
		for (uint i = y; i < PACK_T; i += PACK_R)
			if (k0 + i < Kp)
				dst[(k0 + i) * Rp + r0 + x] = PACKED(t[x][i]);
}

__kernel PACK_WG void matmul_pack_a_tiled(ulong M, ulong K, __global const real_t *restrict a,
                                          ulong a_off, ulong lda, __global real_t *restrict dst,
                                          ulong dst_off, ulong Mp, ulong Kp)
{
	__local real_t t[PACK_T][PACK_T + 1];
	pack_across(M, K, a + a_off, lda, dst + dst_off, Mp, Kp, t);
}

__kernel PACK_WG void matmul_pack_b_tiled(ulong N, ulong K, __global const real_t *restrict b,
                                          ulong b_off, ulong ldb, __global real_t *restrict dst,
                                          ulong dst_off, ulong Np, ulong Kp)
{
	__local real_t t[PACK_T][PACK_T + 1];
	pack_across(N, K, b + b_off, ldb, dst + dst_off, Np, Kp, t);
}

#ifdef DOT
/* matmul_dot (DOT 2 or more, a power of two): C in MWG x NWG blocks over a
 * deep K, with no local tiles: a C of a few elements, or of a short side.
 * A work-group is DOT x (MDIMC NDIMC) work-items: along dimension 0 the
 * lanes of K, along dimension 1 the parts of a block, part i NDIMC + j
 * holding the MWI x NWI elements of rows i, i + MDIMC, ... and columns j,
 * j + NDIMC, ... of it; the work-groups along dimension 0 are the blocks,
 * row by row (dimension 0 takes the most groups on GPUs), and along
 * dimension 2 the K slices, as for the tiled kernels
 * (slice s stores its part of the product in the M x N slice s of C).
 * Lane l of a slice sums the products
 * of k = k0 + l, k0 + l + DOT, ... over the slice's run of K, so that the
 * lanes' loads of one row of an operand stored across K are neighbours,
 * and of an operand stored along K, whole rows; then the lanes' sums are
 * added through local memory and the work-items of each part store them.
 * Rows past M and columns past N are read at row M - 1 and column N - 1,
 * and not stored. */
#if DOT < 2 || (DOT & (DOT - 1)) != 0
#error "DOT must be a power of two from 2"
#endif
#ifndef DOT_UNROLL
#define DOT_UNROLL 2
#endif
#define DOT_PARTS (MDIMC * NDIMC)
#define DOT_SUMS (MWI * NWI)
/* Sums per work-item added in one round: as many as 32 KiB of local
 * memory hold for the work-group (DOT_FIT), all of them where they fit. */
#define DOT_FIT ((TXF_DOUBLE ? 4096 : 8192) / (DOT_PARTS * DOT))
#define DOT_CHUNK (DOT_SUMS < DOT_FIT ? DOT_SUMS : DOT_FIT)
#if DOT_CHUNK < 1
#error "matmul_dot: the work-group's sums of one element take more than 32 KiB"
#endif
/* Work-items adding one sum's lanes in the first step (DOT_SPLIT of
 * DOT_WIDTH lanes each), and the sums each of them takes in turn. */
#define DOT_SPLIT (DOT >= 2 * DOT_CHUNK ? DOT / DOT_CHUNK : 1)
#define DOT_WIDTH ((DOT + DOT_SPLIT - 1) / DOT_SPLIT)
__kernel TXF_REQD_WG(DOT, DOT_PARTS, 1) void matmul_dot(MATMUL_ARGS)
{
	MATMUL_SCALARS();
	const uint lane = get_local_id(0), part = get_local_id(1);
	/* The work-group's block of C: row by row over the blocks. */
	const ulong nbn = (N + NWG - 1) / NWG, blk = get_group_id(0);
	const ulong pi = blk / nbn * MWG + part / NDIMC, pj = blk % nbn * NWG + part % NDIMC;
	const ulong ns = get_num_groups(2), s = get_group_id(2);
	const ulong len = (K + ns - 1) / ns;
	const ulong k0 = min(K, s * len), k1 = min(K, k0 + len);
	a += a_off;
	b += b_off;
	c += c_off + s * M * ldc;
	ulong rm[MWI], cn[NWI];
#pragma unroll
	for (uint i = 0; i < MWI; i++)
		rm[i] = min(pi + i * MDIMC, M - 1);
#pragma unroll
	for (uint j = 0; j < NWI; j++)
		cn[j] = min(pj + j * NDIMC, N - 1);
	real_t acc[MWI][NWI];
#pragma unroll
	for (uint i = 0; i < MWI; i++)
#pragma unroll
		for (uint j = 0; j < NWI; j++)
			acc[i][j] = 0;
	/* DOT_UNROLL k a lane at a time, their loads before their products,
	 * then the rest one by one. */
	ulong k = k0 + lane;
#if DOT_UNROLL > 1
	for (; k + (DOT_UNROLL - 1) * DOT < k1; k += DOT_UNROLL * DOT) {
		real_t av[DOT_UNROLL][MWI], bv[DOT_UNROLL][NWI];
#pragma unroll
		for (uint u = 0; u < DOT_UNROLL; u++) {
#pragma unroll
			for (uint i = 0; i < MWI; i++)
				av[u][i] = A_AT(rm[i], k + u * DOT);
#pragma unroll
			for (uint j = 0; j < NWI; j++)
				bv[u][j] = B_AT(k + u * DOT, cn[j]);
		}
#pragma unroll
		for (uint u = 0; u < DOT_UNROLL; u++)
#pragma unroll
			for (uint i = 0; i < MWI; i++)
#pragma unroll
				for (uint j = 0; j < NWI; j++)
					acc[i][j] = fma(av[u][i], bv[u][j], acc[i][j]);
	}
#endif
	for (; k < k1; k += DOT) {
		real_t av[MWI], bv[NWI];
#pragma unroll
		for (uint i = 0; i < MWI; i++)
			av[i] = A_AT(rm[i], k);
#pragma unroll
		for (uint j = 0; j < NWI; j++)
			bv[j] = B_AT(k, cn[j]);
#pragma unroll
		for (uint i = 0; i < MWI; i++)
#pragma unroll
			for (uint j = 0; j < NWI; j++)
				acc[i][j] = fma(av[i], bv[j], acc[i][j]);
	}
	/* The lanes' sums, DOT_CHUNK of each work-item's at a time: stored
	 * by lane, then added in two steps (DOT_WIDTH lanes, then DOT_SPLIT
	 * partial sums), in the same order on every run. */
	__local real_t red[DOT_PARTS][DOT_CHUNK][DOT];
	__local real_t step1[DOT_PARTS][DOT_CHUNK][DOT_SPLIT];
#pragma unroll
	for (uint q = 0; q < DOT_SUMS; q += DOT_CHUNK) {
#pragma unroll
		for (uint e = 0; e < DOT_CHUNK; e++)
			if (q + e < DOT_SUMS)
				red[part][e][lane] = acc[(q + e) / NWI][(q + e) % NWI];
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint t = lane; t < DOT_CHUNK * DOT_SPLIT; t += DOT) {
			const uint e = t / DOT_SPLIT, h = t % DOT_SPLIT;
			real_t sum = 0;
			for (uint l = h * DOT_WIDTH; l < min((h + 1) * DOT_WIDTH, (uint)DOT); l++)
				sum += red[part][e][l];
			step1[part][e][h] = sum;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		for (uint e = lane; e < DOT_CHUNK && q + e < DOT_SUMS; e += DOT) {
			real_t sum = 0;
			for (uint h = 0; h < DOT_SPLIT; h++)
				sum += step1[part][e][h];
			const ulong m = pi + (q + e) / NWI * MDIMC, n = pj + (q + e) % NWI * NDIMC;
			if (m < M && n < N)
				store_c(c + m * ldc + n, alpha, beta, sum);
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}
#endif

/* PADCOPY and K slices: C (M x N) = the sum of the `slices` slices of Cp,
 * `stride` elements apart, + beta * C; Cp holds alpha * op(A) op(B) in
 * parts. One slice is copied as it is. */
__kernel void matmul_unpack(ulong M, ulong N, __global const real_t *cp, ulong cp_off, ulong ldcp,
                            ulong slices, ulong stride, real_t beta, __global real_t *c,
                            ulong c_off, ulong ldc)
{
	const ulong n = get_global_id(0), m = get_global_id(1);
	if (m >= M || n >= N)
		return;
	cp += cp_off + m * ldcp + n;
	real_t sum = cp[0];
	for (ulong s = 1; s < slices; s++)
		sum += cp[s * stride];
	store_c(c + c_off + m * ldc + n, (real_t)1, beta, sum);
}
