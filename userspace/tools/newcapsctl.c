// SPDX-License-Identifier: GPL-2.0
/*
 * newcapsctl: the state of newcaps at a glance, its knobs, counters,
 * audit events and the execs that removed capabilities (SPEC 6 and 7,
 * why.c). See newcapsctl(8).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>
#include <libmount.h>
#include <libsmartcols.h>

#include "newcaps.h"
#include "why.h"

static const char *prog = "newcapsctl";
static bool json;

static void __attribute__((noreturn)) usage(void)
{
	FILE *out = stdout;

	fputs("\nUsage:\n", out);
	fprintf(out, " %s [status] [options]\n", prog);
	fprintf(out, " %s get <knob> [options]\n", prog);
	fprintf(out, " %s set <knob> <value>\n", prog);
	fprintf(out, " %s stats [--reset] [options]\n", prog);
	fprintf(out, " %s audit [--follow] [options]\n", prog);
	fprintf(out, " %s why [<path>|<pid>] [options]\n", prog);
	fputs("\nShow and steer newcaps (/sys/kernel/security/newcaps).\n", out);
	fputs("\nCommands:\n", out);
	fputs(" status              on/off, policies, ext mounts, counters (default)\n", out);
	fputs(" get <knob>          print one knob: enabled, version, default_policy,\n"
	      "                       stored_policy, regular_dropped\n", out);
	fputs(" set <knob> <value>  set default_policy (inherit, strict, audit) or\n"
	      "                       stored_policy (tighten, trust, ignore)\n", out);
	fputs(" stats               the counters\n", out);
	fputs(" audit               the audit-mode events, decoded\n", out);
	fputs(" why [<path>|<pid>]  recent execs that removed capabilities (of that\n"
	      "                       file, or process and its ancestors), each with\n"
	      "                       the newcaps-label policy line that keeps it\n", out);
	fputs("\nOptions:\n", out);
	fputs(" -J, --json          JSON output (status, get, stats, audit, why)\n", out);
	fputs(" -r, --reset         stats: set every counter to zero\n", out);
	fputs(" -f, --follow        audit: keep printing new and finished events\n", out);
	nc_usage_help_options(out, 21);
	fputs("\nExit status: 0 ok, 1 usage, 2 the kernel refused, 3 newcaps not\n"
	      "present (status: or off; why: no exec matched).\n", out);
	nc_usage_man_tail(out, "newcapsctl(8)");
	exit(NC_EXIT_OK);
}

/* Fail for a securityfs file that could not be read or written (why.h). */
void nc_ctl_fail_file(const char *name, int err)
{
	if (err == -ENOENT && access(nc_securityfs_dir(), F_OK))
		nc_fail(NC_EXIT_ABSENT,
		     "newcaps is not in this kernel (no %s; is securityfs mounted?)",
		     nc_securityfs_dir());
	if (err == -EACCES || err == -EPERM)
		nc_fail(NC_EXIT_REFUSED, "%s/%s: %s (%s)", nc_securityfs_dir(),
		     name, strerror(-err),
		     !strcmp(name, "audit") || !strcmp(name, "losses") ?
		     "root only" :
		     "writing needs CAP_MAC_ADMIN");
	nc_fail(NC_EXIT_REFUSED, "%s/%s: %s", nc_securityfs_dir(), name,
	     strerror(-err));
}

static char *read_file(const char *name)
{
	char *text;
	int ret = nc_file_read(name, &text);

	if (ret)
		nc_ctl_fail_file(name, ret);
	return text;
}

static char *read_knob(const char *name)
{
	char *value;
	int ret = nc_knob_read(name, &value);

	if (ret)
		nc_ctl_fail_file(name, ret);
	return value;
}

static void print_table(struct libscols_table *tb)
{
	if (scols_print_table(tb))
		nc_fail(EXIT_FAILURE, "write error");
}

/* ---- knobs --------------------------------------------------------------- */

/* One-row table "newcaps" of the knobs (all, or just @only). */
static struct libscols_table *knobs_table(const char *only)
{
	struct libscols_table *tb = nc_table_new("newcaps", true);
	const char *cells[8];
	size_t i, n = 0;

