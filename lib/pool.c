/* Pool of device buffers for temporaries (PADCOPY's padded operands).
 *
 * A buffer taken from the pool is busy until it is given back: at once where
 * the context's queue is in order (its later commands run after the
 * operation's), else when the event of the operation that used it
 * completes, through an event callback. The pool is reference
 * counted: the context holds one reference and every busy buffer another, so
 * a callback that runs after the context was released still finds it. */
#include "txf_internal.h"

#include <stdlib.h>

typedef struct pool_entry {
	cl_mem mem;
	size_t size;
	bool busy;
} pool_entry;

struct txf__pool {
	pthread_mutex_t lock;
	unsigned refs;
	pool_entry *entries;
	size_t count, cap;
	unsigned long created; /* buffers allocated so far (for tests) */
};

struct txf__pool_ticket {
	txf__pool *pool;
	cl_mem mem;
};

txf__pool *txf__pool_new(void)
{
	txf__pool *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	if (pthread_mutex_init(&p->lock, NULL) != 0) {
		free(p);
		return NULL;
	}
	p->refs = 1;
	return p;
}

static void pool_unref(txf__pool *p)
{
	pthread_mutex_lock(&p->lock);
	bool last = --p->refs == 0;
	pthread_mutex_unlock(&p->lock);
	if (!last)
		return;
	for (size_t i = 0; i < p->count; i++)
		clReleaseMemObject(p->entries[i].mem);
	free(p->entries);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

void txf__pool_release(txf__pool *p)
{
	if (p)
		pool_unref(p);
}

unsigned long txf__pool_created(txf__pool *p)
{
	pthread_mutex_lock(&p->lock);
	unsigned long n = p->created;
	pthread_mutex_unlock(&p->lock);
	return n;
}

txf_status txf__pool_acquire(txf_context *ctx, size_t size, cl_mem *mem, txf__pool_ticket **ticket)
{
	txf__pool *p = ctx->pool;
	txf__pool_ticket *t = malloc(sizeof *t);
	if (!t)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory taking a workspace");
	pthread_mutex_lock(&p->lock);
	/* The smallest idle buffer that is large enough. */
	pool_entry *best = NULL;
	for (size_t i = 0; i < p->count; i++) {
		pool_entry *e = &p->entries[i];
		if (!e->busy && e->size >= size && (!best || e->size < best->size))
			best = e;
	}
	if (!best) {
		if (p->count == p->cap) {
			size_t nc = p->cap ? p->cap * 2 : 4;
			pool_entry *g = realloc(p->entries, nc * sizeof *g);
			if (!g) {
				pthread_mutex_unlock(&p->lock);
				free(t);
				return txf__fail(TXF_ERR_OUT_OF_MEMORY,
				                 "out of memory growing the pool");
			}
			p->entries = g;
			p->cap = nc;
		}
		cl_int err;
		cl_mem m = clCreateBuffer(ctx->cl_ctx, CL_MEM_READ_WRITE, size, NULL, &err);
		if (!m) {
			pthread_mutex_unlock(&p->lock);
			free(t);
			return txf__fail_cl(err, "clCreateBuffer (workspace)");
		}
		best = &p->entries[p->count++];
		*best = (pool_entry){m, size, false};
		p->created++;
	}
	best->busy = true;
	p->refs++;
	/* Read under the lock: another thread's realloc may move entries. */
	t->pool = p;
	t->mem = best->mem;
	pthread_mutex_unlock(&p->lock);
	*mem = t->mem;
	*ticket = t;
	return TXF_SUCCESS;
}

void txf__pool_give_back(txf__pool_ticket *t)
{
	if (!t)
		return;
	txf__pool *p = t->pool;
	pthread_mutex_lock(&p->lock);
	for (size_t i = 0; i < p->count; i++)
		if (p->entries[i].mem == t->mem)
			p->entries[i].busy = false;
	pthread_mutex_unlock(&p->lock);
	pool_unref(p);
	free(t);
}

static void CL_CALLBACK on_complete(cl_event ev, cl_int status, void *data)
{
	(void)ev;
	(void)status; /* completed or failed: the buffer is free either way */
	txf__pool_give_back(data);
}

void txf__pool_give_back_after(txf__pool_ticket *t, cl_event ev)
{
	if (clSetEventCallback(ev, CL_COMPLETE, on_complete, t) != CL_SUCCESS) {
		/* Without a callback the only safe moment is after the event. */
		clWaitForEvents(1, &ev);
		txf__pool_give_back(t);
	}
}
