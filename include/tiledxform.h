/*
 * libtiledxform: tiled matrix transpose (and, later, multiply) on any OpenCL
 * device, with the tile size and the edge strategy chosen per device.
 *
 * Conventions
 *  - Every public name starts with txf_ / TXF_.
 *  - Functions that can fail return txf_status: TXF_SUCCESS (0) or a negative
 *    code. The detail of the last failure on the calling thread is available
 *    from txf_last_error() (and the build log from txf_last_build_log()).
 *  - Options structs are filled by their *_default() function first: it
 *    sets their struct_size, and a struct without it is refused. Structs
 *    the library fills end in a reserved tail, so that they can gain
 *    fields without changing size (docs/abi.md).
 *  - Kernel parameters are named (txf_param_at lists them): options set
 *    them by name and choices report them by name, so that a new
 *    parameter changes no struct.
 *  - Release functions take T ** and set *T to NULL.
 *  - Operations that enqueue work take a wait list (num_wait, wait) and can
 *    return one event that completes when all of the operation's work has.
 *    No operation calls clFinish; the caller waits on the event.
 *  - On any error nothing is enqueued and nothing of the caller's is written.
 *  - Zero-sized operands are a valid quick return, not an error.
 */
#ifndef TILEDXFORM_H
#define TILEDXFORM_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <stddef.h>
#include <stdint.h>

/* TXF_VERSION_MAJOR, _MINOR, _PATCH and TXF_VERSION_STRING: the version of
 * these headers (docs/abi.md says what a change of each means). */
#include "tiledxform_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* TXF_API marks the functions of the shared library: exported when the
 * library itself is built (TXF_BUILDING_LIBRARY, defined by its build only),
 * imported by the programs that use it. A program that links a static build
 * of the library, or compiles its sources in, defines TXF_STATIC. */
#if defined(TXF_STATIC)
#define TXF_API
#elif defined(_WIN32) || defined(__CYGWIN__)
#if defined(TXF_BUILDING_LIBRARY)
#define TXF_API __declspec(dllexport)
#else
#define TXF_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#define TXF_API __attribute__((visibility("default")))
#else
#define TXF_API
#endif

/* "0.1.0": the version of the library that is running, which may be newer
 * than the headers a program was compiled with. */
TXF_API const char *txf_version(void);

/* ---------------------------------------------------------------- status */

/* X(name, value, message): one list for the enum, the names and messages. */
#define TXF_STATUS_LIST(X)                                                                      \
	X(TXF_SUCCESS, 0, "success")                                                            \
	X(TXF_ERR_NULL_ARG, -1, "a required pointer argument is NULL")                          \
	X(TXF_ERR_INVALID_ARG, -2, "an argument has an invalid value")                          \
	X(TXF_ERR_BAD_DTYPE, -3, "unknown element type")                                        \
	X(TXF_ERR_BAD_LD, -4, "leading dimension smaller than the matrix's contiguous extent")  \
	X(TXF_ERR_SIZE_OVERFLOW, -5, "matrix size overflows size_t")                            \
	X(TXF_ERR_OUT_OF_BOUNDS, -6, "matrix view extends past the end of its buffer")          \
	X(TXF_ERR_DTYPE_MISMATCH, -7, "element types of the operands differ")                   \
	X(TXF_ERR_SHAPE_MISMATCH, -8, "shapes of the operands do not agree")                    \
	X(TXF_ERR_OVERLAP, -9, "output overlaps an input")                                      \
	X(TXF_ERR_NOT_SQUARE, -10, "in-place transpose needs a square matrix")                  \
	X(TXF_ERR_BAD_STRATEGY, -11, "unknown strategy")                                        \
	X(TXF_ERR_STRATEGY_NOT_APPLICABLE, -12,                                                 \
	  "strategy cannot be used for this operation or shape")                                \
	X(TXF_ERR_BAD_TILE, -13, "tile parameters are not valid")                               \
	X(TXF_ERR_TILE_UNSUPPORTED, -14, "tile is larger than the device allows")               \
	X(TXF_ERR_NO_DEVICE, -15, "no OpenCL device found")                                     \
	X(TXF_ERR_DEVICE_NOT_FOUND, -16, "no OpenCL device matches the request")                \
	X(TXF_ERR_KERNEL_NOT_FOUND, -17, "kernel source file not found")                        \
	X(TXF_ERR_BUILD_FAILED, -18, "kernel program failed to build")                          \
	X(TXF_ERR_OPENCL, -19, "an OpenCL call failed")                                         \
	X(TXF_ERR_OUT_OF_MEMORY, -20, "out of host memory")                                     \
	X(TXF_ERR_IO, -21, "file input or output failed")                                       \
	X(TXF_ERR_BAD_WAIT_LIST, -22, "wait list is inconsistent (count and pointer disagree)") \
	X(TXF_ERR_INNER_DIM_MISMATCH, -23, "inner dimensions of op(A) and op(B) differ")        \
	X(TXF_ERR_MISSING_C, -24, "beta is not zero but no C matrix was given")                 \
	X(TXF_ERR_FP64_UNSUPPORTED, -25, "the device has no double precision (cl_khr_fp64)")    \
	X(TXF_ERR_WORKSPACE_TOO_SMALL, -26, "the caller's workspace is smaller than needed")    \
	X(TXF_ERR_TOO_LARGE, -27, "larger than the device allows in one buffer")                \
	X(TXF_ERR_BAD_PARAM, -28, "unknown kernel parameter, or a value outside its range")