	for (i = 0; i < nc_knob_count; i++) {
		if (only && strcmp(only, nc_knobs[i].name))
			continue;
		char *value;
		int type = SCOLS_JSON_STRING;
		int ret = nc_knob_read(nc_knobs[i].name, &value);

		/* in a table of all, a file an older kernel lacks is left out */
		if (ret == -ENOENT && !only)
			continue;
		if (ret)
			nc_ctl_fail_file(nc_knobs[i].name, ret);
		if (nc_knobs[i].flag)
			type = SCOLS_JSON_BOOLEAN;
		else if (*value && strspn(value, "0123456789") == strlen(value))
			type = SCOLS_JSON_NUMBER;	/* version */
		nc_table_column(tb, nc_knobs[i].name, type, 0);
		cells[n++] = value;
	}
	nc_table_row(tb, cells, n);
	for (i = 0; i < n; i++)
		free((char *)cells[i]);
	return tb;
}

static const struct nc_knob *find_knob(const char *name)
{
	const struct nc_knob *knob = nc_knob_find(name);
	size_t i;

	if (knob)
		return knob;
	fprintf(stderr, "%s: unknown knob '%s'; knobs:", prog, name);
	for (i = 0; i < nc_knob_count; i++)
		fprintf(stderr, "%s %s", i ? "," : "", nc_knobs[i].name);
	fputc('\n', stderr);
	exit(NC_EXIT_USAGE);
}

static int cmd_get(const char *name)
{
	const struct nc_knob *knob = find_knob(name);
	struct libscols_table *tb;
	char *value;

	if (json) {
		tb = knobs_table(knob->name);
		print_table(tb);
		scols_unref_table(tb);
		return NC_EXIT_OK;
	}
	value = read_knob(knob->name);
	printf("%s\n", value);
	free(value);
	return NC_EXIT_OK;
}

static int cmd_set(const char *name, const char *value)
{
	const struct nc_knob *knob = find_knob(name);
	int ret;

	if (!knob->writable)
		nc_fail(NC_EXIT_USAGE, "%s is read-only", knob->name);
	/* Checked here first: a bad value is a usage error, not sent. */
	if (!nc_knob_valid(knob, value))
		nc_fail(NC_EXIT_USAGE, "%s: invalid value '%s' (accepted: %s)",
			knob->name, value, knob->accepted);
	ret = nc_knob_write(knob->name, value);
	if (ret == -EINVAL)
		nc_fail(NC_EXIT_REFUSED,
		     "%s: the kernel refused '%s' (accepted: %s)",
		     knob->name, value, knob->accepted);
	if (ret)
		nc_ctl_fail_file(knob->name, ret);
	return NC_EXIT_OK;
}

/* ---- stats --------------------------------------------------------------- */

static struct libscols_table *stats_table(void)
{
	char *text = read_file("stats"), num[32];
	struct libscols_table *tb;
	struct nc_stat *stats;
	const char **cells;
	int n, i, bad = 0;

	n = nc_stats_parse(text, &stats, &bad);
	if (n == -ENOMEM)
		nc_fail(EXIT_FAILURE, "out of memory");
	if (n < 0)
		nc_fail(NC_EXIT_REFUSED, "%s/stats: line %d: expected 'NAME VALUE'",
		     nc_securityfs_dir(), bad);
	if (json) {
		/* one object: {"execs": N, ...} */
		tb = nc_table_new("stats", true);
		cells = calloc((size_t)n + 1, sizeof(*cells));
		if (!cells)
			nc_fail(EXIT_FAILURE, "out of memory");
		for (i = 0; i < n; i++) {
			nc_table_column(tb, stats[i].name, SCOLS_JSON_NUMBER, 0);
			snprintf(num, sizeof(num), "%llu", stats[i].value);
			cells[i] = strdup(num);
			if (!cells[i])
				nc_fail(EXIT_FAILURE, "out of memory");
		}
		nc_table_row(tb, cells, (size_t)n);
		for (i = 0; i < n; i++)
			free((char *)cells[i]);
		free(cells);
	} else {
		tb = nc_table_new("stats", false);
		nc_table_column(tb, "COUNTER", SCOLS_JSON_STRING, 0);
		nc_table_column(tb, "VALUE", SCOLS_JSON_NUMBER, SCOLS_FL_RIGHT);
		for (i = 0; i < n; i++) {
			const char *row[2] = { stats[i].name, num };

			snprintf(num, sizeof(num), "%llu", stats[i].value);
			nc_table_row(tb, row, 2);
		}
	}
	free(stats);
	free(text);
	return tb;
}

