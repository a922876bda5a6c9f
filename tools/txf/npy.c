/*
 * NumPy .npy reader and writer. See npy.h for the contract.
 *
 * File layout: the magic "\x93NUMPY", a major and a minor version byte, the
 * header length (2 bytes little-endian for version 1, 4 bytes for versions
 * 2 and 3), the header (a Python dict literal padded with spaces and ending
 * in '\n'), then the raw data.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "path.h"
#include "npy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#if defined(__GNUC__)
#define NPY_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NPY_PRINTF(a, b)
#endif

static const unsigned char npy_magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

/* Alignment of the data in files that the writer produces. */
#define NPY_ALIGN 64

static int set_err(char *err, size_t errlen, int code, const char *fmt, ...) NPY_PRINTF(4, 5);

static int set_err(char *err, size_t errlen, int code, const char *fmt, ...)
{
	if (err && errlen > 0) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return code;
}

/* ------------------------------------------------------------ element types */

static const struct {
	const char *code;
	txf_dtype dtype;
	size_t size;
} npy_types[] = {
    {"b1", TXF_U8, 1},  {"u1", TXF_U8, 1},     {"i1", TXF_I8, 1},     {"u2", TXF_U16, 2},
    {"i2", TXF_I16, 2}, {"f2", TXF_F16, 2},    {"u4", TXF_U32, 4},    {"i4", TXF_I32, 4},
    {"f4", TXF_F32, 4}, {"u8", TXF_U64, 8},    {"i8", TXF_I64, 8},    {"f8", TXF_F64, 8},
    {"c8", TXF_C64, 8}, {"c16", TXF_C128, 16}, {"bf16", TXF_BF16, 2},
};

#define NPY_NTYPES (sizeof(npy_types) / sizeof(npy_types[0]))

/* The table entry for dtype. "b1" shares TXF_U8 with "u1" and is told
 * apart by npy_array.is_bool, so TXF_U8 alone is described as "u1". */
static int type_index(txf_dtype dtype)
{
	for (size_t i = 0; i < NPY_NTYPES; i++) {
		if (npy_types[i].dtype == dtype && strcmp(npy_types[i].code, "b1") != 0)
			return (int)i;
	}
	return -1;
}

size_t npy_dtype_size(txf_dtype dtype)
{
	int i = type_index(dtype);

	return i < 0 ? 0 : npy_types[i].size;
}

const char *npy_dtype_code(txf_dtype dtype)
{
	int i = type_index(dtype);

	return i < 0 ? NULL : npy_types[i].code;
}

const char *npy_array_code(const npy_array *arr)
{
	if (!arr)
		return NULL;
	return arr->is_bool ? "b1" : npy_dtype_code(arr->dtype);
}

const char *npy_dtype_descr(txf_dtype dtype)
{
	static const char *const descrs[TXF_DTYPE_COUNT] = {
	    [TXF_U8] = "|u1",    [TXF_I8] = "|i1",   [TXF_U16] = "<u2", [TXF_I16] = "<i2",
	    [TXF_F16] = "<f2",   [TXF_U32] = "<u4",  [TXF_I32] = "<i4", [TXF_F32] = "<f4",
	    [TXF_U64] = "<u8",   [TXF_I64] = "<i8",  [TXF_F64] = "<f8", [TXF_C64] = "<c8",
	    [TXF_C128] = "<c16", [TXF_BF16] = "|V2",
	};

	return (unsigned)dtype < TXF_DTYPE_COUNT ? descrs[dtype] : NULL;
}

int npy_shape_elements(size_t ndim, const size_t *shape, size_t *count)
{
	size_t n = 1;
	int zero = 0;

	if (ndim > NPY_MAX_DIMS || (ndim > 0 && !shape) || !count)
		return NPY_ERR_ARG;
	for (size_t i = 0; i < ndim; i++) {
		if (shape[i] == 0) {
			zero = 1;
			continue;
		}
		if (n > SIZE_MAX / shape[i])
			return NPY_ERR_FORMAT;
		n *= shape[i];
	}
	*count = zero ? 0 : n;
	return NPY_OK;
}

/* Bytes of data for the shape: fails if the element count or the byte count
 * (ignoring zero extents) does not fit in size_t. */
static int shape_bytes(size_t ndim, const size_t *shape, size_t itemsize, size_t *nbytes)
{
	size_t n = 1;
	int zero = 0;

	for (size_t i = 0; i < ndim; i++) {
		if (shape[i] == 0) {
			zero = 1;
			continue;
		}
		if (n > SIZE_MAX / shape[i])
			return -1;
		n *= shape[i];
	}
	if (n > SIZE_MAX / itemsize)
		return -1;
	*nbytes = zero ? 0 : n * itemsize;
	return 0;
}

