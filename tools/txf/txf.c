/*
 * txf: command-line front end of libtiledxform.
 *
 *   txf info       list devices; profile one and explain the automatic choice
 *   txf transpose  transpose a 2-D .npy file on a device
 *   txf matmul     multiply two 2-D .npy files on a device
 *   txf demo       run, check and time every strategy on random matrices
 *   txf bench      time an operation's strategies over a set of shapes (bench.c)
 *   txf tune       measure the strategies and write the tuning file (tune.c)
 *   txf params     list the kernel parameters that --param sets
 *
 * Exit status: 0 success, 1 runtime failure, 2 usage error. Uses only the
 * public API (tiledxform.h).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "args.h"
#include "bench.h"
#include "trcase.h"
#include "tune.h"
#include "mmcase.h"
#include "npy.h"
#include "tiledxform.h"
#include "fit.h"
#include "tool.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------- info */

static void print_profile_common(const txf_device_profile *p)
{
	printf("    platform:            %s\n", p->platform);
	printf("    normalized name:     %s\n", p->normalized_name);
	printf("    vendor:              %s (%s)\n", p->vendor_name,
	       tool_str(txf_vendor_name(p->vendor)));
	printf("    kind:                %s\n", tool_str(txf_device_kind_name(p->kind)));
	printf("    driver:              %s (%s)\n", p->driver_version, p->device_version);
	printf("    compute units:       %u\n", (unsigned)p->compute_units);
	printf("    local memory:        %llu KiB%s\n",
	       (unsigned long long)(p->local_mem_size / 1024),
	       p->local_mem_emulated ? " (emulated in global memory)" : "");
	printf("    max work-group size: %zu\n", p->max_work_group_size);
	printf("    fp64:                %s\n", p->has_fp64 ? "yes" : "no");
}

/* The lines of a choice that every operation has: its kernel parameters
 * by name (the library's list, so that a new one shows without a change
 * here; `source` is where they came from), launches, entry and why. */
static void print_choice_tail(const txf_param *params, unsigned nparams, const char *source,
                              unsigned launches, const char *entry, const char *why)
{
	char text[1024];

	tool_params_text(params, nparams, text, sizeof(text));
	printf("    params:   %s (%s)\n", text[0] ? text : "-", source);
	printf("    launches: %u\n", launches);
	printf("    entry:    %s\n", entry && entry[0] ? entry : "-");
	printf("    why:      %s\n", why && why[0] ? why : "-");
}

static void print_choice(const char *title, const txf_choice *c)
{
	const long long segments = tool_cparam(c, "segments"), width = tool_cparam(c, "width");
	const long long stream = tool_cparam(c, "stream");
	const long long inplace_tiles = tool_cparam(c, "inplace_tiles");

	printf("%s\n", title);
	printf("    strategy: %s (%s)\n", tool_str(txf_strategy_name(c->strategy)),
	       tool_source_name(c->strategy_source));
	if (segments)
		printf("    aligned:  %lld output-aligned runs per work-group where output rows "
		       "start off a 32-byte sector (or a smaller tile)\n",
		       segments);
	if (width)
		printf("    width:    %lld input columns per work-group of the runs%s\n", width,
		       tool_cparam(c, "cache_hints") ? ", L2 prefetch and streaming stores" : "");
	if (stream)
		printf("    stream:   %u x %u blocks transposed in registers per work-item, "
		       "written as whole 64-byte lines\n",
		       c->tile, c->tile);
	if (inplace_tiles)
		printf("    local:    %lld tile%s of local memory per work-group, in place\n",
		       inplace_tiles, inplace_tiles == 2 ? "s" : "");
	printf("    tile:     %u, wg_rows %u (%s)\n", c->tile, c->wg_rows,
	       tool_source_name(c->tile_source));
	print_choice_tail(c->params, c->num_params, tool_source_name(c->tile_source), c->launches,
	                  c->entry, c->why);
}

/* Where the caches are and what they hold for this device. */
static void print_caches(txf_context *ctx)
{
	txf_context_stats st;
	char path[1024];

	if (txf_context_stats_get(ctx, &st) != TXF_SUCCESS)
		return;
	printf("Caches:\n");
	printf("    binary cache:  %s\n", st.binary_cache ? st.cache_dir : "off");
	if (txf_tuning_path(ctx, path, sizeof(path)) != TXF_SUCCESS)
		printf("    tuning file:   none (no cache directory)\n");
	else
		printf("    tuning file:   %s (%s)\n", path,
		       st.tuned ? "in use" : "not in use: none yet, turned off, or ignored");
	printf("\n");
}

static int explain_matmul(txf_context *ctx, const cli_args *a)
{
	txf_matmul_choice c;
	txf_status s;

	if (a->dtype != TXF_F32 && a->dtype != TXF_F64 && a->dtype != TXF_F16 &&
	    a->dtype != TXF_BF16) {
		fprintf(stderr, "txf: info: matmul runs f4, f8, f2 and bf16, not %s\n",
		        tool_str(txf_dtype_name(a->dtype)));
		return 1;
	}
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	if (a->precision && txf_matmul_options_set(&o, "precision", a->precision) != TXF_SUCCESS) {
		tool_report("cannot set the precision", TXF_ERR_BAD_PARAM);
		return 1;
	}
	s = txf_matmul_explain(ctx, a->shape_rows, a->shape_cols, a->shape_k, a->dtype, &o, &c);
	if (s != TXF_SUCCESS) {
		tool_report("cannot explain the matmul", s);
		return 1;
	}
	printf("auto, %zux%zux%zu %s matmul (row-major C):\n", a->shape_rows, a->shape_cols,
	       a->shape_k, tool_str(txf_dtype_name(a->dtype)));
	printf("    strategy: %s (%s)\n", tool_str(txf_strategy_name(c.strategy)),
	       tool_source_name(c.strategy_source));
	print_choice_tail(c.params, c.num_params, tool_source_name(c.params_source), c.launches,
	                  c.entry, c.why);
	return 0;
}

