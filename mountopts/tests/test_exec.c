// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of nc_exec_transition() (SPEC 4.1). TAP output.
 *
 * Part 1: hand-written cases; every expected value is worked out from the
 * SPEC text in the comment beside it, never by calling the code under test.
 * Part 2: properties over every combination of process sets, bounding set,
 * file masks, flags and policies drawn from small universes of bits: all of
 * them over {0, 48, 51} (cap_chown, cap_reg_fork, cap_reg_sxid); and the
 * process sets and bnd over {0, 1, 48, 51} with file masks over {1}. The
 * bounding set holds, beyond its bits in the universe, either only SAN_PROBE
 * or every bit outside the universe.
 * Part 3: the same properties over random full 64-bit masks.
 * Parts 2 and 3 also compare with a per-bit reference model written from
 * the SPEC independently of the implementation.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "newcaps_policy.h"
#include "tap.h"

/* The SPEC's sets, written out here rather than taken from the header. */
#define SYS	0x000001ffffffffffULL		/* bits 0..40 */
#define REG	0xffff000000000000ULL		/* bits 48..63 */
#define ALL	(SYS | REG)
#define B(n)	(1ULL << (n))

#define CHOWN		B(0)
#define KILL		B(5)
#define NET_BIND	B(10)
#define NET_RAW		B(13)
#define SYS_ADMIN	B(21)
#define SYS_NICE	B(23)
#define R_FORK		B(48)
#define R_OPEN		B(49)
#define R_SXID		B(51)
#define R_WRITE		B(52)

/*
 * Detector for the sanitize rule in parts 2 and 3. Sanitize adds REG ∩ bnd
 * only, so the probe is put in bnd and kept out of Pi. Then nothing else
 * can put it in P'p or P'e: Pi ∩ Fi and Pi ∩ Pe ∩ Fi lack it (not in Pi),
 * Fp has system bits only (SPEC 4.1.1: the xattr's Fp is its system bits,
 * the setuid-root Fp is the system set) and P'a is system bits only (4.2:
 * regular capabilities are never ambient). So bit 63 of P'p and of P'e is
 * set iff sanitize ran. Part 2 always sets it so; part 3 mostly does, and
 * checks the probe only on inputs where it holds.
 */
#define SAN_PROBE	B(63)

static const char * const policy_str[] = { "inherit", "strict", "audit" };

static void dump_in(const struct nc_exec_in *in)
{
	tap_diag("  in: pp=%016llx pe=%016llx pi=%016llx pa=%016llx bnd=%016llx",
		 in->pp, in->pe, in->pi, in->pa, in->bnd);
	tap_diag("      xattr=%d fp=%016llx fi=%016llx fe=%d policy=%s",
		 in->has_xattr, in->fp, in->fi, in->fe,
		 policy_str[in->policy]);
	tap_diag("      setuid_root=%d setid=%d setid_new=%d no_gain=%d no_sxid_sanitize=%d",
		 in->setuid_root, in->setid, in->setid_new, in->no_gain,
		 in->no_sxid_sanitize);
}

static void dump_out(const char *what, const struct nc_exec_out *o)
{
	tap_diag("  %s: pp=%016llx pe=%016llx pi=%016llx pa=%016llx lost=%016llx gained=%d sanitized=%d no_gain=%d",
		 what, o->pp, o->pe, o->pi, o->pa, o->strict_lost, o->gained,
		 o->sanitized, o->no_gain);
}

/* ---------------------------------------------------------------- */
/* Part 1: hand-written cases                                        */
/* ---------------------------------------------------------------- */

struct hcase {
	const char *name;
	struct nc_exec_in in;
	struct nc_exec_out want;
};

/* init's sets (SPEC 4.2): Pp = Pe = Pi = bnd = ALL, no ambient. */
#define ROOT	.pp = ALL, .pe = ALL, .pi = ALL, .pa = 0, .bnd = ALL
/* An ordinary user: all regular capabilities, nothing else. */
#define USER	.pp = REG, .pe = REG, .pi = REG, .pa = 0, .bnd = ALL

