# SPDX-License-Identifier: MIT
# qemu.mk - run, check and bench: the commands a newcomer types.
# `run` and `check` install what they need first (make deps), then build.

IMAGE_ELF := $(B)/cokernel-linux.elf
SUBMAKE := $(MAKE) --no-print-directory
# boards whose QEMU tests `make check` runs, from CHECK_TESTS in each
# bsp/<b>/board.mk: guest (every test, with the Linux guest), bare (the
# co-kernel alone, test_bare.py, images built with NO_LINUX=1; RT faults
# before Linux where the board contains them, test_fault_bare.py; on ARM926
# the high vectors and nothing written at PA 0, test_arch.py; on SH-4
# the hand-over to a stand-in guest, test_sh4_handover.py; U-Boot from
# flash, test_uboot_r2d.py, which skips boards without it; the SH-4 Linux
# guest alone, under a stand-in and under the co-kernel, test_sh4_linux.py;
# the switchtest torture's boot session, test_switchtest.py).
# native: the board's own Linux without the co-kernel, on the project's
# QEMU model of the board (test_native_linux.py, mk/linux-native.mk).
# Set them to check fewer boards (CHECK_BOARDS=e500 CHECK_BARE_BOARDS=).
CHECK_BOARDS ?= $(call ck_boards_where,CHECK_TESTS,guest)
CHECK_BARE_BOARDS ?= $(call ck_boards_where,CHECK_TESTS,bare)
CHECK_NATIVE_BOARDS ?= $(call ck_boards_where,CHECK_TESTS,native)
# the native boot of a guest board runs with the rest of its tests (the
# whole directory); this list runs test_native_linux.py alone, and the
# userland's instruction check (test_user_insns.py)
CHECK_NATIVE_ONLY = $(filter-out $(CHECK_BOARDS),$(CHECK_NATIVE_BOARDS))
ifneq ($(filter-out guest bare native,$(CHECK_TESTS)),)
$(error bsp/$(BOARD)/board.mk: CHECK_TESTS := $(CHECK_TESTS): guest, bare, native or nothing expected)
endif

# The project's QEMU (Debian's source package + qemu/patches, cached): every
# target that boots something builds it first (seconds once cached) and
# hands its bin/ to qemu/run-<board> as QEMU_BIN. Set QEMU_BIN=<dir> (a
# directory of qemu-system-* binaries) or QEMU=<binary> to use another one.
QEMU_BUILD = CK_CACHE=$(CK_CACHE) JOBS=$(JOBS) mk/qemu-build.sh
# shell prefixes for a recipe line: export QEMU_BIN (or check QEMU), say
# which emulator runs, or fail the line with a clear message
QEMU_BIN_OK = ls "$$QEMU_BIN"/qemu-system-* >/dev/null 2>&1 || \
	{ echo "QEMU_BIN=$$QEMU_BIN holds no qemu-system-* binaries" >&2; exit 1; };
QEMU_OK = command -v "$$QEMU" >/dev/null || { echo "QEMU=$$QEMU: no such binary" >&2; exit 1; };
WITH_QEMU_BIN = if [ -z "$$QEMU_BIN" ]; then qd=$$($(QEMU_BUILD)) || exit 1; \
	export QEMU_BIN=$$qd/bin; fi; \
	$(QEMU_BIN_OK) \
	echo "[qemu] emulators: $$QEMU_BIN";
WITH_QEMU = if [ -z "$$QEMU" ]; then $(WITH_QEMU_BIN) \
	else $(QEMU_OK) \
	echo "[qemu] emulator: $$QEMU (QEMU=)"; fi;
# The variables only the emulator reads (ICOUNT, SEED: qemu/find-qemu.sh;
# QEMU, QEMU_BIN), checked before anything is built or installed: a typo
# fails at once, not after a rebuild of build/<b>.
RUN_VARS_OK = . qemu/find-qemu.sh && ck_icount_args >/dev/null || exit 2; \
	if [ -n "$$QEMU" ]; then $(QEMU_OK) elif [ -n "$$QEMU_BIN" ]; then $(QEMU_BIN_OK) fi