/* --------------------------------------------------------- header tokenizer */

enum tok_kind {
	TOK_END,
	TOK_LBRACE,
	TOK_RBRACE,
	TOK_LPAREN,
	TOK_RPAREN,
	TOK_LBRACKET,
	TOK_RBRACKET,
	TOK_COLON,
	TOK_COMMA,
	TOK_STRING, /* text, len: the characters between the quotes */
	TOK_INT,    /* value (magnitude), negative, overflow */
	TOK_NAME,   /* text, len */
	TOK_BAD,    /* the lexer has written a message */
};

struct token {
	enum tok_kind kind;
	const char *text;
	size_t len;
	size_t value;
	int negative;
	int overflow;
	size_t offset; /* in the header */
};

struct lexer {
	const char *start;
	const char *p;
	const char *end;
	char *err;
	size_t errlen;
};

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_ident(char c)
{
	return is_ident_start(c) || is_digit(c);
}

static void lex_int(struct lexer *lx, struct token *t)
{
	const char *q = lx->p;

	if (*q == '-') {
		t->negative = 1;
		q++;
	}
	/* A leading zero must stand alone, as in Python 3. */
	if (q[0] == '0' && q + 1 < lx->end && is_digit(q[1])) {
		t->kind = TOK_BAD;
		set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
		        "header: integer with a leading zero at offset %zu", t->offset);
		return;
	}
	while (q < lx->end && is_digit(*q)) {
		unsigned d = (unsigned)(*q - '0');

		if (t->value > (SIZE_MAX - d) / 10)
			t->overflow = 1;
		else
			t->value = t->value * 10 + d;
		q++;
	}
	/* Python 2 wrote long integers with an 'L' suffix. */
	if (q < lx->end && (*q == 'L' || *q == 'l'))
		q++;
	if (q < lx->end && is_ident(*q)) {
		t->kind = TOK_BAD;
		set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
		        "header: malformed number at offset %zu", t->offset);
		return;
	}
	t->kind = TOK_INT;
	t->text = lx->p;
	t->len = (size_t)(q - lx->p);
	lx->p = q;
}

static void lex_string(struct lexer *lx, struct token *t)
{
	char quote = *lx->p;
	const char *q = lx->p + 1;

	while (q < lx->end && *q != quote) {
		if (*q == '\\' || *q == '\n' || *q == '\r') {
			t->kind = TOK_BAD;
			set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
			        "header: unsupported character in string at offset %zu",
			        (size_t)(q - lx->start));
			return;
		}
		q++;
	}
	if (q >= lx->end) {
		t->kind = TOK_BAD;
		set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
		        "header: unterminated string starting at offset %zu", t->offset);
		return;
	}
	t->kind = TOK_STRING;
	t->text = lx->p + 1;
	t->len = (size_t)(q - (lx->p + 1));
	lx->p = q + 1;
}

static struct token lex_next(struct lexer *lx)
{
	struct token t;

	memset(&t, 0, sizeof(t));
	while (lx->p < lx->end && is_space(*lx->p))
		lx->p++;
	t.offset = (size_t)(lx->p - lx->start);
	if (lx->p >= lx->end) {
		t.kind = TOK_END;
		return t;
	}
	switch (*lx->p) {
	case '{':
		t.kind = TOK_LBRACE;
		break;
	case '}':
		t.kind = TOK_RBRACE;
		break;
	case '(':
		t.kind = TOK_LPAREN;
		break;
	case ')':
		t.kind = TOK_RPAREN;
		break;
	case '[':
		t.kind = TOK_LBRACKET;
		break;
	case ']':
		t.kind = TOK_RBRACKET;
		break;
	case ':':
		t.kind = TOK_COLON;
		break;
	case ',':
		t.kind = TOK_COMMA;
		break;
	case '\'':
	case '"':
		lex_string(lx, &t);
		return t;
	default:
		if (is_digit(*lx->p) ||
		    (*lx->p == '-' && lx->p + 1 < lx->end && is_digit(lx->p[1]))) {
			lex_int(lx, &t);
			return t;
		}
		if (is_ident_start(*lx->p)) {
			const char *q = lx->p;

			while (q < lx->end && is_ident(*q))
				q++;
			t.kind = TOK_NAME;
			t.text = lx->p;
			t.len = (size_t)(q - lx->p);
			lx->p = q;
			return t;
		}
		t.kind = TOK_BAD;
		set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
		        "header: unexpected character '%c' at offset %zu", *lx->p, t.offset);
		return t;
	}
	lx->p++;
	return t;
}

