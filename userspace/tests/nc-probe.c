// SPDX-License-Identifier: GPL-2.0
/*
 * nc-probe: the guest tests' helper. It reports what the kernel did and
 * makes exactly the system calls a test needs, printing errno names so
 * that tests compare words, not exit codes.
 *
 *   nc-probe sets
 *       print "euid N" and the Cap lines of /proc/self/status
 *   nc-probe capget VERSION
 *       capget(2) with that version (hex): print the 64-bit effective,
 *       permitted and inheritable masks, or the errno name
 *   nc-probe run [--as UID] [--setresuid R,E,S] [--nnp] [--drop-reg NAME,...]
 *                [--securebits HEX] [--legacy-clear] -- PROGRAM [ARG...]
 *       change credentials as asked, then execv PROGRAM (an absolute path);
 *       --setresuid: setresuid(R, E, S), -1 keeping an id, no keep_caps
 *       (E alone: a setuid program's seteuid(getuid()));
 *       --legacy-clear: a version 3 capset() of three empty sets, the
 *       "drop everything" of libcap and libcap-ng. With NC_PROBE_CONTINUE
 *       set in the environment a refused --securebits or --drop-reg is
 *       reported on stderr and the exec follows (newcaps=off against the
 *       unpatched kernel: both refuse them, the exec still compares)
 *   nc-probe mount FSTYPE SOURCE TARGET OPTIONS
 *   nc-probe remount TARGET OPTIONS
 *       mount(2); print OK or the errno name
 *   nc-probe write FILE VALUE
 *       open FILE write-only and write VALUE in one write(2); print OK or
 *       the errno name of the failing call
 *   nc-probe secure
 *       print "AT_SECURE N": whether the kernel ran this exec in secure
 *       mode (the dynamic loader then ignores LD_PRELOAD and friends)
 *   nc-probe memfd-exec PROGRAM [ARG...]
 *       copy PROGRAM into a memfd and fexecve() it: a program on no
 *       filesystem of the caller's, under default_policy
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "newcaps_policy.h"
#include "regular.h"

static int usage(void)
{
	fprintf(stderr,
		"usage: nc-probe sets\n"
		"       nc-probe capget VERSION\n"
		"       nc-probe run [--as UID] [--setresuid R,E,S] [--nnp] [--drop-reg NAME,...] [--securebits HEX] [--legacy-clear] -- PROGRAM [ARG...]\n"
		"       nc-probe mount FSTYPE SOURCE TARGET OPTIONS\n"
		"       nc-probe remount TARGET OPTIONS\n"
		"       nc-probe write FILE VALUE\n"
		"       nc-probe secure\n"
		"       nc-probe memfd-exec PROGRAM [ARG...]\n");
	return 2;
}

static int report(int rc)
{
	if (rc == 0)
		puts("OK");
	else
		puts(strerrorname_np(errno) ? strerrorname_np(errno) : "E?");
	return 0;
}

static int show_sets(void)
{
	FILE *status = fopen("/proc/self/status", "r");
	char line[256];

	if (!status) {
		perror("nc-probe: /proc/self/status");
		return 1;
	}
	printf("euid %u\n", (unsigned int)geteuid());
	while (fgets(line, sizeof(line), status))
		if (!strncmp(line, "Cap", 3))
			fputs(line, stdout);
	fclose(status);
	return 0;
}

static int show_capget(const char *version)
{
	struct __user_cap_header_struct hdr = {
		.version = strtoul(version, NULL, 16),
	};
	struct __user_cap_data_struct data[2] = { { 0 } };

	if (syscall(SYS_capget, &hdr, data))
		return report(-1);
	printf("e=%08x%08x p=%08x%08x i=%08x%08x\n",
	       data[1].effective, data[0].effective,
	       data[1].permitted, data[0].permitted,
	       data[1].inheritable, data[0].inheritable);
	return 0;
}

/* What libcap's cap_clear() + cap_set_proc() does: version 3, all empty. */
static int legacy_clear(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2] = { { 0 } };

	return syscall(SYS_capset, &hdr, data);
}

/* A refused step of "run": report it; fatal unless NC_PROBE_CONTINUE. */
static int refused(const char *what)
{
	perror(what);
	return !getenv("NC_PROBE_CONTINUE");
}

