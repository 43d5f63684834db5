// SPDX-License-Identifier: GPL-2.0
/*
 * newcaps-label: apply the masks of a policy file to a tree, report drift
 * between policy and disk, or learn a policy from audit events (SPEC 7).
 * See newcaps-label(8).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "coverage.h"
#include "label-apply.h"
#include "label-diff.h"
#include "newcaps.h"

/* Exit codes (newcaps-label(8)): 1 is setcap -v's "differs". */
#define EXIT_DIFFERS	1
#define EXIT_BADINPUT	2
#define EXIT_SOMEFAILED	3

static const char *prog = "newcaps-label";
static bool verbose;

static void __attribute__((noreturn)) usage(void)
{
	FILE *out = stdout;

	fputs("\nUsage:\n", out);
	fprintf(out, " %s [--check] [--dry-run] [-v] [-j <n>] [--state <file>] <policy> [<root>]\n", prog);
	fprintf(out, " %s --from-audit [<file>...|-] [--merge <policy>] [-o <output>]\n", prog);
	fprintf(out, " %s --from-audit [<file>...|-] --diff <policy> [--json] [-v]\n", prog);
	fprintf(out, " %s --coverage [<file>...|-] [--root <dir>] [--min <percent>] [--json]\n", prog);
	fputs("\nApply the capability masks of a policy file to the files it names,\n"
	      "check them, or learn a policy from newcaps audit events.\n", out);
	fputs("\nOptions:\n", out);
	fputs(" -c, --check           change nothing; report files that differ\n", out);
	fputs(" -n, --dry-run         change nothing; say what would be changed\n", out);
	fputs(" -v, --verbose         also report files that are right already\n", out);
	fputs(" -j, --jobs <n>        threads (default, and 0: one per CPU online)\n", out);
	fputs(" -s, --state <file>    skip the files whose inode, mtime and ctime are\n"
	      "                         those this file recorded for the same line;\n"
	      "                         labelling writes it anew\n", out);
	fputs(" -a, --from-audit      read audit events (default: the kernel's\n"
	      "                         /sys/kernel/security/newcaps/audit; several\n"
	      "                         files: several runs, merged) and write a\n"
	      "                         policy: each program's used capabilities\n", out);
	fputs(" -d, --diff <policy>   --from-audit: write no policy; show what the\n"
	      "                         events would change in this one, per program\n"
	      "                         and capability, with how often, in which runs\n"
	      "                         and how each was used (-v: unchanged and\n"
	      "                         unseen programs too)\n", out);
	fputs(" -C, --coverage        list this system's privileged entry points\n"
	      "                         (set-user-ID and set-group-ID programs, files\n"
	      "                         with masks, the programs of the services\n"
	      "                         systemd starts) and whether the audit events\n"
	      "                         saw each run, and what it used\n", out);
	fputs(" -r, --root <dir>      --coverage: the system image at <dir> (default /)\n", out);
	fputs(" -p, --min <percent>   --coverage: exit 1 below this share of entry\n"
	      "                         points without masks seen\n", out);
	fputs(" -J, --json            --diff, --coverage: JSON output\n", out);
	fputs(" -m, --merge <policy>  --from-audit: start from this policy (union)\n", out);
	fputs(" -o, --output <file>   --from-audit: write here (atomically), not stdout\n", out);
	fputs(" -N, --no-verify       --from-audit: learn a path even when the file there\n"
	      "                         is not the one the event saw (events of another\n"
	      "                         machine or image)\n", out);
	nc_usage_help_options(out, 23);
	fputs("\nA policy line is '<path> <spec>': <spec> is 'none' (no masks) or\n"
	      "clauses NAME[:NAME...]+FLAGS separated by spaces, FLAGS from p\n"
	      "(permitted, Fp), i (inheritable, Fi) and e (effective, on every clause\n"
	      "or none), e.g. 'cap_net_bind_service+ep'.\n", out);
	fputs("\nExit status: 0 ok, 1 --check or --diff found differences or --coverage\n"
	      "below --min, 2 usage or bad input\n"
	      "(nothing changed), 3 some files could not be labelled or read.\n", out);
	nc_usage_man_tail(out, "newcaps-label(8)");
	exit(EXIT_SUCCESS);
}

