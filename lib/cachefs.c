/* The on-disk caches' file system layer: where the cache directory is, which
 * directories and files are safe to trust, atomic writes, and the library's
 * log of warnings.
 *
 * Trust rule: a directory or file is used only when it is not a symbolic
 * link, belongs to the effective user and cannot be written by the group or
 * others. Anything else is ignored with a warning: another user who could
 * write there could hand the library a program binary or a tuning entry. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "txf_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------------------------------------------------------------- log */

static int log_level(void)
{
	const char *v = getenv("TXF_LOG");
	if (!v || !*v || strcmp(v, "warn") == 0)
		return TXF__LOG_WARN;
	if (strcmp(v, "quiet") == 0 || strcmp(v, "0") == 0)
		return 0;
	if (strcmp(v, "info") == 0 || strcmp(v, "debug") == 0)
		return TXF__LOG_INFO;
	return TXF__LOG_WARN;
}

void txf__log(int level, const char *fmt, ...)
{
	if (level > log_level())
		return;
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	/* One write, so that lines of several threads do not interleave. */
	fprintf(stderr, "libtiledxform: %s: %s\n", level == TXF__LOG_WARN ? "warning" : "info",
	        line);
}

/* ------------------------------------------------------------- paths */

char *txf__path_join(const char *dir, const char *name)
{
	size_t a = strlen(dir), b = strlen(name);
	char *p = malloc(a + b + 2);
	if (!p)
		return NULL;
	memcpy(p, dir, a);
	p[a] = '/';
	memcpy(p + a + 1, name, b + 1);
	return p;
}

char *txf__path_normalize(const char *path)
{
	size_t n = strlen(path);
	char *out = malloc(n + 2);
	if (!out)
		return NULL;
	size_t o = 0;
	if (path[0] == '/')
		out[o++] = '/';
	for (const char *s = path; *s;) {
		while (*s == '/')
			s++;
		const char *e = s;
		while (*e && *e != '/')
			e++;
		size_t k = (size_t)(e - s);
		/* Empty and "." components name the directory before them. */
		if (k > 0 && !(k == 1 && s[0] == '.')) {
			if (o > 0 && out[o - 1] != '/')
				out[o++] = '/';
			memcpy(out + o, s, k);
			o += k;
		}
		s = e;
	}
	if (o == 0)
		out[o++] = '.';
	out[o] = '\0';
	return out;
}

bool txf__env_off(const char *name)
{
	const char *v = getenv(name);
	return v && (strcmp(v, "0") == 0 || strcmp(v, "off") == 0 || strcmp(v, "no") == 0 ||
	             strcmp(v, "false") == 0);
}

/* The cache root before normalisation. */
static char *cache_root_as_given(const char *option)
{
	if (option && *option)
		return strdup(option);
	const char *env = getenv("TXF_CACHE_DIR");
	if (env && *env)
		return strdup(env);
	const char *xdg = getenv("XDG_CACHE_HOME");
	/* The XDG rule: a relative XDG_CACHE_HOME is invalid and ignored. */
	if (xdg && xdg[0] == '/')
		return txf__path_join(xdg, "tiledxform");
	const char *home = getenv("HOME");
	if (home && home[0] == '/') {
		char *dot = txf__path_join(home, ".cache");
		char *p = dot ? txf__path_join(dot, "tiledxform") : NULL;
		free(dot);
		return p;
	}
	return NULL;
}

char *txf__cache_root(const char *option)
{
	char *given = cache_root_as_given(option);
	char *root = given ? txf__path_normalize(given) : NULL;
	free(given);
	return root;
}

/* ------------------------------------------------------------- trust */

/* Whether st describes something this user alone controls; if not, why. */
static bool owned_private(const struct stat *st, char *why, size_t n)
{
	if (st->st_uid != geteuid()) {
		snprintf(why, n, "it belongs to user %u, not to this user (%u)",
		         (unsigned)st->st_uid, (unsigned)geteuid());
		return false;
	}
	if (st->st_mode & (S_IWGRP | S_IWOTH)) {
		snprintf(why, n, "other users can write it (mode %03o)",
		         (unsigned)(st->st_mode & 0777));
		return false;
	}
	return true;
}

/* mkdir -p with mode 0700 for the missing parts. */
static int make_dirs(const char *dir)
{
	char *p = strdup(dir);
	if (!p)
		return -1;
	int rc = 0;
	for (char *s = p + 1; rc == 0; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST)
			rc = -1;
		*s = c;
		if (c == '\0')
			break;
	}
	free(p);
	return rc;
}

