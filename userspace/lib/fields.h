/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside libnewcaps: what its parsers share. The fields of the kernel's
 * event lines, separated by single spaces, with paths escaped as
 * seq_escape() does: audit.c defines them for the audit file, losses.c
 * reads the losses file with them. Messages: nc_errf() (labels.c).
 */
#ifndef NEWCAPS_FIELDS_H
#define NEWCAPS_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include "newcaps.h"

/*
 * Number of fields of @line; 0 when a space is doubled, leading or
 * trailing (an empty line is one empty field).
 */
size_t nc_fields_count(const char *line);
/*
 * Field @n (0-based) of @line: start and length; false if absent (then
 * an empty field at the end of the line).
 */
bool nc_field(const char *line, unsigned int n, const char **start,
	      size_t *len);
/* A decimal number filling exactly s[0..len), at most @max. */
bool nc_number(const char *s, size_t len, unsigned long long max,
	       unsigned long long *v);
/*
 * A capability list of @len bytes at @s (nc_caplist_parse); 0, or -EINVAL
 * with "WHAT: reason" in @err, -ENOMEM.
 */
int nc_field_caplist(const char *s, size_t len, u64 *mask,
		     const char *what, char *err, size_t size);
/*
 * Fields @n, @n+1, @n+2 of @line: "MAJ:MIN INO PATH" of a file, the path
 * unescaped and absolute (malloc'd). 0, or -EINVAL with a reason in @err.
 */
int nc_field_file(const char *line, unsigned int n, unsigned int *maj,
		  unsigned int *min, unsigned long long *ino, char **path,
		  char *err, size_t size);

/* The message @fmt into @err (@size bytes); return -EINVAL. */
int nc_errf(char *err, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* NEWCAPS_FIELDS_H */