/* Read a whole policy file; any bad line: report them all and exit 2. */
static void read_policy(const char *name, struct nc_labels *labels)
{
	FILE *f = strcmp(name, "-") ? fopen(name, "re") : stdin;
	int bad;

	if (!f)
		nc_fail(EXIT_BADINPUT, "%s: %s", name, strerror(errno));
	bad = nc_labels_read(f, name, labels);
	if (f != stdin)
		fclose(f);
	if (bad < 0)
		nc_fail(EXIT_BADINPUT, "%s: %s", name, strerror(-bad));
	if (bad)
		nc_fail(EXIT_BADINPUT, "%s: %d bad line%s, nothing changed", name,
		     bad, bad > 1 ? "s" : "");
}

/* ---- learning ------------------------------------------------------------ */

static char *read_events(const char *file)
{
	char *text;
	int ret;

	if (file) {
		text = nc_read_all(file);
		if (!text)
			nc_fail(EXIT_BADINPUT, "%s: %s", file, strerror(errno));
		return text;
	}
	ret = nc_file_read("audit", &text);
	if (ret)
		nc_fail(EXIT_BADINPUT, "%s/audit: %s%s", nc_securityfs_dir(),
			strerror(-ret),
			ret == -ENOENT ? " (newcaps not in this kernel, or securityfs not mounted; give an events file)" :
			ret == -EACCES ? " (readable by root only)" : "");
	return text;
}

static void write_policy(const char *output, struct nc_labels *labels)
{
	char *tmp = NULL;
	FILE *f = stdout;
	int fd;

	if (output) {
		if (asprintf(&tmp, "%s.XXXXXX", output) < 0)
			nc_fail(EXIT_FAILURE, "out of memory");
		fd = mkostemp(tmp, O_CLOEXEC);
		if (fd < 0)
			nc_fail(EXIT_BADINPUT, "%s: %s", output, strerror(errno));
		if (fchmod(fd, 0644) || !(f = fdopen(fd, "w"))) {
			int err = errno;

			close(fd);
			unlink(tmp);
			nc_fail(EXIT_BADINPUT, "%s: %s", tmp, strerror(err));
		}
	}
	if (nc_labels_write(f, labels) || fflush(f) ||
	    (output && (fsync(fileno(f)) || fclose(f) ||
			rename(tmp, output)))) {
		int err = errno;

		if (tmp)
			unlink(tmp);
		nc_fail(EXIT_BADINPUT, "%s: %s", output ? output : "stdout",
			strerror(err));
	}
	free(tmp);
}

/*
 * Whether the file at the event's path is still the one the kernel saw:
 * a path may have been replaced since (by a user who made the exec happen
 * there, say). Say why not on stderr.
 */
static bool event_file_matches(const struct nc_audit_event *ev,
			       const char *name, unsigned int lineno)
{
	struct stat st;

	if (stat(ev->path, &st)) {
		fprintf(stderr, "%s: %s:%u: %s: %s, not learned\n", prog, name,
			lineno, ev->path, strerror(errno));
		return false;
	}
	if (major(st.st_dev) == ev->major && minor(st.st_dev) == ev->minor &&
	    st.st_ino == ev->ino)
		return true;
	fprintf(stderr,
		"%s: %s:%u: %s is now another file (%u:%u inode %llu, the event saw %u:%u inode %llu), not learned\n",
		prog, name, lineno, ev->path, major(st.st_dev),
		minor(st.st_dev), (unsigned long long)st.st_ino, ev->major,
		ev->minor, ev->ino);
	return false;
}

/* Paths a note was given for, so that each is noted once. */
struct noted {
	char **v;
	size_t n;
};

static bool first_note(struct noted *noted, const char *path)
{
	char **v;
	size_t i;

	for (i = 0; i < noted->n; i++)
		if (!strcmp(noted->v[i], path))
			return false;
	v = realloc(noted->v, (noted->n + 1) * sizeof(*v));
	if (!v || !(v[noted->n] = strdup(path)))
		nc_fail(EXIT_FAILURE, "out of memory");
	noted->v = v;
	noted->n++;
	return true;
}