static const struct hcase hcases[] = {
	/*
	 * Unless a comment says otherwise, a case below has no setid exec and
	 * Fp = ∅ (unlabeled file, not setuid-root): not gained, no sanitize.
	 */
	/* inherit: Fi = ALL, Fe = ALL, Fp = 0; P'p = Pi = ALL. */
	{ "root, unlabeled file, inherit: keeps everything",
	  { ROOT, .policy = NC_POLICY_INHERIT },
	  { .pp = ALL, .pe = ALL, .pi = ALL } },
	/* strict: Fi = REG: P'p = ALL & REG, P'e = ALL & ALL & REG. */
	{ "root, unlabeled file, strict: keeps only regular",
	  { ROOT, .policy = NC_POLICY_STRICT },
	  { .pp = REG, .pe = REG, .pi = REG,
	    .strict_lost = SYS } },
	/* audit = inherit sets; strict would lose SYS from pp and pe. */
	{ "root, unlabeled file, audit: inherit sets, strict_lost = SYS",
	  { ROOT, .policy = NC_POLICY_AUDIT },
	  { .pp = ALL, .pe = ALL, .pi = ALL, .strict_lost = SYS } },
	/* user: Pi = REG; both policies keep Fi ⊇ REG. */
	{ "user, unlabeled file, inherit: regular kept",
	  { USER, .policy = NC_POLICY_INHERIT },
	  { .pp = REG, .pe = REG, .pi = REG } },
	{ "user, unlabeled file, strict: regular kept",
	  { USER, .policy = NC_POLICY_STRICT },
	  { .pp = REG, .pe = REG, .pi = REG } },
	{ "user, unlabeled file, audit: nothing lost",
	  { USER, .policy = NC_POLICY_AUDIT },
	  { .pp = REG, .pe = REG, .pi = REG } },
	/* A dropped regular capability stays dropped (no setid, no gain). */
	{ "user without cap_reg_write, unlabeled, inherit: stays dropped",
	  { .pp = REG & ~R_WRITE, .pe = REG & ~R_WRITE, .pi = REG & ~R_WRITE,
	    .bnd = ALL, .policy = NC_POLICY_INHERIT },
	  { .pp = REG & ~R_WRITE, .pe = REG & ~R_WRITE,
	    .pi = REG & ~R_WRITE } },
	/*
	 * Pp = {chown, kill, net_raw} + REG, Pi = {chown, net_raw} + REG,
	 * Pe = {net_raw} + REG, Pa = {net_raw}.
	 * inherit: P'a = net_raw; P'p = Pi | P'a = {chown, net_raw} + REG;
	 *          P'e = (Pi & Pe) | P'a = {net_raw} + REG.
	 * strict:  P'p = (Pi & REG) | P'a = {net_raw} + REG; P'e the same.
	 * lost = (pp_i \ pp_s) | (pe_i \ pe_s) = {chown}.
	 */
	{ "audit: strict_lost names exactly chown (net_raw kept by ambient)",
	  { .pp = CHOWN | KILL | NET_RAW | REG, .pe = NET_RAW | REG,
	    .pi = CHOWN | NET_RAW | REG, .pa = NET_RAW, .bnd = ALL,
	    .policy = NC_POLICY_AUDIT },
	  { .pp = CHOWN | NET_RAW | REG, .pe = NET_RAW | REG,
	    .pi = CHOWN | NET_RAW | REG, .pa = NET_RAW,
	    .strict_lost = CHOWN } },
	/* Same input under strict. */
	{ "strict: same process keeps net_raw via ambient only",
	  { .pp = CHOWN | KILL | NET_RAW | REG, .pe = NET_RAW | REG,
	    .pi = CHOWN | NET_RAW | REG, .pa = NET_RAW, .bnd = ALL,
	    .policy = NC_POLICY_STRICT },
	  { .pp = NET_RAW | REG, .pe = NET_RAW | REG, .pi = NET_RAW | REG,
	    .pa = NET_RAW,
	    .strict_lost = CHOWN } },
	/*
	 * Pi = chown + REG, Pe = REG (chown not effective): strict loses
	 * chown from pp only; pe is REG in both.
	 */
	{ "audit: strict_lost counts a bit lost from pp only",
	  { .pp = CHOWN | REG, .pe = REG, .pi = CHOWN | REG, .bnd = ALL,
	    .policy = NC_POLICY_AUDIT },
	  { .pp = CHOWN | REG, .pe = REG, .pi = CHOWN | REG,
	    .strict_lost = CHOWN } },
	/*
	 * Labeled file, fp = net_bind, fi = sys_nice, fe: Fp = net_bind,
	 * Fi = sys_nice + REG, Fe = ALL. User: P'p = (REG & Fi) | net_bind;
	 * P'e the same. Fp & bnd = net_bind is not in Pp = REG: gained, so
	 * sanitized (REG & bnd = REG, already there: no visible change).
	 */
	{ "user, labeled fp=net_bind_service fi=sys_nice +e",
	  { USER, .has_xattr = true, .fp = NET_BIND, .fi = SYS_NICE,
	    .fe = true, .policy = NC_POLICY_STRICT },
	  { .pp = REG | NET_BIND, .pe = REG | NET_BIND, .pi = REG | NET_BIND,
	    .gained = true, .sanitized = true } },
	/* Without the effective flag: P'e = Pi & Pe & Fi = REG. Gained. */
	{ "user, labeled fp=net_bind_service, no effective flag",
	  { USER, .has_xattr = true, .fp = NET_BIND, .fe = false,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = REG | NET_BIND, .pe = REG, .pi = REG | NET_BIND,
	    .gained = true, .sanitized = true } },
	/*
	 * The process has sys_nice in Pi and Pe: Fi = sys_nice passes it on.
	 * Pa = sys_nice is cleared: the file has masks.
	 */
	{ "labeled fi=sys_nice: inherited, ambient cleared by the xattr",
	  { .pp = REG | SYS_NICE, .pe = REG | SYS_NICE, .pi = REG | SYS_NICE,
	    .pa = SYS_NICE, .bnd = ALL, .has_xattr = true, .fi = SYS_NICE,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = REG | SYS_NICE, .pe = REG | SYS_NICE,
	    .pi = REG | SYS_NICE } },
	/* Same with fi = 0: sys_nice is lost even from ambient. */
	{ "labeled fi=0: inheritable and ambient sys_nice both dropped",
	  { .pp = REG | SYS_NICE, .pe = REG | SYS_NICE, .pi = REG | SYS_NICE,
	    .pa = SYS_NICE, .bnd = ALL, .has_xattr = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = REG, .pe = REG, .pi = REG } },
	/*
	 * The regular bits of the xattr masks and bits 41..47 are ignored:
	 * Fp = fp & SYS = net_bind; Fi = (fi & SYS) | REG = REG.
	 * net_bind is not in Pp: gained -> sanitize reinstates REG & bnd =
	 * REG, so the dropped cap_reg_fork comes back.
	 */
	{ "labeled: regular/undefined xattr bits ignored, sanitize on gain",
	  { .pp = REG & ~R_FORK, .pe = REG & ~R_FORK, .pi = REG & ~R_FORK,
	    .bnd = ALL, .has_xattr = true, .fp = NET_BIND | B(45) | R_OPEN,
	    .fi = B(44) | R_WRITE, .fe = true, .policy = NC_POLICY_INHERIT },
	  { .pp = REG | NET_BIND, .pe = REG | NET_BIND, .pi = REG | NET_BIND,
	    .gained = true, .sanitized = true } },
	/* SECURE_NO_SXID_SANITIZE: gained, not sanitized; fork stays dropped. */
	{ "labeled, gain, no_sxid_sanitize: dropped cap_reg_fork stays dropped",
	  { .pp = REG & ~R_FORK, .pe = REG & ~R_FORK, .pi = REG & ~R_FORK,
	    .bnd = ALL, .has_xattr = true, .fp = NET_BIND, .fe = true,
	    .no_sxid_sanitize = true, .policy = NC_POLICY_INHERIT },
	  { .pp = (REG & ~R_FORK) | NET_BIND, .pe = (REG & ~R_FORK) | NET_BIND,
	    .pi = (REG & ~R_FORK) | NET_BIND, .gained = true } },
	/* Fp & bnd = 0: no gain, no sanitize. */
	{ "labeled fp outside bnd: not gained, no sanitize",
	  { .pp = REG & ~R_FORK, .pe = REG & ~R_FORK, .pi = REG & ~R_FORK,
	    .bnd = ALL & ~NET_BIND, .has_xattr = true, .fp = NET_BIND,
	    .fe = true, .policy = NC_POLICY_INHERIT },
	  { .pp = REG & ~R_FORK, .pe = REG & ~R_FORK, .pi = REG & ~R_FORK } },
	/* A labeled file ignores the policy: audit records nothing. */
	{ "labeled file under audit: strict_lost = 0",
	  { ROOT, .has_xattr = true, .fi = CHOWN, .policy = NC_POLICY_AUDIT },
	  { .pp = CHOWN | REG, .pe = CHOWN | REG, .pi = CHOWN | REG } },
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
	  { .pp = SYS | (REG & ~R_WRITE), .pe = SYS | (REG & ~R_WRITE),
	    .pi = SYS | (REG & ~R_WRITE), .bnd = ALL, .has_xattr = true,
	    .fp = NET_RAW, .fe = true, .policy = NC_POLICY_INHERIT },
	  { .pp = (REG & ~R_WRITE) | NET_RAW, .pe = (REG & ~R_WRITE) | NET_RAW,
	    .pi = (REG & ~R_WRITE) | NET_RAW } },
	/*
	 * (g) Fp = net_raw | chown, Pp holds chown (and cap_reg_write is
	 * dropped). Fp & bnd & ~Pp = net_raw: gained, sanitized.
	 * P'p = (Pi & REG) | net_raw | chown | (REG & bnd)
	 *     = REG | net_raw | chown; P'e the same (Fe = ALL).
	 */
	{ "Fp partly new (net_raw new, chown held): gained, sanitized",
	  { .pp = CHOWN | (REG & ~R_WRITE), .pe = CHOWN | (REG & ~R_WRITE),
	    .pi = CHOWN | (REG & ~R_WRITE), .bnd = ALL, .has_xattr = true,
	    .fp = NET_RAW | CHOWN, .fe = true, .policy = NC_POLICY_STRICT },
	  { .pp = REG | NET_RAW | CHOWN, .pe = REG | NET_RAW | CHOWN,
	    .pi = REG | NET_RAW | CHOWN, .gained = true, .sanitized = true } },
	/*
	 * Same, but net_raw is outside bnd: Fp & bnd = chown is in Pp, so
	 * nothing is gained. P'p = (REG \ write) | chown, no sanitize.
	 */
	{ "Fp partly new but the new part outside bnd: not gained",
	  { .pp = CHOWN | (REG & ~R_WRITE), .pe = CHOWN | (REG & ~R_WRITE),
	    .pi = CHOWN | (REG & ~R_WRITE), .bnd = ALL & ~NET_RAW,
	    .has_xattr = true, .fp = NET_RAW | CHOWN, .fe = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = CHOWN | (REG & ~R_WRITE), .pe = CHOWN | (REG & ~R_WRITE),
	    .pi = CHOWN | (REG & ~R_WRITE) } },
	/*
	 * The gain is measured against Pp, not Pi: chown is permitted but
	 * not inheritable, Fp = chown. Not gained; P'p = (Pi & REG) | chown
	 * = (REG \ write) | chown; P'e = (Pi & Pe & REG) | chown the same.
	 */
	{ "Fp held in Pp but not in Pi: not gained, no sanitize",
	  { .pp = CHOWN | (REG & ~R_WRITE), .pe = CHOWN | (REG & ~R_WRITE),
	    .pi = REG & ~R_WRITE, .bnd = ALL, .has_xattr = true,
	    .fp = CHOWN, .fe = true, .policy = NC_POLICY_INHERIT },
	  { .pp = CHOWN | (REG & ~R_WRITE), .pe = CHOWN | (REG & ~R_WRITE),
	    .pi = CHOWN | (REG & ~R_WRITE) } },
	/*
	 * (d) bnd lacks cap_reg_write (Pp lacks it and cap_reg_fork); a
	 * labeled fp=net_bind +e is a real gain. Sanitize reinstates
	 * REG & bnd = REG \ write: cap_reg_fork comes back, cap_reg_write
	 * does not. P'p = (REG \ {write, fork}) | net_bind | (REG \ write).
	 */
	{ "bnd lacks cap_reg_write, gain: sanitize reinstates REG minus it",
	  { .pp = REG & ~(R_WRITE | R_FORK), .pe = REG & ~(R_WRITE | R_FORK),
	    .pi = REG & ~(R_WRITE | R_FORK), .bnd = ALL & ~R_WRITE,
	    .has_xattr = true, .fp = NET_BIND, .fe = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = (REG & ~R_WRITE) | NET_BIND, .pe = (REG & ~R_WRITE) | NET_BIND,
	    .pi = (REG & ~R_WRITE) | NET_BIND, .gained = true,
	    .sanitized = true } },
	/*
	 * (d) Same bnd, a setgid exec to a new group (strict, no Fp):
	 * P'p = (Pi & REG) | (REG & bnd) = REG \ write.
	 */
	{ "bnd lacks cap_reg_write, setgid to new group: REG minus it",
	  { .pp = REG & ~(R_WRITE | R_OPEN), .pe = REG & ~(R_WRITE | R_OPEN),
	    .pi = REG & ~(R_WRITE | R_OPEN), .bnd = ALL & ~R_WRITE,
	    .setid = true, .setid_new = true, .policy = NC_POLICY_STRICT },
	  { .pp = REG & ~R_WRITE, .pe = REG & ~R_WRITE, .pi = REG & ~R_WRITE,
	    .sanitized = true } },
	/*
	 * setuid-root, no xattr: Fp = SYS, Fi = Fe = ALL. P'a = 0 (setid);
	 * euid 0 is new to the user (setid_new).
	 * P'p = (REG & ALL) | (SYS & bnd) = ALL; SYS is not in Pp: gained,
	 * sanitized (REG already there).
	 */
	{ "user, setuid-root unlabeled, strict: full set",
	  { USER, .setuid_root = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = ALL, .pe = ALL, .pi = ALL, .gained = true,
	    .sanitized = true } },
	/*
	 * (f) User with cap_reg_write dropped from Pp (bnd = ALL) runs a
	 * setuid-root file (setid_new): gained and sanitized, so
	 * P'p = (REG \ write) | SYS | (REG & bnd) = ALL.
	 */
	{ "user exec of setuid-root (setid_new): sanitized, cap_reg_write back",
	  { .pp = REG & ~R_WRITE, .pe = REG & ~R_WRITE, .pi = REG & ~R_WRITE,
	    .bnd = ALL, .setuid_root = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = ALL, .pe = ALL, .pi = ALL, .gained = true,
	    .sanitized = true } },
	/* (f) Same with cap_reg_write also out of bnd: REG & bnd lacks it. */
	{ "user exec of setuid-root, cap_reg_write out of bnd: stays dropped",
	  { .pp = REG & ~R_WRITE, .pe = REG & ~R_WRITE, .pi = REG & ~R_WRITE,
	    .bnd = ALL & ~R_WRITE, .setuid_root = true, .setid = true,
	    .setid_new = true, .policy = NC_POLICY_STRICT },
	  { .pp = ALL & ~R_WRITE, .pe = ALL & ~R_WRITE, .pi = ALL & ~R_WRITE,
	    .gained = true, .sanitized = true } },
	/*
	 * A non-root process that already holds every system capability
	 * (Pp = ALL \ write) runs a setuid-root file: euid 0 is new
	 * (setid_new) though Fp = SYS adds nothing to Pp. Not gained, but
	 * sanitized by setid_new: P'p = (ALL \ write) | SYS | REG = ALL.
	 */
	{ "setuid-root to new euid 0, Fp already held: sanitized by setid_new",
	  { .pp = ALL & ~R_WRITE, .pe = ALL & ~R_WRITE, .pi = ALL & ~R_WRITE,
	    .bnd = ALL, .setuid_root = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = ALL, .pe = ALL, .pi = ALL, .sanitized = true } },
	/* Bounding set limits Fp: sys_admin not granted. */
	{ "setuid-root with sys_admin outside bnd",
	  { .pp = REG, .pe = REG, .pi = REG, .bnd = ALL & ~SYS_ADMIN,
	    .setuid_root = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = ALL & ~SYS_ADMIN, .pe = ALL & ~SYS_ADMIN,
	    .pi = ALL & ~SYS_ADMIN, .gained = true, .sanitized = true } },
	/* setuid-root under audit: not the unlabeled case, nothing lost. */
	{ "setuid-root under audit: strict_lost = 0",
	  { USER, .setuid_root = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_AUDIT },
	  { .pp = ALL, .pe = ALL, .pi = ALL, .gained = true,
	    .sanitized = true } },
	/*
	 * no_gain (nosuid/nnp): setuid bits ignored (setid_new too), strict
	 * policy applies: Fi = REG; the dropped cap_reg_write is not
	 * reinstated.
	 */
	{ "setuid-root with no_gain: ignored, strict applies, no sanitize",
	  { .pp = REG & ~R_WRITE, .pe = REG & ~R_WRITE, .pi = REG & ~R_WRITE,
	    .bnd = ALL, .setuid_root = true, .setid = true, .setid_new = true,
	    .no_gain = true, .policy = NC_POLICY_STRICT },
	  { .pp = REG & ~R_WRITE, .pe = REG & ~R_WRITE,
	    .pi = REG & ~R_WRITE, .no_gain = true } },
	/*
	 * Pe lacks cap_reg_sxid (still in Pp and Pi): no gain. Inherit:
	 * P'p = Pi = REG; P'e = Pi & Pe = REG \ sxid; no sanitize.
	 */
	{ "setuid-root, Pe lacks cap_reg_sxid: no gain, no sanitize",
	  { .pp = REG, .pe = REG & ~R_SXID, .pi = REG, .bnd = ALL,
	    .setuid_root = true, .setid = true, .setid_new = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = REG, .pe = REG & ~R_SXID, .pi = REG, .no_gain = true } },
	/* no_gain makes it the unlabeled case again: audit records. */
	{ "setuid-root with no_gain under audit: strict_lost = chown",
	  { .pp = REG | CHOWN, .pe = REG | CHOWN, .pi = REG | CHOWN,
	    .bnd = ALL, .setuid_root = true, .setid = true, .setid_new = true,
	    .no_gain = true, .policy = NC_POLICY_AUDIT },
	  { .pp = REG | CHOWN, .pe = REG | CHOWN, .pi = REG | CHOWN,
	    .strict_lost = CHOWN, .no_gain = true } },
	/* no_gain also cancels Fp of a labeled file. */
	{ "labeled fp with no_gain: Fp ignored, ambient still cleared",
	  { .pp = REG | NET_RAW, .pe = REG | NET_RAW, .pi = REG | NET_RAW,
	    .pa = NET_RAW, .bnd = ALL, .has_xattr = true, .fp = NET_BIND,
	    .fe = true, .no_gain = true, .policy = NC_POLICY_INHERIT },
	  { .pp = REG, .pe = REG, .pi = REG, .no_gain = true } },
	/* Ambient survives an ordinary exec under strict. */
	{ "ambient net_bind_service kept across strict unlabeled exec",
	  { .pp = REG | NET_BIND, .pe = REG | NET_BIND, .pi = REG | NET_BIND,
	    .pa = NET_BIND, .bnd = ALL, .policy = NC_POLICY_STRICT },
	  { .pp = REG | NET_BIND, .pe = REG | NET_BIND, .pi = REG | NET_BIND,
	    .pa = NET_BIND } },
	/* Regular bits are never ambient. */
	{ "regular bits in Pa are not ambient",
	  { .pp = REG | NET_BIND, .pe = REG | NET_BIND, .pi = REG | NET_BIND,
	    .pa = NET_BIND | R_FORK, .bnd = ALL,
	    .policy = NC_POLICY_STRICT },
	  { .pp = REG | NET_BIND, .pe = REG | NET_BIND, .pi = REG | NET_BIND,
	    .pa = NET_BIND } },
	/*
	 * (b) setgid exec to a group the process already holds (setid, not
	 * setid_new): ambient cleared since setid; strict: P'p = Pi & REG =
	 * REG \ open. No Fp, no new id: no sanitize, cap_reg_open stays
	 * dropped.
	 */
	{ "setgid to a group already held: ambient cleared, no sanitize",
	  { .pp = (REG & ~R_OPEN) | NET_BIND, .pe = (REG & ~R_OPEN) | NET_BIND,
	    .pi = (REG & ~R_OPEN) | NET_BIND, .pa = NET_BIND, .bnd = ALL,
	    .setid = true, .policy = NC_POLICY_STRICT },
	  { .pp = REG & ~R_OPEN, .pe = REG & ~R_OPEN, .pi = REG & ~R_OPEN,
	    .strict_lost = NET_BIND } },
	/*
	 * (c) Same exec, but to a new group (setid_new): sanitize reinstates
	 * REG & bnd = REG, cap_reg_open included.
	 */
	{ "setgid to a new group: ambient cleared, sanitize reinstates cap_reg_open",
	  { .pp = (REG & ~R_OPEN) | NET_BIND, .pe = (REG & ~R_OPEN) | NET_BIND,
	    .pi = (REG & ~R_OPEN) | NET_BIND, .pa = NET_BIND, .bnd = ALL,
	    .setid = true, .setid_new = true, .policy = NC_POLICY_STRICT },
	  { .pp = REG, .pe = REG, .pi = REG, .sanitized = true,
	    .strict_lost = NET_BIND } },
	/*
	 * (c) setuid to a new non-root uid, inherit: P'a = 0 (setid);
	 * P'p = Pi & ALL = (REG \ write) | chown, plus REG & bnd = REG;
	 * P'e = (Pi & Pe) | REG = REG | chown.
	 */
	{ "setuid to a new non-root uid: ambient cleared, sanitized",
	  { .pp = (REG & ~R_WRITE) | CHOWN, .pe = (REG & ~R_WRITE) | CHOWN,
	    .pi = (REG & ~R_WRITE) | CHOWN, .pa = CHOWN, .bnd = ALL,
	    .setid = true, .setid_new = true, .policy = NC_POLICY_INHERIT },
	  { .pp = REG | CHOWN, .pe = REG | CHOWN, .pi = REG | CHOWN,
	    .sanitized = true } },
	/* setgid to a new group with SECURE_NO_SXID_SANITIZE. */
	{ "setgid to a new group, no_sxid_sanitize: cap_reg_open stays dropped",
	  { .pp = (REG & ~R_OPEN) | NET_BIND, .pe = (REG & ~R_OPEN) | NET_BIND,
	    .pi = (REG & ~R_OPEN) | NET_BIND, .pa = NET_BIND, .bnd = ALL,
	    .setid = true, .setid_new = true, .no_sxid_sanitize = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = REG & ~R_OPEN, .pe = REG & ~R_OPEN, .pi = REG & ~R_OPEN,
	    .strict_lost = NET_BIND } },
	/* setgid under no_gain: the bit is ignored, ambient kept. */
	{ "setgid exec with no_gain: ignored, ambient kept, no sanitize",
	  { .pp = (REG & ~R_OPEN) | NET_BIND, .pe = (REG & ~R_OPEN) | NET_BIND,
	    .pi = (REG & ~R_OPEN) | NET_BIND, .pa = NET_BIND, .bnd = ALL,
	    .setid = true, .setid_new = true, .no_gain = true,
	    .policy = NC_POLICY_INHERIT },
	  { .pp = (REG & ~R_OPEN) | NET_BIND, .pe = (REG & ~R_OPEN) | NET_BIND,
	    .pi = (REG & ~R_OPEN) | NET_BIND, .pa = NET_BIND, .no_gain = true } },
	/*
	 * A process already euid 0 but holding only kill among the system
	 * capabilities runs a setuid-root file (not setid): ambient kept (not
	 * setid, no xattr). Fp & bnd = SYS is not in Pp: gained, sanitized
	 * (REG & bnd = REG \ fork; fork is kept anyway by Pi & Fi).
	 * P'p = (REG | kill) | SYS | kill = ALL.
	 */
	{ "setuid_root without setid: ambient kept, gained, sanitized",
	  { .pp = REG | KILL, .pe = REG | KILL, .pi = REG | KILL, .pa = KILL,
	    .bnd = ALL & ~R_FORK, .setuid_root = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = ALL, .pe = ALL, .pi = ALL, .pa = KILL, .gained = true,
	    .sanitized = true } },
	/*
	 * (e) Root (Pp = ALL) runs a setuid-root file, no setid (already
	 * euid 0): Fp & bnd = SYS is already in Pp: not gained, not
	 * sanitized. P'p = (ALL & ALL) | SYS = ALL.
	 */
	{ "root exec of setuid-root without setid: not gained, not sanitized",
	  { ROOT, .setuid_root = true, .policy = NC_POLICY_STRICT },
	  { .pp = ALL, .pe = ALL, .pi = ALL } },
	/*
	 * (e) Root with cap_reg_write dropped from Pp, Pe, Pi (bnd = ALL)
	 * runs a setuid-root file: not gained (SYS already in Pp), no new
	 * id, so no sanitize: P'p = (ALL \ write) | SYS = ALL \ write.
	 */
	{ "root without cap_reg_write, setuid-root: not gained, stays dropped",
	  { .pp = ALL & ~R_WRITE, .pe = ALL & ~R_WRITE, .pi = ALL & ~R_WRITE,
	    .bnd = ALL, .setuid_root = true, .policy = NC_POLICY_STRICT },
	  { .pp = ALL & ~R_WRITE, .pe = ALL & ~R_WRITE,
	    .pi = ALL & ~R_WRITE } },
	/*
	 * Same with SECURE_NO_SXID_SANITIZE: Fp holds no regular bit, so
	 * P'p = (Pi & Fi) | (SYS & bnd) keeps cap_reg_write dropped; and
	 * Fp adds nothing to Pp: not gained.
	 */
	{ "setuid-root, no_sxid_sanitize: dropped cap_reg_write stays dropped",
	  { .pp = ALL & ~R_WRITE, .pe = ALL & ~R_WRITE, .pi = ALL & ~R_WRITE,
	    .bnd = ALL, .setuid_root = true, .no_sxid_sanitize = true,
	    .policy = NC_POLICY_STRICT },
	  { .pp = ALL & ~R_WRITE, .pe = ALL & ~R_WRITE,
	    .pi = ALL & ~R_WRITE } },
	/* Pe lacks sxid, inherit on unlabeled: Pe restricted by Pi & Pe. */
	{ "inherit: P'e = Pi ∩ Pe (chown permitted but not effective)",
	  { .pp = REG | CHOWN | KILL, .pe = REG | KILL, .pi = REG | CHOWN | KILL,
	    .bnd = ALL, .policy = NC_POLICY_INHERIT },
	  { .pp = REG | CHOWN | KILL, .pe = REG | KILL,
	    .pi = REG | CHOWN | KILL } },
	/* System caps in Pp but not Pi are lost even under inherit. */
	{ "inherit: Pp bits outside Pi are not kept",
	  { .pp = REG | CHOWN | KILL, .pe = REG | CHOWN | KILL, .pi = REG,
	    .bnd = ALL, .policy = NC_POLICY_AUDIT },
	  { .pp = REG, .pe = REG, .pi = REG } },
};

