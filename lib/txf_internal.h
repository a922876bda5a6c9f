/* Internal interfaces shared by the files of lib/. Internal names: txf__. */
#ifndef TXF_INTERNAL_H
#define TXF_INTERNAL_H

#include "tiledxform.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>

#if defined(TXF_FAULT_INJECTION) && !defined(TXF__FAULT_IMPL)
/* A test build: the OpenCL calls that create, build, enqueue, retain or
 * release go through the wrappers of fault.c (see txf_fault.h). */
#include "txf_fault.h"
#define TXF__WRAP(f, ...) txf__fault_##f(__FILE__, __func__, __LINE__, __VA_ARGS__)
#define clCreateBuffer(...) TXF__WRAP(clCreateBuffer, __VA_ARGS__)
#define clCreateSubBuffer(...) TXF__WRAP(clCreateSubBuffer, __VA_ARGS__)
#define clCreateUserEvent(...) TXF__WRAP(clCreateUserEvent, __VA_ARGS__)
#define clCreateContext(...) TXF__WRAP(clCreateContext, __VA_ARGS__)
#define clCreateCommandQueue(...) TXF__WRAP(clCreateCommandQueue, __VA_ARGS__)
#define clCreateProgramWithSource(...) TXF__WRAP(clCreateProgramWithSource, __VA_ARGS__)
#define clCreateProgramWithBinary(...) TXF__WRAP(clCreateProgramWithBinary, __VA_ARGS__)
#define clBuildProgram(...) TXF__WRAP(clBuildProgram, __VA_ARGS__)
#define clCreateKernel(...) TXF__WRAP(clCreateKernel, __VA_ARGS__)
#define clEnqueueNDRangeKernel(...) TXF__WRAP(clEnqueueNDRangeKernel, __VA_ARGS__)
#define clEnqueueCopyBufferRect(...) TXF__WRAP(clEnqueueCopyBufferRect, __VA_ARGS__)
#define clEnqueueReadBufferRect(...) TXF__WRAP(clEnqueueReadBufferRect, __VA_ARGS__)
#define clEnqueueWriteBufferRect(...) TXF__WRAP(clEnqueueWriteBufferRect, __VA_ARGS__)
#define clEnqueueMarkerWithWaitList(...) TXF__WRAP(clEnqueueMarkerWithWaitList, __VA_ARGS__)
#define clReleaseMemObject(...) TXF__WRAP(clReleaseMemObject, __VA_ARGS__)
#define clReleaseProgram(...) TXF__WRAP(clReleaseProgram, __VA_ARGS__)
#define clReleaseKernel(...) TXF__WRAP(clReleaseKernel, __VA_ARGS__)
#define clRetainEvent(...) TXF__WRAP(clRetainEvent, __VA_ARGS__)
#define clReleaseEvent(...) TXF__WRAP(clReleaseEvent, __VA_ARGS__)
#define clRetainContext(...) TXF__WRAP(clRetainContext, __VA_ARGS__)
#define clReleaseContext(...) TXF__WRAP(clReleaseContext, __VA_ARGS__)
#define clRetainCommandQueue(...) TXF__WRAP(clRetainCommandQueue, __VA_ARGS__)
#define clReleaseCommandQueue(...) TXF__WRAP(clReleaseCommandQueue, __VA_ARGS__)
/* Calls of these would bypass the wrappers: a library that starts using one
 * must add a wrapper first, or this build fails. */
#pragma GCC poison clCreateImage clCreateImage2D clCreateImage3D
#pragma GCC poison clCreateSampler clCreateCommandQueueWithProperties clCreateContextFromType
#pragma GCC poison clCreateProgramWithBuiltInKernels clCreateProgramWithIL clCompileProgram
#pragma GCC poison clLinkProgram clCreateKernelsInProgram clCloneKernel clRetainMemObject
#pragma GCC poison clRetainProgram clRetainKernel clEnqueueReadBuffer clEnqueueWriteBuffer
#pragma GCC poison clEnqueueFillBuffer clEnqueueCopyBuffer clEnqueueReadImage clEnqueueWriteImage
#pragma GCC poison clEnqueueFillImage clEnqueueCopyImage clEnqueueCopyImageToBuffer
#pragma GCC poison clEnqueueCopyBufferToImage clEnqueueMapBuffer clEnqueueMapImage
#pragma GCC poison clEnqueueUnmapMemObject clEnqueueMigrateMemObjects clEnqueueTask
#pragma GCC poison clEnqueueNativeKernel clEnqueueBarrierWithWaitList clEnqueueMarker
#pragma GCC poison clEnqueueBarrier clEnqueueWaitForEvents
#endif

#if defined(__GNUC__)
#define TXF_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TXF_PRINTF(a, b)
#endif

/* ------------------------------------------------- resolved parameters */

/* The library's own forms of options, choices and tuned entries: every
 * kernel parameter in a field. The public structs carry them by name, and
 * params.c converts at the API's edge (txf__*_resolve, txf__*_publish). */

/* Block rows per band of the work-groups' order (params.raster). */
#define TXF_MAX_RASTER 64
/* K slices: enough for two work-groups on each compute unit of the largest
 * GPUs where C is a single block. */
#define TXF_MAX_KSPLIT 1024
#define TXF_MAX_KGROUPS 8
/* Lanes along K of the reduction kernel (params.dot), at the most; and the
 * rows and columns of C it holds (TXF_DOT_WI a work-item, TXF_DOT_C the
 * whole block). */
#define TXF_MAX_DOT 256
#define TXF_DOT_WI 8
#define TXF_DOT_C 32

/* The tiled matmul kernel (see the registry's meanings in params.c). A
 * work-group computes an mwg x nwg block of C with mdimc x ndimc
 * work-items walking K in steps of kwg; mdimc = ndimc = 1 is the blocked
 * kernel; 0 means chosen. */
typedef struct txf__mparams {
	unsigned mwg, nwg, kwg;
	unsigned mdimc, ndimc;
	unsigned vwa, vwb;
	unsigned ksplit;
	unsigned lbuf, wmap;
	unsigned kgroups;
	unsigned mma;
	/* Work-groups in bands of this many block rows (cl/matmul.cl RASTER);
	 * 0 as the device says, 1 row by row. */
	unsigned raster;
	unsigned precision; /* TXF__PREC_*; 0: exact */
	/* Set by PADCOPY for its launches with precision tf32 on the matrix
	 * units, never chosen: 1 the packed A is rounded to TF32 by its pack,
	 * 2 the packed B (both: 3), so that the product does not round it. */
	unsigned rounded;
	/* Set by PADCOPY for 16-bit operands on the matrix units, never
	 * chosen: 1 (f16) or 2 (bf16) where its packs store them in pairs
	 * along K for m16n8k16 (cl/matmul.cl TXF_IN16); 0 otherwise. */
	unsigned in16;
	/* Set by the plan, never chosen: how the tiled kernels of its launches
	 * store C (cl/matmul.cl C_STORE; lib/matmul.c c_store). */
	unsigned cstore;
	/* Set by PADCOPY for the blocked kernel, never chosen: 1 where its
	 * product reads B packed in panels (cl/matmul.cl BPANELS). */
	unsigned bpanels;
	/* The reduction kernel (cl/matmul.cl matmul_dot) for a C that one
	 * block holds: that many lanes along K per work-group, 2 to
	 * TXF_MAX_DOT; 1 the tiled and blocked kernels; 0 as the device says. */
	unsigned dot;
	/* The blocked kernel summing along K in vectors of this many lanes
	 * (cl/matmul.cl KVEC: 2, 4, 8 or 16), vwa x vwb its register tiles; 1
	 * along N; 0 as the device says. */
	unsigned kvec;
} txf__mparams;

/* Whether PADCOPY with these parameters runs the blocked kernel on B
 * packed in panels (f32 and f64 operands; 16-bit ones take its K-major
 * packs, which widen them). */
bool txf__padcopy_panels(const txf__mparams *p);

