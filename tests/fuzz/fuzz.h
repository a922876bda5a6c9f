/* What every fuzz target shares: libFuzzer's entry point, which each
 * fuzz_*.c defines, and a check that aborts with the failed condition, so
 * that libFuzzer (or the corpus replay of the regular build) reports the
 * input that broke a property. */
#ifndef TXF_FUZZ_H
#define TXF_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond)                                                                    \
	do {                                                                                \
		if (!(cond)) {                                                              \
			fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, \
			        #cond);                                                     \
			abort();                                                            \
		}                                                                           \
	} while (0)

#endif
