/* Kernel sources: found on a search path and read at run time.
 *
 * A kernel source is code that runs on the device over the caller's data,
 * so a file is read only when nobody but this user and root can change it:
 *  - the file (after symbolic links) is a regular file that belongs to this
 *    user or root, that others cannot write, and that its group can write
 *    only when that group is the owner's own (a user private group, as
 *    umask 002 leaves checkouts on many systems);
 *  - so is the directory that holds it, under the same rules.
 * A symbolic link on the path (the directory named on the search path, or
 * the file) is followed with a warning naming its target, which must then
 * pass the checks. A file that fails them, or that exists but cannot be
 * read, is passed over with a warning (TXF_LOG) and the search goes on; when
 * no directory has a usable file, TXF_ERR_KERNEL_NOT_FOUND says which files
 * were refused and why. The marker of an uninstalled build, which names the
 * source tree's kernel directory, is read under the same rules (below). */
#define _GNU_SOURCE /* dladdr */
#include "txf_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Sources larger than this are not read. */
#define MAX_SOURCE (16u << 20)

static char *image_dir(void);

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
	if (ok && !only) {
		char *dir = image_dir();
		char *source = dir ? txf__uninstalled_kernel_dir(dir) : NULL;
		ok = append(&buf, &len, &cap, source);
		free(source);
		free(dir);
	}
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

/* ------------------------------------------------------------- trust */

/* Whether the group of st is the owner's private group: the owner's primary
 * group, named after the owner, with no other member listed. */
static bool owners_own_group(const struct stat *st)
{
	char buf[16384];
	struct passwd pw, *pwp = NULL;
	if (getpwuid_r(st->st_uid, &pw, buf, sizeof buf / 2, &pwp) != 0 || !pwp ||
	    pw.pw_gid != st->st_gid)
		return false;
	struct group gr, *grp = NULL;
	if (getgrgid_r(st->st_gid, &gr, buf + sizeof buf / 2, sizeof buf / 2, &grp) != 0 || !grp ||
	    strcmp(gr.gr_name, pw.pw_name) != 0)
		return false;
	for (char **m = gr.gr_mem; m && *m; m++)
		if (strcmp(*m, pw.pw_name) != 0)
			return false;
	return true;
}

/* Whether only this user and root can change what st describes; if not,
 * why. */
static bool trusted(const struct stat *st, char *why, size_t n)
{
	uid_t me = geteuid();
	if (st->st_uid != me && st->st_uid != 0) {
		snprintf(why, n, "it belongs to user %u, neither this user (%u) nor root",
		         (unsigned)st->st_uid, (unsigned)me);
		return false;
	}
	if (st->st_mode & S_IWOTH) {
		snprintf(why, n, "other users can write it (mode %03o)",
		         (unsigned)(st->st_mode & 0777));
		return false;
	}
	if ((st->st_mode & S_IWGRP) && !owners_own_group(st)) {
		snprintf(why, n, "group %u can write it (mode %03o)", (unsigned)st->st_gid,
		         (unsigned)(st->st_mode & 0777));
		return false;
	}
	return true;
}

/* Warn that path is a symbolic link, naming its target. */
static void warn_link(const char *what, const char *path)
{
	char *target = realpath(path, NULL);
	txf__log(TXF__LOG_WARN, "%s %s is a symbolic link (to %s)", what, path,
	         target ? target : "nowhere");
	free(target);
}

/* Read all of fd (a regular file of size bytes). */
static char *read_all(int fd, size_t size, char *why, size_t n)
{
	char *buf = malloc(size + 1);
	if (!buf) {
		snprintf(why, n, "out of memory");
		return NULL;
	}
	size_t got = 0;
	while (got < size) {
		ssize_t r = read(fd, buf + got, size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			snprintf(why, n, "%s", r < 0 ? strerror(errno) : "it changed size");
			free(buf);
			return NULL;
		}
		got += (size_t)r;
	}
	buf[size] = '\0';
	return buf;
}

/* ------------------------------------------------- uninstalled builds */

