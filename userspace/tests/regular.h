/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest helpers' access to the regular capabilities by name; the
 * system calls are in the newcaps library (userspace/lib/ncsys.h).
 */
#ifndef NEWCAPS_TESTS_REGULAR_H
#define NEWCAPS_TESTS_REGULAR_H

#include "ncsys.h"

/* A regular capability by name; -1 with a message on stderr otherwise. */
int parse_regular(const char *name, unsigned int *cap);
/* Drop the comma-separated regular capabilities from Pe, Pp and Pi. */
int drop_regular(const char *names);

#endif
