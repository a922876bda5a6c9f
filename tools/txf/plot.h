/*
 * Charts of `txf bench` results drawn by gnuplot: throughput against
 * problem size, one line per series, written atomically to a PNG file.
 */
#ifndef TXF_TOOL_PLOT_H
#define TXF_TOOL_PLOT_H

#include <stddef.h>

/* One measured point of a series. */
typedef struct plot_point {
	char series[32]; /* "pad", "clblast", "copy", ... */
	double x;        /* problem size */
	double y;        /* throughput */
} plot_point;

typedef struct plot_spec {
	const char *path;   /* the PNG to write */
	const char *title;  /* device and element type, for example */
	const char *xlabel; /* "elements (rows x cols)" */
	const char *ylabel; /* "GB/s" */
	/* A series drawn as a reference line (dashed, black), not as one of
	 * the compared strategies; NULL for none. */
	const char *ceiling;
	/* Points only, a set per series, on a log x axis however many sizes
	 * there are (the shapes of a sweep). */
	int scatter;
} plot_spec;

/* plot_draw's results. */
#define PLOT_OK 0
#define PLOT_FAILED (-1)     /* message in err */
#define PLOT_NO_GNUPLOT (-2) /* no gnuplot program on PATH */

/* Check, before a long run, that spec->path can be written: its directory
 * exists and the path is not a directory. Returns 0, or -1 with a message in
 * err. */
int plot_check_path(const char *path, char *err, size_t errlen);

/* Draw the points (in any order) into spec->path. With two or more distinct
 * x values, y against x on a log x axis, a line with points per series in
 * the order the series first appear; with one, a bar per series (with
 * spec->scatter, points on a log x axis either way). Data and
 * script go to a private temporary directory, removed afterwards; gnuplot
 * writes the picture to a temporary file beside spec->path, renamed over it
 * once complete, so an existing file is never left half-written. Uses the
 * pngcairo terminal where gnuplot has it, else png. */
int plot_draw(const plot_spec *spec, const plot_point *pts, size_t n, char *err, size_t errlen);

#endif /* TXF_TOOL_PLOT_H */
