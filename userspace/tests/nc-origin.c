// SPDX-License-Identifier: GPL-2.0
/*
 * nc-origin: a dynamic program whose library (libncorigin.so) lies beside
 * it, found through RUNPATH $ORIGIN, or elsewhere through LD_LIBRARY_PATH
 * (issue 34, item 3). The dynamic loader ignores both in secure mode
 * (AT_SECURE), and the program does not start: what users of a Java or
 * Python given one capability run into. Prints "library loaded, AT_SECURE
 * N, CapPrm HEX" when it runs.
 */
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>

#include "nc-origin.h"

int main(void)
{
	char line[256], prm[32] = "?";
	FILE *status = fopen("/proc/self/status", "re");

	while (status && fgets(line, sizeof(line), status))
		if (sscanf(line, "CapPrm: %31s", prm) == 1)
			break;
	if (status)
		fclose(status);
	printf("%s, AT_SECURE %lu, CapPrm %s\n", nc_origin_loaded(),
	       getauxval(AT_SECURE), prm);
	return 0;
}
