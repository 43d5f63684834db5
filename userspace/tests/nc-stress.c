// SPDX-License-Identifier: GPL-2.0
/*
 * nc-stress: the stress and power-loss tests' guest helper (issue 12).
 * Static, linked with mountopts/newcaps_policy.c: every exec it observes
 * is checked against the pure equations the kernel runs.
 *
 *   nc-stress exec [--seconds N] [--seed S] [--tag T] PATH=POLICY...
 *       For N seconds (a duration, nothing is timed), fork children that
 *       set up one of a fixed list of credentials (root; root with a
 *       narrow inheritable set, with regular capabilities dropped, with an
 *       ambient capability, with a bounding-set drop; uid 1000, with
 *       no_new_privs, with SECURE_NO_SXID_SANITIZE and cap_reg_write
 *       dropped) and exec one of the PATHs, a copy of nc-stress that
 *       reports its sets back ("nc-stress report"). The sets before and
 *       after each exec, the file's masks and setuid bit are run through
 *       nc_exec_transition() under inherit, strict and audit; the observed
 *       sets must equal the result of POLICY (inherit, strict or audit:
 *       the mount keeps that policy), or of one of the three ("any": the
 *       mount is remounted or follows a flipping default_policy).
 *       Prints "MISMATCH ..." per wrong exec and a summary of counts
 *       ("T name value" lines); exit 1 on a mismatch or a failed exec.
 *   nc-stress report FD
 *       write this process's credentials to FD (the exec target's job)
 *   nc-stress create DIR PREFIX COUNT
 *       create COUNT regular files in DIR (0: until killed), in turn by
 *       open(O_CREAT|O_EXCL) and a write, mknod(S_IFREG), O_TMPFILE and
 *       linkat, creat() then rename(), with a directory and a FIFO now and
 *       then; no sync. "created N" lines on stdout as it goes.
 *   nc-stress check-masks DIR SPEC
 *       every regular file under DIR carries exactly the security.capability
 *       capdefault=SPEC writes (revision 2, Fp empty, Fi and the effective
 *       flag of SPEC), no other file any; prints "files N dirs D other O
 *       bad B" and each bad path; exit 1 when B > 0
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "newcaps_policy.h"
#include "regular.h"

#define SECBIT_NO_SXID_SANITIZE	(1UL << 16)

static int usage(void)
{
	fprintf(stderr,
		"usage: nc-stress exec [--seconds N] [--seed S] [--tag T] PATH=inherit|strict|audit|any...\n"
		"       nc-stress report FD\n"
		"       nc-stress create DIR PREFIX COUNT\n"
		"       nc-stress check-masks DIR SPEC\n");
	return 2;
}

/* What a process's credentials look like, as /proc/self/status shows them. */
struct creds {
	u64 inh, prm, eff, bnd, amb;
	unsigned int uid, euid, suid;
	unsigned int nnp;
	unsigned long securebits;
	int valid;
};

/* The Cap lines of /proc/self/status; CapReg* hold the regular region. */
static const struct {
	const char *key;
	size_t set;
} cap_lines[] = {
	{ "CapInh:", offsetof(struct creds, inh) },
	{ "CapPrm:", offsetof(struct creds, prm) },
	{ "CapEff:", offsetof(struct creds, eff) },
	{ "CapBnd:", offsetof(struct creds, bnd) },
	{ "CapAmb:", offsetof(struct creds, amb) },
	{ "CapRegInh:", offsetof(struct creds, inh) },
	{ "CapRegPrm:", offsetof(struct creds, prm) },
	{ "CapRegEff:", offsetof(struct creds, eff) },
	{ "CapRegBnd:", offsetof(struct creds, bnd) },
};

/* Add a Cap line's mask to its set; false for any other line. */
static bool cap_line(struct creds *c, const char *line)
{
	unsigned long long v;
	size_t i, len;

	for (i = 0; i < sizeof(cap_lines) / sizeof(cap_lines[0]); i++) {
		len = strlen(cap_lines[i].key);
		if (!strncmp(line, cap_lines[i].key, len) &&
		    sscanf(line + len, "%llx", &v) == 1) {
			*(u64 *)((char *)c + cap_lines[i].set) |= v;
			return true;
		}
	}
	return false;
}

