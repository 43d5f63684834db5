// SPDX-License-Identifier: GPL-2.0
/*
 * Regular capabilities for the guest helpers; see regular.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "newcaps_policy.h"
#include "regular.h"

int parse_regular(const char *name, unsigned int *cap)
{
	if (nc_cap_parse(name, strlen(name), cap) || *cap < NC_REG_FIRST) {
		fprintf(stderr, "'%s' is not a regular capability\n", name);
		errno = EINVAL;
		return -1;
	}
	return 0;
}

int drop_regular(const char *names)
{
	char *list = strdup(names), *name, *save = NULL;
	unsigned int cap;
	u64 drop = 0;

	if (!list)
		return -1;
	for (name = strtok_r(list, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		if (parse_regular(name, &cap)) {
			free(list);
			return -1;
		}
		drop |= NC_BIT(cap);
	}
	free(list);
	return nc_drop(drop);
}
