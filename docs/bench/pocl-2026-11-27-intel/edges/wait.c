/* wait.c: a 4 KiB clEnqueueCopyBuffer on the first device, 2000 times: waited for by its event,
 * by clFinish, or not at (mode 2); wall time per copy and host time in the enqueue. Build: gcc
 * -O2 -o wait wait.c -lOpenCL. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <time.h>
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}
int main(void)
{
	cl_platform_id p;
	clGetPlatformIDs(1, &p, NULL);
	cl_device_id d;
	clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL);
	cl_int e;
	cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
	cl_queue_properties qp[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
	cl_command_queue q = clCreateCommandQueueWithProperties(c, d, qp, &e);
	cl_mem a = clCreateBuffer(c, CL_MEM_READ_WRITE, 1 << 20, NULL, &e),
	       b = clCreateBuffer(c, CL_MEM_READ_WRITE, 1 << 20, NULL, &e);
	for (int mode = 0; mode < 3; mode++) {
		double he = 0;
		int n = 2000;
		double t0 = now();
		for (int i = 0; i < n; i++) {
			cl_event ev;
			double a0 = now();
			clEnqueueCopyBuffer(q, a, b, 0, 0, 4096, 0, NULL, &ev);
			he += now() - a0;
			if (mode == 0)
				clWaitForEvents(1, &ev);
			else if (mode == 1)
				clFinish(q);
			clReleaseEvent(ev);
		}
		clFinish(q);
		double t = now() - t0;
		printf("mode %d (%s): per op wall %.1f us, enqueue host %.1f us\n", mode,
		       mode == 0   ? "wait event"
		       : mode == 1 ? "finish"
		                   : "no wait",
		       t / n, he / n);
	}
}