static int read_creds(struct creds *c)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	unsigned int fsuid;
	int seen = 0;

	memset(c, 0, sizeof(*c));
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (cap_line(c, line))
			seen++;
		else if (sscanf(line, "Uid: %u %u %u %u", &c->uid, &c->euid,
				&c->suid, &fsuid) == 4)
			seen++;
		else if (sscanf(line, "NoNewPrivs: %u", &c->nnp) == 1)
			seen++;
	}
	fclose(f);
	c->securebits = (unsigned long)prctl(PR_GET_SECUREBITS, 0, 0, 0, 0);
	c->valid = seen == 11;
	return c->valid ? 0 : -1;
}

static int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

static int read_all(int fd, void *buf, size_t len)
{
	char *p = buf;

	while (len) {
		ssize_t n = read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

static int report(const char *fd)
{
	struct creds c;

	read_creds(&c);
	return write_all(atoi(fd), &c, sizeof(c)) ? 1 : 0;
}

/* --- exec: the targets and the credentials before exec ------------------ */

enum expect { EXPECT_INHERIT, EXPECT_STRICT, EXPECT_AUDIT, EXPECT_ANY };
static const char *const expect_names[] = { "inherit", "strict", "audit", "any" };

struct target {
	const char *path;
	enum expect expect;
	int has_xattr;
	u64 fp, fi;
	int fe;
	int setuid_root;	/* mode has S_ISUID and the owner is root */
	int nosuid;
	/* counts */
	unsigned long execs, matched[NC_POLICY_COUNT], strict_lost_execs,
		strict_removed;
};

static int load_target(struct target *t, char *arg)
{
	char *eq = strrchr(arg, '=');
	struct vfs_ns_cap_data caps;
	struct statvfs sv;
	struct stat st;
	ssize_t n;
	int i;

	if (!eq)
		return -1;
	*eq = '\0';
	memset(t, 0, sizeof(*t));
	t->path = arg;
	for (i = 0; i <= EXPECT_ANY; i++)
		if (!strcmp(eq + 1, expect_names[i]))
			break;
	if (i > EXPECT_ANY)
		return -1;
	t->expect = i;
	if (stat(arg, &st) || statvfs(arg, &sv)) {
		perror(arg);
		return -1;
	}
	t->setuid_root = (st.st_mode & S_ISUID) && st.st_uid == 0;
	t->nosuid = !!(sv.f_flag & ST_NOSUID);
	memset(&caps, 0, sizeof(caps));
	n = getxattr(arg, "security.capability", &caps, sizeof(caps));
	if (n >= (ssize_t)XATTR_CAPS_SZ_2 && !t->nosuid) {
		unsigned int magic = caps.magic_etc;

		if ((magic & VFS_CAP_REVISION_MASK) != VFS_CAP_REVISION_2 &&
		    (magic & VFS_CAP_REVISION_MASK) != VFS_CAP_REVISION_3) {
			fprintf(stderr, "%s: unexpected masks revision\n", arg);
			return -1;
		}
		t->has_xattr = 1;
		t->fp = caps.data[0].permitted |
			(u64)caps.data[1].permitted << 32;
		t->fi = caps.data[0].inheritable |
			(u64)caps.data[1].inheritable << 32;
		t->fe = !!(magic & VFS_CAP_FLAGS_EFFECTIVE);
	}
	return 0;
}

enum setup {
	SETUP_ROOT, SETUP_NARROW_PI, SETUP_DROP_REG, SETUP_DROP_SXID,
	SETUP_AMBIENT, SETUP_BND_DROP, SETUP_USER, SETUP_USER_NNP,
	SETUP_USER_NO_SANITIZE, SETUP_COUNT
};
static const char *const setup_names[] = {
	"root", "root-narrow-pi", "root-drop-write-ptrace", "root-drop-sxid",
	"root-ambient", "root-bnd-drop-net-raw", "user", "user-nnp",
	"user-no-sanitize-drop-write",
};

static int become_user(void)
{
	return setgroups(0, NULL) || setresgid(1000, 1000, 1000) ||
	       setresuid(1000, 1000, 1000) ? -1 : 0;
}

/* In the child: the credentials of SETUP. */
static int apply_setup(enum setup s)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	switch (s) {
	case SETUP_ROOT:
		return 0;
	case SETUP_NARROW_PI:
		/* A legacy capset keeps the regular bits as they were. */
		if (syscall(SYS_capget, &hdr, data))
			return -1;
		data[0].inheritable = 1U << CAP_NET_RAW | 1U << CAP_CHOWN |
				      1U << CAP_DAC_OVERRIDE;
		data[1].inheritable = 0;
		return syscall(SYS_capset, &hdr, data) ? -1 : 0;
	case SETUP_DROP_REG:
		return drop_regular("cap_reg_write,cap_reg_ptrace");
	case SETUP_DROP_SXID:
		return drop_regular("cap_reg_sxid");
	case SETUP_AMBIENT:
		/* Root's Pi holds what is put there, as on mainline. */
		if (syscall(SYS_capget, &hdr, data))
			return -1;
		data[0].inheritable |= 1U << CAP_NET_BIND_SERVICE;
		if (syscall(SYS_capset, &hdr, data))
			return -1;
		return prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE,
			     CAP_NET_BIND_SERVICE, 0, 0) ? -1 : 0;
	case SETUP_BND_DROP:
		return prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0) ? -1 : 0;
	case SETUP_USER:
		return become_user();
	case SETUP_USER_NNP:
		return become_user() || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ?
			-1 : 0;
	case SETUP_USER_NO_SANITIZE:
		return prctl(PR_SET_SECUREBITS, SECBIT_NO_SXID_SANITIZE, 0, 0,
			     0) || drop_regular("cap_reg_write") ||
			become_user() ? -1 : 0;
	default:
		return -1;
	}
}

