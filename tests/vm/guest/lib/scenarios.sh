# The exec scenarios shared by the newcaps=on test (policy.sh, which knows
# the expected sets) and the newcaps=off comparison with the unpatched
# kernel (scenarios.sh). Needs the mounts and probes of setup_mounts.
#
# Each scenario calls "scenario NAME COMMAND..." where the command ends in
# running a probe with "sets".

NCP=/usr/local/bin/nc-probe

# setup_mounts INHERIT_OPTS STRICT_OPTS: mount the test disks and place the
# probes: probe (unlabeled), suid (setuid root), raw-ep and raw-i (labeled).
setup_mounts() {
	mkdir -p /mnt/inh /mnt/str /mnt/def /mnt/nosuid
	mount -t ext4 -o "$1" /dev/vda /mnt/inh &&
	mount -t ext4 -o "$2" /dev/vdb /mnt/str &&
	mount -t ext4 /dev/vdc /mnt/def &&
	mount -t ext4 -o "nosuid,$1" /dev/vdd /mnt/nosuid || return 1
	for d in /mnt/inh /mnt/str /mnt/def /mnt/nosuid; do
		cp $NCP $d/probe && cp $NCP $d/suid && chmod 4755 $d/suid &&
		cp $NCP $d/raw-ep && setcap cap_net_raw+ep $d/raw-ep &&
		cp $NCP $d/raw-i && setcap cap_net_raw+i $d/raw-i || return 1
	done
}

run_scenarios() {
	scenario root-inherit-unlabeled /mnt/inh/probe sets
	scenario root-strict-unlabeled /mnt/str/probe sets
	scenario root-default-unlabeled /mnt/def/probe sets
	scenario root-inherit-raw-ep /mnt/inh/raw-ep sets
	scenario root-strict-raw-ep /mnt/str/raw-ep sets
	scenario root-inherit-raw-i /mnt/inh/raw-i sets
	scenario root-strict-raw-i /mnt/str/raw-i sets
	scenario root-strict-suid /mnt/str/suid sets
	scenario user-inherit-unlabeled $NCP run --as 1000 -- /mnt/inh/probe sets
	scenario user-strict-unlabeled $NCP run --as 1000 -- /mnt/str/probe sets
	scenario user-inherit-raw-ep $NCP run --as 1000 -- /mnt/inh/raw-ep sets
	scenario user-strict-raw-ep $NCP run --as 1000 -- /mnt/str/raw-ep sets
	scenario user-strict-raw-i $NCP run --as 1000 -- /mnt/str/raw-i sets
	scenario user-inherit-suid $NCP run --as 1000 -- /mnt/inh/suid sets
	scenario user-strict-suid $NCP run --as 1000 -- /mnt/str/suid sets
	scenario user-nosuid-suid $NCP run --as 1000 -- /mnt/nosuid/suid sets
	scenario user-nosuid-raw-ep $NCP run --as 1000 -- /mnt/nosuid/raw-ep sets
	scenario user-nnp-suid $NCP run --as 1000 --nnp -- /mnt/inh/suid sets
	scenario user-nnp-raw-ep $NCP run --as 1000 --nnp -- /mnt/inh/raw-ep sets
	scenario user-no-sxid-suid \
		$NCP run --as 1000 --drop-reg cap_reg_sxid -- /mnt/inh/suid sets
	scenario root-dropped-write-suid \
		$NCP run --drop-reg cap_reg_write -- /mnt/str/suid sets
	scenario user-dropped-write-suid-sanitized \
		$NCP run --as 1000 --drop-reg cap_reg_write -- /mnt/str/suid sets
	scenario root-dropped-write-suid-no-sanitize \
		$NCP run --drop-reg cap_reg_write --securebits 10000 -- /mnt/str/suid sets
	scenario root-dropped-write-unlabeled \
		$NCP run --drop-reg cap_reg_write -- /mnt/inh/probe sets
	scenario root-legacy-clear $NCP run --legacy-clear -- /mnt/inh/probe sets
}