static int cmd_stats(bool reset)
{
	struct libscols_table *tb;
	int ret;

	if (reset) {
		ret = nc_knob_write("stats", "0");
		if (ret)
			nc_ctl_fail_file("stats", ret);
		return NC_EXIT_OK;
	}
	tb = stats_table();
	print_table(tb);
	scols_unref_table(tb);
	return NC_EXIT_OK;
}

/* ---- mounts -------------------------------------------------------------- */

/* The kernel's name of a block device (s_id): /sys/dev/block/M:m. */
static void device_name(dev_t dev, const char *source, char *buf, size_t size)
{
	char link[64], target[PATH_MAX];
	const char *name = source ? source : "", *base;
	ssize_t n;

	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", major(dev),
		 minor(dev));
	n = readlink(link, target, sizeof(target) - 1);
	if (n > 0) {
		target[n] = '\0';
		name = target;
	}
	base = strrchr(name, '/');
	if (base)
		name = base + 1;
	/* s_id holds 32 bytes: a longer name is not the kernel's */
	if (strlen(name) >= size)
		name = "";
	memcpy(buf, name, strlen(name) + 1);
}

static struct libscols_table *mounts_table(void)
{
	char *text = read_file("mounts"), name[256];
	struct libscols_table *tb = nc_table_new("mounts", json);
	struct libmnt_table *mt;
	struct libmnt_iter *it;
	struct libmnt_fs *fs;
	struct nc_mount *mounts;
	int n, i, bad = 0;

	n = nc_mounts_parse(text, &mounts, &bad);
	if (n == -ENOMEM)
		nc_fail(EXIT_FAILURE, "out of memory");
	if (n < 0)
		nc_fail(NC_EXIT_REFUSED,
		     "%s/mounts: line %d: expected 'FSTYPE DEVICE POLICY ORIGIN CAPDEFAULT'",
		     nc_securityfs_dir(), bad);
	nc_table_column(tb, "TARGET", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "SOURCE", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "FSTYPE", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "POLICY", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "ORIGIN", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "CAPDEFAULT", SCOLS_JSON_STRING, 0);

	mt = mnt_new_table_from_file("/proc/self/mountinfo");
	it = mnt_new_iter(MNT_ITER_FORWARD);
	if (!mt || !it)
		nc_fail(EXIT_FAILURE, "/proc/self/mountinfo: cannot read the mount table");
	for (i = 0; i < n; i++) {
		const char *row[6] = { "", mounts[i].device, mounts[i].fstype,
				       mounts[i].policy, mounts[i].origin,
				       mounts[i].capdefault };
		bool found = false;

		mnt_reset_iter(it, MNT_ITER_FORWARD);
		while (mnt_table_next_fs(mt, it, &fs) == 0) {
			const char *type = mnt_fs_get_fstype(fs);
			const char *source = mnt_fs_get_source(fs);

			if (!type || strcmp(type, mounts[i].fstype))
				continue;
			device_name(mnt_fs_get_devno(fs), source, name,
				    sizeof(name));
			if (strcmp(name, mounts[i].device))
				continue;
			row[0] = mnt_fs_get_target(fs);
			row[1] = source ? source : mounts[i].device;
			nc_table_row(tb, row, 6);
			found = true;
		}
		/* A superblock with no mount in this namespace. */
		if (!found)
			nc_table_row(tb, row, 6);
	}
	mnt_free_iter(it);
	mnt_unref_table(mt);
	free(mounts);
	free(text);
	return tb;
}

static int cmd_status(void)
{
	struct libscols_table *tables[3];
	char *version, *def, *stored;
	int present = nc_present();
	size_t i;

	if (present < 0)
		nc_ctl_fail_file("enabled", present);
	if (json) {
		tables[0] = knobs_table(NULL);
		tables[1] = mounts_table();
		tables[2] = stats_table();
		if (nc_tables_print_json(tables, 3))
			nc_fail(EXIT_FAILURE, "write error");
		for (i = 0; i < 3; i++)
			scols_unref_table(tables[i]);
		return present ? NC_EXIT_ABSENT : NC_EXIT_OK;
	}
	version = read_knob("version");
	def = read_knob("default_policy");
	stored = read_knob("stored_policy");
	printf("newcaps:         %s (interface version %s)\n",
	       present ? "off: the kernel behaves as without newcaps" : "on",
	       version);
	printf("default policy:  %s (ext mounts without caps=)\n", def);
	printf("stored policy:   %s (policies stored in superblocks)\n", stored);
	free(version);
	free(def);
	free(stored);

	tables[0] = mounts_table();
	tables[1] = stats_table();
	if (scols_table_get_nlines(tables[0])) {
		putchar('\n');
		print_table(tables[0]);
	} else {
		puts("\nno ext2/ext3/ext4 filesystem mounted");
	}
	putchar('\n');
	print_table(tables[1]);
	scols_unref_table(tables[0]);
	scols_unref_table(tables[1]);
	return present ? NC_EXIT_ABSENT : NC_EXIT_OK;
}