/* The input of the transition, from the process before exec and the file. */
static void exec_input(const struct target *t, const struct creds *b,
		       enum nc_policy policy, struct nc_exec_in *in,
		       unsigned int *new_euid)
{
	/* bprm_fill_uid(): the setuid bit unless nosuid or no_new_privs */
	int honoured = t->setuid_root && !t->nosuid && !b->nnp;

	memset(in, 0, sizeof(*in));
	in->pp = b->prm;
	in->pe = b->eff;
	in->pi = (b->inh & ~NC_REGULAR_MASK) | (b->eff & NC_REGULAR_MASK);
	in->pa = b->amb;
	in->bnd = b->bnd;
	in->has_xattr = t->has_xattr;
	in->fp = t->fp;
	in->fi = t->fi;
	in->fe = t->fe;
	in->policy = policy;
	*new_euid = honoured ? 0 : b->euid;
	in->setid = *new_euid != b->euid;
	in->setid_new = *new_euid != b->uid && *new_euid != b->euid &&
			*new_euid != b->suid;
	in->setuid_root = t->setuid_root && *new_euid == 0 &&
			  !(b->securebits & (1UL << 0));	/* SECURE_NOROOT */
	/* uid 0 only as effective or saved uid: suid := euid may leave it */
	in->held_root = (b->euid == 0 || b->suid == 0) && b->uid != 0 &&
			!(b->securebits & (1UL << 2));	/* NO_SETUID_FIXUP */
	in->euid_was_root = b->euid == 0;
	in->euid_root = *new_euid == 0;
	in->no_gain = t->nosuid;
	in->limited = b->nnp;
	/* SPEC 4.1.3, 4.1.4 (workers run in the initial user namespace) */
	in->root = *new_euid == 0 && !(b->securebits & (1UL << 0));
	in->setuid_fixup = b->euid == 0 && *new_euid != 0 &&
			   !(b->securebits & (1UL << 2));	/* NO_SETUID_FIXUP */
	in->no_sxid_sanitize = !!(b->securebits & SECBIT_NO_SXID_SANITIZE);
}

