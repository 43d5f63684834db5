// SPDX-License-Identifier: GPL-2.0
/*
 * File capabilities through libcap: cap_get_fd() and cap_set_fd() read and
 * write security.capability (VFS v2, or v3 in a user namespace) in one
 * getxattr/setxattr, so a file is never half-labelled.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/capability.h>

#include "newcaps.h"

int nc_fcaps_get(int fd, struct nc_fcaps *caps)
{
	cap_t c = cap_get_fd(fd);
	cap_flag_value_t v;
	cap_value_t cap;

	memset(caps, 0, sizeof(*caps));
	if (!c)
		return errno == ENODATA ? 0 : -1;
	caps->present = true;
	for (cap = 0; cap < 64; cap++) {
		if (!cap_get_flag(c, cap, CAP_PERMITTED, &v) && v)
			caps->fp |= NC_BIT(cap);
		if (!cap_get_flag(c, cap, CAP_INHERITABLE, &v) && v)
			caps->fi |= NC_BIT(cap);
		if (!cap_get_flag(c, cap, CAP_EFFECTIVE, &v) && v)
			caps->fe = true;
	}
	cap_free(c);
	return 0;
}

int nc_fcaps_set(int fd, const struct nc_fcaps *want)
{
	u64 all = want->fp | want->fi;
	cap_value_t cap;
	cap_t c;
	int ret;

	if (!want->present) {
		ret = cap_set_fd(fd, NULL);
		return ret && errno == ENODATA ? 0 : ret;
	}
	c = cap_init();
	if (!c)
		return -1;
	for (cap = 0; cap <= NC_CAP_LAST_SYSTEM; cap++) {
		if (!(all & NC_BIT(cap)))
			continue;
		/* Fe is one flag: on every capability of Fp | Fi or none. */
		if (((want->fp & NC_BIT(cap)) &&
		     cap_set_flag(c, CAP_PERMITTED, 1, &cap, CAP_SET)) ||
		    ((want->fi & NC_BIT(cap)) &&
		     cap_set_flag(c, CAP_INHERITABLE, 1, &cap, CAP_SET)) ||
		    (want->fe &&
		     cap_set_flag(c, CAP_EFFECTIVE, 1, &cap, CAP_SET))) {
			cap_free(c);
			return -1;
		}
	}
	ret = cap_set_fd(fd, c);
	cap_free(c);
	return ret;
}

bool nc_fcaps_match(const struct nc_fcaps *caps, const struct nc_fcaps *want)
{
	if (!want->present)
		return !caps->present;
	return caps->present && caps->fp == want->fp &&
	       caps->fi == want->fi && caps->fe == want->fe;
}

char *nc_fcaps_text(const struct nc_fcaps *caps)
{
	cap_value_t cap;
	char *text, *out;
	cap_t c;

	if (!caps->present)
		return strdup("none");
	c = cap_init();
	if (!c)
		return NULL;
	for (cap = 0; cap < 64; cap++) {
		if (caps->fp & NC_BIT(cap))
			cap_set_flag(c, CAP_PERMITTED, 1, &cap, CAP_SET);
		if (caps->fi & NC_BIT(cap))
			cap_set_flag(c, CAP_INHERITABLE, 1, &cap, CAP_SET);
		if (caps->fe && ((caps->fp | caps->fi) & NC_BIT(cap)))
			cap_set_flag(c, CAP_EFFECTIVE, 1, &cap, CAP_SET);
	}
	text = cap_to_text(c, NULL);
	cap_free(c);
	if (!text)
		return NULL;
	/* libcap writes "=" for masks that are present but empty. */
	out = strdup(text);
	cap_free(text);
	return out;
}
