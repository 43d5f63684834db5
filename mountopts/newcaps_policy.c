// SPDX-License-Identifier: GPL-2.0
/*
 * newcaps: pure policy code -- the exec transition of the capability sets
 * and the grammar of the caps= and capdefault= mount options.
 *
 * This file is compiled into the kernel and, unchanged, into the host unit
 * tests and the userspace tools. It uses no C library and no kernel library
 * function: the few string helpers it needs are below.
 */
#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/types.h>
#else
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#endif

#include "newcaps_policy.h"

static const char * const nc_policy_names[NC_POLICY_COUNT] = {
	[NC_POLICY_INHERIT]	= "inherit",
	[NC_POLICY_STRICT]	= "strict",
	[NC_POLICY_AUDIT]	= "audit",
};

/* libcap spelling; the holes 41..47 are NULL. */
static const char * const nc_cap_names[NC_CAP_REG_LAST + 1] = {
	[0]			= "cap_chown",
	[1]			= "cap_dac_override",
	[2]			= "cap_dac_read_search",
	[3]			= "cap_fowner",
	[4]			= "cap_fsetid",
	[5]			= "cap_kill",
	[6]			= "cap_setgid",
	[7]			= "cap_setuid",
	[8]			= "cap_setpcap",
	[9]			= "cap_linux_immutable",
	[10]			= "cap_net_bind_service",
	[11]			= "cap_net_broadcast",
	[12]			= "cap_net_admin",
	[13]			= "cap_net_raw",
	[14]			= "cap_ipc_lock",
	[15]			= "cap_ipc_owner",
	[16]			= "cap_sys_module",
	[17]			= "cap_sys_rawio",
	[18]			= "cap_sys_chroot",
	[19]			= "cap_sys_ptrace",
	[20]			= "cap_sys_pacct",
	[21]			= "cap_sys_admin",
	[22]			= "cap_sys_boot",
	[23]			= "cap_sys_nice",
	[24]			= "cap_sys_resource",
	[25]			= "cap_sys_time",
	[26]			= "cap_sys_tty_config",
	[27]			= "cap_mknod",
	[28]			= "cap_lease",
	[29]			= "cap_audit_write",
	[30]			= "cap_audit_control",
	[31]			= "cap_setfcap",
	[32]			= "cap_mac_override",
	[33]			= "cap_mac_admin",
	[34]			= "cap_syslog",
	[35]			= "cap_wake_alarm",
	[36]			= "cap_block_suspend",
	[37]			= "cap_audit_read",
	[38]			= "cap_perfmon",
	[39]			= "cap_bpf",
	[40]			= "cap_checkpoint_restore",
	[NC_CAP_REG_FORK]	= "cap_reg_fork",
	[NC_CAP_REG_OPEN]	= "cap_reg_open",
	[NC_CAP_REG_EXEC]	= "cap_reg_exec",
	[NC_CAP_REG_SXID]	= "cap_reg_sxid",
	[NC_CAP_REG_WRITE]	= "cap_reg_write",
	[NC_CAP_REG_PTRACE]	= "cap_reg_ptrace",
};

#define NC_CAP_PREFIX		"cap_"
#define NC_CAP_PREFIX_LEN	4

/* ASCII only, independent of any locale. */
static char nc_tolower(char c)
{
	if (c >= 'A' && c <= 'Z')
		return (char)(c - 'A' + 'a');
	return c;
}

static bool nc_isspace(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' ||
	       c == '\f' || c == '\r';
}

/* Is s[0..len) exactly the NUL-terminated word? */
static bool nc_eq(const char *s, size_t len, const char *word)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (word[i] == '\0' || s[i] != word[i])
			return false;
	return word[len] == '\0';
}

/* Same, ignoring ASCII case. */
static bool nc_eq_nocase(const char *s, size_t len, const char *word)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (word[i] == '\0' || nc_tolower(s[i]) != nc_tolower(word[i]))
			return false;
	return word[len] == '\0';
}

static int nc_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = nc_tolower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* The file masks, and the exec's flags after the no-gain rule. */
struct nc_file_masks {
	u64 fp, fi, fe;
	bool no_gain;
	bool setuid_root;
	bool setid;
	bool setid_new;
};

