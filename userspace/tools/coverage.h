/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The privileged entry points of the running system and whether audit
 * runs saw them: newcaps-label --coverage (coverage.c).
 */
#ifndef NEWCAPS_COVERAGE_H
#define NEWCAPS_COVERAGE_H

#include "label-diff.h"

/*
 * struct nc_seen - what the events said of the programs they name:
 * @done, the finished execs (with what each used); @running, the paths
 * of events whose program had not finished.
 */
struct nc_seen {
	struct nc_uses done;
	struct nc_uses running;
};

/*
 * List every privileged entry point of the system at @root (NULL or "/":
 * the running one; else a directory holding an image of one, its paths
 * shown as the system names them) -- set-user-ID and
 * set-group-ID executables, files with capability masks (on every
 * filesystem but the kernel's pseudo ones), and the programs of the Exec*=
 * lines of the services systemd starts (*.wants and *.requires links,
 * drop-ins included) -- with what @seen says of each, as a table or JSON.
 * Files with masks are labelled already and do not count. Return the
 * percentage of the others that audit saw finish (100 when there are
 * none); exit 2 when the system cannot be read.
 */
double nc_coverage(const struct nc_seen *seen, const char *root, bool json);

#endif
