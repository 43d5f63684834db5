/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Apply or check the masks of a policy on a tree, in parallel and, with a
 * state file, only where something changed (label-apply.c).
 */
#ifndef NEWCAPS_LABEL_APPLY_H
#define NEWCAPS_LABEL_APPLY_H

#include "newcaps.h"

enum nc_label_mode { NC_LABEL_APPLY, NC_LABEL_CHECK, NC_LABEL_DRY_RUN };

/**
 * struct nc_apply_opts - how to apply a policy
 * @mode: label, check or say what would be done
 * @jobs: threads (1: none)
 * @state: a state file: files whose inode, mtime and ctime are those it
 *	recorded for the same line are skipped, and labelling writes it anew
 *	(NULL: every file is opened)
 * @verbose: also report files that are right already
 */
struct nc_apply_opts {
	enum nc_label_mode mode;
	unsigned int jobs;
	const char *state;
	bool verbose;
};

/*
 * Apply @labels under @root ("" for /). Messages come in policy order
 * whatever the number of threads. Return the exit status of
 * newcaps-label(8): 0, 1 (check: differs), 3 (some files failed); exit 2
 * when the root or the state file cannot be read.
 */
int nc_label_apply(const struct nc_labels *labels, const char *root,
		   const struct nc_apply_opts *opts);

#endif
