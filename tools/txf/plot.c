/* Charts of bench results drawn by gnuplot. See plot.h. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "path.h"
#include "plot.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#if defined(__GNUC__)
#define PLOT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PLOT_PRINTF(a, b)
#endif

static int fail(char *err, size_t errlen, int rc, const char *fmt, ...) PLOT_PRINTF(4, 5);

static int fail(char *err, size_t errlen, int rc, const char *fmt, ...)
{
	if (err && errlen > 0) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return rc;
}

/* Series colours, in the order the series appear. */
static const unsigned palette[] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                   0x8c564b, 0xe377c2, 0x17becf, 0xbcbd22};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))
#define CEILING_COLOUR 0x303030u

int plot_check_path(const char *path, char *err, size_t errlen)
{
	struct stat st;
	char *dir;
	int rc = 0;

	if (!path || !*path)
		return fail(err, errlen, -1, "--plot: empty file name");
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return fail(err, errlen, -1, "--plot %s: exists and is not a regular file", path);
	dir = path_dir_of(path);
	if (!dir)
		return fail(err, errlen, -1, "out of memory");
	if (stat(dir, &st) != 0)
		rc = fail(err, errlen, -1, "--plot %s: %s: %s", path, dir, strerror(errno));
	else if (!S_ISDIR(st.st_mode))
		rc = fail(err, errlen, -1, "--plot %s: %s is not a directory", path, dir);
	else if (access(dir, W_OK | X_OK) != 0)
		rc = fail(err, errlen, -1, "--plot %s: cannot write in %s: %s", path, dir,
		          strerror(errno));
	free(dir);
	return rc;
}

/* The gnuplot program on PATH into buf; 0, or -1 when there is none. */
static int find_gnuplot(char *buf, size_t n)
{
	const char *path = getenv("PATH");

	if (!path)
		path = "/usr/bin:/bin";
	for (;;) {
		const char *colon = strchr(path, ':');
		size_t len = colon ? (size_t)(colon - path) : strlen(path);
		struct stat st;
		int w;

		if (len == 0)
			w = snprintf(buf, n, "./gnuplot");
		else
			w = snprintf(buf, n, "%.*s/gnuplot", (int)len, path);
		if (w > 0 && (size_t)w < n && stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(buf, X_OK) == 0)
			return 0;
		if (!colon)
			return -1;
		path = colon + 1;
	}
}

/* s as a gnuplot single-quoted string: quotes doubled, control characters
 * replaced by spaces. */
static void put_quoted(FILE *f, const char *s)
{
	fputc('\'', f);
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		if (*p == '\'')
			fputs("''", f);
		else if (*p < 0x20 || *p == 0x7f)
			fputc(' ', f);
		else
			fputc(*p, f);
	}
	fputc('\'', f);
}

/* The distinct series of pts in the order they first appear: indices of
 * their first points into first[], count returned. */
static size_t series_of(const plot_point *pts, size_t n, size_t *first)
{
	size_t ns = 0;

	for (size_t i = 0; i < n; i++) {
		size_t k = 0;

		while (k < ns && strcmp(pts[first[k]].series, pts[i].series) != 0)
			k++;
		if (k == ns)
			first[ns++] = i;
	}
	return ns;
}

static size_t distinct_x(const plot_point *pts, size_t n)
{
	size_t d = 0;

	for (size_t i = 0; i < n; i++) {
		size_t j = 0;

		while (j < i && pts[j].x != pts[i].x)
			j++;
		d += j == i;
	}
	return d;
}

static int is_ceiling(const plot_spec *spec, const char *series)
{
	return spec->ceiling && strcmp(spec->ceiling, series) == 0;
}

/* Colour of series k of first[0..k]: palette entries in order, skipping
 * the ceiling, which has its own. */
static unsigned colour_of(const plot_spec *spec, const plot_point *pts, const size_t *first,
                          size_t k)
{
	size_t idx = 0;

	if (is_ceiling(spec, pts[first[k]].series))
		return CEILING_COLOUR;
	for (size_t i = 0; i < k; i++)
		idx += !is_ceiling(spec, pts[first[i]].series);
	return palette[idx % NPALETTE];
}

/* "4.19M" for 4194304. */
static void size_label(double x, char *buf, size_t n)
{
	static const char suffix[] = " kMGTPE";
	int k = 0;

	while (x >= 1000.0 && k < 6) {
		x /= 1000.0;
		k++;
	}
	if (k == 0)
		snprintf(buf, n, "%.0f", x);
	else
		snprintf(buf, n, "%.3g%c", x, suffix[k]);
}

