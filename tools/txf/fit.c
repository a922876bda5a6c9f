/* Device limits of operand sizes for the txf tool. See fit.h. */
#include "fit.h"

#include <stdio.h>
#include <string.h>

uint64_t fit_matrix_bytes(size_t rows, size_t cols, size_t elem)
{
	uint64_t r = rows, c = cols, e = elem;

	if (r == 0 || c == 0 || e == 0)
		return 0;
	if (r > UINT64_MAX / c || r * c > UINT64_MAX / e)
		return UINT64_MAX;
	return r * c * e;
}

/* Whole MiB, rounded up: a need just over a limit never prints as equal. */
static unsigned long long mib_up(uint64_t b)
{
	return (unsigned long long)(b >> 20) + ((b & ((1u << 20) - 1)) != 0);
}

int fit_device(const txf_device_profile *p, const uint64_t *bytes, size_t n, char *msg,
               size_t msglen)
{
	uint64_t largest = 0, total = 0;

	for (size_t i = 0; i < n; i++) {
		largest = bytes[i] > largest ? bytes[i] : largest;
		total = bytes[i] > UINT64_MAX - total ? UINT64_MAX : total + bytes[i];
	}
	if (largest > p->max_alloc_size) {
		if (n == 1)
			snprintf(msg, msglen, "needs a buffer of %llu MiB", mib_up(largest));
		else
			snprintf(msg, msglen, "needs %zu buffers, the largest of %llu MiB", n,
			         mib_up(largest));
		snprintf(msg + strlen(msg), msglen - strlen(msg),
		         " but the device allows at most %llu MiB in one buffer "
		         "(CL_DEVICE_MAX_MEM_ALLOC_SIZE)",
		         (unsigned long long)(p->max_alloc_size >> 20));
		return -1;
	}
	if (total > p->global_mem_size) {
		snprintf(
		    msg, msglen,
		    "needs %zu buffer%s of %llu MiB in all but the device has %llu MiB of global "
		    "memory (CL_DEVICE_GLOBAL_MEM_SIZE)",
		    n, n == 1 ? "" : "s", mib_up(total),
		    (unsigned long long)(p->global_mem_size >> 20));
		return -1;
	}
	return 0;
}