static void nc_get_file_masks(const struct nc_exec_in *in,
			      enum nc_policy policy, struct nc_file_masks *f)
{
	f->no_gain = in->no_gain || !(in->pe & NC_BIT(NC_CAP_REG_SXID));
	f->setuid_root = in->setuid_root && !f->no_gain;
	f->setid = in->setid && !f->no_gain;
	f->setid_new = in->setid_new && !f->no_gain;

	if (in->has_xattr) {
		f->fp = in->fp & NC_SYSTEM_MASK;
		f->fi = (in->fi & NC_SYSTEM_MASK) | NC_REGULAR_MASK;
		f->fe = in->fe ? NC_ALL_MASK : 0;
	} else if (f->setuid_root) {
		/*
		 * SPEC 4.1 says Fp = ALL; regular bits in Fp would hand back
		 * dropped regular capabilities even under
		 * SECURE_NO_SXID_SANITIZE, so only sanitize may do that.
		 */
		f->fp = NC_SYSTEM_MASK;
		f->fi = NC_ALL_MASK;
		f->fe = NC_ALL_MASK;
	} else if (policy == NC_POLICY_STRICT) {
		f->fp = 0;
		f->fi = NC_REGULAR_MASK;
		f->fe = 0;
	} else {
		/* inherit, and audit which computes as inherit */
		f->fp = 0;
		f->fi = NC_ALL_MASK;
		f->fe = NC_ALL_MASK;
	}

	if (f->no_gain)
		f->fp = 0;
}

/*
 * Whether the exec leaves root: uid 0 was only the effective or saved uid,
 * and the euid the exec leaves (the old one when the setuid bits are
 * ignored) is not 0, so suid := euid drops the last root id.
 */
static bool nc_exec_leaves_root(const struct nc_exec_in *in,
				const struct nc_file_masks *f)
{
	bool ids_kept = f->no_gain || in->limited;

	return in->held_root &&
	       !(ids_kept ? in->euid_was_root : in->euid_root);
}

/*
 * The Pi and Pe the equations read. The root rule: root passes on what it
 * holds, whatever its Pi says (runtimes and service managers clear Pi
 * before they exec a root program), and a bounding-set drop takes effect.
 * An exec that leaves root passes on no system capability of Pi but what
 * is ambient, as the setuid family narrows Pi when it leaves root: root's
 * Pi must not reach a helper that runs as the user.
 * Only system bits: the regular region is the same in Pp, Pe and Pi.
 */
static bool nc_exec_read_sets(const struct nc_exec_in *in,
			      const struct nc_file_masks *f, u64 *pi, u64 *pe)
{
	*pi = in->pi;
	*pe = in->pe;
	if (nc_exec_leaves_root(in, f)) {
		*pi &= NC_REGULAR_MASK | in->pa;
		return false;
	}
	if (!in->root)
		return false;
	*pi = (in->pp & in->bnd & NC_SYSTEM_MASK) | (in->pi & NC_REGULAR_MASK);
	*pe = (in->pp & NC_SYSTEM_MASK) | (in->pe & NC_REGULAR_MASK);
	return true;
}

/* Madore's equations with mainline's ambient set, then the sanitize rule. */
static void nc_exec_sets(const struct nc_exec_in *in,
			 const struct nc_file_masks *f,
			 struct nc_exec_out *out)
{
	u64 pa = 0, pi, pe;
	bool root = nc_exec_read_sets(in, f, &pi, &pe);

	/* As mainline: file capabilities or a setid exec cancel ambient. */
	if (!in->has_xattr && !f->setid)
		pa = in->pa & NC_SYSTEM_MASK;

