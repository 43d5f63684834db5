# policy.sh in the multi-LSM guest, after the active exclusive LSM is set
# up (SELinux: policy loaded).
. /tests/lib/lsm.sh
lsm=$(lsm_setup) || echo "# $lsm setup failed"
echo "# active LSMs: $(active_lsms)"
. /tests/policy.sh
