/* Limits: shapes whose element or byte count overflows size_t, leading
 * dimensions whose multiples overflow, offsets at or past the end of a
 * buffer, offset + extent overflow, shapes larger than the device allows in
 * one buffer, host matrices that cannot exist, workspaces that alias an
 * operand. Every such view is tried in every operand position of every
 * operation, in both layouts. Each call must return its specific status
 * with a message naming the operand and what is wrong, give back no event,
 * and leave every buffer byte for byte as it was. In a library built with
 * -Dfault_injection=true the test also checks that the call made no OpenCL
 * allocation, program build or enqueue at all. */
#include "common.h"

#ifdef TXF_TEST_FAULT_COUNTS
#include "txf_fault.h"
#endif

#include <stdlib.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Usable floats in each operand's buffer. */
#define BUF_FLOATS 64

typedef struct fixture {
	test_buffer buf[3];
	unsigned char *image[3]; /* what each buffer holds */
	size_t whole_elems;      /* elements of a whole buffer, guards included */
	cl_ulong max_alloc;
} fixture;

static fixture fixture_new(void)
{
	fixture f;
	for (int i = 0; i < 3; i++) {
		f.buf[i] = test_buffer_new(BUF_FLOATS * 4);
		f.image[i] = test_image_poisoned(&f.buf[i]);
		test_fill_random(f.image[i] + GUARD_BYTES, BUF_FLOATS * 4);
		test_buffer_upload(&f.buf[i], 0, f.image[i] + GUARD_BYTES, BUF_FLOATS * 4);
	}
	f.whole_elems = (BUF_FLOATS * 4 + 2 * GUARD_BYTES) / 4;
	txf_device_profile p;
	assert_int_equal(txf_context_profile(test_ctx, &p), TXF_SUCCESS);
	f.max_alloc = p.max_alloc_size;
	return f;
}

static void fixture_free(fixture *f)
{
	for (int i = 0; i < 3; i++) {
		test_buffer_free(&f->buf[i]);
		free(f->image[i]);
	}
}

static int sentinel_object;
#define SENTINEL ((cl_event)(void *)&sentinel_object)

static void counts_start(void)
{
#ifdef TXF_TEST_FAULT_COUNTS
	txf__fault_reset();
#endif
}

/* The call returned `got`; it must be `want` with a message that contains
 * each of the non-NULL keywords; ev (when given) must be untouched, and the
 * buffers must hold what they held. */
static void check(fixture *f, txf_status got, txf_status want, const char *what, const cl_event *ev,
                  const char *key1, const char *key2)
{
	const char *detail = txf_last_error();
	if (got != want)
		fail_msg("%s: got %s, expected %s (%s)", what, txf_status_name(got),
		         txf_status_name(want), detail);
	if (want != TXF_SUCCESS) {
		if ((key1 && !strstr(detail, key1)) || (key2 && !strstr(detail, key2)))
			fail_msg("%s: the message \"%s\" does not say \"%s\"%s%s", what, detail,
			         key1 ? key1 : "", key2 ? " and " : "", key2 ? key2 : "");
		if (ev && *ev != SENTINEL)
			fail_msg("%s: a failed call wrote its event", what);
#ifdef TXF_TEST_FAULT_COUNTS
		for (int c = 0; c < TXF__FAULT_CLASS_COUNT; c++)
			if (txf__fault_count((txf__fault_class)c) != 0)
				fail_msg("%s: a rejected call made %lu OpenCL %s calls", what,
				         txf__fault_count((txf__fault_class)c),
				         txf__fault_class_name((txf__fault_class)c));
#endif
	}
	assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
	for (int i = 0; i < 3; i++)
		test_assert_image(&f->buf[i], f->image[i], 4, what);
}

/* ------------------------------------------------------------ bad views */

/* A view by its physical (row-major) geometry, in elements from the start
 * of the whole buffer. */
typedef struct geometry {
	const char *name;
	size_t prows, pcols, ld, offset;
	txf_status status;
	const char *says; /* what the message says is wrong */
} geometry;

#define HALF (SIZE_MAX / 2)
#define QUARTER (SIZE_MAX / 4)