static void noted_free(struct noted *noted)
{
	while (noted->n)
		free(noted->v[--noted->n]);
	free(noted->v);
}

/*
 * What a +i label will and will not do for this program (interface
 * version 4): an interpreter's label counts for every script it runs, and
 * capabilities that came through the root rule reach it under strict only
 * while root runs it.
 */
static void note_event(const struct nc_audit_event *ev, u64 learned,
		       struct noted *scripts, struct noted *root)
{
	char *caps;

	if (ev->script.path && first_note(scripts, ev->path))
		fprintf(stderr,
			"%s: note: %s is the interpreter of %s: its label gives every script it runs what that script used\n",
			prog, ev->path, ev->script.path);
	if (ev->via != NC_VIA_ROOT || !learned || !first_note(root, ev->path))
		return;
	caps = nc_caplist_format(learned, ",");
	if (!caps)
		nc_fail(EXIT_FAILURE, "out of memory");
	fprintf(stderr,
		"%s: note: %s received %s through the root rule: its +i label gives them when root runs it; run by another user it needs '%s %s+p'\n",
		prog, ev->path, caps, ev->path, caps);
	free(caps);
}

/* What --from-audit was asked to do. */
struct learn_opts {
	const char *merge, *output, *diff, *root;
	bool verify, json, coverage;
	double min;
};

/* What the runs read so far said, beyond the labels (for the notes). */
struct learn_counts {
	unsigned int bad, running, unknown, done, mismatched;
	struct noted scripts, root;
};

/* The events of one run, in the order read, and by sequence number. */
struct run_events {
	struct nc_audit_event *v;
	unsigned int *lineno;
	const struct nc_audit_event **by_seq;
	size_t n;
};

static int by_seq(const void *a, const void *b)
{
	const struct nc_audit_event *x = *(const struct nc_audit_event *const *)a;
	const struct nc_audit_event *y = *(const struct nc_audit_event *const *)b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static const struct nc_audit_event *event_of(const struct run_events *r,
					     unsigned long long seq)
{
	struct nc_audit_event key = { .seq = seq };
	const struct nc_audit_event *k = &key, **found;

	found = bsearch(&k, r->by_seq, r->n, sizeof(*r->by_seq), by_seq);
	return found ? *found : NULL;
}

/*
 * The programs above @ev whose events the run has, nearest first: "A < B"
 * (malloc'd, "" for none). A parent event the ring lost ends the chain;
 * the kernel links 16 at most, a bad file is cut there too.
 */
static char *event_chain(const struct run_events *r,
			 const struct nc_audit_event *ev)
{
	const struct nc_audit_event *up = ev;
	char *chain = strdup(""), *more;
	unsigned int depth = 0;

	while (chain && up->parent && depth++ < 16) {
		up = event_of(r, up->parent);
		if (!up)
			break;
		if (asprintf(&more, "%s%s%s", chain, *chain ? " < " : "",
			     up->path) < 0)
			more = NULL;
		free(chain);
		chain = more;
	}
	if (!chain)
		nc_fail(EXIT_FAILURE, "out of memory");
	return chain;
}

/* Parse the events of @text; bad lines are reported and counted. */
static void read_run(char *text, const char *name, struct run_events *r,
		     struct learn_counts *n)
{
	char *line, *save = NULL, err[512];
	unsigned int lineno = 0;
	size_t alloc = 0, i;

	memset(r, 0, sizeof(*r));
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (r->n == alloc) {
			alloc = alloc ? 2 * alloc : 256;
			r->v = realloc(r->v, alloc * sizeof(*r->v));
			r->lineno = realloc(r->lineno, alloc * sizeof(*r->lineno));
			if (!r->v || !r->lineno)
				nc_fail(EXIT_FAILURE, "out of memory");
		}
		if (nc_audit_parse(line, &r->v[r->n], err, sizeof(err))) {
			fprintf(stderr, "%s: %s:%u: %s\n", prog, name, lineno,
				err);
			n->bad++;
			continue;
		}
		r->lineno[r->n++] = lineno;
	}
	r->by_seq = malloc((r->n ? r->n : 1) * sizeof(*r->by_seq));
	if (!r->by_seq)
		nc_fail(EXIT_FAILURE, "out of memory");
	for (i = 0; i < r->n; i++)
		r->by_seq[i] = &r->v[i];
	qsort(r->by_seq, r->n, sizeof(*r->by_seq), by_seq);
}

