// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the newcaps grammar: policy names (caps=), capability
 * names and capdefault= values, parsing and canonical formatting.
 * TAP output. Expected values come from SPEC sections 2 and 5.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "newcaps_policy.h"
#include "tap.h"

#define B(n)	(1ULL << (n))
#define SYS	0x000001ffffffffffULL

/* A string with its length, so that embedded NULs can be tested. */
struct str {
	const char *s;
	size_t len;
};

#define S(lit)	{ lit, sizeof(lit) - 1 }

/* s[0..len) quoted for a TAP line: control characters escaped. */
static const char *q(const char *s, size_t len)
{
	static char buf[2][160];
	static int which;
	char *b = buf[which ^= 1], *e = b + sizeof(buf[0]) - 8;
	size_t i;

	*b++ = '"';
	for (i = 0; i < len && b < e; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\n')
			b += sprintf(b, "\\n");
		else if (c == '\t')
			b += sprintf(b, "\\t");
		else if (c < 0x20 || c >= 0x7f)
			b += sprintf(b, "\\x%02x", c);
		else
			*b++ = (char)c;
	}
	if (i < len)
		b += sprintf(b, "...");
	*b++ = '"';
	*b = '\0';
	return buf[which];
}

/* libcap spelling, from SPEC section 2 and linux/capability.h. */
static const char * const want_name[64] = {
	"cap_chown", "cap_dac_override", "cap_dac_read_search", "cap_fowner",
	"cap_fsetid", "cap_kill", "cap_setgid", "cap_setuid", "cap_setpcap",
	"cap_linux_immutable", "cap_net_bind_service", "cap_net_broadcast",
	"cap_net_admin", "cap_net_raw", "cap_ipc_lock", "cap_ipc_owner",
	"cap_sys_module", "cap_sys_rawio", "cap_sys_chroot", "cap_sys_ptrace",
	"cap_sys_pacct", "cap_sys_admin", "cap_sys_boot", "cap_sys_nice",
	"cap_sys_resource", "cap_sys_time", "cap_sys_tty_config",
	"cap_mknod", "cap_lease", "cap_audit_write", "cap_audit_control",
	"cap_setfcap", "cap_mac_override", "cap_mac_admin", "cap_syslog",
	"cap_wake_alarm", "cap_block_suspend", "cap_audit_read",
	"cap_perfmon", "cap_bpf", "cap_checkpoint_restore",
	[48] = "cap_reg_fork", "cap_reg_open", "cap_reg_exec", "cap_reg_sxid",
	"cap_reg_write", "cap_reg_ptrace",
};

/* ---------------------------------------------------------------- */
/* caps=                                                             */
/* ---------------------------------------------------------------- */

