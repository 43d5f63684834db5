// SPDX-License-Identifier: GPL-2.0
/*
 * nc-bench-nop: the program the exec workloads of nc-bench run. Static,
 * does nothing and exits 0: what is measured is the kernel's fork, exec,
 * exit and wait, plus the C library's start-up of a static binary.
 */
int main(void)
{
	return 0;
}