static bool out_eq(const struct nc_exec_out *a, const struct nc_exec_out *b)
{
	return a->pp == b->pp && a->pe == b->pe && a->pi == b->pi &&
	       a->pa == b->pa && a->strict_lost == b->strict_lost &&
	       a->gained == b->gained && a->sanitized == b->sanitized &&
	       a->no_gain == b->no_gain;
}

static void run_hand_cases(void)
{
	size_t i;

	tap_ok(NC_SYSTEM_MASK == SYS && NC_REGULAR_MASK == REG &&
	       NC_ALL_MASK == ALL && NC_CAP_REG_SXID == 51 &&
	       NC_CAP_REG_FORK == 48 && NC_CAP_REG_PTRACE == 53,
	       "header masks match SPEC section 2");

	for (i = 0; i < sizeof(hcases) / sizeof(hcases[0]); i++) {
		const struct hcase *c = &hcases[i];
		struct nc_exec_in in = c->in;
		struct nc_exec_out got;

		memset(&got, 0xa5, sizeof(got));
		nc_exec_transition(&in, &got);
		if (!tap_ok(out_eq(&got, &c->want), "%s", c->name)) {
			dump_in(&in);
			dump_out("want", &c->want);
			dump_out("got ", &got);
		}
	}
}

/* ---------------------------------------------------------------- */
/* Reference model, one bit at a time, from SPEC 4.1                 */
/* ---------------------------------------------------------------- */

