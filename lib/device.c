/* Device enumeration, selection by spec, and device profiles. */
#include "txf_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void get_str(cl_device_id d, cl_device_info what, char *out, size_t n)
{
	out[0] = '\0';
	if (clGetDeviceInfo(d, what, n, out, NULL) != CL_SUCCESS)
		out[0] = '\0';
	out[n - 1] = '\0';
}

/* Compute capability of an NVIDIA device, 10 major + minor, where the
 * driver offers cl_nv_device_attribute_query; 0 otherwise. */
#define TXF_NV_CC_MAJOR 0x4000 /* CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV */
#define TXF_NV_CC_MINOR 0x4001 /* CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV */
static unsigned nv_compute_capability(cl_device_id d)
{
	size_t n = 0;
	if (clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, NULL, &n) != CL_SUCCESS || n == 0)
		return 0;
	char *ext = malloc(n + 1);
	if (!ext)
		return 0;
	bool has = clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, n, ext, NULL) == CL_SUCCESS &&
	           (ext[n] = '\0', strstr(ext, "cl_nv_device_attribute_query") != NULL);
	free(ext);
	cl_uint major = 0, minor = 0;
	if (!has || clGetDeviceInfo(d, TXF_NV_CC_MAJOR, sizeof major, &major, NULL) != CL_SUCCESS ||
	    clGetDeviceInfo(d, TXF_NV_CC_MINOR, sizeof minor, &minor, NULL) != CL_SUCCESS ||
	    major > 99 || minor > 9)
		return 0;
	return major * 10 + minor;
}

static bool contains_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	if (n == 0)
		return true;
	for (; *hay; hay++) {
		size_t i = 0;
		while (i < n && hay[i] &&
		       tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
			i++;
		if (i == n)
			return true;
	}
	return false;
}

void txf__normalize_name(const char *in, char *out, size_t out_size)
{
	static const char *const prefixes[] = {"pthread-", "cpu-", "basic-"};
	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
		size_t n = strlen(prefixes[i]);
		if (strncmp(in, prefixes[i], n) == 0) {
			in += n;
			break;
		}
	}
	size_t o = 0;
	bool space = false;
	while (*in && isspace((unsigned char)*in))
		in++;
	for (; *in && o + 1 < out_size; in++) {
		if (isspace((unsigned char)*in)) {
			space = true;
			continue;
		}
		if (space && o > 0 && o + 2 < out_size)
			out[o++] = ' ';
		space = false;
		out[o++] = *in;
	}
	out[o] = '\0';
}

static txf_vendor classify_vendor(const char *vendor, const char *platform)
{
	if (contains_ci(platform, "Portable Computing Language") || contains_ci(platform, "pocl"))
		return TXF_VENDOR_POCL;
	if (contains_ci(vendor, "NVIDIA"))
		return TXF_VENDOR_NVIDIA;
	if (contains_ci(vendor, "Advanced Micro Devices") || contains_ci(vendor, "AMD"))
		return TXF_VENDOR_AMD;
	if (contains_ci(vendor, "Intel"))
		return TXF_VENDOR_INTEL;
	if (contains_ci(vendor, "Apple"))
		return TXF_VENDOR_APPLE;
	if (contains_ci(vendor, "ARM"))
		return TXF_VENDOR_ARM;
	if (contains_ci(vendor, "Qualcomm"))
		return TXF_VENDOR_QUALCOMM;
	return TXF_VENDOR_OTHER;
}

const char *txf_vendor_name(txf_vendor v)
{
	static const char *const names[] = {"other", "nvidia", "amd",      "intel",
	                                    "apple", "arm",    "qualcomm", "pocl"};
	return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "other";
}

const char *txf_device_kind_name(txf_device_kind k)
{
	static const char *const names[] = {"other", "gpu", "cpu", "accelerator"};
	return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "other";
}

bool txf__pocl_handle_cache_flaw(const txf_device_profile *p)
{
	if (p->vendor != TXF_VENDOR_POCL || p->kind != TXF_DEVICE_CPU)
		return false;
	/* POCL reports its own version as the driver's ("3.1+debian"); one
	 * that does not parse is taken to have the flaw, which costs nothing
	 * but the declaration. */
	char *end = NULL;
	long major = strtol(p->driver_version, &end, 10);
	return end == p->driver_version || major < 7;
}

