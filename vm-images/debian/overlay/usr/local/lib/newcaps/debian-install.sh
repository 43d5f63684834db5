# Issue 22 item 1 as an administrator does it, sourced by debian-check when
# the kernel command line has newcaps.install=1 (tests/debian/install): the
# packages of scripts/build-debs, on the second disk (/dev/vdb, ext4), are
# installed with apt on the image booted on Debian's own kernel; the kernel
# and the initramfs that the package's maintainer scripts made are copied
# back to that disk for the host to boot.
# It uses ok, is, show and $D of debian-check.
X=/mnt/newcaps-debs

install_mode() { grep -q 'newcaps\.install=1' /proc/cmdline; }
install_plan() { echo 5; }

install_checks() {
	mkdir -p $X
	mount -t ext4 /dev/vdb $X
	ok $? "the packages' disk is mounted"
	kdeb=$(ls $X/linux-image-*.deb 2>/dev/null | head -n 1)
	rel=$(dpkg-deb -f "$kdeb" Package 2>/dev/null | sed 's/^linux-image-//')
	echo "# installing: $(cd $X && ls ./*.deb | tr '\n' ' ')"
	apt install -y "$kdeb" $X/newcaps-tools_*_amd64.deb > $D/apt.out 2>&1
	st=$?
	# The host fails a boot whose console shows the kernel's "WARNING:";
	# apt's and depmod's (no modules: all is built in) are not that.
	sed 's/WARNING:/warning:/' $D/apt.out | show
	ok $st "apt install ./linux-image-${rel}_*.deb ./newcaps-tools_*.deb"
	is "$(dpkg-query -W -f='${Status} ' "linux-image-$rel" newcaps-tools 2>&1)" \
		"install ok installed install ok installed " \
		"dpkg: linux-image-$rel and newcaps-tools installed"
	ls -l /boot | show
	[ -s "/boot/vmlinuz-$rel" ] && [ -s "/boot/initrd.img-$rel" ]
	ok $? "/boot/vmlinuz-$rel and the initramfs its postinst made"
	mkdir -p $X/boot &&
		cp "/boot/vmlinuz-$rel" "/boot/initrd.img-$rel" $X/boot/ &&
		echo "$rel" > $X/boot/release && umount $X
	ok $? "kernel and initramfs copied back to the packages' disk"
}
