// probe CLFILE: f64 mma.sync rates by shape, warps per group, accumulators
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
	FILE *f = fopen(argv[1], "rb");
	fseek(f, 0, 2);
	long n = ftell(f);
	rewind(f);
	char *src = malloc(n + 1);
	fread(src, 1, n, f);
	src[n] = 0;
	fclose(f);
	cl_platform_id ps[4];
	cl_uint np;
	clGetPlatformIDs(4, ps, &np);
	cl_device_id d = 0;
	for (cl_uint i = 0; i < np && !d; i++)
		if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &d, NULL) != CL_SUCCESS)
			d = 0;
	cl_uint cu;
	clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, 4, &cu, NULL);
	cl_int e;
	cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
	cl_queue_properties qp[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, d, qp, &e);
	int shapes[] = {4, 8};
	int accs[] = {8, 16};
	int warps[] = {4, 4, 4, 4, 8};
	int per_sm[] = {1, 2, 3, 4, 1};
	for (int si = 0; si < 2; si++)
		for (int ai = 0; ai < 2; ai++) {
			char opt[128];
			snprintf(opt, sizeof opt, "-DSHAPE=%d -DACC=%d", shapes[si], accs[ai]);
			cl_program p =
			    clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &e);
			if (clBuildProgram(p, 1, &d, opt, NULL, NULL)) {
				char log[8000];
				clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, sizeof log, log,
				                      NULL);
				printf("build %s failed: %.400s\n", opt, log);
				continue;
			}
			cl_kernel k = clCreateKernel(p, "probe", &e);
			for (int wi = 0; wi < 5; wi++) {
				size_t local = 32 * warps[wi], global = local * cu * per_sm[wi];
				cl_mem out =
				    clCreateBuffer(ctx, CL_MEM_READ_WRITE, global * 8, NULL, &e);
				int iters = 2000;
				double seed = 1.0;
				clSetKernelArg(k, 0, sizeof out, &out);
				clSetKernelArg(k, 1, 4, &iters);
				clSetKernelArg(k, 2, 8, &seed);
				double best = 1e9;
				for (int r = 0; r < 5; r++) {
					cl_event ev;
					clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0,
					                       NULL, &ev);
					clWaitForEvents(1, &ev);
					cl_ulong t0, t1;
					clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8,
					                        &t0, NULL);
					clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8,
					                        &t1, NULL);
					clReleaseEvent(ev);
					double t = (t1 - t0) * 1e-9;
					if (t < best)
						best = t;
				}
				int m = shapes[si] == 0 ? 8 : 16,
				    kk = shapes[si] == 0 ? 4 : shapes[si];
				double flops =
				    2.0 * m * 8 * kk * accs[ai] * (double)iters * (global / 32);
				printf("m%dn8k%d acc %2d warps/group %d groups %zu: %.1f TFLOP/s\n",
				       m, kk, accs[ai], warps[wi], global / local,
				       flops / best / 1e12);
				clReleaseMemObject(out);
			}
			clReleaseKernel(k);
			clReleaseProgram(p);
		}
	return 0;
}
