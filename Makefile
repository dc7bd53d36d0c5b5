# SPDX-License-Identifier: MIT
# cokernel top-level Makefile.
#   make [BOARD=b] run | check | image | bench | qemu | deps | unit | clean
# BOARD defaults to the reference board. Big builds (Linux, busybox, ...) are
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
B := $(TOP)/build/$(BOARD)
HOSTB := $(TOP)/build/host
JOBS ?= 2
NICE := nice -n 10
PYTHON := /usr/bin/python3

include bsp/$(BOARD)/board.mk
# a port whose Linux guest is still to come (LINUX_GUEST := no in its
# board.mk) builds and runs the co-kernel alone
ifeq ($(LINUX_GUEST),no)
NO_LINUX := 1
endif

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

help:
	@echo "make [BOARD=b] run|check|image|bench|qemu|deps|unit|clean   boards: $(BOARDS)"

deps:
	@$(TOP)/mk/deps.sh

# make check on a fresh Debian 12 root (debootstrap), a clean clone of HEAD
# and an empty cache; needs root and Debian's archive (.ci/check-fresh)
.PHONY: check-fresh
check-fresh:
	@$(TOP)/.ci/check-fresh

# order matters: a rule's prerequisites are expanded when it is read
include mk/unit.mk
include mk/tools.mk
include mk/rootfs.mk
include mk/linux.mk
include mk/cokernel.mk
include mk/newlib.mk
include mk/fit.mk
include mk/qemu.mk
include mk/probes.mk
include mk/lint.mk

clean:
	rm -rf build
