/* Injected faults and the object ledger of a test build (see txf_fault.h).
 * Compiled only with the meson option fault_injection. */
#define TXF__FAULT_IMPL /* the real OpenCL functions, not the wrappers */
#include "txf_internal.h"
#include "txf_fault.h"

#include <stdatomic.h>

static atomic_ulong calls[TXF__FAULT_CLASS_COUNT];
static atomic_ulong armed[TXF__FAULT_CLASS_COUNT]; /* 0: none */
static atomic_ulong fired;
static atomic_long live[TXF__OBJ_COUNT];

/* The last fault fired, guarded by last_lock. */
static pthread_mutex_t last_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	const char *file, *function, *caller;
	int line;
	cl_int error;
} last;

void txf__fault_set(txf__fault_class c, unsigned long n)
{
	if ((unsigned)c >= TXF__FAULT_CLASS_COUNT)
		return;
	atomic_store(&armed[c], 0);
	atomic_store(&calls[c], 0);
	atomic_store(&armed[c], n);
}

unsigned long txf__fault_count(txf__fault_class c)
{
	return (unsigned)c < TXF__FAULT_CLASS_COUNT ? atomic_load(&calls[c]) : 0;
}

void txf__fault_reset(void)
{
	for (int c = 0; c < TXF__FAULT_CLASS_COUNT; c++)
		txf__fault_set((txf__fault_class)c, 0);
	atomic_store(&fired, 0);
	pthread_mutex_lock(&last_lock);
	last.file = last.function = last.caller = NULL;
	last.line = 0;
	last.error = CL_SUCCESS;
	pthread_mutex_unlock(&last_lock);
}

unsigned long txf__fault_fired(void)
{
	return atomic_load(&fired);
}

int txf__fault_last(const char **cl_function, const char **file, const char **caller, int *line,
                    cl_int *error)
{
	pthread_mutex_lock(&last_lock);
	int any = last.function != NULL;
	if (file)
		*file = last.file;
	if (cl_function)
		*cl_function = last.function;
	if (caller)
		*caller = last.caller;
	if (line)
		*line = last.line;
	if (error)
		*error = last.error;
	pthread_mutex_unlock(&last_lock);
	return any;
}

long txf__fault_live(txf__fault_object kind)
{
	return (unsigned)kind < TXF__OBJ_COUNT ? atomic_load(&live[kind]) : 0;
}

const char *txf__fault_class_name(txf__fault_class c)
{
	static const char *const names[] = {"alloc", "program", "enqueue"};
	return (unsigned)c < TXF__FAULT_CLASS_COUNT ? names[c] : NULL;
}

const char *txf__fault_object_name(txf__fault_object kind)
{
	static const char *const names[] = {"cl_mem",   "cl_program", "cl_kernel",
	                                    "cl_event", "cl_context", "cl_command_queue"};
	return (unsigned)kind < TXF__OBJ_COUNT ? names[kind] : NULL;
}

/* Count a call of class c; true when this one is to fail (with err). */
static bool strike(txf__fault_class c, const char *file, const char *function, const char *caller,
                   int line, cl_int err)
{
	unsigned long n = atomic_fetch_add(&calls[c], 1) + 1;
	unsigned long at = atomic_load(&armed[c]);
	if (at == 0 || n != at)
		return false;
	atomic_fetch_add(&fired, 1);
	pthread_mutex_lock(&last_lock);
	last.file = file;
	last.function = function;
	last.caller = caller;
	last.line = line;
	last.error = err;
	pthread_mutex_unlock(&last_lock);
	return true;
}

static void count_object(txf__fault_object kind, const void *made)
{
	if (made)
		atomic_fetch_add(&live[kind], 1);
}

static cl_int count_release(txf__fault_object kind, cl_int err)
{
	if (err == CL_SUCCESS)
		atomic_fetch_sub(&live[kind], 1);
	return err;
}

static cl_int count_retain(txf__fault_object kind, cl_int err)
{
	if (err == CL_SUCCESS)
		atomic_fetch_add(&live[kind], 1);
	return err;
}

/* A creation call that failed: NULL with *errcode_ret set. */
#define FAIL_CREATE(err)                      \
	do {                                  \
		if (errcode_ret)              \
			*errcode_ret = (err); \
		return NULL;                  \
	} while (0)

