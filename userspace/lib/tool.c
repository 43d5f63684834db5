// SPDX-License-Identifier: GPL-2.0
/*
 * What every newcaps tool does alike: util-linux's --help/--version
 * conventions, stdout write errors, libsmartcols tables.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libsmartcols.h>

#include "newcaps.h"

#ifndef NEWCAPS_VERSION_STRING
#define NEWCAPS_VERSION_STRING "unknown"
#endif

const char *nc_prog = "newcaps";

void nc_fail(int code, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", nc_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

char *nc_read_all(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "re") : stdin;
	size_t len = 0, size = 4096, n;
	char *text, *bigger;
	int err = 0;

	if (!f)
		return NULL;
	text = malloc(size);
	while (text) {
		n = fread(text + len, 1, size - len - 1, f);
		len += n;
		if (n == 0)
			break;
		if (size - len < 2) {
			bigger = realloc(text, size * 2);
			if (!bigger) {
				free(text);
				text = NULL;
				break;
			}
			text = bigger;
			size *= 2;
		}
	}
	if (!text)
		err = ENOMEM;
	else if (ferror(f))
		err = errno ? errno : EIO;
	else if (memchr(text, '\0', len))
		err = EINVAL;	/* text files only */
	if (f != stdin)
		fclose(f);
	if (err) {
		free(text);
		errno = err;
		return NULL;
	}
	text[len] = '\0';
	return text;
}

void nc_tryhelp(const char *prog, int code)
{
	fprintf(stderr, "Try '%s --help' for more information.\n", prog);
	exit(code);
}

void nc_usage_help_options(FILE *out, int width)
{
	fprintf(out, " %-*s%s\n", width - 1, "-h, --help", "display this help");
	fprintf(out, " %-*s%s\n", width - 1, "-V, --version", "display version");
}

void nc_usage_man_tail(FILE *out, const char *man)
{
	fprintf(out, "\nFor more details see %s.\n", man);
}

void nc_print_version(const char *prog)
{
	printf("%s from newcaps %s\n", prog, NEWCAPS_VERSION_STRING);
	exit(NC_EXIT_OK);
}

static void close_stdout(void)
{
	if (fflush(stdout) || ferror(stdout) || close(STDOUT_FILENO)) {
		if (errno != EPIPE && errno != EBADF)
			perror("write error");
		_exit(EXIT_FAILURE);
	}
}

void nc_close_stdout_atexit(void)
{
	atexit(close_stdout);
}

static void nomem(void)
{
	nc_fail(EXIT_FAILURE, "out of memory");
}

struct libscols_table *nc_table_new(const char *name, bool json)
{
	struct libscols_table *tb = scols_new_table();

	if (!tb)
		nomem();
	scols_table_set_name(tb, name);
	scols_table_enable_json(tb, json);
	return tb;
}

void nc_table_column(struct libscols_table *tb, const char *name,
		     int json_type, int flags)
{
	struct libscols_column *cl = scols_table_new_column(tb, name, 0, flags);

	if (!cl)
		nomem();
	scols_column_set_json_type(cl, json_type);
}

void nc_table_row(struct libscols_table *tb, const char *const *cells,
		  size_t ncols)
{
	struct libscols_line *ln = scols_table_new_line(tb, NULL);
	size_t i;

	if (!ln)
		nomem();
	for (i = 0; i < ncols; i++)
		if (scols_line_set_data(ln, i, cells[i]))
			nomem();
}

/*
 * libsmartcols prints one object per table, {"NAME": [...]}: keep what is
 * between the outer braces of each and join them into one object.
 */
int nc_tables_print_json(struct libscols_table **tables, size_t n)
{
	size_t i;

	fputs("{", stdout);
	for (i = 0; i < n; i++) {
		char *text = NULL, *open, *close;

		if (scols_print_table_to_string(tables[i], &text) || !text)
			nomem();
		open = strchr(text, '{');
		close = strrchr(text, '}');
		if (!open || !close || close < open) {
			free(text);
			errno = EINVAL;
			return -1;
		}
		*close = '\0';
		/* drop the newline after '{' and the one before '}' */
		while (close > open + 1 && close[-1] == '\n')
			*--close = '\0';
		printf("%s%s", i ? ",\n" : "\n", open + 1 + (open[1] == '\n'));
		free(text);
	}
	fputs("\n}\n", stdout);
	return ferror(stdout) ? -1 : 0;
}
