/* The binary cache's entries: the key that names a compiled program, and
 * the file that holds it.
 *
 * A program is identified by a key string: the platform, device, driver and
 * device version, the library version, the kernel file, two independent
 * 64-bit hashes and the length of its full source text, and the build
 * options. The entry's file name is the 64-bit FNV-1a of the key in hex,
 * "<16 hex digits>.bin", in the programs directory. The key is stored in
 * the file and compared on load, so a collision of file names or of source
 * hashes, or an entry of another driver, is never taken for the program.
 *
 * File format, version 1. All integers are little-endian and written byte
 * by byte, so files are the same on every host:
 *
 *   offset      size  field
 *   0           8     magic "TXFPROG\0"
 *   8           4     format version (1)
 *   12          4     key length K (bytes, no terminating NUL)
 *   16          8     binary length B (> 0)
 *   24          K     key
 *   24 + K      B     the program binary (CL_PROGRAM_BINARIES of the device)
 *   24 + K + B  8     64-bit FNV-1a of bytes [0, 24 + K + B)
 *
 * The file is exactly 32 + K + B bytes. The checksum detects corruption
 * (a torn or damaged file); trust in the file comes from the directory and
 * file checks of cachefs.c, never from the checksum.
 *
 * txf__bincache_parse is pure: no OpenCL, no allocation, no global state,
 * and safe on any bytes. */
#include "txf_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char magic[TXF__BINCACHE_MAGIC_LEN] = {'T', 'X', 'F', 'P',
                                                             'R', 'O', 'G', '\0'};

const char *txf__bincache_reason(txf__bincache_status s)
{
	switch (s) {
	case TXF__BINCACHE_OK:
		return "valid";
	case TXF__BINCACHE_TRUNCATED:
		return "truncated: shorter than the header and checksum";
	case TXF__BINCACHE_BAD_MAGIC:
		return "not a program cache file (bad magic)";
	case TXF__BINCACHE_BAD_VERSION:
		return "written in another format version";
	case TXF__BINCACHE_BAD_LENGTHS:
		return "the lengths in its header do not match the file size";
	case TXF__BINCACHE_BAD_CHECKSUM:
		return "checksum mismatch (the file is damaged)";
	case TXF__BINCACHE_KEY_MISMATCH:
		return "it holds another program (key mismatch)";
	}
	return "unknown";
}

/* ------------------------------------------------- little-endian fields */

static void put_le(unsigned char *p, uint64_t v, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le(const unsigned char *p, unsigned bytes)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* -------------------------------------------------------------- format */

size_t txf__bincache_size(size_t key_len, size_t bin_len)
{
	if (key_len > UINT32_MAX || bin_len > SIZE_MAX - TXF__BINCACHE_OVERHEAD - key_len)
		return 0;
	return TXF__BINCACHE_OVERHEAD + key_len + bin_len;
}

void txf__bincache_encode(unsigned char *out, const char *key, const unsigned char *bin,
                          size_t bin_len)
{
	size_t k = strlen(key);
	memcpy(out, magic, TXF__BINCACHE_MAGIC_LEN);
	put_le(out + 8, TXF__BINCACHE_VERSION, 4);
	put_le(out + 12, k, 4);
	put_le(out + 16, bin_len, 8);
	memcpy(out + TXF__BINCACHE_HEADER, key, k);
	memcpy(out + TXF__BINCACHE_HEADER + k, bin, bin_len);
	size_t body = TXF__BINCACHE_HEADER + k + bin_len;
	put_le(out + body, txf__fnv1a(out, body, TXF__FNV_INIT), 8);
}

txf__bincache_status txf__bincache_parse(const unsigned char *data, size_t len, const char *key,
                                         const unsigned char **bin, size_t *bin_len)
{
	*bin = NULL;
	*bin_len = 0;
	if (!data || len < TXF__BINCACHE_OVERHEAD)
		return TXF__BINCACHE_TRUNCATED;
	if (memcmp(data, magic, TXF__BINCACHE_MAGIC_LEN) != 0)
		return TXF__BINCACHE_BAD_MAGIC;
	if (get_le(data + 8, 4) != TXF__BINCACHE_VERSION)
		return TXF__BINCACHE_BAD_VERSION;
	uint64_t k = get_le(data + 12, 4), b = get_le(data + 16, 8);
	/* Compared without overflow: len >= OVERHEAD here, and k < 2^32. */
	uint64_t room = (uint64_t)(len - TXF__BINCACHE_OVERHEAD);
	if (b == 0 || k > room || b != room - k)
		return TXF__BINCACHE_BAD_LENGTHS;
	size_t body = TXF__BINCACHE_HEADER + (size_t)k + (size_t)b;
	if (get_le(data + body, 8) != txf__fnv1a(data, body, TXF__FNV_INIT))
		return TXF__BINCACHE_BAD_CHECKSUM;
	size_t want = strlen(key);
	if (want != k || memcmp(data + TXF__BINCACHE_HEADER, key, want) != 0)
		return TXF__BINCACHE_KEY_MISMATCH;
	*bin = data + TXF__BINCACHE_HEADER + k;
	*bin_len = (size_t)b;
	return TXF__BINCACHE_OK;
}

/* ------------------------------------------------------------------ key */

/* A second 64-bit hash of the source, independent of FNV-1a: 8-byte words
 * through the SplitMix64 finalizer. */
static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

uint64_t txf__hash2(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 0x243F6A8885A308D3ull ^ (uint64_t)len;
	size_t i = 0;
	for (; i + 8 <= len; i += 8)
		h = mix64(h ^ get_le(p + i, 8)) + 0x9E3779B97F4A7C15ull;
	uint64_t tail = 0;
	for (unsigned s = 0; i < len; i++, s += 8)
		tail |= (uint64_t)p[i] << s;
	return mix64(h ^ tail ^ 0x5851F42D4C957F2Dull);
}

char *txf__bincache_key(const txf_device_profile *p, const char *file, const char *source,
                        uint64_t source_hash, const char *options)
{
	size_t slen = strlen(source);
	const char *fmt = "libtiledxform program\n"
	                  "platform=%s\n"
	                  "device=%s\n"
	                  "driver=%s\n"
	                  "device_version=%s\n"
	                  "library=%s\n"
	                  "file=%s\n"
	                  "source=%016llx-%016llx-%zu\n"
	                  "options=%s\n";
	unsigned long long h1 = source_hash, h2 = txf__hash2(source, slen);
	int n = snprintf(NULL, 0, fmt, p->platform, p->name, p->driver_version, p->device_version,
	                 txf_version(), file, h1, h2, slen, options);
	if (n < 0)
		return NULL;
	char *key = malloc((size_t)n + 1);
	if (key)
		snprintf(key, (size_t)n + 1, fmt, p->platform, p->name, p->driver_version,
		         p->device_version, txf_version(), file, h1, h2, slen, options);
	return key;
}

void txf__bincache_file_name(const char *key, char name[TXF__BINCACHE_NAME_SIZE])
{
	snprintf(name, TXF__BINCACHE_NAME_SIZE, "%016llx.bin",
	         (unsigned long long)txf__fnv1a(key, strlen(key), TXF__FNV_INIT));
}
