# Capability-set helpers for guest tests. The probe is nc-probe (or a copy
# of it on a test filesystem) run with "sets"; sets_of runs a command that
# ends in such a probe and prints one comparable line:
#   euid=N P=CapPrm E=CapEff I=CapInh R=CapRegPrm,CapRegEff,CapRegInh

# Masks worked out from SPEC section 2, not read from the kernel.
SYS=000001ffffffffff		# capabilities 0..40
NONE=0000000000000000
REG=ffff000000000000		# the regular region, bits 48..63
NET_RAW=0000000000002000	# capability 13
REG_NO_SXID=fff7000000000000	# REG without cap_reg_sxid (51)
REG_NO_WRITE=ffef000000000000	# REG without cap_reg_write (52)
REG_NO_PTRACE=ffdf000000000000	# REG without cap_reg_ptrace (53)

sets_of() {
	"$@" 2>&1 | awk '
		/^euid / { euid = $2 }
		/^CapPrm:/ { p = $2 } /^CapEff:/ { e = $2 } /^CapInh:/ { i = $2 }
		/^CapRegPrm:/ { rp = $2 } /^CapRegEff:/ { re = $2 }
		/^CapRegInh:/ { ri = $2 }
		!/^(euid |Cap)/ { other = other " [" $0 "]" }
		END { printf "euid=%s P=%s E=%s I=%s R=%s,%s,%s%s\n",
			euid, p, e, i, rp, re, ri, other }'
}

# caps COMMAND...: the same for the five lines every kernel prints (no
# CapReg*), as tests compare with newcaps=off:
#   euid=N I=CapInh P=CapPrm E=CapEff B=CapBnd A=CapAmb
caps() {
	"$@" 2>&1 | awk '
		/^euid / { euid = $2 }
		/^CapInh:/ { i = $2 } /^CapPrm:/ { p = $2 } /^CapEff:/ { e = $2 }
		/^CapBnd:/ { b = $2 } /^CapAmb:/ { a = $2 }
		!/^(euid |Cap)/ { other = other " [" $0 "]" }
		END { printf "euid=%s I=%s P=%s E=%s B=%s A=%s%s\n",
			euid, i, p, e, b, a, other }'
}

# want EUID PRM EFF INH REG: the line sets_of prints for those values, the
# regular region the same in all three sets.
want() {
	echo "euid=$1 P=$2 E=$3 I=$4 R=$5,$5,$5"
}