typedef struct txf__topts {
	txf_strategy strategy;
	unsigned tile, wg_rows;
	int segments, width, cache_hints, stream, stores, inplace_tiles, skinny, packed;
	int batched; /* batches: 1 one launch, 2 a launch per matrix, 0 choose */
	/* Set by the operation, not a parameter: whether every row of the
	 * input's physical view starts on a multiple of 4 elements, and every
	 * row of the output's on a multiple of 32 bytes (out_sectors) and of 64
	 * bytes (out_lines; leading dimension and offset), and both views'
	 * leading dimensions. Unknown (explain): as tight views. */
	bool views_known, in_words, out_sectors, out_lines;
	size_t in_ld, out_ld;
	/* The views' offsets modulo 4 elements. */
	unsigned in_off4, out_off4;
} txf__topts;

typedef struct txf__mopts {
	txf_strategy strategy;
	txf__mparams params;
	cl_mem workspace;
	/* Set by the operation, not an option: 1 where C's offset and leading
	 * dimension put each of its rows (in storage) on a 16-byte boundary, 2
	 * where they do not; 0 (explain, which has no C) as a tight row-major C
	 * of n columns. */
	unsigned c_rows;
} txf__mopts;

typedef struct txf__tchoice {
	txf_strategy strategy;
	unsigned tile, wg_rows;
	unsigned launches;
	unsigned segments, width, cache_hints, stream, inplace_tiles, skinny, packed;
	unsigned stores;  /* the streaming kernel's: 1 non-temporal, 0 ordinary */
	unsigned stage;   /* the streaming kernel loads each tile's lines first */
	unsigned down;    /* the unshifted streaming kernel stores this many tiles together */
	unsigned batched; /* batches: 1 one launch, 2 the 2-D choice per matrix; 0 not a batch */
	int tuned_stores; /* a tuned entry's stores (1, -1), 0: none */
	txf_choice_source strategy_source;
	txf_choice_source tile_source;
	char entry[64];
	char why[512];
} txf__tchoice;

typedef struct txf__mchoice {
	txf_strategy strategy;
	txf__mparams params;
	unsigned launches;
	txf_choice_source strategy_source;
	txf_choice_source params_source;
	char entry[64];
	char why[512];
} txf__mchoice;

typedef struct txf__tuned {
	int valid;
	txf_strategy strategy;
	unsigned tile, wg_rows; /* transpose */
	unsigned stream;        /* transpose: PAD's kernels (stream, skinny, packed) */
	unsigned skinny, packed;
	int stores;          /* transpose, streaming kernel: 1 non-temporal, -1 ordinary */
	txf__mparams params; /* matmul */
	size_t shape[3];
	double median_ms;
} txf__tuned;

typedef struct txf__tuning_limits {
	int valid;
	double large_from;
	double padcopy_min;
} txf__tuning_limits;

/* A block set of a matmul cost model as measured on this device
 * (txf_tuning_calibrate): the set's blocks and vectors, and the factor on
 * the entry's rates for it that makes the model's time match the measured
 * one. */
typedef struct txf__model_scale {
	int valid;
	unsigned mwg, nwg, kwg, vwa, vwb, kvec;
	double scale;
} txf__model_scale;

/* A calibrated scale lies in [1 / TXF__SCALE_MAX, TXF__SCALE_MAX]. */
#define TXF__SCALE_MAX 32.0
/* Scales per type: as many as a cost model has sets (TXF__MCOST_SETS). */
#define TXF__MODEL_SCALES 16

struct txf_tuning {
	txf__tuned entries[TXF_TUNE_OP_COUNT][TXF_DTYPE_COUNT][TXF_SIZE_CLASS_COUNT];
	txf__tuning_limits limits[TXF_TUNE_OP_COUNT][TXF_DTYPE_COUNT];
	txf__model_scale model[TXF_DTYPE_COUNT][TXF__MODEL_SCALES];
	char mode[16];
	char created[32];
};

/* ----------------------------------------------------------- status.c */

/* Record the detail of a failure for txf_last_error() and return s. */
txf_status txf__fail(txf_status s, const char *fmt, ...) TXF_PRINTF(2, 3);
/* An OpenCL call `what` returned err: TXF_ERR_OPENCL (TXF_ERR_OUT_OF_MEMORY
 * for host allocation failures) with the error's name in the detail. */
txf_status txf__fail_cl(cl_int err, const char *what);
const char *txf__cl_error_name(cl_int err);
void txf__set_build_log(const char *log);
void txf__clear_error(void);

/* One-line argument checks in the style of the public functions. */
#define TXF_CHECK_ARG(cond, status, ...)                         \
	do {                                                     \
		if (!(cond))                                     \
			return txf__fail((status), __VA_ARGS__); \
	} while (0)

/* ----------------------------------------------------------- device.c */

txf_status txf__profile_read(cl_device_id dev, txf_device_profile *p);
/* Whether p is a CPU device of POCL before 7.0, whose kernel handle cache
 * aborts when a program's binary is taken while one of its kernels, declared
 * with a work-group shape, runs (cl/common.cl). */
bool txf__pocl_handle_cache_flaw(const txf_device_profile *p);
void txf__normalize_name(const char *in, char *out, size_t out_size);
/* Pick a device by spec (see txf_context_options.device). */
txf_status txf__select_device(const char *spec, cl_platform_id *platform, cl_device_id *device);

/* ------------------------------------------------------------ program.c */

typedef struct txf__program_cache txf__program_cache;
typedef struct txf__pool txf__pool;
typedef struct txf__pool_ticket txf__pool_ticket;

/* ------------------------------------------------------------ cachefs.c */

/* The library's log on stderr; TXF_LOG=quiet|warn|info (default warn). */
#define TXF__LOG_WARN 1
#define TXF__LOG_INFO 2
void txf__log(int level, const char *fmt, ...) TXF_PRINTF(2, 3);
/* dir + "/" + name, malloc'd; NULL when out of memory. */
char *txf__path_join(const char *dir, const char *name);
/* Whether environment variable name says 0, off, no or false. */
bool txf__env_off(const char *name);
/* The cache root: option, else TXF_CACHE_DIR, else
 * $XDG_CACHE_HOME/tiledxform, else ~/.cache/tiledxform. malloc'd; NULL when
 * there is none (no HOME) or out of memory. */
char *txf__cache_root(const char *option);
/* Whether dir is a directory this user alone controls (not a symbolic link,
 * owned by the effective user, not writable by group or others), creating
 * it with mode 0700 when create is set. If not, why says what is wrong. */
bool txf__private_dir(const char *dir, bool create, char *why, size_t n);
/* Read a whole regular file of at most max bytes that this user alone
 * controls, NUL-terminated (not counted in *len). Returns 1 with *data
 * malloc'd, 0 when the file does not exist, -1 with why set otherwise. */
int txf__read_private_file(const char *path, size_t max, unsigned char **data, size_t *len,
                           char *why, size_t n);
/* Whether a writer may rename a file over path: yes when nothing is there
 * or a regular file, never over a directory, a device, a FIFO or a socket.
 * With own_only, a symbolic link (the rename would replace the link, not
 * its target) and another user's file are refused too. If not, why says
 * what is there. */
bool txf__may_replace(const char *path, bool own_only, char *why, size_t n);
/* Replace dir/name with len bytes atomically: a private temporary file in
 * dir, renamed over the name, if txf__may_replace allows it. Returns 0, or
 * -1 with why set. */
int txf__write_atomic(const char *dir, const char *name, const void *data, size_t len,
                      bool own_only, char *why, size_t n);
/* An exclusive lock (flock) on directory dir, for a read, change and write
 * of a file in it by one writer at a time, among threads and processes.
 * Returns the descriptor to give to txf__unlock_dir, or -1 with why set
 * when dir cannot be opened. Where the file system has no locks it is
 * logged and the descriptor is returned unlocked. */
