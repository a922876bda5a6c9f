/* Writes the valid and near-valid seed inputs of the fuzz targets with the
 * real writers (npy_encode, txf__tuning_format, txf__bincache_encode), so
 * that the seeds follow the formats as the code writes them:
 *
 *   make_corpus DIR    fills DIR/npy, DIR/tuning, DIR/bincache and DIR/args
 *
 * The directories must exist. tests/fuzz/corpus holds its output, plus the
 * inputs of crashes found and fixed (named crash-*). */
#include "fake_device.h"
#include "npy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *out_dir;

static void put(const char *target, const char *name, const void *data, size_t len)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s/%s", out_dir, target, name);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "make_corpus: cannot write %s\n", path);
		exit(1);
	}
}

static void put_text(const char *target, const char *name, const char *text)
{
	put(target, name, text, strlen(text));
}

/* ---------------------------------------------------------------- npy */

/* The encoding of an array of the type and shape with data 0, 1, 2, ...
 * (a bool array, of type u1: 0, 1, 0, ...). */
static unsigned char *npy_bytes_of(txf_dtype t, int is_bool, size_t ndim, const size_t *shape,
                                   int fortran, size_t *len)
{
	npy_array a;
	char err[256];
	unsigned char *buf = NULL;
	if (npy_alloc(&a, t, ndim, shape, fortran, err, sizeof err) != NPY_OK) {
		fprintf(stderr, "make_corpus: %s\n", err);
		exit(1);
	}
	a.is_bool = is_bool;
	for (size_t i = 0; i < a.nbytes; i++)
		((unsigned char *)a.data)[i] = (unsigned char)(is_bool ? i & 1 : i);
	if (npy_encode(&a, &buf, len, err, sizeof err) != NPY_OK) {
		fprintf(stderr, "make_corpus: %s\n", err);
		exit(1);
	}
	npy_free(&a);
	return buf;
}

static unsigned char *npy_bytes(txf_dtype t, size_t ndim, const size_t *shape, int fortran,
                                size_t *len)
{
	return npy_bytes_of(t, 0, ndim, shape, fortran, len);
}

static void put_npy(const char *name, txf_dtype t, size_t ndim, const size_t *shape, int fortran)
{
	size_t len;
	unsigned char *b = npy_bytes(t, ndim, shape, fortran, &len);
	put("npy", name, b, len);
	free(b);
}

/* A bool (b1) array as the writer writes it. */
static void put_npy_bool(const char *name, size_t ndim, const size_t *shape, int fortran)
{
	size_t len;
	unsigned char *b = npy_bytes_of(TXF_U8, 1, ndim, shape, fortran, &len);
	put("npy", name, b, len);
	free(b);
}

/* The same file in format version 2.0 or 3.0: a 4-byte header length. */
static void put_npy_v(const char *name, unsigned char major)
{
	size_t shape[2] = {2, 3}, len;
	unsigned char *b = npy_bytes(TXF_F32, 2, shape, 0, &len);
	unsigned char *v = malloc(len + 2);
	memcpy(v, b, 8);
	v[6] = major;
	v[8] = b[8];
	v[9] = b[9];
	v[10] = v[11] = 0;
	memcpy(v + 12, b + 10, len - 10);
	put("npy", name, v, len + 2);
	free(v);
	free(b);
}

/* A version 1.0 file with the given header text (padded) and data bytes. */
static void put_npy_header(const char *name, const char *dict, size_t data_bytes)
{
	size_t n = strlen(dict), hlen = (10 + n + 1 + 15) / 16 * 16 - 10;
	unsigned char *b = calloc(1, 10 + hlen + data_bytes);
	memcpy(b, "\x93NUMPY\x01\x00", 8);
	b[8] = (unsigned char)(hlen & 0xff);
	b[9] = (unsigned char)(hlen >> 8);
	memset(b + 10, ' ', hlen);
	memcpy(b + 10, dict, n);
	b[10 + hlen - 1] = '\n';
	put("npy", name, b, 10 + hlen + data_bytes);
	free(b);
}

