/* Calibrating a device's matmul cost model: block sets timed on this
 * device, their rates scaled to match (txf_tuning_calibrate).
 *
 * The built-in rates of a cost model were measured on one device of the
 * entry's kind (docs/api.md, "The cost model"); another CPU or GPU of the
 * same kind runs some sets relatively faster than others. The model's rates
 * are rates of arithmetic, which holds where a set's blocks are square-ish
 * and of 32 or more on a side, and K deep enough that the arithmetic
 * dominates: each such set runs a
 * product of whole blocks, sized for about CALIBRATE_S at the built-in
 * rate, and its scale is the factor on its rates for which the model's
 * estimate of that product equals the fastest of its timed runs (POCL at
 * times leaves a second core idle through a run of milliseconds, which a
 * median can catch), divided by the scale the same measurement gives on
 * the devices the rates were fitted to, where the entry records it (the
 * H100 and H200 gave 0.97 to 1.35: one product per set sits that far from
 * a fit over many). Smaller blocks and those for skinny products (four
 * times as tall as wide or more, or the reverse, and those summing along
 * K) run at the speed of their operands' traffic there, which a rate of
 * arithmetic measured here would misstate: they take the median scale of
 * the others, the device's speed against the entry's, and keep their
 * built-in ratios to each other. (On a 2-core Xeon, scales of their own
 * made the model trade sets summing along K for 8 x 8 blocks on products
 * of one column that then ran 3 times as long.) */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "txf_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CALIBRATE_S 4e-3
#define WARM_RUNS 2
#define TIMED_RUNS 7
#define CALIBRATE_K 2048
/* Bytes of each operand, at most: on CPUs data that the last-level cache
 * holds, as in the products whose times the built-in rates were fitted
 * to; on GPUs enough for several rounds of work-groups on every compute
 * unit. */
#define OPERAND_MAX_CPU ((double)(8u << 20))
#define OPERAND_MAX_GPU ((double)(64u << 20))

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Whether set c takes the others' median scale (see the top of the
 * file): small or skinny blocks, and sets that run only packed (the
 * product timed here is unpacked). */
static bool takes_median(const txf__mcost *c)
{
	const txf__mparams *p = &c->p;
	return c->packed_only || p->kvec > 1 || p->mwg < 32 || p->nwg < 32 ||
	       p->mwg >= 4 * p->nwg || p->nwg >= 4 * p->mwg;
}

/* The product set c is timed on: a C of whole blocks about as tall as
 * wide, as many of them as take about CALIBRATE_S on every compute unit at
 * the built-in rate, over a K of CALIBRATE_K (whole K steps); within
 * OPERAND_MAX_CPU or _GPU an operand, fewer blocks (as many as work-groups run at once
 * at least), then a shorter K. */
static void calibration_shape(const txf__mcost *c, const txf__mparams *p, unsigned cus, size_t elem,
                              bool gpu, size_t *m, size_t *n, size_t *k)
{
	const double most = gpu ? OPERAND_MAX_GPU : OPERAND_MAX_CPU;
	double kk = ceil((double)CALIBRATE_K / p->kwg) * p->kwg;
	const double per_block = 2.0 * p->mwg * p->nwg * kk / c->rate;
	const double unit = (double)cus * (c->slots ? c->slots : 1);
	double blocks = fmax(unit, ceil(CALIBRATE_S / per_block) * cus);
	blocks = ceil(blocks / unit) * unit;
	double gn = fmax(1.0, round(sqrt(blocks * p->mwg / p->nwg)));
	double gm = ceil(blocks / gn);
	while (gm * gn > unit &&
	       fmax(fmax(gm * p->mwg, gn * p->nwg) * kk, gm * p->mwg * gn * p->nwg) * (double)elem >
	           most) {
		if (gm >= gn)
			gm = ceil(gm / 2);
		else
			gn = ceil(gn / 2);
	}
	while (kk > p->kwg && fmax(gm * p->mwg, gn * p->nwg) * kk * (double)elem > most)
		kk = fmax(p->kwg, floor(kk / 2 / p->kwg) * p->kwg);
	*m = (size_t)gm * p->mwg;
	*n = (size_t)gn * p->nwg;
	*k = (size_t)kk;
}

/* Force every parameter of p, and K whole. */
static txf_status force_params(txf_matmul_options *o, const txf__mparams *p)
{
	const struct {
		const char *name;
		unsigned v;
	} f[] = {{"mwg", p->mwg},     {"nwg", p->nwg}, {"kwg", p->kwg},         {"mdimc", p->mdimc},
	         {"ndimc", p->ndimc}, {"vwa", p->vwa}, {"vwb", p->vwb},         {"lbuf", p->lbuf},
	         {"wmap", p->wmap},   {"mma", p->mma}, {"kgroups", p->kgroups}, {"kvec", p->kvec},
	         {"ksplit", 1}};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
		if (!f[i].v)
			continue;
		txf_status s = txf_matmul_options_set(o, f[i].name, f[i].v);
		if (s != TXF_SUCCESS)
			return s;
	}
	return TXF_SUCCESS;
}

