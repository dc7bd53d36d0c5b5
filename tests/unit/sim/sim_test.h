/* SPDX-License-Identifier: MIT */
/* sim_test.h - cmocka includes and assertions shared by the unit tests. */
#ifndef SIM_TEST_H
#define SIM_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ck/ck.h>
#include <ck/console.h>
#include <ck/core.h>
#include "sim.h"

/* The event log holds exactly the @n values of @expect, in order. */
#define assert_log(...)                                                   \
	do {                                                              \
		const long expect_[] = { __VA_ARGS__ };                   \
		size_t n_ = sizeof(expect_) / sizeof(expect_[0]);         \
		assert_int_equal(sim_log_len(), n_);                      \
		for (size_t i_ = 0; i_ < n_; i_++)                        \
			assert_int_equal(sim_log_at(i_), expect_[i_]);    \
	} while (0)

#endif /* SIM_TEST_H */
