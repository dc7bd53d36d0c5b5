# SPDX-License-Identifier: MIT
# probes.mk - the bare-metal probes that prove each QEMU patch.
#   make qemu-probes        every probe against the project's QEMU: must pass
#   make qemu-probes-stock  every probe against Debian's binaries: each one
#                           should fail there (that is what its patch fixes)
# A probe is tests/qemu/probes/<name>/ with a `run <qemu-binary>` script that
# prints "PROBE <name>: PASS|FAIL (...)" and exits 0 on PASS, and a file
# `target` naming the emulator (arm, ppc, sh4).

PROBES := $(sort $(patsubst tests/qemu/probes/%/run,%,$(wildcard tests/qemu/probes/*/run)))

.PHONY: qemu-probes qemu-probes-stock qemu-probes-run
qemu-probes:
	@$(SUBMAKE) deps
	@$(SUBMAKE) qemu-probes-run

# (make check calls this after deps)
qemu-probes-run:
	@$(WITH_QEMU_BIN) $(SUBMAKE) probes-run PROBE_BIN=$$QEMU_BIN PROBE_EXPECT=pass

qemu-probes-stock:
	@$(SUBMAKE) deps
	@$(SUBMAKE) probes-run PROBE_BIN=/usr/bin PROBE_EXPECT=fail

.PHONY: probes-run
probes-run:
	@pass=0; fail=0; for p in $(PROBES); do \
		t=$$(cat tests/qemu/probes/$$p/target); \
		if tests/qemu/probes/$$p/run $(PROBE_BIN)/qemu-system-$$t; then r=pass; else r=fail; fi; \
		if [ $$r = $(PROBE_EXPECT) ]; then pass=$$((pass + 1)); else fail=$$((fail + 1)); \
			echo "  ^ expected $(PROBE_EXPECT) on $(PROBE_BIN)/qemu-system-$$t"; fi; \
	done; \
	echo "probes on $(PROBE_BIN): $$pass did as expected ($(PROBE_EXPECT)), $$fail did not"; \
	[ $$fail -eq 0 ]
