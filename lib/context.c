/* Contexts: created for a chosen device or wrapping the caller's objects. */
#include "txf_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void txf_context_options_default(txf_context_options *opts)
{
	if (!opts)
		return;
	memset(opts, 0, sizeof *opts);
	opts->struct_size = sizeof *opts;
	opts->profiling = 1;
	opts->binary_cache = 1;
	opts->tuning = 1;
}

/* Find the cache directory and check that the binary cache may use it. A
 * cache that cannot be used is a warning, never an error: the library works
 * without one. */
static txf_status caches_init(txf_context *c, const txf_context_options *opts)
{
	bool binary = (!opts || opts->binary_cache) && !txf__env_off("TXF_BINARY_CACHE");
	c->cache_root = txf__cache_root(opts ? opts->cache_dir : NULL);
	if (!c->cache_root) {
		if (binary)
			txf__log(TXF__LOG_WARN,
			         "no cache directory (neither TXF_CACHE_DIR, "
			         "XDG_CACHE_HOME nor HOME is set): binary cache off");
		return TXF_SUCCESS;
	}
	if (!binary)
		return TXF_SUCCESS;
	char why[256];
	char *dir = txf__path_join(c->cache_root, "programs");
	if (!dir)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory naming the cache");
	if (txf__private_dir(c->cache_root, true, why, sizeof why) &&
	    txf__private_dir(dir, true, why, sizeof why)) {
		c->program_dir = dir;
	} else {
		txf__log(TXF__LOG_WARN, "binary cache off: %s is not safe to use: %s", dir, why);
		free(dir);
	}
	return TXF_SUCCESS;
}

static txf_status context_init(txf_context *c, const txf_context_options *opts)
{
	if (pthread_mutex_init(&c->lock, NULL) != 0)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "could not create a mutex");
	if (pthread_mutex_init(&c->events_lock, NULL) != 0) {
		pthread_mutex_destroy(&c->lock);
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "could not create a mutex");
	}
	c->programs = txf__program_cache_new();
	c->pool = txf__pool_new();
	if (!c->programs || !c->pool)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory creating the program cache");
	if (opts)
		c->kernel_path_only = opts->kernel_path_only != 0;
	if (opts && opts->kernel_path) {
		c->kernel_path = strdup(opts->kernel_path);
		if (!c->kernel_path)
			return txf__fail(TXF_ERR_OUT_OF_MEMORY,
			                 "out of memory copying kernel_path");
	}
	txf_status s = txf__profile_read(c->device, &c->profile);
	if (clGetDeviceInfo(c->device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof c->global_cache,
	                    &c->global_cache, NULL) != CL_SUCCESS)
		c->global_cache = 0;
	c->keep_events = c->profile.vendor == TXF_VENDOR_POCL;
	c->no_reqd_wg = txf__pocl_handle_cache_flaw(&c->profile);
	if (s == TXF_SUCCESS)
		s = caches_init(c, opts);
	if (s == TXF_SUCCESS)
		s = txf__tuning_init(c, opts);
	return s;
}

static txf_context *context_alloc(void)
{
	txf_context *c = calloc(1, sizeof *c);
	return c;
}

txf_status txf_context_create(txf_context **ctx, const txf_context_options *opts)
{
	TXF_CHECK_ARG(ctx, TXF_ERR_NULL_ARG, "txf_context_create: ctx must not be NULL");
	*ctx = NULL;
	TXF_CHECK_ARG(!opts || opts->struct_size == sizeof *opts, TXF_ERR_INVALID_ARG,
	              "context options: struct_size is %zu, not %zu (fill them with "
	              "txf_context_options_default first)",
	              opts->struct_size, sizeof *opts);
	txf_context_options def;
	if (!opts) {
		txf_context_options_default(&def);
		opts = &def;
	}
	cl_platform_id plat;
	cl_device_id dev;
	txf_status s = txf__select_device(opts->device, &plat, &dev);
	if (s != TXF_SUCCESS)
		return s;
	txf_context *c = context_alloc();
	if (!c)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory creating a context");
	c->device = dev;
	cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
	cl_int err;
	c->cl_ctx = clCreateContext(props, 1, &dev, NULL, NULL, &err);
	if (!c->cl_ctx) {
		free(c);
		return txf__fail_cl(err, "clCreateContext");
	}
	c->queue_profiling = opts->profiling != 0;
	c->queue_in_order = true;
	c->queue = clCreateCommandQueue(c->cl_ctx, dev,
	                                c->queue_profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &err);
	if (!c->queue) {
		s = txf__fail_cl(err, "clCreateCommandQueue");
		txf_context_release(&c);
		return s;
	}
	s = context_init(c, opts);
	if (s != TXF_SUCCESS) {
		txf_context_release(&c);
		return s;
	}
	*ctx = c;
	return TXF_SUCCESS;
}

