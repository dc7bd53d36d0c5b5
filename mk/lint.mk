# SPDX-License-Identifier: MIT
# lint.mk - the static checks `make check` runs (`make lint` alone):
# cppcheck on every board's co-kernel and ipc/ C sources, each board with
# its own include paths and BOARD_* macros (the configuration it builds),
# failing on any finding. Classes: warning, performance, portability (and
# errors, always on). Not style: in this tree it reports only false
# positives (a condition it misjudges as always false, an OR with a flag
# that is 0 on purpose) and variable-scope nits.

CPPCHECK ?= cppcheck
CPPCHECK_ENABLE ?= warning,performance,portability
CPPCHECK_FLAGS = -q --std=c11 --enable=$(CPPCHECK_ENABLE) --inline-suppr \
	--error-exitcode=1 $(CK_CPPFLAGS)

.PHONY: lint lint-board
lint:
	@for b in $(BOARDS); do $(SUBMAKE) BOARD=$$b lint-board || exit 1; done

lint-board:
	@command -v $(CPPCHECK) >/dev/null || { echo "$(CPPCHECK) missing: run 'make deps'" >&2; exit 1; }
	@echo "  CPPCHECK $(BOARD): $(words $(filter %.c,$(CK_SRCS))) files ($(CPPCHECK_ENABLE))"
	@$(NICE) $(CPPCHECK) $(CPPCHECK_FLAGS) $(filter %.c,$(CK_SRCS))