typedef enum txf_status {
#define TXF_X_ENUM(name, value, msg) name = value,
	TXF_STATUS_LIST(TXF_X_ENUM)
#undef TXF_X_ENUM
} txf_status;

/* "TXF_ERR_BAD_LD"; "TXF_UNKNOWN_STATUS" for values not in the list. */
TXF_API const char *txf_status_name(txf_status s);
/* A fixed sentence describing the status. */
TXF_API const char *txf_status_message(txf_status s);
/* Detail of the last failure on this thread ("" if none): what was wrong,
 * with the values involved, the paths searched or the OpenCL error. */
TXF_API const char *txf_last_error(void);
/* The full build log of the last failed program build on this thread. */
TXF_API const char *txf_last_build_log(void);

/* ---------------------------------------------------------- element types */

typedef enum txf_dtype {
	TXF_U8 = 0,
	TXF_I8,
	TXF_U16,
	TXF_I16,
	TXF_F16, /* IEEE binary16: matmul operands (f32 accumulation); transposes */
	TXF_U32,
	TXF_I32,
	TXF_F32,
	TXF_U64,
	TXF_I64,
	TXF_F64,
	TXF_C64,  /* complex float: two float32 */
	TXF_C128, /* complex double: two float64 */
	TXF_BF16, /* bfloat16, the top half of a float32: as TXF_F16 */
	TXF_DTYPE_COUNT
} txf_dtype;

/* Size of one element in bytes, 0 for an unknown type. */
TXF_API size_t txf_dtype_size(txf_dtype t);
/* "f32", "c128", ...; NULL for an unknown type. */
TXF_API const char *txf_dtype_name(txf_dtype t);

/* ---------------------------------------------------------------- context */

typedef struct txf_context txf_context;

typedef struct txf_context_options {
	/* sizeof(txf_context_options), set by txf_context_options_default. */
	size_t struct_size;
	/* Which device: NULL means the TXF_DEVICE environment variable, and if
	 * that is unset a GPU if there is one, else a CPU, else any device.
	 * Forms: "2" (index in `txf info`'s list), "gpu", "cpu", or a
	 * case-insensitive substring of the platform or device name. */
	const char *device;
	/* Directories to search for kernel sources, ':'-separated, before
	 * TXF_KERNEL_PATH, the source tree (uninstalled builds) and the
	 * installed data directory. NULL for none. A file there is read only
	 * when no other user can change it or its directory (README: "Files
	 * the library trusts"); one that fails is skipped with a warning. */
	const char *kernel_path;
	/* Search kernel_path alone: no environment, source tree or data
	 * directory (for applications that ship their own kernels). */
	int kernel_path_only;
	/* Create the queue with CL_QUEUE_PROFILING_ENABLE (default 1). An
	 * event on a profiling queue costs host time per launch on some drivers
	 * (BENCHMARKS.md): set 0 where the latency of short operations matters
	 * more than their timestamps. */
	int profiling;
	/* Directory of the on-disk caches: compiled programs in programs/,
	 * tuning files in tuning/. NULL means TXF_CACHE_DIR, else
	 * $XDG_CACHE_HOME/tiledxform, else ~/.cache/tiledxform. Created with
	 * mode 0700 when missing; used only when it is not a symbolic link,
	 * belongs to this user and others cannot write it. */
	const char *cache_dir;
	/* Keep compiled programs on disk between processes (default 1).
	 * TXF_BINARY_CACHE=0 in the environment turns it off too. */
	int binary_cache;
	/* Let AUTO consult this device's tuning file (default 1; see
	 * txf_tuning_path). TXF_TUNING=0 in the environment turns it off too. */
	int tuning;
	/* A tuning file to read instead of the device's file in cache_dir;
	 * NULL means TXF_TUNING_FILE, else the device's file. */
	const char *tuning_file;
} txf_context_options;