/* The errors below are what drivers return when memory or resources run
 * out, or when a build fails. */

cl_mem txf__fault_clCreateBuffer(const char *file, const char *caller, int line, cl_context context,
                                 cl_mem_flags flags, size_t size, void *host_ptr,
                                 cl_int *errcode_ret)
{
	if (strike(TXF__FAULT_ALLOC, file, "clCreateBuffer", caller, line,
	           CL_MEM_OBJECT_ALLOCATION_FAILURE))
		FAIL_CREATE(CL_MEM_OBJECT_ALLOCATION_FAILURE);
	cl_mem m = clCreateBuffer(context, flags, size, host_ptr, errcode_ret);
	count_object(TXF__OBJ_MEM, m);
	return m;
}

cl_mem txf__fault_clCreateSubBuffer(const char *file, const char *caller, int line, cl_mem buffer,
                                    cl_mem_flags flags, cl_buffer_create_type type,
                                    const void *info, cl_int *errcode_ret)
{
	if (strike(TXF__FAULT_ALLOC, file, "clCreateSubBuffer", caller, line,
	           CL_MEM_OBJECT_ALLOCATION_FAILURE))
		FAIL_CREATE(CL_MEM_OBJECT_ALLOCATION_FAILURE);
	cl_mem m = clCreateSubBuffer(buffer, flags, type, info, errcode_ret);
	count_object(TXF__OBJ_MEM, m);
	return m;
}

cl_event txf__fault_clCreateUserEvent(const char *file, const char *caller, int line,
                                      cl_context context, cl_int *errcode_ret)
{
	if (strike(TXF__FAULT_ALLOC, file, "clCreateUserEvent", caller, line, CL_OUT_OF_RESOURCES))
		FAIL_CREATE(CL_OUT_OF_RESOURCES);
	cl_event e = clCreateUserEvent(context, errcode_ret);
	count_object(TXF__OBJ_EVENT, e);
	return e;
}

cl_context txf__fault_clCreateContext(const char *file, const char *caller, int line,
                                      const cl_context_properties *properties, cl_uint num_devices,
                                      const cl_device_id *devices,
                                      void(CL_CALLBACK *pfn_notify)(const char *, const void *,
                                                                    size_t, void *),
                                      void *user_data, cl_int *errcode_ret)
{
	if (strike(TXF__FAULT_ALLOC, file, "clCreateContext", caller, line, CL_OUT_OF_RESOURCES))
		FAIL_CREATE(CL_OUT_OF_RESOURCES);
	cl_context c =
	    clCreateContext(properties, num_devices, devices, pfn_notify, user_data, errcode_ret);
	count_object(TXF__OBJ_CONTEXT, c);
	return c;
}

cl_command_queue txf__fault_clCreateCommandQueue(const char *file, const char *caller, int line,
                                                 cl_context context, cl_device_id device,
                                                 cl_command_queue_properties props,
                                                 cl_int *errcode_ret)
{
	if (strike(TXF__FAULT_ALLOC, file, "clCreateCommandQueue", caller, line,
	           CL_OUT_OF_RESOURCES))
		FAIL_CREATE(CL_OUT_OF_RESOURCES);
	cl_command_queue q = clCreateCommandQueue(context, device, props, errcode_ret);
	count_object(TXF__OBJ_QUEUE, q);
	return q;
}

cl_program txf__fault_clCreateProgramWithSource(const char *file, const char *caller, int line,
                                                cl_context context, cl_uint count,
                                                const char **strings, const size_t *lengths,
                                                cl_int *errcode_ret)
{
	if (strike(TXF__FAULT_PROGRAM, file, "clCreateProgramWithSource", caller, line,
	           CL_OUT_OF_HOST_MEMORY))
		FAIL_CREATE(CL_OUT_OF_HOST_MEMORY);
	cl_program p = clCreateProgramWithSource(context, count, strings, lengths, errcode_ret);
	count_object(TXF__OBJ_PROGRAM, p);
	return p;
}

