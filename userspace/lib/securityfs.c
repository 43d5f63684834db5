// SPDX-License-Identifier: GPL-2.0
/*
 * The files of /sys/kernel/security/newcaps/ (SPEC 6): whole reads, knob
 * writes in one write(2), and the parsers of the table-like files.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "newcaps.h"

static const char *const stored_policies[] = { "tighten", "trust", "ignore" };

const struct nc_knob nc_knobs[] = {
	{ "enabled", false, true,
	  "read-only: 1 (newcaps=on) or 0 (newcaps=off)" },
	{ "version", false, false, "read-only: the interface version" },
	{ "default_policy", true, false, NC_POLICY_FORMS },
	{ "stored_policy", true, false, "tighten, trust or ignore" },
	{ "regular_dropped", false, true,
	  "read-only: 1 once a process dropped a regular capability (interface version 5)" },
};
const size_t nc_knob_count = sizeof(nc_knobs) / sizeof(nc_knobs[0]);

const struct nc_knob *nc_knob_find(const char *name)
{
	size_t i;

	for (i = 0; i < nc_knob_count; i++)
		if (!strcmp(nc_knobs[i].name, name))
			return &nc_knobs[i];
	return NULL;
}

bool nc_knob_valid(const struct nc_knob *knob, const char *value)
{
	enum nc_policy policy;
	size_t i;

	if (!knob->writable)
		return false;
	if (!strcmp(knob->name, "default_policy"))
		return !nc_policy_parse(value, strlen(value), &policy);
	for (i = 0; i < sizeof(stored_policies) / sizeof(stored_policies[0]); i++)
		if (!strcmp(value, stored_policies[i]))
			return true;
	return false;
}

const char *nc_securityfs_dir(void)
{
	const char *dir = getenv("NEWCAPS_SECURITYFS");

	return dir && *dir ? dir : NC_SECURITYFS;
}

static int open_file(const char *name, int flags)
{
	char path[4096];

	if (snprintf(path, sizeof(path), "%s/%s", nc_securityfs_dir(), name) >=
	    (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return open(path, flags | O_CLOEXEC);
}

int nc_file_read(const char *name, char **text)
{
	size_t len = 0, size = 4096;
	char *buf = malloc(size), *bigger;
	ssize_t n;
	int fd, err;

	if (!buf)
		return -ENOMEM;
	fd = open_file(name, O_RDONLY);
	if (fd < 0) {
		err = -errno;
		free(buf);
		return err;
	}
	for (;;) {
		if (size - len < 2) {
			bigger = realloc(buf, size * 2);
			if (!bigger) {
				err = -ENOMEM;
				goto fail;
			}
			buf = bigger;
			size *= 2;
		}
		n = read(fd, buf + len, size - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = -errno;
			goto fail;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	buf[len] = '\0';
	*text = buf;
	return 0;
fail:
	close(fd);
	free(buf);
	return err;
}

int nc_knob_read(const char *name, char **value)
{
	int ret = nc_file_read(name, value);
	size_t len;

	if (ret)
		return ret;
	len = strlen(*value);
	if (len && (*value)[len - 1] == '\n')
		(*value)[len - 1] = '\0';
	return 0;
}

int nc_knob_write(const char *name, const char *value)
{
	size_t len = strlen(value);
	ssize_t n;
	int fd, err = 0;

	fd = open_file(name, O_WRONLY);
	if (fd < 0)
		return -errno;
	n = write(fd, value, len);
	if (n < 0)
		err = -errno;
	else if ((size_t)n != len)
		err = -EIO;
	if (close(fd) && !err)
		err = -errno;
	return err;
}

int nc_present(void)
{
	char *value;
	int ret = nc_knob_read("enabled", &value);

	if (ret)
		return ret;
	ret = strcmp(value, "1") ? 1 : 0;
	free(value);
	return ret;
}

/*
 * Split @text into lines of exactly @nfields space-separated fields,
 * calling @add with the fields of each. Return the number of lines or
 * -EINVAL with the 1-based number of the bad line in *@bad.
 */
static int parse_lines(char *text, size_t nfields, void **array,
		       size_t elem, int (*add)(void *elem, char **fields),
		       int *bad)
{
	char *line, *save = NULL, *fields[8];
	char *out = NULL, *bigger;
	int n = 0;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *fsave = NULL, *field;
		size_t i = 0;

		for (field = strtok_r(line, " ", &fsave); field;
		     field = strtok_r(NULL, " ", &fsave)) {
			if (i == nfields)
				break;
			fields[i++] = field;
		}
		bigger = realloc(out, (size_t)(n + 1) * elem);
		if (!bigger) {
			free(out);
			return -ENOMEM;
		}
		out = bigger;
		if (i != nfields || field ||
		    add(out + (size_t)n * elem, fields)) {
			*bad = n + 1;
			free(out);
			return -EINVAL;
		}
		n++;
	}
	*array = out;
	return n;
}

static int add_mount(void *elem, char **f)
{
	struct nc_mount *m = elem;

	m->fstype = f[0];
	m->device = f[1];
	m->policy = f[2];
	m->origin = f[3];
	m->capdefault = f[4];
	return 0;
}

int nc_mounts_parse(char *text, struct nc_mount **mounts, int *bad)
{
	void *array = NULL;
	int n = parse_lines(text, 5, &array, sizeof(**mounts), add_mount, bad);

	*mounts = array;
	return n;
}

static int add_stat(void *elem, char **f)
{
	struct nc_stat *s = elem;

	if (strspn(f[0], "abcdefghijklmnopqrstuvwxyz_") != strlen(f[0]) ||
	    strspn(f[1], "0123456789") != strlen(f[1]))
		return -1;
	errno = 0;
	s->name = f[0];
	s->value = strtoull(f[1], NULL, 10);
	if (errno)
		return -1;
	return 0;
}

int nc_stats_parse(char *text, struct nc_stat **stats, int *bad)
{
	void *array = NULL;
	int n = parse_lines(text, 2, &array, sizeof(**stats), add_stat, bad);

	*stats = array;
	return n;
}
