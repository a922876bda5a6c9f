/*
 * Whether the operands of an operation fit on a device, judged from its
 * profile before anything is allocated: the txf tool checks every shape
 * this way before it takes host memory for the shape's data. Uses only
 * the txf_device_profile structure of tiledxform.h, never the library.
 */
#ifndef TXF_TOOL_FIT_H
#define TXF_TOOL_FIT_H

#include "tiledxform.h"

#include <stddef.h>
#include <stdint.h>

/* Bytes of a rows x cols matrix of elem-byte elements; UINT64_MAX when
 * that does not fit in 64 bits. */
uint64_t fit_matrix_bytes(size_t rows, size_t cols, size_t elem);

/* Whether n device buffers of bytes[0..n-1] bytes fit on device p: each
 * within its largest allocation (max_alloc_size) and all of them together
 * within its global memory. Returns 0, or -1 with msg saying what is
 * needed and which limit it passes ("needs a buffer of 3434 MiB but the
 * device allows at most 1024 MiB in one buffer ..."), to follow a
 * description of the operation and its shape. Needs are rounded up to
 * whole MiB and limits down, so a need just past a limit never prints as
 * equal to it. */
int fit_device(const txf_device_profile *p, const uint64_t *bytes, size_t n, char *msg,
               size_t msglen);

#endif /* TXF_TOOL_FIT_H */
