/* Fuzz target: the entry parser of the on-disk binary cache,
 * txf__bincache_parse (lib/bincache.c), which reads files that may be torn,
 * damaged or written by someone else.
 *
 * Each input is used three ways:
 *  1. as an entry file, parsed against the key of a known program (the
 *     seed corpus holds entries of it) and against the key the file itself
 *     claims;
 *  2. the same with the checksum recomputed, so that mutations get past the
 *     checksum to the length and key checks;
 *  3. split at its first NUL into a key and a binary, encoded with
 *     txf__bincache_encode and parsed back;
 *  4. as the driver's binary inside an entry, checked by
 *     txf__driver_binary_ok (lib/drvbin.c) for POCL and NVIDIA devices.
 * Properties: an accepted entry lies inside the input and encodes back to
 * exactly the input's bytes; a refused one yields no binary; whatever the
 * writer writes, the reader accepts with the same key and binary. */
#include "fuzz.h"
#include "fake_device.h"
#include "txf_internal.h"

#include <string.h>

static const char *known_key(void)
{
	static char *key;
	if (!key) {
		key = fake_program_key();
		FUZZ_CHECK(key != NULL);
	}
	return key;
}

/* Parse data against key and check what the parser promises. */
static void parse_and_check(const unsigned char *data, size_t len, const char *key)
{
	const unsigned char *bin = (const unsigned char *)"x";
	size_t bin_len = 12345;
	txf__bincache_status s = txf__bincache_parse(data, len, key, &bin, &bin_len);
	FUZZ_CHECK(txf__bincache_reason(s) != NULL);
	if (s != TXF__BINCACHE_OK) {
		FUZZ_CHECK(bin == NULL && bin_len == 0);
		return;
	}
	size_t k = strlen(key);
	FUZZ_CHECK(bin_len > 0);
	FUZZ_CHECK(bin == data + TXF__BINCACHE_HEADER + k);
	FUZZ_CHECK(txf__bincache_size(k, bin_len) == len);
	unsigned char *again = malloc(len);
	FUZZ_CHECK(again != NULL);
	txf__bincache_encode(again, key, bin, bin_len);
	FUZZ_CHECK(memcmp(again, data, len) == 0);
	free(again);
}

/* The key the entry claims (header bytes 12..15 give its length), as a
 * string; NULL when the input is too short to hold it. */
static char *claimed_key(const unsigned char *data, size_t len)
{
	if (len < TXF__BINCACHE_HEADER)
		return NULL;
	uint64_t k = 0;
	for (unsigned i = 0; i < 4; i++)
		k |= (uint64_t)data[12 + i] << (8 * i);
	if (k > len - TXF__BINCACHE_HEADER)
		return NULL;
	char *key = malloc((size_t)k + 1);
	FUZZ_CHECK(key != NULL);
	memcpy(key, data + TXF__BINCACHE_HEADER, (size_t)k);
	key[k] = '\0';
	return key;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* 1. The bytes as they are, in a buffer of exactly their size. */
	unsigned char *copy = calloc(size ? size : 1, 1);
	FUZZ_CHECK(copy != NULL);
	if (size)
		memcpy(copy, data, size);
	parse_and_check(copy, size, known_key());
	char *own = claimed_key(copy, size);
	if (own)
		parse_and_check(copy, size, own);

	/* 2. With a correct checksum over everything before the last 8 bytes. */
	if (size >= TXF__BINCACHE_OVERHEAD) {
		size_t body = size - 8;
		uint64_t h = txf__fnv1a(copy, body, TXF__FNV_INIT);
		for (unsigned i = 0; i < 8; i++)
			copy[body + i] = (unsigned char)(h >> (8 * i));
		parse_and_check(copy, size, known_key());
		if (own)
			parse_and_check(copy, size, own);
	}
	free(own);
	free(copy);

	/* 3. Writer to reader: key up to the first NUL, the rest the binary. */
	const unsigned char *nul = memchr(data, '\0', size);
	if (nul && (size_t)(nul - data) + 1 < size) {
		size_t k = (size_t)(nul - data);
		const unsigned char *b = nul + 1;
		size_t blen = size - k - 1;
		size_t total = txf__bincache_size(k, blen);
		FUZZ_CHECK(total == TXF__BINCACHE_OVERHEAD + k + blen);
		unsigned char *entry = malloc(total);
		FUZZ_CHECK(entry != NULL);
		txf__bincache_encode(entry, (const char *)data, b, blen);
		const unsigned char *got = NULL;
		size_t got_len = 0;
		FUZZ_CHECK(txf__bincache_parse(entry, total, (const char *)data, &got, &got_len) ==
		           TXF__BINCACHE_OK);
		FUZZ_CHECK(got_len == blen && memcmp(got, b, blen) == 0);
		/* One byte more or less is never a valid entry. */
		FUZZ_CHECK(txf__bincache_parse(entry, total - 1, (const char *)data, &got,
		                               &got_len) != TXF__BINCACHE_OK);
		free(entry);
	}

	/* 4. As a driver's program binary: the same answer twice, and an
	 * accepted POCL binary refused one byte shorter (its sizes must
	 * account for every byte). */
	static const txf_device_profile devs[] = {
	    {.vendor = TXF_VENDOR_POCL, .kind = TXF_DEVICE_CPU},
	    {.vendor = TXF_VENDOR_POCL, .kind = TXF_DEVICE_GPU},
	    {.vendor = TXF_VENDOR_NVIDIA, .kind = TXF_DEVICE_GPU},
	};
	for (size_t d = 0; d < sizeof devs / sizeof devs[0]; d++) {
		char why[200] = "", why2[200] = "";
		const bool ok = txf__driver_binary_ok(&devs[d], data, size, why, sizeof why);
		FUZZ_CHECK(ok == txf__driver_binary_ok(&devs[d], data, size, why2, sizeof why2));
		FUZZ_CHECK(ok || why[0]);
		if (ok && devs[d].vendor == TXF_VENDOR_POCL)
			FUZZ_CHECK(
			    !txf__driver_binary_ok(&devs[d], data, size - 1, why2, sizeof why2));
	}
	return 0;
}