bool txf__private_dir(const char *dir, bool create, char *why, size_t n)
{
	struct stat st;
	if (lstat(dir, &st) != 0) {
		if (errno != ENOENT || !create) {
			snprintf(why, n, "%s", strerror(errno));
			return false;
		}
		if (make_dirs(dir) != 0 || lstat(dir, &st) != 0) {
			snprintf(why, n, "cannot create it: %s", strerror(errno));
			return false;
		}
	}
	if (S_ISLNK(st.st_mode)) {
		snprintf(why, n, "it is a symbolic link");
		return false;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, n, "it is not a directory");
		return false;
	}
	if (!owned_private(&st, why, n))
		return false;
	/* Reading entries needs r and x, writing them w too (create is set
	 * where the library writes). */
	if (faccessat(AT_FDCWD, dir, R_OK | X_OK | (create ? W_OK : 0), AT_EACCESS) != 0) {
		snprintf(why, n, "this user cannot %s it (mode %03o): %s",
		         create ? "read and write" : "read", (unsigned)(st.st_mode & 0777),
		         strerror(errno));
		return false;
	}
	return true;
}

int txf__read_private_file(const char *path, size_t max, unsigned char **data, size_t *len,
                           char *why, size_t n)
{
	*data = NULL;
	*len = 0;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		if (errno == ENOENT)
			return 0;
		snprintf(why, n, "%s", errno == ELOOP ? "it is a symbolic link" : strerror(errno));
		return -1;
	}
	struct stat st;
	int rc = -1;
	if (fstat(fd, &st) != 0) {
		snprintf(why, n, "%s", strerror(errno));
	} else if (!S_ISREG(st.st_mode)) {
		snprintf(why, n, "it is not a regular file");
	} else if (!owned_private(&st, why, n)) {
		/* why is set */
	} else if ((unsigned long long)st.st_size > (unsigned long long)max) {
		snprintf(why, n, "it is %lld bytes, more than the %zu allowed",
		         (long long)st.st_size, max);
	} else {
		size_t size = (size_t)st.st_size;
		unsigned char *buf = malloc(size + 1);
		size_t got = 0;
		while (buf && got < size) {
			ssize_t r = read(fd, buf + got, size - got);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				break;
			got += (size_t)r;
		}
		if (!buf) {
			snprintf(why, n, "out of memory");
		} else if (got != size) {
			snprintf(why, n, "it changed size while being read");
			free(buf);
		} else {
			buf[size] = '\0';
			*data = buf;
			*len = size;
			rc = 1;
		}
	}
	close(fd);
	return rc;
}

bool txf__may_replace(const char *path, bool own_only, char *why, size_t n)
{
	struct stat st;
	if (lstat(path, &st) != 0) {
		if (errno == ENOENT)
			return true;
		snprintf(why, n, "%s", strerror(errno));
		return false;
	}
	if (S_ISLNK(st.st_mode)) {
		if (own_only)
			snprintf(why, n, "it is a symbolic link");
		return !own_only;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(why, n, "it is a directory");
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, n, "it is not a regular file (a device, a FIFO or a socket)");
		return false;
	}
	if (own_only && st.st_uid != geteuid()) {
		snprintf(why, n, "it belongs to user %u, not to this user (%u)",
		         (unsigned)st.st_uid, (unsigned)geteuid());
		return false;
	}
	return true;
}

int txf__lock_dir(const char *dir, char *why, size_t n)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, n, "cannot open %s to lock it: %s", dir, strerror(errno));
		return -1;
	}
	int rc;
	while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
		;
	/* A file system without locks (some network ones) still gets the
	 * atomic write: only concurrent writers can then lose an update. */
	if (rc != 0)
		txf__log(TXF__LOG_INFO, "cannot lock %s (%s): writing without the lock", dir,
		         strerror(errno));
	return fd;
}

void txf__unlock_dir(int fd)
{
	if (fd >= 0)
		close(fd); /* releases the lock */
}

int txf__write_atomic(const char *dir, const char *name, const void *data, size_t len,
                      bool own_only, char *why, size_t n)
{
	char *path = txf__path_join(dir, name);
	char *tmp = path ? malloc(strlen(path) + 16) : NULL;
	if (!tmp) {
		free(path);
		snprintf(why, n, "out of memory");
		return -1;
	}
	char what[160];
	if (!txf__may_replace(path, own_only, what, sizeof what)) {
		snprintf(why, n, "cannot replace %s: %s", path, what);
		free(tmp);
		free(path);
		return -1;
	}
	/* mkstemp creates the file exclusively, mode 0600: writers in other
	 * processes each have their own, and the rename replaces the entry
	 * whole, so a reader sees the old file or the new one. */
	sprintf(tmp, "%s.tmp-XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(why, n, "cannot create a temporary file in %s: %s", dir, strerror(errno));
		free(tmp);
		free(path);
		return -1;
	}
	const unsigned char *p = data;
	size_t done = 0;
	int err = 0;
	while (done < len) {
		ssize_t w = write(fd, p + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			err = w < 0 ? errno : EIO;
			break;
		}
		done += (size_t)w;
	}
	if (close(fd) != 0 && !err)
		err = errno;
	if (!err && rename(tmp, path) != 0)
		err = errno;
	if (err) {
		snprintf(why, n, "cannot write %s: %s", path, strerror(err));
		unlink(tmp);
	}
	free(tmp);
	free(path);
	return err ? -1 : 0;
}

uint64_t txf__fnv1a(const void *data, size_t len, uint64_t h)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 1099511628211ull;
	}
	return h;
}
