/* The binary cache: programs stored by one context are loaded by the next,
 * in this process and in others; damaged, stale and unsafe entries are
 * rejected with a warning, rebuilt and written again; unsafe directories
 * are not used; concurrent writers leave only valid entries; the entry
 * parser names each kind of damage.
 *
 * Every test uses cache directories of its own (mkdtemp), through the
 * context option cache_dir. The suite re-executes itself with "--child DIR"
 * to be a second process on a cache directory. */
#include "common.h"

#include "txf_internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* This program's path, also its child's argv[0] (the library finds the
 * kernel sources of an uninstalled build from it). */
static char self_exe[4096];

/* ------------------------------------------------------------ workloads */

/* A small transpose and a small matmul with forced strategies (one program
 * each), checked against the host. They use no cmocka assertions so that
 * the child process can run them too. */
static bool run_transpose(txf_context *ctx)
{
	enum { R = 37, C = 53 };
	static float in[R * C], out[C * R];
	for (size_t i = 0; i < R * C; i++)
		in[i] = (float)(i % 1000);
	memset(out, 0, sizeof out);
	txf_matrix a = {0}, at = {0};
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = TXF_STRATEGY_SIMPLE;
	txf_status s = txf_matrix_alloc(ctx, TXF_F32, R, C, TXF_ROW_MAJOR, &a);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, TXF_F32, C, R, TXF_ROW_MAJOR, &at);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &a, in, 0, 1, 0, NULL, NULL);
	cl_event ev = NULL;
	if (s == TXF_SUCCESS)
		s = txf_transpose(ctx, &a, &at, &o, 0, NULL, &ev);
	if (s == TXF_SUCCESS)
		s = txf_matrix_read(ctx, &at, out, 0, 1, 1, &ev, NULL);
	if (ev)
		clReleaseEvent(ev);
	txf_matrix_free(&a);
	txf_matrix_free(&at);
	if (s != TXF_SUCCESS) {
		fprintf(stderr, "transpose: %s: %s\n", txf_status_name(s), txf_last_error());
		return false;
	}
	for (size_t i = 0; i < R; i++)
		for (size_t j = 0; j < C; j++)
			if (out[j * R + i] != in[i * C + j]) {
				fprintf(stderr, "transpose: wrong element (%zu, %zu)\n", j, i);
				return false;
			}
	return true;
}

static bool run_matmul(txf_context *ctx)
{
	enum { M = 19, N = 23, K = 17 };
	static float a[M * K], b[K * N], c[M * N];
	for (size_t i = 0; i < M * K; i++)
		a[i] = (float)((int)(i * 7 % 11) - 5);
	for (size_t i = 0; i < K * N; i++)
		b[i] = (float)((int)(i * 5 % 13) - 6);
	memset(c, 0, sizeof c);
	txf_matrix A = {0}, B = {0}, Cm = {0};
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = TXF_STRATEGY_SIMPLE;
	txf_status s = txf_matrix_alloc(ctx, TXF_F32, M, K, TXF_ROW_MAJOR, &A);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, TXF_F32, K, N, TXF_ROW_MAJOR, &B);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, TXF_F32, M, N, TXF_ROW_MAJOR, &Cm);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &A, a, 0, 1, 0, NULL, NULL);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &B, b, 0, 1, 0, NULL, NULL);
	cl_event ev = NULL;
	if (s == TXF_SUCCESS)
		s = txf_matmul(ctx, TXF_OP_N, TXF_OP_N, 1.0, &A, &B, 0.0, &Cm, &o, 0, NULL, &ev);
	if (s == TXF_SUCCESS)
		s = txf_matrix_read(ctx, &Cm, c, 0, 1, 1, &ev, NULL);
	if (ev)
		clReleaseEvent(ev);
	txf_matrix_free(&A);
	txf_matrix_free(&B);
	txf_matrix_free(&Cm);
	if (s != TXF_SUCCESS) {
		fprintf(stderr, "matmul: %s: %s\n", txf_status_name(s), txf_last_error());
		return false;
	}
	/* Small integers: the products and sums are exact in float. */
	for (size_t i = 0; i < M; i++)
		for (size_t j = 0; j < N; j++) {
			float want = 0;
			for (size_t k = 0; k < K; k++)
				want += a[i * K + k] * b[k * N + j];
			if (c[i * N + j] != want) {
				fprintf(stderr, "matmul: wrong element (%zu, %zu)\n", i, j);
				return false;
			}
		}
	return true;
}

static txf_context *context_on(const char *dir)
{
	txf_context_options o;
	txf_context_options_default(&o);
	o.cache_dir = dir;
	txf_context *ctx = NULL;
	txf_status s = txf_context_create(&ctx, &o);
	if (s != TXF_SUCCESS)
		fprintf(stderr, "context: %s: %s\n", txf_status_name(s), txf_last_error());
	return ctx;
}

static txf_context_stats stats_of(txf_context *ctx)
{
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(ctx, &st), TXF_SUCCESS);
	return st;
}

/* ----------------------------------------------------- the child process */

/* test_cache --child DIR: wait for stdin to close (the start signal), run
 * both workloads on a context with cache_dir DIR, print its stats. */
static int child_main(const char *dir)
{
	char c;
	while (read(0, &c, 1) > 0)
		;
	txf_context *ctx = context_on(dir);
	if (!ctx)
		return 2;
	bool ok = run_transpose(ctx) && run_matmul(ctx);
	txf_context_stats st;
	txf_context_stats_get(ctx, &st);
	printf("built=%lu loaded=%lu stored=%lu rejected=%lu ok=%d\n", st.programs_built,
	       st.programs_loaded, st.programs_stored, st.cache_rejected, ok);
	txf_context_release(&ctx);
	return ok ? 0 : 1;
}

/* Start the child on dir with stdin from stdin_fd (or /dev/null when -1)
 * and stdout, stderr into files. */
