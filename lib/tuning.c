/* Tuning files: the measured choices of AUTO for one device.
 *
 * A text file of lines (docs/tuning.md has the format): a header naming the
 * format version, library version, platform, device and driver; "limits"
 * and "entry" lines; and "end N" with the number of limits and entry lines,
 * so that a truncated file is recognised. Anything unexpected makes the
 * whole file ignored with a warning: it never crashes and never yields a
 * launch the device refuses, because every entry is checked against the
 * device before it is used. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "txf_internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define FORMAT_VERSION 2
#define MAX_FILE (1u << 20) /* bytes */
#define MAX_LINE 1024u
#define MAX_EXTENT ((size_t)1 << 31)

static const char *const op_names[TXF_TUNE_OP_COUNT] = {"transpose", "matmul"};
static const char *const class_names[TXF_SIZE_CLASS_COUNT] = {
    "small-even", "small-uneven", "large-even", "large-uneven", "few-rows", "few-cols"};

const char *txf_tune_op_name(txf_tune_op op)
{
	return (unsigned)op < TXF_TUNE_OP_COUNT ? op_names[op] : NULL;
}

const char *txf_size_class_name(txf_size_class c)
{
	return (unsigned)c < TXF_SIZE_CLASS_COUNT ? class_names[c] : NULL;
}

/* ------------------------------------------------------------- writing */

/* Append printf output to a growing buffer; false when out of memory. */
typedef struct textbuf {
	char *buf;
	size_t len, cap;
	bool failed;
} textbuf;

static void put(textbuf *t, const char *fmt, ...) TXF_PRINTF(2, 3);
static void put(textbuf *t, const char *fmt, ...)
{
	if (t->failed)
		return;
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int n = vsnprintf(t->buf ? t->buf + t->len : NULL, t->buf ? t->cap - t->len : 0,
		                  fmt, ap);
		va_end(ap);
		if (n < 0) {
			t->failed = true;
			return;
		}
		if (t->buf && t->len + (size_t)n < t->cap) {
			t->len += (size_t)n;
			return;
		}
		size_t cap = (t->cap + (size_t)n + 1) * 2;
		char *g = realloc(t->buf, cap);
		if (!g) {
			t->failed = true;
			return;
		}
		t->buf = g;
		t->cap = cap;
	}
}

char *txf__tuning_format(const txf_tuning *t, const txf_device_profile *p, size_t *len)
{
	textbuf o = {0};
	put(&o, "# libtiledxform tuning file (format: docs/tuning.md), written by txf tune.\n");
	put(&o, "txf-tuning %d\n", FORMAT_VERSION);
	put(&o, "library %s\n", txf_version());
	put(&o, "platform %s\n", p->platform);
	put(&o, "device %s\n", p->name);
	put(&o, "driver %s\n", p->driver_version);
	if (t->mode[0])
		put(&o, "mode %s\n", t->mode);
	if (t->created[0])
		put(&o, "created %s\n", t->created);
	unsigned lines = 0;
	for (unsigned op = 0; op < TXF_TUNE_OP_COUNT; op++) {
		for (unsigned d = 0; d < TXF_DTYPE_COUNT; d++) {
			const char *dn = txf_dtype_name((txf_dtype)d);
			const txf__tuning_limits *l = &t->limits[op][d];
			if (l->valid) {
				put(&o, "limits %s %s large_from=%.17g", op_names[op], dn,
				    l->large_from);
				if (op == TXF_TUNE_MATMUL)
					put(&o, " padcopy_min=%.17g", l->padcopy_min);
				put(&o, "\n");
				lines++;
			}
			for (unsigned c = 0; c < TXF_SIZE_CLASS_COUNT; c++) {
				const txf__tuned *e = &t->entries[op][d][c];
				if (!e->valid)
					continue;
				put(&o, "entry %s %s %s strategy=%s", op_names[op], dn,
				    class_names[c], txf_strategy_name(e->strategy));
				/* Every tuned parameter by name, in the registry's
				 * order; an optional one only where it is not 0. */
				for (size_t i = 0; i < TXF__P_COUNT; i++) {
					const txf_param_info *pi =
					    txf__param_info((txf__param_id)i);
					if (!pi->tuned || strcmp(pi->operation, op_names[op]) != 0)
						continue;
					long long v =
					    txf__tuned_param((txf_tune_op)op, e, (txf__param_id)i);
					if (pi->tuned == 2 || v)
						put(&o, " %s=%lld", pi->name, v);
				}
				if (op == TXF_TUNE_TRANSPOSE)
					put(&o, " shape=%zux%zu", e->shape[0], e->shape[1]);
				else
					put(&o, " shape=%zux%zux%zu", e->shape[0], e->shape[1],
					    e->shape[2]);
				put(&o, " ms=%.6g\n", e->median_ms);
				lines++;
			}
		}
	}
	for (unsigned d = 0; d < TXF_DTYPE_COUNT; d++)
		for (unsigned i = 0; i < TXF__MODEL_SCALES; i++) {
			const txf__model_scale *m = &t->model[d][i];
			if (!m->valid)
				continue;
			put(&o,
			    "model matmul %s mwg=%u nwg=%u kwg=%u vwa=%u vwb=%u kvec=%u "
			    "scale=%.6g\n",
			    txf_dtype_name((txf_dtype)d), m->mwg, m->nwg, m->kwg, m->vwa, m->vwb,
			    m->kvec, m->scale);
			lines++;
		}
	put(&o, "end %u\n", lines);
	if (o.failed) {
		free(o.buf);
		return NULL;
	}
	*len = o.len;
	return o.buf;
}

/* ------------------------------------------------------------- reading */

typedef struct parser {
	char *why;
	size_t why_size;
	unsigned line;
} parser;

static int bad(parser *ps, const char *fmt, ...) TXF_PRINTF(2, 3);
static int bad(parser *ps, const char *fmt, ...)
{
	char msg[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(ps->why, ps->why_size, "line %u: %s", ps->line, msg);
	return -1;
}

static bool parse_uint(const char *s, unsigned max, unsigned *out)
{
	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	char *end;
	unsigned long v = strtoul(s, &end, 10);
	if (errno || *end || v > max)
		return false;
	*out = (unsigned)v;
	return true;
}

static bool parse_double(const char *s, double *out)
{
	if (!isdigit((unsigned char)*s) && *s != '.')
		return false;
	errno = 0;
	char *end;
	double v = strtod(s, &end);
	/* ERANGE with a finite result is an underflow: a number below
	 * DBL_MIN, such as the writer's "%.6g" of a time just above it. */
	if ((errno && errno != ERANGE) || *end || !isfinite(v) || v < 0)
		return false;
	*out = v;
	return true;
}

/* "RxC" or "MxNxK" with n extents, each 1..2^31. */
static bool parse_shape(const char *s, size_t n, size_t *dims)
{
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)*s))
			return false;
		errno = 0;
		char *end;
		unsigned long long v = strtoull(s, &end, 10);
		if (errno || v == 0 || v > MAX_EXTENT)
			return false;
		dims[i] = (size_t)v;
		if (i + 1 < n) {
			if (*end != 'x')
				return false;
			s = end + 1;
		} else if (*end) {
			return false;
		}
	}
	return true;
}

