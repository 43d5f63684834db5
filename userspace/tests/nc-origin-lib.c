// SPDX-License-Identifier: GPL-2.0
/* The library of nc-origin: found only through $ORIGIN or LD_LIBRARY_PATH. */
#include "nc-origin.h"

const char *nc_origin_loaded(void)
{
	return "library loaded";
}
