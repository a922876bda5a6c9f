/*
 * Command-line parsing for the txf tool.
 *
 * cli_parse is a pure function of argc/argv: it prints nothing, exits
 * nothing, allocates nothing and keeps pointers into argv. It uses only the
 * enumerations of tiledxform.h, never the library's functions.
 */
#ifndef TXF_EXAMPLES_ARGS_H
#define TXF_EXAMPLES_ARGS_H

#include "tiledxform.h"

#include <stddef.h>

typedef enum cli_command {
	CLI_CMD_NONE = 0, /* no subcommand: top-level --help or --version */
	CLI_CMD_INFO,
	CLI_CMD_TRANSPOSE,
	CLI_CMD_DEMO,
	CLI_CMD_COUNT
} cli_command;

/* Limits of the numeric options. */
#define CLI_TILE_MIN 4u
#define CLI_TILE_MAX 128u
#define CLI_SHAPE_MAX ((size_t)1 << 31) /* --shape extents */
#define CLI_DEMO_EXTENT_MAX 65536u      /* --rows, --cols */
#define CLI_RUNS_MAX 1000u

typedef struct cli_args {
	cli_command command;
	int help;    /* print the usage of `command` (CLI_CMD_NONE: the overview) */
	int version; /* print the version */

	/* Shared. */
	const char *device; /* NULL: the library's default */

	/* info */
	size_t shape_rows, shape_cols; /* default 999 x 666 */
	txf_dtype dtype;               /* default TXF_F32 */

	/* transpose */
	const char *in_path;
	const char *out_path;
	txf_strategy strategy; /* default TXF_STRATEGY_AUTO */
	unsigned tile;         /* 0: the library chooses */
	unsigned wg_rows;      /* 0: the library chooses */
	int in_place;

	/* demo */
	size_t rows, cols;  /* default 999 x 666 */
	unsigned long seed; /* default 1 */
	unsigned runs;      /* timed runs per case, default 5 */
} cli_args;

/* Parse argv[1..argc-1]. Returns 0 and fills *out, or -1 with a one-line
 * message in err (the caller prints it and exits with status 2). When the
 * result has help or version set, nothing else in it needs to be valid. */
int cli_parse(int argc, char *const argv[], cli_args *out, char *err, size_t errlen);

/* "info", "transpose", "demo"; NULL for CLI_CMD_NONE and unknown values. */
const char *cli_command_name(cli_command c);

/* The usage text of a command (CLI_CMD_NONE: the overview). */
const char *cli_usage(cli_command c);

/* A NumPy type code ("f4", "u1", "c16", ...) or a long name ("float32",
 * "uint8", "complex128", ...). Returns 0 on success, -1 if unknown. */
int cli_parse_dtype(const char *s, txf_dtype *out);

/* Decimal digits only, value in [min, max]. Returns 0 or -1. */
int cli_parse_size(const char *s, size_t min, size_t max, size_t *out);

#endif /* TXF_EXAMPLES_ARGS_H */
