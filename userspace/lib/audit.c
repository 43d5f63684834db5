// SPDX-License-Identifier: GPL-2.0
/*
 * Lines of /sys/kernel/security/newcaps/audit, and the octal escapes the
 * kernel's seq_escape() writes into them (also used in policy files).
 *
 *   SEQ MAJ:MIN INO PATH LOST [USED [VIA [PARENT] [MAJ:MIN INO SCRIPT]]]
 *
 * USED (interface version 3) is "-" while the program runs, "none" when
 * it used no capability, else a list; version 2 has no USED field.
 * Version 4 adds VIA, "root" when the root rule passed the capabilities
 * on, else "inheritable", and for a #! script the script's device, inode
 * and path (PATH is then its interpreter). Paths escape separators and
 * any byte that is not printable ASCII as \NNN. Version 6 adds PARENT, the
 * sequence number of the event of the program that exec'd this one (0:
 * none), before the script's fields.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"

/* The characters escaped in a path: those that would split its field. */
#define ESCAPED		" \t\n\\"

static int octal(char c)
{
	return c >= '0' && c <= '7' ? c - '0' : -1;
}

char *nc_unescape(const char *s, size_t len)
{
	char *out = malloc(len + 1), *o = out;
	size_t i;

	if (!out)
		return NULL;
	for (i = 0; i < len; i++) {
		int a, b, c, v;

		if (s[i] == '\0' || strchr(" \t\n", s[i]))
			goto bad;
		if (s[i] != '\\') {
			*o++ = s[i];
			continue;
		}
		if (len - i < 4)
			goto bad;
		a = octal(s[i + 1]);
		b = octal(s[i + 2]);
		c = octal(s[i + 3]);
		if (a < 0 || b < 0 || c < 0)
			goto bad;
		v = a * 64 + b * 8 + c;
		if (v == 0 || v > 255)
			goto bad;
		*o++ = (char)v;
		i += 3;
	}
	*o = '\0';
	return out;
bad:
	free(out);
	errno = EINVAL;
	return NULL;
}

char *nc_escape(const char *s)
{
	char *out = malloc(strlen(s) * 4 + 1), *o = out;

	if (!out)
		return NULL;
	for (; *s; s++) {
		if (strchr(ESCAPED, *s))
			o += sprintf(o, "\\%03o", (unsigned char)*s);
		else
			*o++ = *s;
	}
	*o = '\0';
	return out;
}

size_t nc_fields_count(const char *line)
{
	const char *s;
	size_t n = 1;

	for (s = line; *s; s++) {
		if (*s == ' ') {
			if (s[1] == ' ' || s[1] == '\0' || s == line)
				return 0;
			n++;
		}
	}
	return n;
}

bool nc_field(const char *line, unsigned int n, const char **start,
	      size_t *len)
{
	const char *p = line;

	/* an absent field reads as an empty one at the end of the line */
	*start = line + strlen(line);
	*len = 0;
	while (n--) {
		p = strchr(p, ' ');
		if (!p)
			return false;
		p++;
	}
	*start = p;
	*len = strcspn(p, " ");
	return true;
}

bool nc_number(const char *s, size_t len, unsigned long long max,
	       unsigned long long *v)
{
	unsigned long long x = 0;
	size_t i;

	if (len == 0 || len > 20)
		return false;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' || x > (max - (s[i] - '0')) / 10)
			return false;
		x = x * 10 + (unsigned long long)(s[i] - '0');
	}
	*v = x;
	return true;
}

int nc_field_caplist(const char *s, size_t len, u64 *mask,
		     const char *what, char *err, size_t size)
{
	char *text = strndup(s, len);
	char why[256];
	int ret;

	if (!text)
		return -ENOMEM;
	ret = nc_caplist_parse(text, mask, why, sizeof(why));
	if (ret)
		snprintf(err, size, "%s: %s", what, why);
	free(text);
	return ret;
}

