// SPDX-License-Identifier: GPL-2.0
/*
 * newcaps-exec: capsh for newcaps. Change the capability sets, regular
 * capabilities included, print them by name, run a command. Options act
 * strictly left to right, as capsh's do. See newcaps-exec(1).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "newcaps.h"

/* Exit status when CMD cannot be run (util-linux's c.h, as setpriv). */
#define EX_EXEC_FAILED	126
#define EX_EXEC_ENOENT	127

static const char *prog = "newcaps-exec";

static void __attribute__((noreturn)) usage(void)
{
	FILE *out = stdout;

	fputs("\nUsage:\n", out);
	fprintf(out, " %s [options] [--] <command> [<argument>...]\n", prog);
	fprintf(out, " %s [--pid <pid>] --print\n", prog);
	fputs("\nChange capability sets, newcaps regular capabilities included, and run\n"
	      "a command; or print a process's sets by name.\n", out);
	fputs("\nOptions (they act in the order given):\n", out);
	fputs(" --drop=<caps>           remove <caps> from the effective, permitted and\n"
	      "                           inheritable sets (e.g. reg_write,reg_fork); a\n"
	      "                           regular one takes reg_sxid with it\n", out);
	fputs(" --keep-sxid             let a --drop of regular capabilities keep\n"
	      "                           reg_sxid: a setuid or setgid program run later\n"
	      "                           gives the dropped ones back\n", out);
	fputs(" --drop-bounding=<caps>  remove <caps> from the bounding set (needs\n"
	      "                           cap_setpcap; makes a regular drop permanent)\n", out);
	fputs(" --inh=<caps>            set the system part of the inheritable set\n", out);
	fputs(" --keep=<caps>           keep only <caps> of the system capabilities in\n"
	      "                           the effective, permitted and inheritable sets\n", out);
	fputs(" --securebits=<value>    set the securebits (a number, e.g. 0x10000)\n", out);
	fputs(" --print                 print the sets by name (of <pid> with --pid);\n"
	      "                           capabilities without a name print as numbers\n", out);
	fputs(" --pid <pid>             --print shows process <pid>; no changes allowed\n", out);
	nc_usage_help_options(out, 25);
	fputs("\n<caps> is a comma-separated list of capability names (libcap names, the\n"
	      "cap_ prefix optional; regular names as the kernel lists them in\n"
	      "/sys/kernel/security/newcaps/regular), numbers 0..63, or \"none\".\n", out);
	fputs("\nExit status: 0 ok, 1 usage or unknown capability, 2 the kernel refused\n"
	      "a change, 3 newcaps not present or off, 126/127 command not run.\n", out);
	nc_usage_man_tail(out, "newcaps-exec(1)");
	exit(NC_EXIT_OK);
}

static u64 parse_caps(const char *option, const char *text, bool regular_ok)
{
	char err[256];
	u64 mask;

	if (nc_caplist_parse(text, &mask, err, sizeof(err)))
		nc_fail(NC_EXIT_USAGE, "--%s: %s", option, err);
	if (!regular_ok && (mask & NC_REGULAR_MASK))
		nc_fail(NC_EXIT_USAGE,
		     "--%s: takes system capabilities only (remove regular ones with --drop)",
		     option);
	return mask;
}

static void get_sets(struct nc_sets *sets)
{
	if (nc_capget(0, sets) == 0)
		return;
	if (errno == EINVAL)
		nc_fail(NC_EXIT_ABSENT,
		     "capget: the kernel refuses the newcaps version (newcaps not present or off)");
	nc_fail(NC_EXIT_REFUSED, "capget: %s", strerror(errno));
}

static void set_sets(const char *option, const struct nc_sets *sets)
{
	if (nc_capset(sets) == 0)
		return;
	nc_fail(NC_EXIT_REFUSED, "--%s: capset: %s%s", option, strerror(errno),
	     errno == EPERM ?
	     " (no capability can be added back, and the inheritable set must stay within the permitted set)" :
	     "");
}