int txf__lock_dir(const char *dir, char *why, size_t n);
void txf__unlock_dir(int fd);
/* path with repeated slashes and "." components removed and no trailing
 * slash ("/" stays "/", "" becomes "."), malloc'd; NULL when out of
 * memory. lstat of "link/" follows the link: the checks of a path's last
 * component need it normalised. */
char *txf__path_normalize(const char *path);
/* 64-bit FNV-1a of len bytes, continuing from h (start with TXF__FNV_INIT,
 * the standard 64-bit offset basis). */
#define TXF__FNV_INIT 14695981039346656037ull
uint64_t txf__fnv1a(const void *data, size_t len, uint64_t h);

/* ----------------------------------------------------------- bincache.c */

/* Entries of the binary cache; the file format is described in bincache.c. */
#define TXF__BINCACHE_VERSION 1u
#define TXF__BINCACHE_MAGIC_LEN 8
#define TXF__BINCACHE_HEADER 24                           /* magic, version, lengths */
#define TXF__BINCACHE_OVERHEAD (TXF__BINCACHE_HEADER + 8) /* and the checksum */
#define TXF__BINCACHE_NAME_SIZE 21                        /* 16 hex + ".bin" + NUL */
/* Entries larger than this are not read. */
#define TXF__BINCACHE_MAX_FILE (64u << 20)

typedef enum txf__bincache_status {
	TXF__BINCACHE_OK = 0,
	TXF__BINCACHE_TRUNCATED,    /* shorter than the header and checksum */
	TXF__BINCACHE_BAD_MAGIC,    /* not an entry */
	TXF__BINCACHE_BAD_VERSION,  /* another format version */
	TXF__BINCACHE_BAD_LENGTHS,  /* header lengths disagree with the size */
	TXF__BINCACHE_BAD_CHECKSUM, /* damaged */
	TXF__BINCACHE_KEY_MISMATCH  /* another program, driver or library */
} txf__bincache_status;

/* A phrase for a log line ("bad magic", ...). */
const char *txf__bincache_reason(txf__bincache_status s);
/* Check an entry of len bytes against the expected key. On success *bin
 * and *bin_len point at the binary inside data. Safe on any bytes; no
 * allocation, no OpenCL. */
txf__bincache_status txf__bincache_parse(const unsigned char *data, size_t len, const char *key,
                                         const unsigned char **bin, size_t *bin_len);
/* Size of the entry for a key of key_len bytes and a binary of bin_len
 * bytes; 0 when that does not fit the format. */
size_t txf__bincache_size(size_t key_len, size_t bin_len);
/* Write the entry into out, of txf__bincache_size(strlen(key), bin_len). */
void txf__bincache_encode(unsigned char *out, const char *key, const unsigned char *bin,
                          size_t bin_len);
/* A 64-bit hash independent of FNV-1a, for the second source hash. */
uint64_t txf__hash2(const void *data, size_t len);
/* The key of a program (see bincache.c), malloc'd; NULL when out of memory.
 * source_hash is the FNV-1a of source. */
char *txf__bincache_key(const txf_device_profile *p, const char *file, const char *source,
                        uint64_t source_hash, const char *options);
/* The entry's file name: "<16 hex>.bin" from the key's hash. */
void txf__bincache_file_name(const char *key, char name[TXF__BINCACHE_NAME_SIZE]);

/* ------------------------------------------------------------ drvbin.c */

/* Whether the driver of device p may be given bin (len bytes) as a program
 * binary: for the drivers whose format is known (POCL, NVIDIA's PTX) every
 * size it declares fits and every file it would write stays under the
 * driver's directory; others are not checked. If not, why says what is
 * wrong. Safe on any bytes. */
bool txf__driver_binary_ok(const txf_device_profile *p, const unsigned char *bin, size_t len,
                           char *why, size_t n);

/* ---------------------------------------------------------- context.c */

/* The last choices made on a context, so that repeated calls of one shape
 * skip the choice (select.c). They hold for the profile they were made
 * under (kept here, compared on every look-up) and for the tuning then in
 * force (txf_tuning_set forgets them). Guarded by the context's lock. */
#define TXF__MEMO_SIZE 8
typedef struct txf__memo {
	bool valid; /* profile holds the profile the entries were made under */
	txf_device_profile profile;
	cl_ulong global_cache;     /* the context's, when the entries were made */
	unsigned next_mm, next_tr; /* the entry each kind replaces next */
	struct {
		bool used;
		size_t m, n, k, elem;
		txf_strategy strategy;
		txf__mparams params;
		unsigned c_rows;
		txf__mchoice choice;
	} mm[TXF__MEMO_SIZE];
	struct {
		bool used, in_place;
		size_t rows, cols, elem;
		txf__topts opts;
		txf__tchoice choice;
	} tr[TXF__MEMO_SIZE];
} txf__memo;

/* Forget the remembered choices (ctx->lock held). */
void txf__memo_forget(txf_context *ctx);

struct txf_context {
	cl_context cl_ctx;
	cl_device_id device;
	cl_command_queue queue;
	bool queue_profiling;
	bool queue_in_order; /* commands run in order: the last one's event ends all */
	txf_device_profile profile;
	cl_ulong global_cache; /* CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (0: unknown) */
	bool multiple_known;   /* profile.preferred_multiple probed */
	char *kernel_path;     /* the option's copy, or NULL */
	bool kernel_path_only;
	pthread_mutex_t lock; /* guards multiple_known and the program cache */
	txf__program_cache *programs;
	txf__pool *pool;   /* workspaces for temporaries */
	char *cache_root;  /* the caches' directory, or NULL */
	char *program_dir; /* cache_root/programs: the binary cache, NULL when off */
	/* Tuning: the file's path and directory (NULL without a cache
	 * directory), whether AUTO consults it, and what was read (NULL: none;
	 * guarded by lock). */
	char *tuning_path, *tuning_dir;
	bool tuning_in_cache; /* tuning_dir is cache_root/tuning (no file chosen) */
	bool tuning_enabled;
	txf_tuning *tuning;
	/* What the tuning file held when this context last read or wrote it
	 * (NULL: nothing), for txf_tuning_save's merge; guarded by lock. */
	txf_tuning *tuning_base;
	/* Binary cache counters, guarded by lock. */
	unsigned long programs_loaded, programs_stored, cache_rejected;
	/* Events of enqueued commands kept until they have finished (see
	 * txf__event_done), guarded by events_lock. */
	bool keep_events;
	/* Programs are built with TXF_NO_REQD_WG (cl/common.cl says why). */
	bool no_reqd_wg;
	pthread_mutex_t events_lock;
	struct txf__held_event *held;
	size_t held_count, held_cap;
	txf__memo memo;
};

/* ------------------------------------------------------------ source.c */

/* Read kernel source `file` (a name in cl/) using the search path of ctx.
 * *text is malloc'd and NUL-terminated. On failure the message names every
 * directory searched. */
txf_status txf__load_source(const txf_context *ctx, const char *file, char **text);
/* The directories searched, in order, ':'-separated, malloc'd. */
char *txf__kernel_search_path(const txf_context *ctx);
/* The kernel directory named by the uninstalled marker (TXF_UNINSTALLED_MARKER)
 * in dir, malloc'd; NULL when there is none, or (with a warning) when it
 * cannot be trusted or does not name one absolute directory. The search path
 * looks in the directory of the library's own file. */
char *txf__uninstalled_kernel_dir(const char *dir);

/* ------------------------------------------------------------ program.c */

txf__program_cache *txf__program_cache_new(void);
void txf__program_cache_free(txf__program_cache *cache);
/* The program built from the common helpers plus `file`, with `options`
 * (the -D parameters). The cache owns it: do not release. Thread-safe. */
txf_status txf__get_program(txf_context *ctx, const char *file, const char *options,
                            cl_program *out);
/* Kernel `name` of a cached program for one operation: one the context
 * keeps that no other thread holds, or a new one. Its arguments are the
 * last user's: set them all. Give it back with txf__give_back_kernel once
 * its launches are enqueued (or the operation fails). Thread-safe. */
