// SPDX-License-Identifier: GPL-2.0
/*
 * Lines of the losses file of the interface (version 6): the recent execs
 * that removed capabilities their caller held in its permitted set,
 * oldest first.
 *
 *   SEQ PID UID MAJ:MIN INO PATH POLICY CAUSE REMOVED [LINK...]
 *
 * PID (a thread-group id) and UID (the real uid) are those of the initial
 * namespaces. The file is the one whose masks decided (for a script, its
 * interpreter); POLICY is its filesystem's. CAUSE is "unlabeled" (strict's
 * rule: the file has no masks) or "label" (the file's Fi). REMOVED is a
 * list as in the audit file, never empty. Up to four links PID:PATH give
 * the exec chain above, nearest first: the program the same process ran
 * before (its PID is the line's), then its parent's, and so on; none for
 * an exec from a kernel thread. Paths are escaped as in the audit file.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"

/* The fields before the links. */
#define FIXED_FIELDS	9
/* The highest uid: (uid_t)-1 is no uid. */
#define UID_LAST	0xfffffffeULL

static const char *const causes[] = {
	[NC_LOSS_UNLABELED] = "unlabeled",
	[NC_LOSS_LABEL] = "label",
};

const char *nc_loss_cause_name(enum nc_loss_cause cause)
{
	return causes[cause];
}

/* A process id: 1 to the highest pid_t. */
static bool pid_number(const char *s, size_t len, unsigned int *pid)
{
	unsigned long long v;

	if (!nc_number(s, len, INT_MAX, &v) || v == 0)
		return false;
	*pid = (unsigned int)v;
	return true;
}

/* Link @i (0-based), field FIXED_FIELDS + @i: "PID:PATH". */
static int parse_link(const char *line, unsigned int i, struct nc_loss *l,
		      char *err, size_t size)
{
	const char *s, *colon;
	size_t len;

	nc_field(line, FIXED_FIELDS + i, &s, &len);
	colon = memchr(s, ':', len);
	if (!colon || !pid_number(s, (size_t)(colon - s), &l->links[i].pid))
		return nc_errf(err, size, "bad link %u '%.*s' (PID:PATH)",
			       i + 1, (int)len, s);
	if (i == 0 && l->links[i].pid != l->pid)
		return nc_errf(err, size,
			       "bad link 1 '%.*s': not of pid %u (the program the process ran before)",
			       (int)len, s, l->pid);
	l->links[i].path = nc_unescape(colon + 1,
				       len - (size_t)(colon - s) - 1);
	if (!l->links[i].path || l->links[i].path[0] != '/')
		return nc_errf(err, size, "bad path in link %u '%.*s'",
			       i + 1, (int)len, s);
	return 0;
}

int nc_loss_parse(const char *line, struct nc_loss *loss, char *err,
		  size_t size)
{
	struct nc_loss l = { 0 };
	size_t len, nfields = nc_fields_count(line);
	unsigned long long uid;
	const char *s;
	unsigned int i;
	int ret;

	if (nfields < FIXED_FIELDS ||
	    nfields > FIXED_FIELDS + NC_LOSS_LINKS_MAX)
		return nc_errf(err, size,
			       "expected 'SEQ PID UID MAJ:MIN INO PATH POLICY CAUSE REMOVED [LINK...]' separated by single spaces, 0 to %d links",
			       NC_LOSS_LINKS_MAX);
	nc_field(line, 0, &s, &len);
	if (!nc_number(s, len, ~0ULL, &l.seq) || l.seq == 0)
		return nc_errf(err, size, "bad sequence number '%.*s'",
			       (int)len, s);
	nc_field(line, 1, &s, &len);
	if (!pid_number(s, len, &l.pid))
		return nc_errf(err, size, "bad pid '%.*s'", (int)len, s);
	nc_field(line, 2, &s, &len);
	if (!nc_number(s, len, UID_LAST, &uid))
		return nc_errf(err, size, "bad uid '%.*s'", (int)len, s);
	l.uid = (unsigned int)uid;
	ret = nc_field_file(line, 3, &l.major, &l.minor, &l.ino, &l.path, err,
			    size);
	if (ret)
		return ret;
	/* from here on, l.path is freed on failure */
	nc_field(line, 6, &s, &len);
	if (nc_policy_parse(s, len, &l.policy)) {
		ret = nc_errf(err, size, "bad policy '%.*s' (%s)", (int)len,
			      s, NC_POLICY_FORMS);
		goto fail;
	}
	nc_field(line, 7, &s, &len);
	for (i = 0; i < sizeof(causes) / sizeof(causes[0]); i++)
		if (len == strlen(causes[i]) && !strncmp(s, causes[i], len))
			break;
	if (i == sizeof(causes) / sizeof(causes[0])) {
		ret = nc_errf(err, size,
			      "bad cause '%.*s' (unlabeled or label)", (int)len,
			      s);
		goto fail;
	}
	l.cause = (enum nc_loss_cause)i;
	nc_field(line, 8, &s, &len);
	ret = nc_field_caplist(s, len, &l.removed, "removed capabilities",
			       err, size);
	if (!ret && !l.removed)
		ret = nc_errf(err, size,
			      "removed capabilities: '%.*s' (a line removes at least one)",
			      (int)len, s);
	for (i = 0; !ret && i < nfields - FIXED_FIELDS; i++) {
		ret = parse_link(line, i, &l, err, size);
		l.nlinks = i + 1;
	}
	if (ret)
		goto fail;
	*loss = l;
	return 0;
fail:
	nc_loss_free(&l);
	return ret;
}

void nc_loss_free(struct nc_loss *loss)
{
	unsigned int i;

	free(loss->path);
	loss->path = NULL;
	for (i = 0; i < NC_LOSS_LINKS_MAX; i++) {
		free(loss->links[i].path);
		loss->links[i].path = NULL;
	}
	loss->nlinks = 0;
}