	out->pa = pa;
	out->pp = (pi & f->fi) | (f->fp & in->bnd) | pa;
	out->pe = (pi & pe & f->fi) | (f->fp & f->fe & in->bnd) | pa;
	/*
	 * As mainline: a program whose masks carry the effective flag assumes
	 * it runs with its Fp; when the bounding set withholds part of it the
	 * exec fails rather than run it short ("insufficient to execute
	 * correctly"). Checked before no_new_privs limits the sets, as there.
	 */
	out->insufficient = in->has_xattr && in->fe &&
			    (f->fp & ~out->pp) != 0;
	/*
	 * no_new_privs, unsafe ptrace: as mainline, what the process held
	 * passes on and the file adds nothing; the ids stay (caller).
	 */
	if (in->limited) {
		out->pp &= in->pp;
		out->pe &= out->pp;
	}
	out->gained = !in->limited && (f->fp & in->bnd & ~in->pp) != 0;
	out->no_gain = f->no_gain || in->limited;

	/*
	 * Only a real gain sanitizes: an exec that merely switches to an id
	 * the process already holds, or hands it capabilities it already
	 * has, must not give back what it dropped; nor may anything a user
	 * set up in a user namespace of its own (setcap or setuid files
	 * there), since it grants privilege in that namespace only.
	 */
	out->sanitized = (f->setid_new || out->gained) && !in->limited &&
			 !in->no_sxid_sanitize && !in->child_userns;
	if (out->sanitized) {
		out->pp |= NC_REGULAR_MASK & in->bnd;
		out->pe |= NC_REGULAR_MASK & in->bnd;
	}
	/* root to a non-root euid: as the setuid family, P'e loses root's */
	if (in->setuid_fixup && !out->no_gain)
		out->pe &= ~NC_SYSTEM_MASK | pa;
	/*
	 * Madore: P'i = P'p. Root keeps the Pi it was given, as mainline,
	 * within P'p: it passes everything on to root by the root rule, not
	 * by Pi, so tools that save and restore root's sets around a uid
	 * change hand on only what they add.
	 */
	out->pi = out->pp;
	if (root)
		out->pi &= in->pi | NC_REGULAR_MASK;
	out->strict_lost = 0;
	/* What Fi = ALL would have kept: strict's rule or the label took it */
	out->removed = pi & in->pp & NC_SYSTEM_MASK & ~out->pp;
}

/**
 * nc_exec_transition() - compute the capability sets after an exec
 * @in: the process sets, the file masks and the flags of the exec
 * @out: the new process sets
 *
 * The file masks come from the xattr when @in->has_xattr, else from the
 * setuid-root rule, else from @in->policy. The no-gain rule holds when
 * @in->no_gain is set or @in->pe lacks cap_reg_sxid: the file's permitted
 * mask is then taken as empty and the setuid/setgid bits are ignored.
 * Then::
 *
 *   P'a = 0 if the file has masks or the exec is setid,
 *         else the system part of Pa
 *   P'p = (Pi & Fi) | (Fp & bnd) | P'a
 *   P'e = (Pi & Pe & Fi) | (Fp & Fe & bnd) | P'a
 *   P'i = P'p, under the root rule P'i = Pi & P'p
 *
 * where, under the root rule (@in->root), Pi is read as Pp & bnd and Pe as
 * Pp, and at an exec that leaves root (@in->held_root, the euid the exec
 * leaves not 0) Pi is read as Pi & (REGULAR | Pa). Masks with the
 * effective flag whose Fp (after the no-gain rule) is not within P'p set
 * @out->insufficient: the caller fails the exec, as mainline. With
 * @in->limited (no_new_privs, unsafe ptrace) P'p is then limited to Pp;
 * with @in->setuid_fixup (euid 0 to non-zero) P'e keeps no system
 * capability beyond P'a.
 *
 * An exec that really raises privilege -- the setuid/setgid bits make euid
 * or egid an id the process did not hold (@in->setid_new, unless the no-gain
 * rule holds), or Fp & bnd adds a capability not in Pp -- reinstates
 * REGULAR & bnd in P'p, P'e and P'i, unless @in->no_sxid_sanitize is set
 * or the exec runs in a user namespace other than the initial one
 * (@in->child_userns): a regular capability dropped from the bounding set
 * stays dropped.
 * For NC_POLICY_AUDIT the sets are those of NC_POLICY_INHERIT. For
 * NC_POLICY_AUDIT and NC_POLICY_STRICT, @out->strict_lost names what strict
 * removes (would remove) from the permitted or the effective set compared
 * with inherit. Under every policy @out->removed names the system
 * capabilities of Pp ∩ Pi (as read above) that P'p lacks: those strict's
 * Fi or the file's took from a caller that held them.
 */
