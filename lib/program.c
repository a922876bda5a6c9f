/* Program builds and the in-memory program cache of a context.
 *
 * A program is the common helpers followed by one kernel file, built with
 * -D parameters. Sources are read once per context and file; programs are
 * keyed by (source hash, option string) — the device is the context's.
 *
 * With the binary cache on (ctx->program_dir), a program missing in memory
 * is first looked up on disk (bincache.c) and built from source only when
 * there is no usable entry; a program built from source is then stored.
 *
 * Threads: the lists are guarded by ctx->lock. A program is made by one
 * thread only: the first to miss it puts a placeholder in the list and makes
 * it outside the lock; the others that want it meanwhile wait on `ready`
 * instead of building it again (a build takes seconds on a CPU device). When
 * the build fails, the placeholder is removed and each waiter tries for
 * itself, so that every thread gets its own failure detail.
 *
 * Kernels: an operation takes the kernel objects it launches from the
 * cache and gives them back once they are enqueued (their arguments are
 * set again by the next taker). Creating a kernel object costs more host
 * time than the rest of an operation's preparation on some drivers (NVIDIA:
 * 4-5 us each, POCL: up to 20 us), and the time before the first launch of
 * an operation reaches the device counts in its latency. A kernel object is
 * used by one thread at a time: a thread that finds every kernel of a name
 * busy creates another one, which the cache then keeps too (up to
 * TXF__KERNELS_MAX in all). */
#include "txf_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COMMON_FILE "common.cl"

typedef struct source_entry {
	char *file;
	char *text; /* common helpers + the file */
	uint64_t hash;
	struct source_entry *next;
} source_entry;

typedef struct program_entry {
	uint64_t hash;
	char *options;
	cl_program program; /* NULL while a thread makes it */
	struct program_entry *next;
} program_entry;

typedef struct kernel_entry {
	cl_program program;
	char *name;
	cl_kernel kernel;
	bool busy; /* taken by an operation being prepared */
	struct kernel_entry *next;
} kernel_entry;

struct txf__program_cache {
	source_entry *sources;
	program_entry *programs;
	kernel_entry *kernels;
	unsigned long kernel_count;    /* entries in kernels */
	unsigned long kernels_created; /* clCreateKernel calls that succeeded */
	unsigned long builds;
	pthread_cond_t ready; /* a placeholder was filled or removed */
};

txf__program_cache *txf__program_cache_new(void)
{
	txf__program_cache *c = calloc(1, sizeof *c);
	if (c && pthread_cond_init(&c->ready, NULL) != 0) {
		free(c);
		c = NULL;
	}
	return c;
}

void txf__program_cache_free(txf__program_cache *cache)
{
	if (!cache)
		return;
	for (kernel_entry *k = cache->kernels, *n; k; k = n) {
		n = k->next;
		clReleaseKernel(k->kernel);
		free(k->name);
		free(k);
	}
	for (source_entry *s = cache->sources, *n; s; s = n) {
		n = s->next;
		free(s->file);
		free(s->text);
		free(s);
	}
	for (program_entry *p = cache->programs, *n; p; p = n) {
		n = p->next;
		if (p->program)
			clReleaseProgram(p->program);
		free(p->options);
		free(p);
	}
	pthread_cond_destroy(&cache->ready);
	free(cache);
}

/* Called with ctx->lock held. */
unsigned long txf__program_builds(const txf_context *ctx)
{
	return ctx->programs->builds;
}

unsigned long txf__program_count(txf_context *ctx)
{
	unsigned long n = 0;
	pthread_mutex_lock(&ctx->lock);
	for (program_entry *p = ctx->programs->programs; p; p = p->next)
		n += p->program != NULL;
	pthread_mutex_unlock(&ctx->lock);
	return n;
}

/* Called with ctx->lock held. */
static source_entry *find_source(txf__program_cache *c, const char *file)
{
	for (source_entry *s = c->sources; s; s = s->next)
		if (strcmp(s->file, file) == 0)
			return s;
	return NULL;
}

static program_entry *find_program(txf__program_cache *c, uint64_t hash, const char *options)
{
	for (program_entry *p = c->programs; p; p = p->next)
		if (p->hash == hash && strcmp(p->options, options) == 0)
			return p;
	return NULL;
}

