/* Status codes, their names and messages, and the per-thread failure detail. */
#include "txf_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *txf_version(void)
{
	return TXF_VERSION_STRING; /* tiledxform_version.h */
}

const char *txf_status_name(txf_status s)
{
	switch (s) {
#define TXF_X_NAME(name, value, msg) \
	case name:                   \
		return #name;
		TXF_STATUS_LIST(TXF_X_NAME)
#undef TXF_X_NAME
	}
	return "TXF_UNKNOWN_STATUS";
}

const char *txf_status_message(txf_status s)
{
	switch (s) {
#define TXF_X_MSG(name, value, msg) \
	case name:                  \
		return msg;
		TXF_STATUS_LIST(TXF_X_MSG)
#undef TXF_X_MSG
	}
	return "unknown status";
}

static _Thread_local char last_error[1024];

/* Build logs can be long, so each thread keeps a heap copy that is freed
 * when the thread exits. */
static pthread_key_t build_log_key;
static pthread_once_t build_log_once = PTHREAD_ONCE_INIT;

static void build_log_key_init(void)
{
	(void)pthread_key_create(&build_log_key, free);
}

const char *txf_last_error(void)
{
	return last_error;
}

const char *txf_last_build_log(void)
{
	pthread_once(&build_log_once, build_log_key_init);
	const char *log = pthread_getspecific(build_log_key);
	return log ? log : "";
}

void txf__set_build_log(const char *log)
{
	pthread_once(&build_log_once, build_log_key_init);
	free(pthread_getspecific(build_log_key));
	char *copy = NULL;
	if (log) {
		size_t n = strlen(log);
		copy = malloc(n + 1);
		if (copy)
			memcpy(copy, log, n + 1);
	}
	(void)pthread_setspecific(build_log_key, copy);
}

void txf__clear_error(void)
{
	last_error[0] = '\0';
}

txf_status txf__fail(txf_status s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(last_error, sizeof last_error, fmt, ap);
	va_end(ap);
	return s;
}

const char *txf__cl_error_name(cl_int err)
{
	switch (err) {
#define E(x)    \
	case x: \
		return #x;
		E(CL_SUCCESS)
		E(CL_DEVICE_NOT_FOUND)
		E(CL_DEVICE_NOT_AVAILABLE)
		E(CL_COMPILER_NOT_AVAILABLE)
		E(CL_MEM_OBJECT_ALLOCATION_FAILURE)
		E(CL_OUT_OF_RESOURCES)
		E(CL_OUT_OF_HOST_MEMORY)
		E(CL_PROFILING_INFO_NOT_AVAILABLE)
		E(CL_MEM_COPY_OVERLAP)
		E(CL_IMAGE_FORMAT_MISMATCH)
		E(CL_IMAGE_FORMAT_NOT_SUPPORTED)
		E(CL_BUILD_PROGRAM_FAILURE)
		E(CL_MAP_FAILURE)
		E(CL_MISALIGNED_SUB_BUFFER_OFFSET)
		E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
		E(CL_COMPILE_PROGRAM_FAILURE)
		E(CL_LINKER_NOT_AVAILABLE)
		E(CL_LINK_PROGRAM_FAILURE)
		E(CL_DEVICE_PARTITION_FAILED)
		E(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
		E(CL_INVALID_VALUE)
		E(CL_INVALID_DEVICE_TYPE)
		E(CL_INVALID_PLATFORM)
		E(CL_INVALID_DEVICE)
		E(CL_INVALID_CONTEXT)
		E(CL_INVALID_QUEUE_PROPERTIES)
		E(CL_INVALID_COMMAND_QUEUE)
		E(CL_INVALID_HOST_PTR)
		E(CL_INVALID_MEM_OBJECT)
		E(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
		E(CL_INVALID_IMAGE_SIZE)
		E(CL_INVALID_SAMPLER)
		E(CL_INVALID_BINARY)
		E(CL_INVALID_BUILD_OPTIONS)
		E(CL_INVALID_PROGRAM)
		E(CL_INVALID_PROGRAM_EXECUTABLE)
		E(CL_INVALID_KERNEL_NAME)
		E(CL_INVALID_KERNEL_DEFINITION)
		E(CL_INVALID_KERNEL)
		E(CL_INVALID_ARG_INDEX)
		E(CL_INVALID_ARG_VALUE)
		E(CL_INVALID_ARG_SIZE)
		E(CL_INVALID_KERNEL_ARGS)
		E(CL_INVALID_WORK_DIMENSION)
		E(CL_INVALID_WORK_GROUP_SIZE)
		E(CL_INVALID_WORK_ITEM_SIZE)
		E(CL_INVALID_GLOBAL_OFFSET)
		E(CL_INVALID_EVENT_WAIT_LIST)
		E(CL_INVALID_EVENT)
		E(CL_INVALID_OPERATION)
		E(CL_INVALID_GL_OBJECT)
		E(CL_INVALID_BUFFER_SIZE)
		E(CL_INVALID_MIP_LEVEL)
		E(CL_INVALID_GLOBAL_WORK_SIZE)
		E(CL_INVALID_PROPERTY)
		E(CL_INVALID_IMAGE_DESCRIPTOR)
		E(CL_INVALID_COMPILER_OPTIONS)
		E(CL_INVALID_LINKER_OPTIONS)
		E(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef E
	}
	return "CL_UNKNOWN_ERROR";
}

txf_status txf__fail_cl(cl_int err, const char *what)
{
	txf_status s = err == CL_OUT_OF_HOST_MEMORY ? TXF_ERR_OUT_OF_MEMORY : TXF_ERR_OPENCL;
	return txf__fail(s, "%s failed: %s (%d)", what, txf__cl_error_name(err), (int)err);
}