/* The fastest of TIMED_RUNS products m x n x k (after WARM_RUNS), in
 * seconds, each from its enqueue to the end of its event. */
static txf_status time_set(txf_context *ctx, txf_dtype dtype, const txf__matmul_entry *e,
                           const txf__mparams *p, size_t m, size_t n, size_t k, const void *ones,
                           double *fastest)
{
	txf_matrix a = {0}, b = {0}, c = {0};
	txf_status s = txf_matrix_alloc(ctx, dtype, m, k, TXF_ROW_MAJOR, &a);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, dtype, k, n, TXF_ROW_MAJOR, &b);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, dtype, m, n, TXF_ROW_MAJOR, &c);
	/* Ones: no denormals or NaNs, whose arithmetic runs slower on CPUs. */
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &a, ones, k, 1, 0, NULL, NULL);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &b, ones, n, 1, 0, NULL, NULL);
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = e->divisible;
	if (s == TXF_SUCCESS)
		s = force_params(&o, p);
	double t[TIMED_RUNS];
	for (int r = 0; s == TXF_SUCCESS && r < WARM_RUNS + TIMED_RUNS; r++) {
		cl_event ev = NULL;
		const double t0 = now_s();
		s = txf_matmul(ctx, TXF_OP_N, TXF_OP_N, 1.0, &a, &b, 0.0, &c, &o, 0, NULL, &ev);
		if (s != TXF_SUCCESS)
			break;
		const cl_int err = clWaitForEvents(1, &ev);
		const double t1 = now_s();
		clReleaseEvent(ev);
		if (err != CL_SUCCESS)
			s = txf__fail_cl(err, "clWaitForEvents");
		else if (r >= WARM_RUNS)
			t[r - WARM_RUNS] = t1 - t0;
	}
	txf_matrix_free(&a);
	txf_matrix_free(&b);
	txf_matrix_free(&c);
	if (s == TXF_SUCCESS) {
		qsort(t, TIMED_RUNS, sizeof t[0], cmp_double);
		*fastest = t[0];
	}
	return s;
}

/* x to four significant digits, as the tuning file writes it back. */
static double four_digits(double x)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%.4g", x);
	return strtod(buf, NULL);
}

double txf__calibrated(const txf__mcost *c, double measured)
{
	const double ref = c->calib > 0 ? c->calib : 1.0;
	return four_digits(fmin(TXF__SCALE_MAX, fmax(1.0 / TXF__SCALE_MAX, measured / ref)));
}

/* The factor on c's rates for which the model's estimate is `seconds`:
 * the estimate falls as the factor grows; bisected in logs within
 * [1 / TXF__SCALE_MAX, TXF__SCALE_MAX]. */
static double fit_scale(const txf__matmul_entry *e, const txf__mcost *c, const txf__mparams *p,
                        unsigned cus, size_t m, size_t n, size_t k, size_t elem, double seconds)
{
	double lo = -log(TXF__SCALE_MAX), hi = log(TXF__SCALE_MAX);
	if (txf__model_time(e, c, exp(hi), p, cus, m, n, k, elem) >= seconds)
		return TXF__SCALE_MAX;
	if (txf__model_time(e, c, exp(lo), p, cus, m, n, k, elem) <= seconds)
		return 1.0 / TXF__SCALE_MAX;
	for (int i = 0; i < 50; i++) {
		const double mid = (lo + hi) / 2;
		if (txf__model_time(e, c, exp(mid), p, cus, m, n, k, elem) > seconds)
			lo = mid;
		else
			hi = mid;
	}
	return exp((lo + hi) / 2);
}