static int cmd_tune(const cli_args *a)
{
	tune_settings t;

	memset(&t, 0, sizeof(t));
	t.device = a->device;
	t.ops = a->tune_ops;
	t.dtypes = a->tune_dtypes;
	t.full = a->tune_full > 0;
	t.budget = a->tune_budget;
	t.repeat = a->repeat_given ? a->repeat : 0;
	return tune_run(&t);
}

static int cmd_info(const cli_args *a)
{
	txf_device_profile *list = NULL, p;
	txf_transpose_options opts;
	txf_context *ctx = NULL;
	txf_choice choice;
	char title[256];
	size_t n = 0;
	txf_status s;
	int rc = 1;

	s = txf_devices_list(&list, &n);
	if (s != TXF_SUCCESS) {
		tool_report("cannot list OpenCL devices", s);
		return 1;
	}
	printf("OpenCL devices: %zu\n", n);
	for (size_t i = 0; i < n; i++) {
		printf("[%zu] %s\n", i, list[i].name);
		print_profile_common(&list[i]);
	}
	txf_devices_free(&list);
	printf("\n");

	if (tool_open_context(a->device, &ctx) != TXF_SUCCESS)
		return 1;
	s = txf_context_profile(ctx, &p);
	if (s != TXF_SUCCESS) {
		tool_report("cannot read the device profile", s);
		goto out;
	}
	printf("Selected device: %s\n", p.name);
	print_profile_common(&p);
	printf("    max work-item sizes: %zu x %zu x %zu\n", p.max_work_item_sizes[0],
	       p.max_work_item_sizes[1], p.max_work_item_sizes[2]);
	printf("    preferred multiple:  %zu\n", p.preferred_multiple);
	printf("    global memory:       %llu MiB (largest allocation %llu MiB)\n",
	       (unsigned long long)(p.global_mem_size >> 20),
	       (unsigned long long)(p.max_alloc_size >> 20));
	printf("    base address align:  %u bits\n", (unsigned)p.mem_base_addr_align);
	if (p.nv_compute_capability)
		printf("    compute capability:  %u.%u\n", p.nv_compute_capability / 10,
		       p.nv_compute_capability % 10);
	printf("\n");

	print_caches(ctx);
	if (a->shape_k) {
		rc = explain_matmul(ctx, a);
		goto out;
	}
	txf_transpose_options_default(&opts);
	s = txf_transpose_explain(ctx, a->shape_rows, a->shape_cols, a->dtype, 0, &opts, &choice);
	if (s != TXF_SUCCESS) {
		tool_report("cannot explain the transpose", s);
		goto out;
	}
	snprintf(title, sizeof(title), "auto, %zux%zu %s transpose:", a->shape_rows, a->shape_cols,
	         tool_str(txf_dtype_name(a->dtype)));
	print_choice(title, &choice);
	if (a->shape_rows == a->shape_cols) {
		s = txf_transpose_explain(ctx, a->shape_rows, a->shape_cols, a->dtype, 1, &opts,
		                          &choice);
		if (s != TXF_SUCCESS) {
			tool_report("cannot explain the in-place transpose", s);
			goto out;
		}
		snprintf(title, sizeof(title),
		         "auto, %zux%zu %s in-place transpose:", a->shape_rows, a->shape_cols,
		         tool_str(txf_dtype_name(a->dtype)));
		print_choice(title, &choice);
	}
	rc = 0;
out:
	txf_context_release(&ctx);
	return rc;
}

/* -------------------------------------------------------------- transpose */

/* Read a finished result back and write it to path atomically; 0 on success. */
static int save_result(txf_context *ctx, const txf_matrix *m, npy_array *res, const char *path)
{
	char err[512];
	txf_status s = txf_matrix_read(ctx, m, res->data, 0, 1, 0, NULL, NULL);
	if (s != TXF_SUCCESS) {
		tool_report("cannot read the result back", s);
		return -1;
	}
	if (npy_save(path, res, err, sizeof(err)) != NPY_OK) {
		fprintf(stderr, "txf: %s\n", err);
		return -1;
	}
	return 0;
}

/* Whether device buffers of bytes[0..n-1] bytes fit on the device of ctx;
 * if not, says so on stderr after `what` (the operation and its shape). */
static int device_fits(txf_context *ctx, const char *what, const uint64_t *bytes, size_t n)
{
	txf_device_profile p;
	char msg[512];
	txf_status s = txf_context_profile(ctx, &p);

	if (s != TXF_SUCCESS) {
		tool_report("cannot read the device profile", s);
		return -1;
	}
	if (fit_device(&p, bytes, n, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "txf: %s %s\n", what, msg);
		return -1;
	}
	return 0;
}

/* Read the data of the file at path, whose header npy_load_header put in
 * x: the file must still hold that array. On success x owns the data. */