txf_status txf__take_kernel(txf_context *ctx, cl_program prog, const char *name, cl_kernel *out);
/* txf__take_kernel from the program of `file` with `options`. */
txf_status txf__program_kernel(txf_context *ctx, const char *file, const char *options,
                               const char *name, cl_kernel *out);
void txf__give_back_kernel(txf_context *ctx, cl_kernel kernel);
/* The most kernel objects a context keeps. */
#define TXF__KERNELS_MAX 256
/* For tests: the kernel objects the context keeps, how many of them an
 * operation holds now, and how many it has created in all. */
void txf__kernel_counts(txf_context *ctx, unsigned long *cached, unsigned long *busy,
                        unsigned long *created);
/* Number of programs made (built or loaded) by the cache so far. ctx->lock
 * guards it; a test that runs no other thread may read it without. */
unsigned long txf__program_builds(const txf_context *ctx);
/* Number of programs in the in-memory cache (for tests). */
unsigned long txf__program_count(txf_context *ctx);

/* --------------------------------------------------------------- pool.c */

txf__pool *txf__pool_new(void);
/* Drop the context's reference. */
void txf__pool_release(txf__pool *p);
/* A buffer of at least size bytes, busy until given back. */
txf_status txf__pool_acquire(txf_context *ctx, size_t size, cl_mem *mem, txf__pool_ticket **ticket);
void txf__pool_give_back(txf__pool_ticket *t);
/* Give the buffer back once ev completes. */
void txf__pool_give_back_after(txf__pool_ticket *t, cl_event ev);
unsigned long txf__pool_created(txf__pool *p);

/* ------------------------------------------------------------- launch.c */

txf_status txf__check_wait_list(cl_uint num_wait, const cl_event *wait);
txf_status txf__set_args(cl_kernel k, unsigned n, const size_t *sizes, const void *const *values);
txf_status txf__enqueue(txf_context *ctx, cl_kernel k, cl_uint dims, const size_t *global,
                        const size_t *local, cl_uint num_wait, const cl_event *wait,
                        cl_event *event);
/* Events of commands the library enqueues. POCL (3.1)
 * frees the event of a command it fails because of a failed event in its
 * wait list while it still walks the commands that wait on that event, and
 * then aborts the process, unless someone else holds a reference to the
 * failed command's event. On such drivers (ctx->keep_events) every command
 * gets an event, and the context keeps a reference to it until the command
 * has finished (completed or failed) and a later call has seen so.
 *
 * txf__event_slot gives the event pointer for an enqueue whose caller asked
 * for *out (out may be NULL): out itself, a local event where the context
 * keeps events, or NULL. txf__event_kept then keeps what the enqueue made
 * (the local event, or a reference to *out). */
cl_event *txf__event_slot(txf_context *ctx, cl_event *out, cl_event *local);
void txf__event_kept(txf_context *ctx, cl_event *out, cl_event local);
/* An operation is done with one reference to ev (which may be NULL): it is
 * released, or kept as above. */
void txf__event_done(txf_context *ctx, cl_event ev);
/* Release every kept event (context release). */
void txf__events_release(txf_context *ctx);
/* How many events the context keeps now (for tests). */
size_t txf__events_kept(txf_context *ctx);

/* Turn the events of an operation's n launches into the one event the
 * caller gets (a marker when n > 1 on an out-of-order queue). out may be
 * NULL. The caller still releases evs[]; with a gate, only after closing
 * it (a driver may not expect a command's event to go before the failure
 * of the user event it waits on). */
txf_status txf__join_events(txf_context *ctx, const cl_event *evs, cl_uint n, cl_event *out);
/* An operation with nothing to do still completes an event: a marker that
 * waits on the caller's list. */
txf_status txf__empty_operation(txf_context *ctx, cl_uint num_wait, const cl_event *wait,
                                cl_event *out);
/* An operation of several launches holds them back behind a user event
 * until all are enqueued: if one enqueue fails, the gate fails and the
 * others never run, so nothing of the caller's is written. */
typedef struct txf__gate {
	cl_event event;
	cl_event *merged; /* the caller's wait list plus the gate */
	cl_uint count;
} txf__gate;
txf_status txf__gate_open(txf_context *ctx, cl_uint num_wait, const cl_event *wait,
                          txf__gate *gate);
void txf__gate_close(txf__gate *gate, bool release);

/* Work-group shape (up to 16 x 16, within what kernel k allows) and global
 * size for an untiled 2-D kernel with one work-item per element of a
 * rows x cols area: dimension 0 runs along cols. */
void txf__untiled_geometry(txf_context *ctx, cl_kernel k, size_t rows, size_t cols, size_t local[2],
                           size_t global[2]);
static inline size_t txf__round_up(size_t x, size_t m)
{
	return (x + m - 1) / m * m;
}
/* *r = a * b (a + b); false, with *r untouched, when that overflows size_t. */
static inline bool txf__mul_ok(size_t a, size_t b, size_t *r)
{
	if (a && b > SIZE_MAX / a)
		return false;
	*r = a * b;
	return true;
}
static inline bool txf__add_ok(size_t a, size_t b, size_t *r)
{
	if (b > SIZE_MAX - a)
		return false;
	*r = a + b;
	return true;
}

/* ------------------------------------------------------------- matrix.c */

/* The view as a row-major physical matrix: a column-major rows x cols view
 * is physically a row-major cols x rows one. */
typedef struct txf__phys {
	size_t rows, cols, ld, offset, elem;
} txf__phys;

txf__phys txf__physical(const txf_matrix *m);
/* Validate a view; `name` ("in", "out", "A") goes into the message. */
txf_status txf__validate_matrix(const txf_matrix *m, const char *name);
/* A buffer as a byte range of the buffer it was made from: itself at 0,
 * or a sub-buffer's parent at the sub-buffer's origin. */
typedef struct txf__mem_range {
	cl_mem root;
	size_t offset, size;
} txf__mem_range;
txf__mem_range txf__range_of(cl_mem m);
/* Whether two buffers may hold a byte in common (sub-buffers included). */
bool txf__buffers_share(cl_mem a, cl_mem b);
/* Whether two validated views may share an element: in the same root
 * buffer (through sub-buffers too), compared in its bytes. */
bool txf__views_overlap(const txf_matrix *a, const txf_matrix *b);
/* Bytes from the buffer's start to one past the view's last element. */
bool txf__view_end_bytes(const txf_matrix *m, size_t *end);

/* ------------------------------------------------------------- tuning.c */

/* A tuning file as read: the header's identity and the tuning. */
typedef struct txf__tuning_file {
	char library[64];
	char platform[128];
	char device[256];
	char driver[128];
	txf_tuning tuning;
} txf__tuning_file;

/* The text of a tuning file for device p, malloc'd; NULL when out of memory. */
char *txf__tuning_format(const txf_tuning *t, const txf_device_profile *p, size_t *len);
/* Parse a tuning file's text (any bytes). 0, or -1 with why naming the line
 * and what is wrong. Checks the format only, not the device. */
int txf__tuning_parse(const char *data, size_t len, txf__tuning_file *f, char *why,
                      size_t why_size);
/* Find and read the context's tuning file (at context creation). A file
 * that cannot be used is a warning, not an error. */
txf_status txf__tuning_init(txf_context *ctx, const txf_context_options *opts);
void txf__tuning_free(txf_context *ctx);
/* Whether every valid entry of t is a launch the device accepts. */
txf_status txf__tuning_check(txf_context *ctx, const txf_tuning *t, char *why, size_t n);
struct txf__mcost;
/* The calibrated scale of each of the cost-model sets `sets` (elem 4: f32,
 * 8: f64) in the context's tuning: where the tuning holds scales for some
 * of the sets (one that txf tune calibrated before the entry had the
 * others), the median of those for the rest, so that the device's speed
 * moves every set; 1 for all where it has none. The number of sets with a
 * scale of their own. */
unsigned txf__tuning_model_scales(txf_context *ctx, size_t elem, const struct txf__mcost *sets,
                                  double *scales);