txf_status txf_tuning_calibrate(txf_context *ctx, txf_tuning *t, txf_dtype dtype, double *scales,
                                size_t max, size_t *count)
{
	TXF_CHECK_ARG(ctx && t, TXF_ERR_NULL_ARG,
	              "txf_tuning_calibrate: ctx and t must not be NULL");
	TXF_CHECK_ARG(!max || scales, TXF_ERR_NULL_ARG,
	              "txf_tuning_calibrate: scales is NULL with max %zu", max);
	TXF_CHECK_ARG(dtype == TXF_F32 || dtype == TXF_F64, TXF_ERR_BAD_DTYPE,
	              "txf_tuning_calibrate: the cost models are of f32 and f64 products, not %s",
	              txf_dtype_name(dtype) ? txf_dtype_name(dtype) : "an unknown type");
	const txf_device_profile *prof = &ctx->profile;
	TXF_CHECK_ARG(dtype != TXF_F64 || prof->has_fp64, TXF_ERR_FP64_UNSUPPORTED,
	              "txf_tuning_calibrate: %s has no double precision", prof->name);
	const txf__matmul_entry *e = txf__matmul_entry_for(prof);
	const size_t elem = txf_dtype_size(dtype);
	const txf__mcost *sets = elem == 4 ? e->cost_f32 : e->cost_f64;
	const unsigned cus = prof->compute_units;
	const bool gpu = prof->kind == TXF_DEVICE_GPU;
	TXF_CHECK_ARG(sets[0].p.mwg && cus, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "txf_tuning_calibrate: the device entry %s has no cost model for %s "
	              "products",
	              e->name, txf_dtype_name(dtype));
	for (size_t i = 0; i < sizeof e->model_devices / sizeof e->model_devices[0]; i++) {
		const char *d = e->model_devices[i];
		TXF_CHECK_ARG(
		    !d || strncmp(prof->normalized_name, d, strlen(d)) != 0,
		    TXF_ERR_STRATEGY_NOT_APPLICABLE,
		    "txf_tuning_calibrate: the built-in rates of %s were measured on this "
		    "kind of device (%s)",
		    e->name, d);
	}
	/* The largest operand, in elements, for the host's ones. */
	size_t most = 0;
	for (unsigned i = 0; i < TXF__MCOST_SETS && sets[i].p.mwg; i++) {
		txf__mparams p;
		size_t m, n, k;
		if (takes_median(&sets[i]) || !txf__model_set(ctx, &sets[i], elem, &p))
			continue;
		calibration_shape(&sets[i], &p, cus, elem, gpu, &m, &n, &k);
		most = m * k > most ? m * k : most;
		most = k * n > most ? k * n : most;
	}
	void *ones = malloc(most ? most * elem : 1);
	TXF_CHECK_ARG(ones, TXF_ERR_OUT_OF_MEMORY, "txf_tuning_calibrate: out of host memory");
	for (size_t i = 0; i < most; i++) {
		if (elem == 4)
			((float *)ones)[i] = 1.0f;
		else
			((double *)ones)[i] = 1.0;
	}
	txf__model_scale got[TXF__MODEL_SCALES];
	memset(got, 0, sizeof got);
	double timed[TXF__MCOST_SETS];
	unsigned ntimed = 0;
	txf_status s = TXF_SUCCESS;
	for (unsigned i = 0; i < TXF__MCOST_SETS && sets[i].p.mwg; i++) {
		txf__mparams p;
		if (!txf__model_set(ctx, &sets[i], elem, &p))
			continue;
		const txf__mparams *q = &sets[i].p;
		got[i] = (txf__model_scale){.valid = 1,
		                            .mwg = q->mwg,
		                            .nwg = q->nwg,
		                            .kwg = q->kwg,
		                            .vwa = q->vwa,
		                            .vwb = q->vwb,
		                            .kvec = q->kvec ? q->kvec : 1,
		                            .scale = 0};
		if (takes_median(&sets[i]))
			continue;
		size_t m, n, k;
		calibration_shape(&sets[i], &p, cus, elem, gpu, &m, &n, &k);
		double seconds = 0;
		s = time_set(ctx, dtype, e, &p, m, n, k, ones, &seconds);
		if (s != TXF_SUCCESS)
			break;
		got[i].scale = txf__calibrated(
		    &sets[i], fit_scale(e, &sets[i], &p, cus, m, n, k, elem, seconds));
		timed[ntimed++] = got[i].scale;
	}
	/* The small and skinny sets: the median of the others' scales. */
	double median = 1.0;
	if (ntimed) {
		qsort(timed, ntimed, sizeof timed[0], cmp_double);
		median = four_digits(ntimed % 2 ? timed[ntimed / 2]
		                                : sqrt(timed[ntimed / 2 - 1] * timed[ntimed / 2]));
	}
	size_t measured = 0;
	for (unsigned i = 0; i < TXF__MODEL_SCALES; i++) {
		if (!got[i].valid)
			continue;
		if (got[i].scale == 0)
			got[i].scale = median;
		if (measured < max)
			scales[measured] = got[i].scale;
		measured++;
	}
	free(ones);
	if (s != TXF_SUCCESS)
		return s;
	memcpy(t->model[dtype], got, sizeof got);
	if (count)
		*count = measured;
	return TXF_SUCCESS;
}
