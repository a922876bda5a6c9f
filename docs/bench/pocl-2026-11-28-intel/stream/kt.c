/* kt DIR OPTS ELEM ROWS COLS LINES STRIPS REPS [LINES...]: builds DIR/transpose.cl's streaming
 * kernel (transpose_stream) with OPTS on the first OpenCL device and times it by event profiling
 * with each LINES in turn over five rounds (fastest of REPS runs a setting and round), with a
 * clEnqueueCopyBuffer of the same bytes; checks the last run's output. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char *slurp(const char *p)
{
	FILE *f = fopen(p, "rb");
	if (!f) {
		perror(p);
		exit(1);
	}
	fseek(f, 0, 2);
	long n = ftell(f);
	rewind(f);
	char *b = malloc(n + 1);
	fread(b, 1, n, f);
	b[n] = 0;
	fclose(f);
	return b;
}
/* kt DIR OPTS ELEM rows cols lines strips reps [kernel] */
int main(int c, char **v)
{
	const char *dir = v[1], *opts = v[2];
	int es = atoi(v[3]);
	size_t rows = atol(v[4]), cols = atol(v[5]);
	cl_uint lines = atoi(v[6]), strips = atoi(v[7]);
	int reps = atoi(v[8]);
	int nl = c - 9;
	if (nl < 1) {
		nl = 1;
	}
	cl_platform_id pl;
	cl_device_id d;
	clGetPlatformIDs(1, &pl, NULL);
	clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &d, NULL);
	cl_int e;
	cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
	cl_command_queue q = clCreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &e);
	char path[512];
	snprintf(path, sizeof path, "%s/transpose.cl", dir);
	char *src = slurp(path);
	char o[1024];
	snprintf(o, sizeof o, "-I%s -DELEM_SIZE=%d -DTILE=%d -DWG_ROWS=1 %s", dir, es, 64 / es,
	         opts);
	cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &e);
	if (clBuildProgram(p, 1, &d, o, NULL, NULL)) {
		char log[20000];
		clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		fprintf(stderr, "%s\n", log);
		return 1;
	}
	cl_kernel k = clCreateKernel(p, "transpose_stream", &e);
	if (e) {
		fprintf(stderr, "kernel %d\n", e);
		return 1;
	}
	size_t n = rows * cols * es;
	unsigned char *h = malloc(n), *r = malloc(n);
	for (size_t i = 0; i < n; i++)
		h[i] = (unsigned char)(i * 2654435761u >> 13);
	cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n, h, &e),
	       out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n, NULL, &e),
	       cp = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n, NULL, &e);
	cl_ulong z = 0, ild = cols, old = rows, R = rows, C = cols;
	clSetKernelArg(k, 0, 8, &in);
	clSetKernelArg(k, 1, 8, &z);
	clSetKernelArg(k, 2, 8, &ild);
	clSetKernelArg(k, 3, 8, &out);
	clSetKernelArg(k, 4, 8, &z);
	clSetKernelArg(k, 5, 8, &old);
	clSetKernelArg(k, 6, 8, &R);
	clSetKernelArg(k, 7, 8, &C);
	clSetKernelArg(k, 8, 4, &lines);
	clSetKernelArg(k, 9, 4, &strips);
	size_t L = 64 / es;
	double best[16], bc = 1e9;
	for (int j = 0; j < 16; j++)
		best[j] = 1e9;
	for (int rd = 0; rd < 5; rd++)
		for (int j = 0; j < nl; j++) {
			cl_uint ln = c > 9 ? (cl_uint)atoi(v[9 + j]) : lines;
			clSetKernelArg(k, 8, 4, &ln);
			size_t g[2] = {(cols + L * strips - 1) / (L * strips),
			               (rows + L * ln - 1) / (L * ln)},
			       l[2] = {1, 1};
			for (int i = 0; i < reps + 2; i++) {
				cl_event ev;
				clEnqueueNDRangeKernel(q, k, 2, NULL, g, l, 0, NULL, &ev);
				clFinish(q);
				cl_ulong a0, a1;
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &a0,
				                        NULL);
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &a1, NULL);
				clReleaseEvent(ev);
				double t = (a1 - a0) * 1e-6;
				if (i >= 2 && t < best[j])
					best[j] = t;
			}
			for (int i = 0; i < reps / 4 + 1; i++) {
				cl_event ev;
				clEnqueueCopyBuffer(q, in, cp, 0, 0, n, 0, NULL, &ev);
				clFinish(q);
				cl_ulong a0, a1;
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &a0,
				                        NULL);
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &a1, NULL);
				clReleaseEvent(ev);
				double t = (a1 - a0) * 1e-6;
				if (t < bc)
					bc = t;
			}
		}
	clEnqueueReadBuffer(q, out, CL_TRUE, 0, n, r, 0, NULL, NULL);
	size_t bad = 0;
	for (size_t i = 0; i < rows; i++)
		for (size_t j = 0; j < cols; j++)
			if (memcmp(r + (j * rows + i) * es, h + (i * cols + j) * es, es))
				bad++;
	printf("%zux%zu e%d copy %.4f", rows, cols, es, bc);
	for (int j = 0; j < nl; j++)
		printf("  [%s] %.4f (%.2f)", c > 9 ? v[9 + j] : "-", best[j], bc / best[j]);
	printf(" %s\n", bad ? "BAD" : "ok");
	return 0;
}