static void make_npy(void)
{
	size_t s32[2] = {3, 2}, s23[2] = {2, 3}, s5[1] = {5}, s212[3] = {2, 1, 2}, s04[2] = {0, 4};
	size_t s11[2] = {1, 1}, s1111[4] = {1, 1, 1, 2};
	put_npy("valid-f4-3x2.npy", TXF_F32, 2, s32, 0);
	put_npy("valid-f8-2x3-fortran.npy", TXF_F64, 2, s23, 1);
	put_npy("valid-u1-5.npy", TXF_U8, 1, s5, 0);
	put_npy("valid-i4-scalar.npy", TXF_I32, 0, NULL, 0);
	put_npy("valid-c8-2x1x2.npy", TXF_C64, 3, s212, 0);
	put_npy("valid-f2-0x4.npy", TXF_F16, 2, s04, 0);
	put_npy("valid-c16-1x1.npy", TXF_C128, 2, s11, 1);
	put_npy("valid-i8-4d.npy", TXF_I64, 4, s1111, 0);
	put_npy_bool("valid-b1-3x2-fortran.npy", 2, s32, 1);
	put_npy_v("valid-v2.npy", 2);
	put_npy_v("valid-v3.npy", 3);
	put_npy_header("valid-b1-python2.npy",
	               "{\"descr\": \"|b1\", \"shape\": (2L, 2L), \"fortran_order\": False,}", 4);
	put_npy_header("near-big-endian.npy",
	               "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }", 4);
	put_npy_header("near-one-tuple.npy",
	               "{'descr': '<i2', 'fortran_order': False, 'shape': (3), }", 6);
	put_npy_header("near-structured.npy",
	               "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", 4);
	put_npy_header("near-huge-shape.npy",
	               "{'descr': '<f8', 'fortran_order': True, 'shape': (4294967296, "
	               "4294967296), }",
	               0);
	put_npy_header("near-trailing-byte.npy",
	               "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }", 5);
	put_npy_header("near-missing-key.npy", "{'descr': '<u4', 'shape': (1, 1), }", 4);
}

/* ------------------------------------------------------------- tuning */

static void check(txf_status s, const char *what)
{
	if (s != TXF_SUCCESS) {
		fprintf(stderr, "make_corpus: %s: %s: %s\n", what, txf_status_name(s),
		        txf_last_error());
		exit(1);
	}
}

static void entry_t(txf_tuning *t, txf_dtype d, txf_size_class c, txf_strategy s, unsigned tile,
                    unsigned rows, size_t r, size_t k, double ms)
{
	txf_tuned e;
	memset(&e, 0, sizeof e);
	e.strategy = s;
	e.num_params = 2;
	e.params[0] = (txf_param){"tile", tile};
	e.params[1] = (txf_param){"wg_rows", rows};
	e.shape[0] = r;
	e.shape[1] = k;
	e.median_ms = ms;
	check(txf_tuning_set_entry(t, TXF_TUNE_TRANSPOSE, d, c, &e), "transpose entry");
	txf_tuning_limits l;
	memset(&l, 0, sizeof l);
	l.large_from = 1 << 20;
	check(txf_tuning_limits_set(t, TXF_TUNE_TRANSPOSE, d, &l), "transpose limits");
}

/* A matmul entry: the seven required parameters (mwg, nwg, kwg, mdimc,
 * ndimc, vwa, vwb) in that order. */
static void entry_m(txf_tuning *t, txf_dtype d, txf_size_class c, txf_strategy s,
                    const unsigned p[7], size_t m, double ms)
{
	static const char *const names[7] = {"mwg", "nwg", "kwg", "mdimc", "ndimc", "vwa", "vwb"};
	txf_tuned e;
	memset(&e, 0, sizeof e);
	e.strategy = s;
	for (unsigned i = 0; i < 7; i++)
		e.params[e.num_params++] = (txf_param){names[i], p[i]};
	e.shape[0] = e.shape[1] = e.shape[2] = m;
	e.median_ms = ms;
	check(txf_tuning_set_entry(t, TXF_TUNE_MATMUL, d, c, &e), "matmul entry");
	txf_tuning_limits l;
	memset(&l, 0, sizeof l);
	l.large_from = 1e7;
	l.padcopy_min = 3.5e8;
	check(txf_tuning_limits_set(t, TXF_TUNE_MATMUL, d, &l), "matmul limits");
}

/* A new, empty tuning. */
static txf_tuning *blank(void)
{
	txf_tuning *t = NULL;
	check(txf_tuning_create(&t), "txf_tuning_create");
	return t;
}

static char *tuning_text(const txf_tuning *t)
{
	txf_device_profile p;
	size_t len;
	fake_profile(FAKE_POCL_CPU, &p);
	char *text = txf__tuning_format(t, &p, &len);
	if (!text) {
		fprintf(stderr, "make_corpus: out of memory\n");
		exit(1);
	}
	return text;
}

