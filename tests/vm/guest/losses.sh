# Explaining a loss (issue 35, item 3): an exec that removes capabilities
# its caller held -- strict's rule for a file without masks, or a label's
# Fi -- is recorded in the losses file with the program, its filesystem's
# policy, what was removed and the programs above it; newcapsctl why names
# the line that keeps each capability, and that line does keep it.
. /tests/lib/tap.sh
NC=/sys/kernel/security/newcaps
W=/usr/local/bin/nc-work
plan 46

mkdir -p /mnt/s /mnt/i /mnt/a
mount -t ext4 -o caps=strict /dev/vda /mnt/s &&
mount -t ext4 -o caps=inherit /dev/vdb /mnt/i &&
mount -t ext4 -o caps=audit /dev/vdc /mnt/a
ok $? "mount caps=strict, caps=inherit and caps=audit"
for p in /mnt/s/loser /mnt/s/again /mnt/s/labelled /mnt/s/waiter \
	/mnt/s/kept /mnt/s/sandboxed /mnt/i/loser /mnt/i/labelled /mnt/a/loser; do
	cp $W $p || echo "# cp $p failed"
done
setcap cap_net_raw+i /mnt/s/labelled && setcap cap_net_raw+i /mnt/i/labelled
ok $? "label two copies cap_net_raw+i"
is "$(cat $NC/version)" 6 "interface version 6: the losses file"
is "$(stat -c %a $NC/losses)" 400 "losses is mode 0400: it names other users' programs"
out=$(setpriv --reuid=65534 --regid=65534 --clear-groups cat $NC/losses 2>&1)
case $out in *"Permission denied"*) r=0 ;; *) r=1 ;; esac
ok $r "nobody cannot read it ($out)"

last_seq() { awk 'END { print NR ? $1 : 0 }' $NC/losses; }
# records after SEQ
since() { awk -v s="$1" '$1 > s' $NC/losses; }
# field N (1-based) of the only record after SEQ, "" unless exactly one
field() {
	[ "$(since "$1" | wc -l)" -eq 1 ] || return 0
	since "$1" | cut -d' ' -f"$2"
}
keep2() { newcaps-exec --keep=cap_chown,cap_net_raw -- "$@"; }
dev_s=$(findmnt -no MAJ:MIN /mnt/s | tr -d ' ')
dev_i=$(findmnt -no MAJ:MIN /mnt/i | tr -d ' ')

# --- strict's rule: a caller holding two capabilities ------------------
# Run from this shell, not a subshell: the chain is then known.
seq0=$(last_seq)
keep2 /mnt/s/loser idle > /tmp/out
is "$(head -n 1 /tmp/out)" "idle OK" "strict: the program runs"
is "$(since "$seq0" | wc -l)" 1 "one record"
is "$(field "$seq0" 3)" 0 "UID: root's"
is "$(field "$seq0" 4)" "$dev_s" "MAJ:MIN: the strict filesystem's ($dev_s)"
is "$(field "$seq0" 5)" "$(stat -c %i /mnt/s/loser)" "INO: the program's"
is "$(field "$seq0" 6)" /mnt/s/loser "PATH: the program"
is "$(field "$seq0" 7)" strict "POLICY: strict"
is "$(field "$seq0" 8)" unlabeled "CAUSE: unlabeled (strict's rule)"
is "$(field "$seq0" 9)" cap_chown,cap_net_raw "REMOVED: exactly what the caller held"
pid=$(field "$seq0" 2)
is "$(field "$seq0" 10)" "$pid:/usr/local/bin/newcaps-exec" \
	"first link: the program the process ran before, same pid"
# The links after the caller: this shell, then its parents up to init,
# four in all at most; each is PID:PATH of the process's program.
links=$(pid_links=""; n=1; p=$$
	while [ $n -lt 4 ]; do
		pid_links="$pid_links $p:$(readlink /proc/$p/exe)"
		n=$((n + 1))
		[ "$p" -eq 1 ] && break
		p=$(awk '{ print $4 }' /proc/$p/stat)
	done
	echo $pid_links)
is "$(since "$seq0" | cut -d' ' -f11-)" "$links" \
	"then this shell and its parents, nearest first, four links at most"

# --- once per program and capability -----------------------------------
seq1=$(last_seq)
keep2 /mnt/s/loser idle > /dev/null
keep2 /mnt/s/loser idle > /dev/null
is "$(since "$seq1" | wc -l)" 0 "the same loss again: no new record"
newcaps-exec --keep=cap_chown,cap_net_raw,cap_kill -- /mnt/s/loser idle > /dev/null
is "$(field "$seq1" 9)" cap_kill "a capability not yet recorded: a record of it alone"
keep2 /mnt/s/again idle > /dev/null
is "$(since "$seq1" | wc -l)" 2 "two records now"
is "$(since "$seq1" | awk '$6 == "/mnt/s/again" { print $9 }')" \
	cap_chown,cap_net_raw "another program: its own record"

