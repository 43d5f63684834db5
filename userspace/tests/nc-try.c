// SPDX-License-Identifier: GPL-2.0
/*
 * nc-try: try system calls after dropping regular capabilities, printing
 * one "ACTION RESULT" line each (RESULT: OK or the errno name), for the
 * guest tests of SPEC 4.3. Built static: after cap_reg_open is dropped the
 * dynamic loader could not open a library.
 *
 *   nc-try [--keep-ring] [--drop-reg NAME,...] [--keep-fd PATH] ACTION...
 *
 * Options act in their order. --keep-fd opens PATH (read-write if it can,
 * else read-only), for the fd-* actions; --keep-ring sets up an io_uring
 * ring with a SQPOLL thread, for ring-open (held.c). ACTIONs, ARGs separated by ':':
 *   fork vfork clone clone3 pidfd-open (pidfd_open(2) of itself)
 *   clone-pidfd (clone3 with CLONE_PIDFD)
 *   open:P openat:P openat2:P creat:P handle:P (open_by_handle_at)
 *   execve:P execveat:P (P, a copy of nc-try, runs as "P regular";
 *   on success nothing follows) uselib:P (uselib(2), which x86_64 has
 *   only in its 32-bit table: int 0x80, CONFIG_IA32_EMULATION)
 *   wopen:P append:P trunc:P rtrunc:P (O_RDONLY|O_TRUNC) create:P unlink:P
 *   rename:P:Q link:P:Q
 *   mkdir:P rmdir:P mknod:P (a FIFO) symlink:TARGET:P chmod:P chown:P
 *   utimes:P truncate:P setxattr:P removexattr:P (user.newcaps)
 *   setacl:P rmacl:P getacl:P (the POSIX access ACL: set one that adds
 *   uid 1000 rw, remove it, or read it; on 6.12 its own hooks, not
 *   setxattr's)
 *   setflags:P (FS_IOC_SETFLAGS, unchanged flags, on a read-only fd)
 *   setflags32:P (FS_IOC32_SETFLAGS adding FS_NOATIME_FL, on a read-only
 *   fd, through the 32-bit ioctl: int 0x80, compat_sys_ioctl(), what a
 *   chattr built for i386 calls)
 *   attach seize (on a child forked before the drop) traceme
 *   fd-write fd-read fd-truncate (on the --keep-fd descriptor)
 *   capset-v3 (the current sets again) raise:NAME (newcaps capset adding
 *   NAME back) drop:NAME,... (newcaps capset dropping regular ones)
 *   prm-drop-v3:CAP prm-drop-new:CAP (capset of version 3 or newcaps
 *   dropping system capability number CAP from Pp and Pe, Pi unchanged)
 *   inh (print the system inheritable set, capget version 3)
 *   setuid:UID unshare-user userns-root (unshare(CLONE_NEWUSER) mapping
 *   uid and gid 0 to the caller's) keepcaps ambient:NAME (raise NAME,
 *   any capability, in the ambient set)
 *   bset-read:NAME bset-drop:NAME (with PR_CAPBSET_NEWCAPS; read prints
 *   the value; NAME may be a bit number) bset-read-plain:NAME (without
 *   it) securebits:HEX
 *   regular (print the regular part of the effective set, newcaps capget)
 *   caps (print "caps e=E p=P i=I", the 64-bit sets, newcaps capget)
 *   opath:P (open(O_PATH)) reopen:P (open(O_PATH), then open its
 *   /proc/self/fd link for reading)
 *   thread:ACTION (ACTION in a new thread, pthread_create: clone3 with
 *   CLONE_THREAD; the result is ACTION's, or pthread_create's error)
 *   spawn (start a thread that waits) in-spawned:ACTION (ACTION in it)
 *   mem-read mem-write (/proc/PID/mem of a child forked before the drop:
 *   read a byte of it, or write one and read it back) vm-read vm-write
 *   (the same with process_vm_readv(), and process_vm_writev() read back
 *   with process_vm_readv())
 *   getfd:PID:FD (pidfd_getfd: the descriptor becomes the --keep-fd one)
 *   use-fd:N (descriptor N becomes the --keep-fd one) fd-text:TEXT (write
 *   TEXT to it in one write) fd-ioctl:NAME (ioctl NAME on it)
 *   ioctl:NAME:P (on P opened read-only; NAME: fssetxattr setversion
 *   setfslabel dedupe verity encrypt; each sets what it reads, or an
 *   empty or invalid argument the filesystem refuses; ext4's migrate
 *   (EXT4_IOC_MIGRATE) and checkpoint (EXT4_IOC_CHECKPOINT, no flags);
 *   fiemap and getflags, which change nothing; sgio, a SCSI INQUIRY
 *   through SG_IO, for a device)
 *   dedupe-into:P (FIDEDUPERANGE from the --keep-fd descriptor into P
 *   opened read-only, one byte)
 *   setns-user:PID (setns into the user namespace of PID)
 *   uring sqpoll (io_uring_setup without and with IORING_SETUP_SQPOLL)
 *   ring-open:P (openat of P through the --keep-ring ring, served by its
 *   SQPOLL thread) bpf-pin:P (a BPF array map pinned at P, on bpffs)
 *   bpf-get:P (BPF_OBJ_GET of P)
 *   crash (a child with RLIMIT_CORE unlimited, dumpable, dies of SIGSEGV;
 *   prints "crash core" or "crash nocore" as wait() reports it)
 *   evm-key (a user key "kmk" and an encrypted key "evm-key" made with it,
 *   in the user keyring: what EVM loads when 1 is written to its
 *   securityfs file) xattr-size:P:NAME (prints the value's size)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/fscrypt.h>
#include <linux/fsverity.h>
#include <linux/io_uring.h>
#include <linux/keyctl.h>
#include <linux/openat2.h>
#include <linux/sched.h>
#include <pthread.h>
#include <scsi/sg.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "held.h"
#include "newcaps_policy.h"
#include "regular.h"

static int kept_fd = -1;
/* One sleeping child per attach/seize/mem-* action, forked before any drop. */
static pid_t victims[64];
static int nvictims, next_victim;
/* A byte of every victim, at the same address as here (fork). */
static volatile char marker = 'M';

