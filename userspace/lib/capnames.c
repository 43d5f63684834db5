// SPDX-License-Identifier: GPL-2.0
/*
 * Capability names: libcap for the system capabilities, the running
 * kernel's /sys/kernel/security/newcaps/regular for the regular ones (the
 * tools carry no table of their own), numbers for anything else.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/capability.h>

#include "newcaps.h"

#define NAME_CHARS \
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

/* The regular region is 16 bits wide; index = cap - NC_REG_FIRST. */
static char regular_names[16][NC_CAPNAME_MAX];
static u64 regular_mask;

static int load_regular_text(char *text)
{
	char names[16][NC_CAPNAME_MAX] = { { 0 } };
	char *line, *save = NULL;
	u64 mask = 0;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned int cap;
		char name[NC_CAPNAME_MAX], extra;

		if (sscanf(line, "%u %63s %c", &cap, name, &extra) != 2 ||
		    cap < NC_REG_FIRST || cap > 63 ||
		    strncmp(name, "cap_", 4) || (mask & NC_BIT(cap)))
			return -EINVAL;
		strcpy(names[cap - NC_REG_FIRST], name);
		mask |= NC_BIT(cap);
	}
	memcpy(regular_names, names, sizeof(names));
	regular_mask = mask;
	return 0;
}

int nc_regular_load(const char *path)
{
	char *text = NULL;
	int ret = 0;

	if (!path)
		ret = nc_file_read("regular", &text);
	else if (!(text = nc_read_all(path)))
		ret = -errno;
	if (!ret)
		ret = load_regular_text(text);
	free(text);
	return ret;
}

unsigned int nc_regular_count(void)
{
	return (unsigned int)__builtin_popcountll(regular_mask);
}

u64 nc_regular_mask(void)
{
	return regular_mask;
}

const char *nc_capname(unsigned int cap, char *buf)
{
	char *name;

	if (cap >= NC_REG_FIRST && cap < 64 && (regular_mask & NC_BIT(cap))) {
		strcpy(buf, regular_names[cap - NC_REG_FIRST]);
		return buf;
	}
	if (cap <= NC_CAP_LAST_SYSTEM) {
		name = cap_to_name((cap_value_t)cap);
		if (name && strlen(name) < NC_CAPNAME_MAX) {
			strcpy(buf, name);
			cap_free(name);
			return buf;
		}
		cap_free(name);
	}
	snprintf(buf, NC_CAPNAME_MAX, "%u", cap);
	return buf;
}

int nc_capname_parse(const char *s, size_t len, unsigned int *cap)
{
	char name[NC_CAPNAME_MAX + 4], *canon;
	cap_value_t value;
	unsigned int i;
	size_t skip = 0;
	bool whole;

	if (len == 0 || len >= NC_CAPNAME_MAX || memchr(s, '\0', len))
		return -EINVAL;
	for (i = 0; i < len && s[i] >= '0' && s[i] <= '9'; i++)
		;
	if (i == len) {
		/* 0..63 in decimal, no leading zero: s is not NUL-ended */
		unsigned int n = (unsigned int)(s[0] - '0');

		if (len > 2 || (len == 2 && s[0] == '0'))
			return -EINVAL;
		if (len == 2)
			n = n * 10 + (unsigned int)(s[1] - '0');
		if (n > 63)
			return -EINVAL;
		*cap = n;
		return 0;
	}
	for (i = 0; i < len; i++)
		if (!strchr(NAME_CHARS, s[i]))
			return -EINVAL;
	if (len >= 4 && !strncasecmp(s, "cap_", 4))
		skip = 4;
	for (i = 0; i < 16; i++) {
		if ((regular_mask & NC_BIT(NC_REG_FIRST + i)) &&
		    strlen(regular_names[i] + 4) == len - skip &&
		    !strncasecmp(regular_names[i] + 4, s + skip, len - skip)) {
			*cap = NC_REG_FIRST + i;
			return 0;
		}
	}
	/* libcap wants the prefix; numbers are handled above. */
	snprintf(name, sizeof(name), "cap_%.*s", (int)(len - skip), s + skip);
	if (cap_from_name(name, &value) || value < 0 ||
	    value > NC_CAP_LAST_SYSTEM)
		return -EINVAL;
	/*
	 * cap_from_name() stops at the first character that is not a letter
	 * or '_' and ignores the rest ("net_raw2" would be cap_net_raw): the
	 * whole name must be the capability's.
	 */
	canon = cap_to_name(value);
	whole = canon && !strcasecmp(canon, name);
	cap_free(canon);
	if (!whole)
		return -EINVAL;
	*cap = (unsigned int)value;
	return 0;
}

int nc_caplist_parse(const char *text, u64 *mask, char *err, size_t size)
{
	const char *p = text, *end;
	unsigned int cap;
	u64 v = 0;

	if (!strcmp(text, "none")) {
		*mask = 0;
		return 0;
	}
	for (;;) {
		end = strchrnul(p, ',');
		if (end == p) {
			snprintf(err, size, "empty capability name in '%s'",
				 text);
			return -EINVAL;
		}
		if (nc_capname_parse(p, (size_t)(end - p), &cap)) {
			snprintf(err, size, "unknown capability '%.*s'%s",
				 (int)(end - p), p,
				 !strncasecmp(p, "cap_reg_", 8) ||
				 !strncasecmp(p, "reg_", 4) ?
				 (nc_regular_count() ?
				  " (not a regular capability of this kernel)" :
				  " (newcaps regular capabilities unknown: "
				  "cannot read " NC_SECURITYFS "/regular)") :
				 " (accepted: libcap names such as cap_net_raw, "
				 "the regular names of this kernel, numbers "
				 "0..63, or none)");
			return -EINVAL;
		}
		v |= NC_BIT(cap);
		if (!*end)
			break;
		p = end + 1;
	}
	*mask = v;
	return 0;
}

char *nc_caplist_format(u64 mask, const char *sep)
{
	char name[NC_CAPNAME_MAX];
	char *out = NULL;
	size_t size = 0;
	FILE *f;
	unsigned int cap;
	bool first = true;

	if (!mask)
		return strdup("none");
	f = open_memstream(&out, &size);
	if (!f)
		return NULL;
	for (cap = 0; cap < 64; cap++) {
		if (!(mask & NC_BIT(cap)))
			continue;
		fprintf(f, "%s%s", first ? "" : sep, nc_capname(cap, name));
		first = false;
	}
	if (fclose(f)) {
		free(out);
		return NULL;
	}
	return out;
}
