# The kernel reports that fail a boot, in one place (sourced by
# tests/vm/run-vm, tests/vm/power-loss, tests/vm/kunit, scripts/bench and
# scripts/run --debian, which use kernel_report_re alone; the caller of
# kernel_log_check defines result OK|NOTOK DESCRIPTION): a panic, an Oops,
# "BUG:" (KASAN's "BUG: KASAN" included), "WARNING:" (lockdep's too),
# "UBSAN:", a general protection fault, a call trace, a hung task or an
# RCU stall.
#
#   kernel_log_check CONSOLE DESCRIPTION
#
# One result: OK when the console log CONSOLE shows none of them, else
# NOTOK after the report lines (the first 40, with their line numbers) as
# "# kernel:" lines on stdout and stderr (test harnesses show the stderr
# of a failed suite).

kernel_report_re='Kernel panic|Oops|BUG:|WARNING:|UBSAN:|general protection fault|Call Trace|RIP:|blocked for more than|rcu: INFO|self-detected stall|detected stalls'

kernel_log_check() {
	kr_bad=$(grep -nE "$kernel_report_re" "$1" || true)
	if [ -z "$kr_bad" ]; then
		result OK "$2"
	else
		printf '%s\n' "$kr_bad" | head -n 40 | sed 's/^/# kernel: /' |
			tee /dev/stderr
		result NOTOK "$2"
	fi
}