txf_status txf__profile_read(cl_device_id d, txf_device_profile *p)
{
	memset(p, 0, sizeof *p);
	cl_platform_id plat = NULL;
	cl_int err = clGetDeviceInfo(d, CL_DEVICE_PLATFORM, sizeof plat, &plat, NULL);
	if (err != CL_SUCCESS)
		return txf__fail_cl(err, "clGetDeviceInfo(CL_DEVICE_PLATFORM)");
	if (clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof p->platform, p->platform, NULL) !=
	    CL_SUCCESS)
		p->platform[0] = '\0';
	p->platform[sizeof p->platform - 1] = '\0';
	get_str(d, CL_DEVICE_VENDOR, p->vendor_name, sizeof p->vendor_name);
	get_str(d, CL_DEVICE_NAME, p->name, sizeof p->name);
	get_str(d, CL_DRIVER_VERSION, p->driver_version, sizeof p->driver_version);
	get_str(d, CL_DEVICE_VERSION, p->device_version, sizeof p->device_version);
	txf__normalize_name(p->name, p->normalized_name, sizeof p->normalized_name);
	p->vendor = classify_vendor(p->vendor_name, p->platform);

	cl_device_type type = 0;
	cl_device_local_mem_type lmt = CL_LOCAL;
	cl_device_fp_config fp64 = 0;
	struct {
		cl_device_info what;
		void *dst;
		size_t size;
	} q[] = {
	    {CL_DEVICE_TYPE, &type, sizeof type},
	    {CL_DEVICE_MAX_COMPUTE_UNITS, &p->compute_units, sizeof p->compute_units},
	    {CL_DEVICE_LOCAL_MEM_SIZE, &p->local_mem_size, sizeof p->local_mem_size},
	    {CL_DEVICE_LOCAL_MEM_TYPE, &lmt, sizeof lmt},
	    {CL_DEVICE_MAX_WORK_GROUP_SIZE, &p->max_work_group_size, sizeof p->max_work_group_size},
	    {CL_DEVICE_MAX_WORK_ITEM_SIZES, p->max_work_item_sizes, sizeof p->max_work_item_sizes},
	    {CL_DEVICE_GLOBAL_MEM_SIZE, &p->global_mem_size, sizeof p->global_mem_size},
	    {CL_DEVICE_MAX_MEM_ALLOC_SIZE, &p->max_alloc_size, sizeof p->max_alloc_size},
	    {CL_DEVICE_MEM_BASE_ADDR_ALIGN, &p->mem_base_addr_align, sizeof p->mem_base_addr_align},
	};
	for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
		err = clGetDeviceInfo(d, q[i].what, q[i].size, q[i].dst, NULL);
		if (err != CL_SUCCESS)
			return txf__fail_cl(err, "clGetDeviceInfo");
	}
	if (clGetDeviceInfo(d, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL) != CL_SUCCESS)
		fp64 = 0;
	p->has_fp64 = fp64 != 0;
	p->nv_compute_capability = nv_compute_capability(d);
	p->local_mem_emulated = lmt == CL_GLOBAL;
	if (type & CL_DEVICE_TYPE_GPU)
		p->kind = TXF_DEVICE_GPU;
	else if (type & CL_DEVICE_TYPE_CPU)
		p->kind = TXF_DEVICE_CPU;
	else if (type & CL_DEVICE_TYPE_ACCELERATOR)
		p->kind = TXF_DEVICE_ACCELERATOR;
	else
		p->kind = TXF_DEVICE_OTHER;
	return TXF_SUCCESS;
}

typedef struct {
	cl_platform_id platform;
	cl_device_id device;
} device_ref;

/* All devices of all platforms, in a stable order. */
static txf_status enumerate(device_ref **out, size_t *count)
{
	*out = NULL;
	*count = 0;
	cl_uint np = 0;
	cl_int err = clGetPlatformIDs(0, NULL, &np);
	if (err == -1001 /* CL_PLATFORM_NOT_FOUND_KHR */ || (err == CL_SUCCESS && np == 0))
		return txf__fail(TXF_ERR_NO_DEVICE,
		                 "no OpenCL platform is installed (is an ICD such as POCL present "
		                 "under /etc/OpenCL/vendors?)");
	if (err != CL_SUCCESS)
		return txf__fail_cl(err, "clGetPlatformIDs");
	cl_platform_id *plats = calloc(np, sizeof *plats);
	if (!plats)
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory listing platforms");
	err = clGetPlatformIDs(np, plats, NULL);
	if (err != CL_SUCCESS) {
		free(plats);
		return txf__fail_cl(err, "clGetPlatformIDs");
	}
	device_ref *refs = NULL;
	size_t n = 0;
	for (cl_uint i = 0; i < np; i++) {
		cl_uint nd = 0;
		if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 0, NULL, &nd) != CL_SUCCESS ||
		    nd == 0)
			continue;
		cl_device_id *devs = calloc(nd, sizeof *devs);
		device_ref *grown = realloc(refs, (n + nd) * sizeof *refs);
		if (!devs || !grown) {
			free(devs);
			free(grown ? grown : refs);
			free(plats);
			return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory listing devices");
		}
		refs = grown;
		if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, nd, devs, NULL) == CL_SUCCESS) {
			for (cl_uint j = 0; j < nd; j++)
				refs[n++] = (device_ref){plats[i], devs[j]};
		}
		free(devs);
	}
	free(plats);
	if (n == 0) {
		free(refs);
		return txf__fail(TXF_ERR_NO_DEVICE,
		                 "OpenCL platforms are installed but none has a device");
	}
	*out = refs;
	*count = n;
	return TXF_SUCCESS;
}

