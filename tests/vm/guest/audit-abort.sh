# An audit event whose exec never ran its program (issue 37, item 9). An
# exec on a caps=audit mount that computed its credentials and was then
# killed (nc-exec-killed: SIGKILL while the exec waits in de_thread() for
# a thread reading the slow disk) must leave no event waiting forever for
# the capabilities a program used: the program never ran. The same
# program run to completion still records its event and completes it.
# Disks: vda (ext4), the slow disk named by ncslowdisk= (run-vm --slow-disk).
. /tests/lib/tap.sh
. /tests/lib/audit.sh
NC=/sys/kernel/security/newcaps
slow=
for arg in $(cat /proc/cmdline); do
	case $arg in ncslowdisk=*) slow=/dev/${arg#ncslowdisk=} ;; esac
done
plan 8

stat_of() {
	awk -v k="$1" '$1 == k { print $2 }' $NC/stats
}

ok "$([ -b "$slow" ]; echo $?)" "the slow disk is there (${slow:-none})"
mkdir -p /mnt/a
mount -t ext4 -o caps=audit /dev/vda /mnt/a
ok $? "mount caps=audit"
cp /usr/local/bin/nc-work /mnt/a/killed && cp /usr/local/bin/nc-work /mnt/a/completed
ok $? "two unlabeled copies of nc-work on the audit mount"

seq0=$(last_seq)
execs0=$(stat_of unlabeled_execs_audit)
/usr/local/bin/nc-exec-killed "$slow" /mnt/a/killed idle > /tmp/killed.out 2>&1
is "$?" 137 "the exec of /mnt/a/killed was killed (SIGKILL)"
is "$(grep -c '^idle' /tmp/killed.out)" 0 "/mnt/a/killed never ran"
is "$(($(stat_of unlabeled_execs_audit) - execs0))" 1 \
	"the killed exec computed its credentials on the audit mount"
is "$(events_since "$seq0")" "" "no audit event for a program that never ran"

# A completed run: its event is recorded and shows what it used. Tasks are
# freed an RCU grace period after wait().
/mnt/a/completed idle > /dev/null
wait_used "$seq0"
is "$(events_since "$seq0")" "/mnt/a/completed none" \
	"the same program run to completion: one event, it used nothing"
umount /mnt/a
finish
