// SPDX-License-Identifier: GPL-2.0
/*
 * newcaps-label POLICY [ROOT]: label, check or dry-run the files a policy
 * names, on several threads (-j), and with --state only the files that
 * changed since the last run (newcaps-label(8)).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/openat2.h>

#include "label-apply.h"

#define EXIT_DIFFERS	1
#define EXIT_BADINPUT	2
#define EXIT_SOMEFAILED	3

#define STATE_HEADER	"# newcaps-label state 1 root "

/* What was known of a file after it was last labelled or found right. */
struct file_state {
	char *path;
	char *spec;
	unsigned long long dev, ino;
	struct timespec mtime, ctime;
};

struct state {
	struct file_state *v;
	size_t n;
};

/* One label's outcome, printed in policy order once every thread is done. */
struct result {
	char *out, *err;
	int ret;		/* 0 right or labelled, 1 differs, -1 failed */
	bool known;		/* @now holds the file's state afterwards */
	struct file_state now;
};

struct job {
	const struct nc_labels *labels;
	const struct nc_apply_opts *opts;
	const struct state *old;
	const char *top;
	int rootfd;
	bool openat2;
	atomic_size_t next;
	struct result *res;
};

static void nomem(void)
{
	nc_fail(EXIT_FAILURE, "out of memory");
}

/* Append a message to @buf (a result's stdout or stderr text). */
static void __attribute__((format(printf, 2, 3))) say(char **buf,
						       const char *fmt, ...)
{
	char *more, *joined;
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vasprintf(&more, fmt, ap);
	va_end(ap);
	if (len < 0)
		nomem();
	if (!*buf) {
		*buf = more;
		return;
	}
	if (asprintf(&joined, "%s%s", *buf, more) < 0)
		nomem();
	free(*buf);
	free(more);
	*buf = joined;
}

static const char *spec_text(const struct nc_fcaps *masks, char *buf)
{
	if (nc_label_spec_format(masks, buf, NC_LABEL_SPEC_MAX) < 0)
		strcpy(buf, "?");
	return buf;
}

/*
 * Open @rel (absolute in the policy) under the directory @rootfd: symbolic
 * links in directories resolve inside the root, as if chrooted (openat2's
 * RESOLVE_IN_ROOT, Linux 5.6), so a link in a tree being labelled cannot
 * lead to a file outside it; a final symbolic link is not followed.
 * Without openat2, a plain open of @path.
 */
static int open_in_root(const struct job *job, const char *path,
			const char *rel)
{
	struct open_how how = {
		.flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
			 O_CLOEXEC,
		.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS,
	};

	if (job->openat2)
		return (int)syscall(SYS_openat2, job->rootfd, rel + 1, &how,
				    sizeof(how));
	return open(path, (int)how.flags);
}

static int state_cmp(const void *a, const void *b)
{
	return strcmp(((const struct file_state *)a)->path,
		      ((const struct file_state *)b)->path);
}

