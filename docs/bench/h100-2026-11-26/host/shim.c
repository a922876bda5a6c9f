#define CL_TARGET_OPENCL_VERSION 300
#define _GNU_SOURCE
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
static inline unsigned long long ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000ull + t.tv_nsec;
}
static int on(void)
{
	static int v = -1;
	if (v < 0) {
		const char *s = getenv("SHIM_ON");
		v = s && *s == '1';
	}
	return v;
}
static unsigned long long T[14], N[14];
static const char *NM[] = {"clEnqueueNDRangeKernel",
                           "clSetKernelArg",
                           "clGetMemObjectInfo",
                           "clGetEventInfo",
                           "clReleaseEvent",
                           "clRetainEvent",
                           "clGetDeviceInfo",
                           "clGetKernelWorkGroupInfo",
                           "clEnqueueMarkerWithWaitList",
                           "clGetCommandQueueInfo",
                           "clCreateSubBuffer",
                           "clReleaseMemObject",
                           "clFlush",
                           "clCreateBuffer"};
cl_int clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint d, const size_t *o,
                              const size_t *g, const size_t *l, cl_uint n, const cl_event *w,
                              cl_event *e)
{
	static cl_int (*fn_)(cl_command_queue q, cl_kernel k, cl_uint d, const size_t *o,
	                     const size_t *g, const size_t *l, cl_uint n, const cl_event *w,
	                     cl_event *e);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clEnqueueNDRangeKernel");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(q, k, d, o, g, l, n, w, e);
	T[0] += ns() - t0;
	N[0]++;
	return rv_;
}
cl_int clSetKernelArg(cl_kernel k, cl_uint i, size_t s, const void *v)
{
	static cl_int (*fn_)(cl_kernel k, cl_uint i, size_t s, const void *v);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clSetKernelArg");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(k, i, s, v);
	T[1] += ns() - t0;
	N[1]++;
	return rv_;
}
cl_int clGetMemObjectInfo(cl_mem m, cl_mem_info p, size_t s, void *v, size_t *r)
{
	static cl_int (*fn_)(cl_mem m, cl_mem_info p, size_t s, void *v, size_t *r);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clGetMemObjectInfo");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(m, p, s, v, r);
	T[2] += ns() - t0;
	N[2]++;
	return rv_;
}
cl_int clGetEventInfo(cl_event e, cl_event_info p, size_t s, void *v, size_t *r)
{
	static cl_int (*fn_)(cl_event e, cl_event_info p, size_t s, void *v, size_t *r);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clGetEventInfo");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(e, p, s, v, r);
	T[3] += ns() - t0;
	N[3]++;
	return rv_;
}
cl_int clReleaseEvent(cl_event e)
{
	static cl_int (*fn_)(cl_event e);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clReleaseEvent");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(e);
	T[4] += ns() - t0;
	N[4]++;
	return rv_;
}
cl_int clRetainEvent(cl_event e)
{
	static cl_int (*fn_)(cl_event e);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clRetainEvent");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(e);
	T[5] += ns() - t0;
	N[5]++;
	return rv_;
}
cl_int clGetDeviceInfo(cl_device_id d, cl_device_info p, size_t s, void *v, size_t *r)
{
	static cl_int (*fn_)(cl_device_id d, cl_device_info p, size_t s, void *v, size_t *r);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clGetDeviceInfo");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(d, p, s, v, r);
	T[6] += ns() - t0;
	N[6]++;
	return rv_;
}
cl_int clGetKernelWorkGroupInfo(cl_kernel k, cl_device_id d, cl_kernel_work_group_info p, size_t s,
                                void *v, size_t *r)
{
	static cl_int (*fn_)(cl_kernel k, cl_device_id d, cl_kernel_work_group_info p, size_t s,
	                     void *v, size_t *r);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clGetKernelWorkGroupInfo");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(k, d, p, s, v, r);
	T[7] += ns() - t0;
	N[7]++;
	return rv_;
}
cl_int clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint n, const cl_event *w, cl_event *e)
{
	static cl_int (*fn_)(cl_command_queue q, cl_uint n, const cl_event *w, cl_event *e);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clEnqueueMarkerWithWaitList");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(q, n, w, e);
	T[8] += ns() - t0;
	N[8]++;
	return rv_;
}
cl_int clGetCommandQueueInfo(cl_command_queue q, cl_command_queue_info p, size_t s, void *v,
                             size_t *r)
{
	static cl_int (*fn_)(cl_command_queue q, cl_command_queue_info p, size_t s, void *v,
	                     size_t *r);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clGetCommandQueueInfo");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(q, p, s, v, r);
	T[9] += ns() - t0;
	N[9]++;
	return rv_;
}
cl_mem clCreateSubBuffer(cl_mem b, cl_mem_flags f, cl_buffer_create_type t, const void *i,
                         cl_int *err)
{
	static cl_mem (*fn_)(cl_mem b, cl_mem_flags f, cl_buffer_create_type t, const void *i,
	                     cl_int *err);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clCreateSubBuffer");
	unsigned long long t0 = ns();
	cl_mem rv_ = fn_(b, f, t, i, err);
	T[10] += ns() - t0;
	N[10]++;
	return rv_;
}
cl_int clReleaseMemObject(cl_mem m)
{
	static cl_int (*fn_)(cl_mem m);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clReleaseMemObject");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(m);
	T[11] += ns() - t0;
	N[11]++;
	return rv_;
}
cl_int clFlush(cl_command_queue q)
{
	static cl_int (*fn_)(cl_command_queue q);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clFlush");
	unsigned long long t0 = ns();
	cl_int rv_ = fn_(q);
	T[12] += ns() - t0;
	N[12]++;
	return rv_;
}
cl_mem clCreateBuffer(cl_context c, cl_mem_flags f, size_t s, void *h, cl_int *err)
{
	static cl_mem (*fn_)(cl_context c, cl_mem_flags f, size_t s, void *h, cl_int *err);
	if (!fn_)
		fn_ = dlsym(RTLD_NEXT, "clCreateBuffer");
	unsigned long long t0 = ns();
	cl_mem rv_ = fn_(c, f, s, h, err);
	T[13] += ns() - t0;
	N[13]++;
	return rv_;
}
__attribute__((destructor)) static void dump(void)
{
	FILE *f = stderr;
	const char *p = getenv("SHIM_OUT");
	if (p)
		f = fopen(p, "a");
	for (int i = 0; i < 14; i++)
		if (N[i])
			fprintf(f, "shim %-28s calls %8llu  total %10.3f ms  per call %8.3f us\n",
			        NM[i], N[i], T[i] / 1e6, T[i] / 1e3 / N[i]);
	if (p)
		fclose(f);
}
