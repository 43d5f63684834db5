// SPDX-License-Identifier: GPL-2.0
/*
 * newcapsctl why [PATH|PID]: the recent execs that removed capabilities
 * their caller held, as the losses file (interface version 6) records
 * them, one row per capability, with the policy line of newcaps-label
 * that would keep it (newcapsctl(8)). A process is matched with its
 * running ancestors, read from /proc (NEWCAPS_PROC for tests).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <libsmartcols.h>

#include "newcaps.h"
#include "why.h"

/* The most processes a walk up the parents takes (a fake /proc may loop). */
#define ANCESTORS_MAX	4096

/* What the records are matched against. */
struct query {
	enum { QUERY_ALL, QUERY_FILE, QUERY_PROCESS } kind;
	/* QUERY_FILE: the file's device and inode, or its path text */
	bool stated;
	struct stat st;
	const char *path;
	/* QUERY_PROCESS: the process, then its running ancestors */
	unsigned int *pids;
	size_t npids;
};

static void __attribute__((noreturn)) nomem(void)
{
	nc_fail(EXIT_FAILURE, "out of memory");
}

/* The proc filesystem: $NEWCAPS_PROC if set (for tests), else /proc. */
static const char *proc_dir(void)
{
	const char *dir = getenv("NEWCAPS_PROC");

	return dir && *dir ? dir : "/proc";
}

/* The PPid: of /proc/@pid/status; 0 or -errno (-EINVAL: no such line). */
static int read_ppid(unsigned int pid, unsigned int *ppid)
{
	char path[PATH_MAX], *line = NULL, *end;
	unsigned long v;
	size_t size = 0;
	int ret = -EINVAL;
	FILE *f;

	if (snprintf(path, sizeof(path), "%s/%u/status", proc_dir(), pid) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (getline(&line, &size, f) > 0) {
		if (strncmp(line, "PPid:", 5))
			continue;
		end = line + 5 + strspn(line + 5, " \t");
		if (*end < '0' || *end > '9')
			break;
		errno = 0;
		v = strtoul(end, &end, 10);
		if (!errno && v <= INT_MAX && (*end == '\n' || !*end)) {
			*ppid = (unsigned int)v;
			ret = 0;
		}
		break;
	}
	free(line);
	fclose(f);
	return ret;
}

static void add_pid(struct query *q, unsigned int pid)
{
	unsigned int *v = realloc(q->pids, (q->npids + 1) * sizeof(*v));

	if (!v)
		nomem();
	q->pids = v;
	q->pids[q->npids++] = pid;
}

static bool has_pid(const struct query *q, unsigned int pid)
{
	size_t i;

	for (i = 0; i < q->npids; i++)
		if (q->pids[i] == pid)
			return true;
	return false;
}

/*
 * Process @arg and its running ancestors, up to pid 1: a process that
 * exits meanwhile ends the walk. A process that does not exist is a
 * usage error, as an unknown knob is.
 */
static void query_process(struct query *q, const char *arg)
{
	unsigned long long v;
	unsigned int ppid;
	char *end;
	int ret;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno || *end || v == 0 || v > INT_MAX)
		nc_fail(NC_EXIT_USAGE, "'%s' is not a process id", arg);
	q->kind = QUERY_PROCESS;
	ret = read_ppid((unsigned int)v, &ppid);
	if (ret == -ENOENT)
		nc_fail(NC_EXIT_USAGE, "%s: no such process", arg);
	if (ret)
		nc_fail(NC_EXIT_REFUSED, "%s/%s/status: %s", proc_dir(), arg,
			ret == -EINVAL ? "no PPid: line" : strerror(-ret));
	add_pid(q, (unsigned int)v);
	while (v != 1 && ppid != 0 && !has_pid(q, ppid) &&
	       q->npids < ANCESTORS_MAX) {
		add_pid(q, ppid);
		v = ppid;
		if (v != 1 && read_ppid(ppid, &ppid))
			break;
	}
}

static bool matches(const struct query *q, const struct nc_loss *l)
{
	unsigned int i;

	switch (q->kind) {
	case QUERY_ALL:
		return true;
	case QUERY_FILE:
		if (!q->stated)
			return !strcmp(l->path, q->path);
		return major(q->st.st_dev) == l->major &&
		       minor(q->st.st_dev) == l->minor &&
		       (unsigned long long)q->st.st_ino == l->ino;
	case QUERY_PROCESS:
		if (has_pid(q, l->pid))
			return true;
		for (i = 0; i < l->nlinks; i++)
			if (l->links[i].pid == q->pids[0])
				return true;
		return false;
	}
	return false;
}

/* The links' paths, nearest first: "A < B < C"; malloc'd. */
static char *chain_text(const struct nc_loss *l)
{
	size_t len = 1, i;
	char *text;

	for (i = 0; i < l->nlinks; i++)
		len += strlen(l->links[i].path) + 3;
	text = malloc(len);
	if (!text)
		nomem();
	text[0] = '\0';
	for (i = 0; i < l->nlinks; i++) {
		if (i)
			strcat(text, " < ");
		strcat(text, l->links[i].path);
	}
	return text;
}