/* The bad geometries for f32 views in buffers of f->whole_elems elements. */
static size_t bad_geometries(const fixture *f, geometry *g)
{
	const size_t e = f->whole_elems, over = (size_t)(f->max_alloc / 4) + 1;
	const geometry list[] = {
	    {"rows * cols overflows size_t", HALF, HALF, HALF, 0, TXF_ERR_SIZE_OVERFLOW,
	     "overflows size_t"},
	    {"elements fit, bytes overflow size_t", 2, QUARTER, QUARTER, 0, TXF_ERR_SIZE_OVERFLOW,
	     "overflows size_t"},
	    {"ld * (rows - 1) overflows size_t", 3, 4, HALF, 0, TXF_ERR_SIZE_OVERFLOW,
	     "overflows size_t"},
	    {"offset + extent overflows size_t", 3, 4, 4, SIZE_MAX - 5, TXF_ERR_SIZE_OVERFLOW,
	     "overflows size_t"},
	    {"one row whose ld in bytes overflows size_t", 1, 4, HALF, 0, TXF_ERR_SIZE_OVERFLOW,
	     "ld = "},
	    {"starts at the end of its buffer", 3, 4, 4, e, TXF_ERR_OUT_OF_BOUNDS,
	     "but its buffer has"},
	    {"ends one element past its buffer", 3, 4, 4, e - 11, TXF_ERR_OUT_OF_BOUNDS,
	     "but its buffer has"},
	    {"ld takes row 2 past the end", 3, 4, e / 2, 0, TXF_ERR_OUT_OF_BOUNDS,
	     "but its buffer has"},
	    {"offset 2^40", 3, 4, 4, (size_t)1 << 40, TXF_ERR_OUT_OF_BOUNDS, "but its buffer has"},
	    {"more bytes than the device allows in one buffer", 2, over, over, 0,
	     TXF_ERR_OUT_OF_BOUNDS, "but its buffer has"},
	};
	memcpy(g, list, sizeof list);
	return COUNT(list);
}

static txf_matrix make_view(cl_mem mem, const geometry *g, txf_layout layout)
{
	txf_matrix m = {mem,
	                g->offset,
	                layout == TXF_COL_MAJOR ? g->pcols : g->prows,
	                layout == TXF_COL_MAJOR ? g->prows : g->pcols,
	                g->ld,
	                TXF_F32,
	                layout};
	return m;
}

/* Operand positions. */
enum slot { S_CHECK, S_READ, S_WRITE, S_TR_IN, S_TR_OUT, S_INPLACE, S_MM_A, S_MM_B, S_MM_C };
static const char *const slot_names[] = {
    "txf_matrix_check m", "txf_matrix_read src", "txf_matrix_write dst",
    "txf_transpose in",   "txf_transpose out",   "txf_transpose_inplace m",
    "txf_matmul A",       "txf_matmul B",        "txf_matmul C"};
static const char *const slot_matrix[] = {"matrix m",  "matrix src", "matrix dst",
                                          "matrix in", "matrix out", "matrix m",
                                          "matrix A",  "matrix B",   "matrix C"};

/* Run the operation of `slot` with `bad` in that position and valid views
 * (in their own buffers) everywhere else. */
