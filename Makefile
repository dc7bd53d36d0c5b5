# SPDX-License-Identifier: MIT
# cokernel top-level Makefile.
#   make [BOARD=b] run | check | image | bench | soak | qemu | deps | unit | lint | clean
# `make help` lists every target and variable. BOARD defaults to the
# reference board. Big builds (Linux, busybox, ...) are
# cached in $(CK_CACHE), keyed by their inputs, so reruns take minutes.

BOARDS := $(sort $(notdir $(patsubst %/board.mk,%,$(wildcard bsp/*/board.mk))))
# the reference board, what BOARD is when not given
CK_DEFAULT_BOARD := versatilepb
BOARD ?= $(CK_DEFAULT_BOARD)
ifeq ($(filter $(BOARD),$(BOARDS)),)
$(error unknown BOARD '$(BOARD)'; known boards: $(BOARDS))
endif

TOP := $(CURDIR)
CK_CACHE ?= $(if $(XDG_CACHE_HOME),$(XDG_CACHE_HOME),$(HOME)/.cache)/cokernel
# an application's build (APP=<folder>, mk/app.mk) has a tree of its own
B := $(TOP)/build/$(BOARD)$(if $(APP),-$(notdir $(abspath $(APP))))
HOSTB := $(TOP)/build/host
JOBS ?= 2
NICE := nice -n 10
PYTHON := /usr/bin/python3

# `make` without a target builds the board's image (the rule `all` below),
# whatever rule an included make file defines first
.DEFAULT_GOAL := all

include mk/sh4.mk
include bsp/$(BOARD)/board.mk
# the board's make files: its board.mk and what that includes (another
# board's, bsp/common/*.mk): what a build that reads board data depends on
BOARD_MK := $(filter bsp/%.mk,$(MAKEFILE_LIST))
include mk/virq.mk
# yes, or no for a port whose Linux guest is still to come (LINUX_GUEST :=
# no in its board.mk): it builds and runs the co-kernel alone
LINUX_GUEST ?= yes
ifeq ($(LINUX_GUEST),no)
NO_LINUX := 1
endif

# A target for a part the board does not have (make uboot where no U-Boot
# is built, make linux without a Linux guest, ...) fails with a message
# naming the boards that have it, instead of "No rule to make target".
# $(call ck_boards_where,VAR,PATTERN): the boards whose board.mk gives VAR
# a value matching PATTERN ($(filter)'s: % for any value), asking make
# board by board (print-VAR) when it is expanded: keep it out of the rules'
# targets and prerequisites, which are expanded on every run
ck_boards_where = $(strip $(foreach b,$(BOARDS),$(if $(filter $(2),\
	$(shell $(MAKE) --no-print-directory -s BOARD=$(b) print-$(1))),$(b))))
# $(call ck_lacks,<what BOARD lacks>,<where it is>): a recipe line that
# says "make <target>: BOARD=<b> <what BOARD lacks>; <where it is>" and fails
ck_lacks = echo "make $@: BOARD=$(BOARD) $(1); $(2)" >&2; exit 2
# the message of the targets that build a part of the Linux guest
ck_no_guest = $(call ck_lacks,has no Linux guest yet (LINUX_GUEST := no in \
	bsp/$(BOARD)/board.mk),boards with one: $(call ck_boards_where,LINUX_GUEST,yes))

# $(call ck_stamp,<file>,<text>): write <text> into <file> only when it
# differs, at parse time: a target that depends on <file> is rebuilt when
# <text> changes (a version, a list of inputs, a build mode)
ck_stamp = $(shell mkdir -p $(dir $(1)) && echo '$(2)' | cmp -s - $(1) 2>/dev/null || \
	echo '$(2)' > $(1))

.PHONY: all deps check unit run bench image clean help
all: image

# print-VAR: a make variable's value for this BOARD (the tests ask, e.g.
# make -s BOARD=e500 print-UBOOT_BIOS)
print-%:
	@echo '$($*)'

define CK_HELP
usage: make [BOARD=<board>] [VAR=value...] <target>

targets:
  run         build, then boot co-kernel + Linux in QEMU at a Linux shell
              (Ctrl-A X quits QEMU)
  image       build only; prints where the image(s) are
  demo        the motor example (examples/motor): a 10 kHz RT control loop
              with a Linux web page on http://localhost:8080/ (DEMO_PORT=),
              on a board whose guest has a NIC
  check       everything a change must pass: deps, lint, unit, the QEMU
              probes and the QEMU tests of every board (CHECK_JOBS at once;
              the CHECK_*BOARDS below, not BOARD)
  qemu-test   check's QEMU tests alone, on the images already built
  unit        host unit tests (cmocka, ASan/UBSan); seconds
  lint        cppcheck on the co-kernel and ipc/, per board; the build
              scripts' pipelines
  bench       latency under QEMU icount beside its peers (cyclictest in the
              guest, cyclictest on PREEMPT_RT), under the field's loads, and
              the cache model's predicted hardware worst case; writes
              build/bench/<board>.json, .png and summary.md (BENCH_SECONDS=5
              per row, BENCH_LOADS=idle,hackbench,..., BENCH_ARGS=--no-peers)
  bench-all   make bench for every board with a Linux guest
  soak        Linux under load with the motor loop, crashed every
              CRASH_EVERY_S (120) seconds for MINUTES (10), then RT's
              overruns, the restarts and the telemetry checked
              (tests/soak/soak.py; times are the co-kernel's clock)
  qemu        the project's QEMU (Debian's 7.2 source + qemu/patches), cached
  cache-plugin the cache-model TCG plugin, build/host/ckcache.so
              (docs/cache-model.md)
  qemu-probes the bare-metal probes proving each QEMU fix
  linux, dtb, rootfs, tools, newlib, musl, cokernel, uboot   one part of the
              image; on a board without that part (uboot: boards with
              UBOOT_DEFCONFIG) it says which boards have it and fails
  linux-native  the board's own Linux without the co-kernel (its defconfig and
              device tree, unmodified: boards with LINUX_NATIVE_DEFCONFIG)
  linux-rt    the board's PREEMPT_RT Linux without the co-kernel, the peer
              tests/bench/peers.py measures (not SH: no PREEMPT_RT there)
  deps        install what is missing from Debian's archive (needs root)
  check-fresh make deps && make check on a fresh Debian 12 root (needs root)
  clean       remove build/ (the cache stays)
  print-VAR   a variable's value for BOARD (e.g. make -s print-CK_CACHE)

variables:
  BOARD=<b>            $(BOARDS)
                       (default: $(CK_DEFAULT_BOARD), the reference board)
  ICOUNT=exact|realtime|0   QEMU timing for run (default exact:
                       -icount shift=0,sleep=off -seed 1, figures are
                       instruction counts; realtime: idle time passes in
                       real time; 0: no icount)
  APP=<folder>         build an RT application from its own folder
                       (app.mk; examples/motor/README.md) into
                       build/<board>-<folder name>
  CK_CACHE=<dir>       where QEMU, Linux, busybox and newlib builds are
                       cached (now: $(CK_CACHE))
  TIMER_GRAVITY_NS=<n> the RT timer's anticipation, 0 to $(CK_GRAVITY_MAX)
                       ns (default: the board's, bsp/<b>/board.mk;
                       $(BOARD): $(TIMER_GRAVITY_NS))
  QEMU=<binary>        run, check, bench: this emulator instead of the
                       project's
  QEMU_BIN=<dir>       a directory of qemu-system-* to use instead of the
                       project's build (run, check, bench, probes)
  NO_LINUX=1           image, run: the co-kernel alone, build/<b>/cokernel.elf
                       (and the FIT of it on U-Boot boards); no
                       cokernel-linux.elf (one from a full build is removed)
  JOBS=<n>             parallel jobs of the big builds (default 2)
  CHECK_JOBS=<n>       check: pytest processes at once, one per board
                       (default 2; their logs: build/check/<run>.log)
  CHECK_BOARDS="a b"   check, qemu-test: the guest boards to test (default:
                       every board whose CHECK_TESTS has guest); likewise
                       CHECK_BARE_BOARDS (bare) and CHECK_NATIVE_BOARDS
                       (native): empty tests none
endef
export CK_HELP

help:
	@echo "$$CK_HELP"

deps:
	@$(TOP)/mk/deps.sh

# make check on a fresh Debian 12 root (debootstrap), a clean clone of HEAD
# and an empty cache; needs root and Debian's archive (.ci/check-fresh)
.PHONY: check-fresh
check-fresh:
	@$(TOP)/.ci/check-fresh

# order matters: a rule's prerequisites are expanded when it is read
include mk/app.mk
include mk/unit.mk
include mk/tools.mk
include mk/rt-tests.mk
include mk/rootfs.mk
include mk/linux.mk
include mk/linux-native.mk
include mk/linux-rt.mk
include mk/cokernel.mk
include mk/newlib.mk
include mk/fit.mk
include mk/qemu.mk
include mk/cache-plugin.mk
include mk/probes.mk
include mk/lint.mk

# where `make image` put what, and how to boot it (paths from the top)
image:
	@echo "[image] $(BOARD):"
	@$(if $(filter yes,$(CK_PAYLOAD)),echo "  $(patsubst $(TOP)/%,%,$(B))/$(notdir $(CK_IMAGE))  co-kernel + Linux payload (ELF)")
	@echo "  $(patsubst $(TOP)/%,%,$(B))/$(notdir $(CK_ELF))  the co-kernel alone (ELF)"
	@$(if $(FIT_ITB),echo "  $(patsubst $(TOP)/%,%,$(B))/$(notdir $(FIT_ITB))  U-Boot FIT of the $(if $(filter yes,$(CK_PAYLOAD)),co-kernel + Linux,co-kernel alone): what a board boots")
	@$(if $(UBOOT_FLASH_IMAGE),echo "  $(patsubst $(TOP)/%,%,$(B))/$(notdir $(UBOOT_FLASH_IMAGE))  the board's NOR flash: U-Boot + the FIT (bsp/$(BOARD)/README.md)")
	@echo "  boot one: qemu/run-$(BOARD) <file>   (make run boots $(patsubst $(TOP)/%,%,$(RUN_IMAGE)))"

clean:
	rm -rf build