/* The text of common.cl + file, loaded once per context. */
static txf_status get_source(txf_context *ctx, const char *file, const char **text, uint64_t *hash)
{
	pthread_mutex_lock(&ctx->lock);
	source_entry *e = find_source(ctx->programs, file);
	pthread_mutex_unlock(&ctx->lock);
	if (!e) {
		char *common = NULL, *body = NULL;
		txf_status s = txf__load_source(ctx, COMMON_FILE, &common);
		if (s == TXF_SUCCESS)
			s = txf__load_source(ctx, file, &body);
		if (s != TXF_SUCCESS) {
			free(common);
			free(body);
			return s;
		}
		size_t nc = strlen(common), nb = strlen(body);
		e = calloc(1, sizeof *e);
		char *all = malloc(nc + nb + 2);
		char *name = strdup(file);
		if (!e || !all || !name) {
			free(e);
			free(all);
			free(name);
			free(common);
			free(body);
			return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory loading %s", file);
		}
		memcpy(all, common, nc);
		all[nc] = '\n';
		memcpy(all + nc + 1, body, nb + 1);
		free(common);
		free(body);
		e->file = name;
		e->text = all;
		e->hash = txf__fnv1a(all, nc + nb + 1, TXF__FNV_INIT);
		pthread_mutex_lock(&ctx->lock);
		source_entry *other = find_source(ctx->programs, file);
		if (other) {
			free(e->file);
			free(e->text);
			free(e);
			e = other;
		} else {
			e->next = ctx->programs->sources;
			ctx->programs->sources = e;
		}
		pthread_mutex_unlock(&ctx->lock);
	}
	*text = e->text;
	*hash = e->hash;
	return TXF_SUCCESS;
}

static txf_status build(txf_context *ctx, const char *file, const char *text, const char *options,
                        cl_program *out)
{
	cl_int err;
	cl_program prog = clCreateProgramWithSource(ctx->cl_ctx, 1, &text, NULL, &err);
	if (!prog)
		return txf__fail_cl(err, "clCreateProgramWithSource");
	err = clBuildProgram(prog, 1, &ctx->device, options, NULL, NULL);
	if (err == CL_SUCCESS) {
		*out = prog;
		return TXF_SUCCESS;
	}
	size_t n = 0;
	char *log = NULL;
	if (clGetProgramBuildInfo(prog, ctx->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) ==
	        CL_SUCCESS &&
	    (log = malloc(n + 1)) != NULL) {
		if (clGetProgramBuildInfo(prog, ctx->device, CL_PROGRAM_BUILD_LOG, n, log, NULL) !=
		    CL_SUCCESS)
			n = 0;
		log[n] = '\0';
	}
	clReleaseProgram(prog);
	txf__set_build_log(log ? log : "");
	txf_status s;
	if (err == CL_BUILD_PROGRAM_FAILURE || err == CL_INVALID_BUILD_OPTIONS) {
		/* The first line of the log usually names the error. */
		char first[200] = "";
		if (log) {
			const char *p = log;
			while (*p == '\n' || *p == ' ')
				p++;
			size_t i = 0;
			while (p[i] && p[i] != '\n' && i + 1 < sizeof first) {
				first[i] = p[i];
				i++;
			}
			first[i] = '\0';
		}
		s = txf__fail(
		    TXF_ERR_BUILD_FAILED,
		    "building %s with \"%s\" failed (%s): %s (full log: txf_last_build_log())",
		    file, options, txf__cl_error_name(err), first);
	} else {
		s = txf__fail_cl(err, "clBuildProgram");
	}
	free(log);
	return s;
}

/* ------------------------------------------------------- binary cache */

static void count_rejected(txf_context *ctx)
{
	pthread_mutex_lock(&ctx->lock);
	ctx->cache_rejected++;
	pthread_mutex_unlock(&ctx->lock);
}

/* The program of the entry `name` in the programs directory, built from its
 * binary; NULL when there is none (a plain miss) or it cannot be used (a
 * warning, counted as rejected). Runs outside ctx->lock. */