# --- root: everything it held -------------------------------------------
seq2=$(last_seq)
/mnt/s/again idle > /dev/null
removed=$(field "$seq2" 9)
held=$(awk '/^CapPrm:/ { p = $2 } /^CapBnd:/ { b = $2 }
	END { print p, b }' /proc/self/status)
want=$(printf '%d' $(( 0x${held% *} & 0x${held#* } & ((1 << 48) - 1) )))
n=0 m=$want
while [ "$m" -ne 0 ]; do n=$((n + (m & 1))); m=$((m >> 1)); done
is "$(echo "$removed" | tr ',' '\n' | wc -l)" "$((n - 2))" \
	"root: all its system capabilities but the two recorded already"
case ",$removed," in *,cap_sys_admin,*) r=0 ;; *) r=1 ;; esac
ok $r "among them cap_sys_admin"

# --- a label's Fi ---------------------------------------------------------
seq3=$(last_seq)
out=$(keep2 /mnt/s/labelled idle)
case $out in *"CapPrm:	0000000000002000"*) r=0 ;; *) r=1 ;; esac
ok $r "labelled cap_net_raw+i: keeps cap_net_raw"
is "$(field "$seq3" 7) $(field "$seq3" 8) $(field "$seq3" 9)" \
	"strict label cap_chown" "on strict: the label removed cap_chown"
seq4=$(last_seq)
keep2 /mnt/i/labelled idle > /dev/null
is "$(field "$seq4" 4) $(field "$seq4" 7) $(field "$seq4" 8) $(field "$seq4" 9)" \
	"$dev_i inherit label cap_chown" "on inherit too: a label's Fi removes"
seq5=$(last_seq)
newcaps-exec --keep=cap_net_raw -- /mnt/s/labelled idle > /dev/null
is "$(since "$seq5" | wc -l)" 0 "nothing removed (the caller held only cap_net_raw): no record"

# --- no record where nothing is lost --------------------------------------
seq6=$(last_seq)
is "$(keep2 /mnt/i/loser idle | grep CapPrm)" "CapPrm:	0000000000002001" \
	"inherit: the program keeps both"
keep2 /mnt/a/loser idle > /dev/null
newcaps-exec --keep=none -- /mnt/s/kept idle > /dev/null
setpriv --reuid=65534 --regid=65534 --clear-groups /mnt/s/kept idle > /dev/null
is "$(since "$seq6" | wc -l)" 0 \
	"no record: inherit, audit (its own record), a caller without capabilities, nobody"
is "$(unshare -U -r /mnt/s/sandboxed idle | head -n 1)" "idle OK" \
	"root in a user namespace of its own execs on strict"
is "$(since "$seq6" | wc -l)" 0 "no record: its capabilities are no privilege to lose"

# --- newcapsctl why ----------------------------------------------------
json() { newcapsctl why --json "$@"; }
line() { json "$1" | jq -r --arg c "$2" '.losses[] | select(.capability == $c) | .line'; }
is "$(line /mnt/s/loser cap_kill)" "/mnt/s/loser cap_kill+i" \
	"why PATH: the line that keeps cap_kill"
is "$(line /mnt/s/labelled cap_chown)" "/mnt/s/labelled cap_chown:cap_net_raw+i" \
	"why PATH of a labelled program: its label with the capability added"
is "$(json /mnt/s/loser | jq -r '[.losses[].capability] | sort | join(",")')" \
	"cap_chown,cap_kill,cap_net_raw" "why PATH: a row per capability the program lost"
is "$(json /mnt/s/loser | jq -r '.losses[0].chain')" \
	"/usr/local/bin/newcaps-exec < $(readlink /proc/$$/exe) < $(readlink /proc/$(awk '{ print $4 }' /proc/$$/stat)/exe)" \
	"why: the chain above, nearest first"
newcapsctl why /mnt/i/loser > /tmp/why.out
is "$? $(wc -c < /tmp/why.out)" "3 0" "why of a program that lost nothing: exit 3, no output"
newcapsctl why /mnt/s/loser > /tmp/why.out
is "$?" 0 "why PATH: exit 0"
is "$(grep -c 'cap_kill' /tmp/why.out)" 1 "the table names cap_kill once"

# A running program: by its pid, and by the pid of a process it started.
mkfifo /tmp/hold
newcaps-exec --keep=cap_chown,cap_net_raw -- /mnt/s/waiter read /tmp/hold > /dev/null &
waiter=$!
n=0
until [ "$(readlink /proc/$waiter/exe)" = /mnt/s/waiter ] || [ $n -ge 100 ]; do
	sleep 0.1
	n=$((n + 1))
done
is "$(json $waiter | jq -r '.losses[] | "\(.program) \(.pid) \(.capability)"' | sort | tr '\n' ' ')" \
	"/mnt/s/waiter $waiter cap_chown /mnt/s/waiter $waiter cap_net_raw " \
	"why PID: the running program's own record"
sh -c "echo \$\$ > /tmp/child.pid; exec sleep 30" &
sleep 0.5
child=$(cat /tmp/child.pid)
is "$(json $child | jq -r '[.losses[].program] | unique | join(" ")')" "" \
	"why PID of a process that lost nothing and whose ancestors did not: nothing"
kill $! 2>/dev/null
echo x > /tmp/hold
wait $waiter
rm -f /tmp/hold
newcapsctl why 999999 > /dev/null 2> /tmp/why.err
is "$? $(cat /tmp/why.err)" "1 newcapsctl: 999999: no such process" "why of a pid that does not exist"

# --- the line keeps the capability --------------------------------------
: > /tmp/owned
is "$(keep2 /mnt/s/kept chown /tmp/owned 1000 | head -n 1)" "chown EPERM" \
	"before: strict removes cap_chown and the chown fails"
line /mnt/s/kept cap_chown > /tmp/keep.policy
is "$(cat /tmp/keep.policy)" "/mnt/s/kept cap_chown+i" "why names the line"
newcaps-label /tmp/keep.policy
ok $? "newcaps-label applies it"
seq7=$(last_seq)
is "$(keep2 /mnt/s/kept chown /tmp/owned 1000 | head -n 1)" "chown OK" \
	"after: the program keeps cap_chown and chowns"
is "$(field "$seq7" 6) $(field "$seq7" 8) $(field "$seq7" 9)" \
	"/mnt/s/kept label cap_net_raw" \
	"the new record names only what the label still removes"
is "$(stat -c %u /tmp/owned)" 1000 "the file is chowned"

umount /mnt/s /mnt/i /mnt/a
finish