static long run(const char *a);

static const char *result(long rc)
{
	if (rc >= 0)
		return "OK";
	return strerrorname_np(errno) ? strerrorname_np(errno) : "E?";
}

static long child_exits(pid_t pid)
{
	int status;

	if (pid < 0)
		return -1;
	if (pid == 0)
		_exit(0);
	waitpid(pid, &status, 0);
	return 0;
}

static long try_clone3(void)
{
	struct clone_args args = { .exit_signal = SIGCHLD };

	return child_exits(syscall(SYS_clone3, &args, sizeof(args)));
}

/*
 * A pidfd of the process itself, and clone3() with CLONE_PIDFD: handles
 * the kernel opens (pidfs files since 6.9, anonymous inodes before).
 */
static long try_pidfd_open(void)
{
	int pidfd = syscall(SYS_pidfd_open, getpid(), 0);

	if (pidfd < 0)
		return -1;
	return close(pidfd);
}

static long try_clone_pidfd(void)
{
	int pidfd = -1;
	struct clone_args args = {
		.flags = CLONE_PIDFD,
		.pidfd = (uintptr_t)&pidfd,
		.exit_signal = SIGCHLD,
	};
	long rc = child_exits(syscall(SYS_clone3, &args, sizeof(args)));

	if (rc == 0 && pidfd < 0) {
		errno = EBADF;	/* the child ran, but no pidfd came back */
		return -1;
	}
	if (pidfd >= 0)
		close(pidfd);
	return rc;
}

static long try_openat2(const char *path)
{
	struct open_how how = { .flags = O_RDONLY };

	return syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof(how));
}

static long try_handle(const char *path)
{
	struct {
		struct file_handle fh;
		unsigned char buf[MAX_HANDLE_SZ];
	} h = { .fh.handle_bytes = MAX_HANDLE_SZ };
	int mount_id;

	if (name_to_handle_at(AT_FDCWD, path, &h.fh, &mount_id, 0))
		return -1;
	return open_by_handle_at(AT_FDCWD, &h.fh, O_RDONLY);
}

#if defined(__x86_64__)
/*
 * An i386 system call through int 0x80 (CONFIG_IA32_EMULATION): pointer
 * arguments must lie below 4 GiB (static data of this non-PIE program).
 */
static long int80(long nr, long a, long b, long c)
{
	long ret;

	__asm__ __volatile__("int $0x80" : "=a"(ret)
			     : "a"(nr), "b"(a), "c"(b), "d"(c) : "memory");
	if (ret < 0 && ret > -4096) {
		errno = -ret;
		return -1;
	}
	return ret;
}

