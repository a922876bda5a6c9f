/*
 * Helpers shared by the parts of the txf tool: messages, device setup,
 * events and their timing, random numbers, medians, and the host reference
 * of a matrix product with its error bound.
 */
#ifndef TXF_TOOL_TOOL_H
#define TXF_TOOL_TOOL_H

#include "args.h"
#include "tiledxform.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* "txf: WHAT: TXF_ERR_...: detail" on stderr, the detail from txf_last_error. */
void tool_report(const char *what, txf_status s);

/* "forced", "device", "fallback". */
const char *tool_source_name(txf_choice_source s);

/* s, or "?" for NULL. */
const char *tool_str(const char *s);

/* Create a context on the device that spec names (NULL: the library's
 * default); reports a failure on stderr. */
txf_status tool_open_context(const char *spec, txf_context **ctx);

/* Wait for ev, check that its command succeeded and release it. NULL is a
 * no-op. Reports a failure on stderr under `what`. */
txf_status tool_wait_event(cl_event ev, const char *what);

/* Milliseconds of a monotonic clock. */
double tool_now_ms(void);

/* Enqueue one operation on the context's queue; *ev completes when all of
 * its work has. On failure the callee writes a message into msg. */
typedef txf_status (*tool_launch_fn)(txf_context *ctx, void *arg, cl_event *ev, char *msg,
                                     size_t msglen);

/* Run fn once and give its device time in *ms: a marker with an empty wait
 * list is enqueued right before it on the context's in-order profiling
 * queue, and the time is CL_PROFILING_COMMAND_END of the operation's event
 * minus that of the marker. Waits for the operation. On failure msg says
 * why. */
txf_status tool_time_launch(txf_context *ctx, tool_launch_fn fn, void *arg, double *ms, char *msg,
                            size_t msglen);

/* Time `repeat` runs of fn into t[0..repeat-1] (tool_time_launch each),
 * after warm-up runs: fn runs until TOOL_WARM_MS of wall time have passed
 * (once at least, TOOL_WARM_MAX times at most), so that the timed runs
 * find the device at the clocks of steady work rather than those of an
 * idle pause (a host check, a build). On failure msg says why. */
#define TOOL_WARM_MS 20.0
#define TOOL_WARM_MAX 1000u
txf_status tool_time_runs(txf_context *ctx, tool_launch_fn fn, void *arg, unsigned repeat,
                          double *t, char *msg, size_t msglen);

/* splitmix64: the next value of the generator whose state is *state. */
uint64_t tool_rand(uint64_t *state);

/* Time `repeat` calls of fn(arg) on the host with the monotonic clock,
 * after warm-up calls as tool_time_runs makes them; the median and the
 * fastest in ms; then wait TOOL_HOST_SETTLE_MS before returning. Returns 0,
 * or -1 when out of memory. A threaded host BLAS (OpenBLAS) keeps its
 * worker threads spinning for a while after each call: on a 2-core AMD
 * EPYC VM for 100 to 200 ms, and the device's timings of the next shape,
 * on the same cores under POCL, shared them (73 x 129 x 18 f32 after 724 x
 * 10 x 479: a median of 0.10 ms against 0.018 ms once they were idle). */
#define TOOL_HOST_SETTLE_MS 300
int tool_time_host(void (*fn)(void *), void *arg, unsigned repeat, double *median_ms,
                   double *min_ms);

/* Median of t[0..n-1] (sorts t). n must be at least 1. */
double tool_median(double *t, size_t n);
/* Smallest of t[0..n-1]. */
double tool_min(const double *t, size_t n);

/* A host matrix of f32 or f64 elements: element (i, j) is at
 * data[i * rs + j * cs] (in elements). */
typedef struct tool_hmat {
	const void *data;
	txf_dtype dtype;
	size_t rs, cs;
} tool_hmat;

/* Element (i, j) as a double. */
double tool_hmat_get(const tool_hmat *m, size_t i, size_t j);
/* The value of a 16-bit float (TXF_F16 or TXF_BF16) from its bits, and the
 * bits of a value the type holds exactly (x is not rounded). */
double tool_half_value(txf_dtype dtype, uint16_t h);
uint16_t tool_half_bits(txf_dtype dtype, double x);

/* The view of a row-major (C order) or column-major (Fortran order) rows x
 * cols host array, transposed when trans is set. */
tool_hmat tool_hmat_of(const void *data, txf_dtype dtype, size_t rows, size_t cols, int fortran,
                       int trans);

/* Element (i, j) of a float64 product over k: *sum = sum_p a(i,p) b(p,j)
 * and *abs = sum_p |a(i,p) b(p,j)|. */
void tool_dot(const tool_hmat *a, const tool_hmat *b, size_t k, size_t i, size_t j, double *sum,
              double *abs);

/* Machine epsilon of f32 or f64. */
double tool_eps(txf_dtype dtype);

/* The error bound of one element of a product over k of dtype whose
 * terms add up to abs in magnitude: 4 k eps abs + 1e-6 (1e-12 for f64). */
double tool_bound(txf_dtype dtype, size_t k, double abs);

/* The value of parameter `name` in a choice; 0 when it lists none. */
static inline long long tool_cparam(const txf_choice *c, const char *name)
{
	long long v;

	cli_param_get(c->params, c->num_params, name, &v);
	return v;
}

static inline long long tool_mparam(const txf_matmul_choice *c, const char *name)
{
	long long v;

	cli_param_get(c->params, c->num_params, name, &v);
	return v;
}

/* A list of n named parameters as text, "name=value" separated by spaces,
 * into buf (cut short where it does not fit). */
void tool_params_text(const txf_param *list, unsigned n, char *buf, size_t size);

/* Write s as a JSON string (quoted and escaped) to f. */
void tool_json_string(FILE *f, const char *s);
/* Write s as a CSV field to f (quoted when it holds a comma, quote or newline). */
void tool_csv_field(FILE *f, const char *s);

#endif /* TXF_TOOL_TOOL_H */
