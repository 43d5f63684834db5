/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libnewcaps: what the newcaps tools have in common.
 *
 *  - capability names: libcap's for system capabilities, the kernel's
 *    /sys/kernel/security/newcaps/regular for regular ones (capnames.c);
 *  - the securityfs files (securityfs.c);
 *  - audit events and path escapes (audit.c);
 *  - the execs that removed capabilities, the losses file (losses.c);
 *  - policy files of newcaps-label (labels.c): clauses in the capdefault=
 *    grammar of mountopts/ (nc_capdefault_parse/format, the kernel's own
 *    parser), and in policy files only the permitted flag 'p';
 *  - file capabilities through libcap (fcaps.c);
 *  - libsmartcols tables and the tools' common options (tool.c).
 *
 * The system calls (capget/capset with the newcaps version) are in
 * ncsys.h, which has no library dependency.
 */
#ifndef NEWCAPS_NEWCAPS_H
#define NEWCAPS_NEWCAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ncsys.h"
#include "newcaps_policy.h"

struct libscols_table;

/* Exit codes shared by the tools (each man page lists its own). */
#define NC_EXIT_OK		0
#define NC_EXIT_USAGE		1
#define NC_EXIT_REFUSED		2
#define NC_EXIT_ABSENT		3

/* ---- capability names (capnames.c) ---------------------------------- */

/* Room for any name nc_capname() returns, with its NUL. */
#define NC_CAPNAME_MAX		64

/*
 * Load the regular capabilities from @path ("NUM NAME" lines), NULL for
 * the kernel's securityfs file. Return 0, or -errno (-EINVAL for a
 * malformed file; the previous table is kept on any failure).
 */
int nc_regular_load(const char *path);
/* Number of regular capabilities loaded. */
unsigned int nc_regular_count(void);
/* The mask of the regular capabilities loaded. */
u64 nc_regular_mask(void);

/*
 * Name of capability @cap into @buf (NC_CAPNAME_MAX bytes): libcap's name
 * for a system capability, the kernel's for a regular one, else the number
 * in decimal (as the kernel prints one it has no name for).
 */
const char *nc_capname(unsigned int cap, char *buf);

/*
 * One capability: a name (the "cap_" prefix optional, any case) or a
 * decimal number 0..63. Regular names only once nc_regular_load() has
 * succeeded. Return 0 or -EINVAL.
 */
int nc_capname_parse(const char *s, size_t len, unsigned int *cap);

/*
 * A list of capabilities separated by commas, or "none" for the empty
 * set. Return 0, or -EINVAL with a message naming the bad item in @err.
 */
int nc_caplist_parse(const char *text, u64 *mask, char *err, size_t size);

/* Names joined by @sep, "none" for an empty @mask; malloc'd, NULL on ENOMEM. */
char *nc_caplist_format(u64 mask, const char *sep);

/* ---- securityfs (securityfs.c) ----------------------------------------- */

#define NC_SECURITYFS		"/sys/kernel/security/newcaps"

/* A file of the interface a person may get or set by name. */
struct nc_knob {
	const char *name;
	bool writable;
	bool flag;		/* reads 0 or 1: a boolean in --json */
	const char *accepted;	/* the accepted values, for messages */
};

extern const struct nc_knob nc_knobs[];
extern const size_t nc_knob_count;
const struct nc_knob *nc_knob_find(const char *name);
/*
 * Is @value one of the values @knob accepts (the kernel's forms: for
 * default_policy nc_policy_parse(), which the kernel uses)?
 */
bool nc_knob_valid(const struct nc_knob *knob, const char *value);

/*
 * The directory of the interface: $NEWCAPS_SECURITYFS if set (for tests),
 * else NC_SECURITYFS.
 */
const char *nc_securityfs_dir(void);

/*
 * 0 when newcaps is present and on, 1 when present and off (enabled is 0),
 * -errno when the interface cannot be read (-ENOENT: not in this kernel
 * or securityfs not mounted).
 */