static pid_t spawn_child(const char *dir, int stdin_fd, const char *out, const char *err)
{
	posix_spawn_file_actions_t fa;
	assert_int_equal(posix_spawn_file_actions_init(&fa), 0);
	if (stdin_fd >= 0)
		posix_spawn_file_actions_adddup2(&fa, stdin_fd, 0);
	else
		posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_addopen(&fa, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	char *argv[] = {self_exe, (char *)"--child", (char *)dir, NULL};
	pid_t pid = -1;
	int rc = posix_spawn(&pid, self_exe, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	assert_int_equal(rc, 0);
	return pid;
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *buf = calloc(1, 1 << 16);
	assert_non_null(buf);
	size_t n = fread(buf, 1, (1 << 16) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

typedef struct child_result {
	unsigned long built, loaded, stored, rejected;
	int ok;
} child_result;

static child_result wait_child(pid_t pid, const char *out, const char *err)
{
	int status = 0;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	char *o = read_text(out);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		char *e = read_text(err);
		print_error("child failed (status %d): %s\n%s\n", status, o, e);
		free(e);
		fail();
	}
	child_result r = {0};
	assert_int_equal(sscanf(o, "built=%lu loaded=%lu stored=%lu rejected=%lu ok=%d", &r.built,
	                        &r.loaded, &r.stored, &r.rejected, &r.ok),
	                 5);
	free(o);
	return r;
}

/* --------------------------------------------------------------- helpers */

static char *new_dir(void)
{
	char *d = strdup("/tmp/txf-test-cache-XXXXXX");
	assert_non_null(d);
	assert_non_null(mkdtemp(d));
	return d;
}

static void remove_tree(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		chmod(path, 0700);
		DIR *d = opendir(path);
		if (d) {
			struct dirent *e;
			while ((e = readdir(d)) != NULL) {
				if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
					continue;
				char *p = txf__path_join(path, e->d_name);
				remove_tree(p);
				free(p);
			}
			closedir(d);
		}
		rmdir(path);
	} else {
		unlink(path);
	}
}

static void drop_dir(char *dir)
{
	remove_tree(dir);
	free(dir);
}

static char *programs_of(const char *dir)
{
	char *p = txf__path_join(dir, "programs");
	assert_non_null(p);
	return p;
}

/* Names in dir: *.bin entries and other files (temporary ones). */
static size_t count_files(const char *dir, size_t *others, char first[64])
{
	size_t bins = 0;
	if (others)
		*others = 0;
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		size_t n = strlen(e->d_name);
		if (n == 20 && strcmp(e->d_name + 16, ".bin") == 0) {
			if (first && bins == 0)
				memcpy(first, e->d_name, n + 1); /* n is 20 */
			bins++;
		} else if (others) {
			++*others;
		}
	}
	closedir(d);
	return bins;
}

static unsigned char *read_bytes(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	long n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	unsigned char *buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Overwrite the file's contents in place (its mode and owner stay). */
static void write_bytes(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* The key stored in an entry, as a string; NULL when there is none. */
static char *stored_key(const unsigned char *data, size_t len)
{
	if (len < TXF__BINCACHE_OVERHEAD)
		return NULL;
	size_t k = (size_t)data[12] | (size_t)data[13] << 8 | (size_t)data[14] << 16 |
	           (size_t)data[15] << 24;
	if (k > len - TXF__BINCACHE_OVERHEAD)
		return NULL;
	char *key = malloc(k + 1);
	assert_non_null(key);
	memcpy(key, data + TXF__BINCACHE_HEADER, k);
	key[k] = '\0';
	return key;
}

/* Whether the file is a well-formed entry for the key it holds. */
static bool entry_valid(const char *path)
{
	size_t len;
	unsigned char *data = read_bytes(path, &len);
	char *key = stored_key(data, len);
	const unsigned char *bin;
	size_t bin_len;
	bool ok = key && txf__bincache_parse(data, len, key, &bin, &bin_len) == TXF__BINCACHE_OK;
	free(key);
	free(data);
	return ok;
}

static unsigned file_mode(const char *path)
{
	struct stat st;
	assert_int_equal(lstat(path, &st), 0);
	return (unsigned)(st.st_mode & 07777);
}

/* stderr into a file while the library runs; the text is returned and
 * echoed on stdout for the test log. */
static int saved_stderr = -1;
static char capture_path[64];

static void capture_begin(void)
{
	fflush(stderr);
	snprintf(capture_path, sizeof capture_path, "/tmp/txf-test-stderr-XXXXXX");
	int fd = mkstemp(capture_path);
	assert_true(fd >= 0);
	saved_stderr = dup(2);
	assert_true(saved_stderr >= 0);
	assert_true(dup2(fd, 2) >= 0);
	close(fd);
}

static char *capture_end(void)
{
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
	saved_stderr = -1;
	char *text = read_text(capture_path);
	unlink(capture_path);
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		printf("  [stderr] %.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
	return text;
}

/* A context on dir runs both workloads (or the transpose only) and is
 * released; its stats are returned. */
static txf_context_stats use_cache(const char *dir, bool both)
{
	txf_context *ctx = context_on(dir);
	assert_non_null(ctx);
	assert_true(run_transpose(ctx));
	if (both)
		assert_true(run_matmul(ctx));
	txf_context_stats st = stats_of(ctx);
	txf_context_release(&ctx);
	return st;
}

/* ------------------------------------------------------------ the parser */

static const unsigned char sample_bin[] = "a program binary\0with a NUL and \xff bytes";

static unsigned char *sample_entry(const char *key, size_t *len)
{
	*len = txf__bincache_size(strlen(key), sizeof sample_bin);
	assert_true(*len > 0);
	unsigned char *e = malloc(*len);
	assert_non_null(e);
	txf__bincache_encode(e, key, sample_bin, sizeof sample_bin);
	return e;
}

static txf__bincache_status parse(const unsigned char *d, size_t n, const char *key)
{
	const unsigned char *bin = (const unsigned char *)"x";
	size_t bin_len = 99;
	txf__bincache_status s = txf__bincache_parse(d, n, key, &bin, &bin_len);
	if (s != TXF__BINCACHE_OK) {
		assert_null(bin);
		assert_int_equal(bin_len, 0);
	}
	return s;
}

/* Set a little-endian field of an entry and fix its checksum. */
static void set_field(unsigned char *e, size_t len, size_t at, uint64_t v, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++)
		e[at + i] = (unsigned char)(v >> (8 * i));
	uint64_t h = txf__fnv1a(e, len - 8, TXF__FNV_INIT);
	for (unsigned i = 0; i < 8; i++)
		e[len - 8 + i] = (unsigned char)(h >> (8 * i));
}

static void parser_reasons(void **state)
{
	(void)state;
	const char *key = "libtiledxform program\nplatform=P\noptions=-DX=1\n";
	size_t len;
	unsigned char *e = sample_entry(key, &len);
	assert_int_equal(len, TXF__BINCACHE_OVERHEAD + strlen(key) + sizeof sample_bin);
	assert_memory_equal(e, "TXFPROG\0\1\0\0\0", 12);

	const unsigned char *bin;
	size_t bin_len;
	assert_int_equal(txf__bincache_parse(e, len, key, &bin, &bin_len), TXF__BINCACHE_OK);
	assert_int_equal(bin_len, sizeof sample_bin);
	assert_memory_equal(bin, sample_bin, sizeof sample_bin);
	assert_ptr_equal(bin, e + TXF__BINCACHE_HEADER + strlen(key));

	/* Too short for the header and checksum, empty and NULL included. */
	assert_int_equal(parse(NULL, 0, key), TXF__BINCACHE_TRUNCATED);
	assert_int_equal(parse(e, 0, key), TXF__BINCACHE_TRUNCATED);
	assert_int_equal(parse(e, TXF__BINCACHE_OVERHEAD - 1, key), TXF__BINCACHE_TRUNCATED);
	/* Cut short, or longer than the header says. */
	assert_int_equal(parse(e, len - 1, key), TXF__BINCACHE_BAD_LENGTHS);
	assert_int_equal(parse(e, TXF__BINCACHE_OVERHEAD, key), TXF__BINCACHE_BAD_LENGTHS);
	unsigned char *longer = calloc(1, len + 1);
	assert_non_null(longer);
	memcpy(longer, e, len);
	assert_int_equal(parse(longer, len + 1, key), TXF__BINCACHE_BAD_LENGTHS);
	free(longer);

	unsigned char *c = malloc(len);
	assert_non_null(c);
	/* Magic and version, whether or not the checksum agrees. */
	memcpy(c, e, len);
	c[0] ^= 0x20;
	assert_int_equal(parse(c, len, key), TXF__BINCACHE_BAD_MAGIC);
	set_field(c, len, 7, 'X', 1);
	assert_int_equal(parse(c, len, key), TXF__BINCACHE_BAD_MAGIC);
	memcpy(c, e, len);
	set_field(c, len, 8, 2, 4);
	assert_int_equal(parse(c, len, key), TXF__BINCACHE_BAD_VERSION);
	set_field(c, len, 8, 0, 4);
	assert_int_equal(parse(c, len, key), TXF__BINCACHE_BAD_VERSION);
	/* Lengths that do not add up: huge, shifted between key and binary,
	 * an empty binary. */
	memcpy(c, e, len);
	set_field(c, len, 16, UINT64_MAX, 8);
	assert_int_equal(parse(c, len, key), TXF__BINCACHE_BAD_LENGTHS);
	memcpy(c, e, len);
	set_field(c, len, 16, (uint64_t)1 << 62, 8);
	assert_int_equal(parse(c, len, key), TXF__BINCACHE_BAD_LENGTHS);
	memcpy(c, e, len);
	set_field(c, len, 12, UINT32_MAX, 4);
	assert_int_equal(parse(c, len, key), TXF__BINCACHE_BAD_LENGTHS);
	memcpy(c, e, len);
	set_field(c, len, 12, strlen(key) + 1, 4);
	assert_int_equal(parse(c, len, key), TXF__BINCACHE_BAD_LENGTHS);
	memcpy(c, e, len);
	set_field(c, len, 12, strlen(key) + sizeof sample_bin, 4);
	set_field(c, len, 16, 0, 8);
	assert_int_equal(parse(c, len, key), TXF__BINCACHE_BAD_LENGTHS);
	/* Damage anywhere in the key, binary or checksum. */
	size_t spots[] = {TXF__BINCACHE_HEADER, TXF__BINCACHE_HEADER + 5, len - 9, len - 8,
	                  len - 1};
	for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
		memcpy(c, e, len);
		c[spots[i]] ^= 1;
		assert_int_equal(parse(c, len, key), TXF__BINCACHE_BAD_CHECKSUM);
	}
	/* Another program: a different key, a prefix of it, a longer one. */
	assert_int_equal(parse(e, len, "libtiledxform program\nplatform=Q\noptions=-DX=1\n"),
	                 TXF__BINCACHE_KEY_MISMATCH);
	assert_int_equal(parse(e, len, "libtiledxform program\n"), TXF__BINCACHE_KEY_MISMATCH);
	char longer_key[200];
	snprintf(longer_key, sizeof longer_key, "%s-", key);
	assert_int_equal(parse(e, len, longer_key), TXF__BINCACHE_KEY_MISMATCH);
	assert_int_equal(parse(e, len, ""), TXF__BINCACHE_KEY_MISMATCH);

	/* Every reason has a phrase. */
	for (int r = TXF__BINCACHE_OK; r <= TXF__BINCACHE_KEY_MISMATCH; r++)
		assert_true(strlen(txf__bincache_reason((txf__bincache_status)r)) > 3);
	free(c);
	free(e);
}

/* Every prefix and every single-bit change of a valid entry is rejected,
 * and random bytes never parse. Run under ASan this checks the bounds. */
static void parser_any_bytes(void **state)
{
	(void)state;
	const char *key = "k";
	size_t len;
	unsigned char *e = sample_entry(key, &len);
	for (size_t n = 0; n < len; n++) {
		/* An exact-size copy, so that a read past n is caught by ASan. */
		unsigned char *p = malloc(n ? n : 1);
		assert_non_null(p);
		memcpy(p, e, n);
		assert_int_not_equal(parse(p, n, key), TXF__BINCACHE_OK);
		free(p);
	}
	unsigned char *c = malloc(len);
	assert_non_null(c);
	for (size_t i = 0; i < len; i++)
		for (unsigned bit = 0; bit < 8; bit++) {
			memcpy(c, e, len);
			c[i] ^= (unsigned char)(1u << bit);
			assert_int_not_equal(parse(c, len, key), TXF__BINCACHE_OK);
		}
	test_rng_seed(77);
	for (int round = 0; round < 2000; round++) {
		size_t n = (size_t)(test_rng_next() % 96);
		unsigned char *p = malloc(n ? n : 1);
		assert_non_null(p);
		test_fill_random(p, n);
		if (n >= 8 && round % 2 == 0)
			memcpy(p, e, 8); /* past the magic check */
		if (n >= 12 && round % 4 == 0)
			memcpy(p, e, 12); /* past the version check */
		assert_int_not_equal(parse(p, n, key), TXF__BINCACHE_OK);
		free(p);
	}
	free(c);
	free(e);
}

/* txf__fnv1a is the standard 64-bit FNV-1a: the test vectors published
 * with the reference code (www.isthe.com/chongo/tech/comp/fnv), in one piece
 * and continued piece by piece, and the entry names made from it. */
static void fnv1a_vectors(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		uint64_t hash;
	} v[] = {
	    {"", 0xcbf29ce484222325ull},       {"a", 0xaf63dc4c8601ec8cull},
	    {"b", 0xaf63df4c8601f1a5ull},      {"foo", 0xdcb27518fed9d577ull},
	    {"foobar", 0x85944171f73967e8ull},
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		size_t n = strlen(v[i].text);
		uint64_t h = txf__fnv1a(v[i].text, n, TXF__FNV_INIT);
		if (h != v[i].hash)
			fail_msg("fnv1a64(\"%s\") = %016llx, not %016llx", v[i].text,
			         (unsigned long long)h, (unsigned long long)v[i].hash);
		uint64_t part = TXF__FNV_INIT;
		for (size_t k = 0; k < n; k++)
			part = txf__fnv1a(v[i].text + k, 1, part);
		assert_true(part == v[i].hash);
		char want[32], name[TXF__BINCACHE_NAME_SIZE];
		snprintf(want, sizeof want, "%016llx.bin", (unsigned long long)v[i].hash);
		txf__bincache_file_name(v[i].text, name);
		assert_string_equal(name, want);
	}
}

static void keys_and_names(void **state)
{
	(void)state;
	txf_device_profile p;
	memset(&p, 0, sizeof p);
	snprintf(p.platform, sizeof p.platform, "Plat");
	snprintf(p.name, sizeof p.name, "Dev");
	snprintf(p.driver_version, sizeof p.driver_version, "1.2");
	snprintf(p.device_version, sizeof p.device_version, "OpenCL 3.0");
	const char *src = "__kernel void k(void) {}";
	uint64_t h = txf__fnv1a(src, strlen(src), TXF__FNV_INIT);
	char *k1 = txf__bincache_key(&p, "t.cl", src, h, "-DA=1");
	char *k2 = txf__bincache_key(&p, "t.cl", src, h, "-DA=2");
	assert_non_null(k1);
	assert_non_null(k2);
	assert_non_null(strstr(k1, "platform=Plat\n"));
	assert_non_null(strstr(k1, "device=Dev\n"));
	assert_non_null(strstr(k1, "driver=1.2\n"));
	assert_non_null(strstr(k1, "device_version=OpenCL 3.0\n"));
	assert_non_null(strstr(k1, txf_version()));
	assert_non_null(strstr(k1, "options=-DA=1\n"));
	assert_string_not_equal(k1, k2);
	char n1[TXF__BINCACHE_NAME_SIZE], n2[TXF__BINCACHE_NAME_SIZE];
	txf__bincache_file_name(k1, n1);
	txf__bincache_file_name(k2, n2);
	assert_int_equal(strlen(n1), 20);
	assert_string_equal(n1 + 16, ".bin");
	assert_string_not_equal(n1, n2);
	/* Another driver version: another key. */
	snprintf(p.driver_version, sizeof p.driver_version, "1.3");
	char *k3 = txf__bincache_key(&p, "t.cl", src, h, "-DA=1");
	assert_string_not_equal(k1, k3);
	/* The same FNV-1a (forced here) but another source: the second hash
	 * still tells them apart. */
	const char *src2 = "__kernel void k(void) {} ";
	snprintf(p.driver_version, sizeof p.driver_version, "1.2");
	char *k4 = txf__bincache_key(&p, "t.cl", src2, h, "-DA=1");
	assert_string_not_equal(k1, k4);
	assert_true(txf__hash2("ab", 2) != txf__hash2("ba", 2));
	assert_true(txf__hash2("", 0) != txf__hash2("\0", 1));
	free(k1);
	free(k2);
	free(k3);
	free(k4);
}

/* ------------------------------------------------------ store and load */

/* NVIDIA's binaries are PTX text: stored where they end in NUL bytes (the
 * driver pads them with two), not where a NUL or a control byte comes
 * before the end of the text. */
static void ptx_binaries_checked(void **state)
{
	(void)state;
	txf_device_profile p;
	memset(&p, 0, sizeof p);
	p.vendor = TXF_VENDOR_NVIDIA;
	char why[128] = "";
	static const struct {
		const char *bin;
		size_t len;
		bool ok;
	} cases[] = {
	    {".version 8.8\n.target sm_90\n", 27, true},
	    {".version 8.8\n.target sm_90\n", 28, true},
	    {".version 8.8\n.target sm_90\n\0", 29, true},
	    {".version 8.8\0.target sm_90\n", 27, false},
	    {".version 8.8\n\x01target sm_90\n", 27, false},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		why[0] = '\0';
		const bool ok = txf__driver_binary_ok(&p, (const unsigned char *)cases[i].bin,
		                                      cases[i].len, why, sizeof why);
		if (ok != cases[i].ok)
			fail_msg("case %zu: %s (%s)", i, ok ? "accepted" : "refused", why);
		if (!ok && !strstr(why, "not PTX text"))
			fail_msg("case %zu: why: %s", i, why);
	}
}

static void store_then_load(void **state)
{
	(void)state;
	char *dir = new_dir();
	char *prog = programs_of(dir);
	txf_context *ctx = context_on(dir);
	assert_non_null(ctx);
	assert_true(run_transpose(ctx));
	assert_true(run_matmul(ctx));
	txf_context_stats st = stats_of(ctx);
	assert_int_equal(st.binary_cache, 1);
	assert_string_equal(st.cache_dir, prog);
	assert_int_equal(st.programs_built, 2);
	assert_int_equal(st.programs_stored, 2);
	assert_int_equal(st.programs_loaded, 0);
	assert_int_equal(st.cache_rejected, 0);
	/* A second use in the same context is a hit in memory. */
	assert_true(run_transpose(ctx));
	assert_int_equal(stats_of(ctx).programs_built, 2);
	txf_context_release(&ctx);

	assert_int_equal(file_mode(dir), 0700);
	assert_int_equal(file_mode(prog), 0700);
	size_t others;
	char first[64];
	assert_int_equal(count_files(prog, &others, first), 2);
	assert_int_equal(others, 0);
	DIR *d = opendir(prog);
	assert_non_null(d);
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char *p = txf__path_join(prog, e->d_name);
		assert_int_equal(file_mode(p), 0600);
		assert_true(entry_valid(p));
		free(p);
	}
	closedir(d);

	/* The next context loads both and computes the same results. */
	ctx = context_on(dir);
	assert_non_null(ctx);
	assert_true(run_transpose(ctx));
	assert_true(run_matmul(ctx));
	st = stats_of(ctx);
	assert_int_equal(st.programs_loaded, 2);
	assert_int_equal(st.programs_built, 0);
	assert_int_equal(st.programs_stored, 0);
	assert_int_equal(st.cache_rejected, 0);
	assert_int_equal(txf__program_builds(ctx), 2);
	txf_context_release(&ctx);
	free(prog);
	drop_dir(dir);
}

