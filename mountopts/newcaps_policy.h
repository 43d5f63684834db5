/* SPDX-License-Identifier: GPL-2.0 */
/*
 * newcaps: the pure policy code shared by the kernel, the host unit tests
 * and userspace. Freestanding: no allocation, no locking, no I/O.
 *
 * Capability sets are 64-bit masks: bit n is capability n. Bits 0..40 are
 * the mainline system capabilities, bits 48..63 the regular region.
 */
#ifndef NEWCAPS_POLICY_H
#define NEWCAPS_POLICY_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdbool.h>
#include <stddef.h>
/* The kernel's u64 is unsigned long long on every architecture. */
typedef unsigned long long u64;
#endif

#define NC_CAP_LAST_SYSTEM	40
#define NC_SYSTEM_MASK		((1ULL << (NC_CAP_LAST_SYSTEM + 1)) - 1)
#define NC_REG_FIRST		48
#define NC_REGULAR_MASK		(0xffffULL << NC_REG_FIRST)
#define NC_ALL_MASK		(NC_SYSTEM_MASK | NC_REGULAR_MASK)

#define NC_CAP_REG_FORK		48
#define NC_CAP_REG_OPEN		49
#define NC_CAP_REG_EXEC		50
#define NC_CAP_REG_SXID		51
#define NC_CAP_REG_WRITE	52
#define NC_CAP_REG_PTRACE	53
#define NC_CAP_REG_LAST		NC_CAP_REG_PTRACE

#define NC_BIT(cap)		(1ULL << (cap))

/* Treatment of executables that carry no security.capability. */
enum nc_policy {
	NC_POLICY_INHERIT,
	NC_POLICY_STRICT,
	NC_POLICY_AUDIT,
	NC_POLICY_COUNT
};

/* Longest formatted capdefault= value, with its NUL. */
#define NC_CAPDEFAULT_MAX	1024

/* The accepted forms, for error messages. */
#define NC_POLICY_FORMS		"inherit, strict or audit"
#define NC_CAPDEFAULT_FORMS \
	"none, NAME[:NAME...]+i[e] or 0xMASK+i[e] (system capabilities only)"

/**
 * struct nc_capdefault - default masks for new files (capdefault=)
 * @set: false for "none": no xattr is written
 * @fi: inheritable mask (system bits only)
 * @fe: effective flag
 */
struct nc_capdefault {
	bool set;
	u64 fi;
	bool fe;
};

/**
 * struct nc_exec_in - everything the exec transition depends on
 * @pp: permitted set of the process before exec
 * @pe: effective set before exec
 * @pi: inheritable set before exec
 * @pa: ambient set before exec
 * @bnd: bounding set
 * @has_xattr: the file has a valid security.capability
 * @fp: file permitted mask (system bits; only when @has_xattr)
 * @fi: file inheritable mask (system bits; only when @has_xattr)
 * @fe: file effective flag (only when @has_xattr)
 * @policy: policy of the file's filesystem for files without masks
 * @setuid_root: the exec makes euid 0 and SECURE_NOROOT is clear
 * @setid: the exec changes euid or egid (before the no-gain rule)
 * @setid_new: the new euid or egid is an id the process did not hold
 *	before (as real, effective or saved id, or for egid as a
 *	supplementary group): a real gain of privilege; implies @setid
 * @no_gain: nosuid mount: Fp taken as empty, setuid/setgid bits ignored
 * @limited: no_new_privs or an unsafe ptrace, as mainline: ids do not
 *	change and P'p is limited to @pp (nothing gained, nothing sanitized)
 * @root: the root rule: the new euid is 0 in the process's own user
 *	namespace and SECURE_NOROOT is clear; Pi is read as Pp & bnd and Pe
 *	as Pp (system bits: the regular region is the same in all three), and
 *	P'i keeps only what Pi held
 * @held_root: uid 0 is the effective or saved uid but not the real uid
 *	before the exec, and SECURE_NO_SETUID_FIXUP is clear: an exec that
 *	leaves the euid non-zero (suid := euid) leaves root
 * @euid_was_root: the euid is 0 before the exec
 * @euid_root: the setuid bits make the euid 0 (or keep it so)
 * @setuid_fixup: an exec from euid 0 to a non-zero euid without
 *	SECURE_NO_SETUID_FIXUP: the system bits of P'e are cleared
 * @no_sxid_sanitize: SECURE_NO_SXID_SANITIZE is set
 * @child_userns: the new credentials belong to a user namespace other than
 *	the initial one: what the exec grants is that namespace's privilege
 *	only, and never counts as raising privilege (no sanitize)
 */
struct nc_exec_in {
	u64 pp, pe, pi, pa, bnd;
	bool has_xattr;
	u64 fp, fi;
	bool fe;
	enum nc_policy policy;
	bool setuid_root;
	bool setid;
	bool setid_new;
	bool no_gain;
	bool limited;
	bool root;
	bool held_root;
	bool euid_was_root;
	bool euid_root;
	bool setuid_fixup;
	bool no_sxid_sanitize;
	bool child_userns;
};

/**
 * struct nc_exec_out - result of the exec transition
 * @pp: new permitted set
 * @pe: new effective set
 * @pi: new inheritable set
 * @pa: new ambient set
 * @strict_lost: capabilities (of @pp or @pe) that the strict policy
 *	removes compared with inherit: for NC_POLICY_AUDIT what it would
 *	have removed, for NC_POLICY_STRICT what it did; 0 for a file with
 *	masks or a setuid-root exec, and for NC_POLICY_INHERIT
 * @removed: system capabilities the caller held in Pp and passed on (Pi as
 *	the equations read it) that @pp lacks: what strict's rule or the
 *	file's Fi removed, under any policy; what the bounding set, an exec
 *	that leaves root or a Pi without them withheld is not counted
 * @gained: the file's permitted mask adds a capability the process did
 *	not hold (Fp ∩ bnd ⊄ Pp, mainline's __cap_gained())
 * @sanitized: the exec really raised privilege and REGULAR ∩ bnd was
 *	reinstated
 * @no_gain: the no-gain rule or @limited held: the caller must ignore the
 *	file's setuid and setgid bits (keep the old euid and egid)
 * @insufficient: the file's masks have the effective flag and a permitted
 *	capability the new permitted set lacks: the exec fails with EPERM,
 *	as mainline ("insufficient to execute correctly")
 */
struct nc_exec_out {
	u64 pp, pe, pi, pa;
	u64 strict_lost;
	u64 removed;
	bool gained;
	bool sanitized;
	bool no_gain;
	bool insufficient;
};

/*
 * The functions are documented with kernel-doc in newcaps_policy.c. All of
 * them are pure: they read only their arguments and write only their
 * out-parameters. The parse functions take an exact length (no NUL needed,
 * an embedded NUL is an error) and leave their result untouched on
 * failure; every failure is -EINVAL.
 */
void nc_exec_transition(const struct nc_exec_in *in, struct nc_exec_out *out);

const char *nc_policy_name(enum nc_policy policy);
enum nc_policy nc_policy_strictest(enum nc_policy a, enum nc_policy b);
int nc_policy_parse(const char *s, size_t len, enum nc_policy *policy);

const char *nc_cap_name(unsigned int cap);
int nc_cap_parse(const char *s, size_t len, unsigned int *cap);

int nc_capdefault_parse(const char *s, size_t len, struct nc_capdefault *out,
			const char **why);
int nc_capdefault_format(const struct nc_capdefault *d, char *buf,
			 size_t size);

#endif /* NEWCAPS_POLICY_H */
