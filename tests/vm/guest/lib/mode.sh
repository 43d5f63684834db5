# The mode the guest booted in: "on" (newcaps=on), "off" (newcaps=off) or
# "inactive" (newcaps built in but left out of lsm=); tests/vm/modes boots
# all three. A kernel whose configuration chooses the mode (left out of
# CONFIG_LSM, CONFIG_SECURITY_NEWCAPS_DEFAULT_OFF) shows it on no command
# line: the host names the mode it meant with nctest.mode= (vm-off-left-out).
mode=on meant=
for arg in $(cat /proc/cmdline); do
	case $arg in
	newcaps=off) mode=off ;;
	lsm=*) case ,${arg#lsm=}, in *,newcaps,*) ;; *) mode=inactive ;; esac ;;
	nctest.mode=*) meant=${arg#nctest.mode=} ;;
	esac
done
mode=${meant:-$mode}
