/* `txf tune`: measure strategies and kernel parameters on a device and
 * write the winners to its tuning file. */
#ifndef TXF_TOOL_TUNE_H
#define TXF_TOOL_TUNE_H

#include "tiledxform.h"

typedef struct tune_settings {
	const char *device; /* NULL: the library's default */
	unsigned ops;       /* bit (1u << txf_tune_op) per operation */
	unsigned dtypes;    /* bit (1u << txf_dtype) per element type; 0: transposes of
	                     * u1, f2, f4, f8 and c16 (every element size), matmul f4 */
	int full;           /* more candidates, larger shapes, more runs */
	unsigned budget;    /* at most this many candidates per class; 0: all */
	unsigned repeat;    /* timed runs per candidate; 0: 3 (quick) or 7 (full) */
} tune_settings;

/* Run the tuner; returns the exit status (0 success, 1 failure). */
int tune_run(const tune_settings *s);

#endif /* TXF_TOOL_TUNE_H */
