// SPDX-License-Identifier: GPL-2.0
/*
 * Policy files of newcaps-label: one "PATH SPEC" line per file, '#'
 * comments and blank lines ignored. PATH is absolute, with the audit
 * file's octal escapes (\040 for a space). SPEC is "none" or clauses
 * separated by blanks, as in libcap's text form; each clause is a
 * capdefault= value, parsed by the kernel's own nc_capdefault_parse()
 * (mountopts/), except that a policy file may also give the permitted
 * flag 'p', which capdefault= refuses (a default must never grant forced
 * capabilities; a policy names each program, as setcap does). Only the
 * flags of such a clause are read here; its capability list still goes
 * through nc_capdefault_parse().
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"

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

int nc_errf(char *err, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* A regular capability named in the list of @len bytes at @s, if any. */
static bool regular_named(const char *s, size_t len, unsigned int *cap)
{
	size_t start = 0, end;

	while (start < len) {
		for (end = start; end < len && s[end] != ':'; end++)
			;
		if (!nc_cap_parse(s + start, end - start, cap) &&
		    *cap > NC_CAP_LAST_SYSTEM)
			return true;
		start = end + 1;
	}
	return false;
}

/*
 * One clause of a SPEC, @len bytes at @s: 0 with its masks, 1 for "none",
 * -EINVAL with @err. A capdefault= value is a clause as it is, read by
 * nc_capdefault_parse(). Any other clause with one '+' has its flags read
 * here, where 'p' is allowed: its LIST, as LIST "+i" (plus "e"), goes
 * back to nc_capdefault_parse(), then to Fp with 'p' and to Fi with 'i'.
 */
static int clause_parse(const char *s, size_t len, u64 *fp, u64 *fi,
			bool *fe, char *err, size_t size)
{
	bool seen_p = false, seen_i = false, seen_e = false, *seen;
	const char *plus = memchr(s, '+', len), *why = "";
	char buf[NC_CAPDEFAULT_MAX];
	struct nc_capdefault d;
	size_t i, list_len = plus ? (size_t)(plus - s) : 0, n;
	unsigned int cap;

	if (!nc_capdefault_parse(s, len, &d, &why)) {
		*fp = 0;
		*fi = d.fi;
		*fe = d.fe;
		return d.set ? 0 : 1;
	}
	/* No '+', more than one, too long: the kernel's reason stands. */
	if (!plus || memchr(plus + 1, '+', len - list_len - 1) ||
	    len >= NC_CAPDEFAULT_MAX)
		goto bad;
	for (i = list_len + 1; i < len; i++) {
		switch (s[i]) {
		case 'p': case 'P':
			seen = &seen_p;
			break;
		case 'i': case 'I':
			seen = &seen_i;
			break;
		case 'e': case 'E':
			seen = &seen_e;
			break;
		default:
			if (s[i] > ' ' && s[i] < 0x7f)
				nc_errf(err, size,
					"bad SPEC '%.*s': unknown flag '%c' (accepted: p, i and e)",
					(int)len, s, s[i]);
			else
				nc_errf(err, size,
					"bad SPEC: unknown flag byte 0x%02x (accepted: p, i and e)",
					(unsigned char)s[i]);
			return -EINVAL;
		}
		if (*seen) {
			nc_errf(err, size, "bad SPEC '%.*s': flag '%c' given twice",
				(int)len, s, s[i]);
			return -EINVAL;
		}
		*seen = true;
	}
	if (!seen_p && !seen_i) {
		nc_errf(err, size,
			"bad SPEC '%.*s': flag 'p' or 'i' is required",
			(int)len, s);
		return -EINVAL;
	}
	/* LIST "+i[e]" is no longer than LIST "+" FLAGS with p or i. */
	memcpy(buf, s, list_len);
	n = list_len + (size_t)snprintf(buf + list_len, sizeof(buf) - list_len,
					"+i%s", seen_e ? "e" : "");
	if (nc_capdefault_parse(buf, n, &d, &why)) {
		if (seen_p && regular_named(s, list_len, &cap)) {
			nc_errf(err, size,
				"bad SPEC '%.*s': %s is a regular capability, which no file mask holds: Fp of the regular region is always empty (every file's Fi has them all)",
				(int)len, s, nc_cap_name(cap));
			return -EINVAL;
		}
		goto bad;
	}
	*fp = seen_p ? d.fi : 0;
	*fi = seen_i ? d.fi : 0;
	*fe = seen_e;
	return 0;

bad:
	nc_errf(err, size, "bad SPEC '%.*s': %s (accepted: %s)", (int)len, s,
		why, NC_LABEL_SPEC_FORMS);
	return -EINVAL;
}