TXF_API void txf_context_options_default(txf_context_options *opts);

/* Create a context, device and in-order queue chosen as opts says. */
TXF_API txf_status txf_context_create(txf_context **ctx, const txf_context_options *opts);

/* Wrap the caller's OpenCL objects. They are retained and stay the caller's;
 * the library never releases more than it retained. queue must belong to
 * context and device; it may be out of order. */
TXF_API txf_status txf_context_wrap(txf_context **ctx, cl_context context, cl_device_id device,
                                    cl_command_queue queue, const txf_context_options *opts);

TXF_API void txf_context_release(txf_context **ctx);

TXF_API cl_context txf_context_cl_context(const txf_context *ctx);
TXF_API cl_device_id txf_context_device(const txf_context *ctx);
TXF_API cl_command_queue txf_context_queue(const txf_context *ctx);

/* What a context did with its caches so far. */
typedef struct txf_context_stats {
	unsigned long programs_built;  /* compiled from source */
	unsigned long programs_loaded; /* taken from the binary cache on disk */
	unsigned long programs_stored; /* written to the binary cache */
	unsigned long cache_rejected;  /* disk entries ignored: corrupt, stale or unsafe */
	int binary_cache;              /* the binary cache is in use */
	int tuned;                     /* a tuning file was read and is consulted */
	char cache_dir[1024];          /* the programs directory in use, "" if none */
	char tuning_file[1024];        /* the tuning file consulted, "" if none */
	void *reserved[8];             /* zero */
} txf_context_stats;

TXF_API txf_status txf_context_stats_get(txf_context *ctx, txf_context_stats *out);

/* --------------------------------------------------------- device profile */

typedef enum txf_vendor {
	TXF_VENDOR_OTHER = 0,
	TXF_VENDOR_NVIDIA,
	TXF_VENDOR_AMD,
	TXF_VENDOR_INTEL,
	TXF_VENDOR_APPLE,
	TXF_VENDOR_ARM,
	TXF_VENDOR_QUALCOMM,
	TXF_VENDOR_POCL
} txf_vendor;

typedef enum txf_device_kind {
	TXF_DEVICE_OTHER = 0,
	TXF_DEVICE_GPU,
	TXF_DEVICE_CPU,
	TXF_DEVICE_ACCELERATOR
} txf_device_kind;

typedef struct txf_device_profile {
	char platform[128];
	char vendor_name[128];
	char name[256];            /* as the driver reports it */
	char normalized_name[256]; /* POCL's "pthread-"/"cpu-" prefix removed, spaces trimmed */
	char driver_version[128];
	char device_version[128];
	txf_vendor vendor;
	txf_device_kind kind;
	cl_uint compute_units;
	cl_ulong local_mem_size;
	int local_mem_emulated; /* CL_GLOBAL local memory: "local" is ordinary RAM */
	size_t max_work_group_size;
	size_t max_work_item_sizes[3];
	size_t preferred_multiple; /* of a work-group size, from a probe kernel */
	int has_fp64;
	cl_ulong global_mem_size;
	cl_ulong max_alloc_size;
	cl_uint mem_base_addr_align; /* bits */
	/* NVIDIA devices that report it (cl_nv_device_attribute_query): compute
	 * capability as 10 major + minor (90 for compute capability 9.0); 0
	 * elsewhere. */
	unsigned nv_compute_capability;
	void *reserved[8]; /* zero */
} txf_device_profile;

TXF_API txf_status txf_context_profile(txf_context *ctx, txf_device_profile *out);

/* Every device of every platform, in the order that numeric device specs
 * ("0", "1", ...) count them. preferred_multiple is 0 here (it needs a
 * context). Free the array with txf_devices_free. */
TXF_API txf_status txf_devices_list(txf_device_profile **profiles, size_t *count);
TXF_API void txf_devices_free(txf_device_profile **profiles);
TXF_API const char *txf_vendor_name(txf_vendor v);
TXF_API const char *txf_device_kind_name(txf_device_kind k);

