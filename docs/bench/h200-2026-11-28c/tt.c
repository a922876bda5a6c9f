/* tt ELEM ROWS COLS REPS [name=value ...]: median kernel time of txf_transpose
 * (event profiling) and of a copy of the same bytes, alternating (built with
 * -DFASTEST: the fastest of each); checks the first result unless NOCHECK is
 * set. strategy=pad forces the strategy. */
#ifdef FASTEST
#define PICK 0
#else
#define PICK (n / 2)
#endif
#define CL_TARGET_OPENCL_VERSION 300
#include "tiledxform.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}
static double ev_us(cl_event ev)
{
	cl_ulong s, e;
	clWaitForEvents(1, &ev);
	clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &s, NULL);
	clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &e, NULL);
	clReleaseEvent(ev);
	return (e - s) * 1e-3;
}
int main(int argc, char **argv)
{
	int es = atoi(argv[1]);
	size_t R = atol(argv[2]), C = atol(argv[3]);
	int n = atoi(argv[4]);
	txf_dtype dt = es == 1 ? TXF_U8 : es == 2 ? TXF_U16 : es == 4 ? TXF_F32 : TXF_U64;
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	char tag[256] = "";
	for (int i = 5; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		strcat(tag, argv[i]);
		strcat(tag, " ");
		*eq = 0;
		if (!strcmp(argv[i], "strategy"))
			txf_strategy_parse(eq + 1, &o.strategy);
		else if (txf_transpose_options_set(&o, argv[i], atoll(eq + 1))) {
			fprintf(stderr, "bad param %s\n", argv[i]);
			return 2;
		}
	}
	txf_context *ctx = NULL;
	if (txf_context_create(&ctx, NULL))
		return 1;
	txf_matrix a, b;
	if (txf_matrix_alloc(ctx, dt, R, C, TXF_ROW_MAJOR, &a) ||
	    txf_matrix_alloc(ctx, dt, C, R, TXF_ROW_MAJOR, &b))
		return 1;
	size_t bytes = R * C * es;
	unsigned char *h = malloc(bytes), *g = malloc(bytes);
	unsigned long long x = 12345;
	for (size_t i = 0; i + 8 <= bytes; i += 8) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		unsigned long long y = x ^ x >> 29;
		memcpy(h + i, &y, 8);
	}
	for (size_t i = bytes / 8 * 8; i < bytes; i++)
		h[i] = (unsigned char)i;
	txf_matrix_write(ctx, &a, h, 0, 1, 0, NULL, NULL);
	cl_command_queue q = txf_context_queue(ctx);
	cl_event ev;
	txf_status s = txf_transpose(ctx, &a, &b, &o, 0, NULL, &ev);
	if (s) {
		printf("{\"r\":%zu,\"c\":%zu,\"e\":%d,\"tag\":\"%s\",\"error\":\"%s\"}\n", R, C, es,
		       tag, txf_last_error());
		return 0;
	}
	ev_us(ev);
	const char *ok = "unchecked";
	if (!getenv("NOCHECK")) {
		txf_matrix_read(ctx, &b, g, 0, 1, 0, NULL, NULL);
		clFinish(q);
		ok = "OK";
		for (size_t i = 0; i < R && ok[0] == 'O'; i++)
			for (size_t j = 0; j < C; j++)
				if (memcmp(g + (j * R + i) * es, h + (i * C + j) * es, es)) {
					ok = "FAIL";
					break;
				}
	}
	double *t = malloc(n * sizeof *t), *c = malloc(n * sizeof *c);
	for (int i = 0; i < n + 3; i++) {
		txf_transpose(ctx, &a, &b, &o, 0, NULL, &ev);
		double tt = ev_us(ev);
		clEnqueueCopyBuffer(q, a.buffer, b.buffer, 0, 0, bytes, 0, NULL, &ev);
		double cc = ev_us(ev);
		if (i >= 3) {
			t[i - 3] = tt;
			c[i - 3] = cc;
		}
	}
	qsort(t, n, 8, cmp);
	qsort(c, n, 8, cmp);
	txf_choice ch;
	txf_transpose_explain(ctx, R, C, dt, 0, &o, &ch);
	long long tile = 0, wg = 0, pk = 0;
	txf_choice_param(&ch, "tile", &tile);
	txf_choice_param(&ch, "wg_rows", &wg);
	txf_choice_param(&ch, "packed", &pk);
	printf("{\"r\":%zu,\"c\":%zu,\"e\":%d,\"tag\":\"%s\",\"xclopt\":\"%s\",\"tile\":%lld,"
	       "\"wg\":%lld,\"packed\":%lld,\"us\":%.2f,\"copy_us\":%.2f,\"ratio\":%.3f,"
	       "\"gbps\":%.0f,\"check\":\"%s\"}\n",
	       R, C, es, tag, getenv("XCLOPT") ? getenv("XCLOPT") : "", tile, wg, pk, t[PICK],
	       c[PICK], c[PICK] / t[PICK], 2e-3 * bytes / t[PICK], ok);
	return 0;
}
