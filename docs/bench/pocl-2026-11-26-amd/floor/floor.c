// floor: the device time (marker end to command end, as txf bench times) of an empty kernel and
// one that writes a byte per work-group, for 1 to 4096 work-groups of one work-item, and of
// clEnqueueCopyBuffer of 1 KiB to 512 KiB; fastest of 200. Build: gcc -O2 -o floor floor.c -lOpenCL
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
static const char *src =
    "__kernel void empty(__global uchar *p) { }\n"
    "__kernel void touch(__global uchar *p) { if (get_local_id(0)==0) p[get_group_id(0)] = 1; }\n";
int main(void)
{
	cl_platform_id pl;
	cl_device_id dev;
	cl_int err;
	clGetPlatformIDs(1, &pl, NULL);
	clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	cl_queue_properties qp[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, qp, &err);
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	clBuildProgram(p, 1, &dev, "", NULL, NULL);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1 << 20, NULL, &err);
	cl_mem b2 = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1 << 20, NULL, &err);
	const char *names[] = {"empty", "touch"};
	size_t groups[] = {1, 2, 16, 256, 4096};
	for (int k = 0; k < 2; k++) {
		cl_kernel kk = clCreateKernel(p, names[k], &err);
		clSetKernelArg(kk, 0, sizeof(b), &b);
		for (int g = 0; g < 5; g++) {
			double best = 1e9;
			for (int r = 0; r < 200; r++) {
				cl_event m, e;
				cl_ulong t0, t1;
				clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
				size_t gs = groups[g] * 1, ls = 1;
				clEnqueueNDRangeKernel(q, kk, 1, NULL, &gs, &ls, 0, NULL, &e);
				clWaitForEvents(1, &e);
				clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, 8, &t0, NULL);
				clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
				double us = (t1 - t0) / 1e3;
				if (us < best)
					best = us;
				clReleaseEvent(m);
				clReleaseEvent(e);
			}
			printf("%s groups %zu: %.2f us\n", names[k], groups[g], best);
		}
	}
	for (size_t n = 1024; n <= (1 << 20); n *= 8) {
		double best = 1e9;
		for (int r = 0; r < 200; r++) {
			cl_event m, e;
			cl_ulong t0, t1;
			clEnqueueMarkerWithWaitList(q, 0, NULL, &m);
			clEnqueueCopyBuffer(q, b, b2, 0, 0, n, 0, NULL, &e);
			clWaitForEvents(1, &e);
			clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, 8, &t0, NULL);
			clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
			double us = (t1 - t0) / 1e3;
			if (us < best)
				best = us;
			clReleaseEvent(m);
			clReleaseEvent(e);
		}
		printf("copy %zu: %.2f us\n", n, best);
	}
	return 0;
}
