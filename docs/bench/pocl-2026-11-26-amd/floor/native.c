// native: the same time for clEnqueueNativeKernel running memcpy, beside clEnqueueCopyBuffer.
// Build: gcc -O2 -o native native.c -lOpenCL
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>
struct args {
	void *a, *b;
	size_t n;
};
static void fn(void *p)
{
	struct args *x = p;
	memcpy(x->b, x->a, x->n);
}
int main(void)
{
	cl_platform_id pl;
	cl_device_id dev;
	cl_int err;
	clGetPlatformIDs(1, &pl, NULL);
	clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
	cl_device_exec_capabilities cap;
	clGetDeviceInfo(dev, CL_DEVICE_EXECUTION_CAPABILITIES, sizeof cap, &cap, NULL);
	printf("native: %d\n", !!(cap & CL_EXEC_NATIVE_KERNEL));
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	cl_queue_properties qp[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, qp, &err);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1 << 20, NULL, &err);
	cl_mem b2 = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1 << 20, NULL, &err);
	for (size_t n = 1024; n <= (1 << 20); n *= 8) {
		double best = 1e9, bc = 1e9;
		for (int r = 0; r < 300; r++) {
			cl_event m, e;
			cl_ulong t0, t1;
			struct args a = {0, 0, n};
			cl_mem ml[2] = {b, b2};
			const void *loc[2] = {&a.a, &a.b};
			clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
			err = clEnqueueNativeKernel(q, fn, &a, sizeof a, 2, ml, loc, 0, NULL, &e);
			if (err) {
				printf("err %d\n", err);
				return 1;
			}
			clWaitForEvents(1, &e);
			clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, 8, &t0, NULL);
			clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
			double us = (t1 - t0) / 1e3;
			if (us < best)
				best = us;
			clReleaseEvent(m);
			clReleaseEvent(e);
			clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
			clEnqueueCopyBuffer(q, b, b2, 0, 0, n, 0, NULL, &e);
			clWaitForEvents(1, &e);
			clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, 8, &t0, NULL);
			clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
			us = (t1 - t0) / 1e3;
			if (us < bc)
				bc = us;
			clReleaseEvent(m);
			clReleaseEvent(e);
		}
		printf("n %zu native memcpy %.2f us, copy %.2f us\n", n, best, bc);
	}
	return 0;
}