/* A program that runs from the build tree (a test, txf before installation)
 * uses the source tree's cl/. No path of the source or build tree is
 * compiled into the library, since the installed library would carry it:
 * meson writes a marker file, TXF_UNINSTALLED_MARKER, into the build
 * directories that hold the library (or programs linking it statically),
 * naming the source tree's kernel directory, and `meson install` leaves it
 * behind. The library looks for it beside its own file. */

/* Markers larger than this are not read. */
#define MAX_MARKER 8192

static const char txf__here; /* an object of this library, for dladdr */

/* The directory of the file this code was loaded from (the shared library,
 * or the program it is linked into), resolved; NULL if unknown. */
static char *image_dir(void)
{
	Dl_info info;
	if (!dladdr(&txf__here, &info) || !info.dli_fname || !*info.dli_fname)
		return NULL;
	char *real = NULL;
	/* For the main program glibc reports argv[0], which is a bare name when
	 * the program was found on PATH. */
	if (strchr(info.dli_fname, '/'))
		real = realpath(info.dli_fname, NULL);
#ifdef __linux__
	else
		real = realpath("/proc/self/exe", NULL);
#endif
	char *slash = real ? strrchr(real, '/') : NULL;
	if (!slash) {
		free(real);
		return NULL;
	}
	if (slash == real)
		slash[1] = '\0'; /* "/" */
	else
		*slash = '\0';
	return real;
}

/* The one line of text (n bytes) that is not a comment: its directory, or
 * NULL with why set. */
static char *marker_dir(const char *text, size_t n, char *why, size_t wn)
{
	if (memchr(text, '\0', n)) {
		snprintf(why, wn, "it holds a NUL byte");
		return NULL;
	}
	const char *line = NULL;
	size_t len = 0;
	for (const char *p = text; *p;) {
		size_t k = strcspn(p, "\n");
		if (k > 0 && p[0] != '#') {
			if (line) {
				snprintf(why, wn, "it names more than one directory");
				return NULL;
			}
			line = p;
			len = k;
		}
		p += k + (p[k] == '\n');
	}
	if (!line) {
		snprintf(why, wn, "it names no directory");
		return NULL;
	}
	if (line[0] != '/') {
		snprintf(why, wn, "%.*s is not an absolute path", (int)(len > 200 ? 200 : len),
		         line);
		return NULL;
	}
	if (memchr(line, ':', len)) {
		snprintf(why, wn, "its directory has a ':', which the search path cannot hold");
		return NULL;
	}
	char *dir = strndup(line, len);
	if (!dir)
		snprintf(why, wn, "out of memory");
	return dir;
}

char *txf__uninstalled_kernel_dir(const char *dir)
{
	char *path = txf__path_join(dir, TXF_UNINSTALLED_MARKER);
	if (!path)
		return NULL;
	char why[300] = "", *text = NULL, *found = NULL;
	int fd = -1;
	struct stat st, dst;
	if (lstat(path, &st) != 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			snprintf(why, sizeof why, "%s", strerror(errno));
		goto out;
	}
	/* The same rules as for a kernel source, whose place it decides; but
	 * meson writes a regular file, so a link is refused. */
	char dwhy[160];
	if (stat(dir, &dst) != 0) {
		snprintf(why, sizeof why, "its directory: %s", strerror(errno));
		goto out;
	}
	if (!trusted(&dst, dwhy, sizeof dwhy)) {
		snprintf(why, sizeof why, "its directory is unsafe: %s", dwhy);
		goto out;
	}
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		snprintf(why, sizeof why, "%s",
		         errno == ELOOP ? "it is a symbolic link" : strerror(errno));
		goto out;
	}
	if (fstat(fd, &st) != 0) {
		snprintf(why, sizeof why, "%s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, sizeof why, "it is not a regular file");
		goto out;
	}
	if (!trusted(&st, why, sizeof why))
		goto out;
	if ((unsigned long long)st.st_size > MAX_MARKER) {
		snprintf(why, sizeof why, "it is %lld bytes, more than the %u allowed",
		         (long long)st.st_size, MAX_MARKER);
		goto out;
	}
	text = read_all(fd, (size_t)st.st_size, why, sizeof why);
	if (text)
		found = marker_dir(text, (size_t)st.st_size, why, sizeof why);
out:
	if (why[0])
		txf__log(TXF__LOG_WARN, "build-tree marker %s not used: %s", path, why);
	if (fd >= 0)
		close(fd);
	free(text);
	free(path);
	return found;
}

