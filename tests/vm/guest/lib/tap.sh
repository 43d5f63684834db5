# TAP helpers for in-guest test scripts (busybox sh). Source, then call
# plan N first and finish last; the exit status is the number of failures.

tap_n=0
tap_failed=0

# Debian's busybox shell runs its own applets before anything in PATH: the
# tests mean the util-linux, e2fsprogs and libcap tools.
mount() { /usr/bin/mount "$@"; }
umount() { /usr/bin/umount "$@"; }
setpriv() { /usr/bin/setpriv "$@"; }
unshare() { /usr/bin/unshare "$@"; }
tune2fs() { /usr/sbin/tune2fs "$@"; }

plan() {
	echo "1..$1"
}

ok() { # ok STATUS DESCRIPTION: STATUS 0 is a pass
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

is() { # is ACTUAL EXPECTED DESCRIPTION
	if [ "$1" = "$2" ]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		echo "#   got:      '$1'"
		echo "#   expected: '$2'"
	fi
}

# check NAME OUTPUT EXPECTED-LINE...: one test per line expected in OUTPUT
check() {
	name=$1 out=$2
	shift 2
	for line in "$@"; do
		case "
$out
" in
		*"
$line
"*) ok 0 "$name: $line" ;;
		*) ok 1 "$name: $line"; echo "#   output: $(echo "$out" | tr '\n' '|')" ;;
		esac
	done
}

# unmount_all DESCRIPTION DIR...: one test, every DIR unmounted (not only
# the last); the ones that would not unmount are shown
unmount_all() {
	what=$1 left=
	shift
	for d in "$@"; do umount "$d" || left="$left $d"; done
	is "${left# }" "" "$what"
}

diag() {
	echo "# $*"
}

finish() {
	exit "$tap_failed"
}