/* The tuned entry for a shape: dims are rows, cols for a transpose and m, n,
 * k (row-major C) for a matmul. */
typedef struct txf__tuned_pick {
	txf__tuned entry;
	txf__tuning_limits limits;
	txf_dtype dtype;
	txf_size_class size_class;
	char mode[16];
} txf__tuned_pick;
/* FEW_ROWS or FEW_COLS for a skinny shape (dims as for txf__tuning_find),
 * else SMALL_EVEN: the size classes are then decided by the limits. */
txf_size_class txf__size_class_of(txf_tune_op op, const size_t *dims);
bool txf__tuning_find(txf_context *ctx, txf_tune_op op, size_t elem, const size_t *dims,
                      txf__tuned_pick *out);

/* ------------------------------------------------------------- params.c */

/* The kernel parameters, in the registry's order (params.c). */
typedef enum txf__param_id {
	TXF__P_TILE,
	TXF__P_WG_ROWS,
	TXF__P_SEGMENTS,
	TXF__P_WIDTH,
	TXF__P_CACHE_HINTS,
	TXF__P_STREAM,
	TXF__P_STORES,
	TXF__P_INPLACE_TILES,
	TXF__P_SKINNY,
	TXF__P_PACKED,
	TXF__P_BATCHED,
	TXF__P_MWG,
	TXF__P_NWG,
	TXF__P_KWG,
	TXF__P_MDIMC,
	TXF__P_NDIMC,
	TXF__P_VWA,
	TXF__P_VWB,
	TXF__P_KSPLIT,
	TXF__P_LBUF,
	TXF__P_WMAP,
	TXF__P_KGROUPS,
	TXF__P_MMA,
	TXF__P_RASTER,
	TXF__P_PRECISION,
	TXF__P_DOT,
	TXF__P_KVEC,
	TXF__P_COUNT
} txf__param_id;

/* The public options in the library's form: struct_size checked, the
 * named parameters checked against the registry and put in their fields
 * (TXF_ERR_BAD_PARAM naming the parameter and its range). NULL: defaults. */
txf_status txf__topts_resolve(const txf_transpose_options *o, txf__topts *out);
txf_status txf__mopts_resolve(const txf_matmul_options *o, txf__mopts *out);
/* A choice in the public form: its parameters by name, entry and why in
 * the calling thread's storage. */
void txf__tchoice_publish(const txf__tchoice *in, txf_choice *out);
void txf__mchoice_publish(const txf__mchoice *in, txf_matmul_choice *out);
/* The registry id of op's ("transpose", "matmul") parameter `name`, -1 if
 * there is none. */
int txf__param_lookup(const char *op, const char *name);
const txf_param_info *txf__param_info(txf__param_id id);
/* Tuned entries: a parameter's value; set one by name (TXF_ERR_BAD_PARAM
 * for a name that is not a tuned parameter of op or a value out of range);
 * convert a public entry (every required parameter present) and back. */
long long txf__tuned_param(txf_tune_op op, const txf__tuned *e, txf__param_id id);
txf_status txf__tuned_param_set(txf_tune_op op, txf__tuned *e, const char *name, long long value);
txf_status txf__tuned_import(txf_tune_op op, const txf_tuned *in, txf__tuned *out);
void txf__tuned_export(txf_tune_op op, const txf__tuned *in, txf_tuned *out);

/* The -D macro of a parameter (NULL: it is decided on the host), and the
 * rule its value must meet on a device. */
const char *txf__param_macro(txf__param_id id);
const char *txf__param_fits(txf__param_id id);
/* Append "-DMACRO=value" (after a space unless buf is empty) to the build
 * options in buf, of *len characters out of size. False, with *len = size
 * from then on, when it does not fit. */
bool txf__add_define(char *buf, size_t size, size_t *len, const char *macro, long long value);
/* The same with a parameter's macro. */
bool txf__add_param(char *buf, size_t size, size_t *len, txf__param_id id, long long value);

/* -------------------------------------------------------- device_data.c */

/* Built-in entries for AUTO, per vendor and device kind (device_data.c). */
#define TXF__ANY_VENDOR ((int)-1)
#define TXF__ANY_KIND ((int)-1)

typedef struct txf__transpose_entry {
	const char *name;
	int vendor; /* txf_vendor or TXF__ANY_VENDOR */
	int kind;   /* txf_device_kind or TXF__ANY_KIND */
	unsigned tile;
	unsigned wg_rows;
	txf_strategy divisible; /* when T divides rows and cols */
	txf_strategy uneven;    /* when it does not */
	size_t simple_below;    /* SIMPLE for matrices of fewer elements */
	unsigned segments;      /* PAD: output-aligned runs per row (0: plain tiles) */
	/* Out of place: out_tile x out_rows instead, where they fit (0: tile x
	 * wg_rows everywhere). */
	unsigned out_tile, out_rows;
	/* Out of place, tiles and runs chosen here: at most this share (1 /
	 * out_local_div) of a work-group's local memory, so that more
	 * work-groups share a compute unit; where the out-of-place tile takes
	 * more, tile x wg_rows, and runs fewer down to one (0: no limit). */
	unsigned out_local_div;
	/* In place: tile edge and work-item rows per tile pair (0: tile,
	 * wg_rows). */
	unsigned inplace_tile, inplace_rows;
	/* PAD out of place, 1- to 16-byte elements: the streaming kernel. */
	unsigned stream;
	const char *why;
	/* Out of place: the skinny kernels for a short side of at most this
	 * many elements (0: never; at most TXF_SKINNY_MAX), where the entry
	 * does not stream the short side's lines. */
	unsigned skinny_max;
	/* CPUs: the skinny kernels' vector blocks (1- to 8-byte elements;
	 * cl/transpose.cl SK_VECTOR) for a short side of at most this many
	 * elements (0: never; at most TXF_SKINNY_MAX) whose stride is the short
	 * side itself, streamed lines or not; with few columns of 2 or more
	 * bytes, only where a block's stores (a line of each output row, two
	 * where it starts off a line) put at most skinny_set_rows lines in one
	 * set of a 64-set cache (more evict each other before the next block
	 * writes on in the same rows). */
	unsigned skinny_blocks_max, skinny_set_rows;
	/* Out of place, 1- and 2-byte elements: the packed kernels (blocks
	 * of 8-byte rows: 8 x 8 bytes, 4 x 4 2-byte elements) with packed_tile
	 * x packed_rows work-groups, where every input row starts on a
	 * multiple of 4 elements or every output row on a 32-byte sector, or
	 * else for an input of fewer than packed_unaligned_bytes (0: never). */
	unsigned packed, packed_tile, packed_rows;
	double packed_unaligned_bytes;
	/* Out of place, 1- (index 0) and 2-byte elements (index 1): the
	 * chunked kernel with chunked_tile x chunked_rows work-groups for an
	 * input of at least chunked_bytes whose rows start off words and
	 * output's off 32-byte sectors (0: never). */
	double chunked_bytes[2];
	unsigned chunked_tile[2], chunked_rows[2];
	/* The entry holds only for devices whose CL_DEVICE_VENDOR contains this
	 * (NULL: any); for POCL's CPU devices it names the CPU's maker. */
	const char *device_vendor;
	/* The streaming kernel on POCL's CPU devices, output rows off 64-byte
	 * lines: inputs of fewer bytes than this fraction of the device's global
	 * memory cache take ordinary stores of unaligned lines instead of the
	 * shifted lines' non-temporal ones (0: non-temporal from
	 * TXF__STREAM_NT_MIN or TXF__STREAM_SHIFT_MIN bytes on, as aligned
	 * outputs). */
	double stream_cached;
	/* The same for outputs whose rows start on lines (the unshifted
	 * kernel's non-temporal stores against ordinary ones), for the element
	 * sizes of stream_cached_line_sizes (bit e: e bytes): inputs under
	 * this fraction of the cache take ordinary stores (0: never). */
	double stream_cached_lines;
	unsigned stream_cached_line_sizes;
	/* The streaming kernel: unshifted 1-byte tiles through the lane
	 * network too (STREAM_LANES_1, cl/transpose.cl). */
	bool stream_lanes_1;
	/* The streaming kernel: each tile's input lines loaded first where a
	 * tile's rows crowd one L1 set 32 deep (STREAM_STAGE; lib/select.c). */
	bool stream_stage_crowded;
	/* Bytes from which outputs whose rows start on lines, and 4- to 16-byte
	 * ones off them, take non-temporal stores (0: TXF__STREAM_NT_MIN). */
	double stream_nt_min;
	/* The same for 1- and 2-byte outputs whose rows start on lines (0:
	 * stream_nt_min). */
	double stream_nt_min_small;
	/* Where the device reports no cache size, so that stream_cached is left
	 * out: bytes from which 1- and 2-byte outputs whose rows start off a
	 * line take non-temporal stores (0: TXF__STREAM_SHIFT_MIN). */
	double stream_shift_min_no_cache;
	/* And bytes under which outputs whose rows start on lines, of the
	 * element sizes of stream_cached_line_sizes, take ordinary stores
	 * there (0: the sizes above). */
	double stream_lines_no_cache;
	/* Batches (txf_transpose_batched): matrices of at least this many
	 * elements run the single matrix's choice once per matrix, smaller ones
	 * one batched kernel for the whole batch (0: TXF__BATCH_WHOLE_MIN). */
	double batch_whole_min;
	/* Batches in one launch: the tiled kernel where both sides of a matrix
	 * have at least this many elements and it has more than
	 * TXF__FLAT_SHAPE_MAX, or where both sides are multiples of 16; else
	 * the flat one (0: flat always). */
	unsigned batch_tiled_side;
	/* And 1- and 2-byte elements whose output rows start on 32-byte
	 * sectors: the packed kernel's tiles where both sides have at least
	 * this many elements (0: never). */
	unsigned batch_packed_side;
} txf__transpose_entry;