txf_status txf_context_wrap(txf_context **ctx, cl_context context, cl_device_id device,
                            cl_command_queue queue, const txf_context_options *opts)
{
	TXF_CHECK_ARG(ctx, TXF_ERR_NULL_ARG, "txf_context_wrap: ctx must not be NULL");
	*ctx = NULL;
	TXF_CHECK_ARG(context && device && queue, TXF_ERR_NULL_ARG,
	              "txf_context_wrap: context, device and queue must not be NULL");
	TXF_CHECK_ARG(!opts || opts->struct_size == sizeof *opts, TXF_ERR_INVALID_ARG,
	              "context options: struct_size is %zu, not %zu (fill them with "
	              "txf_context_options_default first)",
	              opts->struct_size, sizeof *opts);
	cl_context qctx = NULL;
	cl_device_id qdev = NULL;
	cl_command_queue_properties qprops = 0;
	cl_int err = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof qctx, &qctx, NULL);
	if (err == CL_SUCCESS)
		err = clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof qdev, &qdev, NULL);
	if (err == CL_SUCCESS)
		err =
		    clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, sizeof qprops, &qprops, NULL);
	if (err != CL_SUCCESS)
		return txf__fail_cl(err, "clGetCommandQueueInfo (txf_context_wrap)");
	TXF_CHECK_ARG(
	    qctx == context && qdev == device, TXF_ERR_INVALID_ARG,
	    "txf_context_wrap: the queue does not belong to the given context and device");
	txf_context *c = context_alloc();
	if (!c)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory creating a context");
	clRetainContext(context);
	clRetainCommandQueue(queue);
	c->cl_ctx = context;
	c->device = device;
	c->queue = queue;
	c->queue_profiling = (qprops & CL_QUEUE_PROFILING_ENABLE) != 0;
	c->queue_in_order = (qprops & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) == 0;
	txf_status s = context_init(c, opts);
	if (s != TXF_SUCCESS) {
		txf_context_release(&c);
		return s;
	}
	*ctx = c;
	return TXF_SUCCESS;
}

void txf_context_release(txf_context **ctx)
{
	if (!ctx || !*ctx)
		return;
	txf_context *c = *ctx;
	txf__pool_release(c->pool);
	txf__events_release(c);
	if (c->programs) {
		txf__program_cache_free(c->programs);
		pthread_mutex_destroy(&c->lock);
		pthread_mutex_destroy(&c->events_lock);
	}
	if (c->queue)
		clReleaseCommandQueue(c->queue);
	if (c->cl_ctx)
		clReleaseContext(c->cl_ctx);
	free(c->kernel_path);
	free(c->cache_root);
	free(c->program_dir);
	txf__tuning_free(c);
	free(c);
	*ctx = NULL;
}

cl_context txf_context_cl_context(const txf_context *ctx)
{
	return ctx ? ctx->cl_ctx : NULL;
}

cl_device_id txf_context_device(const txf_context *ctx)
{
	return ctx ? ctx->device : NULL;
}

cl_command_queue txf_context_queue(const txf_context *ctx)
{
	return ctx ? ctx->queue : NULL;
}

/* The preferred work-group multiple is a property of a compiled kernel;
 * a one-line probe kernel stands for a typical one. */
static txf_status probe_multiple(txf_context *c, size_t *multiple)
{
	static const char *src = "__kernel void txf_probe(__global int *p)"
	                         "{ p[get_global_id(0)] = (int)get_local_id(0); }";
	cl_int err;
	cl_program prog = clCreateProgramWithSource(c->cl_ctx, 1, &src, NULL, &err);
	if (!prog)
		return txf__fail_cl(err, "clCreateProgramWithSource (probe)");
	err = clBuildProgram(prog, 1, &c->device, "", NULL, NULL);
	if (err == CL_BUILD_PROGRAM_FAILURE) {
		clReleaseProgram(prog);
		return txf__fail(TXF_ERR_BUILD_FAILED, "building the probe kernel failed: %s (%d)",
		                 txf__cl_error_name(err), (int)err);
	}
	cl_kernel k = NULL;
	if (err == CL_SUCCESS)
		k = clCreateKernel(prog, "txf_probe", &err);
	if (k)
		err = clGetKernelWorkGroupInfo(k, c->device,
		                               CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
		                               sizeof *multiple, multiple, NULL);
	if (k)
		clReleaseKernel(k);
	clReleaseProgram(prog);
	if (err != CL_SUCCESS)
		return txf__fail_cl(err, "probing the preferred work-group multiple");
	return TXF_SUCCESS;
}

txf_status txf_context_profile(txf_context *ctx, txf_device_profile *out)
{
	TXF_CHECK_ARG(ctx && out, TXF_ERR_NULL_ARG,
	              "txf_context_profile: ctx and out must not be NULL");
	pthread_mutex_lock(&ctx->lock);
	txf_status s = TXF_SUCCESS;
	if (!ctx->multiple_known) {
		size_t m = 0;
		s = probe_multiple(ctx, &m);
		if (s == TXF_SUCCESS) {
			ctx->profile.preferred_multiple = m;
			ctx->multiple_known = true;
		}
	}
	if (s == TXF_SUCCESS)
		*out = ctx->profile;
	pthread_mutex_unlock(&ctx->lock);
	return s;
}

txf_status txf_context_stats_get(txf_context *ctx, txf_context_stats *out)
{
	TXF_CHECK_ARG(ctx && out, TXF_ERR_NULL_ARG,
	              "txf_context_stats_get: ctx and out must not be NULL");
	memset(out, 0, sizeof *out);
	pthread_mutex_lock(&ctx->lock);
	out->programs_loaded = ctx->programs_loaded;
	out->programs_stored = ctx->programs_stored;
	out->cache_rejected = ctx->cache_rejected;
	out->programs_built = txf__program_builds(ctx) - ctx->programs_loaded;
	out->tuned = ctx->tuning != NULL && ctx->tuning_enabled;
	if (ctx->tuning_path)
		snprintf(out->tuning_file, sizeof out->tuning_file, "%s", ctx->tuning_path);
	pthread_mutex_unlock(&ctx->lock);
	out->binary_cache = ctx->program_dir != NULL;
	if (ctx->program_dir)
		snprintf(out->cache_dir, sizeof out->cache_dir, "%s", ctx->program_dir);
	return TXF_SUCCESS;
}
