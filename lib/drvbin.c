/* Checks of a driver's program binary before the driver reads it.
 *
 * A binary-cache entry passes its own checks (bincache.c) when its lengths
 * and checksum agree, which says nothing about the driver's binary inside
 * it. Some drivers trust their binaries completely: POCL reads the sizes a
 * binary declares without comparing them with its length, and writes the
 * files it holds to paths the binary names. A binary cut short or altered,
 * with a checksum made to agree, crashes the process inside the driver or
 * writes outside the driver's cache. Entries are only read from a private
 * directory (cachefs.c), so this is defence in depth: the binaries whose
 * format is known here are walked field by field, every size checked
 * against what is left and every file path checked, before the driver sees
 * them.
 *
 * POCL's format (versions 9 to 12: POCL 3.1 writes 9, 5.0 writes 11; all
 * integers little-endian):
 *   header   "poclbin\0", u64 device id, u32 version, u32 kernel count,
 *            u64 flags, u32 root entries, 41-byte build hash, and a u64
 *            when flags bit 1 (program-scope variables) is set
 *   entries  per root entry: u64 byte count, then files filling it exactly
 *   kernels  per kernel: u64 record size, u64 file bytes, u32 argument
 *            bytes, name, u32 arguments, u32 locals, 3 x u64 work-group
 *            size, u64 per local, attributes, metadata, the arguments
 *            (u32 access, u32 address, u64 type qualifier, u32 type, u32
 *            type size, name, type name), then the files (file bytes);
 *            the record size covers all of it
 *   file     a string (the path under the program's directory, starting
 *            with '/') and a string (the contents)
 *   string   u32 length, then that many bytes
 *
 * NVIDIA's binaries are PTX text. Binaries of other drivers are not
 * checked. */
#include "txf_internal.h"

#include <stdio.h>
#include <string.h>

/* A cursor over the binary: every read checks what is left. */
typedef struct reader {
	const unsigned char *p;
	size_t left;
	bool bad;
} reader;

static uint64_t take(reader *r, unsigned bytes)
{
	if (r->bad || r->left < bytes) {
		r->bad = true;
		return 0;
	}
	uint64_t v = 0;
	for (unsigned i = 0; i < bytes; i++)
		v |= (uint64_t)r->p[i] << (8 * i);
	r->p += bytes;
	r->left -= bytes;
	return v;
}

static const unsigned char *skip(reader *r, uint64_t bytes)
{
	if (r->bad || r->left < bytes) {
		r->bad = true;
		return NULL;
	}
	const unsigned char *at = r->p;
	r->p += bytes;
	r->left -= (size_t)bytes;
	return at;
}

/* A string; *len its length. */
static const unsigned char *string(reader *r, uint64_t *len)
{
	*len = take(r, 4);
	return skip(r, *len);
}

#define POCL_MIN_VERSION 9
#define POCL_MAX_VERSION 12
#define POCL_HASH_BYTES 41
#define POCL_MAX_PATH 256
#define POCL_MAX_ARGS 4096

/* Whether a file path may be written under the program's directory: it
 * starts with '/', has no NUL, no empty, "." or ".." component. */
static bool safe_path(const unsigned char *s, uint64_t len)
{
	if (len < 2 || len > POCL_MAX_PATH || s[0] != '/' || memchr(s, '\0', len))
		return false;
	size_t start = 1;
	for (size_t i = 1; i <= len; i++) {
		if (i < len && s[i] != '/')
			continue;
		size_t n = i - start;
		if (n == 0 || (n == 1 && s[start] == '.') ||
		    (n == 2 && s[start] == '.' && s[start + 1] == '.'))
			return false;
		start = i + 1;
	}
	return true;
}

/* Files filling exactly `bytes` of r. */
static bool files(reader *r, uint64_t bytes, char *why, size_t n)
{
	if (r->bad || bytes > r->left) {
		snprintf(why, n, "its files claim %llu bytes, %zu are left",
		         (unsigned long long)bytes, r->bad ? (size_t)0 : r->left);
		return false;
	}
	reader f = {r->p, (size_t)bytes, false};
	while (f.left && !f.bad) {
		uint64_t plen, clen;
		const unsigned char *path = string(&f, &plen);
		string(&f, &clen);
		if (!f.bad && !safe_path(path, plen)) {
			snprintf(why, n,
			         "a file path is not a plain path under the program's "
			         "directory");
			return false;
		}
	}
	if (f.bad) {
		snprintf(why, n, "a file runs past the %llu bytes of its entry",
		         (unsigned long long)bytes);
		return false;
	}
	skip(r, bytes);
	return true;
}

