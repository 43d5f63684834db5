// SPDX-License-Identifier: GPL-2.0
/*
 * The exec transition of mountopts/ (nc_exec_transition) against the
 * equations of SPEC 4.1, as invariants rather than a second copy of the
 * code. The input is a process state (made valid as the kernel keeps it:
 * Pe, Pi within Pp, Pa within Pp and Pi and system-only, bits 41..47
 * clear), file masks and the exec's flags; all three policies are run.
 *
 *  - P'i = P'p, under the root rule Pi & P'p (SPEC 4.1.4), P'e within P'p, P'a within P'p and within Pa's system part,
 *    nothing outside bits 0..40 and 48..63;
 *  - P'a is empty when the file has masks or the exec is setid;
 *  - nothing from Fp outside bnd: a capability of P'p not in Pi or Pa is
 *    in bnd;
 *  - a system capability of P'p not in Pp comes from Fp: @gained;
 *  - a regular capability of P'p or P'e the process did not hold comes
 *    only from sanitize, which reinstates exactly REGULAR & bnd and never
 *    under SECURE_NO_SXID_SANITIZE; a regular capability dropped from Pi
 *    and from bnd never comes back;
 *  - sanitize only on a real gain: a new id or @gained;
 *  - the no-gain rule (nosuid, no cap_reg_sxid in Pe) and no_new_privs
 *    (limited): P'p within Pp, no gain, no sanitize;
 *  - the root rule keeps Pp & bnd for an unlabeled program outside
 *    strict; euid 0 to non-zero (setuid_fixup) keeps no system P'e
 *    beyond P'a; an exec that leaves root (SPEC 4.2) gives an unlabeled
 *    program no system capability beyond Pa;
 *  - strict within inherit; audit computes as inherit; @strict_lost is
 *    exactly what strict removes from P'p or P'e, 0 for inherit, for a
 *    file with masks and for a setuid-root exec; a file with masks gives
 *    the same result under every policy.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "newcaps_policy.h"

#define REG	NC_REGULAR_MASK
#define SYS	NC_SYSTEM_MASK
#define ALL	NC_ALL_MASK

static unsigned long long x(u64 v)
{
	return (unsigned long long)v;
}

static bool same_sets(const struct nc_exec_out *a, const struct nc_exec_out *b)
{
	return a->pp == b->pp && a->pe == b->pe && a->pi == b->pi &&
	       a->pa == b->pa && a->gained == b->gained &&
	       a->sanitized == b->sanitized && a->no_gain == b->no_gain;
}

static void run(const struct nc_exec_in *in, struct nc_exec_out *out)
{
	struct nc_exec_in copy = *in;

	memset(out, 0xa5, sizeof(*out));
	nc_exec_transition(in, out);
	FUZZ_CHECK(!memcmp(&copy, in, sizeof(copy)), "input modified");
}

/* Invariants of one transition on its own. */
static void check_one(const struct nc_exec_in *in,
		      const struct nc_exec_out *o)
{
	bool no_gain = in->no_gain || !(in->pe & NC_BIT(NC_CAP_REG_SXID));
	bool setid = in->setid && !no_gain;
	bool setuid_root = in->setuid_root && !no_gain;
	bool setid_new = in->setid_new && !no_gain;
	bool leaves = in->held_root &&
		      !((no_gain || in->limited) ? in->euid_was_root :
						     in->euid_root);
	bool root = in->root && !leaves;
	u64 new_pp = o->pp & ~in->pp;
	u64 want_pi = root ? (in->pi & o->pp & SYS) | (o->pp & REG) : o->pp;

	FUZZ_CHECK(o->pi == want_pi, "P'i %#llx, want %#llx (P'p %#llx)",
		   x(o->pi), x(want_pi), x(o->pp));
	FUZZ_CHECK(!(o->pe & ~o->pp), "P'e %#llx not within P'p %#llx",
		   x(o->pe), x(o->pp));
	FUZZ_CHECK(!(o->pa & ~o->pp), "P'a not within P'p");
	FUZZ_CHECK(!(o->pa & ~(in->pa & SYS)), "P'a %#llx not from Pa %#llx",
		   x(o->pa), x(in->pa));
	FUZZ_CHECK(!(o->pp & ~ALL) && !(o->pe & ~ALL),
		   "bits outside the capabilities: %#llx", x(o->pp));
	if (in->has_xattr || setid)
		FUZZ_CHECK(o->pa == 0, "ambient kept over masks or setid");
	FUZZ_CHECK(o->no_gain == (no_gain || in->limited), "no_gain %d",
		   o->no_gain);

	/* Nothing from Fp outside bnd. */
	FUZZ_CHECK(!(o->pp & ~(in->pi | in->pa | in->bnd)),
		   "P'p %#llx has %#llx from outside Pi, Pa and bnd",
		   x(o->pp), x(o->pp & ~(in->pi | in->pa | in->bnd)));

	/* System gains come from the file's Fp, and say so. */
	if (new_pp & SYS) {
		FUZZ_CHECK(o->gained, "P'p gains %#llx without @gained",
			   x(new_pp & SYS));
		FUZZ_CHECK(!no_gain, "gain under the no-gain rule");
		FUZZ_CHECK(in->has_xattr || setuid_root,
			   "gain without masks or setuid root");
		if (in->has_xattr)
			FUZZ_CHECK(!(new_pp & SYS & ~in->fp),
				   "gain %#llx outside Fp %#llx",
				   x(new_pp), x(in->fp));
	}
	if (o->gained)
		FUZZ_CHECK(!no_gain && (in->has_xattr || setuid_root),
			   "@gained without a file that grants");

	/* Regular capabilities come back through sanitize only. */
	if ((new_pp | (o->pe & ~in->pe)) & REG)
		FUZZ_CHECK(o->sanitized, "regular %#llx regained, no sanitize",
			   x((new_pp | (o->pe & ~in->pe)) & REG));
	FUZZ_CHECK(!(o->pp & REG & ~in->pi & ~in->bnd),
		   "regular %#llx dropped from Pi and bnd came back",
		   x(o->pp & REG & ~in->pi & ~in->bnd));
	if (o->sanitized) {
		FUZZ_CHECK(!in->no_sxid_sanitize, "sanitized under the bit");
		FUZZ_CHECK(!in->child_userns,
			   "sanitized by a user namespace's own privilege");
		FUZZ_CHECK(!in->limited, "sanitized under no_new_privs");
		FUZZ_CHECK(setid_new || o->gained,
			   "sanitized without a real gain");
		FUZZ_CHECK((o->pp & REG) == (REG & (in->bnd | in->pi)) &&
			   (o->pe & REG) == (REG & (in->bnd | (in->pi & in->pe))),
			   "sanitize gave P'p %#llx P'e %#llx", x(o->pp & REG),
			   x(o->pe & REG));
	} else {
		FUZZ_CHECK(!(o->pp & REG & ~in->pi) &&
			   !(o->pe & REG & ~(in->pi & in->pe)),
			   "regular bits beyond Pi without sanitize");
		FUZZ_CHECK(in->no_sxid_sanitize || in->child_userns ||
			   in->limited || !(setid_new || o->gained),
			   "real gain (setid_new %d, gained %d) not sanitized",
			   setid_new, o->gained);
	}
	if (no_gain || in->limited)
		FUZZ_CHECK(!(o->pp & ~in->pp) && !o->sanitized && !o->gained,
			   "no-gain exec gained %#llx", x(o->pp & ~in->pp));
	if (leaves && !in->has_xattr && !setuid_root)
		FUZZ_CHECK(!(o->pp & SYS & ~in->pa),
			   "leaving root passed on %#llx beyond Pa",
			   x(o->pp & SYS & ~in->pa));
	if (root && !no_gain && !in->has_xattr && !setuid_root &&
	    in->policy != NC_POLICY_STRICT)
		FUZZ_CHECK(!(in->pp & in->bnd & SYS & ~o->pp),
			   "root rule lost %#llx", x(in->pp & in->bnd & SYS & ~o->pp));
	if (in->setuid_fixup && !no_gain && !in->limited)
		FUZZ_CHECK(!(o->pe & SYS & ~o->pa),
			   "setuid fixup kept %#llx", x(o->pe & SYS & ~o->pa));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_reader r = { data, size, 0 };
	struct nc_exec_in in = { 0 };
	struct nc_exec_out o[NC_POLICY_COUNT];
	u64 lost;
	uint8_t flags, more;
	bool masks_or_root;
	int p;

	in.pp = fuzz_u64(&r) & ALL;
	in.pe = fuzz_u64(&r) & in.pp;
	in.pi = fuzz_u64(&r) & in.pp;
	in.pa = fuzz_u64(&r) & in.pp & in.pi & SYS;
	in.bnd = fuzz_u64(&r) & ALL;
	in.fp = fuzz_u64(&r);
	in.fi = fuzz_u64(&r);
	flags = fuzz_u8(&r);
	in.has_xattr = flags & 1;
	in.fe = flags & 2;
	in.setuid_root = flags & 4;
	in.setid = flags & 8;
	in.setid_new = flags & 16;
	in.no_gain = flags & 32;
	in.no_sxid_sanitize = flags & 64;
	more = fuzz_u8(&r);
	in.child_userns = more & 1;
	in.limited = more & 2;
	in.root = more & 4;
	/* new euid 0, or from 0 to non-zero: never both */
	in.setuid_fixup = !in.root && (more & 8);
	/* uid 0 only as effective or saved uid; the euids as the flags say */
	in.held_root = more & 16;
	in.euid_was_root = in.setuid_fixup || (more & 32);
	in.euid_root = in.root || (more & 64);
	/* A new id is a change of id (setuid root need not be: root). */
	if (in.setid_new)
		in.setid = true;
	/* Masks are read from the system bits only; keep some garbage. */
	if (!(flags & 128)) {
		in.fp &= SYS;
		in.fi &= SYS;
	}

	for (p = 0; p < NC_POLICY_COUNT; p++) {
		in.policy = (enum nc_policy)p;
		run(&in, &o[p]);
		check_one(&in, &o[p]);
	}

	masks_or_root = in.has_xattr ||
		(in.setuid_root && !in.no_gain &&
		 (in.pe & NC_BIT(NC_CAP_REG_SXID)));
	FUZZ_CHECK(same_sets(&o[NC_POLICY_AUDIT], &o[NC_POLICY_INHERIT]),
		   "audit differs from inherit");
	FUZZ_CHECK(!(o[NC_POLICY_STRICT].pp & ~o[NC_POLICY_INHERIT].pp) &&
		   !(o[NC_POLICY_STRICT].pe & ~o[NC_POLICY_INHERIT].pe),
		   "strict grants %#llx more than inherit",
		   x(o[NC_POLICY_STRICT].pp & ~o[NC_POLICY_INHERIT].pp));
	FUZZ_CHECK(o[NC_POLICY_INHERIT].strict_lost == 0,
		   "inherit reports strict_lost");
	lost = (o[NC_POLICY_INHERIT].pp & ~o[NC_POLICY_STRICT].pp) |
	       (o[NC_POLICY_INHERIT].pe & ~o[NC_POLICY_STRICT].pe);
	FUZZ_CHECK(o[NC_POLICY_STRICT].strict_lost == lost &&
		   o[NC_POLICY_AUDIT].strict_lost == lost,
		   "strict_lost %#llx/%#llx, strict removes %#llx",
		   x(o[NC_POLICY_STRICT].strict_lost),
		   x(o[NC_POLICY_AUDIT].strict_lost), x(lost));
	if (masks_or_root) {
		FUZZ_CHECK(same_sets(&o[NC_POLICY_STRICT],
				     &o[NC_POLICY_INHERIT]) && lost == 0,
			   "policy matters for a file with masks/setuid root");
	} else {
		/* Without masks the policies differ only in Pi's system part. */
		FUZZ_CHECK(o[NC_POLICY_STRICT].gained ==
			   o[NC_POLICY_INHERIT].gained &&
			   o[NC_POLICY_STRICT].sanitized ==
			   o[NC_POLICY_INHERIT].sanitized &&
			   (o[NC_POLICY_STRICT].pp & REG) ==
			   (o[NC_POLICY_INHERIT].pp & REG),
			   "strict and inherit differ beyond Fi");
	}
	return 0;
}