/* The i386 uselib (86). */
static long try_uselib(const char *path)
{
	static char low[4096];

	if (strlen(path) >= sizeof(low)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(low, path, strlen(path) + 1);
	return int80(86, (long)low, 0, 0);
}

/*
 * An access ACL in the xattr format the kernel takes
 * (include/uapi/linux/posix_acl_xattr.h): owner rw, uid 1000 rw, group r,
 * mask rw, other r.
 */
static long try_setacl(const char *path)
{
	struct {
		uint32_t version;
		struct { uint16_t tag, perm; uint32_t id; } e[5];
	} acl = { 2, {
		{ 0x01, 6, UINT32_MAX },	/* ACL_USER_OBJ */
		{ 0x02, 6, 1000 },		/* ACL_USER */
		{ 0x04, 4, UINT32_MAX },	/* ACL_GROUP_OBJ */
		{ 0x10, 6, UINT32_MAX },	/* ACL_MASK */
		{ 0x20, 4, UINT32_MAX },	/* ACL_OTHER */
	} };

	return setxattr(path, "system.posix_acl_access", &acl, sizeof(acl), 0);
}

/*
 * The i386 ioctl (54) through int 0x80: FS_IOC32_SETFLAGS adding
 * FS_NOATIME_FL ("chattr +A") to the flags FS_IOC_GETFLAGS read, through
 * compat_sys_ioctl() and security_file_ioctl_compat().
 */
static long try_setflags32(const char *path)
{
	static int flags;
	int fd = open(path, O_RDONLY);
	long ret;

	if (fd < 0)
		return -1;
	ret = ioctl(fd, FS_IOC_GETFLAGS, &flags);
	flags |= FS_NOATIME_FL;
	if (ret == 0)
		ret = int80(54, fd, FS_IOC32_SETFLAGS, (long)&flags);
	close(fd);
	return ret;
}
#else
static long try_uselib(const char *path)
{
	return syscall(SYS_uselib, path);
}

static long try_setflags32(const char *path)
{
	(void)path;
	errno = ENOSYS;
	return -1;
}
#endif

/* EVM's HMAC key, as Documentation/security/keys/trusted-encrypted.rst */
static long try_evm_key(void)
{
	static const char master[32] = "newcaps guest test master key!!";
	static const char payload[] = "new user:kmk 64";

	if (syscall(SYS_add_key, "user", "kmk", master, sizeof(master),
		    KEY_SPEC_USER_KEYRING) < 0)
		return -1;
	return syscall(SYS_add_key, "encrypted", "evm-key", payload,
		       strlen(payload), KEY_SPEC_USER_KEYRING);
}

static long try_exec(const char *path, int at)
{
	char *argv[] = { (char *)path, "regular", NULL };
	char *envp[] = { NULL };

	fflush(stdout);
	if (at)
		return syscall(SYS_execveat, AT_FDCWD, path, argv, envp, 0);
	return execve(path, argv, envp);
}

static long try_setflags(const char *path)
{
	int fd = open(path, O_RDONLY), flags;
	long rc;

	if (fd < 0)
		return -1;
	rc = ioctl(fd, FS_IOC_GETFLAGS, &flags);
	if (rc == 0)
		rc = ioctl(fd, FS_IOC_SETFLAGS, &flags);
	close(fd);
	return rc;
}

static long try_ptrace(int request)
{
	return ptrace(request, victims[next_victim++], 0, 0);
}

static long try_raise(const char *name)
{
	struct __user_cap_data_struct data[2];
	unsigned int cap;

	if (parse_regular(name, &cap) || capget_new(0, data))
		return -1;
	data[1].effective |= 1U << (cap - 32);
	data[1].permitted |= 1U << (cap - 32);
	data[1].inheritable |= 1U << (cap - 32);
	return capset_new(data);
}

static long try_capset_v3(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return -1;
	return syscall(SYS_capset, &hdr, data);
}

/* Pp and Pe lose system capability @cap, Pi keeps it (Pi ⊄ Pp). */
static long try_prm_drop(const char *cap, int newcaps)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];
	unsigned int n = atoi(cap);

	if (n > 40) {
		errno = EINVAL;
		return -1;
	}
	if (newcaps ? capget_new(0, data) : syscall(SYS_capget, &hdr, data))
		return -1;
	data[n / 32].permitted &= ~(1U << (n % 32));
	data[n / 32].effective &= ~(1U << (n % 32));
	if (newcaps)
		return capset_new(data);
	return syscall(SYS_capset, &hdr, data);
}

