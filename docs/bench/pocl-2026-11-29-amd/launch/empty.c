#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b)
{
	double x = *(double *)a, y = *(double *)b;
	return x < y ? -1 : x > y;
}
static double evt(cl_event a, cl_event b)
{
	cl_ulong t0, t1;
	clGetEventProfilingInfo(a, CL_PROFILING_COMMAND_END, 8, &t0, NULL);
	clGetEventProfilingInfo(b, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
	return (t1 - t0) / 1e3;
}
int main(void)
{
	cl_platform_id pl;
	cl_device_id dev;
	clGetPlatformIDs(1, &pl, NULL);
	clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, NULL);
	cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, NULL);
	const char *src =
	    "kernel void e(global int *p){ if (get_global_id(0) == 12345678) p[0] = 1; }";
	cl_program pr = clCreateProgramWithSource(ctx, 1, &src, NULL, NULL);
	clBuildProgram(pr, 1, &dev, "", NULL, NULL);
	cl_kernel k = clCreateKernel(pr, "e", NULL);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, NULL);
	clSetKernelArg(k, 0, sizeof b, &b);
	size_t gs[] = {1, 2, 4, 16, 64};
	for (int g = 0; g < 5; g++) {
		double t[50];
		for (int it = 0; it < 60; it++) {
			cl_event m, e;
			size_t gl = gs[g], lo = 1;
			clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
			clEnqueueNDRangeKernel(q, k, 1, NULL, &gl, &lo, 0, NULL, &e);
			clWaitForEvents(1, &e);
			if (it >= 10)
				t[it - 10] = evt(m, e);
			clReleaseEvent(m);
			clReleaseEvent(e);
		}
		qsort(t, 50, 8, cmp);
		printf("groups %zu: min %.2f med %.2f us\n", gs[g], t[0], t[25]);
	}
}