void nc_exec_transition(const struct nc_exec_in *in, struct nc_exec_out *out)
{
	struct nc_file_masks f;

	u64 pi, pe;

	nc_get_file_masks(in, in->policy, &f);
	nc_exec_sets(in, &f, out);

	if (in->policy == NC_POLICY_INHERIT || in->has_xattr || f.setuid_root)
		return;
	nc_exec_read_sets(in, &f, &pi, &pe);
	/*
	 * Without masks the two policies differ only in Fi: inherit's is
	 * ALL, strict's the regular region; Fp is empty in both and sanitize
	 * adds regular bits only. So strict takes the system part of Pi from
	 * P'p (and from P'e, whose Pi part is within it), except what the
	 * ambient set carries on. Closed form: no second evaluation per exec.
	 */
	out->strict_lost = pi & NC_SYSTEM_MASK & ~out->pa;
	/* no_new_privs: inherit would not have passed on what Pp lacks */
	if (in->limited)
		out->strict_lost &= in->pp;
}

/**
 * nc_policy_name() - name of a policy
 * @policy: the policy
 *
 * Return: "inherit", "strict" or "audit"; NULL for an invalid @policy.
 */
const char *nc_policy_name(enum nc_policy policy)
{
	if ((unsigned int)policy >= NC_POLICY_COUNT)
		return NULL;
	return nc_policy_names[policy];
}

/**
 * nc_policy_strictest() - the stricter of two policies
 * @a: a policy
 * @b: another policy
 *
 * strict is stricter than audit, and audit than inherit: audit computes as
 * inherit but reports, so it never grants more. Used for the policies of
 * an exec chain and for a policy stored on the medium, which may only
 * tighten default_policy.
 *
 * Return: @a or @b, whichever is stricter.
 */
enum nc_policy nc_policy_strictest(enum nc_policy a, enum nc_policy b)
{
	static const unsigned char rank[NC_POLICY_COUNT] = {
		[NC_POLICY_INHERIT] = 0,
		[NC_POLICY_AUDIT] = 1,
		[NC_POLICY_STRICT] = 2,
	};

	if ((unsigned int)a >= NC_POLICY_COUNT)
		return b;
	if ((unsigned int)b >= NC_POLICY_COUNT)
		return a;
	return rank[a] >= rank[b] ? a : b;
}

/**
 * nc_policy_parse() - parse a policy name
 * @s: the text, not necessarily NUL-terminated
 * @len: its exact length (a caller strips a trailing newline first)
 * @policy: set to the policy on success
 *
 * Only the lowercase names are accepted.
 *
 * Return: 0 on success, -EINVAL otherwise.
 */
int nc_policy_parse(const char *s, size_t len, enum nc_policy *policy)
{
	unsigned int i;

	if (!s || len == 0)
		return -EINVAL;
	for (i = 0; i < NC_POLICY_COUNT; i++) {
		if (nc_eq(s, len, nc_policy_names[i])) {
			*policy = (enum nc_policy)i;
			return 0;
		}
	}
	return -EINVAL;
}

/**
 * nc_cap_name() - libcap name of a capability
 * @cap: the capability number
 *
 * Return: the name with its "cap_" prefix, e.g. "cap_net_raw" or
 * "cap_reg_fork"; NULL when @cap is not a defined capability.
 */
const char *nc_cap_name(unsigned int cap)
{
	if (cap > NC_CAP_REG_LAST)
		return NULL;
	return nc_cap_names[cap];
}

/**
 * nc_cap_parse() - parse a capability name
 * @s: the name, not necessarily NUL-terminated
 * @len: its exact length
 * @cap: set to the capability number on success
 *
 * The name is matched without regard to ASCII case, and its "cap_" prefix
 * is optional: "cap_net_raw", "NET_RAW" and "Cap_Net_Raw" all give 13.
 * System and regular capabilities are both accepted.
 *
 * Return: 0 on success, -EINVAL for an empty or unknown name.
 */
