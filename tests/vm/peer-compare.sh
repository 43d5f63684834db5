# Compare a peer suite's results with newcaps=off and newcaps=on (sourced by
# tests/vm/peer-selftests and tests/vm/peer-libcap; the caller defines
# emit OK|NOTOK DESCRIPTION).
#
#   peer_compare OFF_TABLE ON_TABLE EXPECTED WORK EQUAL_OK
#
# TABLEs hold "CHECK RESULT" lines; EXPECTED "CHECK OFF ON REASON" lines
# ("#" comments and blank lines aside). A check that differs passes only
# when listed with exactly these results and a reason; a listed check that
# does not differ fails (the list must follow the kernel). EQUAL_OK=1 makes
# each equal, unlisted check a result of its own, else a diagnostic.

# peer_field FILE CHECK N: field N of CHECK's line, "missing" if absent
# (check names hold no blank but may hold awk's escapes)
peer_field() {
	K=$2 awk -v f="$3" '$1 == ENVIRON["K"] { print $f; found = 1; exit }
		END { if (!found) print "missing" }' "$1"
}

peer_compare() {
	pc_off=$1 pc_on=$2 pc_expected=$3 pc_work=$4 pc_equal_ok=$5
	awk '!/^[ \t]*(#|$)/ { print $1 }' "$pc_expected" > "$pc_work/expected.checks"
	{ cut -d' ' -f1 "$pc_off"; cut -d' ' -f1 "$pc_on"; } |
		awk '!seen[$0]++' > "$pc_work/checks"
	pc_differ=0
	while IFS= read -r check; do
		off=$(peer_field "$pc_off" "$check" 2)
		on=$(peer_field "$pc_on" "$check" 2)
		listed=no
		grep -qxF -- "$check" "$pc_work/expected.checks" && listed=yes
		if [ "$off" = "$on" ]; then
			if [ "$listed" = yes ]; then
				:
			elif [ "$pc_equal_ok" = 1 ]; then
				emit OK "on as off: $check ($off)"
			else
				echo "# $check: off $off, on $on"
			fi
			continue
		fi
		pc_differ=$((pc_differ + 1))
		if [ "$listed" = no ]; then
			emit NOTOK "on differs from off, not listed in $(basename "$pc_expected"): $check (off $off, on $on)"
			continue
		fi
		# the listed results and reason: "OFF ON REASON"
		lst=$(K=$check awk '$1 == ENVIRON["K"] { $1 = ""; sub(/^ +/, ""); print; exit }' "$pc_expected")
		set -f
		# shellcheck disable=SC2086
		set -- $lst
		set +f
		if [ "$#" -ge 3 ] && [ "$1 $2" = "$off $on" ]; then
			shift 2
			emit OK "on differs from off as listed: $check (off $off, on $on: $*)"
		else
			emit NOTOK "on differs from off as listed: $check (off $off, on $on; listed: off ${1:-?}, on ${2:-?}, with a reason)"
		fi
	done < "$pc_work/checks"
	echo "# $pc_differ of $(wc -l < "$pc_work/checks") checks differ between newcaps=off and newcaps=on"
	while IFS= read -r check; do
		off=$(peer_field "$pc_off" "$check" 2)
		on=$(peer_field "$pc_on" "$check" 2)
		[ "$off" != "$on" ] ||
			emit NOTOK "listed check differs: $check (off $off, on $on: the same; drop it from $(basename "$pc_expected"))"
	done < "$pc_work/expected.checks"
}
