/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest helpers' access to the regular capabilities: capget/capset with
 * the newcaps version (layout of version 3), and dropping by name.
 */
#ifndef NEWCAPS_TESTS_REGULAR_H
#define NEWCAPS_TESTS_REGULAR_H

#include <linux/capability.h>

/* From the newcaps uapi; the build host's headers predate it. */
#define NEWCAPS_CAPABILITY_VERSION	0x20261202

int capget_new(struct __user_cap_data_struct data[2]);
int capset_new(struct __user_cap_data_struct data[2]);
/* A regular capability by name; -1 with a message on stderr otherwise. */
int parse_regular(const char *name, unsigned int *cap);
/* Drop the comma-separated regular capabilities from Pe, Pp and Pi. */
int drop_regular(const char *names);

#endif
