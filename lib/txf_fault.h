/* Injected faults, for tests only (meson option fault_injection).
 *
 * In a library built with -DTXF_FAULT_INJECTION every OpenCL call of lib/
 * that creates an object, builds a program or enqueues a command goes
 * through a wrapper in fault.c (txf_internal.h redirects the names), and so
 * do the retains and releases. A wrapper counts the calls of its class and
 * can make the Nth one fail with a realistic error, without calling the
 * driver. The wrappers also keep a ledger of the OpenCL objects the library
 * holds, so a test can tell whether a failure leaked one.
 *
 * A library built without the option has none of this: no wrapper, no
 * symbol, no cost. */
#ifndef TXF_FAULT_H
#define TXF_FAULT_H

#include "tiledxform.h"

#if defined(__GNUC__)
#define TXF__FAULT_API __attribute__((visibility("default")))
#else
#define TXF__FAULT_API
#endif

typedef enum txf__fault_class {
	/* clCreateBuffer, clCreateSubBuffer, clCreateUserEvent,
	 * clCreateContext, clCreateCommandQueue */
	TXF__FAULT_ALLOC = 0,
	/* clCreateProgramWithSource, clCreateProgramWithBinary, clBuildProgram,
	 * clCreateKernel */
	TXF__FAULT_PROGRAM,
	/* clEnqueueNDRangeKernel, clEnqueueCopyBufferRect,
	 * clEnqueueReadBufferRect, clEnqueueWriteBufferRect,
	 * clEnqueueMarkerWithWaitList */
	TXF__FAULT_ENQUEUE,
	TXF__FAULT_CLASS_COUNT
} txf__fault_class;

/* Kinds of OpenCL objects in the ledger. */
typedef enum txf__fault_object {
	TXF__OBJ_MEM = 0,
	TXF__OBJ_PROGRAM,
	TXF__OBJ_KERNEL,
	TXF__OBJ_EVENT,
	TXF__OBJ_CONTEXT,
	TXF__OBJ_QUEUE,
	TXF__OBJ_COUNT
} txf__fault_object;

/* Count the calls of class c from zero again and make the nth from now fail
 * (n = 1 is the next call); n = 0 only counts. */
TXF__FAULT_API void txf__fault_set(txf__fault_class c, unsigned long n);
/* Calls of class c since its last txf__fault_set (or txf__fault_reset). */
TXF__FAULT_API unsigned long txf__fault_count(txf__fault_class c);
/* Every class back to counting from zero, nothing armed, nothing fired. */
TXF__FAULT_API void txf__fault_reset(void);
/* Faults fired since the last reset. */
TXF__FAULT_API unsigned long txf__fault_fired(void);
/* The last fault fired: the OpenCL function, the source file, function and
 * line of the call, and the error returned. 0 when none has fired since the
 * last reset. */
TXF__FAULT_API int txf__fault_last(const char **cl_function, const char **file, const char **caller,
                                   int *line, cl_int *error);
/* Objects the library has created or retained and not yet released. */
TXF__FAULT_API long txf__fault_live(txf__fault_object kind);
TXF__FAULT_API const char *txf__fault_class_name(txf__fault_class c);
TXF__FAULT_API const char *txf__fault_object_name(txf__fault_object kind);

/* The wrappers: the library's calls reach these through the macros in
 * txf_internal.h with the calling function and line in front. */
#define TXF__FAULT_SITE const char *txf__file, const char *txf__caller, int txf__line
TXF__FAULT_API cl_mem txf__fault_clCreateBuffer(TXF__FAULT_SITE, cl_context context,
                                                cl_mem_flags flags, size_t size, void *host_ptr,
                                                cl_int *errcode_ret);
TXF__FAULT_API cl_mem txf__fault_clCreateSubBuffer(TXF__FAULT_SITE, cl_mem buffer,
                                                   cl_mem_flags flags, cl_buffer_create_type type,
                                                   const void *info, cl_int *errcode_ret);
TXF__FAULT_API cl_event txf__fault_clCreateUserEvent(TXF__FAULT_SITE, cl_context context,
                                                     cl_int *errcode_ret);
TXF__FAULT_API cl_context txf__fault_clCreateContext(
    TXF__FAULT_SITE, const cl_context_properties *properties, cl_uint num_devices,
    const cl_device_id *devices,
    void(CL_CALLBACK *pfn_notify)(const char *, const void *, size_t, void *), void *user_data,
    cl_int *errcode_ret);