/* Elements per matrix from which a batch runs per matrix, where the entry
 * does not say. */
#define TXF__BATCH_WHOLE_MIN ((double)(2u << 20))
/* Matrices of at most this many elements build their shape into the flat
 * batched kernel (a program per shape; its divisions by constants). */
#define TXF__FLAT_SHAPE_MAX 4096

/* The streaming kernel on POCL's CPU devices: outputs of fewer bytes stay
 * in a core's cache, where ordinary stores beat non-temporal ones and lines
 * may start anywhere; 1- and 2-byte outputs whose rows start off a line
 * keep them up to TXF__STREAM_SHIFT_MIN, as their funnel shifts cost more
 * than the read for ownership of ordinary stores saves while input and
 * output fit in a core's L2 (2 MiB on the Xeon measured). */
#define TXF__STREAM_NT_MIN ((size_t)512 << 10)
#define TXF__STREAM_SHIFT_MIN ((size_t)1 << 20)
/* The shifted kernel loads each tile's lines first for inputs larger than
 * the device's global memory cache, or than this where it reports none: on
 * a 2-core AMD EPYC that hides its caches, staged loads were 1.05-1.39
 * times as fast on 8 of 10 f32 and f64 inputs of 33 to 134 MB and level
 * (0.91-1.12) under 32 MiB (docs/bench/pocl-2026-11-28-amd/stage.txt). */
#define TXF__STAGE_CACHE_UNKNOWN ((size_t)32 << 20)
/* Tiles down a strip that the unshifted streaming kernel stores together
 * where a tile's output lines crowd a few L1 sets (STREAM_DOWN): 8 tiles'
 * lines of each output row, 512 bytes, spread the stores in flight over as
 * many sets as a line-aligned copy's (a 2-core AMD EPYC, Zen 5: 1-byte
 * transposes of 1 to 16 MiB with rows 1 to 4 KiB apart, together with
 * staged loads where the input's rows crowd a set too, 1.4 to 2.2 times as
 * fast; docs/bench/pocl-2026-11-29-amd/). */
#define TXF__STREAM_DOWN 8u

/* One block set of a matmul cost model and its measured speed on the
 * entry's devices: `rate` flops per second per compute unit while `slots`
 * work-groups of these blocks run on it at once, `rate1` flops per second
 * of each work-group while fewer do; both times `packed` where PADCOPY has
 * copied the operands K-major first (0: the set does not take PADCOPY). The
 * blocked kernel's sets take PADCOPY as B packed in panels, whose gain the
 * model computes (lib/select.c BLOCKED_PANEL_GAIN). */
typedef struct txf__mcost {
	txf__mparams p;
	double rate, rate1;
	unsigned slots;
	double packed;
	/* With packed operands (PADCOPY): the parameters the set runs with
	 * instead of its own, the same blocks (mwg 0: its own); `packed` is
	 * then that variant's gain. */
	txf__mparams pp;
	/* The scale txf_tuning_calibrate measures for the set on the devices
	 * these rates were fitted to (0: 1): a calibration elsewhere divides
	 * by it, so that only the difference between devices moves the rates,
	 * not how far the one product it times sits from the fit. */
	double calib;
	/* The set runs only packed, with p (and no pp): `rate` is then the
	 * packed kernel's and `packed` 1. txf_tuning_calibrate does not time
	 * it (it takes the others' median scale). */
	bool packed_only;
	/* The model weighs the set from this many multiply-adds on (0: at
	 * every size). */
	double from;
} txf__mcost;

#define TXF__MCOST_SETS 16
_Static_assert(TXF__MODEL_SCALES == TXF__MCOST_SETS, "a tuning holds a scale per cost-model set");
#define TXF__ROWS_MORE 4

/* The tiled kernels store C's rows as vectors, where they start on 16-byte
 * boundaries, up to this K (lib/matmul.c, c_store); the cost model counts
 * it too (select.c). */
#define TXF__C_VECTOR_K 1024

