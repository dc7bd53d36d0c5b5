# SPDX-License-Identifier: MIT
# lint.mk - the static checks `make check` runs (`make lint` alone):
# cppcheck on every board's co-kernel and ipc/ C sources, each board with
# its own include paths and BOARD_* macros (the configuration it builds),
# failing on any finding. Classes: warning, performance, portability (and
# errors, always on). Not style: in this tree it reports only false
# positives (a condition it misjudges as always false, an OR with a flag
# that is 0 on purpose) and variable-scope nits.
# And the build scripts: under `set -o pipefail`, `cmd | grep -q` fails
# whenever grep stops reading before cmd has written its last line (a
# race: it broke a cold libgcc build once), so no script may pipe into
# `grep -q`; read the whole output first.

CPPCHECK ?= cppcheck
CPPCHECK_ENABLE ?= warning,performance,portability
# Vendored TLSF (cokernel/lib/tlsf, kept as upstream wrote it) is checked
# too, less one finding: its asserts read `cond && "message"`, which
# cppcheck reports as a string always true (incorrectStringBooleanError).
CPPCHECK_SUPPRESS := --suppress=incorrectStringBooleanError:cokernel/lib/tlsf/tlsf.c
CPPCHECK_FLAGS = -q --std=c11 --enable=$(CPPCHECK_ENABLE) --inline-suppr \
	--error-exitcode=1 $(CPPCHECK_SUPPRESS) $(CK_CPPFLAGS)

.PHONY: lint lint-board
lint: lint-scripts
	@for b in $(BOARDS); do $(SUBMAKE) BOARD=$$b lint-board || exit 1; done

.PHONY: lint-scripts
lint-scripts:
	@bad=$$(grep -lE 'pipefail' mk/*.sh .ci/* 2>/dev/null | xargs -r grep -nE '^[^#]*\|[[:space:]]*grep -[a-zA-Z]*q' || true); \
	if [ -n "$$bad" ]; then echo "lint: \`| grep -q\` under pipefail (mk/lint.mk says why):" >&2; \
		echo "$$bad" >&2; exit 1; fi

lint-board:
	@command -v $(CPPCHECK) >/dev/null || { echo "$(CPPCHECK) missing: run 'make deps'" >&2; exit 1; }
	@echo "  CPPCHECK $(BOARD): $(words $(filter %.c,$(CK_SRCS))) files ($(CPPCHECK_ENABLE))"
	@$(NICE) $(CPPCHECK) $(CPPCHECK_FLAGS) $(filter %.c,$(CK_SRCS))
