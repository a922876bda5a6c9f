/* Helpers shared by the parts of the txf tool. See tool.h. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "tool.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void tool_report(const char *what, txf_status s)
{
	const char *detail = txf_last_error();

	if (!detail || !*detail)
		detail = txf_status_message(s);
	fprintf(stderr, "txf: %s: %s: %s\n", what, txf_status_name(s), detail);
}

const char *tool_source_name(txf_choice_source s)
{
	switch (s) {
	case TXF_SOURCE_FORCED:
		return "forced";
	case TXF_SOURCE_DEVICE:
		return "device";
	case TXF_SOURCE_FALLBACK:
		return "fallback";
	case TXF_SOURCE_TUNED:
		return "tuned";
	}
	return "?";
}

const char *tool_str(const char *s)
{
	return s ? s : "?";
}

txf_status tool_open_context(const char *spec, txf_context **ctx)
{
	txf_context_options o;
	txf_status s;

	txf_context_options_default(&o);
	o.device = spec;
	s = txf_context_create(ctx, &o);
	if (s != TXF_SUCCESS)
		tool_report("cannot open an OpenCL device", s);
	return s;
}

txf_status tool_wait_event(cl_event ev, const char *what)
{
	cl_int err, exec = CL_COMPLETE;

	if (!ev)
		return TXF_SUCCESS;
	err = clWaitForEvents(1, &ev);
	if (err == CL_SUCCESS)
		err = clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(exec), &exec,
		                     NULL);
	clReleaseEvent(ev);
	if (err != CL_SUCCESS || exec < 0) {
		fprintf(stderr, "txf: %s: TXF_ERR_OPENCL: waiting for the device failed (%d)\n",
		        what, err != CL_SUCCESS ? (int)err : (int)exec);
		return TXF_ERR_OPENCL;
	}
	return TXF_SUCCESS;
}

double tool_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int tool_time_host(void (*fn)(void *), void *arg, unsigned repeat, double *median_ms,
                   double *min_ms)
{
	double *t = calloc(repeat ? repeat : 1, sizeof(*t));

	if (!t)
		return -1;
	const double w0 = tool_now_ms();
	for (unsigned i = 0; i < TOOL_WARM_MAX && (i == 0 || tool_now_ms() - w0 < TOOL_WARM_MS);
	     i++)
		fn(arg);
	for (unsigned i = 0; i < repeat; i++) {
		double t0 = tool_now_ms();

		fn(arg);
		t[i] = tool_now_ms() - t0;
	}
	*min_ms = tool_min(t, repeat);
	*median_ms = tool_median(t, repeat);
	free(t);
	const struct timespec settle = {TOOL_HOST_SETTLE_MS / 1000,
	                                (long)(TOOL_HOST_SETTLE_MS % 1000) * 1000000L};
	nanosleep(&settle, NULL);
	return 0;
}

/* Wait for ev and read when it ended. */
static cl_int event_end(cl_event ev, cl_ulong *end)
{
	cl_int err = clWaitForEvents(1, &ev), exec = CL_COMPLETE;

	if (err == CL_SUCCESS)
		err = clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(exec), &exec,
		                     NULL);
	if (err == CL_SUCCESS && exec < 0)
		err = exec;
	if (err == CL_SUCCESS)
		err =
		    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(*end), end, NULL);
	return err;
}

txf_status tool_time_launch(txf_context *ctx, tool_launch_fn fn, void *arg, double *ms, char *msg,
                            size_t msglen)
{
	cl_event marker = NULL, ev = NULL;
	cl_ulong t0 = 0, t1 = 0;
	txf_status s;
	cl_int err;

	err = clEnqueueMarkerWithWaitList(txf_context_queue(ctx), 0, NULL, &marker);
	if (err != CL_SUCCESS) {
		snprintf(msg, msglen, "clEnqueueMarkerWithWaitList failed (%d)", (int)err);
		return TXF_ERR_OPENCL;
	}
	s = fn(ctx, arg, &ev, msg, msglen);
	if (s != TXF_SUCCESS) {
		clWaitForEvents(1, &marker);
		clReleaseEvent(marker);
		return s;
	}
	err = ev ? event_end(ev, &t1) : CL_INVALID_EVENT;
	if (err == CL_SUCCESS)
		err = event_end(marker, &t0);
	else
		clWaitForEvents(1, &marker);
	clReleaseEvent(marker);
	if (ev)
		clReleaseEvent(ev);
	if (err != CL_SUCCESS) {
		snprintf(msg, msglen, "waiting for the device or reading its profile failed (%d)",
		         (int)err);
		return TXF_ERR_OPENCL;
	}
	*ms = t1 > t0 ? (double)(t1 - t0) / 1e6 : 0.0;
	return TXF_SUCCESS;
}

