# The mode the guest booted in: "on" (newcaps=on), "off" (newcaps=off) or
# "inactive" (newcaps built in but left out of lsm=); tests/vm/modes boots
# all three.
mode=on
for arg in $(cat /proc/cmdline); do
	case $arg in
	newcaps=off) mode=off ;;
	lsm=*) case ,${arg#lsm=}, in *,newcaps,*) ;; *) mode=inactive ;; esac ;;
	esac
done
