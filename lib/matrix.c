/* Matrix views: checks, sections, overlap, allocation and host transfers. */
#include "txf_internal.h"

#include <string.h>

txf_matrix txf_matrix_view(cl_mem buffer, txf_dtype dtype, size_t rows, size_t cols,
                           txf_layout layout)
{
	txf_matrix m = {buffer, 0,     rows, cols, layout == TXF_COL_MAJOR ? rows : cols,
	                dtype,  layout};
	return m;
}

txf__phys txf__physical(const txf_matrix *m)
{
	txf__phys p;
	bool col = m->layout == TXF_COL_MAJOR;
	p.rows = col ? m->cols : m->rows;
	p.cols = col ? m->rows : m->cols;
	p.ld = m->ld;
	p.offset = m->offset;
	p.elem = txf_dtype_size(m->dtype);
	return p;
}

/* End of the view in elements from the buffer start; false on overflow.
 * Only for non-empty views. */
static bool view_end_elems(const txf__phys *p, size_t *end)
{
	size_t t;
	return txf__mul_ok(p->rows - 1, p->ld, &t) && txf__add_ok(t, p->cols, &t) &&
	       txf__add_ok(t, p->offset, end);
}

bool txf__view_end_bytes(const txf_matrix *m, size_t *end)
{
	txf__phys p = txf__physical(m);
	if (p.rows == 0 || p.cols == 0) {
		*end = 0;
		return true;
	}
	size_t e;
	return view_end_elems(&p, &e) && txf__mul_ok(e, p.elem, end);
}

static txf_status validate_shape(const txf_matrix *m, const char *name)
{
	TXF_CHECK_ARG(m, TXF_ERR_NULL_ARG, "matrix %s is NULL", name);
	TXF_CHECK_ARG(txf_dtype_size(m->dtype) != 0, TXF_ERR_BAD_DTYPE,
	              "matrix %s has unknown element type %d", name, (int)m->dtype);
	TXF_CHECK_ARG(m->layout == TXF_ROW_MAJOR || m->layout == TXF_COL_MAJOR, TXF_ERR_INVALID_ARG,
	              "matrix %s has unknown layout %d", name, (int)m->layout);
	if (m->rows == 0 || m->cols == 0)
		return TXF_SUCCESS;
	txf__phys p = txf__physical(m);
	TXF_CHECK_ARG(p.ld >= p.cols, TXF_ERR_BAD_LD,
	              "matrix %s (%zu x %zu, %s): ld = %zu is smaller than %s = %zu", name, m->rows,
	              m->cols, m->layout == TXF_COL_MAJOR ? "column-major" : "row-major", m->ld,
	              m->layout == TXF_COL_MAJOR ? "rows" : "cols", p.cols);
	/* With one row ld addresses nothing, but it is still the row pitch in
	 * bytes that transfers and kernels are given. */
	size_t pitch;
	TXF_CHECK_ARG(txf__mul_ok(p.ld, p.elem, &pitch), TXF_ERR_SIZE_OVERFLOW,
	              "matrix %s: ld = %zu elements of %zu bytes overflows size_t", name, p.ld,
	              p.elem);
	size_t end;
	TXF_CHECK_ARG(txf__view_end_bytes(m, &end), TXF_ERR_SIZE_OVERFLOW,
	              "matrix %s: offset %zu + (%zu - 1) * ld %zu + %zu elements of %zu bytes "
	              "overflows size_t",
	              name, p.offset, p.rows, p.ld, p.cols, p.elem);
	return TXF_SUCCESS;
}

txf_status txf__validate_matrix(const txf_matrix *m, const char *name)
{
	txf_status s = validate_shape(m, name);
	if (s != TXF_SUCCESS || m->rows == 0 || m->cols == 0)
		return s;
	TXF_CHECK_ARG(m->buffer, TXF_ERR_NULL_ARG, "matrix %s has a NULL buffer", name);
	size_t size = 0, end = 0;
	cl_int err = clGetMemObjectInfo(m->buffer, CL_MEM_SIZE, sizeof size, &size, NULL);
	if (err != CL_SUCCESS)
		return txf__fail(TXF_ERR_INVALID_ARG,
		                 "matrix %s: buffer is not a valid cl_mem (%s)", name,
		                 txf__cl_error_name(err));
	txf__view_end_bytes(m, &end);
	TXF_CHECK_ARG(
	    end <= size, TXF_ERR_OUT_OF_BOUNDS,
	    "matrix %s (%zu x %zu, offset %zu, ld %zu, %s) needs %zu bytes but its buffer "
	    "has %zu",
	    name, m->rows, m->cols, m->offset, m->ld, txf_dtype_name(m->dtype), end, size);
	return TXF_SUCCESS;
}

txf_status txf_matrix_check(const txf_matrix *m)
{
	txf__clear_error();
	return txf__validate_matrix(m, "m");
}

