# Second boot of the policy suite: the tune2fs flag written in the first
# boot is still in force.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
plan 4

mkdir -p /mnt/tune
mount -t ext4 /dev/vdf /mnt/tune
ok $? "mount the tune2fs-flagged filesystem without options"
is "$(findmnt -n -o OPTIONS /mnt/tune | tr , '\n' | grep '^caps=')" caps=strict \
	"findmnt shows caps=strict from the superblock"
is "$(sets_of /mnt/tune/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"after reboot: exec is strict"
umount /mnt/tune
ok $? "unmount"
finish