static void second_process_loads(void **state)
{
	(void)state;
	char *dir = new_dir();
	txf_context_stats st = use_cache(dir, true);
	assert_int_equal(st.programs_stored, 2);

	char *out = txf__path_join(dir, "child.out"), *err = txf__path_join(dir, "child.err");
	setenv("TXF_LOG", "info", 1);
	pid_t pid = spawn_child(dir, -1, out, err);
	unsetenv("TXF_LOG");
	child_result r = wait_child(pid, out, err);
	assert_int_equal(r.ok, 1);
	assert_int_equal(r.loaded, 2);
	assert_int_equal(r.built, 0);
	assert_int_equal(r.stored, 0);
	assert_int_equal(r.rejected, 0);
	char *log = read_text(err);
	printf("  [child stderr]\n%s", log);
	assert_non_null(strstr(log, "libtiledxform: info: loaded program transpose.cl from "));
	assert_non_null(strstr(log, "libtiledxform: info: loaded program matmul.cl from "));
	assert_null(strstr(log, "warning"));
	free(log);
	free(out);
	free(err);
	drop_dir(dir);
}

/* ---------------------------------------------------- damaged entries */

typedef struct damage {
	const char *what;
	const char *phrase; /* in the warning */
	const char *alt;    /* or this, where the device's binaries are checked */
} damage;