static int load_data(const char *path, npy_array *x)
{
	npy_array got;
	char err[1024];

	if (npy_load(path, &got, err, sizeof(err)) != NPY_OK) {
		fprintf(stderr, "txf: %s\n", err);
		return -1;
	}
	if (got.dtype != x->dtype || got.is_bool != x->is_bool ||
	    got.fortran_order != x->fortran_order || got.ndim != x->ndim ||
	    memcmp(got.shape, x->shape, sizeof(got.shape)) != 0) {
		fprintf(stderr, "txf: %s: the file changed while being read\n", path);
		npy_free(&got);
		return -1;
	}
	*x = got;
	return 0;
}

/*
 * transpose and matmul read their files' headers first, open the device
 * and check that it can hold every operand (each within its largest
 * allocation, all together within its global memory), and only then read
 * the data and allocate the result: a shape too large for the device fails
 * with a message before any memory is taken for it.
 */
static int cmd_transpose(const cli_args *a)
{
	npy_array in, res;
	txf_matrix m_in, m_out;
	txf_transpose_options opts;
	txf_context *ctx = NULL;
	cl_event ev = NULL;
	txf_layout layout;
	size_t rows, cols, shape[2];
	char err[1024], what[4300];
	txf_status s;
	int rc = 1;

	memset(&in, 0, sizeof(in));
	memset(&res, 0, sizeof(res));
	memset(&m_in, 0, sizeof(m_in));
	memset(&m_out, 0, sizeof(m_out));

	if (npy_load_header(a->in_path, &in, err, sizeof(err)) != NPY_OK) {
		fprintf(stderr, "txf: %s\n", err);
		return 1;
	}
	if (in.ndim != 2) {
		fprintf(stderr, "txf: %s: expected a 2-D array, found %zu dimension%s\n",
		        a->in_path, in.ndim, in.ndim == 1 ? "" : "s");
		goto out;
	}
	rows = in.shape[0];
	cols = in.shape[1];
	layout = in.fortran_order ? TXF_COL_MAJOR : TXF_ROW_MAJOR;

	if (tool_open_context(a->device, &ctx) != TXF_SUCCESS)
		goto out;
	{
		/* In place: one buffer; else the input and the output. */
		const uint64_t need[2] = {in.nbytes, in.nbytes};

		snprintf(what, sizeof(what), "%s: a %zux%zu %s %stranspose", a->in_path, rows, cols,
		         tool_str(npy_array_code(&in)), a->in_place ? "in-place " : "");
		if (device_fits(ctx, what, need, a->in_place ? 1 : 2) != 0)
			goto out;
	}
	if (load_data(a->in_path, &in) != 0)
		goto out;
	shape[0] = cols;
	shape[1] = rows;
	if (npy_alloc(&res, in.dtype, 2, shape, in.fortran_order, err, sizeof(err)) != NPY_OK) {
		fprintf(stderr, "txf: %s\n", err);
		goto out;
	}
	/* A bool array moves as bytes and is written back as bool. */
	res.is_bool = in.is_bool;

	s = txf_matrix_alloc(ctx, in.dtype, rows, cols, layout, &m_in);
	if (s != TXF_SUCCESS) {
		tool_report("cannot allocate the input matrix", s);
		goto out;
	}
	s = txf_matrix_write(ctx, &m_in, in.data, 0, 1, 0, NULL, NULL);
	if (s != TXF_SUCCESS) {
		tool_report("cannot upload the input matrix", s);
		goto out;
	}

	opts = a->topts;
	opts.strategy = a->strategy;
	if (a->in_place) {
		s = txf_transpose_inplace(ctx, &m_in, &opts, 0, NULL, &ev);
	} else {
		s = txf_matrix_alloc(ctx, in.dtype, cols, rows, layout, &m_out);
		if (s != TXF_SUCCESS) {
			tool_report("cannot allocate the output matrix", s);
			goto out;
		}
		s = txf_transpose(ctx, &m_in, &m_out, &opts, 0, NULL, &ev);
	}
	if (s != TXF_SUCCESS) {
		tool_report("transpose", s);
		goto out;
	}
	if (tool_wait_event(ev, "transpose") != TXF_SUCCESS)
		goto out;
	if (save_result(ctx, a->in_place ? &m_in : &m_out, &res, a->out_path) != 0)
		goto out;
	rc = 0;
out:
	txf_matrix_free(&m_out);
	txf_matrix_free(&m_in);
	txf_context_release(&ctx);
	npy_free(&res);
	npy_free(&in);
	return rc;
}

/* ----------------------------------------------------------------- matmul */

/* The header of a matmul operand at path: 2-D, f4, f8, f2 or bf16. */
static int operand_header(const char *path, npy_array *x)
{
	char err[1024];

	if (npy_load_header(path, x, err, sizeof(err)) != NPY_OK) {
		fprintf(stderr, "txf: %s\n", err);
		return -1;
	}
	if (x->ndim != 2) {
		fprintf(stderr, "txf: %s: expected a 2-D array, found %zu dimension%s\n", path,
		        x->ndim, x->ndim == 1 ? "" : "s");
		return -1;
	}
	if (x->is_bool || (x->dtype != TXF_F32 && x->dtype != TXF_F64 && x->dtype != TXF_F16 &&
	                   x->dtype != TXF_BF16)) {
		fprintf(stderr,
		        "txf: %s: matmul multiplies float32 (f4), float64 (f8), float16 (f2) and "
		        "bfloat16 (|V2) arrays, not %s%s\n",
		        path, tool_str(npy_array_code(x)), x->is_bool ? " (bool)" : "");
		return -1;
	}
	return 0;
}

