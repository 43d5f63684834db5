# Peer check: the kernel's own capabilities selftest (tools/testing/selftests/
# capabilities: test_execve, which execs validate_cap) run as root, as
# upstream's harness does. Each kselftest result becomes a "# table: CHECK
# STATUS" line for the host (tests/vm/peer-selftests), which compares
# newcaps=on against newcaps=off. CHECK is the section (uid0: tests as root,
# uid1: as uid 1 keeping capabilities) and the test's [RUN] label or result
# text with blanks as "_"; STATUS is ok, fail, died (the exec'd child was
# killed by a signal), skip, xfail or error. Each section also has a check
# SECTION:section (ok, or how it ended early: see parse below).
#
# TAP: with newcaps=off (or without newcaps) every result must be ok, each
# kselftest section must report as many results as it planned and
# test_execve must exit 0. In both modes test_execve must run to the end:
# the last section prints its totals line (a "Bail out!" counts: the checks
# it skipped differ on the host) and the program exits by itself.
. /tests/lib/tap.sh
X=/usr/local/bin/test_execve
mode=off
[ "$(cat /sys/kernel/security/newcaps/enabled 2>/dev/null)" = 1 ] && mode=on
echo "# peer-mode: $mode"
# A fixed plan: the capabilities selftest of Linux 6.1 reports 21 results
# (12 as root, 9 as uid 1) and this script a SECTION:section check for each
# of its two sections. newcaps=off: one test per result, the two section
# plans and the exit status, beside the two tests of both modes. A result
# missing (or one more) is a plan mismatch for run-vm.
ksft_results=23
case $mode in off) plan $((2 + ksft_results + 3)) ;; *) plan 2 ;; esac

# test_execve copies validate_cap from the directory of its argv[0]: run it
# by full path. It mounts a private tmpfs over its working directory (in its
# own mount namespace) and copies validate_cap (setuid/setgid copies too)
# there.
[ -x "$X" ] && [ -x "$(dirname "$X")/validate_cap" ]
ok $? "test_execve and validate_cap installed side by side"
dir=$(mktemp -d /tmp/selftests.XXXXXX)
out=/tmp/test_execve.out
status=0
(cd "$dir" && timeout 120 "$X") > "$out" 2>&1 || status=$?
sed 's/^/# ksft: /' "$out"