txf_status tool_time_runs(txf_context *ctx, tool_launch_fn fn, void *arg, unsigned repeat,
                          double *t, char *msg, size_t msglen)
{
	const double w0 = tool_now_ms();
	txf_status s = TXF_SUCCESS;
	double ms;

	for (unsigned i = 0;
	     s == TXF_SUCCESS && i < TOOL_WARM_MAX && (i == 0 || tool_now_ms() - w0 < TOOL_WARM_MS);
	     i++)
		s = tool_time_launch(ctx, fn, arg, &ms, msg, msglen);
	for (unsigned i = 0; i < repeat && s == TXF_SUCCESS; i++)
		s = tool_time_launch(ctx, fn, arg, &t[i], msg, msglen);
	return s;
}

uint64_t tool_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double tool_median(double *t, size_t n)
{
	qsort(t, n, sizeof(*t), cmp_double);
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

double tool_min(const double *t, size_t n)
{
	double m = t[0];

	for (size_t i = 1; i < n; i++)
		m = t[i] < m ? t[i] : m;
	return m;
}

double tool_half_value(txf_dtype dtype, uint16_t h)
{
	if (dtype == TXF_BF16) {
		uint32_t u = (uint32_t)h << 16;
		float f;

		memcpy(&f, &u, sizeof(f));
		return f;
	}
	const int e = (h >> 10) & 0x1f, f = h & 0x3ff;
	const double s = (h & 0x8000) ? -1.0 : 1.0;

	if (e == 31)
		return f ? NAN : s * INFINITY;
	return e ? s * ldexp(1024 + f, e - 25) : s * ldexp(f, -24);
}

uint16_t tool_half_bits(txf_dtype dtype, double x)
{
	if (dtype == TXF_BF16) {
		float f = (float)x;
		uint32_t u;

		memcpy(&u, &f, sizeof(u));
		return (uint16_t)(u >> 16);
	}
	const uint16_t sign = signbit(x) ? 0x8000 : 0;
	int ex;
	double a = fabs(x);

	if (a == 0.0)
		return sign;
	if (a < 0x1p-14)
		return sign | (uint16_t)(a * 0x1p24);
	frexp(a, &ex);
	return sign | (uint16_t)((ex + 14) << 10) | (uint16_t)(ldexp(a, 11 - ex) - 1024.0);
}

double tool_hmat_get(const tool_hmat *m, size_t i, size_t j)
{
	size_t at = i * m->rs + j * m->cs;

	if (m->dtype == TXF_F64)
		return ((const double *)m->data)[at];
	if (m->dtype == TXF_F16 || m->dtype == TXF_BF16)
		return tool_half_value(m->dtype, ((const uint16_t *)m->data)[at]);
	return (double)((const float *)m->data)[at];
}

tool_hmat tool_hmat_of(const void *data, txf_dtype dtype, size_t rows, size_t cols, int fortran,
                       int trans)
{
	tool_hmat m;

	m.data = data;
	m.dtype = dtype;
	m.rs = fortran ? 1 : cols;
	m.cs = fortran ? rows : 1;
	if (trans) {
		size_t t = m.rs;

		m.rs = m.cs;
		m.cs = t;
	}
	return m;
}

void tool_dot(const tool_hmat *a, const tool_hmat *b, size_t k, size_t i, size_t j, double *sum,
              double *abs)
{
	double s = 0.0, t = 0.0;

	for (size_t p = 0; p < k; p++) {
		double x = tool_hmat_get(a, i, p) * tool_hmat_get(b, p, j);

		s += x;
		t += fabs(x);
	}
	*sum = s;
	*abs = t;
}

double tool_eps(txf_dtype dtype)
{
	return dtype == TXF_F64 ? DBL_EPSILON : FLT_EPSILON;
}

double tool_bound(txf_dtype dtype, size_t k, double abs)
{
	return 4.0 * (double)k * tool_eps(dtype) * abs + (dtype == TXF_F64 ? 1e-12 : 1e-6);
}

void tool_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)tool_str(s); *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			fprintf(f, "\\u%04x", *p); /* bytes above 0x7f read as Latin-1 */
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

void tool_csv_field(FILE *f, const char *s)
{
	s = tool_str(s);
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void tool_params_text(const txf_param *list, unsigned n, char *buf, size_t size)
{
	size_t len = 0;

	if (!size)
		return;
	buf[0] = '\0';
	for (unsigned i = 0; i < n && i < TXF_MAX_PARAMS && len < size; i++) {
		int w = snprintf(buf + len, size - len, "%s%s=%lld", len ? " " : "",
		                 list[i].name ? list[i].name : "?", list[i].value);

		if (w < 0)
			break;
		len += (size_t)w;
	}
}
