/* Fuzz target: the tuning-file parser, txf__tuning_parse (lib/tuning.c),
 * and what a context does with a file it has read: txf__tuning_check
 * against the device, then the lookups of AUTO (txf__tuning_find and the
 * selections of select.c). The device is a fake profile in a context
 * struct that never touches OpenCL.
 *
 * Properties:
 *  - a refused file has a message naming the line;
 *  - an accepted file written again by txf__tuning_format is accepted
 *    again with the same contents (times to the 6 digits the writer
 *    keeps), and writing that gives the same text;
 *  - a tuning that passes the device check only holds launches that fit
 *    the device (checked here by arithmetic of its own), and a selection
 *    that takes a tuned entry takes that entry's tile or blocks. */
#include "fuzz.h"
#include "fake_device.h"
#include "txf_internal.h"

#include <math.h>
#include <string.h>

static bool same_tuned(const txf__tuned *a, const txf__tuned *b)
{
	if (a->valid != b->valid)
		return false;
	if (!a->valid)
		return true;
	double tol = 1e-5 * a->median_ms;
	return a->strategy == b->strategy && a->tile == b->tile && a->wg_rows == b->wg_rows &&
	       a->stream == b->stream && memcmp(&a->params, &b->params, sizeof a->params) == 0 &&
	       memcmp(a->shape, b->shape, sizeof a->shape) == 0 &&
	       fabs(a->median_ms - b->median_ms) <= tol;
}

static bool same_tuning(const txf_tuning *a, const txf_tuning *b)
{
	for (unsigned op = 0; op < TXF_TUNE_OP_COUNT; op++) {
		for (unsigned d = 0; d < TXF_DTYPE_COUNT; d++) {
			const txf__tuning_limits *la = &a->limits[op][d], *lb = &b->limits[op][d];
			if (la->valid != lb->valid)
				return false;
			if (la->valid && (la->large_from != lb->large_from ||
			                  la->padcopy_min != lb->padcopy_min))
				return false;
			for (unsigned c = 0; c < TXF_SIZE_CLASS_COUNT; c++)
				if (!same_tuned(&a->entries[op][d][c], &b->entries[op][d][c]))
					return false;
		}
	}
	return strcmp(a->mode, b->mode) == 0 && strcmp(a->created, b->created) == 0;
}

/* Independent of select.c: whether a checked entry's launch fits p. */
static void check_fits(const txf_device_profile *p, txf_tune_op op, txf_dtype d,
                       const txf__tuned *e)
{
	size_t elem = txf_dtype_size(d);
	FUZZ_CHECK(e->strategy == TXF_STRATEGY_SIMPLE || e->strategy == TXF_STRATEGY_PAD ||
	           e->strategy == TXF_STRATEGY_TRUNCATE || e->strategy == TXF_STRATEGY_SPLIT);
	if (op == TXF_TUNE_TRANSPOSE) {
		unsigned t = e->tile, r = e->wg_rows;
		FUZZ_CHECK(t >= 4 && t <= 128 && (t & (t - 1)) == 0);
		FUZZ_CHECK(r >= 1 && r <= t && (r & (r - 1)) == 0);
		FUZZ_CHECK((size_t)t * r <= p->max_work_group_size);
		FUZZ_CHECK((size_t)t * (t + 1) * elem <= p->local_mem_size);
		return;
	}
	const txf__mparams *q = &e->params;
	FUZZ_CHECK(d == TXF_F32 || (d == TXF_F64 && p->has_fp64));
	FUZZ_CHECK(q->mwg && q->nwg && q->kwg && q->mdimc && q->ndimc);
	FUZZ_CHECK(q->mwg % q->mdimc == 0 && q->nwg % q->ndimc == 0);
	FUZZ_CHECK((size_t)q->mdimc * q->ndimc * (q->kgroups ? q->kgroups : 1) <=
	           p->max_work_group_size);
	FUZZ_CHECK((size_t)q->kwg * (q->mwg + q->nwg) * elem <= p->local_mem_size);
}

