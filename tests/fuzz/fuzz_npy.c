/* Fuzz target: the .npy reader of the txf tool (tools/txf/npy.c), through
 * both of its entries: npy_parse on a buffer and npy_load on a file (an
 * in-memory file, so that no disk is touched).
 *
 * Properties:
 *  - both entries agree: the same result code, and on success the same
 *    type, order, shape and data; npy_load_header gives the same result
 *    code and, on success, the same array without its data;
 *  - a refused input leaves the array empty and has a message;
 *  - an accepted array's data is exactly the input's last nbytes bytes,
 *    nbytes being the element count times the element size;
 *  - npy_encode of an accepted array is read back as the same array;
 *  - the same bytes (their first PIPE_BUF) in a pipe are refused without
 *    being read: npy_load takes regular files only. */
#define _GNU_SOURCE /* memfd_create */
#include "fuzz.h"
#include "npy.h"

#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void check_empty(const npy_array *a)
{
	FUZZ_CHECK(a->data == NULL && a->nbytes == 0 && a->ndim == 0);
}

static bool same_array(const npy_array *a, const npy_array *b)
{
	return a->dtype == b->dtype && a->is_bool == b->is_bool &&
	       a->fortran_order == b->fortran_order && a->ndim == b->ndim &&
	       memcmp(a->shape, b->shape, sizeof a->shape) == 0 && a->nbytes == b->nbytes &&
	       (a->nbytes == 0 || memcmp(a->data, b->data, a->nbytes) == 0);
}

/* npy_load (or npy_load_header) of the bytes, from a memory file named by
 * its /proc path. */
static int load_from_memory(const uint8_t *data, size_t size, int header_only, npy_array *out,
                            char *err, size_t errlen)
{
	int fd = memfd_create("fuzz.npy", MFD_CLOEXEC);
	FUZZ_CHECK(fd >= 0);
	size_t done = 0;
	while (done < size) {
		ssize_t w = write(fd, data + done, size - done);
		FUZZ_CHECK(w > 0);
		done += (size_t)w;
	}
	char path[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	int rc = header_only ? npy_load_header(path, out, err, errlen)
	                     : npy_load(path, out, err, errlen);
	close(fd);
	return rc;
}

/* npy_load of the bytes (at most PIPE_BUF of them, so that the write never
 * blocks) in a pipe whose writer has closed it: before the loader checked
 * the file type it read them as from a file. */
static void refused_from_pipe(const uint8_t *data, size_t size)
{
	int p[2];
	FUZZ_CHECK(pipe(p) == 0);
	size_t n = size < PIPE_BUF ? size : PIPE_BUF;
	FUZZ_CHECK(n == 0 || write(p[1], data, n) == (ssize_t)n);
	close(p[1]);
	char path[64], err[512] = "";
	snprintf(path, sizeof path, "/proc/self/fd/%d", p[0]);
	npy_array a;
	FUZZ_CHECK(npy_load(path, &a, err, sizeof err) == NPY_ERR_IO);
	FUZZ_CHECK(strstr(err, "FIFO") != NULL);
	check_empty(&a);
	close(p[0]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	npy_array a, b, c;
	char err[512] = "", err2[512] = "";
	int rc = npy_parse(data, size, &a, err, sizeof err);
	int rc2 = load_from_memory(data, size, 0, &b, err2, sizeof err2);
	char err3[512] = "";
	npy_array h;
	int rc3 = load_from_memory(data, size, 1, &h, err3, sizeof err3);
	refused_from_pipe(data, size);
	FUZZ_CHECK(rc == rc2 && rc == rc3);
	if (rc != NPY_OK) {
		FUZZ_CHECK(rc == NPY_ERR_FORMAT);
		FUZZ_CHECK(err[0] != '\0' && err2[0] != '\0' && err3[0] != '\0');
		check_empty(&a);
		check_empty(&b);
		check_empty(&h);
		return 0;
	}
	FUZZ_CHECK(same_array(&a, &b));
	npy_free(&b);
	check_empty(&b);
	/* The header alone: the same array without its data. */
	FUZZ_CHECK(h.data == NULL);
	h.data = a.data;
	FUZZ_CHECK(same_array(&a, &h));

	size_t count = 0, itemsize = npy_dtype_size(a.dtype);
	FUZZ_CHECK(itemsize > 0 && a.ndim <= NPY_MAX_DIMS);
	FUZZ_CHECK(npy_shape_elements(a.ndim, a.shape, &count) == NPY_OK);
	FUZZ_CHECK(a.nbytes == count * itemsize);
	FUZZ_CHECK(a.nbytes <= size && (a.nbytes == 0 || a.data != NULL));
	FUZZ_CHECK(a.nbytes == 0 || memcmp(a.data, data + size - a.nbytes, a.nbytes) == 0);

	unsigned char *buf = NULL;
	size_t len = 0;
	FUZZ_CHECK(npy_encode(&a, &buf, &len, err, sizeof err) == NPY_OK);
	FUZZ_CHECK(npy_parse(buf, len, &c, err, sizeof err) == NPY_OK);
	FUZZ_CHECK(same_array(&a, &c));
	free(buf);
	npy_free(&c);
	npy_free(&a);
	return 0;
}
