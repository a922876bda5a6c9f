/* Kernel sources: found on a search path and read at run time. */
#define _GNU_SOURCE /* dladdr */
#include "txf_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether this library runs from its build tree (tests, examples before
 * installation): then the source tree's cl/ is the right one. */
static const char txf__here; /* an object of this library, for dladdr */

static bool running_uninstalled(void)
{
	Dl_info info;
	if (!dladdr(&txf__here, &info) || !info.dli_fname)
		return false;
	char *real = realpath(info.dli_fname, NULL);
	char *root = realpath(TXF_BUILD_ROOT, NULL);
	bool inside = false;
	if (real && root) {
		size_t n = strlen(root);
		inside = strncmp(real, root, n) == 0 && real[n] == '/';
	}
	free(real);
	free(root);
	return inside;
}

static bool append(char **buf, size_t *len, size_t *cap, const char *s)
{
	if (!s || !*s)
		return true;
	size_t n = strlen(s);
	if (*len + n + 2 > *cap) {
		size_t nc = (*len + n + 2) * 2;
		char *g = realloc(*buf, nc);
		if (!g)
			return false;
		*buf = g;
		*cap = nc;
	}
	if (*len)
		(*buf)[(*len)++] = ':';
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[*len] = '\0';
	return true;
}

char *txf__kernel_search_path(const txf_context *ctx)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	bool only = ctx && ctx->kernel_path_only;
	bool ok = append(&buf, &len, &cap, ctx ? ctx->kernel_path : NULL);
	if (ok && !only)
		ok = append(&buf, &len, &cap, getenv("TXF_KERNEL_PATH"));
	if (ok && !only && running_uninstalled())
		ok = append(&buf, &len, &cap, TXF_SOURCE_KERNEL_DIR);
	if (ok && !only)
		ok = append(&buf, &len, &cap, TXF_INSTALL_KERNEL_DIR);
	if (ok && !buf)
		ok = append(&buf, &len, &cap, "(no directory)");
	if (!ok) {
		free(buf);
		return NULL;
	}
	return buf;
}

static txf_status read_file(const char *path, char **text, bool *found)
{
	*found = false;
	FILE *f = fopen(path, "rb");
	if (!f)
		return TXF_SUCCESS;
	*found = true;
	size_t cap = 16384, len = 0;
	char *buf = malloc(cap);
	while (buf) {
		len += fread(buf + len, 1, cap - len - 1, f);
		if (ferror(f)) {
			int e = errno;
			free(buf);
			fclose(f);
			return txf__fail(TXF_ERR_IO, "reading kernel source %s: %s", path,
			                 strerror(e));
		}
		if (feof(f))
			break;
		char *g = realloc(buf, cap * 2);
		if (!g) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = g;
		cap *= 2;
	}
	fclose(f);
	if (!buf)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory reading %s", path);
	buf[len] = '\0';
	*text = buf;
	return TXF_SUCCESS;
}

txf_status txf__load_source(const txf_context *ctx, const char *file, char **text)
{
	*text = NULL;
	char *path = txf__kernel_search_path(ctx);
	if (!path)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY,
		                 "out of memory building the kernel search path");
	txf_status s = TXF_SUCCESS;
	bool found = false;
	char *save = NULL;
	char *copy = strdup(path);
	if (!copy) {
		free(path);
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory");
	}
	for (char *dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		size_t n = strlen(dir) + strlen(file) + 2;
		char *full = malloc(n);
		if (!full) {
			s = txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory");
			break;
		}
		snprintf(full, n, "%s/%s", dir, file);
		s = read_file(full, text, &found);
		free(full);
		if (s != TXF_SUCCESS)
			break;
	}
	free(copy);
	if (s == TXF_SUCCESS && !found)
		s = txf__fail(
		    TXF_ERR_KERNEL_NOT_FOUND,
		    "kernel source %s not found; searched: %s (set TXF_KERNEL_PATH or the "
		    "kernel_path option to the directory holding the .cl files)",
		    file, path);
	free(path);
	return s;
}
