// SPDX-License-Identifier: GPL-2.0
/*
 * Text the tools read from the kernel's securityfs (userspace/lib): audit
 * lines, the octal escapes of paths, the "mounts" and "stats" files.
 *
 *  - nc_audit_parse: an accepted line has an absolute path, and printing
 *    the event back (escaped path, lists by name) parses to the same
 *    event; a refused one has a message;
 *  - nc_unescape on the raw bytes (exact length: ASan sees a read past
 *    it): an accepted text has no NUL and escape/unescape gives it back;
 *    nc_escape of any string unescapes to itself;
 *  - nc_mounts_parse, nc_stats_parse: fields non-empty and without
 *    separators, or the number of the bad line.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "newcaps.h"

#ifndef NC_FUZZ_REGULAR
#error "NC_FUZZ_REGULAR: the path of a regular capabilities file"
#endif

static void check_audit(const char *line)
{
	struct nc_audit_event ev, back;
	char err[256] = "", *path, *lost, *used = NULL, *again;
	int ret;

	ret = nc_audit_parse(line, &ev, err, sizeof(err));
	if (ret) {
		FUZZ_CHECK(ret == -EINVAL && err[0], "refused: %d '%s'", ret,
			   err);
		return;
	}
	FUZZ_CHECK(ev.path && ev.path[0] == '/', "path not absolute");
	FUZZ_CHECK(ev.seq > 0 && ev.major <= 0xfff && ev.minor <= 0xfffff,
		   "numbers out of range");
	path = nc_escape(ev.path);
	lost = nc_caplist_format(ev.lost, ",");
	if (ev.state == NC_USED_DONE)
		used = nc_caplist_format(ev.used, ",");
	FUZZ_CHECK(path && lost && (ev.state != NC_USED_DONE || used),
		   "ENOMEM");
	if (asprintf(&again, "%llu %u:%u %llu %s %s%s%s", ev.seq, ev.major,
		     ev.minor, ev.ino, path, lost,
		     ev.state == NC_USED_UNKNOWN ? "" : " ",
		     ev.state == NC_USED_UNKNOWN ? "" :
		     ev.state == NC_USED_RUNNING ? "-" : used) < 0)
		abort();
	ret = nc_audit_parse(again, &back, err, sizeof(err));
	FUZZ_CHECK(ret == 0, "printed event '%s' refused: %s", again, err);
	FUZZ_CHECK(back.seq == ev.seq && back.major == ev.major &&
		   back.minor == ev.minor && back.ino == ev.ino &&
		   !strcmp(back.path, ev.path) && back.lost == ev.lost &&
		   back.state == ev.state &&
		   (ev.state != NC_USED_DONE || back.used == ev.used),
		   "'%s' is another event", again);
	nc_audit_event_free(&back);
	nc_audit_event_free(&ev);
	FUZZ_CHECK(ev.path == NULL, "free left the path");
	free(again);
	free(path);
	free(lost);
	free(used);
}

static void check_escapes(const uint8_t *data, size_t size, const char *text)
{
	char *raw = fuzz_copy(data, size, 0);
	char *plain = nc_unescape(raw, size), *esc, *back;

	if (plain) {
		FUZZ_CHECK(strlen(plain) <= size, "unescaped text grew");
		FUZZ_CHECK(!memchr(raw, '\0', size), "accepted a NUL");
		esc = nc_escape(plain);
		FUZZ_CHECK(esc, "ENOMEM");
		back = nc_unescape(esc, strlen(esc));
		FUZZ_CHECK(back && !strcmp(back, plain),
			   "escape of an unescaped text does not come back");
		free(esc);
		free(back);
		free(plain);
	} else {
		FUZZ_CHECK(errno == EINVAL, "unescape failed with %d", errno);
	}
	free(raw);

	esc = nc_escape(text);
	FUZZ_CHECK(esc && !strpbrk(esc, " \t\n"), "escape left a separator");
	back = nc_unescape(esc, strlen(esc));
	FUZZ_CHECK(back && !strcmp(back, text), "escape does not unescape");
	free(esc);
	free(back);
}

static void check_tables(const char *text)
{
	char *copy = strdup(text);
	struct nc_mount *m = NULL;
	struct nc_stat *st = NULL;
	int n, i, bad = 0;

	if (!copy)
		abort();
	n = nc_mounts_parse(copy, &m, &bad);
	if (n < 0) {
		FUZZ_CHECK(n == -EINVAL && bad > 0, "mounts: %d, line %d", n,
			   bad);
	} else {
		for (i = 0; i < n; i++) {
			const char *f[5] = { m[i].fstype, m[i].device,
				m[i].policy, m[i].origin, m[i].capdefault };
			int k;

			for (k = 0; k < 5; k++)
				FUZZ_CHECK(f[k] && f[k][0] &&
					   !strpbrk(f[k], " \n"),
					   "mounts line %d field %d", i, k);
		}
		free(m);
	}
	free(copy);

	copy = strdup(text);
	if (!copy)
		abort();
	bad = 0;
	n = nc_stats_parse(copy, &st, &bad);
	if (n < 0) {
		FUZZ_CHECK(n == -EINVAL && bad > 0, "stats: %d, line %d", n,
			   bad);
	} else {
		for (i = 0; i < n; i++)
			FUZZ_CHECK(st[i].name[0] &&
				   strspn(st[i].name,
					  "abcdefghijklmnopqrstuvwxyz_") ==
				   strlen(st[i].name),
				   "stats name '%s'", st[i].name);
		free(st);
	}
	free(copy);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (nc_regular_load(NC_FUZZ_REGULAR)) {
		dprintf(2, "cannot load %s\n", NC_FUZZ_REGULAR);
		abort();
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Up to the first NUL, as the tools read a line. */
	char *text = fuzz_copy(data, size, 1);

	check_audit(text);
	check_escapes(data, size, text);
	check_tables(text);
	free(text);
	return 0;
}