static const char *tok_desc(enum tok_kind k)
{
	switch (k) {
	case TOK_END:
		return "end of header";
	case TOK_LBRACE:
		return "'{'";
	case TOK_RBRACE:
		return "'}'";
	case TOK_LPAREN:
		return "'('";
	case TOK_RPAREN:
		return "')'";
	case TOK_LBRACKET:
		return "'['";
	case TOK_RBRACKET:
		return "']'";
	case TOK_COLON:
		return "':'";
	case TOK_COMMA:
		return "','";
	case TOK_STRING:
		return "a string";
	case TOK_INT:
		return "an integer";
	case TOK_NAME:
		return "a name";
	case TOK_BAD:
		break;
	}
	return "an invalid token";
}

/* ------------------------------------------------------------ header parser */

struct header {
	txf_dtype dtype;
	int is_bool;
	size_t itemsize;
	int fortran_order;
	size_t ndim;
	size_t shape[NPY_MAX_DIMS];
};

/* Fail on token t: keeps the lexer's message for TOK_BAD. */
static int unexpected(struct lexer *lx, const struct token *t, const char *wanted)
{
	if (t->kind == TOK_BAD)
		return NPY_ERR_FORMAT;
	return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
	               "header: expected %s but found %s at offset %zu", wanted, tok_desc(t->kind),
	               t->offset);
}

static int tok_is(const struct token *t, const char *s)
{
	size_t n = strlen(s);

	return t->len == n && memcmp(t->text, s, n) == 0;
}

static int parse_descr(struct lexer *lx, struct header *h)
{
	struct token t = lex_next(lx);
	char descr[32];
	const char *code;

	if (t.kind == TOK_LBRACKET)
		return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
		               "structured (record) dtypes are not supported");
	if (t.kind != TOK_STRING)
		return unexpected(lx, &t, "a string for 'descr'");
	if (t.len == 0 || t.len >= sizeof(descr))
		return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
		               "unsupported dtype: descr of length %zu", t.len);
	memcpy(descr, t.text, t.len);
	descr[t.len] = '\0';
	/* NumPy has no bfloat16: ml_dtypes' arrays are saved as 2-byte void
	 * ("|V2"), and some writers name the type. Both read as bf16. */
	if (strcmp(descr, "|V2") == 0 || strcmp(descr, "<V2") == 0 ||
	    strcmp(descr, "bfloat16") == 0) {
		h->dtype = TXF_BF16;
		h->is_bool = 0;
		h->itemsize = 2;
		return NPY_OK;
	}

	code = descr + 1;
	for (size_t i = 0; i < NPY_NTYPES; i++) {
		if (strcmp(code, npy_types[i].code) != 0)
			continue;
		switch (descr[0]) {
		case '<':
			break;
		case '|':
			if (npy_types[i].size != 1)
				return set_err(
				    lx->err, lx->errlen, NPY_ERR_FORMAT,
				    "dtype '%s': byte order '|' is only valid for 1-byte "
				    "types",
				    descr);
			break;
		case '>':
			return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
			               "big-endian data (dtype '%s') is not supported; convert it "
			               "with .astype('<%s')",
			               descr, code);
		case '=':
			return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
			               "dtype '%s': native byte order is ambiguous in a file; "
			               "expected '<%s'",
			               descr, code);
		default:
			return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
			               "dtype '%s' has no byte order character", descr);
		}
		h->dtype = npy_types[i].dtype;
		h->is_bool = strcmp(code, "b1") == 0;
		h->itemsize = npy_types[i].size;
		return NPY_OK;
	}
	return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
	               "unsupported dtype '%s' (supported: b1 i1 u1 i2 u2 f2 i4 u4 f4 i8 u8 f8 c8 "
	               "c16, little-endian, and |V2 as bfloat16)",
	               descr);
}

static int parse_bool(struct lexer *lx, struct header *h)
{
	struct token t = lex_next(lx);

	if (t.kind == TOK_NAME && tok_is(&t, "True"))
		h->fortran_order = 1;
	else if (t.kind == TOK_NAME && tok_is(&t, "False"))
		h->fortran_order = 0;
	else if (t.kind == TOK_BAD)
		return NPY_ERR_FORMAT;
	else
		return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
		               "header: 'fortran_order' must be True or False (offset %zu)",
		               t.offset);
	return NPY_OK;
}

