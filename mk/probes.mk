# SPDX-License-Identifier: MIT
# probes.mk - the bare-metal probes that prove each QEMU patch.
#   make qemu-probes        every probe against the project's QEMU: must pass
#   make qemu-probes-stock  every probe against Debian's binaries: each one
#                           should fail there (that is what its patch fixes)
# A probe is tests/qemu/probes/<name>/ with a `run <qemu-binary>` script that
# prints "PROBE <name>: PASS|FAIL (...)" and exits 0 on PASS, a file
# `target` naming the emulator (arm, ppc, sh4) and a file `stock-fails`
# with the text(s) its FAIL on Debian's binary must contain (mk/probes-run.sh).

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
	@mk/probes-run.sh $(PROBE_BIN) $(PROBE_EXPECT)