/* Tics: at each problem size when there are a few, else the decades. */
static void write_xtics(FILE *gp, const plot_point *pts, size_t n)
{
	enum { FEW = 10 };
	double xs[FEW];
	size_t nx = 0;

	for (size_t i = 0; i < n; i++) {
		size_t j = 0;

		while (j < nx && xs[j] != pts[i].x)
			j++;
		if (j < nx)
			continue;
		if (nx == FEW) {
			fputs("set format x '%.0s%c'\n", gp);
			return;
		}
		xs[nx++] = pts[i].x;
	}
	/* In order; a size too close to the last one labelled gets a bare tic. */
	for (size_t j = 1; j < nx; j++) {
		for (size_t k = j; k > 0 && xs[k - 1] > xs[k]; k--) {
			double t = xs[k];

			xs[k] = xs[k - 1];
			xs[k - 1] = t;
		}
	}
	fputs("set xtics (", gp);
	for (size_t j = 0, last = 0; j < nx; j++) {
		char label[32] = "";

		if (j == 0 || xs[j] >= 1.6 * xs[last]) {
			size_label(xs[j], label, sizeof(label));
			last = j;
		}
		fprintf(gp, "%s'%s' %.17g", j ? ", " : "", label, xs[j]);
	}
	fputs(")\nunset mxtics\n", gp);
}

/* Line charts: block k of the data file holds series k, sorted by x. */
static int write_lines(FILE *data, FILE *gp, const plot_spec *spec, const plot_point *pts, size_t n,
                       const size_t *first, size_t ns, const char *data_path)
{
	size_t *idx = malloc(n * sizeof(*idx));

	if (!idx)
		return -1;
	for (size_t k = 0; k < ns; k++) {
		const char *name = pts[first[k]].series;
		size_t m = 0;

		for (size_t i = 0; i < n; i++) {
			if (strcmp(pts[i].series, name) != 0)
				continue;
			/* Insertion sort by x. */
			size_t j = m++;
			while (j > 0 && pts[idx[j - 1]].x > pts[i].x) {
				idx[j] = idx[j - 1];
				j--;
			}
			idx[j] = i;
		}
		fprintf(data, "# %s\n", name);
		for (size_t j = 0; j < m; j++)
			fprintf(data, "%.17g %.17g\n", pts[idx[j]].x, pts[idx[j]].y);
		fputs("\n\n", data);
	}
	free(idx);

	fputs("set xlabel ", gp);
	put_quoted(gp, spec->xlabel);
	fputs("\nset logscale x\n", gp);
	write_xtics(gp, pts, n);
	fputs("set autoscale xfix\n"
	      "set offsets graph 0.05, graph 0.05, 0, 0\n"
	      "set key outside right top\n",
	      gp);
	fputs("plot ", gp);
	for (size_t k = 0; k < ns; k++) {
		const char *name = pts[first[k]].series;
		int ceiling = is_ceiling(spec, name);

		fputs(k ? ", \\\n     " : "", gp);
		put_quoted(gp, data_path);
		fprintf(gp, " index %zu using 1:2 with linespoints lw %s pt %d ps 1.2 ", k,
		        ceiling ? "2.5 dt 2" : "2", ceiling ? 6 : 7);
		fprintf(gp, "lc rgb '#%06x' title ", colour_of(spec, pts, first, k));
		put_quoted(gp, name);
	}
	fputs("\n", gp);
	return 0;
}

/* A scatter chart: block k of the data file holds the points of series
 * k. */
static void write_points(FILE *data, FILE *gp, const plot_spec *spec, const plot_point *pts,
                         size_t n, const size_t *first, size_t ns, const char *data_path)
{
	for (size_t k = 0; k < ns; k++) {
		fprintf(data, "# %s\n", pts[first[k]].series);
		for (size_t i = 0; i < n; i++) {
			if (strcmp(pts[i].series, pts[first[k]].series) == 0)
				fprintf(data, "%.17g %.17g\n", pts[i].x, pts[i].y);
		}
		fputs("\n\n", data);
	}
	fputs("set xlabel ", gp);
	put_quoted(gp, spec->xlabel);
	fputs("\nset logscale x\n"
	      "set format x '%.0s%c'\n"
	      "set key outside right top\n"
	      "plot ",
	      gp);
	for (size_t k = 0; k < ns; k++) {
		fputs(k ? ", \\\n     " : "", gp);
		put_quoted(gp, data_path);
		fprintf(gp, " index %zu using 1:2 with points pt 7 ps 1 lc rgb '#%06x' title ", k,
		        colour_of(spec, pts, first, k));
		put_quoted(gp, pts[first[k]].series);
	}
	fputs("\n", gp);
}