/* dir/file if it is there and may be trusted. Returns 1 with *text
 * malloc'd, 0 when there is no such file, -1 when there is one that cannot
 * be used (warned, and why set). */
static int read_source(const char *dir, const char *file, char **text, char *why, size_t n)
{
	char *path = txf__path_join(dir, file);
	if (!path) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	char *real = NULL, *real_dir = NULL;
	int fd = -1, rc = -1;
	struct stat st;
	if (lstat(path, &st) != 0) {
		if (errno == ENOENT || errno == ENOTDIR) {
			rc = 0;
			goto out;
		}
		snprintf(why, n, "%s", strerror(errno));
		goto refused;
	}
	struct stat dst;
	if (lstat(dir, &dst) == 0 && S_ISLNK(dst.st_mode))
		warn_link("kernel directory", dir);
	if (S_ISLNK(st.st_mode))
		warn_link("kernel source", path);
	real = realpath(path, NULL);
	if (!real) {
		snprintf(why, n, "cannot resolve it: %s", strerror(errno));
		goto refused;
	}
	const char *slash = strrchr(real, '/');
	real_dir = strndup(real, slash == real ? 1 : (size_t)(slash - real));
	if (!real_dir) {
		snprintf(why, n, "out of memory");
		goto refused;
	}
	char dwhy[160];
	if (stat(real_dir, &dst) != 0) {
		snprintf(why, n, "its directory %s: %s", real_dir, strerror(errno));
		goto refused;
	}
	if (!trusted(&dst, dwhy, sizeof dwhy)) {
		snprintf(why, n, "its directory %s is unsafe: %s", real_dir, dwhy);
		goto refused;
	}
	/* The checks that matter are made on what was opened. O_NONBLOCK: a
	 * FIFO must not hang the caller. */
	fd = open(real, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		snprintf(why, n, "%s",
		         errno == ELOOP ? "it became a symbolic link" : strerror(errno));
		goto refused;
	}
	if (fstat(fd, &st) != 0) {
		snprintf(why, n, "%s", strerror(errno));
		goto refused;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, n, "it is not a regular file");
		goto refused;
	}
	if (!trusted(&st, why, n))
		goto refused;
	if ((unsigned long long)st.st_size > MAX_SOURCE) {
		snprintf(why, n, "it is %lld bytes, more than the %u allowed",
		         (long long)st.st_size, MAX_SOURCE);
		goto refused;
	}
	*text = read_all(fd, (size_t)st.st_size, why, n);
	if (*text) {
		rc = 1;
		goto out;
	}
refused:
	txf__log(TXF__LOG_WARN, "kernel source %s not used: %s", path, why);
out:
	if (fd >= 0)
		close(fd);
	free(real_dir);
	free(real);
	free(path);
	return rc;
}

txf_status txf__load_source(const txf_context *ctx, const char *file, char **text)
{
	*text = NULL;
	char *path = txf__kernel_search_path(ctx);
	char *copy = path ? strdup(path) : NULL;
	if (!copy) {
		free(path);
		return txf__fail(TXF_ERR_OUT_OF_MEMORY,
		                 "out of memory building the kernel search path");
	}
	/* What was refused, for the message when nothing is found. */
	char refused[600] = "";
	size_t used = 0;
	int rc = 0;
	char *save = NULL;
	for (char *dir = strtok_r(copy, ":", &save); dir && rc != 1;
	     dir = strtok_r(NULL, ":", &save)) {
		char why[300];
		rc = read_source(dir, file, text, why, sizeof why);
		if (rc < 0 && used < sizeof refused) {
			int k = snprintf(refused + used, sizeof refused - used,
			                 "; refused %s/%s: %s", dir, file, why);
			used += k > 0 ? (size_t)k : 0;
		}
	}
	free(copy);
	txf_status s = TXF_SUCCESS;
	if (rc != 1)
		s = txf__fail(
		    TXF_ERR_KERNEL_NOT_FOUND,
		    "kernel source %s not found; searched: %s%s (set TXF_KERNEL_PATH or the "
		    "kernel_path option to the directory holding the .cl files)",
		    file, path, refused);
	free(path);
	return s;
}