static cl_program load_binary(txf_context *ctx, const char *file, const char *key, const char *name,
                              const char *options)
{
	char why[256] = "";
	char *path = txf__path_join(ctx->program_dir, name);
	if (!path)
		return NULL;
	unsigned char *data = NULL;
	size_t len = 0;
	int rc = txf__read_private_file(path, TXF__BINCACHE_MAX_FILE, &data, &len, why, sizeof why);
	if (rc == 0) {
		free(path);
		return NULL;
	}
	cl_program prog = NULL;
	if (rc < 0) {
		/* why is set */
	} else {
		const unsigned char *bin = NULL;
		size_t bin_len = 0;
		txf__bincache_status ps = txf__bincache_parse(data, len, key, &bin, &bin_len);
		char drv[200];
		if (ps != TXF__BINCACHE_OK) {
			snprintf(why, sizeof why, "%s", txf__bincache_reason(ps));
		} else if (!txf__driver_binary_ok(&ctx->profile, bin, bin_len, drv, sizeof drv)) {
			snprintf(why, sizeof why,
			         "the driver's binary in it does not check out: %s", drv);
		} else {
			cl_int status = CL_SUCCESS, err;
			prog = clCreateProgramWithBinary(ctx->cl_ctx, 1, &ctx->device, &bin_len,
			                                 &bin, &status, &err);
			if (prog && status != CL_SUCCESS)
				err = status;
			if (prog && err == CL_SUCCESS)
				err = clBuildProgram(prog, 1, &ctx->device, options, NULL, NULL);
			if (err != CL_SUCCESS) {
				snprintf(why, sizeof why, "the driver refused the binary (%s)",
				         txf__cl_error_name(err));
				if (prog)
					clReleaseProgram(prog);
				prog = NULL;
			}
		}
	}
	free(data);
	if (prog) {
		txf__log(TXF__LOG_INFO, "loaded program %s from %s", file, path);
	} else {
		txf__log(TXF__LOG_WARN, "ignoring cached program %s (%s): %s; building it again",
		         path, file, why);
		count_rejected(ctx);
	}
	free(path);
	return prog;
}

/* Write the binary of a program just built to the entry `name`. A failure
 * is a warning: the program is good either way. */
static void store_binary(txf_context *ctx, cl_program prog, const char *file, const char *key,
                         const char *name)
{
	char why[512] = "";
	cl_uint ndev = 0;
	cl_device_id *devs = NULL;
	size_t *sizes = NULL;
	unsigned char **bins = NULL;
	unsigned char *entry = NULL;
	size_t mine = 0, entry_len = 0;
	cl_int err = clGetProgramInfo(prog, CL_PROGRAM_NUM_DEVICES, sizeof ndev, &ndev, NULL);
	if (err == CL_SUCCESS && ndev == 0)
		err = CL_INVALID_PROGRAM;
	if (err == CL_SUCCESS) {
		devs = calloc(ndev, sizeof *devs);
		sizes = calloc(ndev, sizeof *sizes);
		bins = calloc(ndev, sizeof *bins);
		if (!devs || !sizes || !bins)
			err = CL_OUT_OF_HOST_MEMORY;
	}
	if (err == CL_SUCCESS)
		err = clGetProgramInfo(prog, CL_PROGRAM_DEVICES, ndev * sizeof *devs, devs, NULL);
	if (err == CL_SUCCESS)
		err = clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, ndev * sizeof *sizes, sizes,
		                       NULL);
	if (err == CL_SUCCESS) {
		/* A program of a wrapped context may have several devices; only
		 * the context's device's binary is copied (NULL skips the rest). */
		while (mine < ndev && devs[mine] != ctx->device)
			mine++;
		if (mine == ndev || sizes[mine] == 0)
			err = CL_INVALID_BINARY;
		else if (!(bins[mine] = malloc(sizes[mine])))
			err = CL_OUT_OF_HOST_MEMORY;
	}
	if (err == CL_SUCCESS)
		err = clGetProgramInfo(prog, CL_PROGRAM_BINARIES, ndev * sizeof *bins, bins, NULL);
	if (err != CL_SUCCESS) {
		snprintf(why, sizeof why, "cannot get the program binary (%s)",
		         txf__cl_error_name(err));
	} else if (!txf__driver_binary_ok(&ctx->profile, bins[mine], sizes[mine], why,
	                                  sizeof why)) {
		/* It could not be loaded again: not worth a file. */
		txf__log(TXF__LOG_INFO, "not storing program %s: its binary does not check out: %s",
		         file, why);
		why[0] = '\0';
	} else if (!(entry_len = txf__bincache_size(strlen(key), sizes[mine])) ||
	           !(entry = malloc(entry_len))) {
		snprintf(why, sizeof why, "out of memory");
	} else {
		txf__bincache_encode(entry, key, bins[mine], sizes[mine]);
		if (txf__write_atomic(ctx->program_dir, name, entry, entry_len, false, why,
		                      sizeof why) == 0) {
			pthread_mutex_lock(&ctx->lock);
			ctx->programs_stored++;
			pthread_mutex_unlock(&ctx->lock);
			txf__log(TXF__LOG_INFO, "stored program %s in %s/%s", file,
			         ctx->program_dir, name);
			why[0] = '\0';
		}
	}
	if (why[0])
		txf__log(TXF__LOG_WARN, "cannot store program %s in the binary cache: %s", file,
		         why);
	for (cl_uint i = 0; bins && i < ndev; i++)
		free(bins[i]);
	free(entry);
	free(bins);
	free(sizes);
	free(devs);
}