enum {
	D_TRUNCATED,
	D_EMPTY,
	D_BIN_BYTE,
	D_KEY_BYTE,
	D_MAGIC,
	D_VERSION,
	D_HUGE_LEN,
	D_STALE,
	D_TOO_BIG,
	D_REFUSED,
	D_DRIVER_CUT,
	D_DRIVER_PATH,
	D_COUNT
};

static const damage damages[D_COUNT] = {
    [D_TRUNCATED] = {"truncated to half", "do not match the file size", NULL},
    [D_EMPTY] = {"empty", "truncated", NULL},
    [D_BIN_BYTE] = {"a byte of the binary flipped", "checksum mismatch", NULL},
    [D_KEY_BYTE] = {"a byte of the key flipped", "checksum mismatch", NULL},
    [D_MAGIC] = {"wrong magic", "bad magic", NULL},
    [D_VERSION] = {"format version 2", "another format version", NULL},
    [D_HUGE_LEN] = {"binary length 2^62", "do not match the file size", NULL},
    [D_STALE] = {"another library version's key", "key mismatch", NULL},
    [D_TOO_BIG] = {"65 MiB", "more than the", NULL},
    [D_REFUSED] = {"a binary the driver cannot load", "refused the binary", "does not check out"},
    /* The entry is consistent, the driver's binary inside it is not. */
    [D_DRIVER_CUT] = {"the driver's binary cut in half", "does not check out", NULL},
    [D_DRIVER_PATH] = {"a file of the driver's binary named /../", "does not check out", NULL},
};

