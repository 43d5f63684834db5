// SPDX-License-Identifier: GPL-2.0
/*
 * nc-text-poke ROUNDS READERS: flip a mainline static key ROUNDS times
 * while READERS processes run the code it patches (issue 37, item 10).
 *
 * Attaching a cgroup sysctl BPF program to the root cgroup enables
 * cgroup_bpf_enabled_key[CGROUP_SYSCTL] and detaching it disables it again:
 * each is a text_poke_bp() of the site in proc_sys_call_handler(), which
 * the readers run on every read of a sysctl. A guest whose CPUs do not see
 * the patched text coherently dies with an int3 at that site.
 * Needs cgroup2 mounted on /sys/fs/cgroup. Exit status 0 when every round
 * attached and detached and every reader was still reading at the end.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_READERS 8

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(SYS_bpf, cmd, attr, sizeof(*attr));
}

/* A sysctl program that allows every access: r0 = 1; exit. */
static int load_allow_all(void)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0,
		  .imm = 1 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_CGROUP_SYSCTL;
	attr.expected_attach_type = BPF_CGROUP_SYSCTL;
	attr.insns = (unsigned long)insns;
	attr.insn_cnt = sizeof(insns) / sizeof(insns[0]);
	attr.license = (unsigned long)"GPL";
	return sys_bpf(BPF_PROG_LOAD, &attr);
}

static void read_sysctl_forever(void)
{
	char buf[64];
	int fd;

	for (;;) {
		fd = open("/proc/sys/kernel/ostype", O_RDONLY);
		if (fd < 0 || read(fd, buf, sizeof(buf)) <= 0)
			_exit(3);
		close(fd);
	}
}

static int parse(const char *s, long max, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return errno || end == s || *end || *out < 1 || *out > max ? -1 : 0;
}

int main(int argc, char **argv)
{
	pid_t readers[MAX_READERS];
	long rounds, nreaders, r, i;
	union bpf_attr attr;
	int prog, cgroup, status, failed = 0;

	if (argc != 3 || parse(argv[1], 10000000, &rounds) ||
	    parse(argv[2], MAX_READERS, &nreaders)) {
		fprintf(stderr, "usage: nc-text-poke ROUNDS READERS (1..%d)\n",
			MAX_READERS);
		return 2;
	}
	prog = load_allow_all();
	if (prog < 0) {
		perror("nc-text-poke: BPF_PROG_LOAD");
		return 1;
	}
	cgroup = open("/sys/fs/cgroup", O_RDONLY | O_DIRECTORY);
	if (cgroup < 0) {
		perror("nc-text-poke: /sys/fs/cgroup");
		return 1;
	}
	for (i = 0; i < nreaders; i++) {
		readers[i] = fork();
		if (readers[i] < 0) {
			perror("nc-text-poke: fork");
			return 1;
		}
		if (!readers[i])
			read_sysctl_forever();
	}
	memset(&attr, 0, sizeof(attr));
	attr.target_fd = cgroup;
	attr.attach_bpf_fd = prog;
	attr.attach_type = BPF_CGROUP_SYSCTL;
	for (r = 0; r < rounds; r++) {
		if (sys_bpf(BPF_PROG_ATTACH, &attr) ||
		    sys_bpf(BPF_PROG_DETACH, &attr)) {
			fprintf(stderr, "nc-text-poke: round %ld: %s\n", r,
				strerror(errno));
			failed = 1;
			break;
		}
	}
	/* A reader that stopped on its own failed to read a sysctl. */
	for (i = 0; i < nreaders; i++) {
		if (waitpid(readers[i], &status, WNOHANG) != 0) {
			fprintf(stderr, "nc-text-poke: reader %ld stopped\n", i);
			failed = 1;
		}
		kill(readers[i], SIGKILL);
		waitpid(readers[i], &status, 0);
	}
	printf("nc-text-poke: %ld rounds, %ld readers\n", r, nreaders);
	return failed;
}
