# Random input in the guest (issue 12): random bytes of random length to
# every writable securityfs file, random caps= and capdefault= values,
# random security.capability values on an executable. Each must get a
# clean error or be a valid value, and never change state on an error;
# run-vm fails the boot on any kernel report.
. /tests/lib/tap.sh
NC=/sys/kernel/security/newcaps
W=/usr/local/bin/nc-work
ROUNDS=150
plan 8

# rand N: a number in 0..N-1
rand() { echo $((RANDOM % $1)); }

# --- securityfs: random bytes, one write each ---------------------------
# knob_fuzz FILE VALID-VALUES...: after every write the file shows a valid
# value, and a failed write left it unchanged.
knob_fuzz() {
	file=$1
	shift
	bad=0 fails=0
	for i in $(seq $ROUNDS); do
		before=$(cat $NC/$file)
		len=$(rand 40)
		if dd if=/dev/urandom of=$NC/$file bs=$((len + 1)) count=1 2>/dev/null; then
			after=$(cat $NC/$file)
			case " $* " in *" $after "*) ;; *) bad=$((bad + 1)) ;; esac
		else
			fails=$((fails + 1))
			[ "$(cat $NC/$file)" = "$before" ] || bad=$((bad + 1))
		fi
	done
	[ $bad -eq 0 ] && [ $fails -gt 0 ]
	ok $? "$ROUNDS random writes to $file: $fails refused, state always valid and unchanged on error ($bad bad)"
}
knob_fuzz default_policy inherit strict audit
knob_fuzz stored_policy tighten trust ignore
echo inherit > $NC/default_policy
echo tighten > $NC/stored_policy

# stats accepts only "0": a refused write leaves the counters alone.
before=$(grep '^execs ' $NC/stats)
bad=0
for i in $(seq $ROUNDS); do
	printf 'x%s' "$(head -c $(rand 20) /dev/urandom | tr -d '\0')" > $NC/stats 2>/dev/null &&
		bad=$((bad + 1))
done
# Nothing exec'd between the reads but the shell's own $(...) helpers,
# which only add: the counter must not have been reset.
after=$(grep '^execs ' $NC/stats)
[ $bad -eq 0 ] && [ "${after#execs }" -ge "${before#execs }" ]
ok $? "$ROUNDS random non-zero writes to stats refused, counters not reset ($before -> $after)"

# --- mount options: random caps= and capdefault= values ------------------
mkdir -p /mnt/f
/usr/sbin/mke2fs -q -F -t ext4 /dev/vda > /dev/null 2>&1 || echo "# mke2fs vda failed"
# rstr ALPHABET MAX: a random string of the alphabet, up to MAX long
rstr() { head -c 400 /dev/urandom | tr -dc "$1" | head -c $(rand $2); }
bad=0 accepted=0
for i in $(seq $ROUNDS); do
	v=$(rstr 'a-z+:_0-9' 12)
	if mount -t ext4 -o "caps=$v" /dev/vda /mnt/f 2>/dev/null; then
		case $v in inherit|strict|audit) accepted=$((accepted + 1)) ;; *) bad=$((bad + 1)) ;; esac
		umount /mnt/f
	elif grep -q ' /mnt/f ' /proc/mounts; then
		bad=$((bad + 1))
	fi
done
ok $bad "$ROUNDS random caps= values: only the three policies mount, a refusal mounts nothing ($accepted accepted)"
bad=0 accepted=0
for i in $(seq $ROUNDS); do
	v=$(rstr 'a-z_:+ie0-9x' 30)
	if mount -t ext4 -o "capdefault=$v" /dev/vda /mnt/f 2>/dev/null; then
		accepted=$((accepted + 1))
		# What the kernel accepted it shows back in its own grammar.
		shown=$(awk '$2 == "vda" { print $5 }' $NC/mounts)
		umount /mnt/f
		mount -t ext4 -o "capdefault=$shown" /dev/vda /mnt/f 2>/dev/null || bad=$((bad + 1))
		umount /mnt/f 2>/dev/null
	elif grep -q ' /mnt/f ' /proc/mounts; then
		bad=$((bad + 1))
	fi
done
ok $bad "$ROUNDS random capdefault= values: refused cleanly, or shown in a form that mounts again ($accepted accepted)"
grep -q ' /mnt/f ' /proc/mounts
[ $? -ne 0 ]
ok $? "nothing left mounted"

# --- random security.capability values on an executable -----------------
mount -t ext4 -o caps=strict /dev/vda /mnt/f
cp $W /mnt/f/prog && $W xattr-set /mnt/f/prog 0000000200200000000000000000000000000000 > /dev/null
good=$($W xattr-get /mnt/f/prog)
bad=0 set=0 ran=0
for i in $(seq $ROUNDS); do
	# Random bytes of random length, or the size and magic of revision 2
	# (20 bytes) or 3 (24 bytes, a random root id) with random masks and
	# flags, so that the kernel's decoder sees well-formed values too.
	case $(rand 3) in
	0) hex=$(head -c $(rand 30) /dev/urandom | od -An -tx1 | tr -d ' \n') ;;
	1) hex=0$(rand 2)000002$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n') ;;
	*) hex=0$(rand 2)000003$(head -c 20 /dev/urandom | od -An -tx1 | tr -d ' \n') ;;
	esac
	before=$($W xattr-get /mnt/f/prog)
	if [ "$($W xattr-set /mnt/f/prog "$hex" | head -n 1)" = "xattr-set OK" ]; then
		set=$((set + 1))
	else
		[ "$($W xattr-get /mnt/f/prog)" = "$before" ] || bad=$((bad + 1))
	fi
	# An exec either runs or fails with an errno; it never hangs or oopses.
	out=$(/mnt/f/prog idle 2>&1 | head -n 1)
	case $out in "idle OK") ran=$((ran + 1)) ;; *[A-Za-z]*) ;; *) bad=$((bad + 1)) ;; esac
	$W xattr-set /mnt/f/prog "$good" > /dev/null
done
ok $bad "$ROUNDS random security.capability values: refused ones change nothing ($set set, $ran execs ran)"
is "$($W xattr-get /mnt/f/prog)" "$good" "the executable's masks are restored"
umount /mnt/f
finish
