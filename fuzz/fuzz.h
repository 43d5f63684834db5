/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared helpers of the libFuzzer targets (fuzz/README.md).
 *
 * A broken invariant prints one line on file descriptor 2 and aborts, so
 * libFuzzer keeps the input as a crash artifact. The line goes straight
 * to the descriptor: the targets point the C library's stderr at
 * /dev/null (the library reports bad policy lines there), and libFuzzer's
 * own -close_fd_mask is not used.
 */
#ifndef NEWCAPS_FUZZ_H
#define NEWCAPS_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			dprintf(2, "%s:%d: invariant broken: %s: ",	\
				__FILE__, __LINE__, #cond);		\
			dprintf(2, __VA_ARGS__);			\
			dprintf(2, "\n");				\
			abort();					\
		}							\
	} while (0)

/*
 * A copy of the input in a buffer of exactly @size bytes (ASan then sees
 * any read past the end), or @size + 1 with a NUL when @nul is set.
 */
static inline char *fuzz_copy(const uint8_t *data, size_t size, int nul)
{
	char *p = malloc(size + (nul ? 1 : 0) + (size == 0 && !nul));

	if (!p)
		abort();
	memcpy(p, data, size);
	if (nul)
		p[size] = '\0';
	return p;
}

/* Little-endian integers from the input, zero past its end. */
struct fuzz_reader {
	const uint8_t *data;
	size_t size, pos;
};

static inline uint64_t fuzz_u64(struct fuzz_reader *r)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++) {
		uint64_t b = r->pos < r->size ? r->data[r->pos] : 0;

		r->pos++;
		v |= b << (8 * i);
	}
	return v;
}

static inline uint8_t fuzz_u8(struct fuzz_reader *r)
{
	uint8_t b = r->pos < r->size ? r->data[r->pos] : 0;

	r->pos++;
	return b;
}

/* Point stdio's stderr (not descriptor 2) at /dev/null. */
static inline void fuzz_quiet_stderr(void)
{
	FILE *null = fopen("/dev/null", "w");

	if (null)
		stderr = null;
}

#endif /* NEWCAPS_FUZZ_H */