int nc_field_file(const char *line, unsigned int n, unsigned int *maj,
		  unsigned int *min, unsigned long long *ino, char **path,
		  char *err, size_t size)
{
	unsigned long long major, minor;
	const char *s, *colon;
	size_t len;

	nc_field(line, n, &s, &len);
	colon = memchr(s, ':', len);
	if (!colon || !nc_number(s, (size_t)(colon - s), 0xfff, &major) ||
	    !nc_number(colon + 1, len - (size_t)(colon - s) - 1, 0xfffff,
		       &minor)) {
		snprintf(err, size, "bad device '%.*s' (MAJOR:MINOR)",
			 (int)len, s);
		return -EINVAL;
	}
	*maj = (unsigned int)major;
	*min = (unsigned int)minor;
	nc_field(line, n + 1, &s, &len);
	if (!nc_number(s, len, ~0ULL, ino)) {
		snprintf(err, size, "bad inode number '%.*s'", (int)len, s);
		return -EINVAL;
	}
	nc_field(line, n + 2, &s, &len);
	*path = nc_unescape(s, len);
	if (!*path || (*path)[0] != '/') {
		snprintf(err, size, "bad path '%.*s'", (int)len, s);
		free(*path);
		*path = NULL;
		return -EINVAL;
	}
	return 0;
}

int nc_audit_parse(const char *line, struct nc_audit_event *ev,
		   char *err, size_t size)
{
	struct nc_audit_event e = { 0 };
	size_t len, nfields = nc_fields_count(line), script;
	const char *s;

	/* a script adds three fields to those of versions 4 and 6 */
	script = nfields == 10 || nfields == 11 ? nfields - 3 : 0;
	if (nfields < 5 || nfields > 11 || nfields == 9)
		goto malformed;

	nc_field(line, 0, &s, &len);
	if (!nc_number(s, len, ~0ULL, &e.seq) || e.seq == 0) {
		snprintf(err, size, "bad sequence number '%.*s'", (int)len, s);
		return -EINVAL;
	}
	nc_field(line, 4, &s, &len);
	if (nc_field_caplist(s, len, &e.lost, "lost capabilities", err, size))
		return -EINVAL;
	e.state = NC_USED_UNKNOWN;
	if (nfields >= 6) {
		nc_field(line, 5, &s, &len);
		if (len == 1 && s[0] == '-') {
			e.state = NC_USED_RUNNING;
		} else {
			if (nc_field_caplist(s, len, &e.used,
					     "used capabilities", err, size))
				return -EINVAL;
			e.state = NC_USED_DONE;
		}
	}
	if (nfields >= 7) {
		nc_field(line, 6, &s, &len);
		if (len == 4 && !strncmp(s, "root", 4)) {
			e.via = NC_VIA_ROOT;
		} else if (len == 11 && !strncmp(s, "inheritable", 11)) {
			e.via = NC_VIA_INHERITABLE;
		} else {
			snprintf(err, size,
				 "bad origin '%.*s' (root or inheritable)",
				 (int)len, s);
			return -EINVAL;
		}
	}
	if (nfields == 8 || nfields == 11) {
		nc_field(line, 7, &s, &len);
		if (!nc_number(s, len, ~0ULL, &e.parent) ||
		    (e.parent && e.parent >= e.seq)) {
			snprintf(err, size,
				 "bad parent event '%.*s' (0, or an earlier sequence number)",
				 (int)len, s);
			return -EINVAL;
		}
	}
	if (nc_field_file(line, 1, &e.major, &e.minor, &e.ino, &e.path, err,
			  size))
		return -EINVAL;
	if (script &&
	    nc_field_file(line, script, &e.script.major, &e.script.minor,
			  &e.script.ino, &e.script.path, err, size)) {
		free(e.path);
		return -EINVAL;
	}
	*ev = e;
	return 0;

malformed:
	snprintf(err, size,
		 "expected 'SEQ MAJ:MIN INO PATH LOST [USED [VIA [PARENT] [MAJ:MIN INO SCRIPT]]]' separated by single spaces");
	return -EINVAL;
}

void nc_audit_event_free(struct nc_audit_event *ev)
{
	free(ev->path);
	ev->path = NULL;
	free(ev->script.path);
	ev->script.path = NULL;
}