typedef struct txf__matmul_entry {
	const char *name;
	int vendor;
	int kind;
	txf__mparams f32, f64;
	/* f64 on devices whose matrix units the kernels run (mma 2; see
	 * txf__check_matmul_params), in place of f64; none where mwg is 0. */
	txf__mparams mma_f64;
	/* f32 with precision 3xtf32 or tf32 on the TF32 units (mma 3 or 4), in
	 * place of f32; none where mwg is 0. With 3xtf32 only where its blocks
	 * of C number at least fill_3xtf32 per compute unit (three products a
	 * term lose to the exact kernels below that). */
	txf__mparams mma_f32;
	double fill_3xtf32;
	/* The matrix-unit kernels (mma 2 to 4) with raster 0: work-groups in
	 * bands of this many block rows where a row of blocks holds more of
	 * them than are in flight (two per compute unit) over that many rows,
	 * so that those in flight share their K slices (0: row by row). */
	unsigned raster;
	txf_strategy divisible; /* when the block divides M, N and K */
	txf_strategy uneven;
	double simple_below; /* SIMPLE when m * n * k is smaller */
	double padcopy_from; /* PADCOPY from this m * n * k on (0: never) */
	/* PADCOPY from this m * n * k on for TF32 products (precision tf32 on
	 * the matrix units) that the blocks do not divide: its packs round the
	 * operands to TF32 once, where PAD rounds each fragment it reads (0:
	 * padcopy_from). */
	double padcopy_from_tf32;
	/* K slices (params.ksplit 0): where the blocks of C number at most half
	 * of split_fill per compute unit, slices bring them up to it (0: never
	 * sliced). */
	unsigned split_fill;
	/* Where non-zero, split_fill counts work-groups of this many
	 * work-items (f32; half as many for f64): the fused multiply-add
	 * kernels' smaller work-groups (mdimc x ndimc) count as that fraction
	 * of one, so that their slices bring as many work-items to each
	 * compute unit. */
	unsigned split_items;
	/* Blocks for a C of few blocks (as split_fill counts them with f32 /
	 * f64), before K slices are considered; mwg 0: none. */
	txf__mparams few_f32, few_f64;
	/* Blocks for a C that one of them holds (m <= mwg, n <= nwg) over a K
	 * deep enough for K slices, f32 and f64 alike, in place of every other
	 * set (the matrix units and the cost model's included) where the caller
	 * chose no block, work-item or mma parameter and no TF32 products;
	 * mwg 0: none. */
	txf__mparams tiny;
	/* Blocks for a C of at most rows_max rows (rows), or at most
	 * rows_wide_max where more than half of the last block's rows are C's
	 * (rows_wide), and rows_from columns or more (a few rows times a long
	 * B), f32 and f64 alike, on the same conditions as tiny and in place of
	 * the reduction kernel; mwg 0: none. */
	txf__mparams rows, rows_wide;
	unsigned rows_max, rows_wide_max, rows_from;
	/* And for a C of the rows neither takes: the first of rows_more whose
	 * max holds them, over B of `from` columns or more and a K of k_min or
	 * more (p.mwg 0 ends the list). */
	struct txf__rows_set {
		unsigned max, from;
		size_t k_min;
		txf__mparams p;
	} rows_more[TXF__ROWS_MORE];
	/* The same for a C of cols_from rows or more and cols_min to cols_max
	 * columns (cols) or to cols_wide_max (cols_wide): a long A times a few
	 * columns. */
	txf__mparams cols, cols_wide;
	unsigned cols_min, cols_max, cols_wide_max, cols_from;
	/* And f32 alone, up to cols_narrow_f32_max columns over a K of at
	 * least cols_narrow_k_min (0: none). */
	txf__mparams cols_narrow_f32;
	unsigned cols_narrow_f32_max;
	size_t cols_narrow_k_min;
	/* Blocks for a shallow product, a K of at most shallow_k_f32 (f32) or
	 * shallow_k_f64 (f64) under a C of shallow_from elements or more that
	 * none of the sets above takes, on the same conditions as they (mwg 0:
	 * none). */
	txf__mparams shallow_f32, shallow_f64;
	size_t shallow_k_f32, shallow_k_f64;
	/* The same where C's rows do not all start on 16-byte boundaries (the
	 * tiled kernels then store C through local memory); where a type has
	 * no such set, its set above. */
	txf__mparams shallow_odd_f32, shallow_odd_f64;
	size_t shallow_odd_k_f32, shallow_odd_k_f64;
	double shallow_from;
	/* f32 on shallow_odd_f32 under a C of this many elements or more:
	 * padcopy, operands packed first (0: pad). */
	double shallow_odd_pack_from;
	/* The reduction kernel (params.dot) for a C of at most dot_parts
	 * parts of TXF_DOT_WI x TXF_DOT_WI over a K of at least dot_k_min, and
	 * for a C longer than TXF_DOT_C with a side of at most dot_short (0:
	 * none) over a K of at least dot_k_short, in place of every other set
	 * (tuned ones included) where the caller chose no block, work-item or
	 * mma parameter and no TF32 products: work-groups of dot_lanes
	 * work-items shared by a block's parts, K slices for dot_fill
	 * work-groups per compute unit over the blocks, each slice at least
	 * dot_steps k per lane. dot_lanes 0: none. */
	unsigned dot_lanes, dot_parts, dot_fill, dot_steps, dot_short;
	size_t dot_k_min, dot_k_short;
	/* The same one block from a K of dot_k_simple where the product is
	 * under simple_below, and from dot_k_few for a C of at most dot_few
	 * elements and 16 columns (0: none). */
	size_t dot_k_simple, dot_k_few;
	unsigned dot_few;
	/* Blocks for products of big_from multiply-adds and more, in place of
	 * f32 / f64 (mwg 0: the usual ones), where the cost model does not
	 * choose (no model for the type, or a forced strategy). */
	txf__mparams big_f32, big_f64;
	double big_from; /* the large blocks from this m * n * k on (0: never) */
	/* f32 (f64) products from simple_below (or 1, model_small)
	 * multiply-adds on with nothing forced: the block set, K slices and
	 * packing of least estimated time (see select.c), from cost_f32
	 * (cost_f64; [0].p.mwg 0: no model). The estimate adds launch_s per
	 * product, slice_launch_s and the traffic of the partial sums at
	 * sum_bytes_s for K slices, round_s per round of work-groups on the
	 * busiest compute unit (the work-groups there over the set's slots:
	 * each round's first K panel and its blocks' stores, which its
	 * arithmetic does not hide), and the blocks' partial sums below. */
	txf__mcost cost_f32[TXF__MCOST_SETS], cost_f64[TXF__MCOST_SETS];
	double launch_s, slice_launch_s, sum_bytes_s, round_s;
	/* The packs of packed operands (padcopy): their bytes, read and
	 * written, at this rate (0: sum_bytes_s). */
	double pack_bytes_s;
	/* A set whose work-groups run one at a time on a compute unit (slots
	 * 1): nothing hides its blocks' stores of C, each block's bytes at
	 * this rate per compute unit (0: not counted). */
	double lone_store_bytes_s;
	/* Packed operands where the blocks do not divide C and its rows start
	 * on 16-byte boundaries: the product's stores into C (matmul_clip)
	 * take C's bytes at this rate on top of the unpacked kernel's vector
	 * stores (0: not counted). */
	double clip_bytes_s;
	/* A work-group's partial sums: seconds per vector of them per K step
	 * (the blocked kernel keeps them in local memory between K panels, vwb
	 * elements a vector, or one element's lanes with kvec), and per element
	 * with kvec for adding up its lanes at the end. */
	double panel_vec_s, kvec_sum_s;
	/* The K step of the model's blocked sets where they read B packed in
	 * panels (PADCOPY; no local copy of B, so a deeper step costs no local
	 * memory): f32, f64 (0: the set's own). */
	unsigned panel_kwg[2];
	/* The model also takes products under simple_below. */
	bool model_small;
	/* The devices the cost model's rates were measured on: prefixes of
	 * their normalized names (NULL after the last). txf_tuning_calibrate
	 * measures other devices against them and leaves these to the
	 * built-in rates. */
	const char *model_devices[3];
	const char *why;
} txf__matmul_entry;

/* The first entry for device p's vendor and kind, else its kind, else the
 * fallback (also for p NULL). */
const txf__transpose_entry *txf__transpose_entry_for(const txf_device_profile *p);
const txf__matmul_entry *txf__matmul_entry_for(const txf_device_profile *p);

/* The cost model (select.c). txf__model_set: set c's parameters as this
 * device runs them, false where they do not fit it. txf__model_time: its
 * estimate for m x n x k (row-major C) in blocks of p, the set's rates
 * times scale, K whole and the operands as they are. */
bool txf__model_set(const txf_context *ctx, const txf__mcost *c, size_t elem, txf__mparams *p);
/* The scale calibration records for set c where one product of it
 * measured `measured` (the factor for which the model's estimate met the
 * time): over c->calib where the entry has it, within 1/TXF__SCALE_MAX to
 * TXF__SCALE_MAX, to four significant digits (calibrate.c). */
double txf__calibrated(const txf__mcost *c, double measured);
double txf__model_time(const txf__matmul_entry *e, const txf__mcost *c, double scale,
                       const txf__mparams *p, unsigned cus, size_t m, size_t n, size_t k,
                       size_t elem);

/* ---------------------------------------------------------------- fit.c */

/* Whether a T x R work-group with `local_rows` rows of T + 1 elem-byte
 * elements in local memory fits device p; if not, why says what does not. */
bool txf__tile_fits(const txf_device_profile *p, unsigned tile, unsigned rows, size_t elem,
                    size_t local_rows, char *why, size_t why_size);
/* Block edge of the streaming transpose for elem-byte elements (64 /
 * elem for 4 and 8 bytes); 0 where it does not apply. */
unsigned txf__stream_tile(size_t elem);
bool txf__is_pow2(size_t x);

