// kt DIR ELEM ROWS COLS SHIFTED [reps]: time transpose_stream of DIR/transpose.cl alone (event
// profiling), with env XNONT (no non-temporal stores), XLINES, XSTRIPS, XPADI, XPADO (leading
// dimension slack). Build: gcc -O2 -o kt kt.c -lOpenCL; POCL_MAX_PTHREAD_COUNT=1 for one thread.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(int argc, char **argv)
{
	const char *dir = argv[1];
	int E = atoi(argv[2]);
	size_t R = atol(argv[3]), C = atol(argv[4]);
	int sh = atoi(argv[5]);
	int reps = argc > 6 ? atoi(argv[6]) : 30;
	char path[512];
	snprintf(path, sizeof path, "%s/transpose.cl", dir);
	FILE *f = fopen(path, "rb");
	fseek(f, 0, 2);
	long n = ftell(f);
	rewind(f);
	char *src = malloc(n + 1);
	fread(src, 1, n, f);
	src[n] = 0;
	fclose(f);
	cl_platform_id p;
	clGetPlatformIDs(1, &p, NULL);
	cl_device_id d;
	clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL);
	cl_int e;
	cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
	cl_queue_properties qp[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, d, qp, &e);
	cl_program prog = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &e);
	size_t L = 64 / E;
	char opt[512];
	snprintf(opt, sizeof opt,
	         "-I %s -DELEM_SIZE=%d -DTILE=%zu -DWG_ROWS=1 -DSTREAM_SHIFTED=%d %s "
	         "-DTXF_NO_REQD_WG %s",
	         dir, E, L, sh, getenv("XNONT") ? "" : "-DTXF_NT_STORES",
	         getenv("XOPT") ? getenv("XOPT") : "");
	e = clBuildProgram(prog, 1, &d, opt, NULL, NULL);
	if (e) {
		char log[20000];
		clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		printf("build %d\n%s\n", e, log);
		return 1;
	}
	cl_kernel k = clCreateKernel(prog, "transpose_stream", &e);
	if (e) {
		printf("kernel %d\n", e);
		return 1;
	}
	size_t ldo = R + (sh ? 3 : 0) + (getenv("XPADO") ? atol(getenv("XPADO")) : 0);
	size_t ldi = C + (getenv("XPADI") ? atol(getenv("XPADI")) : 0);
	unsigned char *h = malloc(R * ldi * E);
	for (size_t i = 0; i < R * ldi * E; i++)
		h[i] = rand();
	cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, R * ldi * E, h,
	                           &e),
	       out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, C * ldo * E, NULL, &e);
	size_t span = R + (sh ? L - 1 : 0);
	cl_uint lines = 256 / L, strips = 1;
	if (span < lines * L) {
		lines = (span + L - 1) / L;
		strips = (16 + lines - 1) / lines;
	}
	if (getenv("XLINES"))
		lines = atoi(getenv("XLINES"));
	if (getenv("XSTRIPS"))
		strips = atoi(getenv("XSTRIPS"));
	cl_ulong z = 0, inld = ldi, outld = ldo, rows = R, cols = C;
	clSetKernelArg(k, 0, sizeof in, &in);
	clSetKernelArg(k, 1, 8, &z);
	clSetKernelArg(k, 2, 8, &inld);
	clSetKernelArg(k, 3, sizeof out, &out);
	clSetKernelArg(k, 4, 8, &z);
	clSetKernelArg(k, 5, 8, &outld);
	clSetKernelArg(k, 6, 8, &rows);
	clSetKernelArg(k, 7, 8, &cols);
	clSetKernelArg(k, 8, 4, &lines);
	clSetKernelArg(k, 9, 4, &strips);
	size_t g[2] = {(C + L * strips - 1) / (L * strips), (span + L * lines - 1) / (L * lines)},
	       l[2] = {1, 1};
	double best = 1e9, tot = 0;
	for (int r = 0; r < reps + 3; r++) {
		cl_event ev;
		clEnqueueNDRangeKernel(q, k, 2, NULL, g, l, 0, NULL, &ev);
		clFinish(q);
		cl_ulong a0, a1;
		clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &a0, NULL);
		clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &a1, NULL);
		clReleaseEvent(ev);
		double t = (a1 - a0) * 1e-9;
		if (r >= 3) {
			tot += t;
			if (t < best)
				best = t;
		}
	}
	unsigned char *o = malloc(C * ldo * E);
	clEnqueueReadBuffer(q, out, CL_TRUE, 0, C * ldo * E, o, 0, NULL, NULL);
	size_t bad = 0;
	for (size_t i = 0; i < R; i++)
		for (size_t j = 0; j < C; j++)
			if (memcmp(o + (j * ldo + i) * E, h + (i * ldi + j) * E, E))
				bad++;
	printf("%s E%d %zux%zu sh%d wi %zux%zu lines %u strips %u: min %.1f us mean %.1f us  %.2f "
	       "GB/s  bad %zu\n",
	       dir, E, R, C, sh, g[0], g[1], lines, strips, best * 1e6, tot / reps * 1e6,
	       2.0 * R * C * E / best / 1e9, bad);
	return 0;
}