static bool same_time(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/* What the state file will say of this file; nothing when none is written. */
static void record(const struct job *job, struct result *r, const char *path,
		   const char *spec, const struct stat *st)
{
	if (!job->opts->state || job->opts->mode != NC_LABEL_APPLY)
		return;
	r->now.path = strdup(path);
	r->now.spec = strdup(spec);
	if (!r->now.path || !r->now.spec)
		nomem();
	r->now.dev = st->st_dev;
	r->now.ino = st->st_ino;
	r->now.mtime = st->st_mtim;
	r->now.ctime = st->st_ctim;
	r->known = true;
}

/*
 * Unchanged since the state was written: the same line, and the inode,
 * mtime and ctime it recorded (an xattr change moves ctime, so masks
 * written since by anyone show). No open: one fstatat.
 */
static bool unchanged(const struct job *job, const struct nc_label *label,
		      const char *want, struct result *r)
{
	struct file_state key = { .path = label->path }, *old;
	struct stat st;

	if (!job->old)
		return false;
	old = bsearch(&key, job->old->v, job->old->n, sizeof(key), state_cmp);
	if (!old || strcmp(old->spec, want) ||
	    fstatat(job->rootfd, label->path + 1, &st, AT_SYMLINK_NOFOLLOW) ||
	    st.st_dev != old->dev || st.st_ino != old->ino ||
	    !same_time(&st.st_mtim, &old->mtime) ||
	    !same_time(&st.st_ctim, &old->ctime))
		return false;
	record(job, r, label->path, want, &st);
	return true;
}

/* One file, through one descriptor; the outcome into @r. */
static void label_one(const struct job *job, const struct nc_label *label,
		      struct result *r)
{
	enum nc_label_mode mode = job->opts->mode;
	char path[8192], want[NC_LABEL_SPEC_MAX], *have;
	struct nc_fcaps caps;
	struct stat st;
	int fd;

	if (snprintf(path, sizeof(path), "%s%s", job->top, label->path) >=
	    (int)sizeof(path)) {
		say(&r->err, "%s: %s%s: %s\n", nc_prog, job->top, label->path,
		    strerror(ENAMETOOLONG));
		r->ret = -1;
		return;
	}
	spec_text(&label->masks, want);
	if (unchanged(job, label, want, r)) {
		if (job->opts->verbose)
			say(&r->out, "%s: OK (unchanged since the state file)\n",
			    path);
		return;
	}
	fd = open_in_root(job, path, label->path);
	if (fd < 0) {
		say(&r->err, "%s: %s: %s\n", nc_prog, path,
		    errno == ELOOP ? "is a symbolic link (not followed)" :
		    strerror(errno));
		r->ret = -1;
		return;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		say(&r->err, "%s: %s: not a regular file\n", nc_prog, path);
		r->ret = -1;
		goto out;
	}
	if (nc_fcaps_get(fd, &caps)) {
		say(&r->err, "%s: %s: cannot read security.capability: %s\n",
		    nc_prog, path, strerror(errno));
		r->ret = -1;
		goto out;
	}
	if (nc_fcaps_match(&caps, &label->masks)) {
		if (job->opts->verbose)
			say(&r->out, "%s: OK\n", path);
		record(job, r, label->path, want, &st);
		goto out;
	}
	have = nc_fcaps_text(&caps);
	switch (mode) {
	case NC_LABEL_CHECK:
		say(&r->out, "%s: differs: on disk %s, policy %s\n", path,
		    have ? have : "?", want);
		r->ret = 1;
		break;
	case NC_LABEL_DRY_RUN:
		say(&r->out, "%s: would set %s (on disk %s)\n", path, want,
		    have ? have : "?");
		break;
	case NC_LABEL_APPLY:
		if (nc_fcaps_set(fd, &label->masks)) {
			say(&r->err, "%s: %s: cannot set %s: %s\n", nc_prog,
			    path, want, strerror(errno));
			r->ret = -1;
			break;
		}
		if (job->opts->verbose)
			say(&r->out, "%s: set %s (was %s)\n", path, want,
			    have ? have : "?");
		if (!fstat(fd, &st))	/* the ctime the write gave it */
			record(job, r, label->path, want, &st);
		break;
	}
	free(have);
out:
	close(fd);
}

static void *worker(void *arg)
{
	struct job *job = arg;
	size_t i;

	while ((i = atomic_fetch_add(&job->next, 1)) < job->labels->n)
		label_one(job, &job->labels->v[i], &job->res[i]);
	return NULL;
}

/* ---- the state file ------------------------------------------------------- */

/* Parse "PATH DEV INO MS MNS CS CNS SPEC"; false for a malformed line. */
static bool parse_state_line(char *line, struct file_state *s)
{
	long long ms, cs;
	long mns, cns;
	char *sp = strchr(line, ' ');
	int used = 0;

	if (!sp)
		return false;
	*sp = '\0';
	if (sscanf(sp + 1, "%llu %llu %lld %ld %lld %ld %n", &s->dev, &s->ino,
		   &ms, &mns, &cs, &cns, &used) != 6 || !used ||
	    !sp[1 + used])
		return false;
	s->mtime.tv_sec = ms;
	s->mtime.tv_nsec = mns;
	s->ctime.tv_sec = cs;
	s->ctime.tv_nsec = cns;
	s->path = nc_unescape(line, strlen(line));
	s->spec = strdup(sp + 1 + used);
	if (!s->path || !s->spec) {
		free(s->path);
		free(s->spec);
		return false;
	}
	return true;
}

/*
 * Read the state file @name for the root @top; a missing file, or one of
 * another root, is an empty state (everything is looked at).
 */
static void read_state(const char *name, const char *top, struct state *st)
{
	char *text = nc_read_all(name), *line, *save = NULL;
	unsigned int lineno = 0;

	if (!text) {
		if (errno != ENOENT)
			nc_fail(EXIT_BADINPUT, "%s: %s", name, strerror(errno));
		return;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct file_state s = { 0 }, *v;

		if (!lineno++) {
			if (strncmp(line, STATE_HEADER, strlen(STATE_HEADER)) ||
			    strcmp(line + strlen(STATE_HEADER), *top ? top : "/")) {
				fprintf(stderr, "%s: note: %s is not a state of root %s: every file is looked at\n",
					nc_prog, name, *top ? top : "/");
				break;
			}
			continue;
		}
		if (!parse_state_line(line, &s))
			nc_fail(EXIT_BADINPUT, "%s:%u: not a state line (delete the file to start again)",
				name, lineno);
		v = realloc(st->v, (st->n + 1) * sizeof(*v));
		if (!v)
			nomem();
		st->v = v;
		st->v[st->n++] = s;
	}
	free(text);
	qsort(st->v, st->n, sizeof(*st->v), state_cmp);
}

/* Write the files known right now to @name, atomically. */
static void write_state(const char *name, const char *top,
			const struct result *res, size_t n)
{
	char *tmp;
	FILE *f;
	size_t i;
	int fd;

	if (asprintf(&tmp, "%s.XXXXXX", name) < 0)
		nomem();
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0 || !(f = fdopen(fd, "w")))
		nc_fail(EXIT_SOMEFAILED, "%s: %s", name, strerror(errno));
	fprintf(f, "%s%s\n", STATE_HEADER, *top ? top : "/");
	for (i = 0; i < n; i++) {
		const struct file_state *s = &res[i].now;
		char *path;

		if (!res[i].known)
			continue;
		path = nc_escape(s->path);
		if (!path)
			nomem();
		fprintf(f, "%s %llu %llu %lld %ld %lld %ld %s\n", path, s->dev,
			s->ino, (long long)s->mtime.tv_sec, s->mtime.tv_nsec,
			(long long)s->ctime.tv_sec, s->ctime.tv_nsec, s->spec);
		free(path);
	}
	if (fflush(f) || fsync(fileno(f)) || fclose(f) || rename(tmp, name)) {
		int err = errno;

		unlink(tmp);
		nc_fail(EXIT_SOMEFAILED, "%s: %s", name, strerror(err));
	}
	free(tmp);
}