static int lookup_name(const char *s, const char *const *names, int count)
{
	for (int i = 0; i < count; i++)
		if (names[i] && strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

static int dtype_of(const char *s)
{
	for (int d = 0; d < TXF_DTYPE_COUNT; d++)
		if (strcmp(s, txf_dtype_name((txf_dtype)d)) == 0)
			return d;
	return -1;
}

/* Split a line into at most max space-separated words (in place). */
static size_t words(char *line, char **w, size_t max)
{
	size_t n = 0;
	char *save = NULL;
	for (char *t = strtok_r(line, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		if (n == max)
			return max + 1;
		w[n++] = t;
	}
	return n;
}

static int parse_limits(parser *ps, char **w, size_t n, txf_tuning *t)
{
	if (n < 4)
		return bad(ps, "limits needs an operation, a type and large_from");
	int op = lookup_name(w[1], op_names, TXF_TUNE_OP_COUNT);
	int d = dtype_of(w[2]);
	if (op < 0 || d < 0)
		return bad(ps, "unknown operation '%s' or type '%s'", w[1], w[2]);
	txf__tuning_limits *l = &t->limits[op][d];
	if (l->valid)
		return bad(ps, "limits of %s %s given twice", w[1], w[2]);
	bool have_large = false, have_padcopy = false;
	for (size_t i = 3; i < n; i++) {
		if (strncmp(w[i], "large_from=", 11) == 0 && !have_large) {
			have_large = parse_double(w[i] + 11, &l->large_from) && l->large_from > 0;
			if (!have_large)
				return bad(ps, "large_from must be a positive number");
		} else if (op == TXF_TUNE_MATMUL && strncmp(w[i], "padcopy_min=", 12) == 0 &&
		           !have_padcopy) {
			have_padcopy = parse_double(w[i] + 12, &l->padcopy_min);
			if (!have_padcopy)
				return bad(ps, "padcopy_min must be a number of at least 0");
		} else {
			return bad(ps, "unexpected '%.40s' in limits", w[i]);
		}
	}
	if (!have_large || (op == TXF_TUNE_MATMUL && !have_padcopy))
		return bad(ps, "limits of %s %s lack large_from%s", w[1], w[2],
		           op == TXF_TUNE_MATMUL ? " or padcopy_min" : "");
	l->valid = 1;
	return 0;
}

static int parse_entry(parser *ps, char **w, size_t n, txf_tuning *t)
{
	if (n < 5)
		return bad(ps, "entry needs an operation, a type, a class and fields");
	int op = lookup_name(w[1], op_names, TXF_TUNE_OP_COUNT);
	int d = dtype_of(w[2]);
	int c = lookup_name(w[3], class_names, TXF_SIZE_CLASS_COUNT);
	if (op < 0 || d < 0 || c < 0)
		return bad(ps, "unknown operation, type or class in '%.20s %.10s %.20s'", w[1],
		           w[2], w[3]);
	txf__tuned *e = &t->entries[op][d][c];
	if (e->valid)
		return bad(ps, "entry %s %s %s given twice", w[1], w[2], w[3]);
	enum { F_STRATEGY = 1, F_SHAPE = 2, F_MS = 4 };
	unsigned seen = 0;
	bool param_seen[TXF__P_COUNT] = {false};
	for (size_t i = 4; i < n; i++) {
		char *eq = strchr(w[i], '=');
		if (!eq)
			return bad(ps, "expected NAME=VALUE, found '%.40s'", w[i]);
		*eq = '\0';
		const char *k = w[i], *v = eq + 1;
		unsigned f = 0;
		bool ok = false;
		if (strcmp(k, "strategy") == 0) {
			f = F_STRATEGY;
			ok = txf_strategy_parse(v, &e->strategy) == TXF_SUCCESS;
		} else if (strcmp(k, "shape") == 0) {
			f = F_SHAPE;
			ok = parse_shape(v, op == TXF_TUNE_MATMUL ? 3 : 2, e->shape);
		} else if (strcmp(k, "ms") == 0) {
			f = F_MS;
			ok = parse_double(v, &e->median_ms);
		} else {
			/* A kernel parameter the registry marks as tuned. */
			int id = txf__param_lookup(op_names[op], k);
			if (id < 0 || !txf__param_info((txf__param_id)id)->tuned)
				return bad(ps, "unknown field '%.40s'", k);
			if (param_seen[id])
				return bad(ps, "field %s given twice", k);
			param_seen[id] = true;
			const txf_param_info *pi = txf__param_info((txf__param_id)id);
			unsigned u;
			/* -1 where the parameter takes it (stores: ordinary). */
			const bool minus = v[0] == '-' && pi->min < 0;
			if (!parse_uint(v + minus, (unsigned)pi->max, &u))
				return bad(ps, "bad value '%.40s' for %s", v, k);
			if (txf__tuned_param_set((txf_tune_op)op, e, k,
			                         minus ? -(long long)u : (long long)u) !=
			    TXF_SUCCESS) {
				char reason[256];
				snprintf(reason, sizeof reason, "%s", txf_last_error());
				txf__clear_error();
				return bad(ps, "bad value '%.40s' for %s: %.200s", v, k, reason);
			}
			continue;
		}
		if (seen & f)
			return bad(ps, "field %s given twice", k);
		if (!ok)
			return bad(ps, "bad value '%.40s' for %s", v, k);
		seen |= f;
	}
	if (seen != (F_STRATEGY | F_SHAPE | F_MS))
		return bad(ps, "entry %s %s %s lacks fields", w[1], w[2], w[3]);
	for (size_t i = 0; i < TXF__P_COUNT; i++) {
		const txf_param_info *pi = txf__param_info((txf__param_id)i);
		if (pi->tuned == 2 && strcmp(pi->operation, op_names[op]) == 0 && !param_seen[i])
			return bad(ps, "entry %s %s %s lacks field %s", w[1], w[2], w[3], pi->name);
	}
	if (e->strategy == TXF_STRATEGY_AUTO || e->strategy == TXF_STRATEGY_PADCOPY)
		return bad(ps, "an entry's strategy is simple, pad, truncate or split, not %s",
		           txf_strategy_name(e->strategy));
	e->valid = 1;
	return 0;
}

/* model matmul TYPE mwg= nwg= kwg= vwa= vwb= kvec= scale=: a cost-model
 * block set's calibrated scale (f32 and f64). */
static int parse_model(parser *ps, char **w, size_t n, txf_tuning *t)
{
	static const char *const keys[] = {"mwg", "nwg", "kwg", "vwa", "vwb", "kvec", "scale"};
	enum { NKEYS = sizeof keys / sizeof keys[0] };
	if (n != 3 + NKEYS || strcmp(w[1], "matmul") != 0)
		return bad(ps, "model needs 'matmul', a type and %s",
		           "mwg= nwg= kwg= vwa= vwb= "
		           "kvec= scale=");
	const int d = dtype_of(w[2]);
	if (d != TXF_F32 && d != TXF_F64)
		return bad(ps, "a model line's type is f4 or f8, not '%.20s'", w[2]);
	txf__model_scale m = {.valid = 1};
	unsigned *u[] = {&m.mwg, &m.nwg, &m.kwg, &m.vwa, &m.vwb, &m.kvec};
	for (size_t i = 0; i < NKEYS; i++) {
		const size_t k = strlen(keys[i]);
		if (strncmp(w[3 + i], keys[i], k) != 0 || w[3 + i][k] != '=')
			return bad(ps, "expected %s= in place of '%.40s'", keys[i], w[3 + i]);
		const char *v = w[3 + i] + k + 1;
		const bool ok = i < NKEYS - 1 ? parse_uint(v, 4096, u[i]) && *u[i] > 0
		                              : parse_double(v, &m.scale) &&
		                                    m.scale >= 1.0 / TXF__SCALE_MAX &&
		                                    m.scale <= TXF__SCALE_MAX;
		if (!ok)
			return bad(ps, "bad value '%.40s' for %s%s", v, keys[i],
			           i < NKEYS - 1 ? " (1 to 4096)" : " (1/32 to 32)");
	}
	unsigned slot = TXF__MODEL_SCALES;
	for (unsigned i = 0; i < TXF__MODEL_SCALES; i++) {
		const txf__model_scale *x = &t->model[d][i];
		if (x->valid && x->mwg == m.mwg && x->nwg == m.nwg && x->kwg == m.kwg &&
		    x->vwa == m.vwa && x->vwb == m.vwb && x->kvec == m.kvec)
			return bad(ps, "the model set %ux%ux%u of %s given twice", m.mwg, m.nwg,
			           m.kwg, w[2]);
		if (!x->valid && slot == TXF__MODEL_SCALES)
			slot = i;
	}
	if (slot == TXF__MODEL_SCALES)
		return bad(ps, "more than %d model lines for %s", TXF__MODEL_SCALES, w[2]);
	t->model[d][slot] = m;
	return 0;
}

/* A header value: the rest of the line, printable. */
static int header_value(parser *ps, const char *line, const char *key, char *out, size_t n)
{
	size_t k = strlen(key);
	const char *v = line + k + 1;
	if (strlen(v) >= n)
		return bad(ps, "%s is too long", key);
	snprintf(out, n, "%s", v);
	return 0;
}

int txf__tuning_parse(const char *data, size_t len, txf__tuning_file *f, char *why, size_t why_size)
{
	memset(f, 0, sizeof *f);
	parser ps = {why, why_size, 0};
	if (len > MAX_FILE)
		return bad(&ps, "the file is larger than %u bytes", MAX_FILE);
	if (memchr(data, '\0', len))
		return bad(&ps, "the file holds a NUL byte");
	bool have_version = false, ended = false;
	unsigned body_lines = 0;
	enum {
		H_LIBRARY = 1,
		H_PLATFORM = 2,
		H_DEVICE = 4,
		H_DRIVER = 8,
		H_MODE = 16,
		H_CREATED = 32
	};
	unsigned headers = 0;
	size_t pos = 0;
	while (pos < len) {
		const char *nl = memchr(data + pos, '\n', len - pos);
		if (!nl)
			return bad(&ps, "the last line has no newline: the file is truncated");
		size_t n = (size_t)(nl - (data + pos));
		ps.line++;
		if (n >= MAX_LINE)
			return bad(&ps, "the line is longer than %u bytes", MAX_LINE);
		char line[MAX_LINE];
		memcpy(line, data + pos, n);
		line[n] = '\0';
		pos += n + 1;
		for (size_t i = 0; i < n; i++)
			if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f)
				return bad(&ps, "control character 0x%02x", (unsigned char)line[i]);
		if (ended)
			return bad(&ps, "text after the end line");
		if (n == 0 || line[0] == '#')
			continue;
		if (!have_version) {
			unsigned v;
			if (strncmp(line, "txf-tuning ", 11) != 0 ||
			    !parse_uint(line + 11, 1000000, &v))
				return bad(&ps, "not a tuning file (expected 'txf-tuning %d')",
				           FORMAT_VERSION);
			if (v != FORMAT_VERSION)
				return bad(&ps, "format version %u; this library reads version %d",
				           v, FORMAT_VERSION);
			have_version = true;
			continue;
		}
		static const struct {
			const char *key;
			unsigned flag;
			size_t off, size;
		} hdr[] = {
		    {"library", H_LIBRARY, offsetof(txf__tuning_file, library),
		     sizeof(((txf__tuning_file *)0)->library)},
		    {"platform", H_PLATFORM, offsetof(txf__tuning_file, platform),
		     sizeof(((txf__tuning_file *)0)->platform)},
		    {"device", H_DEVICE, offsetof(txf__tuning_file, device),
		     sizeof(((txf__tuning_file *)0)->device)},
		    {"driver", H_DRIVER, offsetof(txf__tuning_file, driver),
		     sizeof(((txf__tuning_file *)0)->driver)},
		    {"mode", H_MODE, offsetof(txf__tuning_file, tuning.mode),
		     sizeof(((txf__tuning_file *)0)->tuning.mode)},
		    {"created", H_CREATED, offsetof(txf__tuning_file, tuning.created),
		     sizeof(((txf__tuning_file *)0)->tuning.created)},
		};
		bool was_header = false;
		for (size_t i = 0; i < sizeof hdr / sizeof hdr[0]; i++) {
			size_t k = strlen(hdr[i].key);
			if (strncmp(line, hdr[i].key, k) != 0 || line[k] != ' ')
				continue;
			if (headers & hdr[i].flag)
				return bad(&ps, "%s given twice", hdr[i].key);
			if (body_lines)
				return bad(&ps, "%s after the entries", hdr[i].key);
			if (header_value(&ps, line, hdr[i].key, (char *)f + hdr[i].off,
			                 hdr[i].size) != 0)
				return -1;
			headers |= hdr[i].flag;
			was_header = true;
			break;
		}
		if (was_header)
			continue;
		/* The most an entry has: 4 words, strategy, shape, ms and
		 * every parameter. */
		enum { MAX_WORDS = 7 + TXF__P_COUNT };
		char *w[MAX_WORDS + 1];
		size_t nw = words(line, w, MAX_WORDS);
		if (nw == 0 || nw > MAX_WORDS)
			return bad(&ps, "cannot read the line");
		int rc;
		if (strcmp(w[0], "limits") == 0) {
			rc = parse_limits(&ps, w, nw, &f->tuning);
			body_lines++;
		} else if (strcmp(w[0], "entry") == 0) {
			rc = parse_entry(&ps, w, nw, &f->tuning);
			body_lines++;
		} else if (strcmp(w[0], "model") == 0) {
			rc = parse_model(&ps, w, nw, &f->tuning);
			body_lines++;
		} else if (strcmp(w[0], "end") == 0) {
			unsigned count;
			if (nw != 2 || !parse_uint(w[1], 1000000, &count))
				return bad(&ps, "expected 'end N'");
			if (count != body_lines)
				return bad(&ps, "end says %u lines, the file has %u", count,
				           body_lines);
			ended = true;
			rc = 0;
		} else {
			return bad(&ps, "unknown line kind '%.20s'", w[0]);
		}
		if (rc != 0)
			return rc;
	}
	if (!have_version)
		return bad(&ps, "empty: not a tuning file");
	if (!ended)
		return bad(&ps, "no end line: the file is truncated");
	unsigned need = H_LIBRARY | H_PLATFORM | H_DEVICE | H_DRIVER;
	if ((headers & need) != need)
		return bad(&ps, "the header lacks library, platform, device or driver");
	/* Every operation and type with entries has its limits. */
	for (unsigned op = 0; op < TXF_TUNE_OP_COUNT; op++)
		for (unsigned d = 0; d < TXF_DTYPE_COUNT; d++)
			for (unsigned c = 0; c < TXF_SIZE_CLASS_COUNT; c++)
				if (f->tuning.entries[op][d][c].valid &&
				    !f->tuning.limits[op][d].valid)
					return bad(&ps, "entries of %s %s have no limits line",
					           op_names[op], txf_dtype_name((txf_dtype)d));
	return 0;
}

/* ----------------------------------------------------- the context's file */

/* The file name for this device: a readable slug and a hash of the key. */
static char *default_path(const txf_context *ctx, char **dir_out)
{
	const txf_device_profile *p = &ctx->profile;
	char slug[49];
	size_t j = 0;
	for (const char *s = p->normalized_name; *s && j + 1 < sizeof slug; s++) {
		unsigned char c = (unsigned char)*s;
		char o = isalnum(c) ? (char)tolower(c) : '-';
		if (o == '-' && (j == 0 || slug[j - 1] == '-'))
			continue;
		slug[j++] = o;
	}
	while (j && slug[j - 1] == '-')
		j--;
	slug[j] = '\0';
	uint64_t h = TXF__FNV_INIT;
	const char *parts[] = {p->platform, p->name, p->driver_version, txf_version()};
	for (size_t i = 0; i < 4; i++)
		h = txf__fnv1a(parts[i], strlen(parts[i]) + 1, h);
	char name[96];
	snprintf(name, sizeof name, "%s-%016llx.txt", j ? slug : "device", (unsigned long long)h);
	char *dir = txf__path_join(ctx->cache_root, "tuning");
	char *path = dir ? txf__path_join(dir, name) : NULL;
	if (!path) {
		free(dir);
		return NULL;
	}
	*dir_out = dir;
	return path;
}

/* The directory part of path, malloc'd. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	char *d = malloc((size_t)(slash - path) + 1);
	if (d) {
		memcpy(d, path, (size_t)(slash - path));
		d[slash - path] = '\0';
	}
	return d;
}

/* The tuning file's entries if this device may use them: 1 with *out set,
 * 0 when there is no file, -1 when it is ignored (msg says why, as the
 * warning the reader gives). */
static int load_file(txf_context *ctx, txf_tuning *out, char *msg, size_t n)
{
	char why[300];
	struct stat st;
	if (lstat(ctx->tuning_dir, &st) != 0 && errno == ENOENT)
		return 0; /* no tuning yet */
	/* The device's file lies in the cache directory's tuning/: whoever can
	 * write the cache directory can put another tuning/ there. */
	if (ctx->tuning_in_cache && !txf__private_dir(ctx->cache_root, false, why, sizeof why)) {
		snprintf(msg, n, "tuning file ignored: the cache directory %s is unsafe: %s",
		         ctx->cache_root, why);
		return -1;
	}
	if (!txf__private_dir(ctx->tuning_dir, false, why, sizeof why)) {
		snprintf(msg, n, "tuning file ignored: its directory %s is unsafe: %s",
		         ctx->tuning_dir, why);
		return -1;
	}
	unsigned char *data = NULL;
	size_t len = 0;
	int rc = txf__read_private_file(ctx->tuning_path, MAX_FILE, &data, &len, why, sizeof why);
	if (rc == 0)
		return 0;
	if (rc < 0) {
		snprintf(msg, n, "tuning file %s ignored: %s", ctx->tuning_path, why);
		return -1;
	}
	txf__tuning_file *f = malloc(sizeof *f);
	if (!f) {
		free(data);
		snprintf(msg, n, "tuning file %s ignored: out of memory", ctx->tuning_path);
		return -1;
	}
	const txf_device_profile *p = &ctx->profile;
	rc = -1;
	if (txf__tuning_parse((const char *)data, len, f, why, sizeof why) != 0) {
		snprintf(msg, n, "tuning file %s ignored: %s", ctx->tuning_path, why);
	} else if (strcmp(f->library, txf_version()) != 0) {
		snprintf(msg, n,
		         "tuning file %s ignored: written by library version %s, this is %s "
		         "(run txf tune again)",
		         ctx->tuning_path, f->library, txf_version());
	} else if (strcmp(f->platform, p->platform) != 0 || strcmp(f->device, p->name) != 0 ||
	           strcmp(f->driver, p->driver_version) != 0) {
		snprintf(msg, n,
		         "tuning file %s ignored: it is for '%s' (driver %s) on '%s', not for this "
		         "device '%s' (driver %s) on '%s'",
		         ctx->tuning_path, f->device, f->driver, f->platform, p->name,
		         p->driver_version, p->platform);
	} else if (txf__tuning_check(ctx, &f->tuning, why, sizeof why) != TXF_SUCCESS) {
		snprintf(msg, n, "tuning file %s ignored: %s", ctx->tuning_path, why);
	} else {
		*out = f->tuning;
		rc = 1;
	}
	txf__clear_error();
	free(f);
	free(data);
	return rc;
}

txf_status txf__tuning_init(txf_context *ctx, const txf_context_options *opts)
{
	ctx->tuning_enabled = (!opts || opts->tuning) && !txf__env_off("TXF_TUNING");
	const char *file =
	    opts && opts->tuning_file ? opts->tuning_file : getenv("TXF_TUNING_FILE");
	char *dir = NULL;
	if (file && *file) {
		/* "dir//name" would check "dir/", which follows a link. */
		ctx->tuning_path = txf__path_normalize(file);
		dir = ctx->tuning_path ? dir_of(ctx->tuning_path) : NULL;
		if (!dir) {
			free(ctx->tuning_path);
			ctx->tuning_path = NULL;
		}
	} else if (ctx->cache_root) {
		ctx->tuning_path = default_path(ctx, &dir);
		ctx->tuning_in_cache = true;
	} else {
		return TXF_SUCCESS; /* no cache directory: nothing to read */
	}
	if (!ctx->tuning_path)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory naming the tuning file");
	ctx->tuning_dir = dir;
	if (!ctx->tuning_enabled)
		return TXF_SUCCESS;

	txf_tuning *t = malloc(sizeof *t);
	if (!t)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory reading the tuning file");
	char msg[1200];
	int rc = load_file(ctx, t, msg, sizeof msg);
	if (rc < 0)
		txf__log(TXF__LOG_WARN, "%s", msg);
	if (rc > 0) {
		ctx->tuning = t;
		ctx->tuning_base = malloc(sizeof *ctx->tuning_base);
		if (ctx->tuning_base)
			*ctx->tuning_base = *t;
		txf__log(TXF__LOG_INFO, "using tuning file %s", ctx->tuning_path);
	} else {
		free(t);
	}
	return TXF_SUCCESS;
}

void txf__tuning_free(txf_context *ctx)
{
	free(ctx->tuning);
	free(ctx->tuning_base);
	free(ctx->tuning_path);
	free(ctx->tuning_dir);
	ctx->tuning = NULL;
	ctx->tuning_base = NULL;
	ctx->tuning_path = NULL;
	ctx->tuning_dir = NULL;
}

/* Whether the reader would take an entry's measurement back: extents from
 * 1 to MAX_EXTENT and a finite time of at least 0 (what parse_entry
 * accepts), so that txf_tuning_save never writes a file it would ignore. */
static bool measurement_ok(txf_tune_op op, const txf__tuned *e)
{
	size_t dims = op == TXF_TUNE_MATMUL ? 3 : 2;
	for (size_t i = 0; i < dims; i++)
		if (e->shape[i] == 0 || e->shape[i] > MAX_EXTENT)
			return false;
	return isfinite(e->median_ms) && e->median_ms >= 0;
}

txf_status txf__tuning_check(txf_context *ctx, const txf_tuning *t, char *why, size_t n)
{
	for (unsigned op = 0; op < TXF_TUNE_OP_COUNT; op++) {
		for (unsigned d = 0; d < TXF_DTYPE_COUNT; d++) {
			const txf__tuning_limits *l = &t->limits[op][d];
			bool any = false;
			for (unsigned c = 0; c < TXF_SIZE_CLASS_COUNT; c++) {
				const txf__tuned *e = &t->entries[op][d][c];
				if (!e->valid)
					continue;
				any = true;
				if (!measurement_ok((txf_tune_op)op, e)) {
					snprintf(
					    why, n,
					    "entry %s %s %s: its shape (extents from 1 to %zu) "
					    "or time (finite, at least 0) is out of range",
					    op_names[op], txf_dtype_name((txf_dtype)d),
					    class_names[c], MAX_EXTENT);
					return TXF_ERR_INVALID_ARG;
				}
				char what[200];
				txf_status s =
				    txf__tuned_fits(ctx, (txf_tune_op)op, (txf_dtype)d,
				                    (txf_size_class)c, e, what, sizeof what);
				if (s != TXF_SUCCESS) {
					snprintf(why, n, "entry %s %s %s: %s", op_names[op],
					         txf_dtype_name((txf_dtype)d), class_names[c],
					         what);
					return s;
				}
			}
			if (l->valid && !(isfinite(l->large_from) && l->large_from > 0 &&
			                  isfinite(l->padcopy_min) && l->padcopy_min >= 0)) {
				snprintf(why, n, "limits of %s %s out of range", op_names[op],
				         txf_dtype_name((txf_dtype)d));
				return TXF_ERR_INVALID_ARG;
			}
			if (any && !l->valid) {
				snprintf(why, n, "entries of %s %s have no limits", op_names[op],
				         txf_dtype_name((txf_dtype)d));
				return TXF_ERR_INVALID_ARG;
			}
		}
	}
	return TXF_SUCCESS;
}

/* --------------------------------------------------------------- lookup */

/* The dtypes of elem bytes in the order a transpose looks them up: the
 * floating type first (what txf tune measures by default). */
static int transpose_dtypes(size_t elem, txf_dtype *out)
{
	static const txf_dtype order[] = {TXF_F32, TXF_F64, TXF_F16, TXF_C128, TXF_U8,
	                                  TXF_I8,  TXF_U16, TXF_I16, TXF_BF16, TXF_U32,
	                                  TXF_I32, TXF_U64, TXF_I64, TXF_C64};
	int n = 0;
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if (txf_dtype_size(order[i]) == elem)
			out[n++] = order[i];
	return n;
}

static bool entry_even(txf_tune_op op, const txf__tuned *e, const size_t *dims)
{
	if (op == TXF_TUNE_TRANSPOSE)
		return dims[0] % e->tile == 0 && dims[1] % e->tile == 0;
	return dims[0] % e->params.mwg == 0 && dims[1] % e->params.nwg == 0 &&
	       dims[2] % e->params.kwg == 0;
}

txf_size_class txf__size_class_of(txf_tune_op op, const size_t *dims)
{
	const size_t few = op == TXF_TUNE_MATMUL ? TXF_FEW_MATMUL : TXF_FEW_TRANSPOSE;
	if (dims[0] <= few && dims[1] > few)
		return TXF_FEW_ROWS;
	if (dims[1] <= few && dims[0] > few)
		return TXF_FEW_COLS;
	return TXF_SMALL_EVEN;
}

bool txf__tuning_find(txf_context *ctx, txf_tune_op op, size_t elem, const size_t *dims,
                      txf__tuned_pick *out)
{
	txf_dtype types[TXF_DTYPE_COUNT];
	int nt = 0;
	if (op == TXF_TUNE_TRANSPOSE)
		nt = transpose_dtypes(elem, types);
	else if (elem == 4 || elem == 8)
		types[nt++] = elem == 4 ? TXF_F32 : TXF_F64;
	double size =
	    (double)dims[0] * (double)dims[1] * (op == TXF_TUNE_MATMUL ? (double)dims[2] : 1);
	bool found = false;
	pthread_mutex_lock(&ctx->lock);
	const txf_tuning *t = ctx->tuning_enabled ? ctx->tuning : NULL;
	for (int i = 0; t && i < nt && !found; i++) {
		const txf__tuning_limits *l = &t->limits[op][types[i]];
		if (!l->valid)
			continue;
		txf_size_class c = txf__size_class_of(op, dims);
		const txf__tuned *e = &t->entries[op][types[i]][c];
		if (c < TXF_FEW_ROWS) {
			bool large = size >= l->large_from;
			txf_size_class even = large ? TXF_LARGE_EVEN : TXF_SMALL_EVEN;
			txf_size_class uneven = large ? TXF_LARGE_UNEVEN : TXF_SMALL_UNEVEN;
			e = &t->entries[op][types[i]][even];
			c = even;
			if (!e->valid || !entry_even(op, e, dims)) {
				e = &t->entries[op][types[i]][uneven];
				c = uneven;
			}
		}
		if (!e->valid)
			continue;
		out->entry = *e;
		out->limits = *l;
		out->dtype = types[i];
		out->size_class = c;
		snprintf(out->mode, sizeof out->mode, "%s", t->mode);
		found = true;
	}
	pthread_mutex_unlock(&ctx->lock);
	return found;
}

unsigned txf__tuning_model_scales(txf_context *ctx, size_t elem, const txf__mcost *sets,
                                  double *scales)
{
	unsigned found = 0;
	bool own[TXF__MCOST_SETS] = {false};
	double sorted[TXF__MCOST_SETS];
	const int d = elem == 4 ? TXF_F32 : elem == 8 ? TXF_F64 : -1;
	pthread_mutex_lock(&ctx->lock);
	const txf_tuning *t = ctx->tuning_enabled && d >= 0 ? ctx->tuning : NULL;
	for (unsigned i = 0; i < TXF__MCOST_SETS; i++) {
		scales[i] = 1.0;
		for (unsigned j = 0; t && sets[i].p.mwg && j < TXF__MODEL_SCALES; j++) {
			const txf__model_scale *m = &t->model[d][j];
			const txf__mparams *p = &sets[i].p;
			if (m->valid && m->mwg == p->mwg && m->nwg == p->nwg && m->kwg == p->kwg &&
			    m->vwa == p->vwa && m->vwb == p->vwb &&
			    m->kvec == (p->kvec ? p->kvec : 1)) {
				scales[i] = m->scale;
				own[i] = true;
				sorted[found++] = m->scale;
				break;
			}
		}
	}
	pthread_mutex_unlock(&ctx->lock);
	if (found) {
		/* The median as txf_tuning_calibrate takes it for the small
		 * sets: of an even count, the geometric mean of the middle two. */
		for (unsigned i = 1; i < found; i++)
			for (unsigned j = i; j > 0 && sorted[j] < sorted[j - 1]; j--) {
				const double x = sorted[j];
				sorted[j] = sorted[j - 1];
				sorted[j - 1] = x;
			}
		const double median =
		    found % 2 ? sorted[found / 2] : sqrt(sorted[found / 2 - 1] * sorted[found / 2]);
		for (unsigned i = 0; i < TXF__MCOST_SETS; i++)
			if (sets[i].p.mwg && !own[i])
				scales[i] = median;
	}
	return found;
}

/* ------------------------------------------------------------ public API */

txf_status txf_tuning_path(txf_context *ctx, char *buf, size_t size)
{
	TXF_CHECK_ARG(ctx && buf, TXF_ERR_NULL_ARG,
	              "txf_tuning_path: ctx and buf must not be NULL");
	TXF_CHECK_ARG(ctx->tuning_path, TXF_ERR_IO,
	              "no tuning file: no cache directory (set TXF_CACHE_DIR, XDG_CACHE_HOME or "
	              "HOME, or the option tuning_file)");
	TXF_CHECK_ARG(strlen(ctx->tuning_path) < size, TXF_ERR_INVALID_ARG,
	              "txf_tuning_path: the path has %zu bytes, the buffer %zu",
	              strlen(ctx->tuning_path) + 1, size);
	snprintf(buf, size, "%s", ctx->tuning_path);
	return TXF_SUCCESS;
}

txf_status txf_tuning_create(txf_tuning **out)
{
	txf__clear_error();
	TXF_CHECK_ARG(out, TXF_ERR_NULL_ARG, "txf_tuning_create: out must not be NULL");
	*out = calloc(1, sizeof **out);
	TXF_CHECK_ARG(*out, TXF_ERR_OUT_OF_MEMORY, "out of memory creating a tuning");
	return TXF_SUCCESS;
}

void txf_tuning_release(txf_tuning **t)
{
	if (t) {
		free(*t);
		*t = NULL;
	}
}

txf_status txf_tuning_get(txf_context *ctx, txf_tuning **out)
{
	txf__clear_error();
	TXF_CHECK_ARG(ctx && out, TXF_ERR_NULL_ARG, "txf_tuning_get: ctx and out must not be NULL");
	*out = NULL;
	txf_tuning *t = calloc(1, sizeof *t);
	TXF_CHECK_ARG(t, TXF_ERR_OUT_OF_MEMORY, "out of memory copying the tuning");
	pthread_mutex_lock(&ctx->lock);
	if (ctx->tuning)
		*t = *ctx->tuning;
	pthread_mutex_unlock(&ctx->lock);
	*out = t;
	return TXF_SUCCESS;
}

/* Whether op, dtype and class name a slot of a tuning. */
static txf_status check_slot(const char *fn, txf_tune_op op, txf_dtype dtype, int size_class)
{
	TXF_CHECK_ARG((unsigned)op < TXF_TUNE_OP_COUNT, TXF_ERR_INVALID_ARG,
	              "%s: unknown operation %d", fn, (int)op);
	TXF_CHECK_ARG((unsigned)dtype < TXF_DTYPE_COUNT, TXF_ERR_BAD_DTYPE,
	              "%s: unknown element type %d", fn, (int)dtype);
	TXF_CHECK_ARG(size_class < TXF_SIZE_CLASS_COUNT, TXF_ERR_INVALID_ARG,
	              "%s: unknown size class %d", fn, size_class);
	return TXF_SUCCESS;
}

txf_status txf_tuning_entry(const txf_tuning *t, txf_tune_op op, txf_dtype dtype,
                            txf_size_class size_class, txf_tuned *out)
{
	txf__clear_error();
	TXF_CHECK_ARG(t && out, TXF_ERR_NULL_ARG, "txf_tuning_entry: t and out must not be NULL");
	txf_status s = check_slot("txf_tuning_entry", op, dtype, (int)size_class);
	if (s != TXF_SUCCESS)
		return s;
	const txf__tuned *e = &t->entries[op][dtype][size_class];
	TXF_CHECK_ARG(e->valid, TXF_ERR_INVALID_ARG, "the tuning has no %s %s %s entry",
	              op_names[op], txf_dtype_name(dtype), class_names[size_class]);
	txf__tuned_export(op, e, out);
	return TXF_SUCCESS;
}

txf_status txf_tuning_set_entry(txf_tuning *t, txf_tune_op op, txf_dtype dtype,
                                txf_size_class size_class, const txf_tuned *e)
{
	txf__clear_error();
	TXF_CHECK_ARG(t, TXF_ERR_NULL_ARG, "txf_tuning_set_entry: t must not be NULL");
	txf_status s = check_slot("txf_tuning_set_entry", op, dtype, (int)size_class);
	if (s != TXF_SUCCESS)
		return s;
	txf__tuned in;
	memset(&in, 0, sizeof in);
	if (e) {
		s = txf__tuned_import(op, e, &in);
		if (s != TXF_SUCCESS)
			return s;
	}
	t->entries[op][dtype][size_class] = in;
	return TXF_SUCCESS;
}

txf_status txf_tuning_limits_get(const txf_tuning *t, txf_tune_op op, txf_dtype dtype,
                                 txf_tuning_limits *out)
{
	txf__clear_error();
	TXF_CHECK_ARG(t && out, TXF_ERR_NULL_ARG,
	              "txf_tuning_limits_get: t and out must not be NULL");
	txf_status s = check_slot("txf_tuning_limits_get", op, dtype, 0);
	if (s != TXF_SUCCESS)
		return s;
	const txf__tuning_limits *l = &t->limits[op][dtype];
	TXF_CHECK_ARG(l->valid, TXF_ERR_INVALID_ARG, "the tuning has no %s %s limits", op_names[op],
	              txf_dtype_name(dtype));
	memset(out, 0, sizeof *out);
	out->large_from = l->large_from;
	out->padcopy_min = l->padcopy_min;
	return TXF_SUCCESS;
}

txf_status txf_tuning_limits_set(txf_tuning *t, txf_tune_op op, txf_dtype dtype,
                                 const txf_tuning_limits *l)
{
	txf__clear_error();
	TXF_CHECK_ARG(t, TXF_ERR_NULL_ARG, "txf_tuning_limits_set: t must not be NULL");
	txf_status s = check_slot("txf_tuning_limits_set", op, dtype, 0);
	if (s != TXF_SUCCESS)
		return s;
	txf__tuning_limits in = {0, 0, 0};
	if (l) {
		TXF_CHECK_ARG(
		    isfinite(l->large_from) && l->large_from > 0 && isfinite(l->padcopy_min) &&
		        l->padcopy_min >= 0,
		    TXF_ERR_INVALID_ARG,
		    "%s %s limits: large_from must be a positive number and padcopy_min a "
		    "number of at least 0 (%g, %g)",
		    op_names[op], txf_dtype_name(dtype), l->large_from, l->padcopy_min);
		in.valid = 1;
		in.large_from = l->large_from;
		in.padcopy_min = op == TXF_TUNE_MATMUL ? l->padcopy_min : 0;
	}
	t->limits[op][dtype] = in;
	return TXF_SUCCESS;
}

const char *txf_tuning_mode(const txf_tuning *t)
{
	return t ? t->mode : "";
}

const char *txf_tuning_created(const txf_tuning *t)
{
	return t ? t->created : "";
}

/* A header value the file can hold: printable, no longer than n - 1. */
static bool header_ok(const char *v, size_t n)
{
	if (strlen(v) >= n)
		return false;
	for (; *v; v++)
		if ((unsigned char)*v < 0x20 || *v == 0x7f)
			return false;
	return true;
}

txf_status txf_tuning_set_info(txf_tuning *t, const char *mode, const char *created)
{
	txf__clear_error();
	TXF_CHECK_ARG(t, TXF_ERR_NULL_ARG, "txf_tuning_set_info: t must not be NULL");
	TXF_CHECK_ARG(!mode || header_ok(mode, sizeof t->mode), TXF_ERR_INVALID_ARG,
	              "tuning mode \"%.40s\": at most %zu printable characters", mode,
	              sizeof t->mode - 1);
	TXF_CHECK_ARG(!created || header_ok(created, sizeof t->created), TXF_ERR_INVALID_ARG,
	              "tuning time \"%.40s\": at most %zu printable characters", created,
	              sizeof t->created - 1);
	snprintf(t->mode, sizeof t->mode, "%s", mode ? mode : "");
	snprintf(t->created, sizeof t->created, "%s", created ? created : "");
	return TXF_SUCCESS;
}

txf_status txf_tuning_set(txf_context *ctx, const txf_tuning *t)
{
	TXF_CHECK_ARG(ctx, TXF_ERR_NULL_ARG, "txf_tuning_set: ctx must not be NULL");
	txf_tuning *copy = NULL;
	if (t) {
		char why[300];
		txf_status s = txf__tuning_check(ctx, t, why, sizeof why);
		if (s != TXF_SUCCESS)
			return txf__fail(s, "txf_tuning_set: %s", why);
		copy = malloc(sizeof *copy);
		if (!copy)
			return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory copying a tuning");
		*copy = *t;
		/* Fields the format does not keep must not differ. */
		copy->mode[sizeof copy->mode - 1] = '\0';
		copy->created[sizeof copy->created - 1] = '\0';
	}
	pthread_mutex_lock(&ctx->lock);
	txf_tuning *old = ctx->tuning;
	ctx->tuning = copy;
	ctx->tuning_enabled = true;
	txf__memo_forget(ctx);
	pthread_mutex_unlock(&ctx->lock);
	free(old);
	return TXF_SUCCESS;
}

/* Whether s may stand in a header line: printable, no newline. */
static bool header_text_ok(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

/* Whether two tunings hold the same model scales for type d (field by
 * field: the structs have padding). */
static bool same_models(const txf_tuning *a, const txf_tuning *b, unsigned d)
{
	for (unsigned i = 0; i < TXF__MODEL_SCALES; i++) {
		const txf__model_scale *x = &a->model[d][i], *y = &b->model[d][i];
		if (!x->valid != !y->valid)
			return false;
		if (x->valid &&
		    (x->mwg != y->mwg || x->nwg != y->nwg || x->kwg != y->kwg || x->vwa != y->vwa ||
		     x->vwb != y->vwb || x->kvec != y->kvec || x->scale != y->scale))
			return false;
	}
	return true;
}

/* Whether a and b hold the same limits and entries for op and type d. */
static bool same_group(const txf_tuning *a, const txf_tuning *b, unsigned op, unsigned d)
{
	const txf__tuning_limits *la = &a->limits[op][d], *lb = &b->limits[op][d];
	if (!la->valid != !lb->valid ||
	    (la->valid && (la->large_from != lb->large_from || la->padcopy_min != lb->padcopy_min)))
		return false;
	for (unsigned c = 0; c < TXF_SIZE_CLASS_COUNT; c++) {
		const txf__tuned *x = &a->entries[op][d][c], *y = &b->entries[op][d][c];
		if (!x->valid != !y->valid)
			return false;
		if (x->valid && (x->strategy != y->strategy || x->tile != y->tile ||
		                 x->wg_rows != y->wg_rows || x->stream != y->stream ||
		                 memcmp(&x->params, &y->params, sizeof x->params) != 0 ||
		                 memcmp(x->shape, y->shape, sizeof x->shape) != 0 ||
		                 x->median_ms != y->median_ms))
			return false;
	}
	return op != TXF_TUNE_MATMUL || same_models(a, b, d);
}

/* What txf_tuning_save writes: t where the caller changed it, the file
 * where not. The unit is an operation and type (its limits and its four
 * entries, measured together): one that t holds as this context last read
 * or wrote it (base) is taken from the file as it is now (disk), which
 * another process may have saved since; one the caller changed, cleared
 * included, is taken from t. */
static void merge(txf_tuning *out, const txf_tuning *t, const txf_tuning *base,
                  const txf_tuning *disk)
{
	*out = *t;
	for (unsigned op = 0; op < TXF_TUNE_OP_COUNT; op++)
		for (unsigned d = 0; d < TXF_DTYPE_COUNT; d++) {
			if (!same_group(t, base, op, d))
				continue;
			out->limits[op][d] = disk->limits[op][d];
			memcpy(out->entries[op][d], disk->entries[op][d],
			       sizeof out->entries[op][d]);
			if (op == TXF_TUNE_MATMUL)
				memcpy(out->model[d], disk->model[d], sizeof out->model[d]);
		}
}

txf_status txf_tuning_save(txf_context *ctx, const txf_tuning *t)
{
	TXF_CHECK_ARG(ctx && t, TXF_ERR_NULL_ARG, "txf_tuning_save: ctx and t must not be NULL");
	TXF_CHECK_ARG(ctx->tuning_path && ctx->tuning_dir, TXF_ERR_IO,
	              "txf_tuning_save: no tuning file: no cache directory (set TXF_CACHE_DIR, "
	              "XDG_CACHE_HOME or HOME, or the option tuning_file)");
	TXF_CHECK_ARG(memchr(t->mode, '\0', sizeof t->mode) &&
	                  memchr(t->created, '\0', sizeof t->created) && header_text_ok(t->mode) &&
	                  header_text_ok(t->created) && !strchr(t->mode, ' ') &&
	                  !strchr(t->created, ' '),
	              TXF_ERR_INVALID_ARG,
	              "txf_tuning_save: mode and created must be single printable words");
	/* Checked, then written, then used: a save that fails changes
	 * nothing. */
	char why[300];
	txf_status s = txf__tuning_check(ctx, t, why, sizeof why);
	if (s != TXF_SUCCESS)
		return txf__fail(s, "txf_tuning_save: %s", why);
	const char *slash = strrchr(ctx->tuning_path, '/');
	const char *name = slash ? slash + 1 : ctx->tuning_path;
	const char *unsafe = NULL;
	if (ctx->tuning_in_cache && !txf__private_dir(ctx->cache_root, true, why, sizeof why))
		unsafe = ctx->cache_root;
	else if (!txf__private_dir(ctx->tuning_dir, true, why, sizeof why))
		unsafe = ctx->tuning_dir;
	if (unsafe)
		return txf__fail(TXF_ERR_IO, "txf_tuning_save: %s is not safe to write: %s", unsafe,
		                 why);
	/* Refused before the file is opened to be read: a device node or a
	 * FIFO is not a tuning file to merge with, nor one to replace. */
	if (!txf__may_replace(ctx->tuning_path, true, why, sizeof why))
		return txf__fail(TXF_ERR_IO, "txf_tuning_save: cannot replace %s: %s",
		                 ctx->tuning_path, why);
	/* [0] what the file holds now, [1] this context's base, [2] what is
	 * written. */
	txf_tuning *w = calloc(3, sizeof *w);
	if (!w)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory writing the tuning file");
	/* Read, merge and rename under the directory's lock, so that savers
	 * in other threads and processes each merge with the last one's
	 * file. */
	int lock = txf__lock_dir(ctx->tuning_dir, why, sizeof why);
	if (lock < 0) {
		free(w);
		return txf__fail(TXF_ERR_IO, "txf_tuning_save: %s", why);
	}
	char msg[1200];
	if (load_file(ctx, &w[0], msg, sizeof msg) < 0)
		txf__log(TXF__LOG_INFO, "%s: replacing it", msg);
	pthread_mutex_lock(&ctx->lock);
	if (ctx->tuning_base)
		w[1] = *ctx->tuning_base;
	pthread_mutex_unlock(&ctx->lock);
	merge(&w[2], t, &w[1], &w[0]);
	s = txf__tuning_check(ctx, &w[2], why, sizeof why);
	size_t len = 0;
	char *text = NULL;
	if (s != TXF_SUCCESS) {
		s = txf__fail(s, "txf_tuning_save: the merged tuning: %s", why);
	} else if (!(text = txf__tuning_format(&w[2], &ctx->profile, &len))) {
		s = txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory writing the tuning file");
	} else if (txf__write_atomic(ctx->tuning_dir, name, text, len, true, why, sizeof why) !=
	           0) {
		s = txf__fail(TXF_ERR_IO, "txf_tuning_save: %s", why);
	} else {
		/* The new base, set while the lock still orders the savers. */
		txf_tuning *base = malloc(sizeof *base);
		if (base)
			*base = w[2];
		pthread_mutex_lock(&ctx->lock);
		txf_tuning *old = ctx->tuning_base;
		ctx->tuning_base = base;
		pthread_mutex_unlock(&ctx->lock);
		free(old);
		s = txf_tuning_set(ctx, &w[2]);
	}
	txf__unlock_dir(lock);
	free(text);
	free(w);
	return s;
}