static bool bit(u64 m, unsigned int b)
{
	return (m >> b) & 1;
}

/* The file masks of one bit, after the no-gain rule. */
struct ref_file {
	bool no_gain, setuid_root, setid, setid_new;
};

static void ref_file_bit(const struct nc_exec_in *in, const struct ref_file *f,
			 enum nc_policy pol, unsigned int b,
			 bool *fp, bool *fi, bool *fe)
{
	bool sys = b <= 40, reg = b >= 48;

	if (in->has_xattr) {
		*fp = sys && bit(in->fp, b);
		*fi = (sys && bit(in->fi, b)) || reg;
		*fe = in->fe && (sys || reg);
	} else if (f->setuid_root) {
		*fp = sys;
		*fi = *fe = sys || reg;
	} else if (pol == NC_POLICY_STRICT) {
		*fp = false;
		*fi = reg;
		*fe = false;
	} else {
		*fp = false;
		*fi = *fe = sys || reg;
	}
	if (f->no_gain)
		*fp = false;
}

/*
 * The bits the reference model computes: all 64 for random inputs. For an
 * exhaustive space, whose inputs have bits only in its universe and
 * SAN_PROBE, except bnd which may also hold every other bit, every other
 * bit of a region behaves alike: the universe and SAN_PROBE are computed
 * with bit 30 standing for the other system bits, 45 for the hole 41..47
 * and 60 for the other regular bits, and ref_expand() copies those to
 * their regions.
 */
