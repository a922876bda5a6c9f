#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}
static const char *src = "__kernel void k2(__global float *a, ulong n){ size_t i=get_global_id(0); "
                         "if(i<n) a[i]+=1.0f; }\n"
                         "__kernel void k14(__global float *a, ulong n, ulong x2, ulong x3, float "
                         "x4, __global float *b, ulong x6, ulong x7,"
                         " __global float *c, ulong x9, ulong x10, float x11, __global float *d, "
                         "ulong x13){ size_t i=get_global_id(0); if(i<n) a[i]+=x4+(float)x13; }\n";
static cl_device_id dev;
static cl_context ctx;
static cl_program prog;
static void spin(double us)
{
	double t = now();
	while (now() - t < us)
		;
}
static void run(int profiling, int nargs, int want_event, int local, const char *tag)
{
	cl_int e;
	cl_command_queue q =
	    clCreateCommandQueue(ctx, dev, profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &e);
	cl_kernel k = clCreateKernel(prog, nargs == 2 ? "k2" : "k14", &e);
	cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1 << 20, NULL, &e);
	cl_ulong n = 256, z = 0;
	float f = 0;
	clSetKernelArg(k, 0, sizeof a, &a);
	clSetKernelArg(k, 1, sizeof n, &n);
	if (nargs == 14) {
		for (int i = 2; i < 14; i++) {
			if (i == 4 || i == 11)
				clSetKernelArg(k, i, sizeof f, &f);
			else if (i == 5 || i == 8 || i == 12)
				clSetKernelArg(k, i, sizeof a, &a);
			else
				clSetKernelArg(k, i, sizeof z, &z);
		}
	}
	size_t g = 256, l = 256;
	for (int i = 0; i < 200; i++)
		clEnqueueNDRangeKernel(q, k, 1, NULL, &g, local ? &l : NULL, 0, NULL, NULL);
	clFinish(q);
	double host = 0, sa = 0;
	int reps = 3000;
	for (int i = 0; i < reps; i++) {
		cl_event ev = NULL;
		double t = now();
		if (nargs == 14) {
			double t1 = now();
			for (int j = 2; j < 14; j++) {
				if (j == 4 || j == 11)
					clSetKernelArg(k, j, sizeof f, &f);
				else if (j == 5 || j == 8 || j == 12)
					clSetKernelArg(k, j, sizeof a, &a);
				else
					clSetKernelArg(k, j, sizeof z, &z);
			}
			sa += now() - t1;
		}
		clEnqueueNDRangeKernel(q, k, 1, NULL, &g, local ? &l : NULL, 0, NULL,
		                       want_event ? &ev : NULL);
		host += now() - t;
		if (ev)
			clReleaseEvent(ev);
		if (i % 50 == 49)
			clFinish(q);
	}
	clFinish(q);
	printf("%-28s enqueue+args %.2f us (args %.2f)\n", tag, host / reps, sa / reps);
	if (profiling) { /* device time marker end -> kernel end, with a host delay between */
		for (int d = 0; d <= 20; d += 10) {
			double tot = 0;
			int r = 200;
			for (int i = 0; i < r; i++) {
				cl_event m, ev;
				clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
				spin(d);
				clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &ev);
				clWaitForEvents(1, &ev);
				cl_ulong t0, t1;
				clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, sizeof t0, &t0,
				                        NULL);
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1,
				                        &t1, NULL);
				tot += (t1 - t0) / 1e3;
				clReleaseEvent(m);
				clReleaseEvent(ev);
			}
			printf("   marker->end with %2d us host delay: %.2f us\n", d, tot / r);
			double tot2 = 0;
			for (int i = 0; i < r; i++) {
				cl_event m, ev;
				clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
				clFlush(q);
				spin(d);
				clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &ev);
				clWaitForEvents(1, &ev);
				cl_ulong t0, t1;
				clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, sizeof t0, &t0,
				                        NULL);
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1,
				                        &t1, NULL);
				tot2 += (t1 - t0) / 1e3;
				clReleaseEvent(m);
				clReleaseEvent(ev);
			}
			printf("   (flush after marker)  %2d us host delay: %.2f us\n", d,
			       tot2 / r);
			double tot3 = 0;
			for (int i = 0; i < r; i++) {
				cl_event m, ev, ev2;
				clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
				spin(d);
				clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &ev2);
				clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &ev);
				clWaitForEvents(1, &ev);
				cl_ulong t0, t1;
				clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, sizeof t0, &t0,
				                        NULL);
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1,
				                        &t1, NULL);
				tot3 += (t1 - t0) / 1e3;
				clReleaseEvent(m);
				clReleaseEvent(ev);
				clReleaseEvent(ev2);
			}
			printf("   two launches          %2d us host delay: %.2f us\n", d,
			       tot3 / r);
		}
	}
	clReleaseMemObject(a);
	clReleaseKernel(k);
	clReleaseCommandQueue(q);
}
int main(void)
{
	cl_platform_id p;
	cl_uint np;
	clGetPlatformIDs(1, &p, &np);
	cl_int e;
	clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
	e = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
	if (e) {
		printf("build %d\n", e);
		return 1;
	}
	char name[256];
	clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
	printf("%s\n", name);
	run(1, 14, 0, 1, "profiling, 14 args");
	run(0, 14, 0, 1, "no profiling, 14 args");
	run(1, 2, 0, 1, "profiling, 2 args");
	run(0, 2, 0, 1, "no profiling, 2 args");
	run(1, 14, 1, 1, "profiling, 14 args, event");
	run(1, 14, 0, 0, "profiling, 14 args, no local");
	return 0;
}