static void run_events_free(struct run_events *r)
{
	while (r->n)
		nc_audit_event_free(&r->v[--r->n]);
	free(r->v);
	free(r->lineno);
	free(r->by_seq);
}

/*
 * Learn from the events of run @run, the file @file (NULL: the kernel's):
 * its finished events into @labels and @seen->done, the programs still
 * running into @seen->running, each with the chain of programs above it.
 */
static void learn_run(const char *file, unsigned int run,
		      const struct learn_opts *o, struct nc_labels *labels,
		      struct nc_seen *seen, struct learn_counts *n)
{
	unsigned long long first = 0, prev = 0, lost = 0;
	char *text = read_events(file), *chain;
	char capname[NC_CAPNAME_MAX], kernel_file[4096];
	const char *name = file;
	struct run_events r;
	size_t i;

	if (!name) {
		snprintf(kernel_file, sizeof(kernel_file), "%s/audit",
			 nc_securityfs_dir());
		name = kernel_file;
	}
	read_run(text, name, &r, n);

	for (i = 0; i < r.n; i++) {
		const struct nc_audit_event *ev = &r.v[i];
		struct nc_fcaps learned = { 0 };
		unsigned int cap, lineno = r.lineno[i];

		/* The kernel numbers events from 1, oldest first: gaps are lost. */
		if (!first)
			first = ev->seq;
		else if (ev->seq > prev + 1)
			lost += ev->seq - prev - 1;
		prev = ev->seq;
		if (ev->state == NC_USED_UNKNOWN)
			n->unknown++;
		if (ev->state == NC_USED_RUNNING)
			n->running++;
		if (ev->state == NC_USED_DONE)
			n->done++;
		if (ev->state == NC_USED_DONE && o->verify &&
		    !event_file_matches(ev, name, lineno)) {
			n->mismatched++;
			continue;
		}
		if (ev->state == NC_USED_UNKNOWN)
			continue;
		/* Only the diff shows chains. */
		chain = o->diff ? event_chain(&r, ev) : NULL;
		if (nc_uses_add(ev->state == NC_USED_DONE ? &seen->done :
				&seen->running, ev, run, chain ? chain : ""))
			nc_fail(EXIT_FAILURE, "out of memory");
		free(chain);
		if (ev->state != NC_USED_DONE)
			continue;
		for (cap = 0; cap < 64; cap++)
			if ((ev->used & NC_BIT(cap)) && cap > NC_CAP_LAST_SYSTEM)
				fprintf(stderr,
					"%s: %s:%u: %s: %s cannot be in a file mask, left out\n",
					prog, name, lineno, ev->path,
					nc_capname(cap, capname));
		/* Learning gives Fi only: never a permitted part. */
		learned.fi = ev->used & NC_SYSTEM_MASK;
		learned.present = learned.fi != 0;
		if (nc_labels_merge(labels, ev->path, &learned))
			nc_fail(EXIT_FAILURE, "out of memory");
		if (!o->diff && !o->coverage)
			note_event(ev, learned.fi, &n->scripts, &n->root);
	}
	run_events_free(&r);
	free(text);
	if (first > 1 || lost)
		fprintf(stderr,
			"%s: note: %s: events lost: %llu before event %llu, %llu between events (the kernel keeps the last 64: learn more often)\n",
			prog, name, first > 1 ? first - 1 : 0, first, lost);
}