struct ref_bits {
	unsigned int bit[64];
	unsigned int n;
	u64 known;		/* the universe; 0 for all 64 bits */
};

static struct ref_bits ref_all;

static void ref_bits_init(struct ref_bits *rb, const unsigned int *u,
			  unsigned int n)
{
	unsigned int k;

	memset(rb, 0, sizeof(*rb));
	if (!u) {
		for (k = 0; k < 64; k++)
			rb->bit[k] = k;
		rb->n = 64;
		return;
	}
	for (k = 0; k < n; k++) {
		rb->bit[rb->n++] = u[k];
		rb->known |= B(u[k]);
	}
	rb->bit[rb->n++] = 63;
	rb->known |= SAN_PROBE;
	rb->bit[rb->n++] = 30;
	rb->bit[rb->n++] = 45;
	rb->bit[rb->n++] = 60;
}

static u64 ref_expand(const struct ref_bits *rb, u64 m)
{
	if (!rb->known)
		return m;
	if (bit(m, 30))
		m |= SYS & ~rb->known;
	if (bit(m, 45))
		m |= ~ALL;
	if (bit(m, 60))
		m |= REG & ~rb->known;
	return m;
}

static void ref_sets(const struct nc_exec_in *in, const struct ref_file *f,
		     enum nc_policy pol, const struct ref_bits *rb,
		     struct nc_exec_out *o)
{
	bool fp[64], fi[64], fe[64], sanitize;
	unsigned int k, b;

