# SPDX-License-Identifier: MIT
# qemu.mk - run, check and bench: the commands a newcomer types.
# `run` and `check` install what they need first (make deps), then build.

IMAGE_ELF := $(B)/cokernel-linux.elf
# boards whose QEMU tests `make check` runs
CHECK_BOARDS ?= versatilepb
SUBMAKE := $(MAKE) --no-print-directory

run:
	@$(SUBMAKE) deps
	@$(SUBMAKE) BOARD=$(BOARD) image
	@echo "[run] $(BOARD): QEMU console below; quit with Ctrl-A X"
	qemu/run-$(BOARD) $(IMAGE_ELF)

check:
	@$(SUBMAKE) deps
	@$(SUBMAKE) unit
	@for b in $(CHECK_BOARDS); do $(SUBMAKE) BOARD=$$b image || exit 1; done
	@$(SUBMAKE) qemu-test

# The project's QEMU (Debian's source package + qemu/patches), cached.
.PHONY: qemu
qemu:
	@$(SUBMAKE) deps
	@CK_CACHE=$(CK_CACHE) JOBS=$(JOBS) mk/qemu-build.sh

.PHONY: qemu-test
qemu-test:
	cd tests/qemu && $(PYTHON) -m pytest -v -p no:cacheprovider \
		$(foreach b,$(CHECK_BOARDS),--board=$(b)) .

bench:
	@$(SUBMAKE) deps
	@$(SUBMAKE) BOARD=$(BOARD) image
	$(PYTHON) tests/bench/bench.py --board=$(BOARD) --image=$(IMAGE_ELF)