# Results of the kselftest output, one per line: "result CHECK STATUS" and
# "plan SECTION PLANNED REPORTED". Besides the kselftest results, each
# section has a check SECTION:section: ok when it reached its totals line,
# bail-out:MESSAGE when it gave up there ("Bail out!", the tests after it do
# not run), died when it was killed, no-totals when it returned early.
parse() {
	awk '
	function check(s) { gsub(/[ \t]+/, "_", s); return sect ":" s }
	function result(k, st) {
		if (k in seen) { seen[k]++; k = k "#" seen[k] } else seen[k] = 1
		print "result", k, st
		reported[sect]++
	}
	# The named results of the ambient checks fail under another text.
	function canon(d) {
		if (d == "PR_CAP_AMBIENT_RAISE isn'"'"'t supported" ||
		    d ~ /^PR_CAP_AMBIENT_RAISE should have failed eith EPERM on a non-inheritable cap/)
			return "PR_CAP_AMBIENT_RAISE failed on non-inheritable cap"
		if (d == "PR_CAP_AMBIENT_RAISE should have failed on a non-permitted cap")
			return "PR_CAP_AMBIENT_RAISE failed on non-permitted cap"
		if (d == "PR_CAP_AMBIENT_RAISE should have succeeded")
			return "PR_CAP_AMBIENT_RAISE worked"
		if (d == "PR_CAP_AMBIENT_IS_SET is broken" ||
		    d == "PR_CAP_AMBIENT_CLEAR_ALL didn'"'"'t work" ||
		    d == "Dropping I should have dropped A")
			return "Basic manipulation appears to work"
		return d
	}
	function word(s) { gsub(/[ \t]+/, "_", s); sub(/_$/, "", s); return s }
	BEGIN { sect = "main"; pending = ""; bail = ""; lastplan = "" }
	{ sub(/\r$/, "") }
	/^1\.\.[0-9]+/ { lastplan = substr($1, 4); next }
	/^# \[RUN\]/ {
		l = $0
		sub(/^# \[RUN\][ \t]*/, "", l)
		if (l ~ /^\+\+\+ Tests with uid == 0/) sect = "uid0"
		else if (l ~ /^\+\+\+ Tests with uid != 0/) sect = "uid1"
		else if (l ~ /^\+\+\+/) { gsub(/[^A-Za-z0-9]+/, "", l); sect = l }
		else { pending = l; next }
		sections[++nsect] = sect
		plan[sect] = lastplan
		reported[sect] = 0
		pending = ""
		next
	}
	/^(not )?ok [0-9]+/ {
		st = ($1 == "ok") ? "ok" : "fail"
		d = $0
		sub(/^(not )?ok [0-9]+ ?/, "", d)
		if (d ~ /^# SKIP/) st = "skip"
		else if (d ~ /^# XFAIL/) st = "xfail"
		else if (d ~ /^# error/) st = "error"
		sub(/^# [A-Za-z]+ ?/, "", d)
		sub(/[ \t]+$/, "", d)
		if (d == "Passed" && pending != "") { k = pending; pending = "" }
		else k = canon(d)
		result(check(k), st)
		next
	}
	# fork_wait: the child exited non-zero or was killed. Without a pending
	# [RUN] label it is a whole section (main reports it; "failed" as soon
	# as one of its checks failed, so only "died" is news).
	/^# Child (failed|died)/ {
		if (pending != "") {
			result(check(pending), $3 == "died" ? "died" : "fail")
			pending = ""
		} else if ($3 == "died")
			fin[sect] = "died"
		next
	}
	/^Bail out!/ { bail = $0; sub(/^Bail out! */, "", bail); next }
	# A totals line with a [RUN] label pending comes from the forked child
	# that bailed out (its check fails when fork_wait reports it); without,
	# the section itself is at its end.
	/^# Totals:/ {
		if (pending == "")
			fin[sect] = (bail == "") ? "ok" : "bail-out:" word(bail)
		bail = ""
		next
	}
	END {
		for (i = 1; i <= nsect; i++) {
			s = sections[i]
			print "result", s ":section", ((s in fin) ? fin[s] : "no-totals")
			print "plan", s, plan[s], reported[s]
		}
	}' "$1"
}
parse "$out" > /tmp/test_execve.parsed

# The last section (uid1) must reach its totals line, even bailing out
# (the checks that did not run differ on the host), and the program exit by
# itself (busybox timeout: 143 when it had to kill it).
ended=no
if grep -qE '^result uid1:section (ok|bail-out:.*)$' /tmp/test_execve.parsed &&
	[ "$status" -ne 143 ] && [ "$status" -ne 137 ]; then
	ended=yes
fi
[ "$ended" = yes ]
ok $? "test_execve ran to the end (uid1 totals line, exit status $status)"

if [ "$mode" = off ]; then
	while read -r what check st; do
		[ "$what" = result ] || continue
		case $st in
		ok) ok 0 "kselftest: $check" ;;
		skip) echo "ok $((tap_n += 1)) - kselftest: $check # SKIP" ;;
		*) ok 1 "kselftest: $check"; diag "  status: $st" ;;
		esac
	done < /tmp/test_execve.parsed
	for s in uid0 uid1; do
		planned=$(awk -v s=$s '$1 == "plan" && $2 == s { print $3 }' /tmp/test_execve.parsed)
		reported=$(awk -v s=$s '$1 == "plan" && $2 == s { print $4 }' /tmp/test_execve.parsed)
		is "${reported:-none}" "${planned:-unknown}" "kselftest section $s: results reported as planned"
	done
	is "$status" 0 "test_execve exit status"
fi

sed -n 's/^result \([^ ]*\) \(.*\)$/# table: \1 \2/p' /tmp/test_execve.parsed
rm -rf "$dir"
finish