/* A device copy of a host array in its own memory order. */
static txf_status upload(txf_context *ctx, const npy_array *x, txf_matrix *m, const char *what)
{
	txf_layout layout = x->fortran_order ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
	txf_status s = txf_matrix_alloc(ctx, x->dtype, x->shape[0], x->shape[1], layout, m);
	char msg[64];

	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, m, x->data, 0, 1, 0, NULL, NULL);
	if (s != TXF_SUCCESS) {
		snprintf(msg, sizeof(msg), "cannot upload %s", what);
		tool_report(msg, s);
	}
	return s;
}

static int cmd_matmul(const cli_args *a)
{
	npy_array A, B, C, res;
	txf_matrix ma, mb, mc;
	txf_matmul_options opts;
	txf_context *ctx = NULL;
	cl_event ev = NULL;
	size_t m, n, k, kb, shape[2];
	char err[1024], what[256];
	txf_status s;
	int rc = 1;

	memset(&A, 0, sizeof(A));
	memset(&B, 0, sizeof(B));
	memset(&C, 0, sizeof(C));
	memset(&res, 0, sizeof(res));
	memset(&ma, 0, sizeof(ma));
	memset(&mb, 0, sizeof(mb));
	memset(&mc, 0, sizeof(mc));

	/* Everything that the files' headers decide is checked before a device
	 * is opened, the sizes on the device before any data is read. */
	if (operand_header(a->a_path, &A) != 0 || operand_header(a->b_path, &B) != 0)
		goto out;
	if (A.dtype != B.dtype) {
		fprintf(stderr, "txf: %s is %s but %s is %s: matmul needs one element type\n",
		        a->a_path, tool_str(npy_dtype_code(A.dtype)), a->b_path,
		        tool_str(npy_dtype_code(B.dtype)));
		goto out;
	}
	m = a->trans_a ? A.shape[1] : A.shape[0];
	k = a->trans_a ? A.shape[0] : A.shape[1];
	kb = a->trans_b ? B.shape[1] : B.shape[0];
	n = a->trans_b ? B.shape[0] : B.shape[1];
	if (k != kb) {
		fprintf(stderr,
		        "txf: inner dimensions differ: op(A) is %zu x %zu (%s, shape (%zu, %zu)%s) "
		        "but op(B) is %zu x %zu (%s, shape (%zu, %zu)%s)\n",
		        m, k, a->a_path, A.shape[0], A.shape[1], a->trans_a ? ", transposed" : "",
		        kb, n, a->b_path, B.shape[0], B.shape[1], a->trans_b ? ", transposed" : "");
		goto out;
	}
	if (a->c_path) {
		if (operand_header(a->c_path, &C) != 0)
			goto out;
		/* 16-bit A and B may have an f4 C. */
		if (C.dtype != A.dtype &&
		    !(C.dtype == TXF_F32 && (A.dtype == TXF_F16 || A.dtype == TXF_BF16))) {
			fprintf(stderr,
			        "txf: %s is %s but A and B are %s: matmul needs one element "
			        "type (or an f4 C for f2 and bf16)\n",
			        a->c_path, tool_str(npy_dtype_code(C.dtype)),
			        tool_str(npy_dtype_code(A.dtype)));
			goto out;
		}
		if (C.shape[0] != m || C.shape[1] != n) {
			fprintf(stderr,
			        "txf: %s has shape (%zu, %zu) but op(A) op(B) is %zu x %zu\n",
			        a->c_path, C.shape[0], C.shape[1], m, n);
			goto out;
		}
	}

	if (tool_open_context(a->device, &ctx) != TXF_SUCCESS)
		goto out;
	{
		const size_t elem = npy_dtype_size(a->c_path ? C.dtype : A.dtype);
		const uint64_t need[3] = {A.nbytes, B.nbytes, fit_matrix_bytes(m, n, elem)};

		snprintf(what, sizeof(what), "a %zux%zux%zu %s matmul (M x N x K)", m, n, k,
		         tool_str(npy_array_code(&A)));
		if (device_fits(ctx, what, need, 3) != 0)
			goto out;
	}
	/* C's values are read only where beta is not 0. */
	if (load_data(a->a_path, &A) != 0 || load_data(a->b_path, &B) != 0 ||
	    (a->c_path && a->beta != 0.0 && load_data(a->c_path, &C) != 0))
		goto out;
	shape[0] = m;
	shape[1] = n;
	if (npy_alloc(&res, a->c_path ? C.dtype : A.dtype, 2, shape,
	              a->c_path ? C.fortran_order : 0, err, sizeof(err)) != NPY_OK) {
		fprintf(stderr, "txf: %s\n", err);
		goto out;
	}
	if (upload(ctx, &A, &ma, "A") != TXF_SUCCESS || upload(ctx, &B, &mb, "B") != TXF_SUCCESS)
		goto out;
	if (a->c_path && a->beta != 0.0) {
		if (upload(ctx, &C, &mc, "C") != TXF_SUCCESS)
			goto out;
	} else {
		/* beta = 0: C is only written. */
		s = txf_matrix_alloc(ctx, res.dtype, m, n,
		                     res.fortran_order ? TXF_COL_MAJOR : TXF_ROW_MAJOR, &mc);
		if (s != TXF_SUCCESS) {
			tool_report("cannot allocate the result", s);
			goto out;
		}
	}

	opts = a->mopts;
	opts.strategy = a->strategy;
	s = txf_matmul(ctx, a->trans_a ? TXF_OP_T : TXF_OP_N, a->trans_b ? TXF_OP_T : TXF_OP_N,
	               a->alpha, &ma, &mb, a->beta, &mc, &opts, 0, NULL, &ev);
	if (s != TXF_SUCCESS) {
		tool_report("matmul", s);
		goto out;
	}
	if (tool_wait_event(ev, "matmul") != TXF_SUCCESS)
		goto out;
	if (save_result(ctx, &mc, &res, a->out_path) != 0)
		goto out;
	rc = 0;
out:
	txf_matrix_free(&mc);
	txf_matrix_free(&mb);
	txf_matrix_free(&ma);
	txf_context_release(&ctx);
	npy_free(&res);
	npy_free(&C);
	npy_free(&B);
	npy_free(&A);
	return rc;
}