/* ---- audit --------------------------------------------------------------- */

/* Sequence numbers printed while their program still ran. */
struct pending {
	unsigned long long *seq;
	size_t n;
};

static bool pending_take(struct pending *p, unsigned long long seq)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		if (p->seq[i] == seq) {
			p->seq[i] = p->seq[--p->n];
			return true;
		}
	}
	return false;
}

static void pending_add(struct pending *p, unsigned long long seq)
{
	unsigned long long *v = realloc(p->seq, (p->n + 1) * sizeof(*v));

	if (!v)
		nc_fail(EXIT_FAILURE, "out of memory");
	p->seq = v;
	p->seq[p->n++] = seq;
}

static struct libscols_table *events_table(bool headings)
{
	struct libscols_table *tb = nc_table_new("events", json);

	scols_table_enable_noheadings(tb, !headings);
	nc_table_column(tb, "SEQ", SCOLS_JSON_NUMBER, SCOLS_FL_RIGHT);
	nc_table_column(tb, "DEVICE", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "INODE", SCOLS_JSON_NUMBER, SCOLS_FL_RIGHT);
	nc_table_column(tb, "PATH", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "STATE", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "LOST", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "USED", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "VIA", SCOLS_JSON_STRING, 0);
	nc_table_column(tb, "PARENT", SCOLS_JSON_NUMBER, SCOLS_FL_RIGHT);
	nc_table_column(tb, "SCRIPT", SCOLS_JSON_STRING, 0);
	return tb;
}

static void event_row(struct libscols_table *tb,
		      const struct nc_audit_event *ev)
{
	static const char *const states[] = {
		[NC_USED_UNKNOWN] = "unknown",
		[NC_USED_RUNNING] = "running",
		[NC_USED_DONE] = "done",
	};
	char seq[32], dev[32], ino[32], parent[32];
	/* As in the kernel's file; JSON null while USED is not known. */
	char *lost = nc_caplist_format(ev->lost, ",");
	char *used = ev->state == NC_USED_DONE ?
		     nc_caplist_format(ev->used, ",") :
		     strdup(json ? "" : ev->state == NC_USED_RUNNING ? "-" : "?");
	static const char *const vias[] = {
		[NC_VIA_UNKNOWN] = "",
		[NC_VIA_INHERITABLE] = "inheritable",
		[NC_VIA_ROOT] = "root",
	};
	const char *row[10] = { seq, dev, ino, ev->path, states[ev->state],
				lost, used, vias[ev->via], parent,
				ev->script.path ? ev->script.path : "" };

	if (!lost || !used)
		nc_fail(EXIT_FAILURE, "out of memory");
	snprintf(seq, sizeof(seq), "%llu", ev->seq);
	snprintf(dev, sizeof(dev), "%u:%u", ev->major, ev->minor);
	snprintf(ino, sizeof(ino), "%llu", ev->ino);
	snprintf(parent, sizeof(parent), "%llu", ev->parent);
	nc_table_row(tb, row, 10);
	free(lost);
	free(used);
}

/*
 * One pass over the audit file: events after @last, and events printed as
 * running that have finished since. Returns the newest sequence number.
 */