/* A bar per point, labelled with its series and value. */
static void write_bars(FILE *data, FILE *gp, const plot_spec *spec, const plot_point *pts, size_t n,
                       const size_t *first, size_t ns, const char *data_path)
{
	for (size_t k = 0; k < ns; k++) {
		for (size_t i = 0; i < n; i++) {
			if (strcmp(pts[i].series, pts[first[k]].series) != 0)
				continue;
			fprintf(data, "\"%s\" %.17g %u\n", pts[i].series, pts[i].y,
			        colour_of(spec, pts, first, k));
		}
	}
	fputs("set xlabel ", gp);
	{
		char label[256];

		snprintf(label, sizeof(label), "%s = %.0f", spec->xlabel ? spec->xlabel : "size",
		         n ? pts[0].x : 0.0);
		put_quoted(gp, label);
	}
	fprintf(gp,
	        "\nset style fill solid 0.75 border -1\n"
	        "set boxwidth 0.6\n"
	        "set xrange [-0.6:%zu.4]\n"
	        "set xtics rotate by -30\n"
	        "set offsets 0, 0, graph 0.08, 0\n"
	        "plot ",
	        n ? n - 1 : 0);
	put_quoted(gp, data_path);
	fputs(" using 0:2:3:xtic(1) with boxes lc rgb variable notitle, \\\n     ", gp);
	put_quoted(gp, data_path);
	fputs(" using 0:2:(sprintf('%.4g', $2)) with labels offset 0,0.8 notitle\n", gp);
}

/* The script and data of the chart, drawing into out_path. */
static int write_files(const plot_spec *spec, const plot_point *pts, size_t n,
                       const char *script_path, const char *data_path, const char *out_path)
{
	size_t *first = malloc((n ? n : 1) * sizeof(*first)), ns;
	FILE *gp = fopen(script_path, "w"), *data = fopen(data_path, "w");
	int rc = -1;

	if (!first || !gp || !data)
		goto out;
	ns = series_of(pts, n, first);
	fputs("if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
	      "    set terminal pngcairo noenhanced size 1024,640 font 'sans,10'\n"
	      "} else {\n"
	      "    set terminal png noenhanced size 1024,640\n"
	      "}\n"
	      "set output ",
	      gp);
	put_quoted(gp, out_path);
	fputs("\nset title ", gp);
	put_quoted(gp, spec->title);
	fputs("\nset ylabel ", gp);
	put_quoted(gp, spec->ylabel);
	fputs("\nset grid\nset yrange [0:*]\n", gp);
	if (spec->scatter) {
		write_points(data, gp, spec, pts, n, first, ns, data_path);
	} else if (distinct_x(pts, n) >= 2) {
		if (write_lines(data, gp, spec, pts, n, first, ns, data_path) != 0)
			goto out;
	} else {
		write_bars(data, gp, spec, pts, n, first, ns, data_path);
	}
	fputs("set output\n", gp);
	rc = 0;
out:
	if (gp && fclose(gp) != 0)
		rc = -1;
	if (data && fclose(data) != 0)
		rc = -1;
	free(first);
	return rc;
}

/* The first line of gnuplot's messages, for an error. */
static void first_line(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	char line[512];

	buf[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (line[strspn(line, " \t^")]) {
			snprintf(buf, n, "%s", line);
			break;
		}
	}
	fclose(f);
}

/* Run gnuplot on script with its output in log; its exit status, or -1. */
static int run_gnuplot(const char *gnuplot, const char *script, const char *log)
{
	char name[] = "gnuplot";
	char *argv[3] = {name, (char *)script, NULL};
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int ws, e;

	if (posix_spawn_file_actions_init(&fa) != 0)
		return -1;
	e = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	if (e == 0)
		e = posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC,
		                                     0600);
	if (e == 0)
		e = posix_spawn_file_actions_adddup2(&fa, 1, 2);
	if (e == 0)
		e = posix_spawn(&pid, gnuplot, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0)
		return -1;
	while (waitpid(pid, &ws, 0) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
}