int nc_present(void);

/* Whole file @name of the interface, malloc'd; 0 or -errno. */
int nc_file_read(const char *name, char **text);
/* A one-line file without its newline; 0 or -errno. */
int nc_knob_read(const char *name, char **value);
/* One write(2) of @value at offset 0; 0 or -errno (EINVAL: refused). */
int nc_knob_write(const char *name, const char *value);

/* A "mounts" line: FSTYPE DEVICE POLICY ORIGIN CAPDEFAULT. */
struct nc_mount {
	char *fstype, *device, *policy, *origin, *capdefault;
};

/*
 * Parse the text of the "mounts" file into a malloc'd array. Return the
 * number of lines, or -EINVAL naming the bad line (1-based) in *@bad.
 */
int nc_mounts_parse(char *text, struct nc_mount **mounts, int *bad);

/* A "stats" line: NAME VALUE. */
struct nc_stat {
	char *name;
	unsigned long long value;
};

int nc_stats_parse(char *text, struct nc_stat **stats, int *bad);

/* ---- audit events and escapes (audit.c) ---------------------------------- */

/* What an audit event says about the capabilities the program used. */
enum nc_used {
	NC_USED_UNKNOWN,	/* interface version 2: no USED field */
	NC_USED_RUNNING,	/* "-": the program still runs */
	NC_USED_DONE,		/* finished: @used is what it exercised */
};

/* How the lost capabilities reached the program (interface version 4). */
enum nc_via {
	NC_VIA_UNKNOWN,		/* versions 2 and 3 do not say */
	NC_VIA_INHERITABLE,	/* its caller's inheritable set */
	NC_VIA_ROOT,		/* the root rule: root's Pp and bounding set */
};

/**
 * struct nc_audit_event - one line of the audit file
 * @seq: sequence number, from 1
 * @major: device major number
 * @minor: device minor number
 * @ino: inode number
 * @path: the path, unescaped (malloc'd)
 * @lost: what strict would have removed
 * @state: whether @used is known
 * @used: the capabilities the program used (NC_USED_DONE only)
 * @via: how they reached it (version 4; NC_VIA_UNKNOWN before)
 * @parent: the event of the program that exec'd this one, whose uses
 *	these count for too (version 6); 0 for none or before version 6
 * @script: for a #! script (version 4), the script: @script.path is NULL
 *	otherwise; the event's own file is the interpreter
 */
struct nc_audit_event {
	unsigned long long seq;
	unsigned int major, minor;
	unsigned long long ino;
	char *path;
	u64 lost;
	enum nc_used state;
	u64 used;
	enum nc_via via;
	unsigned long long parent;
	struct {
		unsigned int major, minor;
		unsigned long long ino;
		char *path;
	} script;
};

/*
 * Parse one line (without its newline) of the audit file, version 2 (5
 * fields), 3 (6 fields), 4 and 5 (7, or 10 for a script) or 6 (8, or 11
 * for a script). Return 0, or -EINVAL with a reason in @err.
 */
int nc_audit_parse(const char *line, struct nc_audit_event *ev,
		   char *err, size_t size);
void nc_audit_event_free(struct nc_audit_event *ev);

/*
 * Undo the kernel's seq_escape(): \NNN (three octal digits) is one byte.
 * Return a malloc'd string, NULL with errno EINVAL for a malformed escape,
 * an escaped NUL or a raw space, tab or newline.
 */
char *nc_unescape(const char *s, size_t len);
/* Escape space, tab, newline and backslash as \NNN; malloc'd. */
char *nc_escape(const char *s);

/* ---- execs that removed capabilities (losses.c) -------------------------- */

/* Why an exec removed capabilities (interface version 6). */
enum nc_loss_cause {
	NC_LOSS_UNLABELED,	/* strict's rule: the file has no masks */
	NC_LOSS_LABEL,		/* the file's inheritable mask Fi */
};

/* The most links of the exec chain a line of the losses file gives. */
#define NC_LOSS_LINKS_MAX	4