static unsigned long long rng_state;
static unsigned int rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned int)(rng_state >> 11);
}

static unsigned long mismatches, failures;

/* @a: the sets after the exec, or NULL when the kernel refused it (EPERM). */
static void check_exec(struct target *t, enum setup s, const struct creds *b,
		       const struct creds *a)
{
	static const enum nc_policy policies[] = {
		NC_POLICY_INHERIT, NC_POLICY_STRICT, NC_POLICY_AUDIT };
	int match[NC_POLICY_COUNT] = { 0 };
	struct nc_exec_out out[NC_POLICY_COUNT];
	unsigned int i, ok;

	for (i = 0; i < NC_POLICY_COUNT; i++) {
		struct nc_exec_in in;
		unsigned int euid;

		exec_input(t, b, policies[i], &in, &euid);
		nc_exec_transition(&in, &out[i]);
		if (out[i].no_gain)
			euid = b->euid;
		/* Masks with Fe short of Fp: EPERM, as mainline. */
		if (!a || out[i].insufficient)
			match[i] = !a && out[i].insufficient;
		else
			match[i] = a->prm == out[i].pp && a->eff == out[i].pe &&
				   a->inh == out[i].pi && a->amb == out[i].pa &&
				   a->euid == euid && a->bnd == b->bnd;
	}
	t->execs++;
	for (i = 0; i < NC_POLICY_COUNT; i++)
		t->matched[i] += match[i];
	ok = t->expect == EXPECT_ANY ?
		(match[0] || match[1] || match[2]) : match[t->expect];
	/* What the kernel counts for a file without masks (stats). */
	if (t->expect == EXPECT_AUDIT && !t->has_xattr &&
	    out[NC_POLICY_AUDIT].strict_lost)
		t->strict_lost_execs++;
	if (t->expect == EXPECT_STRICT && !t->has_xattr)
		t->strict_removed +=
			__builtin_popcountll(out[NC_POLICY_STRICT].strict_lost);
	if (ok)
		return;
	mismatches++;
	if (mismatches > 20)
		return;
	if (!a) {
		printf("MISMATCH %s (%s) setup %s: the exec was refused (EPERM), the model runs it\n",
		       t->path, expect_names[t->expect], setup_names[s]);
		return;
	}
	printf("MISMATCH %s (%s) setup %s: before uid %u euid %u P=%016llx E=%016llx I=%016llx A=%016llx B=%016llx nnp %u sb %lx; "
	       "after euid %u P=%016llx E=%016llx I=%016llx A=%016llx; "
	       "inherit P=%016llx E=%016llx, strict P=%016llx E=%016llx%s\n",
	       t->path, expect_names[t->expect], setup_names[s], b->uid,
	       b->euid, b->prm, b->eff, b->inh, b->amb, b->bnd, b->nnp,
	       b->securebits, a->euid, a->prm, a->eff, a->inh, a->amb,
	       out[0].pp, out[0].pe, out[1].pp, out[1].pe,
	       out[0].insufficient ? " (the model refuses it)" : "");
}

/* The child's status when execve() failed with EPERM. */
#define EXIT_EXEC_REFUSED	5