/* ------------------------------------------------------------- matrices */

typedef enum txf_layout { TXF_ROW_MAJOR = 0, TXF_COL_MAJOR = 1 } txf_layout;

/* A matrix in a buffer. offset and ld count elements, not bytes. For a
 * row-major view element (i, j) is at offset + i * ld + j and ld >= cols; for
 * a column-major view it is at offset + j * ld + i and ld >= rows. */
typedef struct txf_matrix {
	cl_mem buffer;
	size_t offset;
	size_t rows;
	size_t cols;
	size_t ld;
	txf_dtype dtype;
	txf_layout layout;
} txf_matrix;

/* A tightly packed view of the whole buffer start (ld = cols or rows). */
TXF_API txf_matrix txf_matrix_view(cl_mem buffer, txf_dtype dtype, size_t rows, size_t cols,
                                   txf_layout layout);

/* The rows x cols block of m starting at (row, col): a view of the same
 * buffer. Fails with TXF_ERR_OUT_OF_BOUNDS if it does not fit inside m. */
TXF_API txf_status txf_matrix_section(const txf_matrix *m, size_t row, size_t col, size_t rows,
                                      size_t cols, txf_matrix *out);

/* Check a view against its buffer: dtype, ld, overflow, buffer size. */
TXF_API txf_status txf_matrix_check(const txf_matrix *m);

/* Allocate a tightly packed matrix in a new buffer. The buffer belongs to
 * the caller, who frees it with txf_matrix_free (or clReleaseMemObject). */
TXF_API txf_status txf_matrix_alloc(txf_context *ctx, txf_dtype dtype, size_t rows, size_t cols,
                                    txf_layout layout, txf_matrix *out);
/* Release m->buffer and clear the view. NULL or an empty view is a no-op. */
TXF_API void txf_matrix_free(txf_matrix *m);

/* Copy host memory to the view and back. The host matrix has the view's
 * layout and leading dimension host_ld (0: tightly packed). A non-blocking
 * call needs host memory to stay valid until *event completes. */
TXF_API txf_status txf_matrix_write(txf_context *ctx, const txf_matrix *dst, const void *host,
                                    size_t host_ld, int blocking, cl_uint num_wait,
                                    const cl_event *wait, cl_event *event);
TXF_API txf_status txf_matrix_read(txf_context *ctx, const txf_matrix *src, void *host,
                                   size_t host_ld, int blocking, cl_uint num_wait,
                                   const cl_event *wait, cl_event *event);

/* ------------------------------------------------------------- strategies */

/* How a tiled kernel deals with extents that the tile does not divide. */
typedef enum txf_strategy {
	TXF_STRATEGY_AUTO = 0, /* chosen per device and shape */
	TXF_STRATEGY_SIMPLE,   /* no tiling: one work-item per element, bounds-checked */
	TXF_STRATEGY_PAD,      /* launch rounded up; guarded reads and writes */
	TXF_STRATEGY_TRUNCATE, /* launch rounded down; edge work-items do the bands */
	TXF_STRATEGY_SPLIT,    /* even tiled kernel on the main block, simple on bands */
	TXF_STRATEGY_PADCOPY,  /* matmul: operands copied into zero-padded temporaries */
	TXF_STRATEGY_COUNT
} txf_strategy;

/* "auto", "simple", "pad", "truncate", "split", "padcopy"; NULL if unknown. */
TXF_API const char *txf_strategy_name(txf_strategy s);
/* Parse a name as above; TXF_ERR_BAD_STRATEGY if unknown. */
TXF_API txf_status txf_strategy_parse(const char *name, txf_strategy *out);

/* ------------------------------------------------------ kernel parameters */

/* A kernel parameter by name (one of txf_param_at's), and its value. */
typedef struct txf_param {
	const char *name;
	long long value;
} txf_param;

/* The most parameters an options struct, a choice or a tuned entry holds. */
#define TXF_MAX_PARAMS 32

/* Every parameter of the kernels, as `txf params` lists them. */
typedef struct txf_param_info {
	const char *name;      /* "tile", "mwg", ... */
	const char *operation; /* "transpose" or "matmul" */
	long long min, max;    /* the values the setters accept */
	const char *meaning;   /* one line: what it does, what 0 and -1 mean */
	/* In a tuned entry (txf_tuned): 2 required, 1 optional, 0 not taken. */
	int tuned;
} txf_param_info;

