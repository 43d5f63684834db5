/* SPDX-License-Identifier: GPL-2.0 */
/*
 * newcapsctl why (why.c): the recent execs that removed capabilities,
 * from the losses file of the interface, and the policy lines of
 * newcaps-label that would keep them.
 */
#ifndef NEWCAPS_WHY_H
#define NEWCAPS_WHY_H

#include <stdbool.h>

/*
 * Print the losses @what names as a table (JSON with @json): NULL, every
 * one; all digits, those of that process and its running ancestors, and
 * those whose exec chain names it; anything else, those of that file.
 * Return NC_EXIT_OK when one matched, NC_EXIT_ABSENT when none did (and
 * nothing is printed); exit on errors.
 */
int nc_why(const char *what, bool json);

/*
 * Fail for a file of the interface that could not be read or written
 * (-errno @err); in newcapsctl.c.
 */
void nc_ctl_fail_file(const char *name, int err) __attribute__((noreturn));

#endif