/* Unlink placeholder e (ctx->lock held). */
static void unlink_program(txf__program_cache *c, program_entry *e)
{
	for (program_entry **pp = &c->programs; *pp; pp = &(*pp)->next) {
		if (*pp == e) {
			*pp = e->next;
			return;
		}
	}
}

/* Load the program from the binary cache or build it from source, outside
 * ctx->lock. *loaded says which. */
static txf_status make_program(txf_context *ctx, const char *file, const char *text, uint64_t hash,
                               const char *options, cl_program *out, bool *loaded)
{
	char *key = NULL;
	char name[TXF__BINCACHE_NAME_SIZE];
	if (ctx->program_dir) {
		key = txf__bincache_key(&ctx->profile, file, text, hash, options);
		if (key)
			txf__bincache_file_name(key, name);
	}
	cl_program prog = key ? load_binary(ctx, file, key, name, options) : NULL;
	*loaded = prog != NULL;
	txf_status s = TXF_SUCCESS;
	if (!prog) {
		s = build(ctx, file, text, options, &prog);
		if (s == TXF_SUCCESS && key)
			store_binary(ctx, prog, file, key, name);
	}
	free(key);
	*out = prog;
	return s;
}

txf_status txf__get_program(txf_context *ctx, const char *file, const char *options,
                            cl_program *out)
{
	const char *text = NULL;
	uint64_t hash = 0;
	txf_status s = get_source(ctx, file, &text, &hash);
	if (s != TXF_SUCCESS)
		return s;
	txf__program_cache *c = ctx->programs;
	/* The options a program is kept under are the caller's and the
	 * context's own. A program made already is found without allocating;
	 * the placeholder for a new one is made before the lock is taken, so
	 * that running out of memory needs no unwinding under it. */
	static const char no_reqd[] = " -D TXF_NO_REQD_WG";
	const size_t olen = strlen(options);
	char fixed[512];
	const bool on_stack = olen + sizeof no_reqd <= sizeof fixed;
	if (on_stack) {
		memcpy(fixed, options, olen + 1);
		if (ctx->no_reqd_wg)
			memcpy(fixed + olen, no_reqd, sizeof no_reqd);
		pthread_mutex_lock(&ctx->lock);
		const program_entry *e = find_program(c, hash, fixed);
		cl_program made = e ? e->program : NULL;
		pthread_mutex_unlock(&ctx->lock);
		if (made) {
			*out = made;
			return TXF_SUCCESS;
		}
	}
	program_entry *mine = calloc(1, sizeof *mine);
	char *opt = malloc(olen + sizeof no_reqd);
	if (opt) {
		memcpy(opt, options, olen + 1);
		if (ctx->no_reqd_wg)
			memcpy(opt + olen, no_reqd, sizeof no_reqd);
		options = opt;
	}
	if (!mine || !opt) {
		free(mine);
		free(opt);
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory caching a program");
	}
	mine->hash = hash;
	mine->options = opt;
	pthread_mutex_lock(&ctx->lock);
	program_entry *e;
	/* Another thread making this program: wait for it to finish. */
	while ((e = find_program(c, hash, options)) != NULL && !e->program)
		pthread_cond_wait(&c->ready, &ctx->lock);
	if (e) {
		pthread_mutex_unlock(&ctx->lock);
		free(mine->options);
		free(mine);
		*out = e->program;
		return TXF_SUCCESS;
	}
	mine->next = c->programs;
	c->programs = mine;
	pthread_mutex_unlock(&ctx->lock);

	cl_program prog = NULL;
	bool loaded = false;
	s = make_program(ctx, file, text, hash, options, &prog, &loaded);

	pthread_mutex_lock(&ctx->lock);
	if (s == TXF_SUCCESS) {
		mine->program = prog;
		/* builds counts every program made, loaded ones too. */
		c->builds++;
		if (loaded)
			ctx->programs_loaded++;
	} else {
		unlink_program(c, mine);
	}
	pthread_cond_broadcast(&c->ready);
	pthread_mutex_unlock(&ctx->lock);
	if (s != TXF_SUCCESS) {
		free(mine->options);
		free(mine);
		return s;
	}
	*out = prog;
	return TXF_SUCCESS;
}

