/* Runs a fuzz target's LLVMFuzzerTestOneInput once on each file named on
 * the command line, or in the directories named there: the seed corpus
 * and the inputs of fixed crashes, as a regression test of builds without
 * libFuzzer. A target that finds a property broken aborts. */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	size_t cap = 4096, len = 0;
	unsigned char *buf = malloc(cap);
	for (;;) {
		if (!buf) {
			fprintf(stderr, "replay: %s: out of memory\n", path);
			fclose(f);
			return -1;
		}
		len += fread(buf + len, 1, cap - len, f);
		if (len < cap)
			break;
		unsigned char *more = realloc(buf, cap * 2);
		if (!more)
			free(buf);
		buf = more;
		cap *= 2;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		fprintf(stderr, "replay: %s: read error\n", path);
		free(buf);
		return -1;
	}
	/* An input of exactly its size, as libFuzzer gives it. */
	unsigned char *input = malloc(len ? len : 1);
	if (!input) {
		free(buf);
		return -1;
	}
	memcpy(input, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(input, len);
	free(input);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long inputs = 0;
	int failed = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
			return 1;
		}
		if (!S_ISDIR(st.st_mode)) {
			failed |= run_file(argv[i]) != 0;
			inputs++;
			continue;
		}
		DIR *d = opendir(argv[i]);
		if (!d) {
			fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
			return 1;
		}
		for (struct dirent *e; (e = readdir(d));) {
			if (e->d_name[0] == '.')
				continue;
			size_t n = strlen(argv[i]) + strlen(e->d_name) + 2;
			char *path = malloc(n);
			if (!path)
				return 1;
			snprintf(path, n, "%s/%s", argv[i], e->d_name);
			failed |= run_file(path) != 0;
			inputs++;
			free(path);
		}
		closedir(d);
	}
	printf("replay: %lu inputs\n", inputs);
	if (inputs == 0) {
		fprintf(stderr, "replay: no inputs found\n");
		return 1;
	}
	return failed;
}
