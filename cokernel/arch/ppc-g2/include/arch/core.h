/* SPDX-License-Identifier: MIT */
/* core.h - the core's register header for the shared PowerPC headers
 * (arch/ppc-common: rtflags.h takes MSR_CE from it). */
#ifndef ARCH_CORE_H
#define ARCH_CORE_H
#include <arch/g2.h>
#endif /* ARCH_CORE_H */