/*
 * The masks a policy line starts from to keep a capability of @l: for a
 * label, the file's own now (none if it cannot be read); for an unlabeled
 * file, none.
 */
static void current_masks(const struct nc_loss *l, struct nc_fcaps *masks)
{
	int fd;

	memset(masks, 0, sizeof(*masks));
	if (l->cause != NC_LOSS_LABEL)
		return;
	fd = open(l->path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
		  O_CLOEXEC);
	if (fd < 0)
		return;
	if (nc_fcaps_get(fd, masks))
		memset(masks, 0, sizeof(*masks));
	close(fd);
}

/*
 * The policy line that keeps @cap: "PATH SPEC", @masks with @cap added to
 * Fi (@masks that no policy line can hold: @cap alone); "" for a
 * capability no file mask holds (a regular one). malloc'd.
 */
static char *keep_line(const char *path, const struct nc_fcaps *masks,
		       unsigned int cap)
{
	struct nc_fcaps want = *masks;
	char spec[NC_LABEL_SPEC_MAX], *escaped, *line;

	want.present = true;
	want.fi |= NC_BIT(cap);
	if (nc_label_spec_format(&want, spec, sizeof(spec)) < 0) {
		want = (struct nc_fcaps){ .present = true, .fi = NC_BIT(cap) };
		if (nc_label_spec_format(&want, spec, sizeof(spec)) < 0)
			return strdup("");
	}
	escaped = nc_escape(path);
	if (!escaped || asprintf(&line, "%s %s", escaped, spec) < 0)
		nomem();
	free(escaped);
	return line;
}

/* One row per capability @l removed. */
static void loss_rows(struct libscols_table *tb, const struct nc_loss *l)
{
	char name[NC_CAPNAME_MAX], pid[16], *chain = chain_text(l), *line;
	const char *row[7] = { l->path, name, nc_policy_name(l->policy),
			       nc_loss_cause_name(l->cause), pid, chain };
	struct nc_fcaps masks;
	unsigned int cap;

	snprintf(pid, sizeof(pid), "%u", l->pid);
	current_masks(l, &masks);
	for (cap = 0; cap < 64; cap++) {
		if (!(l->removed & NC_BIT(cap)))
			continue;
		nc_capname(cap, name);
		line = keep_line(l->path, &masks, cap);
		if (!line)
			nomem();
		row[6] = line;
		nc_table_row(tb, row, 7);
		free(line);
	}
	free(chain);
}

/* The table of why: the columns loss_rows() fills. */
static struct libscols_table *losses_table(bool json)
{
	struct libscols_table *tb = nc_table_new("losses", json);

	nc_table_column(tb, "PROGRAM", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "CAPABILITY", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "POLICY", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "CAUSE", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "PID", SCOLS_JSON_NUMBER, SCOLS_FL_RIGHT);
	nc_table_column(tb, "CHAIN", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "LINE", SCOLS_JSON_STRING, 0);
	return tb;
}

/* The losses file; an older kernel's absence said as such. */
static char *read_losses(void)
{
	char *text, *version;
	int ret = nc_file_read("losses", &text);

	if (ret == -ENOENT && !access(nc_securityfs_dir(), F_OK)) {
		if (nc_knob_read("version", &version))
			version = NULL;
		nc_fail(NC_EXIT_REFUSED,
			"losses: this kernel does not record losses (interface version %s)",
			version ? version : "unknown");
	}
	if (ret)
		nc_ctl_fail_file("losses", ret);
	return text;
}

int nc_why(const char *what, bool json)
{
	struct query q = { .kind = QUERY_ALL };
	struct libscols_table *tb;
	char *text, *line, *save = NULL, err[256];
	unsigned int lineno = 0;
	int ret;

	if (what && *what && strspn(what, "0123456789") == strlen(what)) {
		query_process(&q, what);
	} else if (what) {
		q.kind = QUERY_FILE;
		q.path = what;
		q.stated = !stat(what, &q.st);
	}
	/* Regular names in the lists; a kernel without the file has none. */
	nc_regular_load(NULL);
	text = read_losses();
	tb = losses_table(json);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct nc_loss l;

		lineno++;
		ret = nc_loss_parse(line, &l, err, sizeof(err));
		if (ret == -ENOMEM)
			nomem();
		if (ret) {
			fprintf(stderr, "%s: %s/losses: line %u: %s\n", nc_prog,
				nc_securityfs_dir(), lineno, err);
			continue;
		}
		if (matches(&q, &l))
			loss_rows(tb, &l);
		nc_loss_free(&l);
	}
	ret = NC_EXIT_ABSENT;
	if (scols_table_get_nlines(tb)) {
		if (scols_print_table(tb))
			nc_fail(EXIT_FAILURE, "write error");
		ret = NC_EXIT_OK;
	}
	scols_unref_table(tb);
	free(text);
	free(q.pids);
	return ret;
}