txf_status txf_matrix_section(const txf_matrix *m, size_t row, size_t col, size_t rows, size_t cols,
                              txf_matrix *out)
{
	TXF_CHECK_ARG(m && out, TXF_ERR_NULL_ARG, "txf_matrix_section: m and out must not be NULL");
	txf_status s = validate_shape(m, "m");
	if (s != TXF_SUCCESS)
		return s;
	TXF_CHECK_ARG(row <= m->rows && rows <= m->rows - row && col <= m->cols &&
	                  cols <= m->cols - col,
	              TXF_ERR_OUT_OF_BOUNDS,
	              "section at (%zu, %zu) of %zu x %zu does not fit in a %zu x %zu matrix", row,
	              col, rows, cols, m->rows, m->cols);
	txf_matrix r = *m;
	size_t pr = m->layout == TXF_COL_MAJOR ? col : row;
	size_t pc = m->layout == TXF_COL_MAJOR ? row : col;
	size_t off;
	TXF_CHECK_ARG(txf__mul_ok(pr, m->ld, &off) && txf__add_ok(off, pc, &off) &&
	                  txf__add_ok(off, m->offset, &off),
	              TXF_ERR_SIZE_OVERFLOW, "section offset overflows size_t");
	r.offset = off;
	r.rows = rows;
	r.cols = cols;
	*out = r;
	return TXF_SUCCESS;
}

/* Whether rows [r0, r1) x cols [c0, c1) meets rows [s0, s1) x cols [d0, d1). */
static bool rects_meet(size_t r0, size_t r1, size_t c0, size_t c1, size_t s0, size_t s1, size_t d0,
                       size_t d1)
{
	return r0 < s1 && s0 < r1 && c0 < d1 && d0 < c1;
}

txf__mem_range txf__range_of(cl_mem m)
{
	txf__mem_range r = {m, 0, 0};
	/* OpenCL makes no sub-buffer of a sub-buffer: one level is all. */
	cl_mem parent = NULL;
	if (clGetMemObjectInfo(m, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL) ==
	        CL_SUCCESS &&
	    parent) {
		r.root = parent;
		clGetMemObjectInfo(m, CL_MEM_OFFSET, sizeof r.offset, &r.offset, NULL);
	}
	clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof r.size, &r.size, NULL);
	return r;
}

bool txf__views_overlap(const txf_matrix *a, const txf_matrix *b)
{
	if (!a->rows || !a->cols || !b->rows || !b->cols)
		return false;
	txf__mem_range ra = {a->buffer, 0, 0}, rb = ra;
	if (a->buffer != b->buffer) {
		ra = txf__range_of(a->buffer);
		rb = txf__range_of(b->buffer);
		if (ra.root != rb.root)
			return false;
	}
	/* Byte ranges in the root buffer: a view lies inside its (validated)
	 * sub-buffer, which lies inside the root, so nothing overflows. */
	txf__phys pa = txf__physical(a), pb = txf__physical(b);
	size_t ea, eb;
	txf__view_end_bytes(a, &ea);
	txf__view_end_bytes(b, &eb);
	size_t sa = ra.offset + pa.offset * pa.elem, sb = rb.offset + pb.offset * pb.elem;
	ea += ra.offset;
	eb += rb.offset;
	if (ea <= sb || eb <= sa)
		return false;
	/* Byte ranges meet. With the same pitch and element size, and starts a
	 * whole number of elements apart, both views lie on one grid of ld
	 * columns: measured from the one that starts first (which is the
	 * rectangle rows [0, rows) x cols [0, cols) from its start), the other
	 * starts d elements later, at row d / ld, column d % ld, and is one
	 * rectangle, or two when its rows wrap past ld. Other cases are taken
	 * to overlap. */
	if (pa.ld != pb.ld || pa.elem != pb.elem)
		return true;
	if (sb < sa) {
		txf__phys t = pa;
		pa = pb;
		pb = t;
		size_t u = sa;
		sa = sb;
		sb = u;
	}
	if ((sb - sa) % pa.elem)
		return true;
	const size_t ld = pa.ld, d = (sb - sa) / pa.elem;
	if (pa.cols > ld)
		return true;
	size_t row = d / ld, col = d % ld;
	if (col + pb.cols <= ld)
		return rects_meet(0, pa.rows, 0, pa.cols, row, row + pb.rows, col, col + pb.cols);
	if (pb.cols > ld)
		return true;
	return rects_meet(0, pa.rows, 0, pa.cols, row, row + pb.rows, col, ld) ||
	       rects_meet(0, pa.rows, 0, pa.cols, row + 1, row + pb.rows + 1, 0,
	                  col + pb.cols - ld);
}