/* How many parameters there are, and the i-th (NULL past the last). */
TXF_API size_t txf_param_count(void);
TXF_API const txf_param_info *txf_param_at(size_t i);

/* Where a choice came from. */
typedef enum txf_choice_source {
	TXF_SOURCE_FORCED = 0, /* the caller asked for it */
	TXF_SOURCE_DEVICE,     /* built-in entry for this device or vendor and type */
	TXF_SOURCE_FALLBACK,   /* safe default that works everywhere */
	TXF_SOURCE_TUNED       /* measured on this device by the tuner (txf tune) */
} txf_choice_source;

/* ------------------------------------------------------------- transpose */

typedef struct txf_transpose_options {
	size_t struct_size;    /* sizeof(txf_transpose_options) */
	txf_strategy strategy; /* default TXF_STRATEGY_AUTO */
	unsigned tile;         /* tile edge T, a power of two 4..128; 0 = choose (with
	                        * TRUNCATE, at most the matrix's smaller side) */
	unsigned wg_rows;      /* work-item rows per tile, a power of two dividing T; 0 = choose */
	/* Further kernel parameters fixed by the caller, the first num_params
	 * of params (txf_transpose_options_set adds or replaces one); the
	 * others are chosen. A name that is not a transpose parameter or a
	 * value outside its range is TXF_ERR_BAD_PARAM when the options are
	 * used; one that does not fit the device or the other parameters is
	 * refused as a tile would be. */
	unsigned num_params;
	txf_param params[TXF_MAX_PARAMS];
} txf_transpose_options;

TXF_API void txf_transpose_options_default(txf_transpose_options *opts);

/* Set parameter `name` ("tile", "wg_rows" or one of the list) of opts:
 * TXF_ERR_BAD_PARAM, naming the parameter and its range, for an unknown
 * name or a value outside the range, and opts is left as it was. Whether
 * the value fits the device and the other parameters is checked when the
 * options are used. */
TXF_API txf_status txf_transpose_options_set(txf_transpose_options *opts, const char *name,
                                             long long value);

/* What an operation will run, and why. */
typedef struct txf_choice {
	txf_strategy strategy;
	unsigned tile;
	unsigned wg_rows;
	unsigned launches; /* kernels it enqueues */
	txf_choice_source strategy_source;
	txf_choice_source tile_source;
	/* The table entry used, and one human-readable line on why: strings of
	 * the calling thread, valid until its next explain call. */
	const char *entry;
	const char *why;
	/* Every transpose parameter and the value used, in txf_param_at's
	 * order (0 for a kernel variant that does not run). */
	unsigned num_params;
	txf_param params[TXF_MAX_PARAMS];
	void *reserved[8]; /* zero */
} txf_choice;

/* The value of parameter `name` in a choice (TXF_ERR_BAD_PARAM if there is
 * no such parameter). */
TXF_API txf_status txf_choice_param(const txf_choice *c, const char *name, long long *value);

/* out = transpose(in). in is rows x cols, out must be cols x rows, both of
 * the same element type, in one buffer or two, not overlapping. Views of
 * different layouts are allowed (the operation is then a strided copy). */
TXF_API txf_status txf_transpose(txf_context *ctx, const txf_matrix *in, const txf_matrix *out,
                                 const txf_transpose_options *opts, cl_uint num_wait,
                                 const cl_event *wait, cl_event *event);

/* m = transpose(m) for a square m (TXF_ERR_NOT_SQUARE otherwise). Strategies:
 * SIMPLE swaps element pairs of the lower triangle, PAD (and AUTO) swaps tile
 * pairs through local memory; TRUNCATE and SPLIT do not apply. */
TXF_API txf_status txf_transpose_inplace(txf_context *ctx, const txf_matrix *m,
                                         const txf_transpose_options *opts, cl_uint num_wait,
                                         const cl_event *wait, cl_event *event);

/* What txf_transpose (in_place = 0) or txf_transpose_inplace (1) would run
 * for a rows x cols matrix of dtype in tightly packed views, without
 * running it. */
TXF_API txf_status txf_transpose_explain(txf_context *ctx, size_t rows, size_t cols,
                                         txf_dtype dtype, int in_place,
                                         const txf_transpose_options *opts, txf_choice *out);