static void show_inheritable(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		printf("inh %s\n", result(-1));
	else
		printf("inh %016llx\n",
		       (unsigned long long)data[1].inheritable << 32 |
		       data[0].inheritable);
}

/* Write @text to the /proc file @path in one write(); -1 on failure. */
static int write_proc(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY), rc = -1;

	if (fd < 0)
		return -1;
	if (write(fd, text, strlen(text)) == (ssize_t)strlen(text))
		rc = 0;
	close(fd);
	return rc;
}

/* A user namespace whose root is the caller, as "unshare -Ur" makes. */
static long try_userns_root(void)
{
	char uid_map[32], gid_map[32];

	snprintf(uid_map, sizeof(uid_map), "0 %u 1", (unsigned int)getuid());
	snprintf(gid_map, sizeof(gid_map), "0 %u 1", (unsigned int)getgid());
	if (unshare(CLONE_NEWUSER) ||
	    write_proc("/proc/self/setgroups", "deny") ||
	    write_proc("/proc/self/uid_map", uid_map) ||
	    write_proc("/proc/self/gid_map", gid_map))
		return -1;
	return 0;
}

/* NAME is a regular capability's name or any bit number (reserved ones). */
static long try_bset(const char *name, int option, unsigned long flags)
{
	unsigned int cap;

	if (name[0] >= '0' && name[0] <= '9')
		cap = strtoul(name, NULL, 10);
	else if (parse_regular(name, &cap))
		return -1;
	return prctl(option, cap, flags, 0, 0);
}

static void show_regular(void)
{
	struct __user_cap_data_struct data[2];

	if (capget_new(0, data))
		printf("regular %s\n", result(-1));
	else
		printf("regular %016llx\n",
		       (unsigned long long)(data[1].effective & 0xffff0000U)
		       << 32);
}

static void show_caps(void)
{
	struct nc_sets sets;

	if (nc_capget(0, &sets))
		printf("caps %s\n", result(-1));
	else
		printf("caps e=%016llx p=%016llx i=%016llx\n",
		       (unsigned long long)sets.eff,
		       (unsigned long long)sets.prm,
		       (unsigned long long)sets.inh);
}

/* O_PATH, then a real open through its /proc/self/fd link. */
static long try_reopen(const char *path)
{
	char link[64];
	int fd = open(path, O_PATH);
	long rc;

	if (fd < 0)
		return -1;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	rc = open(link, O_RDONLY);
	close(fd);
	return rc;
}

/* An action run in another thread: its result and errno come back. */
struct job {
	const char *action;
	long rc;
	int err;
};

static void *job_thread(void *arg)
{
	struct job *job = arg;

	errno = 0;
	job->rc = run(job->action);
	job->err = errno;
	return NULL;
}

static long try_thread(const char *action)
{
	struct job job = { .action = action };
	pthread_t t;
	int rc;

	fflush(stdout);
	rc = pthread_create(&t, NULL, job_thread, &job);
	if (rc) {
		errno = rc;
		return -1;
	}
	pthread_join(t, NULL);
	errno = job.err;
	return job.rc;
}

/* A thread started early ("spawn") that runs actions handed to it later. */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t spawn_cond = PTHREAD_COND_INITIALIZER;
static struct job *spawn_job;
static int spawn_done, spawned;

static void *spawn_thread(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&spawn_lock);
	for (;;) {
		while (!spawn_job)
			pthread_cond_wait(&spawn_cond, &spawn_lock);
		job_thread(spawn_job);
		spawn_job = NULL;
		spawn_done = 1;
		pthread_cond_broadcast(&spawn_cond);
	}
	return NULL;
}

static long try_spawn(void)
{
	pthread_t t;
	int rc = pthread_create(&t, NULL, spawn_thread, NULL);

	if (rc) {
		errno = rc;
		return -1;
	}
	pthread_detach(t);
	spawned = 1;
	return 0;
}

static long try_in_spawned(const char *action)
{
	struct job job = { .action = action };

	if (!spawned) {
		errno = ESRCH;
		return -1;
	}
	fflush(stdout);
	pthread_mutex_lock(&spawn_lock);
	spawn_done = 0;
	spawn_job = &job;
	pthread_cond_broadcast(&spawn_cond);
	while (!spawn_done)
		pthread_cond_wait(&spawn_cond, &spawn_lock);
	pthread_mutex_unlock(&spawn_lock);
	errno = job.err;
	return job.rc;
}

