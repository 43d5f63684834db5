/* SPDX-License-Identifier: GPL-2.0 */
/*
 * newcaps system-call ABI for userspace: capget/capset with the newcaps
 * version (layout of version 3, regular capabilities in bits 48..63), the
 * regular part of the bounding set and the newcaps securebit.
 *
 * No library dependency beyond libc: the static guest helpers link it too.
 * The numbers come from the newcaps uapi headers, which the build host's
 * headers predate.
 */
#ifndef NEWCAPS_NCSYS_H
#define NEWCAPS_NCSYS_H

#include <linux/capability.h>
#include <sys/types.h>

#include "newcaps_policy.h"

/* include/uapi/linux/capability.h */
#define NEWCAPS_CAPABILITY_VERSION	0x20261202
/* include/uapi/linux/prctl.h: arg3 of PR_CAPBSET_READ/DROP */
#define PR_CAPBSET_NEWCAPS		0x4e434150
/* include/uapi/linux/securebits.h */
#define NC_SECURE_NO_SXID_SANITIZE	16

/**
 * struct nc_sets - a process's capability sets as 64-bit masks
 * @eff: effective
 * @prm: permitted
 * @inh: inheritable
 */
struct nc_sets {
	u64 eff, prm, inh;
};

/* Raw capget/capset with the newcaps version; 0 or -1 with errno. */
int capget_new(pid_t pid, struct __user_cap_data_struct data[2]);
int capset_new(struct __user_cap_data_struct data[2]);

/* The same with masks; 0 or -1 with errno. */
int nc_capget(pid_t pid, struct nc_sets *sets);
int nc_capset(const struct nc_sets *sets);

/* Remove @mask from the effective, permitted and inheritable sets. */
int nc_drop(u64 mask);

#endif /* NEWCAPS_NCSYS_H */