/* A fake context of device `which` that consults t (when t passes). */
static void consult(int which, txf_tuning *t)
{
	txf_context ctx;
	memset(&ctx, 0, sizeof ctx);
	fake_profile(which, &ctx.profile);
	FUZZ_CHECK(pthread_mutex_init(&ctx.lock, NULL) == 0);
	char why[300] = "";
	txf_status s = txf__tuning_check(&ctx, t, why, sizeof why);
	if (s != TXF_SUCCESS) {
		FUZZ_CHECK(s < 0 && why[0] != '\0');
		pthread_mutex_destroy(&ctx.lock);
		return;
	}
	ctx.tuning = t;
	ctx.tuning_enabled = true;
	for (unsigned op = 0; op < TXF_TUNE_OP_COUNT; op++) {
		for (unsigned d = 0; d < TXF_DTYPE_COUNT; d++) {
			for (unsigned c = 0; c < TXF_SIZE_CLASS_COUNT; c++) {
				const txf__tuned *e = &t->entries[op][d][c];
				if (!e->valid)
					continue;
				check_fits(&ctx.profile, (txf_tune_op)op, (txf_dtype)d, e);
				size_t elem = txf_dtype_size((txf_dtype)d);
				/* The entry's own shape, and one element less on each side. */
				for (size_t less = 0; less < 2; less++) {
					size_t dims[3] = {e->shape[0] - less, e->shape[1] - less,
					                  e->shape[2] > less ? e->shape[2] - less
					                                     : 1};
					txf__tuned_pick pick;
					bool found = txf__tuning_find(&ctx, (txf_tune_op)op, elem,
					                              dims, &pick);
					if (op == TXF_TUNE_TRANSPOSE) {
						txf__tchoice ch;
						s = txf__select_transpose(&ctx, dims[0], dims[1],
						                          elem, false, NULL, &ch);
						if (s == TXF_SUCCESS &&
						    ch.tile_source == TXF_SOURCE_TUNED)
							FUZZ_CHECK(
							    found && ch.tile == pick.entry.tile &&
							    ch.wg_rows == pick.entry.wg_rows);
					} else {
						txf__mchoice ch;
						s = txf__select_matmul(&ctx, dims[0], dims[1],
						                       dims[2], elem, NULL, &ch);
						/* An entry's ksplit 0 leaves K slices to
						 * the device's rule, lbuf, wmap and kgroups
						 * 0 to the device's entry. */
						txf__mparams want = pick.entry.params;
						if (!want.ksplit)
							want.ksplit = ch.params.ksplit;
						if (!want.lbuf && ch.params.lbuf >= 1 &&
						    ch.params.lbuf <= 2)
							want.lbuf = ch.params.lbuf;
						if (!want.wmap && ch.params.wmap >= 1 &&
						    ch.params.wmap <= 2)
							want.wmap = ch.params.wmap;
						if (!want.kgroups && ch.params.kgroups >= 1 &&
						    ch.params.kgroups <= TXF_MAX_KGROUPS)
							want.kgroups = ch.params.kgroups;
						/* raster 0 leaves the order of the
						 * work-groups to the device's rule. */
						if (!want.raster && ch.params.raster >= 1)
							want.raster = ch.params.raster;
						/* mma 0 runs the fused multiply-adds. */
						if (!want.mma && ch.params.mma == 1)
							want.mma = 1;
						/* dot 0 keeps the tiled and blocked
						 * kernels: 1. */
						if (!want.dot && ch.params.dot == 1)
							want.dot = 1;
						/* kvec 0 sums along N: 1. */
						if (!want.kvec && ch.params.kvec == 1)
							want.kvec = 1;
						/* The choice says how it computes: 1, exact. */
						if (!want.precision && ch.params.precision == 1)
							want.precision = 1;
						if (s == TXF_SUCCESS &&
						    ch.params_source == TXF_SOURCE_TUNED)
							FUZZ_CHECK(found && ch.params.ksplit >= 1 &&
							           memcmp(&ch.params, &want,
							                  sizeof want) == 0);
					}
					txf__clear_error();
				}
			}
		}
	}
	pthread_mutex_destroy(&ctx.lock);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static txf__tuning_file f, g;
	char why[300] = "";
	if (txf__tuning_parse((const char *)data, size, &f, why, sizeof why) != 0) {
		FUZZ_CHECK(strncmp(why, "line ", 5) == 0);
		return 0;
	}
	/* A header value may be empty: a driver can report an empty version,
	 * and the file the writer makes for it must read back. */

	/* Written again for the device it names, and read back. */
	txf_device_profile p;
	fake_profile(FAKE_POCL_CPU, &p);
	snprintf(p.platform, sizeof p.platform, "%s", f.platform);
	snprintf(p.name, sizeof p.name, "%s", f.device);
	snprintf(p.driver_version, sizeof p.driver_version, "%s", f.driver);
	size_t len = 0, len2 = 0;
	char *text = txf__tuning_format(&f.tuning, &p, &len);
	FUZZ_CHECK(text != NULL && strlen(text) == len);
	int rc = txf__tuning_parse(text, len, &g, why, sizeof why);
	if (rc != 0)
		fprintf(stderr, "written text refused: %s\n%s", why, text);
	FUZZ_CHECK(rc == 0);
	FUZZ_CHECK(strcmp(g.library, txf_version()) == 0);
	FUZZ_CHECK(strcmp(g.platform, f.platform) == 0 && strcmp(g.device, f.device) == 0 &&
	           strcmp(g.driver, f.driver) == 0);
	FUZZ_CHECK(same_tuning(&f.tuning, &g.tuning));
	char *text2 = txf__tuning_format(&g.tuning, &p, &len2);
	FUZZ_CHECK(text2 != NULL && len2 == len && memcmp(text, text2, len) == 0);
	free(text2);
	free(text);

	for (int which = 0; which < FAKE_DEVICE_COUNT; which++)
		consult(which, &f.tuning);
	return 0;
}