/* /proc/PID/mem of the next victim: read its marker, or write and reread. */
static long try_mem(int write)
{
	char path[64], c = 'W';
	int fd;
	long rc = 0;

	snprintf(path, sizeof(path), "/proc/%d/mem", (int)victims[next_victim++]);
	fd = open(path, write ? O_RDWR : O_RDONLY);
	if (fd < 0)
		return -1;
	if (write && pwrite(fd, &c, 1, (off_t)(uintptr_t)&marker) != 1)
		rc = -1;
	if (!rc && pread(fd, &c, 1, (off_t)(uintptr_t)&marker) != 1)
		rc = -1;
	if (!rc && c != (write ? 'W' : 'M')) {
		errno = EBADMSG;
		rc = -1;
	}
	close(fd);
	return rc;
}

/*
 * process_vm_readv() of the next victim's marker; with @write, first
 * process_vm_writev() a new value into it.
 */
static long try_vm(int write)
{
	pid_t pid = victims[next_victim++];
	char c = 'V';
	struct iovec local = { .iov_base = &c, .iov_len = 1 };
	struct iovec remote = { .iov_base = (void *)&marker, .iov_len = 1 };

	if (write && process_vm_writev(pid, &local, 1, &remote, 1, 0) != 1)
		return -1;
	c = 0;
	if (process_vm_readv(pid, &local, 1, &remote, 1, 0) != 1)
		return -1;
	if (c != (write ? 'V' : 'M')) {
		errno = EBADMSG;
		return -1;
	}
	return 0;
}

static long try_getfd(const char *pid, const char *fd)
{
	int pidfd = syscall(SYS_pidfd_open, atoi(pid), 0);
	long rc;

	if (pidfd < 0)
		return -1;
	rc = syscall(SYS_pidfd_getfd, pidfd, atoi(fd), 0);
	close(pidfd);
	if (rc >= 0)
		kept_fd = rc;
	return rc;
}

/*
 * The ioctls that change a file through a descriptor not open for writing.
 * Each sets what it reads back (no change), or passes an argument that the
 * filesystem refuses: what is checked is who answers first.
 */
/* FIDEDUPERANGE of one byte from @src into @dest */
static long dedupe_byte(int src, int dest)
{
	union {
		struct file_dedupe_range r;
		char buf[sizeof(struct file_dedupe_range) +
			 sizeof(struct file_dedupe_range_info)];
	} dedupe;

	memset(&dedupe, 0, sizeof(dedupe));
	dedupe.r.src_length = 1;
	dedupe.r.dest_count = 1;
	dedupe.r.info[0].dest_fd = dest;
	return ioctl(src, FIDEDUPERANGE, &dedupe);
}

/* ext4's own ioctls (fs/ext4/ext4.h; no UAPI header in 6.1) */
#define NC_EXT4_IOC_MIGRATE	_IO('f', 9)
#define NC_EXT4_IOC_CHECKPOINT	_IOW('f', 43, __u32)

/* SG_IO: a SCSI INQUIRY, which reads; SG_IO may carry commands that write. */
static long try_sg_inquiry(int fd)
{
	unsigned char cmd[6] = { 0x12, 0, 0, 0, 36, 0 }, reply[36], sense[32];
	struct sg_io_hdr io = {
		.interface_id = 'S',
		.dxfer_direction = SG_DXFER_FROM_DEV,
		.cmd_len = sizeof(cmd),
		.mx_sb_len = sizeof(sense),
		.dxfer_len = sizeof(reply),
		.dxferp = reply,
		.cmdp = cmd,
		.sbp = sense,
		.timeout = 1000,
	};

	return ioctl(fd, SG_IO, &io);
}

