# Not a test: what scripts/run shows after boot (status and --shell modes),
# on the two scratch disks it attaches. vda and vdb hold bin/showcaps (a
# copy of newcaps-exec, no masks); vdb also bin/showcaps-net, labelled
# cap_net_bind_service+i by newcaps-label on the host.
mount() { /usr/bin/mount "$@"; }
umount() { /usr/bin/umount "$@"; }
mkdir -p /mnt/inherit /mnt/strict
mount -t ext4 -o caps=inherit /dev/vda /mnt/inherit &&
mount -t ext4 -o caps=strict /dev/vdb /mnt/strict || exit 1
echo
echo "\$ newcapsctl status"
newcapsctl status
sets() { # sets PROGRAM: its sets, as it prints them with --print
	echo
	echo "\$ $1 --print    # $2"
	"$1" --print | grep -E '^(Effective|Permitted):'
}
sets /mnt/inherit/bin/showcaps "caps=inherit, no masks: Madore's inherit, P' = Pi"
sets /mnt/strict/bin/showcaps "caps=strict, no masks: regular capabilities only"
sets /mnt/strict/bin/showcaps-net "caps=strict, masked cap_net_bind_service+i: P' = Pi & Fi"
umount /mnt/inherit /mnt/strict
