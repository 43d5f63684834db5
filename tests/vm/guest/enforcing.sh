# The regular capabilities' checks are patched out until a process drops
# one (issue 21); "regular_dropped" shows when they start to run. Before
# any drop it reads 0. The drop enables them before its new sets take
# effect, so the very next operation the process gave up is refused;
# processes that dropped nothing keep every right; with newcaps=off, or
# newcaps left out of lsm=, nothing is ever enabled.
# Exec never drops a regular capability (sanitize only gives back, SPEC
# 4.1.4), so capset makes the first drop; once enabled the checks never
# turn off: this suite has a boot of its own in each mode.
. /tests/lib/tap.sh
. /tests/lib/mode.sh
T=/usr/local/bin/nc-try
F=/sys/kernel/security/newcaps/regular_dropped
STATS=/sys/kernel/security/newcaps/stats
case $mode in on) plan 11 ;; *) plan 6 ;; esac
diag "mode: $mode"

is "$(cat $F)" "0" "$mode: regular_dropped reads 0 after boot"
mkdir -p /mnt/w
mount -t ext4 -o caps=inherit /dev/vda /mnt/w
ok $? "$mode: mount a caps=inherit filesystem"
denied_write() { sed -n 's/^denied_reg_write \([0-9]*\)$/\1/p' $STATS; }

if [ $mode != on ]; then
	# The newcaps capset version does not exist without the model.
	is "$($T drop:cap_reg_write create:/mnt/w/a)" \
		"drop:cap_reg_write EINVAL
create:/mnt/w/a OK" "$mode: no regular capability to drop; the create works"
	is "$($T bset-drop:cap_reg_write)" "bset-drop:cap_reg_write EINVAL" \
		"$mode: nor one to drop from the bounding set"
	is "$(cat $F)" "0" "$mode: regular_dropped still reads 0"
	is "$($T create:/mnt/w/b)" "create:/mnt/w/b OK" "$mode: creating works"
	finish
fi

is "$(denied_write)" "0" "on: no write refused so far"
# One process: the drop, then at once the write it no longer may do.
is "$($T drop:cap_reg_write create:/mnt/w/a)" \
	"drop:cap_reg_write OK
create:/mnt/w/a EACCES" "on: the first create after capset dropped cap_reg_write is refused"
is "$(cat $F)" "1" "on: regular_dropped reads 1 after that drop"
is "$($T --drop-reg cap_reg_open open:/etc/passwd)" \
	"open:/etc/passwd EPERM" "on: a later drop of cap_reg_open is enforced"
is "$($T drop:cap_reg_fork fork)" "drop:cap_reg_fork OK
fork EPERM" "on: and one of cap_reg_fork"
is "$($T create:/mnt/w/b)" "create:/mnt/w/b OK" \
	"on: a process that dropped nothing still creates"
is "$(denied_write)" "1" "on: stats counted the one refused create"
is "$(ls /mnt/w)" "b
lost+found" "on: only the allowed create made a file"
umount /mnt/w
ok $? "$mode: unmount"
finish
