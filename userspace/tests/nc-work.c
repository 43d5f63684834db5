// SPDX-License-Identifier: GPL-2.0
/*
 * nc-work: a workload program for the learning test. Copies of it under
 * different names stand for programs that need one capability each.
 *
 *   nc-work chown FILE UID     chown(2): needs cap_chown
 *   nc-work mknod PATH         a character device 1:3: needs cap_mknod
 *   nc-work read FILE          read a file the caller may not read: needs
 *                              cap_dac_read_search (checked first for reads)
 *   nc-work idle               needs nothing
 *   nc-work append FILE        open FILE O_WRONLY|O_APPEND and write a line:
 *                              needs nothing when FILE is writable by all
 *   nc-work keep CAP           narrow the permitted, effective and
 *                              inheritable sets to capability number CAP
 *                              (capset(2) of a set made from scratch, as
 *                              runc applies a container's): needs CAP in
 *                              the permitted set, though no check asks
 *   nc-work keep-all           capset(2) of the sets it holds: narrows
 *                              nothing
 *   nc-work sandbox CAP        as a sandbox does in a user namespace of
 *                              its own (CLONE_NEWUSER|CLONE_NEWUTS):
 *                              sethostname(2), which asks for cap_sys_admin
 *                              there, then "keep CAP": needs no privilege
 *   nc-work xattr-set FILE HEX set security.capability to the bytes HEX
 *                              (may be empty), one setxattr(2)
 *   nc-work xattr-get FILE     print security.capability as hex, or the
 *                              errno name
 *
 * Prints "ACTION OK" or "ACTION ERRNO-NAME", then the Cap lines of
 * /proc/self/status as the program holds them while it works.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sched.h>
#include <sys/xattr.h>
#include <unistd.h>

#define XATTR_CAPS	"security.capability"

static int xattr_set(const char *file, const char *hex)
{
	unsigned char val[256];
	size_t n = 0;
	unsigned int byte;

	while (hex[0] && hex[1] && n < sizeof(val)) {
		if (sscanf(hex, "%2x", &byte) != 1) {
			errno = EINVAL;
			return -1;
		}
		val[n++] = (unsigned char)byte;
		hex += 2;
	}
	return setxattr(file, XATTR_CAPS, val, n, 0);
}

static int xattr_get(const char *file)
{
	unsigned char val[256];
	ssize_t n, i;

	n = getxattr(file, XATTR_CAPS, val, sizeof(val));
	if (n < 0)
		return -1;
	for (i = 0; i < n; i++)
		printf("%02x", val[i]);
	printf("\n");
	exit(0);
}

/* capset(2) version 3 of @data, or of the sets held when @data is NULL */
static int capset_v3(struct __user_cap_data_struct *data)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct held[2];

	if (!data) {
		if (syscall(SYS_capget, &hdr, held))
			return -1;
		data = held;
	}
	return (int)syscall(SYS_capset, &hdr, data);
}

static int keep(const char *cap)
{
	struct __user_cap_data_struct data[2] = { { 0 } };
	unsigned long n = strtoul(cap, NULL, 10);

	if (n >= 64) {
		errno = EINVAL;
		return -1;
	}
	data[n / 32].permitted = 1U << (n % 32);
	data[n / 32].effective = data[n / 32].permitted;
	data[n / 32].inheritable = data[n / 32].permitted;
	return capset_v3(data);
}

static int sandbox(const char *cap)
{
	if (unshare(CLONE_NEWUSER | CLONE_NEWUTS) || sethostname("sandbox", 7))
		return -1;
	return keep(cap);
}

static int act(int argc, char **argv)
{
	char buf[16];
	int fd;

	if (argc == 4 && !strcmp(argv[1], "xattr-set"))
		return xattr_set(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "xattr-get"))
		return xattr_get(argv[2]);

	if (argc == 4 && !strcmp(argv[1], "chown"))
		return chown(argv[2], (uid_t)strtoul(argv[3], NULL, 10), -1);
	if (argc == 3 && !strcmp(argv[1], "mknod"))
		return mknod(argv[2], S_IFCHR | 0600, makedev(1, 3));
	if (argc == 3 && !strcmp(argv[1], "read")) {
		fd = open(argv[2], O_RDONLY);
		if (fd < 0 || read(fd, buf, sizeof(buf)) < 0)
			return -1;
		return close(fd);
	}
	if (argc == 2 && !strcmp(argv[1], "idle"))
		return 0;
	if (argc == 3 && !strcmp(argv[1], "append")) {
		fd = open(argv[2], O_WRONLY | O_APPEND);
		if (fd < 0 || write(fd, "appended\n", 9) != 9)
			return -1;
		return close(fd);
	}
	if (argc == 3 && !strcmp(argv[1], "keep"))
		return keep(argv[2]);
	if (argc == 2 && !strcmp(argv[1], "keep-all"))
		return capset_v3(NULL);
	if (argc == 3 && !strcmp(argv[1], "sandbox"))
		return sandbox(argv[2]);
	fprintf(stderr, "usage: nc-work chown FILE UID | mknod PATH | read FILE | idle |\n"
		"       append FILE | keep CAP | keep-all | sandbox CAP | xattr-set FILE HEX |\n"
		"       xattr-get FILE\n");
	exit(2);
}

int main(int argc, char **argv)
{
	char line[256];
	FILE *status;

	if (act(argc, argv))
		printf("%s %s\n", argv[1], strerrorname_np(errno));
	else
		printf("%s OK\n", argv[1]);
	status = fopen("/proc/self/status", "r");
	if (!status)
		return 1;
	while (fgets(line, sizeof(line), status))
		if (!strncmp(line, "Cap", 3))
			fputs(line, stdout);
	return fclose(status) ? 1 : 0;
}