/* Write the damaged form of a valid entry (data, len) to path. */
static void damage_entry(int kind, const char *path, const unsigned char *data, size_t len)
{
	unsigned char *c = malloc(len);
	assert_non_null(c);
	memcpy(c, data, len);
	char *key = stored_key(data, len);
	assert_non_null(key);
	size_t k = strlen(key), n = len;
	switch (kind) {
	case D_TRUNCATED:
		n = len / 2;
		break;
	case D_EMPTY:
		n = 0;
		break;
	case D_BIN_BYTE:
		c[TXF__BINCACHE_HEADER + k + (len - TXF__BINCACHE_OVERHEAD - k) / 2] ^= 0x10;
		break;
	case D_KEY_BYTE:
		c[TXF__BINCACHE_HEADER + k / 2] ^= 0x01;
		break;
	case D_MAGIC:
		memcpy(c, "ELF\0\0\0\0\0", 8);
		break;
	case D_VERSION:
		set_field(c, len, 8, 2, 4);
		break;
	case D_HUGE_LEN:
		set_field(c, len, 16, (uint64_t)1 << 62, 8);
		break;
	case D_STALE:
	case D_REFUSED: {
		/* Well-formed entries with a checksum that agrees. */
		char *other = malloc(k + 8);
		assert_non_null(other);
		const unsigned char junk[] = "not a program binary of any driver, just text";
		const unsigned char *bin = data + TXF__BINCACHE_HEADER + k;
		size_t bin_len = len - TXF__BINCACHE_OVERHEAD - k;
		if (kind == D_STALE) {
			char *lib = strstr(key, "library=");
			assert_non_null(lib);
			memcpy(other, key, (size_t)(lib - key));
			snprintf(other + (lib - key), k + 8 - (size_t)(lib - key),
			         "library=0.0.0%s", strchr(lib, '\n'));
		} else {
			snprintf(other, k + 8, "%s", key);
			bin = junk;
			bin_len = sizeof junk;
		}
		free(c);
		n = txf__bincache_size(strlen(other), bin_len);
		c = malloc(n);
		assert_non_null(c);
		txf__bincache_encode(c, other, bin, bin_len);
		free(other);
		break;
	}
	case D_DRIVER_CUT:
	case D_DRIVER_PATH: {
		size_t bin_len = len - TXF__BINCACHE_OVERHEAD - k;
		unsigned char *bin = malloc(bin_len);
		assert_non_null(bin);
		memcpy(bin, data + TXF__BINCACHE_HEADER + k, bin_len);
		if (kind == D_DRIVER_CUT) {
			bin_len /= 2;
		} else {
			/* POCL's binaries name the files they unpack; this one
			 * would write beside its program's directory. */
			static const char from[] = "/program.bc", to[] = "/../gram.bc";
			size_t at = 0;
			while (at + sizeof from - 1 <= bin_len &&
			       memcmp(bin + at, from, sizeof from - 1) != 0)
				at++;
			assert_true(at + sizeof from - 1 <= bin_len);
			memcpy(bin + at, to, sizeof to - 1);
		}
		free(c);
		n = txf__bincache_size(k, bin_len);
		c = malloc(n);
		assert_non_null(c);
		txf__bincache_encode(c, key, bin, bin_len);
		free(bin);
		break;
	}
	case D_TOO_BIG:
		n = 0;
		break;
	}
	write_bytes(path, c, n);
	if (kind == D_TOO_BIG) {
		/* A sparse file: nothing of it is read. */
		int fd = open(path, O_WRONLY);
		assert_true(fd >= 0);
		assert_int_equal(ftruncate(fd, (off_t)TXF__BINCACHE_MAX_FILE + (1 << 20)), 0);
		close(fd);
	}
	free(key);
	free(c);
}

