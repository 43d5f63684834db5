/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NEWCAPS_TESTS_NC_ORIGIN_H
#define NEWCAPS_TESTS_NC_ORIGIN_H

const char *nc_origin_loaded(void);

#endif
