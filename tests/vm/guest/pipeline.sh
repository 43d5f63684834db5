# Pipeline smoke test: two ext4 disks (made on the host with mke2fs -d),
# util-linux mount, a file capability round trip, clean unmount.
. /tests/lib/tap.sh
plan 10

mkdir -p /mnt/a /mnt/b
mount -t ext4 /dev/vda /mnt/a
ok $? "mount /dev/vda"
mount -t ext4 /dev/vdb /mnt/b
ok $? "mount /dev/vdb"
is "$(findmnt -n -o FSTYPE /mnt/a)" ext4 "findmnt: /mnt/a is ext4"
is "$(findmnt -n -o SOURCE /mnt/b)" /dev/vdb "findmnt: /mnt/b comes from /dev/vdb"
is "$(cat /mnt/a/seed.txt)" "seeded by mke2fs -d: disk a" "seed file of disk a"

cp /bin/busybox /mnt/a/ping
setcap cap_net_raw,cap_net_admin+ep /mnt/a/ping
ok $? "setcap cap_net_raw,cap_net_admin+ep"
is "$(getcap /mnt/a/ping)" "/mnt/a/ping cap_net_admin,cap_net_raw=ep" \
	"getcap shows the masks set"

echo "written in the guest" > /mnt/b/guest.txt
umount /mnt/a && umount /mnt/b
ok $? "unmount both disks"
# The masks must have reached the disk, not just the inode cache.
mount -o ro /dev/vda /mnt/a
is "$(getcap /mnt/a/ping)" "/mnt/a/ping cap_net_admin,cap_net_raw=ep" \
	"getcap after remount"
umount /mnt/a
ok $? "unmount read-only disk"
finish