static int parse_shape(struct lexer *lx, struct header *h)
{
	struct token t = lex_next(lx);
	int comma_after_last = 0;

	if (t.kind == TOK_LBRACKET)
		return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
		               "header: 'shape' must be a tuple, not a list");
	if (t.kind != TOK_LPAREN)
		return unexpected(lx, &t, "a tuple for 'shape'");
	h->ndim = 0;
	t = lex_next(lx);
	if (t.kind == TOK_RPAREN)
		return NPY_OK;
	for (;;) {
		if (t.kind != TOK_INT)
			return unexpected(lx, &t, "an integer dimension in 'shape'");
		if (t.negative)
			return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
			               "header: negative dimension %s%zu in 'shape'",
			               t.value ? "-" : "", t.value);
		if (t.overflow)
			return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
			               "header: dimension %.*s in 'shape' does not fit in size_t",
			               (int)(t.len < 64 ? t.len : 64), t.text);
		if (h->ndim == NPY_MAX_DIMS)
			return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
			               "header: more than %d dimensions", NPY_MAX_DIMS);
		h->shape[h->ndim++] = t.value;
		comma_after_last = 0;
		t = lex_next(lx);
		if (t.kind == TOK_COMMA) {
			comma_after_last = 1;
			t = lex_next(lx);
		}
		if (t.kind == TOK_RPAREN)
			break;
		if (!comma_after_last)
			return unexpected(lx, &t, "',' or ')' in 'shape'");
	}
	if (h->ndim == 1 && !comma_after_last)
		return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
		               "header: 'shape' (%zu) is not a tuple (a 1-tuple needs a trailing "
		               "comma)",
		               h->shape[0]);
	return NPY_OK;
}

enum { KEY_DESCR = 1, KEY_FORTRAN = 2, KEY_SHAPE = 4 };

static int parse_dict(struct lexer *lx, struct header *h)
{
	struct token t = lex_next(lx);
	unsigned seen = 0;
	int rc;

	if (t.kind != TOK_LBRACE)
		return unexpected(lx, &t, "'{' at the start of the header");
	for (;;) {
		unsigned key;

		t = lex_next(lx);
		if (t.kind == TOK_RBRACE)
			break;
		if (t.kind != TOK_STRING)
			return unexpected(lx, &t, "a key string or '}'");
		if (tok_is(&t, "descr"))
			key = KEY_DESCR;
		else if (tok_is(&t, "fortran_order"))
			key = KEY_FORTRAN;
		else if (tok_is(&t, "shape"))
			key = KEY_SHAPE;
		else
			return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
			               "header: unknown key '%.*s'", (int)(t.len < 64 ? t.len : 64),
			               t.text);
		if (seen & key)
			return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
			               "header: duplicate key '%.*s'", (int)t.len, t.text);
		seen |= key;

		t = lex_next(lx);
		if (t.kind != TOK_COLON)
			return unexpected(lx, &t, "':' after a key");
		if (key == KEY_DESCR)
			rc = parse_descr(lx, h);
		else if (key == KEY_FORTRAN)
			rc = parse_bool(lx, h);
		else
			rc = parse_shape(lx, h);
		if (rc != NPY_OK)
			return rc;

		t = lex_next(lx);
		if (t.kind == TOK_RBRACE)
			break;
		if (t.kind != TOK_COMMA)
			return unexpected(lx, &t, "',' or '}' after a value");
	}
	t = lex_next(lx);
	if (t.kind != TOK_END)
		return unexpected(lx, &t, "nothing after the closing '}'");
	if (!(seen & KEY_DESCR))
		return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT, "header: missing key 'descr'");
	if (!(seen & KEY_FORTRAN))
		return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT,
		               "header: missing key 'fortran_order'");
	if (!(seen & KEY_SHAPE))
		return set_err(lx->err, lx->errlen, NPY_ERR_FORMAT, "header: missing key 'shape'");
	return NPY_OK;
}

/* Check the preamble and header of a file of len bytes that starts with
 * buf; on success *data_off and *nbytes say where the data is and how long
 * it must be (exactly the rest of the file). buf holds the whole file, or
 * (npy_load) at least its first min(len, 12) bytes and, where those give a
 * header that ends within len bytes (header_end), every byte up to its end:
 * nothing past that is read. */