/* One exec: 0 when it ran and reported (or was refused), whatever the sets. */
static int one_exec(struct target *t, enum setup s)
{
	struct creds before, after;
	int fds[2], status, got, refused;
	pid_t pid;

	if (pipe(fds))
		return -1;
	for (;;) {
		pid = fork();
		if (pid >= 0 || errno != EAGAIN)
			break;
		usleep(10000);	/* stress-ng's forks beside us */
	}
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		char fd[16];

		close(fds[0]);
		if (apply_setup(s) || read_creds(&before))
			_exit(3);
		if (write_all(fds[1], &before, sizeof(before)))
			_exit(3);
		snprintf(fd, sizeof(fd), "%d", fds[1]);
		execl(t->path, t->path, "report", fd, (char *)NULL);
		_exit(errno == EPERM ? EXIT_EXEC_REFUSED : 4);
	}
	close(fds[1]);
	got = !read_all(fds[0], &before, sizeof(before));
	/* "before" without "after": the exec failed (EPERM: refused). */
	refused = got && read_all(fds[0], &after, sizeof(after));
	got = got && !refused;
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (refused && WIFEXITED(status) &&
	    WEXITSTATUS(status) == EXIT_EXEC_REFUSED && before.valid) {
		check_exec(t, s, &before, NULL);
		return 0;
	}
	if (!got || !WIFEXITED(status) || WEXITSTATUS(status) ||
	    !before.valid || !after.valid) {
		failures++;
		if (failures <= 20)
			printf("FAILED %s setup %s: status %#x, reports %d\n",
			       t->path, setup_names[s], status, got);
		return -1;
	}
	check_exec(t, s, &before, &after);
	return 0;
}

static int exec_main(int argc, char **argv)
{
	unsigned long seconds = 10, seed = 1, total = 0, per_setup[SETUP_COUNT];
	const char *tag = "exec";
	struct target *targets;
	int ntargets = 0, i;
	time_t end;

	memset(per_setup, 0, sizeof(per_setup));
	targets = calloc(argc, sizeof(*targets));
	if (!targets)
		return 2;
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
			seconds = strtoul(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoul(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--tag") && i + 1 < argc)
			tag = argv[++i];
		else if (load_target(&targets[ntargets++], argv[i]))
			return usage();
	}
	if (!ntargets)
		return usage();
	rng_state = 0x9e3779b97f4a7c15ULL ^ (seed * 0x100000001b3ULL);
	signal(SIGPIPE, SIG_IGN);
	end = time(NULL) + seconds;
	while (time(NULL) < end) {
		struct target *t = &targets[rng() % ntargets];
		enum setup s = rng() % SETUP_COUNT;

		if (!one_exec(t, s)) {
			total++;
			per_setup[s]++;
		}
		fflush(stdout);
	}
	for (i = 0; i < ntargets; i++) {
		struct target *t = &targets[i];

		printf("%s target %s %s %s execs %lu inherit %lu strict %lu audit %lu strict_lost_execs %lu strict_removed %lu\n",
		       tag, t->path, expect_names[t->expect],
		       t->has_xattr ? "labeled" :
		       t->setuid_root ? "setuid" : "unlabeled",
		       t->execs, t->matched[NC_POLICY_INHERIT],
		       t->matched[NC_POLICY_STRICT],
		       t->matched[NC_POLICY_AUDIT], t->strict_lost_execs,
		       t->strict_removed);
	}
	for (i = 0; i < SETUP_COUNT; i++)
		printf("%s setup %s %lu\n", tag, setup_names[i], per_setup[i]);
	printf("%s execs %lu\n%s mismatches %lu\n%s failures %lu\n", tag, total,
	       tag, mismatches, tag, failures);
	return mismatches || failures ? 1 : 0;
}

/* --- create: files on a capdefault= mount ------------------------------- */

static int create_main(const char *dir, const char *prefix, unsigned long count)
{
	char path[4096], tmp[4096], fdpath[64];
	unsigned long n;
	int fd;

	for (n = 1; !count || n <= count; n++) {
		snprintf(path, sizeof(path), "%s/%s-%lu", dir, prefix, n);
		switch (n % 5) {
		case 0:
			fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
			if (fd < 0 || write(fd, path, strlen(path)) < 0)
				goto fail;
			close(fd);
			break;
		case 1:
			if (mknod(path, S_IFREG | 0644, 0))
				goto fail;
			break;
		case 2:
			fd = open(dir, O_TMPFILE | O_WRONLY, 0644);
			if (fd < 0 || write(fd, "tmp", 3) < 0)
				goto fail;
			snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", fd);
			if (linkat(AT_FDCWD, fdpath, AT_FDCWD, path,
				   AT_SYMLINK_FOLLOW))
				goto fail;
			close(fd);
			break;
		case 3:
			snprintf(tmp, sizeof(tmp), "%s/.%s-%lu.tmp", dir,
				 prefix, n);
			fd = creat(tmp, 0644);
			if (fd < 0 || write(fd, "x", 1) < 0)
				goto fail;
			close(fd);
			if (rename(tmp, path))
				goto fail;
			break;
		default:
			fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_TRUNC,
				  0755);
			if (fd < 0)
				goto fail;
			close(fd);
			break;
		}
		if (n % 37 == 0) {
			snprintf(tmp, sizeof(tmp), "%s/%s-dir-%lu", dir, prefix, n);
			if (mkdir(tmp, 0755))
				goto fail;
		}
		if (n % 53 == 0) {
			snprintf(tmp, sizeof(tmp), "%s/%s-fifo-%lu", dir, prefix, n);
			if (mkfifo(tmp, 0644))
				goto fail;
		}
		if (n % 20 == 0) {
			printf("created %lu\n", n);
			fflush(stdout);
		}
	}
	if ((n - 1) % 20)
		printf("created %lu\n", n - 1);
	return 0;
fail:
	printf("create %s failed: %s\n", path, strerror(errno));
	return 1;
}

