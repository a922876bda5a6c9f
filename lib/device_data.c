/* Built-in device data: what AUTO starts from on a device that has no tuned
 * entry. One entry per vendor and device kind, with named fields; the
 * first entry that matches the device wins, so entries go from the most to
 * the least specific (vendor and kind, then kind, then the fallback, which
 * matches every device). select.c holds the policy that reads them.
 *
 * The figures behind each entry are in docs/bench/HISTORY.md. A field left out is
 * 0: "none" or "not used" as its comment in txf_internal.h says. */
#include "txf_internal.h"

#include <string.h>

/* ----------------------------------------------------------- transpose */

/* What POCL's CPU entries share: pad with the streaming kernel, 32 x 32
 * tiles for the tiled kernels, the skinny kernels for a side of at most 16
 * elements shorter than a line, and their vector blocks for a tight side
 * of at most 32. Blocks against the streaming kernel on a 2-core AMD EPYC
 * (Zen 5), short sides of 8 to 32 (docs/bench/pocl-2026-11-26-amd/skinny):
 * a median of 1.4 to 3.2 times as fast per element size (up to 9.7); the
 * losses, by far, with few columns whose output rows share cache sets
 * (8192 x 32 f4 0.36, 8191 x 32 f8 0.48, 65536 x 17 f8 0.60), which at
 * most 8 of a block's lines in one set of the L1 caches (their fewest
 * ways) keeps from them. */
#define POCL_CPU_TRANSPOSE                                                              \
	.vendor = TXF_VENDOR_POCL, .kind = TXF_DEVICE_CPU, .tile = 32, .wg_rows = 32,   \
	.divisible = TXF_STRATEGY_PAD, .uneven = TXF_STRATEGY_PAD, .simple_below = 256, \
	.skinny_max = 16, .skinny_blocks_max = 32, .skinny_set_rows = 8, .stream = 1,   \
	.batch_whole_min = 64 << 10