cl_program txf__fault_clCreateProgramWithBinary(const char *file, const char *caller, int line,
                                                cl_context context, cl_uint num_devices,
                                                const cl_device_id *device_list,
                                                const size_t *lengths,
                                                const unsigned char **binaries,
                                                cl_int *binary_status, cl_int *errcode_ret)
{
	if (strike(TXF__FAULT_PROGRAM, file, "clCreateProgramWithBinary", caller, line,
	           CL_OUT_OF_HOST_MEMORY))
		FAIL_CREATE(CL_OUT_OF_HOST_MEMORY);
	cl_program p = clCreateProgramWithBinary(context, num_devices, device_list, lengths,
	                                         binaries, binary_status, errcode_ret);
	count_object(TXF__OBJ_PROGRAM, p);
	return p;
}

cl_int txf__fault_clBuildProgram(const char *file, const char *caller, int line, cl_program program,
                                 cl_uint num_devices, const cl_device_id *device_list,
                                 const char *options,
                                 void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data)
{
	if (strike(TXF__FAULT_PROGRAM, file, "clBuildProgram", caller, line,
	           CL_BUILD_PROGRAM_FAILURE))
		return CL_BUILD_PROGRAM_FAILURE;
	return clBuildProgram(program, num_devices, device_list, options, pfn_notify, user_data);
}

cl_kernel txf__fault_clCreateKernel(const char *file, const char *caller, int line,
                                    cl_program program, const char *kernel_name,
                                    cl_int *errcode_ret)
{
	if (strike(TXF__FAULT_PROGRAM, file, "clCreateKernel", caller, line, CL_OUT_OF_RESOURCES))
		FAIL_CREATE(CL_OUT_OF_RESOURCES);
	cl_kernel k = clCreateKernel(program, kernel_name, errcode_ret);
	count_object(TXF__OBJ_KERNEL, k);
	return k;
}

/* An enqueue: its event, when asked for and made, joins the ledger. */
static cl_int enqueued(cl_int err, const cl_event *event)
{
	if (err == CL_SUCCESS && event)
		count_object(TXF__OBJ_EVENT, *event);
	return err;
}

cl_int txf__fault_clEnqueueNDRangeKernel(const char *file, const char *caller, int line,
                                         cl_command_queue queue, cl_kernel kernel, cl_uint work_dim,
                                         const size_t *global_work_offset,
                                         const size_t *global_work_size,
                                         const size_t *local_work_size, cl_uint num_events,
                                         const cl_event *wait_list, cl_event *event)
{
	if (strike(TXF__FAULT_ENQUEUE, file, "clEnqueueNDRangeKernel", caller, line,
	           CL_OUT_OF_RESOURCES))
		return CL_OUT_OF_RESOURCES;
	return enqueued(clEnqueueNDRangeKernel(queue, kernel, work_dim, global_work_offset,
	                                       global_work_size, local_work_size, num_events,
	                                       wait_list, event),
	                event);
}

cl_int txf__fault_clEnqueueCopyBufferRect(const char *file, const char *caller, int line,
                                          cl_command_queue queue, cl_mem src, cl_mem dst,
                                          const size_t *src_origin, const size_t *dst_origin,
                                          const size_t *region, size_t src_row_pitch,
                                          size_t src_slice_pitch, size_t dst_row_pitch,
                                          size_t dst_slice_pitch, cl_uint num_events,
                                          const cl_event *wait_list, cl_event *event)
{
	if (strike(TXF__FAULT_ENQUEUE, file, "clEnqueueCopyBufferRect", caller, line,
	           CL_MEM_OBJECT_ALLOCATION_FAILURE))
		return CL_MEM_OBJECT_ALLOCATION_FAILURE;
	return enqueued(clEnqueueCopyBufferRect(queue, src, dst, src_origin, dst_origin, region,
	                                        src_row_pitch, src_slice_pitch, dst_row_pitch,
	                                        dst_slice_pitch, num_events, wait_list, event),
	                event);
}

cl_int txf__fault_clEnqueueReadBufferRect(const char *file, const char *caller, int line,
                                          cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                          const size_t *buffer_origin, const size_t *host_origin,
                                          const size_t *region, size_t buffer_row_pitch,
                                          size_t buffer_slice_pitch, size_t host_row_pitch,
                                          size_t host_slice_pitch, void *ptr, cl_uint num_events,
                                          const cl_event *wait_list, cl_event *event)
{
	if (strike(TXF__FAULT_ENQUEUE, file, "clEnqueueReadBufferRect", caller, line,
	           CL_MEM_OBJECT_ALLOCATION_FAILURE))
		return CL_MEM_OBJECT_ALLOCATION_FAILURE;
	return enqueued(clEnqueueReadBufferRect(queue, buffer, blocking, buffer_origin, host_origin,
	                                        region, buffer_row_pitch, buffer_slice_pitch,
	                                        host_row_pitch, host_slice_pitch, ptr, num_events,
	                                        wait_list, event),
	                event);
}