static void do_drop(u64 mask)
{
	struct nc_sets sets;

	get_sets(&sets);
	sets.eff &= ~mask;
	sets.prm &= ~mask;
	sets.inh &= ~mask;
	set_sets("drop", &sets);
}

static void do_drop_bounding(u64 mask)
{
	char name[NC_CAPNAME_MAX];
	unsigned int cap;

	for (cap = 0; cap < 64; cap++) {
		if (!(mask & NC_BIT(cap)))
			continue;
		if (prctl(PR_CAPBSET_DROP, cap,
			  cap >= NC_REG_FIRST ? PR_CAPBSET_NEWCAPS : 0, 0, 0))
			nc_fail(NC_EXIT_REFUSED, "--drop-bounding: %s: %s%s",
			     nc_capname(cap, name), strerror(errno),
			     errno == EPERM ? " (needs cap_setpcap)" : "");
	}
}

static void do_inh(u64 mask)
{
	struct nc_sets sets;

	get_sets(&sets);
	sets.inh = (sets.inh & ~NC_SYSTEM_MASK) | mask;
	set_sets("inh", &sets);
}

static void do_keep(u64 mask)
{
	u64 keep = mask | ~NC_SYSTEM_MASK;
	struct nc_sets sets;

	get_sets(&sets);
	sets.eff &= keep;
	sets.prm &= keep;
	sets.inh &= keep;
	set_sets("keep", &sets);
}

static unsigned long parse_securebits(const char *text)
{
	unsigned long bits;
	char *end;

	errno = 0;
	bits = strtoul(text, &end, 0);
	if (!*text || *text == '-' || *text == '+' || *end || errno ||
	    bits > 0xffffffffUL)
		nc_fail(NC_EXIT_USAGE,
			"--securebits: '%s' is not a number 0..0xffffffff (decimal, 0x hex or 0 octal)",
			text);
	return bits;
}

static pid_t parse_pid(const char *text)
{
	long pid;
	char *end;

	errno = 0;
	pid = strtol(text, &end, 10);
	if (!*text || *text == '+' || *end || errno || pid <= 0 ||
	    pid > INT_MAX)
		nc_fail(NC_EXIT_USAGE, "--pid: '%s' is not a process id (1..%d)",
			text, INT_MAX);
	return (pid_t)pid;
}

static void do_securebits(unsigned long bits)
{
	if (prctl(PR_SET_SECUREBITS, bits, 0, 0, 0))
		nc_fail(NC_EXIT_REFUSED, "--securebits: %s%s", strerror(errno),
		     errno == EPERM ?
		     " (needs cap_setpcap; locked bits cannot change)" : "");
}

/* ---- --print ------------------------------------------------------------- */

struct proc_sets {
	u64 inh, prm, eff, bnd, amb;
	u64 reg_inh, reg_prm, reg_eff, reg_bnd;
	bool has_regular;
	int nnp;
};

static void read_status(pid_t pid, struct proc_sets *s)
{
	static const struct {
		const char *key;
		size_t offset;
	} keys[] = {
		{ "CapInh:", offsetof(struct proc_sets, inh) },
		{ "CapPrm:", offsetof(struct proc_sets, prm) },
		{ "CapEff:", offsetof(struct proc_sets, eff) },
		{ "CapBnd:", offsetof(struct proc_sets, bnd) },
		{ "CapAmb:", offsetof(struct proc_sets, amb) },
		{ "CapRegInh:", offsetof(struct proc_sets, reg_inh) },
		{ "CapRegPrm:", offsetof(struct proc_sets, reg_prm) },
		{ "CapRegEff:", offsetof(struct proc_sets, reg_eff) },
		{ "CapRegBnd:", offsetof(struct proc_sets, reg_bnd) },
	};
	char path[64], line[256];
	size_t i;
	FILE *f;

	memset(s, 0, sizeof(*s));
	s->nnp = -1;
	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/status");
	f = fopen(path, "re");
	if (!f && errno == ENOENT && pid)
		nc_fail(NC_EXIT_USAGE, "--pid %d: no such process", (int)pid);
	if (!f)
		nc_fail(NC_EXIT_REFUSED, "%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
			size_t len = strlen(keys[i].key);

			if (strncmp(line, keys[i].key, len))
				continue;
			*(u64 *)((char *)s + keys[i].offset) =
				strtoull(line + len, NULL, 16);
			if (!strncmp(keys[i].key, "CapReg", 6))
				s->has_regular = true;
		}
		if (!strncmp(line, "NoNewPrivs:", 11))
			s->nnp = atoi(line + 11);
	}
	fclose(f);
}

