#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// Register-only f64 mma.sync rate: ACC independent accumulator tiles per warp, ITERS rounds.
#ifndef ACC
#define ACC 8
#endif
__kernel void probe(__global double *out, int iters, double seed)
{
	const uint lid = get_local_id(0);
	double a[8], b[4];
	for (int i = 0; i < 8; i++) a[i] = seed + lid * 0.001 + i;
	for (int i = 0; i < 4; i++) b[i] = seed * 0.5 + lid * 0.002 + i;
	ulong c[ACC][4];
	for (int j = 0; j < ACC; j++) for (int e = 0; e < 4; e++) c[j][e] = 0;
	for (int it = 0; it < iters; it++) {
#pragma unroll
		for (int j = 0; j < ACC; j++) {
#if SHAPE == 4
			asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
			: "+l"(c[j][0]), "+l"(c[j][1]), "+l"(c[j][2]), "+l"(c[j][3]) : "l"(as_ulong(a[0])), "l"(as_ulong(a[1])), "l"(as_ulong(b[0])));
#elif SHAPE == 8
			asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
			: "+l"(c[j][0]), "+l"(c[j][1]), "+l"(c[j][2]), "+l"(c[j][3]) : "l"(as_ulong(a[0])), "l"(as_ulong(a[1])), "l"(as_ulong(a[2])), "l"(as_ulong(a[3])), "l"(as_ulong(b[0])), "l"(as_ulong(b[1])));
#elif SHAPE == 16
			asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15}, {%0, %1, %2, %3};"
			: "+l"(c[j][0]), "+l"(c[j][1]), "+l"(c[j][2]), "+l"(c[j][3]) : "l"(as_ulong(a[0])), "l"(as_ulong(a[1])), "l"(as_ulong(a[2])), "l"(as_ulong(a[3])), "l"(as_ulong(a[4])), "l"(as_ulong(a[5])), "l"(as_ulong(a[6])), "l"(as_ulong(a[7])), "l"(as_ulong(b[0])), "l"(as_ulong(b[1])), "l"(as_ulong(b[2])), "l"(as_ulong(b[3])));
#else
			asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
			: "+l"(c[j][0]), "+l"(c[j][1]) : "l"(as_ulong(a[0])), "l"(as_ulong(b[0])));
#endif
		}
	}
	double s = 0;
	for (int j = 0; j < ACC; j++) for (int e = 0; e < 4; e++) s += as_double(c[j][e]);
	out[get_global_id(0)] = s;
}
