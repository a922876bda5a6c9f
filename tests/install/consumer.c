/* A program built against the installed library with its CMake package
 * (tests/install/CMakeLists.txt, run by .ci/run): the library that runs is
 * the one of the headers, and it transposes right with the kernels it finds
 * by itself. */
#include <tiledxform.h>

#include <stdio.h>
#include <string.h>

#define ROWS 37
#define COLS 23

static int fail(const char *what, txf_status s)
{
	fprintf(stderr, "consumer: %s: %s: %s\n", what, txf_status_name(s), txf_last_error());
	return 1;
}

int main(void)
{
	if (strcmp(txf_version(), TXF_VERSION_STRING) != 0) {
		fprintf(stderr, "consumer: library %s, headers %s\n", txf_version(),
		        TXF_VERSION_STRING);
		return 1;
	}
	static float in[ROWS * COLS], out[COLS * ROWS];
	unsigned x = 12345;
	for (size_t i = 0; i < ROWS * COLS; i++) {
		x = x * 1103515245u + 12345u;
		in[i] = (float)(x >> 8);
	}
	memset(out, 0xA5, sizeof out);

	txf_context *ctx = NULL;
	txf_status s = txf_context_create(&ctx, NULL);
	if (s != TXF_SUCCESS)
		return fail("txf_context_create", s);
	txf_matrix a = {0}, at = {0};
	cl_event done = NULL;
	s = txf_matrix_alloc(ctx, TXF_F32, ROWS, COLS, TXF_ROW_MAJOR, &a);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, TXF_F32, COLS, ROWS, TXF_ROW_MAJOR, &at);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &a, in, 0, 1, 0, NULL, NULL);
	if (s == TXF_SUCCESS)
		s = txf_transpose(ctx, &a, &at, NULL, 0, NULL, &done);
	if (s == TXF_SUCCESS)
		s = txf_matrix_read(ctx, &at, out, 0, 1, 1, &done, NULL);
	if (done)
		clReleaseEvent(done);
	txf_matrix_free(&a);
	txf_matrix_free(&at);
	txf_context_release(&ctx);
	if (s != TXF_SUCCESS)
		return fail("transpose", s);
	size_t wrong = 0;
	for (size_t i = 0; i < ROWS; i++)
		for (size_t j = 0; j < COLS; j++)
			wrong += memcmp(&out[j * ROWS + i], &in[i * COLS + j], sizeof(float)) != 0;
	printf("libtiledxform %s (headers %d.%d.%d): %dx%d transpose %s\n", txf_version(),
	       TXF_VERSION_MAJOR, TXF_VERSION_MINOR, TXF_VERSION_PATCH, ROWS, COLS,
	       wrong ? "WRONG" : "correct");
	return wrong != 0;
}