static int from_audit(char *const *files, unsigned int nfiles,
		      const struct learn_opts *o)
{
	const char *runs[NC_RUNS_MAX + 1] = { "kernel" };	/* no file: the kernel's */
	struct learn_counts n = { 0 };
	struct nc_labels labels = { 0 }, policy = { 0 };
	struct nc_seen seen = { 0 };
	size_t changed = 0;
	unsigned int run;
	double covered;

	if (nfiles > NC_RUNS_MAX)
		nc_fail(EXIT_BADINPUT, "at most %d events files", NC_RUNS_MAX);
	for (run = 0; run < nfiles; run++) {
		if (!strcmp(files[run], "-") && nfiles > 1)
			nc_fail(EXIT_BADINPUT, "'-' (standard input) only as the one events file");
		runs[run] = files[run];
	}
	if (o->merge)
		read_policy(o->merge, &labels);
	if (o->diff)
		read_policy(o->diff, &policy);
	/* names of regular capabilities in events, if this kernel has them */
	nc_regular_load(NULL);
	run = 0;
	do
		learn_run(nfiles ? files[run] : NULL, run, o, &labels, &seen, &n);
	while (++run < nfiles);
	if (n.bad)
		nc_fail(EXIT_BADINPUT, "%u bad line%s, %s", n.bad,
			n.bad > 1 ? "s" : "",
			o->diff ? "no difference shown" :
			o->coverage ? "no coverage shown" : "no policy written");
	if (n.running && !o->coverage)
		fprintf(stderr,
			"%s: note: %u event%s of programs still running ignored (what they use is known once they finish)\n",
			prog, n.running, n.running > 1 ? "s" : "");
	if (n.unknown)
		fprintf(stderr,
			"%s: note: %u event%s without the capabilities used (interface version 2) ignored\n",
			prog, n.unknown, n.unknown > 1 ? "s" : "");
	if (n.mismatched)
		fprintf(stderr,
			"%s: note: %u event%s whose path no longer names the file the kernel saw not learned\n",
			prog, n.mismatched, n.mismatched > 1 ? "s" : "");
	if (o->coverage) {
		covered = nc_coverage(&seen, o->root, o->json);
		fprintf(stderr, "%s: coverage %.1f %%%s\n", prog, covered,
			covered < o->min ? ", below --min" : "");
		changed = covered < o->min;
	} else if (o->diff) {
		changed = nc_uses_diff(&seen.done, &policy, runs, o->json,
				       verbose);
	} else {
		write_policy(o->output, &labels);
	}
	if (verbose)
		fprintf(stderr, "%s: %u finished event%s, %zu program%s\n", prog,
			n.done, n.done == 1 ? "" : "s",
			o->diff ? seen.done.n : labels.n,
			(o->diff ? seen.done.n : labels.n) == 1 ? "" : "s");
	if (o->diff)
		fprintf(stderr, "%s: %zu program%s would change\n", prog,
			changed, changed == 1 ? "" : "s");
	nc_labels_free(&labels);
	nc_labels_free(&policy);
	nc_uses_free(&seen.done);
	nc_uses_free(&seen.running);
	noted_free(&n.scripts);
	noted_free(&n.root);
	return changed ? EXIT_DIFFERS : EXIT_SUCCESS;
}

/* An option that names one file: a second one is an error. */
static void set_once(const char **slot, const char *value, const char *option)
{
	if (*slot)
		nc_fail(EXIT_BADINPUT, "%s given twice", option);
	*slot = value;
}

/* The default of -j: the CPUs online, as restorecon -T 0. */
static unsigned int online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 && n < 1024 ? (unsigned int)n : 1;
}

/* A -j value: 1 to 1024 threads, 0 for one per CPU online. */
static unsigned int parse_jobs(const char *text)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(text, &end, 10);
	if (errno || end == text || *end || *text == '-' || n > 1024)
		nc_fail(EXIT_BADINPUT, "--jobs: invalid number '%s' (0 to 1024; 0: one per CPU)", text);
	return n ? (unsigned int)n : online_cpus();
}