/* Output-aligned runs of a transpose (transpose_pad_aligned): the boundary
 * in elements each run starts on, one 32-byte memory sector or the tile
 * where that is less (at least 1), and the input rows a work-group stages
 * in local memory, segments tiles plus that boundary. */
unsigned txf__run_align(unsigned tile, size_t elem);
size_t txf__run_rows(unsigned tile, size_t elem, unsigned segments);
/* The wide kernel of the runs (transpose_pad_wide) holds its loads in
 * registers: at most this many per work-item, over at most this many input
 * columns per work-group. */
#define TXF_WIDE_MAX_LOADS 64
/* The longest short side of the skinny kernels. */
#define TXF_SKINNY_MAX 32
/* Whether the skinny kernel of a work-group of `items` work-items, with a
 * short side of `side` elem-byte elements, fits device p (work-group size
 * and local memory); if not, why says what does not. */
bool txf__skinny_fits(const txf_device_profile *p, unsigned items, size_t side, size_t elem,
                      char *why, size_t why_size);
/* The 4-byte units of each short row or column that a work-item of the
 * skinny kernels moves in a rows x cols transpose of elem-byte elements
 * (cl/transpose.cl SK_WPR: 1, 2 or 4; 16 bytes over the short side at the
 * least), or 0 where they move element by element: units on a device other
 * than a CPU, for elements of at most 8 bytes, where the side whose rows
 * the work-group covers whole (the output's with few rows, the input's
 * with few columns) is tight (leading dimension = the short side) and
 * starts on a unit (its offset modulo 4 elements, off4), and a work-group
 * of `items` work-items' units fit in local memory. */
unsigned txf__skinny_units(const txf_device_profile *p, unsigned items, size_t rows, size_t cols,
                           size_t elem, size_t in_ld, size_t in_off4, size_t out_ld,
                           size_t out_off4);
/* The rows of the work-group on device p of a kernel whose choice is T x R
 * (that fits) and that stages T x `units` loads a tile: the fewest rows from
 * R on whose passes over them are whole (rows dividing `units`), or as many
 * as the device's work-groups allow and at least R. transpose_packed_shifted
 * stages T + 4 block rows of T blocks (cl/transpose.cl, PKS_ROWS: 20 rows
 * for 16 x 16), transpose_chunked T + one 32-byte sector of rows in 16-byte
 * chunks, (T + sector) / 16 loads a column (CK_GROUP_ROWS: 128 x 2 for
 * bytes, 10 loads a column, stays; 64 x 4 of 2-byte elements, 5, takes 5). */
unsigned txf__staged_rows(const txf_device_profile *p, unsigned tile, unsigned rows,
                          unsigned units);
/* Whether the packed kernels' T x R work-group of blocks of 8-byte rows
 * and their local memory fit (that of transpose_packed_shifted, the
 * larger: 8 / elem T output rows of T + 4 8-byte entries and T entries of
 * skew); local_short says that local
 * memory is what does not. */
bool txf__packed_fits(const txf_device_profile *p, unsigned tile, unsigned rows, size_t elem,
                      bool *local_short, char *why, size_t why_size);
/* Whether the chunked kernel (packed 2) with a tile x rows work-group of
 * tile x tile elem-byte elements fits device p: tile at least one 32-byte
 * sector; *local_short says that its local memory is what does not. */
bool txf__chunked_fits(const txf_device_profile *p, unsigned tile, unsigned rows, size_t elem,
                       bool *local_short, char *why, size_t why_size);
#define TXF_WIDE_MAX_WIDTH 512

/* Whether a tuned entry of op and dtype is a launch the device accepts; if
 * not, why says what is wrong. */
txf_status txf__tuned_fits(txf_context *ctx, txf_tune_op op, txf_dtype dtype, txf_size_class c,
                           const txf__tuned *e, char *why, size_t n);
/* Matmul parameter precision: how f32 products may be computed (0 is
 * exact). */
enum { TXF__PREC_EXACT = 1, TXF__PREC_3XTF32 = 2, TXF__PREC_TF32 = 3 };
/* "exact", "3xtf32", "tf32" for precision 0 to 3. */
const char *txf__precision_name(unsigned precision);
/* The mma.sync shape of matmul parameter mma 2 to 4 ("m8n8k4", ...; "" for
 * others). */
const char *txf__mma_instruction(unsigned mma);
/* Check one parameter set against the kernel's rules and the device. */
txf_status txf__check_matmul_params(const txf_context *ctx, const txf__mparams *p, size_t elem);

/* ------------------------------------------------------------- select.c */

/* Resolve strategy, tile and work-group rows for a transpose; validates
 * forced choices against the device. */
txf_status txf__select_transpose(txf_context *ctx, size_t rows, size_t cols, size_t elem,
                                 bool in_place, const txf__topts *opts, txf__tchoice *out);
/* The choice for a batch of `batch` rows x cols transposes (batch >= 2) of
 * views of one layout (same_layout; otherwise the batch is a strided copy
 * and the choice only its flat kernel): out->batched 1, one launch
 * (strategy SIMPLE: transpose_batched_flat; PAD: transpose_batched_tiled),
 * or 2, the single matrix's choice once per matrix. */
txf_status txf__select_transpose_batched(txf_context *ctx, size_t rows, size_t cols, size_t elem,
                                         size_t batch, bool same_layout, const txf__topts *opts,
                                         txf__tchoice *out);

/* Resolve strategy and kernel parameters for a matmul of m x n x k with
 * physical transposes ta, tb; validates forced choices. */
txf_status txf__select_matmul(txf_context *ctx, size_t m, size_t n, size_t k, size_t elem,
                              const txf__mopts *opts, txf__mchoice *out);

/* ------------------------------------------------------------ matmul.c */

/* txf_matmul_explain and txf_matmul_workspace_size for f32 and f64; with
 * packs16 the workspace of the f32 product whose padcopy packs read 16-bit
 * operands (K-major, never B's panels). */
txf_status txf__matmul_explain(txf_context *ctx, size_t m, size_t n, size_t k, txf_dtype dtype,
                               const txf_matmul_options *opts, txf__mchoice *out);
txf_status txf__matmul_workspace(txf_context *ctx, size_t m, size_t n, size_t k, txf_dtype dtype,
                                 bool packs16, const txf_matmul_options *opts, size_t *bytes);

/* ------------------------------------------------------------- widen.c */

/* f16 or bf16: matmul widens such operands to f32. */
bool txf__is_float16(txf_dtype t);
/* The choice for 16-bit operands (the f32 product's, with the widening
 * launches counted and said in why), and with workspace non-NULL the bytes
 * of a caller's workspace it needs. */
txf_status txf__explain_float16(txf_context *ctx, size_t m, size_t n, size_t k, txf_dtype dtype,
                                const txf_matmul_options *opts, txf__mchoice *out,
                                size_t *workspace);
/* A kernel of cl/convert.cl for 16-bit elements of type t. */
txf_status txf__convert_kernel(txf_context *ctx, txf_dtype t, const char *name, cl_kernel *out);
/* txf_matmul with PADCOPY on checked 16-bit A and B, which its packs read
 * and widen, and an f32 C (matmul.c). Any other strategy, k = 0 or alpha =
 * 0: TXF_ERR_STRATEGY_NOT_APPLICABLE, nothing enqueued. */
txf_status txf__matmul_packed16(txf_context *ctx, txf_op op_a, txf_op op_b, double alpha,
                                const txf_matrix *a, const txf_matrix *b, double beta,
                                const txf_matrix *c, const txf_matmul_options *opts, size_t m,
                                size_t n, size_t k, cl_uint num_wait, const cl_event *wait,
                                cl_event *event);
/* txf_matmul for checked 16-bit operands of m x n x k. */
txf_status txf__matmul_float16(txf_context *ctx, txf_op op_a, txf_op op_b, double alpha,
                               const txf_matrix *a, const txf_matrix *b, double beta,
                               const txf_matrix *c, const txf_matmul_options *opts, size_t m,
                               size_t n, size_t k, cl_uint num_wait, const cl_event *wait,
                               cl_event *event);

#endif
