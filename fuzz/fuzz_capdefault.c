// SPDX-License-Identifier: GPL-2.0
/*
 * The caps= and capdefault= grammar of mountopts/ (the kernel's parsers).
 *
 *  - nc_policy_parse: accepts exactly the three names, and leaves its
 *    result alone otherwise;
 *  - nc_capdefault_parse on the input (a buffer of exactly its length, so
 *    ASan catches a read past @len): an accepted value is valid (set: a
 *    non-empty system mask), formats, and parse(format(x)) == x; a refused
 *    one leaves @out untouched and gives a reason; @why is left alone on
 *    success;
 *  - nc_capdefault_format on masks taken from the input: -EINVAL exactly
 *    for masks no text can give, else parse(format(d)) == d; into every
 *    buffer size up to the length: -ENOSPC, "" and no write past the end.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "newcaps_policy.h"

static bool same(const struct nc_capdefault *a, const struct nc_capdefault *b)
{
	return a->set == b->set && a->fi == b->fi && a->fe == b->fe;
}

static void check_policy(const char *s, size_t len)
{
	enum nc_policy p = (enum nc_policy)77;
	const char *name;

	if (nc_policy_parse(s, len, &p)) {
		FUZZ_CHECK(p == (enum nc_policy)77, "refused value wrote %d", p);
		return;
	}
	name = nc_policy_name(p);
	FUZZ_CHECK(name && strlen(name) == len && !memcmp(name, s, len),
		   "accepted policy %d is not its own name", p);
	FUZZ_CHECK(nc_policy_strictest(p, NC_POLICY_STRICT) == NC_POLICY_STRICT,
		   "strict not strictest");
	FUZZ_CHECK(nc_policy_strictest(p, NC_POLICY_INHERIT) == p &&
		   nc_policy_strictest(NC_POLICY_INHERIT, p) == p,
		   "inherit not laxest");
}

/* Format @d into buffers of every size up to its length: all must fail. */
static void check_small_buffers(const struct nc_capdefault *d, size_t len)
{
	size_t size, i;
	/* Long texts: a few sizes only, the loop is the slow part. */
	size_t some[] = { 0, 1, len / 3, len / 2, len - 1, len };
	size_t count = len > 64 ? sizeof(some) / sizeof(some[0]) : len + 1;

	for (i = 0; i < count; i++) {
		char *buf;
		int ret;

		size = len > 64 ? some[i] : i;
		buf = malloc(size ? size : 1);

		if (!buf)
			abort();
		ret = nc_capdefault_format(d, buf, size);
		FUZZ_CHECK(ret == -ENOSPC, "size %zu of %zu gave %d", size,
			   len, ret);
		FUZZ_CHECK(size == 0 || buf[0] == '\0',
			   "failed format left text");
		free(buf);
	}
}

static void check_format(const struct nc_capdefault *d)
{
	struct nc_capdefault back = { .set = true, .fi = 1, .fe = true };
	char buf[NC_CAPDEFAULT_MAX];
	const char *why = NULL;
	int len;
	bool valid = !d->set || (d->fi && !(d->fi & ~NC_SYSTEM_MASK));

	len = nc_capdefault_format(d, buf, sizeof(buf));
	if (!valid) {
		FUZZ_CHECK(len == -EINVAL, "invalid mask %#llx formatted (%d)",
			   (unsigned long long)d->fi, len);
		FUZZ_CHECK(buf[0] == '\0', "failed format left text");
		return;
	}
	FUZZ_CHECK(len > 0 && (size_t)len < sizeof(buf) &&
		   strlen(buf) == (size_t)len,
		   "format of %#llx returned %d", (unsigned long long)d->fi,
		   len);
	FUZZ_CHECK(!nc_capdefault_parse(buf, (size_t)len, &back, &why),
		   "format output '%s' does not parse: %s", buf, why);
	FUZZ_CHECK(why == NULL, "why set on success");
	if (d->set)
		FUZZ_CHECK(same(&back, d), "'%s' parses to %d/%#llx/%d", buf,
			   back.set, (unsigned long long)back.fi, back.fe);
	else
		FUZZ_CHECK(!back.set && !back.fi && !back.fe,
			   "'none' parses to a set value");
	check_small_buffers(d, (size_t)len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct nc_capdefault poison = {
		.set = true, .fi = 0x5a5a, .fe = true,
	};
	struct nc_capdefault d = poison, raw;
	struct fuzz_reader r = { data, size, 0 };
	const char *why = NULL;
	char *s = fuzz_copy(data, size, 0);

	check_policy(s, size);

	if (nc_capdefault_parse(s, size, &d, &why)) {
		FUZZ_CHECK(same(&d, &poison), "refused value changed @out");
		FUZZ_CHECK(why && *why, "refused without a reason");
		FUZZ_CHECK(nc_capdefault_parse(s, size, &d, NULL) == -EINVAL,
			   "refusal depends on @why");
	} else {
		FUZZ_CHECK(why == NULL, "why set on success");
		FUZZ_CHECK(size < NC_CAPDEFAULT_MAX, "accepted %zu bytes", size);
		FUZZ_CHECK(!memchr(s, '\0', size), "accepted a NUL");
		if (d.set)
			FUZZ_CHECK(d.fi && !(d.fi & ~NC_SYSTEM_MASK),
				   "accepted mask %#llx",
				   (unsigned long long)d.fi);
		else
			FUZZ_CHECK(size == 4 && !memcmp(s, "none", 4) &&
				   !d.fi && !d.fe, "unset but not 'none'");
		check_format(&d);
	}
	free(s);

	/* The same bytes as masks for the formatter. */
	raw.set = fuzz_u8(&r) & 1;
	raw.fi = fuzz_u64(&r);
	raw.fe = fuzz_u8(&r) & 1;
	check_format(&raw);
	/* And the valid part of them, so most inputs format. */
	raw.fi &= NC_SYSTEM_MASK;
	if (raw.fi || !raw.set)
		check_format(&raw);
	return 0;
}