/* A batch of transposes: out_b = transpose(in_b) for b = 0 .. batch - 1,
 * where in_b is the view *in with its offset moved b * in_stride elements
 * and out_b the view *out moved b * out_stride elements (strides count
 * elements, like offsets; in_stride may be 0: one input for every output).
 * Every matrix must lie inside its buffer; no two outputs may share an
 * element (TXF_ERR_OVERLAP); where inputs and outputs share a buffer, the
 * bytes from the first input to the last and those of the outputs must
 * not meet. The options apply as to txf_transpose, with the parameter
 * "batched": 1 runs the whole batch in one launch (strategy simple or
 * pad), 2 the single matrix's kernels once per matrix, 0 chooses by the
 * device and the matrices' size. Views of different layouts are a strided
 * copy in one launch. batch = 0 or an empty matrix does nothing and still
 * completes the event. */
TXF_API txf_status txf_transpose_batched(txf_context *ctx, const txf_matrix *in, size_t in_stride,
                                         const txf_matrix *out, size_t out_stride, size_t batch,
                                         const txf_transpose_options *opts, cl_uint num_wait,
                                         const cl_event *wait, cl_event *event);

/* What txf_transpose_batched would run for `batch` rows x cols matrices of
 * dtype in views of one layout, without running it. */
TXF_API txf_status txf_transpose_batched_explain(txf_context *ctx, size_t rows, size_t cols,
                                                 size_t batch, txf_dtype dtype,
                                                 const txf_transpose_options *opts,
                                                 txf_choice *out);

/* ---------------------------------------------------------------- matmul */

typedef enum txf_op { TXF_OP_N = 0, TXF_OP_T = 1 } txf_op;

/* The kernel parameters (mwg, nwg, kwg, ...) are listed with their
 * meaning by txf_param_at and `txf params`; docs/api.md describes the
 * kernels they shape. */
typedef struct txf_matmul_options {
	size_t struct_size;    /* sizeof(txf_matmul_options) */
	txf_strategy strategy; /* default TXF_STRATEGY_AUTO; PADCOPY is matmul only */
	/* Temporaries of PADCOPY and of K slices: NULL means pooled by the
	 * context. A caller's buffer must hold txf_matmul_workspace_size()
	 * bytes. */
	cl_mem workspace;
	/* Kernel parameters fixed by the caller, as for a transpose; the
	 * others are chosen per device. With TRUNCATE, the block sides left
	 * open shrink to fit a small C, and the other parameters left open as
	 * they need. */
	unsigned num_params;
	txf_param params[TXF_MAX_PARAMS];
} txf_matmul_options;

TXF_API void txf_matmul_options_default(txf_matmul_options *opts);
TXF_API txf_status txf_matmul_options_set(txf_matmul_options *opts, const char *name,
                                          long long value);

/* What an operation will run for matmul, and why. */
typedef struct txf_matmul_choice {
	txf_strategy strategy;
	/* Kernels it enqueues for row-major A, B and C, neither transposed.
	 * PADCOPY runs up to four: the packs of A and B, the product, and with
	 * K slices their sum into C; a pack is left out where the call's
	 * layout needs none (an operand already stored K-major, aligned, with
	 * dividing extents). */
	unsigned launches;
	txf_choice_source strategy_source;
	txf_choice_source params_source;
	const char *entry; /* as in txf_choice */
	const char *why;
	/* Every matmul parameter and the value used, in txf_param_at's order. */
	unsigned num_params;
	txf_param params[TXF_MAX_PARAMS];
	void *reserved[8]; /* zero */
} txf_matmul_choice;

TXF_API txf_status txf_matmul_choice_param(const txf_matmul_choice *c, const char *name,
                                           long long *value);

/* C = alpha * op(A) * op(B) + beta * C, where op(A) is m x k, op(B) is k x n
 * and C is m x n. Views may be row- or column-major, each on its own, with
 * leading dimensions and offsets. Element types TXF_F32 and TXF_F64 (the
 * latter where the device has cl_khr_fp64), the same for all three; or
 * TXF_F16 or TXF_BF16 for A and B with C of the same type or TXF_F32: the
 * operands are widened to f32 (exactly) in the workspace and summed in f32,
 * and a 16-bit C is rounded to nearest even at the end.
 * beta = 0 means C is only written (NaN or Inf in it never reaches the
 * result). k = 0 scales C by beta; m = 0 or n = 0 does nothing and still
 * completes the event. C may not overlap A or B. */