	memset(o, 0, sizeof(*o));
	for (k = 0; k < rb->n; k++) {
		b = rb->bit[k];
		ref_file_bit(in, f, pol, b, &fp[k], &fi[k], &fe[k]);
		/* SPEC 4.1.4: Fp ∩ bnd adds a capability not already in Pp */
		if (fp[k] && bit(in->bnd, b) && !bit(in->pp, b))
			o->gained = true;
	}
	o->no_gain = f->no_gain;
	/* A real raise of privilege: a new euid/egid, or a gain. */
	sanitize = (f->setid_new || o->gained) && !in->no_sxid_sanitize;
	o->sanitized = sanitize;
	for (k = 0; k < rb->n; k++) {
		bool pa, pp, pe;

		b = rb->bit[k];
		pa = !in->has_xattr && !f->setid && b <= 40 && bit(in->pa, b);
		pp = (bit(in->pi, b) && fi[k]) || (fp[k] && bit(in->bnd, b)) ||
		     pa;
		pe = (bit(in->pi, b) && bit(in->pe, b) && fi[k]) ||
		     (fp[k] && fe[k] && bit(in->bnd, b)) || pa;
		/* Sanitize reinstates REGULAR ∩ bnd only. */
		if (sanitize && b >= 48 && bit(in->bnd, b))
			pp = pe = true;
		o->pp |= (u64)pp << b;
		o->pe |= (u64)pe << b;
		o->pa |= (u64)pa << b;
	}
	o->pp = ref_expand(rb, o->pp);
	o->pe = ref_expand(rb, o->pe);
	o->pa = ref_expand(rb, o->pa);
	o->pi = o->pp;
}

/*
 * The reference result under each policy: inherit and strict from the
 * equations; audit has the inherit sets; audit and strict have, for an
 * unlabeled file that is not the setuid-root case, what strict removes
 * from P'p or P'e compared with inherit.
 */
static void ref_transition(const struct nc_exec_in *in,
			   const struct ref_bits *rb,
			   struct nc_exec_out o[NC_POLICY_COUNT])
{
	struct ref_file f;
	struct nc_exec_out *inh = &o[NC_POLICY_INHERIT];
	struct nc_exec_out *str = &o[NC_POLICY_STRICT];
	struct nc_exec_out *aud = &o[NC_POLICY_AUDIT];

	f.no_gain = in->no_gain || !bit(in->pe, 51);
	f.setuid_root = in->setuid_root && !f.no_gain;
	f.setid = in->setid && !f.no_gain;
	f.setid_new = in->setid_new && !f.no_gain;
	ref_sets(in, &f, NC_POLICY_INHERIT, rb, inh);
	ref_sets(in, &f, NC_POLICY_STRICT, rb, str);
	*aud = *inh;
	if (!in->has_xattr && !f.setuid_root) {
		aud->strict_lost = (inh->pp & ~str->pp) | (inh->pe & ~str->pe);
		str->strict_lost = aud->strict_lost;
	}
}

/* ---------------------------------------------------------------- */
/* Properties                                                        */
/* ---------------------------------------------------------------- */

enum {
	P_PE_IN_PP,
	P_PI_EQ_PP,
	P_PA,
	P_BOUND,
	P_STRICT_SUBSET,
	P_NOGAIN_FLAG,
	P_NOGAIN_SXID,
	P_SANITIZE_IFF,
	P_SANITIZE_PROBE,
	P_GAINED,
	P_NO_SILENT_REG,
	P_SANITIZE_BND,
	P_AUDIT_SETS,
	P_AUDIT_LOST,
	P_LABELED_POLICY,
	P_REFERENCE,
	P_COUNT
};

static const char * const prop_name[P_COUNT] = {
	[P_PE_IN_PP]	= "P'e ⊆ P'p",
	[P_PI_EQ_PP]	= "P'i == P'p",
	[P_PA]		= "P'a ⊆ Pa ∩ SYSTEM ∩ P'p, empty on xattr or setid",
	[P_BOUND]	= "P'p, P'e ⊆ (Pi∩Fi)∪(Fp∩bnd)∪P'a, plus REGULAR∩bnd iff sanitize",
	[P_STRICT_SUBSET] = "strict result ⊆ inherit result",
	[P_NOGAIN_FLAG]	= "no_gain flag: no system gain outside Pi∩Fi∪P'a, no sanitize",
	[P_NOGAIN_SXID]	= "Pe without cap_reg_sxid: no system gain, no sanitize",
	[P_SANITIZE_IFF] = "sanitized == (setid_new_eff || gained) && !no_sxid_sanitize",
	[P_SANITIZE_PROBE] = "SAN_PROBE (in bnd, not in Pi) in P'p and P'e iff sanitize",
	[P_GAINED]	= "gained == (Fp ∩ bnd ⊄ Pp) after the no-gain rule",
	[P_NO_SILENT_REG] = "not sanitized: P'p ∩ REGULAR ⊆ Pi, P'e ∩ REGULAR ⊆ Pi ∩ Pe",
	[P_SANITIZE_BND] = "no regular bit outside bnd is added (P'p ∖ Pi, P'e ∖ (Pi∩Pe))",
	[P_AUDIT_SETS]	= "audit returns the inherit sets",
	[P_AUDIT_LOST]	= "audit and strict: strict_lost == inherit minus strict (0 if labeled/setuid-root)",
	[P_LABELED_POLICY] = "labeled file: the policy makes no difference",
	[P_REFERENCE]	= "equal to the per-bit reference model",
};

struct props {
	unsigned long long cases;
	unsigned long fails[P_COUNT];
};

static void fail(struct props *st, int p, const struct nc_exec_in *in,
		 const struct nc_exec_out *o)
{
	if (st->fails[p]++ < 3) {
		tap_diag("property \"%s\" fails:", prop_name[p]);
		dump_in(in);
		dump_out("out", o);
	}
}

#define CHECK(p, cond, in, o)			\
	do {					\
		if (!(cond))			\
			fail(st, p, in, o);	\
	} while (0)

static bool subset(u64 a, u64 b)
{
	return !(a & ~b);
}

/*
 * Check every property for one input. Its policy field is ignored: the
 * input is run under all three policies, which are then compared. @rb: the
 * bits the reference model computes.
 */