/* ------------------------------------------------------------------- demo */

/*
 * The demo runs a list of cases. Each case checks its result once (after
 * poisoning the output), then times `runs` more launches and reports the
 * median. A case is one operation with one set of options; new operations
 * add a setup/launch/check triple and a loop in cmd_demo.
 */

struct demo {
	txf_context *ctx;
	txf_device_profile prof;
	unsigned runs;
	int failures;
	int name_width;
};

/* One line of the table. */
struct demo_row {
	const char *op;
	size_t rows, cols;
	const char *strategy;
	txf_choice choice;
	int have_choice;
	double ms;
	double bytes;       /* moved per launch, for GB/s */
	const char *result; /* "OK", "FAIL", "n/a", "error" */
	char note[384];
};

/* Launch one run of a case; *ev completes when its work has. */
typedef txf_status (*demo_launch_fn)(struct demo *d, void *arg, cl_event *ev);

static void demo_header(const struct demo *d)
{
	printf("%-*s  %-9s  %-9s  %-8s  %4s  %7s  %8s  %9s  %8s  %s\n", d->name_width, "device",
	       "op", "shape", "strategy", "tile", "wg_rows", "launches", "ms", "GB/s", "check");
}

static void demo_print(const struct demo *d, const struct demo_row *r)
{
	char shape[48];

	snprintf(shape, sizeof(shape), "%zux%zu", r->rows, r->cols);
	printf("%-*.*s  %-9s  %-9s  %-8s  ", d->name_width, d->name_width, d->prof.normalized_name,
	       r->op, shape, r->strategy);
	if (r->have_choice)
		printf("%4u  %7u  %8u  ", r->choice.tile, r->choice.wg_rows, r->choice.launches);
	else
		printf("%4s  %7s  %8s  ", "-", "-", "-");
	if (r->ms > 0)
		printf("%9.3f  %8.2f  ", r->ms, r->bytes / (r->ms * 1e6));
	else
		printf("%9s  %8s  ", "-", "-");
	printf("%s\n", r->result);
	if (r->note[0])
		printf("    %s\n", r->note);
	fflush(stdout);
}

/* Run fn once and wait for it; *ms is the wall time of enqueue plus wait. */
static txf_status demo_run_once(struct demo *d, demo_launch_fn fn, void *arg, double *ms)
{
	cl_event ev = NULL;
	double t0 = tool_now_ms();
	txf_status s = fn(d, arg, &ev);

	if (s != TXF_SUCCESS)
		return s;
	s = tool_wait_event(ev, "demo");
	*ms = tool_now_ms() - t0;
	return s;
}

/* Time d->runs launches and give the median in *ms. */
static txf_status demo_time(struct demo *d, demo_launch_fn fn, void *arg, double *ms)
{
	double *t = calloc(d->runs, sizeof(*t));
	txf_status s = TXF_SUCCESS;

	if (!t)
		return TXF_ERR_OUT_OF_MEMORY;
	for (unsigned i = 0; i < d->runs && s == TXF_SUCCESS; i++)
		s = demo_run_once(d, fn, arg, &t[i]);
	if (s == TXF_SUCCESS) {
		*ms = tool_median(t, d->runs);
	}
	free(t);
	return s;
}

/* Compare got with want; describe the first difference in note. */
static int demo_check(const float *got, const float *want, size_t rows, size_t cols, char *note,
                      size_t notelen)
{
	for (size_t i = 0; i < rows; i++) {
		for (size_t j = 0; j < cols; j++) {
			size_t k = i * cols + j;

			if (memcmp(&got[k], &want[k], sizeof(float)) != 0) {
				snprintf(note, notelen,
				         "first mismatch at (%zu, %zu): got %.9g, expected %.9g", i,
				         j, (double)got[k], (double)want[k]);
				return -1;
			}
		}
	}
	return 0;
}

/* Host data of one transpose case. */
struct tcase {
	size_t rows, cols;
	float *src;    /* rows x cols, row-major */
	float *want;   /* cols x rows: the transpose of src */
	float *got;    /* read-back buffer, cols x rows */
	float *poison; /* all-ones bit patterns (NaN), cols x rows */
	txf_matrix in, out;
	txf_transpose_options opts;
	int in_place;
};

static void tcase_free(struct tcase *c)
{
	txf_matrix_free(&c->in);
	txf_matrix_free(&c->out);
	free(c->src);
	free(c->want);
	free(c->got);
	free(c->poison);
	memset(c, 0, sizeof(*c));
}

