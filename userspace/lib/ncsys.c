// SPDX-License-Identifier: GPL-2.0
/*
 * newcaps system calls; see ncsys.h.
 */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>

#include "ncsys.h"

int capget_new(pid_t pid, struct __user_cap_data_struct data[2])
{
	struct __user_cap_header_struct hdr = {
		.version = NEWCAPS_CAPABILITY_VERSION,
		.pid = pid,
	};

	return syscall(SYS_capget, &hdr, data);
}

int capset_new(struct __user_cap_data_struct data[2])
{
	struct __user_cap_header_struct hdr = {
		.version = NEWCAPS_CAPABILITY_VERSION,
	};

	return syscall(SYS_capset, &hdr, data);
}

static u64 join(__u32 lo, __u32 hi)
{
	return (u64)hi << 32 | lo;
}

int nc_capget(pid_t pid, struct nc_sets *sets)
{
	struct __user_cap_data_struct data[2];

	if (capget_new(pid, data))
		return -1;
	sets->eff = join(data[0].effective, data[1].effective);
	sets->prm = join(data[0].permitted, data[1].permitted);
	sets->inh = join(data[0].inheritable, data[1].inheritable);
	return 0;
}

int nc_capset(const struct nc_sets *sets)
{
	struct __user_cap_data_struct data[2] = {
		{ (__u32)sets->eff, (__u32)sets->prm, (__u32)sets->inh },
		{ (__u32)(sets->eff >> 32), (__u32)(sets->prm >> 32),
		  (__u32)(sets->inh >> 32) },
	};

	return capset_new(data);
}

int nc_drop(u64 mask)
{
	struct nc_sets sets;

	if (nc_capget(0, &sets))
		return -1;
	sets.eff &= ~mask;
	sets.prm &= ~mask;
	sets.inh &= ~mask;
	return nc_capset(&sets);
}