static const txf__transpose_entry transpose_entries[] = {
    {
        .name = "nvidia-gpu",
        .vendor = TXF_VENDOR_NVIDIA,
        .kind = TXF_DEVICE_GPU,
        .batch_tiled_side = 32,
        .batch_whole_min = 64 << 20,
        .batch_packed_side = 64,
        .tile = 32,
        .wg_rows = 8,
        .divisible = TXF_STRATEGY_PAD,
        .uneven = TXF_STRATEGY_PAD,
        .simple_below = 1024,
        .skinny_max = 32,
        /* Runs one tile wide: the wide kernel (128 input columns per
         * work-group, 36 KiB of local memory, cache hints) ran f32 at
         * 0.82-0.87 of copy on an H200 where these ran 0.91-1.05, and on an
         * H100 only 1-2 % faster at 2^28 and 2^30 elements
         * (docs/bench/h200-2026-11-28b/tvar). */
        .segments = 1,
        .out_tile = 64,
        .out_rows = 4,
        /* A work-group's tile within 24 of its 48 KiB (8 groups of 256
         * work-items per multiprocessor, not 6): on an H200, f64 tiles of
         * 32 x 8 (8 KiB) ran 0.90-0.97 of copy where 64 x 4 (33 KiB) ran
         * 0.82-0.95, and 16-byte runs one a group (18 KiB) 0.90-0.99 where
         * two (35 KiB) ran 0.84-0.90 (docs/bench/h200-2026-11-28b/wide8). */
        .out_local_div = 2,
        .inplace_tile = 64,
        .inplace_rows = 4,
        .packed = 1,
        .packed_tile = 16,
        .packed_rows = 16,
        .packed_unaligned_bytes = 16e6,
        /* Both sides off words and sectors: the chunked kernel 0.61-0.68
         * (bytes) and 0.67-0.79 (2-byte) of copy where the packed
         * kernel's funnel-shifted loads and stores ran 0.53-0.63 and
         * 0.66-0.71; aligned on one side, the packed kernel (input rows
         * off words: bytes 0.71-0.82 against 0.59-0.65, 2-byte 0.88-0.95
         * against 0.67-0.71; H200, docs/bench/h200-2026-11-28d/r9). Bytes
         * from 0.25 MB: at 0.3 to 2 MB the chunked kernel took 9-12 us
         * where the packed one's 8 x 8 blocks took 9-13 (r14). The 2-byte
         * groups launch 64 x 5 (txf__staged_rows): 1.023 times as fast as
         * 64 x 4 on 20 random shapes, 1-byte 128 x 3 0.985 times 128 x 2
         * (docs/bench/h200-2026-11-28e, ck4). */
        .chunked_bytes = {0.25e6, 2e6},
        .chunked_tile = {128, 64},
        .chunked_rows = {2, 4},
        .why = "64 x 4 work-groups: one aligned run per output row out of place, one local "
               "tile in place; 1- and 2-byte "
               "elements in 16-byte chunks where large and aligned on neither side, else "
               "in blocks of 8-byte rows where aligned on one side or the input is small, "
               "else the runs",
    },
    {
        .name = "amd-gpu",
        .vendor = TXF_VENDOR_AMD,
        .kind = TXF_DEVICE_GPU,
        .batch_tiled_side = 32,
        .batch_whole_min = 64 << 20,
        .tile = 32,
        .wg_rows = 8,
        .divisible = TXF_STRATEGY_PAD,
        .uneven = TXF_STRATEGY_PAD,
        .simple_below = 1024,
        .skinny_max = 32,
        .segments = 2,
        .why = "32 x 8 work-groups are four 64-wide wavefronts",
    },
    {
        .name = "gpu",
        .vendor = TXF__ANY_VENDOR,
        .kind = TXF_DEVICE_GPU,
        .batch_tiled_side = 32,
        .batch_whole_min = 64 << 20,
        .tile = 32,
        .wg_rows = 8,
        .divisible = TXF_STRATEGY_PAD,
        .uneven = TXF_STRATEGY_PAD,
        .simple_below = 1024,
        .skinny_max = 32,
        .segments = 2,
        .why = "GPU default: 32 x 8 work-groups, padded launch, output-aligned runs",
    },
    {
        .name = "pocl-amd-cpu",
        POCL_CPU_TRANSPOSE,
        .device_vendor = "AuthenticAMD",
        /* Measured on a 2-core AMD EPYC (Zen 5, 32 MiB L3): where input and
         * output take well under that cache, ordinary stores of unaligned
         * lines beat the shifted lines' non-temporal ones (4- and 8-byte
         * elements, 3 to 8 MB: 0.90-1.15 of copy against 0.55-1.02), and
         * from about a third of it the non-temporal ones are level or win
         * (1-byte 14-16 MB, 16-byte 13-16 MB; docs/bench/pocl-2026-11-26-amd). */
        .stream_cached = 0.3,
        /* Outputs on lines, ordinary stores against non-temporal ones: 8-
         * and 16-byte elements 1.3-2.0 times as fast at 0.7 to 6.5 MB, where
         * input and output take at most about half the 32 MiB cache
         * (docs/bench/pocl-2026-11-27-amd/tuned/lines.sh); with the kernels
         * since, forced on 60 shapes per type of 2 to 24 MiB, up to 8 MiB
         * 1-, 4- and 8-byte ones 1.28, 1.39 and 1.54 times as fast (geometric
         * means; 0.98 to 1.94), 2-byte ones 1.03 (0.74 to 1.50), every type slower
         * from 12 MiB (0.29 to 1.08); 1-byte outputs whose rows are a
         * multiple of 4 KiB apart 0.32-0.60 at every size. Auto, 8898a34
         * against this rule, on 60 shapes no rule had seen: the 23 changed
         * choices 1.16 to 1.91 times as fast but one (0.95)
         * (docs/bench/pocl-2026-11-30-amd/lines). */
        .stream_cached_lines = 0.25,
        .stream_cached_line_sizes = 1u << 1 | 1u << 2 | 1u << 4 | 1u << 8 | 1u << 16,
        /* Unshifted 1-byte tiles, one thread, ordinary stores: 0.72-0.95 of
         * the word network's time (docs/bench/pocl-2026-11-26-amd); on the
         * Xeon they took up to 1.1 times as long. */
        .stream_lanes_1 = true,
        /* 1- and 2-byte tiles whose input rows are 2 or 4 KiB apart, on 2
         * cores of an AMD EPYC (Zen 5): 1.1 to 2.2 times as fast with the
         * grouped stores, 1.1 to 1.6 on the shifted kernel; on 16 Xeon
         * cores (POCL 5.0) level unshifted and 0.68-1.0 shifted
         * (docs/bench/pocl-2026-11-29-amd). */
        .stream_stage_crowded = true,
        /* Without a cache size (a VM that hides it): 1- and 2-byte outputs
         * off lines of 1 to 3.4 MB 1.02-1.38 and 1.01-1.35 times as fast
         * with ordinary stores on most shapes, slower from about 4 MB
         * (0.82-0.98 and 0.84-0.90 on most; 2-core AMD EPYC, Zen 5,
         * docs/bench/pocl-2026-11-29-amd/stores). */
        .stream_shift_min_no_cache = 4.0 * 1024 * 1024,
        /* And without a cache size, the same up to the size that fraction
         * of this CPU's 32 MiB gives. */
        .stream_lines_no_cache = 8.0 * 1024 * 1024,
        /* 1- and 2-byte outputs on lines of 0.5 to 1.2 MB: ordinary stores
         * faster than non-temporal ones on 6 of 7 shapes forced and 4 of 4
         * in auto, from about 1.25 MB faster or slower by shape (2-core AMD
         * EPYC, Zen 5, six rounds in turn; 4- and 8-byte ones mixed
         * throughout; docs/bench/pocl-2026-11-29-amd/lines). */
        .stream_nt_min_small = 1.25 * 1024 * 1024,
        .why = "POCL on AMD CPUs: every element size streams (ordinary stores where the "
               "data fits in the cache)",
    },
    {
        .name = "pocl-cpu",
        POCL_CPU_TRANSPOSE,
        /* Measured on a 2-core Intel Xeon (2 MiB L2 a core): outputs on
         * lines, and 4- and 8-byte ones off them, of 0.66 to 1.05 MB 1.1-1.8
         * times as fast with ordinary stores as with non-temporal ones (u8
         * to f64; 0.84-1.15 at 1.57 MB, 0.6-0.96 from 2.2 MB;
         * docs/bench/pocl-2026-11-28-intel/stream/nt.sh). */
        .stream_nt_min = 1.25 * 1024 * 1024,
        .why = "POCL: every element size streams (tiles of 64-byte lines transposed in "
               "registers, whole output lines)",
    },
    {
        .name = "cpu",
        .vendor = TXF__ANY_VENDOR,
        .kind = TXF_DEVICE_CPU,
        .batch_whole_min = 64 << 10,
        .tile = 32,
        .wg_rows = 32,
        .divisible = TXF_STRATEGY_PAD,
        .uneven = TXF_STRATEGY_PAD,
        .simple_below = 256,
        .skinny_max = 16,
        .why = "CPU default: 32 x 32 tiles fit in L1 cache",
    },
    {
        .name = "fallback",
        .vendor = TXF__ANY_VENDOR,
        .kind = TXF__ANY_KIND,
        .tile = 16,
        .wg_rows = 16,
        .divisible = TXF_STRATEGY_PAD,
        .uneven = TXF_STRATEGY_PAD,
        .simple_below = 256,
        .skinny_max = 32,
        .why = "safe default: 16 x 16 tiles, padded launch (the most portable strategy)",
    },
};

/* -------------------------------------------------------------- matmul */

/* The NVIDIA entry's large f32 blocks: 256 x 128, K steps of 32, 16 x 8
 * registers per work-item in 4 x 8 work-item tiles, one local buffer. */
#define NVIDIA_BIG_F32                                                                           \
	{                                                                                        \
		.mwg = 256, .nwg = 128, .kwg = 32, .mdimc = 16, .ndimc = 16, .vwa = 4, .vwb = 4, \
		.lbuf = 1, .wmap = 2                                                             \
	}

