/* choice: auto's f32 matmul choice on the test device dressed as an H100, for "m n k" lines on
 * stdin. Build from the checkout's root against a debug build in build/, with SELECT_C the
 * path of the lib/select.c to weigh (a copy whose includes name ../lib/):
 * gcc -std=gnu11 -DSELECT_C='"/path/select.c"' -Ilib -Iinclude -Ibuild -Ibuild/include
 * -Ibuild/lib choice.c build/lib/libtiledxform_internal.a -lOpenCL -lm -lpthread
 * -Wl,--allow-multiple-definition */
#include SELECT_C
#include <stdlib.h>
int main(void)
{
	setenv("TXF_TUNING", "0", 1);
	txf_context *ctx = NULL;
	if (txf_context_create(&ctx, NULL) != TXF_SUCCESS)
		return 1;
	ctx->profile.vendor = TXF_VENDOR_NVIDIA;
	ctx->profile.kind = TXF_DEVICE_GPU;
	ctx->profile.local_mem_size = 48 * 1024;
	ctx->profile.max_work_group_size = 1024;
	ctx->profile.max_alloc_size = (cl_ulong)20 << 30;
	ctx->profile.compute_units = 132;
	ctx->profile.nv_compute_capability = 90;
	size_t m, n, k;
	while (scanf("%zu %zu %zu", &m, &n, &k) == 3) {
		txf_matmul_choice c;
		if (txf_matmul_explain(ctx, m, n, k, TXF_F32, NULL, &c) != TXF_SUCCESS) {
			printf("%zux%zux%zu error\n", m, n, k);
			continue;
		}
		long long mw, nw, ks;
		txf_matmul_choice_param(&c, "mwg", &mw);
		txf_matmul_choice_param(&c, "nwg", &nw);
		txf_matmul_choice_param(&c, "ksplit", &ks);
		printf("%zux%zux%zu %s %lldx%lld ks%lld\n", m, n, k, txf_strategy_name(c.strategy),
		       mw, nw, ks);
	}
	return 0;
}
