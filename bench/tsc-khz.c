// SPDX-License-Identifier: GPL-2.0
/*
 * tsc-khz: the host's time-stamp counter rate in kHz, measured against
 * CLOCK_MONOTONIC over 200 ms. scripts/bench passes it to the guest
 * (tsc_early_khz=) in wall-time mode: under TCG without -icount the guest
 * reads the host's counter, and the guest kernel cannot calibrate it
 * against the emulated PIT. x86 hosts only; prints nothing and exits 1
 * elsewhere.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(void)
{
	struct timespec pause = { 0, 200000000 };
	double t0 = now();
	unsigned long long c0 = __rdtsc(), c1;
	double t1;

	nanosleep(&pause, NULL);
	c1 = __rdtsc();
	t1 = now();
	printf("%.0f\n", (c1 - c0) / (t1 - t0) / 1000);
	return 0;
}
#else
int main(void)
{
	return 1;
}
#endif