/* f64 on NVIDIA's matrix units: four warps of 64 x 32, K steps of 8. */
#define NVIDIA_MMA_F64                                                                        \
	{                                                                                     \
		.mwg = 128, .nwg = 64, .kwg = 8, .mdimc = 8, .ndimc = 16, .vwa = 2, .vwb = 2, \
		.lbuf = 4, .mma = 3                                                           \
	}

static const txf__matmul_entry matmul_entries[] = {
    {
        .name = "nvidia-gpu",
        .vendor = TXF_VENDOR_NVIDIA,
        .kind = TXF_DEVICE_GPU,
        .f32 = {.mwg = 128, .nwg = 128, .kwg = 16, .mdimc = 16, .ndimc = 16, .vwa = 2, .vwb = 2},
        .f64 = {.mwg = 64, .nwg = 64, .kwg = 16, .mdimc = 16, .ndimc = 16, .vwa = 2, .vwb = 2},
        /* f64 on the matrix units: m16n8k4 (m8n8k4 below compute
         * capability 9.0), four warps of 64 x 32, four K steps of 8 in
         * flight through cp.async (docs/bench/h100-2026-11-25/dmma,
         * docs/bench/h200-2026-11-26/dmma). */
        .mma_f64 = NVIDIA_MMA_F64,
        /* f32 as 3xTF32 or TF32: m16n8k8, four warps of 64 x 64, four K
         * steps of 8 in flight. */
        .mma_f32 = {.mwg = 128,
                    .nwg = 128,
                    .kwg = 8,
                    .mdimc = 8,
                    .ndimc = 16,
                    .vwa = 2,
                    .vwb = 2,
                    .lbuf = 4,
                    .mma = 4},
        /* Measured on an H100: 3xtf32 against exact on 34 shapes. */
        .fill_3xtf32 = 1.0,
        .raster = 8,
        .divisible = TXF_STRATEGY_SPLIT,
        .uneven = TXF_STRATEGY_PAD,
        .simple_below = 32768.0,
        .padcopy_from = 3e9,
        /* pad against padcopy on 26 random TF32 products (H100,
         * docs/bench/h100-2026-11-27c/padcopy): padcopy 1.04-1.50 times as
         * fast from 3.6e8 multiply-adds, 0.95 at 1.4e8; on shapes the
         * blocks divide 0.86-1.05, which keep split or pad. */
        .padcopy_from_tf32 = 3e8,
        .split_fill = 2,
        /* Two groups of 256 work-items a multiprocessor (f64: of 128): the
         * sets for a few rows or columns (64 or 128 work-items) take as many
         * K slices as bring that many work-items. 96 random f32 products
         * with a side of 1 to 128 on the H200: 14 x 10088 x 7727 2.7 times
         * as fast, 1.2 to 1.7 on eight more, min of cuBLAS 0.29 -> 0.78;
         * f64 with 256 ran 3817 x 11 x 10871 0.84 times as fast, while its
         * 64-work-item sets gained up to 1.8 from more slices
         * (docs/bench/HISTORY.md). */
        .split_items = 256,
        .few_f32 = {.mwg = 128, .nwg = 64, .kwg = 16, .mdimc = 16, .ndimc = 16, .vwa = 4, .vwb = 4},
        /* 16 x 16 x 1000000 and 8 x 8 x 4000000 (264 K slices): 1.7 to 2.1
         * times as fast as the 64 x 64 (f32) and 128 x 64 matrix-unit (f64)
         * blocks (H100, docs/bench/h100-2026-11-27/kslices/blocks). */
        .tiny = {.mwg = 16, .nwg = 16, .kwg = 16, .mdimc = 8, .ndimc = 8, .vwa = 2, .vwb = 2},
        /* A C of one to four rows times B of 1024 columns or more: 0.62 to
         * 1.99 of cuBLAS on nine such f32 products, 1.04 to 1.15 on three
         * f64 ones, where the reduction kernel ran 0.34 to 1.01 and 0.64 to
         * 0.75 (H100, docs/bench/h100-2026-11-27e/dot/call10, call11). */
        .rows = {.mwg = 4, .nwg = 256, .kwg = 16, .mdimc = 1, .ndimc = 64, .vwa = 1, .vwb = 4},
        .rows_max = 4,
        /* Five to eight rows, and 13 to 16: 8 x 128 blocks, 1.18 to 2.03
         * times as fast as the tiled kernels' sets on 16 such f32 and f64
         * products (5 to 8 and 16 rows; 13 to 15 not measured); with nine
         * to 12 rows, half a block or more unused, 0.82 to 1.05 (call12,
         * call13). */
        .rows_wide = {.mwg = 8, .nwg = 128, .kwg = 16, .mdimc = 2, .ndimc = 32, .vwa = 1, .vwb = 4},
        .rows_wide_max = 16,
        .rows_from = 1024,
        /* Nine to 12 rows times 2048 columns or more: 12 x 128 blocks, of
         * cuBLAS a median 0.81 (f32) and 0.91 (f64) on 15 random such
         * products where the model's sets ran 0.62 and 0.49 (min 0.72 and
         * 0.71 against 0.44 and 0.24); under 2048 columns they lost on two
         * of two (H100, docs/bench/h100-2026-11-27f/vec/call4). 17 to 24
         * rows: 24 x 128, a median 0.84 (f32) and 0.71 (f64) on nine such
         * products where the model's sets ran 0.65 and 0.53, faster on
         * each; 25 to 32: 32 x 128, 0.96 and 0.72 on seven with a K of 192
         * or more where they ran 0.81 and 0.66 (f32 slower on one, 0.77
         * against 0.81), but 0.75-0.85 against 1.02-1.05 at a K of 135
         * (call6). */
        .rows_more =
            {{.max = 12,
              .from = 2048,
              .p = {.mwg = 12, .nwg = 128, .kwg = 16, .mdimc = 2, .ndimc = 32, .vwa = 1, .vwb = 4}},
             {.max = 24,
              .from = 2048,
              .k_min = 192,
              .p = {.mwg = 24, .nwg = 128, .kwg = 16, .mdimc = 4, .ndimc = 32, .vwa = 1, .vwb = 4}},
             {.max = 32,
              .from = 2048,
              .k_min = 192,
              .p =
                  {.mwg = 32, .nwg = 128, .kwg = 16, .mdimc = 4, .ndimc = 32, .vwa = 1, .vwb = 4}}},
        /* A long A times five to eight columns: 256 x 8 blocks; nine to 16:
         * 128 x 16. 1.45 to 2.0 times as fast as the tiled kernels' sets on
         * six f32 products of 4096 to 100000 rows, 1.05 to 1.30 on six f64
         * ones; 0.95 and 0.84 at 1662 x 6 x 314 (0.02 ms), hence from 2048
         * rows. Sets for 17 to 32 columns lost on three of five f64
         * products (call14). */
        .cols = {.mwg = 256, .nwg = 8, .kwg = 16, .mdimc = 64, .ndimc = 2, .vwa = 4, .vwb = 1},
        .cols_wide =
            {.mwg = 128, .nwg = 16, .kwg = 16, .mdimc = 32, .ndimc = 4, .vwa = 4, .vwb = 1},
        .cols_min = 5,
        .cols_max = 8,
        .cols_wide_max = 16,
        .cols_from = 2048,
        /* f32 with 17 to 32 columns over a K of 200 or more: 128 x 32
         * blocks, 1.06 to 1.34 times as fast as the model's sets on 22
         * random such products (0.84 and 0.90 at a K of 166 and 167; H100,
         * docs/bench/h100-2026-11-27f/vec/call3); f64 lost with them on
         * three of five (docs/bench/h100-2026-11-27e/dot/call14). */
        .cols_narrow_f32 =
            {.mwg = 128, .nwg = 32, .kwg = 16, .mdimc = 32, .ndimc = 4, .vwa = 4, .vwb = 2},
        .cols_narrow_f32_max = 32,
        .cols_narrow_k_min = 200,
        /* A K of at most 24 under a C of 2^20 elements or more (f32): 64 x
         * 64 blocks in K steps of 4, where the model's sets pad K to 16:
         * 1.05 to 1.31 times as fast as auto before on 14 of 15 such
         * products, as fast on the other (H100,
         * docs/bench/h100-2026-11-27g/smallk, call1). */
        .shallow_f32 =
            {.mwg = 64, .nwg = 64, .kwg = 4, .mdimc = 16, .ndimc = 16, .vwa = 1, .vwb = 1},
        .shallow_k_f32 = 24,
        /* Where C's rows start off 16-byte boundaries (the tiled kernels
         * then store C through local memory, the matrix units element by
         * element), a K of at most 64: 64 x 64 x 8 for f32 (with the stores,
         * 0.97 to 1.75 times as fast as before, a median 1.43, on 39 f32
         * products with such rows and a K up to 67),
         * 128 x 128 x 8 FMA blocks for f64 (0.95 to 2.14, a median 1.49, on
         * 29 f64 products; with aligned rows the matrix units' pair stores
         * won from a K of 20). H100, docs/bench/h100-2026-11-27h/cstore. */
        .shallow_odd_f32 =
            {.mwg = 64, .nwg = 64, .kwg = 8, .mdimc = 16, .ndimc = 16, .vwa = 2, .vwb = 2},
        .shallow_odd_k_f32 = 64,
        .shallow_odd_f64 =
            {.mwg = 128, .nwg = 128, .kwg = 8, .mdimc = 16, .ndimc = 16, .vwa = 2, .vwb = 2},
        .shallow_odd_k_f64 = 64,
        .shallow_from = 1048576.0,
        /* f32 on those blocks with operands packed (padcopy) from a C of
         * 1.2e7 elements: of cuBLAS 1.00 to 1.78 against 0.75 to 1.22 with
         * pad on 11 such products of 1.6e7 to 6.7e7 elements, 0.94 against
         * 0.97 at 8.7e6 (H200, docs/bench/HISTORY.md). */
        .shallow_odd_pack_from = 1.2e7,
        /* The reduction kernel for a C of up to four 8 x 8 parts over a K
         * of 65536 or more (f32 a median 3.3, f64 2.9 times as fast as the
         * tiny blocks on 45 such products), and for a C of at most four
         * rows or columns, the other side longer than 32, over a K of 128
         * or more (with five to 32 it lost to the tiled kernels; H100,
         * docs/bench/h100-2026-11-27e/dot). */
        .dot_lanes = 256,
        .dot_parts = 4,
        .dot_fill = 2,
        .dot_steps = 16,
        .dot_k_min = 65536,
        .dot_short = 4,
        .dot_k_short = 128,
        /* And from a K of 64 under the simple kernel's threshold (1.15 to
         * 24 times as fast as that kernel on 21 f32 and 21 f64 products of
         * K 65 to 10000), and from 4096 for a C of at most 40 elements and
         * 16 columns (1.40 to 2.58 times as fast as the tiled kernels on
         * six f32 and f64 products of K 11569 to 50000; a C of 64 elements
         * or of 3 to 4 parts over 8 columns ran 0.34 to 1.09; H100,
         * docs/bench/h100-2026-11-27f/vec/call2). */
        .dot_k_simple = 64,
        .dot_k_few = 4096,
        .dot_few = 40,
        .big_f32 = NVIDIA_BIG_F32,
        .big_from = 2e10,
        .model_devices = {"NVIDIA H100", "NVIDIA H200"},
        /* The three smaller sets' rates and the launch costs fitted to
         * 648 timings of them with 1, 2 and 4 K slices on 72 shapes from 64
         * to 50000 per side (H100, docs/bench/h100-2026-11-26/refit), after
         * 1022 earlier ones (docs/bench/h100-2026-11-25/model); the large
         * set's rate and `packed` to 224 timings of the sets on 32 products
         * of 8e9 to 5.5e11 multiply-adds (H200, docs/bench/h200-2026-11-26/big);
         * the other sets' `packed` to pad and padcopy on 90 shapes (H100,
         * docs/bench/h100-2026-11-26/clip): the factor that loses least time
         * choosing between them (the register-staged kernels: the 128 x 64
         * set then gained nothing from packed operands; their stages since,
         * below). */
        /* The large set's `packed` 1.32 -> 1.36 and packs at pack_bytes_s
         * (6e12 B/s, where the partial sums stay at 3e12), fitted to every
         * forced set on 31 H200 products with m, n, k >= 1024 (pick over the
         * fastest 1.030 -> 1.007; docs/bench/h200-2026-11-28e/mm), level on
         * the H100 data of the packed factors (1.015 both,
         * docs/bench/h100-2026-11-26/clip/fit); on 81 products it had not
         * seen, the 30 whose choice changed ran 1.030 times as fast (0.94 to
         * 1.10; H200, docs/bench/h200-2026-11-29/model). */
        /* calib: the scales txf_tuning_calibrate measured for the four sets
         * on the H100 and the H200 (1.114 / 1.11, 0.993 / 0.988, 0.967 /
         * 0.966, 1.35 / 1.348; docs/bench/h100-2026-11-27k/calib). */
        /* The 128 x 128 and 128 x 64 sets run their packed products in K
         * steps of 8 through three cp.async stages (lbuf 3). 128 x 128: on
         * 36 f32 products of 1000 to 8192 per side, one K slice, 1.07 to
         * 1.14 times as fast as the register-staged kernel packed (median
         * 1.09), 1.01 to 1.19 as the set unpacked; `packed` 1.19 fitted to
         * those. 128 x 64: on 36 products of 92 to 7978 per side 0.94 to
         * 1.32 times as fast as the set unpacked (median 1.15); `packed`
         * 1.18, where a replay of the model's picks over the packed and
         * unpacked sets lost least (1.013 over the fastest against 1.027
         * without it; with the 64 x 64 set packed too, more: not taken).
         * H200, docs/bench/h200-2026-11-29b/staged and staged2. */
        .cost_f32 =
            {{.p =
                  {.mwg = 128, .nwg = 128, .kwg = 16, .mdimc = 16, .ndimc = 16, .vwa = 2, .vwb = 2},
              .rate = 290e9,
              .rate1 = 261e9,
              .slots = 2,
              .packed = 1.19,
              .pp = {.mwg = 128,
                     .nwg = 128,
                     .kwg = 8,
                     .mdimc = 16,
                     .ndimc = 16,
                     .vwa = 2,
                     .vwb = 2,
                     .lbuf = 3},
              .calib = 1.11},
             {.p = {.mwg = 128, .nwg = 64, .kwg = 16, .mdimc = 16, .ndimc = 16, .vwa = 4, .vwb = 4},
              .rate = 250e9,
              .rate1 = 238e9,
              .slots = 2,
              .packed = 1.18,
              .pp = {.mwg = 128,
                     .nwg = 64,
                     .kwg = 8,
                     .mdimc = 16,
                     .ndimc = 16,
                     .vwa = 2,
                     .vwb = 2,
                     .lbuf = 3},
              .calib = 0.99},
             {.p = {.mwg = 64, .nwg = 64, .kwg = 16, .mdimc = 16, .ndimc = 16, .vwa = 4, .vwb = 4},
              .rate = 210e9,
              .rate1 = 178e9,
              .slots = 4,
              .calib = 0.966},
             {.p = NVIDIA_BIG_F32,
              .rate = 240e9,
              .rate1 = 240e9,
              .slots = 1,
              .packed = 1.36,
              .calib = 1.35},
             /* Blocks of 96 rows or columns, between 128 x 128 and 128 x
              * 64: C's blocks then fill the last round of work-groups where
              * those leave it short (1695 x 7287: 798 blocks of 128 x 128,
              * three rounds and 6 work-groups; 1026 of 96 x 128, four
              * rounds nearly full). Their packed variants ran at 0.92 to
              * 0.96 of the 128 x 128 set's speed per multiply-add on
              * products of whole blocks; rates, `packed` and calib fitted
              * to 64 products of 512 to 8192 per side, each set with pad and
              * padcopy, scaled by the 128 x 128 and 128 x 64 sets' fits on
              * the same data (H200, docs/bench/h200-2026-11-29d/blocks). */
             {.p = {.mwg = 96, .nwg = 128, .kwg = 16, .mdimc = 16, .ndimc = 16, .vwa = 2, .vwb = 2},
              .rate = 272e9,
              .rate1 = 231e9,
              .slots = 2,
              .packed = 1.17,
              .pp = {.mwg = 96,
                     .nwg = 128,
                     .kwg = 8,
                     .mdimc = 16,
                     .ndimc = 16,
                     .vwa = 1,
                     .vwb = 2,
                     .lbuf = 3},
              .calib = 1.03},
             {.p = {.mwg = 128, .nwg = 96, .kwg = 16, .mdimc = 16, .ndimc = 16, .vwa = 2, .vwb = 2},
              .rate = 263e9,
              .rate1 = 224e9,
              .slots = 2,
              .packed = 1.25,
              .pp = {.mwg = 128,
                     .nwg = 96,
                     .kwg = 8,
                     .mdimc = 16,
                     .ndimc = 16,
                     .vwa = 2,
                     .vwb = 1,
                     .lbuf = 3},
              .calib = 1.15},
             {.p = {.mwg = 96, .nwg = 96, .kwg = 16, .mdimc = 16, .ndimc = 16, .vwa = 2, .vwb = 2},
              .rate = 263e9,
              .rate1 = 224e9,
              .slots = 2,
              .packed = 1.12,
              .pp = {.mwg = 96,
                     .nwg = 96,
                     .kwg = 8,
                     .mdimc = 16,
                     .ndimc = 16,
                     .vwa = 1,
                     .vwb = 1,
                     .lbuf = 3},
              .calib = 1.05},
             /* Blocks of 64 x 64 for work-groups of 64 work-items (8 x 8
              * sums each), packed only, K steps of 8 in three stages: a
              * compute unit holds many such groups and each barrier holds
              * two warps, so that mid-size products whose 128-wide blocks
              * leave a round short fill it (cuBLAS runs 64 x 64 blocks of
              * four warps there). Forced with one K slice on 64 products
              * of 512 to 8192 per side, 1.06 times as fast as the 128 x
              * 128 set packed (geometric mean; 0.97 to 1.43, 0.98 on the
              * largest); on 25 products of 1000 to 3000 per side, the
              * fastest choice with 1 or 3 slices 0.85 -> 0.93 of cuBLAS
              * with it. Rate, rate1 and slots fitted to 296 of its
              * timings (1 to 13 slices), the rate divided by the 128 x 128
              * and 128 x 64 sets' fits on the same data over their
              * built-in rates (1.078). Weighed from 1e9 multiply-adds:
              * below, its choices ran 0.87 times as fast as the other
              * sets' (10 products). On 115 products of seeds no fit had
              * seen, the 18 whose choice it took 1.035 times as fast
              * (0.89 to 1.18; 3934 x 1086 x 1395 0.294 ms against 0.328,
              * 1180 x 694 x 4357 0.207 against 0.244), the lowest ratio to
              * cuBLAS with m, n, k >= 1024 0.81 -> 0.89 (H200,
              * docs/bench/h200-2026-11-29e/g64). */
             {
                 .p = {.mwg = 64,
                       .nwg = 64,
                       .kwg = 8,
                       .mdimc = 8,
                       .ndimc = 8,
                       .vwa = 2,
                       .vwb = 2,
                       .lbuf = 3},
                 .rate = 315e9,
                 .rate1 = 94.5e9,
                 .slots = 8,
                 .packed = 1.0,
                 .calib = 1.0,
                 .packed_only = true,
                 .from = 1e9}},
        /* f64 on the matrix units (m16n8k4, four K steps of 8 through
         * cp.async): the entry's 128 x 64 blocks of four warps, unpacked
         * and packed, and 64 x 64 blocks of two warps, packed only. Rates,
         * slots and `packed` fitted to 720 timings of the three forms with
         * 1, 2, 3, 4 and 6 K slices on 48 products of 326 to 7287 per side
         * (rms of the log error 0.07 and 0.06), then moved to the values
         * whose choices lose least against the fastest timing (1.010 over
         * it, 1.026 with the first fit; the rule before lost 1.11).
         * Slices pay here where the blocks leave a last round short: on 19
         * of 27 products of 280 to 860 blocks of 128 x 64, 2 to 6 slices
         * ran 1.04 to 1.31 times as fast as one; at about 512 blocks (two
         * whole rounds of two work-groups a unit) they lost. H200,
         * docs/bench/h200-2026-11-30/f64. */
        .cost_f64 =
            {{.p = NVIDIA_MMA_F64, .rate = 300e9, .rate1 = 190e9, .slots = 2, .packed = 1.27},
             {.p = {.mwg = 64,
                    .nwg = 64,
                    .kwg = 8,
                    .mdimc = 4,
                    .ndimc = 16,
                    .vwa = 2,
                    .vwb = 2,
                    .lbuf = 4,
                    .mma = 3},
              .rate = 360e9,
              .rate1 = 97e9,
              .slots = 4,
              .packed = 1.0,
              .packed_only = true}},
        .launch_s = 16e-6,
        .slice_launch_s = 2e-6,
        /* The slices' partial sums and the packed copies at 3e12 B/s, and
         * 2 us a round of work-groups: of 146 products (m, n or k of 33 to
         * 8192) timed with two to eight of the sets' choices each, the
         * model's pick ran a geometric mean of 1.010 times the fastest (8
         * more than 5 % slower), against 1.026 (25) with 1.5e12 B/s and no
         * round term; it had underrated K slices that fill the compute
         * units (1024^3: 128 x 128 blocks in 4 slices 1.26 times as fast as
         * 128 x 64 in one) and overrated more of them (H100,
         * docs/bench/h100-2026-11-27j/msets). */
        .sum_bytes_s = 3e12,
        .pack_bytes_s = 6e12,
        .round_s = 2e-6,
        /* The large set's blocks (one work-group a compute unit) stored
         * at 4e10 B/s a unit: on 48 random products whose choice this
         * changes (mostly from the large set, packed, to 128 x 128 at a K
         * of a few hundred), 1.071 times as fast (0.92 to 1.40; same
         * directory, call6). */
        .lone_store_bytes_s = 4e10,
        /* Packed f32 products with a K of 33 to 117 under a C of 119 to 267
         * MB that the blocks do not divide, C's rows on 16 bytes, ran 49 to
         * 88 us longer than the same blocks unpacked: about 3e12 bytes of C
         * a second more. Counted there, 8 such products ran 1.17 to 1.47
         * times as fast; with C's rows off 16 bytes packed ones ran faster,
         * and are not counted (H200, docs/bench/h200-2026-11-29/slices). */
        .clip_bytes_s = 3e12,
        .why = "operands packed K-major first (padcopy) from 3e9 multiply-adds on (TF32 "
               "products that the blocks do not divide: 3e8); exact f32 in the blocks of "
               "least estimated time, or 256 x 128 from 2e10 on where the strategy is forced "
               "(measured on an H100)",
    },
    {
        .name = "gpu",
        .vendor = TXF__ANY_VENDOR,
        .kind = TXF_DEVICE_GPU,
        .f32 = {.mwg = 64, .nwg = 64, .kwg = 16, .mdimc = 16, .ndimc = 16, .vwa = 4, .vwb = 4},
        .f64 = {.mwg = 32, .nwg = 32, .kwg = 16, .mdimc = 8, .ndimc = 8, .vwa = 2, .vwb = 2},
        .divisible = TXF_STRATEGY_SPLIT,
        .uneven = TXF_STRATEGY_PAD,
        .simple_below = 32768.0,
        .split_fill = 2,
        .why = "GPU default: 64 x 64 blocks, 4 x 4 registers per work-item",
    },
    {
        .name = "pocl-cpu",
        .vendor = TXF_VENDOR_POCL,
        .kind = TXF_DEVICE_CPU,
        .f32 = {.mwg = 128, .nwg = 64, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 16},
        .f64 = {.mwg = 128, .nwg = 64, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 8},
        .divisible = TXF_STRATEGY_SPLIT,
        .uneven = TXF_STRATEGY_PAD,
        .simple_below = 32768.0,
        /* Fitted to 2944 timings of these blocks with 1 and 2 K slices on 91
         * shapes from 1 to 100000 per side, most of them small or skinny (2-core
         * AMD EPYC, Zen 5, docs/bench/pocl-2026-11-27-amd/small): blocks of
         * 128 x 64 to 8 x 128 and 128 x 16 for products of some size; 16 x 16
         * to 4 x 8 for a small C, 1 x 64 and 4 x 32 for one to four rows; for
         * one to 12 columns, blocks of 128 rows summed along K in vectors
         * (kvec), whose operands then stream along their rows. The rates are
         * those of the padded blocks; small blocks pay less padding. */
        .cost_f32 =
            {{.p = {.mwg = 128, .nwg = 64, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 16},
              .rate = 2.29e11,
              .rate1 = 2.29e11,
              .slots = 1},
             {.p = {.mwg = 64, .nwg = 32, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 16},
              .rate = 1.69e11,
              .rate1 = 1.69e11,
              .slots = 1},
             {.p = {.mwg = 32, .nwg = 64, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 16},
              .rate = 1.54e11,
              .rate1 = 1.54e11,
              .slots = 1},
             {.p = {.mwg = 32, .nwg = 32, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 16},
              .rate = 1.65e11,
              .rate1 = 1.65e11,
              .slots = 1},
             {.p = {.mwg = 8, .nwg = 128, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 16},
              .rate = 1.04e11,
              .rate1 = 1.04e11,
              .slots = 1},
             {.p = {.mwg = 128, .nwg = 16, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 8},
              .rate = 1.27e11,
              .rate1 = 1.27e11,
              .slots = 1},
             {.p = {.mwg = 16, .nwg = 16, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 8},
              .rate = 6.69e10,
              .rate1 = 6.69e10,
              .slots = 1},
             {.p = {.mwg = 8, .nwg = 8, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 4},
              .rate = 3.73e10,
              .rate1 = 3.73e10,
              .slots = 1},
             {.p = {.mwg = 4, .nwg = 8, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 4, .vwb = 4},
              .rate = 2.5e10,
              .rate1 = 2.5e10,
              .slots = 1},
             {.p = {.mwg = 4, .nwg = 32, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 4, .vwb = 16},
              .rate = 5.03e10,
              .rate1 = 5.03e10,
              .slots = 1},
             {.p = {.mwg = 1, .nwg = 64, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 1, .vwb = 16},
              .rate = 1.63e10,
              .rate1 = 1.63e10,
              .slots = 1},
             {.p = {.mwg = 64, .nwg = 4, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 2},
              .rate = 3.21e10,
              .rate1 = 3.21e10,
              .slots = 1},
             {.p = {.mwg = 128,
                    .nwg = 1,
                    .kwg = 512,
                    .mdimc = 1,
                    .ndimc = 1,
                    .vwa = 8,
                    .vwb = 1,
                    .kvec = 16},
              .rate = 5.02e10,
              .rate1 = 5.02e10,
              .slots = 1},
             {.p = {.mwg = 128,
                    .nwg = 2,
                    .kwg = 512,
                    .mdimc = 1,
                    .ndimc = 1,
                    .vwa = 8,
                    .vwb = 2,
                    .kvec = 16},
              .rate = 9.42e10,
              .rate1 = 9.42e10,
              .slots = 1},
             {.p = {.mwg = 128,
                    .nwg = 4,
                    .kwg = 512,
                    .mdimc = 1,
                    .ndimc = 1,
                    .vwa = 4,
                    .vwb = 4,
                    .kvec = 16},
              .rate = 1.56e11,
              .rate1 = 1.56e11,
              .slots = 1},
             {.p = {.mwg = 128,
                    .nwg = 8,
                    .kwg = 512,
                    .mdimc = 1,
                    .ndimc = 1,
                    .vwa = 4,
                    .vwb = 4,
                    .kvec = 16},
              .rate = 1.74e11,
              .rate1 = 1.74e11,
              .slots = 1}},
        /* The same for f64 (2944 timings on the same shapes). */
        .cost_f64 =
            {{.p = {.mwg = 128, .nwg = 64, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 8},
              .rate = 1.21e11,
              .rate1 = 1.21e11,
              .slots = 1},
             {.p = {.mwg = 64, .nwg = 32, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 8},
              .rate = 1.03e11,
              .rate1 = 1.03e11,
              .slots = 1},
             {.p = {.mwg = 32, .nwg = 64, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 8},
              .rate = 9.2e10,
              .rate1 = 9.2e10,
              .slots = 1},
             {.p = {.mwg = 32, .nwg = 32, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 8},
              .rate = 9.36e10,
              .rate1 = 9.36e10,
              .slots = 1},
             {.p = {.mwg = 8, .nwg = 128, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 8},
              .rate = 5.52e10,
              .rate1 = 5.52e10,
              .slots = 1},
             {.p = {.mwg = 128, .nwg = 16, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 8},
              .rate = 1.15e11,
              .rate1 = 1.15e11,
              .slots = 1},
             {.p = {.mwg = 16, .nwg = 16, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 8},
              .rate = 6.07e10,
              .rate1 = 6.07e10,
              .slots = 1},
             {.p = {.mwg = 8, .nwg = 8, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 4},
              .rate = 3.62e10,
              .rate1 = 3.62e10,
              .slots = 1},
             {.p = {.mwg = 4, .nwg = 8, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 4, .vwb = 4},
              .rate = 2.1e10,
              .rate1 = 2.1e10,
              .slots = 1},
             {.p = {.mwg = 4, .nwg = 32, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 4, .vwb = 8},
              .rate = 2.44e10,
              .rate1 = 2.44e10,
              .slots = 1},
             {.p = {.mwg = 1, .nwg = 64, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 1, .vwb = 8},
              .rate = 1.07e10,
              .rate1 = 1.07e10,
              .slots = 1},
             {.p = {.mwg = 64, .nwg = 4, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 8, .vwb = 2},
              .rate = 3.46e10,
              .rate1 = 3.46e10,
              .slots = 1},
             {.p = {.mwg = 128,
                    .nwg = 1,
                    .kwg = 512,
                    .mdimc = 1,
                    .ndimc = 1,
                    .vwa = 8,
                    .vwb = 1,
                    .kvec = 8},
              .rate = 3.19e10,
              .rate1 = 3.19e10,
              .slots = 1},
             {.p = {.mwg = 128,
                    .nwg = 2,
                    .kwg = 512,
                    .mdimc = 1,
                    .ndimc = 1,
                    .vwa = 8,
                    .vwb = 2,
                    .kvec = 8},
              .rate = 5.5e10,
              .rate1 = 5.5e10,
              .slots = 1},
             {.p = {.mwg = 128,
                    .nwg = 4,
                    .kwg = 512,
                    .mdimc = 1,
                    .ndimc = 1,
                    .vwa = 4,
                    .vwb = 4,
                    .kvec = 8},
              .rate = 9.36e10,
              .rate1 = 9.36e10,
              .slots = 1},
             {.p = {.mwg = 128,
                    .nwg = 8,
                    .kwg = 512,
                    .mdimc = 1,
                    .ndimc = 1,
                    .vwa = 4,
                    .vwb = 4,
                    .kvec = 8},
              .rate = 8.69e10,
              .rate1 = 8.69e10,
              .slots = 1}},
        .launch_s = 1e-6,
        .slice_launch_s = 1e-6,
        .sum_bytes_s = 20e9,
        /* PADCOPY (B packed in panels that every block under them reads,
         * lib/select.c BLOCKED_PANEL_ROWS) weighed by the model; where the
         * model does not choose, from 1e9 multiply-adds on. */
        .padcopy_from = 1e9,
        .panel_vec_s = 2e-9,
        .kvec_sum_s = 200e-12,
        /* With B in panels, f64 in K steps of 512: fewer passes of the
         * block's sums through local memory and longer runs down each
         * panel. Padcopy with 128 x 64 blocks on 12 products of 7e7 to 8e9
         * multiply-adds (2-core Xeon, docs/bench/pocl-2026-11-28-intel/kwg):
         * f64 1.044 times as fast as with 128 (0.97-1.12; 256: 1.024); auto
         * on 92 products, 27 choices moved, 1.064. f32 with 512 instead of
         * 256: 1.022 forced (0.92-1.07) but 0.997 in auto (25 moved, those
         * of a K up to 1000 slower): its sets' own step. */
        .panel_kwg = {0, 512},
        /* The simple kernel runs products 2 to 10 times slower than 32 x 32
         * blocks, even the smallest. */
        .model_small = true,
        /* (The normalized name POCL 3.1 gives the 2-core AMD EPYC, Zen 5,
         * whose times the rates above were fitted to.) */
        .model_devices = {"skylake-avx512-AMD EPYC"},
        .why = "POCL: the blocked kernel, one work-item per block, B copied per K panel or "
               "packed in panels once (padcopy), in register tiles along N (16-wide vectors), "
               "or along K for a C of few columns; the blocks (128 x 64 down to 4 x 8 and 1 x "
               "64, 128 x 1 to 128 x 8 along K), the pack and K slices of least estimated "
               "time",
    },
    {
        .name = "cpu",
        .vendor = TXF__ANY_VENDOR,
        .kind = TXF_DEVICE_CPU,
        .f32 = {.mwg = 64, .nwg = 64, .kwg = 256, .mdimc = 1, .ndimc = 1, .vwa = 4, .vwb = 8},
        .f64 = {.mwg = 64, .nwg = 64, .kwg = 128, .mdimc = 1, .ndimc = 1, .vwa = 4, .vwb = 4},
        .divisible = TXF_STRATEGY_SPLIT,
        .uneven = TXF_STRATEGY_PAD,
        .simple_below = 32768.0,
        .why = "CPU default: the blocked kernel, one work-item per 64 x 64 block",
    },
    {
        .name = "fallback",
        .vendor = TXF__ANY_VENDOR,
        .kind = TXF__ANY_KIND,
        .f32 = {.mwg = 32, .nwg = 32, .kwg = 16, .mdimc = 8, .ndimc = 8, .vwa = 1, .vwb = 1},
        .f64 = {.mwg = 32, .nwg = 32, .kwg = 16, .mdimc = 8, .ndimc = 8, .vwa = 1, .vwb = 1},
        .divisible = TXF_STRATEGY_SPLIT,
        .uneven = TXF_STRATEGY_PAD,
        .simple_below = 32768.0,
        .why = "safe default: 32 x 32 blocks of 8 x 8 work-items, padded launch",
    },
};

/* ------------------------------------------------------------- lookup */

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static bool matches(int vendor, int kind, const txf_device_profile *p)
{
	return (vendor == TXF__ANY_VENDOR || vendor == (int)p->vendor) &&
	       (kind == TXF__ANY_KIND || kind == (int)p->kind);
}

const txf__transpose_entry *txf__transpose_entry_for(const txf_device_profile *p)
{
	for (size_t i = 0; p && i + 1 < COUNT(transpose_entries); i++) {
		const txf__transpose_entry *e = &transpose_entries[i];
		if (matches(e->vendor, e->kind, p) &&
		    (!e->device_vendor || strstr(p->vendor_name, e->device_vendor)))
			return e;
	}
	return &transpose_entries[COUNT(transpose_entries) - 1];
}

const txf__matmul_entry *txf__matmul_entry_for(const txf_device_profile *p)
{
	for (size_t i = 0; p && i + 1 < COUNT(matmul_entries); i++)
		if (matches(matmul_entries[i].vendor, matmul_entries[i].kind, p))
			return &matmul_entries[i];
	return &matmul_entries[COUNT(matmul_entries) - 1];
}
