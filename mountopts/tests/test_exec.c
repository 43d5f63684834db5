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
#include "newcaps_policy_cases.h"
#include "tap.h"

/* The SPEC's sets and bits, as newcaps_policy_cases.h writes them out. */
#define SYS		NCT_SYS
#define REG		NCT_REG
#define ALL		NCT_ALL
#define B(n)		NCT_B(n)
#define CHOWN		NCT_CHOWN
#define NET_RAW		NCT_NET_RAW
#define R_SXID		NCT_R_SXID

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
	tap_diag("      setuid_root=%d setid=%d setid_new=%d no_gain=%d no_sxid_sanitize=%d child_userns=%d",
		 in->setuid_root, in->setid, in->setid_new, in->no_gain,
		 in->no_sxid_sanitize, in->child_userns);
	tap_diag("      root=%d limited=%d setuid_fixup=%d held_root=%d euid_was_root=%d euid_root=%d",
		 in->root, in->limited, in->setuid_fixup, in->held_root,
		 in->euid_was_root, in->euid_root);
}

static void dump_out(const char *what, const struct nc_exec_out *o)
{
	tap_diag("  %s: pp=%016llx pe=%016llx pi=%016llx pa=%016llx lost=%016llx removed=%016llx gained=%d sanitized=%d no_gain=%d insufficient=%d",
		 what, o->pp, o->pe, o->pi, o->pa, o->strict_lost, o->removed,
		 o->gained,
		 o->sanitized, o->no_gain, o->insufficient);
}

/* ---------------------------------------------------------------- */
/* Part 1: hand-written cases (newcaps_policy_cases.h, shared with    */
/* the kernel's KUnit suite)                                         */
/* ---------------------------------------------------------------- */

static bool out_eq(const struct nc_exec_out *a, const struct nc_exec_out *b)
{
	return a->pp == b->pp && a->pe == b->pe && a->pi == b->pi &&
	       a->pa == b->pa && a->strict_lost == b->strict_lost &&
	       a->gained == b->gained && a->sanitized == b->sanitized &&
	       a->no_gain == b->no_gain && a->insufficient == b->insufficient;
}