/**
 * struct nc_loss - one line of the losses file
 * @seq: sequence number, from 1
 * @pid: the process that exec'd (thread-group id, initial pid namespace)
 * @uid: its real uid (initial user namespace)
 * @major: device major number of the program whose masks decided (for a
 *	script, its interpreter)
 * @minor: device minor number
 * @ino: inode number
 * @path: its path, unescaped (malloc'd)
 * @policy: the policy of the exec (the program's filesystem's)
 * @cause: strict's rule or the file's Fi
 * @removed: the capabilities removed from the permitted set; never empty
 * @nlinks: how many @links the line gives, 0 to NC_LOSS_LINKS_MAX
 * @links: the exec chain above, nearest first: the program @pid ran
 *	before (so links[0].pid is @pid), then its parent's, and so on;
 *	each path unescaped (malloc'd)
 */
struct nc_loss {
	unsigned long long seq;
	unsigned int pid, uid;
	unsigned int major, minor;
	unsigned long long ino;
	char *path;
	enum nc_policy policy;
	enum nc_loss_cause cause;
	u64 removed;
	unsigned int nlinks;
	struct {
		unsigned int pid;
		char *path;
	} links[NC_LOSS_LINKS_MAX];
};

/*
 * Parse one line (without its newline) of the losses file:
 * "SEQ PID UID MAJ:MIN INO PATH POLICY CAUSE REMOVED [LINK...]", each LINK
 * "PID:PATH". Return 0, or -EINVAL with a reason in @err (-ENOMEM).
 */
int nc_loss_parse(const char *line, struct nc_loss *loss, char *err,
		  size_t size);
void nc_loss_free(struct nc_loss *loss);
/* The file's word for @cause: "unlabeled" or "label". */
const char *nc_loss_cause_name(enum nc_loss_cause cause);

/* ---- file capabilities (fcaps.c) ----------------------------------------- */

/*
 * The masks of a file: as read from its security.capability, or as a
 * policy line wants them. Only system bits are ever written.
 */
struct nc_fcaps {
	bool present;	/* the file has a security.capability */
	u64 fp, fi;
	bool fe;	/* the effective flag: on every bit of Fp | Fi */
};

/* Read the masks of the open file @fd; 0 or -1 with errno. */
int nc_fcaps_get(int fd, struct nc_fcaps *caps);
/*
 * Write @want onto @fd in one setxattr (!@want->present: remove the
 * xattr); 0 or -1 with errno.
 */
int nc_fcaps_set(int fd, const struct nc_fcaps *want);
/* Does the file carry exactly the masks @want asks for (Fp, Fi, Fe)? */
bool nc_fcaps_match(const struct nc_fcaps *caps, const struct nc_fcaps *want);
/* libcap's text of the masks ("cap_net_raw=ep"), "none"; malloc'd. */
char *nc_fcaps_text(const struct nc_fcaps *caps);

/* ---- policy files of newcaps-label (labels.c) ---------------------------- */

/*
 * The SPEC of a policy line: "none", or clauses separated by blanks, each
 * a capdefault= value (nc_capdefault_parse) or, in policy files only, one
 * whose flags hold 'p': the capabilities go to Fp, and to Fi too with 'i'.
 */
#define NC_LABEL_SPEC_FORMS \
	"none, or clauses NAME[:NAME...]+FLAGS or 0xMASK+FLAGS separated by spaces; " \
	"FLAGS from p, i and e, with p or i, e on every clause or none " \
	"(system capabilities only)"
/* Longest formatted SPEC, with its NUL: three clauses. */
#define NC_LABEL_SPEC_MAX	(3 * NC_CAPDEFAULT_MAX)

/**
 * struct nc_label - a policy line: PATH SPEC
 * @path: absolute path, unescaped (malloc'd)
 * @masks: what the file must carry; !@masks.present means no xattr
 * @line: line number in the file it came from (0: not from a file)
 */
struct nc_label {
	char *path;
	struct nc_fcaps masks;
	unsigned int line;
};