static void test_policy(void)
{
	static const struct {
		struct str in;
		enum nc_policy want;
	} good[] = {
		{ S("inherit"), NC_POLICY_INHERIT },
		{ S("strict"), NC_POLICY_STRICT },
		{ S("audit"), NC_POLICY_AUDIT },
		/* The length is exact: the rest of the buffer is not read. */
		{ { "strict\n", 6 }, NC_POLICY_STRICT },
		{ { "auditXYZ", 5 }, NC_POLICY_AUDIT },
	};
	static const struct str bad[] = {
		S(""), S("Inherit"), S("INHERIT"), S("Strict"), S("AUDIT"),
		S("inherit\n"), S("inherit "), S(" strict"), S("strict\0"),
		S("str\0ict"), S("inheri"), S("inheritx"), S("strictly"),
		S("aud"), S("none"), S("default"), S("0"), S("inherit,strict"),
		{ "inherit", 0 },
	};
	enum nc_policy p;
	size_t i;
	int ret;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		p = NC_POLICY_COUNT;
		ret = nc_policy_parse(good[i].in.s, good[i].in.len, &p);
		tap_ok(ret == 0 && p == good[i].want, "caps=: %s parses",
		       q(good[i].in.s, good[i].in.len));
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		p = NC_POLICY_COUNT;
		ret = nc_policy_parse(bad[i].s, bad[i].len, &p);
		tap_ok(ret == -EINVAL && p == NC_POLICY_COUNT,
		       "caps=: %s (len %zu) refused", q(bad[i].s, bad[i].len),
		       bad[i].len);
	}
	tap_ok(nc_policy_parse(NULL, 0, &p) == -EINVAL,
	       "caps=: NULL refused");

	tap_ok(nc_policy_name(NC_POLICY_INHERIT) &&
	       !strcmp(nc_policy_name(NC_POLICY_INHERIT), "inherit") &&
	       nc_policy_name(NC_POLICY_STRICT) &&
	       !strcmp(nc_policy_name(NC_POLICY_STRICT), "strict") &&
	       nc_policy_name(NC_POLICY_AUDIT) &&
	       !strcmp(nc_policy_name(NC_POLICY_AUDIT), "audit"),
	       "caps=: policy names");
	tap_ok(!nc_policy_name(NC_POLICY_COUNT) &&
	       !nc_policy_name((enum nc_policy)-1) &&
	       !nc_policy_name((enum nc_policy)1000),
	       "caps=: invalid policy has no name");

	ret = 0;
	for (i = 0; i < NC_POLICY_COUNT; i++) {
		const char *n = nc_policy_name((enum nc_policy)i);

		if (!n || nc_policy_parse(n, strlen(n), &p) || p != i)
			ret = 1;
	}
	tap_ok(!ret, "caps=: name -> parse round trip");

	/* SPEC 4.1.1 and 5: strict > audit > inherit, in either order. */
	tap_ok(nc_policy_strictest(NC_POLICY_INHERIT, NC_POLICY_STRICT) ==
	       NC_POLICY_STRICT &&
	       nc_policy_strictest(NC_POLICY_STRICT, NC_POLICY_INHERIT) ==
	       NC_POLICY_STRICT, "strictest: strict over inherit");
	tap_ok(nc_policy_strictest(NC_POLICY_AUDIT, NC_POLICY_STRICT) ==
	       NC_POLICY_STRICT &&
	       nc_policy_strictest(NC_POLICY_STRICT, NC_POLICY_AUDIT) ==
	       NC_POLICY_STRICT, "strictest: strict over audit");
	tap_ok(nc_policy_strictest(NC_POLICY_INHERIT, NC_POLICY_AUDIT) ==
	       NC_POLICY_AUDIT &&
	       nc_policy_strictest(NC_POLICY_AUDIT, NC_POLICY_INHERIT) ==
	       NC_POLICY_AUDIT, "strictest: audit over inherit");
	ret = 0;
	for (i = 0; i < NC_POLICY_COUNT; i++)
		if (nc_policy_strictest((enum nc_policy)i, (enum nc_policy)i) !=
		    (enum nc_policy)i ||
		    nc_policy_strictest((enum nc_policy)i, NC_POLICY_COUNT) !=
		    (enum nc_policy)i ||
		    nc_policy_strictest(NC_POLICY_COUNT, (enum nc_policy)i) !=
		    (enum nc_policy)i)
			ret = 1;
	tap_ok(!ret, "strictest: idempotent, an invalid policy never wins");
}

/* ---------------------------------------------------------------- */
/* capability names                                                  */
/* ---------------------------------------------------------------- */

static void upcase(char *d, const char *s)
{
	for (; *s; s++, d++)
		*d = (*s >= 'a' && *s <= 'z') ? (char)(*s - 'a' + 'A') : *s;
	*d = '\0';
}

/* Does s parse to cap? */
static bool parses_to(const char *s, unsigned int cap)
{
	unsigned int got = 999;

	return nc_cap_parse(s, strlen(s), &got) == 0 && got == cap;
}

