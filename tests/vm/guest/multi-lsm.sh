# newcaps beside every LSM Debian builds in (SPEC 5, coexistence): the
# stack the kernel reports, and caps= together with the exclusive LSM's
# own mount options, both in force.
. /tests/lib/tap.sh
. /tests/lib/sets.sh
. /tests/lib/lsm.sh
NC=/sys/kernel/security/newcaps
NCP=/usr/local/bin/nc-probe
plan 16

lsm=$(lsm_setup)
ok $? "set up the exclusive LSM ($lsm)"
# capability, lsm='s list, then what the host says the kernel orders last
want_lsms=capability,$(sed -n 's/.* lsm=\([^ ]*\).*/\1/p' /proc/cmdline)
last=$(sed -n 's/.* nctest_lsm_last=\([^ ]*\).*/\1/p' /proc/cmdline)
want_lsms=$want_lsms${last:+,$last}
is "$(active_lsms)" "$want_lsms" "active LSMs are capability, those of lsm= and the kernel's last"
is "$(cat $NC/enabled)" 1 "newcaps is enabled"

for d in vda vdb; do
	/usr/sbin/mke2fs -q -F -t ext4 /dev/$d || echo "# mke2fs $d failed"
done
mkdir -p /mnt/a /mnt/b

# label FILE: the exclusive LSM's label of FILE, read through getxattr
label() {
	case $lsm in
	selinux) getfattr --absolute-names --only-values -n security.selinux "$1" 2>&1 |
		tr -d '\0' ;;
	smack) getfattr --absolute-names --only-values -n security.SMACK64 "$1" 2>&1 |
		tr -d '\0' ;;
	*) echo none ;;
	esac
}
case $lsm in
selinux) ctx=system_u:object_r:tmp_t:s0
	lsm_opt=context=$ctx want_label=$ctx ;;
smack) lsm_opt=smackfsdef=Pop want_label=Pop ;;
*) lsm_opt= want_label=none ;;
esac

mount -t ext4 -o "caps=strict${lsm_opt:+,$lsm_opt}" /dev/vda /mnt/a
ok $? "mount -o caps=strict${lsm_opt:+,$lsm_opt}"
mount -t ext4 /dev/vdb /mnt/b
ok $? "mount the control filesystem without options"
check "newcaps mounts" "$(cat $NC/mounts)" \
	"ext4 vda strict explicit none" "ext4 vdb inherit default none"
opts=$(awk '$2 == "/mnt/a" { print $4 }' /proc/mounts)
case ",$opts," in *,caps=strict,*) r=0 ;; *) r=1 ;; esac
ok $r "/proc/mounts shows caps=strict ($opts)"
if [ "$lsm" = selinux ]; then
	case ",$opts," in *",$lsm_opt,"*) r=0 ;; *) r=1 ;; esac
	ok $r "/proc/mounts shows $lsm_opt"
elif [ "$lsm" = smack ]; then
	# Smack shows no options in /proc/mounts (no sb_show_options in 6.1):
	# a fresh mount with another smackfsdef= shows it is in force.
	umount /mnt/a && mount -t ext4 -o caps=strict,smackfsdef=Other /dev/vda /mnt/a
	is "$(label /mnt/a/lost+found)" Other "a fresh mount with smackfsdef=Other relabels"
	umount /mnt/a && mount -t ext4 -o "caps=strict,$lsm_opt" /dev/vda /mnt/a
else
	[ -d /sys/kernel/security/apparmor ]
	ok $? "AppArmor's securityfs directory is present"
fi
# lost+found was made by mke2fs: it carries no LSM label of its own.
is "$(label /mnt/a/lost+found)" "$want_label" "$lsm label of an unlabeled file on the mount"
if [ "$lsm" = apparmor ]; then
	is "$(cat /sys/module/apparmor/parameters/enabled)" Y "AppArmor reports itself enabled"
else
	[ "$(label /mnt/b/lost+found)" != "$want_label" ]
	ok $? "control: without ${lsm_opt%%=*} the label differs ($(label /mnt/b/lost+found))"
fi

cp $NCP /mnt/a/probe
is "$(sets_of /mnt/a/probe sets)" "$(want 0 $NONE $NONE $NONE $REG)" \
	"root runs an unlabeled program on the strict mount: keeps nothing"
mount -o remount,caps=inherit /mnt/a
ok $? "remount caps=inherit"
is "$(sets_of /mnt/a/probe sets)" "$(want 0 $SYS $SYS $NONE $REG)" \
	"after the remount root keeps its capabilities"
is "$(label /mnt/a/lost+found)" "$want_label" "$lsm label unchanged by the remount"
umount /mnt/a

out=$(mount -t ext4 -o "caps=bogus${lsm_opt:+,$lsm_opt}" /dev/vda /mnt/a 2>&1)
[ $? -ne 0 ] && ! grep -q ' /mnt/a ' /proc/mounts
ok $? "caps=bogus${lsm_opt:+,$lsm_opt}: the mount fails ($out)"
finish
