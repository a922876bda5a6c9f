/* Device profiles for the fuzz targets and the corpus generator: what
 * txf__profile_read would fill in, without OpenCL. Two kinds of device, so
 * that a tuning entry can fit one and not the other. */
#ifndef TXF_FUZZ_FAKE_DEVICE_H
#define TXF_FUZZ_FAKE_DEVICE_H

#include "txf_internal.h"

#include <stdio.h>
#include <string.h>

enum { FAKE_POCL_CPU, FAKE_SMALL_GPU, FAKE_DEVICE_COUNT };

static inline void fake_profile(int which, txf_device_profile *p)
{
	memset(p, 0, sizeof *p);
	if (which == FAKE_POCL_CPU) {
		snprintf(p->platform, sizeof p->platform, "Portable Computing Language");
		snprintf(p->vendor_name, sizeof p->vendor_name, "GenuineIntel");
		snprintf(p->name, sizeof p->name, "cpu-haswell-Intel(R) Xeon(R) CPU");
		snprintf(p->normalized_name, sizeof p->normalized_name, "Intel(R) Xeon(R) CPU");
		snprintf(p->driver_version, sizeof p->driver_version, "3.1+debian");
		snprintf(p->device_version, sizeof p->device_version, "OpenCL 3.0 PoCL HSTR");
		p->vendor = TXF_VENDOR_POCL;
		p->kind = TXF_DEVICE_CPU;
		p->compute_units = 2;
		p->local_mem_size = 256 * 1024;
		p->local_mem_emulated = 1;
		p->max_work_group_size = 4096;
		p->max_work_item_sizes[0] = p->max_work_item_sizes[1] = 4096;
		p->max_work_item_sizes[2] = 4096;
		p->preferred_multiple = 8;
		p->has_fp64 = 1;
	} else {
		snprintf(p->platform, sizeof p->platform, "Example GPU Platform");
		snprintf(p->vendor_name, sizeof p->vendor_name, "Example");
		snprintf(p->name, sizeof p->name, "Example GPU 1");
		snprintf(p->normalized_name, sizeof p->normalized_name, "Example GPU 1");
		snprintf(p->driver_version, sizeof p->driver_version, "1.0");
		snprintf(p->device_version, sizeof p->device_version, "OpenCL 1.2");
		p->vendor = TXF_VENDOR_OTHER;
		p->kind = TXF_DEVICE_GPU;
		p->compute_units = 8;
		p->local_mem_size = 32 * 1024;
		p->max_work_group_size = 256;
		p->max_work_item_sizes[0] = p->max_work_item_sizes[1] = 256;
		p->max_work_item_sizes[2] = 64;
		p->preferred_multiple = 32;
		p->has_fp64 = 0;
	}
	p->global_mem_size = (cl_ulong)1 << 32;
	p->max_alloc_size = (cl_ulong)1 << 30;
	p->mem_base_addr_align = 1024;
}

/* The binary-cache key of a small program on the POCL profile: the seed
 * corpus holds entries of it, and fuzz_bincache parses against it.
 * malloc'd; NULL when out of memory. */
static inline char *fake_program_key(void)
{
	static const char source[] = "__kernel void k(__global float *x) { x[0] = 1; }\n";
	txf_device_profile p;
	fake_profile(FAKE_POCL_CPU, &p);
	return txf__bincache_key(&p, "transpose.cl", source,
	                         txf__fnv1a(source, sizeof source - 1, TXF__FNV_INIT),
	                         "-DTILE=32 -DWG_ROWS=8");
}

#endif
