// LD_PRELOAD shim: appends $XCLOPT to every clBuildProgram's options and, with $XCLLOG, appends the
// lines of each build log that name registers, spills or entries to that file.
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef cl_int (*build_fn)(cl_program, cl_uint, const cl_device_id *, const char *,
                           void(CL_CALLBACK *)(cl_program, void *), void *);
CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program p, cl_uint n, const cl_device_id *d,
                                               const char *o,
                                               void(CL_CALLBACK *cb)(cl_program, void *), void *u)
{
	static build_fn real;
	if (!real)
		real = (build_fn)dlsym(RTLD_NEXT, "clBuildProgram");
	const char *x = getenv("XCLOPT");
	size_t len = (o ? strlen(o) : 0) + (x ? strlen(x) : 0) + 2;
	char *opt = malloc(len);
	snprintf(opt, len, "%s %s", o ? o : "", x ? x : "");
	cl_int e = real(p, n, d, opt, cb, u);
	const char *lf = getenv("XCLLOG");
	if (lf && n == 1) {
		size_t sz = 0;
		clGetProgramBuildInfo(p, d[0], CL_PROGRAM_BUILD_LOG, 0, NULL, &sz);
		char *log = malloc(sz + 1);
		clGetProgramBuildInfo(p, d[0], CL_PROGRAM_BUILD_LOG, sz, log, NULL);
		log[sz] = 0;
		FILE *f = fopen(lf, "a");
		if (f) {
			const char *dm = strstr(opt, "-DMWG");
			fprintf(f, "== build %d: %.300s\n", (int)e, dm ? dm : opt);
			for (char *l = strtok(log, "\n"); l; l = strtok(NULL, "\n"))
				if (strstr(l, "egister") || strstr(l, "spill") ||
				    strstr(l, "Compiling") || strstr(l, "error"))
					fprintf(f, "%s\n", l);
			fclose(f);
		}
		free(log);
	}
	free(opt);
	return e;
}