static void damaged_entries_rebuilt(void **state)
{
	(void)state;
	char *dir = new_dir();
	char *prog = programs_of(dir);
	assert_int_equal(use_cache(dir, false).programs_stored, 1);
	char name[64];
	assert_int_equal(count_files(prog, NULL, name), 1);
	char *path = txf__path_join(prog, name);
	size_t len;
	unsigned char *good = read_bytes(path, &len);

	/* The driver's binary is taken apart only where its format is known. */
	char *key = stored_key(good, len);
	assert_non_null(key);
	const bool pocl = len >= TXF__BINCACHE_OVERHEAD + strlen(key) + 8 &&
	                  memcmp(good + TXF__BINCACHE_HEADER + strlen(key), "poclbin", 8) == 0;
	free(key);
	for (int kind = 0; kind < D_COUNT; kind++) {
		if ((kind == D_DRIVER_CUT || kind == D_DRIVER_PATH) && !pocl)
			continue;
		printf("  damage: %s\n", damages[kind].what);
		damage_entry(kind, path, good, len);
		capture_begin();
		txf_context_stats st = use_cache(dir, false);
		char *log = capture_end();
		assert_int_equal(st.cache_rejected, 1);
		assert_int_equal(st.programs_loaded, 0);
		assert_int_equal(st.programs_built, 1);
		assert_int_equal(st.programs_stored, 1);
		assert_non_null(strstr(log, "libtiledxform: warning: ignoring cached program"));
		if (!strstr(log, damages[kind].phrase) &&
		    !(damages[kind].alt && strstr(log, damages[kind].alt)))
			fail_msg("%s: the warning does not say \"%s\": %s", damages[kind].what,
			         damages[kind].phrase, log);
		free(log);
		/* Written again, valid: the next context loads it. */
		assert_int_equal(file_mode(path), 0600);
		assert_true(entry_valid(path));
		st = use_cache(dir, false);
		assert_int_equal(st.programs_loaded, 1);
		assert_int_equal(st.programs_built, 0);
		assert_int_equal(st.cache_rejected, 0);
		size_t others;
		assert_int_equal(count_files(prog, &others, NULL), 1);
		assert_int_equal(others, 0);
	}
	free(good);
	free(path);
	free(prog);
	drop_dir(dir);
}

/* ------------------------------------------------------ unsafe places */

/* A context on cache_dir must not use the binary cache, say why, and still
 * compute right. */
static void assert_cache_off(const char *cache_dir, const char *phrase)
{
	capture_begin();
	txf_context *ctx = context_on(cache_dir);
	char *log = capture_end();
	assert_non_null(ctx);
	assert_non_null(strstr(log, "libtiledxform: warning: binary cache off"));
	assert_non_null(strstr(log, phrase));
	free(log);
	assert_true(run_transpose(ctx));
	txf_context_stats st = stats_of(ctx);
	assert_int_equal(st.binary_cache, 0);
	assert_string_equal(st.cache_dir, "");
	assert_int_equal(st.programs_stored, 0);
	assert_int_equal(st.programs_loaded, 0);
	txf_context_release(&ctx);
}

/* The entry at path is rejected with phrase, the result is right and the
 * entry is replaced by a private regular file. */
static void assert_entry_rejected(const char *dir, const char *path, const char *phrase)
{
	capture_begin();
	txf_context_stats st = use_cache(dir, false);
	char *log = capture_end();
	assert_int_equal(st.cache_rejected, 1);
	assert_int_equal(st.programs_loaded, 0);
	assert_int_equal(st.programs_stored, 1);
	assert_non_null(strstr(log, "libtiledxform: warning: ignoring cached program"));
	assert_non_null(strstr(log, phrase));
	free(log);
	struct stat sb;
	assert_int_equal(lstat(path, &sb), 0);
	assert_true(S_ISREG(sb.st_mode));
	assert_int_equal(sb.st_mode & 0777, 0600);
	assert_int_equal(sb.st_uid, geteuid());
	assert_true(entry_valid(path));
}