/* text with the first line that starts with `from` replaced by `to`
 * (a whole line, newline included; "" drops the line), malloc'd. */
static char *tuning_edit(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	if (!at) {
		fprintf(stderr, "make_corpus: no '%s' in the tuning text\n", from);
		exit(1);
	}
	const char *nl = strchr(at, '\n') + 1;
	size_t n = strlen(text) + strlen(to) + 1;
	char *out = malloc(n);
	if (!out) {
		fprintf(stderr, "make_corpus: out of memory\n");
		exit(1);
	}
	snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, nl);
	return out;
}

static void put_tuning_edit(const char *name, const char *text, const char *from, const char *to)
{
	char *out = tuning_edit(text, from, to);
	put_text("tuning", name, out);
	free(out);
}

static void make_tuning(void)
{
	txf_tuning *t = blank();
	check(txf_tuning_set_info(t, "quick", "2024-05-01T12:00:00Z"), "txf_tuning_set_info");
	entry_t(t, TXF_F32, TXF_SMALL_EVEN, TXF_STRATEGY_PAD, 32, 8, 256, 256, 0.0123);
	entry_t(t, TXF_F32, TXF_LARGE_UNEVEN, TXF_STRATEGY_SPLIT, 16, 16, 2047, 2049, 1.5);
	entry_t(t, TXF_U8, TXF_SMALL_UNEVEN, TXF_STRATEGY_SIMPLE, 64, 4, 99, 7, 0.001);
	entry_m(t, TXF_F32, TXF_LARGE_EVEN, TXF_STRATEGY_SPLIT,
	        (const unsigned[7]){64, 64, 16, 8, 8, 4, 4}, 512, 3.25);
	entry_m(t, TXF_F32, TXF_SMALL_UNEVEN, TXF_STRATEGY_TRUNCATE,
	        (const unsigned[7]){32, 32, 16, 8, 8, 1, 1}, 129, 0.5);
	char *text = tuning_text(t);
	put_text("tuning", "valid-cpu.txt", text);
	put_tuning_edit("near-no-end.txt", text, "end ", "");
	put_tuning_edit("near-end-count.txt", text, "end ", "end 2\n");
	put_tuning_edit("near-no-limits.txt", text, "limits transpose u8", "");
	/* The next format version, and a file of the format before (its
	 * matmul entries give params=a,b,c,... instead of names). */
	put_tuning_edit("near-version-3.txt", text, "txf-tuning", "txf-tuning 3\n");
	{
		char *v0 = tuning_edit(text, "txf-tuning", "txf-tuning 1\n");
		char *v1 = tuning_edit(v0, "library ", "library 0.1.0\n");
		free(v0);
		char *v1a = tuning_edit(v1, "entry matmul f32 small-uneven",
		                        "entry matmul f32 small-uneven strategy=truncate "
		                        "params=32,32,16,8,8,1,1 shape=129x129x129 ms=0.5\n");
		put_tuning_edit(
		    "near-version-1.txt", v1a, "entry matmul f32 large-even",
		    "entry matmul f32 large-even strategy=split params=64,64,16,8,8,4,4 "
		    "shape=512x512x512 ms=3.25\n");
		free(v1a);
		free(v1);
	}
	put_tuning_edit("near-bad-strategy.txt", text, "entry transpose u8",
	                "entry transpose u8 small-uneven strategy=padcopy tile=64 wg_rows=4 "
	                "shape=99x7 ms=0.001\n");
	/* Pad's kernels in tuned entries: the skinny kernel in its class and
	 * outside it, the packed kernel for 1-byte elements. */
	put_tuning_edit("valid-few-rows.txt", text, "entry transpose f32 large-uneven",
	                "entry transpose f32 few-rows strategy=pad tile=16 wg_rows=4 skinny=1 "
	                "shape=7x70000 ms=1.5\n");
	put_tuning_edit("near-skinny-large.txt", text, "entry transpose f32 large-uneven",
	                "entry transpose f32 large-uneven strategy=pad tile=16 wg_rows=4 skinny=1 "
	                "shape=2047x2049 ms=1.5\n");
	put_tuning_edit("valid-packed.txt", text, "entry transpose u8",
	                "entry transpose u8 large-uneven strategy=pad tile=8 wg_rows=4 packed=1 "
	                "shape=2045x2051 ms=0.3\n");
	put_tuning_edit("near-params-list.txt", text, "entry matmul f32 small-uneven",
	                "entry matmul f32 small-uneven strategy=truncate params=32,32,16,8,8,1,1 "
	                "shape=129x129x129 ms=0.5\n");
	put_tuning_edit("near-missing-vwb.txt", text, "entry matmul f32 small-uneven",
	                "entry matmul f32 small-uneven strategy=truncate mwg=32 nwg=32 kwg=16 "
	                "mdimc=8 ndimc=8 vwa=1 shape=129x129x129 ms=0.5\n");
	free(text);
	txf_tuning_release(&t);

	/* Fits the CPU profile, not the small GPU (f64, and 128-wide tiles). */
	t = blank();
	entry_t(t, TXF_F64, TXF_LARGE_EVEN, TXF_STRATEGY_PAD, 128, 2, 4096, 4096, 10);
	entry_m(t, TXF_F64, TXF_SMALL_EVEN, TXF_STRATEGY_PAD,
	        (const unsigned[7]){32, 32, 8, 4, 4, 2, 2}, 64, 0.25);
	text = tuning_text(t);
	put_text("tuning", "valid-f64-cpu-only.txt", text);
	free(text);
	txf_tuning_release(&t);

	t = blank();
	text = tuning_text(t);
	put_text("tuning", "valid-empty.txt", text);
	free(text);
	txf_tuning_release(&t);

	/* A device whose driver reports an empty version: "driver " reads back. */
	t = blank();
	entry_t(t, TXF_I16, TXF_SMALL_EVEN, TXF_STRATEGY_PAD, 8, 8, 64, 64, 0.02);
	txf_device_profile p;
	size_t len;
	fake_profile(FAKE_SMALL_GPU, &p);
	p.driver_version[0] = '\0';
	text = txf__tuning_format(t, &p, &len);
	if (!text) {
		fprintf(stderr, "make_corpus: out of memory\n");
		exit(1);
	}
	put_text("tuning", "valid-empty-driver.txt", text);
	free(text);
	txf_tuning_release(&t);
}