TXF__FAULT_API cl_command_queue txf__fault_clCreateCommandQueue(TXF__FAULT_SITE, cl_context context,
                                                                cl_device_id device,
                                                                cl_command_queue_properties props,
                                                                cl_int *errcode_ret);
TXF__FAULT_API cl_program txf__fault_clCreateProgramWithSource(TXF__FAULT_SITE, cl_context context,
                                                               cl_uint count, const char **strings,
                                                               const size_t *lengths,
                                                               cl_int *errcode_ret);
TXF__FAULT_API cl_program txf__fault_clCreateProgramWithBinary(
    TXF__FAULT_SITE, cl_context context, cl_uint num_devices, const cl_device_id *device_list,
    const size_t *lengths, const unsigned char **binaries, cl_int *binary_status,
    cl_int *errcode_ret);
TXF__FAULT_API cl_int txf__fault_clBuildProgram(
    TXF__FAULT_SITE, cl_program program, cl_uint num_devices, const cl_device_id *device_list,
    const char *options, void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data);
TXF__FAULT_API cl_kernel txf__fault_clCreateKernel(TXF__FAULT_SITE, cl_program program,
                                                   const char *kernel_name, cl_int *errcode_ret);
TXF__FAULT_API cl_int txf__fault_clEnqueueNDRangeKernel(
    TXF__FAULT_SITE, cl_command_queue queue, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size, const size_t *local_work_size,
    cl_uint num_events, const cl_event *wait_list, cl_event *event);
TXF__FAULT_API cl_int txf__fault_clEnqueueCopyBufferRect(
    TXF__FAULT_SITE, cl_command_queue queue, cl_mem src, cl_mem dst, const size_t *src_origin,
    const size_t *dst_origin, const size_t *region, size_t src_row_pitch, size_t src_slice_pitch,
    size_t dst_row_pitch, size_t dst_slice_pitch, cl_uint num_events, const cl_event *wait_list,
    cl_event *event);
TXF__FAULT_API cl_int txf__fault_clEnqueueReadBufferRect(
    TXF__FAULT_SITE, cl_command_queue queue, cl_mem buffer, cl_bool blocking,
    const size_t *buffer_origin, const size_t *host_origin, const size_t *region,
    size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
    size_t host_slice_pitch, void *ptr, cl_uint num_events, const cl_event *wait_list,
    cl_event *event);
TXF__FAULT_API cl_int txf__fault_clEnqueueWriteBufferRect(
    TXF__FAULT_SITE, cl_command_queue queue, cl_mem buffer, cl_bool blocking,
    const size_t *buffer_origin, const size_t *host_origin, const size_t *region,
    size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
    size_t host_slice_pitch, const void *ptr, cl_uint num_events, const cl_event *wait_list,
    cl_event *event);
TXF__FAULT_API cl_int txf__fault_clEnqueueMarkerWithWaitList(TXF__FAULT_SITE,
                                                             cl_command_queue queue,
                                                             cl_uint num_events,
                                                             const cl_event *wait_list,
                                                             cl_event *event);
TXF__FAULT_API cl_int txf__fault_clReleaseMemObject(TXF__FAULT_SITE, cl_mem m);
TXF__FAULT_API cl_int txf__fault_clReleaseProgram(TXF__FAULT_SITE, cl_program p);
TXF__FAULT_API cl_int txf__fault_clReleaseKernel(TXF__FAULT_SITE, cl_kernel k);
TXF__FAULT_API cl_int txf__fault_clRetainEvent(TXF__FAULT_SITE, cl_event e);
TXF__FAULT_API cl_int txf__fault_clReleaseEvent(TXF__FAULT_SITE, cl_event e);
TXF__FAULT_API cl_int txf__fault_clRetainContext(TXF__FAULT_SITE, cl_context c);
TXF__FAULT_API cl_int txf__fault_clReleaseContext(TXF__FAULT_SITE, cl_context c);
TXF__FAULT_API cl_int txf__fault_clRetainCommandQueue(TXF__FAULT_SITE, cl_command_queue q);
TXF__FAULT_API cl_int txf__fault_clReleaseCommandQueue(TXF__FAULT_SITE, cl_command_queue q);
#undef TXF__FAULT_SITE

#endif
