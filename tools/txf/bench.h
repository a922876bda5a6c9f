/* `txf bench`: time an operation over a set of shapes and print a table, CSV
 * or JSON lines. */
#ifndef TXF_TOOL_BENCH_H
#define TXF_TOOL_BENCH_H

#include "args.h"

/* Run `txf bench` as a says; returns the exit status. */
int cmd_bench(const cli_args *a);

#endif /* TXF_TOOL_BENCH_H */