static void print_set(const char *label, u64 mask)
{
	char *names = nc_caplist_format(mask, ",");

	if (!names)
		nc_fail(EXIT_FAILURE, "out of memory");
	printf("%-13s%s\n", label, names);
	free(names);
}

static void print_securebits(void)
{
	static const struct {
		const char *name;
		unsigned int bit;
	} bits[] = {
		{ "noroot", 0 },
		{ "no_setuid_fixup", 2 },
		{ "keep_caps", 4 },
		{ "no_cap_ambient_raise", 6 },
		{ "no_sxid_sanitize", NC_SECURE_NO_SXID_SANITIZE },
	};
	int sb = prctl(PR_GET_SECUREBITS, 0, 0, 0, 0);
	size_t i;

	if (sb < 0) {
		printf("%-13s%s\n", "Securebits:", strerror(errno));
		return;
	}
	printf("%-13s0x%x\n", "Securebits:", (unsigned int)sb);
	for (i = 0; i < sizeof(bits) / sizeof(bits[0]); i++)
		printf(" %s: %s (%s)\n", bits[i].name,
		       sb & (1 << bits[i].bit) ? "yes" : "no",
		       sb & (1 << (bits[i].bit + 1)) ? "locked" : "unlocked");
}

static void do_print(pid_t pid)
{
	struct proc_sets s;

	read_status(pid, &s);
	print_set("Effective:", s.eff | s.reg_eff);
	print_set("Permitted:", s.prm | s.reg_prm);
	print_set("Inheritable:", s.inh | s.reg_inh);
	print_set("Ambient:", s.amb);
	print_set("Bounding:", s.bnd | s.reg_bnd);
	if (!s.has_regular)
		printf("%-13s%s\n", "Regular:",
		       "not shown by this kernel (newcaps not present)");
	if (!pid)
		print_securebits();
	if (s.nnp >= 0)
		printf("%-13s%s\n", "NoNewPrivs:", s.nnp ? "yes" : "no");
	fflush(stdout);
}

/* An option of the command line, checked, to be applied in order. */
struct action {
	int opt;
	u64 mask;		/* the capability options */
	unsigned long bits;	/* --securebits */
};

