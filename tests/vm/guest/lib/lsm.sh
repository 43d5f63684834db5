# The multi-LSM guest (tests/vm/multi-lsm): what the exclusive LSM booted
# beside newcaps needs before a test runs. SELinux gets the Debian
# reference policy (/etc/selinux/policy.33 in the appended archive) loaded
# in permissive mode, as a distribution boots (with /etc/selinux/config:
# without it libselinux reports SELinux disabled and util-linux drops
# context= options); Smack gets smackfs mounted, AppArmor runs without
# loaded policy.
LSM_SELINUX_POLICY=/etc/selinux/policy.33

active_lsms() {
	cat /sys/kernel/security/lsm
}

# lsm_setup: prints "selinux", "smack" or "apparmor" (the exclusive LSM
# that is active); returns non-zero when its setup failed.
lsm_setup() {
	case ",$(active_lsms)," in
	*,selinux,*)
		echo selinux
		mkdir -p /sys/fs/selinux
		grep -q ' /sys/fs/selinux ' /proc/mounts ||
			mount -t selinuxfs selinuxfs /sys/fs/selinux || return 1
		# selinuxfs takes the policy in one write at offset 0.
		dd if=$LSM_SELINUX_POLICY of=/sys/fs/selinux/load bs=16M \
			2>/dev/null ;;
	*,smack,*)
		echo smack
		# util-linux drops smackfs* options when smackfs is not mounted.
		grep -q ' /sys/fs/smackfs ' /proc/mounts ||
			mount -t smackfs smackfs /sys/fs/smackfs ;;
	*,apparmor,*) echo apparmor ;;
	*) echo none; return 1 ;;
	esac
}
