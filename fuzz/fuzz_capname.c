// SPDX-License-Identifier: GPL-2.0
/*
 * Capability names: the kernel's nc_cap_parse/nc_cap_name (mountopts/)
 * and the tools' nc_capname_parse/nc_caplist_parse/nc_caplist_format
 * (userspace/lib, libcap for system names, the kernel's regular table).
 *
 *  - nc_cap_parse accepts exactly the names of its table, with or without
 *    "cap_", in any ASCII case, and nothing else; never reads past @len;
 *  - the tools' parser agrees with the kernel's on every name (the regular
 *    table is loaded from userspace/tests/data/regular, a copy of the
 *    kernel's file), and otherwise accepts only "0".."63";
 *  - nc_caplist_parse(nc_caplist_format(m)) == m for every accepted list.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "fuzz.h"
#include "newcaps.h"

#ifndef NC_FUZZ_REGULAR
#error "NC_FUZZ_REGULAR: the path of a regular capabilities file"
#endif

/* Does s[0..len) spell @name, "cap_" optional, ignoring ASCII case? */
static bool spells(const char *s, size_t len, const char *name)
{
	size_t n = strlen(name);

	if (len == n && !strncasecmp(s, name, n))
		return true;
	return len == n - 4 && !strncasecmp(s, name + 4, n - 4);
}

static bool canonical_number(const char *s, size_t len, unsigned int *v)
{
	size_t i;

	if (len == 0 || len > 2 || (len == 2 && s[0] == '0'))
		return false;
	*v = 0;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		*v = *v * 10 + (unsigned int)(s[i] - '0');
	}
	return *v <= 63;
}

static void check_list(const char *text)
{
	char err[512] = "", *fmt;
	u64 mask = 0x1234, back = 0;

	if (nc_caplist_parse(text, &mask, err, sizeof(err))) {
		FUZZ_CHECK(err[0] && memchr(err, '\0', sizeof(err)),
			   "refused list without a message");
		return;
	}
	fmt = nc_caplist_format(mask, ",");
	FUZZ_CHECK(fmt, "format failed");
	FUZZ_CHECK(!nc_caplist_parse(fmt, &back, err, sizeof(err)),
		   "'%s' does not parse: %s", fmt, err);
	FUZZ_CHECK(back == mask, "'%s' gives %#llx, not %#llx", fmt,
		   (unsigned long long)back, (unsigned long long)mask);
	free(fmt);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char buf[NC_CAPNAME_MAX];
	unsigned int cap, back;

	(void)argc;
	(void)argv;
	if (nc_regular_load(NC_FUZZ_REGULAR)) {
		dprintf(2, "cannot load %s\n", NC_FUZZ_REGULAR);
		abort();
	}
	/* Every name both ways, once. */
	for (cap = 0; cap < 64; cap++) {
		const char *name = nc_cap_name(cap);

		if (name)
			FUZZ_CHECK(!nc_cap_parse(name, strlen(name), &back) &&
				   back == cap, "kernel name %s", name);
		nc_capname(cap, buf);
		FUZZ_CHECK(!nc_capname_parse(buf, strlen(buf), &back) &&
			   back == cap, "tool name %s of %u", buf, cap);
		FUZZ_CHECK(!name || !strcmp(name, buf),
			   "kernel says %s, tools %s", name, buf);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_copy(data, size, 0), *text;
	unsigned int kcap = 999, ucap = 999, cap, num;
	bool kok, uok, spelled = false;

	kok = !nc_cap_parse(s, size, &kcap);
	for (cap = 0; cap <= NC_CAP_REG_LAST; cap++) {
		const char *name = nc_cap_name(cap);

		if (name && spells(s, size, name)) {
			FUZZ_CHECK(kok && kcap == cap, "%s refused (%d, %u)",
				   name, kok, kcap);
			spelled = true;
		}
	}
	FUZZ_CHECK(kok == spelled, "kernel accepted a non-name as %u", kcap);
	if (!kok)
		FUZZ_CHECK(kcap == 999, "refused name wrote %u", kcap);

	uok = !nc_capname_parse(s, size, &ucap);
	if (canonical_number(s, size, &num))
		FUZZ_CHECK(uok && ucap == num, "number %u refused", num);
	else
		FUZZ_CHECK(uok == kok && (!uok || ucap == kcap),
			   "tools %d/%u, kernel %d/%u", uok, ucap, kok, kcap);
	free(s);

	/* The same bytes as a NUL-ended list. */
	text = fuzz_copy(data, size, 1);
	if (strlen(text) == size)
		check_list(text);
	free(text);
	return 0;
}