static txf_status tcase_init(struct demo *d, struct tcase *c, size_t rows, size_t cols,
                             unsigned long seed, int in_place)
{
	size_t n = rows * cols;
	uint64_t state = seed;
	txf_status s;

	memset(c, 0, sizeof(*c));
	c->rows = rows;
	c->cols = cols;
	c->in_place = in_place;
	/* The device buffers, before any host memory is taken. */
	const uint64_t need[2] = {fit_matrix_bytes(rows, cols, sizeof(float)),
	                          fit_matrix_bytes(rows, cols, sizeof(float))};
	char msg[256];
	if (fit_device(&d->prof, need, in_place ? 1 : 2, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "txf: demo: a %zux%zu f4 %stranspose %s\n", rows, cols,
		        in_place ? "in-place " : "", msg);
		return TXF_ERR_TOO_LARGE;
	}
	c->src = malloc(n * sizeof(float));
	c->want = malloc(n * sizeof(float));
	c->got = malloc(n * sizeof(float));
	c->poison = malloc(n * sizeof(float));
	if (!c->src || !c->want || !c->got || !c->poison) {
		fprintf(stderr, "txf: demo: out of memory for a %zux%zu matrix\n", rows, cols);
		return TXF_ERR_OUT_OF_MEMORY;
	}
	/* 24-bit random fractions: exact in float32. */
	for (size_t k = 0; k < n; k++)
		c->src[k] = (float)(tool_rand(&state) >> 40) / 16777216.0f;
	for (size_t i = 0; i < rows; i++)
		for (size_t j = 0; j < cols; j++)
			c->want[j * rows + i] = c->src[i * cols + j];
	memset(c->poison, 0xff, n * sizeof(float));

	s = txf_matrix_alloc(d->ctx, TXF_F32, rows, cols, TXF_ROW_MAJOR, &c->in);
	if (s == TXF_SUCCESS && !in_place)
		s = txf_matrix_alloc(d->ctx, TXF_F32, cols, rows, TXF_ROW_MAJOR, &c->out);
	if (s != TXF_SUCCESS)
		tool_report("demo: cannot allocate device matrices", s);
	return s;
}

static txf_status launch_transpose(struct demo *d, void *arg, cl_event *ev)
{
	struct tcase *c = arg;

	if (c->in_place)
		return txf_transpose_inplace(d->ctx, &c->in, &c->opts, 0, NULL, ev);
	return txf_transpose(d->ctx, &c->in, &c->out, &c->opts, 0, NULL, ev);
}

/* One row: explain, poison, run and check once, then time. */
static void demo_transpose_case(struct demo *d, struct tcase *c, txf_strategy strategy)
{
	struct demo_row r;
	const txf_matrix *result = c->in_place ? &c->in : &c->out;
	double ms;
	txf_status s;

	memset(&r, 0, sizeof(r));
	r.op = c->in_place ? "in-place" : "transpose";
	r.rows = c->rows;
	r.cols = c->cols;
	r.strategy = tool_str(txf_strategy_name(strategy));
	r.bytes = 2.0 * (double)c->rows * (double)c->cols * sizeof(float);
	r.result = "error";

	txf_transpose_options_default(&c->opts);
	c->opts.strategy = strategy;
	s = txf_transpose_explain(d->ctx, c->rows, c->cols, TXF_F32, c->in_place, &c->opts,
	                          &r.choice);
	if (s == TXF_ERR_STRATEGY_NOT_APPLICABLE) {
		r.result = "n/a";
		snprintf(r.note, sizeof(r.note), "not applicable: %s", txf_last_error());
		demo_print(d, &r);
		return;
	}
	if (s != TXF_SUCCESS)
		goto failed;
	r.have_choice = 1;

	/* The input of an in-place case is re-uploaded; the output is poisoned. */
	s = txf_matrix_write(d->ctx, &c->in, c->src, 0, 1, 0, NULL, NULL);
	if (s == TXF_SUCCESS && !c->in_place)
		s = txf_matrix_write(d->ctx, &c->out, c->poison, 0, 1, 0, NULL, NULL);
	if (s != TXF_SUCCESS)
		goto failed;

	s = demo_run_once(d, launch_transpose, c, &ms);
	if (s == TXF_ERR_STRATEGY_NOT_APPLICABLE) {
		r.result = "n/a";
		snprintf(r.note, sizeof(r.note), "not applicable: %s", txf_last_error());
		demo_print(d, &r);
		return;
	}
	if (s != TXF_SUCCESS)
		goto failed;
	s = txf_matrix_read(d->ctx, result, c->got, 0, 1, 0, NULL, NULL);
	if (s != TXF_SUCCESS)
		goto failed;
	if (demo_check(c->got, c->want, c->cols, c->rows, r.note, sizeof(r.note)) != 0) {
		r.result = "FAIL";
		d->failures++;
		demo_print(d, &r);
		return;
	}
	s = demo_time(d, launch_transpose, c, &r.ms);
	if (s != TXF_SUCCESS)
		goto failed;
	r.result = "OK";
	demo_print(d, &r);
	return;

failed:
	d->failures++;
	snprintf(r.note, sizeof(r.note), "%s: %s", txf_status_name(s), txf_last_error());
	demo_print(d, &r);
}

/* The matmul part: every strategy on one product, checked at every element
 * against a float64 host product and timed by event profiling. */