/* ----------------------------------------------------------- bincache */

/* A POCL program binary (lib/drvbin.c describes the format), built field
 * by field: format 9 (POCL 3.1) with one root entry, or 11 (POCL 5.0) with
 * two, and one kernel of one argument. */
typedef struct bytes {
	unsigned char b[512];
	size_t n;
} bytes;

static void le(bytes *o, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		o->b[o->n++] = (unsigned char)(v >> (8 * i));
}

static void str(bytes *o, const char *s, size_t n)
{
	le(o, n, 4);
	memcpy(o->b + o->n, s, n);
	o->n += n;
}

static void put_pocl_binary(const char *name, unsigned version)
{
	bytes o = {{0}, 0};
	memcpy(o.b, "poclbin", 8);
	o.n = 8;
	le(&o, 0x1234, 8);
	le(&o, version, 4);
	le(&o, 1, 4); /* kernels */
	le(&o, 0, 8); /* flags */
	const unsigned roots = version >= 10 ? 2 : 1;
	le(&o, roots, 4);
	memset(o.b + o.n, 'A', 40);
	o.n += 41;
	for (unsigned r = 0; r < roots; r++) {
		le(&o, r ? 4 + 3 + 4 + 1 : 4 + 11 + 4 + 4, 8);
		if (r) {
			str(&o, "/gv", 3);
			str(&o, "x", 1);
		} else {
			str(&o, "/program.bc", 11);
			str(&o, "BC\xc0\xde", 4);
		}
	}
	const size_t rec = o.n;
	o.n += 20; /* record size, file bytes, argument bytes: below */
	str(&o, "k", 1);
	le(&o, 1, 4); /* arguments */
	le(&o, 0, 4); /* locals */
	le(&o, 0, 3 * 8);
	str(&o, "", 0); /* attributes */
	if (version <= 10) {
		le(&o, 0, 8);
	} else {
		le(&o, 0, 4);
		le(&o, 2, 4); /* flags: work-group metadata */
		le(&o, 0, 5 * 4);
	}
	const size_t args = o.n;
	le(&o, 0, 4 + 4 + 8 + 4 + 4);
	str(&o, "a", 1);
	str(&o, "int", 3);
	const size_t arg_bytes = o.n - args, files = o.n;
	str(&o, "/k/k.so", 7);
	str(&o,
	    "\x7f"
	    "ELF",
	    4);
	bytes h = {{0}, 0};
	le(&h, o.n - rec, 8);
	le(&h, o.n - files, 8);
	le(&h, arg_bytes, 4);
	memcpy(o.b + rec, h.b, 20);
	put("bincache", name, o.b, o.n);
}