TXF_API txf_status txf_matmul(txf_context *ctx, txf_op op_a, txf_op op_b, double alpha,
                              const txf_matrix *a, const txf_matrix *b, double beta,
                              const txf_matrix *c, const txf_matmul_options *opts, cl_uint num_wait,
                              const cl_event *wait, cl_event *event);

/* Bytes of workspace the choice for this shape needs (PADCOPY's padded
 * copies, the partial sums of K slices, the f32 copies of 16-bit operands;
 * 0 when it needs none), enough for any storage order and op of the
 * operands: a call whose layout lets PADCOPY skip a copy uses less of it,
 * or none. */
TXF_API txf_status txf_matmul_workspace_size(txf_context *ctx, size_t m, size_t n, size_t k,
                                             txf_dtype dtype, const txf_matmul_options *opts,
                                             size_t *bytes);

/* What txf_matmul would run for m x n x k of dtype with a row-major C,
 * without running it. A column-major C is computed as its row-major
 * transpose: for one, ask for n x m x k. */
TXF_API txf_status txf_matmul_explain(txf_context *ctx, size_t m, size_t n, size_t k,
                                      txf_dtype dtype, const txf_matmul_options *opts,
                                      txf_matmul_choice *out);

/* ---------------------------------------------------------------- tuning */

/* Measured choices for AUTO, one set per device, kept in a text file in the
 * cache directory (`txf tune` writes it; the format is described in
 * docs/tuning.md). A context reads its device's file when it is created.
 * AUTO consults it when the caller forces nothing (strategy AUTO and no tile
 * or kernel parameter given); choices it cannot serve fall back to the
 * built-in table. */

typedef enum txf_tune_op { TXF_TUNE_TRANSPOSE = 0, TXF_TUNE_MATMUL, TXF_TUNE_OP_COUNT } txf_tune_op;

/* The class of a shape. Skinny shapes first: FEW_ROWS where only the rows
 * are few (a transpose's rows, a matmul's m; at most TXF_FEW_TRANSPOSE or
 * TXF_FEW_MATMUL), FEW_COLS where only the columns are (cols, n). Other
 * shapes are small or large by the limit large_from; even when the entry's
 * tile (for matmul its mwg, nwg and kwg) divides the shape, uneven
 * otherwise. */
typedef enum txf_size_class {
	TXF_SMALL_EVEN = 0,
	TXF_SMALL_UNEVEN,
	TXF_LARGE_EVEN,
	TXF_LARGE_UNEVEN,
	TXF_FEW_ROWS,
	TXF_FEW_COLS,
	TXF_SIZE_CLASS_COUNT
} txf_size_class;

#define TXF_FEW_TRANSPOSE 32 /* the short side of a skinny transpose, at most */
#define TXF_FEW_MATMUL 128   /* m or n of a skinny matmul, at most */

/* One measured winner. */
typedef struct txf_tuned {
	txf_strategy strategy; /* SIMPLE, PAD, TRUNCATE or SPLIT (PADCOPY: see limits) */
	/* Its kernel parameters by name: for a transpose tile and wg_rows (and
	 * one of PAD's kernels: stream, skinny or packed), for a matmul mwg, nwg, kwg,
	 * mdimc, ndimc, vwa and vwb (and optionally ksplit, lbuf, wmap,
	 * kgroups): txf_param_info's `tuned` says which. */
	unsigned num_params;
	txf_param params[TXF_MAX_PARAMS];
	size_t shape[3];  /* measured on rows x cols (x k for matmul) */
	double median_ms; /* its median time there */
	void *reserved[4];
} txf_tuned;

/* Where the classes and strategies change, per operation and type. */
typedef struct txf_tuning_limits {
	/* The large classes apply from this many elements (transpose:
	 * rows * cols) or multiply-adds (matmul: m * n * k) on. */
	double large_from;
	/* Matmul, uneven shapes: PADCOPY from this m * n * k on; 0: never. */
	double padcopy_min;
	void *reserved[4];
} txf_tuning_limits;

/* A set of tuned entries, one per operation, element type and size class,
 * with the limits of each operation and type: an object of the library,
 * read and changed through the functions below. */
typedef struct txf_tuning txf_tuning;

/* An empty tuning; release it with txf_tuning_release. */
TXF_API txf_status txf_tuning_create(txf_tuning **out);
TXF_API void txf_tuning_release(txf_tuning **t);