static int parse_file(const unsigned char *buf, size_t len, struct header *h, size_t *data_off,
                      size_t *nbytes, char *err, size_t errlen)
{
	size_t prefix, hlen;
	struct lexer lx;
	int rc;

	if (!buf && len > 0)
		return set_err(err, errlen, NPY_ERR_ARG, "no buffer");
	if (len < sizeof(npy_magic) || memcmp(buf, npy_magic, sizeof(npy_magic)) != 0)
		return set_err(err, errlen, NPY_ERR_FORMAT, "not a .npy file (bad magic)");
	if (len < 8)
		return set_err(err, errlen, NPY_ERR_FORMAT, "truncated: no format version");
	if (buf[6] < 1 || buf[6] > 3 || buf[7] != 0)
		return set_err(err, errlen, NPY_ERR_FORMAT, "unsupported .npy format version %u.%u",
		               buf[6], buf[7]);
	if (buf[6] == 1) {
		prefix = 10;
		if (len < prefix)
			return set_err(err, errlen, NPY_ERR_FORMAT, "truncated: no header length");
		hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
	} else {
		prefix = 12;
		if (len < prefix)
			return set_err(err, errlen, NPY_ERR_FORMAT, "truncated: no header length");
		hlen = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 |
		       (size_t)buf[11] << 24;
	}
	if (hlen > len - prefix)
		return set_err(err, errlen, NPY_ERR_FORMAT,
		               "truncated: header of %zu bytes but only %zu bytes follow", hlen,
		               len - prefix);
	if (hlen == 0 || buf[prefix + hlen - 1] != '\n')
		return set_err(err, errlen, NPY_ERR_FORMAT, "header does not end with a newline");
	for (size_t i = 0; i < hlen; i++) {
		unsigned char c = buf[prefix + i];

		if (c >= 0x7f || (c < 0x20 && c != '\t' && c != '\n' && c != '\r'))
			return set_err(err, errlen, NPY_ERR_FORMAT,
			               "header: invalid byte 0x%02x at offset %zu", c, i);
	}

	memset(h, 0, sizeof(*h));
	lx.start = (const char *)buf + prefix;
	lx.p = lx.start;
	lx.end = lx.start + hlen;
	lx.err = err;
	lx.errlen = errlen;
	rc = parse_dict(&lx, h);
	if (rc != NPY_OK)
		return rc;

	if (shape_bytes(h->ndim, h->shape, h->itemsize, nbytes) != 0)
		return set_err(err, errlen, NPY_ERR_FORMAT,
		               "shape describes more bytes than fit in size_t");
	*data_off = prefix + hlen;
	if (len - *data_off < *nbytes)
		return set_err(err, errlen, NPY_ERR_FORMAT,
		               "truncated data: the header describes %zu bytes but %zu are present",
		               *nbytes, len - *data_off);
	if (len - *data_off > *nbytes)
		return set_err(
		    err, errlen, NPY_ERR_FORMAT,
		    "%zu bytes of trailing data after the %zu bytes the header describes",
		    len - *data_off - *nbytes, *nbytes);
	return NPY_OK;
}

static void fill_array(npy_array *out, const struct header *h, void *data, size_t nbytes)
{
	out->dtype = h->dtype;
	out->is_bool = h->is_bool;
	out->fortran_order = h->fortran_order;
	out->ndim = h->ndim;
	memcpy(out->shape, h->shape, sizeof(out->shape));
	out->data = data;
	out->nbytes = nbytes;
}

int npy_parse(const unsigned char *buf, size_t len, npy_array *out, char *err, size_t errlen)
{
	struct header h;
	size_t off = 0, nbytes = 0;
	void *data;
	int rc;

	if (!out)
		return set_err(err, errlen, NPY_ERR_ARG, "no output array");
	memset(out, 0, sizeof(*out));
	rc = parse_file(buf, len, &h, &off, &nbytes, err, errlen);
	if (rc != NPY_OK)
		return rc;
	data = malloc(nbytes ? nbytes : 1);
	if (!data)
		return set_err(err, errlen, NPY_ERR_NOMEM, "out of memory for %zu bytes of data",
		               nbytes);
	if (nbytes)
		memcpy(data, buf + off, nbytes);
	fill_array(out, &h, data, nbytes);
	return NPY_OK;
}

/* ---------------------------------------------------------------- file I/O */

/* Where the header of a file that starts with the n bytes of buf ends (the
 * offset of its data), when its preamble is valid and complete: else 0. */
