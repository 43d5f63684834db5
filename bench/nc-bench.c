// SPDX-License-Identifier: GPL-2.0
/*
 * nc-bench: micro-benchmarks of the system calls newcaps touches, run in
 * the guest by scripts/bench (bench/guest/bench.sh).
 *
 *   nc-bench [--ops N] [--reps R] [--warmup W] [--dir DIR] [--cdir DIR]
 *            [--nop PATH] WORKLOAD...
 *
 * Each workload runs W operations as a warm-up (default N/10 + 1), then R
 * batches of N
 * operations; each batch is timed with CLOCK_MONOTONIC. One line per
 * workload on stdout:
 *
 *   bench NAME ops=N reps=R median_ns=X min_ns=X max_ns=X ops_per_s=X
 *
 * where the ns figures are per operation (median, fastest and slowest
 * batch) and ops_per_s is 1e9 / median_ns. Under QEMU -icount shift=0 the
 * guest clock advances one ns per guest instruction: the figures are then
 * guest instructions per operation.
 *
 * Workloads ("all" runs every one that needs no missing argument):
 *   exec-unlabeled exec-ep exec-i  fork + execve(NOP, NOP-ep, NOP-i) + wait
 *   open-close       open(O_RDONLY) + close of an existing file in DIR
 *   open-write-close open(O_WRONLY) + pwrite 64 bytes + close
 *   create-unlink    open(O_CREAT|O_EXCL) + close + unlink in DIR/nc-bench.d
 *   create-capdefault the same in CDIR/nc-bench.d (a capdefault= mount)
 *   getppid          the control: a system call newcaps does not touch
 *   fork-wait        fork + _exit + wait (cap_reg_fork held)
 *   write            pwrite 64 bytes on an open file (cap_reg_write held)
 * Exit status 1 when a workload failed (its line says "error=...").
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct ctx {
	const char *dir;
	const char *cdir;
	const char *nop;
	char path[4096];	/* the workload's file or program */
	char path2[4096];
	int fd;
	long counter;
};

static int op_exec(struct ctx *c)
{
	char *argv[] = { c->path, NULL };
	char *envp[] = { NULL };
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		execve(c->path, argv, envp);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		errno = ENOEXEC;
		return -1;
	}
	return 0;
}

static int op_open_close(struct ctx *c)
{
	int fd = open(c->path, O_RDONLY);

	if (fd < 0)
		return -1;
	return close(fd);
}

static char wbuf[64] = "nc-bench";

static int op_open_write_close(struct ctx *c)
{
	int fd = open(c->path, O_WRONLY);

	if (fd < 0)
		return -1;
	if (pwrite(fd, wbuf, sizeof(wbuf), 0) != (ssize_t)sizeof(wbuf)) {
		close(fd);
		return -1;
	}
	return close(fd);
}

static int op_create_unlink(struct ctx *c)
{
	int fd = open(c->path, O_WRONLY | O_CREAT | O_EXCL, 0644);

	if (fd < 0)
		return -1;
	if (close(fd) < 0)
		return -1;
	return unlink(c->path);
}

static int op_getppid(struct ctx *c)
{
	c->counter += getppid();
	return 0;
}

static int op_fork_wait(struct ctx *c)
{
	int status;
	pid_t pid = fork();

	(void)c;
	if (pid < 0)
		return -1;
	if (pid == 0)
		_exit(0);
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return 0;
}

static int op_write(struct ctx *c)
{
	if (pwrite(c->fd, wbuf, sizeof(wbuf), 0) != (ssize_t)sizeof(wbuf))
		return -1;
	return 0;
}