/* The entry of op, dtype and class: TXF_SUCCESS and *out filled, or
 * TXF_ERR_INVALID_ARG (with nothing written) when t has none. Its names
 * point into the library and stay valid. */
TXF_API txf_status txf_tuning_entry(const txf_tuning *t, txf_tune_op op, txf_dtype dtype,
                                    txf_size_class size_class, txf_tuned *out);
/* Add or replace that entry (e NULL removes it). Names that are not tuned
 * parameters of op, values outside their range and a required parameter
 * left out are TXF_ERR_BAD_PARAM, and t is left as it was. Whether the
 * entry fits a device is checked by txf_tuning_set and txf_tuning_save. */
TXF_API txf_status txf_tuning_set_entry(txf_tuning *t, txf_tune_op op, txf_dtype dtype,
                                        txf_size_class size_class, const txf_tuned *e);
/* The limits of op and dtype, as for entries (l NULL removes them). */
TXF_API txf_status txf_tuning_limits_get(const txf_tuning *t, txf_tune_op op, txf_dtype dtype,
                                         txf_tuning_limits *out);
TXF_API txf_status txf_tuning_limits_set(txf_tuning *t, txf_tune_op op, txf_dtype dtype,
                                         const txf_tuning_limits *l);
/* How it was measured ("quick", "full", ...) and when (UTC, ISO 8601); ""
 * when unknown. Setting either to NULL clears it; longer values than the
 * file keeps (15 and 31 characters) are TXF_ERR_INVALID_ARG. */
TXF_API const char *txf_tuning_mode(const txf_tuning *t);
TXF_API const char *txf_tuning_created(const txf_tuning *t);
TXF_API txf_status txf_tuning_set_info(txf_tuning *t, const char *mode, const char *created);

/* "transpose", "matmul"; NULL if unknown. */
TXF_API const char *txf_tune_op_name(txf_tune_op op);
/* "small-even", ...; NULL if unknown. */
TXF_API const char *txf_size_class_name(txf_size_class c);

/* The file this context's device reads and txf_tuning_save writes: the
 * option tuning_file, else TXF_TUNING_FILE, else
 * <cache_dir>/tuning/<device>-<hash>.txt, the hash covering the platform,
 * device name, driver version and library version. TXF_ERR_IO when there
 * is no cache directory. */
TXF_API txf_status txf_tuning_path(txf_context *ctx, char *buf, size_t size);

/* A copy of the tuning this context consults (empty when none), for the
 * caller to release. */
TXF_API txf_status txf_tuning_get(txf_context *ctx, txf_tuning **out);

/* Check t against the device (every valid entry must be a launch the device
 * accepts, with shape extents from 1 to 2^31 and a finite time of at least
 * 0) and use it from now on in this context; NULL stops consulting any
 * tuning. Nothing is written. */
TXF_API txf_status txf_tuning_set(txf_context *ctx, const txf_tuning *t);

/* Check t as txf_tuning_set does, write it atomically to txf_tuning_path
 * (creating the directory, mode 0700, when missing), then use it as
 * txf_tuning_set does. A failed save changes neither the file nor the
 * context; a directory that is not private (README: "Files the library
 * trusts") is TXF_ERR_IO. */
TXF_API txf_status txf_tuning_save(txf_context *ctx, const txf_tuning *t);

/* Time each block set of the device's matmul cost model for dtype (TXF_F32
 * or TXF_F64; docs/api.md, "The cost model") on this context's device, and
 * record in t the factor on each set's built-in rates that makes the
 * model's estimate match the time measured: AUTO then weighs the sets by
 * this device's speeds wherever t is the tuning in use (txf_tuning_set,
 * txf_tuning_save). Each set runs a product of about 2 ms seven times;
 * the programs build on first use. scales (NULL with max 0) receives up to
 * max of the factors, in the model's order, and count (may be NULL) the
 * number of sets measured. TXF_ERR_BAD_DTYPE for other types,
 * TXF_ERR_FP64_UNSUPPORTED for f64 on a device without it,
 * TXF_ERR_STRATEGY_NOT_APPLICABLE where the device's entry has no cost
 * model for dtype; t changes only on success. */
TXF_API txf_status txf_tuning_calibrate(txf_context *ctx, txf_tuning *t, txf_dtype dtype,
                                        double *scales, size_t max, size_t *count);

#ifdef __cplusplus
}
#endif
#endif /* TILEDXFORM_H */