static void unsafe_places_not_used(void **state)
{
	(void)state;
	/* The cache directory is a symbolic link. */
	char *real = new_dir();
	char *base = new_dir();
	char *link = txf__path_join(base, "link");
	assert_int_equal(symlink(real, link), 0);
	assert_cache_off(link, "symbolic link");
	/* Also when named with a trailing slash, repeated slashes or a "."
	 * (lstat of "link/" follows the link), through the option and
	 * through TXF_CACHE_DIR. */
	const char *env = getenv("TXF_CACHE_DIR");
	char *saved_env = env ? strdup(env) : NULL;
	static const char *const tails[] = {"/", "//", "/.", "/./", "/.//"};
	for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
		char named[600];
		snprintf(named, sizeof named, "%s%s", link, tails[i]);
		assert_cache_off(named, "symbolic link");
		assert_int_equal(setenv("TXF_CACHE_DIR", named, 1), 0);
		assert_cache_off(NULL, "symbolic link");
	}
	if (saved_env)
		setenv("TXF_CACHE_DIR", saved_env, 1);
	else
		unsetenv("TXF_CACHE_DIR");
	free(saved_env);
	size_t others;
	assert_int_equal(count_files(real, &others, NULL), 0);
	assert_int_equal(others, 0); /* nothing created through the link */

	/* Others can write the cache directory, or its programs directory. */
	char *open_dir = new_dir();
	assert_int_equal(chmod(open_dir, 0777), 0);
	assert_cache_off(open_dir, "other users can write it (mode 777)");
	char *dir = new_dir();
	char *prog = programs_of(dir);
	assert_int_equal(mkdir(prog, 0700), 0);
	assert_int_equal(chmod(prog, 0777), 0);
	assert_cache_off(dir, "other users can write it (mode 777)");
	assert_int_equal(chmod(prog, 0720), 0);
	assert_cache_off(dir, "other users can write it (mode 720)");
	assert_int_equal(chmod(prog, 0700), 0);

	/* An entry that others can write. */
	assert_int_equal(use_cache(dir, false).programs_stored, 1);
	char name[64];
	assert_int_equal(count_files(prog, NULL, name), 1);
	char *path = txf__path_join(prog, name);
	assert_int_equal(chmod(path, 0666), 0);
	assert_entry_rejected(dir, path, "other users can write it (mode 666)");

	/* An entry that is a symbolic link to a valid entry elsewhere: the
	 * link is replaced, its target is left alone. */
	char *target = txf__path_join(base, "entry.bin");
	assert_int_equal(rename(path, target), 0);
	assert_int_equal(symlink(target, path), 0);
	size_t tlen, tlen2;
	unsigned char *before = read_bytes(target, &tlen);
	assert_entry_rejected(dir, path, "symbolic link");
	unsigned char *after = read_bytes(target, &tlen2);
	assert_int_equal(tlen, tlen2);
	assert_memory_equal(before, after, tlen);
	free(before);
	free(after);

	/* An entry that is not a regular file. */
	assert_int_equal(unlink(path), 0);
	assert_int_equal(mkdir(path, 0700), 0);
	capture_begin();
	txf_context_stats st = use_cache(dir, false);
	char *log = capture_end();
	assert_int_equal(st.cache_rejected, 1);
	assert_non_null(strstr(log, "not a regular file"));
	free(log);
	assert_int_equal(rmdir(path), 0);
	/* A FIFO: read without blocking, refused, and not replaced. */
	assert_int_equal(mkfifo(path, 0600), 0);
	capture_begin();
	st = use_cache(dir, false);
	log = capture_end();
	assert_int_equal(st.cache_rejected, 1);
	assert_int_equal(st.programs_stored, 0);
	assert_non_null(strstr(log, "not a regular file"));
	assert_non_null(strstr(log, "cannot replace"));
	free(log);
	struct stat sb;
	assert_int_equal(lstat(path, &sb), 0);
	assert_true(S_ISFIFO(sb.st_mode));
	assert_int_equal(unlink(path), 0);

	free(target);
	free(path);
	free(prog);
	free(link);
	drop_dir(dir);
	drop_dir(open_dir);
	drop_dir(base);
	drop_dir(real);
}

static void others_entries_not_used(void **state)
{
	(void)state;
	if (geteuid() != 0) {
		printf("  skipped: changing an owner needs root\n");
		skip();
	}
	char *dir = new_dir();
	char *prog = programs_of(dir);
	assert_int_equal(use_cache(dir, false).programs_stored, 1);
	char name[64];
	assert_int_equal(count_files(prog, NULL, name), 1);
	char *path = txf__path_join(prog, name);
	assert_int_equal(chown(path, 65534, 65534), 0);
	assert_entry_rejected(dir, path, "belongs to user 65534");
	assert_int_equal(chown(prog, 65534, 65534), 0);
	assert_cache_off(dir, "belongs to user 65534");
	assert_int_equal(chown(prog, 0, 0), 0);
	assert_int_equal(chown(dir, 65534, 65534), 0);
	assert_cache_off(dir, "belongs to user 65534");
	assert_int_equal(chown(dir, 0, 0), 0);
	free(path);
	free(prog);
	drop_dir(dir);
}

/* --------------------------------------------------- concurrent writers */

static void concurrent_writers(void **state)
{
	(void)state;
	enum { N = 4 };
	char *dir = new_dir();
	char *prog = programs_of(dir);
	int gate[2];
	assert_int_equal(pipe(gate), 0);
	/* Only the parent may hold the write end, or no child sees EOF. */
	assert_int_equal(fcntl(gate[0], F_SETFD, FD_CLOEXEC), 0);
	assert_int_equal(fcntl(gate[1], F_SETFD, FD_CLOEXEC), 0);
	pid_t pids[N];
	char *outs[N], *errs[N];
	for (int i = 0; i < N; i++) {
		char n[32];
		snprintf(n, sizeof n, "child%d.out", i);
		outs[i] = txf__path_join(dir, n);
		snprintf(n, sizeof n, "child%d.err", i);
		errs[i] = txf__path_join(dir, n);
		pids[i] = spawn_child(dir, gate[0], outs[i], errs[i]);
	}
	/* All start together when the gate closes. */
	close(gate[0]);
	close(gate[1]);
	unsigned long stored = 0;
	for (int i = 0; i < N; i++) {
		child_result r = wait_child(pids[i], outs[i], errs[i]);
		assert_int_equal(r.ok, 1);
		assert_int_equal(r.built + r.loaded, 2);
		assert_int_equal(r.rejected, 0);
		stored += r.stored;
		free(outs[i]);
		free(errs[i]);
	}
	printf("  %d processes stored %lu entries\n", N, stored);
	assert_true(stored >= 2);

	size_t others;
	assert_int_equal(count_files(prog, &others, NULL), 2);
	assert_int_equal(others, 0); /* no temporary files left */
	DIR *d = opendir(prog);
	assert_non_null(d);
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char *p = txf__path_join(prog, e->d_name);
		assert_true(entry_valid(p));
		free(p);
	}
	closedir(d);
	txf_context_stats st = use_cache(dir, true);
	assert_int_equal(st.programs_loaded, 2);
	assert_int_equal(st.programs_built, 0);
	free(prog);
	drop_dir(dir);
}