static long ioctl_on(int fd, const char *name)
{
	struct fiemap fiemap = { .fm_length = ~0ULL };
	__u32 checkpoint = 0;
	int flags;
	struct fsxattr fsx;
	struct fsverity_enable_arg verity = { .version = 1 };
	struct fscrypt_policy_v1 policy = { .version = 0 };
	char label[FSLABEL_MAX];
	int version;

	if (!strcmp(name, "fssetxattr"))
		return ioctl(fd, FS_IOC_FSGETXATTR, &fsx) ?:
		       ioctl(fd, FS_IOC_FSSETXATTR, &fsx);
	if (!strcmp(name, "setversion"))
		return ioctl(fd, FS_IOC_GETVERSION, &version) ?:
		       ioctl(fd, FS_IOC_SETVERSION, &version);
	if (!strcmp(name, "setfslabel"))
		return ioctl(fd, FS_IOC_GETFSLABEL, label) ?:
		       ioctl(fd, FS_IOC_SETFSLABEL, label);
	if (!strcmp(name, "dedupe"))
		return dedupe_byte(fd, fd);
	if (!strcmp(name, "verity"))
		return ioctl(fd, FS_IOC_ENABLE_VERITY, &verity);
	if (!strcmp(name, "encrypt"))
		return ioctl(fd, FS_IOC_SET_ENCRYPTION_POLICY, &policy);
	if (!strcmp(name, "migrate"))
		return ioctl(fd, NC_EXT4_IOC_MIGRATE);
	if (!strcmp(name, "checkpoint"))
		return ioctl(fd, NC_EXT4_IOC_CHECKPOINT, &checkpoint);
	if (!strcmp(name, "fiemap"))
		return ioctl(fd, FS_IOC_FIEMAP, &fiemap);
	if (!strcmp(name, "getflags"))
		return ioctl(fd, FS_IOC_GETFLAGS, &flags);
	if (!strcmp(name, "sgio"))
		return try_sg_inquiry(fd);
	fprintf(stderr, "nc-try: unknown ioctl '%s'\n", name);
	exit(2);
}

static long try_ioctl(const char *name, const char *path)
{
	int fd = open(path, O_RDONLY);
	long rc;

	if (fd < 0)
		return -1;
	rc = ioctl_on(fd, name);
	close(fd);
	return rc;
}

/* FIDEDUPERANGE of one byte from the kept descriptor into @path, read-only */
static long try_dedupe_into(const char *path)
{
	int fd = open(path, O_RDONLY);
	long rc;

	if (fd < 0)
		return -1;
	rc = dedupe_byte(kept_fd, fd);
	close(fd);
	return rc;
}

static long try_setns_user(const char *pid)
{
	char path[64];
	int fd;
	long rc;

	snprintf(path, sizeof(path), "/proc/%d/ns/user", atoi(pid));
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	rc = setns(fd, CLONE_NEWUSER);
	close(fd);
	return rc;
}

static long try_uring(unsigned int flags)
{
	struct io_uring_params p = { .flags = flags };
	long fd = syscall(SYS_io_uring_setup, 4, &p);

	if (fd >= 0)
		close(fd);
	return fd;
}

/* A child dumps core (SIGSEGV): print whether the kernel says it did. */
static void show_crash(void)
{
	struct rlimit unlimited = { RLIM_INFINITY, RLIM_INFINITY };
	pid_t pid;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		if (setrlimit(RLIMIT_CORE, &unlimited) ||
		    prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
			_exit(1);
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
		_exit(1);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		printf("crash %s\n", result(-1));
	else if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGSEGV)
		printf("crash status %d\n", status);
	else
		printf("crash %s\n", WCOREDUMP(status) ? "core" : "nocore");
}

/* ARG n (from 1) of "action:arg1:arg2", or "" */
static const char *arg(const char *action, int n, char *buf, size_t size)
{
	const char *p = action;
	size_t len;

	while (n-- > 0) {
		p = strchr(p, ':');
		if (!p)
			return "";
		p++;
	}
	len = strcspn(p, ":");
	if (len >= size)
		len = size - 1;
	memcpy(buf, p, len);
	buf[len] = '\0';
	return buf;
}

static int is(const char *action, const char *name)
{
	size_t len = strlen(name);

	return !strncmp(action, name, len) &&
	       (action[len] == '\0' || action[len] == ':');
}

/* The actions that print their own line: 1 when @a is one (and ran). */
static int shown(const char *a)
{
	if (is(a, "regular"))
		show_regular();
	else if (is(a, "inh"))
		show_inheritable();
	else if (is(a, "caps"))
		show_caps();
	else if (is(a, "crash"))
		show_crash();
	else
		return 0;
	return 1;
}

