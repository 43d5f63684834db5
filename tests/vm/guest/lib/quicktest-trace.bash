# Read by bash through BASH_ENV before libcap's quicktest.sh (guest
# peer-libcap.sh): records each top-level command of the script and the
# exit status of the one before it, without changing the script.
#
#   QT_TRACE=FILE [QT_KEEP_GOING=1] BASH_ENV=THIS bash ./quicktest.sh
#
# FILE gets "step STATUS LINE COMMAND" before each top-level command
# (STATUS: $? of the previous command, LINE: the command's line in
# quicktest.sh; the trap does not reach into functions or subshells, so a
# pass_capsh/fail_capsh call is one step). The status of the last step is
# the exit status of bash, which the caller has. QT_KEEP_GOING=1 makes
# "exit" a function that writes "exit STATUS LINE" and returns STATUS, so
# that the script goes on after a failure (upstream's run stops there).
# BASH_ENV and the QT_ variables are unset at once: the programs that
# quicktest.sh starts (its bash scripts and capsh's shells among them) see
# the environment they see without this file.
qt_trace=$QT_TRACE
qt_keep_going=${QT_KEEP_GOING:-}
unset BASH_ENV QT_TRACE QT_KEEP_GOING
if [ -n "$qt_keep_going" ]; then
	exit() {
		local st=${1:-$?}
		printf 'exit %s %s\n' "$st" "${BASH_LINENO[0]}" >> "$qt_trace"
		return "$st"
	}
fi
trap 'printf "step %s %s %s\n" "$?" "$LINENO" "${BASH_COMMAND//$'"'\n'"'/ }" >> "$qt_trace"' DEBUG
