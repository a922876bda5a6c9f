#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

struct args {
	void *in;
	void *out;
	size_t rows, cols, elem;
};

static void tr(void *p)
{
	struct args *a = p;
	const size_t R = a->rows, C = a->cols, B = 16;
	if (a->elem == 4) {
		const uint32_t *in = a->in;
		uint32_t *out = a->out;
		for (size_t i0 = 0; i0 < R; i0 += B)
			for (size_t j0 = 0; j0 < C; j0 += B) {
				size_t i1 = i0 + B < R ? i0 + B : R, j1 = j0 + B < C ? j0 + B : C;
				for (size_t j = j0; j < j1; j++)
					for (size_t i = i0; i < i1; i++)
						out[j * R + i] = in[i * C + j];
			}
	} else {
		const uint8_t *in = a->in;
		uint8_t *out = a->out;
		for (size_t i0 = 0; i0 < R; i0 += B)
			for (size_t j0 = 0; j0 < C; j0 += B) {
				size_t i1 = i0 + B < R ? i0 + B : R, j1 = j0 + B < C ? j0 + B : C;
				for (size_t j = j0; j < j1; j++)
					for (size_t i = i0; i < i1; i++)
						out[j * R + i] = in[i * C + j];
			}
	}
}

static double evt(cl_event a, cl_event b)
{
	cl_ulong t0, t1;
	clGetEventProfilingInfo(a, CL_PROFILING_COMMAND_END, 8, &t0, NULL);
	clGetEventProfilingInfo(b, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
	return (t1 - t0) / 1e3;
}
static int cmp(const void *a, const void *b)
{
	double x = *(double *)a, y = *(double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	cl_platform_id pl;
	cl_device_id dev;
	clGetPlatformIDs(1, &pl, NULL);
	clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, NULL);
	cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, NULL);
	for (int s = 1; s + 2 < argc + 0 || s + 2 == argc; s += 3) {
		size_t R = atoi(argv[s]), C = atoi(argv[s + 1]), E = atoi(argv[s + 2]);
		size_t bytes = R * C * E;
		cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, NULL);
		cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, NULL);
		char *h = malloc(bytes);
		for (size_t i = 0; i < bytes; i++)
			h[i] = (char)(i * 7 + 3);
		clEnqueueWriteBuffer(q, in, 1, 0, bytes, h, 0, NULL, NULL);
		double tn[50], tc[50];
		for (int it = 0; it < 60; it++) {
			cl_event m, e;
			clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
			struct args a = {NULL, NULL, R, C, E};
			const void *loc[2] = {&a.in, &a.out};
			cl_mem ml[2] = {in, out};
			cl_int err =
			    clEnqueueNativeKernel(q, tr, &a, sizeof a, 2, ml, loc, 0, NULL, &e);
			if (err) {
				printf("err %d\n", err);
				return 1;
			}
			clWaitForEvents(1, &e);
			if (it >= 10)
				tn[it - 10] = evt(m, e);
			clReleaseEvent(m);
			clReleaseEvent(e);
			clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
			clEnqueueCopyBuffer(q, in, out == in ? in : out, 0, 0, bytes, 0, NULL, &e);
			clWaitForEvents(1, &e);
			if (it >= 10)
				tc[it - 10] = evt(m, e);
			clReleaseEvent(m);
			clReleaseEvent(e);
		}
		/* check */
		tr(&(struct args){0});
		char *o = malloc(bytes);
		{
			cl_event m, e;
			struct args a = {NULL, NULL, R, C, E};
			const void *loc[2] = {&a.in, &a.out};
			cl_mem ml[2] = {in, out};
			clEnqueueNativeKernel(q, tr, &a, sizeof a, 2, ml, loc, 0, NULL, &e);
			clWaitForEvents(1, &e);
			(void)m;
		}
		clEnqueueReadBuffer(q, out, 1, 0, bytes, o, 0, NULL, NULL);
		int bad = 0;
		for (size_t i = 0; i < R; i++)
			for (size_t j = 0; j < C; j++)
				bad |= memcmp(o + (j * R + i) * E, h + (i * C + j) * E, E) != 0;
		qsort(tn, 50, 8, cmp);
		qsort(tc, 50, 8, cmp);
		printf("%zux%zu e%zu native min %.2f med %.2f us   copy min %.2f med %.2f  %s\n", R,
		       C, E, tn[0], tn[25], tc[0], tc[25], bad ? "BAD" : "ok");
		free(h);
		free(o);
		clReleaseMemObject(in);
		clReleaseMemObject(out);
	}
	return 0;
}
