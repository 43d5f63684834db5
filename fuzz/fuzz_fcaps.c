// SPDX-License-Identifier: GPL-2.0
/*
 * File capabilities as the tools handle them (userspace/lib/fcaps.c).
 *
 * The library has no decoder of its own for security.capability: it reads
 * the xattr through libcap's cap_get_fd(), whose decoder is internal to
 * libcap (and the kernel's get_vfs_caps_from_disk() is kernel code). What
 * the library adds is the text newcaps-label --check prints and the
 * comparison with a policy line; this target checks those on arbitrary
 * masks:
 *
 *  - nc_fcaps_text() parses back with libcap's cap_from_text() to the
 *    same permitted and inheritable masks, the effective flag on every
 *    capability of either when set ("none" for no xattr);
 *  - nc_fcaps_match() holds exactly when the masks are those the policy
 *    line writes: present, same Fp, Fi and Fe (none: no xattr).
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/capability.h>

#include "fuzz.h"
#include "newcaps.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_reader r = { data, size, 0 };
	struct nc_fcaps caps;
	struct nc_fcaps want;
	u64 fp = 0, fi = 0, fe = 0;
	cap_flag_value_t v;
	cap_value_t cap;
	uint8_t flags;
	char *text;
	bool match;
	cap_t c;

	flags = fuzz_u8(&r);
	caps.present = flags & 1;
	caps.fe = flags & 2;
	caps.fp = fuzz_u64(&r);
	caps.fi = fuzz_u64(&r);
	if (!(flags & 4)) {
		/* What the kernel keeps: the system bits. */
		caps.fp &= NC_SYSTEM_MASK;
		caps.fi &= NC_SYSTEM_MASK;
	}
	want.present = flags & 8;
	want.fe = flags & 16;
	want.fi = flags & 32 ? caps.fi : fuzz_u64(&r) & NC_SYSTEM_MASK;
	want.fp = flags & 64 ? caps.fp : fuzz_u64(&r) & NC_SYSTEM_MASK;

	match = nc_fcaps_match(&caps, &want);
	FUZZ_CHECK(match == (want.present ? caps.present &&
			     caps.fp == want.fp && caps.fi == want.fi &&
			     caps.fe == want.fe :
			     !caps.present), "match %d", match);

	text = nc_fcaps_text(&caps);
	FUZZ_CHECK(text, "no text");
	if (!caps.present) {
		FUZZ_CHECK(!strcmp(text, "none"), "absent masks print '%s'",
			   text);
		free(text);
		return 0;
	}
	c = cap_from_text(text);
	FUZZ_CHECK(c, "libcap refuses its own text '%s'", text);
	for (cap = 0; cap < 64; cap++) {
		if (!cap_get_flag(c, cap, CAP_PERMITTED, &v) && v)
			fp |= NC_BIT(cap);
		if (!cap_get_flag(c, cap, CAP_INHERITABLE, &v) && v)
			fi |= NC_BIT(cap);
		if (!cap_get_flag(c, cap, CAP_EFFECTIVE, &v) && v)
			fe |= NC_BIT(cap);
	}
	cap_free(c);
	FUZZ_CHECK(fp == caps.fp && fi == caps.fi &&
		   fe == (caps.fe ? caps.fp | caps.fi : 0),
		   "'%s' reads back as p %#llx i %#llx e %#llx (was %#llx %#llx %d)",
		   text, (unsigned long long)fp, (unsigned long long)fi,
		   (unsigned long long)fe, (unsigned long long)caps.fp,
		   (unsigned long long)caps.fi, caps.fe);
	free(text);
	return 0;
}