static void check_input(struct props *st, const struct nc_exec_in *base,
			const struct ref_bits *rb)
{
	struct nc_exec_in in[NC_POLICY_COUNT];
	struct nc_exec_out o[NC_POLICY_COUNT], ref[NC_POLICY_COUNT];
	bool no_gain, setid, setid_new, suid, sanitize, gained, probe;
	u64 fp, fi, fe, lo, san;
	int p;

	no_gain = base->no_gain || !(base->pe & R_SXID);
	setid = base->setid && !no_gain;
	setid_new = base->setid_new && !no_gain;
	suid = base->setuid_root && !no_gain;
	/* See SAN_PROBE: only sanitize can set bit 63 of P'p or P'e. */
	probe = (base->bnd & SAN_PROBE) && !(base->pi & SAN_PROBE);

	for (p = 0; p < NC_POLICY_COUNT; p++) {
		in[p] = *base;
		in[p].policy = (enum nc_policy)p;
		memset(&o[p], 0x5a, sizeof(o[p]));
		nc_exec_transition(&in[p], &o[p]);
	}
	st->cases++;
	ref_transition(base, rb, ref);

	for (p = 0; p < NC_POLICY_COUNT; p++) {
		const struct nc_exec_out *r = &o[p];
		const struct nc_exec_in *i = &in[p];

		/* The file masks, from SPEC 4.1.1 and 4.1.2. */
		if (base->has_xattr) {
			fp = base->fp & SYS;
			fi = (base->fi & SYS) | REG;
			fe = base->fe ? ALL : 0;
		} else if (suid) {
			/* Fp without regular bits: see nc_get_file_masks() */
			fp = SYS;
			fi = fe = ALL;
		} else if (p == NC_POLICY_STRICT) {
			fp = 0;
			fi = REG;
			fe = 0;
		} else {
			fp = 0;
			fi = fe = ALL;
		}
		if (no_gain)
			fp = 0;
		/* SPEC 4.1.4: a real raise of privilege. */
		gained = (fp & base->bnd & ~base->pp) != 0;
		sanitize = (setid_new || gained) && !base->no_sxid_sanitize;
		san = sanitize ? REG & base->bnd : 0;

		CHECK(P_PE_IN_PP, subset(r->pe, r->pp), i, r);
		CHECK(P_PI_EQ_PP, r->pi == r->pp, i, r);
		CHECK(P_PA, subset(r->pa, base->pa & SYS & r->pp) &&
		      ((!base->has_xattr && !setid) || r->pa == 0) &&
		      (base->has_xattr || setid ||
		       r->pa == (base->pa & SYS)), i, r);

		lo = (base->pi & fi) | (fp & base->bnd) | r->pa;
		CHECK(P_BOUND, subset(r->pp, lo | san) && subset(san, r->pp) &&
		      subset(san, r->pe) && subset(r->pe, lo | san), i, r);

		if (base->no_gain)
			CHECK(P_NOGAIN_FLAG,
			      subset(r->pp & SYS, (base->pi & fi) | r->pa) &&
			      subset(r->pp & REG, base->pi) &&
			      subset(r->pe & REG, base->pi & base->pe) &&
			      !r->gained && !r->sanitized, i, r);
		else if (!(base->pe & R_SXID))
			CHECK(P_NOGAIN_SXID,
			      subset(r->pp & SYS, (base->pi & fi) | r->pa) &&
			      subset(r->pp & REG, base->pi) &&
			      subset(r->pe & REG, base->pi & base->pe) &&
			      !r->gained && !r->sanitized, i, r);

		CHECK(P_SANITIZE_IFF, r->sanitized == sanitize, i, r);
		if (probe)
			CHECK(P_SANITIZE_PROBE, sanitize == bit(r->pp, 63) &&
			      sanitize == bit(r->pe, 63), i, r);
		CHECK(P_GAINED, r->gained == gained, i, r);

		/*
		 * Stated on the output alone, whatever the formulas: a
		 * regular capability outside the old Pi (Pi ∩ Pe for P'e)
		 * only comes with sanitized, and never from outside bnd.
		 */
		if (!r->sanitized)
			CHECK(P_NO_SILENT_REG,
			      subset(r->pp & REG, base->pi) &&
			      subset(r->pe & REG, base->pi & base->pe), i, r);
		CHECK(P_SANITIZE_BND,
		      subset(r->pp & REG & ~base->pi, base->bnd) &&
		      subset(r->pe & REG & ~(base->pi & base->pe), base->bnd),
		      i, r);

		CHECK(P_REFERENCE, ref[p].pp == r->pp && ref[p].pe == r->pe &&
		      ref[p].pi == r->pi && ref[p].pa == r->pa &&
		      ref[p].strict_lost == r->strict_lost &&
		      ref[p].gained == r->gained &&
		      ref[p].sanitized == r->sanitized &&
		      ref[p].no_gain == r->no_gain, i, r);
	}

	CHECK(P_STRICT_SUBSET,
	      subset(o[NC_POLICY_STRICT].pp, o[NC_POLICY_INHERIT].pp) &&
	      subset(o[NC_POLICY_STRICT].pe, o[NC_POLICY_INHERIT].pe) &&
	      subset(o[NC_POLICY_STRICT].pi, o[NC_POLICY_INHERIT].pi) &&
	      subset(o[NC_POLICY_STRICT].pa, o[NC_POLICY_INHERIT].pa),
	      &in[NC_POLICY_STRICT], &o[NC_POLICY_STRICT]);

	CHECK(P_AUDIT_SETS,
	      o[NC_POLICY_AUDIT].pp == o[NC_POLICY_INHERIT].pp &&
	      o[NC_POLICY_AUDIT].pe == o[NC_POLICY_INHERIT].pe &&
	      o[NC_POLICY_AUDIT].pi == o[NC_POLICY_INHERIT].pi &&
	      o[NC_POLICY_AUDIT].pa == o[NC_POLICY_INHERIT].pa &&
	      o[NC_POLICY_AUDIT].gained == o[NC_POLICY_INHERIT].gained &&
	      o[NC_POLICY_AUDIT].sanitized == o[NC_POLICY_INHERIT].sanitized,
	      &in[NC_POLICY_AUDIT], &o[NC_POLICY_AUDIT]);

	if (base->has_xattr || suid)
		lo = 0;
	else
		lo = (o[NC_POLICY_INHERIT].pp & ~o[NC_POLICY_STRICT].pp) |
		     (o[NC_POLICY_INHERIT].pe & ~o[NC_POLICY_STRICT].pe);
	CHECK(P_AUDIT_LOST, o[NC_POLICY_AUDIT].strict_lost == lo &&
	      o[NC_POLICY_INHERIT].strict_lost == 0 &&
	      o[NC_POLICY_STRICT].strict_lost == lo,
	      &in[NC_POLICY_AUDIT], &o[NC_POLICY_AUDIT]);

	if (base->has_xattr)
		CHECK(P_LABELED_POLICY,
		      o[NC_POLICY_STRICT].pp == o[NC_POLICY_INHERIT].pp &&
		      o[NC_POLICY_STRICT].pe == o[NC_POLICY_INHERIT].pe &&
		      o[NC_POLICY_STRICT].pa == o[NC_POLICY_INHERIT].pa &&
		      o[NC_POLICY_STRICT].gained == o[NC_POLICY_INHERIT].gained &&
		      o[NC_POLICY_STRICT].sanitized ==
		      o[NC_POLICY_INHERIT].sanitized,
		      &in[NC_POLICY_STRICT], &o[NC_POLICY_STRICT]);
}