cl_int txf__fault_clEnqueueWriteBufferRect(const char *file, const char *caller, int line,
                                           cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                           const size_t *buffer_origin, const size_t *host_origin,
                                           const size_t *region, size_t buffer_row_pitch,
                                           size_t buffer_slice_pitch, size_t host_row_pitch,
                                           size_t host_slice_pitch, const void *ptr,
                                           cl_uint num_events, const cl_event *wait_list,
                                           cl_event *event)
{
	if (strike(TXF__FAULT_ENQUEUE, file, "clEnqueueWriteBufferRect", caller, line,
	           CL_MEM_OBJECT_ALLOCATION_FAILURE))
		return CL_MEM_OBJECT_ALLOCATION_FAILURE;
	return enqueued(
	    clEnqueueWriteBufferRect(queue, buffer, blocking, buffer_origin, host_origin, region,
	                             buffer_row_pitch, buffer_slice_pitch, host_row_pitch,
	                             host_slice_pitch, ptr, num_events, wait_list, event),
	    event);
}

cl_int txf__fault_clEnqueueMarkerWithWaitList(const char *file, const char *caller, int line,
                                              cl_command_queue queue, cl_uint num_events,
                                              const cl_event *wait_list, cl_event *event)
{
	if (strike(TXF__FAULT_ENQUEUE, file, "clEnqueueMarkerWithWaitList", caller, line,
	           CL_OUT_OF_HOST_MEMORY))
		return CL_OUT_OF_HOST_MEMORY;
	return enqueued(clEnqueueMarkerWithWaitList(queue, num_events, wait_list, event), event);
}

cl_int txf__fault_clReleaseMemObject(const char *file, const char *caller, int line, cl_mem m)
{
	(void)file, (void)caller, (void)line;
	return count_release(TXF__OBJ_MEM, clReleaseMemObject(m));
}

cl_int txf__fault_clReleaseProgram(const char *file, const char *caller, int line, cl_program p)
{
	(void)file, (void)caller, (void)line;
	return count_release(TXF__OBJ_PROGRAM, clReleaseProgram(p));
}

cl_int txf__fault_clReleaseKernel(const char *file, const char *caller, int line, cl_kernel k)
{
	(void)file, (void)caller, (void)line;
	return count_release(TXF__OBJ_KERNEL, clReleaseKernel(k));
}

cl_int txf__fault_clRetainEvent(const char *file, const char *caller, int line, cl_event e)
{
	(void)file, (void)caller, (void)line;
	return count_retain(TXF__OBJ_EVENT, clRetainEvent(e));
}

cl_int txf__fault_clReleaseEvent(const char *file, const char *caller, int line, cl_event e)
{
	(void)file, (void)caller, (void)line;
	return count_release(TXF__OBJ_EVENT, clReleaseEvent(e));
}

cl_int txf__fault_clRetainContext(const char *file, const char *caller, int line, cl_context c)
{
	(void)file, (void)caller, (void)line;
	return count_retain(TXF__OBJ_CONTEXT, clRetainContext(c));
}

cl_int txf__fault_clReleaseContext(const char *file, const char *caller, int line, cl_context c)
{
	(void)file, (void)caller, (void)line;
	return count_release(TXF__OBJ_CONTEXT, clReleaseContext(c));
}

cl_int txf__fault_clRetainCommandQueue(const char *file, const char *caller, int line,
                                       cl_command_queue q)
{
	(void)file, (void)caller, (void)line;
	return count_retain(TXF__OBJ_QUEUE, clRetainCommandQueue(q));
}

cl_int txf__fault_clReleaseCommandQueue(const char *file, const char *caller, int line,
                                        cl_command_queue q)
{
	(void)file, (void)caller, (void)line;
	return count_release(TXF__OBJ_QUEUE, clReleaseCommandQueue(q));
}