int nc_cap_parse(const char *s, size_t len, unsigned int *cap)
{
	unsigned int i;

	if (!s)
		return -EINVAL;
	if (len >= NC_CAP_PREFIX_LEN &&
	    nc_eq_nocase(s, NC_CAP_PREFIX_LEN, NC_CAP_PREFIX)) {
		s += NC_CAP_PREFIX_LEN;
		len -= NC_CAP_PREFIX_LEN;
	}
	if (len == 0)
		return -EINVAL;
	for (i = 0; i <= NC_CAP_REG_LAST; i++) {
		if (nc_cap_names[i] &&
		    nc_eq_nocase(s, len, nc_cap_names[i] + NC_CAP_PREFIX_LEN)) {
			*cap = i;
			return 0;
		}
	}
	return -EINVAL;
}

/* Parse "0x" HEX into a non-empty mask of system capabilities. */
static int nc_parse_hex(const char *s, size_t len, u64 *mask,
			const char **why)
{
	u64 v = 0;
	size_t i;
	int d;

	if (len < 3) {
		*why = "hex mask has no digits after 0x";
		return -EINVAL;
	}
	for (i = 2; i < len; i++) {
		d = nc_hexval(s[i]);
		if (d < 0) {
			*why = "malformed hex mask";
			return -EINVAL;
		}
		if (v >> 60) {
			*why = "hex mask does not fit in 64 bits";
			return -EINVAL;
		}
		v = (v << 4) | (u64)d;
	}
	if (v == 0) {
		*why = "mask is empty";
		return -EINVAL;
	}
	if (v & ~NC_SYSTEM_MASK) {
		*why = "mask has bits outside the system capabilities";
		return -EINVAL;
	}
	*mask = v;
	return 0;
}

/* Parse NAME[:NAME...] into a mask of system capabilities. */
static int nc_parse_names(const char *s, size_t len, u64 *mask,
			  const char **why)
{
	u64 v = 0;
	size_t start = 0, end;
	unsigned int cap;

	while (start <= len) {
		end = start;
		while (end < len && s[end] != ':')
			end++;
		if (end == start) {
			*why = "empty capability name";
			return -EINVAL;
		}
		if (nc_cap_parse(s + start, end - start, &cap)) {
			*why = "unknown capability name";
			return -EINVAL;
		}
		if (cap > NC_CAP_LAST_SYSTEM) {
			*why = "regular capabilities cannot be in a file mask";
			return -EINVAL;
		}
		v |= NC_BIT(cap);
		start = end + 1;
	}
	*mask = v;
	return 0;
}

static const char nc_why_flag_p[] =
	"flag 'p' refused: a default may never grant forced capabilities";

/* Parse the flags after '+': 'i' required, 'e' optional, each once. */
static int nc_parse_flags(const char *s, size_t len, bool *fe,
			  const char **why)
{
	bool i_seen = false, e_seen = false;
	size_t i;

	if (len == 0) {
		*why = "no flags after '+'";
		return -EINVAL;
	}
	for (i = 0; i < len; i++) {
		switch (nc_tolower(s[i])) {
		case 'i':
			if (i_seen) {
				*why = "flag 'i' given twice";
				return -EINVAL;
			}
			i_seen = true;
			break;
		case 'e':
			if (e_seen) {
				*why = "flag 'e' given twice";
				return -EINVAL;
			}
			e_seen = true;
			break;
		case 'p':
			*why = nc_why_flag_p;
			return -EINVAL;
		default:
			*why = "unknown flag (only 'i' and 'e' are accepted)";
			return -EINVAL;
		}
	}
	if (!i_seen) {
		*why = "flag 'i' is required";
		return -EINVAL;
	}
	*fe = e_seen;
	return 0;
}

/**
 * nc_capdefault_parse() - parse the value of the capdefault= mount option
 * @s: the value, not necessarily NUL-terminated
 * @len: its exact length
 * @out: set to the parsed masks on success, untouched on failure
 * @why: if not NULL, set on failure to a short English reason (a static
 *	string, for a log line); left untouched on success
 *
 * The value is "none", or LIST "+" FLAGS. LIST is system capability names
 * (libcap spelling, "cap_" prefix optional, any case) joined by ':', or a
 * non-zero hex mask of system capabilities with a 0x prefix. FLAGS holds
 * 'i' and optionally 'e', each at most once, in any order and case; 'p' is
 * refused. Duplicate names are accepted.
 *
 * Return: 0 on success, -EINVAL on any error.
 */
