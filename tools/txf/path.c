/* File-name helpers shared by the tool's writers. */
#include "path.h"

#include <stdlib.h>
#include <string.h>

char *path_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return strdup(".");
	size_t n = (size_t)(slash - path);
	while (n > 0 && path[n - 1] == '/')
		n--;
	if (n == 0)
		return strdup("/");
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, path, n);
		d[n] = '\0';
	}
	return d;
}