/* Set-up of a workload: fills c->path; returns 0, or -1 with errno. */
static int setup_file(struct ctx *c, const char *dir, const char *name,
		      int create)
{
	int fd;

	if (!dir) {
		errno = EINVAL;
		return -1;
	}
	if (snprintf(c->path, sizeof(c->path), "%s/%s", dir, name) >=
	    (int)sizeof(c->path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (!create)
		return 0;
	fd = open(c->path, O_WRONLY | O_CREAT, 0644);
	if (fd < 0)
		return -1;
	if (write(fd, wbuf, sizeof(wbuf)) != (ssize_t)sizeof(wbuf)) {
		close(fd);
		return -1;
	}
	return close(fd);
}

/*
 * Creation happens in an empty directory of its own (DIR/nc-bench.d), so
 * that create on DIR and on CDIR differ by the mount options alone, not by
 * how many entries the directory already holds.
 */
static int setup_newdir(struct ctx *c, const char *dir)
{
	if (!dir) {
		errno = EINVAL;
		return -1;
	}
	if (snprintf(c->path2, sizeof(c->path2), "%s/nc-bench.d", dir) >=
	    (int)sizeof(c->path2)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (mkdir(c->path2, 0755) < 0 && errno != EEXIST)
		return -1;
	return setup_file(c, c->path2, "new", 0);
}

static const struct workload {
	const char *name;
	int (*op)(struct ctx *);
	const char *suffix;	/* exec: the program is NOP + suffix */
	int kind;		/* 0 none, 1 file in DIR, 2 name in DIR,
				 * 3 name in CDIR, 4 program, 5 open fd */
} workloads[] = {
	{ "exec-unlabeled", op_exec, "", 4 },
	{ "exec-ep", op_exec, "-ep", 4 },
	{ "exec-i", op_exec, "-i", 4 },
	{ "open-close", op_open_close, NULL, 1 },
	{ "open-write-close", op_open_write_close, NULL, 1 },
	{ "create-unlink", op_create_unlink, NULL, 2 },
	{ "create-capdefault", op_create_unlink, NULL, 3 },
	{ "getppid", op_getppid, NULL, 0 },
	{ "fork-wait", op_fork_wait, NULL, 0 },
	{ "write", op_write, NULL, 5 },
};

static int setup(struct ctx *c, const struct workload *w)
{
	c->fd = -1;
	switch (w->kind) {
	case 1:
		return setup_file(c, c->dir, "nc-bench.file", 1);
	case 2:
		return setup_newdir(c, c->dir);
	case 3:
		return setup_newdir(c, c->cdir);
	case 4:
		if (!c->nop) {
			errno = EINVAL;
			return -1;
		}
		snprintf(c->path, sizeof(c->path), "%s%s", c->nop, w->suffix);
		return access(c->path, X_OK);
	case 5:
		if (setup_file(c, c->dir, "nc-bench.file", 1) < 0)
			return -1;
		c->fd = open(c->path, O_WRONLY);
		return c->fd < 0 ? -1 : 0;
	}
	return 0;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int run(struct ctx *c, const struct workload *w, long ops, int reps,
	       long warmup)
{
	double *per_op = calloc(reps, sizeof(*per_op));
	double med;
	long i;
	int r;

	if (!per_op || setup(c, w) < 0) {
		printf("bench %s error=%s\n", w->name, strerror(errno));
		free(per_op);
		return -1;
	}
	for (i = 0; i < warmup; i++) {
		if (w->op(c) < 0)
			goto fail;
	}
	for (r = 0; r < reps; r++) {
		double t0 = now_ns();

		for (i = 0; i < ops; i++) {
			if (w->op(c) < 0)
				goto fail;
		}
		per_op[r] = (now_ns() - t0) / ops;
	}
	qsort(per_op, reps, sizeof(*per_op), cmp_double);
	med = reps % 2 ? per_op[reps / 2] :
		(per_op[reps / 2 - 1] + per_op[reps / 2]) / 2;
	printf("bench %s ops=%ld reps=%d median_ns=%.1f min_ns=%.1f max_ns=%.1f ops_per_s=%.0f\n",
	       w->name, ops, reps, med, per_op[0], per_op[reps - 1],
	       med > 0 ? 1e9 / med : 0);
	fflush(stdout);
	if (c->fd >= 0)
		close(c->fd);
	free(per_op);
	return 0;
fail:
	printf("bench %s error=%s\n", w->name, strerror(errno));
	fflush(stdout);
	if (c->fd >= 0)
		close(c->fd);
	free(per_op);
	return -1;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: nc-bench [--ops N] [--reps R] [--warmup W] [--dir DIR] [--cdir DIR]\n"
		"                [--nop PATH] WORKLOAD...\n"
		"workloads: all");
	for (size_t i = 0; i < sizeof(workloads) / sizeof(workloads[0]); i++)
		fprintf(f, " %s", workloads[i].name);
	fputc('\n', f);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "ops", required_argument, NULL, 'n' },
		{ "reps", required_argument, NULL, 'r' },
		{ "dir", required_argument, NULL, 'd' },
		{ "cdir", required_argument, NULL, 'c' },
		{ "nop", required_argument, NULL, 'x' },
		{ "warmup", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct ctx c = { .fd = -1 };
	long ops = 1000;
	long warmup = -1;
	int reps = 5, opt, status = 0;

	while ((opt = getopt_long(argc, argv, "n:r:d:c:x:w:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'n': ops = atol(optarg); break;
		case 'r': reps = atoi(optarg); break;
		case 'd': c.dir = optarg; break;
		case 'c': c.cdir = optarg; break;
		case 'x': c.nop = optarg; break;
		case 'w': warmup = atol(optarg); break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (warmup < 0)
		warmup = ops / 10 + 1;
	if (ops < 1 || reps < 1 || optind == argc) {
		usage(stderr);
		return 2;
	}
	for (; optind < argc; optind++) {
		const char *name = argv[optind];
		size_t i, n = sizeof(workloads) / sizeof(workloads[0]);
		int found = 0;

		for (i = 0; i < n; i++) {
			const struct workload *w = &workloads[i];

			if (strcmp(name, "all") && strcmp(name, w->name))
				continue;
			found = 1;
			if (!strcmp(name, "all") &&
			    ((w->kind == 3 && !c.cdir) ||
			     (w->kind == 4 && !c.nop) ||
			     (w->kind && w->kind != 3 && w->kind != 4 && !c.dir)))
				continue;
			if (run(&c, w, ops, reps, warmup) < 0)
				status = 1;
		}
		if (!found) {
			fprintf(stderr, "nc-bench: unknown workload '%s'\n", name);
			usage(stderr);
			return 2;
		}
	}
	return status;
}