/* --- check-masks --------------------------------------------------------- */

static struct vfs_cap_data want_caps;
static unsigned long n_files, n_dirs, n_other, n_bad;

static void bad(const char *path, const char *why)
{
	n_bad++;
	if (n_bad <= 50)
		printf("bad %s: %s\n", path, why);
}

static int check_one(const char *path, const struct stat *st, int type,
		     struct FTW *ftw)
{
	unsigned char buf[64];
	ssize_t n;

	(void)ftw;
	if (type == FTW_NS || type == FTW_DNR) {
		bad(path, "cannot stat or read");
		return 0;
	}
	n = lgetxattr(path, "security.capability", buf, sizeof(buf));
	if (S_ISREG(st->st_mode)) {
		n_files++;
		if (n < 0)
			bad(path, errno == ENODATA ? "no masks" : strerror(errno));
		else if (n != XATTR_CAPS_SZ_2 ||
			 memcmp(buf, &want_caps, XATTR_CAPS_SZ_2))
			bad(path, "masks differ from capdefault=");
	} else {
		if (S_ISDIR(st->st_mode))
			n_dirs++;
		else
			n_other++;
		if (n >= 0)
			bad(path, "masks on a file that is not regular");
	}
	return 0;
}

static int check_masks_main(const char *dir, const char *spec)
{
	struct nc_capdefault d;
	const char *why = NULL;

	if (nc_capdefault_parse(spec, strlen(spec), &d, &why) || !d.set) {
		fprintf(stderr, "nc-stress: bad capdefault '%s': %s\n", spec,
			why ? why : "none");
		return 2;
	}
	/* As newcaps_inode_capdefault(): revision 2, Fp empty (little-endian guest). */
	memset(&want_caps, 0, sizeof(want_caps));
	want_caps.magic_etc = VFS_CAP_REVISION_2 |
			      (d.fe ? VFS_CAP_FLAGS_EFFECTIVE : 0);
	want_caps.data[0].inheritable = (unsigned int)d.fi;
	want_caps.data[1].inheritable = (unsigned int)(d.fi >> 32);
	if (nftw(dir, check_one, 16, FTW_PHYS)) {
		perror(dir);
		return 2;
	}
	printf("files %lu dirs %lu other %lu bad %lu\n", n_files, n_dirs,
	       n_other, n_bad);
	return n_bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage();
	if (!strcmp(argv[1], "report") && argc == 3)
		return report(argv[2]);
	if (!strcmp(argv[1], "exec"))
		return exec_main(argc, argv);
	if (!strcmp(argv[1], "create") && argc == 5)
		return create_main(argv[2], argv[3], strtoul(argv[4], NULL, 10));
	if (!strcmp(argv[1], "check-masks") && argc == 4)
		return check_masks_main(argv[2], argv[3]);
	return usage();
}
