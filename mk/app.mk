# SPDX-License-Identifier: MIT
# mk/app.mk - an RT application built from its own folder, against the
# co-kernel, as Zephyr builds an application against its kernel:
#   make image APP=<folder> [BOARD=<b>]     (also run, check's tests, demo)
# The folder holds app.mk, which sets, with paths relative to the folder:
#   APP_RT_SRCS  C sources of the RT side, linked into the co-kernel; each
#                registers its init function with CK_APP (ck/app.h)
#   APP_TOOLS    Linux programs: <name> from linux/<name>.c, linked into the
#                guest's cktools (mk/tools.mk) and run as /usr/bin/<name>
#   APP_ROOTFS   a folder copied over the guest's root: web pages, and
#                /etc/app.rc, which the guest's init runs once at boot
# Both sides have the folder on their include path (its shared header).
# The build goes to build/<board>-<folder name> (the Makefile's B), so an
# application's image never replaces the board's plain one.
# examples/motor is one; its README says how to start your own from it.
APP ?=
APP_DIR :=
APP_RT_FILES :=
APP_ROOTFS_DIR :=
APP_ROOTFS_FILES :=
ifneq ($(APP),)
ifneq ($(words $(APP)),1)
$(error APP='$(APP)': a path with spaces; make cannot build from it (move or link the folder to a path without spaces))
endif
APP_DIR := $(abspath $(APP))
ifeq ($(wildcard $(APP_DIR)/.),)
$(error APP=$(APP): no such folder ($(APP_DIR)))
endif
ifeq ($(wildcard $(APP_DIR)/app.mk),)
$(error APP=$(APP): no app.mk in $(APP_DIR) (an application folder holds app.mk: see examples/motor/README.md))
endif
APP_NAME := $(notdir $(APP_DIR))
ifneq ($(shell echo '$(APP_NAME)' | grep -Ex '[a-z0-9][a-z0-9_-]*'),$(APP_NAME))
$(error APP=$(APP): the folder's name '$(APP_NAME)' must be lower-case letters, digits, - and _)
endif
APP_RT_SRCS :=
APP_TOOLS :=
APP_ROOTFS :=
include $(APP_DIR)/app.mk
APP_RT_FILES := $(addprefix $(APP_DIR)/,$(APP_RT_SRCS))
$(foreach f,$(APP_RT_FILES) $(foreach t,$(APP_TOOLS),$(APP_DIR)/linux/$(t).c),\
	$(if $(wildcard $(f)),,$(error APP=$(APP): $(f) (named in app.mk) does not exist)))
ifneq ($(APP_ROOTFS),)
APP_ROOTFS_DIR := $(APP_DIR)/$(APP_ROOTFS)
ifeq ($(wildcard $(APP_ROOTFS_DIR)/.),)
$(error APP=$(APP): APP_ROOTFS '$(APP_ROOTFS)' is not a folder in $(APP_DIR))
endif
# the regular files (a link may point into the guest: /usr/bin/cktools)
# and, so that a new or changed link rebuilds too, the listing (mk/rootfs.mk)
APP_ROOTFS_FILES := $(shell find $(APP_ROOTFS_DIR) -type f)
APP_ROOTFS_LISTING := $(shell cd $(APP_ROOTFS_DIR) && find . -printf '%p:%l ' | LC_ALL=C sort)
endif
endif