static void demo_matmul(struct demo *d, const cli_args *a)
{
	static const txf_strategy strategies[] = {
	    TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD,     TXF_STRATEGY_TRUNCATE,
	    TXF_STRATEGY_SPLIT,  TXF_STRATEGY_PADCOPY, TXF_STRATEGY_AUTO,
	};
	size_t m = a->mm_m, n = a->mm_n, k = a->mm_k;
	char shape[80];
	mm_case c;

	if (!m) {
		/* Every strategy, SIMPLE included, in seconds on a small CPU. */
		int gpu = d->prof.kind == TXF_DEVICE_GPU;

		m = gpu ? 999 : 333;
		n = gpu ? 666 : 222;
		k = gpu ? 777 : 259;
	}
	snprintf(shape, sizeof(shape), "%zux%zux%zu", m, n, k);
	printf("\nmatmul:   C = A B, %s (M x N x K) f32, row-major, seed %lu\n", shape, a->seed);
	printf("check:    |C - Cref| <= 4 K FLT_EPSILON (|A| |B|) + 1e-6 at every element, "
	       "Cref in float64 on the host\n");
	printf("time:     device time by event profiling, median of %u run%s after a warm-up\n",
	       d->runs, d->runs == 1 ? "" : "s");
	printf("params:   blocks mwg x nwg x kwg, mdimc x ndimc work-items (wg), vector widths "
	       "vwa/vwb (vw)\n\n");
	printf("%-*s  %-6s  %-13s  %-8s  %-8s  %-11s  %-5s  %-5s  %8s  %9s  %8s  %s\n",
	       d->name_width, "device", "op", "shape", "strategy", "chosen", "blocks", "wg", "vw",
	       "launches", "ms", "GFLOP/s", "check");
	char note[256];
	int init =
	    mm_case_init(&c, d->ctx, &d->prof, m, n, k, TXF_F32, a->seed, 1, note, sizeof(note));
	if (init != 0) {
		if (init > 0)
			fprintf(stderr, "txf: demo: a %s f4 matmul %s\n", shape, note);
		d->failures++;
		return;
	}
	for (size_t i = 0; i < sizeof(strategies) / sizeof(strategies[0]); i++) {
		char blocks[48], wi[24], vw[16];
		mm_result r;

		if (mm_run_txf(&c, strategies[i], NULL, d->runs, &r) != 0)
			d->failures++;
		if (r.have_choice && r.choice.strategy != TXF_STRATEGY_SIMPLE) {
			const txf_matmul_choice *p = &r.choice;
			const long long ksplit = tool_mparam(p, "ksplit");

			snprintf(blocks, sizeof(blocks),
			         ksplit > 1 ? "%lldx%lldx%lld/%lld" : "%lldx%lldx%lld",
			         tool_mparam(p, "mwg"), tool_mparam(p, "nwg"),
			         tool_mparam(p, "kwg"), ksplit);
			snprintf(wi, sizeof(wi), "%lldx%lld", tool_mparam(p, "mdimc"),
			         tool_mparam(p, "ndimc"));
			snprintf(vw, sizeof(vw), "%lld/%lld", tool_mparam(p, "vwa"),
			         tool_mparam(p, "vwb"));
		} else {
			strcpy(blocks, "-");
			strcpy(wi, "-");
			strcpy(vw, "-");
		}
		printf("%-*.*s  %-6s  %-13s  %-8s  %-8s  %-11s  %-5s  %-5s  ", d->name_width,
		       d->name_width, d->prof.normalized_name, "matmul", shape,
		       tool_str(txf_strategy_name(strategies[i])),
		       r.have_choice ? tool_str(txf_strategy_name(r.choice.strategy)) : "-", blocks,
		       wi, vw);
		if (r.have_choice)
			printf("%8u  ", r.choice.launches);
		else
			printf("%8s  ", "-");
		if (r.repeats && r.median_ms > 0)
			printf("%9.3f  %8.2f  ", r.median_ms,
			       2.0 * (double)m * (double)n * (double)k / (r.median_ms * 1e6));
		else
			printf("%9s  %8s  ", "-", "-");
		printf("%s\n", r.check);
		if (r.note[0])
			printf("    %s\n", r.note);
		fflush(stdout);
	}
	mm_case_free(&c);
}