static void test_cap_names(void)
{
	static const struct str bad[] = {
		S(""), S("cap_"), S("CAP_"), S("cap_cap_chown"), S("chown "),
		S(" chown"), S("cap_chown\n"), S("cap_chow"), S("cap_chownx"),
		S("cap_chown\0"), S("cap_reg_"), S("reg_forks"), S("13"),
		S("cap_13"), S("all"), S("cap-chown"), S("capchown"),
		S("cap__chown"), S("cap_chown:cap_kill"), S("cap_chown+i"),
		S("none"),
	};
	char buf[64];
	unsigned int cap, got;
	size_t i;
	bool ok;

	for (cap = 0; cap < 64; cap++) {
		const char *w = want_name[cap];
		const char *n = nc_cap_name(cap);

		if (!w) {
			if (n)
				tap_ok(false, "cap %u has no name (got %s)",
				       cap, n);
			continue;
		}
		ok = n && !strcmp(n, w);
		/* "cap_x", "CAP_X", "x", "X", "Cap_x" */
		ok = ok && parses_to(w, cap);
		upcase(buf, w);
		ok = ok && parses_to(buf, cap);
		ok = ok && parses_to(w + 4, cap);
		ok = ok && parses_to(buf + 4, cap);
		snprintf(buf, sizeof(buf), "Cap_%s", w + 4);
		ok = ok && parses_to(buf, cap);
		/* Exact length: trailing bytes are not read. */
		snprintf(buf, sizeof(buf), "%s:x", w);
		got = 999;
		ok = ok && nc_cap_parse(buf, strlen(w), &got) == 0 &&
		     got == cap;
		tap_ok(ok, "cap %u: named %s, parses in 5 spellings", cap, w);
	}
	ok = true;
	for (cap = 0; cap < 64; cap++)
		if (!want_name[cap] && nc_cap_name(cap))
			ok = false;
	tap_ok(ok && !nc_cap_name(64) && !nc_cap_name(1000) &&
	       !nc_cap_name(UINT_MAX),
	       "undefined capabilities (41..47, 54..63, >63) have no name");

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		got = 999;
		tap_ok(nc_cap_parse(bad[i].s, bad[i].len, &got) == -EINVAL &&
		       got == 999,
		       "cap name: %s refused", q(bad[i].s, bad[i].len));
	}
	got = 999;
	tap_ok(nc_cap_parse(NULL, 0, &got) == -EINVAL && got == 999,
	       "cap name: NULL refused");
}

/* ---------------------------------------------------------------- */
/* capdefault=                                                       */
/* ---------------------------------------------------------------- */

static const char unset_why[] = "(unset)";

static void test_capdefault_good(void)
{
	static const struct {
		struct str in;
		bool set;
		unsigned long long fi;
		bool fe;
	} good[] = {
		{ S("none"), false, 0, false },
		{ S("cap_net_bind_service:cap_sys_nice+i"), true,
		  B(10) | B(23), false },
		{ S("CAP_NET_RAW+I"), true, B(13), false },
		{ S("cap_net_raw+i"), true, B(13), false },
		{ S("net_raw+ie"), true, B(13), true },
		{ S("net_raw+ei"), true, B(13), true },
		{ S("Net_Raw+Ei"), true, B(13), true },
		{ S("cap_net_raw+iE"), true, B(13), true },
		{ S("cap_chown:cap_chown+i"), true, B(0), false },
		{ S("sys_nice:CHOWN:cap_sys_nice+i"), true, B(0) | B(23),
		  false },
		{ S("checkpoint_restore+i"), true, B(40), false },
		{ S("chown:dac_override:checkpoint_restore+ie"), true,
		  B(0) | B(1) | B(40), true },
		{ S("0x1+i"), true, B(0), false },
		{ S("0X1+i"), true, B(0), false },
		{ S("0x5+ie"), true, B(0) | B(2), true },
		{ S("0xABC+i"), true, 0xabc, false },
		{ S("0xabc+i"), true, 0xabc, false },
		{ S("0x10000000000+i"), true, B(40), false },
		{ S("0x1ffffffffff+ie"), true, SYS, true },
		{ S("0x000000000000000000001+i"), true, B(0), false },
		/* Exact length: the bytes after it are not read. */
		{ { "cap_kill+i junk", 10 }, true, B(5), false },
		{ { "none\n", 4 }, false, 0, false },
	};
	struct nc_capdefault d;
	const char *why;
	size_t i;
	int ret;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		memset(&d, 0x5a, sizeof(d));
		why = unset_why;
		ret = nc_capdefault_parse(good[i].in.s, good[i].in.len, &d,
					  &why);
		tap_ok(ret == 0 && d.set == good[i].set &&
		       d.fi == good[i].fi && d.fe == good[i].fe &&
		       why == unset_why,
		       "capdefault: %s -> fi=%#llx fe=%d",
		       q(good[i].in.s, good[i].in.len), good[i].fi,
		       good[i].fe);
	}
}

