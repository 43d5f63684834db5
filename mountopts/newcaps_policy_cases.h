/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hand-written cases of nc_exec_transition(), shared by the host tests
 * (mountopts/tests/test_exec.c) and the kernel's KUnit suite
 * (security/newcaps/newcaps_kunit.c, which the series carries as a copy of
 * this file). Every expected value is worked out from the SPEC text in the
 * comment beside it, never by calling the code under test.
 */
#ifndef NEWCAPS_POLICY_CASES_H
#define NEWCAPS_POLICY_CASES_H

#include "newcaps_policy.h"

/* The SPEC's sets, written out here rather than taken from the header. */
#define NCT_SYS		0x000001ffffffffffULL	/* bits 0..40 */
#define NCT_REG		0xffff000000000000ULL	/* bits 48..63 */
#define NCT_ALL		(NCT_SYS | NCT_REG)
#define NCT_B(n)	(1ULL << (n))

#define NCT_CHOWN	NCT_B(0)
#define NCT_KILL	NCT_B(5)
#define NCT_NET_BIND	NCT_B(10)
#define NCT_NET_RAW	NCT_B(13)
#define NCT_SYS_ADMIN	NCT_B(21)
#define NCT_SYS_NICE	NCT_B(23)
#define NCT_R_FORK	NCT_B(48)
#define NCT_R_OPEN	NCT_B(49)
#define NCT_R_SXID	NCT_B(51)
#define NCT_R_WRITE	NCT_B(52)

struct nc_exec_case {
	const char *name;
	struct nc_exec_in in;
	struct nc_exec_out want;
};

/*
 * Every capability in every set, no ambient: the equations alone, without
 * the root rule (a case that sets .root is a root exec). init's Pi holds
 * only the regular region (SPEC 4.2).
 */
#define NCT_ROOT	.pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_ALL, .pa = 0, \
		.bnd = NCT_ALL
/* An ordinary user: all regular capabilities, nothing else. */
#define NCT_USER	.pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG, .pa = 0, \
		.bnd = NCT_ALL