static void run_hand_cases(void)
{
	size_t i;

	tap_ok(NC_SYSTEM_MASK == SYS && NC_REGULAR_MASK == REG &&
	       NC_ALL_MASK == ALL && NC_CAP_REG_SXID == 51 &&
	       NC_CAP_REG_FORK == 48 && NC_CAP_REG_PTRACE == 53,
	       "header masks match SPEC section 2");

	for (i = 0; i < sizeof(nc_exec_cases) / sizeof(nc_exec_cases[0]); i++) {
		const struct nc_exec_case *c = &nc_exec_cases[i];
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

/*
 * SPEC 4.2: the exec leaves root when uid 0 was only the effective or
 * saved uid and the euid the exec leaves is not 0: the old one when the
 * setuid bits are ignored (no-gain rule, no_new_privs, unsafe ptrace).
 */
static bool ref_leaves_root(const struct nc_exec_in *in, bool no_gain)
{
	bool euid_root = (no_gain || in->limited) ? in->euid_was_root :
						     in->euid_root;

	return in->held_root && !euid_root;
}

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
	bool leaves = ref_leaves_root(in, f->no_gain);
	bool root = in->root && !leaves;
	unsigned int k, b;

	memset(o, 0, sizeof(*o));
	for (k = 0; k < rb->n; k++) {
		b = rb->bit[k];
		ref_file_bit(in, f, pol, b, &fp[k], &fi[k], &fe[k]);
		/* SPEC 4.1.4: Fp ∩ bnd adds a capability not already in Pp */
		if (fp[k] && bit(in->bnd, b) && !bit(in->pp, b) &&
		    !in->limited)
			o->gained = true;
	}
	/* SPEC 4.1.2: no_new_privs and unsafe ptrace keep the ids */
	o->no_gain = f->no_gain || in->limited;
	/* A real raise of privilege: a new euid/egid, or a gain. */
	sanitize = (f->setid_new || o->gained) && !in->no_sxid_sanitize &&
		   !in->child_userns && !in->limited;
	o->sanitized = sanitize;
	for (k = 0; k < rb->n; k++) {
		bool pa, pp, pe;

		bool pi, pev;

		b = rb->bit[k];
		/* SPEC 4.1.3: root reads Pi as Pp ∩ bnd, Pe as Pp (system) */
		pi = bit(in->pi, b);
		pev = bit(in->pe, b);
		/* SPEC 4.2: leaving root, Pi is read as Pi ∩ (REG ∪ Pa) */
		if (leaves && b < 48)
			pi = pi && bit(in->pa, b);
		if (root && b <= 40) {
			pi = bit(in->pp, b) && bit(in->bnd, b);
			pev = bit(in->pp, b);
		}
		pa = !in->has_xattr && !f->setid && b <= 40 && bit(in->pa, b);
		pp = (pi && fi[k]) || (fp[k] && bit(in->bnd, b)) || pa;
		pe = (pi && pev && fi[k]) ||
		     (fp[k] && fe[k] && bit(in->bnd, b)) || pa;
		/* mainline: an effective file's Fp must all reach P'p */
		if (in->has_xattr && in->fe && fp[k] && !pp)
			o->insufficient = true;
		/* SPEC 4.1.2: P'p limited to the old Pp */
		if (in->limited) {
			pp = pp && bit(in->pp, b);
			pe = pe && pp;
		}
		/* Sanitize reinstates REGULAR ∩ bnd only. */
		if (sanitize && b >= 48 && bit(in->bnd, b))
			pp = pe = true;
		/* SPEC 4.1.4: euid 0 to non-zero keeps no system P'e */
		if (in->setuid_fixup && !o->no_gain && b <= 40)
			pe = pa;
		o->pp |= (u64)pp << b;
		o->pe |= (u64)pe << b;
		o->pa |= (u64)pa << b;
	}
	o->pp = ref_expand(rb, o->pp);
	o->pe = ref_expand(rb, o->pe);
	o->pa = ref_expand(rb, o->pa);
	/* SPEC 4.1.4: P'i = P'p; under the root rule Pi ∩ P'p */
	o->pi = o->pp;
	if (root)
		o->pi &= in->pi | REG;
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
	P_LIMITED,
	P_ROOT,
	P_FIXUP,
	P_INSUFFICIENT,
	P_LEAVE_ROOT,
	P_REMOVED,
	P_COUNT
};

static const char * const prop_name[P_COUNT] = {
	[P_PE_IN_PP]	= "P'e ⊆ P'p",
	[P_PI_EQ_PP]	= "P'i == P'p; under the root rule (Pi ∩ P'p ∩ SYSTEM) ∪ (P'p ∩ REGULAR)",
	[P_PA]		= "P'a ⊆ Pa ∩ SYSTEM ∩ P'p, empty on xattr or setid",
	[P_BOUND]	= "P'p ⊆ (Pi∩Fi)∪(Fp∩bnd)∪P'a, P'e ⊆ (Pi∩Pe∩Fi)∪(Fp∩Fe∩bnd)∪P'a, plus REGULAR∩bnd iff sanitize",
	[P_STRICT_SUBSET] = "strict result ⊆ inherit result",
	[P_NOGAIN_FLAG]	= "no_gain flag: no system gain outside Pi∩Fi∪P'a, no sanitize",
	[P_NOGAIN_SXID]	= "Pe without cap_reg_sxid: no system gain, no sanitize",
	[P_SANITIZE_IFF] = "sanitized == (setid_new_eff || gained) && !no_sxid_sanitize && !child_userns",
	[P_SANITIZE_PROBE] = "SAN_PROBE (in bnd, not in Pi) in P'p and P'e iff sanitize",
	[P_GAINED]	= "gained == (Fp ∩ bnd ⊄ Pp) after the no-gain rule",
	[P_NO_SILENT_REG] = "not sanitized: P'p ∩ REGULAR ⊆ Pi, P'e ∩ REGULAR ⊆ Pi ∩ Pe",
	[P_SANITIZE_BND] = "no regular bit outside bnd is added (P'p ∖ Pi, P'e ∖ (Pi∩Pe))",
	[P_AUDIT_SETS]	= "audit returns the inherit sets",
	[P_AUDIT_LOST]	= "audit and strict: strict_lost == inherit minus strict (0 if labeled/setuid-root)",
	[P_LABELED_POLICY] = "labeled file: the policy makes no difference",
	[P_REFERENCE]	= "equal to the per-bit reference model",
	[P_LIMITED]	= "limited (no_new_privs, ptrace): P'p ⊆ Pp, ids kept, no gain, no sanitize",
	[P_ROOT]	= "root rule, unlabeled inherit: Pp ∩ bnd ∩ SYSTEM ⊆ P'p",
	[P_FIXUP]	= "setuid_fixup: P'e ∩ SYSTEM ⊆ P'a",
	[P_INSUFFICIENT] = "insufficient iff masks with Fe and an Fp bit outside bnd not in Pi∩Fi (after the no-gain rule)",
	[P_LEAVE_ROOT]	= "leaving root at exec: P'p ∩ SYSTEM ⊆ (Pi ∩ Pa) ∪ (Fp ∩ bnd) ∪ P'a",
	[P_REMOVED]	= "removed == Pp ∩ SYSTEM kept with Fi = ALL (inherit for a file without masks), minus P'p",
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
	struct nc_exec_out o[NC_POLICY_COUNT], ref[NC_POLICY_COUNT], kept;
	struct nc_exec_in all;
	bool no_gain, setid, setid_new, suid, sanitize, gained, probe;
	bool leaves, root;
	u64 fp, fi, fe, lo, san, pi = base->pi, pe = base->pe;
	int p;

	no_gain = base->no_gain || !(base->pe & R_SXID);
	/* SPEC 4.2: leaving root, Pi is read as Pi ∩ (REGULAR ∪ Pa) */
	leaves = base->held_root &&
		 !((no_gain || base->limited) ? base->euid_was_root :
		   base->euid_root);
	root = base->root && !leaves;
	if (leaves)
		pi &= REG | base->pa;
	/* SPEC 4.1.3: the Pi and Pe the equations read under the root rule */
	if (root) {
		pi = (base->pp & base->bnd & SYS) | (base->pi & REG);
		pe = (base->pp & SYS) | (base->pe & REG);
	}

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
		gained = (fp & base->bnd & ~base->pp) != 0 && !base->limited;
		sanitize = (setid_new || gained) && !base->no_sxid_sanitize &&
			   !base->child_userns && !base->limited;
		san = sanitize ? REG & base->bnd : 0;

		CHECK(P_PE_IN_PP, subset(r->pe, r->pp), i, r);
		CHECK(P_PI_EQ_PP, r->pi == (root ?
		      (base->pi & r->pp & SYS) | (r->pp & REG) : r->pp), i, r);
		if (leaves)
			CHECK(P_LEAVE_ROOT, subset(r->pp & SYS,
			      (base->pi & base->pa) | (fp & base->bnd) | r->pa),
			      i, r);
		CHECK(P_PA, subset(r->pa, base->pa & SYS & r->pp) &&
		      ((!base->has_xattr && !setid) || r->pa == 0) &&
		      (base->has_xattr || setid ||
		       r->pa == (base->pa & SYS)), i, r);

		lo = (pi & fi) | (fp & base->bnd) | r->pa;
		CHECK(P_BOUND, subset(r->pp, lo | san) && subset(san, r->pp) &&
		      subset(san, r->pe) &&
		      subset(r->pe, (pi & pe & fi) | (fp & fe & base->bnd) |
			     r->pa | san), i, r);

		if (base->no_gain)
			CHECK(P_NOGAIN_FLAG,
			      subset(r->pp & SYS, (pi & fi) | r->pa) &&
			      subset(r->pp & REG, base->pi) &&
			      subset(r->pe & REG, base->pi & base->pe) &&
			      !r->gained && !r->sanitized, i, r);
		else if (!(base->pe & R_SXID))
			CHECK(P_NOGAIN_SXID,
			      subset(r->pp & SYS, (pi & fi) | r->pa) &&
			      subset(r->pp & REG, base->pi) &&
			      subset(r->pe & REG, base->pi & base->pe) &&
			      !r->gained && !r->sanitized, i, r);

		CHECK(P_SANITIZE_IFF, r->sanitized == sanitize, i, r);
		if (probe)
			CHECK(P_SANITIZE_PROBE, sanitize == bit(r->pp, 63) &&
			      sanitize == bit(r->pe, 63), i, r);
		CHECK(P_GAINED, r->gained == gained, i, r);
		/* Mainline's bprm_caps_from_vfs_caps(): -EPERM. */
		CHECK(P_INSUFFICIENT, r->insufficient ==
		      (base->has_xattr && base->fe &&
		       (fp & ~base->bnd & ~(pi & fi)) != 0), i, r);

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

		if (base->limited)
			CHECK(P_LIMITED, subset(r->pp, base->pp) && r->no_gain &&
			      !r->gained && !r->sanitized, i, r);
		if (root && !no_gain && !base->has_xattr && !suid &&
		    p != NC_POLICY_STRICT)
			CHECK(P_ROOT, subset(base->pp & base->bnd & SYS, r->pp),
			      i, r);
		if (base->setuid_fixup && !no_gain && !base->limited)
			CHECK(P_FIXUP, subset(r->pe & SYS, r->pa), i, r);

		/*
		 * The same exec with an Fi that keeps everything: what it
		 * keeps of Pp and this one does not, strict's rule or the
		 * file's Fi removed.
		 */
		all = *i;
		if (all.has_xattr)
			all.fi |= SYS;
		else
			all.policy = NC_POLICY_INHERIT;
		nc_exec_transition(&all, &kept);
		CHECK(P_REMOVED, r->removed ==
		      (kept.pp & base->pp & SYS & ~r->pp), i, r);

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
 * no_sxid_sanitize and child_userns, then root, setuid_fixup and limited
 * (see the loop), an unlabeled file and every labeled file with Fp
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
			for (fl = 0; fl < 64 * 6 * 2; fl++) {
				unsigned int nf = fl / 64 % 6;

				in.setuid_root = fl & 1;
				in.setid = fl & 2;
				in.no_gain = fl & 4;
				in.no_sxid_sanitize = fl & 8;
				in.setid_new = fl & 16;
				in.child_userns = fl & 32;
				if (in.setid_new && !in.setid)
					continue;
				/*
				 * root and setuid_fixup exclude each other
				 * (new euid 0, non-zero); each with and
				 * without limited. Those two flags only
				 * remove sanitize: not combined with them.
				 */
				if (nf && (fl & (8 | 32)))
					continue;
				in.root = nf == 1 || nf == 4;
				in.setuid_fixup = nf == 2 || nf == 5;
				in.limited = nf >= 3;
				/*
				 * Then again holding uid 0 as effective or
				 * saved uid only, the euid before and after
				 * as root and setuid_fixup say; not with
				 * the two flags that only remove sanitize.
				 */
				in.held_root = fl >= 64 * 6;
				if (in.held_root && (fl & (8 | 32)))
					continue;
				in.euid_was_root = in.setuid_fixup;
				in.euid_root = in.root;

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
		flags = rnd();
		/*
		 * capset() lets a holder of CAP_SETPCAP raise Pi beyond Pp:
		 * one input in eight has system bits in Pi that Pp lacks.
		 */
		in.pi = rmask() & ((flags & 0xe00000) ? in.pp : in.pp | SYS);
		in.pa = rmask() & in.pp & in.pi & SYS;
		in.bnd = rmask();
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
		in.child_userns = (flags & 0x3000) == 0x3000;
		in.limited = (flags & 0xc000) == 0xc000;
		in.root = flags & 0x10000;
		in.setuid_fixup = !in.root && (flags & 0x20000);
		in.held_root = flags & 0x40000;
		in.euid_was_root = in.setuid_fixup || (flags & 0x80000);
		in.euid_root = in.root || (flags & 0x100000);
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
