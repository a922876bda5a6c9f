/* The smallest complete use of libtiledxform: transpose a matrix on the
 * default device, check it, and print what the library chose.
 *
 *   cc hello_transpose.c $(pkg-config --cflags --libs tiledxform) -o hello_transpose
 */
#include <tiledxform.h>

#include <stdio.h>
#include <stdlib.h>

#define ROWS 999
#define COLS 666

static int fail(txf_status s)
{
	fprintf(stderr, "error: %s: %s\n", txf_status_name(s), txf_last_error());
	return 1;
}

int main(void)
{
	static float in[ROWS * COLS], out[COLS * ROWS];
	for (size_t i = 0; i < ROWS * COLS; i++)
		in[i] = (float)rand() / (float)RAND_MAX;

	txf_context *ctx = NULL;
	txf_status s = txf_context_create(&ctx, NULL); /* TXF_DEVICE, else GPU, else CPU */
	if (s != TXF_SUCCESS)
		return fail(s);

	txf_matrix a = {0}, at = {0};
	cl_event done = NULL;
	s = txf_matrix_alloc(ctx, TXF_F32, ROWS, COLS, TXF_ROW_MAJOR, &a);
	if (s == TXF_SUCCESS)
		s = txf_matrix_alloc(ctx, TXF_F32, COLS, ROWS, TXF_ROW_MAJOR, &at);
	if (s == TXF_SUCCESS)
		s = txf_matrix_write(ctx, &a, in, 0, 1, 0, NULL, NULL);
	if (s == TXF_SUCCESS)
		s = txf_transpose(ctx, &a, &at, NULL, 0, NULL, &done); /* AUTO strategy */
	if (s == TXF_SUCCESS)
		s = txf_matrix_read(ctx, &at, out, 0, 1, 1, &done, NULL); /* waits on done */
	if (done)
		clReleaseEvent(done);
	int rc = s == TXF_SUCCESS ? 0 : fail(s);

	if (rc == 0) {
		size_t wrong = 0;
		for (size_t i = 0; i < ROWS; i++)
			for (size_t j = 0; j < COLS; j++)
				wrong += out[j * ROWS + i] != in[i * COLS + j];
		txf_choice c;
		txf_transpose_explain(ctx, ROWS, COLS, TXF_F32, 0, NULL, &c);
		printf("%dx%d transpose: %s, tile %u x %u (%s)\n%s\n", ROWS, COLS,
		       wrong ? "WRONG" : "correct", c.tile, c.wg_rows,
		       txf_strategy_name(c.strategy), c.why);
		rc = wrong != 0;
	}
	txf_matrix_free(&a);
	txf_matrix_free(&at);
	txf_context_release(&ctx);
	return rc;
}