struct nc_labels {
	struct nc_label *v;
	size_t n, alloc;
};

/*
 * Parse the SPEC @s of @len bytes (without the path). Return 0, or
 * -EINVAL with a message naming the bad clause in @err.
 */
int nc_label_spec_parse(const char *s, size_t len, struct nc_fcaps *masks,
			char *err, size_t size);
/*
 * Canonical text of @masks: "none", or up to three clauses, "+p" (Fp
 * only), "+pi" (both), "+i" (Fi only), each with "e" when Fe is set;
 * nc_label_spec_parse() of it gives back @masks. Return the length, or
 * -EINVAL (present but empty, or bits outside the system capabilities),
 * -ENOSPC; NC_LABEL_SPEC_MAX bytes are always enough.
 */
int nc_label_spec_format(const struct nc_fcaps *masks, char *buf,
			 size_t size);
/*
 * Read a policy file. Each bad line is reported on stderr as
 * "NAME:LINE: message" (a line whose path an earlier line of the file
 * names is one, reported after the others); return the number of bad
 * lines (the good ones are in @labels), or -errno when the file cannot
 * be read.
 */
int nc_labels_read(FILE *f, const char *name, struct nc_labels *labels);
/* Parse one line; 0, 1 for a blank or comment line, -EINVAL with @err. */
int nc_labels_parse_line(const char *line, struct nc_label *label,
			 char *err, size_t size);
/* The label of @path, or NULL. */
struct nc_label *nc_labels_find(struct nc_labels *labels, const char *path);
/*
 * Add @masks to the label of @path (union of Fp and of Fi, Fe if either
 * has it; absent masks add nothing), creating the label if there is none.
 * Learning passes Fi only, so a line's Fp is kept and never invented.
 * 0 or -ENOMEM.
 */
int nc_labels_merge(struct nc_labels *labels, const char *path,
		    const struct nc_fcaps *masks);
/* Write the labels sorted by path, one "PATH SPEC" line each. */
int nc_labels_write(FILE *f, struct nc_labels *labels);
void nc_labels_free(struct nc_labels *labels);

/* ---- the tools' common parts (tool.c) ------------------------------------ */

/* The running tool's name, for messages; each tool sets it first. */
extern const char *nc_prog;

/* "PROG: message" on stderr, then exit @code. */
void nc_fail(int code, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));

/*
 * The whole of file @path ("-": standard input) as a string, malloc'd;
 * NULL with errno on failure (EINVAL: the file has a NUL byte). An empty
 * file gives "".
 */
char *nc_read_all(const char *path);

/* "Try 'PROG --help' for more information." and exit @code. */
void nc_tryhelp(const char *prog, int code) __attribute__((noreturn));
/* The -h and -V lines of --help, descriptions at column @width. */
void nc_usage_help_options(FILE *out, int width);
/* "For more details see MAN." */
void nc_usage_man_tail(FILE *out, const char *man);
/* "PROG from newcaps VERSION" and exit 0. */
void nc_print_version(const char *prog) __attribute__((noreturn));
/* Make a write error on stdout fail the program (util-linux style). */
void nc_close_stdout_atexit(void);

/*
 * A libsmartcols table named @name (the key of its JSON array), JSON when
 * @json. Exits on ENOMEM.
 */
struct libscols_table *nc_table_new(const char *name, bool json);
/* A column; @json_type is a SCOLS_JSON_* value. */
void nc_table_column(struct libscols_table *tb, const char *name,
		     int json_type, int flags);
/* Add a line of @ncols cells (strings, copied). */
void nc_table_row(struct libscols_table *tb, const char *const *cells,
		  size_t ncols);
/*
 * Print tables as one JSON object: {"a": [...], "b": [...]}; each table's
 * own name is its key. Returns 0 or -1 on a write error.
 */
int nc_tables_print_json(struct libscols_table **tables, size_t n);

#endif /* NEWCAPS_NEWCAPS_H */
