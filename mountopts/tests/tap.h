/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal TAP producer for the host unit tests: "ok N - text" or
 * "not ok N - text" per test, "# ..." diagnostics, the plan "1..N" last.
 */
#ifndef NEWCAPS_TAP_H
#define NEWCAPS_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static unsigned int tap_count;
static unsigned int tap_failures;

__attribute__((format(printf, 2, 3)))
static inline bool tap_ok(bool cond, const char *fmt, ...)
{
	va_list ap;

	tap_count++;
	if (!cond)
		tap_failures++;
	printf("%sok %u - ", cond ? "" : "not ", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return cond;
}

__attribute__((format(printf, 1, 2)))
static inline void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* Count @n tests as skipped, visibly: "ok N # SKIP why" each. */
static inline void tap_skip(unsigned int n, const char *why)
{
	while (n--)
		printf("ok %u # SKIP %s\n", ++tap_count, why);
}

/* Print the plan; the exit status of the test program. */
static inline int tap_done(void)
{
	printf("1..%u\n", tap_count);
	if (tap_failures)
		tap_diag("%u of %u tests failed", tap_failures, tap_count);
	fflush(stdout);
	return tap_failures ? 1 : 0;
}

#endif /* NEWCAPS_TAP_H */