static void put_entry(const char *name, const char *key, const unsigned char *bin, size_t n,
                      void (*damage)(unsigned char *, size_t))
{
	size_t len = txf__bincache_size(strlen(key), n);
	unsigned char *e = malloc(len);
	txf__bincache_encode(e, key, bin, n);
	if (damage)
		damage(e, len);
	put("bincache", name, e, len);
	free(e);
}

static void damage_version(unsigned char *e, size_t len)
{
	(void)len;
	e[8] = 2;
}

static void damage_checksum(unsigned char *e, size_t len)
{
	e[len - 1] ^= 0x40;
}

static void damage_binary_length(unsigned char *e, size_t len)
{
	(void)len;
	e[16]++;
}

static void make_bincache(void)
{
	char *key = fake_program_key();
	if (!key) {
		fprintf(stderr, "make_corpus: out of memory\n");
		exit(1);
	}
	static const unsigned char bin[] = "\x7f"
	                                   "ELF\x02\x01\x01 a small program binary";
	put_entry("valid-entry.bin", key, bin, sizeof bin - 1, NULL);
	put_entry("valid-one-byte.bin", key, bin, 1, NULL);
	put_entry("valid-other-key.bin", "libtiledxform program\nplatform=x\n", bin, 16, NULL);
	put_entry("near-version.bin", key, bin, sizeof bin - 1, damage_version);
	put_entry("near-checksum.bin", key, bin, sizeof bin - 1, damage_checksum);
	put_entry("near-lengths.bin", key, bin, sizeof bin - 1, damage_binary_length);
	/* Cut short: the header and half the key. */
	size_t len = txf__bincache_size(strlen(key), 8);
	unsigned char *e = malloc(len);
	txf__bincache_encode(e, key, bin, 8);
	put("bincache", "near-truncated.bin", e, TXF__BINCACHE_HEADER + strlen(key) / 2);
	free(e);
	/* Key and binary for the writer-to-reader direction. */
	put("bincache", "valid-key-and-binary.raw", "k=1\0binary", 10);
	put_pocl_binary("valid-pocl-9.raw", 9);
	put_pocl_binary("valid-pocl-11.raw", 11);
	free(key);
}

/* --------------------------------------------------------------- args */

static void put_args(const char *name, const char *const *argv)
{
	char buf[1024];
	size_t n = 0;
	for (size_t i = 0; argv[i]; i++) {
		size_t k = strlen(argv[i]);
		if (i)
			buf[n++] = '\0';
		memcpy(buf + n, argv[i], k);
		n += k;
	}
	put("args", name, buf, n);
}

#define ARGS(name, ...) put_args(name, (const char *const[]){__VA_ARGS__, NULL})