int nc_capdefault_parse(const char *s, size_t len, struct nc_capdefault *out,
			const char **why)
{
	const char *reason = NULL;
	size_t i, plus = 0, nplus = 0;
	u64 mask;
	bool fe;
	int ret;

	if (!s || len == 0) {
		reason = "empty value";
		goto fail;
	}
	if (len >= NC_CAPDEFAULT_MAX) {
		reason = "value too long";
		goto fail;
	}
	for (i = 0; i < len; i++) {
		if (s[i] == '\0') {
			reason = "embedded NUL character";
			goto fail;
		}
		if (nc_isspace(s[i])) {
			reason = "white space is not allowed";
			goto fail;
		}
		if (s[i] == '+') {
			plus = i;
			nplus++;
		}
	}
	if (nc_eq(s, len, "none")) {
		out->set = false;
		out->fi = 0;
		out->fe = false;
		return 0;
	}
	if (nplus == 0) {
		reason = "missing '+' and flags";
		goto fail;
	}
	if (nplus > 1) {
		reason = "more than one '+'";
		goto fail;
	}
	if (plus == 0) {
		reason = "empty capability list";
		goto fail;
	}

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		ret = nc_parse_hex(s, plus, &mask, &reason);
	} else if (s[0] >= '0' && s[0] <= '9') {
		reason = "hex mask needs the 0x prefix";
		ret = -EINVAL;
	} else {
		ret = nc_parse_names(s, plus, &mask, &reason);
	}
	if (ret)
		goto fail;

	ret = nc_parse_flags(s + plus + 1, len - plus - 1, &fe, &reason);
	if (ret)
		goto fail;

	out->set = true;
	out->fi = mask;
	out->fe = fe;
	return 0;

fail:
	if (why)
		*why = reason;
	return -EINVAL;
}

/* Append str at buf[*n], keeping room for the NUL; false if it overflows. */
static bool nc_put(char *buf, size_t size, size_t *n, const char *str)
{
	for (; *str; str++) {
		if (*n + 1 >= size)
			return false;
		buf[(*n)++] = *str;
	}
	return true;
}

/**
 * nc_capdefault_format() - canonical text of capdefault= masks
 * @d: the masks
 * @buf: the output buffer
 * @size: its size in bytes
 *
 * Writes "none" when @d->set is false, else the capability names in
 * ascending order with their "cap_" prefix joined by ':', then "+i" or
 * "+ie". nc_capdefault_parse() of the result gives back @d. The buffer is
 * NUL-terminated whenever @size > 0; on failure it holds "".
 * NC_CAPDEFAULT_MAX bytes are always enough.
 *
 * Return: the length written, without the NUL; -ENOSPC when it does not fit
 * in @size bytes; -EINVAL when @d is set but its @fi is empty or has bits
 * outside the system capabilities (no text would parse back to it).
 */
int nc_capdefault_format(const struct nc_capdefault *d, char *buf,
			 size_t size)
{
	size_t n = 0;
	unsigned int cap;
	bool first = true;
	int ret = -ENOSPC;

	if (d->set && (d->fi == 0 || (d->fi & ~NC_SYSTEM_MASK))) {
		ret = -EINVAL;
		goto fail;
	}
	if (!d->set) {
		if (!nc_put(buf, size, &n, "none"))
			goto fail;
		goto done;
	}
	for (cap = 0; cap <= NC_CAP_LAST_SYSTEM; cap++) {
		if (!(d->fi & NC_BIT(cap)))
			continue;
		if (!first && !nc_put(buf, size, &n, ":"))
			goto fail;
		if (!nc_put(buf, size, &n, nc_cap_names[cap]))
			goto fail;
		first = false;
	}
	if (!nc_put(buf, size, &n, d->fe ? "+ie" : "+i"))
		goto fail;
done:
	buf[n] = '\0';
	return (int)n;

fail:
	if (size > 0)
		buf[0] = '\0';
	return ret;
}
