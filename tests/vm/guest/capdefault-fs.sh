# capdefault= on filesystems whose new inodes no journal handle pins
# (Review IV, item 8): ext2, ext4 without a journal, ext4 with 128-byte
# inodes (the masks go to an xattr block) and ext4 with inline_data (the
# inode's xattr area holds the data too). On each, 100 files are made and
# removed under capdefault=cap_chown+i, so that the inode slots hold old
# masks; then 100 files are made under capdefault=cap_net_raw+i while
# another process drops the page cache in a loop, so that clean buffers
# are reclaimed between an xattr and the inode's write. Read back from the
# disk after a remount, every new file must carry cap_net_raw=i (neither
# nothing nor a removed file's cap_chown=i), and e2fsck must pass.
# Then caps= on ext2 and ext3 mounts, which ext4's driver serves
# (CONFIG_EXT4_USE_FOR_EXT2): the option is shown and in force.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
# e2fsprogs' tools, not busybox's applets of the same names
mke2fs() { /usr/sbin/mke2fs "$@"; }
e2fsck() { /usr/sbin/e2fsck "$@"; }
N=100
plan 46

pressure() {
	while [ -e /tmp/pressure ]; do
		echo 3 > /proc/sys/vm/drop_caches
	done
}
# make NAME PREFIX COUNT: files NAME/PREFIX0.. one write each
make() {
	j=0
	while [ $j -lt "$3" ]; do
		echo "$j" > "$1/$2$j" || break
		j=$((j + 1))
	done
	echo "$j"
}

for spec in "vda ext2 ext2" "vdb nojournal ext4 -O ^has_journal" \
	"vdc inode128 ext4 -I 128" "vdd inline ext4 -O inline_data"; do
	set -- $spec
	dev=/dev/$1 name=$2 type=$3
	shift 3
	M=/mnt/$name
	mkdir -p $M
	mke2fs -q -F -t $type "$@" $dev &&
		mount -t $type -o capdefault=cap_chown+i $dev $M
	ok $? "$name: made and mounted with capdefault=cap_chown+i"
	is "$(make $M old $N)" $N "$name: $N files with cap_chown=i made"
	rm -f $M/old* && sync
	ok $? "$name: and removed"
	mount -o remount,capdefault=cap_net_raw+i $M
	ok $? "$name: remount,capdefault=cap_net_raw+i"
	touch /tmp/pressure
	pressure &
	dropper=$!
	made=$(make $M new $N)
	rm -f /tmp/pressure
	wait $dropper
	is "$made" $N "$name: $N files made while the page cache is dropped"
	umount $M && echo 3 > /proc/sys/vm/drop_caches &&
		mount -t $type -o ro $dev $M
	ok $? "$name: unmounted, the cache dropped, mounted read-only"
	is "$(ls $M | grep -c '^new')" $N "$name: the $N new files are there"
	# one line: how many files carry masks, and which
	is "$(getcap -r $M | sed 's/.* //' | sort | uniq -c | tr -s ' ')" \
		" $N cap_net_raw=i" \
		"$name: each carries cap_net_raw=i, none nothing or another's"
	umount $M
	ok $? "$name: unmounted"
	e2fsck -fn $dev > /tmp/fsck.out 2>&1
	rc=$?
	ok $rc "$name: e2fsck -fn clean"
	[ $rc -eq 0 ] || sed 's/^/# /' /tmp/fsck.out | head -n 20
done

# --- caps= on ext2 and ext3 (the admin guide: "ext2/3/4") ------------------
mke2fs -q -F -t ext3 /dev/vdb
for spec in "vda ext2" "vdb ext3"; do
	set -- $spec
	M=/mnt/$2
	mkdir -p $M && mount -t $2 -o caps=strict /dev/$1 $M &&
		cp /usr/local/bin/nc-probe $M/probe
	rc=$?
	# the mount's type and whether its options show caps=strict
	shown=$(awk -v m=$M '$2 == m { print $3 "," $4 "," }' /proc/mounts |
		sed -n 's/^\([a-z0-9]*\),.*,\(caps=strict\),.*/\1 \2/p')
	is "$rc:$shown" "0:$2 caps=strict" \
		"$2: mounted as $2 with caps=strict, shown in /proc/mounts"
	# root runs an unlabeled program: strict gives no system capability
	is "$(caps $M/probe sets)" "euid=0 I=$NONE P=$NONE E=$NONE B=$SYS A=$NONE" \
		"$2, caps=strict: root's unlabeled program gets nothing"
	mount -o remount,caps=inherit $M
	is "$(caps $M/probe sets)" "euid=0 I=$NONE P=$SYS E=$SYS B=$SYS A=$NONE" \
		"$2, remounted caps=inherit: the same program gets root's system set"
	umount $M
done
finish