static void test_capdefault_long(void)
{
	static char buf[NC_CAPDEFAULT_MAX + 8];
	struct nc_capdefault d;
	const char *why;
	size_t len;
	int ret;

	/*
	 * 1023 = "chown" 5 + ":chown" 6 + 202 * ":kill" 5 (1010) + "+i" 2.
	 */
	strcpy(buf, "chown:chown");
	len = 11;
	while (len < 1021) {
		memcpy(buf + len, ":kill", 5);
		len += 5;
	}
	memcpy(buf + len, "+i", 3);
	len += 2;
	memset(&d, 0, sizeof(d));
	ret = nc_capdefault_parse(buf, len, &d, NULL);
	tap_ok(len == NC_CAPDEFAULT_MAX - 1 && ret == 0 && d.set &&
	       d.fi == (B(0) | B(5)) && !d.fe,
	       "capdefault: %zu-byte value (NC_CAPDEFAULT_MAX - 1) accepted",
	       len);

	/* 1024 = "chown" + 2 * ":chown" + 201 * ":kill" + "+i". */
	strcpy(buf, "chown:chown:chown");
	len = 17;
	while (len < 1022) {
		memcpy(buf + len, ":kill", 5);
		len += 5;
	}
	memcpy(buf + len, "+i", 3);
	len += 2;
	why = NULL;
	memset(&d, 0x5a, sizeof(d));
	ret = nc_capdefault_parse(buf, len, &d, &why);
	tap_ok(len == NC_CAPDEFAULT_MAX && ret == -EINVAL && why &&
	       strstr(why, "long"),
	       "capdefault: %zu-byte value (NC_CAPDEFAULT_MAX) refused: %s",
	       len, why ? why : "(null)");
}

static void test_capdefault_bad(void)
{
	static const struct {
		struct str in;
		const char *why;	/* a word the reason must contain */
	} bad[] = {
		{ S(""), "empty" },
		{ { "cap_chown+i", 0 }, "empty" },
		{ S("+i"), "empty capability list" },
		{ S("+"), "empty capability list" },
		{ S("cap_chown"), "'+'" },
		{ S("inherit"), "'+'" },
		{ S("NONE"), "'+'" },
		{ S("none+i"), "unknown" },
		{ S("cap_chown+"), "no flags" },
		{ S("cap_chown+ii"), "twice" },
		{ S("cap_chown+iei"), "twice" },
		{ S("cap_chown+iee"), "twice" },
		{ S("cap_chown+e"), "'i' is required" },
		{ S("cap_chown+i+e"), "more than one '+'" },
		{ S("cap_chown++i"), "more than one '+'" },
		{ S("cap_net_raw+p"), "'p' refused" },
		{ S("cap_net_raw+ip"), "'p' refused" },
		{ S("cap_net_raw+pie"), "'p' refused" },
		{ S("cap_net_raw+P"), "'p' refused" },
		{ S("cap_net_raw+ix"), "unknown flag" },
		{ S("cap_net_raw+=i"), "unknown flag" },
		{ S(" cap_chown+i"), "white space" },
		{ S("cap_chown+i "), "white space" },
		{ S("cap_chown +i"), "white space" },
		{ S("cap_chown:\tcap_kill+i"), "white space" },
		{ S("cap_chown+i\n"), "white space" },
		{ S("cap_chown\0+i"), "NUL" },
		{ S("cap_chown+i\0"), "NUL" },
		{ S("chown::kill+i"), "empty capability name" },
		{ S("a::b+i"), NULL },
		{ S(":chown+i"), "empty capability name" },
		{ S("chown:+i"), "empty capability name" },
		{ S(":+i"), "empty capability name" },
		{ S("cap_unknown+i"), "unknown capability name" },
		{ S("cap_+i"), "unknown capability name" },
		{ S("chown,kill+i"), "unknown capability name" },
		{ S("chown:0x1+i"), "unknown capability name" },
		{ S("all+i"), "unknown capability name" },
		{ S("cap_reg_fork+i"), "regular" },
		{ S("reg_sxid+ie"), "regular" },
		{ S("chown:CAP_REG_OPEN+i"), "regular" },
		{ S("0x+i"), "no digits" },
		{ S("0xg+i"), "malformed" },
		{ S("0x1g+i"), "malformed" },
		{ S("0x-1+i"), "malformed" },
		{ S("0x1:chown+i"), "malformed" },
		{ S("0x0+i"), "empty" },
		{ S("0x00000+i"), "empty" },
		{ S("0x20000000000+i"), "outside the system" },
		{ S("0x1000000000000+i"), "outside the system" },
		{ S("0xffffffffffffffff+i"), "outside the system" },
		{ S("0x10000000000000000+i"), "64 bits" },
		{ S("1+i"), "0x" },
		{ S("0+i"), "0x" },
		{ S("01+i"), "0x" },
		{ S("0x1"), "'+'" },
		{ S("0x1+p"), "'p' refused" },
	};
	struct nc_capdefault d, sentinel;
	const char *why;
	size_t i;
	int ret;

	memset(&sentinel, 0x5a, sizeof(sentinel));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		d = sentinel;
		why = NULL;
		ret = nc_capdefault_parse(bad[i].in.s, bad[i].in.len, &d,
					  &why);
		tap_ok(ret == -EINVAL && !memcmp(&d, &sentinel, sizeof(d)) &&
		       why && *why &&
		       (!bad[i].why || strstr(why, bad[i].why)),
		       "capdefault: %s refused: %s",
		       q(bad[i].in.s, bad[i].in.len),
		       why ? why : "(no reason)");
	}
	d = sentinel;
	tap_ok(nc_capdefault_parse("cap_net_raw+p", 13, &d, NULL) == -EINVAL &&
	       !memcmp(&d, &sentinel, sizeof(d)),
	       "capdefault: why may be NULL");
	why = NULL;
	tap_ok(nc_capdefault_parse(NULL, 0, &d, &why) == -EINVAL && why,
	       "capdefault: NULL refused");
	why = NULL;
	nc_capdefault_parse("cap_net_raw+ip", 14, &d, &why);
	tap_ok(why && !strcmp(why,
	       "flag 'p' refused: a default may never grant forced capabilities"),
	       "capdefault: the 'p' reason says why");
}

