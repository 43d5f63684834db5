/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What audit runs say each program used, with the evidence, and how that
 * differs from a policy: newcaps-label --from-audit --diff (label-diff.c).
 */
#ifndef NEWCAPS_LABEL_DIFF_H
#define NEWCAPS_LABEL_DIFF_H

#include "newcaps.h"

/* Runs (events files) one diff can name: a bit each in a u64. */
#define NC_RUNS_MAX	64

/**
 * struct nc_use - one program's finished execs in the runs read
 * @path: the program (malloc'd)
 * @execs: its finished execs
 * @runs: the runs it ran in (bit N: run N)
 * @used: every system capability it used
 * @count: per capability, the execs that used it
 * @cap_runs: per capability, the runs it was used in
 * @via: per capability, how it reached the program (bit 1 << enum nc_via)
 * @chains: per capability, the distinct chains of programs above the
 *	execs that used it, "A < B" each, joined by "; " (malloc'd, or NULL)
 */
struct nc_use {
	char *path;
	unsigned int execs;
	u64 runs, used;
	unsigned int count[64];
	u64 cap_runs[64];
	unsigned char via[64];
	char *chains[64];
};

struct nc_uses {
	struct nc_use *v;
	size_t n, alloc;
};

/* The program @path of @uses, or NULL. */
struct nc_use *nc_uses_find(const struct nc_uses *uses, const char *path);
/*
 * Count the finished event @ev of run @run, the programs above it @chain
 * ("" for none); 0 or -ENOMEM.
 */
int nc_uses_add(struct nc_uses *uses, const struct nc_audit_event *ev,
		unsigned int run, const char *chain);
/*
 * Print what the runs (@runs, their names) would change in @policy: per
 * program a row per capability added ("+", used, with how often, in which
 * runs, how it came and under which programs) or removed ("-", in Fi but used in none of the
 * program's execs; Fp is the administrator's and never removed), "new"
 * for a program the policy lacks that used nothing; with @all, also the
 * unchanged programs and those of the policy that did not run. A table,
 * or JSON. Return the number of programs that change.
 */
size_t nc_uses_diff(struct nc_uses *uses, struct nc_labels *policy,
		    const char *const *runs, bool json, bool all);
void nc_uses_free(struct nc_uses *uses);

#endif
