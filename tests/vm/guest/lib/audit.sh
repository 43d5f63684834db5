# Helpers for guest tests that read the audit file of newcaps' securityfs
# (SPEC 6): its lines are "SEQ MAJ:MIN INO PATH LOST USED VIA ...".
NC=${NC:-/sys/kernel/security/newcaps}

# last_seq: the sequence number of the newest event, 0 without any
last_seq() {
	awk 'END { print NR ? $1 : 0 }' $NC/audit
}
# events_since SEQ: "PATH USED" of the events after SEQ
events_since() {
	awk -v s="$1" '$1 > s { print $4, $6 }' $NC/audit
}
# wait_used SEQ: until no event after SEQ shows "-" (its program runs);
# tasks are freed after an RCU grace period, shortly after wait().
wait_used() {
	n=0
	while events_since "$1" | grep -q ' -$' && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
}
# wait_recorded SEQ PATH: until an event after SEQ names PATH
wait_recorded() {
	n=0
	while ! events_since "$1" | grep -q "^$2 " && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
}
