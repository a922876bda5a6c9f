/* Enqueueing kernels and joining an operation's events into one. */
#include "txf_internal.h"

#include <stdlib.h>

txf_status txf__check_wait_list(cl_uint num_wait, const cl_event *wait)
{
	if ((num_wait == 0) != (wait == NULL))
		return txf__fail(TXF_ERR_BAD_WAIT_LIST,
		                 "wait list has num_wait = %u but the pointer is %s",
		                 (unsigned)num_wait, wait ? "not NULL" : "NULL");
	for (cl_uint i = 0; i < num_wait; i++)
		if (!wait[i])
			return txf__fail(TXF_ERR_BAD_WAIT_LIST, "wait list entry %u is NULL",
			                 (unsigned)i);
	return TXF_SUCCESS;
}

txf_status txf__set_args(cl_kernel k, unsigned n, const size_t *sizes, const void *const *values)
{
	for (unsigned i = 0; i < n; i++) {
		cl_int err = clSetKernelArg(k, i, sizes[i], values[i]);
		if (err != CL_SUCCESS)
			return txf__fail(TXF_ERR_OPENCL, "clSetKernelArg(%u) failed: %s (%d)", i,
			                 txf__cl_error_name(err), (int)err);
	}
	return TXF_SUCCESS;
}

/* A kept event, and whether a sweep has already seen it finished. */
struct txf__held_event {
	cl_event event;
	bool seen_finished;
};

static bool finished(cl_event ev)
{
	cl_int st = CL_QUEUED;
	if (clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL) !=
	    CL_SUCCESS)
		return true; /* an event the driver no longer answers for */
	return st <= CL_COMPLETE;
}

/* Release the kept events that were seen finished by an earlier sweep: the
 * driver's thread that finished one may still be inside the code that
 * walks its dependants, so a reference is dropped one sweep later. Called
 * with events_lock held. */
static void sweep(txf_context *ctx)
{
	size_t kept = 0;
	for (size_t i = 0; i < ctx->held_count; i++) {
		struct txf__held_event h = ctx->held[i];
		if (h.seen_finished) {
			clReleaseEvent(h.event);
			continue;
		}
		h.seen_finished = finished(h.event);
		ctx->held[kept++] = h;
	}
	ctx->held_count = kept;
}

void txf__event_done(txf_context *ctx, cl_event ev)
{
	if (!ev)
		return;
	if (!ctx->keep_events) {
		clReleaseEvent(ev);
		return;
	}
	pthread_mutex_lock(&ctx->events_lock);
	sweep(ctx);
	if (ctx->held_count == ctx->held_cap) {
		size_t cap = ctx->held_cap ? 2 * ctx->held_cap : 64;
		struct txf__held_event *h = realloc(ctx->held, cap * sizeof *h);
		if (h) {
			ctx->held = h;
			ctx->held_cap = cap;
		}
	}
	if (ctx->held_count < ctx->held_cap) {
		ctx->held[ctx->held_count].event = ev;
		ctx->held[ctx->held_count].seen_finished = false;
		ctx->held_count++;
		ev = NULL;
	}
	pthread_mutex_unlock(&ctx->events_lock);
	if (ev) /* out of memory: no worse than not keeping it */
		clReleaseEvent(ev);
}

void txf__events_release(txf_context *ctx)
{
	for (size_t i = 0; i < ctx->held_count; i++)
		clReleaseEvent(ctx->held[i].event);
	free(ctx->held);
	ctx->held = NULL;
	ctx->held_count = ctx->held_cap = 0;
}

size_t txf__events_kept(txf_context *ctx)
{
	pthread_mutex_lock(&ctx->events_lock);
	size_t n = ctx->held_count;
	pthread_mutex_unlock(&ctx->events_lock);
	return n;
}

cl_event *txf__event_slot(txf_context *ctx, cl_event *out, cl_event *local)
{
	*local = NULL;
	return out ? out : ctx->keep_events ? local : NULL;
}

void txf__event_kept(txf_context *ctx, cl_event *out, cl_event local)
{
	if (local) {
		txf__event_done(ctx, local);
	} else if (ctx->keep_events && out && *out) {
		clRetainEvent(*out);
		txf__event_done(ctx, *out);
	}
}