static void report(const struct props *st, const char *part)
{
	int p;

	for (p = 0; p < P_COUNT; p++)
		tap_ok(st->fails[p] == 0, "%s: %s (%lu of %llu inputs fail)",
		       part, prop_name[p], st->fails[p], st->cases);
}

/* ---------------------------------------------------------------- */
/* Part 2: exhaustive over small universes of bits                   */
/* ---------------------------------------------------------------- */

/* The subset numbered n of the universe u[0..]. */
static u64 usub(const unsigned int *u, unsigned int n)
{
	u64 m = 0;
	unsigned int k;

	for (k = 0; n; k++, n >>= 1)
		if (n & 1)
			m |= B(u[k]);
	return m;
}

struct pstate {
	u64 pp, pe, pi, pa;
};

/*
 * Every Pp, Pe, Pi, Pa and bnd over the universe pu[0..pn) (respecting
 * Pe ⊆ Pp, Pi ⊆ Pp, Pa ⊆ Pp ∩ Pi ∩ SYSTEM); bnd also holds SAN_PROBE, and
 * either nothing else or every bit outside the universe (so that sanitize
 * has REGULAR ∩ bnd beyond the universe to add, and setuid-root's Fp
 * system bits beyond the universe to grant). Every setuid_root, setid,
 * setid_new (only with setid: the header says it implies setid), no_gain
 * and no_sxid_sanitize, an unlabeled file and every labeled file with Fp
 * and Fi over the universe fu[0..fn) and both effective flags;
 * check_input() runs each under the three policies.
 */
static void run_exhaustive(const char *name, const unsigned int *pu,
			   unsigned int pn, const unsigned int *fu,
			   unsigned int fn)
{
	static struct pstate ps[1 << 16];
	struct ref_bits rb;
	struct props st;
	struct nc_exec_in in;
	size_t nps = 0, k;
	unsigned int a, b, c, d, bnd, rest, fl, fp, fi, fe, np = 1u << pn;
	u64 umask = usub(pu, np - 1);
	const u64 bnd_rest[2] = { SAN_PROBE, ~umask };

	memset(&st, 0, sizeof(st));
	ref_bits_init(&rb, pu, pn);
	for (a = 0; a < np; a++)
		for (b = 0; b < np; b++)
			for (c = 0; c < np; c++)
				for (d = 0; d < np; d++) {
					u64 pp = usub(pu, a), pe = usub(pu, b);
					u64 pi = usub(pu, c), pa = usub(pu, d);

					if (!subset(pe, pp) || !subset(pi, pp) ||
					    !subset(pa, pp & pi & SYS))
						continue;
					ps[nps].pp = pp;
					ps[nps].pe = pe;
					ps[nps].pi = pi;
					ps[nps].pa = pa;
					nps++;
				}

	for (k = 0; k < nps; k++) {
		memset(&in, 0, sizeof(in));
		in.pp = ps[k].pp;
		in.pe = ps[k].pe;
		in.pi = ps[k].pi;
		in.pa = ps[k].pa;
		for (bnd = 0; bnd < 2 * np; bnd++) {
			rest = bnd / np;
			in.bnd = usub(pu, bnd % np) | bnd_rest[rest];
			for (fl = 0; fl < 32; fl++) {
				in.setuid_root = fl & 1;
				in.setid = fl & 2;
				in.no_gain = fl & 4;
				in.no_sxid_sanitize = fl & 8;
				in.setid_new = fl & 16;
				if (in.setid_new && !in.setid)
					continue;

				in.has_xattr = false;
				in.fp = 0;
				in.fi = 0;
				in.fe = false;
				check_input(&st, &in, &rb);

				in.has_xattr = true;
				for (fp = 0; fp < 1u << fn; fp++)
					for (fi = 0; fi < 1u << fn; fi++)
						for (fe = 0; fe < 2; fe++) {
							in.fp = usub(fu, fp);
							in.fi = usub(fu, fi);
							in.fe = fe;
							check_input(&st, &in,
								    &rb);
						}
			}
		}
	}
	tap_diag("%s: %zu process states, %u bounding sets, %llu inputs x 3 policies",
		 name, nps, 2 * np, st.cases);
	report(&st, name);
}

/* ---------------------------------------------------------------- */
/* Part 3: random 64-bit masks                                       */
/* ---------------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static u64 rnd(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

/* A random mask, sometimes sparse, sometimes dense, sometimes full. */
static u64 rmask(void)
{
	switch (rnd() % 5) {
	case 0:
		return 0;
	case 1:
		return rnd() & rnd() & rnd();
	case 2:
		return rnd() | rnd();
	case 3:
		return ALL;
	default:
		return rnd();
	}
}

static void run_random(unsigned long n)
{
	struct props st;
	struct nc_exec_in in;
	unsigned long k;
	u64 flags;

	memset(&st, 0, sizeof(st));
	ref_bits_init(&ref_all, NULL, 0);
	for (k = 0; k < n; k++) {
		memset(&in, 0, sizeof(in));
		in.pp = rmask();
		in.pe = rmask() & in.pp;
		in.pi = rmask() & in.pp;
		in.pa = rmask() & in.pp & in.pi & SYS;
		in.bnd = rmask();
		flags = rnd();
		/*
		 * Three in four inputs carry the sanitize probe (see
		 * SAN_PROBE); the rest leave bit 63 random.
		 */
		if ((flags & 0x600) != 0x600) {
			in.bnd |= SAN_PROBE;
			in.pi &= ~SAN_PROBE;
		}
		/* Often hold cap_reg_sxid, so that both branches are seen. */
		if (flags & 0x100) {
			in.pe |= R_SXID;
			in.pp |= R_SXID;
		}
		in.has_xattr = flags & 1;
		in.fe = flags & 2;
		in.setuid_root = flags & 4;
		in.setid = flags & 8;
		/* setid_new implies setid (newcaps_policy.h) */
		in.setid_new = in.setid && (flags & 0x800);
		in.no_gain = (flags & 0x30) == 0x30;
		in.no_sxid_sanitize = (flags & 0xc0) == 0xc0;
		/* Random file masks even without xattr: must be ignored. */
		in.fp = rnd();
		in.fi = rnd();
		check_input(&st, &in, &ref_all);
	}
	report(&st, "random");
}

int main(int argc, char **argv)
{
	static const unsigned int u3[] = { 0, 48, 51 };
	static const unsigned int u4[] = { 0, 1, 48, 51 };
	static const unsigned int u1[] = { 1 };
	unsigned long n = 200000;

	if (argc > 1)
		n = strtoul(argv[1], NULL, 0);
	run_hand_cases();
	/* Everything, file masks included, over {0, 48, 51}. */
	run_exhaustive("exhaustive {0,48,51}", u3, 3, u3, 3);
	/* Two system bits, the file masks touching the second one only. */
	run_exhaustive("exhaustive {0,1,48,51}", u4, 4, u1, 1);
	run_random(n);
	return tap_done();
}