static void free_state(struct state *st)
{
	while (st->n) {
		free(st->v[--st->n].path);
		free(st->v[st->n].spec);
	}
	free(st->v);
}

/* ---- the run -------------------------------------------------------------- */

int nc_label_apply(const struct nc_labels *labels, const char *root,
		   const struct nc_apply_opts *opts)
{
	struct state old = { 0 };
	struct job job = { .labels = labels, .opts = opts };
	struct open_how probe = { .flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC };
	size_t i, differ = 0, failed = 0, len = strlen(root);
	unsigned int t, jobs = opts->jobs ? opts->jobs : 1;
	pthread_t *threads;
	char *top;
	long fd;

	job.rootfd = open(*root ? root : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (job.rootfd < 0)
		nc_fail(EXIT_BADINPUT, "%s: %s", root, strerror(errno));
	/* "/", "" and "DIR/" mean what they say: no double slash in paths. */
	while (len > 0 && root[len - 1] == '/')
		len--;
	top = strndup(root, len);
	if (!top)
		nomem();
	job.top = top;
	if (opts->state) {
		read_state(opts->state, top, &old);
		job.old = &old;
	}
	/* openat2 (Linux 5.6) or, without it, plain opens */
	fd = syscall(SYS_openat2, job.rootfd, ".", &probe, sizeof(probe));
	job.openat2 = fd >= 0 || errno != ENOSYS;
	if (fd >= 0)
		close((int)fd);
	job.res = calloc(labels->n ? labels->n : 1, sizeof(*job.res));
	threads = calloc(jobs, sizeof(*threads));
	if (!job.res || !threads)
		nomem();
	atomic_init(&job.next, 0);
	for (t = 1; t < jobs; t++)
		if (pthread_create(&threads[t], NULL, worker, &job))
			break;	/* fewer threads: the others do the work */
	worker(&job);
	while (--t > 0)
		pthread_join(threads[t], NULL);
	for (i = 0; i < labels->n; i++) {
		struct result *r = &job.res[i];

		if (r->out)
			fputs(r->out, stdout);
		if (r->err)
			fputs(r->err, stderr);
		differ += r->ret > 0;
		failed += r->ret < 0;
	}
	if (opts->state && opts->mode == NC_LABEL_APPLY)
		write_state(opts->state, top, job.res, labels->n);
	for (i = 0; i < labels->n; i++) {
		free(job.res[i].out);
		free(job.res[i].err);
		free(job.res[i].now.path);
		free(job.res[i].now.spec);
	}
	free(job.res);
	free(threads);
	free_state(&old);
	free(top);
	close(job.rootfd);
	if (failed) {
		fprintf(stderr, "%s: %zu of %zu file%s could not be %s\n",
			nc_prog, failed, labels->n, labels->n > 1 ? "s" : "",
			opts->mode == NC_LABEL_APPLY ? "labelled" : "checked");
		return EXIT_SOMEFAILED;
	}
	return differ ? EXIT_DIFFERS : EXIT_SUCCESS;
}
