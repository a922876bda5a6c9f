/* Hostile files: kernel directories and sources, cache directories and
 * tuning files that are symbolic links, unreadable, not regular files,
 * another user's, or writable by the group or others. Each gets a warning on
 * stderr (captured and checked here); a kernel source, compiled program or
 * tuning file that others could have changed is never used; and the library
 * keeps working from the places it can trust.
 *
 * The tests run as root in CI, and root reads any file whatever its mode: the
 * cases of an unreadable file or directory then run in a child process that
 * has given up root for user nobody (65534). */
#define _GNU_SOURCE
#include "common.h"
#include "txf_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define NOBODY 65534
#define ROWS 19
#define COLS 13

static char self_exe[4096];
static char root[64]; /* this run's scratch directory */

/* ------------------------------------------------------------- helpers */

static char *path_of(const char *dir, const char *name)
{
	char *p = txf__path_join(dir, name);
	assert_non_null(p);
	return p;
}

/* A new directory root/name with the given mode (set after umask). */
static char *new_dir(const char *name, mode_t mode)
{
	char *d = path_of(root, name);
	assert_int_equal(mkdir(d, 0700), 0);
	assert_int_equal(chmod(d, mode), 0);
	return d;
}

static char *read_whole(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s: %s", path, strerror(errno));
	size_t cap = 1 << 20;
	char *buf = malloc(cap + 1);
	assert_non_null(buf);
	*n = fread(buf, 1, cap, f);
	buf[*n] = '\0';
	fclose(f);
	return buf;
}

static void write_whole(const char *path, const char *text, size_t n, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		fail_msg("cannot create %s: %s", path, strerror(errno));
	assert_int_equal(write(fd, text, n), (ssize_t)n);
	assert_int_equal(close(fd), 0);
	assert_int_equal(chmod(path, mode), 0);
}

/* Copy the source tree's kernel file name into dir (mode 0644). */
static void copy_kernel(const char *dir, const char *name)
{
	char *from = path_of(TXF_TEST_SRCDIR "/../cl", name);
	char *to = path_of(dir, name);
	size_t n;
	char *text = read_whole(from, &n);
	write_whole(to, text, n, 0644);
	free(text);
	free(from);
	free(to);
}

/* A directory root/name holding good copies of the kernels a transpose
 * needs. */
static char *kernel_dir(const char *name)
{
	char *d = new_dir(name, 0755);
	copy_kernel(d, "common.cl");
	copy_kernel(d, "transpose.cl");
	return d;
}

/* stderr into a file while the library runs; the text is returned and
 * echoed on stdout for the test log. Usable without cmocka (the child). */
static int saved_stderr = -1;
static char capture_file[600];

static int capture_begin(void)
{
	fflush(stderr);
	snprintf(capture_file, sizeof capture_file, "%s/stderr-XXXXXX", root);
	int fd = mkstemp(capture_file);
	saved_stderr = dup(2);
	if (fd < 0 || saved_stderr < 0 || dup2(fd, 2) < 0)
		return -1;
	close(fd);
	return 0;
}