txf_status txf__take_kernel(txf_context *ctx, cl_program prog, const char *name, cl_kernel *out)
{
	txf__program_cache *c = ctx->programs;
	pthread_mutex_lock(&ctx->lock);
	for (kernel_entry *k = c->kernels; k; k = k->next)
		if (!k->busy && k->program == prog && strcmp(k->name, name) == 0) {
			k->busy = true;
			*out = k->kernel;
			pthread_mutex_unlock(&ctx->lock);
			return TXF_SUCCESS;
		}
	pthread_mutex_unlock(&ctx->lock);

	cl_int err;
	*out = clCreateKernel(prog, name, &err);
	if (!*out)
		return txf__fail(
		    err == CL_OUT_OF_HOST_MEMORY ? TXF_ERR_OUT_OF_MEMORY : TXF_ERR_OPENCL,
		    "clCreateKernel(%s) failed: %s (%d)", name, txf__cl_error_name(err), (int)err);
	/* Kept busy in the cache; without room (or memory) for it, it is
	 * released when given back. */
	kernel_entry *e = calloc(1, sizeof *e);
	char *copy = e ? strdup(name) : NULL;
	pthread_mutex_lock(&ctx->lock);
	c->kernels_created++;
	if (copy && c->kernel_count < TXF__KERNELS_MAX) {
		*e = (kernel_entry){prog, copy, *out, true, c->kernels};
		c->kernels = e;
		c->kernel_count++;
		e = NULL;
		copy = NULL;
	}
	pthread_mutex_unlock(&ctx->lock);
	free(copy);
	free(e);
	return TXF_SUCCESS;
}

txf_status txf__program_kernel(txf_context *ctx, const char *file, const char *options,
                               const char *name, cl_kernel *out)
{
	cl_program prog;
	txf_status s = txf__get_program(ctx, file, options, &prog);
	if (s == TXF_SUCCESS)
		s = txf__take_kernel(ctx, prog, name, out);
	return s;
}

void txf__give_back_kernel(txf_context *ctx, cl_kernel kernel)
{
	if (!kernel)
		return;
	pthread_mutex_lock(&ctx->lock);
	for (kernel_entry *k = ctx->programs->kernels; k; k = k->next)
		if (k->kernel == kernel) {
			k->busy = false;
			pthread_mutex_unlock(&ctx->lock);
			return;
		}
	pthread_mutex_unlock(&ctx->lock);
	clReleaseKernel(kernel);
}

void txf__kernel_counts(txf_context *ctx, unsigned long *cached, unsigned long *busy,
                        unsigned long *created)
{
	pthread_mutex_lock(&ctx->lock);
	txf__program_cache *c = ctx->programs;
	unsigned long b = 0;
	for (kernel_entry *k = c->kernels; k; k = k->next)
		b += k->busy;
	*cached = c->kernel_count;
	*busy = b;
	*created = c->kernels_created;
	pthread_mutex_unlock(&ctx->lock);
}
