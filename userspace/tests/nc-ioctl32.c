// SPDX-License-Identifier: GPL-2.0
/*
 * nc-ioctl32: "chattr +A FILE" as an i386 program does it, for the guest
 * test of the 32-bit ioctl path (compat_sys_ioctl() and
 * security_file_ioctl_compat(), CONFIG_IA32_EMULATION). Built with -m32
 * -static: a real 32-bit process, not a 64-bit one making an int 0x80 call.
 *
 *   nc-ioctl32 FILE
 *
 * Opens FILE read-only, reads its flags with FS_IOC_GETFLAGS and sets them
 * again with FS_NOATIME_FL added (FS_IOC_SETFLAGS, which for a 32-bit
 * program is FS_IOC32_SETFLAGS). Prints "setflags32:FILE RESULT", RESULT
 * OK or the errno name; exit status 0 on OK, 1 on a refusal, 2 on misuse.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

_Static_assert(sizeof(long) == 4, "nc-ioctl32 must be built with -m32");
_Static_assert(FS_IOC_SETFLAGS == FS_IOC32_SETFLAGS,
	       "an i386 FS_IOC_SETFLAGS is FS_IOC32_SETFLAGS");

static int set_noatime(const char *path)
{
	int fd = open(path, O_RDONLY);
	int flags;
	int ret;

	if (fd < 0)
		return -1;
	ret = ioctl(fd, FS_IOC_GETFLAGS, &flags);
	if (ret == 0) {
		flags |= FS_NOATIME_FL;
		ret = ioctl(fd, FS_IOC_SETFLAGS, &flags);
	}
	if (ret) {
		int saved = errno;

		close(fd);
		errno = saved;
		return -1;
	}
	return close(fd);
}

int main(int argc, char **argv)
{
	const char *name;

	if (argc != 2) {
		fprintf(stderr, "usage: nc-ioctl32 FILE\n");
		return 2;
	}
	if (set_noatime(argv[1]) == 0) {
		printf("setflags32:%s OK\n", argv[1]);
		return 0;
	}
	name = strerrorname_np(errno);
	printf("setflags32:%s %s\n", argv[1], name ? name : "E?");
	return 1;
}