static unsigned long long audit_pass(unsigned long long last,
				     struct pending *pending, bool *headings,
				     bool follow)
{
	char *text = read_file("audit"), *line, *save = NULL, err[256];
	struct libscols_table *tb = events_table(*headings);
	unsigned long long newest = last;
	unsigned int lineno = 0;
	bool first = true;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct nc_audit_event ev;

		lineno++;
		if (nc_audit_parse(line, &ev, err, sizeof(err))) {
			fprintf(stderr, "%s: %s/audit: line %u: %s\n", prog,
				nc_securityfs_dir(), lineno, err);
			continue;
		}
		if (first && last && ev.seq > last + 1)
			fprintf(stderr,
				"%s: %llu events were overwritten before they could be read\n",
				prog, ev.seq - last - 1);
		first = false;
		if (ev.seq > last) {
			event_row(tb, &ev);
			if (follow && ev.state == NC_USED_RUNNING)
				pending_add(pending, ev.seq);
		} else if (ev.state != NC_USED_RUNNING &&
			   pending_take(pending, ev.seq)) {
			event_row(tb, &ev);
		}
		if (ev.seq > newest)
			newest = ev.seq;
		nc_audit_event_free(&ev);
	}
	if (scols_table_get_nlines(tb) || (!follow && json)) {
		print_table(tb);
		*headings = false;
	}
	fflush(stdout);
	scols_unref_table(tb);
	free(text);
	return newest;
}

static int cmd_audit(bool follow)
{
	/* securityfs has no inotify or poll: re-read once a second. */
	const struct timespec interval = { .tv_sec = 1 };
	struct pending pending = { 0 };
	unsigned long long last = 0;
	bool headings = true;

	/* Regular names in the events; a kernel without the file has none. */
	nc_regular_load(NULL);
	for (;;) {
		last = audit_pass(last, &pending, &headings, follow);
		if (!follow)
			break;
		nanosleep(&interval, NULL);
	}
	free(pending.seq);
	return NC_EXIT_OK;
}

int main(int argc, char **argv)
{
	enum { CMD_STATUS, CMD_GET, CMD_SET, CMD_STATS, CMD_AUDIT, CMD_WHY } cmd;
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'J' },
		{ "reset", no_argument, NULL, 'r' },
		{ "follow", no_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	bool reset = false, follow = false;
	const char *name;
	int c, nargs, present;

	nc_prog = prog;
	nc_close_stdout_atexit();
	while ((c = getopt_long(argc, argv, "JrfhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'J':
			json = true;
			break;
		case 'r':
			reset = true;
			break;
		case 'f':
			follow = true;
			break;
		case 'h':
			usage();
		case 'V':
			nc_print_version(prog);
		default:
			nc_tryhelp(prog, NC_EXIT_USAGE);
		}
	}
	name = optind < argc ? argv[optind++] : "status";
	nargs = argc - optind;
	if (!strcmp(name, "status") && nargs == 0)
		cmd = CMD_STATUS;
	else if (!strcmp(name, "get") && nargs == 1)
		cmd = CMD_GET;
	else if (!strcmp(name, "set") && nargs == 2)
		cmd = CMD_SET;
	else if (!strcmp(name, "stats") && nargs == 0)
		cmd = CMD_STATS;
	else if (!strcmp(name, "audit") && nargs == 0)
		cmd = CMD_AUDIT;
	else if (!strcmp(name, "why") && nargs <= 1)
		cmd = CMD_WHY;
	else if (!strcmp(name, "status") || !strcmp(name, "get") ||
		 !strcmp(name, "set") || !strcmp(name, "stats") ||
		 !strcmp(name, "audit") || !strcmp(name, "why")) {
		fprintf(stderr, "%s: %s: wrong number of arguments\n", prog,
			name);
		nc_tryhelp(prog, NC_EXIT_USAGE);
	} else {
		fprintf(stderr, "%s: unknown command '%s'\n", prog, name);
		nc_tryhelp(prog, NC_EXIT_USAGE);
	}
	if (reset && cmd != CMD_STATS)
		nc_fail(NC_EXIT_USAGE, "--reset goes with stats only");
	if (follow && cmd != CMD_AUDIT)
		nc_fail(NC_EXIT_USAGE, "--follow goes with audit only");
	if (json && (cmd == CMD_SET || reset))
		nc_fail(NC_EXIT_USAGE, "--json goes with the read commands only");

	present = nc_present();
	if (present < 0)
		nc_ctl_fail_file("enabled", present);

	switch (cmd) {
	case CMD_STATUS:
		return cmd_status();
	case CMD_GET:
		return cmd_get(argv[optind]);
	case CMD_SET:
		return cmd_set(argv[optind], argv[optind + 1]);
	case CMD_STATS:
		return cmd_stats(reset);
	case CMD_AUDIT:
		return cmd_audit(follow);
	case CMD_WHY:
		return nc_why(nargs ? argv[optind] : NULL, json);
	}
	return NC_EXIT_OK;
}