static int run(int argc, char **argv)
{
	const char *as = NULL, *drop = NULL, *securebits = NULL, *ids = NULL;
	int nnp = 0, clear = 0, i;

	for (i = 2; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "--nnp"))
			nnp = 1;
		else if (!strcmp(argv[i], "--legacy-clear"))
			clear = 1;
		else if (!strcmp(argv[i], "--as") && i + 1 < argc)
			as = argv[++i];
		else if (!strcmp(argv[i], "--setresuid") && i + 1 < argc)
			ids = argv[++i];
		else if (!strcmp(argv[i], "--drop-reg") && i + 1 < argc)
			drop = argv[++i];
		else if (!strcmp(argv[i], "--securebits") && i + 1 < argc)
			securebits = argv[++i];
		else
			return usage();
	}
	if (i + 1 >= argc)
		return usage();

	if (securebits &&
	    prctl(PR_SET_SECUREBITS, strtoul(securebits, NULL, 16), 0, 0, 0) &&
	    refused("nc-probe: PR_SET_SECUREBITS"))
		return 1;
	if (as) {
		uid_t id = strtoul(as, NULL, 10);

		/* A plain setuid: no PR_SET_KEEPCAPS, as an ordinary login. */
		if (setgroups(0, NULL) || setresgid(id, id, id) ||
		    setresuid(id, id, id)) {
			perror("nc-probe: changing uid");
			return 1;
		}
	}
	if (ids) {
		int r, e, su;

		if (sscanf(ids, "%d,%d,%d", &r, &e, &su) != 3)
			return usage();
		if (setresuid(r, e, su)) {
			perror("nc-probe: setresuid");
			return 1;
		}
	}
	if (drop && drop_regular(drop) &&
	    refused("nc-probe: capset (newcaps version)"))
		return 1;
	if (clear && legacy_clear()) {
		perror("nc-probe: capset (version 3)");
		return 1;
	}
	if (nnp && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) {
		perror("nc-probe: PR_SET_NO_NEW_PRIVS");
		return 1;
	}
	execv(argv[i + 1], argv + i + 1);
	printf("exec %s\n", strerrorname_np(errno));
	return 1;
}

static int write_file(const char *path, const char *value)
{
	size_t len = strlen(value);
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return report(-1);
	n = write(fd, value, len);
	if (n >= 0 && (size_t)n != len) {
		printf("SHORT %zd\n", n);
		close(fd);
		return 0;
	}
	report(n < 0 ? -1 : 0);
	close(fd);
	return 0;
}

static int memfd_exec(char **argv)
{
	char buf[65536];
	ssize_t n;
	int in, mem;

	in = open(argv[0], O_RDONLY | O_CLOEXEC);
	mem = memfd_create("nc-probe", 0);
	if (in < 0 || mem < 0) {
		perror("nc-probe: memfd-exec");
		return 1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(mem, buf, n) != n)
			n = -1;
	if (n < 0) {
		perror("nc-probe: memfd-exec: copy");
		return 1;
	}
	close(in);
	fexecve(mem, argv, environ);
	perror("nc-probe: fexecve");
	return 1;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage();
	if (!strcmp(argv[1], "sets") && argc == 2)
		return show_sets();
	if (!strcmp(argv[1], "capget") && argc == 3)
		return show_capget(argv[2]);
	if (!strcmp(argv[1], "run"))
		return run(argc, argv);
	if (!strcmp(argv[1], "mount") && argc == 6)
		return report(mount(argv[3], argv[4], argv[2], 0, argv[5]));
	if (!strcmp(argv[1], "remount") && argc == 4)
		return report(mount(NULL, argv[2], NULL, MS_REMOUNT, argv[3]));
	if (!strcmp(argv[1], "write") && argc == 4)
		return write_file(argv[2], argv[3]);
	if (!strcmp(argv[1], "memfd-exec") && argc >= 3)
		return memfd_exec(argv + 2);
	if (!strcmp(argv[1], "secure") && argc == 2) {
		printf("AT_SECURE %lu\n", getauxval(AT_SECURE));
		return 0;
	}
	return usage();
}