txf_status txf__enqueue(txf_context *ctx, cl_kernel k, cl_uint dims, const size_t *global,
                        const size_t *local, cl_uint num_wait, const cl_event *wait,
                        cl_event *event)
{
	cl_event own;
	cl_int err = clEnqueueNDRangeKernel(ctx->queue, k, dims, NULL, global, local, num_wait,
	                                    num_wait ? wait : NULL,
	                                    event ? event : txf__event_slot(ctx, NULL, &own));
	if (err != CL_SUCCESS)
		return txf__fail_cl(err, "clEnqueueNDRangeKernel");
	if (!event)
		txf__event_done(ctx, own);
	return TXF_SUCCESS;
}

txf_status txf__join_events(txf_context *ctx, const cl_event *evs, cl_uint n, cl_event *out)
{
	if (!out || n == 0)
		return TXF_SUCCESS;
	if (n == 1 || ctx->queue_in_order) {
		/* One launch, or the last command of an in-order queue, which ends
		 * after all the others; its event also keeps the profiling times a
		 * marker may lack. */
		clRetainEvent(evs[n - 1]);
		*out = evs[n - 1];
		return TXF_SUCCESS;
	}
	cl_int err = clEnqueueMarkerWithWaitList(ctx->queue, n, evs, out);
	if (err != CL_SUCCESS)
		return txf__fail_cl(err, "clEnqueueMarkerWithWaitList");
	txf__event_kept(ctx, out, NULL);
	return TXF_SUCCESS;
}

txf_status txf__empty_operation(txf_context *ctx, cl_uint num_wait, const cl_event *wait,
                                cl_event *out)
{
	if (!out)
		return TXF_SUCCESS;
	cl_int err = clEnqueueMarkerWithWaitList(ctx->queue, num_wait, num_wait ? wait : NULL, out);
	if (err != CL_SUCCESS)
		return txf__fail_cl(err, "clEnqueueMarkerWithWaitList");
	txf__event_kept(ctx, out, NULL);
	return TXF_SUCCESS;
}

txf_status txf__gate_open(txf_context *ctx, cl_uint num_wait, const cl_event *wait, txf__gate *gate)
{
	cl_int err;
	gate->merged = malloc(((size_t)num_wait + 1) * sizeof *gate->merged);
	if (!gate->merged)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory for a wait list");
	gate->event = clCreateUserEvent(ctx->cl_ctx, &err);
	if (!gate->event) {
		free(gate->merged);
		gate->merged = NULL;
		return txf__fail_cl(err, "clCreateUserEvent");
	}
	for (cl_uint i = 0; i < num_wait; i++)
		gate->merged[i] = wait[i];
	gate->merged[num_wait] = gate->event;
	gate->count = num_wait + 1;
	return TXF_SUCCESS;
}

void txf__gate_close(txf__gate *gate, bool release)
{
	if (!gate->event)
		return;
	/* A negative status ends the commands that wait on the gate unrun. */
	clSetUserEventStatus(gate->event, release ? CL_COMPLETE : CL_INVALID_OPERATION);
	clReleaseEvent(gate->event);
	free(gate->merged);
	gate->event = NULL;
	gate->merged = NULL;
}

void txf__untiled_geometry(txf_context *ctx, cl_kernel k, size_t rows, size_t cols, size_t local[2],
                           size_t global[2])
{
	size_t max = 0;
	if (clGetKernelWorkGroupInfo(k, ctx->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof max, &max,
	                             NULL) != CL_SUCCESS ||
	    max == 0)
		max = 1;
	local[0] = 16;
	local[1] = 16;
	while (local[0] * local[1] > max || local[1] > ctx->profile.max_work_item_sizes[1])
		local[1] > 1 ? (local[1] /= 2) : (local[0] /= 2);
	while (local[0] > ctx->profile.max_work_item_sizes[0])
		local[0] /= 2;
	global[0] = txf__round_up(cols, local[0]);
	global[1] = txf__round_up(rows, local[1]);
}
