// SPDX-License-Identifier: GPL-2.0
/*
 * Policy files of newcaps-label: one "PATH SPEC" line per file, '#'
 * comments and blank lines ignored. PATH is absolute, with the audit
 * file's octal escapes (\040 for a space); SPEC is a capdefault= value,
 * parsed by the kernel's own nc_capdefault_parse() (mountopts/).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "newcaps.h"

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* A path component "..": it could leave the ROOT the policy applies to. */
static bool has_dotdot(const char *path)
{
	const char *p;

	for (p = path; (p = strstr(p, "..")); p += 2)
		if (p[-1] == '/' && (p[2] == '/' || p[2] == '\0'))
			return true;
	return false;
}

int nc_labels_parse_line(const char *line, struct nc_label *label,
			 char *err, size_t size)
{
	const char *p = line, *path, *spec, *end;
	size_t path_len, spec_len;
	const char *why = NULL;
	struct nc_capdefault d;
	char *unescaped;

	while (blank(*p))
		p++;
	if (*p == '\0' || *p == '#')
		return 1;
	path = p;
	while (*p && !blank(*p))
		p++;
	path_len = (size_t)(p - path);
	while (blank(*p))
		p++;
	spec = p;
	while (*p && !blank(*p))
		p++;
	spec_len = (size_t)(p - spec);
	end = p;
	while (blank(*end))
		end++;
	if (spec_len == 0) {
		snprintf(err, size, "expected 'PATH SPEC', found no SPEC");
		return -EINVAL;
	}
	if (*end != '\0') {
		snprintf(err, size,
			 "expected 'PATH SPEC', found more after the SPEC ('%s'; write a space in a path as \\040)",
			 end);
		return -EINVAL;
	}
	if (nc_capdefault_parse(spec, spec_len, &d, &why)) {
		snprintf(err, size, "bad SPEC '%.*s': %s (accepted: %s)",
			 (int)spec_len, spec, why, NC_CAPDEFAULT_FORMS);
		return -EINVAL;
	}
	unescaped = nc_unescape(path, path_len);
	if (!unescaped) {
		snprintf(err, size,
			 "bad escape in path '%.*s' (\\NNN, three octal digits)",
			 (int)path_len, path);
		return -EINVAL;
	}
	if (unescaped[0] != '/' || has_dotdot(unescaped) ||
	    unescaped[strlen(unescaped) - 1] == '/') {
		snprintf(err, size,
			 "path '%.*s' must be absolute, name a file and have no '..'",
			 (int)path_len, path);
		free(unescaped);
		return -EINVAL;
	}
	label->path = unescaped;
	label->spec = d;
	label->line = 0;
	return 0;
}

struct nc_label *nc_labels_find(struct nc_labels *labels, const char *path)
{
	size_t i;

	for (i = 0; i < labels->n; i++)
		if (!strcmp(labels->v[i].path, path))
			return &labels->v[i];
	return NULL;
}

static int append(struct nc_labels *labels, const struct nc_label *label)
{
	struct nc_label *v;

	if (labels->n == labels->alloc) {
		size_t alloc = labels->alloc ? labels->alloc * 2 : 64;

		v = realloc(labels->v, alloc * sizeof(*v));
		if (!v)
			return -ENOMEM;
		labels->v = v;
		labels->alloc = alloc;
	}
	labels->v[labels->n++] = *label;
	return 0;
}

int nc_labels_read(FILE *f, const char *name, struct nc_labels *labels)
{
	char *line = NULL, err[512];
	size_t size = 0;
	ssize_t len;
	unsigned int lineno = 0;
	struct nc_label label, *old;
	int bad = 0, ret;

	while ((len = getline(&line, &size, f)) >= 0) {
		lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (strlen(line) != (size_t)len) {
			fprintf(stderr, "%s:%u: NUL character in line\n", name,
				lineno);
			bad++;
			continue;
		}
		ret = nc_labels_parse_line(line, &label, err, sizeof(err));
		if (ret > 0)
			continue;
		if (ret < 0) {
			fprintf(stderr, "%s:%u: %s\n", name, lineno, err);
			bad++;
			continue;
		}
		label.line = lineno;
		old = nc_labels_find(labels, label.path);
		if (old) {
			fprintf(stderr, "%s:%u: %s already has a line (%u)\n",
				name, lineno, label.path, old->line);
			free(label.path);
			bad++;
			continue;
		}
		if (append(labels, &label)) {
			free(label.path);
			free(line);
			return -ENOMEM;
		}
	}
	ret = ferror(f) ? -errno : bad;
	free(line);
	return ret;
}

int nc_labels_merge(struct nc_labels *labels, const char *path,
		    const struct nc_capdefault *spec)
{
	struct nc_label *old = nc_labels_find(labels, path);
	struct nc_label label = { .spec = *spec };

	if (old) {
		if (spec->set) {
			old->spec.fi |= spec->fi;
			old->spec.fe = old->spec.fe || spec->fe;
			old->spec.set = true;
		}
		return 0;
	}
	label.path = strdup(path);
	if (!label.path)
		return -ENOMEM;
	if (append(labels, &label)) {
		free(label.path);
		return -ENOMEM;
	}
	return 0;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct nc_label *)a)->path,
		      ((const struct nc_label *)b)->path);
}

int nc_labels_write(FILE *f, struct nc_labels *labels)
{
	char spec[NC_CAPDEFAULT_MAX];
	size_t i;

	/* An empty set may have no array: qsort() wants one. */
	if (labels->n > 1)
		qsort(labels->v, labels->n, sizeof(*labels->v), by_path);
	for (i = 0; i < labels->n; i++) {
		char *path = nc_escape(labels->v[i].path);

		if (!path ||
		    nc_capdefault_format(&labels->v[i].spec, spec,
					 sizeof(spec)) < 0) {
			free(path);
			errno = path ? EINVAL : ENOMEM;
			return -1;
		}
		fprintf(f, "%s %s\n", path, spec);
		free(path);
	}
	return ferror(f) ? -1 : 0;
}

void nc_labels_free(struct nc_labels *labels)
{
	size_t i;

	for (i = 0; i < labels->n; i++)
		free(labels->v[i].path);
	free(labels->v);
	labels->v = NULL;
	labels->n = labels->alloc = 0;
}