static bool pocl_kernel(reader *r, uint32_t version, unsigned index, char *why, size_t n)
{
	const unsigned char *start = r->p;
	const size_t left = r->left;
	const uint64_t record = take(r, 8), file_bytes = take(r, 8), arg_bytes = take(r, 4);
	if (r->bad || record > left || file_bytes > record) {
		snprintf(why, n,
		         "kernel %u: its record of %llu bytes (%llu of files) does not fit "
		         "the %zu bytes left",
		         index, (unsigned long long)record, (unsigned long long)file_bytes, left);
		return false;
	}
	if (record - file_bytes < 20) {
		snprintf(why, n, "kernel %u: its record of %llu bytes is shorter than its header",
		         index, (unsigned long long)record);
		return false;
	}
	/* The record alone, up to its files. */
	reader k = {start + 20, (size_t)(record - file_bytes) - 20, false};
	uint64_t len;
	string(&k, &len); /* name */
	const uint64_t args = take(&k, 4), locals = take(&k, 4);
	if (args > POCL_MAX_ARGS) {
		/* POCL puts 8 bytes per argument on the stack. */
		snprintf(why, n, "kernel %u: %llu arguments", index, (unsigned long long)args);
		return false;
	}
	skip(&k, 3 * 8);
	if (!k.bad && locals > k.left / 8)
		k.bad = true;
	skip(&k, locals * 8);
	string(&k, &len); /* attributes */
	if (version <= 10) {
		take(&k, 8); /* argument metadata bits */
	} else {
		take(&k, 4);
		const uint64_t flags = take(&k, 4);
		if (flags & ~(uint64_t)(version >= 12 ? 0xe : 0x6))
			k.bad = true;
		skip(&k, (flags & 4 ? 2 * 4 : 0) + (flags & 2 ? 5 * 4 : 0) + (flags & 8 ? 4 : 0));
	}
	const size_t before_args = k.left;
	for (uint64_t i = 0; i < args && !k.bad; i++) {
		skip(&k, 4 + 4 + 8 + 4 + 4);
		string(&k, &len);
		string(&k, &len);
	}
	if (k.bad || k.left != 0 || before_args != arg_bytes) {
		snprintf(why, n, "kernel %u: its fields do not fill its record of %llu bytes",
		         index, (unsigned long long)record);
		return false;
	}
	skip(r, record - file_bytes - 20);
	return files(r, file_bytes, why, n);
}

static bool pocl_binary_ok(const txf_device_profile *p, const unsigned char *bin, size_t len,
                           char *why, size_t n)
{
	reader r = {bin, len, false};
	const unsigned char *magic = skip(&r, 8);
	if (!magic || memcmp(magic, "poclbin", 8) != 0) {
		snprintf(why, n, "not a POCL binary (bad magic)");
		return false;
	}
	take(&r, 8); /* device id: POCL compares it */
	const uint32_t version = (uint32_t)take(&r, 4);
	const uint32_t kernels = (uint32_t)take(&r, 4);
	const uint64_t flags = take(&r, 8);
	const uint32_t roots = (uint32_t)take(&r, 4);
	skip(&r, POCL_HASH_BYTES);
	if (version >= 10 && (flags & 2))
		take(&r, 8);
	if (r.bad) {
		snprintf(why, n, "its POCL header is cut short");
		return false;
	}
	if (version < POCL_MIN_VERSION || version > POCL_MAX_VERSION) {
		snprintf(why, n,
		         "POCL binary format %u, which this library cannot check (%d to %d)",
		         version, POCL_MIN_VERSION, POCL_MAX_VERSION);
		return false;
	}
	/* POCL asserts that the root entries are as many as the device
	 * serialises: on CPU devices one (format 9) or two (10 on), on others
	 * one or two. */
	const bool cpu = p->kind == TXF_DEVICE_CPU;
	if ((cpu ? roots != (version >= 10 ? 2u : 1u) : roots == 0 || roots > 2) || kernels == 0) {
		snprintf(why, n, "%u root entries and %u kernels", roots, kernels);
		return false;
	}
	for (uint32_t i = 0; i < roots; i++) {
		const uint64_t bytes = take(&r, 8);
		if (!files(&r, bytes, why, n))
			return false;
	}
	for (uint32_t i = 0; i < kernels; i++)
		if (!pocl_kernel(&r, version, i, why, n))
			return false;
	if (r.left) {
		snprintf(why, n, "%zu bytes follow its last kernel", r.left);
		return false;
	}
	return true;
}

/* PTX: text, then NUL bytes at the most (driver 580 ends it with two). */
static bool ptx_ok(const unsigned char *bin, size_t len, char *why, size_t n)
{
	while (len && bin[len - 1] == '\0')
		len--;
	for (size_t i = 0; i < len; i++) {
		const unsigned char c = bin[i];
		if (c < 0x20 && c != '\n' && c != '\r' && c != '\t') {
			snprintf(why, n, "not PTX text (byte %zu is 0x%02x)", i, c);
			return false;
		}
	}
	return true;
}

bool txf__driver_binary_ok(const txf_device_profile *p, const unsigned char *bin, size_t len,
                           char *why, size_t n)
{
	if (p->vendor == TXF_VENDOR_POCL)
		return pocl_binary_ok(p, bin, len, why, n);
	if (p->vendor == TXF_VENDOR_NVIDIA)
		return ptx_ok(bin, len, why, n);
	return true;
}