/* ----------------------------------------------------------------- off */

static void binary_cache_off(void **state)
{
	(void)state;
	char *dir = new_dir();
	txf_context_options o;
	txf_context_options_default(&o);
	o.cache_dir = dir;
	o.binary_cache = 0;
	txf_context *ctx = NULL;
	assert_int_equal(txf_context_create(&ctx, &o), TXF_SUCCESS);
	assert_true(run_transpose(ctx));
	txf_context_stats st = stats_of(ctx);
	assert_int_equal(st.binary_cache, 0);
	assert_string_equal(st.cache_dir, "");
	assert_int_equal(st.programs_built, 1);
	assert_int_equal(st.programs_stored, 0);
	txf_context_release(&ctx);
	size_t others;
	assert_int_equal(count_files(dir, &others, NULL), 0);
	assert_int_equal(others, 0);

	setenv("TXF_BINARY_CACHE", "0", 1);
	st = use_cache(dir, false);
	unsetenv("TXF_BINARY_CACHE");
	assert_int_equal(st.binary_cache, 0);
	assert_int_equal(st.programs_built, 1);
	assert_int_equal(st.programs_stored, 0);
	assert_int_equal(count_files(dir, &others, NULL), 0);
	assert_int_equal(others, 0);

	/* On again: stored. */
	st = use_cache(dir, false);
	assert_int_equal(st.binary_cache, 1);
	assert_int_equal(st.programs_stored, 1);
	drop_dir(dir);
}

/* A cache directory named with repeated slashes, "." components or a
 * trailing slash is the same directory, checked and reported by its plain
 * name, whether it comes from the option, TXF_CACHE_DIR or
 * XDG_CACHE_HOME. */
static void cache_dir_names_normalised(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
	} v[] = {
	    {"/", "/"},
	    {"//", "/"},
	    {"/./", "/"},
	    {"/tmp/", "/tmp"},
	    {"/tmp//x/", "/tmp/x"},
	    {"a/./b/.", "a/b"},
	    {"./a", "a"},
	    {"a//", "a"},
	    {"", "."},
	    {".", "."},
	    {"./", "."},
	    {"a/../b", "a/../b"},
	    {"..//x/", "../x"},
	    {"a/.b/", "a/.b"},
	    {"/a/b.c//", "/a/b.c"},
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		char *p = txf__path_normalize(v[i].in);
		assert_non_null(p);
		if (strcmp(p, v[i].out) != 0)
			fail_msg("normalising '%s' gave '%s', not '%s'", v[i].in, p, v[i].out);
		free(p);
	}

	char *dir = new_dir();
	char want[600], named[600];
	snprintf(want, sizeof want, "%s/programs", dir);
	const char *env = getenv("TXF_CACHE_DIR");
	char *saved_env = env ? strdup(env) : NULL;
	/* dir is /tmp/NAME: named /tmp//./NAME/./ */
	snprintf(named, sizeof named, "/tmp//.%s/./", dir + 4);
	for (int via = 0; via < 2; via++) {
		if (via == 1)
			assert_int_equal(setenv("TXF_CACHE_DIR", named, 1), 0);
		txf_context *ctx = context_on(via == 0 ? named : NULL);
		assert_non_null(ctx);
		assert_true(run_transpose(ctx));
		txf_context_stats st = stats_of(ctx);
		assert_int_equal(st.binary_cache, 1);
		assert_string_equal(st.cache_dir, want);
		assert_true(st.programs_stored + st.programs_loaded == 1);
		txf_context_release(&ctx);
	}
	/* XDG_CACHE_HOME with a trailing slash: <it>/tiledxform. */
	unsetenv("TXF_CACHE_DIR");
	const char *xdg = getenv("XDG_CACHE_HOME");
	char *saved_xdg = xdg ? strdup(xdg) : NULL;
	snprintf(named, sizeof named, "%s//", dir);
	assert_int_equal(setenv("XDG_CACHE_HOME", named, 1), 0);
	snprintf(want, sizeof want, "%s/tiledxform/programs", dir);
	txf_context *ctx = context_on(NULL);
	if (saved_xdg)
		setenv("XDG_CACHE_HOME", saved_xdg, 1);
	else
		unsetenv("XDG_CACHE_HOME");
	if (saved_env)
		setenv("TXF_CACHE_DIR", saved_env, 1);
	free(saved_xdg);
	free(saved_env);
	assert_non_null(ctx);
	txf_context_stats st = stats_of(ctx);
	assert_int_equal(st.binary_cache, 1);
	assert_string_equal(st.cache_dir, want);
	txf_context_release(&ctx);
	drop_dir(dir);
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--child") == 0)
		return child_main(argv[2]);
	ssize_t n = readlink("/proc/self/exe", self_exe, sizeof self_exe - 1);
	if (n > 0)
		self_exe[n] = '\0';
	else
		snprintf(self_exe, sizeof self_exe, "%s", argv[0]);
	unsetenv("TXF_LOG");
	unsetenv("TXF_BINARY_CACHE");
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(parser_reasons),
	    cmocka_unit_test(parser_any_bytes),
	    cmocka_unit_test(fnv1a_vectors),
	    cmocka_unit_test(keys_and_names),
	    cmocka_unit_test(ptx_binaries_checked),
	    cmocka_unit_test(store_then_load),
	    cmocka_unit_test(second_process_loads),
	    cmocka_unit_test(damaged_entries_rebuilt),
	    cmocka_unit_test(unsafe_places_not_used),
	    cmocka_unit_test(others_entries_not_used),
	    cmocka_unit_test(concurrent_writers),
	    cmocka_unit_test(binary_cache_off),
	    cmocka_unit_test(cache_dir_names_normalised),
	};
	return cmocka_run_group_tests_name("cache", tests, NULL, NULL);
}