# what `make run` boots: the FIT through U-Boot on boards whose U-Boot
# QEMU runs (UBOOT_BIOS), else the ELF, with the Linux payload when the
# board has one (lite5200b: a FIT for the board's own U-Boot, the ELF here)
RUN_IMAGE = $(if $(and $(UBOOT_BIOS),$(FIT_ITB)),$(FIT_ITB),$(if $(filter yes,$(CK_PAYLOAD)),$(IMAGE_ELF),$(CK_ELF)))
RUN_WHAT = $(if $(filter yes,$(CK_PAYLOAD)),co-kernel + Linux,the co-kernel alone ($(if \
	$(filter no,$(LINUX_GUEST)),no Linux guest on this board yet,NO_LINUX=1)))

run:
	@$(RUN_VARS_OK)
	@$(SUBMAKE) deps
	@$(SUBMAKE) BOARD=$(BOARD) image
	@$(WITH_QEMU) echo "[run] $(BOARD): $(RUN_WHAT), $(patsubst $(TOP)/%,%,$(RUN_IMAGE)); QEMU console below; quit with Ctrl-A X"; \
		exec qemu/run-$(BOARD) $(RUN_IMAGE)

# make demo: the motor example (examples/motor, DEMO_APP) with its web page
# forwarded to the host's port DEMO_PORT, on a board whose guest has a NIC
# (LINUX_NET_DRIVER in board.mk); idle time passes in real time
# (ICOUNT=realtime) so that the page's plot runs at the wall clock's pace
DEMO_APP ?= examples/motor
DEMO_PORT ?= 8080
.PHONY: demo demo-run
demo:
	@$(if $(LINUX_NET_DRIVER),,$(call ck_lacks,has no NIC for Linux (no \
		LINUX_NET_DRIVER in bsp/$(BOARD)/board.mk),boards with one: $(call \
		ck_boards_where,LINUX_NET_DRIVER,%)))
	@$(RUN_VARS_OK)
	@$(SUBMAKE) deps
	@$(SUBMAKE) BOARD=$(BOARD) APP=$(DEMO_APP) image
	@$(SUBMAKE) BOARD=$(BOARD) APP=$(DEMO_APP) demo-run

demo-run:
	@$(WITH_QEMU) echo "[demo] $(BOARD): $(DEMO_APP), $(patsubst $(TOP)/%,%,$(RUN_IMAGE)); open http://localhost:$(DEMO_PORT)/ once Linux says 'web page on port 80'; quit with Ctrl-A X"; \
		CK_HOSTFWD=$(DEMO_PORT) ICOUNT=$${ICOUNT:-realtime} exec qemu/run-$(BOARD) $(RUN_IMAGE)

# check's and qemu-test's variables, checked before anything is built or
# installed: CHECK_JOBS a whole number from 1, every CHECK_*BOARDS entry a
# board of bsp/
CHECK_BAD_BOARDS = $(filter-out $(BOARDS),$(CHECK_BOARDS) $(CHECK_BARE_BOARDS) $(CHECK_NATIVE_BOARDS))
CHECK_VARS_OK = \
	case '$(CHECK_JOBS)' in ''|*[!0-9]*|0|0*) echo "CHECK_JOBS=$(CHECK_JOBS): a whole \
number from 1 expected (pytest runs at once)" >&2; exit 2 ;; esac; \
	$(if $(CHECK_BAD_BOARDS),echo "$(CHECK_BAD_BOARDS_MSG)" >&2; exit 2;)
CHECK_BAD_BOARDS_MSG = CHECK_BOARDS, CHECK_BARE_BOARDS or CHECK_NATIVE_BOARDS \
	name unknown boards: $(CHECK_BAD_BOARDS); known boards: $(BOARDS)

check:
	@$(CHECK_VARS_OK)
	@$(SUBMAKE) deps
	@$(SUBMAKE) lint
	@$(SUBMAKE) unit
	@$(SUBMAKE) cache-plugin
	@$(SUBMAKE) qemu-probes-run
	@for b in $(CHECK_BOARDS); do $(SUBMAKE) BOARD=$$b image || exit 1; done
	@for b in $(CHECK_BOARDS); do $(SUBMAKE) BOARD=$$b APP=examples/motor image || exit 1; done
	@for b in $(CHECK_BOARDS); do $(SUBMAKE) BOARD=$$b APP=examples/alchemy image || exit 1; done
	@for b in $(CHECK_BARE_BOARDS); do $(SUBMAKE) BOARD=$$b NO_LINUX=1 image || exit 1; done
	@for b in $(CHECK_NATIVE_BOARDS); do $(SUBMAKE) BOARD=$$b linux-native || exit 1; done
	@$(SUBMAKE) qemu-test