/* A --min value: a number from 0 to 100. */
static double parse_percent(const char *text)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (errno || end == text || *end || !(v >= 0 && v <= 100))
		nc_fail(EXIT_BADINPUT, "--min: invalid percentage '%s' (0 to 100)", text);
	return v;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "from-audit", no_argument, NULL, 'a' },
		{ "merge", required_argument, NULL, 'm' },
		{ "output", required_argument, NULL, 'o' },
		{ "no-verify", no_argument, NULL, 'N' },
		{ "diff", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'J' },
		{ "coverage", no_argument, NULL, 'C' },
		{ "min", required_argument, NULL, 'p' },
		{ "root", required_argument, NULL, 'r' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "state", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	bool check = false, dry_run = false, learn = false, min_given = false;
	bool jobs_given = false;
	struct nc_apply_opts ao = { .jobs = online_cpus() };
	struct nc_labels labels = { 0 };
	struct learn_opts lo = { .verify = true };
	int c, nargs;

	nc_prog = prog;
	nc_close_stdout_atexit();
	while ((c = getopt_long(argc, argv, "cnvam:o:Nd:JCp:r:j:s:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			check = true;
			break;
		case 'n':
			dry_run = true;
			break;
		case 'v':
			verbose = true;
			break;
		case 'a':
			learn = true;
			break;
		case 'm':
			set_once(&lo.merge, optarg, "--merge");
			break;
		case 'o':
			set_once(&lo.output, optarg, "--output");
			break;
		case 'N':
			lo.verify = false;
			break;
		case 'd':
			set_once(&lo.diff, optarg, "--diff");
			break;
		case 'J':
			lo.json = true;
			break;
		case 'C':
			lo.coverage = true;
			break;
		case 'p':
			lo.min = parse_percent(optarg);
			min_given = true;
			break;
		case 'j':
			ao.jobs = parse_jobs(optarg);
			jobs_given = true;
			break;
		case 's':
			set_once(&ao.state, optarg, "--state");
			break;
		case 'r':
			set_once(&lo.root, optarg, "--root");
			break;
		case 'h':
			usage();
		case 'V':
			nc_print_version(prog);
		default:
			nc_tryhelp(prog, EXIT_BADINPUT);
		}
	}
	nargs = argc - optind;
	if ((learn || lo.coverage) && (jobs_given || ao.state))
		nc_fail(EXIT_BADINPUT, "--jobs and --state go with labelling, --check or --dry-run");
	if (lo.coverage) {
		if (learn || check || dry_run || lo.merge || lo.output ||
		    lo.diff)
			nc_fail(EXIT_BADINPUT, "--coverage reads events and lists entry points: no --from-audit, --check, --dry-run, --merge, --output or --diff");
		lo.verify = false;	/* a path is what it names now */
		return from_audit(argv + optind, (unsigned int)nargs, &lo);
	}
	if (min_given || lo.root)
		nc_fail(EXIT_BADINPUT, "--min and --root go with --coverage");
	if (learn) {
		if (check || dry_run)
			nc_fail(EXIT_BADINPUT, "--from-audit writes a policy: no --check or --dry-run");
		if (lo.diff && (lo.merge || lo.output))
			nc_fail(EXIT_BADINPUT, "--diff writes no policy: no --merge or --output");
		if (lo.json && !lo.diff)
			nc_fail(EXIT_BADINPUT, "--json goes with --diff or --coverage");
		return from_audit(argv + optind, (unsigned int)nargs, &lo);
	}
	if (lo.merge || lo.output || !lo.verify || lo.diff || lo.json)
		nc_fail(EXIT_BADINPUT, "--merge, --output, --no-verify, --diff and --json go with --from-audit");
	if (check && dry_run)
		nc_fail(EXIT_BADINPUT, "--check and --dry-run are exclusive");
	if (nargs < 1 || nargs > 2) {
		fprintf(stderr, "%s: expected a policy file and an optional root\n",
			prog);
		nc_tryhelp(prog, EXIT_BADINPUT);
	}
	ao.mode = check ? NC_LABEL_CHECK : dry_run ? NC_LABEL_DRY_RUN :
		  NC_LABEL_APPLY;
	ao.verbose = verbose;
	read_policy(argv[optind], &labels);
	c = nc_label_apply(&labels, nargs == 2 ? argv[optind + 1] : "", &ao);
	nc_labels_free(&labels);
	return c;
}