int nc_label_spec_parse(const char *s, size_t len, struct nc_fcaps *masks,
			char *err, size_t size)
{
	struct nc_fcaps m = { 0 };
	size_t i = 0, start, clauses = 0;
	bool none = false, fe;
	u64 fp, fi;
	int ret;

	/* Messages quote the SPEC without its surrounding blanks. */
	while (len > 0 && blank(*s)) {
		s++;
		len--;
	}
	while (len > 0 && blank(s[len - 1]))
		len--;
	for (;;) {
		while (i < len && blank(s[i]))
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && !blank(s[i]))
			i++;
		ret = clause_parse(s + start, i - start, &fp, &fi, &fe, err,
				   size);
		if (ret < 0) {
			size_t used = strlen(err);

			/* "/my prog cap_kill+i": the path ended too early. */
			if (clauses == 0 && i < len && used < size &&
			    !memchr(s + start, '+', i - start))
				snprintf(err + used, size - used,
					 "; a space in a path is written \\040");
			return ret;
		}
		if (ret > 0)
			none = true;
		if (none && clauses > 0) {
			nc_errf(err, size,
				"bad SPEC '%.*s': 'none' is a SPEC of its own",
				(int)len, s);
			return -EINVAL;
		}
		if (clauses > 0 && fe != m.fe) {
			nc_errf(err, size,
				"bad SPEC '%.*s': flag 'e' on some clauses only: a file has one effective flag, give it on every clause or none",
				(int)len, s);
			return -EINVAL;
		}
		m.fp |= fp;
		m.fi |= fi;
		m.fe = fe;
		clauses++;
	}
	if (clauses == 0) {
		nc_errf(err, size, "expected 'PATH SPEC', found no SPEC");
		return -EINVAL;
	}
	m.present = !none;
	*masks = m;
	return 0;
}

/* Append " LIST+FLAGS[e]" (no blank first) for @mask, if not empty. */
static int put_clause(u64 mask, const char *flags, bool fe, char *buf,
		      size_t size, size_t *n)
{
	struct nc_capdefault d = { .set = true, .fi = mask };
	char list[NC_CAPDEFAULT_MAX];
	int len;

	if (!mask)
		return 0;
	/* The kernel's names and order: "LIST+i", cut at its '+'. */
	len = nc_capdefault_format(&d, list, sizeof(list));
	if (len < 2)
		return len < 0 ? len : -EINVAL;
	list[len - 2] = '\0';
	len = snprintf(buf + *n, size - *n, "%s%s+%s%s", *n ? " " : "", list,
		       flags, fe ? "e" : "");
	if (len < 0 || (size_t)len >= size - *n)
		return -ENOSPC;
	*n += (size_t)len;
	return 0;
}

int nc_label_spec_format(const struct nc_fcaps *masks, char *buf,
			 size_t size)
{
	u64 all = masks->fp | masks->fi;
	size_t n = 0;
	int ret;

	if (size == 0)
		return -ENOSPC;
	buf[0] = '\0';
	if (!masks->present) {
		if (size < sizeof("none"))
			return -ENOSPC;
		strcpy(buf, "none");
		return 4;
	}
	if (!all || (all & ~NC_SYSTEM_MASK))
		return -EINVAL;
	ret = put_clause(masks->fp & ~masks->fi, "p", masks->fe, buf, size,
			 &n);
	if (!ret)
		ret = put_clause(masks->fp & masks->fi, "pi", masks->fe, buf,
				 size, &n);
	if (!ret)
		ret = put_clause(masks->fi & ~masks->fp, "i", masks->fe, buf,
				 size, &n);
	if (ret) {
		buf[0] = '\0';
		return ret;
	}
	return (int)n;
}