static int is_png(const char *path)
{
	static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
	unsigned char got[8];
	FILE *f = fopen(path, "rb");
	size_t n = 0;

	if (f) {
		n = fread(got, 1, sizeof(got), f);
		fclose(f);
	}
	return n == sizeof(got) && memcmp(got, sig, sizeof(sig)) == 0;
}

/* The mode of a new file at path: that of the file it replaces, or 0666
 * less the umask. */
static mode_t mode_for(const char *path)
{
	struct stat st;
	mode_t mask;

	if (stat(path, &st) == 0)
		return st.st_mode & 07777;
	mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

int plot_draw(const plot_spec *spec, const plot_point *pts, size_t n, char *err, size_t errlen)
{
	static const char out_suffix[] = "/.txf-plot-XXXXXX";
	char gnuplot[4096], tmpdir[4096], script[4200], data[4200], log[4200], msg[512];
	const char *base = getenv("TMPDIR");
	char *dir = NULL, *out_tmp = NULL;
	int rc = PLOT_FAILED, fd, st;

	if (!spec || !spec->path)
		return fail(err, errlen, PLOT_FAILED, "no file to plot into");
	if (n == 0)
		return fail(err, errlen, PLOT_FAILED, "%s: no timed results to plot", spec->path);
	if (find_gnuplot(gnuplot, sizeof(gnuplot)) != 0)
		return fail(err, errlen, PLOT_NO_GNUPLOT, "no gnuplot on PATH");

	if (!base || !*base)
		base = "/tmp";
	snprintf(tmpdir, sizeof(tmpdir), "%s/txf-plot-XXXXXX", base);
	if (!mkdtemp(tmpdir))
		return fail(err, errlen, PLOT_FAILED, "cannot make a temporary directory in %s: %s",
		            base, strerror(errno));
	snprintf(script, sizeof(script), "%s/plot.gp", tmpdir);
	snprintf(data, sizeof(data), "%s/data.txt", tmpdir);
	snprintf(log, sizeof(log), "%s/gnuplot.log", tmpdir);

	/* The picture's temporary file, beside the picture. */
	dir = path_dir_of(spec->path);
	out_tmp = dir ? malloc(strlen(dir) + sizeof(out_suffix)) : NULL;
	if (!out_tmp) {
		fail(err, errlen, PLOT_FAILED, "out of memory");
		goto out;
	}
	strcpy(out_tmp, dir);
	strcat(out_tmp, out_suffix);
	fd = mkstemp(out_tmp);
	if (fd < 0) {
		fail(err, errlen, PLOT_FAILED, "%s: cannot create a temporary file in %s: %s",
		     spec->path, dir, strerror(errno));
		free(out_tmp);
		out_tmp = NULL;
		goto out;
	}
	st = fchmod(fd, mode_for(spec->path));
	if (close(fd) != 0 || st != 0) {
		fail(err, errlen, PLOT_FAILED, "%s: cannot set up the temporary file %s: %s",
		     spec->path, out_tmp, strerror(errno));
		goto out;
	}

	if (write_files(spec, pts, n, script, data, out_tmp) != 0) {
		fail(err, errlen, PLOT_FAILED, "cannot write gnuplot's input in %s", tmpdir);
		goto out;
	}
	st = run_gnuplot(gnuplot, script, log);
	if (st != 0) {
		first_line(log, msg, sizeof(msg));
		if (st < 0)
			fail(err, errlen, PLOT_FAILED, "cannot run %s", gnuplot);
		else
			fail(err, errlen, PLOT_FAILED, "%s failed (exit status %d)%s%s", gnuplot,
			     st, msg[0] ? ": " : "", msg);
		goto out;
	}
	if (!is_png(out_tmp)) {
		fail(err, errlen, PLOT_FAILED, "%s wrote no PNG picture", gnuplot);
		goto out;
	}
	if (rename(out_tmp, spec->path) != 0) {
		fail(err, errlen, PLOT_FAILED,
		     "%s: cannot rename the temporary file into place: %s", spec->path,
		     strerror(errno));
		goto out;
	}
	free(out_tmp);
	out_tmp = NULL;
	rc = PLOT_OK;
out:
	if (out_tmp) {
		unlink(out_tmp);
		free(out_tmp);
	}
	free(dir);
	unlink(script);
	unlink(data);
	unlink(log);
	rmdir(tmpdir);
	return rc;
}
