# Second boot of the policy suite: the tune2fs flag written in the first
# boot is still in force.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
plan 4

mkdir -p /mnt/tune
mount -t ext4 /dev/vdf /mnt/tune
ok $? "mount the tune2fs-flagged filesystem without options"
# A stored policy is not shown as caps= (util-linux would replay it on
# remount as an explicit one); the mounts file names its origin.
is "$(grep '^ext4 vdf ' /sys/kernel/security/newcaps/mounts)" \
	"ext4 vdf strict stored none" "mounts: caps=strict from the superblock"
is "$(sets_of /mnt/tune/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"after reboot: exec is strict"
umount /mnt/tune
ok $? "unmount"
finish