txf_status txf_matrix_alloc(txf_context *ctx, txf_dtype dtype, size_t rows, size_t cols,
                            txf_layout layout, txf_matrix *out)
{
	txf__clear_error();
	TXF_CHECK_ARG(ctx && out, TXF_ERR_NULL_ARG,
	              "txf_matrix_alloc: ctx and out must not be NULL");
	memset(out, 0, sizeof *out);
	txf_matrix m = txf_matrix_view(NULL, dtype, rows, cols, layout);
	txf_status s = validate_shape(&m, "new");
	if (s != TXF_SUCCESS)
		return s;
	size_t bytes;
	TXF_CHECK_ARG(txf__mul_ok(rows, cols, &bytes) &&
	                  txf__mul_ok(bytes, txf_dtype_size(dtype), &bytes),
	              TXF_ERR_SIZE_OVERFLOW, "%zu x %zu elements of %s overflow size_t", rows, cols,
	              txf_dtype_name(dtype));
	TXF_CHECK_ARG(bytes <= ctx->profile.max_alloc_size, TXF_ERR_TOO_LARGE,
	              "%zu bytes is more than the device allows in one buffer (%llu)", bytes,
	              (unsigned long long)ctx->profile.max_alloc_size);
	cl_int err;
	m.buffer = clCreateBuffer(ctx->cl_ctx, CL_MEM_READ_WRITE, bytes ? bytes : 1, NULL, &err);
	if (!m.buffer)
		return txf__fail_cl(err, "clCreateBuffer");
	*out = m;
	return TXF_SUCCESS;
}

void txf_matrix_free(txf_matrix *m)
{
	if (!m)
		return;
	if (m->buffer)
		clReleaseMemObject(m->buffer);
	memset(m, 0, sizeof *m);
}

static txf_status transfer(txf_context *ctx, const txf_matrix *m, void *host, size_t host_ld,
                           int blocking, cl_uint num_wait, const cl_event *wait, cl_event *event,
                           bool write)
{
	const char *fn = write ? "txf_matrix_write" : "txf_matrix_read";
	txf__clear_error();
	TXF_CHECK_ARG(ctx, TXF_ERR_NULL_ARG, "%s: ctx must not be NULL", fn);
	txf_status s = txf__check_wait_list(num_wait, wait);
	if (s == TXF_SUCCESS)
		s = txf__validate_matrix(m, write ? "dst" : "src");
	if (s != TXF_SUCCESS)
		return s;
	if (m->rows == 0 || m->cols == 0)
		return txf__empty_operation(ctx, num_wait, wait, event);
	TXF_CHECK_ARG(host, TXF_ERR_NULL_ARG, "%s: host pointer must not be NULL", fn);
	txf__phys p = txf__physical(m);
	if (host_ld == 0)
		host_ld = p.cols;
	TXF_CHECK_ARG(host_ld >= p.cols, TXF_ERR_BAD_LD, "%s: host_ld = %zu is smaller than %zu",
	              fn, host_ld, p.cols);
	size_t host_end, host_pitch;
	TXF_CHECK_ARG(txf__mul_ok(p.rows - 1, host_ld, &host_end) &&
	                  txf__add_ok(host_end, p.cols, &host_end) &&
	                  txf__mul_ok(host_end, p.elem, &host_end) &&
	                  txf__mul_ok(host_ld, p.elem, &host_pitch),
	              TXF_ERR_SIZE_OVERFLOW,
	              "%s: the host matrix (%zu rows of %zu elements, host_ld %zu, %zu bytes each) "
	              "overflows size_t",
	              fn, p.rows, p.cols, host_ld, p.elem);
	size_t buf_origin[3], host_origin[3] = {0, 0, 0}, region[3];
	region[0] = p.cols * p.elem;
	region[1] = p.rows;
	region[2] = 1;
	if (p.offset % p.ld + p.cols <= p.ld) {
		buf_origin[0] = p.offset % p.ld * p.elem;
		buf_origin[1] = p.offset / p.ld;
	} else {
		buf_origin[0] = p.offset * p.elem;
		buf_origin[1] = 0;
	}
	buf_origin[2] = 0;
	cl_int err;
	cl_bool b = blocking ? CL_TRUE : CL_FALSE;
	const cl_event *w = num_wait ? wait : NULL;
	cl_event own, *ev = txf__event_slot(ctx, event, &own);
	if (write)
		err = clEnqueueWriteBufferRect(ctx->queue, m->buffer, b, buf_origin, host_origin,
		                               region, p.ld * p.elem, 0, host_ld * p.elem, 0, host,
		                               num_wait, w, ev);
	else
		err = clEnqueueReadBufferRect(ctx->queue, m->buffer, b, buf_origin, host_origin,
		                              region, p.ld * p.elem, 0, host_ld * p.elem, 0, host,
		                              num_wait, w, ev);
	if (err != CL_SUCCESS)
		return txf__fail_cl(err,
		                    write ? "clEnqueueWriteBufferRect" : "clEnqueueReadBufferRect");
	txf__event_kept(ctx, event, own);
	return TXF_SUCCESS;
}

txf_status txf_matrix_write(txf_context *ctx, const txf_matrix *dst, const void *host,
                            size_t host_ld, int blocking, cl_uint num_wait, const cl_event *wait,
                            cl_event *event)
{
	return transfer(ctx, dst, (void *)host, host_ld, blocking, num_wait, wait, event, true);
}

txf_status txf_matrix_read(txf_context *ctx, const txf_matrix *src, void *host, size_t host_ld,
                           int blocking, cl_uint num_wait, const cl_event *wait, cl_event *event)
{
	return transfer(ctx, src, host, host_ld, blocking, num_wait, wait, event, false);
}