static size_t header_end(const unsigned char *buf, size_t n)
{
	if (n < 10 || memcmp(buf, npy_magic, sizeof(npy_magic)) != 0 || buf[6] < 1 || buf[6] > 3 ||
	    buf[7] != 0)
		return 0;
	if (buf[6] == 1)
		return 10 + ((size_t)buf[8] | (size_t)buf[9] << 8);
	if (n < 12)
		return 0;
	return 12 + ((size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 |
	             (size_t)buf[11] << 24);
}

/* What a file of this mode is, for a message. */
static const char *file_kind(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO (named pipe)";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

static int refuse_kind(const char *path, mode_t mode, char *err, size_t errlen)
{
	if (S_ISDIR(mode))
		return set_err(err, errlen, NPY_ERR_IO, "%s: is a directory", path);
	return set_err(err, errlen, NPY_ERR_IO,
	               "%s: is %s; .npy files are read only from regular files", path,
	               file_kind(mode));
}

/* Open path for reading when it is a regular file (or a link to one); *size
 * is its length. Anything else (a FIFO, a device, a directory) is refused
 * without reading from it: the type is checked before the open, which
 * does not block (a FIFO without a writer), and again on what was opened. */
static int open_regular(const char *path, int *fd, size_t *size, char *err, size_t errlen)
{
	struct stat st;
	int e;

	if (stat(path, &st) != 0)
		return set_err(err, errlen, NPY_ERR_IO, "%s: cannot open: %s", path,
		               strerror(errno));
	if (!S_ISREG(st.st_mode))
		return refuse_kind(path, st.st_mode, err, errlen);
	*fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (*fd < 0)
		return set_err(err, errlen, NPY_ERR_IO, "%s: cannot open: %s", path,
		               strerror(errno));
	if (fstat(*fd, &st) != 0) {
		e = errno;
		close(*fd);
		return set_err(err, errlen, NPY_ERR_IO, "%s: cannot open: %s", path, strerror(e));
	}
	if (!S_ISREG(st.st_mode)) {
		close(*fd);
		return refuse_kind(path, st.st_mode, err, errlen);
	}
	if (st.st_size < 0 || (uintmax_t)st.st_size > SIZE_MAX) {
		close(*fd);
		return set_err(err, errlen, NPY_ERR_NOMEM, "%s: file too large", path);
	}
	*size = (size_t)st.st_size;
	return NPY_OK;
}

/* Read n bytes of fd into dst: 0, or -1 when the file ends first (*eof set)
 * or a read fails (errno). */
static int read_exact(int fd, unsigned char *dst, size_t n, int *eof)
{
	*eof = 0;
	while (n > 0) {
		ssize_t r = read(fd, dst, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0) {
			*eof = 1;
			return -1;
		}
		dst += r;
		n -= (size_t)r;
	}
	return 0;
}

static int read_failed(const char *path, int eof, char *err, size_t errlen)
{
	if (eof)
		return set_err(err, errlen, NPY_ERR_IO, "%s: the file shrank while being read",
		               path);
	return set_err(err, errlen, NPY_ERR_IO, "%s: read failed: %s", path, strerror(errno));
}

/*
 * npy_load: the file's length comes from fstat, and what is read is bounded
 * by it and by the header: the preamble, then the header it announces (when
 * that ends within the file), then, once the header has checked out and
 * declared exactly as many data bytes as the file holds after it, those
 * bytes into a buffer of that size. Nothing past the declared data is read;
 * a file that is longer than declared is an error, as in npy_parse. The
 * checks are npy_parse's own (parse_file), so both give the same results.
 */
static int load(const char *path, npy_array *out, int with_data, char *err, size_t errlen)
{
	unsigned char pre[12], *head = NULL, *data = NULL;
	size_t size = 0, n, end, need, off = 0, nbytes = 0;
	struct header h;
	char msg[256];
	int fd = -1, eof, rc;

	if (!out || !path)
		return set_err(err, errlen, NPY_ERR_ARG, "no path or output array");
	memset(out, 0, sizeof(*out));
	rc = open_regular(path, &fd, &size, err, errlen);
	if (rc != NPY_OK)
		return rc;

	n = size < sizeof(pre) ? size : sizeof(pre);
	if (read_exact(fd, pre, n, &eof) != 0) {
		rc = read_failed(path, eof, err, errlen);
		goto out;
	}
	end = header_end(pre, n);
	need = end > n && end <= size ? end : n;
	head = malloc(need ? need : 1);
	if (!head) {
		rc = set_err(err, errlen, NPY_ERR_NOMEM, "%s: out of memory for the header", path);
		goto out;
	}
	memcpy(head, pre, n);
	if (read_exact(fd, head + n, need - n, &eof) != 0) {
		rc = read_failed(path, eof, err, errlen);
		goto out;
	}
	rc = parse_file(head, size, &h, &off, &nbytes, msg, sizeof(msg));
	if (rc != NPY_OK) {
		rc = set_err(err, errlen, rc, "%s: %s", path, msg);
		goto out;
	}
	if (!with_data) {
		fill_array(out, &h, NULL, nbytes);
		goto out;
	}
	/* The data starts at off <= need; bytes of it already read (only
	 * possible for a header shorter than any valid one) come first. */
	data = malloc(nbytes ? nbytes : 1);
	if (!data) {
		rc = set_err(err, errlen, NPY_ERR_NOMEM, "%s: out of memory for %zu bytes of data",
		             path, nbytes);
		goto out;
	}
	n = need - off;
	memcpy(data, head + off, n);
	if (read_exact(fd, data + n, nbytes - n, &eof) != 0) {
		rc = read_failed(path, eof, err, errlen);
		free(data);
		goto out;
	}
	fill_array(out, &h, data, nbytes);
	rc = NPY_OK;
out:
	free(head);
	close(fd);
	return rc;
}

int npy_load(const char *path, npy_array *out, char *err, size_t errlen)
{
	return load(path, out, 1, err, errlen);
}

int npy_load_header(const char *path, npy_array *out, char *err, size_t errlen)
{
	return load(path, out, 0, err, errlen);
}

void npy_free(npy_array *arr)
{
	if (!arr)
		return;
	free(arr->data);
	memset(arr, 0, sizeof(*arr));
}

int npy_alloc(npy_array *arr, txf_dtype dtype, size_t ndim, const size_t *shape, int fortran_order,
              char *err, size_t errlen)
{
	size_t itemsize = npy_dtype_size(dtype), nbytes = 0;

	if (!arr)
		return set_err(err, errlen, NPY_ERR_ARG, "no array");
	memset(arr, 0, sizeof(*arr));
	if (itemsize == 0)
		return set_err(err, errlen, NPY_ERR_ARG, "unknown element type %d", (int)dtype);
	if (ndim > NPY_MAX_DIMS || (ndim > 0 && !shape))
		return set_err(err, errlen, NPY_ERR_ARG, "bad number of dimensions %zu", ndim);
	if (shape_bytes(ndim, shape, itemsize, &nbytes) != 0)
		return set_err(err, errlen, NPY_ERR_ARG, "array size overflows size_t");
	arr->data = calloc(nbytes ? nbytes : 1, 1);
	if (!arr->data)
		return set_err(err, errlen, NPY_ERR_NOMEM, "out of memory for %zu bytes", nbytes);
	arr->dtype = dtype;
	arr->fortran_order = fortran_order ? 1 : 0;
	arr->ndim = ndim;
	for (size_t i = 0; i < ndim; i++)
		arr->shape[i] = shape[i];
	arr->nbytes = nbytes;
	return NPY_OK;
}

/* ------------------------------------------------------------------ writer */

/* Append to a fixed buffer; *pos goes past cap on overflow (checked once). */
static void append(char *dst, size_t cap, size_t *pos, const char *fmt, ...) NPY_PRINTF(4, 5);

static void append(char *dst, size_t cap, size_t *pos, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*pos >= cap)
		return;
	va_start(ap, fmt);
	n = vsnprintf(dst + *pos, cap - *pos, fmt, ap);
	va_end(ap);
	*pos += n < 0 ? cap : (size_t)n;
}

static int check_array(const npy_array *arr, size_t *nbytes, char *err, size_t errlen)
{
	size_t itemsize;

	if (!arr)
		return set_err(err, errlen, NPY_ERR_ARG, "no array");
	itemsize = npy_dtype_size(arr->dtype);
	if (itemsize == 0)
		return set_err(err, errlen, NPY_ERR_ARG, "unknown element type %d",
		               (int)arr->dtype);
	if (arr->is_bool && arr->dtype != TXF_U8)
		return set_err(err, errlen, NPY_ERR_ARG,
		               "a bool array is held as u1, not as element type %d",
		               (int)arr->dtype);
	if (arr->ndim > NPY_MAX_DIMS)
		return set_err(err, errlen, NPY_ERR_ARG, "%zu dimensions (at most %d)", arr->ndim,
		               NPY_MAX_DIMS);
	if (shape_bytes(arr->ndim, arr->shape, itemsize, nbytes) != 0)
		return set_err(err, errlen, NPY_ERR_ARG, "array size overflows size_t");
	if (*nbytes != arr->nbytes)
		return set_err(err, errlen, NPY_ERR_ARG,
		               "array holds %zu bytes but its shape and type need %zu", arr->nbytes,
		               *nbytes);
	if (*nbytes > 0 && !arr->data)
		return set_err(err, errlen, NPY_ERR_ARG, "array has no data");
	return NPY_OK;
}

int npy_encode(const npy_array *arr, unsigned char **buf, size_t *len, char *err, size_t errlen)
{
	/* 32 dimensions of at most 20 digits plus separators, and the keys. */
	char dict[NPY_MAX_DIMS * 24 + 128];
	size_t pos = 0, nbytes = 0, prefix, total, hlen;
	unsigned char *b;
	int rc;

	if (!buf || !len)
		return set_err(err, errlen, NPY_ERR_ARG, "no output buffer");
	*buf = NULL;
	*len = 0;
	rc = check_array(arr, &nbytes, err, errlen);
	if (rc != NPY_OK)
		return rc;

	append(dict, sizeof(dict), &pos, "{'descr': '%s', 'fortran_order': %s, 'shape': (",
	       arr->is_bool ? "|b1" : npy_dtype_descr(arr->dtype),
	       arr->fortran_order ? "True" : "False");
	for (size_t i = 0; i < arr->ndim; i++)
		append(dict, sizeof(dict), &pos, "%s%zu", i ? ", " : "", arr->shape[i]);
	append(dict, sizeof(dict), &pos, "%s), }", arr->ndim == 1 ? "," : "");
	if (pos >= sizeof(dict))
		return set_err(err, errlen, NPY_ERR_ARG, "header too long");

	/* Version 1.0 unless the padded header needs more than 16 bits. */
	prefix = 10;
	total = (prefix + pos + 1 + NPY_ALIGN - 1) / NPY_ALIGN * NPY_ALIGN;
	if (total - prefix > 0xffff) {
		prefix = 12;
		total = (prefix + pos + 1 + NPY_ALIGN - 1) / NPY_ALIGN * NPY_ALIGN;
	}
	hlen = total - prefix;
	if (nbytes > SIZE_MAX - total)
		return set_err(err, errlen, NPY_ERR_ARG, "file size overflows size_t");

	b = malloc(total + nbytes);
	if (!b)
		return set_err(err, errlen, NPY_ERR_NOMEM, "out of memory for %zu bytes",
		               total + nbytes);
	memcpy(b, npy_magic, sizeof(npy_magic));
	b[6] = prefix == 10 ? 1 : 2;
	b[7] = 0;
	b[8] = (unsigned char)(hlen & 0xff);
	b[9] = (unsigned char)(hlen >> 8 & 0xff);
	if (prefix == 12) {
		b[10] = (unsigned char)(hlen >> 16 & 0xff);
		b[11] = (unsigned char)(hlen >> 24 & 0xff);
	}
	memcpy(b + prefix, dict, pos);
	memset(b + prefix + pos, ' ', hlen - pos - 1);
	b[total - 1] = '\n';
	if (nbytes)
		memcpy(b + total, arr->data, nbytes);
	*buf = b;
	*len = total + nbytes;
	return NPY_OK;
}

static int write_all(int fd, const unsigned char *buf, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, buf, len);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

static int write_atomic(const char *path, const unsigned char *buf, size_t len, char *err,
                        size_t errlen)
{
	static const char suffix[] = "/.npy-tmp-XXXXXX";
	struct stat st;
	mode_t mode;
	char *dir, *tmp;
	int fd, rc, e;
	const char *what;

	if (path[0] == '\0')
		return set_err(err, errlen, NPY_ERR_ARG, "empty output path");
	if (stat(path, &st) == 0) {
		if (!S_ISREG(st.st_mode))
			return set_err(err, errlen, NPY_ERR_IO,
			               "%s: exists and is not a regular file", path);
		mode = st.st_mode & 07777;
	} else if (errno == ENOENT) {
		mode_t mask = umask(0);

		umask(mask);
		mode = 0666 & ~mask;
	} else {
		return set_err(err, errlen, NPY_ERR_IO, "%s: %s", path, strerror(errno));
	}

	dir = path_dir_of(path);
	if (!dir)
		return set_err(err, errlen, NPY_ERR_NOMEM, "out of memory");
	tmp = malloc(strlen(dir) + sizeof(suffix));
	if (!tmp) {
		free(dir);
		return set_err(err, errlen, NPY_ERR_NOMEM, "out of memory");
	}
	strcpy(tmp, dir);
	strcat(tmp, suffix);
	fd = mkstemp(tmp);
	if (fd < 0) {
		rc =
		    set_err(err, errlen, NPY_ERR_IO, "%s: cannot create a temporary file in %s: %s",
		            path, dir, strerror(errno));
		free(tmp);
		free(dir);
		return rc;
	}

	what = "set permissions of";
	if (fchmod(fd, mode) != 0)
		goto fail;
	what = "write";
	if (write_all(fd, buf, len) != 0)
		goto fail;
	what = "flush";
	if (fsync(fd) != 0)
		goto fail;
	what = "close";
	e = close(fd);
	fd = -1;
	if (e != 0)
		goto fail;
	what = "rename into place";
	if (rename(tmp, path) != 0)
		goto fail;

	/* Make the rename itself durable; a failure here changes nothing. */
	fd = open(dir, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	free(tmp);
	free(dir);
	return NPY_OK;

fail:
	e = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	rc = set_err(err, errlen, NPY_ERR_IO, "%s: cannot %s the temporary file: %s", path, what,
	             strerror(e));
	free(tmp);
	free(dir);
	return rc;
}

int npy_save(const char *path, const npy_array *arr, char *err, size_t errlen)
{
	unsigned char *buf;
	size_t len;
	int rc;

	if (!path)
		return set_err(err, errlen, NPY_ERR_ARG, "no output path");
	rc = npy_encode(arr, &buf, &len, err, errlen);
	if (rc != NPY_OK)
		return rc;
	rc = write_atomic(path, buf, len, err, errlen);
	free(buf);
	return rc;
}