static txf_status run_slot(fixture *f, enum slot slot, const txf_matrix *bad, cl_event *ev)
{
	static float host[4096];
	txf_matrix in = {f->buf[0].mem, GUARD_BYTES / 4, 3, 4, 4, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix out = {f->buf[1].mem, GUARD_BYTES / 4, 4, 3, 3, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix a = {f->buf[0].mem, GUARD_BYTES / 4, 3, 4, 4, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix b = {f->buf[1].mem, GUARD_BYTES / 4, 4, 5, 5, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix c = {f->buf[2].mem, GUARD_BYTES / 4, 3, 5, 5, TXF_F32, TXF_ROW_MAJOR};
	counts_start();
	switch (slot) {
	case S_CHECK:
		return txf_matrix_check(bad);
	case S_READ:
		return txf_matrix_read(test_ctx, bad, host, 0, 1, 0, NULL, ev);
	case S_WRITE:
		return txf_matrix_write(test_ctx, bad, host, 0, 1, 0, NULL, ev);
	case S_TR_IN:
		return txf_transpose(test_ctx, bad, &out, NULL, 0, NULL, ev);
	case S_TR_OUT:
		return txf_transpose(test_ctx, &in, bad, NULL, 0, NULL, ev);
	case S_INPLACE:
		return txf_transpose_inplace(test_ctx, bad, NULL, 0, NULL, ev);
	case S_MM_A:
		return txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, bad, &b, 0.5, &c, NULL, 0,
		                  NULL, ev);
	case S_MM_B:
		return txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &a, bad, 0.5, &c, NULL, 0,
		                  NULL, ev);
	case S_MM_C:
		return txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &a, &b, 0.5, bad, NULL, 0,
		                  NULL, ev);
	}
	return TXF_ERR_INVALID_ARG;
}

/* The buffer a slot's view lives in (the one the valid views leave free,
 * or the one the operation writes). */
static cl_mem slot_buffer(fixture *f, enum slot slot)
{
	switch (slot) {
	case S_TR_IN:
	case S_MM_A:
		return f->buf[0].mem;
	case S_TR_OUT:
	case S_MM_B:
	case S_WRITE:
		return f->buf[1].mem;
	default:
		return f->buf[2].mem;
	}
}

static void bad_views(void **state)
{
	(void)state;
	fixture f = fixture_new();
	geometry g[16];
	size_t ng = bad_geometries(&f, g);
	unsigned tried = 0;
	for (int slot = S_CHECK; slot <= S_MM_C; slot++)
		for (size_t i = 0; i < ng; i++)
			for (int l = 0; l < 2; l++) {
				txf_layout layout = l ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
				txf_matrix bad = make_view(slot_buffer(&f, slot), &g[i], layout);
				char what[256];
				snprintf(what, sizeof what, "%s, %s, %s", slot_names[slot],
				         g[i].name, l ? "column-major" : "row-major");
				cl_event ev = SENTINEL;
				txf_status s = run_slot(&f, (enum slot)slot, &bad, &ev);
				check(&f, s, g[i].status, what, &ev, slot_matrix[slot], g[i].says);
				tried++;
			}
	printf("# %u bad views rejected (%zu kinds, 9 operand positions, 2 layouts)\n", tried, ng);
	fixture_free(&f);
}

/* The same checks are not too strict: views that end exactly at the end of
 * their buffer, and empty views anywhere, are fine. */
static void edge_views(void **state)
{
	(void)state;
	fixture f = fixture_new();
	const size_t e = f.whole_elems;
	for (int l = 0; l < 2; l++) {
		txf_layout layout = l ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
		geometry last = {"ends at the buffer's end", 3, 4, 4, e - 12, TXF_SUCCESS, NULL};
		txf_matrix m = make_view(f.buf[2].mem, &last, layout);
		check(&f, txf_matrix_check(&m), TXF_SUCCESS, last.name, NULL, NULL, NULL);
		/* An empty view needs no memory: at any offset, with any ld. */
		geometry empty[] = {
		    {"0 rows at offset SIZE_MAX", 0, 4, 4, SIZE_MAX, 0, NULL},
		    {"0 columns, ld 0, offset 2^40", 4, 0, 0, (size_t)1 << 40, 0, NULL},
		    {"0 x 0 with a NULL buffer", 0, 0, 0, 0, 0, NULL}};
		for (size_t i = 0; i < COUNT(empty); i++) {
			m = make_view(i == 2 ? NULL : f.buf[2].mem, &empty[i], layout);
			check(&f, txf_matrix_check(&m), TXF_SUCCESS, empty[i].name, NULL, NULL,
			      NULL);
			txf_matrix t = m;
			t.rows = m.cols;
			t.cols = m.rows;
			cl_event ev = NULL;
			check(&f, txf_transpose(test_ctx, &m, &t, NULL, 0, NULL, &ev), TXF_SUCCESS,
			      empty[i].name, NULL, NULL, NULL);
			test_wait(ev);
		}
	}
	fixture_free(&f);
}

/* Host matrices of txf_matrix_read and _write that cannot exist. */
static void host_limits(void **state)
{
	(void)state;
	fixture f = fixture_new();
	static float host[64];
	memset(host, 0x5a, sizeof host);
	unsigned char before[sizeof host];
	memcpy(before, host, sizeof host);
	txf_matrix two = {f.buf[0].mem, GUARD_BYTES / 4, 2, 4, 4, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix one = {f.buf[0].mem, GUARD_BYTES / 4, 1, 4, 4, TXF_F32, TXF_ROW_MAJOR};
	const struct {
		const char *name;
		const txf_matrix *m;
		size_t host_ld;
	} cases[] = {
	    {"host_ld * (rows - 1) overflows", &two, SIZE_MAX - 2},
	    {"host_ld * (rows - 1) + cols elements in bytes overflow", &two, QUARTER},
	    {"one row, host_ld in bytes overflows", &one, HALF},
	};
	for (size_t i = 0; i < COUNT(cases); i++)
		for (int write = 0; write < 2; write++) {
			char what[160];
			snprintf(what, sizeof what, "%s: %s", write ? "write" : "read",
			         cases[i].name);
			cl_event ev = SENTINEL;
			counts_start();
			txf_status s = write ? txf_matrix_write(test_ctx, cases[i].m, host,
			                                        cases[i].host_ld, 1, 0, NULL, &ev)
			                     : txf_matrix_read(test_ctx, cases[i].m, host,
			                                       cases[i].host_ld, 1, 0, NULL, &ev);
			check(&f, s, TXF_ERR_SIZE_OVERFLOW, what, &ev, "host matrix",
			      "overflows size_t");
			assert_memory_equal(host, before, sizeof host);
		}
	fixture_free(&f);
}

/* Shapes given as numbers: explain, workspace size, allocation, section. */
static void shape_limits(void **state)
{
	(void)state;
	fixture f = fixture_new();
	txf_choice tc;
	txf_matmul_choice mc;
	counts_start();
	check(&f, txf_transpose_explain(test_ctx, HALF, 4, TXF_F32, 0, NULL, &tc),
	      TXF_ERR_SIZE_OVERFLOW, "explain transpose, rows * cols overflows", NULL, "overflow",
	      "size_t");
	counts_start();
	check(
	    &f,
	    txf_transpose_explain(test_ctx, (size_t)1 << 40, (size_t)1 << 30, TXF_U8, 0, NULL, &tc),
	    TXF_ERR_SIZE_OVERFLOW, "explain transpose, 2^70 bytes", NULL, "overflow", "size_t");
	counts_start();
	check(&f, txf_transpose_explain(test_ctx, QUARTER, QUARTER, TXF_F32, 1, NULL, &tc),
	      TXF_ERR_SIZE_OVERFLOW, "explain in-place, n * n overflows", NULL, "overflow", NULL);
	counts_start();
	check(&f, txf_transpose_explain(test_ctx, 1000, 1000, TXF_F32, 0, NULL, &tc), TXF_SUCCESS,
	      "explain transpose 1000 x 1000", NULL, NULL, NULL);

	static const struct {
		const char *name, *says;
		size_t m, n, k;
	} mm[] = {
	    {"op(A) = m x k overflows", "op(A)", QUARTER, 8, QUARTER},
	    {"op(B) = k x n in bytes overflows", "op(B)", 8, QUARTER, 4},
	    {"C = m x n overflows", "C of", (size_t)1 << 33, (size_t)1 << 33, 1},
	};
	txf_matmul_options padcopy;
	txf_matmul_options_default(&padcopy);
	padcopy.strategy = TXF_STRATEGY_PADCOPY;
	for (size_t i = 0; i < COUNT(mm); i++) {
		char what[160];
		snprintf(what, sizeof what, "explain matmul, %s", mm[i].name);
		counts_start();
		check(&f,
		      txf_matmul_explain(test_ctx, mm[i].m, mm[i].n, mm[i].k, TXF_F32, NULL, &mc),
		      TXF_ERR_SIZE_OVERFLOW, what, NULL, mm[i].says, "overflows size_t");
		snprintf(what, sizeof what, "workspace size, %s", mm[i].name);
		size_t bytes = 12345;
		counts_start();
		check(&f,
		      txf_matmul_workspace_size(test_ctx, mm[i].m, mm[i].n, mm[i].k, TXF_F32,
		                                &padcopy, &bytes),
		      TXF_ERR_SIZE_OVERFLOW, what, NULL, mm[i].says, "overflows size_t");
		assert_int_equal(bytes, 0);
	}
	/* A shape whose operands fit size_t but whose padded temporaries are
	 * more than one buffer may hold. */
	size_t side = 64;
	while ((double)side * (double)side * 4.0 <= (double)f.max_alloc)
		side *= 2;
	size_t bytes = 12345;
	counts_start();
	check(&f, txf_matmul_workspace_size(test_ctx, side, side, side, TXF_F32, &padcopy, &bytes),
	      TXF_ERR_TOO_LARGE, "workspace larger than the device allows", NULL,
	      "more than the device allows", NULL);
	assert_int_equal(bytes, 0);
	counts_start();
	check(&f, txf_matmul_workspace_size(test_ctx, 19, 21, 13, TXF_F32, &padcopy, &bytes),
	      TXF_SUCCESS, "workspace of 19 x 21 x 13", NULL, NULL, NULL);
	assert_true(bytes >= 21 * 13 * 4); /* B's copy at least (the blocked kernel's panels) */

	/* Allocation. */
	txf_matrix m;
	counts_start();
	check(&f, txf_matrix_alloc(test_ctx, TXF_F64, HALF, 4, TXF_ROW_MAJOR, &m),
	      TXF_ERR_SIZE_OVERFLOW, "alloc, rows * cols overflows", NULL, "overflow", "size_t");
	assert_null(m.buffer);
	counts_start();
	check(&f, txf_matrix_alloc(test_ctx, TXF_F32, 2, QUARTER, TXF_COL_MAJOR, &m),
	      TXF_ERR_SIZE_OVERFLOW, "alloc, bytes overflow", NULL, "overflow", "size_t");
	assert_null(m.buffer);
	counts_start();
	check(&f,
	      txf_matrix_alloc(test_ctx, TXF_U8, (size_t)f.max_alloc / 2 + 1, 2, TXF_ROW_MAJOR, &m),
	      TXF_ERR_TOO_LARGE, "alloc, one byte more than the device allows", NULL,
	      "more than the device allows", NULL);
	assert_null(m.buffer);

	/* Sections: of a view that overflows, and whose offset overflows. */
	txf_matrix huge = {f.buf[0].mem, 0, 3, 4, QUARTER, TXF_F32, TXF_ROW_MAJOR}, out;
	memset(&out, 0x5a, sizeof out);
	txf_matrix out_before = out;
	counts_start();
	check(&f, txf_matrix_section(&huge, 1, 1, 1, 1, &out), TXF_ERR_SIZE_OVERFLOW,
	      "section of a view whose bytes overflow", NULL, "overflows size_t", NULL);
	huge.rows = 3;
	huge.cols = 4;
	huge.ld = 4;
	huge.offset = SIZE_MAX - 20;
	counts_start();
	check(&f, txf_matrix_section(&huge, 2, 2, 1, 1, &out), TXF_ERR_SIZE_OVERFLOW,
	      "section whose offset overflows", NULL, "overflows size_t", NULL);
	assert_memory_equal(&out, &out_before, sizeof out);
	fixture_free(&f);
}

/* PADCOPY writes its whole workspace: one that shares memory with an
 * operand is refused before anything runs. A sub-buffer beside the
 * operand's in the same parent is fine. */
static cl_mem sub_buffer(cl_mem parent, size_t origin, size_t size)
{
	cl_buffer_region r = {origin, size};
	cl_int err;
	cl_mem m =
	    clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	if (!m)
		fail_msg("clCreateSubBuffer(%zu, %zu): %d", origin, size, (int)err);
	return m;
}

static size_t round_up(size_t x, size_t m)
{
	return (x + m - 1) / m * m;
}

static void workspace_aliasing(void **state)
{
	(void)state;
	fixture f = fixture_new();
	cl_uint align_bits = 0;
	assert_int_equal(clGetDeviceInfo(txf_context_device(test_ctx),
	                                 CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits,
	                                 &align_bits, NULL),
	                 CL_SUCCESS);
	const size_t align = align_bits / 8 > 64 ? align_bits / 8 : 64;
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = TXF_STRATEGY_PADCOPY;
	/* 8 x 8 x 8 blocks over 4 x 4 work-items, scalar loads; the rest chosen. */
	static const txf_param small[] = {
	    {"mwg", 8}, {"nwg", 8},    {"kwg", 8},  {"mdimc", 4}, {"ndimc", 4},   {"vwa", 1},
	    {"vwb", 1}, {"ksplit", 0}, {"lbuf", 0}, {"wmap", 0},  {"kgroups", 0},
	};
	for (size_t i = 0; i < COUNT(small); i++)
		test_mopt(&o, small[i].name, small[i].value);
	size_t need = 0;
	assert_int_equal(txf_matmul_workspace_size(test_ctx, 3, 5, 4, TXF_F32, &o, &need),
	                 TXF_SUCCESS);
	assert_true(need > 0);
	/* One parent: C's sub-buffer at 0, two aligned slots after it. */
	const size_t c_size = round_up(3 * 5 * 4, align), slot = round_up(need, align);
	const size_t total = c_size + 2 * slot;
	cl_int err;
	cl_mem parent =
	    clCreateBuffer(txf_context_cl_context(test_ctx), CL_MEM_READ_WRITE, total, NULL, &err);
	assert_non_null(parent);
	unsigned char *image = malloc(total), *got = malloc(total);
	assert_true(image && got);
	for (size_t i = 0; i < total / 4; i++) {
		float x = (float)(i % 7) - 3.0f;
		memcpy(image + 4 * i, &x, 4);
	}
	cl_command_queue q = txf_context_queue(test_ctx);
	assert_int_equal(clEnqueueWriteBuffer(q, parent, CL_TRUE, 0, total, image, 0, NULL, NULL),
	                 CL_SUCCESS);
	cl_mem c_mem = sub_buffer(parent, 0, c_size);
	cl_mem across = sub_buffer(parent, c_size - align, slot); /* C's last bytes too */
	cl_mem beside = sub_buffer(parent, c_size, slot);
	txf_matrix a = {f.buf[0].mem, GUARD_BYTES / 4, 3, 4, 4, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix b = {f.buf[1].mem, GUARD_BYTES / 4, 4, 5, 5, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix c = {c_mem, 0, 3, 5, 5, TXF_F32, TXF_ROW_MAJOR};
	/* A and B hold random bytes; make them small floats. */
	for (int i = 0; i < 2; i++) {
		for (size_t j = 0; j < BUF_FLOATS; j++) {
			float x = (float)(j % 5) * 0.25f;
			memcpy(f.image[i] + GUARD_BYTES + 4 * j, &x, 4);
		}
		test_buffer_upload(&f.buf[i], 0, f.image[i] + GUARD_BYTES, BUF_FLOATS * 4);
	}
	const struct {
		const char *name;
		cl_mem ws;
		const char *says;
	} bad[] = {
	    {"the workspace is C's buffer", c_mem, "buffer of C"},
	    {"the workspace is the parent of C's sub-buffer", parent, "buffer of C"},
	    {"the workspace is a sub-buffer over C's last bytes", across, "buffer of C"},
	    {"the workspace is A's buffer", f.buf[0].mem, "buffer of an input"},
	    {"the workspace is B's buffer", f.buf[1].mem, "buffer of an input"},
	};
	for (size_t i = 0; i < COUNT(bad); i++) {
		o.workspace = bad[i].ws;
		cl_event ev = SENTINEL;
		counts_start();
		txf_status s = txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &a, &b, 0.5, &c, &o, 0,
		                          NULL, &ev);
		check(&f, s, TXF_ERR_OVERLAP, bad[i].name, &ev, "workspace", bad[i].says);
		assert_int_equal(
		    clEnqueueReadBuffer(q, parent, CL_TRUE, 0, total, got, 0, NULL, NULL),
		    CL_SUCCESS);
		if (memcmp(got, image, total) != 0)
			fail_msg("%s: C's parent buffer changed", bad[i].name);
	}
	/* Beside C in the same parent: it runs, and C = A B + 0.5 C. */
	o.workspace = beside;
	cl_event ev = NULL;
	txf_status s =
	    txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &a, &b, 0.5, &c, &o, 0, NULL, &ev);
	if (s != TXF_SUCCESS)
		fail_msg("a workspace beside C: %s (%s)", txf_status_name(s), txf_last_error());
	test_wait(ev);
	float cr[15];
	assert_int_equal(clEnqueueReadBuffer(q, c_mem, CL_TRUE, 0, sizeof cr, cr, 0, NULL, NULL),
	                 CL_SUCCESS);
	for (size_t i = 0; i < 3; i++)
		for (size_t j = 0; j < 5; j++) {
			double want = 0.5 * ((double)((i * 5 + j) % 7) - 3.0);
			for (size_t k = 0; k < 4; k++)
				want += ((i * 4 + k) % 5) * 0.25 * (((k * 5 + j) % 5) * 0.25);
			if (cr[i * 5 + j] != (float)want)
				fail_msg("a workspace beside C: C(%zu, %zu) = %g, expected %g", i,
				         j, (double)cr[i * 5 + j], want);
		}
	clReleaseMemObject(beside);
	clReleaseMemObject(across);
	clReleaseMemObject(c_mem);
	clReleaseMemObject(parent);
	free(image);
	free(got);
	fixture_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(bad_views),          cmocka_unit_test(edge_views),
	    cmocka_unit_test(host_limits),        cmocka_unit_test(shape_limits),
	    cmocka_unit_test(workspace_aliasing),
	};
	return cmocka_run_group_tests_name("limits", tests, test_context_setup,
	                                   test_context_teardown);
}