txf_status txf_devices_list(txf_device_profile **profiles, size_t *count)
{
	TXF_CHECK_ARG(profiles && count, TXF_ERR_NULL_ARG,
	              "txf_devices_list: profiles and count must not be NULL");
	*profiles = NULL;
	*count = 0;
	device_ref *refs;
	size_t n;
	txf_status s = enumerate(&refs, &n);
	if (s != TXF_SUCCESS)
		return s;
	txf_device_profile *p = calloc(n, sizeof *p);
	if (!p) {
		free(refs);
		return txf__fail(TXF_ERR_OUT_OF_MEMORY, "out of memory listing devices");
	}
	for (size_t i = 0; i < n; i++) {
		s = txf__profile_read(refs[i].device, &p[i]);
		if (s != TXF_SUCCESS) {
			free(p);
			free(refs);
			return s;
		}
	}
	free(refs);
	*profiles = p;
	*count = n;
	return TXF_SUCCESS;
}

void txf_devices_free(txf_device_profile **profiles)
{
	if (profiles) {
		free(*profiles);
		*profiles = NULL;
	}
}

static bool all_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return false;
	return true;
}

txf_status txf__select_device(const char *spec, cl_platform_id *platform, cl_device_id *device)
{
	const char *origin = "option";
	if (!spec || !*spec) {
		spec = getenv("TXF_DEVICE");
		origin = "TXF_DEVICE";
		if (spec && !*spec)
			spec = NULL;
	}
	device_ref *refs;
	size_t n;
	txf_status s = enumerate(&refs, &n);
	if (s != TXF_SUCCESS)
		return s;
	long pick = -1;
	txf_device_profile p;
	if (!spec) {
		/* Default: the first GPU, else the first CPU, else the first device. */
		long cpu = -1;
		for (size_t i = 0; i < n && pick < 0; i++) {
			cl_device_type t = 0;
			clGetDeviceInfo(refs[i].device, CL_DEVICE_TYPE, sizeof t, &t, NULL);
			if (t & CL_DEVICE_TYPE_GPU)
				pick = (long)i;
			else if ((t & CL_DEVICE_TYPE_CPU) && cpu < 0)
				cpu = (long)i;
		}
		if (pick < 0)
			pick = cpu >= 0 ? cpu : 0;
	} else if (all_digits(spec)) {
		char *end;
		unsigned long idx = strtoul(spec, &end, 10);
		if (idx < n)
			pick = (long)idx;
	} else {
		bool want_gpu = strcasecmp(spec, "gpu") == 0,
		     want_cpu = strcasecmp(spec, "cpu") == 0;
		for (size_t i = 0; i < n && pick < 0; i++) {
			if (txf__profile_read(refs[i].device, &p) != TXF_SUCCESS)
				continue;
			if ((want_gpu && p.kind == TXF_DEVICE_GPU) ||
			    (want_cpu && p.kind == TXF_DEVICE_CPU) ||
			    (!want_gpu && !want_cpu &&
			     (contains_ci(p.name, spec) || contains_ci(p.platform, spec))))
				pick = (long)i;
		}
	}
	if (pick < 0) {
		char list[640] = "";
		size_t used = 0;
		for (size_t i = 0; i < n && used + 1 < sizeof list; i++) {
			if (txf__profile_read(refs[i].device, &p) != TXF_SUCCESS)
				continue;
			int w = snprintf(list + used, sizeof list - used, "%s[%zu] %s (%s)",
			                 i ? ", " : "", i, p.normalized_name,
			                 txf_device_kind_name(p.kind));
			if (w < 0)
				break;
			used += (size_t)w;
		}
		free(refs);
		return txf__fail(
		    TXF_ERR_DEVICE_NOT_FOUND,
		    "no device matches \"%s\" (from %s); expected an index, gpu, cpu or a "
		    "name substring; devices: %s",
		    spec, origin, list);
	}
	*platform = refs[pick].platform;
	*device = refs[pick].device;
	free(refs);
	return TXF_SUCCESS;
}
