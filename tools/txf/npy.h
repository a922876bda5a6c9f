/*
 * Reader and writer for NumPy's .npy format (versions 1.0, 2.0 and 3.0).
 *
 * Supported element types: little-endian (or byte-order-free) f2 f4 f8, i1 i2
 * i4 i8, u1 u2 u4 u8, c8 c16, and b1 (NumPy's bool: held as TXF_U8 with
 * is_bool set, and written back as b1). The array's data is kept
 * exactly as stored: C (row-major) order, or Fortran (column-major) order
 * when fortran_order is set.
 *
 * The reader accepts any number of dimensions from 0 to NPY_MAX_DIMS and
 * checks everything it reads: the header must be a well-formed dict literal
 * with exactly the keys 'descr', 'fortran_order' and 'shape', and the data
 * that follows must be exactly as long as the shape and type say. Nothing in
 * this file calls the library; it uses only the txf_dtype enumeration.
 *
 * All functions return NPY_OK (0) or a negative NPY_ERR_* code and, on
 * failure, write a one-line message into err (when err is not NULL and
 * errlen is not 0).
 */
#ifndef TXF_TOOL_NPY_H
#define TXF_TOOL_NPY_H

#include "tiledxform.h"

#include <stddef.h>

#define NPY_MAX_DIMS 32

enum npy_result {
	NPY_OK = 0,
	NPY_ERR_FORMAT = -1, /* not a valid .npy file, or a kind this code does not support */
	NPY_ERR_IO = -2,     /* the operating system refused a read or write */
	NPY_ERR_NOMEM = -3,  /* out of memory */
	NPY_ERR_ARG = -4,    /* an invalid argument (an inconsistent npy_array, a NULL pointer) */
};

typedef struct npy_array {
	txf_dtype dtype;
	int is_bool;       /* 1: NumPy bool (b1): dtype is TXF_U8, written as '|b1' */
	int fortran_order; /* 1: column-major data */
	size_t ndim;
	size_t shape[NPY_MAX_DIMS];
	void *data; /* malloc'd, owned by the array; may be NULL when nbytes is 0 */
	size_t nbytes;
} npy_array;

/* Parse a complete .npy file held in memory. On success out owns a copy of
 * the data; on failure out is left empty (npy_free on it is harmless). Safe
 * on arbitrary input. */
int npy_parse(const unsigned char *buf, size_t len, npy_array *out, char *err, size_t errlen);

/* Read and parse the file at path, which must be a regular file (or a link
 * to one): a FIFO, a device, a socket or a directory is refused with
 * NPY_ERR_IO before anything is read from it (a FIFO is never waited on).
 * What is read is bounded by the file's length and the header: the header,
 * then exactly the data bytes it declares, which must be all the file holds
 * after it (a longer or shorter file is NPY_ERR_FORMAT, as in npy_parse). */
int npy_load(const char *path, npy_array *out, char *err, size_t errlen);

/* npy_load without the data: the same checks of the file (its type, its
 * header, its length against what the header declares), then out gets
 * the type, order and shape, nbytes the length of the data, and data NULL.
 * So a caller can judge an array's size before any of it is read. */
int npy_load_header(const char *path, npy_array *out, char *err, size_t errlen);

/* Serialise arr into a new malloc'd buffer: version 1.0 (2.0 when the header
 * would not fit in 65535 bytes), data aligned to 64 bytes. */
int npy_encode(const npy_array *arr, unsigned char **buf, size_t *len, char *err, size_t errlen);

/* Write arr to path atomically: the file is written to a temporary file in
 * the same directory, flushed to disk and renamed over path. On failure the
 * temporary file is removed and whatever was at path is left as it was; a
 * path that exists but is not a regular file (or a link to one) is an error.
 * An existing file keeps its permission bits; a new one gets 0666 less the
 * umask (read by briefly setting it, so not while other threads create
 * files). A symbolic link at path is replaced by the file, not followed. */
int npy_save(const char *path, const npy_array *arr, char *err, size_t errlen);

/* Give arr a zero-filled buffer for the given type and shape (is_bool 0:
 * set it afterwards for a bool array). */
int npy_alloc(npy_array *arr, txf_dtype dtype, size_t ndim, const size_t *shape, int fortran_order,
              char *err, size_t errlen);

/* Release the data and clear the array. NULL is a no-op. */
void npy_free(npy_array *arr);

/* Element size in bytes; 0 for a type outside the enumeration. */
size_t npy_dtype_size(txf_dtype dtype);

/* The descr the writer uses ("<f4", "|u1", ...); NULL for an unknown type. */
const char *npy_dtype_descr(txf_dtype dtype);

/* The NumPy type code without byte order ("f4", "c16", ...); NULL if unknown. */
const char *npy_dtype_code(txf_dtype dtype);

/* The type code of an array for messages: "b1" for a bool array, else
 * npy_dtype_code of its dtype. */
const char *npy_array_code(const npy_array *arr);

/* Number of elements that the shape describes: NPY_ERR_FORMAT if the
 * product (ignoring zero extents) overflows size_t. */
int npy_shape_elements(size_t ndim, const size_t *shape, size_t *count);

#endif /* TXF_TOOL_NPY_H */
