# capdefault= under EVM (issue 19, item 6): with an EVM key loaded, a new
# file's default masks are covered by its security.evm HMAC, so EVM lets
# the file be changed (chmod, setcap) as it does for any other file. A
# control on a filesystem without capdefault=, and one that shows EVM does
# refuse a file whose HMAC no longer matches (mode changed offline).
# Own boot: an EVM key cannot be unloaded. tests/vm/modes boots it with
# newcaps=on, off and left out of lsm=: without the model capdefault= is
# accepted and writes nothing, so the new file is a plain one to EVM.
. /tests/lib/tap.sh
P=/usr/local/bin/nc-probe
T=/usr/local/bin/nc-try
EVM=/sys/kernel/security/evm

. /tests/lib/mode.sh
# Linux 6.6 on: the xattr slots every new inode's array has (below).
case $(uname -r) in 6.1.*) slots=0 ;; *) slots=1 ;; esac
case $mode in on) plan $((16 + slots)) ;; *) plan $((7 + slots)) ;; esac
diag "mode: $mode"

# From 6.6 any LSM may give a new inode an xattr: each asks for slots at
# boot, and every inode creation allocates and zeroes an array of them
# plus a terminator. EVM asks for one, newcaps=on for one (capdefault='s
# masks); the count is their sum. Counted as blob offsets, aligned to a
# pointer, 6.12's two made nine: 240 bytes zeroed on every create.
# tests/vm/modes boots this suite with lsm.debug, which prints the count.
if [ $slots = 1 ]; then
	want=0
	for lsm in $(tr , ' ' < /sys/kernel/security/lsm); do
		case $lsm in
		evm|selinux) want=$((want + 1)) ;;
		smack) want=$((want + 2)) ;;
		newcaps) [ $mode != on ] || want=$((want + 1)) ;;
		esac
	done
	is "$(dmesg | sed -n 's/.*LSM: xattr slots *= *//p')" "$want" \
		"one xattr slot per slot an LSM asked for ($(cat /sys/kernel/security/lsm))"
fi

is "$($T evm-key)" "evm-key OK" "EVM key made (user key kmk, encrypted evm-key)"
echo 1 > $EVM
is "$(cat $EVM)" "1" "EVM HMAC mode on (securityfs evm reads 1)"

mkdir -p /mnt/cd /mnt/plain
mount -t ext4 -o caps=strict,capdefault=cap_net_raw+ie /dev/vda /mnt/cd &&
	mount -t ext4 -o caps=strict /dev/vdb /mnt/plain
ok $? "mount a capdefault=cap_net_raw+ie and a plain filesystem"

cp $P /mnt/cd/new
if [ $mode != on ]; then
	is "$(getcap /mnt/cd/new)" "" "capdefault: $mode: the new file has no masks"
	is "$($T xattr-size:/mnt/cd/new:security.evm)" \
		"xattr-size:/mnt/cd/new:security.evm ENODATA" \
		"capdefault: $mode: and no HMAC (nothing to protect)"
	is "$($T chmod:/mnt/cd/new)" "chmod:/mnt/cd/new OK" \
		"capdefault: $mode: its mode changes"
	is "$(setcap cap_net_raw+ie /mnt/cd/new 2>&1; echo "status $?")" \
		"Failed to set capabilities on file '/mnt/cd/new': Operation not permitted
status 1" "capdefault: $mode: EVM refuses setcap on it, as on any file without an HMAC"
	umount /mnt/cd /mnt/plain
	finish
fi

# A new file on the capdefault= filesystem: masks and HMAC both there.
is "$(getcap /mnt/cd/new)" "/mnt/cd/new cap_net_raw=ei" \
	"capdefault: the new file has the default masks"
is "$($T xattr-size:/mnt/cd/new:security.evm)" \
	"xattr-size:/mnt/cd/new:security.evm 21" \
	"capdefault: the new file has an HMAC (type and SHA-1: 21 bytes)"
is "$($T chmod:/mnt/cd/new)" "chmod:/mnt/cd/new OK" \
	"capdefault: EVM lets the new file's mode change (HMAC matches)"
setcap cap_net_raw,cap_chown+ie /mnt/cd/new
ok $? "capdefault: EVM lets setcap replace the default masks"
is "$(getcap /mnt/cd/new)" "/mnt/cd/new cap_chown,cap_net_raw=ei" \
	"capdefault: the new masks are in place"
is "$($T chmod:/mnt/cd/new)" "chmod:/mnt/cd/new OK" \
	"capdefault: and the HMAC EVM updated matches them"

# Control: without capdefault= a new file has no protected xattr, no HMAC.
cp $P /mnt/plain/new
is "$($T xattr-size:/mnt/plain/new:security.evm)" \
	"xattr-size:/mnt/plain/new:security.evm ENODATA" \
	"plain: a new file has no HMAC (nothing to protect)"
# EVM refuses a first protected xattr on a file without an HMAC (mainline
# EVM: "update_metadata"); capdefault= files have theirs from the start.
is "$(setcap cap_net_raw+ie /mnt/plain/new 2>&1; echo "status $?")" \
	"Failed to set capabilities on file '/mnt/plain/new': Operation not permitted
status 1" "plain: EVM refuses setcap on a file without an HMAC (EPERM)"
is "$($T chmod:/mnt/plain/new)" "chmod:/mnt/plain/new OK" \
	"plain: the file's mode changes"

# EVM does check: change the mode behind its back, EVM refuses the file.
umount /mnt/cd
ok $? "unmount the capdefault= filesystem"
debugfs -w -R 'sif /new mode 0100700' /dev/vda 2>/dev/null
ok $? "change the file's mode offline (debugfs)"
mount -t ext4 -o caps=strict,capdefault=cap_net_raw+ie /dev/vda /mnt/cd
ok $? "mount it again"
is "$($T chmod:/mnt/cd/new)" "chmod:/mnt/cd/new EPERM" \
	"EVM refuses the file whose HMAC no longer matches"

umount /mnt/cd /mnt/plain
finish