static const struct nc_exec_case nc_exec_cases[] = {
	/*
	 * Unless a comment says otherwise, a case below has no setid exec and
	 * Fp = ∅ (unlabeled file, not setuid-root): not gained, no sanitize.
	 */
	/* inherit: Fi = ALL, Fe = ALL, Fp = 0; P'p = Pi = ALL. */
	{ "root, unlabeled file, inherit: keeps everything",
	  { NCT_ROOT, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_ALL } },
	/* strict: Fi = REG: P'p = ALL & REG, P'e = ALL & ALL & REG. */
	{ "root, unlabeled file, strict: keeps only regular",
	  { NCT_ROOT, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG,
	    .strict_lost = NCT_SYS } },
	/* audit = inherit sets; strict would lose SYS from pp and pe. */
	{ "root, unlabeled file, audit: inherit sets, strict_lost = SYS",
	  { NCT_ROOT, .policy = NC_POLICY_AUDIT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_ALL,
	      .strict_lost = NCT_SYS } },
	/* user: Pi = REG; both policies keep Fi ⊇ REG. */
	{ "user, unlabeled file, inherit: regular kept",
	  { NCT_USER, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG } },
	{ "user, unlabeled file, strict: regular kept",
	  { NCT_USER, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG } },
	{ "user, unlabeled file, audit: nothing lost",
	  { NCT_USER, .policy = NC_POLICY_AUDIT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG } },
	/* A dropped regular capability stays dropped (no setid, no gain). */
	{ "user without cap_reg_write, unlabeled, inherit: stays dropped",
	  { .pp = NCT_REG & ~NCT_R_WRITE, .pe = NCT_REG & ~NCT_R_WRITE,
	      .pi = NCT_REG & ~NCT_R_WRITE,
	    .bnd = NCT_ALL, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG & ~NCT_R_WRITE, .pe = NCT_REG & ~NCT_R_WRITE,
	    .pi = NCT_REG & ~NCT_R_WRITE } },
	/*
	 * Pp = {chown, kill, net_raw} + REG, Pi = {chown, net_raw} + REG,
	 * Pe = {net_raw} + REG, Pa = {net_raw}.
	 * inherit: P'a = net_raw; P'p = Pi | P'a = {chown, net_raw} + REG;
	 *          P'e = (Pi & Pe) | P'a = {net_raw} + REG.
	 * strict:  P'p = (Pi & REG) | P'a = {net_raw} + REG; P'e the same.
	 * lost = (pp_i \ pp_s) | (pe_i \ pe_s) = {chown}.
	 */
	{ "audit: strict_lost names exactly chown (net_raw kept by ambient)",
	  { .pp = NCT_CHOWN | NCT_KILL | NCT_NET_RAW | NCT_REG,
	      .pe = NCT_NET_RAW | NCT_REG,
	    .pi = NCT_CHOWN | NCT_NET_RAW | NCT_REG, .pa = NCT_NET_RAW,
	    .bnd = NCT_ALL,
	    .policy = NC_POLICY_AUDIT },
	  { .pp = NCT_CHOWN | NCT_NET_RAW | NCT_REG,
	      .pe = NCT_NET_RAW | NCT_REG,
	    .pi = NCT_CHOWN | NCT_NET_RAW | NCT_REG, .pa = NCT_NET_RAW,
	    .strict_lost = NCT_CHOWN } },
	/* Same input under strict. */
	{ "strict: same process keeps net_raw via ambient only",
	  { .pp = NCT_CHOWN | NCT_KILL | NCT_NET_RAW | NCT_REG,
	      .pe = NCT_NET_RAW | NCT_REG,
	    .pi = NCT_CHOWN | NCT_NET_RAW | NCT_REG, .pa = NCT_NET_RAW,
	    .bnd = NCT_ALL,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NCT_NET_RAW | NCT_REG, .pe = NCT_NET_RAW | NCT_REG,
	      .pi = NCT_NET_RAW | NCT_REG,
	    .pa = NCT_NET_RAW,
	    .strict_lost = NCT_CHOWN } },
	/*
	 * Pi = chown + REG, Pe = REG (chown not effective): strict loses
	 * chown from pp only; pe is REG in both.
	 */
	{ "audit: strict_lost counts a bit lost from pp only",
	  { .pp = NCT_CHOWN | NCT_REG, .pe = NCT_REG, .pi = NCT_CHOWN | NCT_REG,
	      .bnd = NCT_ALL,
	    .policy = NC_POLICY_AUDIT },
	  { .pp = NCT_CHOWN | NCT_REG, .pe = NCT_REG, .pi = NCT_CHOWN | NCT_REG,
	    .strict_lost = NCT_CHOWN } },
	/*
	 * Labeled file, fp = net_bind, fi = sys_nice, fe: Fp = net_bind,
	 * Fi = sys_nice + REG, Fe = ALL. User: P'p = (REG & Fi) | net_bind;
	 * P'e the same. Fp & bnd = net_bind is not in Pp = REG: gained, so
	 * sanitized (REG & bnd = REG, already there: no visible change).
	 */
	{ "user, labeled fp=net_bind_service fi=sys_nice +e",
	  { NCT_USER, .has_xattr = true, .fp = NCT_NET_BIND, .fi = NCT_SYS_NICE,
	    .fe = true, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG | NCT_NET_BIND, .pe = NCT_REG | NCT_NET_BIND,
	      .pi = NCT_REG | NCT_NET_BIND,
	    .gained = true, .sanitized = true } },
	/* Without the effective flag: P'e = Pi & Pe & Fi = REG. Gained. */
	{ "user, labeled fp=net_bind_service, no effective flag",
	  { NCT_USER, .has_xattr = true, .fp = NCT_NET_BIND, .fe = false,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG | NCT_NET_BIND, .pe = NCT_REG,
	      .pi = NCT_REG | NCT_NET_BIND,
	    .gained = true, .sanitized = true } },
	/*
	 * Mainline's "insufficient to execute correctly": with the effective
	 * flag, Fp must all reach P'p. net_raw dropped from the bounding set:
	 * Fp & bnd = net_bind only, Pi lacks net_raw: the exec fails (the
	 * caller returns EPERM). The sets are what they would have been.
	 */
	{ "user, fp=net_bind_service,net_raw +e, net_raw not in bnd: insufficient",
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG,
	    .bnd = NCT_ALL & ~NCT_NET_RAW, .has_xattr = true,
	    .fp = NCT_NET_BIND | NCT_NET_RAW, .fe = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG | NCT_NET_BIND, .pe = NCT_REG | NCT_NET_BIND,
	      .pi = NCT_REG | NCT_NET_BIND,
	    .gained = true, .sanitized = true, .insufficient = true } },
	/* Without the effective flag the program runs with what it gets. */
	{ "user, fp=net_bind_service,net_raw, no +e, net_raw not in bnd: runs",
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG,
	    .bnd = NCT_ALL & ~NCT_NET_RAW, .has_xattr = true,
	    .fp = NCT_NET_BIND | NCT_NET_RAW, .fe = false,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG | NCT_NET_BIND, .pe = NCT_REG,
	      .pi = NCT_REG | NCT_NET_BIND,
	    .gained = true, .sanitized = true } },
	/* Pi & Fi supplies what bnd withholds: enough. */
	{ "fp=net_raw +e, net_raw not in bnd but in Pi & Fi: runs",
	  { .pp = NCT_REG | NCT_NET_RAW, .pe = NCT_REG | NCT_NET_RAW,
	    .pi = NCT_REG | NCT_NET_RAW, .bnd = NCT_ALL & ~NCT_NET_RAW,
	    .has_xattr = true, .fp = NCT_NET_RAW, .fi = NCT_NET_RAW,
	    .fe = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG | NCT_NET_RAW, .pe = NCT_REG | NCT_NET_RAW,
	      .pi = NCT_REG | NCT_NET_RAW } },
	/* no_new_privs: checked before the limit, as mainline. */
	{ "no_new_privs, fp=net_raw +e, net_raw not in bnd: insufficient",
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG,
	    .bnd = NCT_ALL & ~NCT_NET_RAW, .has_xattr = true,
	    .fp = NCT_NET_RAW, .fe = true, .limited = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG, .no_gain = true,
	    .insufficient = true } },
	/* The no-gain rule (nosuid) ignores Fp: nothing is demanded. */
	{ "nosuid, fp=net_raw +e, net_raw not in bnd: Fp ignored, runs",
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG,
	    .bnd = NCT_ALL & ~NCT_NET_RAW, .has_xattr = true,
	    .fp = NCT_NET_RAW, .fe = true, .no_gain = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG, .no_gain = true } },
	/*
	 * The process has sys_nice in Pi and Pe: Fi = sys_nice passes it on.
	 * Pa = sys_nice is cleared: the file has masks.
	 */
	{ "labeled fi=sys_nice: inherited, ambient cleared by the xattr",
	  { .pp = NCT_REG | NCT_SYS_NICE, .pe = NCT_REG | NCT_SYS_NICE,
	      .pi = NCT_REG | NCT_SYS_NICE,
	    .pa = NCT_SYS_NICE, .bnd = NCT_ALL, .has_xattr = true,
	    .fi = NCT_SYS_NICE,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG | NCT_SYS_NICE, .pe = NCT_REG | NCT_SYS_NICE,
	    .pi = NCT_REG | NCT_SYS_NICE } },
	/* Same with fi = 0: sys_nice is lost even from ambient. */
	{ "labeled fi=0: inheritable and ambient sys_nice both dropped",
	  { .pp = NCT_REG | NCT_SYS_NICE, .pe = NCT_REG | NCT_SYS_NICE,
	      .pi = NCT_REG | NCT_SYS_NICE,
	    .pa = NCT_SYS_NICE, .bnd = NCT_ALL, .has_xattr = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG } },
	/*
	 * The regular bits of the xattr masks and bits 41..47 are ignored:
	 * Fp = fp & SYS = net_bind; Fi = (fi & SYS) | REG = REG.
	 * net_bind is not in Pp: gained -> sanitize reinstates REG & bnd =
	 * REG, so the dropped cap_reg_fork comes back.
	 */
	{ "labeled: regular/undefined xattr bits ignored, sanitize on gain",
	  { .pp = NCT_REG & ~NCT_R_FORK, .pe = NCT_REG & ~NCT_R_FORK,
	      .pi = NCT_REG & ~NCT_R_FORK,
	    .bnd = NCT_ALL, .has_xattr = true,
	    .fp = NCT_NET_BIND | NCT_B(45) | NCT_R_OPEN,
	    .fi = NCT_B(44) | NCT_R_WRITE, .fe = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG | NCT_NET_BIND, .pe = NCT_REG | NCT_NET_BIND,
	      .pi = NCT_REG | NCT_NET_BIND,
	    .gained = true, .sanitized = true } },
	/* SECURE_NO_SXID_SANITIZE: gained, not sanitized; fork stays dropped. */
	{ "labeled, gain, no_sxid_sanitize: dropped cap_reg_fork stays dropped",
	  { .pp = NCT_REG & ~NCT_R_FORK, .pe = NCT_REG & ~NCT_R_FORK,
	      .pi = NCT_REG & ~NCT_R_FORK,
	    .bnd = NCT_ALL, .has_xattr = true, .fp = NCT_NET_BIND, .fe = true,
	    .no_sxid_sanitize = true, .policy = NC_POLICY_INHERIT },
	  { .pp = (NCT_REG & ~NCT_R_FORK) | NCT_NET_BIND,
	      .pe = (NCT_REG & ~NCT_R_FORK) | NCT_NET_BIND,
	    .pi = (NCT_REG & ~NCT_R_FORK) | NCT_NET_BIND, .gained = true } },
	/*
	 * SPEC 4.1.5: the same gain in a user namespace other than the initial
	 * one (a file the user labelled there) grants that namespace's
	 * privilege only: gained, not sanitized; fork stays dropped.
	 */
	{ "labeled, gain in a child user namespace: cap_reg_fork stays dropped",
	  { .pp = NCT_REG & ~NCT_R_FORK, .pe = NCT_REG & ~NCT_R_FORK,
	      .pi = NCT_REG & ~NCT_R_FORK,
	    .bnd = NCT_ALL, .has_xattr = true, .fp = NCT_NET_RAW, .fe = true,
	    .child_userns = true, .policy = NC_POLICY_INHERIT },
	  { .pp = (NCT_REG & ~NCT_R_FORK) | NCT_NET_RAW,
	      .pe = (NCT_REG & ~NCT_R_FORK) | NCT_NET_RAW,
	    .pi = (NCT_REG & ~NCT_R_FORK) | NCT_NET_RAW, .gained = true } },
	/*
	 * A setuid file of a child user namespace making a new euid: no
	 * sanitize either. Unlabeled, inherit: P'p = Pi & ALL = Pi.
	 */
	{ "setid to a new id in a child user namespace: cap_reg_write stays dropped",
	  { .pp = NCT_REG & ~NCT_R_WRITE, .pe = NCT_REG & ~NCT_R_WRITE,
	      .pi = NCT_REG & ~NCT_R_WRITE,
	    .bnd = NCT_ALL, .setid = true, .setid_new = true,
	    .child_userns = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG & ~NCT_R_WRITE, .pe = NCT_REG & ~NCT_R_WRITE,
	    .pi = NCT_REG & ~NCT_R_WRITE } },
	/*
	 * Fp & bnd = 0: no gain, no sanitize. (Without the effective flag:
	 * with it the exec would fail, insufficient.)
	 */
	{ "labeled fp outside bnd: not gained, no sanitize",
	  { .pp = NCT_REG & ~NCT_R_FORK, .pe = NCT_REG & ~NCT_R_FORK,
	      .pi = NCT_REG & ~NCT_R_FORK,
	    .bnd = NCT_ALL & ~NCT_NET_BIND, .has_xattr = true,
	    .fp = NCT_NET_BIND,
	    .fe = false, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG & ~NCT_R_FORK, .pe = NCT_REG & ~NCT_R_FORK,
	      .pi = NCT_REG & ~NCT_R_FORK } },
	/* A labeled file ignores the policy: audit records nothing. */
	{ "labeled file under audit: strict_lost = 0",
	  { NCT_ROOT, .has_xattr = true, .fi = NCT_CHOWN,
	      .policy = NC_POLICY_AUDIT },
	  { .pp = NCT_CHOWN | NCT_REG, .pe = NCT_CHOWN | NCT_REG,
	      .pi = NCT_CHOWN | NCT_REG } },
	/*
	 * (a) A process in its own user namespace holds every system
	 * capability there (SPEC 4.2) and has dropped cap_reg_write from Pp,
	 * Pe, Pi (not from bnd). It labels a file fp=net_raw +e itself and
	 * runs it: Fp = net_raw, Fi = REG, Fe = ALL; P'a = 0 (xattr).
	 * P'p = (Pi & REG) | (net_raw & bnd) = (REG \ write) | net_raw;
	 * P'e the same. Fp & bnd = net_raw is already in Pp: not gained, no
	 * sanitize, so cap_reg_write stays dropped (SPEC 4.1.4's example).
	 */
	{ "own userns, self-labeled fp=net_raw: not gained, cap_reg_write stays dropped",
	  { .pp = NCT_SYS | (NCT_REG & ~NCT_R_WRITE),
	      .pe = NCT_SYS | (NCT_REG & ~NCT_R_WRITE),
	    .pi = NCT_SYS | (NCT_REG & ~NCT_R_WRITE), .bnd = NCT_ALL,
	    .has_xattr = true,
	    .fp = NCT_NET_RAW, .fe = true, .policy = NC_POLICY_INHERIT },
	  { .pp = (NCT_REG & ~NCT_R_WRITE) | NCT_NET_RAW,
	      .pe = (NCT_REG & ~NCT_R_WRITE) | NCT_NET_RAW,
	    .pi = (NCT_REG & ~NCT_R_WRITE) | NCT_NET_RAW } },
	/*
	 * (g) Fp = net_raw | chown, Pp holds chown (and cap_reg_write is
	 * dropped). Fp & bnd & ~Pp = net_raw: gained, sanitized.
	 * P'p = (Pi & REG) | net_raw | chown | (REG & bnd)
	 *     = REG | net_raw | chown; P'e the same (Fe = ALL).
	 */
	{ "Fp partly new (net_raw new, chown held): gained, sanitized",
	  { .pp = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	      .pe = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	    .pi = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE), .bnd = NCT_ALL,
	    .has_xattr = true,
	    .fp = NCT_NET_RAW | NCT_CHOWN, .fe = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG | NCT_NET_RAW | NCT_CHOWN,
	      .pe = NCT_REG | NCT_NET_RAW | NCT_CHOWN,
	    .pi = NCT_REG | NCT_NET_RAW | NCT_CHOWN, .gained = true,
	    .sanitized = true } },
	/*
	 * Same, but net_raw is outside bnd: Fp & bnd = chown is in Pp, so
	 * nothing is gained. P'p = (REG \ write) | chown, no sanitize. The
	 * effective flag makes the exec fail: net_raw cannot be had.
	 */
	{ "Fp partly new but the new part outside bnd: not gained",
	  { .pp = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	      .pe = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	    .pi = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	    .bnd = NCT_ALL & ~NCT_NET_RAW,
	    .has_xattr = true, .fp = NCT_NET_RAW | NCT_CHOWN, .fe = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	      .pe = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	    .pi = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	    .insufficient = true } },
	/*
	 * The gain is measured against Pp, not Pi: chown is permitted but
	 * not inheritable, Fp = chown. Not gained; P'p = (Pi & REG) | chown
	 * = (REG \ write) | chown; P'e = (Pi & Pe & REG) | chown the same.
	 */
	{ "Fp held in Pp but not in Pi: not gained, no sanitize",
	  { .pp = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	      .pe = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	    .pi = NCT_REG & ~NCT_R_WRITE, .bnd = NCT_ALL, .has_xattr = true,
	    .fp = NCT_CHOWN, .fe = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	      .pe = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE),
	    .pi = NCT_CHOWN | (NCT_REG & ~NCT_R_WRITE) } },
	/*
	 * (d) bnd lacks cap_reg_write (Pp lacks it and cap_reg_fork); a
	 * labeled fp=net_bind +e is a real gain. Sanitize reinstates
	 * REG & bnd = REG \ write: cap_reg_fork comes back, cap_reg_write
	 * does not. P'p = (REG \ {write, fork}) | net_bind | (REG \ write).
	 */
	{ "bnd lacks cap_reg_write, gain: sanitize reinstates REG minus it",
	  { .pp = NCT_REG & ~(NCT_R_WRITE | NCT_R_FORK),
	      .pe = NCT_REG & ~(NCT_R_WRITE | NCT_R_FORK),
	    .pi = NCT_REG & ~(NCT_R_WRITE | NCT_R_FORK),
	    .bnd = NCT_ALL & ~NCT_R_WRITE,
	    .has_xattr = true, .fp = NCT_NET_BIND, .fe = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = (NCT_REG & ~NCT_R_WRITE) | NCT_NET_BIND,
	      .pe = (NCT_REG & ~NCT_R_WRITE) | NCT_NET_BIND,
	    .pi = (NCT_REG & ~NCT_R_WRITE) | NCT_NET_BIND, .gained = true,
	    .sanitized = true } },
	/*
	 * (d) Same bnd, a setgid exec to a new group (strict, no Fp):
	 * P'p = (Pi & REG) | (REG & bnd) = REG \ write.
	 */
	{ "bnd lacks cap_reg_write, setgid to new group: REG minus it",
	  { .pp = NCT_REG & ~(NCT_R_WRITE | NCT_R_OPEN),
	      .pe = NCT_REG & ~(NCT_R_WRITE | NCT_R_OPEN),
	    .pi = NCT_REG & ~(NCT_R_WRITE | NCT_R_OPEN),
	    .bnd = NCT_ALL & ~NCT_R_WRITE,
	    .setid = true, .setid_new = true, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG & ~NCT_R_WRITE, .pe = NCT_REG & ~NCT_R_WRITE,
	      .pi = NCT_REG & ~NCT_R_WRITE,
	    .sanitized = true } },
	/*
	 * setuid-root, no xattr: Fp = SYS, Fi = Fe = ALL. P'a = 0 (setid);
	 * euid 0 is new to the user (setid_new).
	 * P'p = (REG & ALL) | (SYS & bnd) = ALL; SYS is not in Pp: gained,
	 * sanitized (REG already there).
	 */
	{ "user, setuid-root unlabeled, strict: full set",
	  { NCT_USER, .setuid_root = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_ALL, .gained = true,
	    .sanitized = true } },
	/*
	 * (f) User with cap_reg_write dropped from Pp (bnd = ALL) runs a
	 * setuid-root file (setid_new): gained and sanitized, so
	 * P'p = (REG \ write) | SYS | (REG & bnd) = ALL.
	 */
	{ "user exec of setuid-root (setid_new): sanitized, cap_reg_write back",
	  { .pp = NCT_REG & ~NCT_R_WRITE, .pe = NCT_REG & ~NCT_R_WRITE,
	      .pi = NCT_REG & ~NCT_R_WRITE,
	    .bnd = NCT_ALL, .setuid_root = true, .setid = true,
	    .setid_new = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_ALL, .gained = true,
	    .sanitized = true } },
	/* (f) Same with cap_reg_write also out of bnd: REG & bnd lacks it. */
	{ "user exec of setuid-root, cap_reg_write out of bnd: stays dropped",
	  { .pp = NCT_REG & ~NCT_R_WRITE, .pe = NCT_REG & ~NCT_R_WRITE,
	      .pi = NCT_REG & ~NCT_R_WRITE,
	    .bnd = NCT_ALL & ~NCT_R_WRITE, .setuid_root = true, .setid = true,
	    .setid_new = true, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_ALL & ~NCT_R_WRITE, .pe = NCT_ALL & ~NCT_R_WRITE,
	      .pi = NCT_ALL & ~NCT_R_WRITE,
	    .gained = true, .sanitized = true } },
	/*
	 * A non-root process that already holds every system capability
	 * (Pp = ALL \ write) runs a setuid-root file: euid 0 is new
	 * (setid_new) though Fp = SYS adds nothing to Pp. Not gained, but
	 * sanitized by setid_new: P'p = (ALL \ write) | SYS | REG = ALL.
	 */
	{ "setuid-root to new euid 0, Fp already held: sanitized by setid_new",
	  { .pp = NCT_ALL & ~NCT_R_WRITE, .pe = NCT_ALL & ~NCT_R_WRITE,
	      .pi = NCT_ALL & ~NCT_R_WRITE,
	    .bnd = NCT_ALL, .setuid_root = true, .setid = true,
	    .setid_new = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_ALL, .sanitized = true } },
	/* Bounding set limits Fp: sys_admin not granted. */
	{ "setuid-root with sys_admin outside bnd",
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG,
	      .bnd = NCT_ALL & ~NCT_SYS_ADMIN,
	    .setuid_root = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_ALL & ~NCT_SYS_ADMIN, .pe = NCT_ALL & ~NCT_SYS_ADMIN,
	    .pi = NCT_ALL & ~NCT_SYS_ADMIN, .gained = true,
	    .sanitized = true } },
	/* setuid-root under audit: not the unlabeled case, nothing lost. */
	{ "setuid-root under audit: strict_lost = 0",
	  { NCT_USER, .setuid_root = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_AUDIT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_ALL, .gained = true,
	    .sanitized = true } },
	/*
	 * no_gain (nosuid/nnp): setuid bits ignored (setid_new too), strict
	 * policy applies: Fi = REG; the dropped cap_reg_write is not
	 * reinstated.
	 */
	{ "setuid-root with no_gain: ignored, strict applies, no sanitize",
	  { .pp = NCT_REG & ~NCT_R_WRITE, .pe = NCT_REG & ~NCT_R_WRITE,
	      .pi = NCT_REG & ~NCT_R_WRITE,
	    .bnd = NCT_ALL, .setuid_root = true, .setid = true,
	    .setid_new = true,
	    .no_gain = true, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG & ~NCT_R_WRITE, .pe = NCT_REG & ~NCT_R_WRITE,
	    .pi = NCT_REG & ~NCT_R_WRITE, .no_gain = true } },
	/*
	 * Pe lacks cap_reg_sxid (still in Pp and Pi): no gain. Inherit:
	 * P'p = Pi = REG; P'e = Pi & Pe = REG \ sxid; no sanitize.
	 */
	{ "setuid-root, Pe lacks cap_reg_sxid: no gain, no sanitize",
	  { .pp = NCT_REG, .pe = NCT_REG & ~NCT_R_SXID, .pi = NCT_REG,
	      .bnd = NCT_ALL,
	    .setuid_root = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG, .pe = NCT_REG & ~NCT_R_SXID, .pi = NCT_REG,
	      .no_gain = true } },
	/* no_gain makes it the unlabeled case again: audit records. */
	{ "setuid-root with no_gain under audit: strict_lost = chown",
	  { .pp = NCT_REG | NCT_CHOWN, .pe = NCT_REG | NCT_CHOWN,
	      .pi = NCT_REG | NCT_CHOWN,
	    .bnd = NCT_ALL, .setuid_root = true, .setid = true,
	    .setid_new = true,
	    .no_gain = true, .policy = NC_POLICY_AUDIT },
	  { .pp = NCT_REG | NCT_CHOWN, .pe = NCT_REG | NCT_CHOWN,
	      .pi = NCT_REG | NCT_CHOWN,
	    .strict_lost = NCT_CHOWN, .no_gain = true } },
	/* no_gain also cancels Fp of a labeled file. */
	{ "labeled fp with no_gain: Fp ignored, ambient still cleared",
	  { .pp = NCT_REG | NCT_NET_RAW, .pe = NCT_REG | NCT_NET_RAW,
	      .pi = NCT_REG | NCT_NET_RAW,
	    .pa = NCT_NET_RAW, .bnd = NCT_ALL, .has_xattr = true,
	    .fp = NCT_NET_BIND,
	    .fe = true, .no_gain = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG, .no_gain = true } },
	/* Ambient survives an ordinary exec under strict. */
	{ "ambient net_bind_service kept across strict unlabeled exec",
	  { .pp = NCT_REG | NCT_NET_BIND, .pe = NCT_REG | NCT_NET_BIND,
	      .pi = NCT_REG | NCT_NET_BIND,
	    .pa = NCT_NET_BIND, .bnd = NCT_ALL, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG | NCT_NET_BIND, .pe = NCT_REG | NCT_NET_BIND,
	      .pi = NCT_REG | NCT_NET_BIND,
	    .pa = NCT_NET_BIND } },
	/* Regular bits are never ambient. */
	{ "regular bits in Pa are not ambient",
	  { .pp = NCT_REG | NCT_NET_BIND, .pe = NCT_REG | NCT_NET_BIND,
	      .pi = NCT_REG | NCT_NET_BIND,
	    .pa = NCT_NET_BIND | NCT_R_FORK, .bnd = NCT_ALL,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG | NCT_NET_BIND, .pe = NCT_REG | NCT_NET_BIND,
	      .pi = NCT_REG | NCT_NET_BIND,
	    .pa = NCT_NET_BIND } },
	/*
	 * (b) setgid exec to a group the process already holds (setid, not
	 * setid_new): ambient cleared since setid; strict: P'p = Pi & REG =
	 * REG \ open. No Fp, no new id: no sanitize, cap_reg_open stays
	 * dropped.
	 */
	{ "setgid to a group already held: ambient cleared, no sanitize",
	  { .pp = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND,
	      .pe = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND,
	    .pi = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND, .pa = NCT_NET_BIND,
	    .bnd = NCT_ALL,
	    .setid = true, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG & ~NCT_R_OPEN, .pe = NCT_REG & ~NCT_R_OPEN,
	      .pi = NCT_REG & ~NCT_R_OPEN,
	    .strict_lost = NCT_NET_BIND } },
	/*
	 * (c) Same exec, but to a new group (setid_new): sanitize reinstates
	 * REG & bnd = REG, cap_reg_open included.
	 */
	{ "setgid to a new group: ambient cleared, sanitize reinstates cap_reg_open",
	  { .pp = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND,
	      .pe = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND,
	    .pi = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND, .pa = NCT_NET_BIND,
	    .bnd = NCT_ALL,
	    .setid = true, .setid_new = true, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG, .sanitized = true,
	    .strict_lost = NCT_NET_BIND } },
	/*
	 * (c) setuid to a new non-root uid, inherit: P'a = 0 (setid);
	 * P'p = Pi & ALL = (REG \ write) | chown, plus REG & bnd = REG;
	 * P'e = (Pi & Pe) | REG = REG | chown.
	 */
	{ "setuid to a new non-root uid: ambient cleared, sanitized",
	  { .pp = (NCT_REG & ~NCT_R_WRITE) | NCT_CHOWN,
	      .pe = (NCT_REG & ~NCT_R_WRITE) | NCT_CHOWN,
	    .pi = (NCT_REG & ~NCT_R_WRITE) | NCT_CHOWN, .pa = NCT_CHOWN,
	    .bnd = NCT_ALL,
	    .setid = true, .setid_new = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG | NCT_CHOWN, .pe = NCT_REG | NCT_CHOWN,
	      .pi = NCT_REG | NCT_CHOWN,
	    .sanitized = true } },
	/* setgid to a new group with SECURE_NO_SXID_SANITIZE. */
	{ "setgid to a new group, no_sxid_sanitize: cap_reg_open stays dropped",
	  { .pp = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND,
	      .pe = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND,
	    .pi = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND, .pa = NCT_NET_BIND,
	    .bnd = NCT_ALL,
	    .setid = true, .setid_new = true, .no_sxid_sanitize = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG & ~NCT_R_OPEN, .pe = NCT_REG & ~NCT_R_OPEN,
	      .pi = NCT_REG & ~NCT_R_OPEN,
	    .strict_lost = NCT_NET_BIND } },
	/* setgid under no_gain: the bit is ignored, ambient kept. */
	{ "setgid exec with no_gain: ignored, ambient kept, no sanitize",
	  { .pp = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND,
	      .pe = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND,
	    .pi = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND, .pa = NCT_NET_BIND,
	    .bnd = NCT_ALL,
	    .setid = true, .setid_new = true, .no_gain = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND,
	      .pe = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND,
	    .pi = (NCT_REG & ~NCT_R_OPEN) | NCT_NET_BIND, .pa = NCT_NET_BIND,
	    .no_gain = true } },
	/*
	 * A process already euid 0 but holding only kill among the system
	 * capabilities runs a setuid-root file (not setid): ambient kept (not
	 * setid, no xattr). Fp & bnd = SYS is not in Pp: gained, sanitized
	 * (REG & bnd = REG \ fork; fork is kept anyway by Pi & Fi).
	 * P'p = (REG | kill) | SYS | kill = ALL.
	 */
	{ "setuid_root without setid: ambient kept, gained, sanitized",
	  { .pp = NCT_REG | NCT_KILL, .pe = NCT_REG | NCT_KILL,
	      .pi = NCT_REG | NCT_KILL, .pa = NCT_KILL,
	    .bnd = NCT_ALL & ~NCT_R_FORK, .setuid_root = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_ALL, .pa = NCT_KILL,
	      .gained = true,
	    .sanitized = true } },
	/*
	 * (e) Root (Pp = ALL) runs a setuid-root file, no setid (already
	 * euid 0): Fp & bnd = SYS is already in Pp: not gained, not
	 * sanitized. P'p = (ALL & ALL) | SYS = ALL.
	 */
	{ "root exec of setuid-root without setid: not gained, not sanitized",
	  { NCT_ROOT, .setuid_root = true, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_ALL } },
	/*
	 * (e) Root with cap_reg_write dropped from Pp, Pe, Pi (bnd = ALL)
	 * runs a setuid-root file: not gained (SYS already in Pp), no new
	 * id, so no sanitize: P'p = (ALL \ write) | SYS = ALL \ write.
	 */
	{ "root without cap_reg_write, setuid-root: not gained, stays dropped",
	  { .pp = NCT_ALL & ~NCT_R_WRITE, .pe = NCT_ALL & ~NCT_R_WRITE,
	      .pi = NCT_ALL & ~NCT_R_WRITE,
	    .bnd = NCT_ALL, .setuid_root = true, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_ALL & ~NCT_R_WRITE, .pe = NCT_ALL & ~NCT_R_WRITE,
	    .pi = NCT_ALL & ~NCT_R_WRITE } },
	/*
	 * Same with SECURE_NO_SXID_SANITIZE: Fp holds no regular bit, so
	 * P'p = (Pi & Fi) | (SYS & bnd) keeps cap_reg_write dropped; and
	 * Fp adds nothing to Pp: not gained.
	 */
	{ "setuid-root, no_sxid_sanitize: dropped cap_reg_write stays dropped",
	  { .pp = NCT_ALL & ~NCT_R_WRITE, .pe = NCT_ALL & ~NCT_R_WRITE,
	      .pi = NCT_ALL & ~NCT_R_WRITE,
	    .bnd = NCT_ALL, .setuid_root = true, .no_sxid_sanitize = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NCT_ALL & ~NCT_R_WRITE, .pe = NCT_ALL & ~NCT_R_WRITE,
	    .pi = NCT_ALL & ~NCT_R_WRITE } },
	/* Pe lacks sxid, inherit on unlabeled: Pe restricted by Pi & Pe. */
	{ "inherit: P'e = Pi ∩ Pe (chown permitted but not effective)",
	  { .pp = NCT_REG | NCT_CHOWN | NCT_KILL, .pe = NCT_REG | NCT_KILL,
	      .pi = NCT_REG | NCT_CHOWN | NCT_KILL,
	    .bnd = NCT_ALL, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG | NCT_CHOWN | NCT_KILL, .pe = NCT_REG | NCT_KILL,
	    .pi = NCT_REG | NCT_CHOWN | NCT_KILL } },
	/* System caps in Pp but not Pi are lost even under inherit. */
	{ "inherit: Pp bits outside Pi are not kept",
	  { .pp = NCT_REG | NCT_CHOWN | NCT_KILL,
	      .pe = NCT_REG | NCT_CHOWN | NCT_KILL, .pi = NCT_REG,
	    .bnd = NCT_ALL, .policy = NC_POLICY_AUDIT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG } },

	/*
	 * SPEC 4.1.3, the root rule: Pi is read as Pp & bnd, Pe as Pp.
	 * A container runtime or systemd cleared Pi (REG left): inherit,
	 * unlabeled: P'p = ((Pp & bnd) & ALL) = ALL, P'e likewise.
	 */
	{ "root rule: root with Pi cleared keeps its set through inherit",
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_REG, .bnd = NCT_ALL,
	    .root = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_REG } },
	/*
	 * SPEC 4.1.4: under the root rule P'i = Pi & P'p: root keeps the Pi
	 * it was given (a root shell's CapInh is mainline's) ...
	 */
	{ "root rule: root keeps the Pi it was given",
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_REG | NCT_NET_RAW,
	    .bnd = NCT_ALL, .root = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_REG | NCT_NET_RAW } },
	/* ... within P'p: bnd without net_raw takes it from P'p, so from P'i */
	{ "root rule: P'i = Pi & P'p",
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_REG | NCT_NET_RAW,
	    .bnd = NCT_ALL & ~NCT_NET_RAW, .root = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_ALL & ~NCT_NET_RAW, .pe = NCT_ALL & ~NCT_NET_RAW,
	    .pi = NCT_REG } },
	/* bnd without cap_chown: Pi read as ALL & bnd lacks it. */
	{ "root rule: a bounding-set drop takes effect at exec",
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_ALL,
	    .bnd = NCT_ALL & ~NCT_CHOWN, .root = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_ALL & ~NCT_CHOWN, .pe = NCT_ALL & ~NCT_CHOWN,
	    .pi = NCT_ALL & ~NCT_CHOWN } },
	/* Pp without net_raw (Pi too, Pi ⊆ Pp): Pp & bnd lacks it. */
	{ "root rule: what root dropped from Pp stays dropped",
	  { .pp = NCT_ALL & ~NCT_NET_RAW, .pe = NCT_ALL & ~NCT_NET_RAW,
	    .pi = NCT_REG, .bnd = NCT_ALL, .root = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_ALL & ~NCT_NET_RAW, .pe = NCT_ALL & ~NCT_NET_RAW,
	    .pi = NCT_REG } },
	/* strict: Fi = REG: P'p = REG; strict removes SYS. */
	{ "root rule, strict, unlabeled: only the regular capabilities",
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_REG, .bnd = NCT_ALL,
	    .root = true, .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG,
	    .strict_lost = NCT_SYS } },
	/* A label limits root: Fi = net_bind | REG, Fp = 0. */
	{ "root rule, labelled +i: root gets what the label allows",
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_REG, .bnd = NCT_ALL,
	    .root = true, .has_xattr = true, .fi = NCT_NET_BIND,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NCT_REG | NCT_NET_BIND, .pe = NCT_REG | NCT_NET_BIND,
	    .pi = NCT_REG } },
	/*
	 * SPEC 4.1.2, no_new_privs: Fp = net_raw adds nothing to a user's
	 * Pp = REG: P'p = (REG | raw) & REG = REG; not gained, no sanitize
	 * (cap_reg_fork stays dropped), ids kept.
	 */
	{ "no_new_privs: a +ep file adds nothing, nothing sanitized",
	  { .pp = NCT_REG & ~NCT_R_FORK, .pe = NCT_REG & ~NCT_R_FORK,
	      .pi = NCT_REG & ~NCT_R_FORK, .bnd = NCT_ALL,
	    .has_xattr = true, .fp = NCT_NET_RAW, .fe = true, .limited = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG & ~NCT_R_FORK, .pe = NCT_REG & ~NCT_R_FORK,
	    .pi = NCT_REG & ~NCT_R_FORK, .no_gain = true } },
	/* ... while what the process held passes on (root, Docker nnp). */
	{ "no_new_privs, root rule: a +ep file keeps what root held",
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_REG, .bnd = NCT_ALL,
	    .has_xattr = true, .fp = NCT_NET_RAW, .fe = true, .root = true,
	    .limited = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG | NCT_NET_RAW, .pe = NCT_REG | NCT_NET_RAW,
	    .pi = NCT_REG, .no_gain = true } },
	/*
	 * SPEC 4.1.4: root runs a setuid-non-root file (kselftest "Root +ia,
	 * suidnonroot => ip"): P'p = Pi & ALL = ALL, P'e loses its system
	 * bits. The new euid is new (setid_new): sanitized, REG already in.
	 */
	{ "root to setuid-non-root: P'e keeps no system capability",
	  { NCT_ROOT, .setid = true, .setid_new = true, .setuid_fixup = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_ALL, .pe = NCT_REG, .pi = NCT_ALL, .sanitized = true } },
	/*
	 * SPEC 4.2, an exec that leaves root (suid := euid): Pi is read as
	 * Pi & (REG | Pa). Root after setresuid(u, u, 0) (Pp kept, Pe without
	 * system bits) with net_raw ambient and chown only in Pi: inherit,
	 * unlabeled: P'a = net_raw, P'p = (REG | net_raw) | P'a.
	 */
	{ "leaving root at exec: Pi keeps only regular and ambient",
	  { .pp = NCT_ALL, .pe = NCT_REG, .bnd = NCT_ALL,
	    .pi = NCT_REG | NCT_NET_RAW | NCT_CHOWN, .pa = NCT_NET_RAW,
	    .held_root = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG | NCT_NET_RAW, .pe = NCT_REG | NCT_NET_RAW,
	    .pi = NCT_REG | NCT_NET_RAW, .pa = NCT_NET_RAW } },
	/*
	 * A setuid-root program that called seteuid(getuid()) (euid and
	 * uid u, suid 0) runs a helper, Pi as full as Pp: nothing but the
	 * regular region passes (mainline: Pi & Fi = 0 for the helper).
	 */
	{ "leaving root at exec: seteuid(getuid()) helper gets nothing",
	  { .pp = NCT_ALL, .pe = NCT_REG, .pi = NCT_ALL, .bnd = NCT_ALL,
	    .held_root = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG } },
	/*
	 * The same process runs a setuid-root file: the euid becomes 0
	 * again (its saved uid: setid, not new), no root id is left: the
	 * root rule, Fp = SYS, Fi = ALL; P'a = 0 (setid); P'i = Pi & P'p.
	 */
	{ "held root, setuid-root exec honoured: root rule, not leaving",
	  { .pp = NCT_ALL, .pe = NCT_REG, .pi = NCT_REG | NCT_NET_RAW,
	    .pa = NCT_NET_RAW, .bnd = NCT_ALL, .held_root = true,
	    .euid_root = true, .root = true, .setuid_root = true,
	    .setid = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_REG | NCT_NET_RAW } },
	/*
	 * ... but without cap_reg_sxid the setuid bit is ignored (no-gain
	 * rule), the euid stays u: the exec leaves root after all, the root
	 * rule does not apply (the file counts as unlabeled: inherit).
	 */
	{ "held root, setuid-root ignored (no cap_reg_sxid): leaves root",
	  { .pp = NCT_ALL & ~NCT_R_SXID, .pe = NCT_REG & ~NCT_R_SXID,
	    .pi = NCT_ALL & ~NCT_R_SXID, .bnd = NCT_ALL, .held_root = true,
	    .euid_root = true, .root = true, .setuid_root = true,
	    .setid = true, .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG & ~NCT_R_SXID, .pe = NCT_REG & ~NCT_R_SXID,
	    .pi = NCT_REG & ~NCT_R_SXID, .no_gain = true } },
	/*
	 * uid u with euid 0 runs a setuid-non-root file (setuid fixup):
	 * the exec leaves root; Pi (chown) is not ambient: nothing passes.
	 */
	{ "euid 0 to setuid-non-root, real uid not root: leaves root",
	  { .pp = NCT_ALL, .pe = NCT_ALL, .pi = NCT_REG | NCT_CHOWN,
	    .bnd = NCT_ALL, .held_root = true, .euid_was_root = true,
	    .setuid_fixup = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = NCT_REG, .pe = NCT_REG, .pi = NCT_REG, .sanitized = true } },
};

#endif /* NEWCAPS_POLICY_CASES_H */