static char *capture_end(void)
{
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
	saved_stderr = -1;
	FILE *f = fopen(capture_file, "rb");
	char *text = calloc(1, 65536);
	if (f && text) {
		size_t n = fread(text, 1, 65535, f);
		text[n] = '\0';
	}
	if (f)
		fclose(f);
	unlink(capture_file);
	for (const char *p = text ? text : ""; *p;) {
		size_t n = strcspn(p, "\n");
		printf("  [stderr] %.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
	return text;
}

static void assert_contains(const char *text, const char *want, const char *what)
{
	if (!strstr(text, want))
		fail_msg("%s: expected \"%s\" in:\n%s", what, want, text);
}

/* ------------------------------------------------------ kernel sources */

/* A context on test_ctx's OpenCL objects whose kernel path is dir (searched
 * alone if only), with its binary cache off so that every program is built
 * from the source read. */
static txf_context *context_with_kernels(const char *dir, int only)
{
	txf_context_options o;
	txf_context_options_default(&o);
	o.kernel_path = dir;
	o.kernel_path_only = only;
	o.binary_cache = 0;
	txf_context *c = NULL;
	txf_status s =
	    txf_context_wrap(&c, txf_context_cl_context(test_ctx), txf_context_device(test_ctx),
	                     txf_context_queue(test_ctx), &o);
	if (s != TXF_SUCCESS)
		fail_msg("txf_context_wrap: %s (%s)", txf_status_name(s), txf_last_error());
	return c;
}

/* A transpose on ctx of a random ROWS x COLS matrix: its status, with the
 * result checked byte for byte on success and the output untouched on
 * failure. */
static txf_status checked_transpose(txf_context *ctx)
{
	const size_t bytes = ROWS * COLS * 4;
	test_buffer bin = test_buffer_new(bytes), bout = test_buffer_new(bytes);
	unsigned char *in = test_image_poisoned(&bin), *want = test_image_poisoned(&bout);
	test_fill_random(in + GUARD_BYTES, bytes);
	test_buffer_upload(&bin, 0, in + GUARD_BYTES, bytes);
	txf_matrix vi = test_view(&bin, TXF_F32, ROWS, COLS, COLS, 0, TXF_ROW_MAJOR);
	txf_matrix vo = test_view(&bout, TXF_F32, COLS, ROWS, ROWS, 0, TXF_ROW_MAJOR);
	cl_event ev = NULL;
	txf_status s = txf_transpose(ctx, &vi, &vo, NULL, 0, NULL, &ev);
	char detail[1024];
	snprintf(detail, sizeof detail, "%s", txf_last_error());
	if (s == TXF_SUCCESS) {
		test_wait(ev);
		test_host_transpose(in + GUARD_BYTES, TXF_ROW_MAJOR, COLS, 0, want + GUARD_BYTES,
		                    TXF_ROW_MAJOR, ROWS, 0, ROWS, COLS, 4);
	}
	assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
	test_assert_image(&bout, want, 4, "transpose output");
	free(in);
	free(want);
	test_buffer_free(&bin);
	test_buffer_free(&bout);
	/* txf_last_error() as the transpose left it. */
	if (s != TXF_SUCCESS)
		txf__fail(s, "%s", detail);
	return s;
}

/* dir is a usable kernel directory: the transpose succeeds with every
 * warning in warnings (NULL-terminated) on stderr, or none if there is
 * none. */
static void expect_used(const char *dir, const char *const *warnings, const char *what)
{
	txf_context *c = context_with_kernels(dir, 1);
	capture_begin();
	txf_status s = checked_transpose(c);
	char *log = capture_end();
	if (s != TXF_SUCCESS)
		fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
	if (!warnings[0] && strstr(log, "warning"))
		fail_msg("%s: unexpected warning:\n%s", what, log);
	for (size_t i = 0; warnings[i]; i++)
		assert_contains(log, warnings[i], what);
	free(log);
	txf_context_release(&c);
}

/* dir/file must be refused with a warning naming the file and why. Alone on
 * the kernel path, the transpose fails with TXF_ERR_KERNEL_NOT_FOUND, the
 * message saying what was refused; with the rest of the path behind it, the
 * kernels of the source tree are used. */
static void expect_refused(const char *dir, const char *file, const char *why, const char *what)
{
	char want[1200];
	snprintf(want, sizeof want, "libtiledxform: warning: kernel source %s/%s not used: ", dir,
	         file);
	txf_context *c = context_with_kernels(dir, 1);
	capture_begin();
	txf_status s = checked_transpose(c);
	char *log = capture_end();
	if (s != TXF_ERR_KERNEL_NOT_FOUND)
		fail_msg("%s: %s, expected TXF_ERR_KERNEL_NOT_FOUND (%s)", what, txf_status_name(s),
		         txf_last_error());
	assert_contains(log, want, what);
	assert_contains(log, why, what);
	assert_contains(txf_last_error(), "refused", what);
	assert_contains(txf_last_error(), why, what);
	free(log);
	txf_context_release(&c);

	c = context_with_kernels(dir, 0);
	capture_begin();
	s = checked_transpose(c);
	log = capture_end();
	if (s != TXF_SUCCESS)
		fail_msg("%s, with the source tree behind: %s (%s)", what, txf_status_name(s),
		         txf_last_error());
	assert_contains(log, want, what);
	free(log);
	txf_context_release(&c);
}

static void kernel_links(void **state)
{
	(void)state;
	/* A symbolic link to a good kernel directory: used, with a warning. */
	char *real = kernel_dir("real-kernels");
	char *link = path_of(root, "linked-kernels");
	assert_int_equal(symlink(real, link), 0);
	char w1[600];
	snprintf(w1, sizeof w1, "warning: kernel directory %s is a symbolic link (to %s)", link,
	         real);
	expect_used(link, (const char *const[]){w1, NULL}, "symlinked kernel directory");
	expect_used(real, (const char *const[]){NULL}, "the directory itself");

	/* The same through TXF_KERNEL_PATH. */
	setenv("TXF_KERNEL_PATH", link, 1);
	txf_context_options o;
	txf_context_options_default(&o);
	o.binary_cache = 0;
	txf_context *c = NULL;
	assert_int_equal(txf_context_wrap(&c, txf_context_cl_context(test_ctx),
	                                  txf_context_device(test_ctx), txf_context_queue(test_ctx),
	                                  &o),
	                 TXF_SUCCESS);
	capture_begin();
	txf_status s = checked_transpose(c);
	char *log = capture_end();
	unsetenv("TXF_KERNEL_PATH");
	assert_int_equal(s, TXF_SUCCESS);
	assert_contains(log, w1, "TXF_KERNEL_PATH");
	free(log);
	txf_context_release(&c);

	/* A symbolic link for one file, to a good file: used, with a warning. */
	char *dir = kernel_dir("file-link");
	char *file = path_of(dir, "transpose.cl");
	char *target = path_of(real, "transpose.cl");
	assert_int_equal(unlink(file), 0);
	assert_int_equal(symlink(target, file), 0);
	char w2[600];
	snprintf(w2, sizeof w2, "warning: kernel source %s is a symbolic link (to %s)", file,
	         target);
	expect_used(dir, (const char *const[]){w2, NULL}, "symlinked kernel file");

	/* ... to a file in a directory others can write: refused. */
	char *open_dir = new_dir("open", 0777);
	copy_kernel(open_dir, "transpose.cl");
	char *planted = path_of(open_dir, "transpose.cl");
	assert_int_equal(unlink(file), 0);
	assert_int_equal(symlink(planted, file), 0);
	expect_refused(dir, "transpose.cl", "is unsafe: other users can write it (mode 777)",
	               "a link into an open directory");

	/* ... to nothing. */
	assert_int_equal(unlink(file), 0);
	assert_int_equal(symlink("/nonexistent/transpose.cl", file), 0);
	expect_refused(dir, "transpose.cl", "cannot resolve it", "a dangling link");

	free(planted);
	free(open_dir);
	free(target);
	free(file);
	free(dir);
	free(link);
	free(real);
}

static void kernel_permissions(void **state)
{
	(void)state;
	char *dir = kernel_dir("perms");
	char *file = path_of(dir, "transpose.cl");

	/* A file others can write. */
	assert_int_equal(chmod(file, 0646), 0);
	expect_refused(dir, "transpose.cl", "other users can write it (mode 646)",
	               "an other-writable file");
	assert_int_equal(chmod(file, 0644), 0);
	expect_used(dir, (const char *const[]){NULL}, "mode 644 again");

	/* A directory others can write, sticky or not. */
	assert_int_equal(chmod(dir, 0777), 0);
	expect_refused(dir, "common.cl", "is unsafe: other users can write it (mode 777)",
	               "an other-writable directory");
	assert_int_equal(chmod(dir, 01777), 0);
	expect_refused(dir, "common.cl", "is unsafe: other users can write it (mode 777)",
	               "a sticky other-writable directory");
	assert_int_equal(chmod(dir, 0755), 0);

	/* Not a regular file: a directory, and a FIFO (which must not hang
	 * the reader). */
	assert_int_equal(unlink(file), 0);
	assert_int_equal(mkdir(file, 0755), 0);
	expect_refused(dir, "transpose.cl", "not a regular file", "a directory");
	assert_int_equal(rmdir(file), 0);
	assert_int_equal(mkfifo(file, 0644), 0);
	expect_refused(dir, "transpose.cl", "not a regular file", "a FIFO");
	assert_int_equal(unlink(file), 0);
	copy_kernel(dir, "transpose.cl");

	if (geteuid() != 0) {
		printf("  skipped: other owners and groups need root\n");
		free(file);
		free(dir);
		return;
	}
	/* Another user's file, directory. */
	assert_int_equal(chown(file, NOBODY, NOBODY), 0);
	expect_refused(dir, "transpose.cl", "belongs to user 65534, neither this user (0) nor root",
	               "another user's file");
	assert_int_equal(chown(file, 0, 0), 0);
	assert_int_equal(chown(dir, NOBODY, NOBODY), 0);
	expect_refused(dir, "common.cl", "is unsafe: it belongs to user 65534",
	               "another user's directory");
	assert_int_equal(chown(dir, 0, 0), 0);

	/* Group-writable, by a group that is not the owner's own. */
	assert_int_equal(chown(file, 0, NOBODY), 0);
	assert_int_equal(chmod(file, 0664), 0);
	expect_refused(dir, "transpose.cl", "group 65534 can write it (mode 664)",
	               "a group-writable file");
	assert_int_equal(chown(file, 0, 0), 0);
	assert_int_equal(chown(dir, 0, NOBODY), 0);
	assert_int_equal(chmod(dir, 0775), 0);
	expect_refused(dir, "common.cl", "is unsafe: group 65534 can write it (mode 775)",
	               "a group-writable directory");
	assert_int_equal(chown(dir, 0, 0), 0);

	/* Group-writable by the owner's own group (a user private group, as
	 * umask 002 leaves a checkout): used, where root's group is one. */
	struct group *g = getgrgid(0);
	struct passwd *pw = getpwuid(0);
	if (g && pw && pw->pw_gid == 0 && strcmp(g->gr_name, pw->pw_name) == 0 && !g->gr_mem[0]) {
		expect_used(dir, (const char *const[]){NULL}, "the owner's own group");
	} else {
		printf("  root's group is not a private group here: case skipped\n");
	}
	assert_int_equal(chmod(dir, 0755), 0);
	free(file);
	free(dir);
}

/* ----------------------------------------------- uninstalled marker */

/* What txf__uninstalled_kernel_dir makes of dir's marker, and the warnings
 * it gave. */
static char *marker_result(const char *dir, char **log)
{
	capture_begin();
	char *found = txf__uninstalled_kernel_dir(dir);
	*log = capture_end();
	return found;
}

/* dir's marker names want, with no warning. */
static void expect_marker(const char *dir, const char *want, const char *what)
{
	char *log;
	char *found = marker_result(dir, &log);
	if (!found || strcmp(found, want) != 0)
		fail_msg("%s: marker gave %s, expected %s", what, found ? found : "nothing", want);
	if (strstr(log, "warning"))
		fail_msg("%s: unexpected warning:\n%s", what, log);
	free(found);
	free(log);
}

/* dir's marker is refused with a warning naming it and why. */
static void expect_marker_refused(const char *dir, const char *why, const char *what)
{
	char *log;
	char *found = marker_result(dir, &log);
	if (found)
		fail_msg("%s: marker gave %s, expected it refused", what, found);
	char want[700];
	snprintf(want, sizeof want,
	         "libtiledxform: warning: build-tree marker %s/%s not used: ", dir,
	         TXF_UNINSTALLED_MARKER);
	assert_contains(log, want, what);
	assert_contains(log, why, what);
	free(log);
}

static void write_marker(const char *dir, const char *text, size_t n, mode_t mode)
{
	char *m = path_of(dir, TXF_UNINSTALLED_MARKER);
	write_whole(m, text, n, mode);
	free(m);
}

/* The marker file: read under the rules of a kernel source, one absolute
 * directory that the ':'-separated search path can hold. */
static void uninstalled_marker(void **state)
{
	(void)state;
	char *dir = new_dir("marker", 0755);
	char *log;
	char *found = marker_result(dir, &log);
	assert_null(found);
	if (strstr(log, "warning"))
		fail_msg("no marker: unexpected warning:\n%s", log);
	free(log);

	const char good[] = "# a comment\n/some/kernel dir\n";
	write_marker(dir, good, strlen(good), 0644);
	expect_marker(dir, "/some/kernel dir", "a marker with a comment");
	write_marker(dir, "/x", 2, 0644);
	expect_marker(dir, "/x", "no final newline");

	static const struct {
		const char *text, *why;
	} bad[] = {
	    {"", "it names no directory"},
	    {"# only a comment\n", "it names no directory"},
	    {"relative/cl\n", "relative/cl is not an absolute path"},
	    {"/one\n/two\n", "it names more than one directory"},
	    {"/one:/two\n", "its directory has a ':'"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		write_marker(dir, bad[i].text, strlen(bad[i].text), 0644);
		expect_marker_refused(dir, bad[i].why, bad[i].text);
	}
	write_marker(dir, "/one\0/two\n", 10, 0644);
	expect_marker_refused(dir, "it holds a NUL byte", "a NUL byte");
	size_t big = 8193;
	char *text = malloc(big);
	assert_non_null(text);
	memset(text, '#', big);
	text[0] = '/';
	write_marker(dir, text, big, 0644);
	free(text);
	expect_marker_refused(dir, "it is 8193 bytes, more than the 8192 allowed",
	                      "a large marker");

	/* Who may have written it. */
	write_marker(dir, good, strlen(good), 0646);
	expect_marker_refused(dir, "other users can write it (mode 646)",
	                      "an other-writable marker");
	write_marker(dir, good, strlen(good), 0644);
	assert_int_equal(chmod(dir, 0777), 0);
	expect_marker_refused(dir, "its directory is unsafe: other users can write it (mode 777)",
	                      "an other-writable directory");
	assert_int_equal(chmod(dir, 0755), 0);
	if (geteuid() == 0) {
		char *m = path_of(dir, TXF_UNINSTALLED_MARKER);
		assert_int_equal(chown(m, NOBODY, NOBODY), 0);
		expect_marker_refused(dir, "it belongs to user 65534", "another user's marker");
		assert_int_equal(chown(m, 0, 0), 0);
		free(m);
	}

	/* What it is. */
	char *m = path_of(dir, TXF_UNINSTALLED_MARKER);
	char *elsewhere = path_of(root, "marker-target");
	write_whole(elsewhere, good, strlen(good), 0644);
	assert_int_equal(unlink(m), 0);
	assert_int_equal(symlink(elsewhere, m), 0);
	expect_marker_refused(dir, "it is a symbolic link", "a symbolic link");
	assert_int_equal(unlink(m), 0);
	assert_int_equal(mkfifo(m, 0644), 0);
	expect_marker_refused(dir, "it is not a regular file", "a FIFO");
	assert_int_equal(unlink(m), 0);
	assert_int_equal(mkdir(m, 0755), 0);
	expect_marker_refused(dir, "it is not a regular file", "a directory");
	assert_int_equal(rmdir(m), 0);
	free(elsewhere);
	free(m);
	free(dir);
}

/* Run exe (a copy of this program) as argv0 --search-path: the kernel search
 * path it prints, its stderr in *err. */
static char *search_path_of(const char *exe, const char *argv0, char **err)
{
	char *out_file = path_of(root, "search-path.out"),
	     *err_file = path_of(root, "search-path.err");
	posix_spawn_file_actions_t fa;
	assert_int_equal(posix_spawn_file_actions_init(&fa), 0);
	assert_int_equal(
	    posix_spawn_file_actions_addopen(&fa, 1, out_file, O_WRONLY | O_CREAT | O_TRUNC, 0600),
	    0);
	assert_int_equal(
	    posix_spawn_file_actions_addopen(&fa, 2, err_file, O_WRONLY | O_CREAT | O_TRUNC, 0600),
	    0);
	char *argv[] = {(char *)argv0, "--search-path", NULL};
	pid_t pid;
	assert_int_equal(posix_spawn(&pid, exe, &fa, NULL, argv, environ), 0);
	posix_spawn_file_actions_destroy(&fa);
	int ws;
	assert_int_equal(waitpid(pid, &ws, 0), pid);
	assert_true(WIFEXITED(ws));
	assert_int_equal(WEXITSTATUS(ws), 0);
	size_t n;
	char *out = read_whole(out_file, &n);
	if (n && out[n - 1] == '\n')
		out[n - 1] = '\0';
	*err = read_whole(err_file, &n);
	free(out_file);
	free(err_file);
	return out;
}

static void expect_search_path(const char *exe, const char *argv0, const char *want,
                               const char *what)
{
	char *err;
	char *got = search_path_of(exe, argv0, &err);
	if (strcmp(got, want) != 0)
		fail_msg("%s: search path %s, expected %s (stderr: %s)", what, got, want, err);
	if (strstr(err, "warning"))
		fail_msg("%s: unexpected warning:\n%s", what, err);
	free(got);
	free(err);
}

/* The source tree's kernels are searched by a program that runs from the
 * build tree, found by the marker beside the file holding the library's
 * code, and by no other: a copy of this program elsewhere searches only the
 * installed directory, as an installed program would, until a marker is put
 * beside it. */
static void marker_beside_the_program(void **state)
{
	(void)state;
	char *own = txf__kernel_search_path(NULL);
	assert_non_null(own);
	assert_string_equal(own, TXF_SOURCE_KERNEL_DIR ":" TXF_INSTALL_KERNEL_DIR);
	free(own);

	char *bin = new_dir("relocated", 0755);
	char *exe = path_of(bin, "test_hostile");
	int in = open(self_exe, O_RDONLY | O_CLOEXEC);
	int out = open(exe, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
	assert_true(in >= 0 && out >= 0);
	char buf[65536];
	ssize_t r;
	while ((r = read(in, buf, sizeof buf)) > 0)
		assert_int_equal(write(out, buf, (size_t)r), r);
	assert_int_equal(r, 0);
	close(in);
	assert_int_equal(close(out), 0);

	expect_search_path(exe, exe, TXF_INSTALL_KERNEL_DIR, "a copy without a marker");
	char *kernels = kernel_dir("marked-kernels");
	char text[700], want[1400];
	snprintf(text, sizeof text, "# test\n%s\n", kernels);
	write_marker(bin, text, strlen(text), 0644);
	snprintf(want, sizeof want, "%s:%s", kernels, TXF_INSTALL_KERNEL_DIR);
	expect_search_path(exe, exe, want, "a copy with a marker");
	/* Run by a bare name, as from PATH: the program is still found. */
	expect_search_path(exe, "test_hostile", want, "a copy run by its bare name");

	/* An unsafe marker: not used, with a warning. */
	assert_int_equal(chmod(bin, 0777), 0);
	char *err;
	char *got = search_path_of(exe, exe, &err);
	assert_int_equal(chmod(bin, 0755), 0);
	assert_string_equal(got, TXF_INSTALL_KERNEL_DIR);
	assert_contains(err, "build-tree marker", "a marker in an open directory");
	assert_contains(err, "other users can write it (mode 777)",
	                "a marker in an open directory");
	free(got);
	free(err);
	free(kernels);
	free(exe);
	free(bin);
}

/* ------------------------------------------------------------- caches */

static txf_context *context_on_cache(const char *cache_dir, const char *tuning_file)
{
	txf_context_options o;
	txf_context_options_default(&o);
	o.cache_dir = cache_dir;
	o.tuning_file = tuning_file;
	txf_context *c = NULL;
	txf_status s =
	    txf_context_wrap(&c, txf_context_cl_context(test_ctx), txf_context_device(test_ctx),
	                     txf_context_queue(test_ctx), &o);
	if (s != TXF_SUCCESS)
		fail_msg("txf_context_wrap: %s (%s)", txf_status_name(s), txf_last_error());
	return c;
}

static txf_context_stats stats_of(txf_context *c)
{
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(c, &st), TXF_SUCCESS);
	return st;
}

/* A valid tuning for this device (one transpose entry). */
static txf_tuning *one_tuning(void)
{
	txf_tuning *t = test_tuning_blank("hostile");
	txf_tuning_limits l;
	memset(&l, 0, sizeof l);
	l.large_from = 1e6;
	assert_int_equal(txf_tuning_limits_set(t, TXF_TUNE_TRANSPOSE, TXF_F32, &l), TXF_SUCCESS);
	txf_tuned e;
	memset(&e, 0, sizeof e);
	e.strategy = TXF_STRATEGY_SPLIT;
	test_tuned_put(&e, "tile", 16);
	test_tuned_put(&e, "wg_rows", 4);
	e.shape[0] = 100;
	e.shape[1] = 60;
	e.median_ms = 0.5;
	assert_int_equal(txf_tuning_set_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, TXF_SMALL_UNEVEN, &e),
	                 TXF_SUCCESS);
	return t;
}

/* A cache directory dir filled by a context while it was safe: a program
 * in programs/ and a tuning file in tuning/. */
static void fill_cache(const char *dir)
{
	txf_context *c = context_on_cache(dir, NULL);
	txf_tuning *t = one_tuning();
	assert_int_equal(txf_tuning_save(c, t), TXF_SUCCESS);
	txf_tuning_release(&t);
	assert_int_equal(checked_transpose(c), TXF_SUCCESS);
	txf_context_stats st = stats_of(c);
	assert_true(st.programs_built + st.programs_loaded >= 1);
	assert_int_equal(st.programs_built, st.programs_stored);
	txf_context_release(&c);
	/* Used when safe. */
	c = context_on_cache(dir, NULL);
	assert_int_equal(checked_transpose(c), TXF_SUCCESS);
	st = stats_of(c);
	assert_int_equal(st.tuned, 1);
	assert_true(st.programs_loaded >= 1);
	assert_int_equal(st.programs_built, 0);
	txf_context_release(&c);
}

/* A context on cache_dir (the option, or TXF_CACHE_DIR when env is set)
 * must warn with each phrase, use neither the binary cache nor the tuning
 * file there, and still compute right. */
static void expect_cache_unused(const char *cache_dir, bool env, const char *const *phrases,
                                const char *what)
{
	const char *old = getenv("TXF_CACHE_DIR");
	char *saved = old ? strdup(old) : NULL;
	if (env)
		setenv("TXF_CACHE_DIR", cache_dir, 1);
	capture_begin();
	txf_context *c = context_on_cache(env ? NULL : cache_dir, NULL);
	txf_status s = checked_transpose(c);
	char *log = capture_end();
	if (saved)
		setenv("TXF_CACHE_DIR", saved, 1);
	else
		unsetenv("TXF_CACHE_DIR");
	free(saved);
	assert_int_equal(s, TXF_SUCCESS);
	for (size_t i = 0; phrases[i]; i++)
		assert_contains(log, phrases[i], what);
	free(log);
	txf_context_stats st = stats_of(c);
	assert_int_equal(st.binary_cache, 0);
	assert_int_equal(st.programs_loaded, 0);
	assert_int_equal(st.programs_stored, 0);
	assert_int_equal(st.tuned, 0);
	txf_tuning *t = NULL;
	assert_int_equal(txf_tuning_get(c, &t), TXF_SUCCESS);
	txf_tuned e;
	assert_int_equal(txf_tuning_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32, TXF_SMALL_UNEVEN, &e),
	                 TXF_ERR_INVALID_ARG);
	txf_tuning_release(&t);
	txf_choice ch;
	assert_int_equal(txf_transpose_explain(c, 100, 60, TXF_F32, 0, NULL, &ch), TXF_SUCCESS);
	assert_int_not_equal(ch.strategy_source, TXF_SOURCE_TUNED);
	txf_context_release(&c);
}

static void cache_places(void **state)
{
	(void)state;
	/* A cache directory others can write: its programs and its tuning
	 * file, written while it was private, are never used. */
	char *dir = new_dir("cache-open", 0700);
	fill_cache(dir);
	assert_int_equal(chmod(dir, 0777), 0);
	char *programs = path_of(dir, "programs");
	char w1[600], w2[600];
	snprintf(w1, sizeof w1,
	         "warning: binary cache off: %s is not safe to use: other users can write it "
	         "(mode 777)",
	         programs);
	snprintf(w2, sizeof w2,
	         "warning: tuning file ignored: the cache directory %s is unsafe: other users "
	         "can write it (mode 777)",
	         dir);
	expect_cache_unused(dir, false, (const char *const[]){w1, w2, NULL}, "a 0777 cache");
	/* TXF_LOG=quiet silences the warnings, and nothing more. */
	setenv("TXF_LOG", "quiet", 1);
	capture_begin();
	txf_context *c = context_on_cache(dir, NULL);
	char *log = capture_end();
	unsetenv("TXF_LOG");
	assert_string_equal(log, "");
	assert_int_equal(stats_of(c).binary_cache, 0);
	assert_int_equal(stats_of(c).tuned, 0);
	free(log);
	txf_context_release(&c);
	/* Saving a tuning there is refused. */
	capture_begin();
	c = context_on_cache(dir, NULL);
	free(capture_end());
	txf_tuning *t = one_tuning();
	assert_int_equal(txf_tuning_save(c, t), TXF_ERR_IO);
	txf_tuning_release(&t);
	assert_contains(txf_last_error(), "not safe to write", "tuning save");
	assert_int_equal(stats_of(c).tuned, 0); /* a failed save changes nothing */
	txf_context_release(&c);

	/* Only programs/ open to others: the binary cache is off, the
	 * tuning file is still used. */
	assert_int_equal(chmod(dir, 0700), 0);
	assert_int_equal(chmod(programs, 0777), 0);
	capture_begin();
	c = context_on_cache(dir, NULL);
	assert_int_equal(checked_transpose(c), TXF_SUCCESS);
	log = capture_end();
	assert_contains(log, w1, "a 0777 programs directory");
	assert_int_equal(stats_of(c).programs_loaded, 0);
	assert_int_equal(stats_of(c).tuned, 1);
	free(log);
	txf_context_release(&c);
	assert_int_equal(chmod(programs, 0700), 0);

	/* The cache directory is a symbolic link (through TXF_CACHE_DIR) to
	 * a good one: neither its programs nor its tuning file are used. */
	char *link = path_of(root, "cache-link");
	assert_int_equal(symlink(dir, link), 0);
	snprintf(w1, sizeof w1, "warning: binary cache off: %s/programs is not safe to use: %s",
	         link, "it is a symbolic link");
	snprintf(w2, sizeof w2,
	         "warning: tuning file ignored: the cache directory %s is unsafe: it is a "
	         "symbolic link",
	         link);
	expect_cache_unused(link, true, (const char *const[]){w1, w2, NULL}, "a symlinked cache");

	/* A tuning file in a group-writable directory: the device's file in
	 * tuning/, and a file given by the option. */
	char *tuning = path_of(dir, "tuning");
	assert_int_equal(chmod(tuning, 0770), 0);
	capture_begin();
	c = context_on_cache(dir, NULL);
	log = capture_end();
	snprintf(w1, sizeof w1,
	         "warning: tuning file ignored: its directory %s is unsafe: other users can "
	         "write it (mode 770)",
	         tuning);
	assert_contains(log, w1, "a group-writable tuning directory");
	assert_int_equal(stats_of(c).tuned, 0);
	assert_int_equal(stats_of(c).binary_cache, 1);
	free(log);
	char file[700];
	assert_int_equal(txf_tuning_path(c, file, sizeof file), TXF_SUCCESS);
	txf_context_release(&c);
	char *group_dir = new_dir("group-writable", 0720);
	char *moved = path_of(group_dir, "t.txt");
	size_t n;
	char *text = read_whole(file, &n);
	write_whole(moved, text, n, 0600);
	free(text);
	capture_begin();
	c = context_on_cache(dir, moved);
	log = capture_end();
	snprintf(w1, sizeof w1,
	         "warning: tuning file ignored: its directory %s is unsafe: other users can "
	         "write it (mode 720)",
	         group_dir);
	assert_contains(log, w1, "a tuning file in a group-writable directory");
	assert_int_equal(stats_of(c).tuned, 0);
	free(log);
	txf_context_release(&c);
	/* The same file in a private directory is used. */
	assert_int_equal(chmod(group_dir, 0700), 0);
	c = context_on_cache(dir, moved);
	assert_int_equal(stats_of(c).tuned, 1);
	txf_context_release(&c);

	free(moved);
	free(group_dir);
	free(tuning);
	free(link);
	free(programs);
	free(dir);
}

/* ------------------------------------------------ names with slashes */

/* A tuning file written at path by a context on cache dir (a private
 * directory); its bytes returned. */
static char *good_tuning_file(const char *cache, const char *path, size_t *n)
{
	txf_context *c = context_on_cache(cache, path);
	txf_tuning *t = one_tuning();
	assert_int_equal(txf_tuning_save(c, t), TXF_SUCCESS);
	txf_tuning_release(&t);
	txf_context_release(&c);
	return read_whole(path, n);
}

/* A tuning file or cache directory named with "//", "/./" or a trailing
 * slash after a symbolic link is refused as the link: lstat of "link/"
 * would follow it. */
static void linked_names_with_slashes(void **state)
{
	(void)state;
	char *real = new_dir("slash-real", 0700);
	char *cache = new_dir("slash-cache", 0700);
	char *file = path_of(real, "t.txt");
	size_t n;
	free(good_tuning_file(cache, file, &n));
	char *link = path_of(root, "slash-link");
	assert_int_equal(symlink(real, link), 0);
	static const char *const seps[] = {"//", "/./", "/.//"};
	for (size_t i = 0; i < sizeof seps / sizeof seps[0]; i++) {
		char named[600], want[700];
		snprintf(named, sizeof named, "%s%st.txt", link, seps[i]);
		capture_begin();
		txf_context *c = context_on_cache(cache, named);
		char *log = capture_end();
		snprintf(want, sizeof want,
		         "warning: tuning file ignored: its directory %s is unsafe: it is a "
		         "symbolic link",
		         link);
		assert_contains(log, want, named);
		free(log);
		assert_int_equal(stats_of(c).tuned, 0);
		txf_tuning *t = one_tuning();
		assert_int_equal(txf_tuning_save(c, t), TXF_ERR_IO);
		txf_tuning_release(&t);
		assert_contains(txf_last_error(), "not safe to write", named);
		txf_context_release(&c);
	}

	/* The symbolic link of cache_places, named with a trailing slash
	 * through TXF_CACHE_DIR: neither cache is used. */
	char *cache_link = path_of(root, "slash-cache-link");
	assert_int_equal(symlink(cache, cache_link), 0);
	char named[600], w1[700], w2[700];
	snprintf(w1, sizeof w1, "warning: binary cache off: %s/programs is not safe to use: %s",
	         cache_link, "it is a symbolic link");
	snprintf(w2, sizeof w2,
	         "warning: tuning file ignored: the cache directory %s is unsafe: it is a "
	         "symbolic link",
	         cache_link);
	txf_context *c = context_on_cache(cache, NULL);
	txf_tuning *t = one_tuning();
	assert_int_equal(txf_tuning_save(c, t), TXF_SUCCESS);
	txf_tuning_release(&t);
	txf_context_release(&c);
	snprintf(named, sizeof named, "%s/", cache_link);
	expect_cache_unused(named, true, (const char *const[]){w1, w2, NULL},
	                    "a symlinked cache named with a trailing slash");
	snprintf(named, sizeof named, "%s//.//", cache_link);
	expect_cache_unused(named, false, (const char *const[]){w1, w2, NULL},
	                    "a symlinked cache named with slashes and a dot");

	free(cache_link);
	free(link);
	free(file);
	free(cache);
	free(real);
}

/* ------------------------------------------------- tuning save targets */

/* Saving a tuning over target (named by the option, or by TXF_TUNING_FILE
 * when env is set) must fail with TXF_ERR_IO and a message with phrase (when
 * not NULL), and leave target and the context as they were, with no
 * temporary file beside it. */
static void expect_save_refused(const char *cache, const char *target, bool env, const char *phrase,
                                const char *what)
{
	struct stat before, after;
	if (lstat(target, &before) != 0)
		fail_msg("%s: %s: %s", what, target, strerror(errno));
	if (env)
		assert_int_equal(setenv("TXF_TUNING_FILE", target, 1), 0);
	capture_begin();
	txf_context *c = context_on_cache(cache, env ? NULL : target);
	free(capture_end());
	txf_tuning *t = one_tuning();
	capture_begin();
	txf_status s = txf_tuning_save(c, t);
	txf_tuning_release(&t);
	free(capture_end());
	if (env)
		unsetenv("TXF_TUNING_FILE");
	if (s != TXF_ERR_IO)
		fail_msg("%s: saving over %s gave %s (%s), expected TXF_ERR_IO", what, target,
		         txf_status_name(s), txf_last_error());
	assert_contains(txf_last_error(), "txf_tuning_save", what);
	if (phrase) {
		char want[700];
		snprintf(want, sizeof want, "cannot replace %s: %s", target, phrase);
		assert_contains(txf_last_error(), want, what);
	}
	txf_context_stats st = stats_of(c);
	assert_int_equal(st.tuned, 0);
	txf_tuning *got = NULL;
	assert_int_equal(txf_tuning_get(c, &got), TXF_SUCCESS);
	txf_tuning_limits l;
	assert_int_equal(txf_tuning_limits_get(got, TXF_TUNE_TRANSPOSE, TXF_F32, &l),
	                 TXF_ERR_INVALID_ARG);
	txf_tuning_release(&got);
	txf_context_release(&c);
	if (lstat(target, &after) != 0)
		fail_msg("%s: %s is gone: %s", what, target, strerror(errno));
	if (after.st_ino != before.st_ino || after.st_dev != before.st_dev ||
	    after.st_mode != before.st_mode || after.st_rdev != before.st_rdev ||
	    after.st_uid != before.st_uid || after.st_size != before.st_size)
		fail_msg("%s: %s was replaced or changed", what, target);
	/* No temporary file left: "<name>.tmp-XXXXXX" beside it. */
	char cmd[1400];
	snprintf(cmd, sizeof cmd,
	         "! ls -A \"$(dirname '%s')\" | grep -q \"^$(basename '%s').tmp-\"", target,
	         target);
	if (system(cmd) != 0)
		fail_msg("%s: a temporary file was left beside %s", what, target);
}

static void tuning_save_targets(void **state)
{
	(void)state;
	char *cache = new_dir("save-cache", 0700);
	char *good_dir = new_dir("save-good", 0700);
	char *good = path_of(good_dir, "t.txt");
	size_t n;
	char *text = good_tuning_file(cache, good, &n);
	assert_true(n > 0);

	/* A FIFO, through the option and through TXF_TUNING_FILE. */
	char *fifo = path_of(root, "tuning-fifo");
	assert_int_equal(mkfifo(fifo, 0600), 0);
	expect_save_refused(cache, fifo, false, "it is not a regular file", "a FIFO");
	expect_save_refused(cache, fifo, true, "it is not a regular file", "a FIFO (env)");

	/* A directory. */
	char *dir = new_dir("tuning-dir", 0700);
	expect_save_refused(cache, dir, false, "it is a directory", "a directory");

	/* A symbolic link to a good tuning file: neither the link nor its
	 * target is replaced. */
	char *link = path_of(root, "tuning-link");
	assert_int_equal(symlink(good, link), 0);
	expect_save_refused(cache, link, false, "it is a symbolic link", "a symbolic link");
	size_t n2;
	char *again = read_whole(good, &n2);
	assert_int_equal(n, n2);
	assert_memory_equal(text, again, n);
	free(again);

	/* Another user's tuning file (root can make one). */
	if (geteuid() == 0) {
		char *theirs = path_of(good_dir, "theirs.txt");
		write_whole(theirs, text, n, 0600);
		assert_int_equal(chown(theirs, NOBODY, NOBODY), 0);
		char phrase[80];
		snprintf(phrase, sizeof phrase, "it belongs to user %d", NOBODY);
		expect_save_refused(cache, theirs, false, phrase, "another user's file");
		again = read_whole(theirs, &n2);
		assert_int_equal(n, n2);
		assert_memory_equal(text, again, n);
		free(again);
		free(theirs);
	} else {
		printf("  another user's file: skipped, changing an owner needs root\n");
	}

	/* A character device: one of our own first (a copy of /dev/null's
	 * numbers), then /dev/null itself, which a save as root could
	 * replace. */
	struct stat dn;
	assert_int_equal(stat("/dev/null", &dn), 0);
	assert_true(S_ISCHR(dn.st_mode));
	char *dev = path_of(root, "tuning-chardev");
	if (mknod(dev, S_IFCHR | 0600, dn.st_rdev) == 0) {
		expect_save_refused(cache, dev, false, "it is not a regular file",
		                    "a character device");
		expect_save_refused(cache, "/dev/null", true, NULL, "/dev/null (env)");
		expect_save_refused(cache, "/dev/null", false, NULL, "/dev/null");
		/* Still the null device. */
		struct stat now;
		assert_int_equal(stat("/dev/null", &now), 0);
		assert_true(S_ISCHR(now.st_mode) && now.st_rdev == dn.st_rdev);
		FILE *f = fopen("/dev/null", "w");
		assert_non_null(f);
		assert_int_equal(fputs("x", f) >= 0, 1);
		assert_int_equal(fclose(f), 0);
	} else {
		printf("  character devices: skipped, mknod: %s\n", strerror(errno));
	}

	/* An absent file and a regular file of this user are written. */
	char *fresh = path_of(good_dir, "fresh.txt");
	free(good_tuning_file(cache, fresh, &n2));
	free(good_tuning_file(cache, fresh, &n2));
	struct stat sb;
	assert_int_equal(lstat(fresh, &sb), 0);
	assert_true(S_ISREG(sb.st_mode) && (sb.st_mode & 0777) == 0600);

	free(fresh);
	free(dev);
	free(link);
	free(dir);
	free(fifo);
	free(text);
	free(good);
	free(good_dir);
	free(cache);
}

/* ----------------------------------------------- unreadable, as nobody */

/* The cases of unreadable places, without cmocka: 0 when all pass, else 1
 * after saying what failed. Runs as a user other than root. */
#define EXPECT(cond, ...)                                     \
	do {                                                  \
		if (!(cond)) {                                \
			printf("  unreadable: " __VA_ARGS__); \
			printf("\n");                         \
			return 1;                             \
		}                                             \
	} while (0)

static int unreadable_cases(void)
{
	char base[64];
	snprintf(base, sizeof base, "/tmp/txf-hostile-user-XXXXXX");
	EXPECT(mkdtemp(base), "mkdtemp: %s", strerror(errno));
	snprintf(root, sizeof root, "%s", base);
	char pocl[128];
	snprintf(pocl, sizeof pocl, "%s/pocl", base);
	mkdir(pocl, 0700);
	setenv("POCL_CACHE_DIR", pocl, 1);

	char kdir[128], file[160], src[4096], cache[128];
	snprintf(kdir, sizeof kdir, "%s/kernels", base);
	EXPECT(mkdir(kdir, 0700) == 0, "mkdir %s", kdir);
	static const char *const names[] = {"common.cl", "transpose.cl"};
	for (int i = 0; i < 2; i++) {
		snprintf(src, sizeof src, "%s/../cl/%s", TXF_TEST_SRCDIR, names[i]);
		snprintf(file, sizeof file, "%s/%s", kdir, names[i]);
		FILE *in = fopen(src, "rb"), *out = fopen(file, "wb");
		EXPECT(in && out, "copying %s", src);
		char buf[8192];
		size_t n;
		while ((n = fread(buf, 1, sizeof buf, in)) > 0)
			EXPECT(fwrite(buf, 1, n, out) == n, "writing %s", file);
		fclose(in);
		EXPECT(fclose(out) == 0, "writing %s", file);
	}
	snprintf(cache, sizeof cache, "%s/cache", base);
	EXPECT(mkdir(cache, 0700) == 0, "mkdir %s", cache);

	/* An unreadable kernel file, then an unsearchable kernel directory:
	 * refused with the error, and the operation fails cleanly. */
	snprintf(file, sizeof file, "%s/transpose.cl", kdir);
	for (int round = 0; round < 2; round++) {
		EXPECT(chmod(round == 0 ? file : kdir, round == 0 ? 0200 : 0600) == 0, "chmod");
		txf_context_options o;
		txf_context_options_default(&o);
		o.kernel_path = kdir;
		o.kernel_path_only = 1;
		o.cache_dir = cache;
		txf_context *c = NULL;
		txf_status s = txf_context_create(&c, &o);
		EXPECT(s == TXF_SUCCESS, "txf_context_create: %s", txf_last_error());
		txf_matrix a, b;
		memset(&a, 0, sizeof a);
		memset(&b, 0, sizeof b);
		s = txf_matrix_alloc(c, TXF_F32, 5, 7, TXF_ROW_MAJOR, &a);
		if (s == TXF_SUCCESS)
			s = txf_matrix_alloc(c, TXF_F32, 7, 5, TXF_ROW_MAJOR, &b);
		EXPECT(s == TXF_SUCCESS, "txf_matrix_alloc: %s", txf_last_error());
		EXPECT(capture_begin() == 0, "capturing stderr");
		s = txf_transpose(c, &a, &b, NULL, 0, NULL, NULL);
		char *log = capture_end();
		char want[300];
		snprintf(want, sizeof want, "kernel source %s/%s not used: Permission denied", kdir,
		         round == 0 ? "transpose.cl" : "common.cl");
		EXPECT(s == TXF_ERR_KERNEL_NOT_FOUND, "round %d: %s", round, txf_status_name(s));
		EXPECT(strstr(txf_last_error(), "Permission denied"), "message: %s",
		       txf_last_error());
		EXPECT(log && strstr(log, want), "round %d: no warning \"%s\"", round, want);
		free(log);
		txf_matrix_free(&a);
		txf_matrix_free(&b);
		txf_context_release(&c);
	}
	chmod(kdir, 0700);
	chmod(file, 0600);

	/* A cache directory this user cannot read: the binary cache is off
	 * with a warning. */
	EXPECT(chmod(cache, 0300) == 0, "chmod");
	EXPECT(capture_begin() == 0, "capturing stderr");
	txf_context_options o;
	txf_context_options_default(&o);
	o.cache_dir = cache;
	txf_context *c = NULL;
	txf_status s = txf_context_create(&c, &o);
	char *log = capture_end();
	EXPECT(s == TXF_SUCCESS, "txf_context_create: %s", txf_last_error());
	txf_context_stats st;
	EXPECT(txf_context_stats_get(c, &st) == TXF_SUCCESS && !st.binary_cache,
	       "the binary cache is on");
	EXPECT(log && strstr(log, "binary cache off") &&
	           strstr(log, "this user cannot read and write it (mode 300)"),
	       "no warning about the unreadable cache");
	free(log);
	txf_context_release(&c);
	chmod(cache, 0700);

	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
	EXPECT(system(cmd) == 0, "%s", cmd);
	printf("  unreadable kernel file, kernel directory and cache directory: refused, as "
	       "user %u\n",
	       (unsigned)geteuid());
	return 0;
}

static void unreadable_places(void **state)
{
	(void)state;
	if (geteuid() != 0) {
		char saved[sizeof root];
		memcpy(saved, root, sizeof root);
		int rc = unreadable_cases();
		memcpy(root, saved, sizeof root);
		assert_int_equal(rc, 0);
		return;
	}
	/* Root reads anything: a child gives up root and runs the cases. */
	fflush(stdout);
	char *argv[] = {self_exe, "--unprivileged", NULL};
	pid_t pid;
	assert_int_equal(posix_spawn(&pid, self_exe, NULL, NULL, argv, environ), 0);
	int ws;
	assert_int_equal(waitpid(pid, &ws, 0), pid);
	assert_true(WIFEXITED(ws));
	assert_int_equal(WEXITSTATUS(ws), 0);
}

static int unprivileged_main(void)
{
	if (geteuid() == 0 && (setgroups(0, NULL) != 0 || setgid(NOBODY) != 0 ||
	                       setuid(NOBODY) != 0 || geteuid() == 0)) {
		printf("  cannot become user %d: %s\n", NOBODY, strerror(errno));
		return 1;
	}
	unsetenv("TXF_CACHE_DIR");
	setenv("HOME", "/nonexistent", 1);
	int rc = unreadable_cases();
	fflush(stdout);
	return rc;
}

/* ---------------------------------------------------------------- main */

static int suite_setup(void **state)
{
	snprintf(root, sizeof root, "/tmp/txf-test-hostile-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	return test_context_setup(state);
}

static int suite_teardown(void **state)
{
	char cmd[200];
	snprintf(cmd, sizeof cmd, "chmod -R u+rwx '%s' && rm -rf '%s'", root, root);
	if (system(cmd) != 0)
		return -1;
	return test_context_teardown(state);
}

int main(int argc, char **argv)
{
	ssize_t n = readlink("/proc/self/exe", self_exe, sizeof self_exe - 1);
	if (n > 0)
		self_exe[n] = '\0';
	else
		snprintf(self_exe, sizeof self_exe, "%s", argv[0]);
	unsetenv("TXF_LOG");
	unsetenv("TXF_KERNEL_PATH");
	unsetenv("TXF_TUNING");
	unsetenv("TXF_TUNING_FILE");
	unsetenv("TXF_BINARY_CACHE");
	if (argc == 2 && strcmp(argv[1], "--unprivileged") == 0)
		return unprivileged_main();
	if (argc == 2 && strcmp(argv[1], "--search-path") == 0) {
		char *path = txf__kernel_search_path(NULL);
		int rc = path ? 0 : 1;
		printf("%s\n", path ? path : "(out of memory)");
		free(path);
		return rc;
	}
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(kernel_links),        cmocka_unit_test(kernel_permissions),
	    cmocka_unit_test(uninstalled_marker),  cmocka_unit_test(marker_beside_the_program),
	    cmocka_unit_test(cache_places),        cmocka_unit_test(linked_names_with_slashes),
	    cmocka_unit_test(tuning_save_targets), cmocka_unit_test(unreadable_places),
	};
	return cmocka_run_group_tests_name("hostile", tests, suite_setup, suite_teardown);
}