static void make_args(void)
{
	ARGS("help", "--help");
	ARGS("help-bench", "help", "bench");
	ARGS("version", "--version");
	ARGS("info", "info", "--device", "cpu", "--shape", "999x666x777", "--dtype", "float64");
	ARGS("transpose", "transpose", "in.npy", "out.npy", "--strategy=split", "--tile", "32",
	     "--wg-rows", "8");
	ARGS("transpose-in-place", "transpose", "--in-place", "--", "-in.npy", "out.npy");
	ARGS("matmul", "matmul", "a.npy", "b.npy", "c.npy", "--trans-a", "--alpha", "-0.5",
	     "--beta=2e-3", "--c", "c0.npy", "--params", "64,64,16,8,8,4,4");
	ARGS("matmul-named-params", "matmul", "a.npy", "b.npy", "o.npy", "--params", "kwg=16,vwa=2",
	     "--strategy", "padcopy");
	ARGS("demo", "demo", "--rows", "17", "--cols=65536", "--matmul-shape", "33", "--seed",
	     "18446744073709551615", "--runs", "1");
	ARGS("bench-matmul", "bench", "matmul", "--shape", "256,512x256x128", "--shape", "7x8x9",
	     "--strategy", "pad,split", "--compare", "none", "--format", "json", "--repeat", "3",
	     "--dtype", "f8");
	ARGS("bench-transpose", "bench", "--in-place", "transpose", "--shape", "4093x4099,64",
	     "--strategy", "all", "--plot", "out.png", "--format=csv");
	/* --sweep: drawn shapes with their range, cap and seed; then with
	 * --shape, a range upside down, a cap below the smallest shape. */
	ARGS("bench-sweep", "bench", "transpose", "--sweep", "3", "--sweep-range", "2:40",
	     "--sweep-max-elems=1000", "--seed", "18446744073709551615", "--strategy", "pad",
	     "--format", "json");
	ARGS("bench-sweep-matmul", "bench", "--sweep=10000", "matmul", "--sweep-range=16:8192",
	     "--param", "kwg=16");
	ARGS("near-sweep-shape", "bench", "transpose", "--sweep", "3", "--shape", "8");
	ARGS("near-sweep-range", "bench", "matmul", "--sweep", "3", "--sweep-range", "40:2");
	ARGS("near-sweep-max-elems", "bench", "transpose", "--sweep", "3", "--sweep-range",
	     "100:200", "--sweep-max-elems", "9999");
	ARGS("tune", "tune", "--op", "matmul", "--dtype", "f4,f8,c16", "--full", "--budget", "12",
	     "--repeat", "2");
	ARGS("near-tune-quick-full", "tune", "--quick", "--full");
	ARGS("near-bench-transpose-params", "bench", "transpose", "--params", "1,1,1,1,1,1,1");
	ARGS("near-matmul-beta", "matmul", "a.npy", "b.npy", "c.npy", "--beta", "1");
	/* What getopt_long would take but txf does not: abbreviations, a value
	 * for a switch; and a short-option cluster, whose position getopt_long
	 * keeps between calls. */
	ARGS("near-abbreviation", "bench", "matmul", "--c", "none", "--rep=3");
	ARGS("near-switch-value", "transpose", "a.npy", "b.npy", "--in-place=1");
	ARGS("near-short-cluster", "demo", "--runs", "2", "-xh");
	/* --param NAME=VALUE: every transpose parameter, matmul's with --params,
	 * bench's before the operation; then one thing wrong: a value out of
	 * range, a name of the other operation, a parameter given twice (also
	 * by --tile or --params), parameters that do not divide, a switch that
	 * --param replaced. */
	ARGS("transpose-params", "transpose", "--param", "stream=-1", "a.npy",
	     "--param=cache_hints=1", "b.npy", "--param", "segments=-1", "--param=width=128",
	     "--param", "inplace_tiles=1", "--param", "tile=32", "--param", "wg_rows=8");
	ARGS("matmul-param", "matmul", "a.npy", "b.npy", "o.npy", "--params", "mwg=64,nwg=64",
	     "--param", "kwg=16", "--param=vwa=4", "--param", "ksplit=2", "--param", "wmap=-0");
	ARGS("bench-matmul-param", "bench", "--param", "kgroups=2", "matmul", "--param=lbuf=2",
	     "--shape", "64");
	ARGS("params", "params", "--format", "json");
	ARGS("near-param-range", "transpose", "a.npy", "b.npy", "--param", "segments=9");
	ARGS("near-param-other-op", "matmul", "a.npy", "b.npy", "o.npy", "--param", "tile=8");
	ARGS("near-param-twice", "transpose", "a.npy", "b.npy", "--tile", "8", "--param",
	     "tile=16");
	ARGS("near-params-and-param", "matmul", "a.npy", "b.npy", "o.npy", "--params", "kwg=16",
	     "--param", "kwg=8");
	ARGS("near-param-divide", "matmul", "a.npy", "b.npy", "o.npy", "--param", "mwg=64",
	     "--param", "mdimc=3");
	ARGS("bench-transpose-param", "bench", "transpose", "--param", "tile=8");
	ARGS("near-former-switch", "transpose", "a.npy", "b.npy", "--segments", "3");
	/* --params: ten values by position, each set by the library's
	 * setter under its name (zeros too), then --param for none of them; a
	 * value the setter refuses; a name given twice. */
	ARGS("matmul-params-ten", "matmul", "a.npy", "b.npy", "o.npy", "--params",
	     "64,32,16,8,4,2,1,0,2,1", "--param", "kgroups=1");
	ARGS("near-params-range", "bench", "matmul", "--params", "64,64,16,8,8,4,4,0,1,1,9");
	ARGS("near-params-twice", "matmul", "a.npy", "b.npy", "o.npy", "--params", "mwg=64,mwg=32");
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: make_corpus DIR\n");
		return 2;
	}
	out_dir = argv[1];
	make_npy();
	make_tuning();
	make_bincache();
	make_args();
	return 0;
}