static long run(const char *a)
{
	char b1[4096], b2[4096], buf[64];
	const char *p = arg(a, 1, b1, sizeof(b1));
	const char *q = arg(a, 2, b2, sizeof(b2));
	struct timeval tv[2] = { { 0 } };

	if (is(a, "fork"))
		return child_exits(fork());
	if (is(a, "vfork"))
		return child_exits(vfork());
	if (is(a, "clone"))
		return child_exits(syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0));
	if (is(a, "clone3"))
		return try_clone3();
	if (is(a, "pidfd-open"))
		return try_pidfd_open();
	if (is(a, "clone-pidfd"))
		return try_clone_pidfd();
	if (is(a, "open"))
		return open(p, O_RDONLY);
	if (is(a, "openat"))
		return openat(AT_FDCWD, p, O_RDONLY);
	if (is(a, "openat2"))
		return try_openat2(p);
	if (is(a, "creat"))
		return creat(p, 0644);
	if (is(a, "handle"))
		return try_handle(p);
	if (is(a, "execve"))
		return try_exec(p, 0);
	if (is(a, "uselib"))
		return try_uselib(p);
	if (is(a, "setflags32"))
		return try_setflags32(p);
	if (is(a, "execveat"))
		return try_exec(p, 1);
	if (is(a, "wopen"))
		return open(p, O_WRONLY);
	if (is(a, "append"))
		return open(p, O_WRONLY | O_APPEND);
	if (is(a, "rtrunc"))
		return open(p, O_RDONLY | O_TRUNC);
	if (is(a, "trunc"))
		return open(p, O_WRONLY | O_TRUNC);
	if (is(a, "create"))
		return open(p, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (is(a, "unlink"))
		return unlink(p);
	if (is(a, "rename"))
		return rename(p, q);
	if (is(a, "link"))
		return link(p, q);
	if (is(a, "mkdir"))
		return mkdir(p, 0755);
	if (is(a, "rmdir"))
		return rmdir(p);
	if (is(a, "mknod"))
		return mknod(p, S_IFIFO | 0644, 0);
	if (is(a, "symlink"))
		return symlink(p, q);
	if (is(a, "chmod"))
		return chmod(p, 0640);
	if (is(a, "chown"))
		return chown(p, 0, 0);
	if (is(a, "utimes"))
		return utimes(p, tv);
	if (is(a, "truncate"))
		return truncate(p, 0);
	if (is(a, "setxattr"))
		return setxattr(p, "user.newcaps", "1", 1, 0);
	if (is(a, "setacl"))
		return try_setacl(p);
	if (is(a, "rmacl"))
		return removexattr(p, "system.posix_acl_access");
	if (is(a, "getacl"))
		return getxattr(p, "system.posix_acl_access", NULL, 0) < 0 ? -1 : 0;
	if (is(a, "removexattr"))
		return removexattr(p, "user.newcaps");
	if (is(a, "setflags"))
		return try_setflags(p);
	if (is(a, "attach"))
		return try_ptrace(PTRACE_ATTACH);
	if (is(a, "seize"))
		return try_ptrace(PTRACE_SEIZE);
	if (is(a, "traceme"))
		return ptrace(PTRACE_TRACEME, 0, 0, 0);
	if (is(a, "fd-write"))
		return write(kept_fd, "x", 1);
	if (is(a, "fd-read"))
		return read(kept_fd, buf, sizeof(buf));
	if (is(a, "fd-truncate"))
		return ftruncate(kept_fd, 0);
	if (is(a, "capset-v3"))
		return try_capset_v3();
	if (is(a, "raise"))
		return try_raise(p);
	if (is(a, "drop"))
		return drop_regular(p);
	if (is(a, "prm-drop-v3"))
		return try_prm_drop(p, 0);
	if (is(a, "prm-drop-new"))
		return try_prm_drop(p, 1);
	if (is(a, "userns-root"))
		return try_userns_root();
	if (is(a, "setuid"))
		return setresuid(atoi(p), atoi(p), atoi(p));
	if (is(a, "unshare-user"))
		return unshare(CLONE_NEWUSER);
	if (is(a, "keepcaps"))
		return prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0);
	if (is(a, "ambient")) {
		unsigned int cap;

		if (nc_cap_parse(p, strlen(p), &cap)) {
			fprintf(stderr, "'%s' is not a capability\n", p);
			errno = EINVAL;
			return -1;
		}
		return prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0);
	}
	if (is(a, "bset-read-plain"))
		return try_bset(p, PR_CAPBSET_READ, 0);
	if (is(a, "bset-read"))
		return try_bset(p, PR_CAPBSET_READ, PR_CAPBSET_NEWCAPS);
	if (is(a, "bset-drop"))
		return try_bset(p, PR_CAPBSET_DROP, PR_CAPBSET_NEWCAPS);
	if (is(a, "evm-key"))
		return try_evm_key();
	if (is(a, "xattr-size"))
		return getxattr(p, q, NULL, 0);
	if (is(a, "securebits"))
		return prctl(PR_SET_SECUREBITS, strtoul(p, NULL, 16), 0, 0, 0);
	if (is(a, "opath"))
		return open(p, O_PATH);
	if (is(a, "reopen"))
		return try_reopen(p);
	if (is(a, "thread"))
		return try_thread(strchr(a, ':') ? strchr(a, ':') + 1 : "");
	if (is(a, "spawn"))
		return try_spawn();
	if (is(a, "in-spawned"))
		return try_in_spawned(strchr(a, ':') ? strchr(a, ':') + 1 : "");
	if (is(a, "mem-read"))
		return try_mem(0);
	if (is(a, "mem-write"))
		return try_mem(1);
	if (is(a, "vm-read"))
		return try_vm(0);
	if (is(a, "vm-write"))
		return try_vm(1);
	if (is(a, "getfd"))
		return try_getfd(p, q);
	if (is(a, "use-fd"))
		return kept_fd = atoi(p);
	if (is(a, "fd-text"))
		return write(kept_fd, p, strlen(p));
	if (is(a, "fd-ioctl"))
		return ioctl_on(kept_fd, p);
	if (is(a, "dedupe-into"))
		return try_dedupe_into(p);
	if (is(a, "ioctl"))
		return try_ioctl(p, q);
	if (is(a, "setns-user"))
		return try_setns_user(p);
	if (is(a, "uring"))
		return try_uring(0);
	if (is(a, "sqpoll"))
		return try_uring(IORING_SETUP_SQPOLL);
	if (is(a, "ring-open"))
		return held_ring_open(p);
	if (is(a, "bpf-pin"))
		return held_bpf_pin(p);
	if (is(a, "bpf-get"))
		return held_bpf_get(p);
	if (shown(a))
		return 0;
	fprintf(stderr, "nc-try: unknown action '%s'\n", a);
	exit(2);
}

