// SPDX-License-Identifier: GPL-2.0
/*
 * nc-exec-killed SLOWDEV PROG [ARG...]: an exec killed after it computed
 * its credentials, before the new program runs (issue 37, item 9).
 *
 * A thread reads SLOWDEV with O_DIRECT, which waits uninterruptibly for
 * the device (a throttled disk takes seconds), while the main thread execs
 * PROG: the exec computes the new credentials, then waits in de_thread()
 * for the reading thread to die. A child process kills the whole process
 * with SIGKILL meanwhile, and the exec ends there: PROG never runs. The
 * caller sees SIGKILL, or status 1 if the exec failed before it computed
 * anything, or PROG's own output and status if the kill came too late.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define READ_SIZE	(256 * 1024)

static int slow_fd;

static void *read_slowly(void *unused)
{
	void *buf;

	(void)unused;
	if (posix_memalign(&buf, 4096, READ_SIZE))
		exit(1);
	for (;;)
		if (pread(slow_fd, buf, READ_SIZE, 0) < 0)
			exit(1);
	return NULL;
}

static void sleep_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000 };

	nanosleep(&t, NULL);
}

int main(int argc, char **argv)
{
	pid_t self = getpid();
	pthread_t reader;

	if (argc < 3) {
		fprintf(stderr, "usage: nc-exec-killed SLOWDEV PROG [ARG...]\n");
		return 2;
	}
	slow_fd = open(argv[1], O_RDONLY | O_DIRECT);
	if (slow_fd < 0) {
		perror(argv[1]);
		return 1;
	}
	if (fork() == 0) {
		/* The exec starts at 300 ms and waits for the read till ~4 s. */
		sleep_ms(1000);
		kill(self, SIGKILL);
		_exit(0);
	}
	if (pthread_create(&reader, NULL, read_slowly, NULL))
		return 1;
	sleep_ms(300);
	execv(argv[2], argv + 2);
	perror(argv[2]);
	return 1;
}