static int cmd_demo(const cli_args *a)
{
	static const txf_strategy out_of_place[] = {
	    TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD,  TXF_STRATEGY_TRUNCATE,
	    TXF_STRATEGY_SPLIT,  TXF_STRATEGY_AUTO,
	};
	static const txf_strategy in_place[] = {
	    TXF_STRATEGY_SIMPLE,
	    TXF_STRATEGY_PAD,
	    TXF_STRATEGY_AUTO,
	};
	struct demo d;
	struct tcase c;
	size_t len, sq;
	txf_status s;

	memset(&d, 0, sizeof(d));
	d.runs = a->runs;
	if (tool_open_context(a->device, &d.ctx) != TXF_SUCCESS)
		return 1;
	s = txf_context_profile(d.ctx, &d.prof);
	if (s != TXF_SUCCESS) {
		tool_report("cannot read the device profile", s);
		txf_context_release(&d.ctx);
		return 1;
	}
	len = strlen(d.prof.normalized_name);
	d.name_width = (int)(len < 6 ? 6 : len > 48 ? 48 : len);

	printf("device:   %s (%s)\n", d.prof.name, d.prof.platform);
	printf("matrix:   %zux%zu f32, seed %lu; time: median of %u run%s after a warm-up, "
	       "enqueue to completion\n\n",
	       a->rows, a->cols, a->seed, a->runs, a->runs == 1 ? "" : "s");
	demo_header(&d);

	if (tcase_init(&d, &c, a->rows, a->cols, a->seed, 0) == TXF_SUCCESS) {
		for (size_t i = 0; i < sizeof(out_of_place) / sizeof(out_of_place[0]); i++)
			demo_transpose_case(&d, &c, out_of_place[i]);
	} else {
		d.failures++;
	}
	tcase_free(&c);

	sq = a->rows < a->cols ? a->rows : a->cols;
	if (tcase_init(&d, &c, sq, sq, a->seed + 1, 1) == TXF_SUCCESS) {
		for (size_t i = 0; i < sizeof(in_place) / sizeof(in_place[0]); i++)
			demo_transpose_case(&d, &c, in_place[i]);
	} else {
		d.failures++;
	}
	tcase_free(&c);

	demo_matmul(&d, a);

	txf_context_release(&d.ctx);
	if (d.failures) {
		fprintf(stderr, "txf: demo: %d case%s failed\n", d.failures,
		        d.failures == 1 ? "" : "s");
		return 1;
	}
	printf("\nall checks passed\n");
	return 0;
}

/* ----------------------------------------------------------------- params */

/* Whether a tuned entry holds a parameter (txf_param_info.tuned). */
static const char *tuned_name(int tuned)
{
	return tuned >= 2 ? "required" : tuned == 1 ? "optional" : "no";
}

/* Every parameter of the library's registry: operation, name, range,
 * whether a tuned entry holds it and meaning. Needs no device. */
static int cmd_params(const cli_args *a)
{
	const size_t n = txf_param_count();
	int name_width = 4;

	for (size_t i = 0; i < n; i++) {
		const size_t len = strlen(txf_param_at(i)->name);

		if (len > (size_t)name_width)
			name_width = (int)len;
	}
	if (a->format == CLI_FORMAT_CSV)
		printf("operation,name,min,max,meaning,tuned\n");
	else if (a->format == CLI_FORMAT_TABLE)
		printf("%-9s  %-*s  %4s  %4s  %-8s  %s\n", "operation", name_width, "name", "min",
		       "max", "tuned", "meaning");
	for (size_t i = 0; i < n; i++) {
		const txf_param_info *p = txf_param_at(i);
		const char *tuned = tuned_name(p->tuned);

		switch (a->format) {
		case CLI_FORMAT_CSV:
			tool_csv_field(stdout, p->operation);
			putchar(',');
			tool_csv_field(stdout, p->name);
			printf(",%lld,%lld,", p->min, p->max);
			tool_csv_field(stdout, p->meaning);
			printf(",%s\n", tuned);
			break;
		case CLI_FORMAT_JSON:
			printf("{\"operation\":");
			tool_json_string(stdout, p->operation);
			printf(",\"name\":");
			tool_json_string(stdout, p->name);
			printf(",\"min\":%lld,\"max\":%lld,\"meaning\":", p->min, p->max);
			tool_json_string(stdout, p->meaning);
			printf(",\"tuned\":\"%s\"}\n", tuned);
			break;
		case CLI_FORMAT_TABLE:
			printf("%-9s  %-*s  %4lld  %4lld  %-8s  %s\n", p->operation, name_width,
			       p->name, p->min, p->max, tuned, p->meaning);
			break;
		}
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "txf: params: cannot write the list\n");
		return 1;
	}
	return 0;
}

/* ------------------------------------------------------------------- main */

int main(int argc, char **argv)
{
	cli_args a;
	char err[512];

	if (cli_parse(argc, argv, &a, err, sizeof(err)) != 0) {
		fprintf(stderr, "txf: %s\n", err);
		if (argc < 2)
			fputs(cli_usage(CLI_CMD_NONE), stderr);
		return 2;
	}
	if (a.help) {
		fputs(cli_usage(a.command), stdout);
		return 0;
	}
	if (a.version) {
		const char *clb = mm_clblast_name(), *blas = mm_blas_name();

		printf("txf (libtiledxform %s)\n", txf_version());
		printf("built with CLBlast: %s%s%s\n", clb ? "yes (" : "no", clb ? clb : "",
		       clb ? ")" : "");
		printf("built with a host BLAS: %s%s%s\n", blas ? "yes (" : "no", blas ? blas : "",
		       blas ? ")" : "");
		printf("built with a host BLAS transpose: %s%s%s\n",
		       tr_blas_name() ? "yes (" : "no", tr_blas_name() ? tr_blas_name() : "",
		       tr_blas_name() ? ")" : "");
		return 0;
	}
	switch (a.command) {
	case CLI_CMD_INFO:
		return cmd_info(&a);
	case CLI_CMD_TRANSPOSE:
		return cmd_transpose(&a);
	case CLI_CMD_MATMUL:
		return cmd_matmul(&a);
	case CLI_CMD_DEMO:
		return cmd_demo(&a);
	case CLI_CMD_BENCH:
		return cmd_bench(&a);
	case CLI_CMD_TUNE:
		return cmd_tune(&a);
	case CLI_CMD_PARAMS:
		return cmd_params(&a);
	case CLI_CMD_NONE:
	case CLI_CMD_COUNT:
		break;
	}
	fputs(cli_usage(CLI_CMD_NONE), stderr);
	return 2;
}