int main(int argc, char **argv)
{
	int i = 1, j;
	long rc;

	for (j = 1; j < argc && nvictims < 64; j++) {
		if (!is(argv[j], "attach") && !is(argv[j], "seize") &&
		    !is(argv[j], "mem-read") && !is(argv[j], "mem-write") &&
		    !is(argv[j], "vm-read") && !is(argv[j], "vm-write"))
			continue;
		victims[nvictims] = fork();
		if (victims[nvictims] == 0) {
			pause();
			_exit(0);
		}
		nvictims++;
	}
	while (i < argc && !strncmp(argv[i], "--", 2)) {
		if (!strcmp(argv[i], "--drop-reg") && i + 1 < argc) {
			if (drop_regular(argv[i + 1])) {
				printf("drop %s\n", result(-1));
				return 1;
			}
		} else if (!strcmp(argv[i], "--keep-fd") && i + 1 < argc) {
			kept_fd = open(argv[i + 1], O_RDWR);
			if (kept_fd < 0)
				kept_fd = open(argv[i + 1], O_RDONLY);
			if (kept_fd < 0) {
				perror(argv[i + 1]);
				return 1;
			}
		} else if (!strcmp(argv[i], "--keep-ring")) {
			if (held_ring_setup()) {
				perror("io_uring SQPOLL ring");
				return 1;
			}
			i++;
			continue;
		} else {
			fprintf(stderr, "usage: nc-try [--keep-ring] [--drop-reg NAME,...] [--keep-fd PATH] ACTION...\n");
			return 2;
		}
		i += 2;
	}
	for (; i < argc; i++) {
		if (shown(argv[i]))
			continue;
		rc = run(argv[i]);
		if ((is(argv[i], "bset-read") || is(argv[i], "xattr-size")) &&
		    rc >= 0)
			printf("%s %ld\n", argv[i], rc);
		else
			printf("%s %s\n", argv[i], result(rc));
	}
	for (j = 0; j < nvictims; j++)
		if (victims[j] > 0)
			kill(victims[j], SIGKILL);
	return 0;
}