int main(int argc, char **argv)
{
	enum {
		OPT_DROP = CHAR_MAX + 1, OPT_DROP_BOUNDING, OPT_INH, OPT_KEEP,
		OPT_SECUREBITS, OPT_PRINT, OPT_PID, OPT_KEEP_SXID,
	};
	static const struct option longopts[] = {
		{ "drop", required_argument, NULL, OPT_DROP },
		{ "drop-bounding", required_argument, NULL, OPT_DROP_BOUNDING },
		{ "keep-sxid", no_argument, NULL, OPT_KEEP_SXID },
		{ "inh", required_argument, NULL, OPT_INH },
		{ "keep", required_argument, NULL, OPT_KEEP },
		{ "securebits", required_argument, NULL, OPT_SECUREBITS },
		{ "print", no_argument, NULL, OPT_PRINT },
		{ "pid", required_argument, NULL, OPT_PID },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct action *actions;
	size_t nactions = 0, i;
	bool changes = false, print = false, keep_sxid = false;
	u64 dropped = 0;
	pid_t pid = 0;
	int c;

	nc_prog = prog;
	nc_close_stdout_atexit();
	/* Regular names come from the kernel; without it only system ones. */
	nc_regular_load(NULL);
	actions = calloc((size_t)argc, sizeof(*actions));
	if (!actions)
		nc_fail(EXIT_FAILURE, "out of memory");
	/*
	 * Check the whole command line first, so that a bad option late in
	 * it does not leave the earlier ones half applied; then apply.
	 */
	while ((c = getopt_long(argc, argv, "+hV", longopts, NULL)) != -1) {
		struct action *a = &actions[nactions];

		a->opt = c;
		switch (c) {
		case OPT_DROP:
			a->mask = parse_caps("drop", optarg, true);
			dropped |= a->mask;
			break;
		case OPT_DROP_BOUNDING:
			a->mask = parse_caps("drop-bounding", optarg, true);
			break;
		case OPT_INH:
			a->mask = parse_caps("inh", optarg, false);
			break;
		case OPT_KEEP:
			a->mask = parse_caps("keep", optarg, false);
			break;
		case OPT_SECUREBITS:
			a->bits = parse_securebits(optarg);
			break;
		case OPT_PRINT:
			print = true;
			break;
		case OPT_KEEP_SXID:
			keep_sxid = true;
			continue;
		case OPT_PID:
			if (pid)
				nc_fail(NC_EXIT_USAGE, "--pid given twice");
			pid = parse_pid(optarg);
			continue;
		case 'h':
			usage();
		case 'V':
			nc_print_version(prog);
		default:
			nc_tryhelp(prog, NC_EXIT_USAGE);
		}
		changes |= c != OPT_PRINT;
		nactions++;
	}
	if (pid && (changes || optind < argc || !print))
		nc_fail(NC_EXIT_USAGE, "--pid goes with --print alone");
	if (!print && optind >= argc) {
		fprintf(stderr, "%s: nothing to do: give a command or --print\n",
			prog);
		nc_tryhelp(prog, NC_EXIT_USAGE);
	}
	/*
	 * A regular drop lasts only as long as the process cannot gain
	 * privilege: exec'ing any setuid or setgid program (crontab -e, sg,
	 * newgrp) that runs a command gives it back (sanitize). So the safe
	 * thing is the default: drop cap_reg_sxid with it.
	 */
	if (!keep_sxid) {
		for (i = 0; i < nactions; i++)
			if (actions[i].opt == OPT_DROP &&
			    (actions[i].mask & NC_REGULAR_MASK))
				actions[i].mask |= NC_BIT(NC_CAP_REG_SXID);
	} else if (!(dropped & NC_REGULAR_MASK)) {
		nc_fail(NC_EXIT_USAGE,
			"--keep-sxid goes with a --drop of regular capabilities");
	}
	if (optind < argc && (dropped & NC_BIT(NC_CAP_REG_EXEC)))
		nc_fail(NC_EXIT_USAGE,
			"--drop: without cap_reg_exec %s could not be executed (drop it in the program itself, or use --print alone)",
			argv[optind]);

	for (i = 0; i < nactions; i++) {
		switch (actions[i].opt) {
		case OPT_DROP:
			do_drop(actions[i].mask);
			break;
		case OPT_DROP_BOUNDING:
			do_drop_bounding(actions[i].mask);
			break;
		case OPT_INH:
			do_inh(actions[i].mask);
			break;
		case OPT_KEEP:
			do_keep(actions[i].mask);
			break;
		case OPT_SECUREBITS:
			do_securebits(actions[i].bits);
			break;
		case OPT_PRINT:
			do_print(pid);
			break;
		}
	}
	free(actions);
	if (optind >= argc)
		return NC_EXIT_OK;
	fflush(stdout);
	execvp(argv[optind], argv + optind);
	fprintf(stderr, "%s: failed to execute %s: %s\n", prog, argv[optind],
		strerror(errno));
	return errno == ENOENT ? EX_EXEC_ENOENT : EX_EXEC_FAILED;
}