int nc_labels_parse_line(const char *line, struct nc_label *label,
			 char *err, size_t size)
{
	const char *p = line, *path;
	size_t path_len;
	struct nc_fcaps masks;
	char *unescaped;
	int ret;

	while (blank(*p))
		p++;
	if (*p == '\0' || *p == '#')
		return 1;
	path = p;
	while (*p && !blank(*p))
		p++;
	path_len = (size_t)(p - path);
	ret = nc_label_spec_parse(p, strlen(p), &masks, err, size);
	if (ret)
		return ret;
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
	label->masks = masks;
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

struct path_line {
	const char *path;
	unsigned int line;
	size_t index;
};

static int path_line_cmp(const void *a, const void *b)
{
	const struct path_line *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

/*
 * Report and drop each line of @labels from @first on whose path an
 * earlier line names: sorted by path, a repeat is next to its first line,
 * so this costs n log n, not a search of every earlier line per line.
 * Return how many were dropped, or -ENOMEM.
 */
static int drop_repeats(struct nc_labels *labels, size_t first,
			const char *name)
{
	size_t n = labels->n - first, i, kept = first;
	struct path_line *k = malloc((n ? n : 1) * sizeof(*k));
	unsigned int *first_line = calloc(n ? n : 1, sizeof(*first_line));
	int dropped = 0;

	if (!k || !first_line) {
		free(k);
		free(first_line);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		k[i] = (struct path_line){ labels->v[first + i].path,
					   labels->v[first + i].line, i };
	qsort(k, n, sizeof(*k), path_line_cmp);
	for (i = 1; i < n; i++)
		if (!strcmp(k[i].path, k[i - 1].path))
			first_line[k[i].index] = first_line[k[i - 1].index] ?
						 first_line[k[i - 1].index] :
						 k[i - 1].line;
	/* in the file's order, as they were read */
	for (i = 0; i < n; i++) {
		struct nc_label *label = &labels->v[first + i];

		if (!first_line[i]) {
			labels->v[kept++] = *label;
			continue;
		}
		fprintf(stderr, "%s:%u: %s already has a line (%u)\n", name,
			label->line, label->path, first_line[i]);
		free(label->path);
		dropped++;
	}
	labels->n = kept;
	free(k);
	free(first_line);
	return dropped;
}

int nc_labels_read(FILE *f, const char *name, struct nc_labels *labels)
{
	char *line = NULL, err[512];
	size_t size = 0;
	ssize_t len;
	unsigned int lineno = 0;
	struct nc_label label;
	size_t first = labels->n;
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
		if (append(labels, &label)) {
			free(label.path);
			free(line);
			return -ENOMEM;
		}
	}
	ret = ferror(f) ? -errno : bad;
	free(line);
	if (ret >= 0) {
		int repeats = drop_repeats(labels, first, name);

		ret = repeats < 0 ? repeats : ret + repeats;
	}
	return ret;
}

int nc_labels_merge(struct nc_labels *labels, const char *path,
		    const struct nc_fcaps *masks)
{
	struct nc_label *old = nc_labels_find(labels, path);
	struct nc_label label = { .masks = *masks };

	if (old) {
		if (masks->present) {
			old->masks.fp |= masks->fp;
			old->masks.fi |= masks->fi;
			old->masks.fe = old->masks.fe || masks->fe;
			old->masks.present = true;
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
	char spec[NC_LABEL_SPEC_MAX];
	size_t i;

	/* An empty set may have no array: qsort() wants one. */
	if (labels->n > 1)
		qsort(labels->v, labels->n, sizeof(*labels->v), by_path);
	for (i = 0; i < labels->n; i++) {
		char *path = nc_escape(labels->v[i].path);

		if (!path ||
		    nc_label_spec_format(&labels->v[i].masks, spec,
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