.PHONY: qemu
qemu:
	@$(SUBMAKE) deps
	@$(QEMU_BUILD)

# The QEMU tests run in CHECK_JOBS pytest processes at once (default 2:
# one QEMU each, the machine's two cores), one per board, one for the
# tests that take no board, one for the bare boards' tests and one for the
# native-only boards' (tests/qemu/run_check.py: longest first by each
# board's CHECK_MINUTES; every run's output in build/check/<run>.log,
# printed whole as it ends). CHECK_JOBS=1 runs them one after the other.
CHECK_JOBS ?= 2
CHECK_BARE_TESTS := test_bare.py test_fault_bare.py test_arch.py test_sh4_handover.py \
	test_uboot_r2d.py test_sh4_linux.py test_switchtest.py test_cache_plugin.py
CHECK_NATIVE_TESTS := test_native_linux.py test_user_insns.py

.PHONY: qemu-test
qemu-test:
	@$(CHECK_VARS_OK)
	@$(WITH_QEMU) cd tests/qemu && $(PYTHON) run_check.py --jobs '$(CHECK_JOBS)' \
		--logs $(TOP)/build/check --boards '$(CHECK_BOARDS)' \
		--bare '$(filter-out $(CHECK_BOARDS),$(CHECK_BARE_BOARDS))' \
		--bare-tests '$(CHECK_BARE_TESTS)' \
		--native-only '$(CHECK_NATIVE_ONLY)' --native-tests '$(CHECK_NATIVE_TESTS)'

# make bench: seconds per row (BENCH_SECONDS), which loads (BENCH_LOADS,
# comma-separated: idle,hackbench,cache,dd,console,irqoff,all), more
# options of tests/bench/bench.py (BENCH_ARGS, e.g. --no-peers)
BENCH_SECONDS ?= 5
BENCH_LOADS ?=
BENCH_ARGS ?=
.PHONY: bench-all
bench:
	@$(if $(filter no,$(LINUX_GUEST)),$(ck_no_guest))
	@$(if $(filter 1,$(NO_LINUX)),echo "make bench: NO_LINUX=1: the benchmarks run with Linux" >&2; exit 2)
	@$(SUBMAKE) deps
	@$(SUBMAKE) BOARD=$(BOARD) image
	@$(if $(filter --no-cache-model,$(BENCH_ARGS)),,$(SUBMAKE) cache-plugin)
	@$(if $(or $(LINUX_RT_NONE),$(filter --no-peers,$(BENCH_ARGS))),,$(SUBMAKE) BOARD=$(BOARD) linux-rt)
	@$(WITH_QEMU) $(PYTHON) tests/bench/bench.py --board=$(BOARD) --image=$(IMAGE_ELF) \
		--seconds=$(BENCH_SECONDS) $(if $(BENCH_LOADS),--loads=$(BENCH_LOADS)) $(BENCH_ARGS)

# make soak: Linux under load with the motor loop, crashed every
# CRASH_EVERY_S seconds for MINUTES, both of the co-kernel's clock
# (tests/soak/soak.py)
MINUTES ?= 10
CRASH_EVERY_S ?= 120
.PHONY: soak
soak:
	@$(if $(filter no,$(LINUX_GUEST)),$(ck_no_guest))
	@$(if $(filter yes,$(LINUX_RESTART)),,$(call ck_lacks,does not restart Linux \
		(no LINUX_RESTART in bsp/$(BOARD)/board.mk),boards that do: $(call \
		ck_boards_where,LINUX_RESTART,yes)))
	@$(SUBMAKE) deps
	@$(SUBMAKE) BOARD=$(BOARD) APP=examples/motor image
	@$(WITH_QEMU) $(PYTHON) tests/soak/soak.py --board=$(BOARD) --minutes=$(MINUTES) \
		--crash-every=$(CRASH_EVERY_S)

# every board with a Linux guest, one after the other; build/bench/summary.md
# then holds them all
bench-all:
	@for b in $(call ck_boards_where,LINUX_GUEST,yes); do \
		$(SUBMAKE) BOARD=$$b bench || exit 1; done
	@$(PYTHON) tests/bench/report.py build/bench