/* ---------------------------------------------------------------- */
/* capdefault format                                                 */
/* ---------------------------------------------------------------- */

/* The canonical text, built here from want_name[]. */
static void canon(char *buf, u64 fi, bool fe)
{
	unsigned int b;

	buf[0] = '\0';
	for (b = 0; b <= 40; b++) {
		if (!(fi & B(b)))
			continue;
		if (buf[0])
			strcat(buf, ":");
		strcat(buf, want_name[b]);
	}
	strcat(buf, fe ? "+ie" : "+i");
}

static bool roundtrip(const struct nc_capdefault *d, char *out, size_t size)
{
	struct nc_capdefault back;
	char want[NC_CAPDEFAULT_MAX];
	int n;

	n = nc_capdefault_format(d, out, size);
	if (n < 0 || (size_t)n != strlen(out))
		return false;
	if (d->set) {
		canon(want, d->fi, d->fe);
		if (strcmp(out, want))
			return false;
	} else if (strcmp(out, "none")) {
		return false;
	}
	memset(&back, 0x5a, sizeof(back));
	if (nc_capdefault_parse(out, (size_t)n, &back, NULL))
		return false;
	return back.set == d->set && back.fi == d->fi && back.fe == d->fe;
}

static uint64_t rng = 0x243f6a8885a308d3ULL;

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void test_format(void)
{
	char buf[NC_CAPDEFAULT_MAX + 16];
	struct nc_capdefault d;
	struct nc_capdefault none = { .set = false };
	unsigned int b, k;
	bool ok;
	int n;

	tap_ok(roundtrip(&none, buf, sizeof(buf)) && !strcmp(buf, "none"),
	       "format: none");

	ok = true;
	for (b = 0; b <= 40; b++) {
		for (k = 0; k < 2; k++) {
			d.set = true;
			d.fi = B(b);
			d.fe = k;
			if (!roundtrip(&d, buf, sizeof(buf))) {
				tap_diag("bit %u fe %u: \"%s\"", b, k, buf);
				ok = false;
			}
		}
	}
	tap_ok(ok, "format: every single system bit, +i and +ie, round trip");

	ok = true;
	for (k = 0; k < 2000; k++) {
		d.set = true;
		d.fi = rnd() & SYS;
		if (k & 1)
			d.fi &= rnd();
		if (!d.fi)
			continue;
		d.fe = rnd() & 1;
		if (!roundtrip(&d, buf, sizeof(buf))) {
			tap_diag("mask %#llx: \"%s\"", d.fi, buf);
			ok = false;
		}
	}
	tap_ok(ok, "format: 2000 random masks round trip");

	d.set = true;
	d.fi = SYS;
	d.fe = true;
	n = nc_capdefault_format(&d, buf, NC_CAPDEFAULT_MAX);
	tap_ok(n > 0 && n < NC_CAPDEFAULT_MAX && roundtrip(&d, buf, sizeof(buf)),
	       "format: all system capabilities fit in NC_CAPDEFAULT_MAX (%d)",
	       n);
	tap_ok(n > 0 && nc_capdefault_format(&d, buf, (size_t)n + 1) == n &&
	       nc_capdefault_format(&d, buf, (size_t)n) == -ENOSPC &&
	       buf[0] == '\0',
	       "format: all system capabilities, exact fit and one short");

	/* Canonical form of a messy input. */
	n = nc_capdefault_parse("sys_nice:CAP_NET_BIND_SERVICE:chown+ei", 38,
				&d, NULL);
	tap_ok(n == 0 && nc_capdefault_format(&d, buf, sizeof(buf)) > 0 &&
	       !strcmp(buf, "cap_chown:cap_net_bind_service:cap_sys_nice+ie"),
	       "format: canonical order and spelling (%s)", buf);
	n = nc_capdefault_parse("0x5+i", 5, &d, NULL);
	tap_ok(n == 0 && nc_capdefault_format(&d, buf, sizeof(buf)) > 0 &&
	       !strcmp(buf, "cap_chown:cap_dac_read_search+i"),
	       "format: hex input formats as names (%s)", buf);

	/* -ENOSPC, the guard byte, and the NUL. */
	memset(buf, '#', sizeof(buf));
	tap_ok(nc_capdefault_format(&none, buf, 4) == -ENOSPC &&
	       buf[0] == '\0' && buf[4] == '#',
	       "format: \"none\" in 4 bytes: -ENOSPC, NUL-terminated");
	memset(buf, '#', sizeof(buf));
	tap_ok(nc_capdefault_format(&none, buf, 5) == 4 &&
	       !strcmp(buf, "none") && buf[5] == '#',
	       "format: \"none\" in 5 bytes fits");
	d.set = true;
	d.fi = B(0);
	d.fe = false;
	memset(buf, '#', sizeof(buf));
	tap_ok(nc_capdefault_format(&d, buf, 11) == -ENOSPC &&
	       buf[0] == '\0' && buf[11] == '#',
	       "format: cap_chown+i in 11 bytes: -ENOSPC");
	memset(buf, '#', sizeof(buf));
	tap_ok(nc_capdefault_format(&d, buf, 12) == 11 &&
	       !strcmp(buf, "cap_chown+i") && buf[12] == '#',
	       "format: cap_chown+i in 12 bytes fits");
	d.fi = B(0) | B(1);
	memset(buf, '#', sizeof(buf));
	tap_ok(nc_capdefault_format(&d, buf, 10) == -ENOSPC &&
	       buf[0] == '\0' && buf[10] == '#',
	       "format: two names in 10 bytes: -ENOSPC");
	memset(buf, '#', sizeof(buf));
	tap_ok(nc_capdefault_format(&d, buf, 1) == -ENOSPC &&
	       buf[0] == '\0' && buf[1] == '#',
	       "format: 1-byte buffer: -ENOSPC, NUL-terminated");
	tap_ok(nc_capdefault_format(&d, NULL, 0) == -ENOSPC,
	       "format: size 0: -ENOSPC, nothing written");

	/* Masks no text can express. */
	d.set = true;
	d.fe = false;
	d.fi = 0;
	tap_ok(nc_capdefault_format(&d, buf, sizeof(buf)) == -EINVAL &&
	       buf[0] == '\0', "format: set with an empty mask: -EINVAL");
	d.fi = B(0) | B(48);
	tap_ok(nc_capdefault_format(&d, buf, sizeof(buf)) == -EINVAL,
	       "format: regular bit in the mask: -EINVAL");
	d.fi = B(41);
	tap_ok(nc_capdefault_format(&d, buf, sizeof(buf)) == -EINVAL,
	       "format: bit 41 in the mask: -EINVAL");
}

int main(void)
{
	test_policy();
	test_cap_names();
	test_capdefault_good();
	test_capdefault_long();
	test_capdefault_bad();
	test_format();
	return tap_done();
}
